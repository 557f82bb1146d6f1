//! The ladder's view of the results store: the games of one run with every seat's rating
//! right after the game, and the ranking, recomputed from the stored results with
//! [`arena::rating::Ladder`] on the [`TrueSkillParams::CONTEST_2011`] scale.
//!
//! The store is read at most once per [`REFRESH`] and at most once per [`COST_FACTOR`]
//! times the last read's duration (so reading a large store takes at most a tenth of a
//! core however many pages poll); games appended since the last read are
//! fed to the kept ladder (no recomputation of older games), and the store is read again
//! from scratch only when the stored games are no longer an extension of those seen.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arena::rating::{Ladder, TrueSkillParams};
use arena::store::StoredMatch;
use arena::store::any::AnyStore;
use serde::Serialize;

/// The store is read at most this often; requests in between share the last snapshot.
pub const REFRESH: Duration = Duration::from_millis(500);

/// The pause after a read is at least this many times the read's duration.
pub const COST_FACTOR: u32 = 10;

/// Prefix of the seat name of a house bot (`house:<spec>`).
pub const HOUSE: &str = "house:";

/// One seat of a stored game with the player's rating right after the game.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// The stored seat name (`house:<spec>` for a house bot).
    pub player: String,
    /// Whether the seat is a house bot.
    pub house: bool,
    /// Final score.
    pub score: f64,
    /// Rank in the game, 0 = best (equal scores share a rank).
    pub rank: u32,
    /// `survived`, `eliminated`, `crashed`, `timeout` or `invalid`.
    pub status: String,
    /// TrueSkill mean after the game.
    pub mu: f64,
    /// TrueSkill deviation after the game.
    pub sigma: f64,
    /// Skill `mu − 3·sigma` after the game.
    pub skill: f64,
}

/// One stored game.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game id (the server's `game <id>`; from `details.game_id`, else the key
    /// `game-<id>`, else the store's row id).
    pub id: i64,
    /// When it was stored (UTC).
    pub played_at: String,
    /// The map file name.
    pub map: String,
    /// Turns played.
    pub turns: u32,
    /// How it ended (the cutoff reason).
    pub outcome: String,
    /// Whether a replay was stored.
    pub replay: bool,
    /// The seats in seat order.
    pub seats: Vec<SeatView>,
}

/// One row of the ranking.
#[derive(Clone, Debug, Serialize)]
pub struct RankRow {
    /// 1 = best.
    pub rank: usize,
    /// The stored name (`house:<spec>` for a house bot).
    pub player: String,
    /// Whether it is a house bot.
    pub house: bool,
    /// `mu − 3·sigma`.
    pub skill: f64,
    /// TrueSkill mean.
    pub mu: f64,
    /// TrueSkill deviation.
    pub sigma: f64,
    /// Games played.
    pub games: u32,
    /// Games won alone.
    pub wins: u32,
    /// When its latest game was stored.
    pub last_seen: String,
}

/// Whether the store could be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StoreState {
    /// Read (it may hold no game of the run yet).
    Ready,
    /// The SQLite file does not exist yet (it is not created by the web server).
    Missing,
}

/// Everything the pages show, as of one read of the store.
#[derive(Debug)]
pub struct Snapshot {
    /// Whether the database exists.
    pub state: StoreState,
    /// The last read failed with this message (the games are those of the last good read).
    pub error: Option<String>,
    /// Games oldest first.
    pub games: Vec<Arc<GameView>>,
    /// The ranking, best first.
    pub ranking: Vec<RankRow>,
    /// Indices into `games` of every player's games, oldest first.
    pub by_player: HashMap<String, Vec<usize>>,
    /// Index into `ranking` by player.
    pub rank_of: HashMap<String, usize>,
    /// Replay file by game id.
    pub replays: HashMap<i64, String>,
}

impl Snapshot {
    fn empty(state: StoreState) -> Self {
        Snapshot {
            state,
            error: None,
            games: Vec::new(),
            ranking: Vec::new(),
            by_player: HashMap::new(),
            rank_of: HashMap::new(),
            replays: HashMap::new(),
        }
    }
}

/// The store handle, the kept ladder and the last snapshot.
pub struct Cache {
    db: String,
    run: String,
    store: Option<AnyStore>,
    ladder: Ladder,
    games: Vec<Arc<GameView>>,
    replays: HashMap<i64, String>,
    rows_seen: usize,
    last_row: i64,
    snapshot: Arc<Snapshot>,
    refreshed: Option<Instant>,
    /// How long the last read took.
    cost: Duration,
}

/// The game id of a stored match: `details.game_id`, else the key `game-<id>`, else the
/// row id.
fn game_id(m: &StoredMatch) -> i64 {
    m.details
        .get("game_id")
        .and_then(serde_json::Value::as_i64)
        .or_else(|| {
            m.key
                .strip_prefix("game-")
                .and_then(|s| s.parse::<i64>().ok())
        })
        .unwrap_or(m.id)
}

impl Cache {
    /// A cache of run `run` in the store `db` (nothing is read yet).
    pub fn new(db: &str, run: &str) -> Self {
        Cache {
            db: db.to_owned(),
            run: run.to_owned(),
            store: None,
            ladder: Ladder::new(TrueSkillParams::CONTEST_2011),
            games: Vec::new(),
            replays: HashMap::new(),
            rows_seen: 0,
            last_row: 0,
            snapshot: Arc::new(Snapshot::empty(StoreState::Missing)),
            refreshed: None,
            cost: Duration::ZERO,
        }
    }

    fn reset(&mut self) {
        self.ladder = Ladder::new(TrueSkillParams::CONTEST_2011);
        self.games.clear();
        self.replays.clear();
        self.rows_seen = 0;
        self.last_row = 0;
    }

    /// The current snapshot, reading the store first if the last read is old enough
    /// (see the module comment). Blocking: call it off the async threads.
    pub fn snapshot(&mut self) -> Arc<Snapshot> {
        let pause = REFRESH.max(self.cost * COST_FACTOR);
        if self.refreshed.is_some_and(|t| t.elapsed() < pause) {
            return Arc::clone(&self.snapshot);
        }
        let started = Instant::now();
        let snapshot = self.read_snapshot();
        self.cost = started.elapsed();
        self.refreshed = Some(Instant::now());
        snapshot
    }

    fn read_snapshot(&mut self) -> Arc<Snapshot> {
        if !arena::store::pg::is_url(&self.db) && !Path::new(&self.db).exists() {
            self.store = None;
            self.reset();
            self.snapshot = Arc::new(Snapshot::empty(StoreState::Missing));
            return Arc::clone(&self.snapshot);
        }
        match self.read() {
            Ok(changed) => {
                if changed
                    || self.snapshot.error.is_some()
                    || self.snapshot.state != StoreState::Ready
                {
                    self.snapshot = Arc::new(self.build(None));
                }
            }
            Err(e) => {
                self.store = None;
                let shown = AnyStore::display_name(&self.db);
                let msg = format!("cannot read the results store {shown}: {e:#}");
                tracing::warn!(target: "viewer", "{msg}");
                self.snapshot = Arc::new(self.build(Some(msg)));
            }
        }
        Arc::clone(&self.snapshot)
    }

    /// Reads the run's games; `Ok(true)` when they changed since the last read.
    fn read(&mut self) -> anyhow::Result<bool> {
        if self.store.is_none() {
            self.store = Some(AnyStore::open_existing(&self.db)?);
        }
        let Some(store) = self.store.as_mut() else {
            anyhow::bail!("no store");
        };
        let matches: Vec<StoredMatch> = store
            .matches(Some(&self.run))?
            .into_iter()
            .filter(|m| m.game == "ants")
            .collect();
        let extends = matches.len() >= self.rows_seen
            && (self.rows_seen == 0
                || matches
                    .get(self.rows_seen - 1)
                    .is_some_and(|m| m.id == self.last_row));
        if !extends {
            self.reset();
        } else if matches.len() == self.rows_seen {
            return Ok(false);
        }
        for m in &matches[self.rows_seen..] {
            self.record(m);
        }
        self.rows_seen = matches.len();
        self.last_row = matches.last().map_or(0, |m| m.id);
        Ok(true)
    }

    fn record(&mut self, m: &StoredMatch) {
        self.ladder.record(m);
        let params = TrueSkillParams::CONTEST_2011;
        let seats = m
            .seats
            .iter()
            .map(|s| {
                let (mu, sigma) = self
                    .ladder
                    .rating(&s.bot)
                    .map_or((params.mu, params.sigma), |r| (r.mu, r.sigma));
                SeatView {
                    player: s.bot.clone(),
                    house: s.bot.starts_with(HOUSE),
                    score: s.score,
                    rank: s.rank,
                    status: s.status.clone(),
                    mu,
                    sigma,
                    skill: mu - 3.0 * sigma,
                }
            })
            .collect();
        let id = game_id(m);
        if let Some(path) = &m.replay {
            self.replays.entry(id).or_insert_with(|| path.clone());
        }
        self.games.push(Arc::new(GameView {
            id,
            played_at: m.played_at.clone(),
            map: m.map.clone(),
            turns: m.turns,
            outcome: m.outcome.clone(),
            replay: m.replay.is_some(),
            seats,
        }));
    }

    fn build(&self, error: Option<String>) -> Snapshot {
        let ranking: Vec<RankRow> = self
            .ladder
            .standings()
            .ratings
            .into_iter()
            .enumerate()
            .map(|(i, r)| RankRow {
                rank: i + 1,
                house: r.bot.starts_with(HOUSE),
                skill: r.conservative(),
                player: r.bot,
                mu: r.mu,
                sigma: r.sigma,
                games: r.games,
                wins: r.wins,
                last_seen: r.last_seen,
            })
            .collect();
        let mut by_player: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, g) in self.games.iter().enumerate() {
            for s in &g.seats {
                let list = by_player.entry(s.player.clone()).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let rank_of = ranking
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player.clone(), i))
            .collect();
        Snapshot {
            state: StoreState::Ready,
            error,
            games: self.games.clone(),
            ranking,
            by_player,
            rank_of,
            replays: self.replays.clone(),
        }
    }
}

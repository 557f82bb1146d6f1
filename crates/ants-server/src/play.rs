//! One game from start to store: the `INFO: game …` line, the official engine loop over
//! the connections ([`ants::play_game`]), the replay file, then one atomic store of the
//! match with its seats and the TrueSkill ratings (2011 parameters) after it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;

use ants::{Bot, Entrant, GameSettings, Order, Status, TurnInput};
use arena::rating::{Ladder, TrueSkillParams};
use arena::runner::{Job, MatchResult, SeatResult};
use arena::store::StoredMatch;
use arena::store::any::AnyStore;

use crate::Shared;
use crate::conn::{Conn, RemoteSeat};
use crate::maps::MapEntry;

/// The job keys of a server's games: `game-<id>`.
pub const KEY_PREFIX: &str = "game-";

/// The prefix of house seats' names in results and replays (never a valid login name).
pub const HOUSE_PREFIX: &str = "house:";

/// One seat of a game about to start.
pub enum Seat {
    /// A logged-in player and its connection.
    Player(String, Conn),
    /// A house bot spec.
    House(String),
}

/// A full game, ready to play.
pub struct Started {
    /// Game id.
    pub id: u64,
    /// Seed.
    pub seed: u64,
    /// Map.
    pub map: MapEntry,
    /// Seats in seat order.
    pub seats: Vec<Seat>,
}

/// A house bot under its seat name `house:<spec>`.
struct House {
    name: String,
    bot: Box<dyn Bot>,
}

impl Bot for House {
    fn name(&self) -> &str {
        &self.name
    }
    fn setup(&mut self, settings: &GameSettings) {
        self.bot.setup(settings);
    }
    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.bot.turn(input)
    }
}

/// The seat names as the 2011 server printed them: a Python list of strings.
pub fn python_list(names: &[String]) -> String {
    let quoted: Vec<String> = names
        .iter()
        .map(|n| format!("'{}'", n.replace('\\', "\\\\").replace('\'', "\\'")))
        .collect();
    format!("[{}]", quoted.join(", "))
}

/// The stored status of an engine status (`crashed 0` is stored as `crashed`).
pub fn status_name(s: Status) -> &'static str {
    match s {
        Status::CrashedAtStart => "crashed",
        s => s.as_str(),
    }
}

/// Plays `game` and stores it.
pub(crate) fn run(shared: &Arc<Shared>, game: Started) {
    let config = &shared.config;
    let grace = config
        .turn_wait
        .saturating_sub(Duration::from_millis(config.game.turntime_ms));
    let names: Vec<String> = game
        .seats
        .iter()
        .map(|s| match s {
            Seat::Player(n, _) => n.clone(),
            Seat::House(spec) => format!("{HOUSE_PREFIX}{spec}"),
        })
        .collect();
    let info = format!(
        "INFO: game {} {} : {}\n",
        game.id,
        game.map.name,
        python_list(&names)
    );
    let mut entrants = Vec::with_capacity(names.len());
    for (seat, name) in game.seats.into_iter().zip(&names) {
        match seat {
            Seat::Player(n, conn) => {
                let mut remote = RemoteSeat::new(conn, n.clone(), game.id, grace);
                ants::game::Remote::send(&mut remote, &info);
                entrants.push(Entrant::Remote(Box::new(remote)));
            }
            Seat::House(spec) => match ants_bots::BOTS.build(&spec, ()) {
                Ok(bot) => entrants.push(Entrant::InProcess(Box::new(House {
                    name: name.clone(),
                    bot,
                }))),
                Err(e) => {
                    tracing::error!("game {}: house bot {spec}: {e}", game.id);
                    return;
                }
            },
        }
    }
    eprintln!(
        "game {} on {}: {}",
        game.id,
        game.map.name,
        names.join(", ")
    );
    let play_config = ants::GameConfig {
        engine_seed: game.seed,
        player_seed: game.seed as i64,
        game_id: game.id as i64,
        ..config.game.clone()
    };
    let began = Instant::now();
    let outcome = match ants::play_game(&game.map.map, &play_config, entrants) {
        Ok(o) => o,
        Err(e) => {
            tracing::error!("game {}: {e}", game.id);
            return;
        }
    };
    let wall = began.elapsed();
    let stored = record_game(shared, &game.map, game.id, game.seed, &outcome, wall);
    match stored {
        Ok(()) => eprintln!(
            "game {} stored: {}",
            game.id,
            (0..names.len())
                .map(|i| format!(
                    "{} {} {}",
                    names[i],
                    outcome.scores[i],
                    status_name(outcome.statuses[i])
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Err(e) => eprintln!("game {} not stored: {e:#}", game.id),
    }
}

fn record_game(
    shared: &Arc<Shared>,
    map: &MapEntry,
    id: u64,
    seed: u64,
    outcome: &ants::GameOutcome,
    wall: Duration,
) -> anyhow::Result<()> {
    let key = format!("{KEY_PREFIX}{id}");
    let path = shared.config.replays.join(format!("{key}.replay"));
    outcome
        .write_replay(&path)
        .with_context(|| format!("replay {}", path.display()))?;
    let seats: Vec<SeatResult> = (0..outcome.names.len())
        .map(|i| SeatResult {
            bot: outcome.names[i].clone(),
            score: f64::from(outcome.scores[i]),
            rank: outcome.ranks[i],
            status: status_name(outcome.statuses[i]).to_owned(),
        })
        .collect();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let game = GameRecord {
        job: Job {
            key,
            game: "ants".into(),
            map: map.name.clone(),
            seed,
            index: 0,
            seats: outcome.names.clone(),
            specs: outcome.names.clone(),
        },
        result: MatchResult {
            turns: outcome.turns,
            outcome: outcome.cutoff.as_str().to_owned(),
            replay: Some(path.to_string_lossy().into_owned()),
            details: serde_json::json!({
                "game_id": id,
                "map_players": map.players(),
                "playerturns": outcome.playerturns,
                "engine_ms": ms(outcome.timing.engine),
                "wall_ms": ms(wall),
            }),
            seats,
        },
    };
    shared
        .recorder
        .lock()
        .map_err(|_| anyhow::anyhow!("the recorder lock is poisoned"))?
        .record(game)
}

/// A finished game as it is stored.
pub struct GameRecord {
    /// The match's identity (key `game-<id>`, map file name, seed, seat names).
    pub job: Job,
    /// Its result; `details` gets the ratings added.
    pub result: MatchResult,
}

/// Stores finished games in order and keeps the ladder they make.
pub struct Recorder {
    run: String,
    ladder: Ladder,
    store: Option<Arc<Mutex<AnyStore>>>,
}

impl Recorder {
    /// The ladder of `run` rebuilt from the games stored in `store`.
    pub fn open(store: &mut AnyStore, run: &str) -> anyhow::Result<Recorder> {
        let mut ladder = Ladder::new(TrueSkillParams::CONTEST_2011);
        for m in store.matches(Some(run))? {
            ladder.record(&m);
        }
        Ok(Recorder {
            run: run.to_owned(),
            ladder,
            store: None,
        })
    }

    /// The recorder writing to `store`.
    #[must_use]
    pub fn with_store(mut self, store: Arc<Mutex<AnyStore>>) -> Recorder {
        self.store = Some(store);
        self
    }

    /// The current ladder.
    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }

    /// Rates the game after the ones before it and stores it with the ratings, in one
    /// transaction. When the store fails the ladder is rebuilt from what is stored.
    pub fn record(&mut self, mut game: GameRecord) -> anyhow::Result<()> {
        let store = self.store.clone().context("the recorder has no store")?;
        let mut store = store
            .lock()
            .map_err(|_| anyhow::anyhow!("the store lock is poisoned"))?;
        let m = StoredMatch {
            id: 0,
            run: self.run.clone(),
            key: game.job.key.clone(),
            game: game.job.game.clone(),
            map: game.job.map.clone(),
            seed: game.job.seed,
            turns: game.result.turns,
            outcome: game.result.outcome.clone(),
            replay: game.result.replay.clone(),
            played_at: String::new(),
            details: serde_json::Value::Null,
            seats: game.result.seats.clone(),
        };
        self.ladder.record(&m);
        let ratings: Vec<serde_json::Value> = m
            .seats
            .iter()
            .map(|s| match self.ladder.rating(&s.bot) {
                Some(r) => {
                    serde_json::json!({"mu": r.mu, "sigma": r.sigma, "skill": r.conservative()})
                }
                None => serde_json::Value::Null,
            })
            .collect();
        if let Some(d) = game.result.details.as_object_mut() {
            d.insert("ratings".into(), serde_json::Value::Array(ratings));
        }
        if let Err(e) = store.insert(&self.run, &game.job, &game.result) {
            let mut ladder = Ladder::new(TrueSkillParams::CONTEST_2011);
            for m in store.matches(Some(&self.run))? {
                ladder.record(&m);
            }
            self.ladder = ladder;
            return Err(e);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lists_are_python_lists() {
        let names = ["ann".to_owned(), "house:champion".to_owned()];
        assert_eq!(python_list(&names), "['ann', 'house:champion']");
        assert_eq!(python_list(&["a'b".to_owned()]), r"['a\'b']");
        assert_eq!(python_list(&[]), "[]");
    }
}

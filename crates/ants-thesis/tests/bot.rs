//! End-to-end checks of the thesis bot: legal orders and annotations on hand-made turns, the
//! turn deadline on a huge crowded map, and seeded games against a baseline bot in the engine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use ants::visual::Command;
use ants::{Bot, GameConfig, GameSettings, Map, TurnInput, play_game};
use ants_thesis::{Profile, ThesisBot, Visualize};
use grid::Pos;

fn settings(rows: u32, cols: u32, turntime_ms: u64) -> GameSettings {
    GameSettings {
        loadtime_ms: 3000,
        turntime_ms,
        rows,
        cols,
        turns: 1000,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 7,
    }
}

fn wrap(p: Pos, rows: i32, cols: i32) -> Pos {
    Pos::new(p.row.rem_euclid(rows), p.col.rem_euclid(cols))
}

/// Checks the orders against the official rules a bot can break: each ant ordered once, never
/// into water or food, and no two own ants on one square afterwards.
fn assert_legal(
    input: &TurnInput,
    orders: &[ants::Order],
    rows: i32,
    cols: i32,
    water: &BTreeSet<Pos>,
) {
    let mine: BTreeSet<Pos> = input
        .ants
        .iter()
        .filter(|a| a.1 == 0)
        .map(|a| a.0)
        .collect();
    let food: BTreeSet<Pos> = input.food.iter().copied().collect();
    let mut moved = BTreeSet::new();
    let mut after: BTreeSet<Pos> = mine.clone();
    for o in orders {
        assert!(
            mine.contains(&o.pos),
            "order for a square without own ant: {o:?}"
        );
        assert!(moved.insert(o.pos), "two orders for one ant: {o:?}");
        after.remove(&o.pos);
    }
    let mut count = after.len();
    for o in orders {
        let (dr, dc) = o.dir.delta();
        let to = wrap(Pos::new(o.pos.row + dr, o.pos.col + dc), rows, cols);
        assert!(!water.contains(&to), "move into water {o:?}");
        assert!(!food.contains(&to), "move into food {o:?}");
        after.insert(to);
        count += 1;
    }
    assert_eq!(after.len(), count, "two own ants end on one square");
}

#[test]
fn orders_are_legal_and_annotated() {
    let mut bot = ThesisBot::new(Profile::default());
    bot.set_visualize(Visualize::Plans);
    bot.setup(&settings(40, 40, 500));
    let water: BTreeSet<Pos> = (0..40)
        .map(|r| Pos::new(r, 20))
        .filter(|p| p.row != 10)
        .collect();
    let input = TurnInput {
        turn: 1,
        water: water.iter().copied().collect(),
        hills: vec![(Pos::new(5, 5), 0), (Pos::new(30, 30), 1)],
        ants: vec![
            (Pos::new(5, 5), 0),
            (Pos::new(5, 6), 0),
            (Pos::new(6, 5), 0),
            (Pos::new(10, 10), 0),
            (Pos::new(10, 11), 0),
            (Pos::new(30, 31), 1),
        ],
        food: vec![Pos::new(7, 7), Pos::new(12, 10)],
        dead: vec![],
    };
    let orders = bot.turn(&input);
    assert_legal(&input, &orders, 40, 40, &water);
    assert!(!orders.is_empty());
    let notes = bot.take_visuals();
    let food_ant = notes.iter().find_map(|n| match n {
        Command::Info { pos, text } if text.starts_with("task gather food target ") => Some(*pos),
        _ => None,
    });
    let food_ant = food_ant.unwrap_or_else(|| panic!("no gather food note: {notes:?}"));
    assert!(
        notes.iter().any(|n| matches!(n,
            Command::RoutePlan(from, steps) if *from == food_ant && !steps.is_empty())),
        "the food ant's route: {notes:?}"
    );
    for n in &notes {
        assert_eq!(Command::parse(&n.to_string()).as_ref(), Ok(n));
    }
    assert!(
        bot.take_visuals().is_empty(),
        "the notes are handed out once"
    );
}

#[test]
fn a_crowded_turn_on_a_huge_map_keeps_the_deadline() {
    let (rows, cols) = (200, 200);
    let mut bot = ThesisBot::new(Profile::by_name("aggressive").unwrap());
    bot.setup(&settings(rows, cols, 500));
    let mut ants = Vec::new();
    let mut food = Vec::new();
    for r in (0..rows as i32).step_by(3) {
        for c in (0..cols as i32).step_by(5) {
            let owner = u8::from((r / 3 + c / 5) % 7 == 0);
            ants.push((Pos::new(r, c), owner));
        }
    }
    for r in (1..rows as i32).step_by(9) {
        for c in (2..cols as i32).step_by(9) {
            food.push(Pos::new(r, c));
        }
    }
    let water: Vec<Pos> = (0..rows as i32)
        .step_by(7)
        .map(|r| Pos::new(r, 3))
        .collect();
    let water_set: BTreeSet<Pos> = water.iter().copied().collect();
    ants.retain(|a| !water_set.contains(&a.0));
    food.retain(|f| !water_set.contains(f) && !ants.iter().any(|a| a.0 == *f));
    let input = TurnInput {
        turn: 1,
        water,
        hills: vec![(Pos::new(0, 0), 0), (Pos::new(100, 100), 1)],
        ants,
        food,
        dead: vec![],
    };
    let mine = input.ants.iter().filter(|a| a.1 == 0).count();
    assert!(mine > 2000, "{mine} own ants");
    for turn in 1..=3 {
        let t = TurnInput {
            turn,
            ..input.clone()
        };
        let start = Instant::now();
        let orders = bot.turn(&t);
        let took = start.elapsed();
        println!(
            "turn {turn}: {took:?}, {} orders for {mine} ants",
            orders.len()
        );
        assert!(
            took < Duration::from_millis(500),
            "turn {turn} took {took:?}"
        );
        assert_legal(&t, &orders, rows as i32, cols as i32, &water_set);
    }
}

/// An official map from the repository's `data/ants/maps/`; a missing or unreadable map
/// fails the test with its path.
fn official_map(rel: &str) -> Map {
    Map::official(rel).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn beats_baseline_bots_in_seeded_games() {
    let map = official_map("maze/maze_p02_05.map");
    for (seed, opponent) in [(11, "hunter"), (12, "greedy"), (13, "lefty")] {
        let config = GameConfig {
            turns: 300,
            turntime_ms: 500,
            ..GameConfig::seeded(seed)
        };
        let baseline: Box<dyn Bot> = match opponent {
            "hunter" => Box::new(ants::bots::GreedyBot::hunter()),
            "greedy" => Box::new(ants::bots::GreedyBot::greedy()),
            _ => Box::new(ants::bots::LeftyBot::default()),
        };
        let bots: Vec<Box<dyn Bot>> = vec![baseline, Box::new(ThesisBot::new(Profile::default()))];
        let r = play_game(&map, &config, bots).unwrap();
        assert!(
            r.scores[1] > r.scores[0],
            "vs {opponent} seed {seed}: {:?} {:?}",
            r.scores,
            r.cutoff
        );
        assert!(
            r.timing.slowest[1] < Duration::from_millis(500),
            "{:?}",
            r.timing.slowest
        );
        assert_eq!(r.statuses[1], ants::Status::Survived);
    }
}

#[test]
fn the_optional_safety_pass_plays_legal_winning_games() {
    let map = official_map("maze/maze_p02_05.map");
    let profile = Profile::parse("[safety]\nenabled = 1\n", "safety-on").unwrap();
    assert!(profile.safety && !Profile::default().safety);
    let config = GameConfig {
        turns: 300,
        turntime_ms: 500,
        strict: true,
        ..GameConfig::seeded(21)
    };
    let mut thesis = ThesisBot::new(profile);
    thesis.set_visualize(Visualize::Plans);
    let bots: Vec<Box<dyn Bot>> = vec![Box::new(thesis), Box::new(ants::bots::GreedyBot::hunter())];
    let r = play_game(&map, &config, bots).unwrap();
    assert_eq!(
        r.statuses[0],
        ants::Status::Survived,
        "strict mode: no invalid order"
    );
    assert!(r.scores[0] > r.scores[1], "{:?} {:?}", r.scores, r.cutoff);
    assert!(!r.visuals.is_empty());
    assert!(r.visuals.iter().all(|a| a.player == 0));
}

/// A game's orders per turn and everything drawn.
type Recording = (Vec<Vec<ants::Order>>, Vec<Command>);

/// Forwards to the thesis bot and records every turn's orders and what it drew.
struct Recorder {
    bot: ThesisBot,
    log: std::sync::Arc<std::sync::Mutex<Recording>>,
}

impl Bot for Recorder {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn setup(&mut self, settings: &GameSettings) {
        self.bot.setup(settings);
    }
    fn turn(&mut self, input: &TurnInput) -> Vec<ants::Order> {
        let orders = self.bot.turn(input);
        let mut log = self.log.lock().unwrap();
        log.0.push(orders.clone());
        log.1.extend(self.bot.take_visuals());
        orders
    }
}

/// One seeded game against `hunter` with a turn time no turn comes near (so no step is cut
/// by the clock): the thesis bot's orders per turn and everything it drew.
fn recorded_game(visualize: Visualize) -> Recording {
    let map = official_map("maze/maze_p02_05.map");
    let config = GameConfig {
        turns: 120,
        turntime_ms: 3_600_000,
        ..GameConfig::seeded(5)
    };
    let log = std::sync::Arc::default();
    let mut bot = ThesisBot::new(Profile::default());
    bot.set_visualize(visualize);
    let bots: Vec<Box<dyn Bot>> = vec![
        Box::new(Recorder {
            bot,
            log: std::sync::Arc::clone(&log),
        }),
        Box::new(ants::bots::GreedyBot::hunter()),
    ];
    play_game(&map, &config, bots).unwrap();
    let log = log.lock().unwrap();
    log.clone()
}

/// Drawing never changes a move: the same seeded game with nothing drawn, the plans and the
/// influence map gives the same orders every turn; only the drawing ones draw, the influence
/// map adds shaded tiles.
#[test]
fn visualizing_leaves_every_order_as_it_is() {
    let (quiet, none) = recorded_game(Visualize::Off);
    assert!(none.is_empty(), "{} commands drawn while off", none.len());
    let (plans, drawn) = recorded_game(Visualize::Plans);
    assert_eq!(quiet, plans, "orders with visualize=true");
    assert!(drawn.iter().any(|c| matches!(c, Command::RoutePlan(..))));
    assert!(
        drawn
            .iter()
            .any(|c| matches!(c, Command::Info { text, .. } if text.contains(" mission ")))
    );
    assert!(!drawn.iter().any(|c| matches!(c, Command::Tile(..))));
    let (influence, shaded) = recorded_game(Visualize::Influence);
    assert_eq!(quiet, influence, "orders with visualize=influence");
    assert!(shaded.iter().any(|c| matches!(c, Command::Tile(..))));
    assert!(quiet.iter().map(Vec::len).sum::<usize>() > 100);
}

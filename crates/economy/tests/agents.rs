//! The eight ratings and both overrides, the agents' search (de-duplication, budgets,
//! deadlines, determinism) and parallel sessions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use economy::agent::{SearchInput, think};
use economy::analyzer::GameAnalyzer;
use economy::experiment::{CASES, Mode};
use economy::loader::load_str;
use economy::merchant::Merchant;
use economy::rating::{Key, MAX, Rater, Rating};
use economy::rng::SplitMix64;
use economy::rules::{self, Market, attr_slot, item_slot};
use economy::session::{AgentCap, Session, ThinkLimit};

/// One game of `specs` in `case` with `expansions` per round (seed 5, game 0).
fn play(
    w: &Arc<World>,
    specs: &[&str],
    case: usize,
    expansions: u64,
    max_rounds: u32,
) -> economy::GameOutcome {
    let bots = specs.iter().map(|s| build_bot(s).unwrap()).collect();
    let options = PlayOptions {
        case: CASES[case],
        mode: Mode::Budget(expansions),
        seed: 5,
        game: 0,
        max_rounds,
    };
    play_game(w, bots, &options)
}

/// The thesis's eight agents.
fn thesis() -> Vec<Box<dyn Bot>> {
    economy::bots::thesis_bots()
}
use economy::world::World;
use economy::{BOTS, Bot, PlayOptions, RatingBot, build_bot, play_game};
use search::Budget;

fn example() -> World {
    load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")
        .unwrap()
        .world
}

/// Gold 120, 2 Brot (100), Hunger 2, skills at start: score 120 + 100 + 30 - 10 = 240.
fn sample(w: &World) -> Vec<i64> {
    let mut s = rules::start_state(w);
    s[0] = 120;
    s[item_slot(0)] = 2;
    s[attr_slot(w, 0)] = 2;
    s
}

#[test]
fn each_rating_vector() {
    let w = example();
    let p = w.start_prices();
    let s = sample(&w);
    let root = rules::start_state(&w);
    // 4 rounds played, node at depth 3: n = 7.
    let key = |r: Rating| Rater::new(&w, r, &p, &root, 4).rate(&s, 3, 260);
    assert_eq!(key(Rating::Gold), Key([120, 0]));
    assert_eq!(key(Rating::Score), Key([240, 0]));
    assert_eq!(key(Rating::Differenz), Key([-880, 0]));
    assert_eq!(key(Rating::GoldPerRound), Key([120 / 7, 0]));
    assert_eq!(key(Rating::ScorePerRound), Key([240 / 7, 0]));
    assert_eq!(key(Rating::GoldScore), Key([120, 240]));
    assert_eq!(key(Rating::GoldScorePerRound), Key([17, 34]));
    assert_eq!(key(Rating::GameAnalyzer), Key([260, 0]));
    // Round 0 at depth 0 divides by 1, not 0.
    assert_eq!(
        Rater::new(&w, Rating::GoldPerRound, &p, &root, 0).rate(&s, 0, 0),
        Key([120, 0])
    );
}

/// Ours (docs/economy.md, "Beyond the thesis"): `[gold ÷ n, (gold + goods − relief gold) ÷
/// (n + selling rounds + relief rounds)]` on the sample state, n = 7.
#[test]
fn game_analyzer_plus_vector() {
    let w = example();
    let p = w.start_prices(); // Brot 50, Wurst 100
    let s = sample(&w);
    let root = rules::start_state(&w);
    let rater = Rater::new(&w, Rating::GameAnalyzerPlus, &p, &root, 4);
    // Hunger 2: cheapest relief is Essen: Brot (50 gold for 5 points; Wurst costs the same per
    // point and comes later) = 2·50/5 = 20 gold and 1 round; 2 Brot at Handeln 1 take 2 sales.
    assert_eq!(rater.relief_cost(&s, &p), (20, 1));
    assert_eq!(rater.selling_rounds(&s), 2);
    assert_eq!(
        rater.rate(&s, 3, 999),
        Key([120 / 7, (120 + 100 - 20) / (7 + 2 + 1)])
    );
    // Handeln 5 unlocks Verkaufen: Brot3: both units go in one sale.
    let mut trader = s.clone();
    trader[attr_slot(&w, w.attribute_index("Skill: Handeln").unwrap())] = 5;
    assert_eq!(rater.selling_rounds(&trader), 1);
    assert_eq!(rater.rate(&trader, 3, 0), Key([17, 200 / 9]));
    // No goods, no hunger: both components are gold per round.
    let mut bare = rules::start_state(&w);
    bare[0] = 140;
    assert_eq!(rater.rate(&bare, 3, 0), Key([20, 20]));
    // Predicted prices of the node's depth value the goods and the food; deeper nodes use the
    // last row. Row 3: Brot 30 → goods 60, relief 2·30/5 = 12.
    let mut table = vec![p.clone(); 4];
    table[3][w.item_index("Brot").unwrap()] = 30;
    let predicted =
        Rater::new(&w, Rating::GameAnalyzerPlus, &p, &root, 4).with_predicted_prices(table);
    assert_eq!(predicted.rate(&s, 3, 0), Key([17, (120 + 60 - 12) / 10]));
    assert_eq!(
        predicted.rate(&s, 9, 0),
        Key([120 / 13, (120 + 60 - 12) / 16])
    );
    assert_eq!(predicted.rate(&s, 1, 0), Key([120 / 5, 200 / 8]));
    // The edge sum plays no part in the vector.
    assert_eq!(predicted.rate(&s, 3, 0), predicted.rate(&s, 3, 500));
}

#[test]
fn game_analyzer_plus_is_named_and_plays_reproducibly() {
    assert_eq!(
        build_bot("game-analyzer-plus").unwrap().label(),
        Rating::GameAnalyzerPlus.label()
    );
    assert!(
        !Rating::ALL.contains(&Rating::GameAnalyzerPlus),
        "the thesis's eight stay"
    );
    assert_eq!(Rating::KNOWN[..8], Rating::ALL);
    let w = Arc::new(example());
    let seats = ["gold-per-round", "game-analyzer-plus"];
    let a = play(&w, &seats, 1, 300, 120);
    let b = play(&w, &seats, 1, 300, 120);
    assert_eq!((&a.rounds, &a.expanded), (&b.rounds, &b.expanded));
    assert!(
        a.rounds[1].is_some(),
        "GameAnalyzer+ finishes: {:?}",
        a.rounds
    );
}

/// Our planner: named, not one of the thesis's eight, reproducible in budget mode, within its
/// expansion budget, and it plays a case-5 game to the goal.
#[test]
fn game_analyzer_planner_is_named_and_plays_reproducibly() {
    assert_eq!(
        build_bot("game-analyzer-planner").unwrap().label(),
        "GA-Planner"
    );
    let w = Arc::new(example());
    let seats = ["gold-per-round", "score-per-round", "game-analyzer-planner"];
    let a = play(&w, &seats, 5, 300, 150);
    let b = play(&w, &seats, 5, 300, 150);
    assert_eq!((&a.rounds, &a.expanded), (&b.rounds, &b.expanded));
    assert!(
        a.rounds[2].is_some(),
        "the planner finishes: {:?}",
        a.rounds
    );
    assert!(
        a.expanded[2] <= 300 * u64::from(a.thought[2]),
        "the budget holds: {} expansions in {} rounds",
        a.expanded[2],
        a.thought[2]
    );
}

#[test]
fn override_goal_reachable_by_selling() {
    let w = example().with_gold_goal(200);
    let p = w.start_prices();
    let root = sample(&w); // 120 gold + 100 in Brot >= 200
    let mut sold = root.clone();
    sold[0] = 170;
    sold[item_slot(0)] = 1;
    let mut poorer = root.clone();
    poorer[attr_slot(&w, 1)] = 9; // better score, same gold
    for r in Rating::KNOWN {
        let rater = Rater::new(&w, r, &p, &root, 3);
        let base = rater.base(&root, 0, 0);
        let k = rater.rate(&sold, 1, 0);
        assert_eq!(k.0[0], base.0[0] + 50, "{r:?}");
        assert_eq!(k.0[1], base.0[1], "{r:?}");
        assert_eq!(rater.rate(&poorer, 1, 500), r.worst(), "{r:?}");
    }
    assert_eq!(Rating::Gold.worst(), Key([0, 0]));
    assert_eq!(Rating::Differenz.worst(), Key([-MAX, 0]));
}

#[test]
fn override_negative_attribute_at_maximum() {
    let w = example();
    let p = w.start_prices();
    let hunger = attr_slot(&w, 0);
    let mut root = sample(&w);
    root[hunger] = 10;
    let mut ate = root.clone();
    ate[hunger] = 5;
    ate[item_slot(0)] = 1;
    for r in Rating::KNOWN {
        let rater = Rater::new(&w, r, &p, &root, 3);
        let k = rater.rate(&ate, 2, 0);
        let expect = match r {
            Rating::Differenz => Key([-2, 0]),
            Rating::GoldScore | Rating::GoldScorePerRound | Rating::GameAnalyzerPlus => {
                Key([MAX - 2, MAX - 2])
            }
            _ => Key([MAX - 2, 0]),
        };
        assert_eq!(k, expect, "{r:?}");
        assert!(rater.rate(&ate, 1, 0) > k, "shallower eating is better");
        let mut rich = root.clone();
        rich[0] = 999;
        assert_eq!(rater.rate(&rich, 1, 0), r.worst(), "{r:?}");
    }
}

fn input<'a>(w: &'a World, s: &'a [i64], m: &'a Merchant, g: &'a GameAnalyzer) -> SearchInput<'a> {
    SearchInput {
        world: w,
        state: s,
        rounds_played: 0,
        merchant: m,
        analyzer: g,
        random_period: 100,
    }
}

#[test]
fn equal_states_share_one_node() {
    let w = example();
    let m = Merchant::new(&w);
    let g = GameAnalyzer::new(&w, &m.price);
    let s = rules::start_state(&w);
    // Iteration 1: root + 2 children (3 pops); iteration 2: root, 2 children, 5 grandchildren.
    let (d, _) = think(
        input(&w, &s, &m, &g),
        Rating::Score,
        &Budget::unlimited().with_nodes(11),
        &mut SplitMix64::new(1),
    );
    // Root, GE1, Jagen1, and at depth 2: GE1+GE1, GE1+Jagen1 (= Jagen1+GE1), GE1+sell, Jagen1+Jagen1, Jagen1+sell.
    assert_eq!(d.nodes, 8);
    assert_eq!(d.expanded, 11);
    assert_eq!(d.depth_limit, 3, "iteration 3 was about to start");
}

#[test]
fn search_returns_within_deadline_with_executable_first_action() {
    let w = example();
    let m = Merchant::new(&w);
    let g = GameAnalyzer::new(&w, &m.price);
    let mut s = rules::start_state(&w);
    s[item_slot(w.item_index("Getreide").unwrap())] = 2;
    s[attr_slot(&w, w.attribute_index("Skill: GetreideErnten").unwrap())] = 4;
    for entry in BOTS.entries {
        let r = entry.name;
        let mut bot = build_bot(r).unwrap();
        let start = Instant::now();
        let budget = Budget::unlimited().with_time(Duration::from_millis(40));
        let d = bot.think(input(&w, &s, &m, &g), &budget, &mut SplitMix64::new(7));
        let took = start.elapsed();
        // One expansion is microseconds; the slack only absorbs scheduling on a loaded machine.
        assert!(
            took < Duration::from_millis(40 + 100),
            "{r:?} took {took:?}"
        );
        assert!(d.expanded > 0, "{r:?} expanded nothing");
        let a = d.activity.expect("an answer");
        let market = Market {
            prices: &m.price,
            stock: &m.stock,
            pending: None,
            merchant_gold: m.gold,
        };
        assert!(
            rules::executable(&w, &s, &w.activities[a], &market),
            "{r:?} chose {}",
            w.activities[a].name
        );
    }
}

#[test]
fn goal_in_reach_is_followed() {
    let w = example().with_gold_goal(100);
    let m = Merchant::new(&w);
    let g = GameAnalyzer::new(&w, &m.price);
    let mut s = rules::start_state(&w);
    s[0] = 60;
    s[item_slot(w.item_index("Brot").unwrap())] = 1;
    for entry in BOTS.entries {
        let r = entry.name;
        let d = build_bot(r).unwrap().think(
            input(&w, &s, &m, &g),
            &Budget::unlimited().with_nodes(10_000),
            &mut SplitMix64::new(3),
        );
        assert!(d.goal_found, "{r:?}");
        assert_eq!(d.activity, w.activity_index("Verkaufen: Brot1"), "{r:?}");
    }
}

#[test]
fn budget_mode_is_deterministic() {
    let w = Arc::new(example());
    let options = PlayOptions {
        case: CASES[1],
        mode: Mode::Budget(300),
        seed: 5,
        game: 0,
        max_rounds: 120,
    };
    let a = play_game(&w, thesis(), &options);
    let b = play_game(&w, thesis(), &options);
    assert_eq!(a.rounds, b.rounds);
    assert_eq!(a.expanded, b.expanded);
    assert!(
        a.rounds[7].is_some(),
        "GameAnalyzer finishes: {:?}",
        a.rounds
    );
    let c = play_game(&w, thesis(), &PlayOptions { seed: 6, ..options });
    assert_eq!(c.rounds.len(), 8);
}

#[test]
fn agents_think_in_parallel_within_the_round_time() {
    let w = Arc::new(example());
    let mut session = Session::bots_only(w, thesis(), 1, 0);
    for _ in 0..3 {
        let start = Instant::now();
        let deadline = start + Duration::from_millis(500);
        session.start_thinking(ThinkLimit {
            expansions: None,
            deadline: Some(deadline),
        });
        let report = session.finish_round(&[], true);
        // Stopping at once: answers come back long before the deadline would have passed.
        assert!(
            start.elapsed() < Duration::from_millis(500),
            "{:?}",
            start.elapsed()
        );
        assert!(report.executed.iter().all(Option::is_some), "{report:?}");
    }
    assert_eq!(session.game.round, 3);
}

#[test]
fn agent_caps_limit_one_agent_below_the_round_limit() {
    let w = Arc::new(example());
    let mut session = Session::bots_only(w, thesis(), 1, 0);
    session.set_cap(
        7,
        AgentCap {
            expansions: Some(5),
            time: None,
        },
    );
    session.set_cap(
        3,
        AgentCap {
            expansions: None,
            time: Some(Duration::ZERO),
        },
    );
    // A cap above the round's budget changes nothing.
    session.set_cap(
        0,
        AgentCap {
            expansions: Some(10_000),
            time: None,
        },
    );
    for _ in 0..2 {
        session.start_thinking(ThinkLimit {
            expansions: Some(40),
            deadline: None,
        });
        session.finish_round(&[], false);
        let expanded: Vec<u64> = (0..8)
            .map(|p| session.last_decision(p).unwrap().expanded)
            .collect();
        assert_eq!(expanded[7], 5, "{expanded:?}");
        assert_eq!(
            expanded[3], 0,
            "max_time 0 stops before the first expansion"
        );
        for p in [0, 1, 2, 4, 5, 6] {
            assert_eq!(expanded[p], 40, "{expanded:?}");
        }
    }
    // The agent stopped at once still answered (the fallback move).
    assert!(session.game.players[3].state != rules::start_state(&session.game.world));
}

/// A cap given in the spec (`max_expansions`, `max_ms`) limits the bot exactly as
/// [`Session::set_cap`] does, and a directly built capped [`RatingBot`] is the same bot.
#[test]
fn caps_in_the_spec_limit_like_set_cap() {
    let w = Arc::new(example());
    let direct = RatingBot::new(Rating::GameAnalyzer).with_cap(AgentCap {
        expansions: Some(5),
        time: None,
    });
    assert_eq!(direct.name(), "game-analyzer(max_expansions=5)");
    let bots = vec![
        build_bot("gold").unwrap(),
        build_bot("game-analyzer(max_expansions=5)").unwrap(),
        build_bot("score(max_ms=0)").unwrap(),
        Box::new(direct) as Box<dyn Bot>,
    ];
    let mut session = Session::bots_only(w, bots, 1, 0);
    for _ in 0..2 {
        session.start_thinking(ThinkLimit {
            expansions: Some(40),
            deadline: None,
        });
        session.finish_round(&[], false);
        let expanded: Vec<u64> = (0..4)
            .map(|p| session.last_decision(p).unwrap().expanded)
            .collect();
        assert_eq!(expanded, [40, 5, 0, 5]);
    }
}

//! One test per rule with hand-made positions (scenario maps: `a`..`j` ants, `0`..`9`
//! hills, `A`..`J` hill with its owner's ant, `*` food, `%` water).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::engine::{OrderOutcome, Rules};
use ants::{Cutoff, Engine, GameConfig, Map, Status, bots, play_game};
use grid::Dir;

fn engine_with(rows: &[&str], players: u8, rules: Rules) -> Engine {
    Engine::from_map(&Map::from_rows(rows, players).unwrap(), rules, true)
}

fn engine(rows: &[&str], players: u8) -> Engine {
    engine_with(rows, players, Rules::default())
}

/// Plays one turn with the given orders (all must be accepted), spawning from every hill.
fn step(e: &mut Engine, orders: &[(u8, i64, i64, Dir)]) {
    let turn = e.turn() + 1;
    e.begin_turn(turn);
    for &(p, r, c, d) in orders {
        assert_eq!(
            e.order(p, r, c, d),
            OrderOutcome::Accepted,
            "order {p} {r} {c} {d:?}"
        );
    }
    e.move_and_fight();
    for p in 0..e.num_players() as u8 {
        for h in e.unrazed_hills(p) {
            e.try_spawn(h);
        }
    }
    e.gather();
    e.end_turn();
}

/// Owner of the living ant at (r, c).
fn ant(e: &Engine, r: u32, c: u32) -> Option<u8> {
    e.ant_at(r * e.shape().cols + c)
        .map(|a| e.ants()[a as usize].owner)
}

const EMPTY: &str = "..........";

#[test]
fn two_against_one_focus_kills_the_lone_ant() {
    let mut e = engine(
        &[
            "a.b.......",
            "..b.......",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[]);
    assert_eq!(ant(&e, 0, 0), None, "the ant facing two enemies dies");
    assert_eq!(ant(&e, 0, 2), Some(1));
    assert_eq!(ant(&e, 1, 2), Some(1));
    assert_eq!(e.ants()[0].death_turn, Some(1));
}

#[test]
fn one_on_one_both_die() {
    let mut e = engine(&["a.b.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY], 2);
    step(&mut e, &[]);
    assert_eq!(e.live_ants().len(), 0);
}

#[test]
fn three_players_in_mutual_range_all_die() {
    let mut e = engine(&["a.b.......", ".c........", EMPTY, EMPTY, EMPTY, EMPTY], 3);
    step(&mut e, &[]);
    assert_eq!(e.live_ants().len(), 0);
}

#[test]
fn four_players_centre_ant_dies_outer_ants_survive() {
    // a in the centre, b, c, d two squares away in three directions, out of range of each
    // other (d2 = 8 or 16).
    let mut e = engine(
        &[
            EMPTY,
            "..b.......",
            EMPTY,
            "c.a.d.....",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        4,
    );
    step(&mut e, &[]);
    assert_eq!(ant(&e, 3, 2), None);
    assert_eq!(ant(&e, 1, 2), Some(1));
    assert_eq!(ant(&e, 3, 0), Some(2));
    assert_eq!(ant(&e, 3, 4), Some(3));
}

#[test]
fn strictly_more_engaged_enemies_spare_an_ant() {
    // b at (0,4) is in range of a at (0,2) only; a fights b and c. a dies, b survives
    // because its only enemy a is more engaged (2 > 1); c at (2,2) likewise.
    let mut e = engine(
        &[
            "..a.b.....",
            EMPTY,
            "..c.......",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        3,
    );
    step(&mut e, &[]);
    assert_eq!(ant(&e, 0, 2), None);
    assert_eq!(ant(&e, 0, 4), Some(1));
    assert_eq!(ant(&e, 2, 2), Some(2));
}

#[test]
fn collisions_kill_everyone_on_the_square_swaps_pass() {
    let mut e = engine(
        &[
            "a.a.......",
            EMPTY,
            EMPTY,
            "aa........",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    // (0,0) east and (0,2) west both enter (0,1); (3,0) and (3,1) swap.
    step(
        &mut e,
        &[
            (0, 0, 0, Dir::E),
            (0, 0, 2, Dir::W),
            (0, 3, 0, Dir::E),
            (0, 3, 1, Dir::W),
        ],
    );
    assert_eq!(ant(&e, 0, 1), None);
    assert_eq!(
        e.ants().iter().filter(|a| a.death_turn == Some(1)).count(),
        2
    );
    assert_eq!(ant(&e, 3, 0), Some(0));
    assert_eq!(ant(&e, 3, 1), Some(0));
    // Own ant moving onto a standing own ant: both die.
    let mut e = engine(&["aa........", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY], 2);
    step(&mut e, &[(0, 0, 0, Dir::E)]);
    assert!(e.live_ants().is_empty());
}

#[test]
fn order_validation() {
    let mut e = engine(
        &[
            "a%........",
            "*.........",
            "b.........",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    e.begin_turn(1);
    assert_eq!(
        e.order(0, 0, 0, Dir::E),
        OrderOutcome::Ignored("move blocked")
    );
    assert_eq!(
        e.order(0, 0, 0, Dir::S),
        OrderOutcome::Ignored("move blocked")
    );
    assert_eq!(
        e.order(0, 2, 0, Dir::N),
        OrderOutcome::Invalid("not player ant")
    );
    assert_eq!(
        e.order(0, 6, 0, Dir::N),
        OrderOutcome::Invalid("out of bounds")
    );
    assert_eq!(
        e.order(0, -6, 0, Dir::N),
        OrderOutcome::Invalid("out of bounds")
    );
    assert_eq!(
        e.order(1, -4, 0, Dir::N),
        OrderOutcome::Invalid("out of bounds")
    );
    assert_eq!(
        e.order(0, -4, 0, Dir::N),
        OrderOutcome::Invalid("not player ant")
    );
    // Ignored first orders do not count as duplicates.
    assert_eq!(e.order(0, 0, 0, Dir::W), OrderOutcome::Accepted);
    assert_eq!(
        e.order(0, 0, 0, Dir::N),
        OrderOutcome::Invalid("duplicate order")
    );
}

#[test]
fn razing_scores_and_a_dying_ant_does_not_raze() {
    // b steps onto a's hill and survives: +2 for b, -1 for a.
    let mut e = engine(
        &[
            "0b........",
            EMPTY,
            EMPTY,
            EMPTY,
            ".....1....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[(1, 0, 1, Dir::W)]);
    assert_eq!(e.hills()[0].end_turn, Some(1));
    assert_eq!(e.players()[1].score, 1 + 2);
    assert_eq!(e.players()[0].score, 1 - 1);
    // b steps onto the hill but dies in battle the same turn (two defenders in range).
    let mut e = engine(
        &[
            "0b........",
            "a.........",
            ".a........",
            EMPTY,
            ".....1....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[(1, 0, 1, Dir::W)]);
    assert_eq!(ant(&e, 0, 0), None, "the raider died");
    assert_eq!(e.hills()[0].end_turn, None, "a dying ant does not raze");
    assert_eq!(e.players()[1].score, 1);
    // A collision on the hill kills both; no raze either.
    let mut e = engine(
        &[
            "0b........",
            "a.........",
            EMPTY,
            EMPTY,
            ".....1....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[(1, 0, 1, Dir::W), (0, 1, 0, Dir::N)]);
    assert_eq!(e.hills()[0].end_turn, None);
}

#[test]
fn gathering_single_owner_collects_contested_food_vanishes() {
    let mut e = engine(
        &[
            "a*........",
            EMPTY,
            EMPTY,
            "a*b.......",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    // Rows 0 and 3: the first food has only a next to it, the second a and b (a and b are
    // out of each other's attack range? d2 = 4 <= 5, they fight too; irrelevant for food).
    let turn = 1;
    e.begin_turn(turn);
    e.move_and_fight();
    e.gather();
    let f = e.food();
    assert_eq!(f[0].gatherer, Some(0));
    assert_eq!(f[0].end_turn, Some(1));
    assert_eq!(e.players()[0].hive, 1);
    assert_eq!(
        f[1].end_turn, None,
        "the ants at row 3 died in battle before gathering"
    );
    let mut e = engine(&["a*b.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY], 2);
    e.begin_turn(1);
    e.gather();
    assert_eq!(e.food()[0].end_turn, Some(1));
    assert_eq!(e.food()[0].gatherer, None, "contested food is destroyed");
}

#[test]
fn spawning_is_blocked_by_an_ant_on_the_hill() {
    let mut e = engine(
        &[
            "A*........",
            EMPTY,
            EMPTY,
            EMPTY,
            ".....B....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[]);
    assert_eq!(e.players()[0].hive, 1, "food gathered in turn 1");
    step(&mut e, &[]);
    assert_eq!(e.ants().len(), 2, "the hill is occupied: no spawn");
    step(&mut e, &[(0, 0, 0, Dir::S)]);
    assert_eq!(e.ants().len(), 3, "spawned once the hill was free");
    assert_eq!(e.ants()[2].spawn_turn, 3);
    assert_eq!(e.players()[0].hive, 0);
    assert_eq!(e.hills()[0].last_touched, 3);
}

#[test]
fn cutoff_lone_survivor_with_bonus() {
    let mut e = engine(
        &[
            "0a.b......",
            EMPTY,
            EMPTY,
            EMPTY,
            "......1...",
            "........b.",
            EMPTY,
            EMPTY,
        ],
        2,
    );
    // a (0,1) and b (0,3) fight 1:1 and both die; b at (5,8) survives.
    step(&mut e, &[]);
    assert!(e.game_over());
    assert_eq!(e.cutoff(), Some(Cutoff::LoneSurvivor));
    e.finish();
    assert_eq!(e.bonus(), &[-1, 2]);
    assert_eq!(e.final_scores(), vec![0, 3]);
    assert_eq!(e.hills()[0].end_turn, None, "bonus hills keep no end turn");
}

#[test]
fn cutoff_extermination() {
    let mut e = engine(&["0a.b...1..", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY], 2);
    step(&mut e, &[]);
    assert!(e.game_over());
    assert_eq!(e.cutoff(), Some(Cutoff::Extermination));
    e.finish();
    assert_eq!(e.bonus(), &[0, 0]);
}

#[test]
fn cutoff_rank_stabilized_when_no_alive_player_has_a_hill() {
    let mut e = engine(
        &[
            "a.........",
            EMPTY,
            EMPTY,
            EMPTY,
            ".....b....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    assert!(e.game_over());
    assert_eq!(e.cutoff(), Some(Cutoff::RankStabilized));
    // With hills on both sides and equal scores the game goes on.
    let mut e = engine(
        &[
            "A.........",
            EMPTY,
            EMPTY,
            EMPTY,
            ".....B....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    assert!(!e.game_over());
}

#[test]
fn cutoff_food_not_being_gathered() {
    let rules = Rules {
        cutoff_turn: 3,
        ..Rules::default()
    };
    // 1 + 1 ants, 12 food: food has 12/14 = 0.857 >= 0.85.
    let mut e = engine_with(
        &[
            "A.........",
            "..******..",
            "..******..",
            EMPTY,
            ".....B....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
        rules,
    );
    for turn in 1..=3 {
        step(&mut e, &[]);
        assert_eq!(e.game_over(), turn == 3, "turn {turn}");
    }
    assert_eq!(e.cutoff(), Some(Cutoff::FoodNotGathered));
}

#[test]
fn cutoff_ants_not_razing_hills() {
    let rules = Rules {
        cutoff_turn: 2,
        ..Rules::default()
    };
    let mut e = engine_with(
        &[
            "Aaaaaaaaa.",
            "aaaaaaaaa.",
            EMPTY,
            EMPTY,
            EMPTY,
            EMPTY,
            ".....B....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
        rules,
    );
    step(&mut e, &[]);
    assert!(!e.game_over());
    step(&mut e, &[]);
    assert!(e.game_over());
    assert_eq!(e.cutoff(), Some(Cutoff::AntsNotRazing));
}

#[test]
fn cutoff_turn_limit_and_removed_player_history() {
    let text = "rows 8\ncols 8\nplayers 2\nm ........\nm .0......\nm ........\nm ........\nm ........\nm .....1..\nm ........\nm ........\n";
    let map = Map::parse(text).unwrap();
    let config = GameConfig {
        turns: 5,
        ..GameConfig::seeded(3)
    };
    let r = play_game(
        &map,
        &config,
        vec![
            Box::new(bots::HoldBot) as Box<dyn ants::Bot>,
            Box::new(bots::HoldBot),
        ],
    )
    .unwrap();
    assert_eq!(r.turns, 5);
    assert_eq!(r.cutoff, Cutoff::TurnLimit);
    assert_eq!(r.statuses, vec![Status::Survived, Status::Survived]);
    assert_eq!(r.playerturns, vec![5, 5]);
    assert_eq!(r.replay.replaydata.scores[0].len(), 6);

    // A removed player's history stops and is padded when its score changes.
    let mut e = engine(
        &[
            "A.........",
            EMPTY,
            EMPTY,
            EMPTY,
            ".....B....",
            EMPTY,
            EMPTY,
            EMPTY,
        ],
        2,
    );
    step(&mut e, &[]);
    step(&mut e, &[]);
    e.begin_turn(3);
    e.remove_player(1, Status::Timeout, 3);
    e.move_and_fight();
    e.gather();
    e.end_turn();
    assert_eq!(e.players()[1].score_history, vec![1, 1, 1, 0]);
    assert_eq!(e.players()[0].score_history, vec![1, 1, 1, 1]);
    assert!(e.game_over());
    assert_eq!(e.cutoff(), Some(Cutoff::LoneSurvivor));
}

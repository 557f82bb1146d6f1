//! Every effect and precondition, the merchant's price dynamics and prediction, and the
//! engine's round order, on small hand-made worlds and the example world.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use economy::game::{Controller, Game};
use economy::loader::load_str;
use economy::merchant::Merchant;
use economy::rules::{self, Market, attr_slot, item_slot};
use economy::world::{AttributeBounds, Effect, Op, Precondition, Subject, World};

fn example() -> World {
    load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")
        .unwrap()
        .world
}

fn act(w: &World, name: &str) -> usize {
    w.activity_index(name).unwrap()
}

/// A market with the example's start prices, 100 stock, and plenty of merchant gold.
fn with_market<R>(w: &World, f: impl FnOnce(&Market<'_>) -> R) -> R {
    let prices = w.start_prices();
    let m = Market {
        prices: &prices,
        stock: &w.merchant.stock,
        pending: None,
        merchant_gold: 1_000_000,
    };
    f(&m)
}

fn effect_ok(w: &World, s: &[i64], e: Effect) -> bool {
    with_market(w, |m| rules::effect_executable(w, s, &e, m))
}

#[test]
fn fresh_player_matches_fig_7_1() {
    let w = example();
    let s = rules::start_state(&w);
    let prices = w.start_prices();
    assert_eq!(rules::score(&w, &s, &prices), 30);
    assert_eq!(rules::attribute_score(&w, &s), 30);
    assert_eq!(rules::item_value(&s, &prices), 0);
    let game = Game::new(Arc::new(w.clone()), &[("P".into(), Controller::Human)]);
    let names: Vec<&str> = game
        .executable(0)
        .iter()
        .map(|&a| w.activities[a].name.as_str())
        .collect();
    assert_eq!(names, ["GetreideErnten1", "Jagen1"]);
}

#[test]
fn gold_effect_needs_non_negative_result() {
    let w = example();
    let mut s = rules::start_state(&w);
    s[0] = 5;
    assert!(effect_ok(&w, &s, Effect::Gold(-5)));
    assert!(!effect_ok(&w, &s, Effect::Gold(-6)));
    assert!(effect_ok(&w, &s, Effect::Gold(7)));
}

#[test]
fn item_effect_needs_non_negative_count() {
    let w = example();
    let mehl = w.item_index("Mehl").unwrap();
    let mut s = rules::start_state(&w);
    assert!(!effect_ok(&w, &s, Effect::Item(mehl, -1)));
    s[item_slot(mehl)] = 1;
    assert!(effect_ok(&w, &s, Effect::Item(mehl, -1)));
    assert!(effect_ok(&w, &s, Effect::Item(mehl, 3)));
}

#[test]
fn attribute_effect_clamps_or_blocks() {
    let mut w = example();
    let hunger = w.attribute_index("Hunger").unwrap();
    let mut s = rules::start_state(&w);
    s[attr_slot(&w, hunger)] = 3;
    // Clamp mode: always executable; Essen: Wurst saturates at 0.
    assert!(effect_ok(&w, &s, Effect::Attribute(hunger, -10)));
    let essen = &w.activities[act(&w, "Essen: Wurst")];
    s[item_slot(w.item_index("Wurst").unwrap())] = 1;
    let mut t = s.clone();
    rules::apply(&w, &mut t, essen, &w.start_prices());
    assert_eq!(t[attr_slot(&w, hunger)], 0);
    // Block mode: only within range.
    w.attribute_bounds = AttributeBounds::Block;
    assert!(!effect_ok(&w, &s, Effect::Attribute(hunger, -10)));
    assert!(effect_ok(&w, &s, Effect::Attribute(hunger, -3)));
    assert!(!effect_ok(&w, &s, Effect::Attribute(hunger, 8)));
}

#[test]
fn buy_needs_gold_and_available_stock() {
    let w = example();
    let mehl = w.item_index("Mehl").unwrap();
    let mut s = rules::start_state(&w);
    s[0] = 299;
    assert!(!effect_ok(&w, &s, Effect::Buy(mehl, 3)));
    s[0] = 300;
    assert!(effect_ok(&w, &s, Effect::Buy(mehl, 3)));
    let prices = w.start_prices();
    let stock = vec![5; 5];
    let pending = vec![-3; 5];
    let m = Market {
        prices: &prices,
        stock: &stock,
        pending: Some(&pending),
        merchant_gold: 0,
    };
    assert!(rules::effect_executable(&w, &s, &Effect::Buy(mehl, 2), &m));
    assert!(!rules::effect_executable(&w, &s, &Effect::Buy(mehl, 3), &m));
    let mut t = s.clone();
    let kaufen = &w.activities[act(&w, "Kaufen: Mehl3")];
    rules::apply(&w, &mut t, kaufen, &prices);
    assert_eq!(t[0], 0);
    assert_eq!(t[item_slot(mehl)], 3);
}

#[test]
fn sell_needs_items_and_merchant_gold() {
    let w = example();
    let brot = w.item_index("Brot").unwrap();
    let mut s = rules::start_state(&w);
    s[item_slot(brot)] = 2;
    assert!(effect_ok(&w, &s, Effect::Sell(brot, 2)));
    assert!(!effect_ok(&w, &s, Effect::Sell(brot, 3)));
    let prices = w.start_prices();
    let m = Market {
        prices: &prices,
        stock: &w.merchant.stock,
        pending: None,
        merchant_gold: 99,
    };
    assert!(!rules::effect_executable(
        &w,
        &s,
        &Effect::Sell(brot, 2),
        &m
    ));
    assert!(rules::effect_executable(&w, &s, &Effect::Sell(brot, 1), &m));
    let mut t = s.clone();
    rules::apply(
        &w,
        &mut t,
        &w.activities[act(&w, "Verkaufen: Brot1")],
        &prices,
    );
    assert_eq!((t[0], t[item_slot(brot)]), (50, 1));
}

#[test]
fn every_operator_on_every_subject_kind() {
    let w = example();
    let mut s = rules::start_state(&w);
    s[0] = 7;
    s[item_slot(1)] = 2;
    let cases = [
        (Subject::Gold, 7),
        (Subject::Item(1), 2),
        (Subject::Attribute(1), 1),
    ];
    for (subject, v) in cases {
        let holds =
            |op, value| rules::precondition_holds(&w, &s, &Precondition { subject, op, value });
        assert!(holds(Op::Eq, v) && !holds(Op::Eq, v + 1));
        assert!(holds(Op::Gt, v - 1) && !holds(Op::Gt, v));
        assert!(holds(Op::Ge, v) && !holds(Op::Ge, v + 1));
        assert!(holds(Op::Lt, v + 1) && !holds(Op::Lt, v));
        assert!(holds(Op::Le, v) && !holds(Op::Le, v - 1));
    }
}

#[test]
fn effects_are_checked_on_the_state_before_and_applied_in_order() {
    let w = example();
    let bb = &w.activities[act(&w, "BrotBacken3")];
    let mut s = rules::start_state(&w);
    with_market(&w, |m| assert!(!rules::executable(&w, &s, bb, m)));
    s[item_slot(w.item_index("Mehl").unwrap())] = 1;
    with_market(&w, |m| assert!(rules::executable(&w, &s, bb, m)));
    let hunger = attr_slot(&w, w.attribute_index("Hunger").unwrap());
    s[hunger] = 10;
    with_market(&w, |m| assert!(!rules::executable(&w, &s, bb, m)));
    s[hunger] = 9;
    rules::apply(&w, &mut s, bb, &w.start_prices());
    assert_eq!(s[item_slot(w.item_index("Brot").unwrap())], 3);
    assert_eq!(s[item_slot(w.item_index("Mehl").unwrap())], 0);
    assert_eq!(s[hunger], 10);
    assert_eq!(
        s[attr_slot(&w, w.attribute_index("Skill: BrotBacken").unwrap())],
        2
    );
}

#[test]
fn goal_and_shortfall() {
    let mut w = example();
    let mut s = rules::start_state(&w);
    s[0] = 400;
    assert_eq!(rules::shortfall(&w, &s), 600);
    assert!(!rules::goal_reached(&w, &s));
    let hunger = w.attribute_index("Hunger").unwrap();
    let brot = w.item_index("Brot").unwrap();
    w.goal.items.push((brot, 3));
    w.goal.attributes.push((hunger, 2));
    s[attr_slot(&w, hunger)] = 5;
    assert_eq!(rules::shortfall(&w, &s), 600 + 3 + 3);
    s[0] = 1000;
    s[item_slot(brot)] = 3;
    s[attr_slot(&w, hunger)] = 2;
    assert!(rules::goal_reached(&w, &s));
}

#[test]
fn merchant_worked_example_of_spec_2_3() {
    let w = example();
    let getreide = w.item_index("Getreide").unwrap();
    let mut m = Merchant::new(&w);
    for _ in 0..8 {
        m.buy_from_player(getreide, 1);
    }
    assert_eq!(m.gold, 1_000_000 - 8 * 30);
    assert_eq!(m.stock[getreide], 100, "stock changes are buffered");
    m.end_round();
    assert_eq!((m.stock[getreide], m.price[getreide]), (108, 22));
    assert!((m.prediction[getreide] - 0.0).abs() < f64::EPSILON);
    assert_eq!(m.history[getreide], [-8]);
    m.end_round();
    assert_eq!((m.stock[getreide], m.price[getreide]), (108, 22));
    assert!((m.prediction[getreide] + 8.0).abs() < f64::EPSILON);
    assert_eq!(m.history[getreide], [-8, 0]);
    m.end_round();
    assert!((m.prediction[getreide] + 4.0).abs() < f64::EPSILON);
}

#[test]
fn merchant_price_floor_history_cap_and_buys() {
    let w = example();
    let mut m = Merchant::new(&w);
    m.buy_from_player(1, 50); // Fleisch 30 -> floor 1
    m.sell_to_player(3, 4); // Mehl 100 -> 104
    m.end_round();
    assert_eq!(m.price[1], 1);
    assert_eq!(m.history[1], [-29]);
    assert_eq!((m.price[3], m.stock[3]), (104, 96));
    for _ in 0..15 {
        m.end_round();
    }
    assert_eq!(m.history[1].len(), 10);
    assert!(m.prediction.iter().all(|p| p.abs() < f64::EPSILON));
}

#[test]
fn predicted_prices_round_half_away_and_respect_floor() {
    let w = example();
    let mut m = Merchant::new(&w);
    m.prediction = vec![-2.5, 0.5, -100.0, 1.25, 0.0];
    assert_eq!(m.predicted_prices(0), w.start_prices());
    // Brot 50 - 2.5 = 47.5 -> 48; Fleisch 30.5 -> 31; Getreide floor 1; Mehl 101.25 -> 101.
    assert_eq!(m.predicted_prices(1), vec![48, 31, 1, 101, 100]);
    assert_eq!(m.predicted_prices(2), vec![45, 31, 1, 103, 100]);
}

#[test]
fn fixed_prices_discard_pending_changes() {
    let w = example().with_variable_prices(false);
    let mut m = Merchant::new(&w);
    m.buy_from_player(0, 5);
    m.end_round();
    assert_eq!(m.stock[0], 100);
    assert_eq!(m.price[0], 50);
    assert_eq!(m.pending[0], 0);
    assert!(m.history[0].is_empty());
}

#[test]
fn buyers_in_player_order_cannot_overdraw_stock() {
    let mut w = example();
    w.merchant.stock = vec![1; 5];
    w.start_gold = 1000;
    let w = Arc::new(w);
    let players = [
        ("A".to_owned(), Controller::Human),
        ("B".to_owned(), Controller::Human),
    ];
    let mut g = Game::new(Arc::clone(&w), &players);
    let kaufen = act(&w, "Kaufen: Brot1");
    let report = g.next_round(&[Some(kaufen), Some(kaufen)]);
    assert_eq!(report.executed, vec![Some(kaufen), None]);
    assert_eq!(g.players[0].state[0], 950);
    assert_eq!(g.players[1].state[0], 1000);
    assert_eq!(g.merchant.stock[0], 0);
    assert_eq!(g.merchant.price[0], 51);
}

#[test]
fn all_trades_of_a_round_use_the_start_price() {
    let mut w = example();
    w.start_gold = 0;
    let w = Arc::new(w);
    let players = [
        ("A".to_owned(), Controller::Human),
        ("B".to_owned(), Controller::Human),
    ];
    let mut g = Game::new(Arc::clone(&w), &players);
    let brot = w.item_index("Brot").unwrap();
    for p in &mut g.players {
        p.state[item_slot(brot)] = 1;
    }
    let sell = act(&w, "Verkaufen: Brot1");
    g.next_round(&[Some(sell), Some(sell)]);
    assert_eq!(g.players[0].state[0], 50);
    assert_eq!(g.players[1].state[0], 50);
    assert_eq!(g.merchant.price[brot], 48);
    assert_eq!(g.merchant.stock[brot], 102);
}

#[test]
fn goal_finishes_player_and_records_rounds() {
    let w = Arc::new(example().with_gold_goal(50));
    let mut g = Game::new(Arc::clone(&w), &[("A".to_owned(), Controller::Human)]);
    let brot = w.item_index("Brot").unwrap();
    g.next_round(&[None]);
    g.players[0].state[item_slot(brot)] = 1;
    let report = g.next_round(&[Some(act(&w, "Verkaufen: Brot1"))]);
    assert_eq!(report.reached_goal, vec![0]);
    assert_eq!(g.players[0].rounds_to_goal, Some(2));
    assert!(g.is_over());
    // A finished player does nothing more.
    let report = g.next_round(&[Some(act(&w, "GetreideErnten1"))]);
    assert_eq!(report.executed, vec![None]);
    assert_eq!(g.players[0].round, 2);
}

#[test]
fn non_executable_choice_is_a_skip() {
    let w = Arc::new(example());
    let mut g = Game::new(Arc::clone(&w), &[("A".to_owned(), Controller::Human)]);
    let report = g.next_round(&[Some(act(&w, "BrotBacken3"))]);
    assert_eq!(report.executed, vec![None]);
    assert_eq!(g.players[0].round, 1);
    assert_eq!(g.players[0].state, rules::start_state(&w));
}

#[test]
fn view_serialises_and_renders() {
    let w = Arc::new(example());
    let g = Game::new(Arc::clone(&w), &[("You".to_owned(), Controller::Human)]);
    let v = g.view(Some(0));
    assert_eq!(
        v.executable
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>(),
        ["GetreideErnten1", "Jagen1"]
    );
    assert_eq!(v.players[0].total_score, 30);
    assert_eq!(v.activities.len(), 47);
    let json = serde_json::to_string(&v).unwrap();
    assert!(json.contains("\"prediction\":0.0"));
    let text = v.render_text();
    assert!(text.contains("Getreide") && text.contains("You"));
}

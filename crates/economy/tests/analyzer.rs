//! The GameAnalyzer on the example world: path enumeration (Brot and Wurst chains), yields,
//! ranking, edge rating test vectors of spec §5.4, update, and the cycle guard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use economy::analyzer::{GameAnalyzer, Path};
use economy::loader::load_str;
use economy::merchant::Merchant;
use economy::rules::{self, attr_slot, item_slot};
use economy::world::World;

fn example() -> World {
    load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")
        .unwrap()
        .world
}

fn names(w: &World, p: &Path) -> Vec<String> {
    p.steps
        .iter()
        .map(|&(a, c)| {
            if c == 1 {
                w.activities[a].name.clone()
            } else {
                format!("{}x{c}", w.activities[a].name)
            }
        })
        .collect()
}

fn find<'a>(w: &World, g: &'a GameAnalyzer, steps: &[&str]) -> &'a Path {
    g.ranking
        .iter()
        .find(|p| names(w, p) == steps)
        .unwrap_or_else(|| panic!("no path {steps:?}"))
}

#[test]
fn closed_path_counts_per_item() {
    let w = example();
    let g = GameAnalyzer::new(&w, &w.start_prices());
    assert_eq!(g.closed_per_item, vec![66, 6, 6, 21, 21]); // Brot, Fleisch, Getreide, Mehl, Wurst
    assert_eq!(g.ranking.len(), 120);
    assert!(g.ranking.iter().all(Path::is_closed));
    assert!(g.warnings.is_empty());
}

#[test]
fn ranking_top_three_with_tie_in_item_order() {
    let w = example();
    let g = GameAnalyzer::new(&w, &w.start_prices());
    let top: Vec<(Vec<String>, i64)> = g.ranking[..3]
        .iter()
        .map(|p| (names(&w, p), p.yield_value))
        .collect();
    assert_eq!(
        top[0],
        (
            vec![
                "BrotBacken9".into(),
                "MehlMahlen3".into(),
                "GetreideErnten3x3".into()
            ],
            90
        )
    );
    assert_eq!(top[1], (vec!["Jagen3".into()], 90));
    assert_eq!(top[2], (vec!["GetreideErnten3".into()], 90));
    assert!(
        g.ranking
            .windows(2)
            .all(|p| p[0].yield_value >= p[1].yield_value)
    );
}

#[test]
fn brot_and_wurst_chains_with_costs_and_yields() {
    let w = example();
    let g = GameAnalyzer::new(&w, &w.start_prices());
    let p = find(
        &w,
        &g,
        &["BrotBacken6", "MehlMahlen1x2", "GetreideErnten1x6"],
    );
    assert_eq!(p.yield_value, 300 / 9);
    assert_eq!(p.increased_amount, 6);
    let p = find(&w, &g, &["FleischZubereiten1", "Jagen1x3"]);
    assert_eq!(p.yield_value, 25);
    let pre: Vec<String> = p
        .preconditions
        .iter()
        .map(|c| w.precondition_text(c))
        .collect();
    assert_eq!(
        pre,
        [
            "Skill: FleischZubereiten >= 1",
            "Hunger < 10",
            "Skill: Jagen >= 1"
        ]
    );
    let p = find(&w, &g, &["BrotBacken9", "Kaufen: Mehl3"]);
    assert_eq!(p.yield_value, 75, "a buy counts as free");
    // Ceil scaling: one MehlMahlen3 makes 3 Mehl; BrotBacken3 needs 1 -> k = 1.
    let p = find(&w, &g, &["BrotBacken3", "MehlMahlen3", "GetreideErnten1x9"]);
    assert_eq!(p.increased_amount, 3);
    // FleischZubereiten3 needs 9 Fleisch; Jagen2 makes 2 -> ceil(9/2) = 5.
    let p = find(&w, &g, &["FleischZubereiten3", "Jagen2x5"]);
    assert_eq!(p.yield_value, (3 * 100 - 9 * 30 + 5 * 60) / 6);
}

#[test]
fn best_path_for_a_fresh_player() {
    let w = example();
    let g = GameAnalyzer::new(&w, &w.start_prices());
    let s = rules::start_state(&w);
    let b = &g.ranking[g.best_path(&w, &s).unwrap()];
    assert_eq!(
        names(&w, b),
        ["BrotBacken3", "MehlMahlen1", "GetreideErnten1x3"]
    );
    assert_eq!((b.yield_value, b.increased_amount), (30, 3));
}

fn edge(w: &World, g: &GameAnalyzer, s: &[i64], activity: &str) -> i64 {
    let m = Merchant::new(w);
    let ctx = g.edge_context(w, s, &m.market());
    g.edge_value(s, &ctx, w.activity_index(activity).unwrap())
}

#[test]
fn edge_rating_test_vectors() {
    let w = example();
    let g = GameAnalyzer::new(&w, &w.start_prices());
    let set = |s: &mut Vec<i64>, attr: &str, v: i64| {
        s[attr_slot(&w, w.attribute_index(attr).unwrap())] = v;
    };
    let s = rules::start_state(&w);
    assert_eq!(edge(&w, &g, &s, "GetreideErnten1"), 60);
    assert_eq!(edge(&w, &g, &s, "Jagen1"), 0);

    let mut s = rules::start_state(&w);
    s[item_slot(w.item_index("Getreide").unwrap())] = 3;
    set(&mut s, "Skill: GetreideErnten", 4);
    set(&mut s, "Hunger", 3);
    assert_eq!(edge(&w, &g, &s, "MehlMahlen1"), 60);
    for a in ["GetreideErnten1", "Jagen1", "Verkaufen: Getreide1"] {
        assert_eq!(edge(&w, &g, &s, a), 0, "{a}");
    }

    let mut s = rules::start_state(&w);
    s[item_slot(w.item_index("Brot").unwrap())] = 3;
    set(&mut s, "Hunger", 5);
    set(&mut s, "Skill: BrotBacken", 2);
    set(&mut s, "Skill: GetreideErnten", 4);
    set(&mut s, "Skill: MehlMahlen", 2);
    assert_eq!(edge(&w, &g, &s, "Verkaufen: Brot1"), 100);
    assert_eq!(edge(&w, &g, &s, "GetreideErnten1"), 60);
    assert_eq!(edge(&w, &g, &s, "Essen: Brot"), 0);
    assert_eq!(edge(&w, &g, &s, "Jagen1"), 0);
}

#[test]
fn edge_rating_goal_by_selling_prefers_largest_sale() {
    let w = example().with_gold_goal(500);
    let g = GameAnalyzer::new(&w, &w.start_prices());
    let mut s = rules::start_state(&w);
    s[0] = 400;
    s[item_slot(w.item_index("Fleisch").unwrap())] = 4; // 120 gold of Fleisch: goal by selling
    s[attr_slot(&w, w.attribute_index("Skill: Handeln").unwrap())] = 5;
    assert_eq!(edge(&w, &g, &s, "Verkaufen: Fleisch3"), 100);
    assert_eq!(
        edge(&w, &g, &s, "Verkaufen: Fleisch1"),
        0,
        "not the best sell"
    );
}

#[test]
fn update_resorts_stably_at_new_prices() {
    let w = example();
    let mut g = GameAnalyzer::new(&w, &w.start_prices());
    // Getreide crashes to 1: its farming paths fall out of the top.
    let mut prices = w.start_prices();
    prices[w.item_index("Getreide").unwrap()] = 1;
    g.update(&prices);
    assert!(
        g.ranking
            .windows(2)
            .all(|p| p[0].yield_value >= p[1].yield_value)
    );
    let top = names(&w, &g.ranking[0]);
    // Cheap Getreide makes buying it the best raw material: (150 + 291 + 0) / 3.
    assert_eq!(top, ["BrotBacken9", "MehlMahlen3", "Kaufen: Getreide9"]);
    assert_eq!(g.ranking[0].yield_value, (150 + (300 - 9)) / 3);
    let getreide = find(&w, &g, &["GetreideErnten3"]);
    assert_eq!(getreide.yield_value, 3);
}

#[test]
fn cycle_is_cut_and_enumeration_terminates() {
    let text = r#"
format = 1
name = "cycle"
[merchant]
gold = 100
[merchant.stock]
A = 1
B = 1
[[item]]
name = "A"
start_price = 1
[[item]]
name = "B"
start_price = 1
[[activity]]
name = "AzuB"
effects = ["B +1", "A -1"]
preconditions = []
[[activity]]
name = "BzuA"
effects = ["A +2", "B -1"]
preconditions = []
[[activity]]
name = "KaufA"
effects = ["buy A 1"]
preconditions = []
"#;
    let loaded = load_str(text, "cycle.toml").unwrap();
    assert!(loaded.warnings.iter().any(|w| w.contains("cycle")));
    let w = loaded.world;
    let g = GameAnalyzer::new(&w, &w.start_prices());
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(g.ranking.len(), 1, "only the closed buy path survives");
    let s = rules::start_state(&w);
    let m = Merchant::new(&w);
    let ctx = g.edge_context(&w, &s, &m.market());
    assert!(ctx.best.is_some());
}

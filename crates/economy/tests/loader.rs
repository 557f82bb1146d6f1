//! World-file loading: the bundled example world and every validation error and warning.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use economy::loader::{LoadError, load_str};
use economy::world::{AttributeBounds, Effect, Op, Subject};

const MINI: &str = r#"
format = 1
name = "mini"
[goal]
gold = 10
[merchant]
gold = 100
[merchant.stock]
Korn = 5
[[item]]
name = "Korn"
start_price = 3
[[attribute]]
name = "Hunger"
start = 0
min = 0
max = 10
positive = false
score_factor = -5
[[activity]]
name = "Ernten"
effects = ["Korn +1", "Hunger +1"]
preconditions = ["Hunger < 10"]
"#;

fn invalid(text: &str) -> (String, String) {
    match load_str(text, "w.toml") {
        Err(LoadError::Invalid { file, key, message }) => {
            assert_eq!(file, "w.toml");
            (key, message)
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
}

#[test]
fn example_world_loads_exactly() {
    let loaded = load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml").unwrap();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let w = loaded.world;
    assert_eq!(w.items.len(), 5);
    assert_eq!(w.attributes.len(), 7);
    assert_eq!(w.activities.len(), 47);
    assert_eq!(w.goal.gold, Some(1000));
    assert_eq!(w.merchant.gold, 1_000_000);
    assert_eq!(w.merchant.stock, vec![100; 5]);
    assert_eq!(w.attribute_bounds, AttributeBounds::Clamp);
    let bb = &w.activities[w.activity_index("BrotBacken3").unwrap()];
    assert_eq!(
        w.effects_text(bb),
        "Brot +3; Skill: BrotBacken +1; Mehl -1; Hunger +1;"
    );
    assert_eq!(
        w.preconditions_text(bb),
        "Skill: BrotBacken >= 1; Hunger < 10;"
    );
    let buy = &w.activities[w.activity_index("Kaufen: Mehl3").unwrap()];
    assert_eq!(
        buy.effects[0],
        Effect::Buy(w.item_index("Mehl").unwrap(), 3)
    );
    assert_eq!(buy.preconditions[0].op, Op::Ge);
    assert_eq!(
        buy.preconditions[0].subject,
        Subject::Attribute(w.attribute_index("Skill: Handeln").unwrap())
    );
}

#[test]
fn mini_world_loads_with_defaults() {
    let w = load_str(MINI, "w.toml").unwrap().world;
    assert!(w.merchant.variable_prices);
    assert_eq!(w.merchant.history_rounds, 10);
    assert_eq!(w.merchant.min_price, 1);
    assert_eq!(w.start_gold, 0);
}

#[test]
fn unknown_item_in_effect_names_the_key() {
    let (key, msg) = invalid(&MINI.replace("\"Korn +1\"", "\"Mais +1\""));
    assert_eq!(key, "activity[0].effects[0]");
    assert!(msg.contains("Mais"), "{msg}");
}

#[test]
fn unsigned_effect_amount_is_rejected() {
    let (key, msg) = invalid(&MINI.replace("\"Korn +1\"", "\"Korn 1\""));
    assert_eq!(key, "activity[0].effects[0]");
    assert!(msg.contains("sign"), "{msg}");
}

#[test]
fn bad_buy_amount_is_rejected() {
    let (key, _) = invalid(&MINI.replace("\"Korn +1\"", "\"buy Korn 0\""));
    assert_eq!(key, "activity[0].effects[0]");
}

#[test]
fn bad_operator_names_the_key() {
    let (key, msg) = invalid(&MINI.replace("Hunger < 10", "Hunger =< 10"));
    assert_eq!(key, "activity[0].preconditions[0]");
    assert!(msg.contains("operator"), "{msg}");
}

#[test]
fn bad_integer_in_precondition() {
    let (key, msg) = invalid(&MINI.replace("Hunger < 10", "Hunger < ten"));
    assert_eq!(key, "activity[0].preconditions[0]");
    assert!(msg.contains("integer"), "{msg}");
}

#[test]
fn duplicate_names_are_rejected() {
    let dup_item = MINI.replace(
        "[[attribute]]",
        "[[item]]\nname = \"Korn\"\nstart_price = 1\n[[attribute]]",
    );
    assert_eq!(invalid(&dup_item).0, "item[1].name");
    let dup_act = format!("{MINI}\n[[activity]]\nname = \"Ernten\"\n");
    assert_eq!(invalid(&dup_act).0, "activity[1].name");
    let clash = MINI.replace("name = \"Hunger\"", "name = \"Korn\"");
    assert!(invalid(&clash).1.contains("already an item"));
}

#[test]
fn gold_is_reserved() {
    let (key, _) = invalid(&MINI.replace("name = \"Hunger\"", "name = \"Gold\""));
    assert_eq!(key, "attribute[0].name");
}

#[test]
fn missing_stock_and_unknown_stock() {
    let (key, msg) = invalid(&MINI.replace("Korn = 5", ""));
    assert_eq!(key, "merchant.stock.Korn");
    assert!(msg.contains("missing"));
    assert_eq!(
        invalid(&MINI.replace("Korn = 5", "Korn = 5\nMais = 1")).0,
        "merchant.stock.Mais"
    );
}

#[test]
fn min_above_max_and_empty_activity_name() {
    assert_eq!(
        invalid(&MINI.replace("max = 10", "max = -1")).0,
        "attribute[0].min"
    );
    assert_eq!(
        invalid(&MINI.replace("name = \"Ernten\"", "name = \" \"")).0,
        "activity[0].name"
    );
}

#[test]
fn unknown_key_and_wrong_format() {
    match load_str(
        &MINI.replace("start_price = 3", "start_price = 3\ncolour = 1"),
        "w.toml",
    ) {
        Err(LoadError::Syntax { file, message }) => {
            assert_eq!(file, "w.toml");
            assert!(message.contains("colour"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        invalid(&MINI.replace("format = 1", "format = 2")).0,
        "format"
    );
    assert_eq!(
        invalid(&MINI.replace("[goal]", "[rules]\nattribute_bounds = \"wrap\"\n[goal]")).0,
        "rules.attribute_bounds"
    );
}

#[test]
fn unknown_goal_item() {
    assert_eq!(
        invalid(&MINI.replace(
            "[goal]\ngold = 10\n",
            "[goal]\ngold = 10\nitems = { Mais = 3 }\n"
        ))
        .0,
        "goal.items.Mais"
    );
}

#[test]
fn never_executable_activity_is_a_warning() {
    let text = MINI.replace("[\"Hunger < 10\"]", "[\"Hunger >= 5\", \"Hunger <= 4\"]");
    let loaded = load_str(&text, "w.toml").unwrap();
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("Ernten") && loaded.warnings[0].contains("never"));
    // Outside the attribute's range also counts.
    let text = MINI.replace("Hunger < 10", "Hunger > 10");
    assert_eq!(load_str(&text, "w.toml").unwrap().warnings.len(), 1);
}

#[test]
fn dependency_cycle_is_a_warning() {
    let text = format!(
        "{MINI}\n[[activity]]\nname = \"Umkehren\"\neffects = [\"Korn +1\", \"Korn -2\"]\npreconditions = []\n"
    );
    let loaded = load_str(&text, "w.toml").unwrap();
    assert!(
        loaded.warnings.iter().any(|w| w.contains("cycle")),
        "{:?}",
        loaded.warnings
    );
}

#[test]
fn io_error_names_the_file() {
    let err =
        economy::loader::load_file(std::path::Path::new("/nonexistent/world.toml")).unwrap_err();
    assert!(err.to_string().contains("/nonexistent/world.toml"));
}

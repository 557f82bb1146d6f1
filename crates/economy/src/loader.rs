//! The TOML world file format (spec §4): parsing, validation with errors that name the file
//! and key, and load-time warnings (activities that can never execute, dependency cycles).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::world::{
    Activity, Attribute, AttributeBounds, Effect, GOLD, Goal, Item, MerchantConfig, Op,
    Precondition, Subject, World,
};

/// A world file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The TOML is malformed or has an unknown/missing key or a wrong type.
    #[error("{file}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The parser's message (with line and column).
        message: String,
    },
    /// A value is invalid; `key` is the TOML key path, e.g. `activity[3].effects[1]`.
    #[error("{file}: {key}: {message}")]
    Invalid {
        /// The file.
        file: String,
        /// The key path.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// A loaded world together with its load-time warnings.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The world.
    pub world: World,
    /// Human-readable warnings (the world is usable).
    pub warnings: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWorld {
    format: i64,
    name: String,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    player: RawPlayer,
    #[serde(default)]
    goal: RawGoal,
    merchant: RawMerchant,
    #[serde(default)]
    item: Vec<RawItem>,
    #[serde(default)]
    attribute: Vec<RawAttribute>,
    #[serde(default)]
    activity: Vec<RawActivity>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    attribute_bounds: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    #[serde(default)]
    gold: i64,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawGoal {
    gold: Option<i64>,
    #[serde(default)]
    items: BTreeMap<String, i64>,
    #[serde(default)]
    attributes: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMerchant {
    gold: i64,
    #[serde(default = "yes")]
    variable_prices: bool,
    #[serde(default = "ten")]
    history_rounds: i64,
    #[serde(default = "one")]
    min_price: i64,
    #[serde(default)]
    stock: BTreeMap<String, i64>,
}

fn yes() -> bool {
    true
}
fn ten() -> i64 {
    10
}
fn one() -> i64 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawItem {
    name: String,
    start_price: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttribute {
    name: String,
    start: i64,
    min: i64,
    max: i64,
    positive: bool,
    score_factor: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawActivity {
    name: String,
    #[serde(default)]
    effects: Vec<String>,
    #[serde(default)]
    preconditions: Vec<String>,
}

/// The largest world file read (1 MiB; the bundled world is 9 KB).
pub const MAX_WORLD_BYTES: u64 = 1 << 20;

/// Reads and validates a world file (at most [`MAX_WORLD_BYTES`]).
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let file = path.display().to_string();
    let text =
        outfile::read_bounded(path, MAX_WORLD_BYTES, "world").map_err(|source| LoadError::Io {
            file: file.clone(),
            source,
        })?;
    load_str(&text, &file)
}

/// Parses and validates a world from TOML text; `file` names the source in errors.
pub fn load_str(text: &str, file: &str) -> Result<Loaded, LoadError> {
    let raw: RawWorld = toml::from_str(text).map_err(|e| LoadError::Syntax {
        file: file.to_owned(),
        message: e.to_string().trim_end().to_owned(),
    })?;
    let b = Builder { file };
    if let Ok(value) = text.parse::<toml::Table>() {
        check_amounts(&b, &value, "")?;
    }
    b.build(raw)
}

/// The largest amount (gold, prices, stock, attribute values, effects) a world may state:
/// 10^12, so that no sum over a game can overflow.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;

/// Refuses any integer beyond ±[`MAX_AMOUNT`], naming its key.
fn check_amounts(b: &Builder<'_>, table: &toml::Table, prefix: &str) -> Result<(), LoadError> {
    fn walk(b: &Builder<'_>, v: &toml::Value, key: &str) -> Result<(), LoadError> {
        match v {
            toml::Value::Integer(n) if n.unsigned_abs() > MAX_AMOUNT.unsigned_abs() => Err(b.err(
                key,
                format!("{n} is out of range (at most {MAX_AMOUNT} in absolute value)"),
            )),
            toml::Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, x)| walk(b, x, &format!("{key}[{i}]"))),
            toml::Value::Table(t) => check_amounts(b, t, key),
            _ => Ok(()),
        }
    }
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        walk(b, v, &key)?;
    }
    Ok(())
}

/// Parses an amount of an effect or a precondition, within ±[`MAX_AMOUNT`].
fn amount(n: &str, s: &str, what: &str) -> Result<i64, String> {
    n.parse::<i64>()
        .ok()
        .filter(|v| v.unsigned_abs() <= MAX_AMOUNT.unsigned_abs())
        .ok_or_else(|| {
            format!("bad {what} {n:?} in {s:?} (at most {MAX_AMOUNT} in absolute value)")
        })
}

struct Builder<'a> {
    file: &'a str,
}

impl Builder<'_> {
    fn err(&self, key: impl Into<String>, message: impl Into<String>) -> LoadError {
        LoadError::Invalid {
            file: self.file.to_owned(),
            key: key.into(),
            message: message.into(),
        }
    }

    fn build(&self, raw: RawWorld) -> Result<Loaded, LoadError> {
        if raw.format != 1 {
            return Err(self.err(
                "format",
                format!("unsupported format {} (expected 1)", raw.format),
            ));
        }
        let attribute_bounds = match raw.rules.attribute_bounds.as_deref() {
            None | Some("clamp") => AttributeBounds::Clamp,
            Some("block") => AttributeBounds::Block,
            Some(other) => {
                return Err(self.err(
                    "rules.attribute_bounds",
                    format!("expected \"clamp\" or \"block\", found {other:?}"),
                ));
            }
        };
        if raw.player.gold < 0 {
            return Err(self.err("player.gold", "must be >= 0"));
        }
        let items = self.items(&raw.item)?;
        let attributes = self.attributes(&raw.attribute, &items)?;
        let names = Names {
            items: &items,
            attributes: &attributes,
        };
        let merchant = self.merchant(&raw.merchant, &items)?;
        let goal = self.goal(&raw.goal, &names)?;
        let mut activities: Vec<Activity> = Vec::with_capacity(raw.activity.len());
        for (i, a) in raw.activity.iter().enumerate() {
            let key = format!("activity[{i}]");
            let name = a.name.trim();
            if name.is_empty() {
                return Err(self.err(format!("{key}.name"), "empty activity name"));
            }
            if activities.iter().any(|b| b.name == name) {
                return Err(self.err(
                    format!("{key}.name"),
                    format!("duplicate activity {name:?}"),
                ));
            }
            let effects = a
                .effects
                .iter()
                .enumerate()
                .map(|(j, s)| {
                    parse_effect(s, &names).map_err(|m| self.err(format!("{key}.effects[{j}]"), m))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let preconditions = a
                .preconditions
                .iter()
                .enumerate()
                .map(|(j, s)| {
                    parse_precondition(s, &names)
                        .map_err(|m| self.err(format!("{key}.preconditions[{j}]"), m))
                })
                .collect::<Result<Vec<_>, _>>()?;
            activities.push(Activity {
                name: name.to_owned(),
                effects,
                preconditions,
            });
        }
        let world = World {
            name: raw.name,
            attribute_bounds,
            start_gold: raw.player.gold,
            goal,
            merchant,
            items,
            attributes,
            activities,
        };
        let mut warnings = never_executable(&world);
        warnings.extend(crate::analyzer::dependency_cycles(&world).into_iter().map(|cycle| {
            format!(
                "dependency cycle among items: {} (their open production paths are dropped)",
                cycle.join(", ")
            )
        }));
        Ok(Loaded { world, warnings })
    }

    fn items(&self, raw: &[RawItem]) -> Result<Vec<Item>, LoadError> {
        let mut items: Vec<Item> = Vec::with_capacity(raw.len());
        for (i, it) in raw.iter().enumerate() {
            let key = format!("item[{i}]");
            let name = it.name.trim();
            self.check_name(&format!("{key}.name"), name)?;
            if items.iter().any(|x| x.name == name) {
                return Err(self.err(format!("{key}.name"), format!("duplicate item {name:?}")));
            }
            if it.start_price < 0 {
                return Err(self.err(format!("{key}.start_price"), "must be >= 0"));
            }
            items.push(Item {
                name: name.to_owned(),
                start_price: it.start_price,
            });
        }
        Ok(items)
    }

    fn attributes(
        &self,
        raw: &[RawAttribute],
        items: &[Item],
    ) -> Result<Vec<Attribute>, LoadError> {
        let mut attrs: Vec<Attribute> = Vec::with_capacity(raw.len());
        for (i, a) in raw.iter().enumerate() {
            let key = format!("attribute[{i}]");
            let name = a.name.trim();
            self.check_name(&format!("{key}.name"), name)?;
            if attrs.iter().any(|x| x.name == name) {
                return Err(self.err(
                    format!("{key}.name"),
                    format!("duplicate attribute {name:?}"),
                ));
            }
            if items.iter().any(|x| x.name == name) {
                return Err(self.err(
                    format!("{key}.name"),
                    format!(
                        "{name:?} is already an item; a name is either an item or an attribute"
                    ),
                ));
            }
            if a.min > a.max {
                return Err(self.err(
                    format!("{key}.min"),
                    format!("min {} > max {}", a.min, a.max),
                ));
            }
            if a.start < a.min || a.start > a.max {
                return Err(self.err(
                    format!("{key}.start"),
                    format!("start {} outside [{}, {}]", a.start, a.min, a.max),
                ));
            }
            attrs.push(Attribute {
                name: name.to_owned(),
                start: a.start,
                min: a.min,
                max: a.max,
                positive: a.positive,
                score_factor: a.score_factor,
            });
        }
        Ok(attrs)
    }

    fn check_name(&self, key: &str, name: &str) -> Result<(), LoadError> {
        if name.is_empty() {
            return Err(self.err(key, "empty name"));
        }
        if name == GOLD {
            return Err(self.err(key, "\"Gold\" is reserved for the players' gold"));
        }
        Ok(())
    }

    fn merchant(&self, m: &RawMerchant, items: &[Item]) -> Result<MerchantConfig, LoadError> {
        if m.gold < 0 {
            return Err(self.err("merchant.gold", "must be >= 0"));
        }
        if m.history_rounds < 1 {
            return Err(self.err("merchant.history_rounds", "must be >= 1"));
        }
        if m.min_price < 0 {
            return Err(self.err("merchant.min_price", "must be >= 0"));
        }
        for name in m.stock.keys() {
            if !items.iter().any(|i| &i.name == name) {
                return Err(self.err(
                    format!("merchant.stock.{name}"),
                    format!("unknown item {name:?}"),
                ));
            }
        }
        let mut stock = Vec::with_capacity(items.len());
        for it in items {
            match m.stock.get(&it.name) {
                None => {
                    return Err(self.err(
                        format!("merchant.stock.{}", it.name),
                        format!("missing stock entry for item {:?}", it.name),
                    ));
                }
                Some(&n) if n < 0 => {
                    return Err(self.err(format!("merchant.stock.{}", it.name), "must be >= 0"));
                }
                Some(&n) => stock.push(n),
            }
        }
        Ok(MerchantConfig {
            gold: m.gold,
            variable_prices: m.variable_prices,
            history_rounds: m.history_rounds as usize,
            min_price: m.min_price,
            stock,
        })
    }

    fn goal(&self, g: &RawGoal, names: &Names<'_>) -> Result<Goal, LoadError> {
        let mut goal = Goal {
            gold: g.gold,
            ..Goal::default()
        };
        for (name, &n) in &g.items {
            let i = names.item(name).ok_or_else(|| {
                self.err(
                    format!("goal.items.{name}"),
                    format!("unknown item {name:?}"),
                )
            })?;
            goal.items.push((i, n));
        }
        for (name, &n) in &g.attributes {
            let a = names.attribute(name).ok_or_else(|| {
                self.err(
                    format!("goal.attributes.{name}"),
                    format!("unknown attribute {name:?}"),
                )
            })?;
            goal.attributes.push((a, n));
        }
        goal.items.sort_unstable();
        goal.attributes.sort_unstable();
        Ok(goal)
    }
}

struct Names<'a> {
    items: &'a [Item],
    attributes: &'a [Attribute],
}

impl Names<'_> {
    fn item(&self, name: &str) -> Option<usize> {
        self.items.iter().position(|i| i.name == name)
    }
    fn attribute(&self, name: &str) -> Option<usize> {
        self.attributes.iter().position(|a| a.name == name)
    }
    fn subject(&self, name: &str) -> Option<Subject> {
        if name == GOLD {
            Some(Subject::Gold)
        } else if let Some(i) = self.item(name) {
            Some(Subject::Item(i))
        } else {
            self.attribute(name).map(Subject::Attribute)
        }
    }
}

/// Splits off the last whitespace-separated token.
fn split_last(s: &str) -> Option<(&str, &str)> {
    let s = s.trim();
    let at = s.rfind(char::is_whitespace)?;
    Some((s[..at].trim_end(), &s[at + 1..]))
}

fn parse_effect(s: &str, names: &Names<'_>) -> Result<Effect, String> {
    let t = s.trim();
    for (word, is_buy) in [("buy ", true), ("sell ", false)] {
        if let Some(rest) = t.strip_prefix(word) {
            let (name, n) =
                split_last(rest).ok_or_else(|| format!("expected `{word}<item> <n>` in {s:?}"))?;
            let n = amount(n, s, "amount")?;
            if n < 1 {
                return Err(format!("amount must be >= 1 in {s:?}"));
            }
            let i = names
                .item(name)
                .ok_or_else(|| format!("unknown item {name:?} in {s:?}"))?;
            return Ok(if is_buy {
                Effect::Buy(i, n)
            } else {
                Effect::Sell(i, n)
            });
        }
    }
    let (name, n) = split_last(t).ok_or_else(|| format!("expected `<name> <+n|-n>` in {s:?}"))?;
    if !(n.starts_with('+') || n.starts_with('-')) {
        return Err(format!(
            "amount {n:?} needs an explicit sign (+ or -) in {s:?}"
        ));
    }
    let n = amount(n, s, "amount")?;
    match names.subject(name) {
        Some(Subject::Gold) => Ok(Effect::Gold(n)),
        Some(Subject::Item(i)) => Ok(Effect::Item(i, n)),
        Some(Subject::Attribute(a)) => Ok(Effect::Attribute(a, n)),
        None => Err(format!("unknown item or attribute {name:?} in {s:?}")),
    }
}

fn parse_precondition(s: &str, names: &Names<'_>) -> Result<Precondition, String> {
    let (rest, value) =
        split_last(s).ok_or_else(|| format!("expected `<name> <op> <int>` in {s:?}"))?;
    let (name, op) =
        split_last(rest).ok_or_else(|| format!("expected `<name> <op> <int>` in {s:?}"))?;
    let op = Op::parse(op)
        .ok_or_else(|| format!("bad operator {op:?} in {s:?} (use ==, >, >=, <, <=)"))?;
    let value = amount(value, s, "integer")?;
    let subject = names
        .subject(name)
        .ok_or_else(|| format!("unknown item, attribute or Gold {name:?} in {s:?}"))?;
    Ok(Precondition { subject, op, value })
}

/// Warnings for activities whose preconditions can never hold together.
fn never_executable(world: &World) -> Vec<String> {
    let mut out = Vec::new();
    for a in &world.activities {
        let mut subjects: Vec<Subject> = Vec::new();
        for p in &a.preconditions {
            if !subjects.contains(&p.subject) {
                subjects.push(p.subject);
            }
        }
        for s in subjects {
            let (mut lo, mut hi) = match s {
                Subject::Gold | Subject::Item(_) => (0, i64::MAX),
                Subject::Attribute(i) => (world.attributes[i].min, world.attributes[i].max),
            };
            for p in a.preconditions.iter().filter(|p| p.subject == s) {
                let v = p.value;
                match p.op {
                    Op::Eq => {
                        lo = lo.max(v);
                        hi = hi.min(v);
                    }
                    Op::Gt => lo = lo.max(v.saturating_add(1)),
                    Op::Ge => lo = lo.max(v),
                    Op::Lt => hi = hi.min(v.saturating_sub(1)),
                    Op::Le => hi = hi.min(v),
                }
            }
            if lo > hi {
                out.push(format!(
                    "activity {:?} can never execute: its preconditions on {:?} cannot hold (possible range [{lo}, {hi}] is empty)",
                    a.name,
                    world.subject_name(s)
                ));
            }
        }
    }
    out
}

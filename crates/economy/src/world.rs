//! The static data model: items, attributes, activities (preconditions and effects), the
//! goal and the merchant's configuration (spec §1). Everything is index-based in file order.

use serde::Serialize;

/// The reserved subject name for a player's gold.
pub const GOLD: &str = "Gold";

/// An item with its start price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Item {
    /// Unique name.
    pub name: String,
    /// Price per unit at game start.
    pub start_price: i64,
}

/// An attribute (skill or a negative attribute such as Hunger).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Attribute {
    /// Unique name.
    pub name: String,
    /// Start value of every player.
    pub start: i64,
    /// Lowest value.
    pub min: i64,
    /// Highest value.
    pub max: i64,
    /// True for skills (higher is better), false for e.g. Hunger.
    pub positive: bool,
    /// Signed score points per unit (E-4).
    pub score_factor: i64,
}

/// How attribute effects treat the attribute's bounds (E-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AttributeBounds {
    /// Saturate at min/max; never blocks.
    Clamp,
    /// Executable only if the result stays within [min, max].
    Block,
}

/// What a precondition looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Subject {
    /// The acting player's gold.
    Gold,
    /// The acting player's count of an item (index).
    Item(usize),
    /// The acting player's value of an attribute (index).
    Attribute(usize),
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Op {
    /// `==`
    Eq,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
}

impl Op {
    /// Parses `==`, `>`, `>=`, `<`, `<=`.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "==" => Self::Eq,
            ">" => Self::Gt,
            ">=" => Self::Ge,
            "<" => Self::Lt,
            "<=" => Self::Le,
            _ => return None,
        })
    }

    /// The operator's text.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Eq => "==",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::Lt => "<",
            Self::Le => "<=",
        }
    }

    /// True if `lhs op rhs`.
    #[inline]
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Self::Eq => lhs == rhs,
            Self::Gt => lhs > rhs,
            Self::Ge => lhs >= rhs,
            Self::Lt => lhs < rhs,
            Self::Le => lhs <= rhs,
        }
    }
}

/// `subject op value`, checked on the acting player only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Precondition {
    /// What is compared.
    pub subject: Subject,
    /// The comparison.
    pub op: Op,
    /// The right-hand side.
    pub value: i64,
}

/// One effect of an activity (spec §1.1 table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// `Gold ±n`.
    Gold(i64),
    /// `<item> ±n`.
    Item(usize, i64),
    /// `<attribute> ±n`.
    Attribute(usize, i64),
    /// `buy <item> <n>` from the merchant.
    Buy(usize, i64),
    /// `sell <item> <n>` to the merchant.
    Sell(usize, i64),
}

/// An activity: ordered effects applied as one step, and preconditions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Activity {
    /// Unique name.
    pub name: String,
    /// Effects in list order.
    pub effects: Vec<Effect>,
    /// Preconditions (all must hold).
    pub preconditions: Vec<Precondition>,
}

/// The global goal: minimum requirements; unlisted components are unconstrained (E-11).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Goal {
    /// Minimum gold.
    pub gold: Option<i64>,
    /// Minimum item counts (item index, count).
    pub items: Vec<(usize, i64)>,
    /// Attribute bounds (index, value): ≥ for positive, ≤ for negative attributes.
    pub attributes: Vec<(usize, i64)>,
}

/// The merchant's start configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MerchantConfig {
    /// Start gold.
    pub gold: i64,
    /// False = fixed prices (E-8).
    pub variable_prices: bool,
    /// Number of price changes kept for the prediction (E-7).
    pub history_rounds: usize,
    /// Prices never fall below this (E-6).
    pub min_price: i64,
    /// Start stock per item (file order).
    pub stock: Vec<i64>,
}

/// A complete world: the static rules of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct World {
    /// World name.
    pub name: String,
    /// Attribute-effect mode (E-3).
    pub attribute_bounds: AttributeBounds,
    /// Start gold of every player.
    pub start_gold: i64,
    /// The goal.
    pub goal: Goal,
    /// The merchant.
    pub merchant: MerchantConfig,
    /// Items in file order.
    pub items: Vec<Item>,
    /// Attributes in file order.
    pub attributes: Vec<Attribute>,
    /// Activities in file order.
    pub activities: Vec<Activity>,
}

impl World {
    /// Index of an item by name.
    pub fn item_index(&self, name: &str) -> Option<usize> {
        self.items.iter().position(|i| i.name == name)
    }

    /// Index of an attribute by name.
    pub fn attribute_index(&self, name: &str) -> Option<usize> {
        self.attributes.iter().position(|a| a.name == name)
    }

    /// Index of an activity by name.
    pub fn activity_index(&self, name: &str) -> Option<usize> {
        self.activities.iter().position(|a| a.name == name)
    }

    /// The name of a subject.
    pub fn subject_name(&self, s: Subject) -> &str {
        match s {
            Subject::Gold => GOLD,
            Subject::Item(i) => &self.items[i].name,
            Subject::Attribute(a) => &self.attributes[a].name,
        }
    }

    /// Start prices in file order.
    pub fn start_prices(&self) -> Vec<i64> {
        self.items.iter().map(|i| i.start_price).collect()
    }

    /// A copy with another gold goal (items/attributes of the goal kept).
    #[must_use]
    pub fn with_gold_goal(mut self, gold: i64) -> Self {
        self.goal.gold = Some(gold);
        self
    }

    /// A copy with fixed or variable prices.
    #[must_use]
    pub fn with_variable_prices(mut self, variable: bool) -> Self {
        self.merchant.variable_prices = variable;
        self
    }

    /// An effect in the thesis's display syntax, e.g. `Brot +3` or `buy Mehl 3`.
    pub fn effect_text(&self, e: &Effect) -> String {
        match *e {
            Effect::Gold(n) => format!("{GOLD} {n:+}"),
            Effect::Item(i, n) => format!("{} {n:+}", self.items[i].name),
            Effect::Attribute(a, n) => format!("{} {n:+}", self.attributes[a].name),
            Effect::Buy(i, n) => format!("buy {} {n}", self.items[i].name),
            Effect::Sell(i, n) => format!("sell {} {n}", self.items[i].name),
        }
    }

    /// A precondition in display syntax, e.g. `Hunger < 10`.
    pub fn precondition_text(&self, p: &Precondition) -> String {
        format!(
            "{} {} {}",
            self.subject_name(p.subject),
            p.op.as_str(),
            p.value
        )
    }

    /// All effects of an activity as the thesis's GUI shows them: `Brot +3; Mehl -1;`.
    pub fn effects_text(&self, a: &Activity) -> String {
        let parts: Vec<String> = a
            .effects
            .iter()
            .map(|e| format!("{};", self.effect_text(e)))
            .collect();
        parts.join(" ")
    }

    /// All preconditions of an activity: `Skill: BrotBacken >= 1; Hunger < 10;`.
    pub fn preconditions_text(&self, a: &Activity) -> String {
        let parts: Vec<String> = a
            .preconditions
            .iter()
            .map(|p| format!("{};", self.precondition_text(p)))
            .collect();
        parts.join(" ")
    }
}

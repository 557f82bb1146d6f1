//! The pure rules on a player's state (spec §1.1–1.2): executability, applying an activity,
//! score and goal. A player state is a flat slice `[gold, items…, attributes…]` so that the
//! search can store and hash states without per-node allocation.

use crate::world::{Activity, AttributeBounds, Effect, Precondition, Subject, World};

/// Index of gold in a state slice.
pub const GOLD_SLOT: usize = 0;

/// Slot of item `i` in a state slice.
#[inline]
pub fn item_slot(i: usize) -> usize {
    1 + i
}

/// Slot of attribute `a` in a state slice of `world`.
#[inline]
pub fn attr_slot(world: &World, a: usize) -> usize {
    1 + world.items.len() + a
}

/// Length of a state slice for `world`.
pub fn state_width(world: &World) -> usize {
    1 + world.items.len() + world.attributes.len()
}

/// A fresh player's state: start gold, no items, attributes at their start values.
pub fn start_state(world: &World) -> Vec<i64> {
    let mut s = vec![0; state_width(world)];
    s[GOLD_SLOT] = world.start_gold;
    for (a, attr) in world.attributes.iter().enumerate() {
        s[attr_slot(world, a)] = attr.start;
    }
    s
}

/// The prices and merchant limits an executability check sees (§1.2).
#[derive(Clone, Copy, Debug)]
pub struct Market<'a> {
    /// Unit price per item.
    pub prices: &'a [i64],
    /// Merchant stock per item.
    pub stock: &'a [i64],
    /// Pending stock changes of this round (buys need `stock + pending ≥ n`, E-9).
    pub pending: Option<&'a [i64]>,
    /// Merchant gold.
    pub merchant_gold: i64,
}

impl Market<'_> {
    /// Units the merchant can still sell of item `i`.
    #[inline]
    pub fn available(&self, i: usize) -> i64 {
        self.stock[i] + self.pending.map_or(0, |p| p[i])
    }
}

/// The value a precondition reads.
#[inline]
fn subject_value(world: &World, s: &[i64], subject: Subject) -> i64 {
    match subject {
        Subject::Gold => s[GOLD_SLOT],
        Subject::Item(i) => s[item_slot(i)],
        Subject::Attribute(a) => s[attr_slot(world, a)],
    }
}

/// True if `p` holds in state `s`.
#[inline]
pub fn precondition_holds(world: &World, s: &[i64], p: &Precondition) -> bool {
    p.op.holds(subject_value(world, s, p.subject), p.value)
}

/// True if every precondition of `a` holds in `s` (ignores effects).
#[inline]
pub fn preconditions_hold(world: &World, s: &[i64], a: &Activity) -> bool {
    a.preconditions
        .iter()
        .all(|p| precondition_holds(world, s, p))
}

/// True if effect `e` is executable on state `s` (checked on the state before the activity).
#[inline]
pub fn effect_executable(world: &World, s: &[i64], e: &Effect, m: &Market<'_>) -> bool {
    match *e {
        Effect::Gold(n) => s[GOLD_SLOT] + n >= 0,
        Effect::Item(i, n) => s[item_slot(i)] + n >= 0,
        Effect::Attribute(a, n) => match world.attribute_bounds {
            AttributeBounds::Clamp => true,
            AttributeBounds::Block => {
                let attr = &world.attributes[a];
                let v = s[attr_slot(world, a)] + n;
                v >= attr.min && v <= attr.max
            }
        },
        Effect::Buy(i, n) => s[GOLD_SLOT] >= n * m.prices[i] && m.available(i) >= n,
        Effect::Sell(i, n) => s[item_slot(i)] >= n && m.merchant_gold >= n * m.prices[i],
    }
}

/// True if activity `a` is executable: all preconditions and all effects (§1.1).
#[inline]
pub fn executable(world: &World, s: &[i64], a: &Activity, m: &Market<'_>) -> bool {
    preconditions_hold(world, s, a) && a.effects.iter().all(|e| effect_executable(world, s, e, m))
}

/// Applies `a`'s effects in list order to the player's state (the merchant side is the
/// caller's business). Attributes are clamped to their range.
#[inline]
pub fn apply(world: &World, s: &mut [i64], a: &Activity, prices: &[i64]) {
    for e in &a.effects {
        match *e {
            Effect::Gold(n) => s[GOLD_SLOT] += n,
            Effect::Item(i, n) => s[item_slot(i)] += n,
            Effect::Attribute(a, n) => {
                let attr = &world.attributes[a];
                let slot = attr_slot(world, a);
                s[slot] = (s[slot] + n).clamp(attr.min, attr.max);
            }
            Effect::Buy(i, n) => {
                s[item_slot(i)] += n;
                s[GOLD_SLOT] -= n * prices[i];
            }
            Effect::Sell(i, n) => {
                s[item_slot(i)] -= n;
                s[GOLD_SLOT] += n * prices[i];
            }
        }
    }
}

/// Σ items (count × price).
#[inline]
pub fn item_value(s: &[i64], prices: &[i64]) -> i64 {
    prices
        .iter()
        .enumerate()
        .map(|(i, p)| s[item_slot(i)] * p)
        .sum()
}

/// Σ attributes (value × score factor).
#[inline]
pub fn attribute_score(world: &World, s: &[i64]) -> i64 {
    world
        .attributes
        .iter()
        .enumerate()
        .map(|(a, attr)| s[attr_slot(world, a)] * attr.score_factor)
        .sum()
}

/// Score = gold + item value + attribute score (§1.1).
#[inline]
pub fn score(world: &World, s: &[i64], prices: &[i64]) -> i64 {
    s[GOLD_SLOT] + item_value(s, prices) + attribute_score(world, s)
}

/// True if `s` meets every listed goal component (E-11).
pub fn goal_reached(world: &World, s: &[i64]) -> bool {
    shortfall(world, s) == 0
}

/// Summed shortfall to every listed goal component (E-23); 0 exactly at the goal.
pub fn shortfall(world: &World, s: &[i64]) -> i64 {
    let g = &world.goal;
    let mut d = g.gold.map_or(0, |gold| (gold - s[GOLD_SLOT]).max(0));
    for &(i, n) in &g.items {
        d += (n - s[item_slot(i)]).max(0);
    }
    for &(a, n) in &g.attributes {
        let v = s[attr_slot(world, a)];
        d += if world.attributes[a].positive {
            (n - v).max(0)
        } else {
            (v - n).max(0)
        };
    }
    d
}

//! The thesis's log categories (§7) as `tracing` targets, so levels can be set per category.
//! The `botforge` binary reads the filter from `BOTFORGE_LOG`, e.g.
//! `BOTFORGE_LOG=thesis::attack_hills=debug,thesis::performance=trace`.

/// Order bookkeeping (the thesis's `ORDERES`).
pub const ORDERS: &str = "thesis::orders";
/// Time used per turn and per task.
pub const PERFORMANCE: &str = "thesis::performance";
/// Game setup.
pub const SETUP: &str = "thesis::setup";
/// Hill attacks.
pub const ATTACK_HILLS: &str = "thesis::attack_hills";
/// Hill defence.
pub const DEFEND_HILL: &str = "thesis::defend_hill";
/// Food gathering.
pub const GATHER_FOOD: &str = "thesis::gather_food";
/// Exploration.
pub const EXPLORE: &str = "thesis::explore";
/// Combat positioning.
pub const COMBAT: &str = "thesis::combat";
/// Resource allocation.
pub const RESOURCES: &str = "thesis::resources";
/// Population statistics (every 10th turn) and the turn summary.
pub const STATISTICS: &str = "thesis::statistics";

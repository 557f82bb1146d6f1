//! The Bern thesis Ants bot (Kuster & Käser, "AI Bot für Computerspiele: Ants AI Challenge",
//! BFH 2013), rebuilt on botforge's `grid` crate.
//!
//! [`ThesisBot`] implements [`ants::Bot`]. Each turn it follows the thesis's `doTurn`: update
//! the [`world`] knowledge (remembered water, visibility, hills, ants tracked by id), the
//! [`influence`] map, allocate [`resources`] per task type from the [`Profile`] and four rules,
//! run the [`tasks`] in the thesis's order (missions first; [`missions`] persist across turns),
//! and hand the [`orders`] book's orders to the engine. Combat uses the thesis's
//! [`combat`] positioning; hill defence may use a [`barrier`]. Our addition: a per-move [`safety`] pass
//! keeps ants that do not engage on purpose out of enemy attack range.
//!
//! Every value the thesis leaves open is a named constant documented where it is used; the
//! list is collected in `docs/ants-thesis.md`. Logging uses `tracing` with one target per
//! thesis log category ([`log`]); with [`ThesisBot::set_visualize`] (`thesis(visualize=true)`)
//! per-ant notes (task, target, mission, path) and optionally the influence map are returned
//! as 2011 visualizer commands by [`ants::Bot::take_visuals`] ([`visual`]).
//!
//! ```
//! use ants_thesis::{Profile, ThesisBot};
//! let bot = ThesisBot::new(Profile::by_name("aggressive").unwrap());
//! assert_eq!(bot.profile().attack_hills, 45);
//! assert!(Profile::names().contains(&"expansive2"));
//! ```

pub mod barrier;
mod bot;
pub mod combat;
pub mod influence;
pub mod log;
pub mod missions;
pub mod nav;
pub mod orders;
pub mod profile;
pub mod resources;
pub mod safety;
pub mod tasks;
#[cfg(test)]
mod test_support;
pub mod visual;
pub mod world;

pub use bot::{TIME_SHARE, ThesisBot};
pub use profile::{Profile, ProfileError};
pub use visual::Visualize;

//! Generic search algorithms, in the style of the `pathfinding` crate: small functions that
//! take closures (successors, cost, heuristic, goal test) over any `Clone + Eq + Hash` node
//! type. Each returns its answer together with [`Stats`]; every search honours a shared
//! [`Budget`] (pass `&Budget::unlimited()` for none).
//!
//! # Result shape
//! Every path search ([`bfs`], [`dfs`], [`iddfs`], [`uniform_cost`], [`best_first`],
//! [`astar`], [`hill_climbing`]) returns a [`PathResult`]: `path: Option<(Vec<N>, C)>` —
//! the nodes from start to goal, both included, and the path's cost (the number of steps
//! for the unweighted searches) — plus `stats` and `budget_exhausted`. A `None` path with
//! `budget_exhausted == false` proves that no goal is reachable (within the depth limit).
//! The adversarial searches return [`adversarial::GameResult`] and
//! [`adversarial::ChainResult`], which carry the same `stats` and `budget_exhausted`.
//!
//! ```
//! use search::{astar, bfs, Budget};
//! // A 10-wide strip of integers; walk from 0 to 7.
//! let succ = |&n: &i32| [n - 1, n + 1].into_iter().filter(|m| (0..10).contains(m));
//! let found = bfs(&0, succ, |&n| n == 7, &Budget::unlimited());
//! assert_eq!(found.path.map(|(p, steps)| (p.len(), steps)), Some((8, 7)));
//! let found = astar(&0, |&n| succ(&n).map(|m| (m, 2)), |&n| 2 * (7 - n).abs(), |&n| n == 7,
//!                   &Budget::unlimited());
//! assert_eq!(found.cost(), Some(14));
//! ```

pub mod adversarial;
pub mod anytime;
mod astar;
mod best_first;
mod bfs;
mod budget;
mod dfs;
mod hill_climbing;
mod iddfs;
mod open;
mod result;
mod stats;
mod tree;
mod uniform_cost;

pub use astar::astar;
pub use best_first::best_first;
pub use bfs::bfs;
pub use budget::{Budget, Meter};
pub use dfs::dfs;
pub use hill_climbing::hill_climbing;
pub use iddfs::iddfs;
pub use result::PathResult;
pub use stats::Stats;
pub use uniform_cost::uniform_cost;

//! Generic search algorithms, in the style of the `pathfinding` crate: small functions that
//! take closures (successors, cost, heuristic, goal test) over any `Clone + Eq + Hash` node
//! type. Each returns its answer together with [`Stats`]; long-running searches honour a
//! shared [`Budget`].

pub mod anytime;
mod budget;
mod stats;

pub use budget::Budget;
pub use stats::Stats;

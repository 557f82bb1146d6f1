//! 2-D grids and the fast, grid-specialised algorithms of botforge.
//!
//! The core types are [`Pos`], [`Dir`], [`Shape`] (dimensions plus a [`Topology`]: bounded
//! or torus) and [`Grid<T>`], a flat `Vec<T>` indexed by `u32`. On top of them:
//! [`FloodFill`] (multi-source BFS with limits, distance and first-move fields), [`AStar`]
//! (array-backed grid A* with optional per-cell costs), [`Hpa`] (hierarchical path-finding
//! over clusters built from known terrain), [`InfluenceMap`] and [`BarrierSearch`]
//! (chokepoint search), and [`text`] (a small terrain reader).
//!
//! Every search structure is built once per map shape and reused: visited marks are
//! generation-stamped, so repeated searches neither clear nor allocate.

mod astar;
mod barrier;
mod core;
mod flood;
mod hpa;
mod influence;
mod neighbours;
mod smooth;
pub mod text;

pub use crate::astar::{AStar, GridPath};
pub use crate::barrier::{Barrier, BarrierParams, BarrierSearch};
pub use crate::core::{Dir, Grid, Pos, Shape, Topology};
pub use crate::flood::{FloodFill, Limits};
pub use crate::hpa::{Entrances, Hpa, HpaMethod, HpaPath, HpaPlan, Terrain};
pub use crate::influence::{InfluenceMap, InfluenceParams};
pub use crate::neighbours::{NONE, Neighbours};
pub use crate::smooth::smooth_path;

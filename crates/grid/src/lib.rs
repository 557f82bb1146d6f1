//! 2-D grids and the fast, grid-specialised algorithms of botforge.
//!
//! The core types are [`Pos`], [`Dir`], [`Shape`] (dimensions plus a [`Topology`]: bounded
//! or torus) and [`Grid<T>`], a flat `Vec<T>` indexed by `u32`. Everything else (flood fill,
//! A*, HPA*, influence maps, barrier search) builds on these.

mod core;

pub use crate::core::{Dir, Grid, Pos, Shape, Topology};

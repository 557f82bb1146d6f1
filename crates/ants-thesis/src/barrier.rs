//! Barrier use for the DefendHill mission (thesis §4.3.2): the chokepoint narrower than
//! `max_size` beyond the view radius of an own hill, found by [`grid::BarrierSearch`] (the
//! thesis's Listing 4.8: `amount + 30` BFS squares, vertical and horizontal runs, only-exit
//! check, invalid-run caches) over the squares not known to be water. The enclosed region may
//! hold at most [`MAX_ENCLOSED`] squares (the grid crate's default: a 20×20 base).

use grid::{BarrierParams, BarrierSearch, Pos};

use crate::world::World;

/// Largest region a barrier may enclose.
pub const MAX_ENCLOSED: u32 = 400;

/// The barrier protecting `tile`, if any (the squares of the run).
pub fn find(world: &World, tile: Pos, view_radius2: u32, max_size: usize) -> Option<Vec<Pos>> {
    let params = BarrierParams {
        view_radius2,
        max_size,
        max_enclosed: MAX_ENCLOSED,
        ..BarrierParams::default()
    };
    let mut search = BarrierSearch::new(world.shape);
    let mut cells = search.find(tile, params, |i| !world.water[i])?.cells;
    cells.sort();
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ants::TurnInput;

    /// Builds a world from a picture: `%` water, `H` own hill, `.` land.
    fn world_from(rows: &[&str]) -> (World, Pos) {
        let settings = ants::GameSettings {
            viewradius2: 8,
            ..crate::test_support::settings(rows.len() as u32, rows[0].len() as u32)
        };
        let mut w = World::new(&settings);
        let mut water = Vec::new();
        let mut hill = Pos::new(0, 0);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let p = Pos::new(r as i32, c as i32);
                match ch {
                    '%' => water.push(p),
                    'H' => hill = p,
                    _ => {}
                }
            }
        }
        w.update(
            &TurnInput {
                turn: 1,
                water,
                hills: vec![(hill, 0)],
                ants: vec![(hill, 0)],
                ..TurnInput::default()
            },
            &[],
        );
        (w, hill)
    }

    #[test]
    fn finds_the_corridor_of_a_closed_room() {
        // A room whose only exit is a 2-wide corridor to the east.
        let (w, hill) = world_from(&[
            "%%%%%%%%%%%%%%%%%%%%",
            "%.......%..........%",
            "%.......%..........%",
            "%...H..............%",
            "%..................%",
            "%.......%..........%",
            "%.......%..........%",
            "%%%%%%%%%%%%%%%%%%%%",
        ]);
        let b = find(&w, hill, 8, 5).expect("barrier");
        assert_eq!(b, vec![Pos::new(3, 8), Pos::new(4, 8)]);
    }

    #[test]
    fn no_barrier_in_open_land_or_when_wider_than_allowed() {
        let (w, hill) = world_from(&[
            "....................",
            "....................",
            "....H...............",
            "....................",
            "....................",
            "....................",
        ]);
        assert_eq!(find(&w, hill, 8, 5), None);
        let (w, hill) = world_from(&[
            "%%%%%%%%%%%%%%%%%%%%",
            "%.......%..........%",
            "%..................%",
            "%...H..............%",
            "%..................%",
            "%..................%",
            "%..................%",
            "%%%%%%%%%%%%%%%%%%%%",
        ]);
        assert_eq!(find(&w, hill, 8, 5), None, "a 5-wide corridor is too wide");
    }

    #[test]
    fn a_second_exit_invalidates_the_barrier() {
        let (w, hill) = world_from(&[
            "%%%%%%%%%%%%%%%%%%%%",
            "%.......%..........%",
            "%.......%..........%",
            "%...H..............%",
            "%..................%",
            "%.......%..........%",
            "%..................%",
            "%%%%%%%%%%%%%%%%%%%%",
        ]);
        let b = find(&w, hill, 8, 5);
        assert!(
            b.as_ref().is_none_or(|b| !b.contains(&Pos::new(3, 8))),
            "{b:?}"
        );
    }
}

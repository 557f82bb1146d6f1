//! Code shared by the unit tests.

use ants::GameSettings;

/// Standard settings for a `rows` × `cols` test map.
pub fn settings(rows: u32, cols: u32) -> GameSettings {
    GameSettings {
        loadtime_ms: 3000,
        turntime_ms: 500,
        rows,
        cols,
        turns: 500,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 1,
    }
}

use std::time::Duration;

use ants::TurnInput;
use grid::Grid;
use search::Budget;

use crate::influence::InfluenceMap;
use crate::missions::Ctx;
use crate::nav::Nav;
use crate::orders::OrderBook;
use crate::profile::Profile;
use crate::resources::{Allocation, Population};
use crate::world::World;

/// Everything a [`Ctx`] borrows, for mission tests.
pub struct Harness {
    pub world: World,
    pub orders: OrderBook,
    pub influence: InfluenceMap,
    pub nav: Nav,
    pub pop: Population,
    pub profile: Profile,
    pub claimed: Grid<u32>,
    pub combat: Vec<u32>,
}

impl Harness {
    /// A 40×40 world after one turn message; quotas of 100 % for every type.
    pub fn new(input: &TurnInput, turns: u32) -> Self {
        let mut s = settings(40, 40);
        s.turns = turns;
        let mut world = World::new(&s);
        world.update(input, &[]);
        let mut influence = InfluenceMap::new(&world);
        influence.update(&world);
        let mut pop = Population::default();
        pop.reset(&Allocation::from_profile(&Profile::default()), 400);
        let mut orders = OrderBook::new(&world);
        orders.new_turn(&world);
        Self {
            nav: Nav::new(&world),
            claimed: Grid::new(world.shape, 0),
            orders,
            influence,
            pop,
            profile: Profile::default(),
            combat: Vec::new(),
            world,
        }
    }

    /// Next turn: new message, same orders book and missions (ant tracking by expected squares).
    pub fn next(&mut self, input: &TurnInput) {
        let expected = self.orders.expected(&self.world);
        self.world.update(input, &expected);
        self.influence.update(&self.world);
        self.orders.new_turn(&self.world);
        self.pop
            .reset(&Allocation::from_profile(&Profile::default()), 400);
    }

    /// A context over the harness.
    pub fn ctx(&mut self) -> Ctx<'_> {
        Ctx {
            world: &self.world,
            influence: &self.influence,
            orders: &mut self.orders,
            pop: &mut self.pop,
            nav: &mut self.nav,
            profile: &self.profile,
            budget: Budget::unlimited().with_time(Duration::from_secs(5)),
            combat: &mut self.combat,
            hills_in_need: &[],
            claimed: &mut self.claimed,
            claim_stamp: 1,
        }
    }
}

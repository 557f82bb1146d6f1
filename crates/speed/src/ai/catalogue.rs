//! [`BOTS`], the catalogue of every spe_ed bot: name, one-line description, parameters
//! (declared in the positional order the team's specs use, so `pathfinding(2,75)` and
//! `pathfinding(max_speed=2,paths=75)` are the same bot) and constructor. The context is
//! the seed of the bot's random choices. The CLI (`botforge speed bots`), the arena, the
//! server and the viewer build bots only through it.

use std::ops::RangeInclusive;

use botspec::{Args, Catalogue, Entry, Param, SpecError};

use super::champion::{self, ChampionBot};
use super::{
    Bot, NotKillingItselfBot, PathfindingBot, PathfindingSearchTreeBot, RandomBot, SearchTreeBot,
    SearchTreePathfindingBot,
};

/// Every spe_ed bot; `BOTS.build("pathfinding-search-tree(1,50,3,0.75,10)", seed)` builds
/// one, [`Catalogue::describe`] lists them.
pub static BOTS: Catalogue<dyn Bot, u64> = Catalogue {
    game: "spe_ed",
    entries: &[
        Entry {
            name: "random",
            about: "the team's baseline: a uniformly random action",
            params: &[],
            build: random,
        },
        Entry {
            name: "not-killing-itself",
            about: "a random action among those that survive `depth` own moves, preferring long free runs",
            params: NOT_KILLING,
            build: not_killing,
        },
        Entry {
            name: "pathfinding",
            about: "the surviving action after which most of `paths` random free cells stay reachable",
            params: PATHFINDING,
            build: pathfinding,
        },
        Entry {
            name: "search-tree",
            about: "a random action that survives `depth` rounds against every combination of nearby opponents' actions",
            params: SEARCH_TREE,
            build: search_tree,
        },
        Entry {
            name: "search-tree-pathfinding",
            about: "pathfinding's ranking restricted to the actions search-tree finds safe",
            params: SEARCH_TREE_PATHFINDING,
            build: search_tree_pathfinding,
        },
        Entry {
            name: "pathfinding-search-tree",
            about: "the team's final AI: the first tree-safe action within `tolerance` of pathfinding's best",
            params: PATHFINDING_SEARCH_TREE,
            build: pathfinding_search_tree,
        },
        Entry {
            name: "champion",
            about: "the strongest bot: territory evaluation with alpha-beta search, then space filling",
            params: CHAMPION,
            build: champion,
        },
    ],
};

/// The team's bots plus champion with the parameters used in evaluations: the line-up of
/// `botforge speed eval` and of the server's free seats when none is given (positional,
/// as the bots name themselves, so stored series keep their keys).
pub const DEFAULT_LINEUP: [&str; 7] = [
    "random",
    "not-killing-itself(1,0,3)",
    "pathfinding(2,75)",
    "search-tree(2,10)",
    "search-tree-pathfinding(2,75,2,10)",
    "pathfinding-search-tree(1,50,3,0.75,10)",
    "champion",
];

// The ranges in the descriptions are the ones the constructors check (a test reads them
// back from the text).

const NOT_KILLING: &[Param] = &[
    Param {
        key: "max_speed",
        default: "1",
        about: "highest speed it accelerates to (1..=10)",
    },
    Param {
        key: "max_worse_distance",
        default: "0",
        about: "how much shorter than the longest a free run ahead may be (0..=100)",
    },
    Param {
        key: "depth",
        default: "1",
        about: "own moves an action must survive (1..=10)",
    },
];

const PATHFINDING: &[Param] = &[
    Param {
        key: "max_speed",
        default: "2",
        about: "highest speed it accelerates to (1..=10)",
    },
    Param {
        key: "paths",
        default: "75",
        about: "random free cells whose reachability is checked (1..=100000)",
    },
];

const SEARCH_TREE: &[Param] = &[
    Param {
        key: "depth",
        default: "2",
        about: "rounds a safe action must survive (1..=10)",
    },
    Param {
        key: "distance",
        default: "0",
        about: "free-path distance within which opponents are simulated, 0 = all (0..=1000)",
    },
    Param {
        key: "max_speed",
        default: "10",
        about: "highest speed it accelerates to (1..=10)",
    },
];

const SEARCH_TREE_PATHFINDING: &[Param] = &[
    Param {
        key: "max_speed",
        default: "2",
        about: "highest speed it accelerates to (1..=10)",
    },
    Param {
        key: "paths",
        default: "75",
        about: "random free cells whose reachability is checked (1..=100000)",
    },
    Param {
        key: "depth",
        default: "2",
        about: "rounds a safe action must survive (1..=10)",
    },
    Param {
        key: "distance",
        default: "10",
        about: "free-path distance within which opponents are simulated, 0 = all (0..=1000)",
    },
];

const PATHFINDING_SEARCH_TREE: &[Param] = &[
    Param {
        key: "max_speed",
        default: "1",
        about: "highest speed it accelerates to (1..=10)",
    },
    Param {
        key: "paths",
        default: "50",
        about: "random free cells whose reachability is checked (1..=100000)",
    },
    Param {
        key: "depth",
        default: "3",
        about: "rounds a safe action must survive (1..=10)",
    },
    Param {
        key: "tolerance",
        default: "0.75",
        about: "least share of the best reachable count a safe action needs (0..=1)",
    },
    Param {
        key: "distance",
        default: "10",
        about: "free-path distance within which opponents are simulated, 0 = all (0..=1000)",
    },
];

const CHAMPION: &[Param] = &[
    Param {
        key: "max_speed",
        default: "2",
        about: "highest speed it accelerates to (1..=10)",
    },
    Param {
        key: "think_ms",
        default: "100",
        about: "longest time one decision may take, further capped by the deadline (1..=60000)",
    },
    Param {
        key: "max_nodes",
        default: "20000",
        about: "most simulated rounds per decision, for reproducible results (1..=2147483647)",
    },
];

const SPEED: RangeInclusive<i32> = 1..=10;
const DEPTH: RangeInclusive<u32> = 1..=10;
const PATHS: RangeInclusive<usize> = 1..=100_000;
const DISTANCE: RangeInclusive<u32> = 0..=1000;

#[allow(
    clippy::unnecessary_wraps,
    reason = "every constructor of the catalogue has this type"
)]
fn random(_: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(RandomBot::new(seed)))
}

fn not_killing(args: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(NotKillingItselfBot::new(
        args.get_in("max_speed", SPEED)?,
        args.get_in("max_worse_distance", 0..=100)?,
        args.get_in("depth", DEPTH)?,
        seed,
    )))
}

fn pathfinding(args: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(PathfindingBot::new(
        args.get_in("max_speed", SPEED)?,
        args.get_in("paths", PATHS)?,
        seed,
    )))
}

fn search_tree(args: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(SearchTreeBot::new(
        args.get_in("depth", DEPTH)?,
        args.get_in("distance", DISTANCE)?,
        args.get_in("max_speed", SPEED)?,
        seed,
    )))
}

fn search_tree_pathfinding(args: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(SearchTreePathfindingBot::new(
        args.get_in("max_speed", SPEED)?,
        args.get_in("paths", PATHS)?,
        args.get_in("depth", DEPTH)?,
        args.get_in("distance", DISTANCE)?,
        seed,
    )))
}

fn pathfinding_search_tree(args: &Args, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(PathfindingSearchTreeBot::new(
        args.get_in("max_speed", SPEED)?,
        args.get_in("paths", PATHS)?,
        args.get_in("depth", DEPTH)?,
        args.get_in("tolerance", 0.0..=1.0)?,
        args.get_in("distance", DISTANCE)?,
        seed,
    )))
}

fn champion(args: &Args, _seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(ChampionBot::new(champion::Config {
        max_speed: args.get_in("max_speed", SPEED)?,
        think_ms: args.get_in("think_ms", 1..=60_000)?,
        max_nodes: args.get_in("max_nodes", 1..=i32::MAX as u64)?,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn champion_defaults_are_its_config_defaults() {
        let d = champion::Config::default();
        let got: Vec<&str> = CHAMPION.iter().map(|p| p.default).collect();
        assert_eq!(
            got,
            [
                d.max_speed.to_string(),
                d.think_ms.to_string(),
                d.max_nodes.to_string()
            ]
        );
    }
}

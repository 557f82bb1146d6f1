#![no_main]
//! Fuzz target `wumpus_world`: see `fuzz_targets::wumpus_world` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::wumpus_world(data));

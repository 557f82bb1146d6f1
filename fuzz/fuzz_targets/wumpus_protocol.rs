#![no_main]
//! Fuzz target `wumpus_protocol`: see `fuzz_targets::wumpus_protocol` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::wumpus_protocol(data));

#![no_main]
//! Fuzz target `ants_replay`: see `fuzz_targets::ants_replay` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::ants_replay(data));

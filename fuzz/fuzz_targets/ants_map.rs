#![no_main]
//! Fuzz target `ants_map`: see `fuzz_targets::ants_map` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::ants_map(data));

#![no_main]
//! Fuzz target `arena_config`: see `fuzz_targets::arena_config` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::arena_config(data));

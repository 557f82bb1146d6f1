#![no_main]
//! Fuzz target `economy_world`: see `fuzz_targets::economy_world` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::economy_world(data));

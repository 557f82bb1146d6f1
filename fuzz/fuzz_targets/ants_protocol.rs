#![no_main]
//! Fuzz target `ants_protocol`: see `fuzz_targets::ants_protocol` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::ants_protocol(data));

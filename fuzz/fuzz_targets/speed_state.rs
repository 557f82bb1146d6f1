#![no_main]
//! Fuzz target `speed_state`: see `fuzz_targets::speed_state` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::speed_state(data));

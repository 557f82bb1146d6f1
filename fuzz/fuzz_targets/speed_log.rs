#![no_main]
//! Fuzz target `speed_log`: see `fuzz_targets::speed_log` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::speed_log(data));

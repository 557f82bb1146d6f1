#![no_main]
//! Fuzz target `viewer_requests`: see `fuzz_targets::viewer_requests` (crates/fuzz-targets).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz_targets::viewer_requests(data));

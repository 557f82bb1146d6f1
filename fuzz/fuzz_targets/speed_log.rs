#![no_main]
//! Fuzz target: `speed_log` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = speed::golden::parse_log(std::path::Path::new("fuzz.jsonl"), text);
});

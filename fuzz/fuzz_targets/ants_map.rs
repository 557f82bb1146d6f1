#![no_main]
//! Fuzz target: `ants_map` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = ants::Map::parse(text);
});

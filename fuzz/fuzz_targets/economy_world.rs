#![no_main]
//! Fuzz target: `economy_world` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = economy::loader::load_str(text, "fuzz.toml");
});

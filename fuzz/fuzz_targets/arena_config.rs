#![no_main]
//! Fuzz target: `arena_config` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = arena::Config::parse(text, std::path::Path::new("fuzz.toml"));
});

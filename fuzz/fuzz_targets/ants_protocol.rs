#![no_main]
//! Fuzz target: `ants_protocol` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut bot = ants::bots::HoldBot;
    let _ = ants::protocol::serve(&mut bot, text.as_bytes(), std::io::sink());
});

#![no_main]
//! Fuzz target: `ants_protocol` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(mut bot) = ants::bots::by_name("hold") {
        let _ = ants::protocol::serve(bot.as_mut(), text.as_bytes(), std::io::sink());
    }
});

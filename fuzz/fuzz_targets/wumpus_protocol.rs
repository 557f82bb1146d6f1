#![no_main]
//! Fuzz target: `wumpus_protocol` must never panic, whatever the input.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        let _ = wumpus::protocol::parse_start(line);
        let _ = wumpus::protocol::parse_percept(line);
        let _ = wumpus::protocol::parse_end(line);
        let _ = wumpus::protocol::parse_action(line);
    }
});

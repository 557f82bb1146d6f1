//! Serial thinking ([`ants::game::PlayOptions::serial`]) gives every bot its clock: six
//! external bots that each busy-work for 80 % of the turntime by the wall clock get at
//! least 70 % of that time as CPU (of what a lone process gets when the machine is busy
//! with other work), none times out, and no two of them ever think at once — on any
//! machine, also one with fewer cores than seats (on two cores, parallel thinking leaves
//! each about a fifth of its wall time: the assertion fails with `serial: false`).
//!
//! The test is alone in its binary so that no other test of the crate competes for the CPU.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use ants::game::{PlayOptions, play_game_with};
use ants::{Entrant, FoodMethod, GameConfig, Map, Status};

/// A protocol bot that, each turn, spins until 80 % of the turntime has passed since it
/// read the turn's `go`, then logs `start end cpu wall` (seconds; start and end on the
/// shared system clock) to the file named by its argument and answers `go` without orders.
const CLOCK_BOT: &str = r#"
import sys, time
if sys.argv[1] == "--calibrate":
    w0 = time.monotonic(); c0 = time.process_time()
    while time.monotonic() < w0 + 0.6:
        pass
    print("%f" % ((time.process_time() - c0) / (time.monotonic() - w0)))
    sys.exit(0)
log = open(sys.argv[1], "a")
turntime = 1000
while True:
    line = sys.stdin.readline()
    if not line:
        break
    line = line.strip()
    if line.startswith("turntime"):
        turntime = int(line.split()[1])
    elif line == "ready":
        print("go", flush=True)
    elif line == "end":
        break
    elif line == "go":
        t0 = time.time(); w0 = time.monotonic(); c0 = time.process_time()
        until = w0 + 0.8 * turntime / 1000.0
        while time.monotonic() < until:
            pass
        cpu = time.process_time() - c0
        log.write("%f %f %f %f\n" % (t0, time.time(), cpu, time.monotonic() - w0))
        log.flush()
        print("go", flush=True)
"#;

/// The CPU share a lone spinning process of the clock bot's gets on this machine now (1.0
/// on an idle one): the most any bot can get, whatever the engine does.
fn lone_share(script: &Path) -> f64 {
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg("--calibrate")
        .output()
        .expect("python3 runs (the test needs it)");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("a share")
}

/// Six hills on an open 12×36 torus.
fn six_player_map() -> Map {
    let mut text = String::from("rows 12\ncols 36\nplayers 6\n");
    for r in 0..12 {
        let mut row = vec![b'.'; 36];
        if r == 3 || r == 9 {
            for p in 0..3 {
                let player = p + if r == 3 { 0 } else { 3 };
                row[6 + 12 * p] = b'0' + player as u8;
            }
        }
        text.push_str("m ");
        text.push_str(std::str::from_utf8(&row).expect("ascii"));
        text.push('\n');
    }
    Map::parse(&text).expect("the test map parses")
}

/// One logged turn: (start, end, cpu, wall) in seconds.
type Turn = (f64, f64, f64, f64);

fn read_log(path: &Path) -> Vec<Turn> {
    let text = std::fs::read_to_string(path).expect("the clock bot wrote its log");
    text.lines()
        .map(|l| {
            let v: Vec<f64> = l
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            (v[0], v[1], v[2], v[3])
        })
        .collect()
}

#[test]
fn serial_thinking_gives_each_of_six_clock_reading_bots_its_turn_time() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("clock_bot.py");
    std::fs::write(&script, CLOCK_BOT).unwrap();
    let map = six_player_map();
    let config = GameConfig {
        turns: 8,
        turntime_ms: 200,
        loadtime_ms: 2000,
        food: FoodMethod::None,
        ..GameConfig::seeded(5)
    };
    let logs: Vec<_> = (0..6)
        .map(|p| dir.path().join(format!("seat{p}.log")))
        .collect();
    let seats: Vec<Entrant> = logs
        .iter()
        .map(|log| Entrant::Command(format!("python3 {} {}", script.display(), log.display())))
        .collect();
    let before = lone_share(&script);
    let out = play_game_with(&map, &config, seats, PlayOptions { serial: true }).unwrap();
    let lone = before.min(lone_share(&script));
    assert_eq!(out.turns, 8, "{:?}", out.cutoff);
    assert!(
        out.statuses.iter().all(|s| *s == Status::Survived),
        "no seat may time out: {:?} {:?}",
        out.statuses,
        out.stderr
    );
    let turns: Vec<Vec<Turn>> = logs.iter().map(|l| read_log(l)).collect();
    let mut all: Vec<Turn> = Vec::new();
    for (p, t) in turns.iter().enumerate() {
        assert_eq!(t.len(), 8, "seat {p} thought every turn");
        let cpu: f64 = t.iter().map(|x| x.2).sum();
        let wall: f64 = t.iter().map(|x| x.3).sum();
        assert!(wall >= 8.0 * 0.16 * 0.99, "seat {p} spun {wall} s");
        // 70 % of its wall time on an idle machine (parallel thinking on two cores leaves
        // each of six about 30 %); on a machine busy with other work, 70 % of what a lone
        // process gets.
        assert!(
            cpu >= 0.7 * lone * wall,
            "seat {p} got {cpu:.3} s of CPU in {wall:.3} s of its turns (a lone process gets {lone:.2})"
        );
        all.extend(t);
    }
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    for w in all.windows(2) {
        assert!(
            w[1].0 >= w[0].1,
            "two bots thought at once: {:?} and {:?}",
            w[0],
            w[1]
        );
    }
}

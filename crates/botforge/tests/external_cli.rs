//! `NAME=cmd:COMMAND` on the spe_ed and Wumpus command lines: `speed play --ais` hosts an
//! external informatiCup client on a loopback server, `wumpus eval --agents` shows the
//! agent as `NAME`, and `speed eval` refuses external programs with a clear error.
//! They fail without `python3` (`.ci/run` installs it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge_at_root as botforge, require_python, text};

#[test]
fn speed_play_hosts_a_named_external_client() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.jsonl");
    let o = botforge(&[
        "speed",
        "play",
        "--ais",
        "py=cmd:python3 examples/bots/speed_client.py,not-killing-itself(1,0,3)",
        "--seed",
        "3",
        "--budget-ms",
        "20",
        "--min-round-secs",
        "1",
        "--max-round-secs",
        "1",
        "--log",
        log.to_str().unwrap(),
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("player 1 (py): "), "{out}");
    assert!(out.contains(", played, process "), "{out}");
    assert!(
        out.contains("player 2 (not-killing-itself(1,0,3))"),
        "{out}"
    );
    let report = speed::golden::check_file(&log).unwrap();
    assert_eq!(report.divergence, None);
}

#[test]
fn wumpus_eval_shows_a_named_external_agent() {
    require_python();
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "3",
        "--threads",
        "1",
        "--preset",
        "small",
        "--agents",
        "reference,pyagent=cmd:python3 examples/bots/wumpus_agent.py",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.lines().any(|l| l.starts_with("pyagent ")), "{out}");
}

#[test]
fn speed_eval_refuses_external_programs_clearly() {
    let o = botforge(&[
        "speed",
        "eval",
        "--games",
        "1",
        "--ais",
        "x=cmd:true,random",
    ]);
    let out = text(&o);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("`x=cmd:true` is an external program"), "{out}");
}

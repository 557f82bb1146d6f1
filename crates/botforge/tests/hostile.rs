//! Hostile input end to end: external processes that must not outlive botforge, bot
//! commands that cannot start, closed or full output streams, out-of-range numbers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, official_map, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
}

/// The golden replay of a game with a timed-out bot, from the repository's
/// `data/ants/golden/`; a missing file fails the test with its path.
fn golden_replay() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/ants/golden/random_walk_p02_05__hunter-timeout__seed401.replay");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "golden replay missing: {} ({e}; the repository carries it in data/ants/golden/)",
            path.display()
        )
    })
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

fn wait_for_pid(file: &Path) -> u32 {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(pid) = std::fs::read_to_string(file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            return pid;
        }
        assert!(Instant::now() < until, "the agent did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts a Wumpus game with an agent that never answers, sends `signal` to botforge and
/// checks that the agent's child dies with it.
fn agent_dies_with_botforge(signal: &str) {
    bot_dies_with_botforge(signal, |agent, _| {
        [
            "wumpus",
            "play",
            "--agent",
            agent,
            "--first-reply-ms",
            "60000",
        ]
        .map(str::to_owned)
        .to_vec()
    });
}

/// Starts botforge with the arguments `args(bot, dir)` gives for a bot command that never
/// answers and starts a child, sends `signal` to botforge and checks that the child dies
/// with it.
fn bot_dies_with_botforge(signal: &str, args: impl Fn(&str, &Path) -> Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let agent = format!(
        "cmd:sh {} {}",
        script("silent_with_child.sh").display(),
        pidfile.display()
    );
    let mut bf = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args(&agent, dir.path()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = wait_for_pid(&pidfile);
    std::thread::sleep(Duration::from_millis(200));
    let sent = Command::new("kill")
        .args([signal, &bf.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = bf.wait().unwrap();
    assert!(!status.success());
    let until = Instant::now() + Duration::from_secs(3);
    while alive(pid) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let orphan = alive(pid);
    if orphan {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    assert!(
        !orphan,
        "the agent's child {pid} outlived botforge ({signal})"
    );
}

#[test]
fn wumpus_agents_die_on_sigterm() {
    agent_dies_with_botforge("-TERM");
}

#[test]
fn wumpus_agents_die_on_sigint() {
    agent_dies_with_botforge("-INT");
}

#[test]
fn wumpus_agents_die_on_sigkill() {
    agent_dies_with_botforge("-KILL");
}

/// `ants play` killed with SIGKILL (no handler runs): the bot's watchdog kills its group.
#[test]
fn ants_bots_die_when_ants_play_is_killed() {
    bot_dies_with_botforge("-KILL", |bot, _| {
        [
            "ants",
            "play",
            "--loadtime",
            "60000",
            bot,
            "hold",
            "hold",
            "hold",
        ]
        .map(str::to_owned)
        .to_vec()
    });
}

/// An arena run (here through `ants tournament`) killed with SIGKILL leaves no bot.
#[test]
fn ants_bots_die_when_an_arena_run_is_killed() {
    let map = official_map("maze/maze_p02_01.map");
    bot_dies_with_botforge("-KILL", |bot, dir| {
        vec![
            "ants".into(),
            "tournament".into(),
            "--maps".into(),
            map.display().to_string(),
            "--games".into(),
            "2".into(),
            "--loadtime".into(),
            "60000".into(),
            "--bots".into(),
            format!("{bot},hold"),
            "--db".into(),
            dir.join("t.db").display().to_string(),
        ]
    });
}

#[test]
fn bot_commands_that_cannot_start_are_clear_errors() {
    for bot in ["cmd:/nonexistent/bot", "cmd:", "cmd:  "] {
        let o = botforge(&["ants", "play", "--turns", "5", bot, "hold"]);
        assert_eq!(o.status.code(), Some(2), "{bot}: {}", text(&o));
        let t = text(&o);
        assert!(t.contains("not found") || t.contains("empty"), "{bot}: {t}");
    }
    let o = botforge(&["wumpus", "play", "--agent", "cmd:/nonexistent/agent"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not found"), "{}", text(&o));
    // Ants tournaments and arena configs refuse it too (they stored "crashed 0" games).
    let map = official_map("maze/maze_p02_01.map");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    for bot in ["cmd:/nonexistent/bot", "x=cmd:/nonexistent/bot"] {
        let o = botforge(&[
            "ants",
            "tournament",
            "--maps",
            map.to_str().unwrap(),
            "--games",
            "2",
            "--bots",
            &format!("{bot},hold"),
            "--db",
            db.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{bot}: {}", text(&o));
        assert!(text(&o).contains("not found"), "{bot}: {}", text(&o));
    }
    let config = dir.path().join("a.toml");
    std::fs::write(
        &config,
        format!(
            "game = \"ants\"\ngames = 2\nmaps = [{:?}]\n[[bots]]\nname = \"x\"\nspec = \"cmd:/nonexistent/bot\"\n[[bots]]\nname = \"hold\"\n",
            map.to_str().unwrap()
        ),
    )
    .unwrap();
    let o = botforge(&[
        "arena",
        "run",
        "--config",
        config.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not found"), "{}", text(&o));
    let stored = std::fs::metadata(&db).map_or(0, |m| m.len());
    let o = botforge(&["arena", "report", "--db", db.to_str().unwrap()]);
    assert!(
        !text(&o).contains("crashed 0"),
        "a game was stored ({stored} bytes): {}",
        text(&o)
    );
}

/// Runs botforge with `input` on stdin; returns the output.
fn botforge_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut si = child.stdin.take().unwrap();
    let _ = si.write_all(input.as_bytes());
    drop(si);
    child.wait_with_output().unwrap()
}

/// Runs botforge with its stdout closed before it writes anything.
fn closed_stdout(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_ends_quietly() {
    for args in [
        &["speed", "play"][..],
        &["wumpus", "play", "--show"][..],
        &["wumpus", "generate"][..],
        &["ants", "play", "--turns", "20"][..],
    ] {
        let o = closed_stdout(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
}

/// `/dev/full` (every write fails with "no space left", for every user, root included) is
/// a Linux device, so the test is Linux-only and fails there if the device is missing.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_clear_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap_or_else(|e| panic!("/dev/full (a Linux device) cannot be opened: {e}"));
    let o = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(["wumpus", "generate"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("writing to stdout"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn huge_game_and_thread_counts_are_usage_errors() {
    let runs: [&[&str]; 9] = [
        &["ants", "tournament", "--games", "4294967295"],
        &["ants", "tournament", "--games", "0"],
        &["ants", "tournament", "--threads", "100000"],
        &["arena", "run", "--threads", "100000"],
        &["speed", "eval", "--games", "4294967295"],
        &["speed", "eval", "--threads", "100000"],
        &["economy", "experiment", "--games", "4294967295"],
        &["economy", "experiment", "--threads", "100000"],
        &["wumpus", "eval", "--worlds", "0"],
    ];
    for args in runs {
        let started = Instant::now();
        let o = botforge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains("out of range"), "{args:?}: {}", text(&o));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn huge_ants_radii_and_maps_are_refused() {
    let o = botforge(&["ants", "play", "--attackradius2", "1000000000"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("attackradius2"), "{}", text(&o));

    let o = botforge(&["ants", "play", "--map", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("larger than"), "{}", text(&o));

    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.map");
    std::fs::write(&big, "rows 100000\ncols 100000\nplayers 2\n").unwrap();
    let o = botforge(&["ants", "play", "--map", big.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("out of range"), "{}", text(&o));

    for setup in [
        "turn 0\nrows 100000\ncols 100\nready\n",
        "turn 0\nrows 4294967295\ncols 100\nready\n",
        "turn 0\nrows 100\ncols 100\nviewradius2 1000000000\nready\n",
    ] {
        let o = botforge_with_input(&["ants", "bot", "hunter"], setup);
        assert_eq!(o.status.code(), Some(2), "{setup}: {}", text(&o));
        assert!(text(&o).contains("out of range"), "{setup}: {}", text(&o));
    }
}

#[test]
fn check_replay_refuses_huge_radii_bad_map_data_and_seeds() {
    let text_in = golden_replay();
    let original: serde_json::Value = serde_json::from_str(&text_in).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.replay");
    let mut row = original["replaydata"]["map"]["data"][0]
        .as_str()
        .unwrap()
        .to_owned();
    row.replace_range(0..1, "X");
    let cases = [
        (
            "attackradius2",
            serde_json::json!(1_000_000_000),
            "attackradius2",
        ),
        ("engine_seed", serde_json::json!("abc"), "engine_seed"),
        ("map", serde_json::json!(null), "map"),
    ];
    for (key, value, expect) in cases {
        let mut replay = original.clone();
        if key == "map" {
            replay["replaydata"]["map"]["data"][0] = serde_json::json!(row);
        } else {
            replay["replaydata"][key] = value;
        }
        std::fs::write(&file, replay.to_string()).unwrap();
        let started = Instant::now();
        let o = botforge(&["ants", "check-replay", file.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{key}: {}", text(&o));
        assert!(text(&o).contains(expect), "{key}: {}", text(&o));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn a_huge_wumpus_start_line_is_refused() {
    let start = "START width=100000 height=100000 start=1,1 heading=EAST arrows=4 stench_distance=3 rumble_distance=-1 score=0 max_actions=1000\n";
    let o = botforge_with_input(&["wumpus", "agent", "champion"], start);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("outside 4..64"), "{}", text(&o));
}

#[test]
fn scores_that_could_wrap_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let world = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/wumpus/seed-1-medium.wum"
    ))
    .unwrap()
    .replacen(
        "name = seed-1-medium\n",
        "name = seed-1-medium\nstart_score = 9223372036854775807\n",
        1,
    );
    let file = dir.path().join("max.wum");
    std::fs::write(&file, world).unwrap();
    let o = botforge(&["wumpus", "play", "--world", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("start_score"), "{}", text(&o));

    let econ = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/economy/beispielwelt.toml"
    ))
    .unwrap()
    .replacen(
        "[player]\ngold = 0",
        "[player]\ngold = 9223372036854775807",
        1,
    );
    assert!(econ.contains("9223372036854775807"));
    let file = dir.path().join("max.toml");
    std::fs::write(&file, econ).unwrap();
    let o = botforge_with_input(&["economy", "play", "--world", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("player.gold"), "{}", text(&o));
}

#[test]
fn a_one_bot_tournament_is_refused() {
    let maps = format!(
        "{}/../../data/ants/maze_p02_*.map",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &maps,
        "--games",
        "2",
        "--bots",
        "hunter",
        "--turns",
        "20",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("alone"), "{}", text(&o));
}

#[test]
fn a_map_without_hills_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("nohills.map");
    std::fs::write(
        &map,
        "rows 4\ncols 4\nplayers 2\nm ....\nm ....\nm ....\nm ....\n",
    )
    .unwrap();
    let o = botforge(&[
        "ants",
        "play",
        "--map",
        map.to_str().unwrap(),
        "hold",
        "hold",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("nohills.map"), "{}", text(&o));
}

#[test]
fn replay_type_errors_name_the_field() {
    let text_in = golden_replay();
    let mut replay: serde_json::Value = serde_json::from_str(&text_in).unwrap();
    replay["replaydata"]["map"]["rows"] = serde_json::json!("many");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("typed.replay");
    std::fs::write(&file, replay.to_string()).unwrap();
    let o = botforge(&["ants", "check-replay", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("replaydata.map.rows"), "{}", text(&o));
}

/// The log directory is `/proc`: an existing directory in which no user, root included,
/// can create a file (procfs has no such entries), unlike a directory without write
/// permission, which root (as under CI) may write anyway. Linux-only for that reason.
#[cfg(target_os = "linux")]
#[test]
fn speed_serve_refuses_an_unwritable_log_dir_at_start() {
    let dir = Path::new("/proc");
    assert!(
        dir.is_dir() && std::fs::write(dir.join(".botforge-write-check"), b"").is_err(),
        "/proc is not a procfs directory that refuses new files"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args([
            "speed",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--log-dir",
            "/proc",
            "--games",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    if child.try_wait().unwrap().is_none() {
        child.kill().unwrap();
        let _ = child.wait();
        panic!("the server started with a log directory it cannot write");
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not writable"), "{}", text(&o));
    assert!(
        !text(&o).contains("ws://"),
        "the URL was announced: {}",
        text(&o)
    );
}

/// A server that cannot serve never announces its URL: unknown fill bots and a log
/// directory that is a file fail before the address is printed.
#[test]
fn speed_serve_checks_its_configuration_before_announcing_the_url() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    for args in [
        vec!["--fill", "nosuch"],
        vec!["--log-dir", file.to_str().unwrap()],
    ] {
        let mut all = vec!["speed", "serve", "--addr", "127.0.0.1:0", "--games", "1"];
        all.extend(args);
        let o = botforge(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {}", text(&o));
        assert!(!text(&o).contains("ws://"), "{all:?}: {}", text(&o));
    }
}

#[test]
fn servers_refuse_useless_start_ups() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.txt");
    std::fs::write(&keys, "# no keys yet\n\n").unwrap();
    let o = botforge(&[
        "speed",
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--keys",
        keys.to_str().unwrap(),
        "--games",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no keys"), "{}", text(&o));

    let file = dir.path().join("a.replay");
    std::fs::write(&file, "{}").unwrap();
    let o = botforge(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--root",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not a directory"), "{}", text(&o));

    let root = dir.path().join("root");
    std::fs::create_dir(&root).unwrap();
    let o = botforge(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--root",
        root.to_str().unwrap(),
        "--open",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("outside the viewer root"), "{}", text(&o));

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let o = botforge(&["serve", "--addr", &addr, "--root", root.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(!text(&o).contains("http://"), "{}", text(&o));
}

/// Every file botforge reads has a size limit: `/dev/zero` (endless) and a file one byte
/// over the limit are refused with the limit in the message, in about no time.
#[test]
fn every_input_file_is_read_with_a_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).unwrap();
    let big = big.to_str().unwrap();
    let cases: Vec<Vec<String>> = [
        vec!["arena", "run", "--config", "FILE"],
        vec!["economy", "play", "--world", "FILE"],
        vec!["speed", "check-log", "FILE"],
        vec!["path", "--map", "FILE", "--from", "0,0", "--to", "1,1"],
        vec!["speed", "serve", "--keys", "FILE", "--addr", "127.0.0.1:0"],
        vec![
            "ants",
            "play",
            "--turns",
            "1",
            "thesis(profile=FILE)",
            "hold",
        ],
    ]
    .iter()
    .map(|c| c.iter().map(|s| (*s).to_owned()).collect())
    .collect();
    for case in &cases {
        let files: &[&str] = if case[1] == "check-log" {
            // Logs may be large (256 MiB); only the endless file is tried.
            &["/dev/zero"]
        } else {
            &["/dev/zero", big]
        };
        for file in files {
            let args: Vec<String> = case.iter().map(|a| a.replace("FILE", file)).collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let started = Instant::now();
            let o = botforge(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
            assert!(text(&o).contains("larger than"), "{args:?}: {}", text(&o));
            assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        }
    }
}

/// Durations and budgets are range-checked when the arguments are parsed, so 2⁶⁴−1 is a
/// usage error instead of an overflow panic or a run without end.
#[test]
fn huge_durations_and_budgets_are_usage_errors() {
    let max = "18446744073709551615";
    for args in [
        vec!["speed", "serve", "--min-round-secs", max],
        vec!["speed", "serve", "--max-round-secs", max],
        vec!["speed", "serve", "--wait", max],
        vec!["speed", "serve", "--wait", "1e300"],
        vec!["speed", "serve", "--ai-ms", max],
        vec!["speed", "play", "--budget-ms", max],
        vec!["ants", "play", "--turntime", max],
        vec!["economy", "experiment", "--expansions", max],
        vec!["economy", "trace", "--expansions", max],
    ] {
        let o = botforge(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains("out of range"), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{args:?}: {}", text(&o));
    }
}

/// A Wumpus world asking for 2³²−1 actions is refused with its line.
#[test]
fn a_wumpus_world_with_absurd_max_actions_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let world = dir.path().join("w.txt");
    std::fs::write(
        &world,
        "max_actions = 4294967295\n#####\n#SG.#\n#...#\n#####\n",
    )
    .unwrap();
    let o = botforge(&["wumpus", "play", "--world", world.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("max_actions"), "{}", text(&o));
}

/// A schedule whose product of games, matchups and maps is too large is refused at once
/// (it used to abort while building the job list).
#[test]
fn a_huge_schedule_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let map = official_map("maze/maze_p02_01.map");
    let started = Instant::now();
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        map.to_str().unwrap(),
        "--games",
        "1000000",
        "--bots",
        "hold,random,greedy,hunter,lefty",
        "--round-robin",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("split it into several runs"),
        "{}",
        text(&o)
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

/// An output file that cannot be written fails the command before any game is played (it
/// used to fail after the whole game or series, losing it).
#[test]
fn output_paths_are_checked_before_the_work() {
    let map = official_map("maze/maze_p02_01.map");
    let map = map.to_str().unwrap();
    let bad = "/nonexistent/dir/x.out";
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    std::fs::write(&db, "").unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "ants", "play", "--map", map, "--replay", bad, "hunter", "hold",
        ],
        vec![
            "ants",
            "tournament",
            "--maps",
            map,
            "--games",
            "2",
            "--bots",
            "hunter,hold",
            "--csv",
            bad,
        ],
        vec![
            "economy",
            "experiment",
            "--case",
            "0",
            "--games",
            "1",
            "--expansions",
            "10",
            "--csv",
            bad,
        ],
        vec![
            "speed",
            "play",
            "--bots",
            "random,random",
            "--quiet",
            "--log",
            bad,
        ],
        vec!["wumpus", "play", "--seed", "1", "--trace", bad],
        vec!["wumpus", "eval", "--worlds", "2", "--csv", bad],
        vec![
            "arena",
            "report",
            "--db",
            db.to_str().unwrap(),
            "--csv",
            bad,
        ],
        // A directory in the file's place.
        vec![
            "ants", "play", "--map", map, "--replay", "/", "hunter", "hold",
        ],
    ];
    for args in &cases {
        let o = botforge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains("cannot write"), "{args:?}: {}", text(&o));
        assert!(
            String::from_utf8_lossy(&o.stdout).trim().is_empty(),
            "{args:?} did the work: {}",
            text(&o)
        );
    }
}

/// A results database that turns out corrupt after it was opened is an error that names
/// the file (it used to say only "database disk image is malformed").
#[test]
fn a_corrupt_results_database_is_named_in_the_error() {
    let map = official_map("maze/maze_p02_01.map");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        map.to_str().unwrap(),
        "--games",
        "2",
        "--turns",
        "20",
        "--bots",
        "hold,random",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 4096 + 2000, "{} bytes", bytes.len());
    bytes[4096..4096 + 2000].fill(0xff);
    std::fs::write(&db, bytes).unwrap();
    let o = botforge(&["arena", "report", "--db", db.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("malformed") && text(&o).contains("results.db"),
        "{}",
        text(&o)
    );
}

/// `--lease` is 1 to 86,400 seconds: 0 and a day and a second are usage errors before any
/// connection is tried.
#[test]
fn a_lease_out_of_range_is_a_usage_error() {
    for cmd in ["run", "work"] {
        for bad in ["0", "86401", "18446744073709551615"] {
            let o = botforge(&[
                "arena",
                cmd,
                "--db",
                "postgres://u@127.0.0.1:1/none",
                "--lease",
                bad,
            ]);
            assert_eq!(
                o.status.code(),
                Some(2),
                "{cmd} --lease {bad}: {}",
                text(&o)
            );
            assert!(
                text(&o).contains("out of range"),
                "{cmd} --lease {bad}: {}",
                text(&o)
            );
        }
    }
}

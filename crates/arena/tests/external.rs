//! External programs in arena runs of every game with a protocol: the Python example bots
//! of `examples/bots/` (an Ants bot against `champion`, a Wumpus agent, an informatiCup
//! spe_ed client on a loopback server), hostile spe_ed clients (silent, never connecting,
//! quitting mid-game), and no process left behind. They fail without `python3` (`.ci/run`
//! installs it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arena::runner::Job;
use arena::{Config, RunOptions, Store};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Fails the calling test, naming the tool, when `python3` does not run (`.ci/run`
/// installs Debian's `python3`).
fn require_python() {
    let ok = std::process::Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "python3 not found: this test runs Python programs (.ci/run installs Debian's python3)"
    );
}

fn write_config(dir: &Path, name: &str, text: &str) -> Config {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    Config::load(&path).unwrap()
}

/// A marker no other test uses, put into the environment of a test's commands.
fn marker(test: &str) -> String {
    format!("BOTFORGE_TEST_MARK={test}-{}", std::process::id())
}

/// Live processes (not zombies) whose environment holds `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(env) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        let zombie = std::fs::read_to_string(entry.path().join("stat")).is_ok_and(|s| {
            s.rsplit(')')
                .next()
                .is_some_and(|r| r.trim_start().starts_with('Z'))
        });
        if !zombie && env.split(|&b| b == 0).any(|v| v == marker.as_bytes()) {
            let cmd = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push(format!(
                "{pid}: {}",
                String::from_utf8_lossy(&cmd).replace('\0', " ")
            ));
        }
    }
    found
}

/// Waits up to two seconds for the processes with `marker` to be gone.
fn assert_all_gone(marker: &str) {
    let until = Instant::now() + Duration::from_secs(2);
    loop {
        let left = processes_with(marker);
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < until, "processes left behind: {left:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn champion_plays_the_python_ants_bot_in_one_config() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let mark = marker("ants");
    let root = root();
    let map = root.join("data/ants/maze_p02_01.map");
    let bot = root.join("examples/bots/ants_bot.py");
    let cfg = write_config(
        dir.path(),
        "ants-external",
        &format!(
            "game = \"ants\"\ngames = 2\nthreads = 1\nmaps = [{map:?}]\n\
             [options]\nturns = 30\n\
             [[bots]]\nname = \"champion\"\n\
             [[bots]]\nname = \"pybot\"\nspec = \"cmd:{mark} python3 {}\"\n",
            bot.display()
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::open(&dir.path().join("r.db")).unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((s.played, s.failed.len()), (2, 0), "{:?}", s.failed);
    for g in store.matches(Some("ants-external")).unwrap() {
        let mut bots: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
        bots.sort_unstable();
        assert_eq!(bots, ["champion", "pybot"]);
        let pybot = g.seats.iter().find(|s| s.bot == "pybot").unwrap();
        assert!(
            ["survived", "eliminated", "dead"].contains(&pybot.status.as_str()),
            "{g:?}"
        );
    }
    assert_all_gone(&mark);
}

#[test]
fn the_python_wumpus_agent_plays_in_a_wumpus_run() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let mark = marker("wumpus");
    let agent = root().join("examples/bots/wumpus_agent.py");
    let cfg = write_config(
        dir.path(),
        "wumpus-external",
        &format!(
            "game = \"wumpus\"\ngames = 3\n[options]\npreset = \"small\"\n\
             [[bots]]\nname = \"reference\"\n\
             [[bots]]\nname = \"pyagent\"\nspec = \"cmd:{mark} python3 {}\"\n",
            agent.display()
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((s.played, s.failed.len()), (3, 0), "{:?}", s.failed);
    for g in store.matches(None).unwrap() {
        let agent = g.seats.iter().find(|s| s.bot == "pyagent").unwrap();
        assert_ne!(agent.status, "error", "{g:?}");
    }
    // The same agent by `NAME=cmd:` in a spec (the command-line form).
    player
        .check_bot(&format!("pyagent=cmd:python3 {}", agent.display()))
        .unwrap();
    assert_all_gone(&mark);
}

#[test]
fn the_python_speed_client_plays_a_speed_run_through_a_loopback_server() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let mark = marker("speed");
    let client = root().join("examples/bots/speed_client.py");
    let replays = dir.path().join("replays");
    let cfg = write_config(
        dir.path(),
        "speed-external",
        &format!(
            "game = \"speed\"\ngames = 2\nthreads = 2\nreplays = {replays:?}\n\
             [options]\nbudget_ms = 20\nmin_round_secs = 1\nmax_round_secs = 1\n\
             [[bots]]\nname = \"pyclient\"\nspec = \"cmd:{mark} python3 {}\"\n\
             [[bots]]\nname = \"not-killing-itself(1,0,3)\"\n",
            client.display()
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((s.played, s.failed.len()), (2, 0), "{:?}", s.failed);
    let games = store.matches(None).unwrap();
    for g in &games {
        let py = g.seats.iter().find(|s| s.bot == "pyclient").unwrap();
        assert!(
            py.status == "survived" || py.status == "dead",
            "the client did not play: {g:?}"
        );
        assert!(g.turns >= 1, "{g:?}");
        // The server's log replays exactly.
        let log = g.replay.as_ref().unwrap();
        let report = speed::golden::check_file(Path::new(log)).unwrap();
        assert_eq!(report.divergence, None, "{log}");
        assert_eq!(report.transitions as u32, g.turns, "{log}");
    }
    // Seats rotate: the client played as player 1 and as player 2.
    let firsts: Vec<&str> = games.iter().map(|g| g.seats[0].bot.as_str()).collect();
    assert!(
        firsts.contains(&"pyclient") && firsts.len() == 2,
        "{firsts:?}"
    );
    assert_all_gone(&mark);
}

#[test]
fn hostile_speed_clients_end_with_a_clear_status_and_leave_no_process() {
    require_python();
    let mark = marker("hostile-speed");
    let bots = root().join("examples/bots");
    let connect = |then: &str| {
        format!(
            "cmd:{mark} python3 -c \"import os, sys, time; sys.path.insert(0, '{}'); \
             import speed_client as c; ws = c.WebSocket(os.environ['URL'] + '?key=' + os.environ['KEY']); {then}\"",
            bots.display()
        )
    };
    let specs = vec![
        format!(
            "cmd:{mark} python3 {}",
            bots.join("speed_client.py").display()
        ),
        // Connects and never answers.
        connect("time.sleep(1000)"),
        // Never connects (and starts a child that would outlive a plain kill).
        format!("cmd:{mark} sh -c 'sleep 1000 & sleep 1000'"),
        // Reads the first state, then quits.
        connect("ws.receive_text(); sys.exit(3)"),
        "random".to_owned(),
    ];
    let options: toml::Table = toml::from_str(
        "budget_ms = 20\nmin_round_secs = 1\nmax_round_secs = 1\ngrace_ms = 300\n\
         connect_timeout_ms = 2000\n",
    )
    .unwrap();
    let player = arena::games::player("speed", &options).unwrap();
    for s in &specs {
        player.check_bot(s).unwrap();
    }
    let job = Job {
        key: "hostile".into(),
        game: "speed".into(),
        map: String::new(),
        seed: 7,
        index: 0,
        seats: ["client", "silent", "absent", "quitter", "random"]
            .map(String::from)
            .to_vec(),
        specs,
    };
    // The check sees a marked process while it runs.
    let (key, value) = mark.split_once('=').unwrap();
    let mut probe = std::process::Command::new("sleep")
        .arg("30")
        .env(key, value)
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(5);
    while processes_with(&mark).is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10)); // until the probe has exec'd
    }
    assert_eq!(processes_with(&mark).len(), 1);
    probe.kill().unwrap();
    probe.wait().unwrap();
    assert_all_gone(&mark);
    let started = Instant::now();
    let r = player.play(&job, None).unwrap();
    let took = started.elapsed();
    let status: Vec<&str> = r.seats.iter().map(|s| s.status.as_str()).collect();
    assert!(
        status[0] == "survived" || status[0] == "dead",
        "{status:?} {r:?}"
    );
    assert_eq!(
        &status[1..4],
        ["timeout", "no-connection", "crashed"],
        "{r:?}"
    );
    assert!(took < Duration::from_secs(30), "took {took:?}");
    let external = &r.details["external"];
    assert_eq!(external["quitter"]["process"], "exit code 3", "{external}");
    assert_eq!(external["absent"]["process"], "running", "{external}");
    assert_all_gone(&mark);
    // A command that cannot start is refused before any game.
    let e = player.check_bot("cmd:/nonexistent/client").unwrap_err();
    assert!(format!("{e:#}").contains("not found"), "{e:#}");
}

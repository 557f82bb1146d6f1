//! End-to-end tests of `botforge wumpus …`: play, eval, the agent protocol process, external
//! agents that crash or hang, and clear errors for bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

fn botforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn data(name: &str) -> String {
    format!("{}/../../data/wumpus/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Fails the calling test, naming the tool, when `python3` does not run (`.ci/run`
/// installs Debian's `python3`).
fn require_python() {
    let ok = Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "python3 not found: this test runs Python agents (.ci/run installs Debian's python3)"
    );
}

#[test]
fn play_seed_1_reference_matches_spec_transcript() {
    let o = botforge(&["wumpus", "play", "--seed", "1", "--agent", "reference"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("END outcome=WIN score=1176 actions=124 gold=1 kills=2 arrows=1"),
        "{}",
        stdout(&o)
    );
}

/// `wumpus play --seed SEED` with `spec` in process and as a protocol process
/// (`botforge wumpus agent SPEC`) ends with the same `END` line.
fn plays_identically_as_protocol_process(seed: &str, spec: &str) {
    let me = env!("CARGO_BIN_EXE_botforge");
    let inproc = botforge(&["wumpus", "play", "--seed", seed, "--agent", spec]);
    assert!(inproc.status.success(), "{}", stderr(&inproc));
    let cmd = format!("cmd:{me} wumpus agent '{spec}'");
    let ext = botforge(&["wumpus", "play", "--seed", seed, "--agent", &cmd]);
    assert!(ext.status.success(), "{}", stderr(&ext));
    let end = |o: &Output| {
        stdout(o)
            .lines()
            .find(|l| l.starts_with("END"))
            .map(String::from)
    };
    assert!(end(&inproc).is_some());
    assert_eq!(end(&inproc), end(&ext), "{spec}");
}

#[test]
fn our_agent_as_protocol_process_plays_identically() {
    for agent in wumpus::agents::BOTS.names() {
        plays_identically_as_protocol_process("3", agent);
    }
}

#[test]
fn play_show_renders_board_and_knowledge_and_trace_is_json() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.json");
    let o = botforge(&[
        "wumpus",
        "play",
        "--world",
        &data("aima-4x4.wum"),
        "--agent",
        "champion",
        "--show",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("knowledge:")
            && out.contains("turn 0 start")
            && out.contains("######   ######"),
        "{out}"
    );
    let o = botforge(&[
        "wumpus",
        "play",
        "--world",
        &data("corridor.wum"),
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let t = wumpus::GameTrace::from_json(&std::fs::read_to_string(&trace).unwrap()).unwrap();
    assert_eq!(t.steps.len() as u32, t.result.actions + 1);
    assert!(t.steps[0].knowledge.is_some());
}

#[test]
fn eval_prints_the_spec_table_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("r.csv");
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "20",
        "--seed",
        "1",
        "--agents",
        "reference,champion",
        "--threads",
        "2",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("worlds=20 seeds=1..20 preset=medium solvable="),
        "{out}"
    );
    // The same worlds played here one by one, without the arena.
    let cfg = wumpus::eval::EvalConfig {
        worlds: 20,
        seed: 1,
        preset: wumpus::Preset::Medium,
    };
    let names: Vec<String> = ["reference", "champion"].map(String::from).to_vec();
    let specs: Vec<_> = names
        .iter()
        .map(|n| wumpus::agents::EntrantSpec::parse(n).unwrap())
        .collect();
    let records = cfg
        .seeds()
        .flat_map(|seed| {
            let world = wumpus::generate(&cfg.preset.params(seed)).unwrap();
            wumpus::eval::play_world(&world, seed, &specs, wumpus::protocol::Timeouts::default())
                .unwrap()
        })
        .collect();
    let rep = wumpus::eval::EvalReport::new(cfg, &names, records);
    assert_eq!(
        out,
        rep.table(),
        "the arena's evaluation is the games played one by one"
    );
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert!(rows.starts_with("agent,seed,outcome,score,actions,gold,kills,arrows_left,solvable\n"));
    assert_eq!(rows.lines().count(), 41);
}

#[test]
fn crashing_and_hanging_external_agents_finish_the_evaluation() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let crash = dir.path().join("crash.py");
    std::fs::write(&crash, "import sys\nsys.stdin.readline()\nsys.exit(1)\n").unwrap();
    let hang = dir.path().join("hang.py");
    std::fs::write(
        &hang,
        "import sys, time\nfor l in sys.stdin:\n    time.sleep(60)\n",
    )
    .unwrap();
    let agents = format!(
        "cmd:python3 {},cmd:python3 {},reference",
        crash.display(),
        hang.display()
    );
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "2",
        "--seed",
        "1",
        "--agents",
        &agents,
        "--first-reply-ms",
        "2000",
        "--reply-ms",
        "100",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let crash_line = out.lines().find(|l| l.contains("crash.py")).unwrap();
    assert!(crash_line.contains("100.0%"), "{crash_line}");
    let err = stderr(&o);
    assert!(err.contains("exited"), "{err}");
    assert!(err.contains("did not reply within 2000 ms"), "{err}");
}

#[test]
fn bad_input_gives_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.wum");
    std::fs::write(&bad, "#####\n#S?G#\n#...#\n#####\n").unwrap();
    let o = botforge(&["wumpus", "play", "--world", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad.wum: line 2, column 3: unknown character '?'"),
        "{}",
        stderr(&o)
    );
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "2",
        "--agents",
        "reference,nobody",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let known = wumpus::agents::BOTS.names().join(", ");
    assert!(
        stderr(&o).contains(&format!("unknown wumpus bot `nobody`; known: {known}")),
        "{}",
        stderr(&o)
    );
    let o = botforge(&["wumpus", "agent", "nobody"]);
    assert_eq!(o.status.code(), Some(2));
    let o = botforge(&["wumpus", "agent", "cmd:true"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("only in-process bots are accepted"),
        "{}",
        stderr(&o)
    );
    let o = botforge(&["wumpus", "play", "--agent", "champion(pit_prior=1)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("champion(pit_prior=1): must be within 0.001..=0.999"),
        "{}",
        stderr(&o)
    );
    let o = botforge(&["wumpus", "play", "--preset", "huge"]);
    assert_eq!(o.status.code(), Some(2));
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(["wumpus", "agent", "reference"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut si = child.stdin.take().unwrap();
        writeln!(si, "GARBAGE line").unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("GARBAGE"), "{}", stderr(&o));
}

#[test]
fn bots_lists_the_catalogue() {
    let o = botforge(&["wumpus", "bots"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), wumpus::agents::BOTS.describe());
    for name in wumpus::agents::BOTS.names() {
        assert!(stdout(&o).contains(name), "{name}");
    }
}

/// A parameter sweep is one evaluation of several `champion(key=value)` specs: each row is
/// named by its canonical spec and equals an evaluation of that spec alone.
#[test]
fn eval_sweeps_champion_parameters() {
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "6",
        "--seed",
        "3",
        "--agents",
        "champion(win_chance=2,risk_weight=300), champion(0.5)",
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row {name} in {text}"))
            .to_owned()
    };
    let bold = row(&out, "champion(risk_weight=300,win_chance=2)");
    let low_risk_weight = row(&out, "champion(risk_weight=0.5)");
    let alone = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "6",
        "--seed",
        "3",
        "--agents",
        "champion(risk_weight=300,win_chance=2)",
    ]);
    assert!(alone.status.success(), "{}", stderr(&alone));
    let cells =
        |l: &str| -> Vec<String> { l.split_whitespace().skip(1).map(str::to_owned).collect() };
    assert_eq!(
        cells(&row(
            &stdout(&alone),
            "champion(risk_weight=300,win_chance=2)"
        )),
        cells(&bold)
    );
    assert!(!low_risk_weight.is_empty());
}

#[test]
fn a_bot_with_parameters_as_protocol_process_plays_identically() {
    plays_identically_as_protocol_process("5", "champion(risk_weight=300,win_chance=2)");
}

/// `play --show` with a generated world steps through the game with the bot's knowledge.
#[test]
fn play_show_steps_through_a_generated_world() {
    let o = botforge(&[
        "wumpus",
        "play",
        "--seed",
        "2",
        "--preset",
        "small",
        "--agent",
        "champion(shoot_threshold=0.4)",
        "--show",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let world = wumpus::generate(&wumpus::Preset::Small.params(2)).unwrap();
    let mut bot = wumpus::agents::BOTS
        .build("champion(shoot_threshold=0.4)", ())
        .unwrap();
    let played = wumpus::play_game(&mut wumpus::Game::new(&world, 2), &mut bot, |_, _, _| {});
    assert!(out.starts_with(wumpus::render::LEGEND), "{out}");
    let turns = out.lines().filter(|l| l.starts_with("turn ")).count() as u32;
    assert_eq!(turns, played.result.actions + 1, "{out}");
    assert!(out.contains("plan: "), "{out}");
    assert!(
        out.ends_with(&format!(
            "{}\n",
            wumpus::protocol::format_end(&played.result)
        )),
        "{out}"
    );
}

//! `botforge economy play|experiment|trace|bots` end to end: scripted human play over stdin,
//! a small reproducible experiment with CSV output, a traced game and the bot list, each
//! compared with the library, and clear errors for bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;

use economy::experiment::{CASES, CaseResult, Mode};
use economy::{BOTS, PlayOptions, build_bot, play_game};

fn botforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
}

fn play(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = botforge()
        .args(["economy", "play"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn scripted_human_game_reaches_a_small_goal() {
    // Goal 30 gold, one Gold agent. Harvest once (choice 1 = GetreideErnten1), then sell it
    // (Verkaufen: Getreide1 is the 3rd executable activity after the harvest).
    let (code, out, err) = play(
        &[
            "--agents",
            "gold",
            "--round-ms",
            "20",
            "--goal",
            "30",
            "--fixed-prices",
        ],
        "1\nn\n3\nn\n\n\n\n\n\n\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Item") && out.contains("Prediction"),
        "merchant table:\n{out}"
    );
    assert!(
        out.contains("Total") && out.contains("Agent0"),
        "player table:\n{out}"
    );
    assert!(
        out.contains(" 1  GetreideErnten1"),
        "executable list:\n{out}"
    );
    assert!(out.contains("selected GetreideErnten1"), "{out}");
    assert!(out.contains("selected Verkaufen: Getreide1"), "{out}");
    assert!(out.contains("You reached the goal in 2 rounds"), "{out}");
}

#[test]
fn play_rejects_bad_agent_names() {
    let (code, _, err) = play(&["--agents", "genius"], "");
    assert_eq!(code, 2);
    assert!(err.contains("genius"), "{err}");
}

#[test]
fn bad_world_file_names_file_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/economy/beispielwelt.toml"
    ))
    .unwrap()
    .replace("\"Mehl -1\"", "\"Mehll -1\"");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = play(&["--world", path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.toml") && err.contains("activity[0].effects[2]") && err.contains("Mehll"),
        "{err}"
    );
}

#[test]
fn budget_experiment_is_reproducible_and_writes_csv() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("out.csv");
    let run = || {
        let out = botforge()
            .args([
                "economy",
                "experiment",
                "--case",
                "0",
                "--games",
                "2",
                "--expansions",
                "200",
            ])
            .args([
                "--max-rounds",
                "80",
                "--threads",
                "2",
                "--seed",
                "3",
                "--csv",
            ])
            .arg(&csv)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            std::fs::read_to_string(&csv).unwrap(),
        )
    };
    let (table, rows) = run();
    assert!(
        table.contains("case 0: goal 500 gold, fixed prices, 200 expansions/round, 2 games"),
        "{table}"
    );
    assert!(table.contains("Agent7  GameAnalyzer"), "{table}");
    assert_eq!(rows.lines().count(), 1 + 2 * 8);
    assert!(rows.starts_with("case,goal,variable_prices,game,agent,bot,rounds,winner"));
    let strip = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    let (table2, rows2) = run();
    assert_eq!(rows, rows2);
    assert_eq!(
        strip(&table).split('(').next(),
        strip(&table2).split('(').next()
    );
}

#[test]
fn experiment_seats_game_analyzer_plus_as_agent7() {
    let out = botforge()
        .args(["economy", "experiment", "--case", "1", "--games", "1"])
        .args(["--expansions", "100", "--max-rounds", "60", "--seed", "5"])
        .args(["--agent7", "game-analyzer-plus"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("Agent7  GameAnalyzer+"), "{table}");
    assert!(table.contains("Agent6  Gold/R+Score/R"), "{table}");
    let bad = botforge()
        .args(["economy", "experiment", "--case", "1", "--agent7", "nope"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("game-analyzer-plus"),
        "the error lists the known bots"
    );
}

#[test]
fn experiment_needs_a_case() {
    let out = botforge()
        .args(["economy", "experiment", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--case"));
}

fn example_world() -> Arc<economy::world::World> {
    Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    )
}

fn stdout_of(args: &[&str]) -> String {
    let out = botforge().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn bots_lists_the_catalogue() {
    assert_eq!(stdout_of(&["economy", "bots"]), BOTS.describe());
}

/// A parameter sweep over per-bot caps (what the removed `sweep` example did): `experiment
/// --agents` with capped specs prints the table `CaseResult::render` gives for the same games
/// played by `play_game`.
#[test]
fn experiment_with_capped_agents_equals_play_game() {
    let specs = ["gold", "score", "game-analyzer(max_expansions=50)"];
    let table = stdout_of(&[
        "economy",
        "experiment",
        "--case",
        "1",
        "--games",
        "3",
        "--seed",
        "5",
        "--expansions",
        "300",
        "--agents",
        &specs.join(","),
    ]);
    let world = example_world();
    let games = (0..3)
        .map(|game| {
            let bots = specs.iter().map(|s| build_bot(s).unwrap()).collect();
            let options = PlayOptions {
                case: CASES[1],
                mode: Mode::Budget(300),
                seed: 5,
                game,
                max_rounds: 300,
            };
            play_game(&world, bots, &options)
        })
        .collect();
    let direct = CaseResult {
        case: CASES[1],
        mode: Mode::Budget(300),
        bots: specs.iter().map(|s| (*s).to_owned()).collect(),
        labels: vec!["Gold".into(), "Score".into(), "GameAnalyzer".into()],
        games,
        wall_ms: 0,
    };
    let agent_lines = |t: &str| -> Vec<String> { t.lines().skip(1).map(str::to_owned).collect() };
    assert_eq!(agent_lines(&table), agent_lines(&direct.render()));
    assert_eq!(agent_lines(&table).len(), 3, "{table}");
    assert!(
        direct.summary(2).expansions_per_round <= 50.0,
        "the cap holds"
    );
    let e = botforge()
        .args([
            "economy",
            "experiment",
            "--case",
            "1",
            "--agents",
            "gold,gold(depth=2)",
        ])
        .output()
        .unwrap();
    assert_eq!(e.status.code(), Some(2));
    let err = String::from_utf8_lossy(&e.stderr);
    assert!(
        err.contains("depth") && err.contains("max_expansions"),
        "{err}"
    );
}

/// `trace` (what the removed `trace` example did): one line per round, and the rounds each
/// bot needed equal `play_game`'s for the same options.
#[test]
fn trace_follows_the_game_play_game_plays() {
    let out = stdout_of(&[
        "economy",
        "trace",
        "--case",
        "1",
        "--expansions",
        "200",
        "--seed",
        "5",
        "--game",
        "0",
        "--agent7",
        "game-analyzer-planner",
    ]);
    let mut specs: Vec<String> = economy::rating::Rating::ALL
        .iter()
        .map(|r| r.bot_name().to_owned())
        .collect();
    specs[7] = "game-analyzer-planner".to_owned();
    let bots = specs.iter().map(|s| build_bot(s).unwrap()).collect();
    let options = PlayOptions {
        case: CASES[1],
        mode: Mode::Budget(200),
        seed: 5,
        game: 0,
        max_rounds: 300,
    };
    let outcome = play_game(&example_world(), bots, &options);
    let rounds: Vec<&str> = out.lines().filter(|l| l.starts_with('r')).collect();
    let last = outcome.rounds.iter().flatten().max().copied().unwrap();
    assert_eq!(rounds.len(), last as usize, "{out}");
    assert!(rounds[0].starts_with("r1   p["), "{out}");
    assert_eq!(rounds[0].matches(" | ").count(), 8, "{out}");
    for (i, r) in outcome.rounds.iter().enumerate() {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("Agent{i} ")))
            .unwrap();
        let r = r.unwrap();
        assert!(line.ends_with(&format!("goal in {r} rounds")), "{line}");
    }
    assert!(out.contains("Agent7 GA-Planner: goal in"), "{out}");
}

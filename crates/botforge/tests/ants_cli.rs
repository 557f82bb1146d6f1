//! `botforge ants …` end to end: the default game, external bots through `botforge ants
//! bot`, replay checking, tournaments, and clear errors for bad input.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, text};

use std::path::PathBuf;

fn data(rel: &str) -> String {
    format!("{}/../../data/ants/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// Plays `bots` on `maze_p02_01` for `turns` turns (seed 3) and writes the replay.
fn play_to_replay(replay: &std::path::Path, turns: &str, bots: [&str; 2]) -> std::process::Output {
    botforge(&[
        "ants",
        "play",
        "--map",
        &data("maze_p02_01.map"),
        "--turns",
        turns,
        "--seed",
        "3",
        "--replay",
        replay.to_str().unwrap(),
        bots[0],
        bots[1],
    ])
}

#[test]
fn play_without_arguments_prints_a_result_table() {
    let o = botforge(&["ants", "play", "--turns", "60"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    for bot in ["hunter", "greedy", "lefty", "random"] {
        assert!(out.contains(&format!("| {bot} |")), "{out}");
    }
    assert!(out.contains("cutoff:"), "{out}");
}

#[test]
fn external_protocol_bot_plays_and_the_replay_checks() {
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("g.replay");
    let bot_cmd = format!("cmd:{} ants bot greedy", env!("CARGO_BIN_EXE_botforge"));
    let o = play_to_replay(&replay, "40", ["hunter", &bot_cmd]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(
        !out.contains("crashed") && !out.contains("timeout"),
        "{out}"
    );
    let o = botforge(&["ants", "check-replay", replay.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 of 1 replays match"));
}

/// The cells, trimmed, of the first row of `table` (markdown) that starts with `prefix`.
fn row_cells(table: &str, prefix: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no row {prefix} in\n{table}"));
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

#[test]
fn agree_counts_where_the_bot_and_the_player_stay() {
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("g.replay");
    let o = play_to_replay(&replay, "60", ["hunter", "greedy"]);
    assert!(o.status.success(), "{}", text(&o));
    let agree = |bot: &str| {
        let o = botforge(&[
            "ants",
            "agree",
            "--bot",
            bot,
            "--player",
            "greedy",
            replay.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o));
        text(&o)
    };
    let out = agree("hold");
    assert!(out.contains("| bot stays % | greedy stays % |"), "{out}");
    // Columns: ants, balance, positions, same %, closer ×2, bot stays %, player stays %.
    let all = row_cells(&out, "| all ants | all |");
    assert_eq!(all[6], "100.0", "{out}");
    let player_stays = all[7].clone();
    assert!(player_stays.parse::<f64>().unwrap() < 100.0, "{out}");
    // The player replayed to itself stays exactly where it stayed.
    let out = agree("greedy");
    let all = row_cells(&out, "| all ants | all |");
    assert_eq!(all[3], "100.0", "{out}");
    assert_eq!(all[6], all[7], "{out}");
    assert_eq!(all[7], player_stays, "{out}");
}

#[test]
fn check_replay_reports_golden_matches_and_bad_files() {
    let golden = PathBuf::from(data("golden"));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.replay");
    std::fs::write(&bad, "{\"challenge\": \"ants\"").unwrap();
    let o = botforge(&["ants", "check-replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        text(&o).matches("bad.replay").count(),
        1,
        "the file is named once: {}",
        text(&o)
    );
    // A replay that diverges is named once too.
    let golden_text =
        std::fs::read_to_string(golden.join("random_walk_p02_05__hunter-timeout__seed401.replay"))
            .unwrap();
    let wrong = dir.path().join("wrong.replay");
    std::fs::write(
        &wrong,
        golden_text.replacen(
            "\"cutoff\": \"lone survivor\"",
            "\"cutoff\": \"turn limit reached\"",
            1,
        ),
    )
    .unwrap();
    let o = botforge(&["ants", "check-replay", wrong.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(text(&o).matches("wrong.replay").count(), 1, "{}", text(&o));
    let file = golden.join("random_walk_p02_05__hunter-timeout__seed401.replay");
    assert!(
        file.is_file(),
        "golden replay missing: {} (the repository carries it in data/ants/golden/)",
        file.display()
    );
    let o = botforge(&["ants", "check-replay", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn tournament_prints_a_table_per_bot() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_*.map"),
        "--games",
        "2",
        "--bots",
        "hunter,random",
        "--threads",
        "1",
        "--turns",
        "40",
        "--seed",
        "7",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(
        out.contains(
            "| Bot | Games | Wins | Draws | Losses | Win % | Total points | Slowest turn | Timeouts | Crashes |"
        ),
        "{out}"
    );
    assert!(
        out.contains("| hunter | 2 |") && out.contains("| random | 2 |"),
        "{out}"
    );
    assert!(
        out.contains("2 games, 40 turns, turntime 1000 ms, seeds 7..=8"),
        "{out}"
    );
    let rows = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(
        lines[0],
        "game,map,seed,turns,seat,bot,score,result,status,alive_100,alive_200,alive_300,hills_lost,slowest_ms,turn_p50_ms,turn_p99_ms,replay"
    );
    assert_eq!(lines.len(), 1 + 2 * 2, "{rows}");
    assert!(
        lines[1].starts_with("0,") && lines[1].contains(",7,") && lines[1].contains(",hunter,")
    );
    assert!(
        lines[3].starts_with("1,") && lines[3].contains(",8,") && lines[3].contains(",random,")
    );
}

/// The CSV rows without the timing column (`slowest_ms`), which differs between runs.
fn untimed(csv: &str) -> Vec<String> {
    csv.lines()
        .map(|l| {
            let mut cells: Vec<&str> = l.split(',').collect();
            cells.truncate(13);
            cells.join(",")
        })
        .collect()
}

/// A 2-player scenario map: three ants and a food per player besides the hills.
const SCENARIO_MAP: &str = "rows 20\ncols 20\nplayers 2\n\
m ....................\nm ..0.................\nm ....................\n\
m ....aaa.............\nm ...........*........\nm ....................\n\
m ....................\nm ....................\nm ....................\n\
m ....................\nm ....................\nm ....................\n\
m ....................\nm ....................\nm ....................\n\
m ....................\nm ...........*........\nm ....bbb.............\n\
m ....................\nm ..1.................\n";

/// Ants per player at turn 0 of a recorded game (read by the engine's replay reader).
fn ants_at_start(replay: &std::path::Path) -> Vec<usize> {
    let replay = ants::Replay::load(replay).unwrap();
    let mut per = vec![0; 2];
    for a in replay.replaydata.ants.iter().filter(|a| a.2 == 0) {
        per[usize::from(a.4)] += 1;
    }
    per
}

#[test]
fn scenario_games_start_with_the_ants_of_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("s.map");
    std::fs::write(&map, SCENARIO_MAP).unwrap();
    let play = |scenario: bool| {
        let replay = dir.path().join(format!("s{scenario}.replay"));
        let mut args = vec![
            "ants",
            "play",
            "--map",
            map.to_str().unwrap(),
            "--turns",
            "3",
        ];
        args.extend(["--replay", replay.to_str().unwrap()]);
        if scenario {
            args.push("--scenario");
        }
        args.extend(["hold", "hold"]);
        let o = botforge(&args);
        assert!(o.status.success(), "{}", text(&o));
        ants_at_start(&replay)
    };
    assert_eq!(play(true), vec![3, 3]);
    assert_eq!(play(false), vec![1, 1], "without it, one ant per hill");
    let replays = dir.path().join("t");
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        map.to_str().unwrap(),
        "--games",
        "2",
        "--bots",
        "hold,hunter",
        "--turns",
        "3",
        "--scenario",
        "--replays",
        replays.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(ants_at_start(&replays.join("game-0.replay")), vec![3, 3]);
}

#[test]
fn a_tournament_is_the_arena_config_it_prints() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--games",
        "2",
        "--bots",
        "hunter,greedy",
        "--opponent",
        "random",
        "--threads",
        "1",
        "--turns",
        "30",
        "--seed",
        "11",
        "--attack",
        "damage",
    ];
    let csv = dir.path().join("t.csv");
    let mut run = args.to_vec();
    run.extend(["--csv", csv.to_str().unwrap()]);
    let o = botforge(&run);
    assert!(o.status.success(), "{}", text(&o));
    let mut print = args.to_vec();
    print.push("--print-config");
    let o = botforge(&print);
    assert!(o.status.success(), "{}", text(&o));
    let config = String::from_utf8(o.stdout).unwrap();
    assert!(config.contains("seeding = \"sequential\""), "{config}");
    assert!(config.contains("attack = \"damage\""), "{config}");
    let path = dir.path().join("t.toml");
    std::fs::write(&path, &config).unwrap();
    let db = dir.path().join("t.db");
    let o = botforge(&[
        "arena",
        "run",
        "--config",
        path.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let arena_csv = dir.path().join("a.csv");
    let o = botforge(&[
        "arena",
        "report",
        "--db",
        db.to_str().unwrap(),
        "--csv",
        arena_csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("| Bot | Games | Wins | Draws | Losses |"),
        "{}",
        text(&o)
    );
    let tournament = untimed(&std::fs::read_to_string(&csv).unwrap());
    let arena = untimed(&std::fs::read_to_string(&arena_csv).unwrap());
    assert_eq!(tournament.len(), 1 + 4 * 2);
    assert_eq!(tournament, arena, "same seeds, same games");
}

#[test]
fn tournament_versus_plays_every_bot_against_the_opponent() {
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--games",
        "2",
        "--bots",
        "thesis,thesis:aggressive",
        "--opponent",
        "hold",
        "--threads",
        "1",
        "--turns",
        "30",
        "--turntime",
        "500",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    for row in [
        "| thesis | 2 |",
        "| thesis:aggressive | 2 |",
        "| hold | 4 |",
    ] {
        assert!(out.contains(row), "{row} missing in {out}");
    }
    assert!(
        out.contains("4 games, 30 turns, turntime 500 ms, seeds 1..=2"),
        "{out}"
    );
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--bots",
        "hunter,hunter",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("named twice"), "{}", text(&o));
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("nodir").join("g.csv");
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--games",
        "1",
        "--turns",
        "5",
        "--bots",
        "hunter,hold",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("nodir"), "{}", text(&o));
    assert!(!csv.exists());
}

#[test]
fn tournament_seats_named_external_bots_and_writes_replays() {
    let dir = tempfile::tempdir().unwrap();
    let replays = dir.path().join("replays");
    let external = format!("ext=cmd:{} ants bot greedy", env!("CARGO_BIN_EXE_botforge"));
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--games",
        "2",
        "--bots",
        "champion(max_turn_ms=20,fight_first=true)",
        "--opponent",
        &external,
        "--threads",
        "1",
        "--turns",
        "30",
        "--turntime",
        "500",
        "--replays",
        replays.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    for row in [
        "| champion(max_turn_ms=20,fight_first=true) | 2 |",
        "| ext | 2 |",
    ] {
        assert!(out.contains(row), "{row} missing in {out}");
    }
    assert!(
        !out.contains("cmd:"),
        "the command is not a display name: {out}"
    );
    for g in 0..2 {
        let replay = replays.join(format!("game-{g}.replay"));
        let json = std::fs::read_to_string(&replay).unwrap();
        assert!(json.contains("\"ext\""), "{json}");
        let o = botforge(&["ants", "check-replay", replay.to_str().unwrap()]);
        assert!(o.status.success(), "{}", text(&o));
    }
    let o = botforge(&["ants", "analyze", replays.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert_eq!(
        out.matches("| game-").count(),
        4,
        "two seats of two games: {out}"
    );
    assert!(out.contains("| ext | 2 |"), "{out}");
    // The near-front table: one row per bot and balance.
    for balance in ["outnumbered", "even", "superior"] {
        assert!(out.contains(&format!("| ext | {balance} |")), "{out}");
    }
    // Replays name an in-process bot by its canonical spec (parameters in declared order).
    assert!(
        out.contains("| champion(fight_first=true,max_turn_ms=20) | 2 |"),
        "{out}"
    );
    // The team table of one seat agrees with its wins and draws in the means table.
    let o = botforge(&[
        "ants",
        "analyze",
        "--team",
        "ext",
        replays.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    // Columns: bot, seats, W, D, L, … hills lost (14) and razed (15) per seat.
    let means = row_cells(&out, "| ext | 2 |");
    assert!(
        out.contains("Team ext against the other seats (2 games;"),
        "{out}"
    );
    let team_row = out
        .lines()
        .skip_while(|l| !l.starts_with("| top score: team only"))
        .nth(2)
        .unwrap_or("");
    let team: Vec<&str> = team_row.split('|').map(str::trim).collect();
    assert_eq!(team.len(), 9, "{out}");
    let first = |c: &str| c.split(' ').next().unwrap_or("").to_owned();
    assert_eq!(first(team[1]), means[2], "wins: {out}");
    assert_eq!(first(team[2]), means[3], "draws: {out}");
    assert_eq!(first(team[3]), means[4], "losses: {out}");
    assert_eq!(
        first(team[5]),
        first(&means[14]),
        "hills lost per seat: {out}"
    );
    // The means by turn 300 (in brackets) count a subset of the hills of the whole game.
    let by_300 = |c: &str| -> (f64, f64) {
        let (all, early) = c.split_once(" (").unwrap_or((c, ""));
        let early = early.trim_end_matches(')');
        (all.parse().unwrap_or(-1.0), early.parse().unwrap_or(-1.0))
    };
    for c in [&means[14], &means[15]] {
        let (all, early) = by_300(c);
        assert!((0.0..=all).contains(&early), "{c}: {out}");
    }
    assert_eq!(
        first(team[6]),
        first(&means[15]),
        "hills razed per seat: {out}"
    );
    let o = botforge(&[
        "ants",
        "analyze",
        "--team",
        "nobody",
        replays.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("--team `nobody`"), "{}", text(&o));
    let o = botforge(&["ants", "analyze", dir.path().join("none").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--bots",
        "champion(max_turn_ms=twenty)",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("max_turn_ms=twenty"), "{}", text(&o));
}

#[test]
fn bad_input_gives_clear_errors() {
    let o = botforge(&["ants", "play", "--map", "/nonexistent/x.map"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("/nonexistent/x.map"), "{}", text(&o));
    let o = botforge(&["ants", "play", "--food-method", "bogus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("--food-method"), "{}", text(&o));
    let o = botforge(&["ants", "play", "nosuchbot"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("unknown Ants bot `nosuchbot`; known: random"),
        "{}",
        text(&o)
    );
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("bad.map");
    std::fs::write(&map, "rows 1\ncols 3\nplayers 2\nm .x.\n").unwrap();
    let o = botforge(&["ants", "play", "--map", map.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("bad.map:4:4"), "{}", text(&o));
}

/// The documented series against the real 2011 winner, shortened: two seated games of
/// `champion` against the Java bot of `../shared/ants/opponents/xathis` (needs `java` and
/// `javac`; run with `cargo test --release -p botforge --test ants_cli -- --ignored`). The
/// full series are the commands in docs/ants-bots.md.
#[test]
#[ignore = "needs a JDK and ../shared/ants/opponents; the full series are documented commands"]
fn champion_plays_the_real_winner_without_timeouts() {
    let script = format!(
        "{}/../../../shared/ants/opponents/xathis/run.sh",
        env!("CARGO_MANIFEST_DIR")
    );
    assert!(std::path::Path::new(&script).exists(), "missing {script}");
    // The script compiles the bot on its first use, which takes longer than the 3 s load
    // time of a game: compile it first (the bot exits at once on an empty input).
    let compiled = std::process::Command::new("sh")
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(compiled.success(), "{script} failed: {compiled}");
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let o = botforge(&[
        "ants",
        "tournament",
        "--maps",
        &data("maze_p02_01.map"),
        "--games",
        "2",
        "--bots",
        "champion",
        "--opponent",
        &format!("xathis=cmd:{script}"),
        "--threads",
        "1",
        "--turns",
        "200",
        "--turntime",
        "500",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("| xathis | 2 |"), "{out}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(rows.lines().count(), 5, "{rows}");
    for row in rows.lines().skip(1) {
        assert!(
            !row.contains("timeout") && !row.contains("crashed"),
            "{row}"
        );
    }
}

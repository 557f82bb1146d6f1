//! One bot option name across the command line: `--bots LIST` where a command seats
//! several bots, `--bot SPEC` where it takes one, and `bot SPEC` for the subcommand that
//! runs a bot as a protocol process. The older spellings (`--ais`, `--ai`, `--agents`,
//! `--agent`, `wumpus agent`, positional Ants bots, `ants bot NAME --profile P`) stay as
//! aliases: each test plays the same game with both spellings and compares the output.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, text};

/// The output of a successful `botforge ARGS` with the lines that hold wall times left out.
fn run(args: &[&str]) -> String {
    let o = botforge(args);
    assert!(o.status.success(), "botforge {args:?}: {}", text(&o));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.contains(" s wall") && !l.contains(" ms"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `botforge` with `args`, once with `old` and once with `new` in place of the `{}` word.
fn both(args: &[&str], old: &str, new: &str) -> (String, String) {
    let with = |flag: &str| {
        let a: Vec<&str> = args
            .iter()
            .map(|&w| if w == "{}" { flag } else { w })
            .collect();
        run(&a)
    };
    (with(old), with(new))
}

#[test]
fn help_names_bots_and_bot_with_the_old_spellings_as_aliases() {
    for (cmd, flag, alias) in [
        (&["speed", "play"][..], "--bots <BOTS>", "[alias: --ais]"),
        (&["speed", "eval"][..], "--bots <BOTS>", "[alias: --ais]"),
        (&["speed", "online"][..], "--bot <BOT>", "[alias: --ai]"),
        (&["wumpus", "play"][..], "--bot <BOT>", "[alias: --agent]"),
        (
            &["wumpus", "eval"][..],
            "--bots <BOTS>",
            "[alias: --agents]",
        ),
        (
            &["economy", "play"][..],
            "--bots <BOTS>",
            "[alias: --agents]",
        ),
        (
            &["economy", "experiment"][..],
            "--bots <BOTS>",
            "[alias: --agents]",
        ),
        (&["ants", "play"][..], "--bots <BOTS>", "[BOTS]..."),
        (&["ants", "tournament"][..], "--bots <BOTS>", "--opponent"),
        (&["ants", "agree"][..], "--bot <BOT>", "--player"),
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let help = run(&args);
        assert!(help.contains(flag), "{cmd:?}: {help}");
        assert!(help.contains(alias), "{cmd:?}: {help}");
    }
    let help = run(&["wumpus", "--help"]);
    assert!(help.contains("bot       Run a bot"), "{help}");
    assert!(help.contains("[alias: agent]"), "{help}");
    let help = run(&["ants", "bot", "--help"]);
    assert!(
        help.contains("Usage: botforge ants bot [OPTIONS] <BOT>"),
        "{help}"
    );
    assert!(!help.contains("--profile"), "a hidden alias: {help}");
}

#[test]
fn speed_plays_the_same_game_with_bots_and_ais() {
    let (old, new) = both(
        &[
            "speed",
            "play",
            "--quiet",
            "--seed",
            "4",
            "{}",
            "random,not-killing-itself",
        ],
        "--ais",
        "--bots",
    );
    assert!(new.contains("not-killing-itself"), "{new}");
    assert_eq!(old, new);
}

#[test]
fn wumpus_plays_the_same_games_with_bot_bots_and_agent_agents() {
    let (old, new) = both(
        &["wumpus", "play", "--seed", "1", "{}", "reference"],
        "--agent",
        "--bot",
    );
    assert!(new.contains("END outcome="), "{new}");
    assert_eq!(old, new);
    let (old, new) = both(
        &[
            "wumpus",
            "eval",
            "--worlds",
            "3",
            "--threads",
            "1",
            "--preset",
            "small",
            "{}",
            "reference,champion",
        ],
        "--agents",
        "--bots",
    );
    assert!(new.lines().any(|l| l.starts_with("reference ")), "{new}");
    assert_eq!(old, new);
}

#[test]
fn wumpus_bot_and_wumpus_agent_run_the_same_process() {
    let me = env!("CARGO_BIN_EXE_botforge");
    let (old, new) = both(
        &["wumpus", "play", "--seed", "2", "--bot", "{}"],
        &format!("cmd:{me} wumpus agent reference"),
        &format!("cmd:{me} wumpus bot reference"),
    );
    assert!(new.contains("END outcome="), "{new}");
    assert_eq!(old, new);
}

#[test]
fn economy_seats_the_same_bots_with_bots_and_agents() {
    let (old, new) = both(
        &[
            "economy",
            "experiment",
            "--case",
            "1",
            "--games",
            "1",
            "--expansions",
            "50",
            "--max-rounds",
            "30",
            "--threads",
            "1",
            "{}",
            "gold,game-analyzer(max_expansions=5)",
        ],
        "--agents",
        "--bots",
    );
    assert!(new.contains("GameAnalyzer"), "{new}");
    // The summary line's wall times ("total 0.1 s, mean 0.1 s/game") are the clock's, not
    // the game's: everything else must be the same.
    let untimed = |t: &str| -> String {
        t.lines()
            .map(|l| match (l.find("total "), l.find("s/game, ")) {
                (Some(a), Some(b)) if a < b => format!("{}{}", &l[..a], &l[b + 8..]),
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(new.contains("s/game, "), "{new}");
    assert_eq!(untimed(&old), untimed(&new));
}

#[test]
fn ants_play_takes_bots_as_a_list_or_positionally() {
    let map = format!(
        "{}/../../data/ants/maze_p02_01.map",
        env!("CARGO_MANIFEST_DIR")
    );
    let play = |bots: &[&str]| {
        let mut args = vec![
            "ants", "play", "--map", &map, "--turns", "30", "--seed", "3",
        ];
        args.extend(bots);
        run(&args)
    };
    let positional = play(&["hunter", "champion(max_turn_ms=20)"]);
    let listed = play(&["--bots", "hunter,champion(max_turn_ms=20)"]);
    assert!(
        listed.contains("| 1 | champion(max_turn_ms=20) |"),
        "{listed}"
    );
    assert_eq!(positional, listed);
    let o = botforge(&["ants", "play", "--bots", "hunter,greedy", "hunter"]);
    assert_eq!(o.status.code(), Some(2), "one way at a time: {}", text(&o));
}

#[test]
fn ants_bot_takes_a_spec_and_profile_is_its_profile_parameter() {
    let me = env!("CARGO_BIN_EXE_botforge");
    let map = format!(
        "{}/../../data/ants/maze_p02_01.map",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = tempfile::tempdir().unwrap();
    // The replay of an 80-turn game of `hunter` against `botforge ants bot BOT`.
    let game = |bot: &str| {
        let replay = dir.path().join("game.replay");
        run(&[
            "ants",
            "play",
            "--map",
            &map,
            "--turns",
            "80",
            "--seed",
            "3",
            "--replay",
            replay.to_str().unwrap(),
            "hunter",
            &format!("thesis=cmd:{me} ants bot {bot}"),
        ]);
        std::fs::read_to_string(&replay).unwrap()
    };
    let spec = game("'thesis(profile=aggressive)'");
    assert_ne!(game("thesis"), spec, "the profile changes the game");
    assert_eq!(game("thesis --profile aggressive"), spec);
    // `--profile` adds the spec's parameter, with its errors.
    for (args, error) in [
        (
            &["ants", "bot", "hunter", "--profile", "aggressive"][..],
            "unknown parameter `profile`",
        ),
        (
            &["ants", "bot", "thesis:defensive", "--profile", "aggressive"][..],
            "given twice",
        ),
    ] {
        let o = botforge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(error), "{args:?}: {}", text(&o));
    }
}

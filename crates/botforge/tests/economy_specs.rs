//! Every economy bot spec the documentation and the code comments quote is accepted: the
//! `--bots` (alias `--agents`) and `--agent7` values of quoted `botforge economy` lines, backquoted specs that
//! name an economy bot, and the bots of quoted economy arena configs. Also: the arena accepts
//! exactly the catalogue's names.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

mod common;
use common::workspace;

/// `README.md` and `docs/*.md`.
fn docs(root: &Path) -> Vec<(PathBuf, String)> {
    let mut paths = vec![root.join("README.md")];
    for e in std::fs::read_dir(root.join("docs")).unwrap().flatten() {
        if e.path().extension().is_some_and(|x| x == "md") {
            paths.push(e.path());
        }
    }
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// The Rust sources of the economy game, its arena adapter and its CLI.
fn economy_sources(root: &Path) -> Vec<(PathBuf, String)> {
    let mut paths = vec![
        root.join("crates/arena/src/games/economy.rs"),
        root.join("crates/botforge/src/economy.rs"),
        root.join("crates/viewer/src/economy_api.rs"),
    ];
    for dir in ["crates/economy/src", "crates/economy/tests"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            paths.push(e.path());
        }
    }
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

/// The texts between backquotes on one line, each split like a list of specs (elisions
/// `…` left out).
fn backquoted(line: &str) -> Vec<&str> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(botspec::split_list)
        .filter(|s| !s.contains('…'))
        .collect()
}

/// True if `text` starts with an economy bot name (of the catalogue, exactly) followed by
/// nothing, `(` or `:` — i.e. it is meant as an economy spec.
fn names_an_economy_bot(text: &str) -> bool {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || "-_.+".contains(c)))
        .unwrap_or(text.len());
    let (name, rest) = text.split_at(end);
    let known = economy::BOTS.entry(name).is_some();
    // `GameAnalyzer::edge_value` is a path, not a spec.
    known
        && (rest.is_empty()
            || rest.starts_with('(')
            || (rest.starts_with(':') && !rest.starts_with("::")))
}

/// The values of `--bots`, `--agents` and `--agent7` in a `botforge economy` line.
fn cli_specs(line: &str) -> Vec<String> {
    let Some(at) = line.find("botforge economy") else {
        return Vec::new();
    };
    // A command quoted inline ends at its closing backquote.
    let command = line[at..].split('`').next().unwrap_or_default();
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        if matches!(pair[0], "--bots" | "--agents" | "--agent7") {
            let value = pair[1].trim_end_matches(';').trim_matches(['\'', '"', '`']);
            // Placeholders (`$A`, `SPEC`, `…`) are not specs.
            if value.contains(['$', '…', '|', '[']) || value.chars().all(char::is_uppercase) {
                continue;
            }
            out.extend(botspec::split_list(value).into_iter().map(str::to_owned));
        }
    }
    out
}

/// Fenced code blocks of a markdown text.
fn code_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(b) => blocks.push(b),
                None => current = Some(String::new()),
            }
        } else if let Some(b) = &mut current {
            b.push_str(line);
            b.push('\n');
        }
    }
    blocks
}

#[test]
fn every_quoted_economy_spec_parses() {
    let root = workspace();
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut check = |spec: &str, place: String| {
        checked += 1;
        if let Err(e) = economy::build_bot(spec) {
            failures.push(format!("{place}: `{spec}`: {e}"));
        }
    };
    for (path, text) in docs(&root) {
        for (n, line) in text.lines().enumerate() {
            let place = format!("{}:{}", path.display(), n + 1);
            for spec in cli_specs(line) {
                check(&spec, place.clone());
            }
            for quoted in backquoted(line) {
                if names_an_economy_bot(quoted) {
                    check(quoted, place.clone());
                }
            }
        }
    }
    for (path, text) in economy_sources(&root) {
        for (n, line) in text.lines().enumerate() {
            let Some(comment) = line.split_once("//").map(|(_, c)| c) else {
                continue;
            };
            for quoted in backquoted(comment) {
                if names_an_economy_bot(quoted) {
                    check(quoted, format!("{}:{}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked > 20,
        "only {checked} specs found: is the scan broken?"
    );
}

#[test]
fn quoted_economy_arena_configs_seat_catalogue_bots() {
    let root = workspace();
    let mut configs = 0;
    for (path, text) in docs(&root) {
        for block in code_blocks(&text) {
            if !block.contains("game = \"economy\"") {
                continue;
            }
            configs += 1;
            let cfg = arena::Config::parse(&block, &path)
                .unwrap_or_else(|e| panic!("{}: {e}\n{block}", path.display()));
            let player = arena::games::player(&cfg.game, &cfg.options)
                .unwrap_or_else(|e| panic!("{}: {e:#}\n{block}", path.display()));
            for bot in &cfg.bots {
                player
                    .check_bot(bot.spec())
                    .unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
            }
        }
    }
    assert!(configs >= 1, "docs quote no economy arena config");
}

#[test]
fn the_arena_accepts_exactly_the_catalogue() {
    let cfg = arena::Config::parse(
        "game = \"economy\"\ngames = 1\n[[bots]]\nname = \"gold\"\n",
        Path::new("t.toml"),
    )
    .unwrap();
    let player = arena::games::player("economy", &cfg.options).unwrap();
    for name in economy::BOTS.names() {
        player.check_bot(name).unwrap();
    }
    for stale in ["analyzer", "planner", "random", "game_analyzer"] {
        assert!(player.check_bot(stale).is_err(), "{stale}");
    }
}

#[test]
fn the_scan_finds_specs_and_skips_prose() {
    assert!(names_an_economy_bot("game-analyzer(max_expansions=5)"));
    assert!(names_an_economy_bot("shortfall"));
    assert!(
        !names_an_economy_bot("Differenz"),
        "a table label, not a spec"
    );
    assert!(!names_an_economy_bot("Gold/Runden"));
    assert!(!names_an_economy_bot("analyzer"));
    assert!(!names_an_economy_bot("GameAnalyzer::edge_value"));
    assert_eq!(
        cli_specs(
            "botforge economy experiment --case 1 --agents 'gold,game-analyzer(max_expansions=5,max_ms=3)'; --agent7 $A"
        ),
        ["gold", "game-analyzer(max_expansions=5,max_ms=3)"]
    );
    assert_eq!(
        cli_specs("run `botforge economy play --bots game-analyzer-plus`):"),
        ["game-analyzer-plus"]
    );
    assert_eq!(
        backquoted("a `gold, score(max_ms=1)` b `x` `gold,…`"),
        ["gold", "score(max_ms=1)", "x", "gold"]
    );
}

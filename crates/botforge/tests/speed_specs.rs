//! spe_ed bot specs at the edges: `botforge speed bots` lists exactly the catalogue
//! `speed::ai::BOTS`, old positional and new keyed specs play the identical game through
//! the CLI, and every spe_ed spec quoted in docs/*.md or in a code comment builds.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

use speed::ai::BOTS;

mod common;
use common::{files, workspace};

fn botforge(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "botforge {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn speed_bots_lists_exactly_the_catalogue() {
    let text = botforge(&["speed", "bots"]);
    assert_eq!(text.trim_end(), BOTS.describe().trim_end());
    let listed: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(listed, BOTS.names());
}

#[test]
fn positional_and_keyed_specs_play_the_identical_game_in_the_cli() {
    let play = |ais: &str| {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("game.jsonl");
        let text = botforge(&[
            "speed",
            "play",
            "--quiet",
            "--seed",
            "4",
            "--budget-ms",
            "30000",
            "--ais",
            ais,
            "--log",
            log.to_str().unwrap(),
        ]);
        let log = std::fs::read_to_string(&log).unwrap();
        (text.replace(&*dir.path().to_string_lossy(), "DIR"), log)
    };
    let old = play("pathfinding(2,75),search-tree(2,10)");
    let new = play("pathfinding(max_speed=2,paths=75),search-tree(depth=2,distance=10)");
    assert_eq!(old, new);
}

/// The spe_ed specs with parameters in `text`: a catalogue name directly followed by
/// `(…)` or `:value`, not part of a longer word.
fn specs_in(text: &str, names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (start, _) in text.char_indices() {
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.')) {
            continue;
        }
        let rest = &text[start..];
        // Longest name first (`pathfinding-search-tree` before `pathfinding`).
        let Some(name) = names.iter().copied().find(|n| {
            rest.starts_with(n)
                && rest[n.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c == '(' || c == ':')
        }) else {
            continue;
        };
        let after = &rest[name.len()..];
        let spec_len = if after.starts_with('(') {
            after.find(')').map(|i| i + 1)
        } else {
            // `name:value` with a value of letters, digits and dots (not prose's `name: …`).
            let value = after[1..]
                .find(|c: char| !(c.is_alphanumeric() || c == '.'))
                .unwrap_or(after.len() - 1);
            (value > 0).then_some(value + 1)
        };
        if let Some(len) = spec_len {
            out.push(format!("{name}{}", &after[..len]));
        }
    }
    out
}

#[test]
fn every_speed_spec_in_docs_and_comments_builds() {
    let root = workspace();
    let mut names = BOTS.names();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    // `champion` and `random` name bots of other games too: only pages and files about
    // spe_ed count for them.
    let speed_only: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !matches!(*n, "champion" | "random"))
        .collect();
    let mut checked = 0;
    let mut bad = Vec::new();
    let mut check = |path: &Path, line_no: usize, text: &str, names: &[&str]| {
        for spec in specs_in(text, names) {
            checked += 1;
            if let Err(e) = BOTS.build(&spec, 1) {
                bad.push(format!("{}:{}: `{spec}`: {e}", path.display(), line_no + 1));
            }
        }
    };
    let mut docs = Vec::new();
    docs.extend(files(&root.join("docs"), &[".md"]));
    for path in &docs {
        let about_speed = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("speed"));
        let text = std::fs::read_to_string(path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let names = if about_speed {
                &names[..]
            } else {
                &speed_only[..]
            };
            check(path, i, line, names);
        }
    }
    let mut code = Vec::new();
    code.extend(files(&root.join("crates"), &[".rs"]));
    for path in &code {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy();
        let about_speed = rel.starts_with("crates/speed/")
            || rel.contains("/speed")
            || rel.ends_with("games/speed.rs");
        let text = std::fs::read_to_string(path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some((_, comment)) = line.split_once("//") else {
                continue;
            };
            let names = if about_speed {
                &names[..]
            } else {
                &speed_only[..]
            };
            check(path, i, comment, names);
        }
    }
    assert!(
        bad.is_empty(),
        "specs that do not build:\n{}",
        bad.join("\n")
    );
    assert!(checked >= 10, "only {checked} specs found");
}

#[test]
fn the_spec_finder_finds_specs_and_skips_words() {
    let names = ["pathfinding-search-tree", "pathfinding", "champion"];
    assert_eq!(
        specs_in(
            "`pathfinding(2,75)` and pathfinding-search-tree(max_speed=1) vs champion:x, \
             mypathfinding(3) the pathfinding crate, champion: prose",
            &names
        ),
        [
            "pathfinding(2,75)",
            "pathfinding-search-tree(max_speed=1)",
            "champion:x"
        ]
    );
}

//! Ants bot specs agree everywhere with the catalogue `ants_bots::BOTS`: `botforge ants bots`
//! prints exactly it, the arena accepts exactly its names, and every Ants spec quoted in the
//! docs, README, arena configs and code comments parses and builds.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "specs.rs"]
mod specs;

use std::path::Path;

use ants_bots::BOTS;
use arena::runner::GamePlayer;
use botspec::BotSpec;
use common::{botforge, files, workspace};
use specs::quoted_specs;

#[test]
fn botforge_ants_bots_prints_the_catalogue() {
    let out = botforge(&["ants", "bots"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        BOTS.describe().trim_end()
    );
    for name in BOTS.names() {
        assert!(
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .any(|l| l.starts_with(&format!("{name} "))),
            "{name}"
        );
    }
}

#[test]
fn the_arena_accepts_exactly_the_catalogue() {
    assert_eq!(arena::games::ants::bot_names(), BOTS.names());
    let player = arena::games::ants::AntsPlayer::from_options(&toml::Table::new()).unwrap();
    for name in BOTS.names() {
        player.check_bot(name).unwrap();
    }
    for spec in ["nosuch", "champion(nosuch=1)", "hunter:3", "champion:vhbsa"] {
        assert!(player.check_bot(spec).is_err(), "{spec}");
    }
    player.check_bot("mine=cmd:python3 bot.py").unwrap();
    // A program that does not exist is refused before any game is scheduled.
    let e = player
        .check_bot("mine=cmd:./no-such-run.sh")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not found"), "{e}");
}

/// Whether a piece of text is about Ants.
fn is_ants(chunk: &str) -> bool {
    chunk.contains("botforge ants") || chunk.contains("game = \"ants\"")
}

/// The Ants parts of a markdown file: all of the Ants pages (`ants*.md`); elsewhere the
/// fenced blocks and the lines outside them that are about Ants.
fn markdown_chunks(path: &Path, text: &str) -> Vec<String> {
    let name = path.file_name().unwrap().to_string_lossy();
    if name.starts_with("ants") {
        return vec![text.to_owned()];
    }
    let (mut chunks, mut fence, mut in_fence) = (Vec::new(), String::new(), false);
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            if in_fence {
                chunks.push(std::mem::take(&mut fence));
            }
            in_fence = !in_fence;
        } else if in_fence {
            fence.push_str(line);
            fence.push('\n');
        } else {
            chunks.push(line.to_owned());
        }
    }
    chunks.into_iter().filter(|c| is_ants(c)).collect()
}

/// The Ants parts of a Rust file: runs of comment lines about Ants.
fn rust_chunks(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    for line in text.lines() {
        if line.trim_start().starts_with("//") {
            let last = chunks.last_mut().unwrap();
            last.push_str(line);
            last.push('\n');
        } else if !chunks.last().unwrap().is_empty() {
            chunks.push(String::new());
        }
    }
    chunks.into_iter().filter(|c| is_ants(c)).collect()
}

/// Every quoted Ants spec with where it was found.
fn ants_specs() -> Vec<(String, String)> {
    let root = workspace();
    let mut found = Vec::new();
    let mut md = vec![root.join("README.md")];
    md.extend(files(&root.join("docs"), &[".md"]));
    for path in md {
        let text = std::fs::read_to_string(&path).unwrap();
        for chunk in markdown_chunks(&path, &text) {
            found.extend(
                quoted_specs(&chunk)
                    .into_iter()
                    .map(|s| (path.display().to_string(), s)),
            );
        }
    }
    let mut rs = Vec::new();
    rs.extend(files(&root.join("crates"), &[".rs"]));
    for path in rs {
        let text = std::fs::read_to_string(&path).unwrap();
        for chunk in rust_chunks(&text) {
            found.extend(
                quoted_specs(&chunk)
                    .into_iter()
                    .map(|s| (path.display().to_string(), s)),
            );
        }
    }
    let mut toml = Vec::new();
    toml.extend(files(&root.join("data"), &[".toml"]));
    for path in toml {
        let text = std::fs::read_to_string(&path).unwrap();
        if is_ants(&text) {
            found.extend(
                quoted_specs(&text)
                    .into_iter()
                    .map(|s| (path.display().to_string(), s)),
            );
        }
    }
    found
}

/// A placeholder such as `BOT`, `BASELINE` or `"$X"` rather than a spec.
fn is_placeholder(spec: &str) -> bool {
    spec.contains('$') || !spec.chars().next().is_some_and(|c| c.is_ascii_lowercase())
}

#[test]
fn every_ants_spec_quoted_in_docs_and_comments_builds() {
    let specs = ants_specs();
    let mut checked = 0;
    let mut bad = Vec::new();
    for (file, spec) in &specs {
        if is_placeholder(spec) {
            continue;
        }
        checked += 1;
        let result = match BotSpec::parse(spec) {
            Ok(BotSpec::External(_)) => Ok(()),
            // A profile file of the reader's own: the spec must resolve, the file need not exist.
            Ok(BotSpec::Bot(_)) if spec.contains(".toml") => BOTS.resolve(spec).map(drop),
            Ok(BotSpec::Bot(_)) => BOTS.build(spec, ()).map(drop),
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            bad.push(format!("{file}: `{spec}`: {e}"));
        }
    }
    assert!(
        bad.is_empty(),
        "specs that do not build:\n{}",
        bad.join("\n")
    );
    assert!(checked >= 20, "only {checked} Ants specs found: {specs:?}");
}

//! Every Wumpus bot spec quoted in the documentation, the bundled arena configs and the
//! Wumpus code comments is accepted: in-process specs build through the catalogue
//! `wumpus::agents::BOTS`, external ones (`cmd:…`, `NAME=cmd:…`) parse.
//!
//! Found are the values of `--bot`/`--bots` (and their aliases `--agent`/`--agents`) and of
//! `wumpus bot` (`wumpus agent`) on `botforge wumpus`
//! lines, backticked spans that start with a catalogue name followed by `(` or `:`, and the
//! `[[bots]]` of TOML blocks and files with `game = "wumpus"`. Placeholders in capitals
//! (`SPEC`, `NAME=cmd:COMMAND`) are skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use botspec::BotSpec;
use wumpus::agents::BOTS;

mod common;
use common::{files, workspace};

/// A placeholder such as `SPEC`, `SPEC,SPEC,…` or `NAME|cmd:SHELL`.
fn placeholder(value: &str) -> bool {
    let upper = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    value.contains('…')
        || upper(value.split('(').next().unwrap_or(""))
        || value.contains('|')
        || value
            .split([',', '=', ':'])
            .any(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

/// Checks one spec; the error names where it was found.
fn check(spec: &str, origin: &str, checked: &mut Vec<String>) {
    match BotSpec::parse(spec) {
        Ok(BotSpec::Bot(_)) => {
            if let Err(e) = BOTS.build(spec, ()) {
                panic!("{origin}: `{spec}`: {e}");
            }
        }
        Ok(BotSpec::External(_)) => {}
        Err(e) => panic!("{origin}: `{spec}`: {e}"),
    }
    checked.push(spec.to_owned());
}

/// The value after `flag` on a command line (quotes removed), if any.
fn flag_values(line: &str, flag: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find(flag) {
        rest = rest[i + flag.len()..].trim_start_matches(' ');
        let value = if let Some(q) = rest.strip_prefix('"') {
            q.split('"').next().unwrap_or("")
        } else if let Some(q) = rest.strip_prefix('\'') {
            q.split('\'').next().unwrap_or("")
        } else {
            rest.split([' ', '`', ']']).next().unwrap_or("")
        };
        out.push(value.to_owned());
    }
    out
}

/// Backticked spans that start with a catalogue name and `(` or `:`.
fn backticked_specs(text: &str) -> Vec<String> {
    let names = BOTS.names();
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            names.iter().any(|n| {
                span.strip_prefix(n)
                    .is_some_and(|r| r.starts_with('(') || r.starts_with(':'))
            })
        })
        .filter(|span| !placeholder(span))
        .map(str::to_owned)
        .collect()
}

/// `[[bots]]` names and specs of a TOML text with `game = "wumpus"`.
fn toml_specs(text: &str) -> Vec<String> {
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    if table.get("game").and_then(|g| g.as_str()) != Some("wumpus") {
        return Vec::new();
    }
    let bots = table.get("bots").and_then(|b| b.as_array()).unwrap();
    bots.iter()
        .map(|b| {
            b.get("spec")
                .or_else(|| b.get("name"))
                .and_then(|s| s.as_str())
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Specs in a markdown text; backticked spans count on every line of a Wumpus page
/// (`wumpus_page`), elsewhere on lines that mention Wumpus (other games have bots of the same
/// names).
fn doc_specs(text: &str, origin: &str, wumpus_page: bool, checked: &mut Vec<String>) {
    for (n, line) in text.lines().enumerate() {
        let at = format!("{origin}:{}", n + 1);
        if line.contains("botforge wumpus") || line.contains("wumpus play") {
            for v in flag_values(line, "--agent ")
                .into_iter()
                .chain(flag_values(line, "--bot "))
            {
                if !placeholder(&v) {
                    check(&v, &at, checked);
                }
            }
            for v in flag_values(line, "--agents ")
                .into_iter()
                .chain(flag_values(line, "--bots "))
            {
                for s in botspec::split_list(&v) {
                    if !placeholder(s) {
                        check(s, &at, checked);
                    }
                }
            }
            for v in flag_values(line, "wumpus agent ")
                .into_iter()
                .chain(flag_values(line, "wumpus bot "))
            {
                if !placeholder(&v) {
                    check(&v, &at, checked);
                }
            }
        }
        if wumpus_page || line.to_lowercase().contains("wumpus") {
            for s in backticked_specs(line) {
                check(&s, &at, checked);
            }
        }
    }
    // TOML blocks.
    let mut rest = text;
    while let Some(i) = rest.find("```toml\n") {
        let block = &rest[i + 8..];
        let end = block.find("```").unwrap_or(block.len());
        for s in toml_specs(&block[..end]) {
            check(&s, &format!("{origin} (toml block)"), checked);
        }
        rest = &block[end..];
    }
}

#[test]
fn every_quoted_wumpus_spec_is_accepted() {
    let root = workspace();
    let mut checked = Vec::new();
    let mut docs = vec![root.join("README.md")];
    docs.extend(files(&root.join("docs"), &[".md"]));
    for path in &docs {
        let text = std::fs::read_to_string(path).unwrap();
        let wumpus_page = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("wumpus"));
        doc_specs(
            &text,
            &path.display().to_string(),
            wumpus_page,
            &mut checked,
        );
    }
    for path in files(&root.join("data/arena"), &[".toml"]) {
        for s in toml_specs(&std::fs::read_to_string(&path).unwrap()) {
            check(&s, &path.display().to_string(), &mut checked);
        }
    }
    // Comments of the Wumpus code.
    let mut code = files(&root.join("crates/wumpus/src"), &[".rs"]);
    code.extend(files(&root.join("crates/wumpus/tests"), &[".rs"]));
    for f in [
        "crates/arena/src/games/wumpus.rs",
        "crates/botforge/src/wumpus.rs",
        "crates/viewer/src/wumpus_api.rs",
        "crates/viewer/assets/wumpus.js",
    ] {
        code.push(root.join(f));
    }
    for path in &code {
        let text = std::fs::read_to_string(path).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(i) = line.find("//") {
                for s in backticked_specs(&line[i..]) {
                    check(&s, &format!("{}:{}", path.display(), n + 1), &mut checked);
                }
            }
        }
    }
    // The sweep's specs, the docs' parameter forms and the external examples are among them.
    for want in [
        "champion(win_chance=0.5)",
        "champion(risk_weight=300,win_chance=2)",
        "champion(300,2)",
        "cmd:python3 examples/bots/wumpus_agent.py",
    ] {
        assert!(checked.iter().any(|c| c == want), "{want} not found");
    }
}

#[test]
fn the_extraction_finds_and_rejects() {
    let mut ants = Vec::new();
    doc_specs("the Ants `champion:vhbsa`", "t", false, &mut ants);
    assert!(ants.is_empty());
    let mut checked = Vec::new();
    doc_specs(
        "`champion(1,2)` and botforge wumpus eval --agents \"reference,champion(win_chance=1)\" \
         --agent SPEC and botforge wumpus play --bot champion(win_chance=2) and eval --bots champion",
        "t",
        true,
        &mut checked,
    );
    assert_eq!(
        checked,
        [
            "champion(win_chance=2)",
            "reference",
            "champion(win_chance=1)",
            "champion",
            "champion(1,2)"
        ]
    );
    let bad = std::panic::catch_unwind(|| {
        doc_specs("`champion(greed=1)`", "t", true, &mut Vec::new());
    });
    assert!(bad.is_err());
    assert!(placeholder("NAME=cmd:COMMAND"));
    assert!(placeholder("SPEC,SPEC,…"));
    assert!(placeholder("NAME(key=value)"));
    assert!(!placeholder("champion(win_chance=0.5)"));
}

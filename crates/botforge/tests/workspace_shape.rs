//! The workspace keeps its shape: no crate declares a dependency its code never names, and
//! no source file holds more than [`MAX_LINES`] lines of non-test code.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The most lines of non-test code one source file may have.
const MAX_LINES: usize = 900;

mod common;
use common::workspace;

fn crates() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(workspace().join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// True when `ident` occurs as a whole word in `text`.
fn names(text: &str, ident: &str) -> bool {
    text.match_indices(ident).any(|(i, _)| {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        let before = text[..i].chars().next_back().is_none_or(|c| !word(c));
        let after = text[i + ident.len()..]
            .chars()
            .next()
            .is_none_or(|c| !word(c));
        before && after
    })
}

/// The code of the files under `subdirs` of `krate`, joined.
fn code(krate: &Path, subdirs: &[&str]) -> String {
    let mut files = Vec::new();
    for d in subdirs {
        files.extend(common::files(&krate.join(d), &[".rs"]));
    }
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Dependencies of one table that the given code never names (`foo-bar` as `foo_bar`).
fn unused(manifest: &toml::Table, table: &str, code: &str) -> Vec<String> {
    manifest
        .get(table)
        .and_then(toml::Value::as_table)
        .map(|deps| {
            deps.keys()
                .filter(|dep| !names(code, &dep.replace('-', "_")))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_declared_dependency_is_used() {
    let mut problems = Vec::new();
    for krate in crates() {
        let manifest: toml::Table =
            toml::from_str(&std::fs::read_to_string(krate.join("Cargo.toml")).unwrap()).unwrap();
        let name = krate.file_name().unwrap().to_string_lossy().into_owned();
        // Normal dependencies must be named by the library or binary code; a dependency
        // only tests or benches need belongs in [dev-dependencies].
        for dep in unused(&manifest, "dependencies", &code(&krate, &["src"])) {
            problems.push(format!("{name}: [dependencies] {dep} is not used in src/"));
        }
        let normal = manifest.get("dependencies").and_then(toml::Value::as_table);
        if let (Some(normal), Some(dev)) = (
            normal,
            manifest
                .get("dev-dependencies")
                .and_then(toml::Value::as_table),
        ) {
            for dep in dev.keys().filter(|d| normal.contains_key(*d)) {
                problems.push(format!(
                    "{name}: {dep} is in [dev-dependencies] and [dependencies]"
                ));
            }
        }
        let all = code(&krate, &["src", "tests", "benches", "examples"]);
        for dep in unused(&manifest, "dev-dependencies", &all) {
            problems.push(format!("{name}: [dev-dependencies] {dep} is not used"));
        }
    }
    assert!(
        problems.is_empty(),
        "unused dependencies:\n{}",
        problems.join("\n")
    );
}

/// Lines of `text` before its first `#[cfg(test)]` line (test modules sit at the end).
fn non_test_lines(text: &str) -> usize {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .count()
}

#[test]
fn no_source_file_is_over_the_line_limit() {
    let root = workspace();
    let mut files = Vec::new();
    for krate in crates() {
        files.extend(common::files(&krate.join("src"), &[".rs"]));
    }
    assert!(files.len() > 100, "found only {} source files", files.len());
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = non_test_lines(&std::fs::read_to_string(f).unwrap());
            (n > MAX_LINES)
                .then(|| format!("{} ({n} lines)", f.strip_prefix(&root).unwrap().display()))
        })
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines of non-test code: {long:?}"
    );
}

#[test]
fn the_checks_can_fail() {
    assert!(names("use foo_bar::x;", "foo_bar"));
    assert!(!names("use foo_barx::x;", "foo_bar"));
    assert!(!names("my_foo_bar", "foo_bar"));
    let manifest: toml::Table = toml::from_str("[dependencies]\nused = 1\nunused-dep = 1").unwrap();
    assert_eq!(
        unused(&manifest, "dependencies", "used::f()"),
        vec!["unused-dep".to_owned()]
    );
    assert_eq!(non_test_lines("a\nb\n#[cfg(test)]\nmod tests {}\n"), 2);
}

#[test]
fn game_rules_never_depend_on_bots_or_tools() {
    let rules = [
        "ants", "speed", "wumpus", "economy", "search", "grid", "botspec",
    ];
    let above = [
        "ants-xathis",
        "ants-thesis",
        "ants-bots",
        "arena",
        "viewer",
        "botforge",
    ];
    let root = workspace();
    let mut problems = Vec::new();
    for krate in rules {
        let text =
            std::fs::read_to_string(root.join("crates").join(krate).join("Cargo.toml")).unwrap();
        let manifest: toml::Table = toml::from_str(&text).unwrap();
        let deps = manifest
            .get("dependencies")
            .and_then(toml::Value::as_table)
            .cloned()
            .unwrap_or_default();
        for dep in above {
            if deps.contains_key(dep) {
                problems.push(format!("{krate} depends on {dep}"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:?}");
}

/// The backticked test names in a markdown section: snake_case words with three or more
/// underscores (`every_golden_replay_matches`).
fn test_names(section: &str) -> Vec<&str> {
    section
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| {
            w.matches('_').count() >= 3
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .collect()
}

#[test]
fn the_invariants_in_the_code_map_name_tests_that_exist() {
    let root = workspace();
    let map = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let start = map.find("## Invariants").expect("an Invariants section");
    let end = map[start..].find("\n## ").map_or(map.len(), |e| start + e);
    let names = test_names(&map[start..end]);
    assert!(names.len() >= 5, "found only {names:?}");
    let mut files = Vec::new();
    for krate in crates() {
        files.extend(common::files(&krate, &[".rs"]));
    }
    let code: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let missing: Vec<&str> = names
        .into_iter()
        .filter(|n| !code.contains(&format!("fn {n}(")))
        .collect();
    assert!(missing.is_empty(), "no test named {missing:?}");
    assert_eq!(
        test_names("`a_b_c_d` and `not a test` and `x_y`"),
        vec!["a_b_c_d"]
    );
}

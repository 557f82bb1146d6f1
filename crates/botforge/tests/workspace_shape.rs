//! The workspace keeps its shape: no crate declares a dependency its code never names, and
//! no source file holds more than [`MAX_LINES`] lines of non-test code.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proc_macro2::{Spacing, TokenStream, TokenTree};

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

/// The crate names a Rust source file refers to: the first segment of every path
/// (`foo::bar`, `::foo::bar`, also inside macro calls and attributes), the name a `use`
/// item starts with (`use foo;`, `use foo as f;`) and `extern crate foo`. The file is
/// lexed (`proc-macro2`), so comments, doc comments and string literals never count, nor
/// do later path segments (`crate::foo::x`, `x::foo`) or a bare word such as a variable.
fn path_roots(text: &str) -> Result<BTreeSet<String>, String> {
    let stream: TokenStream = text.parse().map_err(|e| format!("{e:?}"))?;
    let mut roots = BTreeSet::new();
    collect_roots(stream, &mut roots);
    Ok(roots)
}

/// True when `tokens[i..]` starts with the path separator `::`.
fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

/// Adds the path roots of one token stream (and of its groups, recursively) to `roots`.
fn collect_roots(stream: TokenStream, roots: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let ident = |i: usize| match tokens.get(i) {
        Some(TokenTree::Ident(id)) => Some(id.to_string()),
        _ => None,
    };
    for (i, tt) in tokens.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => collect_roots(g.stream(), roots),
            TokenTree::Ident(id) => {
                let after_sep = i >= 2 && is_path_sep(&tokens, i - 2);
                // `::foo` opens a path when nothing path-like (a name other than `use`, a
                // group, a `>`) stands before the `::`.
                let leading_sep = after_sep
                    && match i.checked_sub(3).and_then(|k| tokens.get(k)) {
                        None | Some(TokenTree::Literal(_)) => true,
                        Some(TokenTree::Ident(before)) => before == "use",
                        Some(TokenTree::Punct(p)) => p.as_char() != '>',
                        Some(TokenTree::Group(_)) => false,
                    };
                let starts_path =
                    is_path_sep(&tokens, i + 1) && (!after_sep || leading_sep) && id != "use";
                let after_use = i >= 1 && ident(i - 1).as_deref() == Some("use");
                let extern_crate = i >= 2
                    && ident(i - 2).as_deref() == Some("extern")
                    && ident(i - 1).as_deref() == Some("crate");
                if starts_path || after_use || extern_crate {
                    roots.insert(id.to_string());
                }
            }
            _ => {}
        }
    }
}

/// The path roots of the `.rs` files under `subdirs` of `krate`; a file that does not
/// lex fails the test with its path.
fn code(krate: &Path, subdirs: &[&str]) -> BTreeSet<String> {
    let mut files = Vec::new();
    for d in subdirs {
        files.extend(common::files(&krate.join(d), &[".rs"]));
    }
    let mut roots = BTreeSet::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let found = path_roots(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        roots.extend(found);
    }
    roots
}

/// Dependencies of one table that no path of the given code starts with (`foo-bar` as
/// `foo_bar`).
fn unused(manifest: &toml::Table, table: &str, roots: &BTreeSet<String>) -> Vec<String> {
    manifest
        .get(table)
        .and_then(toml::Value::as_table)
        .map(|deps| {
            deps.keys()
                .filter(|dep| !roots.contains(&dep.replace('-', "_")))
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

/// The reference folders whose data the repository carries (under `data/`): code that
/// names them instead reads data a clone does not have.
const OUTSIDE_DATA: [&str; 3] = [
    "shared/ants/maps",
    "shared/ants/golden",
    "shared/speed/golden",
];

/// What in one source file would make a test pass without its data: string literals (doc
/// comments included) naming a reference folder of [`OUTSIDE_DATA`], and print macros
/// whose message announces a skip (`println!("skipping: …")`).
fn skip_risks(text: &str) -> Result<Vec<String>, String> {
    let stream: TokenStream = text.parse().map_err(|e| format!("{e:?}"))?;
    let mut found = Vec::new();
    collect_skip_risks(stream, &mut found);
    Ok(found)
}

/// Adds the skip risks of one token stream (and of its groups, recursively) to `found`.
fn collect_skip_risks(stream: TokenStream, found: &mut Vec<String>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (i, tt) in tokens.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => collect_skip_risks(g.stream(), found),
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                if let Some(dir) = OUTSIDE_DATA.iter().find(|d| text.contains(*d)) {
                    found.push(format!("names {dir}: {text}"));
                }
            }
            TokenTree::Ident(id)
                if ["print", "println", "eprint", "eprintln"]
                    .contains(&id.to_string().as_str()) =>
            {
                let bang =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let message = match tokens.get(i + 2) {
                    Some(TokenTree::Group(g)) if bang => g.stream().into_iter().next(),
                    _ => None,
                };
                if let Some(TokenTree::Literal(lit)) = message
                    && lit.to_string().to_lowercase().contains("skip")
                {
                    found.push(format!("announces a skip: {id}!({lit})"));
                }
            }
            _ => {}
        }
    }
}

/// A clone tests everything: no code reads the reference data the repository carries from
/// outside it, and no test announces that it skips (a test without its data or tool fails).
#[test]
fn tests_find_their_data_in_the_repository_and_never_skip() {
    let root = workspace();
    let mut files = Vec::new();
    for krate in crates() {
        files.extend(common::files(&krate, &[".rs"]));
    }
    assert!(files.len() > 100, "found only {} source files", files.len());
    let mut problems = Vec::new();
    // This file names the folders and a skip notice to test the check itself.
    let this = root.join("crates/botforge/tests/workspace_shape.rs");
    for f in files.iter().filter(|f| **f != this) {
        let text = std::fs::read_to_string(f).unwrap();
        let risks = skip_risks(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        problems.extend(risks.into_iter().map(|r| format!("{name}: {r}")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for dir in ["data/ants/maps", "data/ants/golden", "data/speed/golden"] {
        assert!(root.join(dir).is_dir(), "{dir} missing");
    }
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
    let roots = |t: &str| path_roots(t).unwrap().into_iter().collect::<Vec<_>>();
    // Paths, `use` items (also renamed and grouped), macro arguments and attributes count.
    assert_eq!(roots("use foo_bar::x;"), ["foo_bar"]);
    assert_eq!(roots("use foo as f; use {a::x, b::y};"), ["a", "b", "foo"]);
    assert_eq!(roots("fn f() { assert!(baz::ok()); }"), ["baz"]);
    assert_eq!(roots("#[tokio::test] async fn t() {}"), ["tokio"]);
    assert_eq!(roots("extern crate old;"), ["old"]);
    assert_eq!(
        roots("fn f() { ::lead::x(); } use ::other::y;"),
        ["lead", "other"]
    );
    // Words that only look like the crate do not: comments, doc comments, strings, later
    // segments, `crate::` paths, plain identifiers, longer names.
    let r = roots(
        "//! search::Budget\n/// search::x\n// search::y\nfn f() { let search = \"search::z\"; \
         crate::search::a(); x::search::b(); search_tree::c(); search + 1; }",
    );
    assert_eq!(r, ["crate", "search_tree", "x"]);
    assert!(path_roots("fn f() { \"unterminated }").is_err());
    let manifest: toml::Table =
        toml::from_str("[dependencies]\nused = 1\nunused-dep = 1\n").unwrap();
    assert_eq!(
        unused(
            &manifest,
            "dependencies",
            &path_roots("fn f() { used::f() }").unwrap()
        ),
        vec!["unused-dep".to_owned()]
    );
    // A bare word (a doc comment, a variable) is no use of the crate.
    assert_eq!(
        unused(
            &manifest,
            "dependencies",
            &path_roots("/// unused_dep::x\nfn f() { let unused_dep = used::g(); }").unwrap()
        ),
        vec!["unused-dep".to_owned()]
    );
    assert_eq!(non_test_lines("a\nb\n#[cfg(test)]\nmod tests {}\n"), 2);
    // Skip notices and reference folders outside the repository are found, in code and
    // doc comments; other prints and the opponents' folder are not.
    let risks = skip_risks(
        "/// reads ../shared/ants/golden\nfn t() { if x { eprintln!(\"Skipping: {} absent\", p); return; } \
         let m = concat!(env!(\"D\"), \"/../../../shared/ants/maps\"); println!(\"ok {m}\"); \
         let o = \"../shared/ants/opponents/xathis/run.sh\"; }",
    )
    .unwrap();
    assert_eq!(risks.len(), 3, "{risks:?}");
    assert!(
        risks[0].starts_with("names shared/ants/golden"),
        "{risks:?}"
    );
    assert!(
        risks[1].starts_with("announces a skip: eprintln!"),
        "{risks:?}"
    );
    assert!(risks[2].starts_with("names shared/ants/maps"), "{risks:?}");
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

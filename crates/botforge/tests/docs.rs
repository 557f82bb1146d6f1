//! The documentation is checkable: every `docs/…` path named in the code or the docs exists,
//! and every `botforge …` command line quoted in `docs/` and `README.md` parses at the
//! `--help` level (each subcommand exists and each `--flag` is in that subcommand's help).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{files, workspace};

/// The markdown files whose command lines are checked: `README.md` and `docs/*.md`.
fn doc_files(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.join("README.md")];
    out.extend(files(&root.join("docs"), &[".md"]));
    out
}

/// Every `docs/…` path mentioned in `text` (not preceded by a name character).
fn doc_paths(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut start = 0;
    while let Some(i) = text[start..].find("docs/") {
        let at = start + i;
        start = at + 5;
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || b"_-.".contains(&bytes[at - 1])) {
            continue;
        }
        let end = text[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_-./".contains(c)))
            .map_or(text.len(), |e| at + e);
        let path = text[at..end].trim_end_matches(['.', '/']);
        if path.len() > "docs/".len() {
            found.push(path.to_owned());
        }
    }
    found
}

/// Splits a shell-like line into words, honouring single and double quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The argument lists of every `botforge` invocation on a line: after a word `botforge` (or
/// `…/botforge`) that starts a command, or after `cargo run … -p botforge … --` (not after
/// `cargo test -p botforge … --`, whose arguments go to the test binary). Arguments end at
/// a shell operator or a comment.
fn invocations(line: &str) -> Vec<Vec<String>> {
    let words = shell_words(&line.replace("\\|", "|"));
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let is_bin = w == "botforge" || w.ends_with("/botforge");
        let prev = if i == 0 { "" } else { words[i - 1].as_str() };
        let cargo_run = words[..i].iter().any(|x| x == "run");
        let start =
            if is_bin && cargo_run && (prev == "-p" || prev == "--package" || prev == "--bin") {
                words[i..].iter().position(|x| x == "--").map(|p| i + p + 1)
            } else if is_bin
                && (i == 0
                    || prev.ends_with(';')
                    || ["&&", "||", "|", "do", "then", "time", "$"].contains(&prev))
            {
                Some(i + 1)
            } else {
                None
            };
        if let Some(s) = start {
            let args: Vec<String> = words[s.min(words.len())..]
                .iter()
                .take_while(|x| !matches!(x.as_str(), ";" | "&&" | "||" | "|" | ">" | "2>"))
                .take_while(|x| !x.starts_with('#'))
                .cloned()
                .collect();
            i = s + args.len();
            out.push(args);
        } else {
            i += 1;
        }
    }
    out
}

/// Command lines quoted in markdown: every line of a fenced block (with `\` continuations
/// joined) and every inline code span.
fn quoted_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut pending = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            let t = line.trim();
            if let Some(head) = t.strip_suffix('\\') {
                pending.push_str(head.trim_end());
                pending.push(' ');
            } else {
                pending.push_str(t);
                out.push(std::mem::take(&mut pending));
            }
        } else {
            let mut parts = line.split('`');
            parts.next();
            while let Some(code) = parts.next() {
                out.push(code.to_owned());
                parts.next();
            }
        }
    }
    out
}

/// The subcommand names (and their aliases) listed under `Commands:` in a clap help text.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .flat_map(|l| {
            // A subcommand's aliases: `[alias: agent]`, `[aliases: a, b]`.
            let aliases = l
                .split_once("[alias: ")
                .or_else(|| l.split_once("[aliases: "))
                .and_then(|(_, rest)| rest.split_once(']'))
                .map_or("", |(list, _)| list);
            l.split_whitespace()
                .next()
                .into_iter()
                .chain(aliases.split(", ").filter(|a| !a.is_empty()))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Whether `word` is a placeholder (`COMMAND`, `<command>`, `BOT...`) rather than a name.
fn placeholder(word: &str) -> bool {
    word.starts_with('<')
        || word.contains('…')
        || word.contains("...")
        || (word.chars().any(|c| c.is_ascii_uppercase())
            && word
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || "_.…".contains(c)))
}

/// Checks one `botforge` argument list against the help texts `help(path)` returns for a
/// subcommand path (`None` when the path does not exist).
fn check_args(
    args: &[String],
    help: &mut dyn FnMut(&[String]) -> Option<String>,
) -> Result<(), String> {
    let words: Vec<String> = args
        .iter()
        .map(|a| a.trim_matches(|c| "[]()|".contains(c)).to_owned())
        .filter(|a| !a.is_empty())
        .collect();
    let mut path: Vec<String> = Vec::new();
    let mut text = help(&path).ok_or("`botforge --help` failed")?;
    for w in words.iter().take_while(|w| !w.starts_with('-')) {
        let subs = subcommands(&text);
        if subs.is_empty() || placeholder(w) {
            break;
        }
        if !subs.contains(w) {
            return Err(format!(
                "`botforge {}` has no subcommand `{w}` (known: {})",
                path.join(" "),
                subs.join(", ")
            ));
        }
        path.push(w.clone());
        text = help(&path).ok_or_else(|| format!("`botforge {} --help` failed", path.join(" ")))?;
    }
    for w in &words {
        let Some(flag) = w.strip_prefix("--") else {
            continue;
        };
        let name: String = flag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.is_empty() {
            continue; // `--` ends the options
        }
        let needle = format!("--{name}");
        let listed = text.match_indices(&needle).any(|(i, _)| {
            text[i + needle.len()..]
                .chars()
                .next()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-'))
        });
        if !listed {
            return Err(format!(
                "`botforge {}` has no option `--{name}`",
                path.join(" ")
            ));
        }
    }
    Ok(())
}

/// Help texts of the built binary, cached per subcommand path.
fn binary_help() -> impl FnMut(&[String]) -> Option<String> {
    let mut cache: HashMap<Vec<String>, Option<String>> = HashMap::new();
    move |path: &[String]| {
        cache
            .entry(path.to_vec())
            .or_insert_with(|| {
                let o = Command::new(env!("CARGO_BIN_EXE_botforge"))
                    .args(path)
                    .arg("--help")
                    .output()
                    .ok()?;
                o.status
                    .success()
                    .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
            })
            .clone()
    }
}

/// Checks every `botforge` invocation on a line.
fn check_line(
    line: &str,
    help: &mut dyn FnMut(&[String]) -> Option<String>,
) -> Result<usize, String> {
    let calls = invocations(line);
    for args in &calls {
        check_args(args, help)?;
    }
    Ok(calls.len())
}

#[test]
fn every_docs_path_named_in_code_or_docs_exists() {
    let root = workspace();
    let mut sources = Vec::new();
    for dir in ["crates", "docs", "examples", "data", ".ci"] {
        sources.extend(files(
            &root.join(dir),
            &[".rs", ".md", ".toml", ".py", ".js", ".html", "run"],
        ));
    }
    sources.push(root.join("README.md"));
    sources.push(root.join("Cargo.toml"));
    let mut missing = Vec::new();
    let mut checked = 0;
    for file in &sources {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        for p in doc_paths(&text) {
            checked += 1;
            if !root.join(&p).exists() {
                missing.push(format!(
                    "{}: {p}",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(checked > 10, "only {checked} docs/ paths found");
    assert!(
        missing.is_empty(),
        "missing docs paths:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_quoted_botforge_command_parses() {
    let root = workspace();
    let mut help = binary_help();
    let mut errors = Vec::new();
    let mut checked = 0;
    for file in doc_files(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in quoted_lines(&text) {
            match check_line(&line, &mut help) {
                Ok(n) => checked += n,
                Err(e) => errors.push(format!(
                    "{}: {e}\n    in: {line}",
                    file.strip_prefix(&root).unwrap().display()
                )),
            }
        }
    }
    assert!(checked > 30, "only {checked} botforge command lines found");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_checker_rejects_wrong_command_lines() {
    let mut help = binary_help();
    for good in [
        "botforge ants play --map FILE --turns 60 \"cmd:python3 bot.py\" hold",
        "for c in 1 5; do botforge economy experiment --case $c --games 20; done",
        "cargo run --release -p botforge -- arena run --limit 3",
        "botforge speed serve [--addr …] [--players N] [--fill AI,…]",
        "botforge <command> --help",
    ] {
        assert_eq!(check_line(good, &mut help), Ok(1), "{good}");
    }
    // Arguments after `cargo test … --` go to the test binary, not to botforge.
    let other = "cargo test --release -p botforge --test ants_cli -- --ignored";
    assert_eq!(check_line(other, &mut help), Ok(0), "{other}");
    let err = check_line("botforge ants play --no-such-flag 3", &mut help).unwrap_err();
    assert!(err.contains("--no-such-flag"), "{err}");
    let err = check_line("botforge ants plya --turns 3", &mut help).unwrap_err();
    assert!(err.contains("plya"), "{err}");
    let err = check_line(
        "x; botforge wumpus eval --worlds 3 --agent champion",
        &mut help,
    )
    .unwrap_err();
    assert!(err.contains("--agent"), "{err}");
    assert_eq!(check_line("cargo test -p botforge", &mut help), Ok(0));
}

#[test]
fn doc_paths_and_quoted_lines_are_found() {
    assert_eq!(
        doc_paths("see `docs/economy.md`, docs/img/viewer-ants.png. mydocs/x rustdocs/y"),
        ["docs/economy.md", "docs/img/viewer-ants.png"]
    );
    let md =
        "text `botforge ants bots` more\n```\nbotforge speed eval --games 2 \\\n  --seed 1\n```\n";
    assert_eq!(
        quoted_lines(md),
        [
            "botforge ants bots",
            "botforge speed eval --games 2 --seed 1"
        ]
    );
}

//! The examples of `docs/arena.md` are run: every TOML config shown is a bundled file of
//! `data/arena/`, and every command shown (`botforge …` lines, the Slurm script, the
//! Kubernetes Job's worker command) runs successfully in a scratch copy of `data/` whose
//! configs are shrunk to 2 games of 20 turns. The PostgreSQL URL of the examples is
//! replaced by the test server's (`BOTFORGE_TEST_PG`, set by `.ci/run` or in a shell by
//! `source .ci/postgres.sh`); without it the test fails, saying so.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::pg_env::pg_url;
use common::workspace;

/// The database URL the examples use.
const DOC_URL: &str = "postgres://arena:secret@db.example/arena";

/// The fenced code blocks of a Markdown text: (language, body).
fn blocks(markdown: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in markdown.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (fence, current.take()) {
            (Some(_), Some(block)) => out.push(block),
            (Some(lang), None) => current = Some((lang.trim().to_owned(), String::new())),
            (None, Some((lang, mut body))) => {
                body.push_str(line);
                body.push('\n');
                current = Some((lang, body));
            }
            (None, None) => {}
        }
    }
    out
}

/// A config's text without comments and blank lines.
fn significant(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

/// A run name no other test (or earlier run of this one) uses in the shared database.
fn unique_run() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("docs-{}-{nanos}", std::process::id())
}

/// A scratch checkout: `data/ants` copied, every `data/arena` config shrunk to 2 games of
/// 20 turns (the run `default` renamed `run`); a `bin/botforge` link for scripts.
fn scratch(root: &Path, run: &str) -> PathBuf {
    let ws = workspace();
    let checkout = root.join("botforge");
    for dir in ["data/ants", "data/arena"] {
        std::fs::create_dir_all(checkout.join(dir)).unwrap();
    }
    for entry in std::fs::read_dir(ws.join("data/ants")).unwrap().flatten() {
        if entry.path().is_file() {
            std::fs::copy(
                entry.path(),
                checkout.join("data/ants").join(entry.file_name()),
            )
            .unwrap();
        }
    }
    for entry in std::fs::read_dir(ws.join("data/arena")).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let mut cfg: toml::Table = toml::from_str(&text).unwrap();
        cfg.insert("games".into(), 2.into());
        if cfg.get("name").and_then(toml::Value::as_str) == Some("default") {
            cfg.insert("name".into(), run.into());
        }
        let options = cfg
            .entry("options")
            .or_insert_with(|| toml::Table::new().into());
        options
            .as_table_mut()
            .unwrap()
            .insert("turns".into(), 20.into());
        std::fs::write(
            checkout.join("data/arena").join(entry.file_name()),
            toml::to_string(&cfg).unwrap(),
        )
        .unwrap();
    }
    std::fs::create_dir_all(root.join("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_botforge"), root.join("bin/botforge")).unwrap();
    checkout
}

/// Runs `botforge` with `args` in `dir`; fails the test with the output on failure.
fn botforge(dir: &Path, args: &[String]) {
    let o = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "botforge {}:\n{}{}",
        args.join(" "),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn every_arena_doc_example_runs() {
    let ws = workspace();
    let doc = std::fs::read_to_string(ws.join("docs/arena.md")).unwrap();
    let blocks = blocks(&doc);
    let configs: Vec<(PathBuf, String)> = std::fs::read_dir(ws.join("data/arena"))
        .unwrap()
        .flatten()
        .map(|e| (e.path(), std::fs::read_to_string(e.path()).unwrap()))
        .collect();
    let mut shown = 0;
    for (lang, body) in blocks.iter().filter(|(l, _)| l == "toml") {
        shown += 1;
        assert!(
            configs
                .iter()
                .any(|(_, text)| significant(text) == significant(body)),
            "a {lang} block of docs/arena.md is no bundled config of data/arena/:\n{body}"
        );
    }
    assert!(shown >= 2, "the configs shown in docs/arena.md: {shown}");

    let url = pg_url();
    let root = tempfile::tempdir().unwrap();
    let run = unique_run();
    let checkout = scratch(root.path(), &run);
    let rename = |text: &str| text.replace("--run default", &format!("--run {run}"));
    let mut ran = 0;
    for (lang, body) in &blocks {
        if !lang.is_empty() && lang != "sh" {
            continue;
        }
        if body.starts_with("#!") {
            continue;
        }
        for line in body.lines().filter(|l| l.starts_with("botforge ")) {
            assert!(
                !line.contains(['"', '\'', '$']),
                "quote or variable in an example line: {line}"
            );
            let args: Vec<String> = rename(line)
                .split_whitespace()
                .skip(1)
                .map(|w| {
                    if w == DOC_URL {
                        url.clone()
                    } else {
                        w.to_owned()
                    }
                })
                .collect();
            botforge(&checkout, &args);
            ran += 1;
        }
    }
    assert!(ran >= 6, "example lines run: {ran}");

    // The Slurm script, with `srun` running its command here.
    let script = blocks
        .iter()
        .find(|(l, b)| l == "sh" && b.starts_with("#!/bin/bash") && b.contains("srun"))
        .map(|(_, b)| rename(b))
        .expect("the Slurm script");
    let path = format!(
        "{}:{}",
        root.path().join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!("srun() {{ \"$@\"; }}\n{script}"))
        .env("HOME", root.path())
        .env("PATH", path)
        .env("ARENA_DB", &url)
        .env("SLURM_CPUS_PER_TASK", "1")
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "Slurm script:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );

    // The Kubernetes Job's container command and arguments.
    let job = blocks
        .iter()
        .find(|(l, _)| l == "yaml")
        .map(|(_, b)| b.replace("\"--run\", \"default\"", &format!("\"--run\", \"{run}\"")))
        .expect("the Kubernetes Job");
    let list = |key: &str| -> Vec<String> {
        let line = job
            .lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .unwrap_or_else(|| panic!("no `{key}` in the Job"));
        serde_json::from_str(line.trim()).unwrap()
    };
    let mut words = list("command:");
    words.extend(list("args:"));
    assert_eq!(words[0], "botforge");
    let args: Vec<String> = words[1..]
        .iter()
        .map(|w| w.replace("$(ARENA_DB)", &url))
        .collect();
    botforge(&checkout, &args);
}

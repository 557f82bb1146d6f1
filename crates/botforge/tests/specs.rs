//! Bot specs quoted in documentation and comments, found by [`quoted_specs`]: the values of
//! `--bots` / `--opponent` (lists split at the commas outside parentheses and quotes) and
//! the `spec` (else `name`) of every `[[bots]]` entry of a TOML config. Each game's spec
//! test (`ants_specs.rs`, …) includes this file and checks what it finds against its
//! catalogue.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

/// The bot specs quoted in `text`, in order of appearance.
pub fn quoted_specs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for flag in ["--bots", "--opponent"] {
        let mut rest = text;
        while let Some(i) = rest.find(flag) {
            rest = &rest[i + flag.len()..];
            let Some(value) = flag_value(rest) else {
                continue;
            };
            out.extend(botspec::split_list(&value).into_iter().map(str::to_owned));
        }
    }
    out.extend(toml_bots(text));
    out
}

/// The value after a flag: ` VALUE`, `=VALUE`, ` "VALUE"` or ` 'VALUE'`; `None` when the
/// flag is only named (followed by a backtick, punctuation or the end of a line).
fn flag_value(after: &str) -> Option<String> {
    let after = after
        .strip_prefix('=')
        .or_else(|| after.strip_prefix(' '))?;
    let after = after.trim_start_matches(' ');
    if let Some(q) = after.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let inner = &after[1..];
        let end = inner.find(q)?;
        return Some(inner[..end].to_owned());
    }
    let end = after
        .find(|c: char| c.is_whitespace() || c == '`' || c == '|')
        .unwrap_or(after.len());
    let value = &after[..end];
    (!value.is_empty() && !value.starts_with('-')).then(|| value.to_owned())
}

/// The `spec` (else the `name`) of every `[[bots]]` entry: the lines after `[[bots]]` up
/// to the next table header or blank line, comment markers (`///`, `//!`, `#` of shell
/// comments are not stripped) removed.
fn toml_bots(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            t.strip_prefix("///")
                .or_else(|| t.strip_prefix("//!"))
                .unwrap_or(t)
                .trim()
        })
        .collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != "[[bots]]" {
            i += 1;
            continue;
        }
        let (mut name, mut spec) = (None, None);
        i += 1;
        while i < lines.len() && !lines[i].is_empty() && !lines[i].starts_with('[') {
            if let Some((key, value)) = lines[i].split_once('=') {
                let value = toml_string(value);
                match key.trim() {
                    "name" => name = value,
                    "spec" => spec = value,
                    _ => {}
                }
            }
            i += 1;
        }
        out.extend(spec.or(name));
    }
    out
}

/// A basic TOML string value (`"…"` with an optional comment after it).
fn toml_string(value: &str) -> Option<String> {
    let inner = value.trim().strip_prefix('"')?;
    let end = inner.find('"')?;
    Some(inner[..end].to_owned())
}

#[test]
fn finds_flag_values_lists_and_toml_entries() {
    let text = r#"
`botforge ants tournament --bots champion,x(a=1,b=2),thesis:aggressive --opponent "mine=cmd:python3 bot.py" --games 3`
with `--bots` you name them; `--bots=a(b=1,c=2),d`
```toml
[[bots]]
name = "baseline"
spec = "champion"

[[bots]]
name = "random" # a comment
```
/// [[bots]]
/// name = "hunter"
"#;
    assert_eq!(
        quoted_specs(text),
        [
            "champion",
            "x(a=1,b=2)",
            "thesis:aggressive",
            "a(b=1,c=2)",
            "d",
            "mine=cmd:python3 bot.py",
            "champion",
            "random",
            "hunter",
        ]
    );
}

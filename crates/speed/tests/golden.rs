//! Conformance: every golden log recorded on the official server replays exactly; cut logs
//! are reported (truncated, or an error naming the line), never passed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

/// The golden logs of the official server, carried in the repository's `data/speed/golden/`.
fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/speed/golden"
    ))
}

/// Every golden log, sorted; a missing or empty folder fails the test with its path.
fn golden_logs() -> Vec<PathBuf> {
    let dir = golden_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "golden logs missing: {} ({e}; the repository carries them in data/speed/golden/)",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no golden logs in {}", dir.display());
    files
}

/// One golden log's text; a missing file fails the test with its path.
fn golden_text(name: &str) -> (PathBuf, String) {
    let path = golden_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "golden log missing: {} ({e}; the repository carries it in data/speed/golden/)",
            path.display()
        )
    });
    (path, text)
}

#[test]
fn every_golden_log_replays_exactly() {
    let files = golden_logs();
    let mut total = 0;
    for f in &files {
        let report = speed::golden::check_file(f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.divergence, None, "{}", f.display());
        let log = speed::golden::read_log(f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.transitions, log.lines.len() - 1, "{}", f.display());
        // The final replayed state decides the winner exactly as the meta line says.
        let last = &log.lines[log.lines.len() - 1].state;
        let want = log.meta.get("winner").and_then(serde_json::Value::as_u64);
        assert_eq!(last.winner().map(u64::from), want, "{}", f.display());
        total += report.transitions;
    }
    assert_eq!(files.len(), 43);
    assert_eq!(total, 7532);
}

#[test]
fn a_corrupted_log_reports_the_first_divergence() {
    let (path, text) = golden_text("g21_slowdown_to_0.jsonl");
    let bad = text.replacen("\"x\":21,\"y\":30", "\"x\":21,\"y\":31", 1);
    assert_ne!(bad, text);
    let log = speed::golden::parse_log(&path, &bad).unwrap();
    let report = speed::golden::check(&log);
    let d = report.divergence.unwrap();
    assert_eq!((d.line, d.round), (3, 1));
    assert!(d.message.contains("player 2"), "{}", d.message);
}

#[test]
fn round_ended_by_follows_from_the_answers_in_every_golden_log() {
    use speed::golden::RoundEnd;
    let mut seen = [0_usize; 2];
    for f in golden_logs() {
        let log = speed::golden::read_log(&f).unwrap_or_else(|e| panic!("{e}"));
        for l in &log.lines {
            let Some(answers) = &l.answers else {
                assert_eq!(l.ended_by, None, "{}:{}", f.display(), l.line);
                continue;
            };
            let end = l
                .ended_by
                .unwrap_or_else(|| panic!("{}:{}", f.display(), l.line));
            assert_eq!(RoundEnd::of(answers), end, "{}:{}", f.display(), l.line);
            seen[usize::from(end == RoundEnd::Deadline)] += 1;
        }
        let deadline_rounds = log
            .lines
            .iter()
            .filter(|l| l.ended_by == Some(RoundEnd::Deadline));
        assert_eq!(
            log.meta["rounds_ended_by_deadline"].as_u64(),
            Some(deadline_rounds.count() as u64),
            "{}",
            f.display()
        );
    }
    assert_eq!(seen, [7531, 1]);
}

#[test]
fn an_unknown_round_ended_by_names_the_line_and_field() {
    let (path, text) = golden_text("g34_missing_answer.jsonl");
    let bad = text.replacen(
        "\"round_ended_by\":\"deadline\"",
        "\"round_ended_by\":\"late\"",
        1,
    );
    assert_ne!(bad, text);
    let err = speed::golden::parse_log(&path, &bad)
        .unwrap_err()
        .to_string();
    assert!(err.contains("g34_missing_answer.jsonl:4:"), "{err}");
    assert!(err.contains("round_ended_by"), "{err}");
}

/// A short AI game recorded by the writer (no golden file needed).
fn recorded_log() -> String {
    let mut state = speed::engine::seeded_setup(3, 2);
    let mut ais = vec![
        speed::ai::BOTS.build("random", 1).unwrap(),
        speed::ai::BOTS.build("random", 2).unwrap(),
    ];
    let ids = state.players.iter().map(|p| p.id).collect::<Vec<_>>();
    let mut w = speed::golden::GoldenWriter::new(
        "t",
        ids.into_iter()
            .zip(["random".to_owned(), "random".to_owned()])
            .collect(),
    );
    speed::play_game(
        &mut state,
        &mut ais,
        std::time::Duration::from_secs(1),
        |s, a| {
            w.round(s, a);
        },
    );
    w.final_state(&state);
    w.text()
}

#[test]
fn a_log_cut_at_a_line_boundary_is_reported_as_truncated() {
    let text = recorded_log();
    let path = std::path::Path::new("cut.jsonl");
    let full = speed::golden::parse_log(path, &text).unwrap();
    assert_eq!(speed::golden::check(&full).divergence, None);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 4, "{text}");
    // Every cut before the final line: meta plus 1 … all-but-final state lines.
    for keep in 2..lines.len() {
        let cut = lines[..keep].join("\n") + "\n";
        let log = speed::golden::parse_log(path, &cut).unwrap();
        let d = speed::golden::check(&log)
            .divergence
            .unwrap_or_else(|| panic!("a log cut after line {keep} passed the check"));
        assert!(d.truncated, "{d:?}");
        assert_eq!(d.line, keep, "{d:?}");
        assert!(d.message.contains("truncated"), "{}", d.message);
    }
}

#[test]
fn a_log_cut_inside_a_line_is_an_error_naming_the_line() {
    let text = recorded_log();
    let path = std::path::Path::new("cut.jsonl");
    let second_line_end = text.match_indices('\n').nth(1).unwrap().0;
    // Cut in the middle of the third line (the second state line), and at every byte of
    // the last line: never a panic, always an error naming the file and line.
    let third = &text[..second_line_end + 1 + 40];
    let e = speed::golden::parse_log(path, third)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("cut.jsonl:3: invalid JSON"), "{e}");
    let last_start = text.trim_end().rfind('\n').unwrap() + 1;
    let last_line = text.trim_end().lines().count();
    for end in (last_start + 1..text.trim_end().len()).step_by(7) {
        let e = speed::golden::parse_log(path, &text[..end])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(&format!("cut.jsonl:{last_line}: ")), "{e}");
    }
}

/// A client stops when its own player is out, so its log ends with that state (no
/// actions): such a log is complete. The same log cut one state earlier, a client still in
/// the game, or a server's log cut there are truncated.
#[test]
fn an_online_clients_log_ends_where_its_player_is_out() {
    // Three random players: the first to go out leaves a running game.
    let mut state = speed::engine::seeded_setup(3, 3);
    let mut ais: Vec<_> = (1..=3)
        .map(|s| speed::ai::BOTS.build("random", s).unwrap())
        .collect();
    let mut rounds = Vec::new();
    speed::play_game(
        &mut state,
        &mut ais,
        std::time::Duration::from_secs(1),
        |s, a| rounds.push((s.clone(), a.to_vec())),
    );
    // The first running state in which some player is out, and that player.
    let (k, out) = rounds
        .iter()
        .enumerate()
        .find_map(|(k, (s, _))| s.players.iter().find(|p| !p.active).map(|p| (k, p.id)))
        .expect("a player is out while the game runs");
    let still_in = rounds[k].0.players.iter().find(|p| p.active).unwrap().id;
    let log = |game: &str, players: Vec<speed::state::PlayerId>, last: usize| {
        let mut w = speed::golden::GoldenWriter::new(
            game,
            players
                .into_iter()
                .map(|p| (p, "random".to_owned()))
                .collect(),
        );
        for (s, a) in &rounds[..last] {
            w.round(s, a);
        }
        w.final_state(&rounds[last].0);
        let text = w.text();
        let parsed = speed::golden::parse_log(std::path::Path::new("c.jsonl"), &text).unwrap();
        speed::golden::check(&parsed).divergence
    };
    assert_eq!(log("online", vec![out], k), None);
    for d in [
        log("online", vec![still_in], k),
        log("g", vec![out, still_in], k),
        log("online", vec![out], k - 1),
    ] {
        assert!(d.as_ref().is_some_and(|d| d.truncated), "{d:?}");
    }
}

/// `check-log` used to accept a final state marked `"final": false` and a round number that
/// skips or repeats; both are divergences naming the line.
#[test]
fn final_flags_and_round_numbers_are_checked() {
    let text = recorded_log();
    let path = std::path::Path::new("t.jsonl");
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    assert!(lines[n - 1].contains("\"final\":true"), "{}", lines[n - 1]);
    let with = |k: usize, from: &str, to: &str| {
        let mut l: Vec<String> = lines.iter().map(|s| (*s).to_owned()).collect();
        assert!(l[k].contains(from), "{}", l[k]);
        l[k] = l[k].replacen(from, to, 1);
        l.join("\n") + "\n"
    };
    let check = |t: &str| speed::golden::check(&speed::golden::parse_log(path, t).unwrap());
    let d = check(&with(n - 1, "\"final\":true", "\"final\":false"))
        .divergence
        .unwrap();
    assert!(d.message.contains("final: false") && d.line == n, "{d:?}");
    let d = check(&with(2, "\"final\":false", "\"final\":true"))
        .divergence
        .unwrap();
    assert!(d.message.contains("final: true") && d.line == 3, "{d:?}");
    let d = check(&with(2, "\"round\":2,", "\"round\":7,"))
        .divergence
        .unwrap();
    assert!(
        d.message.contains("round 7 follows round 1") && d.line == 3,
        "{d:?}"
    );
    assert_eq!(check(&text).divergence, None);
}

//! Hostile and unlucky clients, one test each: every test plays a real pair of players on
//! the same server while the hostile client does its worst, and checks that the pair's
//! game ends normally and is stored complete.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use support::*;

/// Two well-behaved players `<tag>a` and `<tag>b` (each turn after `delay`).
fn pair(addr: SocketAddr, tag: &str, delay: Duration) -> JoinHandle<(Seen, Seen)> {
    let (a, b) = (format!("{tag}a"), format!("{tag}b"));
    std::thread::spawn(move || {
        let first = std::thread::spawn(move || Client::login(addr, &a, "pw").play(move |_| delay));
        std::thread::sleep(Duration::from_millis(150));
        let second = Client::login(addr, &b, "pw").play(move |_| delay);
        (first.join().unwrap(), second)
    })
}

/// The pair's game ended for both with a result and is stored with both seats.
fn pair_was_served(dir: &Path, tag: &str, pair: JoinHandle<(Seen, Seen)>) {
    let (a, b) = pair.join().unwrap();
    let names = [format!("{tag}a"), format!("{tag}b")];
    assert!(
        a.info
            .ends_with(&format!("['{}', '{}']", names[0], names[1])),
        "{}",
        a.info
    );
    for seen in [&a, &b] {
        assert!(!seen.result.is_empty(), "no result: {seen:?}");
        assert_eq!(&seen.after_end[1..], ["go", "end", "you timed out.", ""]);
    }
    let start = Instant::now();
    loop {
        let games = wait_games(
            &dir.join("ladder.db"),
            "ants-ladder",
            1,
            Duration::from_secs(20),
        );
        if let Some(g) = games
            .iter()
            .find(|g| g.seats.iter().any(|s| s.bot == names[0]))
        {
            let bots: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
            assert_eq!(bots, names);
            assert_eq!(parse_result(&a.result).1, g.seats[0].status);
            assert_eq!(parse_result(&b.result).1, g.seats[1].status);
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the pair's game was not stored"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The stored game of `name`: its status and the partner's.
fn stored_status(dir: &Path, name: &str) -> (String, String) {
    let start = Instant::now();
    loop {
        let games = wait_games(
            &dir.join("ladder.db"),
            "ants-ladder",
            1,
            Duration::from_secs(20),
        );
        if let Some(g) = games.iter().find(|g| g.seats.iter().any(|s| s.bot == name)) {
            let me = g.seats.iter().position(|s| s.bot == name).unwrap();
            return (g.seats[me].status.clone(), g.seats[1 - me].status.clone());
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{name}'s game was not stored"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A hostile client `name` seated with a partner in a game of its own (started before the
/// pair's); returns the partner's thread.
fn hostile_game(addr: SocketAddr, name: &str) -> (Client, JoinHandle<Seen>) {
    let hostile = Client::login(addr, name, "pw");
    std::thread::sleep(Duration::from_millis(150));
    let partner = player(addr, &format!("{name}_partner"));
    std::thread::sleep(Duration::from_millis(150));
    (hostile, partner)
}

/// Reads what a hostile client was sent until its setup's `ready`.
fn until_ready(c: &mut Client) {
    while let Some(l) = c.line() {
        if l == "ready" {
            return;
        }
    }
    panic!("no setup");
}

fn server(dir: &Path) -> SocketAddr {
    start(config(dir, &[TWO]))
}

#[test]
fn a_client_that_never_logs_in_is_dropped_after_the_login_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let mut idle = Client::connect(addr);
    let began = Instant::now();
    let p = pair(addr, "lt", Duration::from_millis(20));
    let rest = idle.rest();
    assert!(
        began.elapsed() >= Duration::from_millis(1900),
        "{:?}",
        began.elapsed()
    );
    assert!(began.elapsed() < Duration::from_secs(10));
    assert!(rest[0].starts_with("INFO: no login within 2 s"), "{rest:?}");
    assert_eq!(&rest[1..], ["end", "go"]);
    pair_was_served(dir.path(), "lt", p);
}

#[test]
fn a_client_that_misses_the_deadline_is_removed_as_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let hostile = std::thread::spawn(move || {
        Client::login(addr, "sleepy", "pw").play(|turn| {
            if turn == 5 {
                Duration::from_millis(2500)
            } else {
                Duration::ZERO
            }
        })
    });
    std::thread::sleep(Duration::from_millis(150));
    let partner = player(addr, "sleepy_partner");
    std::thread::sleep(Duration::from_millis(150));
    let p = pair(addr, "dl", Duration::ZERO);
    pair_was_served(dir.path(), "dl", p);
    let seen = hostile.join().unwrap();
    assert_eq!(
        seen.after_end,
        ["you timed out.", ""],
        "only the trailing lines"
    );
    assert!(!partner.join().unwrap().result.is_empty());
    assert_eq!(stored_status(dir.path(), "sleepy").0, "timeout");
}

#[test]
fn a_client_that_stalls_mid_line_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let (mut hostile, partner) = hostile_game(addr, "staller");
    let p = pair(addr, "st", Duration::from_millis(10));
    until_ready(&mut hostile);
    hostile.send("o 1 ");
    let rest = hostile.rest();
    assert!(rest.ends_with(&["end".to_owned(), "you timed out.".to_owned(), String::new()]));
    pair_was_served(dir.path(), "st", p);
    partner.join().unwrap();
    assert_eq!(
        stored_status(dir.path(), "staller"),
        ("timeout".into(), "survived".into())
    );
}

#[test]
fn an_overlong_line_ends_the_seat_as_a_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let (mut hostile, partner) = hostile_game(addr, "longline");
    let p = pair(addr, "ll", Duration::from_millis(10));
    until_ready(&mut hostile);
    hostile.send(&"o".repeat(100_000));
    hostile.rest();
    pair_was_served(dir.path(), "ll", p);
    partner.join().unwrap();
    assert_eq!(stored_status(dir.path(), "longline").0, "timeout");
}

#[test]
fn a_flooding_client_is_removed_and_the_pair_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let (mut hostile, partner) = hostile_game(addr, "flood");
    let p = pair(addr, "fl", Duration::from_millis(10));
    until_ready(&mut hostile);
    let mut w = hostile.stream.try_clone().unwrap();
    let flood = std::thread::spawn(move || {
        let chunk = "o 1 1 N\n".repeat(8192);
        let mut sent = 0_usize;
        while w.write_all(chunk.as_bytes()).is_ok() && sent < 64 << 20 {
            sent += chunk.len();
        }
    });
    hostile.rest();
    pair_was_served(dir.path(), "fl", p);
    partner.join().unwrap();
    flood.join().unwrap();
    assert_eq!(stored_status(dir.path(), "flood").0, "timeout");
}

#[test]
fn a_client_that_disconnects_mid_game_is_crashed() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let (mut hostile, partner) = hostile_game(addr, "quitter");
    let p = pair(addr, "dc", Duration::from_millis(10));
    until_ready(&mut hostile);
    hostile.send("go\n");
    drop(hostile);
    pair_was_served(dir.path(), "dc", p);
    assert!(!partner.join().unwrap().result.is_empty());
    assert_eq!(
        stored_status(dir.path(), "quitter"),
        ("crashed".into(), "survived".into())
    );
}

#[test]
fn a_client_that_never_reads_does_not_hold_up_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let (hostile, partner) = hostile_game(addr, "deaf");
    let p = pair(addr, "nr", Duration::from_millis(10));
    // Answers `go` blindly, many times a turn, and never reads a byte.
    let mut w = hostile.stream.try_clone().unwrap();
    let began = Instant::now();
    let answering = std::thread::spawn(move || {
        while w.write_all(b"go\n").is_ok() && began.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    pair_was_served(dir.path(), "nr", p);
    let seen = partner.join().unwrap();
    assert!(!seen.result.is_empty());
    assert!(
        began.elapsed() < Duration::from_secs(15),
        "{:?}",
        began.elapsed()
    );
    stored_status(dir.path(), "deaf");
    drop(hostile);
    answering.join().unwrap();
}

#[test]
fn connections_beyond_the_cap_are_turned_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path(), &[TWO]);
    c.max_connections = 3;
    let addr = start(c);
    let _idle = Client::connect(addr);
    let p = pair(addr, "cap", Duration::from_millis(50));
    std::thread::sleep(Duration::from_millis(500));
    let rest = Client::connect(addr).rest();
    assert_eq!(
        rest,
        ["INFO: the server is full, try again later.", "end", "go"]
    );
    pair_was_served(dir.path(), "cap", p);
}

#[test]
fn two_logins_with_one_name_get_one_seat() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let twins: Vec<_> = (0..2)
        .map(|_| {
            std::thread::spawn(move || {
                Client::login(addr, "twin", "pw").play(|_| Duration::from_millis(30))
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let partner = player(addr, "twin_partner");
    std::thread::sleep(Duration::from_millis(300));
    // While twin plays, another login with its name is told so.
    let mut again = Client::login(addr, "twin", "pw");
    let told = again.rest();
    assert_eq!(told, ["INFO: twin is already running a game.", "end", "go"]);
    let p = pair(addr, "tw", Duration::ZERO);
    pair_was_served(dir.path(), "tw", p);
    let seen: Vec<Seen> = twins.into_iter().map(|t| t.join().unwrap()).collect();
    let played = seen.iter().filter(|s| !s.result.is_empty()).count();
    assert_eq!(played, 1, "{seen:?}");
    assert!(
        seen.iter().any(|s| s.result.is_empty() && s.lines == 3),
        "{seen:?}"
    );
    partner.join().unwrap();
}

#[test]
fn a_repeated_wrong_password_locks_out_the_guesser() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    // Register the name, then leave while waiting (the server drops the waiting client).
    drop(Client::login(addr, "owner", "right"));
    std::thread::sleep(Duration::from_millis(400));
    let p = pair(addr, "pw", Duration::from_millis(20));
    for _ in 0..5 {
        let told = Client::login(addr, "owner", "wrong").rest();
        assert_eq!(told, ["INFO: invalid password for owner", "end", "go"]);
    }
    let told = Client::login(addr, "owner", "wrong").rest();
    assert!(
        told[0].starts_with("INFO: too many wrong passwords for owner"),
        "{told:?}"
    );
    pair_was_served(dir.path(), "pw", p);
}

#[test]
fn a_client_that_leaves_while_waiting_is_dropped_from_the_pending_game() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    drop(Client::login(addr, "leaver", "pw"));
    std::thread::sleep(Duration::from_millis(400));
    let p = pair(addr, "lw", Duration::ZERO);
    pair_was_served(dir.path(), "lw", p);
}

#[test]
fn bad_login_lines_get_the_2011_rejections() {
    let dir = tempfile::tempdir().unwrap();
    let addr = server(dir.path());
    let p = pair(addr, "bl", Duration::from_millis(20));
    for (line, want) in [
        ("HELLO\n", "INFO: you need to send: [USER name password]."),
        (
            "USER bad-name pw\n",
            "INFO: invalid name: use 1 to 32 letters, digits or _.",
        ),
        ("USER house pw\n", "INFO: the name house is reserved."),
    ] {
        let mut c = Client::connect(addr);
        c.send(line);
        assert_eq!(c.rest(), [want, "end", "go"]);
    }
    pair_was_served(dir.path(), "bl", p);
}

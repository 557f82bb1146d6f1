//! `ants::online` against a fake 2011 server (`tests/online/fake_2011_server.py`, the
//! `ants-tcp` wire format with its quirks): a whole game with an in-process bot and with an
//! external program, both end forms, rejections and the back-off, a server that closes
//! mid-game, one that never answers, one that floods, and a bot that crashes or stalls.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ants::online::{Backoff, ClientConfig, GameReport, Observer, OnlineBot, Outcome, run};
use ants::{Bot, GameSettings, Order, TurnInput};
use grid::Dir;

/// The fake server, killed when dropped.
struct Fake {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Fake {
    /// Starts the fake server for these scenarios (one per connection).
    fn start(scenarios: &str, dir: &Path) -> Fake {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/online/fake_2011_server.py");
        let log = dir.join(format!("server-{}.jsonl", scenarios.replace(',', "-")));
        let mut child = Command::new("python3")
            .arg(&script)
            .arg(scenarios)
            .arg(&log)
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs the fake server (.ci/run installs Debian's python3)");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .trim()
            .strip_prefix("port ")
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("fake server said `{first}`"));
        Fake { child, port, log }
    }

    /// The raw lines (line ends included) the client sent on connection `conn`.
    fn received(&self, conn: u64) -> Vec<String> {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        text.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["conn"] == conn)
            .map(|v| v["line"].as_str().unwrap().to_owned())
            .collect()
    }

    /// Waits until the server process has exited (it does after its last scenario).
    fn finish(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn config(port: u16, dir: &Path) -> ClientConfig {
    ClientConfig {
        log_dir: Some(dir.join("online")),
        socket_timeout: Duration::from_secs(10),
        bot_timeout: Duration::from_secs(10),
        backoff: Backoff::NONE,
        ..ClientConfig::new("127.0.0.1", port, "alice", "secret")
    }
}

/// Records the waits instead of sleeping.
#[derive(Default)]
struct Record {
    waits: Vec<Duration>,
    games: usize,
}

impl Observer for Record {
    fn wait(&mut self, _round: u32, delay: Duration) {
        self.waits.push(delay);
    }
    fn game(&mut self, _report: &GameReport) {
        self.games += 1;
    }
}

/// Orders every own ant north; sleeps `sleep` in every turn.
struct North {
    sleep: Duration,
}

impl Bot for North {
    fn name(&self) -> &'static str {
        "north"
    }
    fn setup(&mut self, settings: &GameSettings) {
        assert_eq!(settings.turntime_ms, 500, "the 2011 server's turntime text");
    }
    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        std::thread::sleep(self.sleep);
        input
            .ants
            .iter()
            .filter(|a| a.1 == 0)
            .map(|a| Order {
                pos: a.0,
                dir: Dir::N,
            })
            .collect()
    }
}

/// Panics in its first turn.
struct Panics;

impl Bot for Panics {
    fn name(&self) -> &'static str {
        "panics"
    }
    fn setup(&mut self, _: &GameSettings) {}
    fn turn(&mut self, _: &TurnInput) -> Vec<Order> {
        panic!("out of ideas")
    }
}

fn north(sleep: Duration) -> OnlineBot {
    OnlineBot::InProcess {
        name: "north".into(),
        make: Box::new(move || Ok(Box::new(North { sleep }) as Box<dyn Bot>)),
    }
}

fn play(cfg: &ClientConfig, bot: &mut OnlineBot) -> (Vec<GameReport>, Record) {
    let mut rec = Record::default();
    let reports = run(cfg, bot, &mut rec).unwrap();
    assert_eq!(rec.games, reports.len());
    (reports, rec)
}

#[test]
fn an_in_process_bot_plays_a_whole_2011_game() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start("game,game", dir.path());
    let cfg = ClientConfig {
        rounds: 2,
        ..config(fake.port, dir.path())
    };
    let (reports, _) = play(&cfg, &mut north(Duration::ZERO));
    let [r, again] = &reports[..] else {
        panic!("{reports:?}")
    };
    assert_eq!(r.game_id.as_deref(), Some("7"));
    assert_eq!(r.map.as_deref(), Some("tiny_p02.map"));
    assert_eq!(r.players, ["alice", "bob"]);
    let Outcome::Ended(end) = &r.outcome else {
        panic!("{r:?}")
    };
    assert_eq!(end.status.as_deref(), Some("survived"));
    assert_eq!((end.score, end.turn), (Some(1), Some(3)));
    assert_eq!(
        r.summary(),
        "game 7 on tiny_p02.map (alice, bob): survived, score 1, turn 3"
    );
    assert_eq!(
        fake.received(0),
        [
            "USER alice secret\n",
            "go\n",
            "o 1 1 n\n",
            "go\n",
            "o 1 2 n\n",
            "go\n",
            "o 1 3 n\n",
            "go\n"
        ]
    );
    let path = r.transcript.as_ref().unwrap();
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        format!("127.0.0.1_{}-game-7-alice.log", fake.port)
    );
    // The same game id again (a restarted server): a second file, the first one kept.
    let second = again.transcript.as_ref().unwrap();
    assert_eq!(
        second.file_name().unwrap().to_string_lossy(),
        format!("127.0.0.1_{}-game-7-alice-2.log", fake.port)
    );
    assert!(path.exists() && second.exists());
    let text = std::fs::read_to_string(path).unwrap();
    for line in [
        "   0 >  USER alice *",
        "   0 <- INFO: game 7 tiny_p02.map : ['alice', 'bob']",
        "   0 <  turntime 500",
        "   1 <- INFO: ignored o 9 9 n - no ant there",
        "   2 >  o 1 2 n",
        "   3 <  game 7: survived score: 1 turn: 3",
        "   3 <- you timed out.",
        "   3 <- ",
    ] {
        assert!(text.lines().any(|l| l == line), "no `{line}` in\n{text}");
    }
    assert!(
        !text.contains("secret"),
        "the password is in the transcript"
    );
}

#[test]
fn a_command_bot_plays_with_visualizer_lines_and_an_empty_answer() {
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("bot.py");
    std::fs::write(
        &bot,
        "import sys\nturn = 0\nfor line in sys.stdin:\n    t = line.split()\n    if not t:\n        continue\n    if t[0] == 'turn':\n        turn = int(t[1])\n    elif t[0] == 'ready':\n        print('go', flush=True)\n    elif t[0] == 'end':\n        break\n    elif t[0] == 'go':\n        if turn == 2:\n            print('', flush=True)\n        else:\n            print('v setLineColor 255 0 0 0.5')\n            print('i 1 1 going north')\n            print('o 1 %d n' % turn)\n            print('go', flush=True)\n",
    )
    .unwrap();
    let fake = Fake::start("game", dir.path());
    let mut bot = OnlineBot::Command {
        name: "bot.py".into(),
        command: format!("python3 {}", bot.display()),
    };
    let (reports, _) = play(&config(fake.port, dir.path()), &mut bot);
    assert!(
        matches!(&reports[0].outcome, Outcome::Ended(e) if e.status.as_deref() == Some("survived")),
        "{reports:?}"
    );
    assert_eq!(
        fake.received(0),
        [
            "USER alice secret\n",
            "go\n",
            "o 1 1 n\n",
            "go\n",
            "\r\n",
            "o 1 3 n\n",
            "go\n"
        ]
    );
    let text = std::fs::read_to_string(reports[0].transcript.as_ref().unwrap()).unwrap();
    assert!(
        text.contains("   1 >- v setLineColor 255 0 0 0.5"),
        "{text}"
    );
    assert!(text.contains("   1 >- i 1 1 going north"), "{text}");
}

#[test]
fn the_local_end_form_is_understood() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start("local", dir.path());
    let (reports, _) = play(&config(fake.port, dir.path()), &mut north(Duration::ZERO));
    let Outcome::Ended(end) = &reports[0].outcome else {
        panic!("{reports:?}")
    };
    assert_eq!(end.status.as_deref(), Some("survived"));
    assert_eq!(end.scores, ["1", "0"]);
    assert_eq!(end.statuses, ["survived", "eliminated"]);
    assert_eq!(end.turn, Some(3));
}

#[test]
fn already_queued_backs_off_then_plays() {
    let dir = tempfile::tempdir().unwrap();
    let mut fake = Fake::start("busy,game", dir.path());
    let cfg = ClientConfig {
        rounds: 2,
        backoff: Backoff {
            wait: Duration::from_secs(1),
            jitter: Duration::ZERO,
            busy: Duration::from_secs(10),
            busy_jitter: Duration::ZERO,
        },
        ..config(fake.port, dir.path())
    };
    let (reports, rec) = play(&cfg, &mut north(Duration::ZERO));
    fake.finish();
    assert_eq!(
        reports[0].outcome,
        Outcome::Rejected {
            message: "alice is already queued for game 3".into(),
            busy: true
        }
    );
    assert!(
        matches!(reports[1].outcome, Outcome::Ended(_)),
        "{reports:?}"
    );
    assert_eq!(rec.waits, [Duration::from_secs(1), Duration::from_secs(11)]);
    assert_eq!(fake.received(0), ["USER alice secret\n"]);
    assert!(reports[0].transcript.as_ref().unwrap().exists());
}

#[test]
fn a_wrong_password_stops_the_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start("password,game", dir.path());
    let cfg = ClientConfig {
        rounds: 3,
        ..config(fake.port, dir.path())
    };
    let (reports, _) = play(&cfg, &mut north(Duration::ZERO));
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert_eq!(
        reports[0].summary(),
        "round 1: rejected by the server: invalid password for alice"
    );
}

#[test]
fn a_server_that_ends_without_go_or_closes_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut fake = Fake::start("timedout,midgame", dir.path());
    let cfg = ClientConfig {
        rounds: 2,
        ..config(fake.port, dir.path())
    };
    let (reports, _) = play(&cfg, &mut north(Duration::ZERO));
    fake.finish();
    let Outcome::Ended(end) = &reports[0].outcome else {
        panic!("{reports:?}")
    };
    assert_eq!(end.status, None);
    assert_eq!(end.other, ["you timed out."]);
    assert_eq!(
        reports[1].outcome,
        Outcome::Lost("the server closed the connection before the game ended".into())
    );
    assert_eq!(reports[1].turn, 1);
}

#[test]
fn a_silent_server_hits_the_socket_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start("silent", dir.path());
    let cfg = ClientConfig {
        socket_timeout: Duration::from_millis(300),
        ..config(fake.port, dir.path())
    };
    let started = Instant::now();
    let (reports, _) = play(&cfg, &mut north(Duration::ZERO));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        reports[0].outcome,
        Outcome::Lost("no game started within 300 ms (socket timeout)".into())
    );
}

#[test]
fn overlong_lines_and_floods_from_the_server_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start("longline,flood", dir.path());
    let cfg = ClientConfig {
        rounds: 2,
        ..config(fake.port, dir.path())
    };
    let (reports, _) = play(&cfg, &mut north(Duration::ZERO));
    let lost: Vec<String> = reports
        .iter()
        .map(|r| match &r.outcome {
            Outcome::Lost(why) => why.clone(),
            o => panic!("{o:?}"),
        })
        .collect();
    assert_eq!(
        lost,
        [
            "the server sent a line longer than 65536 bytes",
            "the server sent more than 65536 lines or 4194304 bytes in one turn"
        ]
    );
}

#[test]
fn a_crashing_or_stalling_bot_ends_the_game_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut fake = Fake::start("game,game,game,game", dir.path());
    let cfg = ClientConfig {
        bot_timeout: Duration::from_millis(300),
        ..config(fake.port, dir.path())
    };
    let mut crash = OnlineBot::Command {
        name: "crash".into(),
        command: "python3 -c \"import sys; sys.stdin.readline(); sys.stderr.write('boom\\n'); sys.exit(3)\"".into(),
    };
    let patient = ClientConfig {
        bot_timeout: Duration::from_secs(10),
        ..cfg.clone()
    };
    let (reports, _) = play(&patient, &mut crash);
    let Outcome::Lost(why) = &reports[0].outcome else {
        panic!("{reports:?}")
    };
    assert!(
        why.starts_with("the bot ended its output at turn 0"),
        "{why}"
    );
    assert!(
        why.contains("exit status: 3") && why.contains("boom"),
        "{why}"
    );

    let (reports, _) = play(&cfg, &mut north(Duration::from_secs(2)));
    assert_eq!(
        reports[0].outcome,
        Outcome::Lost(
            "the bot did not answer turn 1 within 300 ms; the bot is still computing (its thread is left to finish)"
                .into()
        )
    );

    let mut panics = OnlineBot::InProcess {
        name: "panics".into(),
        make: Box::new(|| Ok(Box::new(Panics) as Box<dyn Bot>)),
    };
    let (reports, _) = play(&patient, &mut panics);
    assert_eq!(
        reports[0].outcome,
        Outcome::Lost(
            "the bot ended its output at turn 1; the bot stopped: panicked: out of ideas".into()
        )
    );

    let mut unbuilt = OnlineBot::InProcess {
        name: "unbuilt".into(),
        make: Box::new(|| Err("no such bot".to_owned())),
    };
    let (reports, _) = play(&cfg, &mut unbuilt);
    assert_eq!(reports[0].outcome, Outcome::Lost("no such bot".into()));
    // The bot is built before connecting: the server's fourth connection never came.
    drop(reports);
    fake.child.kill().ok();
    fake.finish();
    assert!(fake.received(3).is_empty());
}

#[test]
fn a_refused_connection_is_reported() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let dir = tempfile::tempdir().unwrap();
    let (reports, _) = play(&config(port, dir.path()), &mut north(Duration::ZERO));
    let Outcome::Lost(why) = &reports[0].outcome else {
        panic!("{reports:?}")
    };
    assert!(why.starts_with("cannot connect to 127.0.0.1:"), "{why}");
}

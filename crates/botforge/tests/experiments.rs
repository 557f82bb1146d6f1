//! The experiments behind the numbers of `docs/` are arena configs (`docs/experiments/*.toml`):
//! each one loads as an arena config, every bot in it builds, its maps are the repository's
//! (`data/ants/maps/`, every pattern matching a map), and the tournament command quoted in its header ("The same games:
//! botforge ants tournament …") prints exactly the games the config plays.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{files, workspace};

/// What a config's header says the equivalent tournament command is.
const SAME_GAMES: &str = "# The same games: botforge ";

/// Where the maps of the configs live, relative to `docs/experiments/`.
const MAPS: &str = "../../data/ants/maps/";

fn experiments() -> Vec<PathBuf> {
    let found = files(&workspace().join("docs/experiments"), &[".toml"]);
    assert!(
        !found.is_empty(),
        "no arena config found under docs/experiments/"
    );
    found
}

/// The config the quoted tournament command prints (`--print-config`), run from the
/// workspace root as the docs' commands are; the shell does the quoting.
fn printed_config(line: &str, file: &Path) -> arena::Config {
    let args = line.strip_prefix(SAME_GAMES).unwrap();
    let out = Command::new("sh")
        .current_dir(workspace())
        .arg("-c")
        .arg(format!("exec \"$0\" {args} --print-config"))
        .arg(env!("CARGO_BIN_EXE_botforge"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}: the quoted command failed: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    arena::Config::parse(&text, Path::new("tournament.toml"))
        .unwrap_or_else(|e| panic!("{}: printed config: {e}", file.display()))
}

#[test]
fn every_experiment_is_a_valid_ants_config_with_buildable_bots() {
    for file in experiments() {
        let cfg = arena::Config::load(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cfg.game, "ants", "{}", file.display());
        arena::games::ants::AntsPlayer::from_options(&cfg.options)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for bot in &cfg.bots {
            ants_bots::entrant(bot.spec())
                .unwrap_or_else(|e| panic!("{}: bot {:?}: {e}", file.display(), bot.name));
        }
        for map in &cfg.maps {
            assert!(
                map.starts_with(MAPS),
                "{}: map {map} is not under data/ants/maps/",
                file.display()
            );
        }
        let player = arena::games::player("ants", &cfg.options).unwrap();
        let jobs = arena::runner::schedule(&cfg, player.as_ref())
            .unwrap_or_else(|e| panic!("{}: {e:#}", file.display()));
        let matchups = match cfg.schedule() {
            arena::schedule::Schedule::Versus => cfg.bots.len() - 1,
            _ => 1,
        };
        assert_eq!(
            jobs.len(),
            cfg.games as usize * matchups,
            "{}: games",
            file.display()
        );
    }
}

#[test]
fn every_experiment_plays_the_games_of_its_quoted_tournament_command() {
    for file in experiments() {
        let text = std::fs::read_to_string(&file).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with(SAME_GAMES))
            .unwrap_or_else(|| panic!("{}: no line {SAME_GAMES:?}", file.display()));
        let cfg = arena::Config::load(&file).unwrap();
        let tournament = printed_config(line, &file);
        let what = file.display();
        assert_eq!(cfg.games, tournament.games, "{what}: games");
        assert_eq!(cfg.seed, tournament.seed, "{what}: seed");
        assert_eq!(cfg.seeding, tournament.seeding, "{what}: seeding");
        assert_eq!(cfg.schedule(), tournament.schedule(), "{what}: schedule");
        assert_eq!(cfg.opponent, tournament.opponent, "{what}: opponent");
        assert_eq!(cfg.threads, tournament.threads, "{what}: threads");
        let maps: Vec<String> = cfg
            .maps
            .iter()
            .map(|m| m.strip_prefix("../../").unwrap_or(m).to_owned())
            .collect();
        let (mut mine, mut theirs) = (maps, tournament.maps.clone());
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "{what}: maps");
        let bots = |c: &arena::Config| {
            c.bots
                .iter()
                .map(|b| (b.name.clone(), b.spec().to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(bots(&cfg), bots(&tournament), "{what}: bots");
        let game = |c: &arena::Config| {
            arena::games::ants::AntsPlayer::from_options(&c.options)
                .unwrap()
                .config()
                .clone()
        };
        assert_eq!(game(&cfg), game(&tournament), "{what}: game options");
    }
}

//! The built-in bots, their catalogue [`BOTS`] (what `botforge wumpus bots` lists, the arena
//! seats and the viewer offers) and [`EntrantSpec`], a checked spec that seats a catalogue
//! bot or an external program in each game.
//!
//! A spec is `name` or `name(key=value,…)` (syntax: [`botspec`]), e.g. `reference`,
//! `champion(win_chance=0.5)`, or `cmd:COMMAND` / `NAME=cmd:COMMAND` for a program speaking
//! the line protocol.

pub mod champion;
pub mod pits;
pub mod plan;
pub mod reference;

use botspec::{Args, BotSpec, Catalogue, Entry, SpecError};

use crate::agent::{Bot, Entrant};
use crate::protocol::{ExternalEntrant, Timeouts};

pub use champion::{ChampionBot, ChampionConfig};
pub use reference::ReferenceBot;

/// The Wumpus bots: every name a spec, the CLI, the arena and the viewer accept. Bots are
/// deterministic, so the context is `()`.
pub static BOTS: Catalogue<dyn Bot + Send, ()> = Catalogue {
    game: "wumpus",
    entries: &[
        Entry {
            name: "reference",
            about: "the seed's agent, rule for rule (spec §7): field types, nearest-empty exploration, three shooting cases",
            params: &[],
            build: reference,
        },
        Entry {
            name: "champion",
            about: "probabilistic: exact pit posteriors, a belief per wumpus, risk-weighted Dijkstra, shoots likely lines",
            params: champion::PARAMS,
            build: champion,
        },
    ],
};

#[allow(clippy::unnecessary_wraps)] // the catalogue's constructor signature
fn reference(_: &Args, (): ()) -> Result<Box<dyn Bot + Send>, SpecError> {
    Ok(Box::new(ReferenceBot::new()))
}

fn champion(args: &Args, (): ()) -> Result<Box<dyn Bot + Send>, SpecError> {
    Ok(Box::new(ChampionBot::with_config(
        ChampionConfig::from_args(args)?,
    )))
}

/// A checked spec of what plays: a catalogue bot or an external program. It builds a fresh
/// [`Entrant`] for every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantSpec {
    name: String,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A catalogue bot, by its canonical spec.
    Bot(String),
    /// A shell command speaking the line protocol.
    External(String),
}

impl EntrantSpec {
    /// Parses and checks a spec: a catalogue bot (built once to check its parameters),
    /// `cmd:COMMAND` (shown as written) or `NAME=cmd:COMMAND` (shown as `NAME`), whose
    /// program must exist.
    pub fn parse(spec: &str) -> Result<EntrantSpec, SpecError> {
        match BotSpec::parse(spec)? {
            BotSpec::Bot(_) => {
                let (entry, args) = BOTS.resolve(spec)?;
                (entry.build)(&args, ())?;
                let canonical = args.canonical();
                Ok(EntrantSpec {
                    name: canonical.clone(),
                    kind: Kind::Bot(canonical),
                })
            }
            BotSpec::External(ext) => {
                let name = ext
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("cmd:{}", ext.command));
                procgroup::check_command(&ext.command).map_err(|e| SpecError::Invalid {
                    bot: name.clone(),
                    message: e.to_string(),
                })?;
                Ok(EntrantSpec {
                    name,
                    kind: Kind::External(ext.command),
                })
            }
        }
    }

    /// The name tables and traces show: the bot's canonical spec (`champion`,
    /// `champion(win_chance=0.5)`), `NAME` of `NAME=cmd:…`, or `cmd:COMMAND`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A fresh entrant for one game (external programs get `timeouts`).
    pub fn entrant(&self, timeouts: Timeouts) -> Result<Box<dyn Entrant + Send>, SpecError> {
        match &self.kind {
            Kind::Bot(spec) => Ok(Box::new(BOTS.build(spec, ())?)),
            Kind::External(command) => Ok(Box::new(ExternalEntrant::new(command, timeouts))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_what_plays() {
        let named = EntrantSpec::parse("mine=cmd:sh -c 'exit 0'").unwrap();
        assert_eq!(named.name(), "mine");
        assert_eq!(named.kind, Kind::External("sh -c 'exit 0'".into()));
        assert_eq!(EntrantSpec::parse("cmd:sh").unwrap().name(), "cmd:sh");
        assert_eq!(EntrantSpec::parse("champion").unwrap().name(), "champion");
        assert_eq!(
            EntrantSpec::parse("champion( 300 )").unwrap().name(),
            "champion(risk_weight=300)"
        );
        let e = EntrantSpec::parse("mine=cmd:  ").unwrap_err().to_string();
        assert!(e.contains("empty command"), "{e}");
        let e = EntrantSpec::parse("mine=cmd:/nonexistent/agent")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not found"), "{e}");
        assert!(EntrantSpec::parse("bad name=cmd:sh").is_err());
        let e = EntrantSpec::parse("oracle").unwrap_err().to_string();
        let known = BOTS.names().join(", ");
        assert_eq!(e, format!("unknown wumpus bot `oracle`; known: {known}"));
        let e = EntrantSpec::parse("champion(win_chance=-1)")
            .unwrap_err()
            .to_string();
        assert!(e.contains("must be within"), "{e}");
    }
}

//! The in-process Ants bots usable by spec on the command line (`botforge ants play hunter
//! champion …`, `botforge ants bot NAME`, tournaments): the catalogue [`ants_bots::BOTS`],
//! which the arena reads too.

/// The listing `botforge ants bots` prints: every bot with its description and parameters.
pub fn describe() -> String {
    ants_bots::BOTS.describe()
}

/// A fresh bot from a spec of [`ants_bots::BOTS`]: `NAME`, `NAME(key=value,…)` or
/// `thesis:PROFILE`.
pub fn make_bot(spec: &str) -> anyhow::Result<Box<dyn ants::Bot>> {
    Ok(ants_bots::BOTS.build(spec, ())?)
}

/// An entrant from a spec: an external program (`cmd:COMMAND`, `NAME=cmd:COMMAND`) or a
/// bot of [`make_bot`].
pub fn make_entrant(spec: &str) -> anyhow::Result<ants::Entrant> {
    Ok(ants_bots::entrant(spec)?)
}

//! The registry of in-process Ants bots usable by name on the command line
//! (`botforge ants play hunter champion …`, `botforge ants bot NAME`, tournaments). The
//! registry itself lives in `arena::games::ants`, which the arena shares.

/// Every registered bot name.
pub fn bot_names() -> Vec<&'static str> {
    arena::games::ants::bot_names()
}

/// A fresh bot from a spec: `NAME`, or `thesis:PROFILE` (bundled profile name or TOML file).
pub fn make_bot(spec: &str) -> anyhow::Result<Box<dyn ants::Bot>> {
    arena::games::ants::make_bot(spec)
}

/// An entrant from a spec: an external program (`cmd:COMMAND`, `NAME=cmd:COMMAND`) or a
/// bot of [`make_bot`].
pub fn make_entrant(spec: &str) -> anyhow::Result<ants::Entrant> {
    arena::games::ants::make_entrant(spec)
}

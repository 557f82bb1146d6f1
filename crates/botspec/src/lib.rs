//! One bot spec syntax for every game, parsed in one place, and the catalogue type in which
//! each game lists its bots.
//!
//! A spec is one of
//! - `name` — a bot of the game's catalogue with its defaults;
//! - `name(key=value,…)` — the same with parameters, as OpenSpiel's `go(komi=4.5)`; values
//!   may be given positionally (`pathfinding(2,75)`) in the order the catalogue declares
//!   them, and `name:value` is short for `name(value)` (`thesis:aggressive`);
//! - `cmd:COMMAND` or `NAME=cmd:COMMAND` — an external program, shown as `NAME`.
//!
//! A game declares its bots as a [`Catalogue`] of [`Entry`]s (name, one-line description,
//! parameters with defaults, constructor); the CLI, the arena and the viewer all read it, and
//! [`Catalogue::build`] turns a spec into a bot with typed errors that list the known names
//! and parameters.

use std::fmt::{self, Write as _};
use std::str::FromStr;

/// Longest spec accepted, in bytes.
pub const MAX_SPEC_LEN: usize = 4096;

/// Why a spec was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The text is not a spec.
    #[error("bot spec `{spec}`: {message}")]
    Syntax {
        /// The spec as given (shortened when long).
        spec: String,
        /// What is wrong.
        message: String,
    },
    /// No bot of that name in the game's catalogue.
    #[error("unknown {game} bot `{name}`; known: {}", known.join(", "))]
    UnknownBot {
        /// The game.
        game: String,
        /// The name asked for.
        name: String,
        /// The catalogue's names.
        known: Vec<String>,
    },
    /// The bot has no parameter of that name.
    #[error("{bot}: unknown parameter `{key}`; {}", param_list(known))]
    UnknownParam {
        /// The bot.
        bot: String,
        /// The key given.
        key: String,
        /// The bot's parameters.
        known: Vec<String>,
    },
    /// More positional values than the bot has parameters.
    #[error("{bot}: {given} positional values, but {}", param_list(known))]
    TooManyValues {
        /// The bot.
        bot: String,
        /// Values given.
        given: usize,
        /// The bot's parameters.
        known: Vec<String>,
    },
    /// A parameter given twice.
    #[error("{bot}: parameter `{key}` is given twice")]
    Duplicate {
        /// The bot.
        bot: String,
        /// The key.
        key: String,
    },
    /// A value that does not parse or is out of range.
    #[error("{bot}({key}={value}): {message}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is wrong.
        message: String,
    },
    /// An external program where only an in-process bot is accepted.
    #[error("`{spec}` is an external program; here only in-process bots are accepted")]
    External {
        /// The spec.
        spec: String,
    },
    /// The bot's constructor refused its parameters (for example a profile file that does
    /// not exist).
    #[error("{bot}: {message}")]
    Invalid {
        /// The bot.
        bot: String,
        /// What is wrong.
        message: String,
    },
}

fn param_list(known: &[String]) -> String {
    if known.is_empty() {
        "it takes no parameters".to_owned()
    } else {
        format!("its parameters: {}", known.join(", "))
    }
}

fn shorten(s: &str) -> String {
    const SHOWN: usize = 80;
    if s.len() <= SHOWN {
        return s.to_owned();
    }
    let mut end = SHOWN;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

fn syntax(spec: &str, message: impl Into<String>) -> SpecError {
    SpecError::Syntax {
        spec: shorten(spec),
        message: message.into(),
    }
}

/// True for characters allowed in bot names and parameter keys.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '+')
}

/// An external program: `cmd:COMMAND` or `NAME=cmd:COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    /// The `NAME` results show, when given.
    pub name: Option<String>,
    /// The shell command.
    pub command: String,
}

/// One value of a spec's parameter list: `key=value` or a positional `value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The key, `None` for a positional value.
    pub key: Option<String>,
    /// The value (quotes removed).
    pub value: String,
}

/// An in-process bot spec: a name and its parameters as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The bot's name.
    pub name: String,
    /// The parameters in the order written.
    pub args: Vec<Arg>,
}

/// A parsed spec: a catalogue bot or an external program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// A bot of the game's catalogue.
    Bot(Spec),
    /// An external program.
    External(External),
}

impl BotSpec {
    /// Parses any spec.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        if text.len() > MAX_SPEC_LEN {
            return Err(syntax(text, format!("longer than {MAX_SPEC_LEN} bytes")));
        }
        match external(text) {
            Some(ext) => {
                if ext.command.trim().is_empty() {
                    return Err(syntax(text, "empty command after `cmd:`"));
                }
                Ok(BotSpec::External(ext))
            }
            None => Spec::parse(text).map(BotSpec::Bot),
        }
    }
}

/// Splits a comma-separated list of specs (a `--bots A,B,…` option) at the commas outside
/// parentheses and double quotes: `champion(a=1,b=2), cmd:x` → `["champion(a=1,b=2)",
/// "cmd:x"]`. Items are trimmed; empty items are left out.
pub fn split_list(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quoted, mut start) = (0usize, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            ',' if !quoted && depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// Splits `cmd:COMMAND` / `NAME=cmd:COMMAND` (with `NAME` made of letters, digits and
/// `-_.+`); anything else is `None`.
fn external(text: &str) -> Option<External> {
    let text = text.trim_start();
    if let Some(command) = text.strip_prefix("cmd:") {
        return Some(External {
            name: None,
            command: command.to_owned(),
        });
    }
    let (name, command) = text.split_once("=cmd:")?;
    let name = name.trim();
    (!name.is_empty() && name.chars().all(is_name_char)).then(|| External {
        name: Some(name.to_owned()),
        command: command.to_owned(),
    })
}

impl Spec {
    /// Parses `name`, `name(args)` or `name:value` (not an external program).
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        if text.len() > MAX_SPEC_LEN {
            return Err(syntax(text, format!("longer than {MAX_SPEC_LEN} bytes")));
        }
        if external(text).is_some() {
            return Err(SpecError::External {
                spec: shorten(text),
            });
        }
        let trimmed = text.trim();
        let name_end = trimmed
            .find(|c: char| !is_name_char(c))
            .unwrap_or(trimmed.len());
        let name = &trimmed[..name_end];
        if name.is_empty() {
            return Err(syntax(text, "expected a bot name"));
        }
        let rest = trimmed[name_end..].trim_start();
        let args = if rest.is_empty() {
            Vec::new()
        } else if let Some(value) = rest.strip_prefix(':') {
            if value.is_empty() {
                return Err(syntax(text, "empty value after `:`"));
            }
            vec![Arg {
                key: None,
                value: value.to_owned(),
            }]
        } else if let Some(inner) = rest.strip_prefix('(') {
            let Some(inner) = inner.strip_suffix(')') else {
                return Err(syntax(text, "expected `)` at the end"));
            };
            parse_args(text, inner)?
        } else {
            return Err(syntax(
                text,
                format!("unexpected `{}` after the name `{name}`", shorten(rest)),
            ));
        };
        Ok(Spec {
            name: name.to_owned(),
            args,
        })
    }
}

/// Splits `a=1, b="x,y", 3` into arguments; a value may be double-quoted to hold `,()=`.
fn parse_args(spec: &str, inner: &str) -> Result<Vec<Arg>, SpecError> {
    let mut items: Vec<String> = Vec::new();
    let mut quoted: Vec<bool> = Vec::new();
    let mut current = String::new();
    let mut in_quotes = false;
    let mut had_quotes = false;
    for c in inner.chars() {
        match c {
            '"' => {
                in_quotes = !in_quotes;
                had_quotes = true;
                current.push(c);
            }
            ',' if !in_quotes => {
                items.push(std::mem::take(&mut current));
                quoted.push(std::mem::take(&mut had_quotes));
            }
            '(' | ')' if !in_quotes => {
                return Err(syntax(spec, format!("unexpected `{c}` in the parameters")));
            }
            _ => current.push(c),
        }
    }
    if in_quotes {
        return Err(syntax(spec, "unclosed `\"`"));
    }
    items.push(current);
    quoted.push(had_quotes);
    if items.len() == 1 && items[0].trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut args = Vec::with_capacity(items.len());
    for item in &items {
        let item = item.trim();
        if item.is_empty() {
            return Err(syntax(spec, "empty parameter between commas"));
        }
        let (key, value) = match split_key(item) {
            Some((k, v)) => (Some(k.to_owned()), v),
            None => (None, item),
        };
        let value = unquote(spec, value.trim())?;
        if let Some(k) = &key
            && (k.is_empty() || !k.chars().all(is_name_char))
        {
            return Err(syntax(spec, format!("`{k}` is not a parameter name")));
        }
        args.push(Arg { key, value });
    }
    Ok(args)
}

/// `key=value` with the `=` outside quotes.
fn split_key(item: &str) -> Option<(&str, &str)> {
    let eq = item.find('=')?;
    let quote = item.find('"');
    if quote.is_some_and(|q| q < eq) {
        return None;
    }
    Some((item[..eq].trim(), &item[eq + 1..]))
}

fn unquote(spec: &str, value: &str) -> Result<String, SpecError> {
    if !value.contains('"') {
        return Ok(value.to_owned());
    }
    match value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .filter(|v| !v.contains('"'))
    {
        Some(v) => Ok(v.to_owned()),
        None => Err(syntax(
            spec,
            format!("`{value}`: quotes must enclose the whole value"),
        )),
    }
}

impl fmt::Display for Spec {
    /// The canonical form: `name` or `name(key=value,…)` (positional values as written).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, arg) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Some(k) = &arg.key {
                write!(f, "{k}=")?;
            }
            write_value(f, &arg.value)?;
        }
        f.write_str(")")
    }
}

fn write_value(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    if value.contains([',', '(', ')', '=']) || value.trim() != value {
        write!(f, "\"{value}\"")
    } else {
        f.write_str(value)
    }
}

/// One declared parameter of a catalogue entry.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The key.
    pub key: &'static str,
    /// The default as text (empty: no default, the constructor decides).
    pub default: &'static str,
    /// One line on what it does.
    pub about: &'static str,
}

/// The parameters of one spec, resolved against an entry's declared [`Param`]s.
#[derive(Clone, Debug)]
pub struct Args {
    bot: String,
    params: &'static [Param],
    given: Vec<Option<String>>,
}

impl Args {
    /// Resolves a spec's arguments against `params`: keys must be declared, positional
    /// values come first and fill the parameters in order, nothing is given twice.
    pub fn resolve(spec: &Spec, params: &'static [Param]) -> Result<Args, SpecError> {
        let bot = spec.name.clone();
        let known = || params.iter().map(|p| p.key.to_owned()).collect::<Vec<_>>();
        let mut given: Vec<Option<String>> = vec![None; params.len()];
        let mut position = 0;
        let mut seen_key = false;
        for arg in &spec.args {
            let index = if let Some(key) = &arg.key {
                seen_key = true;
                params
                    .iter()
                    .position(|p| p.key == key)
                    .ok_or_else(|| SpecError::UnknownParam {
                        bot: bot.clone(),
                        key: key.clone(),
                        known: known(),
                    })?
            } else {
                if seen_key {
                    return Err(syntax(
                        &spec.to_string(),
                        "positional values must come before key=value ones",
                    ));
                }
                position += 1;
                if position > params.len() {
                    return Err(SpecError::TooManyValues {
                        bot: bot.clone(),
                        given: spec.args.iter().filter(|a| a.key.is_none()).count(),
                        known: known(),
                    });
                }
                position - 1
            };
            if given[index].is_some() {
                return Err(SpecError::Duplicate {
                    bot: bot.clone(),
                    key: params[index].key.to_owned(),
                });
            }
            given[index] = Some(arg.value.clone());
        }
        Ok(Args { bot, params, given })
    }

    fn index(&self, key: &str) -> Result<usize, SpecError> {
        self.params
            .iter()
            .position(|p| p.key == key)
            .ok_or_else(|| SpecError::Invalid {
                bot: self.bot.clone(),
                message: format!("the constructor reads the undeclared parameter `{key}`"),
            })
    }

    /// The value given for `key`, if any (the key must be declared).
    pub fn given(&self, key: &str) -> Result<Option<&str>, SpecError> {
        Ok(self.given[self.index(key)?].as_deref())
    }

    /// The given `(key, value)` pairs in declaration order.
    pub fn given_pairs(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.params
            .iter()
            .zip(&self.given)
            .filter_map(|(p, v)| v.as_deref().map(|v| (p.key, v)))
    }

    /// The value of `key` (given, else the declared default) parsed as `T`.
    pub fn get<T: FromStr>(&self, key: &str) -> Result<T, SpecError>
    where
        T::Err: fmt::Display,
    {
        let i = self.index(key)?;
        let value = self.given[i].as_deref().unwrap_or(self.params[i].default);
        value.parse().map_err(|e: T::Err| SpecError::BadValue {
            bot: self.bot.clone(),
            key: key.to_owned(),
            value: value.to_owned(),
            message: e.to_string(),
        })
    }

    /// The given value of `key` parsed as `T`, `None` when not given.
    pub fn opt<T: FromStr>(&self, key: &str) -> Result<Option<T>, SpecError>
    where
        T::Err: fmt::Display,
    {
        match self.given(key)? {
            None => Ok(None),
            Some(_) => self.get(key).map(Some),
        }
    }

    /// [`Args::get`] checked against an inclusive range.
    pub fn get_in<T>(&self, key: &str, range: std::ops::RangeInclusive<T>) -> Result<T, SpecError>
    where
        T: FromStr + PartialOrd + fmt::Display,
        T::Err: fmt::Display,
    {
        let v: T = self.get(key)?;
        if range.contains(&v) {
            Ok(v)
        } else {
            Err(SpecError::BadValue {
                bot: self.bot.clone(),
                key: key.to_owned(),
                value: v.to_string(),
                message: format!("must be within {}..={}", range.start(), range.end()),
            })
        }
    }

    /// An error from the constructor about this bot.
    pub fn invalid(&self, message: impl Into<String>) -> SpecError {
        SpecError::Invalid {
            bot: self.bot.clone(),
            message: message.into(),
        }
    }

    /// The canonical spec: `name` or `name(key=value,…)` with the given values by key.
    pub fn canonical(&self) -> String {
        let spec = Spec {
            name: self.bot.clone(),
            args: self
                .given_pairs()
                .map(|(k, v)| Arg {
                    key: Some(k.to_owned()),
                    value: v.to_owned(),
                })
                .collect(),
        };
        spec.to_string()
    }
}

/// A constructor: resolved parameters and the game's context (a seed, say; `()` when the
/// game needs none) to a bot.
pub type Build<B, C> = fn(&Args, C) -> Result<Box<B>, SpecError>;

/// One bot of a catalogue.
pub struct Entry<B: ?Sized + 'static, C: Copy + 'static = ()> {
    /// The name specs use.
    pub name: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Its parameters, in positional order.
    pub params: &'static [Param],
    /// Its constructor.
    pub build: Build<B, C>,
}

impl<B: ?Sized, C: Copy> fmt::Debug for Entry<B, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

/// The bots of one game: what the CLI lists, the arena seats and the viewer offers.
pub struct Catalogue<B: ?Sized + 'static, C: Copy + 'static = ()> {
    /// The game's name, for messages.
    pub game: &'static str,
    /// The entries in listing order.
    pub entries: &'static [Entry<B, C>],
}

impl<B: ?Sized, C: Copy> fmt::Debug for Catalogue<B, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue")
            .field("game", &self.game)
            .field("entries", &self.entries)
            .finish()
    }
}

impl<B: ?Sized, C: Copy> Catalogue<B, C> {
    /// The names in listing order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&'static Entry<B, C>> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Parses an in-process spec and resolves it to its entry and parameters.
    pub fn resolve(&self, spec: &str) -> Result<(&'static Entry<B, C>, Args), SpecError> {
        let spec = Spec::parse(spec)?;
        let entry = self
            .entry(&spec.name)
            .ok_or_else(|| SpecError::UnknownBot {
                game: self.game.to_owned(),
                name: spec.name.clone(),
                known: self.names().iter().map(|n| (*n).to_owned()).collect(),
            })?;
        let args = Args::resolve(&spec, entry.params)?;
        Ok((entry, args))
    }

    /// Builds the bot a spec names.
    pub fn build(&self, spec: &str, ctx: C) -> Result<Box<B>, SpecError> {
        let (entry, args) = self.resolve(spec)?;
        (entry.build)(&args, ctx)
    }

    /// The listing `botforge <game> bots` prints: one block per bot with its description
    /// and parameters (`key` = default: what it does).
    pub fn describe(&self) -> String {
        let width = self.entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        for e in self.entries {
            let _ = writeln!(out, "{:width$}  {}", e.name, e.about);
            for p in e.params {
                let default = if p.default.is_empty() {
                    String::new()
                } else {
                    format!(" = {}", p.default)
                };
                let _ = writeln!(out, "{:width$}    {}{default}: {}", "", p.key, p.about);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    trait Speaks {
        fn word(&self) -> String;
    }
    struct Parrot(String);
    impl Speaks for Parrot {
        fn word(&self) -> String {
            self.0.clone()
        }
    }

    fn parrot(args: &Args, times: usize) -> Result<Box<dyn Speaks>, SpecError> {
        let word: String = args.get("word")?;
        let repeat: usize = args.get_in("repeat", 1..=3)?;
        Ok(Box::new(Parrot(word.repeat(repeat * times))))
    }

    const PARROT_PARAMS: &[Param] = &[
        Param {
            key: "word",
            default: "hi",
            about: "what it says",
        },
        Param {
            key: "repeat",
            default: "1",
            about: "how often",
        },
    ];

    static BIRDS: Catalogue<dyn Speaks, usize> = Catalogue {
        game: "test",
        entries: &[Entry {
            name: "parrot",
            about: "says a word",
            params: PARROT_PARAMS,
            build: parrot,
        }],
    };

    fn say(spec: &str) -> Result<String, SpecError> {
        BIRDS.build(spec, 1).map(|b| b.word())
    }

    #[test]
    fn names_keys_positions_and_colon_all_build() {
        assert_eq!(say("parrot").unwrap(), "hi");
        assert_eq!(say("parrot(word=yo,repeat=2)").unwrap(), "yoyo");
        assert_eq!(say(" parrot ( yo , repeat = 3 ) ").unwrap(), "yoyoyo");
        assert_eq!(say("parrot(yo,2)").unwrap(), "yoyo");
        assert_eq!(say("parrot:yo").unwrap(), "yo");
        assert_eq!(say("parrot()").unwrap(), "hi");
        assert_eq!(say(r#"parrot(word="a,(b)=c")"#).unwrap(), "a,(b)=c");
    }

    #[test]
    fn the_context_reaches_the_constructor() {
        assert_eq!(BIRDS.build("parrot(ab)", 3).unwrap().word(), "ababab");
    }

    #[test]
    fn errors_name_what_is_known() {
        let e = say("crow").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown test bot `crow`; known: parrot",
            "{e:?}"
        );
        let e = say("parrot(volume=3)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "parrot: unknown parameter `volume`; its parameters: word, repeat"
        );
        assert!(matches!(
            say("parrot(a,1,x)"),
            Err(SpecError::TooManyValues { given: 3, .. })
        ));
        assert!(matches!(
            say("parrot(yo,word=x)"),
            Err(SpecError::Duplicate { .. })
        ));
        let e = say("parrot(repeat=9)").unwrap_err();
        assert_eq!(e.to_string(), "parrot(repeat=9): must be within 1..=3");
        assert!(matches!(
            say("parrot(repeat=x)"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            say("parrot(repeat=1,yo)"),
            Err(SpecError::Syntax { .. })
        ));
    }

    #[test]
    fn malformed_specs_are_syntax_errors() {
        for bad in [
            "",
            "  ",
            "(x)",
            "parrot(",
            "parrot)x",
            "parrot(a,,b)",
            "parrot(a=(b))",
            "parrot(\"a)",
            "parrot(x=\"a\"b)",
            "parrot x",
            "parrot:",
            "parrot(=3)",
        ] {
            assert!(
                matches!(Spec::parse(bad), Err(SpecError::Syntax { .. })),
                "{bad:?} → {:?}",
                Spec::parse(bad)
            );
        }
        let long = format!("parrot({})", "a".repeat(MAX_SPEC_LEN));
        assert!(matches!(Spec::parse(&long), Err(SpecError::Syntax { .. })));
    }

    #[test]
    fn external_programs() {
        assert_eq!(
            BotSpec::parse("cmd:python3 bot.py").unwrap(),
            BotSpec::External(External {
                name: None,
                command: "python3 bot.py".into()
            })
        );
        assert_eq!(
            BotSpec::parse("mine=cmd:./run.sh --fast").unwrap(),
            BotSpec::External(External {
                name: Some("mine".into()),
                command: "./run.sh --fast".into()
            })
        );
        assert!(matches!(
            BotSpec::parse("cmd:  "),
            Err(SpecError::Syntax { .. })
        ));
        assert!(matches!(
            BIRDS.build("x=cmd:true", 1),
            Err(SpecError::External { .. })
        ));
        // `a b=cmd:…` is not a name: an (invalid) in-process spec.
        assert!(matches!(
            BotSpec::parse("a b=cmd:x"),
            Err(SpecError::Syntax { .. })
        ));
    }

    #[test]
    fn lists_split_at_top_level_commas() {
        assert_eq!(
            split_list(r#"parrot(yo,2), parrot(word="a,b") ,,cmd:x y"#),
            ["parrot(yo,2)", r#"parrot(word="a,b")"#, "cmd:x y"]
        );
        assert!(split_list(" , ").is_empty());
        assert_eq!(split_list("a)b,c"), ["a)b", "c"]);
    }

    #[test]
    fn canonical_form_uses_keys() {
        let (_, args) = BIRDS.resolve("parrot(yo, 2)").unwrap();
        assert_eq!(args.canonical(), "parrot(word=yo,repeat=2)");
        let (_, args) = BIRDS.resolve("parrot").unwrap();
        assert_eq!(args.canonical(), "parrot");
        let (_, args) = BIRDS.resolve(r#"parrot(word="x,y")"#).unwrap();
        assert_eq!(args.canonical(), r#"parrot(word="x,y")"#);
    }

    #[test]
    fn describe_lists_bots_and_parameters() {
        let text = BIRDS.describe();
        assert!(text.starts_with("parrot  says a word\n"), "{text}");
        assert!(text.contains("repeat = 1: how often"), "{text}");
    }

    proptest! {
        #[test]
        fn parsing_never_panics(s in "\\PC{0,40}") {
            let _ = BotSpec::parse(&s);
        }

        #[test]
        fn display_round_trips(
            name in "[a-z][a-z0-9_.+-]{0,8}",
            args in proptest::collection::vec(
                (proptest::option::of("[a-z]{1,5}"), "[ -~]{1,8}"
                    .prop_filter("no quotes", |v| !v.contains('"'))),
                0..4,
            ),
        ) {
            // Positional values first, as the syntax requires.
            let mut args: Vec<Arg> = args
                .into_iter()
                .map(|(key, value)| Arg { key, value: value.trim().to_owned() })
                .filter(|a| !a.value.is_empty())
                .collect();
            args.sort_by_key(|a| a.key.is_some());
            let spec = Spec { name, args };
            let text = spec.to_string();
            prop_assert_eq!(Spec::parse(&text).unwrap(), spec, "{}", text);
        }
    }
}

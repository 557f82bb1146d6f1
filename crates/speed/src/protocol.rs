//! The JSON wire format: state messages (server → client) and action messages
//! (client → server). Unknown fields are ignored; a missing or ill-typed field is a
//! [`ProtocolError`] naming the field path (e.g. `players.2.speed`).

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::state::{Action, Direction, GameState, Player, PlayerId};

/// A state or action message that does not follow the protocol.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProtocolError {
    /// The text is not JSON.
    #[error("invalid JSON: {0}")]
    Json(String),
    /// A required field is absent.
    #[error("missing field `{0}`")]
    Missing(String),
    /// A field has the wrong type or an impossible value.
    #[error("field `{field}`: expected {expected}")]
    Invalid {
        /// Path of the field, e.g. `players.3.direction`.
        field: String,
        /// What was expected there.
        expected: String,
    },
}

fn invalid(field: impl Into<String>, expected: impl Into<String>) -> ProtocolError {
    ProtocolError::Invalid {
        field: field.into(),
        expected: expected.into(),
    }
}

fn get<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value, ProtocolError> {
    obj.get(key)
        .ok_or_else(|| ProtocolError::Missing(join(path, key)))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn int(v: &Value, field: &str, lo: i64, hi: i64) -> Result<i64, ProtocolError> {
    match v.as_i64() {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(invalid(field, format!("an integer in {lo}..={hi}"))),
    }
}

fn boolean(v: &Value, field: &str) -> Result<bool, ProtocolError> {
    v.as_bool().ok_or_else(|| invalid(field, "a boolean"))
}

/// Largest board side accepted from the wire (the server uses 41 … 80).
pub const MAX_SIDE: i64 = 1000;

/// Parses a state message (a JSON object as the server sends it).
pub fn parse_state(text: &str) -> Result<GameState, ProtocolError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ProtocolError::Json(e.to_string()))?;
    state_from_value(&value, true)
}

/// Builds a state from a parsed JSON object. With `need_cells` false a missing `cells`
/// gives an all-free board (golden log lines carry cells only on some lines).
pub fn state_from_value(value: &Value, need_cells: bool) -> Result<GameState, ProtocolError> {
    let obj = value
        .as_object()
        .ok_or_else(|| invalid("(root)", "a JSON object"))?;
    let width = int(get(obj, "width", "")?, "width", 1, MAX_SIDE)? as i32;
    let height = int(get(obj, "height", "")?, "height", 1, MAX_SIDE)? as i32;
    let cells = match obj.get("cells") {
        Some(v) => parse_cells(v, width, height)?,
        None if !need_cells => vec![0; (width * height) as usize],
        None => return Err(ProtocolError::Missing("cells".into())),
    };
    let players_obj = get(obj, "players", "")?
        .as_object()
        .ok_or_else(|| invalid("players", "an object keyed by player id"))?;
    let mut players = Vec::with_capacity(players_obj.len());
    for (key, pv) in players_obj {
        let path = format!("players.{key}");
        let id = key
            .parse::<u8>()
            .ok()
            .filter(|&id| (1..=127).contains(&id))
            .ok_or_else(|| invalid(path.clone(), "a key that is a player id 1..=127"))?;
        players.push(parse_player(pv, id, &path)?);
    }
    players.sort_by_key(|p| p.id);
    let you = int(get(obj, "you", "")?, "you", 0, 127)? as PlayerId;
    let running = boolean(get(obj, "running", "")?, "running")?;
    let deadline = match obj.get("deadline") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(invalid("deadline", "an RFC 3339 string")),
    };
    Ok(GameState {
        width,
        height,
        cells,
        players,
        you,
        running,
        deadline,
        round: 1,
    })
}

fn parse_cells(v: &Value, width: i32, height: i32) -> Result<Vec<i8>, ProtocolError> {
    let rows = v
        .as_array()
        .ok_or_else(|| invalid("cells", "an array of rows"))?;
    if rows.len() != height as usize {
        return Err(invalid("cells", format!("{height} rows (height)")));
    }
    let mut cells = Vec::with_capacity((width * height) as usize);
    for (y, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| invalid(format!("cells.{y}"), "an array"))?;
        if row.len() != width as usize {
            return Err(invalid(
                format!("cells.{y}"),
                format!("{width} cells (width)"),
            ));
        }
        for (x, c) in row.iter().enumerate() {
            cells.push(int(c, &format!("cells.{y}.{x}"), -1, 127)? as i8);
        }
    }
    Ok(cells)
}

fn parse_player(v: &Value, id: PlayerId, path: &str) -> Result<Player, ProtocolError> {
    let obj = v
        .as_object()
        .ok_or_else(|| invalid(path, "a player object"))?;
    let coord = |key: &str| -> Result<i32, ProtocolError> {
        Ok(int(
            get(obj, key, path)?,
            &join(path, key),
            -MAX_SIDE,
            2 * MAX_SIDE,
        )? as i32)
    };
    let x = coord("x")?;
    let y = coord("y")?;
    let dir_path = join(path, "direction");
    let direction = get(obj, "direction", path)?
        .as_str()
        .and_then(Direction::from_name)
        .ok_or_else(|| invalid(dir_path, "one of \"up\", \"down\", \"left\", \"right\""))?;
    let speed = int(get(obj, "speed", path)?, &join(path, "speed"), 0, 11)? as i32;
    let active = boolean(get(obj, "active", path)?, &join(path, "active"))?;
    let name = match obj.get("name") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(invalid(join(path, "name"), "a string")),
    };
    Ok(Player {
        id,
        x,
        y,
        direction,
        speed,
        active,
        name,
    })
}

/// Serialises a state exactly as the server does (field order of §7.3, no spaces,
/// followed by a newline).
pub fn state_to_json(state: &GameState) -> String {
    let mut s = String::with_capacity(state.cells.len() * 2 + 512);
    let _ = write!(
        s,
        "{{\"width\":{},\"height\":{},\"cells\":[",
        state.width, state.height
    );
    for y in 0..state.height {
        if y > 0 {
            s.push(',');
        }
        s.push('[');
        for x in 0..state.width {
            if x > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}", state.cell(x, y));
        }
        s.push(']');
    }
    s.push_str("],");
    players_json(&mut s, state);
    let _ = write!(s, ",\"you\":{},\"running\":{}", state.you, state.running);
    if let Some(d) = &state.deadline {
        let _ = write!(s, ",\"deadline\":{}", Value::String(d.clone()));
    }
    s.push_str("}\n");
    s
}

/// Writes `"players":{…}` in server order.
pub(crate) fn players_json(s: &mut String, state: &GameState) {
    s.push_str("\"players\":{");
    for (i, p) in state.players.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(
            s,
            "\"{}\":{{\"x\":{},\"y\":{},\"direction\":\"{}\",\"speed\":{},\"active\":{}",
            p.id, p.x, p.y, p.direction, p.speed, p.active
        );
        if let Some(n) = &p.name {
            let _ = write!(s, ",\"name\":{}", Value::String(n.clone()));
        }
        s.push('}');
    }
    s.push('}');
}

/// The message a client sends: `{"action":"turn_left"}`.
pub fn action_to_json(action: Action) -> String {
    format!("{{\"action\":\"{}\"}}", action.name())
}

/// How the server classifies one client message (§5.2, §7.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedAnswer {
    /// A valid answer.
    Valid(Action),
    /// Decodable, but the action is empty, missing, null or unknown: eliminates at once.
    /// Holds the raw action text (empty when absent).
    Invalid(String),
    /// Not decodable into `{"action": string}`: the server stops reading the client.
    Undecodable,
}

/// Classifies a client message as the server does: the `action` key is matched
/// case-insensitively, extra keys are ignored, the value is case-sensitive.
pub fn parse_answer(text: &str) -> ParsedAnswer {
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return ParsedAnswer::Undecodable;
    };
    let Some(obj) = value.as_object() else {
        return if value.is_null() {
            ParsedAnswer::Invalid(String::new())
        } else {
            ParsedAnswer::Undecodable
        };
    };
    let field = obj
        .iter()
        .find(|(k, _)| k.as_str() == "action")
        .or_else(|| obj.iter().find(|(k, _)| k.eq_ignore_ascii_case("action")));
    match field {
        None | Some((_, Value::Null)) => ParsedAnswer::Invalid(String::new()),
        Some((_, Value::String(s))) => match Action::from_name(s) {
            Some(a) => ParsedAnswer::Valid(a),
            None => ParsedAnswer::Invalid(s.clone()),
        },
        Some(_) => ParsedAnswer::Undecodable,
    }
}

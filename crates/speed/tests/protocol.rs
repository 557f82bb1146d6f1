//! The JSON protocol: the team's example state, field-naming errors, answer
//! classification, round trips and a fuzz test of the state parser.

use proptest::prelude::*;
use speed::protocol::{
    ParsedAnswer, ProtocolError, action_to_json, parse_answer, parse_state, state_to_json,
};
use speed::state::{Action, Direction};

/// Listing 9.2 of the team document (10 × 8 board, three players, you = 2).
const EXAMPLE: &str = r#"{"width":10,"height":8,"cells":[
[0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0],[0,0,1,1,1,1,1,0,0,0],[0,0,1,0,2,0,0,0,0,0],
[0,0,1,1,2,0,0,3,0,0],[0,0,0,0,2,0,0,3,0,0],[0,0,0,0,0,0,3,3,0,0],[0,0,0,0,0,0,0,0,0,0]],
"players":{"1":{"x":6,"y":2,"direction":"right","speed":1,"active":true},
"2":{"x":4,"y":3,"direction":"up","speed":1,"active":true},
"3":{"x":6,"y":6,"direction":"left","speed":2,"active":true,"name":"Name 3"}},
"you":2,"running":true,"deadline":"2020-10-01T12:05:13Z","unknown_extra":[1,2]}"#;

#[test]
fn parses_the_team_example_and_ignores_unknown_fields() {
    let s = parse_state(EXAMPLE).unwrap();
    assert_eq!((s.width, s.height, s.you, s.running), (10, 8, 2, true));
    assert_eq!(s.deadline.as_deref(), Some("2020-10-01T12:05:13Z"));
    assert_eq!(s.cell(4, 3), 2);
    assert_eq!(s.cell(7, 4), 3);
    let p3 = s.player(3).unwrap();
    assert_eq!(
        (p3.x, p3.y, p3.direction, p3.speed, p3.name.as_deref()),
        (6, 6, Direction::Left, 2, Some("Name 3"))
    );
    assert_eq!(
        s.players.iter().map(|p| p.id).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
}

#[test]
fn serialising_and_parsing_round_trips() {
    let s = parse_state(EXAMPLE).unwrap();
    let text = state_to_json(&s);
    assert!(text.starts_with("{\"width\":10,\"height\":8,\"cells\":[[0,"));
    assert!(text.ends_with("\"deadline\":\"2020-10-01T12:05:13Z\"}\n"));
    assert_eq!(parse_state(&text).unwrap(), s);
}

#[test]
fn missing_and_ill_typed_fields_are_named() {
    let cases = [
        (
            EXAMPLE.replace("\"width\":10,", ""),
            ProtocolError::Missing("width".into()),
        ),
        (
            EXAMPLE.replace("\"speed\":2", "\"speed\":\"fast\""),
            ProtocolError::Invalid {
                field: "players.3.speed".into(),
                expected: "an integer in 0..=11".into(),
            },
        ),
        (
            EXAMPLE.replace("\"direction\":\"up\"", "\"direction\":\"north\""),
            ProtocolError::Invalid {
                field: "players.2.direction".into(),
                expected: "one of \"up\", \"down\", \"left\", \"right\"".into(),
            },
        ),
        (
            EXAMPLE.replace("\"running\":true", "\"running\":1"),
            ProtocolError::Invalid {
                field: "running".into(),
                expected: "a boolean".into(),
            },
        ),
        (
            EXAMPLE.replace("\"x\":4,", ""),
            ProtocolError::Missing("players.2.x".into()),
        ),
        (
            EXAMPLE.replace("[0,0,0,0,0,0,3,3,0,0]", "[0,0,0,0,0,0,3,3,0]"),
            ProtocolError::Invalid {
                field: "cells.6".into(),
                expected: "10 cells (width)".into(),
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(parse_state(&text).unwrap_err(), want);
    }
    assert!(matches!(
        parse_state("{\"width\":"),
        Err(ProtocolError::Json(_))
    ));
    assert!(
        parse_state("[]")
            .unwrap_err()
            .to_string()
            .contains("JSON object")
    );
}

#[test]
fn answers_are_classified_like_the_server() {
    assert_eq!(
        parse_answer("{\"action\":\"turn_left\"}"),
        ParsedAnswer::Valid(Action::TurnLeft)
    );
    assert_eq!(
        parse_answer("{\"ACTION\":\"speed_up\",\"x\":1}"),
        ParsedAnswer::Valid(Action::SpeedUp)
    );
    assert_eq!(
        parse_answer("{\"action\":\"Turn_Left\"}"),
        ParsedAnswer::Invalid("Turn_Left".into())
    );
    assert_eq!(
        parse_answer("{\"action\":\"\"}"),
        ParsedAnswer::Invalid(String::new())
    );
    assert_eq!(parse_answer("{}"), ParsedAnswer::Invalid(String::new()));
    assert_eq!(parse_answer("null"), ParsedAnswer::Invalid(String::new()));
    assert_eq!(parse_answer("not json"), ParsedAnswer::Undecodable);
    assert_eq!(parse_answer("[1]"), ParsedAnswer::Undecodable);
    assert_eq!(parse_answer("{\"action\":3}"), ParsedAnswer::Undecodable);
    for a in Action::ALL {
        assert_eq!(parse_answer(&action_to_json(a)), ParsedAnswer::Valid(a));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_state_parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let _ = parse_state(&text);
    }

    #[test]
    fn the_state_parser_never_panics_on_mutated_states(pos in 0usize..EXAMPLE.len(), len in 0usize..12, insert in "[-0-9a-z\"{}\\[\\],:.]{0,6}") {
        let mut text = EXAMPLE.as_bytes().to_vec();
        let end = (pos + len).min(text.len());
        text.splice(pos..end, insert.bytes());
        if let Ok(t) = String::from_utf8(text)
            && let Ok(s) = parse_state(&t)
        {
            prop_assert_eq!(s.cells.len(), (s.width * s.height) as usize);
        }
    }
}

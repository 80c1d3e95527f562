//! The tagged record format, and every game's own record as saved before it:
//! each legacy file is made by that game's own writer (or is a fixture of
//! an older version), read by `read_any_record` and replayed.

mod common;

use common::*;
use starhop_draughts::{DRAUGHTS_RECORD_VERSION, Ending, Side, Variant, from_fen};
use starhop_engine::crossing::{CrossingGame, CrossingRecord, CrossingRecordError};
use starhop_engine::food::{FoodGame, FoodRecord, FoodRecordError, FoodRules};
use starhop_engine::halma::{HalmaGame, HalmaRecord, HalmaRules};
use starhop_engine::{Game, Record, RecordError, Rng, Rules};
use starhop_games::{
    ANY_RECORD_VERSION, AnyGame, AnyRecord, AnyRecordError, BoxGame, DraughtsGame, GameKind,
    MAX_ANY_RECORD_BYTES, load_any_record, read_any_record, read_any_record_from,
};

const MAX: u64 = MAX_ANY_RECORD_BYTES;

fn played(mut g: AnyGame, plies: usize, seed: u64) -> AnyGame {
    playout(&mut g, plies, &mut Rng::new(seed));
    g
}

/// Reads `json` with `read_any_record`, checks its kind and that it replays
/// to `expected`'s position and moves.
fn reads_as(json: &str, kind: GameKind, expected: &AnyGame) -> AnyRecord {
    let record = read_any_record(json.as_bytes(), MAX).unwrap();
    assert_eq!(record.kind(), kind);
    let game = record.replay().unwrap();
    assert_eq!(game.kind(), kind);
    assert_eq!(game.position_checksum(), expected.position_checksum());
    assert_eq!(game.moves_played(), expected.moves_played());
    record
}

#[test]
fn a_classic_record_as_saved_today_is_read() {
    let g = played(classic(0, 5), 30, 5);
    let Some(inner) = g.as_classic() else {
        unreachable!()
    };
    let json = Record::of(inner, vec!["Ann".into(), "Bo".into()]).to_json();
    let r = reads_as(&json, GameKind::Classic, &g);
    assert_eq!(r.names(), ["Ann", "Bo"]);
    // With a byte order mark, as some editors save it.
    let bom = format!("\u{feff}{json}");
    reads_as(&bom, GameKind::Classic, &g);
}

#[test]
fn a_party_record_is_read_as_party() {
    let g = played(party(1, 8), 25, 8);
    let json = Record::of(g.as_classic().unwrap(), vec![]).to_json();
    reads_as(&json, GameKind::Party, &g);
}

#[test]
fn version_1_classic_records_are_read() {
    for text in [
        include_str!("../../engine/tests/fixtures/v1_coin_toss.json"),
        include_str!("../../engine/tests/fixtures/v1_rock_paper_scissors.json"),
    ] {
        let record = read_any_record(text.as_bytes(), MAX).unwrap();
        let AnyRecord::Classic(r) = &record else {
            panic!("{record:?}")
        };
        assert_eq!(r.version, 1);
        let game = record.replay().unwrap();
        // Time-outs and resignations are actions of the record, not moves.
        use starhop_engine::Action;
        let moves = r
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Move { .. } | Action::Pass { .. }))
            .count();
        assert_eq!(game.moves_played().len(), moves);
    }
}

#[test]
fn the_documented_race_example_is_read() {
    let text = include_str!("../../../docs/race-example.json");
    let (record, game) = load_any_record(text.as_bytes(), MAX).unwrap();
    assert_eq!(record.kind(), GameKind::Classic);
    // A set-up start (an endgame study) and no moves yet.
    let AnyRecord::Classic(r) = &record else {
        panic!()
    };
    assert!(r.start.is_some());
    assert!(game.moves_played().is_empty() && !game.legal_moves().is_empty());
}

#[test]
fn food_records_as_saved_today_are_read() {
    for i in 0..4 {
        let g = played(food(i), 12, i as u64);
        let inner = g.as_food().unwrap();
        let json = FoodRecord::of(inner, vec!["Ann".into()], vec![None]).to_json();
        let r = reads_as(&json, GameKind::Food, &g);
        assert_eq!(r.bots(), [None]);
    }
}

#[test]
fn crossing_records_as_saved_today_are_read() {
    for i in 0..4 {
        let g = played(crossing(i), 15, i as u64);
        let json = CrossingRecord::of(g.as_crossing().unwrap()).to_json();
        reads_as(&json, GameKind::Crossing, &g);
    }
}

#[test]
fn draughts_records_as_saved_today_are_read() {
    for i in 0..2 {
        let g = played(draughts(i), 40, i as u64);
        let record = g.as_draughts().unwrap().record();
        // The game saves pretty JSON; the record's tests compact JSON.
        for json in [
            serde_json::to_string_pretty(&record).unwrap(),
            serde_json::to_string(&record).unwrap(),
            record.to_json(),
        ] {
            reads_as(&json, GameKind::Draughts, &g);
        }
    }
    // A set-up start and a resignation at the end.
    let start = from_fen(Variant::Russian, "W:W21,22,K30:B5,6").unwrap();
    let mut g = DraughtsGame::from_position(start);
    let first = BoxGame::legal_moves(&g)[0].clone();
    BoxGame::play(&mut g, &first).unwrap();
    g.resign(Side::White).unwrap();
    let mut r = g.record();
    r.names = vec!["Ann".into(), "Bo".into()];
    let back = read_any_record(r.to_json().as_bytes(), MAX).unwrap();
    let AnyRecord::Draughts(d) = &back else {
        panic!()
    };
    assert_eq!(d.end, Some(Ending::Resigned(Side::White)));
    let game = back.replay().unwrap();
    assert_eq!(game.result().unwrap().reason, "resignation");
    assert_eq!(game.position_checksum(), BoxGame::position_checksum(&g));
}

#[test]
fn the_tagged_format_wraps_each_games_own_record() {
    let games = [
        played(classic(0, 1), 10, 1),
        played(party(0, 2), 10, 2),
        played(food(2), 10, 3),
        played(crossing(0), 10, 4),
        played(draughts(1), 10, 5),
    ];
    for g in games {
        let record = AnyRecord::of(&g, names(&g));
        let json = record.to_json();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["format"], "starhop-game-record");
        assert_eq!(value["game"], g.kind().tag());
        assert_eq!(value["version"], ANY_RECORD_VERSION);
        // The game's own record inside, as its own reader takes it.
        let inner = serde_json::to_string(&value["record"]).unwrap();
        let own = read_any_record(inner.as_bytes(), MAX).unwrap();
        assert_eq!(own, record);
        assert_eq!(AnyRecord::from_json(&json).unwrap(), record);
        assert_eq!(record.seats(), g.seats());
        assert_eq!(
            AnyGame::from_record(&record).unwrap().position_checksum(),
            g.position_checksum()
        );
    }
}

#[test]
fn bots_are_kept_where_the_record_has_seats() {
    let g = played(draughts(0), 4, 1);
    let r = AnyRecord::of(&g, names(&g)).with_bots(vec![None, Some("Hard".into())]);
    let back = AnyRecord::from_json(&r.to_json()).unwrap();
    assert_eq!(back.bots(), [None, Some("Hard".to_string())]);
    assert_eq!(back.names(), ["Ann", "Bo"]);
}

/// A tagged record's JSON with one field changed.
fn tagged_with(edit: impl Fn(&mut serde_json::Value)) -> String {
    let g = played(draughts(1), 6, 9);
    let mut value: serde_json::Value =
        serde_json::from_str(&AnyRecord::of(&g, vec![]).to_json()).unwrap();
    edit(&mut value);
    value.to_string()
}

fn error_of(text: &str) -> AnyRecordError {
    read_any_record(text.as_bytes(), MAX).unwrap_err()
}

#[test]
fn broken_files_say_what_is_wrong() {
    assert_eq!(error_of(""), AnyRecordError::Empty);
    assert_eq!(error_of("  \n"), AnyRecordError::Empty);
    assert!(matches!(error_of("hello"), AnyRecordError::NotJson(_)));
    assert!(matches!(
        error_of("{\"format\": \"starhop-"),
        AnyRecordError::Truncated(_)
    ));
    assert!(matches!(error_of("[1, 2]"), AnyRecordError::NotARecord(_)));
    assert!(matches!(
        error_of("{\"moves\": []}"),
        AnyRecordError::NotARecord(_)
    ));
    assert_eq!(
        error_of(r#"{"format": "a-spreadsheet"}"#),
        AnyRecordError::UnknownFormat("a-spreadsheet".into())
    );
    let big = vec![b' '; 100];
    assert_eq!(read_any_record(&big, 99), Err(AnyRecordError::TooLarge(99)));
    assert_eq!(
        read_any_record_from(&big[..], 10),
        Err(AnyRecordError::TooLarge(10))
    );
    for e in [error_of(""), error_of("hello"), error_of("{\"a\":")] {
        assert!(!e.to_string().is_empty());
    }
    assert!(
        error_of("{\"format\": \"starhop-")
            .to_string()
            .contains("cut short")
    );
}

#[test]
fn unknown_games_and_versions_are_named() {
    let unknown = error_of(&tagged_with(|v| v["game"] = "chess".into()));
    assert_eq!(unknown, AnyRecordError::UnknownGame("chess".into()));
    assert!(unknown.to_string().contains("chess"), "{unknown}");
    assert_eq!(
        error_of(&tagged_with(|v| {
            v.as_object_mut().unwrap().remove("game");
        })),
        AnyRecordError::NoGame
    );
    let future = error_of(&tagged_with(|v| v["version"] = 2.into()));
    assert_eq!(
        future,
        AnyRecordError::FutureVersion {
            found: 2,
            supported: 1
        }
    );
    assert!(future.to_string().contains("newer"), "{future}");
    // A future version is named before a game it may know and we do not.
    let both = tagged_with(|v| {
        v["version"] = 7.into();
        v["game"] = "halma".into();
    });
    assert!(matches!(
        error_of(&both),
        AnyRecordError::FutureVersion { found: 7, .. }
    ));
    for bad in [
        serde_json::json!(0),
        serde_json::json!("one"),
        serde_json::json!(-1),
    ] {
        let e = error_of(&tagged_with(|v| v["version"] = bad.clone()));
        assert!(matches!(e, AnyRecordError::BadVersion(_)), "{e}");
    }
    assert_eq!(
        error_of(&tagged_with(|v| {
            v.as_object_mut().unwrap().remove("record");
        })),
        AnyRecordError::NoRecord
    );
    // The tag and the record inside must agree.
    let e = error_of(&tagged_with(|v| v["game"] = "food".into()));
    assert!(
        matches!(e, AnyRecordError::Food(FoodRecordError::Format(_))),
        "{e}"
    );
    let classic = AnyRecord::of(&played(classic(0, 3), 4, 3), vec![]).to_json();
    let as_party = classic.replacen("\"game\": \"classic\"", "\"game\": \"party\"", 1);
    assert_eq!(
        error_of(&as_party),
        AnyRecordError::Mismatch {
            tag: GameKind::Party,
            found: GameKind::Classic
        }
    );
    // The game's own versions still apply inside.
    let inner_future = error_of(&tagged_with(|v| {
        v["record"]["version"] = (DRAUGHTS_RECORD_VERSION + 8).into()
    }));
    assert!(
        matches!(inner_future, AnyRecordError::Draughts(_)),
        "{inner_future}"
    );
    assert!(inner_future.to_string().contains("newer"), "{inner_future}");
}

#[test]
fn legacy_versions_from_the_future_are_refused() {
    let mut r = Record::of(&Game::new(Rules::classic(), 2, 1).unwrap(), vec![]);
    r.version = 3;
    assert_eq!(
        error_of(&r.to_json()),
        AnyRecordError::Classic(RecordError::Version(3))
    );
    let mut f = FoodRecord::of(&FoodGame::new(FoodRules::solo(37)).unwrap(), vec![], vec![]);
    f.version = 2;
    assert_eq!(
        error_of(&f.to_json()),
        AnyRecordError::Food(FoodRecordError::Version(2))
    );
    let mut c = CrossingRecord::of(&CrossingGame::new(3, false).unwrap());
    c.version = 5;
    assert_eq!(
        error_of(&c.to_json()),
        AnyRecordError::Crossing(CrossingRecordError::Version(5))
    );
}

/// Replays `json` and expects the error to name a move.
fn illegal_move_is_refused(json: String, what: &str) {
    let record = read_any_record(json.as_bytes(), MAX).unwrap();
    let err = record.replay().unwrap_err();
    let text = err.to_string();
    assert!(text.contains(what), "{what}: {text}");
    assert!(load_any_record(json.as_bytes(), MAX).is_err());
}

#[test]
fn an_illegal_move_in_any_record_is_an_error_naming_it() {
    // Each game's record with its second move made the same as its first
    // (the piece has gone from there), tagged and untagged.
    let g = played(classic(0, 4), 6, 4);
    let mut r = Record::of(g.as_classic().unwrap(), vec![]);
    r.actions[2] = r.actions[0].clone();
    illegal_move_is_refused(r.to_json(), "action 3");
    illegal_move_is_refused(AnyRecord::Classic(r).to_json(), "action 3");

    let g = played(food(0), 4, 4);
    let mut r = FoodRecord::of(g.as_food().unwrap(), vec![], vec![]);
    r.moves[1] = r.moves[0].clone();
    illegal_move_is_refused(r.to_json(), "move 2");
    illegal_move_is_refused(AnyRecord::Food(r).to_json(), "move 2");

    let g = played(crossing(0), 4, 4);
    let mut r = CrossingRecord::of(g.as_crossing().unwrap());
    r.moves[1] = r.moves[0].clone();
    illegal_move_is_refused(r.to_json(), "move 2");
    illegal_move_is_refused(AnyRecord::Crossing(r).to_json(), "move 2");

    let g = played(draughts(0), 4, 4);
    let mut r = g.as_draughts().unwrap().record();
    r.moves[2] = r.moves[0].clone();
    illegal_move_is_refused(r.to_json(), "move 3");
    r.moves[2] = "99-100".into();
    illegal_move_is_refused(AnyRecord::Draughts(r).to_json(), "move 3");

    let g = played(
        AnyGame::from(HalmaGame::new(HalmaRules::for_players(2)).unwrap()),
        4,
        4,
    );
    let mut r = HalmaRecord::of(g.as_halma().unwrap(), vec![]);
    r.actions[1] = r.actions[0].clone();
    illegal_move_is_refused(AnyRecord::Halma(r).to_json(), "action 2");
}

/// A record of every game goes through serde as the tagged format (compact
/// with `to_string`, as `to_json` writes it pretty) and comes back equal;
/// a bad one is a serde error that says why.
#[test]
fn records_go_through_serde_as_the_tagged_format() {
    let games = [
        played(classic(0, 5), 20, 1),
        played(draughts(0), 30, 2),
        played(draughts(1), 30, 3),
        played(
            AnyGame::from(FoodGame::new(FoodRules::table(37, 3)).unwrap()),
            10,
            4,
        ),
        played(
            AnyGame::from(HalmaGame::new(HalmaRules::for_players(2)).unwrap()),
            30,
            5,
        ),
        played(
            AnyGame::from(HalmaGame::new(HalmaRules::for_players(4)).unwrap()),
            30,
            6,
        ),
    ];
    for g in games {
        let record = AnyRecord::of(&g, Vec::new());
        let compact = serde_json::to_string(&record).unwrap();
        assert!(!compact.contains('\n'));
        assert!(
            compact.starts_with(r#"{"format":"starhop-game-record","game":""#),
            "{compact}"
        );
        let value: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
        assert_eq!(
            value,
            serde_json::from_str::<serde_json::Value>(&compact).unwrap()
        );
        let back: AnyRecord = serde_json::from_str(&compact).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.replay().unwrap().moves_played(), g.moves_played());
    }
    let err = serde_json::from_str::<AnyRecord>(
        r#"{"format":"starhop-game-record","game":"chess","version":1,"record":{}}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("chess"), "{err}");
}

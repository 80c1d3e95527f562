//! Game records: round trips, clear errors for bad or tampered files, and a
//! fuzz-style test that throws arbitrary bytes and mutated records at the loader.

use proptest::prelude::*;
use serde_json::Value;
use starhop_engine::record::RECORD_VERSION;
use starhop_engine::*;

fn sample_game(players: usize, plies: usize, seed: u64) -> Game {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(600_000),
        first_move: FirstMoveMethod::CoinToss,
        ..Rules::classic()
    };
    let mut g = Game::new(rules, players, seed).unwrap();
    let mut rng = starhop_engine::Rng::new(seed);
    for i in 0..plies {
        if g.is_over() {
            break;
        }
        g.tick(rng.below(3_000) as u32);
        if i % 7 == 6 {
            g.tick(10_000); // a time-out now and then
            continue;
        }
        let moves = g.legal_moves();
        g.play(moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    g
}

fn sample_json() -> String {
    Record::of(
        &sample_game(3, 30, 11),
        vec!["Ann".into(), "Bo".into(), "Cy".into()],
    )
    .to_json()
}

#[test]
fn a_record_with_clock_events_replays_exactly() {
    let g = sample_game(2, 50, 3);
    assert!(g.actions().any(|a| matches!(a, Action::Timeout { .. })));
    let rec = Record::of(&g, vec![]);
    assert_eq!(rec.version, RECORD_VERSION);
    let back = Record::from_json(&rec.to_json()).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.replay().unwrap().state(), g.state());
}

#[test]
fn a_set_up_start_position_is_saved_with_the_record() {
    let b = Board::get(3).unwrap();
    let mut pos = Position::empty(b, 2).unwrap();
    for (s, camp) in [(0, 0), (1, 3)] {
        for h in b.camps[camp].iter().take(5) {
            pos.place(s, h).unwrap();
        }
        pos.place(s, b.centre.iter().nth(10 + 5 * s as usize).unwrap())
            .unwrap();
    }
    pos.walls.insert(b.centre.iter().nth(30).unwrap());
    let mut g = Game::from_position(Rules::classic(), pos, 1).unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    let rec = Record::of(&g, vec![]);
    assert!(rec.start.is_some());
    assert_eq!(
        Record::from_json(&rec.to_json())
            .unwrap()
            .replay()
            .unwrap()
            .state(),
        g.state()
    );
}

#[test]
fn a_tampered_move_is_reported_by_number() {
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    // Find the fifth action that is a move and send it somewhere impossible.
    let actions = v["actions"].as_array_mut().unwrap();
    let (index, action) = actions
        .iter_mut()
        .enumerate()
        .filter(|(_, a)| a["kind"] == "move")
        .nth(4)
        .unwrap();
    let from = action["from"].as_u64().unwrap();
    action["to"] = Value::from(from);
    let err = Record::from_json(&v.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    match &err {
        RecordError::Action { number, what, .. } => {
            assert_eq!(*number, index + 1);
            assert!(what.starts_with(&format!("move {from} → {from}")), "{what}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with(&format!("action {} (move", index + 1)),
        "{err}"
    );
}

#[test]
fn foreign_broken_and_future_files_get_clear_errors() {
    assert!(matches!(
        Record::from_json("not json"),
        Err(RecordError::Json(_))
    ));
    assert!(matches!(
        Record::from_json("{}"),
        Err(RecordError::Format(_))
    ));
    assert!(matches!(
        Record::from_json(r#"{"format": "starhop-record", "version": 99}"#),
        Err(RecordError::Version(99))
    ));
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    v["players"] = Value::from(5);
    assert!(matches!(
        Record::from_json(&v.to_string()).unwrap().replay(),
        Err(RecordError::Setup(RuleError::PlayerCount(5)))
    ));
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    v["seed"] = Value::from(12345u64);
    assert_eq!(
        Record::from_json(&v.to_string())
            .unwrap()
            .replay()
            .unwrap_err(),
        RecordError::Draw,
        "a draw that does not follow from the seed was edited"
    );
}

#[test]
fn a_record_claiming_too_much_time_is_refused() {
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    let first_move = v["actions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["kind"] == "move")
        .unwrap();
    first_move["ms"] = Value::from(60_000);
    let err = Record::from_json(&v.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Action {
                error: RuleError::Clock(_),
                ..
            }
        ),
        "{err}"
    );
}

/// Replaces the `pick`-th number (modulo how many there are) inside `v` with `value`.
fn mutate(v: &mut Value, pick: usize, value: i64) {
    fn count(v: &Value) -> usize {
        match v {
            Value::Number(_) => 1,
            Value::Array(a) => a.iter().map(count).sum(),
            Value::Object(o) => o.values().map(count).sum(),
            _ => 0,
        }
    }
    /// Walks to the `k`-th number; returns how many numbers it passed when it did not reach it.
    fn set(v: &mut Value, k: usize, value: i64) -> Result<(), usize> {
        match v {
            Value::Number(_) if k == 0 => {
                *v = Value::from(value);
                Ok(())
            }
            Value::Number(_) => Err(1),
            Value::Array(a) => walk(a.iter_mut(), k, value),
            Value::Object(o) => walk(o.values_mut(), k, value),
            _ => Err(0),
        }
    }
    fn walk<'a>(
        items: impl Iterator<Item = &'a mut Value>,
        mut k: usize,
        value: i64,
    ) -> Result<(), usize> {
        let mut passed = 0;
        for x in items {
            match set(x, k, value) {
                Ok(()) => return Ok(()),
                Err(n) => {
                    passed += n;
                    k -= n;
                }
            }
        }
        Err(passed)
    }
    let n = count(v);
    if n > 0 {
        set(v, pick % n, value).expect("the pick is in range");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_the_loader(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = record::load_game(&text);
    }

    #[test]
    fn mutated_records_fail_cleanly_at_the_first_bad_action(pick in any::<usize>(), value in -300i64..70_000, whole in any::<bool>()) {
        let json = sample_json();
        let mut v: Value = serde_json::from_str(&json).unwrap();
        let actions = v["actions"].as_array().unwrap().len();
        if whole {
            mutate(&mut v, pick, value);
        } else {
            mutate(&mut v["actions"], pick, value);
        }
        match record::load_game(&v.to_string()) {
            Ok((rec, game)) => prop_assert_eq!(game.actions().count(), rec.actions.len()),
            Err(RecordError::Action { number, .. }) => prop_assert!(number >= 1 && number <= actions),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn truncated_records_never_panic(cut in 0usize..4000) {
        let json = sample_json();
        let cut = cut.min(json.len());
        let _ = record::load_game(&json[..json.floor_char_boundary(cut)]);
    }
}

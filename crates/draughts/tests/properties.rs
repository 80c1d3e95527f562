//! Property tests over random games in both variants: pieces only ever
//! decrease by the number captured, undo restores exactly, redo replays the
//! same moves, records replay exactly; and records' error handling.

mod common;

use common::next;
use proptest::prelude::*;
use starhop_draughts::{
    DRAUGHTS_RECORD_FORMAT, Game, MAX_DRAUGHTS_RECORD_BYTES, Position, RecordError, Side, Variant,
    parse_record, read_record, to_fen,
};

fn total(p: &Position) -> u32 {
    let (a, b) = p.count(Side::White);
    let (c, d) = p.count(Side::Black);
    a + b + c + d
}

/// A random game of up to `plies` plies; returns the game and each state.
fn random_game(v: Variant, seed: u64, plies: usize) -> (Game, Vec<(Position, String)>) {
    let mut g = Game::new(v);
    let mut rng = seed;
    let mut states = vec![(*g.position(), format!("{:?}", g.clocks()))];
    while !g.is_over() && g.ply_count() < plies {
        let ms = g.legal_moves();
        let m = ms[(next(&mut rng) % ms.len() as u64) as usize];
        let before = *g.position();
        g.play(&m).unwrap();
        let after = *g.position();
        // Pieces only ever decrease, by exactly the number captured; the
        // mover's own count never changes.
        assert_eq!(total(&after) + m.capture_count(), total(&before));
        let mover = before.side_to_move();
        let (mm, mk) = before.count(mover);
        let (am, ak) = after.count(mover);
        assert_eq!(mm + mk, am + ak);
        states.push((after, format!("{:?}", g.clocks())));
    }
    (g, states)
}

fn variant(i: u8) -> Variant {
    Variant::ALL[(i % 2) as usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pieces_only_decrease_by_the_captured_count(seed: u64, v: u8) {
        random_game(variant(v), seed, 400);
    }

    #[test]
    fn undo_restores_exactly_and_redo_replays(seed: u64, v: u8) {
        let (mut g, states) = random_game(variant(v), seed, 300);
        let outcome = g.outcome();
        let moves: Vec<_> = g.moves().copied().collect();
        for i in (0..moves.len()).rev() {
            prop_assert!(g.undo());
            prop_assert_eq!(g.position(), &states[i].0);
            prop_assert_eq!(&format!("{:?}", g.clocks()), &states[i].1);
            prop_assert_eq!(g.outcome(), None);
        }
        prop_assert!(!g.undo());
        for (i, m) in moves.iter().enumerate() {
            prop_assert!(g.redo());
            prop_assert_eq!(g.moves().last(), Some(m));
            prop_assert_eq!(g.position(), &states[i + 1].0);
        }
        prop_assert!(!g.redo());
        prop_assert_eq!(g.outcome(), outcome);
    }

    #[test]
    fn records_replay_exactly(seed: u64, v: u8) {
        let (g, _) = random_game(variant(v), seed, 300);
        let json = serde_json::to_string(&g.record()).unwrap();
        let (rec, back) = parse_record(json.as_bytes()).unwrap();
        prop_assert_eq!(rec, g.record());
        prop_assert_eq!(back.position(), g.position());
        prop_assert_eq!(back.outcome(), g.outcome());
        prop_assert_eq!(back.notation(), g.notation());
        prop_assert!(back.moves().eq(g.moves()));
    }

    #[test]
    fn corrupt_records_are_errors_not_panics(seed: u64, v: u8, cut: usize, byte: u8) {
        let (g, _) = random_game(variant(v), seed, 60);
        let json = serde_json::to_string(&g.record()).unwrap().into_bytes();
        let mut bad = json.clone();
        let i = cut % bad.len();
        bad[i] = byte;
        let _ = parse_record(&bad);
        let _ = parse_record(&json[..i]);
    }
}

#[test]
fn records_from_a_set_up_position_keep_it() {
    let start = starhop_draughts::from_fen(Variant::International, "W:WK46,33:B18,K5").unwrap();
    let mut g = Game::from_position(start);
    g.play_text("33-28").unwrap();
    let rec = g.record();
    assert_eq!(rec.start.as_deref(), Some(to_fen(&start).as_str()));
    let (_, back) = parse_record(serde_json::to_string(&rec).unwrap().as_bytes()).unwrap();
    assert_eq!(back.start_position(), &start);
    assert_eq!(back.position(), g.position());
}

#[test]
fn record_errors_say_what_is_wrong() {
    let mut g = Game::new(Variant::Russian);
    g.play_text("c3-d4").unwrap();
    g.play_text("f6-e5").unwrap();
    let good = g.record();
    let json = |r: &starhop_draughts::DraughtsRecord| serde_json::to_vec(r).unwrap();

    assert!(matches!(
        parse_record(b"not json"),
        Err(RecordError::Json(_))
    ));
    let mut r = good.clone();
    r.format = "starhop-record".into();
    assert_eq!(
        parse_record(&json(&r)).unwrap_err(),
        RecordError::Format("starhop-record".into())
    );
    let mut r = good.clone();
    r.version = 9;
    assert_eq!(
        parse_record(&json(&r)).unwrap_err(),
        RecordError::Version(9)
    );
    let mut r = good.clone();
    r.version = 0;
    assert_eq!(parse_record(&json(&r)).unwrap_err(), RecordError::NoVersion);
    let mut r = good.clone();
    r.moves[1] = "f6-g5x".into();
    assert!(matches!(
        parse_record(&json(&r)).unwrap_err(),
        RecordError::Move { number: 2, .. }
    ));
    let mut r = good.clone();
    r.moves.push("d4-e5".into());
    let e = parse_record(&json(&r)).unwrap_err();
    assert!(matches!(e, RecordError::Move { number: 3, .. }));
    assert!(
        e.to_string().starts_with("move 3 (d4-e5) is not legal"),
        "{e}"
    );
    let mut r = good.clone();
    r.start = Some("W:W99".into());
    assert!(matches!(
        parse_record(&json(&r)).unwrap_err(),
        RecordError::Start(_)
    ));
    let mut r = good.clone();
    r.names = vec!["x".repeat(41)];
    assert!(matches!(
        parse_record(&json(&r)).unwrap_err(),
        RecordError::Names(_)
    ));
    let v: serde_json::Value = serde_json::json!({"format": DRAUGHTS_RECORD_FORMAT, "version": 1, "variant": "chess", "moves": []});
    assert!(matches!(
        parse_record(v.to_string().as_bytes()),
        Err(RecordError::Json(_))
    ));
    let big = vec![b' '; MAX_DRAUGHTS_RECORD_BYTES as usize + 1];
    assert_eq!(read_record(&big[..]).unwrap_err(), RecordError::TooLarge);
}

#[test]
fn a_new_move_clears_redo_and_the_same_move_keeps_it() {
    let mut g = Game::new(Variant::International);
    for m in ["32-28", "19-23", "28x19", "14x23"] {
        g.play_text(m).unwrap();
    }
    g.undo();
    g.undo();
    g.play_text("28x19").unwrap();
    assert!(g.can_redo());
    g.undo();
    g.play_text("33-29").unwrap_err();
    // 28x19 is compulsory: only it can be played here.
    g.play_text("28x19").unwrap();
    g.play_text("13x24").unwrap();
    assert!(!g.can_redo());
}

//! Property tests of the one game shape: every game of the box driven only
//! through `AnyGame` (the `BoxGame` trait), with random legal playouts.

mod common;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use starhop_engine::Rng;
use starhop_games::{AnyGame, AnyRecord, AnyRecordError, BoxGame, GameKind, read_any_record};
use std::collections::HashSet;

/// One ply checked from every side: legal moves and who moves agree with
/// the end of the game; every legal move's route finds that move again;
/// play, undo and redo each change the revision; undo restores the checksum
/// and the legal moves; redo brings the checksum back; the same move again
/// is refused. Returns false when the game is over.
fn checked_ply(
    g: &mut AnyGame,
    rng: &mut Rng,
    revisions: &mut HashSet<u64>,
) -> Result<bool, TestCaseError> {
    let legal = g.legal_moves();
    prop_assert_eq!(legal.is_empty(), g.is_over(), "moves exist while playing");
    prop_assert_eq!(g.to_move().is_none(), g.is_over());
    prop_assert_eq!(g.result().is_some(), g.is_over());
    if let Some(seat) = g.to_move() {
        prop_assert!((seat as usize) < g.seats());
    }
    for m in &legal {
        let route = g.route(m);
        prop_assert_eq!(
            g.move_for_route(&route),
            Some(m.clone()),
            "route {:?}",
            route
        );
    }
    let Some(m) = legal
        .get(rng.below(legal.len().max(1) as u64) as usize)
        .cloned()
    else {
        return Ok(false);
    };
    let (sum, rev) = (g.position_checksum(), g.revision());
    let played = g.moves_played();
    g.play(&m).unwrap();
    let after = g.position_checksum();
    prop_assert!(revisions.insert(g.revision()), "a new revision after play");
    prop_assert_ne!(g.revision(), rev);
    prop_assert!(g.can_undo());
    prop_assert_eq!(g.moves_played().len(), played.len() + 1);
    prop_assert_eq!(g.moves_played().last().cloned(), Some(m.clone()));
    g.undo().unwrap();
    prop_assert!(revisions.insert(g.revision()), "a new revision after undo");
    prop_assert_eq!(g.position_checksum(), sum, "undo restores the checksum");
    prop_assert_eq!(&g.legal_moves(), &legal, "undo restores the legal moves");
    prop_assert_eq!(&g.moves_played(), &played);
    prop_assert!(g.can_redo());
    g.redo().unwrap();
    prop_assert!(revisions.insert(g.revision()), "a new revision after redo");
    prop_assert_eq!(
        g.position_checksum(),
        after,
        "redo brings the checksum back"
    );
    prop_assert!(!g.can_redo());
    let route = g.route(&m);
    if route.len() >= 2 && route.first() != route.last() {
        // The piece has left its start: the same move again is refused,
        // and the refusal changes nothing.
        let rev = g.revision();
        prop_assert!(g.play(&m).is_err(), "{:?} played twice", m);
        prop_assert_eq!(g.revision(), rev);
        prop_assert_eq!(g.position_checksum(), after);
    }
    Ok(true)
}

/// A random playout, every ply checked, then the tagged record's round trip.
fn check_game(mut g: AnyGame, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let kind = g.kind();
    let mut rng = Rng::new(seed);
    let mut revisions = HashSet::from([g.revision()]);
    for _ in 0..plies {
        if !checked_ply(&mut g, &mut rng, &mut revisions)? {
            break;
        }
    }
    prop_assert_eq!(g.kind(), kind);
    check_record(&g)
}

fn check_record(g: &AnyGame) -> Result<(), TestCaseError> {
    let record = AnyRecord::of(g, names(g));
    let json = record.to_json();
    let back = read_any_record(json.as_bytes(), 1 << 20).unwrap();
    prop_assert_eq!(&back, &record);
    prop_assert_eq!(back.kind(), g.kind());
    let replayed = AnyGame::from_record(&back).unwrap();
    prop_assert_eq!(replayed.position_checksum(), g.position_checksum());
    prop_assert_eq!(replayed.moves_played(), g.moves_played());
    prop_assert_eq!(replayed.to_move(), g.to_move());
    prop_assert_eq!(replayed.result(), g.result());
    prop_assert_eq!(replayed.legal_moves(), g.legal_moves());
    Ok(())
}

/// Plays `first`, then `replies` (one move of each other seat), then
/// `second`, and the same with `first` and `second` swapped; when both
/// orders are legal, their checksums must agree. Returns whether they were.
fn transposed(
    g: &AnyGame,
    first: &[u16],
    replies: &[Vec<u16>],
    second: &[u16],
) -> Result<bool, TestCaseError> {
    let order = |a: &[u16], b: &[u16]| -> Option<AnyGame> {
        let mut x = g.clone();
        x.play_route(a).ok()?;
        for r in replies {
            x.play_route(r).ok()?;
        }
        x.play_route(b).ok()?;
        Some(x)
    };
    let (Some(x), Some(y)) = (order(first, second), order(second, first)) else {
        return Ok(false);
    };
    if same_pieces(&x, &y) {
        prop_assert_eq!(x.position_checksum(), y.position_checksum());
        prop_assert_eq!(x.to_move(), y.to_move());
    } else {
        prop_assert_ne!(x.position_checksum(), y.position_checksum());
    }
    Ok(true)
}

/// Whether two games stand on the same pieces. A draughts capture's route
/// names only its squares, so the same routes in two orders may take
/// different pieces (a king flying over whichever man stands on its line):
/// those positions differ, and so must their checksums. Steps and jumps of
/// the star games and food checkers move or take the same marbles in any order.
fn same_pieces(x: &AnyGame, y: &AnyGame) -> bool {
    match (x.as_draughts(), y.as_draughts()) {
        (Some(a), Some(b)) => a.position() == b.position(),
        _ => true,
    }
}

/// Equal positions from different move orders hash equal: over pairs of
/// the position's moves, wherever both orders are legal. Returns how many
/// pairs could be played both ways.
fn check_transpositions(g: &AnyGame) -> Result<usize, TestCaseError> {
    let moves: Vec<Vec<u16>> = g.legal_moves().iter().map(|m| g.route(m)).collect();
    let mut found = 0;
    for (i, a) in moves.iter().enumerate().take(8) {
        // The other seats answer the first move with their first moves.
        let mut x = g.clone();
        x.play_route(a).unwrap();
        let mut replies = Vec::new();
        while x.to_move().is_some() && x.to_move() != g.to_move() && replies.len() < 6 {
            let m = x.legal_moves()[0].clone();
            replies.push(x.route(&m));
            x.play(&m).unwrap();
        }
        for b in moves.iter().skip(i + 1).take(8) {
            if transposed(g, a, &replies, b)? {
                found += 1;
            }
        }
    }
    Ok(found)
}

#[test]
fn every_game_has_transpositions_to_compare() {
    type Make = fn(u64) -> AnyGame;
    let families: [(&str, Make); 6] = [
        ("classic", |s| classic(0, s)),
        ("party", |s| party(1, s)),
        ("food", |_| food(0)),
        ("crossing", |_| crossing(1)),
        ("draughts", |_| draughts(1)),
        ("halma", |s| halma(s as usize)),
    ];
    for (name, make) in families {
        let mut found = 0;
        for seed in 0..6 {
            let mut g = make(seed);
            playout(&mut g, seed as usize, &mut Rng::new(seed));
            if !g.is_over() {
                found += check_transpositions(&g).unwrap();
            }
        }
        assert!(found > 0, "{name}: no move order could be swapped");
    }
}

/// Found by `transpositions_hash_equal`: in Russian draughts a king's
/// capture 31x13 takes the man on 17 after 21-17, and the man on 22 after
/// 25-22, so the same routes in two orders end in different positions.
#[test]
fn a_kings_capture_in_two_orders_takes_different_men() {
    let seed = 1712746437871065516;
    let mut rng = Rng::new(seed);
    for mut g in [classic(2, seed), crossing(1)] {
        playout(&mut g, 10, &mut rng);
    }
    let mut g = draughts(1);
    playout(&mut g, 10, &mut rng);
    let order = |a: &[u16], b: &[u16]| {
        let mut x = g.clone();
        for route in [a, &[31, 13], b] {
            x.play_route(route).unwrap();
        }
        x
    };
    let (x, y) = (order(&[21, 17], &[25, 22]), order(&[25, 22], &[21, 17]));
    assert!(!same_pieces(&x, &y));
    assert_ne!(x.position_checksum(), y.position_checksum());
    check_transpositions(&g).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn classic_through_the_shape(i in 0..4usize, seed in any::<u64>(), plies in 1..70usize) {
        check_game(classic(i, seed), seed, plies)?;
    }

    #[test]
    fn party_through_the_shape(i in 0..3usize, seed in any::<u64>(), plies in 1..70usize) {
        let g = party(i, seed);
        prop_assert_eq!(g.kind(), GameKind::Party);
        check_game(g, seed, plies)?;
    }

    #[test]
    fn food_through_the_shape(i in 0..4usize, seed in any::<u64>(), plies in 1..70usize) {
        check_game(food(i), seed, plies)?;
    }

    #[test]
    fn crossing_through_the_shape(i in 0..4usize, seed in any::<u64>(), plies in 1..70usize) {
        check_game(crossing(i), seed, plies)?;
    }

    #[test]
    fn draughts_through_the_shape(i in 0..2usize, seed in any::<u64>(), plies in 1..120usize) {
        check_game(draughts(i), seed, plies)?;
    }

    #[test]
    fn halma_through_the_shape(i in 0..4usize, seed in any::<u64>(), plies in 1..120usize) {
        let g = halma(i);
        prop_assert_eq!(g.kind(), GameKind::Halma);
        check_game(g, seed, plies)?;
    }

    #[test]
    fn transpositions_hash_equal(i in 0..2usize, seed in any::<u64>(), plies in 0..12usize) {
        let mut rng = Rng::new(seed);
        for mut g in [classic(i * 2, seed), crossing(i), draughts(i), food(i * 2 + 1), halma(i)] {
            playout(&mut g, plies, &mut rng);
            if !g.is_over() {
                check_transpositions(&g)?;
            }
        }
    }

    /// Any strict prefix of a tagged record is a cut-short file, and says so.
    #[test]
    fn a_cut_record_is_truncated(i in 0..6usize, seed in any::<u64>(), cut in 0.0..1.0f64) {
        let mut g = [classic(0, seed), party(1, seed), food(2), crossing(0), draughts(1), halma(1)][i].clone();
        playout(&mut g, 10, &mut Rng::new(seed));
        let json = AnyRecord::of(&g, names(&g)).to_json();
        let at = 1 + ((json.len() - 1) as f64 * cut) as usize;
        let err = read_any_record(&json.as_bytes()[..at.min(json.len() - 1)], 1 << 20).unwrap_err();
        prop_assert!(matches!(err, AnyRecordError::Truncated(_)), "{}", err);
    }

    /// Arbitrary bytes are refused, never a panic.
    #[test]
    fn garbage_is_refused(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(read_any_record(&bytes, 1 << 20).is_err());
    }

    /// Random routes find no move or a legal one, and a found move plays.
    #[test]
    fn random_routes_find_legal_moves_or_none(
        i in 0..6usize,
        seed in any::<u64>(),
        route in proptest::collection::vec(0..130u16, 0..5),
    ) {
        let mut g = [classic(1, seed), party(0, seed), food(0), crossing(2), draughts(0), halma(0)][i].clone();
        playout(&mut g, 6, &mut Rng::new(seed));
        if let Some(m) = g.move_for_route(&route) {
            prop_assert_eq!(g.route(&m), route);
            g.play(&m).unwrap();
        } else {
            prop_assert!(g.play_route(&route).is_err());
        }
    }
}

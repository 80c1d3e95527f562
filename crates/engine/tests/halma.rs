//! Halma's move generator (RULES.md §12) against a deliberately simple
//! reference: a board as a 16×16 array, steps by coordinates, chains by
//! depth-first search over paths. Both must give the same (from, to) pairs
//! everywhere, and the same perft counts.

use proptest::prelude::*;
use starhop_engine::halma::board::{Squares, column, row, square};
use starhop_engine::halma::perft::perft;
use starhop_engine::halma::{HalmaMove, HalmaPosition};
use std::collections::BTreeSet;

type Grid = [[Option<usize>; 16]; 16];

fn grid(pos: &HalmaPosition) -> Grid {
    let mut g = [[None; 16]; 16];
    for seat in 0..pos.players as usize {
        for s in pos.pieces[seat].iter() {
            g[row(s) as usize][column(s) as usize] = Some(seat);
        }
    }
    g
}

fn on(r: i32, c: i32) -> bool {
    (0..16).contains(&r) && (0..16).contains(&c)
}

/// Every landing of chains from `path`'s last square (the piece's start
/// already empty in `g`), never landing on a square of `path`.
fn chains(g: &Grid, path: &mut Vec<(i32, i32)>, out: &mut BTreeSet<(i32, i32)>) {
    let (r, c) = *path.last().unwrap();
    for dr in -1..=1 {
        for dc in -1..=1 {
            if dr == 0 && dc == 0 {
                continue;
            }
            let (or, oc, lr, lc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
            if !on(lr, lc) || g[or as usize][oc as usize].is_none() {
                continue;
            }
            if g[lr as usize][lc as usize].is_some() || path.contains(&(lr, lc)) {
                continue;
            }
            out.insert((lr, lc));
            path.push((lr, lc));
            chains(g, path, out);
            path.pop();
        }
    }
}

/// The reference: every (from, to) of `seat`, `barred` squares excepted.
fn reference(pos: &HalmaPosition, seat: usize, barred: Squares) -> BTreeSet<(u8, u8)> {
    let mut g = grid(pos);
    let mut out = BTreeSet::new();
    for r in 0..16i32 {
        for c in 0..16i32 {
            if g[r as usize][c as usize] != Some(seat) {
                continue;
            }
            let from = square(r as u8, c as u8);
            let mut ends = BTreeSet::new();
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (tr, tc) = (r + dr, c + dc);
                    if (dr, dc) != (0, 0) && on(tr, tc) && g[tr as usize][tc as usize].is_none() {
                        ends.insert((tr, tc));
                    }
                }
            }
            g[r as usize][c as usize] = None;
            chains(&g, &mut vec![(r, c)], &mut ends);
            g[r as usize][c as usize] = Some(seat);
            for (tr, tc) in ends {
                let to = square(tr as u8, tc as u8);
                if !barred.contains(to) {
                    out.insert((from, to));
                }
            }
        }
    }
    out
}

fn pairs(moves: &[HalmaMove]) -> BTreeSet<(u8, u8)> {
    moves.iter().map(|m| (m.from, m.to)).collect()
}

fn reference_perft(pos: &HalmaPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = pos.to_move as usize;
    let moves = reference(pos, seat, Squares::EMPTY);
    if moves.is_empty() {
        let mut next = *pos;
        next.pass();
        return reference_perft(&next, depth - 1);
    }
    moves
        .iter()
        .map(|&(from, to)| {
            let mut next = *pos;
            let mv = HalmaMove {
                from,
                to,
                route: vec![from, to],
            };
            next.apply(seat, &mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_from_the_starts_equals_the_reference_generators() {
    for players in [2, 4] {
        let start = HalmaPosition::start(players).unwrap();
        for depth in 1..=3 {
            assert_eq!(
                perft(&start, depth, false),
                reference_perft(&start, depth),
                "{players} players, depth {depth}"
            );
        }
    }
}

/// Checks every move's route: it starts at `from`, ends at `to`, is one
/// step or hops over pieces, and never lands twice or back on its start.
fn check_routes(pos: &HalmaPosition, moves: &[HalmaMove]) {
    let occupied = pos.occupied();
    for m in moves {
        assert_eq!(m.route.first(), Some(&m.from));
        assert_eq!(m.route.last(), Some(&m.to));
        let landed: BTreeSet<u8> = m.route.iter().copied().collect();
        assert_eq!(landed.len(), m.route.len(), "no square twice: {m:?}");
        for w in m.route.windows(2) {
            let (dr, dc) = (
                row(w[1]) as i32 - row(w[0]) as i32,
                column(w[1]) as i32 - column(w[0]) as i32,
            );
            if m.route.len() == 2 && dr.abs() <= 1 && dc.abs() <= 1 {
                continue;
            }
            assert!(
                (dr.abs() == 2 || dr == 0) && (dc.abs() == 2 || dc == 0),
                "a hop is two squares in a line: {m:?}"
            );
            let over = square(
                (row(w[0]) as i32 + dr / 2) as u8,
                (column(w[0]) as i32 + dc / 2) as u8,
            );
            assert!(
                occupied.contains(over) && over != m.from,
                "a hop goes over a piece: {m:?}"
            );
            assert!(
                !occupied.contains(w[1]),
                "a hop lands on an empty square: {m:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Along random games, both generators agree at every position, with
    /// and without "no stopping in other players' yards"; pieces are
    /// conserved and nothing is captured.
    #[test]
    fn the_generator_equals_the_reference_along_random_games(
        four in any::<bool>(),
        picks in proptest::collection::vec(any::<u32>(), 1..120),
    ) {
        let players = if four { 4 } else { 2 };
        let mut pos = HalmaPosition::start(players).unwrap();
        let per_seat = pos.pieces[0].count();
        for pick in picks {
            let seat = pos.to_move as usize;
            for barred in [false, true] {
                let moves = pos.moves(seat, barred);
                let bar = if barred { pos.yards().foreign(seat) } else { Squares::EMPTY };
                prop_assert_eq!(pairs(&moves), reference(&pos, seat, bar));
                check_routes(&pos, &moves);
            }
            let moves = pos.moves(seat, false);
            if moves.is_empty() {
                pos.pass();
                continue;
            }
            pos.apply(seat, &moves[pick as usize % moves.len()]);
            for s in 0..players {
                prop_assert_eq!(pos.pieces[s].count(), per_seat);
            }
            prop_assert_eq!(pos.occupied().count(), per_seat * players as u32);
        }
    }
}

/// §12: a piece steps to any of its 8 neighbours, jumps over a piece of any
/// colour, and chains its jumps; the chain may stop after any hop.
#[test]
fn section_12_steps_and_chains_go_in_eight_directions_over_any_colour() {
    let mut pos = HalmaPosition::start(2).unwrap();
    pos.pieces = [Squares::EMPTY; 4];
    let put = |s: &mut Squares, r, c| s.insert(square(r, c));
    put(&mut pos.pieces[0], 8, 8);
    // A piece of the other seat to the east, one of ours to the south-west.
    put(&mut pos.pieces[1], 8, 9);
    put(&mut pos.pieces[0], 9, 7);
    // Another beyond the first landing: (8,10) then over (8,11) to (8,12).
    put(&mut pos.pieces[1], 8, 11);
    let moves = pos.moves(0, false);
    let from_centre: BTreeSet<u8> = moves
        .iter()
        .filter(|m| m.from == square(8, 8))
        .map(|m| m.to)
        .collect();
    // 6 free neighbours, the jump east, its chained jump, the jump south-west.
    assert!(from_centre.contains(&square(7, 7)) && from_centre.contains(&square(9, 9)));
    assert!(
        from_centre.contains(&square(8, 10)),
        "over a piece of another colour"
    );
    assert!(from_centre.contains(&square(8, 12)), "a chain of two hops");
    assert!(
        from_centre.contains(&square(10, 6)),
        "over a piece of one's own"
    );
    assert_eq!(from_centre.len(), 6 + 3);
    let chain = moves.iter().find(|m| m.to == square(8, 12)).unwrap();
    assert_eq!(
        chain.route,
        vec![square(8, 8), square(8, 10), square(8, 12)]
    );
}

/// §12 with §3: a chain never lands back on its start (the piece has left
/// it, so it is empty), and never lands twice on one square.
#[test]
fn section_12_a_chain_never_returns_to_its_start() {
    let mut pos = HalmaPosition::start(2).unwrap();
    pos.pieces = [Squares::EMPTY; 4];
    // A ring of pieces around (8,8) at distance 1 in four directions: a
    // chain (8,8) -> (8,10) -> (10,10)... could come back to (8,8).
    pos.pieces[0].insert(square(8, 8));
    for (r, c) in [(8, 9), (9, 10), (9, 9), (8, 11)] {
        pos.pieces[1].insert(square(r, c));
    }
    let moves = pos.moves(0, false);
    assert!(moves.iter().all(|m| m.to != square(8, 8)));
    check_routes(&pos, &moves);
}

#[test]
fn no_stopping_in_other_players_yards_bars_their_homes_but_not_the_target() {
    let mut pos = HalmaPosition::start(4).unwrap();
    pos.pieces = [Squares::EMPTY; 4];
    // Seat 0 next to seat 1's yard (top right; (2, 13) is in it).
    pos.pieces[0].insert(square(3, 12));
    let free = pairs(&pos.moves(0, false));
    let barred = pairs(&pos.moves(0, true));
    assert!(
        free.contains(&(square(3, 12), square(2, 13))),
        "into seat 1's home"
    );
    assert!(!barred.contains(&(square(3, 12), square(2, 13))));
    assert!(
        barred.contains(&(square(3, 12), square(3, 11))),
        "outside every yard"
    );
    // At the edge of its own target (bottom right; (12, 14) is in it).
    pos.pieces[0] = Squares::EMPTY;
    pos.pieces[0].insert(square(11, 13));
    assert!(pos.yards().target(0).contains(square(12, 14)));
    let barred = pairs(&pos.moves(0, true));
    assert!(
        barred.contains(&(square(11, 13), square(12, 14))),
        "into its own target"
    );
}

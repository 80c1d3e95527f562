//! The "independent perft" pattern: the bitboard generator against a slow,
//! array-based reference generator (tests/common) over many random positions
//! (men and flying kings, long chains) and random games, move by move and by
//! perft.

mod common;

use common::*;
use starhop_draughts::perft::perft;
use starhop_draughts::{Game, Position, Variant, to_fen};

#[test]
fn reference_agrees_on_random_positions() {
    for v in Variant::ALL {
        let mut captures = 0;
        let mut long = 0;
        for seed in 0..4000u64 {
            let fill = 20 + seed % 60;
            let kings = [0, 10, 30, 60][(seed % 4) as usize];
            let p = random_position(v, seed, fill, kings);
            let fast = fast_moves(&p);
            assert_eq!(fast, ref_moves(&p), "{v} {}", to_fen(&p));
            captures += usize::from(fast.first().is_some_and(|m| !m.taken.is_empty()));
            long += usize::from(fast.iter().any(|m| m.taken.len() >= 3));
        }
        // The sample really exercises captures and long chains.
        assert!(captures > 1000 && long > 100, "{v}: {captures} {long}");
    }
}

#[test]
fn reference_perft_agrees_on_random_positions_with_kings() {
    for v in Variant::ALL {
        for seed in 0..60u64 {
            let p = random_position(v, 10_000 + seed, 35, 25);
            let b = common::RefBoard::from(&p);
            assert_eq!(perft(&p, 3), b.perft(3), "{v} {}", to_fen(&p));
        }
    }
}

#[test]
fn reference_agrees_along_random_games() {
    for v in Variant::ALL {
        for seed in 0..150u64 {
            let mut game = Game::new(v);
            let mut rng = seed;
            while !game.is_over() && game.ply_count() < 300 {
                let p = *game.position();
                assert_eq!(fast_moves(&p), ref_moves(&p), "{v} {}", to_fen(&p));
                let ms = game.legal_moves();
                let m = ms[(next(&mut rng) % ms.len() as u64) as usize];
                game.play(&m).unwrap();
            }
        }
    }
}

#[test]
fn reference_perft_agrees_from_the_start() {
    for (v, d) in [(Variant::International, 4), (Variant::Russian, 5)] {
        let p = Position::start(v);
        assert_eq!(perft(&p, d), common::RefBoard::from(&p).perft(d), "{v}");
    }
}

#[test]
fn reference_perft_agrees_on_constructed_positions_with_kings_and_long_captures() {
    let cases = [
        // Flying kings among many men: long chains with turns.
        (
            Variant::International,
            "W:WK46,K50,31,36,41:B7,8,9,13,18,19,20,27,28,29,37,38",
            4,
        ),
        (
            Variant::International,
            "B:WK5,K26,33,34,39,43:BK1,12,13,17,22,23,24",
            4,
        ),
        // A man that goes round a diamond and comes home.
        (Variant::International, "W:W32,45:B28,18,17,27,6", 4),
        // Russian: crowned during a capture and going on as a king (seed 000).
        (Variant::Russian, "W:Wh2,a1:Bg3,g5,g7,d6,c3,a7", 5),
        (Variant::Russian, "W:WKa1,Kh2,c3,e3:BKh8,b6,d6,f6,c7,e7", 4),
    ];
    for (v, fen, depth) in cases {
        let p = starhop_draughts::from_fen(v, fen).unwrap();
        let fast: Vec<u64> = (1..=depth).map(|d| perft(&p, d)).collect();
        let slow: Vec<u64> = (1..=depth)
            .map(|d| common::RefBoard::from(&p).perft(d))
            .collect();
        assert_eq!(fast, slow, "{v} {fen}");
        // Each position meets a capture of two or more pieces within two plies.
        let long = p.legal_moves().iter().any(|m| {
            let mut q = p;
            q.play(m);
            m.capture_count() >= 2 || q.legal_moves().iter().any(|r| r.capture_count() >= 2)
        });
        assert!(long, "{fen}");
    }
}

#[test]
fn every_move_text_reads_back_as_the_same_move() {
    use starhop_draughts::{DraughtsError, move_text, parse_move, route_text};
    let mut twins = 0;
    for v in Variant::ALL {
        for seed in 0..3000u64 {
            let p = random_position(v, 50_000 + seed, 30 + seed % 50, 40);
            let moves = p.legal_moves();
            for m in &moves {
                assert_eq!(parse_move(&p, &move_text(&p, m)), Ok(*m), "{}", to_fen(&p));
                assert_eq!(parse_move(&p, &route_text(&p, m)), Ok(*m), "{}", to_fen(&p));
                let short = format!("{}x{}", m.from(), m.to());
                let same_ends = moves
                    .iter()
                    .filter(|o| o.from() == m.from() && o.to() == m.to())
                    .count();
                if m.is_capture() && same_ends > 1 {
                    twins += 1;
                    assert_eq!(move_text(&p, m), route_text(&p, m));
                    // The short form is ambiguous, unless exactly one of the
                    // twins is that single jump.
                    match parse_move(&p, &short) {
                        Err(DraughtsError::Ambiguous { .. }) => {}
                        Ok(x) => assert!(p.routes(&x).contains(&vec![x.to()])),
                        other => panic!("{other:?} in {}", to_fen(&p)),
                    }
                }
            }
        }
    }
    // The sample holds captures that only a full route tells apart.
    assert!(twins > 0);
}

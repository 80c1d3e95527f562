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

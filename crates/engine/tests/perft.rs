//! Perft counts: the engine's generator against the reference generator, and
//! the published anchor (14 moves from the two-player start on the standard board).

mod common;
use common::*;
use starhop_engine::perft::perft;
use starhop_engine::*;

fn reference_perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return u64::from(depth == 0);
    }
    let moves = reference_moves(game);
    if moves.is_empty() {
        game.pass().unwrap();
        let n = reference_perft(game, depth - 1);
        game.undo().unwrap();
        return n;
    }
    let mut total = 0;
    for mv in moves {
        game.play(mv).unwrap();
        total += reference_perft(game, depth - 1);
        game.undo().unwrap();
    }
    total
}

#[test]
fn perft_two_player_standard_board_starts_with_14_then_196() {
    let mut g = Game::new(plain(4, 0), 2, 0).unwrap();
    assert_eq!(perft(&mut g, 1), 14);
    // The armies are far apart: the second player's 14 replies do not depend on the first move.
    assert_eq!(perft(&mut g, 2), 196);
}

#[test]
fn perft_agrees_with_the_reference_generator() {
    for (size, players, long) in [
        (3, 2, false),
        (4, 2, true),
        (3, 3, false),
        (4, 6, false),
        (5, 2, false),
    ] {
        let rules = Rules {
            long_jumps: long,
            ..plain(size, 0)
        };
        let mut g = Game::new(rules, players, 0).unwrap();
        let depth = 3;
        assert_eq!(
            perft(&mut g, depth),
            reference_perft(&mut g, depth),
            "size {size}, {players} players, long jumps {long}"
        );
    }
}

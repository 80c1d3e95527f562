//! `starhop-ai`: bots for Starhop, built on `starhop-engine` (no Bevy).
//!
//! For now this holds the one-ply greedy bot, the baseline the stronger bots
//! are measured against; the search bots come with the bots milestone.

use starhop_engine::{Game, Move, Rng};

/// How much a move lowers the mover's remaining distance (RULES §4's measure).
pub fn progress(game: &Game, mv: Move) -> i32 {
    let seat = game.to_move();
    let mut after = game.position().clone();
    after.shift(seat, mv.from, mv.to);
    game.position().remaining_distance(seat) as i32 - after.remaining_distance(seat) as i32
}

/// The one-ply greedy bot: the legal move that gains the most distance, ties
/// broken at random with the given RNG. `None` when the player must pass.
pub fn greedy_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let moves = game.legal_moves();
    let scored: Vec<(i32, Move)> = moves.iter().map(|&m| (progress(game, m), m)).collect();
    let best = scored.iter().map(|s| s.0).max()?;
    let top: Vec<Move> = scored.iter().filter(|s| s.0 == best).map(|s| s.1).collect();
    Some(top[rng.below(top.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::{FirstMoveMethod, Rules};

    #[test]
    fn greedy_opens_with_a_two_hole_jump() {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let game = Game::new(rules, 2, 0).unwrap();
        let mv = greedy_move(&game, &mut Rng::new(1)).unwrap();
        assert_eq!(
            progress(&game, mv),
            2,
            "a jump over the front row gains two steps"
        );
        assert!(game.legal_moves().iter().all(|&m| progress(&game, m) <= 2));
    }

    #[test]
    fn greedy_bots_finish_a_two_player_game_on_the_small_board() {
        let rules = Rules {
            board_size: 3,
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let mut game = Game::new(rules, 2, 0).unwrap();
        let mut rng = Rng::new(3);
        while !game.is_over() && game.actions().count() < 400 {
            match greedy_move(&game, &mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => game.pass().unwrap(),
            };
        }
        assert!(game.is_over(), "greedy play reaches an end");
    }
}

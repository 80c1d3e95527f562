//! Property tests over random games on every board size and player count:
//! marbles are conserved, no hole holds two, the generator agrees with the
//! reference generator in both directions, undo restores the exact state, and
//! a saved record replays to the same state.

mod common;
use common::*;
use proptest::prelude::*;
use starhop_engine::*;
use std::collections::HashSet;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(vec![3u8, 4, 5]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(0u8..4),
    )
        .prop_map(|(size, long, foreign, locked, pass, skips, reps)| Rules {
            board_size: size,
            long_jumps: long,
            no_stopping_in_foreign_camps: foreign,
            locked_in_target: locked,
            pass_allowed: pass,
            first_in_skips: skips,
            repetition_limit: reps,
            ..Rules::classic()
        })
}

fn players_strategy() -> impl Strategy<Value = usize> {
    prop::sample::select(vec![2usize, 3, 4, 6])
}

/// Plays `plies` pseudo-random actions (mostly moves, sometimes a pass or an
/// undo) chosen by `seed`, checking the invariants after each.
fn random_game(rules: Rules, players: usize, seed: u64, plies: usize) -> Game {
    let mut game = Game::new(rules, players, seed).unwrap();
    let mut rng = starhop_engine::Rng::new(seed ^ 0x5eed);
    let camp = game.position().board().camp_size() as u32;
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        // The generator and the reference agree exactly.
        let moves = game.legal_moves();
        let set: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(set.len(), moves.len(), "no move is generated twice");
        assert_eq!(set, reference_moves(&game), "\n{:?}", game.position());
        for m in &moves {
            assert!(game.destinations(m.from).contains(m.to) && game.is_legal(*m));
        }
        let before = game.state().clone();
        if moves.is_empty() || (game.can_pass() && rng.below(20) == 0) {
            game.pass().unwrap();
        } else {
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let events = game.play(mv).unwrap();
            let Some(Event::Moved { route, .. }) = events.first() else {
                panic!("a move reports its route first: {events:?}")
            };
            assert_eq!((route[0], *route.last().unwrap()), (mv.from, mv.to));
            assert!(before.pos.is_valid_route(route, game.rules().long_jumps));
        }
        // Marbles are conserved and never share a hole.
        let pos = game.position();
        let mut union = Bitboard::EMPTY;
        for s in 0..players as Seat {
            assert_eq!(pos.marbles(s).count(), camp);
            assert_eq!(union & pos.marbles(s), Bitboard::EMPTY);
            union |= pos.marbles(s);
        }
        assert_eq!(union & (pos.walls | pos.virtuals), Bitboard::EMPTY);
        // Undo restores the exact state; redo brings the action back.
        let after = game.state().clone();
        game.undo().unwrap();
        assert_eq!(game.state(), &before);
        game.redo().unwrap();
        assert_eq!(game.state(), &after);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules_strategy(), players in players_strategy(), seed in any::<u64>()) {
        random_game(rules, players, seed, 60);
    }

    #[test]
    fn records_replay_to_the_same_state(rules in rules_strategy(), players in players_strategy(), seed in any::<u64>()) {
        let game = random_game(rules, players, seed, 40);
        let json = Record::of(&game, vec![]).to_json();
        let replayed = Record::from_json(&json).unwrap().replay().unwrap();
        prop_assert_eq!(replayed.state(), game.state());
        prop_assert_eq!(replayed.actions().count(), game.actions().count());
    }

    #[test]
    fn undo_all_returns_to_the_start(players in players_strategy(), seed in any::<u64>()) {
        let mut game = random_game(Rules::classic(), players, seed, 30);
        let start = Game::new(Rules::classic(), players, seed).unwrap();
        while game.can_undo() {
            game.undo().unwrap();
        }
        prop_assert_eq!(game.state(), start.state());
    }
}

/// Whole games to the end on the small board: every game ends, with a place for everyone.
#[test]
fn long_random_games_end_with_a_full_ranking() {
    for (players, seed) in [(2usize, 1u64), (3, 2), (4, 3), (6, 4)] {
        let rules = Rules {
            board_size: 3,
            ..Rules::classic()
        };
        let mut game = Game::new(rules, players, seed).unwrap();
        let mut rng = starhop_engine::Rng::new(seed);
        for _ in 0..5_000 {
            if game.is_over() {
                break;
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                game.pass().unwrap();
                continue;
            }
            // Prefer moves that gain ground so random games actually finish.
            let seat = game.to_move();
            let gain = |m: &Move| {
                let mut p = game.position().clone();
                p.shift(seat, m.from, m.to);
                game.position().remaining_distance(seat) as i32 - p.remaining_distance(seat) as i32
            };
            let gains: Vec<i32> = moves.iter().map(gain).collect();
            let best = *gains.iter().max().unwrap();
            let good: Vec<Move> = (0..moves.len())
                .filter(|&i| gains[i] >= best.min(1))
                .map(|i| moves[i])
                .collect();
            let mv = good[rng.below(good.len() as u64) as usize];
            game.play(mv).unwrap();
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{players} players: the game ends\n{:?}", game.position()));
        assert_eq!(outcome.places.len(), players);
        assert!(
            outcome
                .places
                .iter()
                .all(|&p| p >= 1 && p as usize <= players)
        );
        assert!(outcome.places.contains(&1));
    }
}

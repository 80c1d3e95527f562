//! Games of every kind, built once and then driven only through the shape.

#![allow(dead_code)]

use starhop_draughts::Variant;
use starhop_engine::crossing::CrossingGame;
use starhop_engine::food::{FoodGame, FoodRules};
use starhop_engine::halma::{HalmaGame, HalmaRules};
use starhop_engine::{Game, Preset, Rng, Rules};
use starhop_games::{AnyGame, AnyMove, BoxGame, DraughtsGame};

/// The set-ups the tests play, by family.
pub fn classic(i: usize, seed: u64) -> AnyGame {
    let (rules, players) = match i % 4 {
        0 => (Rules::classic(), 2),
        1 => (
            Rules {
                long_jumps: true,
                ..Rules::classic().with_size(3)
            },
            3,
        ),
        2 => (Rules::classic(), 6),
        _ => (
            Rules {
                pass_allowed: true,
                ..Rules::classic().with_size(3)
            },
            4,
        ),
    };
    Game::new(rules, players, seed).unwrap().into()
}

pub fn party(i: usize, seed: u64) -> AnyGame {
    let players = [2, 3, 4][i % 3];
    Game::new(Preset::Party.rules(), players, seed)
        .unwrap()
        .into()
}

pub fn food(i: usize) -> AnyGame {
    let rules = match i % 4 {
        0 => FoodRules::solo(37),
        1 => FoodRules::solo(61),
        2 => FoodRules::table(37, 2),
        _ => FoodRules::table(61, 3),
    };
    FoodGame::new(rules).unwrap().into()
}

pub fn crossing(i: usize) -> AnyGame {
    let (size, long) = [(3, false), (4, false), (3, true), (5, true)][i % 4];
    CrossingGame::new(size, long).unwrap().into()
}

pub fn draughts(i: usize) -> AnyGame {
    let v = [Variant::International, Variant::Russian][i % 2];
    DraughtsGame::new(v).into()
}

pub fn halma(i: usize) -> AnyGame {
    let rules = HalmaRules {
        no_foreign_stop: i % 3 == 2,
        ..HalmaRules::for_players([2, 4][i % 2])
    };
    HalmaGame::new(rules).unwrap().into()
}

/// A random legal move, or `None` when the game is over.
pub fn random_move(g: &AnyGame, rng: &mut Rng) -> Option<AnyMove> {
    let moves = g.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.below(moves.len() as u64) as usize].clone())
}

/// Plays up to `plies` random legal moves through the shape.
pub fn playout(g: &mut AnyGame, plies: usize, rng: &mut Rng) {
    for _ in 0..plies {
        let Some(m) = random_move(g, rng) else { return };
        g.play(&m).unwrap();
    }
}

/// Names for a record of this game (at most one per seat).
pub fn names(g: &AnyGame) -> Vec<String> {
    ["Ann", "Bo"]
        .into_iter()
        .take(g.seats())
        .map(String::from)
        .collect()
}

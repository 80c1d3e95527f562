//! The matching bot of every game, asked through `AnyGame`.

mod common;

use common::*;
use starhop_ai::Level;
use starhop_ai::food::puzzles;
use starhop_engine::food::FoodGame;
use starhop_games::{AnyGame, AnyMove, BoxBot, BoxGame, ClassicMove, Think};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

fn quick(level: Level, seed: u64) -> Think {
    Think::new(level)
        .within(Duration::from_millis(100))
        .seeded(seed)
}

/// Bot moves, each legal (an item use is played and the bot asked again).
fn bots_play(g: &mut AnyGame, plies: usize, level: Level) {
    for i in 0..plies {
        let Some(m) = g.bot_move(&quick(level, i as u64)) else {
            assert!(g.is_over(), "no move while playing");
            return;
        };
        let is_item = matches!(m, AnyMove::Classic(ClassicMove::Item { .. }));
        assert!(is_item || g.legal_moves().contains(&m), "{m:?}");
        g.play(&m).unwrap();
    }
}

#[test]
fn every_game_has_a_bot_that_plays_legal_moves() {
    let mut games = vec![
        classic(0, 1),
        classic(1, 2),
        party(1, 3),
        food(2),
        food(3),
        crossing(0),
        draughts(0),
        draughts(1),
        halma(0),
        halma(1),
    ];
    for g in &mut games {
        let revision = g.revision();
        bots_play(g, 6, Level::Easy);
        assert_ne!(g.revision(), revision, "{:?} played", g.kind());
    }
}

#[test]
fn a_stop_flag_raised_before_or_while_thinking_gives_no_move() {
    let games = [
        classic(0, 4),
        party(0, 5),
        food(1),
        food(3),
        crossing(3),
        draughts(0),
        halma(1),
    ];
    for g in &games {
        let think = Think::new(Level::Master).within(Duration::from_secs(20));
        think.stop.store(true, Ordering::Relaxed);
        assert_eq!(g.bot_move(&think), None, "{:?}", g.kind());
        // Raised 50 ms into a search allowed 20 s.
        let think = Think::new(Level::Master).within(Duration::from_secs(20));
        let flag = think.stop.clone();
        let start = Instant::now();
        let answer = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                flag.store(true, Ordering::Relaxed);
            });
            g.bot_move(&think)
        });
        let took = start.elapsed();
        assert!(
            took < Duration::from_secs(10),
            "{:?} took {took:?}",
            g.kind()
        );
        // Only a bot that answered about when the flag went up has a move.
        if let Some(m) = answer {
            assert!(
                took < Duration::from_secs(1),
                "{:?}: {m:?} after {took:?}",
                g.kind()
            );
            assert!(g.legal_moves().contains(&m));
        }
    }
}

#[test]
fn a_finished_game_gets_no_bot_move() {
    let mut g = draughts(1);
    if let AnyGame::Draughts(d) = &mut g {
        d.resign(starhop_draughts::Side::Black).unwrap();
    }
    assert_eq!(g.bot_move(&Think::new(Level::Beginner)), None);
    let mut c = crossing(0);
    while !c.is_over() {
        let m = c.bot_move(&quick(Level::Hard, 0)).unwrap();
        c.play(&m).unwrap();
        assert!(c.moves_played().len() < 80, "the crossing ends");
    }
    assert_eq!(c.bot_move(&Think::new(Level::Beginner)), None);
}

#[test]
fn the_solo_bot_follows_the_solver_to_one_marble() {
    // The easiest puzzles: the solver's hints lead to one marble on the
    // finishing hole, which the food bot's search alone need not find.
    for p in puzzles::all().iter().take(3) {
        let mut g = AnyGame::from(FoodGame::new(p.rules()).unwrap());
        let think = Think::new(Level::Beginner).within(Duration::from_secs(5));
        while let Some(m) = g.bot_move(&think) {
            g.play(&m).unwrap();
        }
        let r = g.result().unwrap();
        assert_eq!(r.reason, "one_marble", "{}", p.id);
        assert_eq!(r.scores, Some(vec![1.0]), "{}: solved", p.id);
    }
}

#[test]
fn a_classic_bot_without_time_is_deterministic() {
    let g = classic(0, 7);
    let think = Think::new(Level::Medium).seeded(11);
    assert_eq!(g.bot_move(&think), g.bot_move(&think));
}

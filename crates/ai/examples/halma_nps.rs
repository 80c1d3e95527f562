//! Nodes per second and the depth Halma's bot reaches, for 2 and 4 players,
//! in the opening, the middle game and the endgame of one bot game, at each
//! level's own thinking time and at one second.
//! `cargo run --release -p starhop-ai --example halma_nps`.

use starhop_ai::Level;
use starhop_ai::halma::think;
use starhop_engine::halma::{HalmaGame, HalmaRules};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The game after `plies` moves of two Medium bots at 20 ms a move.
fn position_after(players: usize, plies: usize) -> HalmaGame {
    let mut game = HalmaGame::new(HalmaRules::for_players(players)).expect("2 or 4 players");
    let stop = AtomicBool::new(false);
    for i in 0..plies {
        if game.is_over() {
            break;
        }
        let deadline = Instant::now() + Duration::from_millis(20);
        match think(&game, Level::Medium, deadline, &stop, i as u64).best {
            Some(m) => game.play(m.from, m.to).expect("the bot's move is legal"),
            None => game.pass().expect("no move left: a pass"),
        }
    }
    game
}

fn main() {
    println!("players | stage | level | think | nodes | nodes/s | depth");
    for players in [2usize, 4] {
        for (stage, plies) in [
            ("opening", 4 * players),
            ("middle", 40 * players),
            ("end", 70 * players),
        ] {
            let game = position_after(players, plies);
            if game.is_over() {
                continue;
            }
            for level in [Level::Medium, Level::Master] {
                for ms in [u64::from(level.think_ms()), 1000] {
                    let stop = AtomicBool::new(false);
                    let t = Instant::now();
                    let thought = think(&game, level, t + Duration::from_millis(ms), &stop, 1);
                    let secs = t.elapsed().as_secs_f64();
                    println!(
                        "{players} | {stage} | {} | {ms} ms | {} | {:.0} | {}",
                        level.name(),
                        thought.nodes,
                        thought.nodes as f64 / secs,
                        thought.depth
                    );
                }
            }
        }
    }
}

//! Measures undo: the history keeps a snapshot every 64 actions, so an undo
//! replays up to 63 actions. Prints the mean and worst time per undo while
//! undoing a long game back to the start.
//!
//! `cargo run --release -p starhop-engine --example undo_cost`

use starhop_engine::*;
use std::time::Instant;

fn main() {
    for (players, size, deadlock) in [(2, 4, true), (2, 4, false), (6, 5, false)] {
        let rules = Rules {
            pass_allowed: true,
            anti_passive: false,
            repetition_limit: None,
            deadlock_adjudication: deadlock,
            ..Rules::classic().with_size(size)
        };
        let mut game = Game::new(rules, players, 1).expect("valid rules");
        let mut rng = Rng::new(1);
        while game.actions().count() < 2_000 && !game.is_over() {
            let moves = game.legal_moves();
            if moves.is_empty() {
                game.pass().expect("a pass");
            } else {
                let mv = moves[rng.below(moves.len() as u64) as usize];
                game.play(mv).expect("a legal move");
            }
        }
        let n = game.actions().count();
        let mut times = Vec::with_capacity(n);
        while game.can_undo() {
            let t = Instant::now();
            game.undo().expect("an undo");
            times.push(t.elapsed().as_secs_f64() * 1e6);
        }
        let mean = times.iter().sum::<f64>() / n as f64;
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((n - 1) as f64 * q) as usize];
        println!(
            "{players} players, size {size}, deadlock rule {deadlock}: {n} undos, mean {mean:.1} µs, median {:.1}, 99% {:.1}, max {:.1} µs",
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}

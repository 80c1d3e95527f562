//! Hint latency at positions people reach: random play (a random legal
//! capture chain each move) from the single-vacancy start, on 37, 61 and 91
//! holes, after 3 to 30 moves. Prints, per board, the median, 90th
//! percentile and worst time of a hint (memory cleared before each), and how
//! many positions had a solution, none, or were given up after the cap.
//!
//! `cargo run --release -p starhop-ai --example hint_latency [positions] [cap_seconds]`

use starhop_ai::food::solver::{Hint, forget, hint};
use starhop_engine::food::{FoodBoard, FoodPosition, bit};
use starhop_engine::{Hex, Rng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let count = args.first().copied().unwrap_or(60);
    let cap = Duration::from_secs(args.get(1).copied().unwrap_or(10));
    for (holes, vacant) in [
        (37, Hex::new(1, 0)),
        (61, Hex::new(0, 0)),
        (91, Hex::new(1, 0)),
    ] {
        let board = FoodBoard::with_holes(holes).unwrap();
        let mut rng = Rng::new(holes as u64);
        let mut times = Vec::new();
        let (mut yes, mut no, mut gave_up) = (0, 0, 0);
        for i in 0..count {
            let mut pos = FoodPosition {
                board,
                marbles: board.all & !bit(board.cell(vacant).unwrap()),
            };
            for _ in 0..(3 + i % 28) {
                let moves = pos.moves(false);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            }
            forget();
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let timer = std::thread::spawn(move || {
                let t = Instant::now();
                while t.elapsed() < cap && !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                flag.store(true, Ordering::Relaxed);
            });
            let t = Instant::now();
            let answer = hint(pos, None, Some(&stop));
            let took = t.elapsed();
            stop.store(true, Ordering::Relaxed);
            timer.join().unwrap();
            match answer {
                Hint::Move(_) => yes += 1,
                Hint::NoSolution => no += 1,
                Hint::Unknown => gave_up += 1,
            }
            times.push(took);
        }
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "{holes} holes, {count} positions after 3-30 random moves: median {:.1?}, 90% {:.1?}, worst {:.1?}; {yes} with a solution, {no} without, {gave_up} given up at {cap:?}",
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
}

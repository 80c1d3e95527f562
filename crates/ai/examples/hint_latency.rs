//! Hint latency at positions people reach, on 37, 61 and 91 holes.
//!
//! - `cold`: positions after 3 to 30 random captures from the single-vacancy
//!   start, the memory cleared before each hint: what a first hint costs.
//! - `play`: whole games from the start, half played by random captures and
//!   half by the Easy bot (the longest chain), the memory kept as in the game. At each position
//!   the player asks for a hint (timed), then thinks for `think_ms` while
//!   the game ponders the positions after each move, then moves.
//!
//! - `undecided`: as `cold`, and each position left undecided at the cap is
//!   then given `think_ms` of the solver's search on one core (`solve`,
//!   without the hint's beams): one line each, dead, solved or still open.
//!
//! Prints per board the median, 95th percentile and worst time of a hint,
//! and how many positions had a solution, none, or were given up at the cap.
//!
//! `cargo run --release -p starhop-ai --example hint_latency -- MODE [positions] [cap_seconds] [think_ms] [holes]`
//! (`holes`: one board only; 0 or none: all three)

use starhop_ai::food::bot;
use starhop_ai::food::solver::{Hint, Solve, Verdict, forget, hint, ponder, solve};
use starhop_engine::food::{FoodBoard, FoodGame, FoodPosition, FoodRules, bit};
use starhop_engine::{Hex, Rng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("cold", String::as_str).to_string();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a whole number"))
    };
    let count = number(1, 600) as usize;
    let cap = Duration::from_secs(number(2, 10));
    let think = Duration::from_millis(number(3, 1000));
    let only = number(4, 0) as usize;
    println!("| board | positions | median | 95 % | worst | solution / none / given up |");
    println!("|---|---|---|---|---|---|");
    for (holes, vacant) in [
        (37, Hex::new(1, 0)),
        (61, Hex::new(0, 0)),
        (91, Hex::new(1, 0)),
    ] {
        if only != 0 && holes != only {
            continue;
        }
        let board = FoodBoard::with_holes(holes).unwrap();
        let start = FoodPosition {
            board,
            marbles: board.all & !bit(board.cell(vacant).unwrap()),
        };
        let mut tally = Tally::default();
        let mut rng = Rng::new(holes as u64);
        if mode == "cold" || mode == "undecided" {
            for i in 0..count {
                let mut pos = start;
                for _ in 0..(3 + i % 28) {
                    let moves = pos.moves(false);
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
                }
                forget();
                if tally.time(pos, cap) == Hint::Unknown && mode == "undecided" {
                    search_longer(pos, think);
                }
            }
        } else {
            forget();
            let rules = FoodRules {
                start: Some(
                    starhop_engine::food::cells(start.marbles)
                        .map(|c| board.hex(c))
                        .collect(),
                ),
                ..FoodRules::solo(holes)
            };
            let mut game_number = 0u64;
            while tally.times.len() < count {
                let mut game = FoodGame::new(rules.clone()).unwrap();
                let by_bot = game_number % 2 == 1;
                game_number += 1;
                while !game.is_over() && tally.times.len() < count {
                    let pos = game.position();
                    tally.time(pos, cap);
                    // Pondering while the player thinks (the wait ends early
                    // when there is nothing left to ponder: nothing else runs).
                    stopped_after(think, |stop| ponder(pos, None, stop));
                    let never = AtomicBool::new(false);
                    let mv = if by_bot {
                        bot::choose_depth(&game, 1, rng.next_u64(), &never)
                    } else {
                        let moves = game.legal_moves();
                        Some(moves[rng.below(moves.len() as u64) as usize].clone())
                    };
                    let Some(mv) = mv else { break };
                    game.play(&mv.route).unwrap();
                }
            }
        }
        tally.print(holes, cap);
    }
}

#[derive(Default)]
struct Tally {
    times: Vec<Duration>,
    yes: usize,
    no: usize,
    gave_up: usize,
}

impl Tally {
    /// Times one hint, stopped at `cap`.
    fn time(&mut self, pos: FoodPosition, cap: Duration) -> Hint {
        let (answer, took) = stopped_after(cap, |stop| hint(pos, None, Some(stop)));
        self.times.push(took);
        match answer {
            Hint::Move(_) => self.yes += 1,
            Hint::NoSolution => self.no += 1,
            Hint::Unknown => self.gave_up += 1,
        }
        answer
    }

    fn print(&mut self, holes: usize, cap: Duration) {
        self.times.sort();
        let at = |q: f64| self.times[((self.times.len() - 1) as f64 * q).round() as usize];
        println!(
            "| {holes} holes | {} | {:.1?} | {:.1?} | {:.1?} | {} / {} / {} at {cap:?} |",
            self.times.len(),
            at(0.5),
            at(0.95),
            at(1.0),
            self.yes,
            self.no,
            self.gave_up
        );
    }
}

/// Gives a position the solver's search on one core for `time`, and prints
/// what it found (the marbles as engine cells, in hexadecimal).
fn search_longer(pos: FoodPosition, time: Duration) {
    let (solution, took) = stopped_after(time, |stop| {
        solve(
            pos,
            &Solve {
                stop: Some(stop),
                ..Default::default()
            },
        )
    });
    let found = match solution.verdict {
        Verdict::Solved { .. } => "solved",
        Verdict::Impossible(_) => "dead",
        Verdict::Stopped => "open",
    };
    println!(
        "{:x}: {} marbles, {found} after {took:.1?} ({} nodes)",
        pos.marbles,
        pos.count(),
        solution.nodes
    );
}

/// Runs `work` with a stop flag raised after `time`, and how long it took.
fn stopped_after<T>(time: Duration, work: impl FnOnce(&AtomicBool) -> T) -> (T, Duration) {
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    std::thread::scope(|s| {
        let timer = s.spawn(|| {
            while t.elapsed() < time && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            stop.store(true, Ordering::Relaxed);
        });
        let out = work(&stop);
        let took = t.elapsed();
        stop.store(true, Ordering::Relaxed);
        timer.join().unwrap();
        (out, took)
    })
}

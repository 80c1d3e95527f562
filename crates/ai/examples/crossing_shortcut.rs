//! Looks for shortcuts inside the best known crossing: for each window of
//! `W` moves of the stored line, the shortest way between its two ends
//! (`crossing::shortcut`). A shorter way is spliced in, the line is checked
//! move by move against the rules, and the windows are tried again. Prints
//! each window, the line's length at the end, and the line itself if shorter.
//!
//! `cargo run --release -p starhop-ai --example crossing_shortcut -- SIZE LONG_JUMPS(0|1) W`

use starhop_ai::crossing::shortcut::shorten;
use starhop_ai::crossing::{Crossing, best_known_moves};
use std::time::Instant;

fn main() {
    let args: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("SIZE LONG_JUMPS(0|1) W, as numbers"))
        .collect();
    let [size, long_jumps, window] = args[..] else {
        panic!("usage: crossing_shortcut SIZE LONG_JUMPS(0|1) W");
    };
    let c = Crossing::new(size, long_jumps == 1).expect("a board size of 3, 4 or 5");
    let line = best_known_moves(size, long_jumps == 1).expect("a stored line");
    assert!(c.crosses(&line), "the stored line is a crossing");
    println!("stored line: {} moves", line.len());
    let start = Instant::now();
    let mut last = Instant::now();
    let shortened = shorten(&c, line.clone(), window, |i, found| {
        let end = i + usize::from(window);
        match found {
            Some(n) => println!(
                "window {i}..{end}: {n} moves instead of {window} ({:.1?})",
                last.elapsed()
            ),
            None => println!("window {i}..{end}: none shorter ({:.1?})", last.elapsed()),
        }
        last = Instant::now();
    });
    assert!(c.crosses(&shortened), "the shortened line is a crossing");
    println!("{} moves after {:.1?}", shortened.len(), start.elapsed());
    if shortened.len() < line.len() {
        for mv in &shortened {
            println!("{} -> {}", mv.from, mv.to);
        }
    }
}

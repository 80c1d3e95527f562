//! How large a database of positions that can still finish would be: every
//! position of up to `k` marbles from which captures reach one marble
//! (anywhere), built backwards from the one-marble positions by undoing
//! captures, one class per symmetry of the hexagon (12). Prints the classes
//! at each size and the time taken, to size such a table for hints.
//!
//! `cargo run --release -p starhop-ai --example backward_db -- [holes] [k]`

use starhop_engine::food::{FoodBoard, bit, cells};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a whole number"))
        .collect();
    let holes = args.first().copied().unwrap_or(61);
    let most = args.get(1).copied().unwrap_or(8);
    let b = FoodBoard::with_holes(holes).expect("37, 61 or 91 holes");
    let canon = |s: u128| (0..12).map(|k| b.transform(k, s)).min().unwrap_or(s);
    let mut level: Vec<u128> = cells(b.all).map(|c| canon(bit(c))).collect();
    level.sort_unstable();
    level.dedup();
    let t = Instant::now();
    let mut total = level.len();
    println!("{holes} holes, 1 marble: {} classes", level.len());
    for k in 2..=most {
        let mut next = Vec::new();
        for &q in &level {
            for to in cells(q) {
                // Undo a capture that landed on `to`: the marble goes back
                // two holes along a line and the one it took comes back.
                for j in b.jumps_from(to) {
                    let (from, over) = (j.to, j.over);
                    if q & (bit(from) | bit(over)) == 0 {
                        next.push(canon(q ^ bit(to) ^ bit(from) ^ bit(over)));
                    }
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        total += next.len();
        println!(
            "{k} marbles: {} classes ({total} in all, {} MB as 16-byte sets), {:.1?}",
            next.len(),
            total * 16 / 1_000_000,
            t.elapsed()
        );
        level = next;
    }
}

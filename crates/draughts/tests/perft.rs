//! Perft against the published counts from the start positions. Depths stay
//! modest so `cargo test` is quick; `starhop-cli draughts perft` runs the full
//! International depth 7 (1,049,442).

use starhop_draughts::perft::perft;
use starhop_draughts::{Position, Variant};

#[test]
fn international_start_matches_the_published_counts() {
    let p = Position::start(Variant::International);
    let want = [9, 81, 658, 4265, 27117, 167140];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn russian_start_matches_the_published_counts() {
    let p = Position::start(Variant::Russian);
    let want = [7, 49, 302, 1469];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

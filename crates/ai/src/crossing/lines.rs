//! The best crossings found from the start, kept as data (`lines.json`,
//! written by `starhop-cli cross --json`): axial coordinates with the board's
//! centre at (0, 0), each move the route of one marble; with the length no
//! crossing can be shorter than (every shorter one ruled out by `cross`, as
//! docs/rules.md §11 records).

use serde::Deserialize;
use starhop_engine::geometry::Board;
use starhop_engine::{Hex, Hole};
use std::sync::OnceLock;

#[derive(Deserialize)]
struct Entry {
    size: u8,
    long_jumps: bool,
    proven: bool,
    lower_bound: u32,
    moves: Vec<Vec<[i8; 2]>>,
}

#[derive(Clone, Debug)]
pub(super) struct Line {
    pub routes: Vec<Vec<Hole>>,
    pub proven: bool,
    /// No crossing from the start is shorter.
    pub lower_bound: u32,
}

fn all() -> &'static [(u8, bool, Line)] {
    static LINES: OnceLock<Vec<(u8, bool, Line)>> = OnceLock::new();
    LINES.get_or_init(|| {
        let entries: Vec<Entry> =
            serde_json::from_str(include_str!("lines.json")).expect("lines.json is valid");
        entries
            .into_iter()
            .map(|e| {
                let board = Board::get(e.size).expect("lines.json names board sizes");
                let routes = e
                    .moves
                    .iter()
                    .map(|route| {
                        route
                            .iter()
                            .map(|&[q, r]| board.hole(Hex::new(q, r)).expect("on the board"))
                            .collect()
                    })
                    .collect();
                let line = Line {
                    routes,
                    proven: e.proven,
                    lower_bound: e.lower_bound,
                };
                (e.size, e.long_jumps, line)
            })
            .collect()
    })
}

pub(super) fn best(size: u8, long_jumps: bool) -> Option<Line> {
    all()
        .iter()
        .find(|(s, l, _)| *s == size && *l == long_jumps)
        .map(|(_, _, line)| line.clone())
}

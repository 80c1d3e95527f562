//! The peg-solitaire solver for food checkers without slides.
//!
//! CONTRACT (the game and the command line call exactly these; the search
//! behind them is being rewritten for speed): `solve`, `hint`, `Solve`,
//! `Solution`, `Verdict`, `Hint`.

use starhop_engine::food::{Cell, FoodMove, FoodPosition, bit};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What to solve for.
#[derive(Clone, Debug, Default)]
pub struct Solve<'a> {
    /// The hole the last marble must finish on; `None`: anywhere.
    pub finish: Option<Cell>,
    /// Find the fewest moves (a chain counts as one) and prove it minimal.
    pub min_moves: bool,
    /// Raised from outside to give up early.
    pub stop: Option<&'a AtomicBool>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Moves to one marble (chains as single moves); `minimal` when proven shortest.
    Solved { moves: Vec<FoodMove>, minimal: bool },
    /// No way to one marble (on the finish), and why in words.
    Impossible(String),
    /// The stop flag was raised first.
    Stopped,
}

#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    pub nodes: u64,
    pub seconds: f64,
}

/// A hint for the player of a solo game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A move from which one marble (on the finish) can still be reached.
    Move(FoodMove),
    /// Nothing leads to one marble from here.
    NoSolution,
    /// Stopped before an answer.
    Unknown,
}

pub fn solve(pos: FoodPosition, opts: &Solve) -> Solution {
    let t = Instant::now();
    let mut s = Naive {
        dead: HashSet::new(),
        nodes: 0,
        finish: opts.finish,
        stop: opts.stop,
    };
    let mut path = Vec::new();
    let verdict = match s.dfs(pos, &mut path) {
        Some(true) => Verdict::Solved {
            moves: path,
            minimal: false,
        },
        Some(false) => Verdict::Impossible("no sequence of captures leaves one marble".into()),
        None => Verdict::Stopped,
    };
    Solution {
        verdict,
        nodes: s.nodes,
        seconds: t.elapsed().as_secs_f64(),
    }
}

pub fn hint(pos: FoodPosition, finish: Option<Cell>, stop: Option<&AtomicBool>) -> Hint {
    match solve(
        pos,
        &Solve {
            finish,
            min_moves: false,
            stop,
        },
    )
    .verdict
    {
        Verdict::Solved { moves, .. } => moves
            .into_iter()
            .next()
            .map_or(Hint::NoSolution, Hint::Move),
        Verdict::Impossible(_) => Hint::NoSolution,
        Verdict::Stopped => Hint::Unknown,
    }
}

struct Naive<'a> {
    dead: HashSet<u128>,
    nodes: u64,
    finish: Option<Cell>,
    stop: Option<&'a AtomicBool>,
}

impl Naive<'_> {
    /// Single captures only: every chain is a sequence of them.
    fn dfs(&mut self, pos: FoodPosition, path: &mut Vec<FoodMove>) -> Option<bool> {
        self.nodes += 1;
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return None;
        }
        if pos.count() == 1 {
            return Some(self.finish.is_none_or(|f| pos.marbles == bit(f)));
        }
        if self.dead.contains(&pos.marbles) {
            return Some(false);
        }
        for from in starhop_engine::food::cells(pos.marbles) {
            for j in pos.jumps_of(from).collect::<Vec<_>>() {
                let m = FoodMove {
                    route: vec![j.from, j.to],
                    captured: vec![j.over],
                };
                path.push(m.clone());
                if self.dfs(pos.after(&m), path)? {
                    return Some(true);
                }
                path.pop();
            }
        }
        self.dead.insert(pos.marbles);
        Some(false)
    }
}

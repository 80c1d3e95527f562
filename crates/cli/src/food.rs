//! Food checkers from the command line: `solve` (the peg-solitaire solver on
//! a single- or multi-vacancy start) and `food-puzzles` (the generator of the
//! puzzle collection, see `starhop_ai::food::puzzles`).
//!
//! `solve --json` prints one object:
//! `{"holes": 61, "vacant": [[q, r], ...], "finish": [q, r] | null,
//!   "moves": [[[q, r], ...], ...] | null, "minimal": bool, "seconds": S,
//!   "nodes": N}` and, when `moves` is null, `"reason"`: why no solution
//! exists (or `"stopped"`). Each move is the route of one marble: its start,
//! then the landing hole of each capture.
//! Exit codes: 0 solved, 1 no solution, 2 bad input.

use clap::Args;
use serde_json::json;
use starhop_ai::food::solver::{Solve, Verdict, solve};
use starhop_engine::Hex;
use starhop_engine::food::{FoodBoard, FoodPosition, bit};
use std::process::ExitCode;

#[derive(Args)]
pub struct SolveArgs {
    /// Holes of the hexagon: 37, 61 or 91.
    #[arg(long, default_value_t = 61)]
    holes: usize,
    /// An empty hole at the start, as Q,R (axial, centre 0,0); may repeat.
    /// Default: the centre.
    #[arg(long, value_parser = parse_hex, allow_hyphen_values = true)]
    vacant: Vec<Hex>,
    /// The hole the last marble must finish on, as Q,R.
    #[arg(long, value_parser = parse_hex, allow_hyphen_values = true)]
    finish: Option<Hex>,
    /// Find the fewest moves (a chain of captures counts as one) and prove it.
    #[arg(long)]
    min_moves: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Parses `Q,R` into axial coordinates.
pub fn parse_hex(s: &str) -> Result<Hex, String> {
    let bad = || format!("`{s}` is not Q,R (two integers, e.g. 1,-2)");
    let (q, r) = s.split_once(',').ok_or_else(bad)?;
    let q = q.trim().parse::<i8>().map_err(|_| bad())?;
    let r = r.trim().parse::<i8>().map_err(|_| bad())?;
    Ok(Hex::new(q, r))
}

const BAD_INPUT: u8 = 2;

pub fn solve_command(args: SolveArgs) -> ExitCode {
    let bad = |msg: String| {
        eprintln!("starhop-cli: {msg}");
        ExitCode::from(BAD_INPUT)
    };
    let Ok(board) = FoodBoard::with_holes(args.holes) else {
        return bad(format!(
            "--holes {} is not a food board: use 37, 61 or 91",
            args.holes
        ));
    };
    let side = board.size as i8;
    let off = |h: Hex| format!("{},{} is off the {}-hole board (|q|, |r|, |q + r| at most {side})", h.q, h.r, args.holes);
    let vacant = if args.vacant.is_empty() {
        vec![Hex::new(0, 0)]
    } else {
        args.vacant.clone()
    };
    let mut marbles = board.all;
    for &h in &vacant {
        let Some(c) = board.cell(h) else {
            return bad(format!("--vacant {}", off(h)));
        };
        if marbles & bit(c) == 0 {
            return bad(format!("--vacant {},{} is given twice", h.q, h.r));
        }
        marbles &= !bit(c);
    }
    let finish = match args.finish {
        None => None,
        Some(h) => match board.cell(h) {
            Some(c) => Some(c),
            None => return bad(format!("--finish {}", off(h))),
        },
    };
    let pos = FoodPosition { board, marbles };
    let sol = solve(
        pos,
        &Solve {
            finish,
            min_moves: args.min_moves,
            stop: None,
        },
    );
    let xy = |c: u8| {
        let h = board.hex(c);
        json!([h.q, h.r])
    };
    let (moves, minimal, reason) = match &sol.verdict {
        Verdict::Solved { moves, minimal } => (Some(moves.clone()), *minimal, None),
        Verdict::Impossible(why) => (None, false, Some(why.clone())),
        Verdict::Stopped => (None, false, Some("stopped".to_string())),
    };
    if args.json {
        let mut out = json!({
            "holes": args.holes,
            "vacant": vacant.iter().map(|h| json!([h.q, h.r])).collect::<Vec<_>>(),
            "finish": args.finish.map(|h| json!([h.q, h.r])),
            "moves": moves.as_ref().map(|ms| ms.iter().map(|m| m.route.iter().map(|&c| xy(c)).collect::<Vec<_>>()).collect::<Vec<_>>()),
            "minimal": minimal,
            "seconds": sol.seconds,
            "nodes": sol.nodes,
        });
        if let Some(r) = &reason {
            out["reason"] = json!(r);
        }
        println!("{out}");
    } else {
        match &moves {
            Some(ms) => {
                for (i, m) in ms.iter().enumerate() {
                    let route: Vec<String> = m
                        .route
                        .iter()
                        .map(|&c| {
                            let h = board.hex(c);
                            format!("({},{})", h.q, h.r)
                        })
                        .collect();
                    println!("{:3}. {}", i + 1, route.join(" -> "));
                }
                println!(
                    "solved in {} moves{} ({} captures)",
                    ms.len(),
                    if minimal { ", proven minimal" } else { "" },
                    pos.count() - 1
                );
            }
            None => println!("no solution: {}", reason.as_deref().unwrap_or("")),
        }
        println!("{:.3} s, {} nodes", sol.seconds, sol.nodes);
    }
    if moves.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

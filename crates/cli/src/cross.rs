//! `starhop-cli cross`: a shortest solo crossing (one army from camp 0 to the
//! opposite camp), its length, the time it took and whether it is proven.
//!
//! `--json` prints `{"size": 4, "long_jumps": false, "proven": bool,
//! "lower_bound": N, "seconds": S, "nodes": N, "assumed_none_below": N | null,
//! "moves": [[[q, r], ...], ...]}` (`assumed_none_below`: `--from`):
//! axial coordinates with the board's centre at (0, 0), each move the route of
//! one marble (a step: start and end; a chain: start and every landing).

use clap::Args;
use serde_json::json;
use starhop_ai::crossing::{Crossing, Limits};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct CrossArgs {
    /// Rows per star point: 3, 4 or 5.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=5))]
    size: u8,
    /// Allow long ("super") jumps.
    #[arg(long)]
    long_jumps: bool,
    /// Print the crossing as JSON.
    #[arg(long)]
    json: bool,
    /// Give up proving after this many seconds (the best crossing found is
    /// printed, not marked proven). Default: no limit.
    #[arg(long)]
    seconds: Option<u64>,
    /// Positions the first (beam) search keeps per move.
    #[arg(long, default_value_t = 3000)]
    beam: usize,
    /// Rank the beam's positions by W × the lower bound less the rows
    /// gained (default: by the bound, rows breaking ties).
    #[arg(long, value_name = "W")]
    beam_weight: Option<u32>,
    /// Add K to a beam position's rank for each marble off the half-turn
    /// symmetry (the beam meets itself at nearly symmetric middles; 0: off).
    #[arg(long, value_name = "K", default_value_t = starhop_ai::crossing::SYMMETRY_WEIGHT)]
    beam_symmetry: u32,
    /// Print the beam's crossing alone, without proving (`--seconds` is
    /// then ignored: the beam runs to its end).
    #[arg(long)]
    beam_only: bool,
    /// Start proving at N moves, taking the shorter lengths as ruled out by
    /// an earlier run (not proven again: the answer rests on that run).
    #[arg(long, value_name = "N")]
    from: Option<u32>,
}

pub fn run(args: CrossArgs) -> Result<(), String> {
    let crossing = Crossing::new(args.size, args.long_jumps).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let limits = Limits {
        deadline: args
            .seconds
            .filter(|_| !args.beam_only)
            .map(|s| started + Duration::from_secs(s)),
        // No node for the proof: the solver returns the beam's crossing.
        max_nodes: args.beam_only.then_some(0),
        beam_width: Some(args.beam),
        beam_weight: args.beam_weight,
        beam_symmetry: Some(args.beam_symmetry),
        assume_none_below: args.from,
        // The proof can take minutes: say on standard error how far it got.
        progress: Some(Arc::new(move |moves, nodes| {
            eprintln!(
                "no crossing in {moves} moves ({nodes} nodes, {:.1} s)",
                started.elapsed().as_secs_f64()
            )
        })),
        ..Limits::default()
    };
    let outcome = crossing.solve(crossing.start(), &limits);
    let board = crossing.board();
    if let (Some(from), Some(found)) = (args.from, &outcome.solution)
        && (found.routes.len() as u32) < from
    {
        return Err(format!(
            "--from {from}: a crossing of {} moves exists, so shorter lengths were not all ruled \
             out",
            found.routes.len()
        ));
    }
    let Some(solution) = outcome.solution else {
        return Err(format!(
            "no crossing found in {:.1} s (none shorter than {} moves)",
            outcome.seconds, outcome.lower_bound
        ));
    };
    let moves: Vec<Vec<[i8; 2]>> = solution
        .routes
        .iter()
        .map(|r| {
            r.iter()
                .map(|&h| [board.hex(h).q, board.hex(h).r])
                .collect()
        })
        .collect();
    if args.json {
        let out = json!({
            "size": args.size,
            "long_jumps": args.long_jumps,
            "proven": solution.proven,
            "lower_bound": outcome.lower_bound,
            "seconds": outcome.seconds,
            "nodes": outcome.nodes,
            "assumed_none_below": args.from,
            "moves": moves,
        });
        println!("{out}");
        return Ok(());
    }
    let verdict = if solution.proven {
        "proven shortest".to_string()
    } else {
        format!("not proven: none shorter than {}", outcome.lower_bound)
    };
    let given = args
        .from
        .map(|from| format!(", taking none shorter than {from} as given"))
        .unwrap_or_default();
    println!(
        "size {}{}: {} moves, {verdict}{given} ({} nodes, beam {} nodes), {:.1} s",
        args.size,
        if args.long_jumps {
            " with long jumps"
        } else {
            ""
        },
        solution.routes.len(),
        outcome.nodes,
        outcome.beam_nodes,
        outcome.seconds
    );
    for (i, m) in moves.iter().enumerate() {
        let hops: Vec<String> = m.iter().map(|[q, r]| format!("({q},{r})")).collect();
        println!("{:3}. {}", i + 1, hops.join(" -> "));
    }
    Ok(())
}

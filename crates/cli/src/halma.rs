//! `starhop-cli halma ...`: Halma (RULES §12) from the command line.

use clap::{Args, Subcommand};
use starhop_engine::halma::HalmaPosition;
use starhop_engine::halma::perft::perft;
use std::time::Instant;

#[derive(Subcommand)]
pub enum HalmaCommand {
    /// Count the leaf positions of all legal move sequences from the start
    /// (moves as distinct (from, to) pairs; the first seat in the corner at
    /// row 0, column 0, the others clockwise); one line per depth.
    Perft(PerftArgs),
}

#[derive(Args)]
pub struct PerftArgs {
    /// 2 or 4.
    #[arg(long, default_value_t = 2)]
    players: usize,
    #[arg(long)]
    depth: u32,
    /// No stopping in other players' yards (off by default, as in Halma).
    #[arg(long)]
    no_foreign_stop: bool,
    /// Also print how long each depth took.
    #[arg(long)]
    timed: bool,
}

/// Depths past this take hours.
const MAX_DEPTH: u32 = 6;

pub fn run(cmd: HalmaCommand) -> Result<(), String> {
    match cmd {
        HalmaCommand::Perft(a) => {
            let start = HalmaPosition::start(a.players)
                .ok_or_else(|| format!("Halma is for 2 or 4 players, not {}", a.players))?;
            if a.depth > MAX_DEPTH {
                return Err(format!(
                    "depth {} is past the deepest, {MAX_DEPTH}",
                    a.depth
                ));
            }
            for d in 1..=a.depth {
                let t = Instant::now();
                let n = perft(&start, d, a.no_foreign_stop);
                match a.timed {
                    true => println!("depth {d}: {n} ({:.2} s)", t.elapsed().as_secs_f64()),
                    false => println!("depth {d}: {n}"),
                }
            }
            Ok(())
        }
    }
}

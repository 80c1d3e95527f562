//! `starhop-cli`: the engine from the command line, without Bevy.
//!
//! - `perft`: count legal move sequences (a self-check of move generation).
//! - `replay FILE`: check a game record and print the final position.
//! - `random`: write the record of a random game (for demos and tests).
//! - `arena`: bots against each other over many seeded games (see `arena.rs`).

mod arena;

use clap::{Parser, Subcommand};
use starhop_engine::perft::perft;
use starhop_engine::{Game, Record, Rules, Seat, Status, record};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "starhop-cli",
    version,
    about = "Starhop Chinese checkers engine tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf positions of all legal move sequences from the start position.
    Perft {
        /// Rows per star point: 3, 4 or 5.
        #[arg(long, default_value_t = 4)]
        size: u8,
        /// Number of players: 2, 3, 4 or 6.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Deepest depth to count (one line per depth).
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Allow long ("super") jumps.
        #[arg(long)]
        long_jumps: bool,
    },
    /// Check a game record and print its final position.
    Replay {
        /// The record (JSON) to replay.
        file: PathBuf,
    },
    /// Play a random game and write its record.
    Random {
        #[arg(long, default_value_t = 4)]
        size: u8,
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of moves to play (the game may end sooner).
        #[arg(long, default_value_t = 40)]
        moves: usize,
        /// Where to write the record (standard output if absent).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Play bots against each other: A takes one seat, B all the others.
    Arena(arena::ArenaArgs),
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("starhop-cli: {message}");
            ExitCode::FAILURE
        }
    }
}

fn new_game(size: u8, players: usize, long_jumps: bool, seed: u64) -> Result<Game, String> {
    let rules = Rules {
        long_jumps,
        first_move: starhop_engine::FirstMoveMethod::Fixed(0),
        ..Rules::classic().with_size(size)
    };
    Game::new(rules, players, seed).map_err(|e| e.to_string())
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Arena(args) => arena::run(args),
        Command::Perft {
            size,
            players,
            depth,
            long_jumps,
        } => {
            let mut game = new_game(size, players, long_jumps, 0)?;
            for d in 1..=depth {
                println!("depth {d}: {}", perft(&mut game, d));
            }
            Ok(())
        }
        Command::Replay { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let (rec, game) =
                record::load_game(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            print!("{}", summary(&rec, &game));
            Ok(())
        }
        Command::Random {
            size,
            players,
            seed,
            moves,
            out,
        } => {
            let mut game = new_game(size, players, false, seed)?;
            let mut rng = starhop_engine::Rng::new(seed);
            for _ in 0..moves {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_moves();
                let result = if legal.is_empty() {
                    game.pass()
                } else {
                    game.play(legal[rng.below(legal.len() as u64) as usize])
                };
                result.map_err(|e| e.to_string())?;
            }
            let json = Record::of(&game, Vec::new()).to_json();
            match out {
                Some(path) => std::fs::write(&path, json)
                    .map_err(|e| format!("cannot write {}: {e}", path.display())),
                None => {
                    println!("{json}");
                    Ok(())
                }
            }
        }
    }
}

/// What `replay` prints: the game in a few lines and the final board.
fn summary(rec: &Record, game: &Game) -> String {
    let mut s = format!(
        "record ok: {} players, board size {}, {} actions\n",
        game.players(),
        game.rules().board_size,
        rec.actions.len()
    );
    for seat in 0..game.players() as Seat {
        let p = game.player(seat);
        let name = rec
            .names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("player {}", seat + 1));
        let status = match p.status {
            Status::Playing => "playing".to_string(),
            Status::Finished { turns } => format!("finished in {turns} turns"),
            Status::Out { reason, .. } => format!("out ({reason:?})"),
        };
        s += &format!(
            "  {} {name}: {} turns, {} in target, {status}\n",
            seat + 1,
            p.turns,
            game.position().in_target(seat)
        );
    }
    match game.outcome() {
        Some(o) => s += &format!("result: {:?}, places {:?}\n", o.reason, o.places),
        None => s += &format!("to move: player {}\n", game.to_move() + 1),
    }
    s + &game.position().to_text()
}

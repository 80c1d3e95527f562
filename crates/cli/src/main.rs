//! `starhop-cli`: the engine from the command line, without Bevy.
//!
//! - `perft`: count legal move sequences (a self-check of move generation).
//! - `replay FILE`: check a game record (classic or food checkers) and print how it went.
//! - `random`: write the record of a random game (for demos and tests).
//! - `arena`: bots against each other over many seeded games (see `arena.rs`).
//! - `food-arena`: the same for food checkers (see `food_arena.rs`).
//! - `solve`, `food-puzzles`: food checkers' solver and puzzle collection (see `food.rs`).
//! - `round-robin`, `tournament`: the Berger table, and a round robin of bots (see `league.rs`).
//! - `serve`, `join`, `discover`: network games, hosted (or resumed) and
//!   joined by bots, and tables found on the local network (see `net.rs`).
//! - `draughts ...`: International and Russian draughts: perft, moves, random,
//!   replay, arena (see `draughts.rs`).

mod arena;
mod cross;
mod draughts;
mod food;
mod food_arena;
mod halma;
mod league;
mod net;
mod races;

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use starhop_engine::food::{
    FOOD_RECORD_FORMAT, FoodGame, FoodRecord, FoodStatus, read_food_record,
};
use starhop_engine::perft::perft;
use starhop_engine::{
    EndReason, Event, Game, MAX_RECORD_BYTES, Move, OutReason, Preset, Record, RecordError, Rules,
    Seat, Status, Teams, read_record,
};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "starhop-cli",
    version = starhop_about::VERSION,
    about = "Starhop Chinese checkers engine tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the manual pages (section 6) into DIR (for packaging).
    #[command(hide = true)]
    ManPages { dir: PathBuf },
    /// Count the leaf positions of all legal move sequences from the start position.
    Perft {
        /// Rows per star point: 3, 4 or 5.
        #[arg(long, default_value_t = 4)]
        size: u8,
        /// Number of players: 2, 3, 4 or 6.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Deepest depth to count, 1 to 8 (one line per depth).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=MAX_PERFT_DEPTH as i64))]
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
    /// Play a random game and write its record (and how it went, on standard
    /// output with --out, else on standard error).
    Random {
        /// Rows per star point: 3, 4 or 5.
        #[arg(long, default_value_t = 4)]
        size: u8,
        /// Number of players: 2, 3, 4 or 6.
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of moves to play (the game may end sooner).
        #[arg(long, default_value_t = 40)]
        moves: usize,
        /// The rule set to start from.
        #[arg(long, value_enum, default_value_t = PresetArg::Classic)]
        preset: PresetArg,
        /// Allow long ("super") jumps.
        #[arg(long)]
        long_jumps: bool,
        /// Switch the anti-passive rule off.
        #[arg(long)]
        no_anti_passive: bool,
        /// Team play: 2 against 2 with 4 players, 3 against 3 with 6.
        #[arg(long)]
        teams: bool,
        /// Where to write the record (standard output if absent).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Play bots against each other: A takes one seat, B all the others.
    Arena(arena::ArenaArgs),
    /// Food-checkers bots against each other over many seeded games.
    FoodArena(food_arena::FoodArenaArgs),
    /// Food checkers solo (peg solitaire): solve a start, print the moves.
    /// Exit codes: 0 solved, 1 no solution, 2 bad input.
    Solve(food::SolveArgs),
    /// Generate the food-checkers puzzle collection (crates/ai/src/food/puzzles.json).
    FoodPuzzles(food::PuzzleArgs),
    /// Print the round-robin schedule (Berger table, RULES §7): one line per
    /// round, first mover on the left.
    RoundRobin(league::RoundRobinArgs),
    /// Play a round robin of bots (two-player games) and print the standings.
    Tournament(league::TournamentArgs),
    /// Find a shortest solo crossing (one army to the opposite camp) and say
    /// whether it is proven shortest.
    Cross(cross::CrossArgs),
    /// Measure how often the bots' moves in two-player races are optimal,
    /// with and without the exact race solver.
    Races(races::RacesArgs),
    /// Host a network game (a new one, or a saved one with --resume): wait
    /// for players (and seat the host's bots), start when every seat is
    /// taken, write the record at the end.
    Serve(net::ServeArgs),
    /// Join a network game and play a seat with a bot; write this side's
    /// copy of the record at the end.
    Join(net::JoinArgs),
    /// List the network games announced on the local network (`serve --announce`).
    Discover(net::DiscoverArgs),
    /// International (10x10) and Russian (8x8) draughts: perft, moves,
    /// random, replay, arena.
    #[command(subcommand)]
    Draughts(draughts::DraughtsCommand),
    /// Halma on its 16x16 board: perft.
    #[command(subcommand)]
    Halma(halma::HalmaCommand),
}

/// The deepest `perft` accepts: depth 8 already takes hours on the standard board.
const MAX_PERFT_DEPTH: u32 = 8;
/// Depths from which `perft` shows a progress bar over the first moves.
const PERFT_BAR_DEPTH: u32 = 5;
/// Actions from which `random` and `replay` show a progress bar.
const LONG_RUN: usize = 500;
/// Characters of a player name shown by `replay`.
const NAME_CHARS: usize = 32;

/// The presets `random` and `arena` offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum PresetArg {
    Classic,
    SuperJump,
    Tournament,
    Party,
}

impl PresetArg {
    pub(crate) fn preset(self) -> Preset {
        match self {
            PresetArg::Classic => Preset::Classic,
            PresetArg::SuperJump => Preset::SuperJump,
            PresetArg::Tournament => Preset::Tournament,
            PresetArg::Party => Preset::Party,
        }
    }
}

/// A progress bar on standard error, or a hidden one for short runs.
/// indicatif draws nothing when standard error is not a terminal, so pipes,
/// files and tests see no bar.
pub fn progress_bar(len: u64, label: &str, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}, eta {eta}")
            .expect("a valid template")
            .progress_chars("#>."),
    );
    bar.set_message(label.to_string());
    bar
}

fn main() -> ExitCode {
    let command = match Cli::parse().command {
        Command::ManPages { dir } => return write_man_pages(&dir),
        Command::Solve(args) => return food::solve_command(args),
        Command::FoodPuzzles(args) => return food::puzzles_command(args),
        other => other,
    };
    match run(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("starhop-cli: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `starhop-cli man-pages DIR`: this tool's manual pages, one per subcommand.
fn write_man_pages(dir: &std::path::Path) -> ExitCode {
    use clap::CommandFactory;
    if starhop_about::man_pages_command(Cli::command(), dir) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Whether a file's format field names a food-checkers record.
fn is_food_record(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(bytes)
        .ok()
        .is_some_and(|v| v.get("format").is_some_and(|f| f == FOOD_RECORD_FORMAT))
}

/// How a food-checkers game went: rules, each move, captures and the result.
fn food_summary(rec: &FoodRecord, game: &FoodGame) -> String {
    let r = &rec.rules;
    let mut out = format!(
        "food checkers on {} holes, {} player{}, slides {}: {} moves, {} marbles left\n",
        r.holes,
        r.players,
        if r.players == 1 { "" } else { "s" },
        if r.slides { "on" } else { "off" },
        rec.moves.len(),
        game.marbles_left()
    );
    for (i, route) in rec.moves.iter().enumerate() {
        let hops: Vec<String> = route.iter().map(|h| format!("({},{})", h.q, h.r)).collect();
        out += &format!("{:>4}. {}\n", i + 1, hops.join("-"));
    }
    let name = |i: usize| {
        rec.names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("player {}", i + 1))
    };
    for (i, c) in game.captures().iter().enumerate() {
        out += &format!("{}: {c} captured\n", name(i));
    }
    out += &match game.status() {
        FoodStatus::Playing => "still playing\n".to_string(),
        FoodStatus::Over { end, winners } if r.players == 1 => format!(
            "over ({end:?}): {}\n",
            if winners.is_empty() {
                "not solved"
            } else {
                "solved"
            }
        ),
        FoodStatus::Over { end, winners } => format!(
            "over ({end:?}): won by {}\n",
            winners
                .iter()
                .map(|&i| name(i))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    };
    out
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
        Command::FoodArena(args) => food_arena::run(args),
        Command::RoundRobin(args) => league::round_robin(args),
        Command::Tournament(args) => league::tournament(args),
        Command::Cross(args) => cross::run(args),
        Command::Races(args) => races::run(args),
        Command::Serve(args) => net::serve(args),
        Command::Join(args) => net::join(args),
        Command::Discover(args) => net::discover(args),
        Command::Draughts(cmd) => draughts::run(cmd),
        Command::Halma(cmd) => halma::run(cmd),
        Command::Solve(_) | Command::FoodPuzzles(_) | Command::ManPages { .. } => {
            unreachable!("these commands set their own exit codes")
        }
        Command::Perft {
            size,
            players,
            depth,
            long_jumps,
        } => {
            let mut game = new_game(size, players, long_jumps, 0)?;
            for d in 1..=depth {
                println!("depth {d}: {}", perft_with_progress(&mut game, d));
            }
            Ok(())
        }
        Command::Replay { file } => {
            let opened = std::fs::File::open(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(
                &mut std::io::Read::take(opened, MAX_RECORD_BYTES + 1),
                &mut bytes,
            )
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            if is_food_record(&bytes) {
                let (rec, game) =
                    read_food_record(&bytes[..]).map_err(|e| format!("{}: {e}", file.display()))?;
                print!("{}", food_summary(&rec, &game));
                return Ok(());
            }
            let rec = read_record(&bytes[..], MAX_RECORD_BYTES)
                .map_err(|e| format!("{}: {e}", file.display()))?;
            let game =
                replay_with_progress(&rec).map_err(|e| format!("{}: {e}", file.display()))?;
            print!("{}", summary(&rec, &game));
            if game.rules().items {
                print!(
                    "{}",
                    party_lines(&rec).map_err(|e| format!("{}: {e}", file.display()))?
                );
            }
            print!("{}", game.position().to_text());
            Ok(())
        }
        Command::Random {
            size,
            players,
            seed,
            moves,
            preset,
            long_jumps,
            no_anti_passive,
            teams,
            out,
        } => {
            let mut rules = preset.preset().rules().with_size(size);
            rules.long_jumps |= long_jumps;
            rules.anti_passive &= !no_anti_passive;
            if teams {
                rules.teams = match players {
                    4 => Teams::TwoVsTwo,
                    6 => Teams::ThreeVsThree,
                    n => {
                        return Err(format!(
                            "--teams needs 4 players (2 against 2) or 6 (3 against 3), not {n}"
                        ));
                    }
                };
            }
            let mut game = Game::new(rules, players, seed).map_err(|e| e.to_string())?;
            let mut rng = starhop_engine::Rng::new(seed);
            let bar = progress_bar(moves as u64, "random game", moves >= LONG_RUN);
            let mut legal: Vec<Move> = Vec::with_capacity(256);
            for _ in 0..moves {
                if game.is_over() {
                    break;
                }
                // Party mode: a held item is used before the move one time
                // in three (never more than the rules allow in a turn).
                while game.rules().items && rng.below(3) == 0 {
                    let uses = game.item_uses();
                    if uses.is_empty() {
                        break;
                    }
                    let u = uses[rng.below(uses.len() as u64) as usize];
                    game.use_item(u).map_err(|e| e.to_string())?;
                }
                if game.is_over() {
                    break;
                }
                legal.clear();
                game.legal_moves_into(&mut legal);
                let result = if legal.is_empty() {
                    game.pass()
                } else {
                    game.play(legal[rng.below(legal.len() as u64) as usize])
                };
                result.map_err(|e| e.to_string())?;
                bar.inc(1);
            }
            bar.finish_and_clear();
            let rec = Record::of(&game, Vec::new());
            let json = rec.to_json();
            let report = format!("random game: {}", summary_lines(&rec, &game));
            match out {
                Some(path) => {
                    std::fs::write(&path, json)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    print!("{report}");
                }
                None => {
                    println!("{json}");
                    eprint!("{report}");
                }
            }
            Ok(())
        }
    }
}

/// Perft to `depth`, with a progress bar over the first moves from depth 5 on.
fn perft_with_progress(game: &mut Game, depth: u32) -> u64 {
    let moves = game.legal_moves();
    if depth < PERFT_BAR_DEPTH || moves.is_empty() {
        return perft(game, depth);
    }
    let bar = progress_bar(moves.len() as u64, &format!("depth {depth}"), true);
    let mut total = 0;
    for mv in moves {
        game.play(mv).expect("generated moves are legal");
        total += perft(game, depth - 1);
        game.undo().expect("undo after play");
        bar.inc(1);
    }
    bar.finish_and_clear();
    total
}

/// `Record::replay` with a progress bar for long records.
fn replay_with_progress(rec: &Record) -> Result<Game, RecordError> {
    let bar = progress_bar(
        rec.actions.len() as u64,
        "replay",
        rec.actions.len() >= LONG_RUN,
    );
    let game = rec.replay_with_progress(|_| bar.inc(1));
    bar.finish_and_clear();
    game
}

/// A name from a file, safe to print: control characters (newlines
/// included) and invisible formatting characters (bidirectional overrides,
/// zero-width characters) are shown escaped, and long names are cut.
fn display_name(raw: &str) -> String {
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}');
    let mut shown = String::new();
    for (i, c) in raw.chars().enumerate() {
        if i == NAME_CHARS {
            shown.push('…');
            break;
        }
        if c.is_control() || invisible(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    shown
}

fn out_reason(reason: OutReason) -> &'static str {
    match reason {
        OutReason::Resigned => "resigned",
        OutReason::AntiPassive => "out by the anti-passive rule",
        OutReason::TimeOuts => "out after three time-outs in a row",
        OutReason::OutOfTime => "out of time",
    }
}

fn end_reason(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Finished => "finished",
        EndReason::Resigned => "every opponent but one left the game",
        EndReason::Deadlock => "deadlock adjudication (no progress for 10 rounds)",
        EndReason::Blocked => "blocked (nobody could move)",
        EndReason::Team => "team result",
    }
}

/// What `replay` prints first: the game in a few lines (the final board follows).
fn summary(rec: &Record, game: &Game) -> String {
    format!("record ok: {}", summary_lines(rec, game))
}

/// A party game's items, a line each: every use and every box taken, with
/// the action's number and the player (the record is replayed again from
/// its start to see the events).
fn party_lines(rec: &Record) -> Result<String, RecordError> {
    let mut game = Record {
        actions: Vec::new(),
        turn_ms: 0,
        ..rec.clone()
    }
    .replay()?;
    let (mut uses, mut taken) = (0, 0);
    let mut lines = String::new();
    for (i, action) in rec.actions.iter().enumerate() {
        let events = game
            .apply(action.clone())
            .map_err(|error| RecordError::Action {
                number: i + 1,
                what: starhop_engine::record::describe(action, game.to_move()),
                error,
            })?;
        for e in events {
            match e {
                Event::ItemUsed { seat, item_use, .. } => {
                    uses += 1;
                    lines += &format!("  action {}, player {}: {item_use}\n", i + 1, seat + 1);
                }
                Event::ItemTaken {
                    seat,
                    hole,
                    item,
                    kept,
                } => {
                    taken += 1;
                    let lost = if kept { "" } else { " (lost: hand full)" };
                    lines += &format!(
                        "  action {}, player {}: took a box on {hole}: {item}{lost}\n",
                        i + 1,
                        seat + 1
                    );
                }
                _ => {}
            }
        }
    }
    Ok(format!("items: {uses} used, {taken} boxes taken\n{lines}"))
}

/// The game in a few lines: one per seat (with place and score once the game
/// is over), then the result or who is to move.
fn summary_lines(rec: &Record, game: &Game) -> String {
    let mut s = format!(
        "{} players, board size {}, {} actions\n",
        game.players(),
        game.rules().board_size,
        rec.actions.len()
    );
    let outcome = game.outcome();
    for seat in 0..game.players() as Seat {
        let p = game.player(seat);
        let name = rec
            .names
            .get(seat as usize)
            .map(|n| display_name(n))
            .unwrap_or_else(|| format!("player {}", seat + 1));
        let status = match p.status {
            Status::Playing => "playing".to_string(),
            Status::Finished { turns } => format!("finished in {turns} turns"),
            Status::Out { reason, .. } => out_reason(reason).to_string(),
        };
        let result = match outcome {
            Some(o) => {
                let place = format!(", place {}", o.places[seat as usize]);
                match &o.scores {
                    Some(scores) => format!("{place}, score {}", scores[seat as usize]),
                    None => place,
                }
            }
            None => String::new(),
        };
        s += &format!(
            "  {} {name}: {} turns, {} in target, {status}{result}\n",
            seat + 1,
            p.turns,
            game.position().in_target(seat)
        );
    }
    match outcome {
        Some(o) => {
            s += &format!("result: {}", end_reason(o.reason));
            if let Some(scores) = &o.scores {
                let scores: Vec<String> = scores.iter().map(|x| x.to_string()).collect();
                s += &format!(", scores {}", scores.join(" : "));
            }
            s += "\n";
        }
        None => s += &format!("to move: player {}\n", game.to_move() + 1),
    }
    s
}

//! `starhop-cli halma ...`: Halma (RULES §12) from the command line.

use crate::arena::wilson;
use clap::{Args, Subcommand};
use starhop_ai::Level;
use starhop_engine::halma::perft::perft;
use starhop_engine::halma::{HalmaGame, HalmaPosition, HalmaRules};
use starhop_engine::{Rng, shape::BoxGame};
use starhop_games::{BoxBot, Think};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum HalmaCommand {
    /// Count the leaf positions of all legal move sequences from the start
    /// (moves as distinct (from, to) pairs; the first seat in the corner at
    /// row 0, column 0, the others clockwise); one line per depth.
    Perft(PerftArgs),
    /// Two bots against each other over many two-player games (each pair of
    /// games from the same random opening plies, A first in one and second
    /// in the other).
    Arena(ArenaArgs),
}

#[derive(Args)]
pub struct ArenaArgs {
    /// A's level: beginner, easy, medium, hard or master.
    #[arg(long, default_value = "master")]
    a: String,
    /// B's level.
    #[arg(long, default_value = "medium")]
    b: String,
    /// Games (rounded up to pairs).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Milliseconds each bot may think per move.
    #[arg(long, default_value_t = 200)]
    think_ms: u64,
    /// Random plies that open each pair of games.
    #[arg(long, default_value_t = 2)]
    opening: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
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
        HalmaCommand::Arena(a) => arena(&a),
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

fn level(name: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown level {name:?}: beginner, easy, medium, hard or master"))
}

/// The longest a game may go (the deadlock rule ends stuck games sooner).
const MAX_PLIES: usize = 2000;

/// One game: `levels[seat]` plays each seat after `opening` random plies
/// from `seed`; A's score (1, ½ or 0) and the game's length.
fn play_game(
    levels: [Level; 2],
    a_seat: usize,
    opening: usize,
    seed: u64,
    think: Duration,
) -> (f32, usize, &'static str) {
    let mut game = HalmaGame::new(HalmaRules::for_players(2)).expect("two players");
    let mut rng = Rng::new(seed);
    for _ in 0..opening {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.below(moves.len() as u64) as usize];
        game.play(m.from, m.to).expect("a legal move");
    }
    let mut plies = 0;
    while !game.is_over() && plies < MAX_PLIES {
        let seat = game.to_move() as usize;
        let t = Think::new(levels[seat])
            .within(think)
            .seeded(seed ^ plies as u64);
        match game.bot_move(&t) {
            Some(m) => BoxGame::play(&mut game, &m).expect("the bot's move is legal"),
            None => break,
        }
        plies += 1;
    }
    let result = game.result();
    let reason = result.as_ref().map_or("unfinished", |r| r.reason);
    let score = result.and_then(|r| r.scores).map_or(0.5, |s| s[a_seat]);
    (score, plies, reason)
}

fn arena(args: &ArenaArgs) -> Result<(), String> {
    let (a, b) = (level(&args.a)?, level(&args.b)?);
    let pairs = args.games.div_ceil(2).max(1);
    let think = Duration::from_millis(args.think_ms);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(f32, usize, &str)>> = Mutex::default();
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..args.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= 2 * pairs {
                        break;
                    }
                    let a_seat = i % 2;
                    let levels = if a_seat == 0 { [a, b] } else { [b, a] };
                    let seed = args
                        .seed
                        .wrapping_mul(1_000_003)
                        .wrapping_add((i / 2) as u64);
                    let r = play_game(levels, a_seat, args.opening, seed, think);
                    results.lock().expect("results").push(r);
                }
            });
        }
    });
    let results = results.into_inner().expect("results");
    let n = results.len() as f64;
    let total: f64 = results.iter().map(|r| f64::from(r.0)).sum();
    let (w, d, l) = (
        results.iter().filter(|r| r.0 > 0.5).count(),
        results.iter().filter(|r| r.0 == 0.5).count(),
        results.iter().filter(|r| r.0 < 0.5).count(),
    );
    let (lo, hi) = wilson(total / n, n);
    let plies = results.iter().map(|r| r.1).sum::<usize>() as f64 / n;
    let mut reasons: Vec<&str> = results.iter().map(|r| r.2).collect();
    reasons.sort_unstable();
    reasons.dedup();
    let ends: Vec<String> = reasons
        .iter()
        .map(|&why| format!("{why} {}", results.iter().filter(|r| r.2 == why).count()))
        .collect();
    println!(
        "A {} vs B {}: {} games, A won {w}, drew {d}, lost {l}; A scored {:.1}% (95% {:.1}-{:.1}%); {:.0} plies a game; ended by {}; {:.1} s",
        a.name(),
        b.name(),
        results.len(),
        100.0 * total / n,
        100.0 * lo,
        100.0 * hi,
        plies,
        ends.join(", "),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

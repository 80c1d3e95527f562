//! `starhop-cli races`: how well the bots play two-player race endgames.
//!
//! Plays seeded two-player games between two bots of a level and keeps the
//! positions where the armies have passed each other. For each, the exact
//! race distance of the side to move is solved; then the bot chooses a move
//! without the race solver (its search alone) and with it, and each choice
//! counts as optimal when it leaves exactly one move less to go. The bot's
//! race solver starts without the answers solved for the measurement.

use clap::Args;
use starhop_ai::race::{forget, lane, separated};
use starhop_ai::{BotAction, Budget, Level, Options, choose_with};
use starhop_engine::{FirstMoveMethod, Game, Position, Preset, Rules, Seat};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct RacesArgs {
    /// Games to collect race positions from.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// The level of the bots measured (and of those playing the games).
    #[arg(long, default_value = "master")]
    level: String,
    /// Time per move of the bots in ms.
    #[arg(long, default_value_t = 200)]
    time_ms: u64,
    /// Node limit per move instead of time (deterministic games).
    #[arg(long)]
    nodes: Option<u64>,
    /// Race positions taken from each game (the first ones after passing).
    #[arg(long, default_value_t = 8)]
    per_game: usize,
    /// Seconds the solver may take to find a position's exact distance.
    #[arg(long, default_value_t = 20)]
    solve_seconds: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Exact distance of `seat` in `pos`, if the solver finishes in time.
fn exact(pos: &Position, seat: Seat, seconds: u64) -> Option<u32> {
    lane(pos, seat, false, Duration::from_secs(seconds))
        .filter(|l| l.exact)
        .map(|l| l.moves)
}

pub fn run(args: RacesArgs) -> Result<(), String> {
    let level: Level = args.level.parse()?;
    let budget = || match args.nodes {
        Some(n) => Budget {
            max_nodes: Some(n),
            ..Budget::default()
        },
        None => Budget::time_ms(args.time_ms),
    };
    let without = Options {
        race: false,
        ..Options::default()
    };
    let (mut positions, mut unsolved) = (0u32, 0u32);
    let (mut optimal_before, mut optimal_after) = (0u32, 0u32);
    let mut solve_time = Duration::ZERO;
    let bar = crate::progress_bar(args.games as u64, "games", true);
    for i in 0..args.games {
        let seed = args.seed + i as u64;
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed((i % 2) as Seat),
            ..Preset::Classic.rules()
        };
        let mut game = Game::new(rules, 2, seed).map_err(|e| e.to_string())?;
        let mut taken = 0;
        while !game.is_over() && game.actions().count() < 400 {
            let seat = game.to_move();
            if taken < args.per_game && separated(game.position(), false) {
                let t0 = Instant::now();
                let d = exact(game.position(), seat, args.solve_seconds);
                solve_time += t0.elapsed();
                match d {
                    None => unsolved += 1,
                    Some(d) => {
                        positions += 1;
                        taken += 1;
                        for (opts, count) in [
                            (without, &mut optimal_before),
                            (Options::default(), &mut optimal_after),
                        ] {
                            // The bot must find its answer within its own time,
                            // not read the one solved above.
                            forget();
                            let choice = choose_with(&game, level, budget(), seed, opts).action;
                            if let BotAction::Move(m) = choice {
                                let mut pos = game.position().clone();
                                pos.shift(seat, m.from, m.to);
                                let done = d == 1 && pos.has_finished(seat);
                                if done || exact(&pos, seat, args.solve_seconds) == Some(d - 1) {
                                    *count += 1;
                                }
                            }
                        }
                    }
                }
            }
            let action = choose_with(&game, level, budget(), seed, Options::default()).action;
            let ok = match action {
                BotAction::Move(m) => game.play(m).is_ok(),
                BotAction::Pass => game.pass().is_ok(),
                BotAction::Item(u) => game.use_item(u).is_ok(),
            };
            if !ok {
                return Err(format!("game {i}: illegal bot action {action:?}"));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let pct = |n: u32| 100.0 * n as f64 / positions.max(1) as f64;
    println!(
        "{} race positions from {} games ({} left unsolved in {} s)",
        positions, args.games, unsolved, args.solve_seconds
    );
    println!(
        "{} without the race solver: {} optimal ({:.1} %)",
        level.name(),
        optimal_before,
        pct(optimal_before)
    );
    println!(
        "{} with the race solver:    {} optimal ({:.1} %)",
        level.name(),
        optimal_after,
        pct(optimal_after)
    );
    println!(
        "mean time to solve a race exactly: {:.1} ms",
        solve_time.as_secs_f64() * 1000.0 / (positions + unsolved).max(1) as f64
    );
    Ok(())
}

//! `starhop-cli food-arena`: food-checkers bots against each other over many
//! seeded games. Bot A takes one seat (rotating through the seats, so it moves
//! first as often as anyone), bot B every other seat. A win shared by k
//! players counts 1/k.

use clap::Args;
use starhop_ai::Level;
use starhop_ai::food::bot::{choose_within, max_depth};
use starhop_engine::Rng;
use starhop_engine::food::{FoodGame, FoodRules, FoodStatus};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Args, Debug, Clone)]
pub struct FoodArenaArgs {
    /// Bot A: beginner, easy, medium, hard or master.
    #[arg(long)]
    a: Level,
    /// Bot B (every other seat).
    #[arg(long)]
    b: Level,
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Players per game, 2 to 6.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Holes of the hexagon: 37, 61 or 91.
    #[arg(long, default_value_t = 61)]
    holes: usize,
    /// Thinking time per move in ms for both bots (default: each level's own).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: FoodArenaArgs) -> Result<(), String> {
    let rules = FoodRules::table(args.holes, args.players);
    FoodGame::new(rules.clone()).map_err(|e| e.to_string())?;
    let bar = crate::progress_bar(args.games as u64, "food arena", args.games > 1);
    let stop = AtomicBool::new(false);
    let (mut a_score, mut a_captures, mut b_captures, mut moves) = (0.0, 0u64, 0u64, 0u64);
    let started = Instant::now();
    for i in 0..args.games {
        let seed = args.seed + i as u64;
        let a_seat = i % args.players;
        let mut game = FoodGame::new(rules.clone()).map_err(|e| e.to_string())?;
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            let level = if game.to_move() == a_seat {
                args.a
            } else {
                args.b
            };
            let think = args.time_ms.unwrap_or(u64::from(level.think_ms()));
            let deadline = Instant::now() + Duration::from_millis(think);
            let m = choose_within(
                &game,
                max_depth(level),
                Some(deadline),
                rng.next_u64(),
                &stop,
            )
            .ok_or("a game still playing has a move")?;
            game.play(&m.route).map_err(|e| e.to_string())?;
            moves += 1;
        }
        let FoodStatus::Over { winners, .. } = game.status() else {
            unreachable!("the loop ends when the game is over")
        };
        if winners.contains(&a_seat) {
            a_score += 1.0 / winners.len() as f64;
        }
        for (seat, &c) in game.captures().iter().enumerate() {
            if seat == a_seat {
                a_captures += u64::from(c);
            } else {
                b_captures += u64::from(c);
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let games = args.games as f64;
    let others = (args.players - 1) as f64;
    println!(
        "{} vs {} on {} holes, {} players, {} games: A scored {:.1} ({:.1} %; fair share {:.1} %)",
        args.a.name(),
        args.b.name(),
        args.holes,
        args.players,
        args.games,
        a_score,
        100.0 * a_score / games,
        100.0 / args.players as f64,
    );
    println!(
        "captures per game: A {:.1}, each B {:.1}; {:.1} moves per game; {:.1} s",
        a_captures as f64 / games,
        b_captures as f64 / games / others,
        moves as f64 / games,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

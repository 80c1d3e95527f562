//! `starhop`: run the game, or render one screenshot and exit.

use bevy::prelude::*;
use clap::Parser;
use starhop::play::{MatchSetup, SeatKind, quick_rules};
use starhop::screenshot::ShotOf;
use starhop::settings::Language;
use starhop::{LaunchOptions, StarhopPlugin};
use starhop_ai::Level;
use starhop_engine::FirstMoveMethod;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "starhop",
    version,
    about = "Starhop: Chinese checkers on a 3D star board"
)]
struct Args {
    /// Render, save a screenshot to FILE (PNG) and exit.
    #[arg(long, value_name = "FILE")]
    screenshot: Option<PathBuf>,
    /// What the screenshot shows.
    #[arg(long, value_enum, default_value_t = ShotOf::Game)]
    shot: ShotOf,
    /// Start straight into a game with this many players (2, 3, 4 or 6).
    #[arg(long)]
    players: Option<usize>,
    /// Board size for a quick start: 3, 4 or 5 rows per point.
    #[arg(long, default_value_t = 4)]
    size: u8,
    /// Play this many moves (greedy bot) before the screenshot.
    #[arg(long, default_value_t = 0)]
    moves: usize,
    /// How a quick-started game draws its first mover.
    #[arg(long, value_parser = ["coin", "rps", "lots"], default_value = "lots")]
    first: String,
    /// Make every seat of a quick-started game a bot of this level (watch them play).
    #[arg(long, value_name = "LEVEL")]
    bots: Option<Level>,
    /// Play seat 1 yourself against bots of this level in the other seats.
    #[arg(long, value_name = "LEVEL", conflicts_with = "bots")]
    vs: Option<Level>,
    /// Seed for a quick-started game.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Load a saved game (a record file).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Interface language.
    #[arg(long, value_parser = ["en", "zh"])]
    lang: Option<String>,
    /// Show marble shape marks (colour-blind aid) in this run.
    #[arg(long)]
    shapes: bool,
    /// Log the frame time of the game's own systems every five seconds.
    #[arg(long)]
    diagnostics: bool,
    /// Let the greedy bot play every seat (a demo; load for --diagnostics).
    #[arg(long)]
    autoplay: bool,
    /// Exit after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    quit_after: Option<f32>,
}

fn main() -> AppExit {
    let started = std::time::Instant::now();
    let args = Args::parse();
    let players = args.players.or(args.screenshot.as_ref().map(|_| 6));
    let quick_start = players.map(|n| {
        let mut rules = quick_rules(args.size);
        rules.first_move = match args.first.as_str() {
            "coin" => FirstMoveMethod::CoinToss,
            "rps" => FirstMoveMethod::RockPaperScissors,
            _ => FirstMoveMethod::Lots,
        };
        // The greedy bot that plays a screenshot's game out is too slow for the
        // anti-passive rule; the end screen should show a race that finished.
        rules.anti_passive &= args.shot != ShotOf::End;
        let mut setup = MatchSetup {
            seed: Some(args.seed),
            ..MatchSetup::new(n, rules)
        };
        for (i, seat) in setup.seats.iter_mut().enumerate() {
            match (args.bots, args.vs) {
                (Some(level), _) => seat.kind = SeatKind::Bot(level),
                (None, Some(level)) if i > 0 => seat.kind = SeatKind::Bot(level),
                _ => {}
            }
        }
        setup
    });
    let options = LaunchOptions {
        screenshot: args.screenshot,
        quick_start,
        moves: args.moves,
        shot_of: args.shot,
        load: args.load,
        language: args.lang.map(|l| {
            if l == "zh" {
                Language::Chinese
            } else {
                Language::English
            }
        }),
        diagnostics: args.diagnostics,
        started: Some(started),
        autoplay: args.autoplay,
        quit_after: args.quit_after,
    };
    let mut app = App::new();
    app.add_plugins(StarhopPlugin { options });
    if args.shapes {
        app.world_mut()
            .resource_mut::<starhop::settings::Settings>()
            .shape_marks = true;
    }
    app.run()
}

//! `starhop-cli draughts ...`: International and Russian draughts (RULES §11)
//! from the command line: perft, legal moves, random games, record replay and
//! a bot arena.
//!
//! The arena plays games in pairs: both games of a pair start from the same
//! few random opening plies (seeded), with A as White in one and as Black in
//! the other, so neither the opening nor the first move favours a side.

use crate::arena::wilson;
use clap::{Args, Subcommand};
use starhop_draughts::bot::{Budget, Level, think};
use starhop_draughts::perft::perft;
use starhop_draughts::{
    Game, Outcome, Position, Side, Variant, from_fen, move_text, read_record, to_fen,
};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum DraughtsCommand {
    /// Count the leaf positions of all legal move sequences; one line per depth.
    Perft(PerftArgs),
    /// List the legal moves of a position (and the pieces a capture must take).
    Moves(MovesArgs),
    /// Play a random game and write its record.
    Random(RandomArgs),
    /// Check a draughts record and print its moves and result.
    Replay {
        /// The record (JSON) to replay.
        file: PathBuf,
    },
    /// Bots against each other over many seeded games.
    Arena(ArenaArgs),
}

#[derive(Args)]
pub struct PerftArgs {
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Start position (`W:W31,...:B1,...`); the standard start if absent.
    #[arg(long)]
    fen: Option<String>,
    /// Deepest depth to count, 1 to 12.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=12))]
    depth: u32,
}

#[derive(Args)]
pub struct MovesArgs {
    #[arg(long, default_value = "international")]
    variant: Variant,
    #[arg(long)]
    fen: Option<String>,
}

#[derive(Args)]
pub struct RandomArgs {
    #[arg(long, default_value = "international")]
    variant: Variant,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Moves to play at most (the game may end sooner).
    #[arg(long, default_value_t = 60)]
    moves: usize,
    /// Where to write the record (standard output if absent).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Args, Clone)]
pub struct ArenaArgs {
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Bot A: beginner, easy, medium, hard or master.
    #[arg(long)]
    a: Level,
    /// Bot B.
    #[arg(long)]
    b: Level,
    /// Number of games (rounded up to pairs).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Time per move for both bots in ms (default: each level's own).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Node limit per move instead of time (deterministic games).
    #[arg(long)]
    nodes: Option<u64>,
    /// Random plies played before the bots take over (the same for both
    /// games of a pair).
    #[arg(long, default_value_t = 2)]
    opening: usize,
    /// Seed of the first pair (pair i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is stopped and counted as a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

pub fn run(cmd: DraughtsCommand) -> Result<(), String> {
    match cmd {
        DraughtsCommand::Perft(a) => run_perft(a),
        DraughtsCommand::Moves(a) => run_moves(a),
        DraughtsCommand::Random(a) => run_random(a),
        DraughtsCommand::Replay { file } => run_replay(file),
        DraughtsCommand::Arena(a) => run_arena(a),
    }
}

fn position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        Some(f) => from_fen(variant, f).map_err(|e| e.to_string()),
        None => Ok(Position::start(variant)),
    }
}

fn run_perft(a: PerftArgs) -> Result<(), String> {
    let pos = position(a.variant, a.fen.as_deref())?;
    for d in 1..=a.depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        println!("depth {d}: {n}");
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "  {:.3} s, {:.1} M leaves/s",
            s,
            n as f64 / s.max(1e-9) / 1e6
        );
    }
    Ok(())
}

fn run_moves(a: MovesArgs) -> Result<(), String> {
    let pos = position(a.variant, a.fen.as_deref())?;
    let moves = pos.legal_moves();
    println!(
        "{} to move: {} legal moves",
        pos.side_to_move().name(),
        moves.len()
    );
    for m in &moves {
        println!("{}", move_text(&pos, m));
    }
    let take = pos.must_take();
    if !take.is_empty() {
        let s: Vec<String> = take.iter().map(|s| s.to_string()).collect();
        println!("must take from: {}", s.join(","));
    }
    Ok(())
}

fn run_random(a: RandomArgs) -> Result<(), String> {
    let mut game = Game::new(a.variant);
    let mut rng = a.seed;
    for _ in 0..a.moves {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next(&mut rng) % moves.len() as u64) as usize];
        game.play(&m).map_err(|e| e.to_string())?;
    }
    let json = serde_json::to_string_pretty(&game.record()).map_err(|e| e.to_string())?;
    match a.out {
        Some(path) => {
            std::fs::write(&path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => println!("{json}"),
    }
    Ok(())
}

fn run_replay(file: PathBuf) -> Result<(), String> {
    let f = std::fs::File::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let (rec, game) = read_record(f).map_err(|e| format!("{}: {e}", file.display()))?;
    println!(
        "record ok: {} draughts, {} moves",
        rec.variant,
        game.ply_count()
    );
    for (i, pair) in game.notation().chunks(2).enumerate() {
        println!("{:>3}. {}", i + 1, pair.join(" "));
    }
    println!("position: {}", to_fen(game.position()));
    println!("{}", describe(game.outcome()));
    Ok(())
}

fn describe(o: Option<Outcome>) -> String {
    match o {
        None => "still playing".into(),
        Some(Outcome::Win { winner, reason }) => format!("{} wins ({reason:?})", winner.name()),
        Some(Outcome::Draw(rule)) => format!("draw: {}", rule.describe()),
    }
}

fn next(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

struct GameResult {
    /// 1 A won, 0 draw, -1 A lost.
    verdict: i32,
    reason: String,
    plies: usize,
    /// Per side (A, B): time thinking, moves searched, nodes, summed depth.
    time: [Duration; 2],
    searched: [u64; 2],
    nodes: [u64; 2],
    depth: [u64; 2],
}

fn play_one(a: &ArenaArgs, i: usize) -> Result<GameResult, String> {
    let pair = (i / 2) as u64;
    let a_side = if i.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    let mut game = Game::new(a.variant);
    let mut rng = a.seed.wrapping_add(pair);
    for _ in 0..a.opening {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(next(&mut rng) % moves.len() as u64) as usize];
        game.play(&m).map_err(|e| e.to_string())?;
    }
    let mut r = GameResult {
        verdict: 0,
        reason: String::new(),
        plies: 0,
        time: [Duration::ZERO; 2],
        searched: [0; 2],
        nodes: [0; 2],
        depth: [0; 2],
    };
    while !game.is_over() && game.ply_count() < a.max_plies {
        let side = game.side_to_move();
        let k = usize::from(side != a_side);
        let level = if k == 0 { a.a } else { a.b };
        let budget = match (a.nodes, a.time_ms) {
            (Some(n), _) => Budget::nodes(n),
            (None, Some(ms)) => Budget::time(Duration::from_millis(ms)),
            (None, None) => Budget::time(Duration::from_millis(u64::from(level.think_ms()))),
        };
        let t = Instant::now();
        let bot_seed = a.seed ^ (i as u64) << 20 ^ game.ply_count() as u64;
        let th = think(&game, level, &budget, bot_seed).ok_or("a game still playing has a move")?;
        r.time[k] += t.elapsed();
        if !th.forced {
            r.searched[k] += 1;
            r.nodes[k] += th.nodes;
            r.depth[k] += u64::from(th.depth);
        }
        game.play(&th.best).map_err(|e| format!("bot bug: {e}"))?;
    }
    r.plies = game.ply_count();
    match game.outcome() {
        None => r.reason = "ply cap".into(),
        Some(Outcome::Win { winner, reason }) => {
            r.verdict = if winner == a_side { 1 } else { -1 };
            r.reason = format!("{reason:?}");
        }
        Some(Outcome::Draw(rule)) => r.reason = format!("{rule:?}"),
    }
    Ok(r)
}

fn run_arena(a: ArenaArgs) -> Result<(), String> {
    let games = a.games.div_ceil(2) * 2;
    let bar = crate::progress_bar(games as u64, "draughts arena", games > 1);
    let next_game = AtomicUsize::new(0);
    let results: Mutex<Vec<Result<GameResult, String>>> = Mutex::new(vec![]);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..a.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next_game.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let r = play_one(&a, i);
                    results.lock().expect("no worker panics").push(r);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let results: Vec<GameResult> = results
        .into_inner()
        .map_err(|_| "a worker panicked")?
        .into_iter()
        .collect::<Result<_, _>>()?;
    let count = |v| results.iter().filter(|r| r.verdict == v).count();
    let (w, d, l) = (count(1), count(0), count(-1));
    let n = results.len() as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let (lo, hi) = wilson(score, n);
    let budget = match (a.nodes, a.time_ms) {
        (Some(nodes), _) => format!("{nodes} nodes per move"),
        (None, Some(ms)) => format!("{ms} ms per move"),
        (None, None) => "each level's own time".into(),
    };
    println!(
        "{} draughts, {} (A) vs {} (B), {} games, {budget}, {} random opening plies",
        a.variant,
        a.a,
        a.b,
        results.len(),
        a.opening
    );
    println!(
        "A: {w} wins, {d} draws, {l} losses; score {:.1}% (95% CI {:.1}%-{:.1}%, Wilson; draw = half)",
        100.0 * score,
        100.0 * lo,
        100.0 * hi
    );
    let plies: usize = results.iter().map(|r| r.plies).sum();
    println!("average game length: {:.1} plies", plies as f64 / n);
    let mut reasons: Vec<(String, usize)> = vec![];
    for r in &results {
        match reasons.iter_mut().find(|x| x.0 == r.reason) {
            Some(x) => x.1 += 1,
            None => reasons.push((r.reason.clone(), 1)),
        }
    }
    reasons.sort();
    let reasons: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("game ends: {}", reasons.join(", "));
    for (k, name) in [(0, "A"), (1, "B")] {
        let searched: u64 = results.iter().map(|r| r.searched[k]).sum();
        let nodes: u64 = results.iter().map(|r| r.nodes[k]).sum();
        let depth: u64 = results.iter().map(|r| r.depth[k]).sum();
        let t: Duration = results.iter().map(|r| r.time[k]).sum();
        println!(
            "{name}: {searched} searched moves, mean depth {:.1}, {:.0} nodes per move, {:.2} M nodes/s",
            depth as f64 / searched.max(1) as f64,
            nodes as f64 / searched.max(1) as f64,
            nodes as f64 / t.as_secs_f64().max(1e-9) / 1e6
        );
    }
    println!("{:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

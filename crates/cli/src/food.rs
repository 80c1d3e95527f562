//! Food checkers from the command line: `solve` (the peg-solitaire solver on
//! a single- or multi-vacancy start) and `food-puzzles` (the generator of the
//! puzzle collection, see `starhop_ai::food::puzzles`).
//!
//! `solve --json` prints one object:
//! `{"holes": 61, "vacant": [[q, r], ...], "finish": [q, r] | null,
//!   "moves": [[[q, r], ...], ...] | null, "minimal": bool,
//!   "lower_bound": N | null, "seconds": S, "nodes": N}` and, when `moves`
//! is null, `"reason"`: why no solution exists (or `"stopped"`).
//! `lower_bound` (with `--min-moves` and a solution): no solution has fewer
//! moves; the solution's length when minimal. Each move is the route of one
//! marble: its start, then the landing hole of each capture.
//! Exit codes: 0 solved, 1 no solution, 2 bad input.

use clap::Args;
use serde_json::json;
use starhop_ai::food::puzzles::Puzzle;
use starhop_ai::food::solver::{Solve, Verdict, last_marble_class, solve};
use starhop_engine::food::{FoodBoard, FoodPosition, Jump, bit};
use starhop_engine::{Hex, Rng};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
    /// With --min-moves: nodes each attempt to shorten the best solution
    /// from above may take before the proof from below starts (default
    /// 2000000); 0: no limit, shorten until nothing shorter exists, which
    /// proves the minimum from above.
    #[arg(long)]
    improve_nodes: Option<u64>,
    /// A beam search over whole chains keeping this many positions per move,
    /// each checked by a short search: alone, its solution (not proven
    /// shortest); with --min-moves, run first for a shorter upper bound.
    #[arg(long)]
    beam: Option<usize>,
    /// With --min-moves: prove from below by meeting in the middle (layers
    /// of positions from the start and back from the finishes, kept in
    /// memory, up to about 10 GB) instead of iterative deepening.
    #[arg(long)]
    meet: bool,
    /// Give up after this many seconds: with --min-moves, the shortest
    /// solution found so far is printed, not marked minimal.
    #[arg(long)]
    timeout: Option<f64>,
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
    let off = |h: Hex| {
        format!(
            "{},{} is off the {}-hole board (|q|, |r|, |q + r| at most {side})",
            h.q, h.r, args.holes
        )
    };
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
    let stop = match args.timeout {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return bad(format!("--timeout {t} is not a number of seconds"));
        }
        Some(t) => stop_after(t),
        None => &*Box::leak(Box::new(AtomicBool::new(false))),
    };
    let sol = solve(
        pos,
        &Solve {
            finish,
            min_moves: args.min_moves,
            stop: Some(stop),
            improve_nodes: args
                .improve_nodes
                .map(|n| if n == 0 { u64::MAX } else { n }),
            beam: args.beam.filter(|&w| w > 0),
            meet: args.meet,
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
            "lower_bound": sol.lower_bound,
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
                let proof = match sol.lower_bound {
                    _ if minimal => ", proven minimal".to_string(),
                    Some(n) => format!(", not proven minimal: none shorter than {n}"),
                    None => String::new(),
                };
                println!(
                    "solved in {} moves{proof} ({} captures)",
                    ms.len(),
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

#[derive(Args)]
pub struct PuzzleArgs {
    /// Where to write the collection (JSON), e.g. crates/ai/src/food/puzzles.json.
    #[arg(long)]
    out: std::path::PathBuf,
    /// Seconds each proof of a minimum may take (release build).
    #[arg(long, default_value_t = 3.0)]
    proof_seconds: f64,
}

/// Solver nodes above which a puzzle is left out: the collection's test
/// solves every puzzle again in a test build.
const TEST_NODES: u64 = 300_000;
/// Marbles above which no minimum is proven (meeting in the middle, within
/// `--proof-seconds`; the test proves each stored minimum again).
const MAX_PROOF_MARBLES: u32 = 30;
/// Seconds a puzzle may take to solve at all (release; most take far less).
const SOLVE_SECONDS: f64 = 20.0;
/// Backward-built positions tried per puzzle size.
const CANDIDATES: usize = 6;

/// Generates the puzzle collection: single-vacancy starts on every board
/// (one per symmetry class of the hole; on 91 holes no finish), a few with a
/// finishing hole, and smaller positions built backward from one marble by
/// random "unjumps" (each a capture undone), so solvable by construction,
/// finishing where that marble was. Difficulty grows with the marbles and
/// with how rarely random play gets down to one marble (on the finish).
/// Deterministic: the same program writes the same file.
pub fn puzzles_command(args: PuzzleArgs) -> ExitCode {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut rng = Rng::new(2026);
    for holes in [37, 61, 91] {
        let board = FoodBoard::with_holes(holes).expect("a board");
        for v in hole_classes(board) {
            let marbles = board.all & !bit(v);
            let pos = FoodPosition { board, marbles };
            let vh = board.hex(v);
            let base = format!("{holes}-v{}_{}", vh.q, vh.r);
            let mut finishes = vec![None];
            if holes < 91 {
                finishes.push(Some(board.centre));
                finishes.push(Some(v));
                // The nearest hole to the centre where a last marble can be.
                let class = last_marble_class(board, marbles);
                let near = (0..board.len() as u8)
                    .filter(|&c| Some(board.class(c)) == class && c != board.centre && c != v)
                    .min_by_key(|&c| (board.hex(c).distance(Hex::new(0, 0)), c));
                finishes.extend(near.map(Some));
            }
            for finish in finishes {
                let id = match finish {
                    None => base.clone(),
                    Some(f) if f == board.centre && v == board.centre => format!("{holes}-centre"),
                    Some(f) if f == board.centre => format!("{base}-to-centre"),
                    Some(f) if f == v => format!("{base}-to-itself"),
                    Some(f) => {
                        let h = board.hex(f);
                        format!("{base}-to{}_{}", h.q, h.r)
                    }
                };
                if out.iter().any(|p| p.id == id) {
                    continue;
                }
                if let Some((p, _)) = make_puzzle(id, pos, finish, &mut rng, &args, holes == 91) {
                    out.push(p);
                }
            }
        }
    }
    for (holes, counts) in [
        (
            37,
            &[4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26][..],
        ),
        (61, &[5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30][..]),
    ] {
        let board = FoodBoard::with_holes(holes).expect("a board");
        for &k in counts {
            // Several candidates, half of them compact; small ones keep the
            // easiest (the collection needs a gentle start), larger ones the
            // hardest that the test can still check quickly.
            let mut best: Option<(f64, Puzzle)> = None;
            for attempt in 0..CANDIDATES {
                let (pos, f) = backward(board, k, attempt % 2 == 0, &mut rng);
                let id = format!("{holes}-b{k}");
                let Some((p, luck)) = make_puzzle(id, pos, Some(f), &mut rng, &args, false) else {
                    continue;
                };
                let better = match &best {
                    None => true,
                    Some((l, _)) if k <= 10 => luck > *l,
                    Some((l, _)) => luck < *l,
                };
                if better {
                    best = Some((luck, p));
                }
            }
            out.extend(best.map(|(_, p)| p));
        }
    }
    // Easiest first; the ids stay whatever the order.
    out.sort_by_key(|p| (p.difficulty, p.holes, p.marbles.len()));
    let mut by = [0; 6];
    for p in &out {
        by[p.difficulty as usize] += 1;
    }
    eprintln!(
        "{} puzzles; by difficulty 1-5: {:?}; with a proven minimum: {}",
        out.len(),
        &by[1..],
        out.iter().filter(|p| p.min_moves.is_some()).count()
    );
    let text = serde_json::to_string_pretty(&out).expect("puzzles serialise") + "\n";
    if let Err(e) = std::fs::write(&args.out, text) {
        eprintln!("starhop-cli: cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// A stop flag raised after `secs` seconds.
fn stop_after(secs: f64) -> &'static AtomicBool {
    // Leaked: a few bytes per call of a command that runs once.
    let stop: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs_f64(secs));
        stop.store(true, Ordering::Relaxed);
    });
    stop
}

/// One hole of each class under the hexagon's 12 symmetries.
fn hole_classes(board: &'static FoodBoard) -> Vec<u8> {
    let mut seen = 0u128;
    let mut out = Vec::new();
    for c in 0..board.len() as u8 {
        if seen & bit(c) != 0 {
            continue;
        }
        for k in 0..12 {
            seen |= bit(board.symmetries[k][c as usize]);
        }
        out.push(c);
    }
    out
}

/// Builds a position of `k` marbles from one marble by random unjumps; returns
/// it and the hole of that one marble.
fn backward(
    board: &'static FoodBoard,
    k: usize,
    compact: bool,
    rng: &mut Rng,
) -> (FoodPosition, u8) {
    loop {
        let f = rng.below(board.len() as u64) as u8;
        // Compact: unjumps whose new marbles stay near the first marble.
        let spread = |j: &&Jump| {
            let (h, o) = (board.hex(f), board.hex(j.from));
            h.distance(o) + h.distance(board.hex(j.over))
        };
        let mut m = bit(f);
        while (m.count_ones() as usize) < k {
            let mut options: Vec<_> = FoodPosition { board, marbles: m }.unjumps().collect();
            if options.is_empty() {
                break;
            }
            if compact {
                let least = options.iter().map(spread).min().expect("not empty");
                options.retain(|j| spread(j) <= least + 1);
            }
            let j = options[rng.below(options.len() as u64) as usize];
            m ^= j.flips();
        }
        if m.count_ones() as usize == k {
            return (FoodPosition { board, marbles: m }, f);
        }
    }
}

/// Fraction of random games (a random legal move each turn, chains included)
/// that end with one marble (on the finish).
fn random_success(pos: FoodPosition, finish: Option<u8>, rng: &mut Rng, games: u32) -> f64 {
    let mut wins = 0;
    for _ in 0..games {
        let mut p = pos;
        loop {
            let moves = p.moves(false);
            if moves.is_empty() {
                break;
            }
            p = p.after(&moves[rng.below(moves.len() as u64) as usize]);
        }
        if p.count() == 1 && finish.is_none_or(|f| p.marbles == bit(f)) {
            wins += 1;
        }
    }
    wins as f64 / games as f64
}

fn make_puzzle(
    id: String,
    pos: FoodPosition,
    finish: Option<u8>,
    rng: &mut Rng,
    args: &PuzzleArgs,
    big: bool,
) -> Option<(Puzzle, f64)> {
    let board = pos.board;
    let quick = solve(
        pos,
        &Solve {
            finish,
            min_moves: false,
            stop: Some(stop_after(SOLVE_SECONDS)),
            improve_nodes: None,
            beam: None,
            meet: false,
        },
    );
    match quick.verdict {
        Verdict::Solved { .. } => {}
        Verdict::Stopped => {
            eprintln!("{id}: not solved in time, left out");
            return None;
        }
        Verdict::Impossible(_) => {
            eprintln!("{id}: no solution, left out");
            return None;
        }
    }
    if quick.nodes > TEST_NODES && !big {
        eprintln!("{id}: {} nodes to solve, left out", quick.nodes);
        return None;
    }
    let mut min_moves = None;
    // Full boards' minima take far longer than a generator run.
    if !big && pos.count() <= MAX_PROOF_MARBLES {
        let stop = stop_after(args.proof_seconds);
        let min = solve(
            pos,
            &Solve {
                finish,
                min_moves: true,
                stop: Some(stop),
                improve_nodes: None,
                beam: None,
                meet: true,
            },
        );
        if let Verdict::Solved {
            moves,
            minimal: true,
        } = &min.verdict
        {
            min_moves = Some(moves.len() as u32);
        }
    }
    let p = random_success(pos, finish, rng, 400);
    let by_luck = match p {
        x if x >= 0.25 => 1,
        x if x >= 0.05 => 2,
        x if x >= 0.01 => 3,
        x if x > 0.0 => 4,
        _ => 5,
    };
    let by_size = match pos.count() {
        0..=6 => 1,
        7..=10 => 2,
        11..=16 => 3,
        17..=24 => 4,
        _ => 5,
    };
    // Full boards: by size and by the finish, random play never solves them.
    let difficulty = match (board.len(), pos.count() + 1 == board.len() as u32, finish) {
        (37, true, None) => 3,
        (37, true, Some(_)) | (61, true, None) => 4,
        (_, true, _) => 5,
        _ => (by_luck + by_size) / 2,
    } as u8;
    eprintln!(
        "{id}: {} marbles, random success {p:.3}, difficulty {difficulty}, min moves {min_moves:?}, {} nodes",
        pos.count(),
        quick.nodes
    );
    let puzzle = Puzzle {
        id,
        holes: board.len(),
        marbles: starhop_engine::food::cells(pos.marbles)
            .map(|c| board.hex(c))
            .collect(),
        finish: finish.map(|f| board.hex(f)),
        min_moves,
        difficulty,
        solution: None,
    };
    Some((puzzle, p))
}

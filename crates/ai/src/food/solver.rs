//! The peg-solitaire solver for food checkers without slides.
//!
//! CONTRACT (the game and the command line call exactly these): `solve`,
//! `hint`, `Solve`, `Solution`, `Verdict`, `Hint`.
//!
//! How it searches:
//! - Positions live on a padded axial grid (row `r`, column `q`, width
//!   `2n + 1`) as a `u128`, so all captures in one direction are found with
//!   three shifts and a precomputed mask of the cells where that capture fits.
//! - Position classes (`(q - r) mod 3`): every capture flips the parity of all
//!   three class counts, so the pair (n0 + n1, n1 + n2) mod 2 never changes and
//!   names the only class a last marble can stand on. Starts that cannot
//!   reach one marble (on the finish) this way are answered without search.
//! - Pagoda functions ([`pagodas`]): a weight per cell that no capture can
//!   raise; a position worth less than the finish is cut.
//! - Depth-first search over single captures (a chain is a run of captures by
//!   one marble, merged afterwards) with a table of dead positions, keyed by the
//!   least image under the symmetries that fix the finish, and sleep sets:
//!   a capture tried earlier that shares no hole with the captures since is
//!   not tried again (captures on disjoint holes commute), so each position
//!   is reached through far fewer orders of the same captures.
//! - Move ordering: fewest isolated marbles after the capture, then outer
//!   marbles first (or a sweep, or mobility, or a seeded nudge): the search
//!   restarts with another ordering and a new node budget, keeping the dead
//!   table, since no single ordering is good on every start. Solving and
//!   hints restart with a new seeded nudge and budgets in the Luby sequence
//!   (most positions of play are solved within a few thousand nodes by some
//!   order, and by others not in millions); the fewest-moves search's first
//!   solutions go through the four orderings with doubling budgets.
//! - The dead table (`dead.rs`) can be shared by threads: a hint's two
//!   threads, and pondering's, each skip what the other has proven.
//! - Hints remember the solutions found, position by position. A hint
//!   whose search gives up within its budget hands over to beam searches
//!   (`beam.rs`): each keeps the few hundred or thousand most promising
//!   positions per capture under one of three scorings, and often finds a
//!   solution the search would take seconds for; it never proves that none
//!   exists.
//! - Fewest moves: an upper bound from first solutions (chains preferred,
//!   captures reordered to merge chains), shortened by the same search held
//!   to a move limit, then iterative deepening over whole chains from a lower
//!   bound (each full "closed" region, e.g. an occupied corner, needs a move
//!   starting in it) with a table of (position, moves) known to fail; or,
//!   with `Solve::meet`, each length decided by meeting in the middle
//!   (`meet.rs`).
//!   `STARHOP_DEBUG` in the environment prints its progress on stderr.

mod beam;
mod dead;
mod meet;

use dead::DeadTable;

use starhop_engine::food::{Cell, FoodBoard, FoodMove, FoodPosition};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// What to solve for.
#[derive(Clone, Debug, Default)]
pub struct Solve<'a> {
    /// The hole the last marble must finish on; `None`: anywhere.
    pub finish: Option<Cell>,
    /// Find the fewest moves (a chain counts as one) and prove it minimal.
    /// If the stop flag is raised after a solution was found, that shortest
    /// solution so far comes back with `minimal: false`.
    pub min_moves: bool,
    /// Raised from outside to give up early.
    pub stop: Option<&'a AtomicBool>,
    /// Fewest moves: the nodes each attempt to shorten the best solution
    /// from above may take before the proof from below starts (`None`: 2 M).
    /// Without a limit, the shortening alone goes on until it finds nothing
    /// shorter, which proves the best minimal.
    pub improve_nodes: Option<u64>,
    /// A beam search over whole chains keeping this many positions per move
    /// (`None`: no beam). With `min_moves` it runs before the shortening;
    /// without, its solution is the answer (never marked minimal), or
    /// `Impossible` when the beam kept nothing that leads on (a wider beam
    /// may).
    pub beam: Option<usize>,
    /// Fewest moves: prove from below by meeting in the middle (layers
    /// from the start and back from the finishes, both kept in memory: far
    /// fewer positions than iterative deepening, up to about 10 GB)
    /// instead of iterative deepening.
    pub meet: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Moves to one marble (chains as single moves); `minimal` when proven shortest.
    Solved { moves: Vec<FoodMove>, minimal: bool },
    /// No way to one marble (on the finish), and why in words.
    Impossible(String),
    /// The stop flag was raised first.
    Stopped,
}

#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    /// With `min_moves` and a solution: no solution has fewer moves. The
    /// solution's own length when it is proven minimal; when the search
    /// gave up, one more than the longest length ruled out (or the bound at
    /// the start).
    pub lower_bound: Option<u32>,
    pub nodes: u64,
    pub seconds: f64,
}

/// A hint for the player of a solo game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A move from which one marble (on the finish) can still be reached.
    Move(FoodMove),
    /// Nothing leads to one marble from here.
    NoSolution,
    /// Stopped before an answer.
    Unknown,
}

/// Solves a position: one marble left (on `opts.finish`), by captures only.
pub fn solve(pos: FoodPosition, opts: &Solve) -> Solution {
    let t = Instant::now();
    let geo = Geo::of(pos.board);
    if opts.finish.is_some_and(|f| f as usize >= pos.board.len()) {
        return Solution {
            verdict: Verdict::Impossible("the finish is not a hole of this board".into()),
            lower_bound: None,
            nodes: 0,
            seconds: t.elapsed().as_secs_f64(),
        };
    }
    let m = geo.to_grid(pos.marbles & pos.board.all);
    let finish = opts.finish.map(|c| geo.grid_of[c as usize]);
    let mut nodes = 0;
    // The fewest-moves search's bound from below, as far as it got.
    let mut searched_lower = None;
    let verdict = match (quick_verdict(geo, m, finish), opts.beam) {
        (Some(v), _) => v,
        (None, _) if opts.min_moves => {
            let mut s = MinSearch::new(geo, finish, opts.stop, m.count_ones());
            s.improve = opts.improve_nodes.unwrap_or(IMPROVE_NODES);
            s.beam = opts.beam;
            s.meet = opts.meet;
            let v = s.run(m);
            nodes = s.nodes;
            searched_lower = Some(u32::from(s.lower));
            v
        }
        (None, Some(width)) => {
            let mut s = MinSearch::new(geo, finish, opts.stop, m.count_ones());
            let start = FoodPosition {
                marbles: pos.marbles & pos.board.all,
                ..pos
            };
            let v = match s.beam(m, start, width, usize::MAX) {
                Some(moves) => Verdict::Solved {
                    moves,
                    minimal: false,
                },
                None if s.stopped => Verdict::Stopped,
                None => Verdict::Impossible(format!("the beam of {width} found no solution")),
            };
            nodes = s.nodes;
            v
        }
        (None, None) => {
            let bits = table_bits(geo, m.count_ones());
            let mut s = Search::restarting(geo, finish, opts.stop, None, bits);
            let v = match s.run(m) {
                Some(true) => Verdict::Solved {
                    moves: geo.chains(pos, &s.path),
                    minimal: false,
                },
                Some(false) => Verdict::Impossible(format!(
                    "the search tried every sequence of captures: none leaves one marble{}",
                    if finish.is_some() {
                        " on the finish"
                    } else {
                        ""
                    }
                )),
                None => Verdict::Stopped,
            };
            nodes = s.nodes;
            v
        }
    };
    let lower_bound = match &verdict {
        Verdict::Solved { moves, minimal } => {
            remember(pos, opts.finish, moves);
            if *minimal && opts.min_moves {
                Some(moves.len() as u32)
            } else {
                searched_lower
            }
        }
        _ => None,
    };
    Solution {
        verdict,
        lower_bound,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
    }
}

type Key = (u8, u128, Option<Cell>);

/// What hints have learnt, kept between hints and between games: position
/// by position, the next move of a solution found (`None`: no solution);
/// and the dead tables of the last board and finish searched, which a
/// search takes while it runs and gives back (the threads of one hint, or
/// of pondering, share one: see `shared_table`).
#[derive(Default)]
struct Memory {
    known: HashMap<Key, Option<FoodMove>>,
    dead: Vec<Dead>,
}

struct Dead {
    size: u8,
    finish: Option<u8>,
    table: Arc<DeadTable>,
}

fn memory() -> std::sync::MutexGuard<'static, Memory> {
    static MEMORY: OnceLock<Mutex<Memory>> = OnceLock::new();
    let m = MEMORY.get_or_init(Default::default);
    // A search that panicked held no lock: the memory is still sound.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Positions remembered at most (then the memory starts again).
const KNOWN_MAX: usize = 200_000;

/// Dead tables kept at most: a hint's quick search may run beside
/// pondering, each with its own.
const TABLES_KEPT: usize = 2;

/// Threads a hint or pondering uses at most (one per core of the 2-core
/// machines measured).
const MOST_WORKERS: usize = 2;

/// Forgets everything hints have learnt (they search again): for
/// measurements of a first hint.
pub fn forget() {
    *memory() = Memory::default();
}

fn remember(pos: FoodPosition, finish: Option<Cell>, moves: &[FoodMove]) {
    let mut mem = memory();
    if mem.known.len() + moves.len() > KNOWN_MAX {
        mem.known.clear();
    }
    let mut p = pos;
    for m in moves {
        mem.known
            .insert((p.board.size, p.marbles, finish), Some(m.clone()));
        p = p.after(m);
    }
}

/// Remembers that no solution exists from `pos`, nor from any position one
/// move on (captures never put a marble back, so what follows a dead
/// position is dead too): a player who plays on from there is answered at
/// once, where a search of the next position could take long.
fn remember_dead(pos: FoodPosition, finish: Option<Cell>) {
    let (after, _) = positions_after(pos);
    let mut mem = memory();
    if mem.known.len() + 1 + after.len() > KNOWN_MAX {
        mem.known.clear();
    }
    for p in std::iter::once(pos).chain(after) {
        mem.known.insert((p.board.size, p.marbles, finish), None);
    }
}

/// The hint already known for a position, from a solution or a proof met
/// before (also inside a search's dead table), without searching.
pub fn recall(pos: FoodPosition, finish: Option<Cell>) -> Option<Hint> {
    known(pos, finish).or_else(|| in_dead_tables(pos, finish).then_some(Hint::NoSolution))
}

/// The hint remembered for a position, with the positions after a dead one.
fn known(pos: FoodPosition, finish: Option<Cell>) -> Option<Hint> {
    let mem = memory();
    let known = mem.known.get(&(pos.board.size, pos.marbles, finish))?;
    Some(known.clone().map_or(Hint::NoSolution, Hint::Move))
}

/// Whether a search's dead table holds the position (the positions after
/// it are not there: the tables keep only what the searches met).
fn in_dead_tables(pos: FoodPosition, finish: Option<Cell>) -> bool {
    let geo = Geo::of(pos.board);
    let f = finish.and_then(|c| geo.grid_of.get(c as usize).copied());
    let m = geo.to_grid(pos.marbles & pos.board.all);
    let key = geo.least_image(&geo.stabiliser(f), m);
    // Keyed by the position itself or by its least image (see `Search::run`).
    memory()
        .dead
        .iter()
        .filter(|d| d.size == pos.board.size && d.finish == f)
        .any(|d| d.table.contains(m) || d.table.contains(key))
}

/// A dead table kept for this board and finish, if any.
fn take_dead(size: u8, finish: Option<u8>) -> Option<Arc<DeadTable>> {
    let mut mem = memory();
    mem.dead.retain(|d| d.size == size && d.finish == finish);
    mem.dead.pop().map(|d| d.table)
}

fn keep_dead(size: u8, finish: Option<u8>, table: Arc<DeadTable>) {
    let mut mem = memory();
    if mem.dead.iter().any(|d| Arc::ptr_eq(&d.table, &table)) {
        return;
    }
    mem.dead.push(Dead {
        size,
        finish,
        table,
    });
    if mem.dead.len() > TABLES_KEPT {
        mem.dead.remove(0);
    }
}

/// The first move of some solution (a whole chain as the solution plays it),
/// or that none exists. Solutions found are remembered position by
/// position, so a player who follows the hints gets each next one at once;
/// so are proofs that none exists, and the dead positions met on the way.
/// After a quick search (and beam searches if it gives up, see `decide`),
/// one core searches on from here until it decides, while the other takes
/// the positions after the moves in turn, each with a growing node budget
/// (see `by_moves`), both with one dead table; the first answer ends both.
pub fn hint(pos: FoodPosition, finish: Option<Cell>, stop: Option<&AtomicBool>) -> Hint {
    let quick = decide(pos, finish, [stop, None], QUICK, None);
    if quick != Hint::Unknown || stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return quick;
    }
    let never = AtomicBool::new(false);
    search_on(pos, finish, stop.unwrap_or(&never))
}

/// `hint` after its quick search left `pos` undecided (see there).
fn search_on(pos: FoodPosition, finish: Option<Cell>, stop: &AtomicBool) -> Hint {
    let (after, firsts) = positions_after(pos);
    let workers = workers();
    let done = AtomicBool::new(false);
    // One core proves (or solves) from here, the others go through the
    // positions after each move: a proof that none exists was about twice
    // as fast as by those positions one by one. All share one dead table,
    // so each skips what the others have proven: that made the proofs
    // about twice as fast again.
    let (table, f) = shared_table(pos, finish);
    let (proof, found) = if workers > 1 {
        std::thread::scope(|scope| {
            let prover = scope.spawn(|| {
                let stops = [Some(stop), Some(&done)];
                let hint = decide(pos, finish, stops, ENDLESS, Some(&table));
                done.store(true, Ordering::Relaxed);
                hint
            });
            let found = by_moves(&after, finish, stop, true, &done, workers - 1, Some(&table));
            done.store(true, Ordering::Relaxed);
            (prover.join().unwrap_or(Hint::Unknown), found)
        })
    } else {
        let found = by_moves(&after, finish, stop, true, &done, workers, Some(&table));
        (Hint::Unknown, found)
    };
    keep_dead(pos.board.size, f, table);
    if proof != Hint::Unknown {
        return proof;
    }
    if let Some(i) = found {
        let mv = firsts[i].clone();
        remember(pos, finish, std::slice::from_ref(&mv));
        return Hint::Move(mv);
    }
    if stop.load(Ordering::Relaxed) {
        return Hint::Unknown;
    }
    remember_dead(pos, finish);
    Hint::NoSolution
}

/// A dead table for searches on several threads at once: one of the memory
/// (a hint's quick search just used it) or a new one, at full size on huge
/// pages, since a shared table cannot grow while in use. With the finish
/// as a grid index, for `keep_dead`.
fn shared_table(pos: FoodPosition, finish: Option<Cell>) -> (Arc<DeadTable>, Option<u8>) {
    let geo = Geo::of(pos.board);
    let f = finish.and_then(|c| geo.grid_of.get(c as usize).copied());
    let bits = hint_table_bits(geo);
    let mut table = take_dead(pos.board.size, f).unwrap_or_else(|| Arc::new(DeadTable::new(bits)));
    if let Some(t) = Arc::get_mut(&mut table) {
        t.move_to_huge_pages(bits);
    }
    (table, f)
}

/// `hint` by one search giving up after `round.nodes` nodes or when either
/// flag is raised, with the dead table `shared` (other searches use it at
/// the same time) or one taken from the memory and given back; then, if the
/// round has beams, by beam searches for a solution, each width under each
/// scoring.
fn decide(
    pos: FoodPosition,
    finish: Option<Cell>,
    stops: [Option<&AtomicBool>; 2],
    round: Round,
    shared: Option<&Arc<DeadTable>>,
) -> Hint {
    if let Some(hint) = known(pos, finish) {
        return hint;
    }
    if in_dead_tables(pos, finish) {
        // Remembered with what follows it, which the tables may not hold.
        remember_dead(pos, finish);
        return Hint::NoSolution;
    }
    let geo = Geo::of(pos.board);
    if finish.is_some_and(|f| f as usize >= pos.board.len()) {
        return Hint::NoSolution;
    }
    let m = geo.to_grid(pos.marbles & pos.board.all);
    let f = finish.map(|c| geo.grid_of[c as usize]);
    let found = match quick_verdict(geo, m, f) {
        Some(Verdict::Solved { moves, .. }) => Some(moves),
        Some(_) => None,
        None => {
            let dead = shared.cloned().or_else(|| take_dead(pos.board.size, f));
            let bits = hint_table_bits(geo);
            let mut s = Search::restarting(geo, f, stops[0], dead, bits);
            s.also = stops[1];
            s.cap = round.nodes;
            let result = s.run(m);
            if shared.is_none() {
                keep_dead(pos.board.size, f, s.dead.clone());
            }
            match result {
                Some(true) => Some(geo.chains(pos, &s.path)),
                Some(false) => None,
                None => {
                    let path = (!s.stopped)
                        .then(|| {
                            round.beams.iter().find_map(|&width| {
                                beam::SCORINGS.iter().find_map(|&scoring| {
                                    beam::first_solution(geo, m, f, width, scoring, stops)
                                })
                            })
                        })
                        .flatten();
                    match path {
                        Some(path) => Some(geo.chains(pos, &path)),
                        None => return Hint::Unknown,
                    }
                }
            }
        }
    };
    match found {
        Some(moves) => {
            remember(pos, finish, &moves);
            moves
                .into_iter()
                .next()
                .map_or(Hint::NoSolution, Hint::Move)
        }
        None => {
            remember_dead(pos, finish);
            Hint::NoSolution
        }
    }
}

/// Hints' dead tables: at most 4 M slots (64 MB each), so the memory stays
/// in the game.
const HINT_TABLE_BITS: u32 = 22;

/// The full size of a hint's dead table on `geo`'s board (log2 of slots).
fn hint_table_bits(geo: &Geo) -> u32 {
    table_bits(geo, u32::MAX).min(HINT_TABLE_BITS)
}

/// One round of `decide`: the search's node budget, then the widths (the
/// positions a layer each beam search keeps) tried in turn if it gives up.
#[derive(Clone, Copy)]
struct Round {
    nodes: u64,
    beams: &'static [usize],
}

/// A hint's first search: as the second of `ROUNDS` (300,000 nodes, then
/// beams of 256), then beams of 1,024 (0.03 to 0.12 s each on positions of
/// 91 holes). Of 46 first hints on 91 holes left undecided after a second
/// (with another search on one core), a beam of 1,024 at the root solved
/// 18. On 300 first hints per board (`hint_latency`), the undecided went
/// from 19 to 15 on 91 holes and from 44 to 43 on 61; beams of 4,096 as
/// well gave 14 and 43, while taking up to two seconds more before a proof
/// that none exists.
const QUICK: Round = Round {
    nodes: 300_000,
    beams: &[256, 1024],
};

/// A search until stopped, with no beam.
const ENDLESS: Round = Round {
    nodes: u64::MAX,
    beams: &[],
};

/// The rounds over the positions after each move (hints and pondering):
/// every one gets a small budget first, so the easy ones are all answered
/// before a hard one takes the time. A beam keeping 256 positions took
/// 0.02 to 0.35 s on positions of 91 holes, about as long as the search's
/// 300,000 nodes; the last round searches until stopped.
const ROUNDS: [Round; 4] = [
    Round {
        nodes: 20_000,
        beams: &[],
    },
    Round {
        nodes: 300_000,
        beams: &[256],
    },
    Round {
        nodes: 5_000_000,
        beams: &[2048],
    },
    ENDLESS,
];

/// The different positions one move on, with a move to each.
fn positions_after(pos: FoodPosition) -> (Vec<FoodPosition>, Vec<FoodMove>) {
    let mut pairs: Vec<(FoodPosition, FoodMove)> = pos
        .moves(false)
        .into_iter()
        .map(|m| (pos.after(&m), m))
        .collect();
    pairs.sort_by_key(|(p, _)| p.marbles);
    pairs.dedup_by_key(|(p, _)| p.marbles);
    pairs.into_iter().unzip()
}

/// The threads hints and pondering use: one per core.
fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MOST_WORKERS))
}

/// Decides the positions in `after` on `workers` threads, in rounds of
/// growing node budgets, until all are decided or `stop` or `done` is
/// raised; with `first_way`, stops at the first from which one marble can
/// be reached, raises `done` and returns its index. The searches use the
/// dead table `shared`, or each one of the memory.
fn by_moves(
    after: &[FoodPosition],
    finish: Option<Cell>,
    stop: &AtomicBool,
    first_way: bool,
    done: &AtomicBool,
    workers: usize,
    shared: Option<&Arc<DeadTable>>,
) -> Option<usize> {
    let found = Mutex::new(None);
    let finished =
        |p: &FoodPosition| p.count() == 1 && finish.is_none_or(|f| p.marbles == 1u128 << f);
    for round in ROUNDS {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let open = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let (next, open, found) = (&next, &open, &found);
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= after.len()
                            || done.load(Ordering::Relaxed)
                            || stop.load(Ordering::Relaxed)
                        {
                            return;
                        }
                        let stops = [Some(stop), Some(done)];
                        let way = finished(&after[i])
                            || match decide(after[i], finish, stops, round, shared) {
                                Hint::Move(_) => true,
                                Hint::NoSolution => false,
                                Hint::Unknown => {
                                    open.fetch_add(1, Ordering::Relaxed);
                                    false
                                }
                            };
                        if way && first_way {
                            *found.lock().unwrap_or_else(|e| e.into_inner()) = Some(i);
                            done.store(true, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        if done.load(Ordering::Relaxed)
            || stop.load(Ordering::Relaxed)
            || open.load(Ordering::Relaxed) == 0
        {
            break;
        }
    }
    found.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Works out, while the player thinks, the hint after each move from `pos`,
/// on every core, until done or stopped; `hint` then answers from memory.
/// Returns how many of the positions after a move are decided.
pub fn ponder(pos: FoodPosition, finish: Option<Cell>, stop: &AtomicBool) -> usize {
    let (after, _) = positions_after(pos);
    let (table, f) = shared_table(pos, finish);
    let done = AtomicBool::new(false);
    by_moves(&after, finish, stop, false, &done, workers(), Some(&table));
    keep_dead(pos.board.size, f, table);
    after
        .iter()
        .filter(|p| recall(**p, finish).is_some())
        .count()
}

/// The class (`(q - r) mod 3`) the last marble must stand on, from the class
/// parities of `marbles`; `None` when no single marble matches (the start can
/// never come down to one marble).
pub fn last_marble_class(board: &'static FoodBoard, marbles: u128) -> Option<u8> {
    let n = FoodPosition { board, marbles }.class_counts();
    class_of_parities(n)
}

fn class_of_parities(n: [u32; 3]) -> Option<u8> {
    // The invariant (n0 + n1, n1 + n2) mod 2 of one marble on class 0, 1, 2.
    let v = ((n[0] + n[1]) % 2, (n[1] + n[2]) % 2);
    match v {
        (1, 0) => Some(0),
        (1, 1) => Some(1),
        (0, 1) => Some(2),
        _ => None,
    }
}

/// Answers without search: nothing on the board, already one marble, the
/// class argument, the pagodas, no capture at all.
fn quick_verdict(geo: &Geo, m: u128, finish: Option<u8>) -> Option<Verdict> {
    if let Some(why) = refusal(geo, m, finish) {
        return Some(Verdict::Impossible(why.to_string()));
    }
    (m.count_ones() == 1).then(|| Verdict::Solved {
        moves: vec![],
        minimal: true,
    })
}

/// Why a position cannot end with one marble (on the finish), found
/// without search; kept apart from its message so that the beam, which
/// asks for every child, formats none.
enum Refusal {
    Empty,
    LastOffFinish,
    /// The class counts have parities no single marble has.
    Parities([u32; 3]),
    /// The counts, the class the last marble would be on, the finish's.
    ClassOffFinish([u32; 3], u8, u8),
    /// The position's worth and a marble's on the finish.
    Pagoda(i64, i64),
    NoCapture,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Empty => write!(f, "the board is empty"),
            Refusal::LastOffFinish => write!(f, "one marble is left, but not on the finish"),
            Refusal::Parities(counts) => write!(
                f,
                "position classes: the class counts {counts:?} (cells with (q - r) mod 3 = 0, 1, \
                 2) have parities that no single marble has, and every capture flips all three"
            ),
            Refusal::ClassOffFinish(counts, class, finish) => write!(
                f,
                "position classes: the class counts {counts:?} leave a last marble only on class \
                 {class} ((q - r) mod 3), and the finish is on class {finish}"
            ),
            Refusal::Pagoda(worth, finish) => write!(
                f,
                "pagoda function: the position is worth {worth} and a marble on the finish \
                 {finish}, and no capture raises the worth"
            ),
            Refusal::NoCapture => write!(f, "no capture is possible"),
        }
    }
}

/// The reason `m` cannot finish, if one is found without search (`None`
/// also for one marble on the finish: solved).
fn refusal(geo: &Geo, m: u128, finish: Option<u8>) -> Option<Refusal> {
    match m.count_ones() {
        0 => return Some(Refusal::Empty),
        1 => {
            return finish
                .filter(|&f| m != 1u128 << f)
                .map(|_| Refusal::LastOffFinish);
        }
        _ => {}
    }
    let counts = geo.class.map(|c| (c & m).count_ones());
    let Some(class) = class_of_parities(counts) else {
        return Some(Refusal::Parities(counts));
    };
    if let Some(f) = finish {
        if geo.class_of[f as usize] != class {
            return Some(Refusal::ClassOffFinish(
                counts,
                class,
                geo.class_of[f as usize],
            ));
        }
        if let Some((worth, at_finish)) = geo.pagoda_cut(m, f) {
            return Some(Refusal::Pagoda(worth, at_finish));
        }
    }
    geo.jumps(m).is_empty().then_some(Refusal::NoCapture)
}

/// One capture on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct J {
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

impl J {
    fn flips(self) -> u128 {
        (1u128 << self.from) | (1u128 << self.over) | (1u128 << self.to)
    }
}

/// A pagoda function on the grid, for one finishing cell: integer weights
/// with `w(from) + w(over) >= w(to)` for every capture.
#[derive(Clone, Debug)]
pub struct Pagoda {
    /// Weight of each engine cell.
    pub weights: Vec<i64>,
}

/// The pagoda functions the solver uses for a finish on `finish` (engine
/// cells), for the tests to verify.
pub fn pagodas(board: &'static FoodBoard, finish: Cell) -> Vec<Pagoda> {
    let geo = Geo::of(board);
    let f = geo.grid_of[finish as usize];
    geo.pagodas_for(f)
        .into_iter()
        .map(|w| Pagoda {
            weights: (0..board.len())
                .map(|c| w[geo.grid_of[c] as usize])
                .collect(),
        })
        .collect()
}

/// Fibonacci numbers from F(1) = F(2) = 1.
fn fib(k: usize) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..k {
        (a, b) = (b, a + b);
    }
    a
}

/// Padded axial grid of one board size, with the tables the search needs.
pub(crate) struct Geo {
    n: i32,
    w: i32,
    /// The board's cells on the grid.
    cells: u128,
    /// Engine cell -> grid index, and back.
    grid_of: Vec<u8>,
    cell_of: [u8; 128],
    /// The three positive shifts (+q, +r, +r-q) and where a capture fits.
    shift: [u32; 3],
    fits_up: [u128; 3],
    fits_down: [u128; 3],
    /// Where one step along each positive shift (or back) stays on the board.
    step_up: [u128; 3],
    step_down: [u128; 3],
    class: [u128; 3],
    class_of: [u8; 128],
    corners: u128,
    /// `hops[i]`: (over, to) of every capture from grid cell `i`.
    hops: Vec<Vec<(u8, u8)>>,
    /// Closed regions but the corners, smallest first: pairs of
    /// neighbouring edge cells, then a cell with its neighbours.
    regions: Vec<u128>,
    /// The same regions as bits: per shift, the first cells of the pairs
    /// going on along it; the centres of the cells with their neighbours.
    pair_starts: [u128; 3],
    hex_centres: u128,
    nbr: [u128; 128],
    /// 12 symmetries as grid permutations (identity first) and as byte tables.
    perms: Vec<[u8; 128]>,
    bytes: Vec<Box<[[u128; 256]; 16]>>,
    /// Per finishing cell (grid index): its pagodas as weights per grid index.
    pagoda: Vec<Vec<[i64; 128]>>,
}

impl Geo {
    pub(crate) fn of(board: &'static FoodBoard) -> &'static Geo {
        static GEOS: [OnceLock<Geo>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        GEOS[(board.size - 3) as usize].get_or_init(|| Geo::build(board))
    }

    fn idx(&self, q: i32, r: i32) -> Option<u8> {
        let n = self.n;
        (q.abs() <= n && r.abs() <= n && (q + r).abs() <= n)
            .then(|| ((r + n) * self.w + (q + n)) as u8)
    }

    fn qr(&self, i: u8) -> (i32, i32) {
        let i = i as i32;
        (i % self.w - self.n, i / self.w - self.n)
    }

    fn dist(&self, a: u8, b: u8) -> i32 {
        let ((aq, ar), (bq, br)) = (self.qr(a), self.qr(b));
        let (dq, dr) = (aq - bq, ar - br);
        dq.abs().max(dr.abs()).max((dq + dr).abs())
    }

    fn build(board: &'static FoodBoard) -> Geo {
        let n = board.size as i32;
        let w = 2 * n + 1;
        let mut g = Geo {
            n,
            w,
            cells: 0,
            grid_of: vec![],
            cell_of: [u8::MAX; 128],
            shift: [1, w as u32, (w - 1) as u32],
            fits_up: [0; 3],
            fits_down: [0; 3],
            step_up: [0; 3],
            step_down: [0; 3],
            class: [0; 3],
            class_of: [u8::MAX; 128],
            corners: 0,
            hops: vec![vec![]; 128],
            regions: vec![],
            pair_starts: [0; 3],
            hex_centres: 0,
            nbr: [0; 128],
            perms: vec![],
            bytes: vec![],
            pagoda: vec![],
        };
        for (c, h) in board.hexes.iter().enumerate() {
            let i = g.idx(h.q as i32, h.r as i32).expect("a hexagon cell");
            g.grid_of.push(i);
            g.cell_of[i as usize] = c as u8;
            g.cells |= 1u128 << i;
            let k = board.class(c as Cell);
            g.class[k as usize] |= 1u128 << i;
            g.class_of[i as usize] = k;
        }
        let dirs = [(1, 0), (0, 1), (-1, 1)];
        for i in 0..128u8 {
            if g.cells >> i & 1 == 0 {
                continue;
            }
            let (q, r) = g.qr(i);
            for (d, (dq, dr)) in dirs.into_iter().enumerate() {
                if g.idx(q + dq, r + dr).is_some() {
                    g.step_up[d] |= 1u128 << i;
                }
                if g.idx(q - dq, r - dr).is_some() {
                    g.step_down[d] |= 1u128 << i;
                }
                if g.idx(q + 2 * dq, r + 2 * dr).is_some() {
                    g.fits_up[d] |= 1u128 << i;
                }
                if g.idx(q - 2 * dq, r - 2 * dr).is_some() {
                    g.fits_down[d] |= 1u128 << i;
                }
            }
            for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                if let (Some(o), Some(t)) = (g.idx(q + dq, r + dr), g.idx(q + 2 * dq, r + 2 * dr)) {
                    g.hops[i as usize].push((o, t));
                }
            }
            let near: Vec<u8> = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
                .iter()
                .filter_map(|(dq, dr)| g.idx(q + dq, r + dr))
                .collect();
            g.nbr[i as usize] = near.iter().fold(0, |s, &c| s | 1u128 << c);
            let neighbours = near.len();
            if neighbours == 3 {
                g.corners |= 1u128 << i;
            }
        }
        let edge = g.cells & !g.corners & !g.disc(n - 1);
        for i in 0..128u8 {
            if edge >> i & 1 == 0 {
                continue;
            }
            for d in 0..3 {
                let c = i + g.shift[d] as u8;
                let pair = 1u128 << i | 1u128 << c;
                if (c as usize) < 128
                    && edge >> c & 1 == 1
                    && g.nbr[i as usize] >> c & 1 == 1
                    && g.closed(pair)
                {
                    g.regions.push(pair);
                    g.pair_starts[d] |= 1u128 << i;
                }
            }
        }
        for i in 0..128u8 {
            let hex = g.nbr[i as usize] | 1u128 << i;
            if g.cells >> i & 1 == 1 && hex & g.corners == 0 && g.closed(hex) {
                g.regions.push(hex);
                g.hex_centres |= 1u128 << i;
            }
        }
        for flip in [false, true] {
            for turns in 0..6 {
                let mut p = [u8::MAX; 128];
                for i in 0..128u8 {
                    if g.cells >> i & 1 == 0 {
                        continue;
                    }
                    let (q0, r0) = g.qr(i);
                    let (mut q, mut r) = if flip { (r0, q0) } else { (q0, r0) };
                    for _ in 0..turns {
                        (q, r) = (-r, q + r);
                    }
                    p[i as usize] = g.idx(q, r).expect("a symmetry keeps the hexagon");
                }
                g.perms.push(p);
            }
        }
        for p in &g.perms {
            let mut t = Box::new([[0u128; 256]; 16]);
            for (byte, row) in t.iter_mut().enumerate() {
                for (v, out) in row.iter_mut().enumerate() {
                    for b in 0..8 {
                        let i = byte * 8 + b;
                        if v >> b & 1 == 1 && p[i] != u8::MAX {
                            *out |= 1u128 << p[i];
                        }
                    }
                }
            }
            g.bytes.push(t);
        }
        g.pagoda = (0..128u8)
            .map(|f| {
                if g.cells >> f & 1 == 0 {
                    vec![]
                } else {
                    g.pagodas_for(f)
                }
            })
            .collect();
        g
    }

    /// Pagodas for a finish on grid cell `f`. Each is `F(K - d)` for a
    /// "distance" `d` that changes by at most one per step along any line
    /// (`F` Fibonacci): the worst capture, two steps straight at the finish,
    /// is `F(k) + F(k + 1) = F(k + 2)`, and any other is smaller on the right.
    /// The hex distance to the finish is one such `d`; so is the distance to
    /// any set of cells containing the finish, e.g. the finish's row.
    fn pagodas_for(&self, f: u8) -> Vec<[i64; 128]> {
        let mut out = Vec::new();
        let (fq, fr) = self.qr(f);
        let dists: [&dyn Fn(i32, i32) -> i32; 4] = [
            &|q, r| {
                let (dq, dr) = (q - fq, r - fr);
                dq.abs().max(dr.abs()).max((dq + dr).abs())
            },
            &|q, _| (q - fq).abs(),
            &|_, r| (r - fr).abs(),
            &|q, r| (q + r - fq - fr).abs(),
        ];
        for d in dists {
            let k = 2 * self.n as usize + 2;
            let mut w = [0i64; 128];
            for i in 0..128u8 {
                if self.cells >> i & 1 == 1 {
                    let (q, r) = self.qr(i);
                    w[i as usize] = fib(k - d(q, r) as usize);
                }
            }
            out.push(w);
        }
        out
    }

    /// `Some((worth, needed))` when a pagoda proves `m` cannot end on `f`.
    fn pagoda_cut(&self, m: u128, f: u8) -> Option<(i64, i64)> {
        for w in &self.pagoda[f as usize] {
            let mut v = 0;
            let mut s = m;
            while s != 0 {
                v += w[s.trailing_zeros() as usize];
                s &= s - 1;
            }
            if v < w[f as usize] {
                return Some((v, w[f as usize]));
            }
        }
        None
    }

    fn to_grid(&self, s: u128) -> u128 {
        starhop_engine::food::cells(s).fold(0, |t, c| t | 1u128 << self.grid_of[c as usize])
    }

    /// Every capture open in `m`.
    pub(crate) fn jumps(&self, m: u128) -> Vec<J> {
        let mut out = Vec::with_capacity(32);
        self.jumps_into(m, &mut out);
        out
    }

    fn jumps_into(&self, m: u128, out: &mut Vec<J>) {
        for d in 0..3 {
            let s = self.shift[d];
            let (mut up, mut down) = self.capture_froms(m, d);
            while up != 0 {
                let i = up.trailing_zeros() as u8;
                up &= up - 1;
                out.push(J {
                    from: i,
                    over: i + s as u8,
                    to: i + 2 * s as u8,
                });
            }
            while down != 0 {
                let i = down.trailing_zeros() as u8;
                down &= down - 1;
                out.push(J {
                    from: i,
                    over: i - s as u8,
                    to: i - 2 * s as u8,
                });
            }
        }
    }

    fn image(&self, k: usize, m: u128) -> u128 {
        let t = &self.bytes[k];
        let mut out = 0;
        let mut x = m;
        let mut byte = 0;
        while x != 0 {
            let v = (x & 0xFF) as usize;
            if v != 0 {
                out |= t[byte][v];
            }
            x >>= 8;
            byte += 1;
        }
        out
    }

    /// The least of `m`'s images under the symmetries `syms` (and itself):
    /// one key for a position and all its images.
    fn least_image(&self, syms: &[usize], m: u128) -> u128 {
        syms.iter().fold(m, |best, &k| best.min(self.image(k, m)))
    }

    /// Symmetries (indices into `perms`) fixing the finish (all without one).
    fn stabiliser(&self, finish: Option<u8>) -> Vec<usize> {
        (1..self.perms.len())
            .filter(|&k| finish.is_none_or(|f| self.perms[k][f as usize] == f))
            .collect()
    }

    /// Whether the captures can be played in this order from `m`.
    fn legal(mut m: u128, seq: impl Iterator<Item = J>) -> bool {
        for j in seq {
            if m >> j.from & 1 == 0 || m >> j.over & 1 == 0 || m >> j.to & 1 == 1 {
                return false;
            }
            m ^= j.flips();
        }
        true
    }

    /// Reorders a solution's captures so that the moving marble goes on
    /// capturing whenever a later capture of its own can come forward with
    /// everything still legal: the same captures (so the same end), fewer
    /// moves once runs are merged into chains.
    fn compact(m: u128, path: &[J]) -> Vec<J> {
        let mut rest: Vec<J> = path.to_vec();
        let mut out: Vec<J> = Vec::with_capacity(path.len());
        let mut at = m;
        while !rest.is_empty() {
            let pick = out
                .last()
                .and_then(|last| {
                    (0..rest.len()).find(|&k| {
                        rest[k].from == last.to && {
                            let moved = std::iter::once(rest[k])
                                .chain(rest[..k].iter().copied())
                                .chain(rest[k + 1..].iter().copied());
                            Geo::legal(at, moved)
                        }
                    })
                })
                .unwrap_or(0);
            let j = rest.remove(pick);
            at ^= j.flips();
            out.push(j);
        }
        out
    }

    /// Merges a run of single captures into chains, as engine moves, after
    /// bringing captures of the same marble together.
    fn chains(&self, pos: FoodPosition, path: &[J]) -> Vec<FoodMove> {
        // The greedy reordering may also break a chain the search made:
        // keep whichever has fewer moves.
        let compact = Geo::compact(self.to_grid(pos.marbles), path);
        let (a, b) = (self.merge(pos, path), self.merge(pos, &compact));
        if b.len() < a.len() { b } else { a }
    }

    fn merge(&self, pos: FoodPosition, path: &[J]) -> Vec<FoodMove> {
        let mut out: Vec<FoodMove> = Vec::new();
        let mut last_to = None;
        for j in path {
            let (from, over, to) = (
                self.cell_of[j.from as usize],
                self.cell_of[j.over as usize],
                self.cell_of[j.to as usize],
            );
            match out.last_mut() {
                Some(m) if last_to == Some(j.from) => {
                    m.route.push(to);
                    m.captured.push(over);
                }
                _ => out.push(FoodMove {
                    route: vec![from, to],
                    captured: vec![over],
                }),
            }
            last_to = Some(j.to);
        }
        debug_assert!({
            let mut p = pos;
            out.iter().all(|m| {
                let ok = p.check(&m.route, false).is_ok();
                p = p.after(m);
                ok
            })
        });
        out
    }
}

/// A lossy table of positions: a fixed array, 4 slots per bucket. Losing an
/// entry only costs search again, never a wrong answer.
struct Table {
    slots: Slots,
    vals: Vec<u8>,
    mask: usize,
}

/// A table's keys: mapped (see `dead::mapped_zeroed`) or, if small or
/// memory cannot be mapped, a `Vec`.
enum Slots {
    Mapped(memmap2::MmapMut),
    Owned(Vec<u128>),
}

impl Slots {
    fn zeroed(len: usize, huge: bool) -> Slots {
        dead::mapped_zeroed(len * size_of::<u128>(), huge)
            .map_or_else(|| Slots::Owned(vec![0; len]), Slots::Mapped)
    }

    fn keys(&self) -> &[u128] {
        match self {
            // A mapping starts on a page, so the cast never fails.
            Slots::Mapped(map) => bytemuck::cast_slice(map),
            Slots::Owned(v) => v,
        }
    }

    fn keys_mut(&mut self) -> &mut [u128] {
        match self {
            Slots::Mapped(map) => bytemuck::cast_slice_mut(map),
            Slots::Owned(v) => v,
        }
    }
}

impl Table {
    fn new(bits: u32) -> Table {
        // Zeroed memory is mapped lazily, so a large table costs only what the
        // search touches.
        Table::with_bits(bits, false)
    }

    /// A table for a search known to be long, on huge pages at once.
    fn huge(bits: u32) -> Table {
        Table::with_bits(bits, true)
    }

    fn with_bits(bits: u32, huge: bool) -> Table {
        Table {
            slots: Slots::zeroed(1 << bits, huge),
            vals: vec![0; 1 << bits],
            mask: (1 << bits) - 4,
        }
    }

    fn get(&self, k: u128) -> Option<u8> {
        let b = dead::hash(k) & self.mask;
        let keys = self.slots.keys();
        (b..b + 4).find(|&i| keys[i] == k).map(|i| self.vals[i])
    }

    fn put(&mut self, k: u128, v: u8) {
        let h = dead::hash(k);
        let b = h & self.mask;
        let keys = self.slots.keys_mut();
        let i = (b..b + 4)
            .find(|&i| keys[i] == k || keys[i] == 0)
            .unwrap_or(b + (h >> 60) % 4);
        keys[i] = k;
        self.vals[i] = v;
    }
}

/// Table size (log2 slots) for a search from `marbles` marbles: small
/// positions (most hints) need small tables, cheap to set up.
fn table_bits(geo: &Geo, marbles: u32) -> u32 {
    let most = match geo.n {
        3 => 20,
        4 => 23,
        _ => 24,
    };
    marbles.saturating_add(12).clamp(12, most)
}

/// Restart budgets' unit: a search restarting in the Luby sequence gives
/// its `i`-th ordering `luby(i)` times this many nodes.
const LUBY_NODES: u64 = 2_000;

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1,
/// 2, ...: restart budgets within a factor of the best fixed budget for
/// searches whose cost is luck (Luby, Sinclair and Zuckerman, 1993).
fn luby(mut i: u64) -> u64 {
    loop {
        let bits = 64 - i.leading_zeros();
        if i == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        i -= (1 << (bits - 1)) - 1;
    }
}

/// Slots (log2) of the dead table a restarting search starts with; it
/// grows to its full size once the search is long (`HUGE_PAGES_AFTER`).
/// Most hints take a few thousand nodes, and a full table touched at
/// random costs a page fault for nearly every position stored.
const SMALL_TABLE_BITS: u32 = 16;

/// Nodes after which a search moves its dead table onto huge pages.
const HUGE_PAGES_AFTER: u64 = 1 << 16;

/// The first-solution search over single captures.
struct Search<'a> {
    geo: &'static Geo,
    finish: Option<u8>,
    stop: Option<&'a AtomicBool>,
    /// A second stop flag (the workers' own, beside the caller's).
    also: Option<&'a AtomicBool>,
    syms: Vec<usize>,
    /// Shared with other searches of a hint (see `DeadTable`).
    dead: Arc<DeadTable>,
    /// Ordering weight of each grid cell: how far it is from where the last
    /// marble should end.
    far: [i32; 128],
    path: Vec<J>,
    nodes: u64,
    /// Where the current round gives up.
    budget: u64,
    /// Where the whole search gives up (`run` returns `None`).
    cap: u64,
    /// Prefer going on with the marble that moved last.
    chains_first: bool,
    /// At most this many moves (chains), if set; `used` so far on the path.
    move_limit: Option<u32>,
    used: u32,
    /// (position, moving marble) -> moves left + 1 known not to be enough.
    limited: Table,
    /// Where in the cycle of orderings the rounds start.
    offset: usize,
    style: Style,
    stopped: bool,
    /// The captures of the node being expanded, before ordering.
    raw: Vec<J>,
    /// Per marbles left: the ordered captures of the node on the path.
    lists: Vec<Vec<(u64, J)>>,
    /// Per marbles left: the captures asleep at the node on the path (see
    /// `dfs`), then those tried there.
    sleeps: Vec<Vec<J>>,
    /// Whether `dfs` skips captures asleep (always, but in a test).
    sleep_sets: bool,
    /// The dead table's size (log2 slots) once the search is long (0: the
    /// size it has).
    grow_to: u32,
    /// How `run` restarts.
    restarts: Restarts,
    /// Every position `dfs` entered, when a test asks.
    #[cfg(test)]
    entered: Option<std::collections::HashSet<u128>>,
}

#[derive(Clone, Copy, Debug)]
enum Style {
    Isolated,
    Sweep,
    Mobility,
    /// Fewest isolated, then inward with a seeded random nudge: restarts
    /// that differ from each other.
    Noisy(u64),
}

const STYLES: [Style; 4] = [
    Style::Isolated,
    Style::Sweep,
    Style::Mobility,
    Style::Noisy(0),
];

/// How a search restarts (see `Search::run`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Restarts {
    /// The four `STYLES` in turn from the `offset`-th, the budget doubling
    /// after each four: the fewest-moves search's first solutions, whose
    /// orderings (chains first) give its upper bounds.
    Styles,
    /// A new seeded nudge each time, budgets of `LUBY_NODES` times the Luby
    /// sequence: a first solution or a proof, as soon as may be (solving
    /// and hints). On 100 positions of play on 91 holes, one core, 84 were
    /// solved within 3 s against 70 with `Styles`, the median in 13 ms
    /// against 465 ms (with `SMALL_TABLE_BITS`).
    Luby,
}

impl<'a> Search<'a> {
    /// A search with a fresh dead table sized for `marbles` marbles.
    fn new(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        marbles: u32,
    ) -> Search<'a> {
        let dead = DeadTable::new(table_bits(geo, marbles));
        Search::with_table(geo, finish, stop, Arc::new(dead))
    }

    /// A search restarting in the Luby sequence (`Restarts::Luby`) with the
    /// dead table of earlier searches, or a small new one, grown to
    /// `2^bits` slots once the search is long.
    fn restarting(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        dead: Option<Arc<DeadTable>>,
        bits: u32,
    ) -> Search<'a> {
        let dead = dead.unwrap_or_else(|| Arc::new(DeadTable::new(SMALL_TABLE_BITS.min(bits))));
        let mut s = Search::with_table(geo, finish, stop, dead);
        s.restarts = Restarts::Luby;
        s.grow_to = bits;
        s
    }

    /// A search that goes on with a dead table of earlier searches (same
    /// board and finish).
    fn with_table(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        dead: Arc<DeadTable>,
    ) -> Search<'a> {
        let far = geo.squared_distances(finish);
        Search {
            geo,
            finish,
            stop,
            also: None,
            syms: geo.stabiliser(finish),
            dead,
            far,
            path: Vec::new(),
            nodes: 0,
            budget: u64::MAX,
            cap: u64::MAX,
            chains_first: false,
            move_limit: None,
            used: 0,
            // Only the fewest-moves search sets a move limit (and a real table).
            limited: Table::new(2),
            offset: 0,
            style: Style::Isolated,
            stopped: false,
            raw: Vec::with_capacity(64),
            lists: Vec::new(),
            sleeps: Vec::new(),
            sleep_sets: true,
            grow_to: 0,
            restarts: Restarts::Styles,
            #[cfg(test)]
            entered: None,
        }
    }

    fn key(&self, m: u128) -> u128 {
        self.geo.least_image(&self.syms, m)
    }

    fn halted(&mut self) -> bool {
        // A table shared with other searches has grown already.
        if self.nodes == HUGE_PAGES_AFTER
            && let Some(dead) = Arc::get_mut(&mut self.dead)
        {
            dead.move_to_huge_pages(self.grow_to);
        }
        if self.nodes & 0x3FF == 0
            && [self.stop, self.also]
                .iter()
                .any(|s| s.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped || self.nodes >= self.budget.min(self.cap)
    }

    /// Runs the search with restarts (`Restarts`): each ordering gets a node
    /// budget, and the dead table carries over (a dead position is dead
    /// whatever the order), so a proof that none exists goes on where the
    /// last restart left it. No single ordering is good on every start: one
    /// that is stuck in a huge dead subtree is often rescued by another.
    fn run(&mut self, m: u128) -> Option<bool> {
        // From a start no symmetry fixes, two positions of the search are
        // rarely images of each other: keying the dead table by the position
        // itself saves most of the time a node takes. (Any dead position is a
        // sound key, so both kinds of key share one table.)
        if !self.syms.iter().any(|&k| self.geo.image(k, m) == m) {
            self.syms.clear();
        }
        // One list of captures and one sleep set per depth, down from here.
        let depth = m.count_ones() as usize;
        let lists = self.lists.len().max(depth + 1);
        self.lists.resize_with(lists, Vec::new);
        self.sleeps.resize_with(lists, Vec::new);
        let mut budget = 20_000u64;
        for round in 0.. {
            match self.restarts {
                Restarts::Luby => {
                    let i = round as u64 + 1;
                    self.style = Style::Noisy(i);
                    self.budget = self
                        .nodes
                        .saturating_add(LUBY_NODES.saturating_mul(luby(i)));
                }
                Restarts::Styles => {
                    self.style = match STYLES[(round + self.offset) % STYLES.len()] {
                        Style::Noisy(_) => Style::Noisy((round + 1000 * self.offset) as u64),
                        s => s,
                    };
                    self.budget = self.nodes.saturating_add(budget);
                    if round % STYLES.len() == STYLES.len() - 1 {
                        budget = budget.saturating_mul(2);
                    }
                }
            }
            self.path.clear();
            // Nothing is asleep at the start.
            self.sleeps[depth].clear();
            match self.dfs(m, m.count_ones()) {
                Some(found) => return Some(found),
                None if self.stopped || self.nodes >= self.cap => return None,
                None => {}
            }
        }
        unreachable!("the budget grows until the search completes")
    }

    /// Sorts the captures in `self.raw` into `out`, most promising first,
    /// each with its rank. Ranks are computed once per capture and end in
    /// the capture's place in `raw`, so ties keep the generated order.
    fn order(&self, m: u128, cont: Option<u8>, out: &mut Vec<(u64, J)>) {
        let (geo, far) = (self.geo, &self.far);
        // How much a capture moves the marbles in: the outer marbles leave.
        let inward = |j: &J| far[j.from as usize] + far[j.over as usize] - far[j.to as usize];
        // Two keys, the first before the second (the second may be negative).
        let pair = |a: i32, b: i32| (a as u64) << 32 | (b + (1 << 30)) as u64;
        out.clear();
        out.extend(self.raw.iter().enumerate().map(|(i, &j)| {
            let after = m ^ j.flips();
            let rank = match self.style {
                // Fewest marbles left alone (an isolated marble needs another
                // to come to it), then inward.
                Style::Isolated => pair(geo.isolated(after), -inward(&j)),
                // Fewest isolated, then sweep the outermost marble, cells in order.
                Style::Sweep => pair(
                    geo.isolated(after),
                    -far[j.over as usize] * 256 + j.over as i32,
                ),
                // Most captures open afterwards.
                Style::Mobility => pair(0, -(geo.jump_count(after) as i32)),
                Style::Noisy(seed) => {
                    let x = after.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
                    let nudge = ((x >> 64) as u64 ^ seed.wrapping_mul(0xD6E8_FEB8_6659_FD93)) % 7;
                    pair(geo.isolated(after), -inward(&j) + nudge as i32)
                }
            };
            // Going on with the marble that just moved makes one move of
            // two: solutions with fewer moves, an upper bound for the
            // fewest-moves search.
            let other_marble = self.chains_first && cont.is_some_and(|c| j.from != c);
            ((other_marble as u64) << 63 | rank << 10 | i as u64, j)
        }));
        out.sort_unstable_by_key(|&(rank, _)| rank);
    }

    /// `Some(true)`: solved, the captures are in `path`; `None`: stopped.
    fn dfs(&mut self, m: u128, left: u32) -> Option<bool> {
        self.nodes += 1;
        #[cfg(test)]
        if let Some(entered) = &mut self.entered {
            entered.insert(m);
        }
        if self.halted() {
            return None;
        }
        if left == 1 {
            return Some(
                self.finish.is_none_or(|f| m == 1u128 << f)
                    && self.move_limit.is_none_or(|l| self.used <= l),
            );
        }
        if let Some(f) = self.finish
            && left <= 12
            && self.geo.pagoda_cut(m, f).is_some()
        {
            return Some(false);
        }
        let key = self.key(m);
        if self.dead.contains(key) {
            return Some(false);
        }
        // With a move limit: cut when the moves used and the moves still
        // needed exceed it; a failure may be the limit's, so it goes to the
        // table of (position, marble moving, moves left) instead.
        let cont = self.path.last().map(|l| l.to);
        let limited = self.move_limit.map(|limit| {
            let left = limit.saturating_sub(self.used);
            // The grid has at most 121 cells: the moving marble's cell + 1
            // fits the top 7 bits, so the key is exact.
            let key = m | (cont.map_or(0, |c| c as u128 + 1) << 121);
            (left, key)
        });
        if let Some((left, lkey)) = limited
            && (self.used + self.geo.moves_needed(m, cont) > self.move_limit.unwrap_or(0)
                || self.limited.get(lkey).is_some_and(|v| v as u32 > left))
        {
            return Some(false);
        }
        // Outer marbles first: the capture that removes the farthest marbles
        // and lands nearest the finish. Each depth keeps its list between
        // nodes: no allocation per node.
        // `run` sized the lists for the start's marbles, the deepest node.
        let depth = left as usize;
        let mut js = std::mem::take(&mut self.lists[depth]);
        self.raw.clear();
        self.geo.jumps_into(m, &mut self.raw);
        self.order(m, cont, &mut js);
        // Sleep sets: a capture tried before at this node or asleep here,
        // and sharing no cell with `j`, is asleep below `j`: playing it
        // there reaches only positions below the node it was tried from,
        // already searched (captures on disjoint cells commute). Every
        // position is still reached, through fewer moves. Not with a move
        // limit, where the order of captures changes how many moves count.
        let sleeping = self.sleep_sets && self.move_limit.is_none();
        let mut outcome = Some(false);
        for &(_, j) in &js {
            if sleeping {
                if self.sleeps[depth].contains(&j) {
                    continue;
                }
                let (below, here) = self.sleeps.split_at_mut(depth);
                let child = &mut below[depth - 1];
                child.clear();
                child.extend(here[0].iter().filter(|t| t.flips() & j.flips() == 0));
            }
            let new_move = cont != Some(j.from);
            self.used += new_move as u32;
            self.path.push(j);
            let found = self.dfs(m ^ j.flips(), left - 1);
            self.used -= new_move as u32;
            if found != Some(false) {
                outcome = found;
                break;
            }
            self.path.pop();
            if sleeping {
                self.sleeps[depth].push(j);
            }
        }
        self.lists[depth] = js;
        if outcome != Some(false) {
            return outcome;
        }
        match limited {
            Some((left, lkey)) => self.limited.put(lkey, (left + 1).min(255) as u8),
            None => self.dead.put(key),
        }
        Some(false)
    }
}

/// First solutions tried for the fewest-moves search's upper bound.
const UPPER_TRIES: usize = 8;

/// Nodes for each try to shorten the best solution from above.
const IMPROVE_NODES: u64 = 2_000_000;

/// The fewest-moves search: iterative deepening over chains.
struct MinSearch<'a> {
    geo: &'static Geo,
    finish: Option<u8>,
    stop: Option<&'a AtomicBool>,
    syms: Vec<usize>,
    /// Position -> most moves it is known not to finish in (plus one).
    fails: Table,
    /// The positions after each move of the line being searched.
    path: Vec<u128>,
    /// Per moves left: the positions after each move of the node on the
    /// path, ranked (no allocation per node).
    lists: Vec<Vec<(u64, u128)>>,
    /// The chain ends of the node being expanded, before ranking.
    ends: Vec<u128>,
    t0: Instant,
    nodes: u64,
    budget: u64,
    /// Nodes for each attempt to shorten from above.
    improve: u64,
    /// Positions the beam keeps per move, if it runs.
    beam: Option<usize>,
    /// Prove from below by meeting in the middle.
    meet: bool,
    stopped: bool,
    /// No solution has fewer moves (the bound, then each length ruled out).
    lower: u8,
}

impl<'a> MinSearch<'a> {
    fn new(
        geo: &'static Geo,
        finish: Option<u8>,
        stop: Option<&'a AtomicBool>,
        marbles: u32,
    ) -> MinSearch<'a> {
        MinSearch {
            geo,
            finish,
            stop,
            syms: geo.stabiliser(finish),
            fails: Table::huge((12 + marbles).clamp(12, 24)),
            path: Vec::new(),
            lists: Vec::new(),
            ends: Vec::new(),
            t0: Instant::now(),
            nodes: 0,
            budget: u64::MAX,
            improve: IMPROVE_NODES,
            beam: None,
            meet: false,
            stopped: false,
            lower: 0,
        }
    }

    /// Any solution first (an upper bound), shortened from above while that
    /// is quick, then iterative deepening from the lower bound up to it: the
    /// first depth that succeeds is the minimum.
    fn run(&mut self, m: u128) -> Verdict {
        let start = FoodPosition {
            board: board_of(self.geo),
            marbles: self.geo.cells_of_grid(m),
        };
        // Several first solutions, each search ordered differently (sharing
        // the dead table), keeping the one with the fewest moves.
        let mut first = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        first.chains_first = true;
        let mut best: Option<Vec<FoodMove>> = None;
        for attempt in 0..UPPER_TRIES {
            first.offset = attempt;
            match first.run(m) {
                None => break,
                Some(false) => {
                    return Verdict::Impossible(
                        "the search tried every sequence of captures: none leaves one marble"
                            .into(),
                    );
                }
                Some(true) => {
                    let moves = self.geo.chains(start, &first.path);
                    if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
                        best = Some(moves);
                    }
                }
            }
        }
        self.nodes += first.nodes;
        drop(first);
        let Some(mut best) = best else {
            return Verdict::Stopped;
        };
        if let Some(width) = self.beam
            && let Some(short) = self.beam(m, start, width, best.len())
        {
            best = short;
        }
        let lower = self.bound(m).max(1);
        self.lower = lower;
        let done = |moves: Vec<FoodMove>, minimal| Verdict::Solved { moves, minimal };
        if self.meet {
            return self.meet_from_below(m, start, lower, best);
        }
        // Shorter from above with the single-capture search held to fewer
        // moves: its ordering (and the finish's) finds solutions far sooner
        // than the search over whole chains.
        let mut first = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        first.chains_first = true;
        first.limited = Table::huge(table_bits(self.geo, m.count_ones()));
        while best.len() > lower as usize {
            first.move_limit = Some(best.len() as u32 - 1);
            first.cap = first.nodes.saturating_add(self.improve);
            match first.run(m) {
                Some(true) => {
                    let moves = self.geo.chains(start, &first.path);
                    if moves.len() >= best.len() {
                        // Not shorter once merged (cannot happen if the
                        // count in the search is right): stop improving.
                        break;
                    }
                    best = moves;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "{} moves after {} nodes, {:?}",
                            best.len(),
                            self.nodes + first.nodes,
                            self.t0.elapsed()
                        );
                    }
                }
                Some(false) => {
                    self.nodes += first.nodes;
                    return done(best, true);
                }
                None if first.stopped => {
                    self.nodes += first.nodes;
                    return done(best, false);
                }
                None => break,
            }
        }
        self.nodes += first.nodes;
        drop(first);
        loop {
            if best.len() <= lower as usize {
                return done(best, true);
            }
            self.budget = self.nodes.saturating_add(self.improve);
            self.path.clear();
            match self.dfs(m, best.len() as u8 - 1) {
                Some(true) => {
                    best = self.solution(start, m);
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!("{} moves after {} nodes", best.len(), self.nodes);
                    }
                }
                Some(false) => return done(best, true),
                None if self.stopped => return done(best, false),
                None => break,
            }
        }
        self.budget = u64::MAX;
        for limit in lower..best.len() as u8 {
            self.path.clear();
            match self.dfs(m, limit) {
                Some(true) => return done(self.solution(start, m), true),
                Some(false) => {
                    self.lower = limit + 1;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "no solution in {limit} moves: {} nodes, {:?}",
                            self.nodes,
                            self.t0.elapsed()
                        );
                    }
                }
                None => return done(best, false),
            }
        }
        done(best, true)
    }

    /// Each length from `lower` up, decided by meeting in the middle: the
    /// first with a solution is the fewest moves.
    fn meet_from_below(
        &mut self,
        m: u128,
        start: FoodPosition,
        lower: u8,
        best: Vec<FoodMove>,
    ) -> Verdict {
        for limit in lower..best.len() as u8 {
            match meet::meet(self.geo, m, self.finish, limit, self.stop) {
                meet::Meeting::Solution(path) => {
                    return Verdict::Solved {
                        moves: self.geo.chains(start, &path),
                        minimal: true,
                    };
                }
                meet::Meeting::None => {
                    self.lower = limit + 1;
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!("no solution in {limit} moves, {:?}", self.t0.elapsed());
                    }
                }
                meet::Meeting::Stopped => {
                    self.stopped = true;
                    return Verdict::Solved {
                        moves: best,
                        minimal: false,
                    };
                }
            }
        }
        Verdict::Solved {
            moves: best,
            minimal: true,
        }
    }

    /// A solution shorter than `shortest` moves, if the beam finds one. The
    /// beam goes a whole chain at a time and keeps the `width` positions
    /// with the fewest moves still needed (the bound), then the fewest
    /// marbles, that a capped search does not prove dead. Where that search
    /// finds a solution, it follows the chains that led to its position as
    /// a whole solution, and the shortest is kept.
    fn beam(
        &mut self,
        m: u128,
        start: FoodPosition,
        width: usize,
        mut shortest: usize,
    ) -> Option<Vec<FoodMove>> {
        /// Nodes a check of one position may take.
        const CHECK: u64 = 100_000;
        struct Kept {
            m: u128,
            parent: usize,
            chain: Vec<J>,
        }
        let mut check = Search::new(self.geo, self.finish, self.stop, m.count_ones());
        check.chains_first = true;
        let mut layers: Vec<Vec<Kept>> = vec![vec![Kept {
            m,
            parent: 0,
            chain: Vec::new(),
        }]];
        let captures = |layers: &[Vec<Kept>], mut at: usize, upto: usize| {
            let mut chains: Vec<&[J]> = Vec::new();
            for layer in layers[1..=upto].iter().rev() {
                chains.push(&layer[at].chain);
                at = layer[at].parent;
            }
            chains
                .into_iter()
                .rev()
                .flatten()
                .copied()
                .collect::<Vec<J>>()
        };
        let mut found = None;
        while let Some(layer) = layers.last()
            && !layer.is_empty()
            && layers.len() < shortest
        {
            let mut seen = rustc_hash::FxHashSet::default();
            let mut next: Vec<(u32, u32, u128, usize, Vec<J>)> = Vec::new();
            for (i, kept) in layer.iter().enumerate() {
                for (after, chain) in self.geo.chain_routes(kept.m) {
                    if seen.insert(self.key(after))
                        && refusal(self.geo, after, self.finish).is_none()
                    {
                        next.push((self.rank(after), after.count_ones(), after, i, chain));
                    }
                }
            }
            next.sort_unstable_by_key(|&(bound, marbles, after, ..)| (bound, marbles, after));
            let depth = layers.len();
            let mut kept = Vec::new();
            for (_, _, after, parent, chain) in next {
                if kept.len() == width {
                    break;
                }
                self.nodes += 1;
                check.cap = check.nodes.saturating_add(CHECK);
                let verdict = check.run(after);
                if check.stopped {
                    self.stopped = true;
                    break;
                }
                if verdict == Some(false) {
                    continue;
                }
                // Kept also when not decided in time: it may still finish.
                kept.push(Kept {
                    m: after,
                    parent,
                    chain,
                });
                if verdict.is_none() {
                    continue;
                }
                let mut flat = captures(&layers, parent, depth - 1);
                flat.extend(&kept.last().expect("just kept").chain);
                flat.extend(&check.path);
                let moves = self.geo.chains(start, &flat);
                if moves.len() < shortest {
                    shortest = moves.len();
                    if std::env::var_os("STARHOP_DEBUG").is_some() {
                        eprintln!(
                            "beam: {shortest} moves (from move {depth}), {:?}",
                            self.t0.elapsed()
                        );
                    }
                    found = Some(moves);
                }
            }
            self.nodes += check.nodes;
            check.nodes = 0;
            if self.stopped {
                break;
            }
            layers.push(kept);
        }
        found
    }

    /// The moves of the line on the path, from `m` (the `start`).
    fn solution(&self, start: FoodPosition, m: u128) -> Vec<FoodMove> {
        let flat: Vec<J> = std::iter::once(m)
            .chain(self.path.iter().copied())
            .collect::<Vec<u128>>()
            .windows(2)
            .flat_map(|w| self.geo.chain_between(w[0], w[1]))
            .collect();
        self.geo.chains(start, &flat)
    }

    /// Moves still needed: each occupied corner needs a move from it (a corner
    /// marble cannot be jumped, and the last marble made the last capture);
    /// so does each full "closed" region (see `Geo::regions`): nothing from
    /// outside can land in it or jump over one of its cells, so the first
    /// change to it must be a move starting inside it. The regions counted
    /// are disjoint, so are the moves.
    fn bound(&self, m: u128) -> u8 {
        self.geo.moves_needed(m, None) as u8
    }

    /// How the beam ranks a position (lower first): the bound as it stood
    /// before every corner marble counted, one corner free (the finish, if
    /// it is a full corner; without a finish, any full corner). Ranked by
    /// the bound itself, the beam kept longer lines (2026-12-07: 61 holes
    /// keeping 1,024 positions a move, 22 moves against 21; 37 holes keeping
    /// 16, 17 against 16).
    fn rank(&self, m: u128) -> u32 {
        let bound = u32::from(self.bound(m));
        let free = match self.finish {
            Some(f) => 1u128 << f,
            None => self.geo.corners,
        };
        let corner = u32::from(m & self.geo.corners & free != 0);
        if bound == 0 {
            0
        } else {
            (bound - corner).max(1)
        }
    }

    fn key(&self, m: u128) -> u128 {
        self.geo.least_image(&self.syms, m)
    }

    /// Whether `m` finishes within `limit` moves (path in `self.path`).
    fn dfs(&mut self, m: u128, limit: u8) -> Option<bool> {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        if self.stopped || self.nodes >= self.budget {
            return None;
        }
        if m.count_ones() == 1 {
            return Some(self.finish.is_none_or(|f| m == 1u128 << f));
        }
        // Only positions whose bound fits the moves left come here: the
        // children are filtered below, and `run` starts from the bound up.
        debug_assert!(limit > 0 && self.bound(m) <= limit, "{m:#x} in {limit}");
        if let Some(f) = self.finish
            && self.geo.pagoda_cut(m, f).is_some()
        {
            return Some(false);
        }
        let key = self.key(m);
        if self.fails.get(key).is_some_and(|v| v >= limit) {
            return Some(false);
        }
        // Every chain move, one per distinct position after it, ranked once
        // each: those that lower the bound most first (they clear the
        // regions every solution must spend a move on), then the longest,
        // ties in the order generated. A position after it that needs more
        // moves than are left is not entered at all.
        let depth = limit as usize;
        if self.lists.len() <= depth {
            self.lists.resize_with(depth + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[depth]);
        list.clear();
        self.ends.clear();
        self.geo.chain_ends(m, &mut self.ends);
        for (i, &after) in self.ends.iter().enumerate() {
            let bound = self.bound(after);
            if bound < limit {
                let rank = u64::from(bound) << 40 | u64::from(after.count_ones()) << 32;
                list.push((rank | i as u64, after));
            }
        }
        list.sort_unstable_by_key(|&(rank, _)| rank);
        let mut found = Some(false);
        for &(_, after) in &list {
            self.path.push(after);
            match self.dfs(after, limit - 1) {
                Some(false) => {
                    self.path.pop();
                }
                other => {
                    found = other;
                    break;
                }
            }
        }
        self.lists[depth] = list;
        if found == Some(false) {
            self.fails.put(key, limit);
        }
        found
    }
}

impl Geo {
    /// Every chain move from `m` with its route, one per distinct position
    /// after it (`meet.rs` has `chain_ends`, the same without routes, for
    /// its layers).
    fn chain_routes(&self, m: u128) -> Vec<(u128, Vec<J>)> {
        let mut out: Vec<(u128, Vec<J>)> = Vec::new();
        let mut route = Vec::new();
        let mut froms = 0u128;
        for j in self.jumps(m) {
            froms |= 1u128 << j.from;
        }
        while froms != 0 {
            let at = froms.trailing_zeros() as u8;
            froms &= froms - 1;
            let first = out.len();
            self.extend(m, at, &mut route, &mut out, first);
        }
        out
    }

    /// Chains going on from `at` (the moving marble's hole) in `m`.
    fn extend(
        &self,
        m: u128,
        at: u8,
        route: &mut Vec<J>,
        out: &mut Vec<(u128, Vec<J>)>,
        first: usize,
    ) {
        for &(over, to) in &self.hops[at as usize] {
            if m >> over & 1 == 1 && m >> to & 1 == 0 {
                let j = J { from: at, over, to };
                let after = m ^ j.flips();
                route.push(j);
                // Only chains of the same marble can reach the same position.
                if !out[first..].iter().any(|(a, _)| *a == after) {
                    out.push((after, route.clone()));
                }
                self.extend(after, to, route, out, first);
                route.pop();
            }
        }
    }
}

fn board_of(geo: &Geo) -> &'static FoodBoard {
    FoodBoard::get(geo.n as u8).expect("a food board size")
}

impl Geo {
    /// New moves still needed from `m` (see `MinSearch::bound`), when the
    /// marble on `cont` may go on with the current chain: regions holding
    /// it may be changed by that chain, so only the others count.
    ///
    /// A corner's marble cannot be captured, so it must move, in a move
    /// starting there; it cannot stay unmoved as the last marble either,
    /// since the last marble is the one that made the last capture. So
    /// every corner marble costs a move, wherever the last must end.
    fn moves_needed(&self, m: u128, cont: Option<u8>) -> u32 {
        if m.count_ones() <= 1 {
            return 0;
        }
        let rest = cont.map_or(m, |c| m & !(1u128 << c));
        let n = (rest & self.corners).count_ones() + self.full_regions(rest & !self.corners);
        if cont.is_some() { n } else { n.max(1) }
    }

    /// Disjoint closed regions full in `m`, packed greedily in the order of
    /// `regions` (small first). Only the full ones are visited, found with
    /// a few shifts: the fewest-moves search asks this of every position
    /// after every chain.
    fn full_regions(&self, m: u128) -> u32 {
        let (pairs, hexes) = self.full_region_bits(m);
        self.packed(pairs, hexes)
    }

    /// The regions full in `m` as bits (see `pair_starts`, `hex_centres`).
    pub(super) fn full_region_bits(&self, m: u128) -> ([u128; 3], u128) {
        let s = self.shift;
        let pairs = [0, 1, 2].map(|d| self.pair_starts[d] & m & m >> s[d]);
        // Centres whose neighbours on the board all hold marbles (a cell on
        // the edge has fewer).
        let mut hexes = m & self.hex_centres;
        for (d, s) in s.into_iter().enumerate() {
            hexes &= (m >> s | !self.step_up[d]) & (m << s | !self.step_down[d]);
        }
        (pairs, hexes)
    }

    /// How many of the given regions (as bits) pack disjointly, taken
    /// greedily in the order of `regions`.
    pub(super) fn packed(&self, pairs: [u128; 3], mut hexes: u128) -> u32 {
        let mut used = 0u128;
        let mut n = 0;
        let mut take = |r: u128| {
            if used & r == 0 {
                used |= r;
                n += 1;
            }
        };
        let mut starts = pairs[0] | pairs[1] | pairs[2];
        while starts != 0 {
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            for (pair, s) in pairs.iter().zip(self.shift) {
                if pair >> i & 1 == 1 {
                    take(1u128 << i | 1u128 << (i + s));
                }
            }
        }
        while hexes != 0 {
            let i = hexes.trailing_zeros();
            hexes &= hexes - 1;
            take(self.nbr[i as usize] | 1u128 << i);
        }
        n
    }

    /// Whether no capture from outside `r` can touch it while it is full:
    /// along each of the three lines through each of its cells, a
    /// neighbour is in `r` or off the board.
    pub(crate) fn closed(&self, r: u128) -> bool {
        let mut x = r;
        while x != 0 {
            let i = x.trailing_zeros() as u8;
            x &= x - 1;
            let (q, r0) = self.qr(i);
            for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
                let side = |s: i32| match self.idx(q + s * dq, r0 + s * dr) {
                    None => true,
                    Some(c) => r >> c & 1 == 1,
                };
                if !side(1) && !side(-1) {
                    return false;
                }
            }
        }
        true
    }

    /// Each cell's squared distance from the finish (the centre without
    /// one): how far a marble there is from where the last should end.
    fn squared_distances(&self, finish: Option<u8>) -> [i32; 128] {
        let target = finish.unwrap_or(self.idx(0, 0).expect("the centre"));
        let mut far = [0; 128];
        for i in 0..128u8 {
            if self.cells >> i & 1 == 1 {
                let d = self.dist(i, target);
                far[i as usize] = d * d;
            }
        }
        far
    }

    /// Cells within distance `d` of the centre.
    fn disc(&self, d: i32) -> u128 {
        let mut out = 0;
        for i in 0..128u8 {
            if self.cells >> i & 1 == 1 {
                let (q, r) = self.qr(i);
                if q.abs().max(r.abs()).max((q + r).abs()) <= d {
                    out |= 1u128 << i;
                }
            }
        }
        out
    }

    /// How many captures are open in `m` (`jumps(m).len()` without the list).
    fn jump_count(&self, m: u128) -> u32 {
        (0..3)
            .map(|d| {
                let (up, down) = self.capture_froms(m, d);
                up.count_ones() + down.count_ones()
            })
            .sum()
    }

    /// The marbles of `m` that can capture along line `d`: towards the
    /// higher grid indices (`+shift[d]`) and towards the lower.
    fn capture_froms(&self, m: u128, d: usize) -> (u128, u128) {
        let (s, e) = (self.shift[d], self.cells & !m);
        (
            m & (m >> s) & (e >> (2 * s)) & self.fits_up[d],
            m & (m << s) & (e << (2 * s)) & self.fits_down[d],
        )
    }

    /// Marbles with no marble beside them.
    fn isolated(&self, m: u128) -> i32 {
        let mut near = 0u128;
        for d in 0..3 {
            let s = self.shift[d];
            near |= (m >> s) & self.step_up[d] | (m << s) & self.step_down[d];
        }
        (m & !near).count_ones() as i32
    }

    fn cells_of_grid(&self, s: u128) -> u128 {
        let mut out = 0;
        let mut x = s;
        while x != 0 {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            out |= 1u128 << self.cell_of[i];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sleep sets skip only captures whose positions are searched below an
    /// earlier capture: with and without them the search comes to the same
    /// verdict, on positions large enough for many captures to commute,
    /// solvable (built backwards from one marble) or mostly not (one marble
    /// moved, or scattered); where none is solvable, both enter exactly
    /// the same positions (every one reachable); and far fewer nodes.
    #[test]
    fn sleep_sets_keep_every_verdict_and_save_nodes() {
        let board = FoodBoard::with_holes(37).unwrap();
        let geo = Geo::of(board);
        let mut rng = starhop_engine::Rng::new(41);
        let pick = |rng: &mut starhop_engine::Rng| {
            let c = board.hexes[rng.below(board.len() as u64) as usize];
            geo.idx(c.q as i32, c.r as i32).unwrap()
        };
        let (mut with, mut without, mut solvable, mut dead) = (0, 0, 0, 0);
        for i in 0..80 {
            let k = 10 + rng.below(6) as u32;
            let mut m = 1u128 << pick(&mut rng);
            if i % 4 != 2 {
                // Undo captures: a marble on `to` goes back to `from` and `over`.
                while m.count_ones() < k {
                    let from = pick(&mut rng);
                    let undo = geo.hops[from as usize]
                        .iter()
                        .find(|&&(over, to)| m >> to & 1 == 1 && (m >> over | m >> from) & 1 == 0);
                    if let Some(&(over, to)) = undo {
                        m ^= 1u128 << from | 1u128 << over | 1u128 << to;
                    }
                }
                if i % 2 == 1 {
                    // One marble moved elsewhere (below): mostly no longer
                    // solvable.
                    m &= !(1u128 << m.trailing_zeros());
                }
            }
            // Scattered (or the moved marble's new hole).
            while m.count_ones() < k {
                m |= 1u128 << pick(&mut rng);
            }
            let search = |sleep_sets: bool| {
                let mut s = Search::new(geo, None, None, k);
                s.sleep_sets = sleep_sets;
                s.entered = Some(Default::default());
                (s.run(m), s.nodes, s.entered.unwrap_or_default())
            };
            let (asleep, nodes_asleep, entered_asleep) = search(true);
            let (awake, nodes_awake, entered_awake) = search(false);
            assert_eq!(asleep, awake, "{m:#x}: verdicts differ");
            if awake == Some(false) {
                assert_eq!(
                    entered_asleep.len(),
                    entered_awake.len(),
                    "{m:#x}: positions entered"
                );
                assert_eq!(entered_asleep, entered_awake, "{m:#x}: positions entered");
            }
            match awake {
                Some(true) => solvable += 1,
                Some(false) => dead += 1,
                None => unreachable!("no stop flag, no cap"),
            }
            with += nodes_asleep;
            without += nodes_awake;
        }
        assert!(
            solvable >= 20 && dead >= 20,
            "{solvable} solvable, {dead} dead"
        );
        assert!(
            with * 3 < without * 2,
            "sleep sets visited {with} nodes, against {without} without"
        );
    }

    /// A search that gives up hands over to the beam: with a budget of one
    /// node the search alone leaves a 61-hole start undecided; with a beam
    /// the hint is a legal move, and the solution remembered after it
    /// reaches one marble move by move. A beam that finds nothing hands over
    /// to the next width.
    #[test]
    fn a_search_given_up_hands_over_to_the_beam() {
        use starhop_engine::food::bit;
        let board = FoodBoard::with_holes(61).unwrap();
        let start = |q, r| FoodPosition {
            board,
            marbles: board.all & !bit(board.cell(starhop_engine::Hex::new(q, r)).unwrap()),
        };
        let follow_memory = |pos: FoodPosition, first: FoodMove| {
            assert!(pos.moves(false).contains(&first));
            let mut p = pos;
            while p.count() > 1 {
                let Some(Hint::Move(mv)) = known(p, None) else {
                    panic!("{} marbles: no move remembered", p.count());
                };
                assert!(p.moves(false).contains(&mv), "{mv:?}");
                p = p.after(&mv);
            }
        };
        let stops = [None, None];
        let pos = start(1, 0);
        let alone = Round {
            nodes: 1,
            beams: &[],
        };
        assert_eq!(decide(pos, None, stops, alone, None), Hint::Unknown);
        let with_beam = Round {
            nodes: 1,
            beams: &[256],
        };
        let Hint::Move(first) = decide(pos, None, stops, with_beam, None) else {
            panic!("the beam found no solution");
        };
        follow_memory(pos, first);
        // A beam that runs dry hands over to the next width: one position
        // a layer finds nothing here under any scoring, 16 do.
        let edge = start(2, -4);
        let pos = edge.after(&edge.moves(false)[0]);
        let geo = Geo::of(board);
        let m = geo.to_grid(pos.marbles);
        for scoring in beam::SCORINGS {
            assert_eq!(beam::first_solution(geo, m, None, 1, scoring, stops), None);
        }
        let ladder = Round {
            nodes: 1,
            beams: &[1, 16],
        };
        let Hint::Move(first) = decide(pos, None, stops, ladder, None) else {
            panic!("the wider beam found no solution");
        };
        follow_memory(pos, first);
    }

    /// A hint searched on from a position both ways at once (one core from
    /// the position, the other through the positions after each move)
    /// agrees with the solver, whichever way answers first.
    #[test]
    fn a_hint_searched_on_both_ways_agrees_with_the_solver() {
        let board = FoodBoard::with_holes(37).unwrap();
        let mut rng = starhop_engine::Rng::new(27);
        let never = AtomicBool::new(false);
        let (mut solvable, mut dead) = (0, 0);
        for i in 0..40 {
            let vacant = board.cell(starhop_engine::Hex::new(1, 0)).unwrap();
            let mut pos = FoodPosition {
                board,
                marbles: board.all & !(1u128 << vacant),
            };
            for _ in 0..(2 + i % 12) {
                let moves = pos.moves(false);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            }
            let hint = search_on(pos, None, &never);
            match solve(pos, &Solve::default()).verdict {
                Verdict::Solved { .. } => {
                    let Hint::Move(mv) = hint else {
                        panic!("{:#x}: solvable, but {hint:?}", pos.marbles);
                    };
                    assert!(pos.moves(false).contains(&mv));
                    let after = pos.after(&mv);
                    let next = solve(after, &Solve::default()).verdict;
                    assert!(matches!(next, Verdict::Solved { .. }) || after.count() == 1);
                    solvable += 1;
                }
                Verdict::Impossible(_) => {
                    assert_eq!(hint, Hint::NoSolution, "{:#x}", pos.marbles);
                    dead += 1;
                }
                Verdict::Stopped => unreachable!("no stop flag"),
            }
        }
        assert!(solvable > 0 && dead > 0, "{solvable} solvable, {dead} dead");
    }

    #[test]
    fn restart_budgets_follow_the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(255), 128);
        assert_eq!(luby(256), 1);
    }

    #[test]
    fn grid_captures_match_the_engine() {
        for size in 3..=5 {
            let b = FoodBoard::get(size).unwrap();
            let geo = Geo::of(b);
            let mut x: u64 = 7;
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let marbles = (x as u128 | (x.rotate_left(31) as u128) << 64) & b.all;
                let pos = FoodPosition { board: b, marbles };
                let mut ours: Vec<(u8, u8, u8)> = geo
                    .jumps(geo.to_grid(marbles))
                    .iter()
                    .map(|j| {
                        (
                            geo.cell_of[j.from as usize],
                            geo.cell_of[j.over as usize],
                            geo.cell_of[j.to as usize],
                        )
                    })
                    .collect();
                let mut theirs: Vec<(u8, u8, u8)> = starhop_engine::food::cells(marbles)
                    .flat_map(|c| pos.jumps_of(c).collect::<Vec<_>>())
                    .map(|j| (j.from, j.over, j.to))
                    .collect();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs);
            }
        }
    }
}

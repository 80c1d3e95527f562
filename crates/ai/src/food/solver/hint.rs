//! Hints: the first move of some solution, or a proof that none exists,
//! searched on both cores and remembered between hints and games.

use super::dead::DeadTable;
use super::geo::Geo;
use super::search::{Search, table_bits};
use super::{Hint, Verdict, beam, quick_verdict};
use starhop_engine::food::{Cell, FoodMove, FoodPosition};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

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

pub(super) fn remember(pos: FoodPosition, finish: Option<Cell>, moves: &[FoodMove]) {
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

#[cfg(test)]
mod tests {
    use super::super::{Solve, solve};
    use super::*;
    use starhop_engine::food::FoodBoard;

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
}

//! The peg-solitaire solver for food checkers without slides.
//!
//! CONTRACT (the game and the command line call exactly these): `solve`,
//! `hint`, `Solve`, `Solution`, `Verdict`, `Hint`.
//!
//! How it searches:
//! - Positions live on a padded axial grid (row `r`, column `q`, width
//!   `2n + 1`) as a `u128`, so all captures in one direction are found with
//!   three shifts and a precomputed mask of the cells where that capture fits
//!   (`geo.rs`, with the symmetries, pagodas and closed regions).
//! - Position classes (`(q - r) mod 3`): every capture flips the parity of all
//!   three class counts, so the pair (n0 + n1, n1 + n2) mod 2 never changes and
//!   names the only class a last marble can stand on. Starts that cannot reach
//!   one marble (on the finish) this way are answered without search.
//! - Pagoda functions ([`pagodas`]): a weight per cell that no capture can
//!   raise; a position worth less than the finish is cut.
//! - Depth-first search over single captures (`search.rs`; a chain is a run of
//!   captures by one marble, merged afterwards) with a table of dead positions,
//!   keyed by the least image under the symmetries that fix the finish, and
//!   sleep sets: a capture tried earlier that shares no hole with the captures
//!   since is not tried again (captures on disjoint holes commute), so each
//!   position is reached through far fewer orders of the same captures.
//! - Move ordering: fewest isolated marbles after the capture, then outer
//!   marbles first (or a sweep, or mobility, or a seeded nudge): the search
//!   restarts with another ordering and a new node budget, keeping the dead
//!   table, since no single ordering is good on every start. Solving and hints
//!   restart with a new seeded nudge and budgets in the Luby sequence (most
//!   positions of play are solved within a few thousand nodes by some order,
//!   and by others not in millions); the fewest-moves search's first solutions
//!   go through the four orderings with doubling budgets.
//! - The dead table (`dead.rs`) can be shared by threads: a hint's two threads,
//!   and pondering's, each skip what the other has proven.
//! - Hints (`hint.rs`) remember the solutions found, position by position, and
//!   search on both cores. A hint whose search gives up within its budget hands
//!   over to beam searches (`beam.rs`): each keeps the few hundred or thousand
//!   most promising positions per capture under one of three scorings, and
//!   often finds a solution the search would take seconds for; it never proves
//!   that none exists.
//! - Fewest moves (`min_moves.rs`): an upper bound from first solutions (chains
//!   preferred, captures reordered to merge chains), shortened by the same
//!   search held to a move limit, then iterative deepening over whole chains
//!   from a lower bound (each full "closed" region, e.g. an occupied corner,
//!   needs a move starting in it) with a table of (position, moves) known to
//!   fail; or, with `Solve::meet`, each length decided by meeting in the middle
//!   (`meet.rs`).
//!   `STARHOP_DEBUG` in the environment prints its progress on stderr.

mod beam;
mod dead;
mod geo;
mod hint;
mod meet;
mod min_moves;
mod search;

pub use hint::{forget, hint, ponder, recall};

use geo::Geo;
use hint::remember;
use min_moves::{IMPROVE_NODES, MinSearch};
use search::{Search, table_bits};
use starhop_engine::food::{Cell, FoodBoard, FoodMove, FoodPosition};
use std::sync::atomic::AtomicBool;
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

//! Marbles on the hexagon and the moves of food checkers: captures (one marble
//! jumps a neighbour into the empty hole beyond and the jumped marble leaves
//! the board), chains of captures by the same marble that may stop after any
//! capture, and slides to a neighbouring empty hole.

use super::board::{Cell, Cells, FoodBoard, Jump, NO_CELL, bit, cells};
use super::error::FoodError;
use serde::{Deserialize, Serialize};

/// A position: the board and the set of cells holding a marble. Colours do not
/// matter in food checkers, any marble may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoodPosition {
    pub board: &'static FoodBoard,
    pub marbles: Cells,
}

/// What a legal move does. Its route is its identity (the captures follow
/// from the route); playing a move checks the route again, so a move read
/// from a file or a peer is never trusted for what it says it captures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoodMove {
    /// The marble's start, then every landing hole.
    pub route: Vec<Cell>,
    /// The marbles it captures, in order (empty for a slide).
    pub captured: Vec<Cell>,
}

impl FoodMove {
    pub fn is_slide(&self) -> bool {
        self.captured.is_empty()
    }
    pub fn from(&self) -> Cell {
        self.route[0]
    }
    pub fn to(&self) -> Cell {
        *self.route.last().expect("a route has a start")
    }
}

impl FoodPosition {
    /// The standard start: every cell full but the centre.
    pub fn start(board: &'static FoodBoard) -> FoodPosition {
        FoodPosition {
            board,
            marbles: board.all & !bit(board.centre),
        }
    }

    pub fn count(&self) -> u32 {
        self.marbles.count_ones()
    }

    pub fn has(&self, c: Cell) -> bool {
        c != NO_CELL && self.marbles & bit(c) != 0
    }

    /// Captures open to the marble on `from` (none if `from` is empty).
    pub fn jumps_of(&self, from: Cell) -> impl Iterator<Item = Jump> + '_ {
        let here = self.has(from);
        self.board
            .jumps_from(from)
            .iter()
            .copied()
            .filter(move |j| here && self.has(j.over) && !self.has(j.to))
    }

    /// Captures that could have led here, played backwards ("unjumps"): a
    /// marble on `to` goes back to `from` and the captured marble on `over`
    /// returns. Puzzles are built backwards from one marble with them.
    pub fn unjumps(&self) -> impl Iterator<Item = &'static Jump> + '_ {
        let m = self.marbles;
        self.board
            .jumps
            .iter()
            .filter(move |j| m & bit(j.to) != 0 && m & (bit(j.over) | bit(j.from)) == 0)
    }

    /// Whether any capture exists anywhere.
    pub fn can_capture(&self) -> bool {
        let m = self.marbles;
        self.board
            .jumps
            .iter()
            .any(|j| m & bit(j.from) != 0 && m & bit(j.over) != 0 && m & bit(j.to) == 0)
    }

    /// Every capture chain of the marble on `from`, one entry per place it may
    /// stop (so every chain's prefixes are listed too), shortest first by depth.
    pub fn captures_from(&self, from: Cell) -> Vec<FoodMove> {
        let mut out = Vec::new();
        let mut route = vec![from];
        let mut captured = Vec::new();
        self.chain(self.marbles, &mut route, &mut captured, &mut out);
        out
    }

    fn chain(
        &self,
        marbles: Cells,
        route: &mut Vec<Cell>,
        captured: &mut Vec<Cell>,
        out: &mut Vec<FoodMove>,
    ) {
        let at = *route.last().expect("a route has a start");
        let here = FoodPosition {
            board: self.board,
            marbles,
        };
        for j in here.jumps_of(at) {
            route.push(j.to);
            captured.push(j.over);
            out.push(FoodMove {
                route: route.clone(),
                captured: captured.clone(),
            });
            self.chain(marbles ^ j.flips(), route, captured, out);
            route.pop();
            captured.pop();
        }
    }

    /// Slides of the marble on `from` to each empty neighbour.
    pub fn slides_from(&self, from: Cell) -> Vec<FoodMove> {
        if !self.has(from) {
            return Vec::new();
        }
        self.board.neighbour[from as usize]
            .iter()
            .filter(|&&n| n != NO_CELL && !self.has(n))
            .map(|&n| FoodMove {
                route: vec![from, n],
                captured: vec![],
            })
            .collect()
    }

    /// Every legal move: all captures while one exists; otherwise slides, if
    /// `slides` is on.
    pub fn moves(&self, slides: bool) -> Vec<FoodMove> {
        let captures: Vec<FoodMove> = cells(self.marbles)
            .flat_map(|c| self.captures_from(c))
            .collect();
        if !captures.is_empty() || !slides {
            return captures;
        }
        cells(self.marbles)
            .flat_map(|c| self.slides_from(c))
            .collect()
    }

    /// The legal moves of the marble on `from` (what the game highlights when
    /// it is selected).
    pub fn moves_from(&self, from: Cell, slides: bool) -> Vec<FoodMove> {
        if self.can_capture() {
            self.captures_from(from)
        } else if slides {
            self.slides_from(from)
        } else {
            Vec::new()
        }
    }

    /// Checks a route (start, then each landing) against the rules and returns
    /// the move it makes.
    pub fn check(&self, route: &[Cell], slides: bool) -> Result<FoodMove, FoodError> {
        let len = self.board.len() as Cell;
        if route.len() < 2 {
            return Err(FoodError::ShortRoute);
        }
        if let Some(&c) = route.iter().find(|&&c| c >= len) {
            return Err(FoodError::OffBoard(c));
        }
        let from = route[0];
        if !self.has(from) {
            return Err(FoodError::NoMarble(self.board.hex(from)));
        }
        let capture_exists = self.can_capture();
        // A slide: one step to an empty neighbour, only when nothing can capture.
        if route.len() == 2 && self.board.neighbour[from as usize].contains(&route[1]) {
            if capture_exists {
                return Err(FoodError::MustCapture);
            }
            if !slides {
                return Err(FoodError::SlidesOff);
            }
            if self.has(route[1]) {
                return Err(FoodError::Taken(self.board.hex(route[1])));
            }
            return Ok(FoodMove {
                route: route.to_vec(),
                captured: vec![],
            });
        }
        let mut marbles = self.marbles;
        let mut captured = Vec::with_capacity(route.len() - 1);
        for w in route.windows(2) {
            let here = FoodPosition {
                board: self.board,
                marbles,
            };
            let Some(j) = here.jumps_of(w[0]).find(|j| j.to == w[1]) else {
                return Err(FoodError::NotACapture {
                    from: self.board.hex(w[0]),
                    to: self.board.hex(w[1]),
                });
            };
            marbles ^= j.flips();
            captured.push(j.over);
        }
        Ok(FoodMove {
            route: route.to_vec(),
            captured,
        })
    }

    /// The position after a legal move.
    pub fn after(&self, m: &FoodMove) -> FoodPosition {
        let mut marbles = self.marbles & !bit(m.from());
        for &c in &m.captured {
            marbles &= !bit(c);
        }
        marbles |= bit(m.to());
        FoodPosition {
            board: self.board,
            marbles,
        }
    }

    /// The position class counts: marbles on cells with `(q - r) mod 3` = 0, 1, 2.
    pub fn class_counts(&self) -> [u32; 3] {
        self.board
            .class_cells()
            .map(|s| (s & self.marbles).count_ones())
    }
}

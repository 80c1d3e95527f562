//! A game of food checkers: solo (peg solitaire) or 1–6 players taking turns,
//! each keeping the marbles they capture. One call applies a move and every
//! rule after it (turn order, the end of the game); undo and redo are exact.

use super::board::{Cell, Cells, FoodBoard, bit};
use super::error::FoodError;
use super::position::{FoodMove, FoodPosition};
use crate::geometry::Hex;
use serde::{Deserialize, Serialize};

/// The options of a food-checkers game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoodRules {
    /// Holes on the hexagon: 37, 61 or 91.
    pub holes: usize,
    /// 1 (solo) to 6.
    pub players: usize,
    /// Slides to a neighbouring hole while no capture exists anywhere.
    pub slides: bool,
    /// The marbles at the start; absent: every hole but the centre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<Hex>>,
    /// A solo puzzle's finishing hole for the last marble (a star, not a rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish: Option<Hex>,
}

impl FoodRules {
    /// Solo peg solitaire from the full hexagon with the centre empty: slides off.
    pub fn solo(holes: usize) -> FoodRules {
        FoodRules {
            holes,
            players: 1,
            slides: false,
            start: None,
            finish: None,
        }
    }

    /// Several players, slides on as the seed describes.
    pub fn table(holes: usize, players: usize) -> FoodRules {
        FoodRules {
            holes,
            players,
            slides: true,
            start: None,
            finish: None,
        }
    }

    /// The board, and checks every option.
    pub fn board(&self) -> Result<&'static FoodBoard, FoodError> {
        let board = FoodBoard::with_holes(self.holes).map_err(|_| FoodError::Holes(self.holes))?;
        if !(1..=6).contains(&self.players) {
            return Err(FoodError::Players(self.players));
        }
        if let Some(f) = self.finish {
            board.cell(f).ok_or(FoodError::NotOnBoard(f))?;
        }
        Ok(board)
    }

    /// The start position these rules describe.
    pub fn start_position(&self) -> Result<FoodPosition, FoodError> {
        let board = self.board()?;
        let Some(start) = &self.start else {
            return Ok(FoodPosition::start(board));
        };
        let marbles = cells_of(board, start)?;
        if marbles == 0 || marbles == board.all {
            return Err(FoodError::EmptyOrFull);
        }
        Ok(FoodPosition { board, marbles })
    }

    fn finish_cell(&self, board: &FoodBoard) -> Option<Cell> {
        self.finish.and_then(|f| board.cell(f))
    }
}

/// The set of cells at these coordinates, each on the board and listed once.
pub fn cells_of(board: &FoodBoard, hexes: &[Hex]) -> Result<Cells, FoodError> {
    let mut set = 0;
    for &h in hexes {
        let c = board.cell(h).ok_or(FoodError::NotOnBoard(h))?;
        if set & bit(c) != 0 {
            return Err(FoodError::Twice(h));
        }
        set |= bit(c);
    }
    Ok(set)
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FoodEnd {
    /// One marble is left.
    OneMarble,
    /// No move is possible: no capture, and slides are off.
    Stuck,
    /// A full round of slides (one per player) went by without a capture
    /// becoming possible.
    NoCaptures,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoodStatus {
    Playing,
    /// The game is over; `winners` are the players with the most captures
    /// (ties share). Solo: the player won when one marble is left (on the
    /// finishing hole, if the puzzle names one).
    Over {
        end: FoodEnd,
        winners: Vec<usize>,
    },
}

/// Everything a move changes, kept whole for undo.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    position: FoodPosition,
    to_move: usize,
    captures: Vec<u32>,
    slides: Vec<u32>,
    quiet_slides: usize,
    status: FoodStatus,
}

/// What one move did, for the view to animate and the HUD to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoodReport {
    pub player: usize,
    pub mv: FoodMove,
    /// Set when this move ended the game.
    pub end: Option<FoodEnd>,
}

#[derive(Clone, Debug)]
pub struct FoodGame {
    rules: FoodRules,
    now: Snapshot,
    past: Vec<Snapshot>,
    played: Vec<FoodMove>,
    undone: Vec<FoodMove>,
    revision: u64,
}

impl FoodGame {
    pub fn new(rules: FoodRules) -> Result<FoodGame, FoodError> {
        let position = rules.start_position()?;
        let players = rules.players;
        let mut now = Snapshot {
            position,
            to_move: 0,
            captures: vec![0; players],
            slides: vec![0; players],
            quiet_slides: 0,
            status: FoodStatus::Playing,
        };
        now.status = status_after(&rules, &now);
        Ok(FoodGame {
            rules,
            now,
            past: Vec::new(),
            played: Vec::new(),
            undone: Vec::new(),
            revision: 0,
        })
    }

    pub fn rules(&self) -> &FoodRules {
        &self.rules
    }
    pub fn board(&self) -> &'static FoodBoard {
        self.now.position.board
    }
    pub fn position(&self) -> FoodPosition {
        self.now.position
    }
    pub fn marbles_left(&self) -> u32 {
        self.now.position.count()
    }
    pub fn to_move(&self) -> usize {
        self.now.to_move
    }
    /// Marbles each player has captured.
    pub fn captures(&self) -> &[u32] {
        &self.now.captures
    }
    /// Slides played in a row just now (a full round of them ends the game).
    pub fn quiet_slides(&self) -> usize {
        self.now.quiet_slides
    }
    /// Slides each player has made (a solo game with slides is scored by them).
    pub fn slides(&self) -> &[u32] {
        &self.now.slides
    }
    pub fn status(&self) -> &FoodStatus {
        &self.now.status
    }
    pub fn is_over(&self) -> bool {
        self.now.status != FoodStatus::Playing
    }
    /// Moves played so far (a chain counts as one move).
    pub fn moves_played(&self) -> usize {
        self.played.len()
    }
    pub fn played(&self) -> &[FoodMove] {
        &self.played
    }
    /// Changes on every move, undo and redo: background jobs (hints, bots)
    /// carry it and an answer for another revision is dropped.
    pub fn revision(&self) -> u64 {
        self.revision
    }
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
    /// Whether a capture is possible now (then every move must capture).
    pub fn must_capture(&self) -> bool {
        self.now.position.can_capture()
    }
    /// The solo puzzle's finishing hole, if it names one.
    pub fn finish(&self) -> Option<Cell> {
        self.rules.finish_cell(self.board())
    }
    /// Solo: one marble left (on the finishing hole, if there is one).
    pub fn solved(&self) -> bool {
        let p = self.now.position;
        p.count() == 1 && self.finish().is_none_or(|f| p.has(f))
    }

    pub fn legal_moves(&self) -> Vec<FoodMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.now.position.moves(self.rules.slides)
    }

    /// The legal moves of the marble on `from`.
    pub fn moves_from(&self, from: Cell) -> Vec<FoodMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.now.position.moves_from(from, self.rules.slides)
    }

    /// Plays a move given by its route (start, then each landing).
    pub fn play(&mut self, route: &[Cell]) -> Result<FoodReport, FoodError> {
        let report = self.apply(route)?;
        self.undone.clear();
        Ok(report)
    }

    /// Plays a route given in axial coordinates (records, the command line).
    pub fn play_hexes(&mut self, route: &[Hex]) -> Result<FoodReport, FoodError> {
        let board = self.board();
        let cells = route
            .iter()
            .map(|&h| board.cell(h).ok_or(FoodError::NotOnBoard(h)))
            .collect::<Result<Vec<_>, _>>()?;
        self.play(&cells)
    }

    fn apply(&mut self, route: &[Cell]) -> Result<FoodReport, FoodError> {
        if self.is_over() {
            return Err(FoodError::Over);
        }
        let mv = self.now.position.check(route, self.rules.slides)?;
        let before = self.now.clone();
        let player = self.now.to_move;
        let now = &mut self.now;
        now.position = now.position.after(&mv);
        if mv.is_slide() {
            now.slides[player] += 1;
            now.quiet_slides += 1;
        } else {
            now.captures[player] += mv.captured.len() as u32;
            now.quiet_slides = 0;
        }
        now.to_move = (player + 1) % self.rules.players;
        now.status = status_after(&self.rules, now);
        let end = match &now.status {
            FoodStatus::Over { end, .. } => Some(*end),
            FoodStatus::Playing => None,
        };
        self.past.push(before);
        self.played.push(mv.clone());
        self.revision += 1;
        Ok(FoodReport { player, mv, end })
    }

    /// Takes back the last move; returns it (the view animates it backwards).
    pub fn undo(&mut self) -> Result<FoodMove, FoodError> {
        let before = self.past.pop().ok_or(FoodError::NothingToUndo)?;
        let mv = self.played.pop().expect("one move per snapshot");
        self.now = before;
        self.undone.push(mv.clone());
        self.revision += 1;
        Ok(mv)
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Result<FoodReport, FoodError> {
        let mv = self.undone.pop().ok_or(FoodError::NothingToRedo)?;
        self.apply(&mv.route)
    }
}

/// Whether a game with this position is over, and why: `quiet_slides` is the
/// number of slides in a row just played. (Bots call this in their search.)
pub fn end_of(
    p: &FoodPosition,
    slides: bool,
    players: usize,
    quiet_slides: usize,
) -> Option<FoodEnd> {
    if p.count() <= 1 {
        Some(FoodEnd::OneMarble)
    } else if p.can_capture() {
        None
    } else if !slides {
        Some(FoodEnd::Stuck)
    } else if quiet_slides >= players {
        Some(FoodEnd::NoCaptures)
    } else if p.moves(true).is_empty() {
        Some(FoodEnd::Stuck)
    } else {
        None
    }
}

/// The status after a move (or at the start) under these rules.
fn status_after(rules: &FoodRules, now: &Snapshot) -> FoodStatus {
    let p = now.position;
    let Some(end) = end_of(&p, rules.slides, rules.players, now.quiet_slides) else {
        return FoodStatus::Playing;
    };
    let winners = if rules.players == 1 {
        let finish = rules.finish_cell(p.board);
        let solved = p.count() == 1 && finish.is_none_or(|f| p.has(f));
        if solved { vec![0] } else { vec![] }
    } else {
        let best = *now.captures.iter().max().expect("at least one player");
        (0..rules.players)
            .filter(|&i| now.captures[i] == best)
            .collect()
    };
    FoodStatus::Over { end, winners }
}

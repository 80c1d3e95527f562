//! A game: the positions so far, undo and redo, the end of the game and every
//! draw rule of RULES §11, with the clocks the screens can show.

use crate::board::{Square, Variant};
use crate::error::DraughtsError;
use crate::notation::{move_text, parse_move, route_text};
use crate::position::{Move, Position, Side};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

/// Revisions come from one counter for the whole program, as the engine's
/// games' do: no two states of any games share one.
static NEXT_REVISION: AtomicU64 = AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, Ordering::Relaxed)
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw(DrawRule),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// The loser has no piece left.
    NoPieces,
    /// The loser has pieces but no legal move.
    NoMoves,
    Resignation,
    /// The loser's clock ran out.
    Time,
}

/// The draw rules of RULES §11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawRule {
    /// Both variants: the same position a third time with the same side to move.
    ThreefoldRepetition,
    /// International: 25 moves by each side with only kings moved and nothing captured.
    TwentyFiveKingMoves,
    /// International: 3 kings, 2 kings + 1 man or 1 king + 2 men against a
    /// lone king: 16 more moves each.
    SixteenMoveEnding,
    /// International: 2 kings, 1 king + 1 man or 1 king against a lone king:
    /// 5 more moves each.
    FiveMoveEnding,
    /// Russian: 30 moves by each side without a capture.
    ThirtyMovesWithoutCapture,
    /// Russian: three kings against a lone king not taken within 18 of the
    /// stronger side's moves.
    ThreeKingsAgainstOne,
    /// Both variants: the players agree.
    Agreement,
}

impl DrawRule {
    pub fn describe(self) -> &'static str {
        match self {
            DrawRule::ThreefoldRepetition => "the same position three times",
            DrawRule::TwentyFiveKingMoves => "25 moves each with only kings moved and no capture",
            DrawRule::SixteenMoveEnding => "16 moves each in a three-against-a-lone-king ending",
            DrawRule::FiveMoveEnding => "5 moves each in a two-against-a-lone-king ending",
            DrawRule::ThirtyMovesWithoutCapture => "30 moves each without a capture",
            DrawRule::ThreeKingsAgainstOne => "three kings did not take the lone king in 18 moves",
            DrawRule::Agreement => "agreement",
        }
    }
}

/// How a game was ended by the players rather than by the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Agreement,
    Resigned(Side),
    /// This side's clock ran out.
    OutOfTime(Side),
}

/// The ending rule in force (International 16/5 moves, Russian 3 kings v 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndingClock {
    pub rule: DrawRule,
    /// The side with more than the lone king (White when both have one king).
    pub strong: Side,
    /// Plies played in this ending (International) or the strong side's
    /// moves in it (Russian).
    pub count: u16,
    /// The count at which the game is drawn.
    pub limit: u16,
}

/// Counters of the draw rules after a ply, for the rules and for display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawClocks {
    /// International: consecutive plies moving kings without capture (draw at 50).
    pub king_plies: u16,
    /// Russian: plies since the last capture (draw at 60).
    pub plies_without_capture: u16,
    pub ending: Option<EndingClock>,
}

/// Plies of the 25-move rule (25 moves by each side).
pub const KING_PLIES_LIMIT: u16 = 50;
/// Plies of the Russian 30-move rule.
pub const NO_CAPTURE_PLIES_LIMIT: u16 = 60;

impl DrawClocks {
    /// The clocks of a game that starts from `pos` (an ending in force
    /// counts from 0), for searching a bare position.
    pub fn initial(pos: &Position) -> DrawClocks {
        DrawClocks {
            king_plies: 0,
            plies_without_capture: 0,
            ending: ending_class(pos).map(|(rule, strong, limit)| EndingClock {
                rule,
                strong,
                count: 0,
                limit,
            }),
        }
    }

    /// The clocks after `mover` played `m`, which led to `pos`. The bots run
    /// these very clocks through their search, so they and the game agree.
    #[inline]
    pub(crate) fn after(self, mover: Side, m: &Move, pos: &Position) -> DrawClocks {
        let ending = ending_class(pos).map(|(rule, strong, limit)| {
            let count = match self.ending {
                Some(e) if e.rule == rule && e.strong == strong => {
                    // Russian counts the stronger side's moves; International both sides'.
                    let step = rule != DrawRule::ThreeKingsAgainstOne || mover == strong;
                    e.count + u16::from(step)
                }
                // A new ending starts its count now (a promotion inside the
                // same class keeps counting).
                _ => 0,
            };
            EndingClock {
                rule,
                strong,
                count,
                limit,
            }
        });
        DrawClocks {
            king_plies: if m.by_king() && !m.is_capture() {
                self.king_plies + 1
            } else {
                0
            },
            plies_without_capture: if m.is_capture() {
                0
            } else {
                self.plies_without_capture + 1
            },
            ending,
        }
    }

    /// The rule that draws the game now, if any (repetition aside; a side
    /// left without a move has lost instead, see `board_outcome`).
    #[inline]
    pub(crate) fn draw(&self, variant: Variant) -> Option<DrawRule> {
        match variant {
            Variant::International if self.king_plies >= KING_PLIES_LIMIT => {
                return Some(DrawRule::TwentyFiveKingMoves);
            }
            Variant::Russian if self.plies_without_capture >= NO_CAPTURE_PLIES_LIMIT => {
                return Some(DrawRule::ThirtyMovesWithoutCapture);
            }
            _ => {}
        }
        self.ending.filter(|e| e.count >= e.limit).map(|e| e.rule)
    }
}

/// The ending rule a position falls under: (rule, strong side, limit).
fn ending_class(pos: &Position) -> Option<(DrawRule, Side, u16)> {
    // Every ending has a lone king: most positions are out at once (the
    // bots ask after every move they search; a power of two is one piece).
    if !pos.pieces[0].is_power_of_two() && !pos.pieces[1].is_power_of_two() {
        return None;
    }
    for strong in [Side::White, Side::Black] {
        let (wm, wk) = pos.count(strong.other());
        if (wm, wk) != (0, 1) {
            continue;
        }
        let (men, kings) = pos.count(strong);
        match pos.variant() {
            Variant::International => {
                if kings >= 1 && men + kings == 3 {
                    return Some((DrawRule::SixteenMoveEnding, strong, 32));
                }
                if kings >= 1 && men + kings <= 2 {
                    return Some((DrawRule::FiveMoveEnding, strong, 10));
                }
            }
            Variant::Russian => {
                if (men, kings) == (0, 3) {
                    return Some((DrawRule::ThreeKingsAgainstOne, strong, 18));
                }
            }
        }
    }
    None
}

#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    /// Full route text (what records store).
    route: String,
    /// Usual text, disambiguated only where needed (what move lists show).
    text: String,
    after: Position,
    clocks: DrawClocks,
    outcome: Option<Outcome>,
}

/// A game of draughts: start position, moves played, redo stack, end.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    start_clocks: DrawClocks,
    start_outcome: Option<Outcome>,
    plies: Vec<Ply>,
    redo: Vec<Move>,
    ending: Option<Ending>,
    /// New on every change (undo included), for background jobs.
    revision: u64,
}

impl Game {
    /// A game from the standard start.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from any position (puzzles, tests, records with a start).
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            start_clocks: DrawClocks::initial(&start),
            start_outcome: board_outcome(&start, &[start], &DrawClocks::initial(&start)),
            plies: vec![],
            redo: vec![],
            ending: None,
            revision: next_revision(),
        }
    }

    /// Identifies the game's current state: it changes with every move,
    /// undo, redo, resignation and agreement, and is never used again for
    /// another state. A bot's search keeps the revision it started on and
    /// its answer is dropped when the game has moved on.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }

    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// Plies played.
    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.plies.iter().map(|p| &p.mv)
    }

    /// The moves played in usual notation (`32-28`, `19x30`, full routes
    /// only where two captures share start and end), for the move list.
    pub fn notation(&self) -> Vec<String> {
        self.plies.iter().map(|p| p.text.clone()).collect()
    }

    /// The position before ply `i` (0 = the start).
    pub fn position_before(&self, i: usize) -> Option<&Position> {
        if i == 0 {
            Some(&self.start)
        } else {
            self.plies.get(i - 1).map(|p| &p.after)
        }
    }

    /// Legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            vec![]
        } else {
            self.position().legal_moves()
        }
    }

    /// The pieces some legal capture takes now (the UI marks them; in
    /// International only the longest captures count).
    pub fn must_take(&self) -> Vec<Square> {
        if self.is_over() {
            vec![]
        } else {
            self.position().must_take()
        }
    }

    /// Landing squares of each route of a legal move (for animation and for
    /// playing a chain hop by hop).
    pub fn routes(&self, m: &Move) -> Vec<Vec<Square>> {
        self.position().routes(m)
    }

    /// Legal moves of the piece on `from` with a route that begins with
    /// `hops` (landing squares so far), for playing a chain hop by hop: the
    /// next clickable squares are the routes' next hops, and the move is
    /// chosen once one move is left and its route is complete.
    pub fn moves_along(&self, from: Square, hops: &[Square]) -> Vec<Move> {
        let pos = self.position();
        self.legal_moves()
            .into_iter()
            .filter(|m| {
                m.from() == from
                    && pos
                        .routes(m)
                        .iter()
                        .any(|r| r.len() >= hops.len() && r[..hops.len()] == *hops)
            })
            .collect()
    }

    /// The draw-rule counters now.
    pub fn clocks(&self) -> DrawClocks {
        self.plies.last().map_or(self.start_clocks, |p| p.clocks)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.ending {
            Some(Ending::Agreement) => Some(Outcome::Draw(DrawRule::Agreement)),
            Some(Ending::Resigned(s)) => Some(Outcome::Win {
                winner: s.other(),
                reason: WinReason::Resignation,
            }),
            Some(Ending::OutOfTime(s)) => Some(Outcome::Win {
                winner: s.other(),
                reason: WinReason::Time,
            }),
            None => self.plies.last().map_or(self.start_outcome, |p| p.outcome),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Play a legal move. Playing the move at the top of the redo stack keeps
    /// the rest of it; any other move clears it.
    pub fn play(&mut self, m: &Move) -> Result<(), DraughtsError> {
        if self.is_over() {
            return Err(DraughtsError::GameOver);
        }
        let before = *self.position();
        if m.variant() != before.variant() || !before.legal_moves().contains(m) {
            return Err(DraughtsError::Illegal(route_text(&before, m)));
        }
        if self.redo.last() == Some(m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.push(before, *m);
        Ok(())
    }

    /// Play a move given in notation (`32-28`, `19x30`, `19x30x39`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, DraughtsError> {
        if self.is_over() {
            return Err(DraughtsError::GameOver);
        }
        let m = parse_move(self.position(), text)?;
        self.play(&m)?;
        Ok(m)
    }

    fn push(&mut self, before: Position, m: Move) {
        let mut after = before;
        after.play(&m);
        let clocks = self.clocks().after(before.side_to_move(), &m, &after);
        let route = route_text(&before, &m);
        let text = move_text(&before, &m);
        let mut history: Vec<Position> = Vec::with_capacity(self.plies.len() + 2);
        history.push(self.start);
        history.extend(self.plies.iter().map(|p| p.after));
        history.push(after);
        let outcome = board_outcome(&after, &history, &clocks);
        self.plies.push(Ply {
            mv: m,
            route,
            text,
            after,
            clocks,
            outcome,
        });
        self.revision = next_revision();
    }

    /// Take back the last action (a resignation or agreement first, else the
    /// last move, which goes on the redo stack). False if there is none.
    pub fn undo(&mut self) -> bool {
        if self.ending.take().is_some() {
            self.revision = next_revision();
            return true;
        }
        match self.plies.pop() {
            Some(p) => {
                self.redo.push(p.mv);
                self.revision = next_revision();
                true
            }
            None => false,
        }
    }

    /// Whether there is something to take back (a move, or the players' ending).
    pub fn can_undo(&self) -> bool {
        self.ending.is_some() || !self.plies.is_empty()
    }

    /// Play again the last move taken back. False if there is none.
    pub fn redo(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        match self.redo.pop() {
            Some(m) => {
                let before = *self.position();
                self.push(before, m);
                true
            }
            None => false,
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    pub fn resign(&mut self, side: Side) -> Result<(), DraughtsError> {
        if self.is_over() {
            return Err(DraughtsError::GameOver);
        }
        self.ending = Some(Ending::Resigned(side));
        self.revision = next_revision();
        Ok(())
    }

    /// `side`'s clock ran out: it loses (the clocks are the front end's; the
    /// game only records the result, so records replay it).
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), DraughtsError> {
        if self.is_over() {
            return Err(DraughtsError::GameOver);
        }
        self.ending = Some(Ending::OutOfTime(side));
        self.revision = next_revision();
        Ok(())
    }

    pub fn agree_draw(&mut self) -> Result<(), DraughtsError> {
        if self.is_over() {
            return Err(DraughtsError::GameOver);
        }
        self.ending = Some(Ending::Agreement);
        self.revision = next_revision();
        Ok(())
    }

    /// The players' ending (resignation or agreement), if any.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Hashes of the positions since the last capture or man move, oldest
    /// first, current last: the positions a repetition can still come from
    /// (what the bots need to see repetitions).
    pub fn repetition_history(&self) -> Vec<u64> {
        let mut out = vec![];
        for p in self.plies.iter().rev() {
            out.push(p.after.hash());
            if p.mv.is_capture() || !p.mv.by_king() {
                out.reverse();
                return out;
            }
        }
        out.push(self.start.hash());
        out.reverse();
        out
    }

    /// Full route texts of the moves played (what records store).
    pub(crate) fn route_texts(&self) -> Vec<String> {
        self.plies.iter().map(|p| p.route.clone()).collect()
    }
}

/// The outcome the board decides: no move loses; then the draw rules.
fn board_outcome(pos: &Position, history: &[Position], clocks: &DrawClocks) -> Option<Outcome> {
    let side = pos.side_to_move();
    if pos.legal_moves().is_empty() {
        let (men, kings) = pos.count(side);
        return Some(Outcome::Win {
            winner: side.other(),
            reason: if men + kings == 0 {
                WinReason::NoPieces
            } else {
                WinReason::NoMoves
            },
        });
    }
    if history.iter().filter(|p| *p == pos).count() >= 3 {
        return Some(Outcome::Draw(DrawRule::ThreefoldRepetition));
    }
    clocks.draw(pos.variant()).map(Outcome::Draw)
}

//! Errors the engine reports. None of them panic: bad input from a player, a
//! file or a bot always comes back as one of these.

use crate::bitboard::Hole;
use crate::items::{Item, TargetProblem};
use crate::seats::Seat;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("board size {0} is not supported: choose 3, 4 or 5 rows per point")]
    BoardSize(u8),
    #[error("{0} players cannot play: Chinese checkers is for 2, 3, 4 or 6 players")]
    PlayerCount(usize),
    #[error("teams need 4 players (2 against 2) or 6 players (3 against 3), not {0}")]
    TeamSize(usize),
    #[error("the game is over")]
    GameOver,
    #[error("hole {0} is not on this board")]
    NoSuchHole(Hole),
    #[error("hole {0} is already taken")]
    HoleTaken(Hole),
    #[error("there is no marble of the player to move on hole {0}")]
    NotYourMarble(Hole),
    #[error("the marble on hole {from} cannot move to hole {to}")]
    IllegalMove { from: Hole, to: Hole },
    #[error("hole {0} is taken: a marble can only end its move on an empty hole")]
    Occupied(Hole),
    #[error("hole {0} is in another player's camp: marbles may pass through, not stop there")]
    ForeignCamp(Hole),
    #[error("the marble on hole {0} has reached its target and may only move inside it")]
    LockedInTarget(Hole),
    #[error("that move goes back again: the repetition limit is reached")]
    RepetitionLimit,
    #[error("the route does not lead from hole {from} to hole {to} by legal hops")]
    BadRoute { from: Hole, to: Hole },
    #[error("a route needs at least two holes: where the marble starts and where it ends")]
    ShortRoute,
    #[error("passing is not allowed while a move is possible")]
    PassNotAllowed,
    #[error("seat {0} is not playing")]
    NotPlaying(u8),
    #[error("{0}")]
    Clock(String),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("fixed first mover: seat {0} is not in this game")]
    FirstSeat(u8),
    #[error("the first-move draw is not well-formed: {0}")]
    BadDraw(String),
    #[error("the start position has marbles for {found} seats, but the game has {players} players")]
    StartSeats { players: usize, found: usize },
    #[error("hole {0} is used twice in the start position")]
    HoleUsedTwice(Hole),
    #[error("seat {0} has no marbles in the start position")]
    NoMarbles(Seat),
    #[error("seat {seat} starts with {count} marbles, more than a camp holds ({most})")]
    TooManyMarbles { seat: Seat, count: u32, most: u32 },
    #[error("seat {0} has already finished in the start position")]
    AlreadyFinished(Seat),
    #[error("items are not in play in this game")]
    ItemsOff,
    #[error("party mode needs at least one item in play")]
    NoItemsInPlay,
    #[error("a new box every {0} rounds is too rare: at most every 20 rounds (0: no new boxes)")]
    BoxEvery(u8),
    #[error("you do not hold a {0}")]
    ItemNotHeld(Item),
    #[error("items are used before the move, and this turn's move has begun")]
    ItemAfterMove,
    #[error(
        "one item per turn (the power marble may join one other), and this turn has had its item"
    )]
    ItemLimit,
    #[error("that item cannot go there: {0}")]
    ItemTarget(TargetProblem),
    #[error("this turn only the power marble on hole {0} moves")]
    PowerMarbleOnly(Hole),
}

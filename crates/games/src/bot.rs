//! The matching bot for every game of the box: each game's own bot or
//! solver, asked within a level, a time and a stop flag. No bot logic
//! lives here, only the translation of limits and answers.
//!
//! - classic and party: `starhop_ai::choose` (it may answer with an item
//!   use: play it and ask again for the move);
//! - food checkers: solo puzzles without slides, the solver's hint (a move
//!   that still leads to one marble); otherwise, or when the solver finds no
//!   way or no time, the food bot's search;
//! - the crossing: the crossing solver's hint (the next move of the best
//!   crossing it proves or finds in time);
//! - draughts: `starhop_draughts::bot::think`;
//! - Halma: `starhop_ai::halma::choose` (a pass when no move is left).

use crate::{AnyGame, AnyMove, BoxGame, DraughtsGame};
use starhop_ai::crossing::{Crossing, Limits};
use starhop_ai::food::{bot as food_bot, solver};
use starhop_ai::halma as halma_bot;
use starhop_ai::{BotAction, Budget, Level, StopFlag};
use starhop_draughts::DraughtsMove;
use starhop_draughts::bot as draughts_bot;
use starhop_draughts::shape::full_route;
use starhop_engine::Game;
use starhop_engine::crossing::CrossingGame;
use starhop_engine::food::{FoodGame, FoodMove};
use starhop_engine::halma::{HalmaGame, HalmaTurn};
use starhop_engine::shape::{ClassicMove, CrossingMove};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How a bot may think.
#[derive(Clone, Debug)]
pub struct Think {
    pub level: Level,
    /// The longest it may think; `None`: the level's own limit (classic:
    /// the level's search depth, deterministic; the others: the level's
    /// time, `Level::think_ms`).
    pub time: Option<Duration>,
    /// Raised from outside (the game has moved on): the bot stops and
    /// answers `None`.
    pub stop: Arc<AtomicBool>,
    /// Chooses among equal moves, so a game replays with the same bots.
    pub seed: u64,
}

impl Think {
    /// A bot of `level` with the level's own limit, a fresh stop flag and seed 0.
    pub fn new(level: Level) -> Think {
        Think {
            level,
            time: None,
            stop: Arc::new(AtomicBool::new(false)),
            seed: 0,
        }
    }

    pub fn within(self, time: Duration) -> Think {
        Think {
            time: Some(time),
            ..self
        }
    }

    pub fn seeded(self, seed: u64) -> Think {
        Think { seed, ..self }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// When a bot thinking by the clock must answer.
    fn deadline(&self) -> Instant {
        let time = self
            .time
            .unwrap_or_else(|| Duration::from_millis(u64::from(self.level.think_ms())));
        Instant::now() + time
    }
}

/// A game whose bot can be asked for a move.
pub trait BoxBot: BoxGame {
    /// The bot's move for the seat to move: a legal move, or `None` when
    /// the game is over or the stop flag was raised. Synchronous: run it on
    /// a background thread and raise the flag when its answer is no longer
    /// wanted.
    fn bot_move(&self, think: &Think) -> Option<Self::Move>;
}

impl BoxBot for Game {
    fn bot_move(&self, think: &Think) -> Option<ClassicMove> {
        if Game::is_over(self) || think.stopped() {
            return None;
        }
        let budget = Budget {
            time: think.time,
            stop: Some(StopFlag::from(think.stop.clone())),
            ..Budget::default()
        };
        let decision = starhop_ai::choose(self, think.level, budget, think.seed);
        if think.stopped() {
            return None;
        }
        Some(match decision.action {
            BotAction::Move(m) => ClassicMove::Hop {
                route: self
                    .position()
                    .route(m.from, m.to, self.rules().long_jumps)?,
            },
            BotAction::Pass => ClassicMove::Pass,
            BotAction::Item(item_use) => ClassicMove::Item { item_use },
        })
    }
}

/// Runs `f` with a stop flag raised at `deadline` or when `outer` is,
/// whichever comes first (for searches that only watch a flag).
fn until<T>(outer: &AtomicBool, deadline: Instant, f: impl FnOnce(&AtomicBool) -> T) -> T {
    let flag = AtomicBool::new(false);
    let (done, wait) = mpsc::channel::<()>();
    let raise = &flag;
    std::thread::scope(|s| {
        s.spawn(move || {
            loop {
                let now = Instant::now();
                if now >= deadline || outer.load(Ordering::Relaxed) {
                    raise.store(true, Ordering::Relaxed);
                    return;
                }
                let nap = (deadline - now).min(Duration::from_millis(10));
                match wait.recv_timeout(nap) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    // The search answered.
                    _ => return,
                }
            }
        });
        let answer = f(&flag);
        drop(done);
        answer
    })
}

impl BoxBot for FoodGame {
    fn bot_move(&self, think: &Think) -> Option<FoodMove> {
        if FoodGame::is_over(self) || think.stopped() {
            return None;
        }
        let deadline = think.deadline();
        let rules = self.rules();
        // The game's own test for what the solver covers: solo, no slides.
        if rules.players == 1 && !rules.slides {
            let (pos, finish) = (self.position(), self.finish());
            let hint = until(&think.stop, deadline, |flag| {
                solver::hint(pos, finish, Some(flag))
            });
            if let solver::Hint::Move(m) = hint
                && !think.stopped()
            {
                return Some(m);
            }
        }
        let depth = food_bot::max_depth(think.level);
        let m = food_bot::choose_within(self, depth, Some(deadline), think.seed, &think.stop);
        if think.stopped() { None } else { m }
    }
}

impl BoxBot for CrossingGame {
    /// The solver's next move; should it find no crossing in time (it
    /// always has on the boards played), the first legal move.
    fn bot_move(&self, think: &Think) -> Option<CrossingMove> {
        if self.is_finished() || think.stopped() {
            return None;
        }
        let limits = Limits {
            deadline: Some(think.deadline()),
            stop: Some(think.stop.clone()),
            ..Limits::default()
        };
        let hint = Crossing::new(self.size(), self.long_jumps())
            .ok()
            .and_then(|c| c.hint_until(self.marbles(), &limits));
        if think.stopped() {
            return None;
        }
        match hint {
            Some(h) => Some(CrossingMove { route: h.route }),
            None => BoxGame::legal_moves(self).into_iter().next(),
        }
    }
}

impl BoxBot for DraughtsGame {
    fn bot_move(&self, think: &Think) -> Option<DraughtsMove> {
        if DraughtsGame::is_over(self) || think.stopped() {
            return None;
        }
        let budget = draughts_bot::Budget {
            time: think.time,
            stop: Some(think.stop.clone()),
            ..draughts_bot::Budget::default()
        };
        let thought = draughts_bot::think(self, think.level, &budget, think.seed)?;
        if think.stopped() {
            return None;
        }
        Some(DraughtsMove {
            route: full_route(self.position(), &thought.best),
        })
    }
}

impl BoxBot for HalmaGame {
    fn bot_move(&self, think: &Think) -> Option<HalmaTurn> {
        if HalmaGame::is_over(self) || think.stopped() {
            return None;
        }
        if HalmaGame::legal_moves(self).is_empty() {
            return Some(HalmaTurn::Pass);
        }
        let m = halma_bot::choose(self, think.level, think.deadline(), &think.stop, think.seed)?;
        (!think.stopped()).then_some(HalmaTurn::Hop { route: m.route })
    }
}

impl BoxBot for AnyGame {
    fn bot_move(&self, think: &Think) -> Option<AnyMove> {
        match self {
            AnyGame::Classic(g) => g.bot_move(think).map(AnyMove::Classic),
            AnyGame::Food(g) => g.bot_move(think).map(AnyMove::Food),
            AnyGame::Crossing(g) => g.bot_move(think).map(AnyMove::Crossing),
            AnyGame::Draughts(g) => g.bot_move(think).map(AnyMove::Draughts),
            AnyGame::Halma(g) => g.bot_move(think).map(AnyMove::Halma),
        }
    }
}

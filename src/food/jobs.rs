//! Background work for food checkers, on the async compute pool like the
//! classic bots: bot seats' moves, hints, and the solver watch that proves
//! "no solution from here" in solo games without slides. Once the watch has
//! answered, pondering works out the answer after every move the player
//! might make (on every core), so the next hint and the next "no solution"
//! come from the solver's memory at once. Every job carries
//! the game's revision and a stop flag; when the game changes under it, the
//! job is stopped and its answer never used.

use super::marbles::FoodAnimating;
use super::{FoodMoveRequest, FoodPlaying, FoodSeat, FoodSession};
use crate::base::AppSystems;
use crate::base::Notice;
use crate::base::job::{Job, let_go};
use crate::settings::Settings;
use crate::ui::tr;
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_ai::food::{bot, solver};
use starhop_engine::food::{FoodGame, FoodMove};

/// What the player is told when the solver proves one marble out of reach:
/// at the start, that the start cannot be solved; later, to undo.
pub fn no_solution_words(game: &FoodGame) -> &'static str {
    if game.moves_played() == 0 {
        NO_SOLUTION_AT_START
    } else {
        NO_SOLUTION_HERE
    }
}

pub const NO_SOLUTION_AT_START: &str =
    "No solution from this start: one marble cannot be reached. Choose another start.";
pub const NO_SOLUTION_HERE: &str = "No solution from here: undo a move or two.";

/// Seconds a bot's move waits at least, so people can follow the game.
pub const BOT_DELAY: f32 = 0.7;
/// Seconds the solver watch may take before it gives up on a position.
pub const WATCH_SECONDS: f32 = 45.0;
/// The level that gives hints where the solver does not (slides, several
/// players), and where it has not decided yet.
pub const HINT_LEVEL: Level = Level::Hard;
/// Real seconds a hint waits for the solver before the bot's capture is shown
/// instead (the bot starts with the wait, so it has its move by then; the
/// solver goes on, and its move replaces the bot's once found).
pub const HINT_PATIENCE: f32 = 1.0;

/// The jobs under way.
#[derive(Resource, Default)]
pub struct FoodJobs {
    bot: Option<Job<Option<FoodMove>>>,
    watch: Option<Job<solver::Hint>>,
    ponder: Option<Job<usize>>,
    /// The revision pondering last finished for.
    pondered: Option<u64>,
    /// Bot searches started, and jobs stopped before they answered (for tests).
    pub started: u64,
    pub abandoned: u64,
    /// A hint was asked for this revision before the solver had answered.
    wanted_hint: Option<u64>,
    /// Real seconds that hint has waited.
    wanted_waited: f32,
    /// The bot's capture for that hint, kept until the patience runs out.
    fallback: Option<(u64, FoodMove)>,
}

impl FoodJobs {
    pub fn bot_thinking(&self) -> bool {
        self.bot.as_ref().is_some_and(|b| !b.hint)
    }
    pub fn hinting(&self) -> bool {
        self.wanted_hint.is_some() || self.bot.as_ref().is_some_and(|b| b.hint)
    }
    /// Waits for the solver's hint at `revision`, with the bot's capture
    /// started beside it for when the solver takes too long.
    fn want_hint(&mut self, game: &FoodGame) {
        if self.wanted_hint == Some(game.revision()) {
            return;
        }
        self.wanted_hint = Some(game.revision());
        self.wanted_waited = 0.0;
        self.fallback = None;
        if self.bot.is_none() {
            self.bot = Some(spawn_bot(game, HINT_LEVEL, true));
        }
    }
    pub fn watching(&self) -> bool {
        self.watch.is_some()
    }
    /// Whether pondering has finished at this revision.
    pub fn pondered(&self, revision: u64) -> bool {
        self.pondered == Some(revision)
    }
    fn abandon_bot(&mut self) {
        if let_go(&mut self.bot) {
            self.abandoned += 1;
        }
    }
    /// The solver answered the hint: the bot's capture is not wanted.
    fn settle_hint(&mut self) {
        self.wanted_hint = None;
        self.fallback = None;
        if self.bot.as_ref().is_some_and(|b| b.hint) {
            self.abandon_bot();
        }
    }
    fn abandon_watch(&mut self) {
        if let_go(&mut self.watch) {
            self.abandoned += 1;
        }
        let_go(&mut self.ponder);
    }
}

/// What the solver found for a position of a solo game without slides.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct FoodAnalysis {
    pub revision: Option<u64>,
    pub verdict: Option<solver::Hint>,
}

impl FoodAnalysis {
    /// The solver's move at `revision`, when it found one.
    pub fn proven_move(&self, revision: u64) -> Option<&FoodMove> {
        match &self.verdict {
            Some(solver::Hint::Move(mv)) if self.revision == Some(revision) => Some(mv),
            _ => None,
        }
    }

    /// Proven: no way to one marble from the position at `revision`.
    pub fn no_solution(&self, revision: u64) -> bool {
        self.revision == Some(revision) && self.verdict == Some(solver::Hint::NoSolution)
    }
}

/// The hinted move, for the game at this revision.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct FoodHint(pub Option<(u64, FoodMove)>);

/// Ask for a hint for the person to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct FoodHintRequest;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FoodJobs>()
        .init_resource::<FoodAnalysis>()
        .init_resource::<FoodHint>()
        .add_message::<FoodHintRequest>()
        .add_systems(
            Update,
            (
                collect.in_set(AppSystems::Input),
                forget_the_last_game
                    .run_if(on_message::<super::FoodRebuild>)
                    .in_set(AppSystems::Rules)
                    .after(super::FoodRules_),
                (abandon_stale, start_jobs.run_if(crate::base::not_replaying))
                    .chain()
                    .in_set(AppSystems::Jobs),
            ),
        );
}

/// Another game (or preview) is on show: its revisions start again, so
/// nothing of the last one may be taken for it.
fn forget_the_last_game(
    mut jobs: ResMut<FoodJobs>,
    mut analysis: ResMut<FoodAnalysis>,
    mut hint: ResMut<FoodHint>,
) {
    jobs.abandon_bot();
    jobs.abandon_watch();
    jobs.wanted_hint = None;
    jobs.fallback = None;
    *analysis = FoodAnalysis::default();
    hint.0 = None;
}

/// Whether the solver covers this game: solo, slides off.
pub fn solver_covers(game: &FoodGame) -> bool {
    game.rules().players == 1 && !game.rules().slides
}

fn spawn_bot(game: &FoodGame, level: Level, hint: bool) -> Job<Option<FoodMove>> {
    let game = game.clone();
    let revision = game.revision();
    let seed = revision.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.moves_played() as u64;
    Job::spawn(revision, hint, move |stop| {
        bot::choose(&game, level, seed, &stop)
    })
}

fn spawn_watch(game: &FoodGame) -> Job<solver::Hint> {
    let (pos, finish) = (game.position(), game.finish());
    Job::spawn(game.revision(), false, move |stop| {
        solver::hint(pos, finish, Some(&stop))
    })
}

fn spawn_ponder(game: &FoodGame) -> Job<usize> {
    let (pos, finish) = (game.position(), game.finish());
    Job::spawn(game.revision(), false, move |stop| {
        solver::ponder(pos, finish, &stop)
    })
}

/// Stops jobs whose game changed or went.
fn abandon_stale(
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    mut jobs: ResMut<FoodJobs>,
) {
    let current = session.filter(|_| playing.0).map(|s| s.game.revision());
    if jobs
        .bot
        .as_ref()
        .is_some_and(|b| Some(b.revision) != current)
    {
        jobs.abandon_bot();
    }
    if jobs
        .watch
        .as_ref()
        .is_some_and(|w| Some(w.revision) != current)
    {
        jobs.abandon_watch();
    }
    if jobs
        .ponder
        .as_ref()
        .is_some_and(|p| Some(p.revision) != current)
    {
        let_go(&mut jobs.ponder);
    }
    if jobs.wanted_hint.is_some() && jobs.wanted_hint != current {
        jobs.wanted_hint = None;
    }
}

/// Starts what the position needs: a bot's search, a hint, the solver watch.
fn start_jobs(
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    mut jobs: ResMut<FoodJobs>,
    analysis: Res<FoodAnalysis>,
    mut hint: ResMut<FoodHint>,
    mut asks: MessageReader<FoodHintRequest>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let asked = asks.read().count() > 0;
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    let game = &s.game;
    if game.is_over() {
        return;
    }
    let revision = game.revision();
    // The solver watch, after every change.
    if solver_covers(game) && jobs.watch.is_none() && analysis.revision != Some(revision) {
        jobs.watch = Some(spawn_watch(game));
    }
    // Then the positions after each move, while the player thinks; not
    // where the watch gave up (those after it are as hard, and the bot's
    // hint must not wait behind them on the pool).
    if solver_covers(game)
        && jobs.ponder.is_none()
        && analysis.revision == Some(revision)
        && analysis.verdict != Some(solver::Hint::Unknown)
        && jobs.pondered != Some(revision)
    {
        jobs.ponder = Some(spawn_ponder(game));
    }
    // A seat played at another computer is thought for there.
    let here = s.here(game.to_move());
    match s.seat(game.to_move()) {
        FoodSeat::Bot(level) if here && jobs.bot.is_none() => {
            jobs.bot = Some(spawn_bot(game, level, false));
            jobs.started += 1;
        }
        FoodSeat::Human if asked && here => {
            if hint.0.as_ref().is_some_and(|(r, _)| *r == revision) {
                // Already shown: show it again.
                hint.set_changed();
            } else if solver_covers(game) {
                match (&analysis.verdict, analysis.revision == Some(revision)) {
                    (Some(solver::Hint::Move(mv)), true) => hint.0 = Some((revision, mv.clone())),
                    (Some(solver::Hint::NoSolution), true) => {
                        notices.write(Notice::Info(
                            tr(settings.language, no_solution_words(game)).into(),
                        ));
                    }
                    (Some(solver::Hint::Unknown), true) => {
                        // The solver gave up: the bot's best capture instead.
                        if jobs.bot.is_none() {
                            jobs.bot = Some(spawn_bot(game, HINT_LEVEL, true));
                        }
                    }
                    _ => jobs.want_hint(game),
                }
            } else if jobs.bot.is_none() {
                jobs.bot = Some(spawn_bot(game, HINT_LEVEL, true));
            }
        }
        _ => {}
    }
}

/// Turns finished jobs into requests, hints and verdicts. A bot's move waits
/// for the last move to land and for a short pause. A hint shows the
/// solver's move when it has one, the bot's capture when the solver has not
/// answered within [`HINT_PATIENCE`] or gave up, and the solver's move in
/// place of the bot's when it answers later.
fn collect(
    session: Option<Res<FoodSession>>,
    animating: Res<FoodAnimating>,
    time: Res<Time>,
    real: Res<Time<Real>>,
    mut jobs: ResMut<FoodJobs>,
    mut analysis: ResMut<FoodAnalysis>,
    mut hint: ResMut<FoodHint>,
    mut moves: MessageWriter<FoodMoveRequest>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let dt = time.delta_secs();
    let revision = session.as_ref().map(|s| s.game.revision());
    if let Some(w) = &mut jobs.watch {
        w.waited += dt;
        if w.waited > WATCH_SECONDS {
            w.stop();
        }
        if let Some(verdict) = w.poll() {
            let r = w.revision;
            jobs.watch = None;
            if Some(r) == revision {
                *analysis = FoodAnalysis {
                    revision: Some(r),
                    verdict: Some(verdict.clone()),
                };
                let wanted = jobs.wanted_hint == Some(r);
                let shown = hint.0.as_ref().is_some_and(|(at, _)| *at == r);
                match verdict {
                    solver::Hint::Move(mv) if wanted || shown => {
                        jobs.settle_hint();
                        hint.0 = Some((r, mv));
                    }
                    solver::Hint::NoSolution if wanted || shown => {
                        jobs.settle_hint();
                        hint.0 = None;
                        if let Some(s) = &session {
                            notices.write(Notice::Info(
                                tr(settings.language, no_solution_words(&s.game)).into(),
                            ));
                        }
                    }
                    // Given up: the bot's capture, now or once it comes.
                    solver::Hint::Unknown if wanted => jobs.wanted_waited = HINT_PATIENCE,
                    _ => {}
                }
            }
        }
    }
    if let Some(p) = &mut jobs.ponder
        && p.poll().is_some()
    {
        jobs.pondered = Some(p.revision);
        jobs.ponder = None;
    }
    if let Some(b) = &mut jobs.bot {
        b.waited += dt;
    }
    if let Some(b) = &mut jobs.bot
        && (b.hint || (!animating.0 && b.waited >= BOT_DELAY))
        && let Some(answer) = b.poll()
    {
        let (r, is_hint) = (b.revision, b.hint);
        jobs.bot = None;
        match (answer, is_hint) {
            _ if Some(r) != revision => {}
            (Some(mv), true) if jobs.wanted_hint == Some(r) => {
                jobs.fallback = Some((r, mv));
            }
            // Proven dead meanwhile: no move to show.
            (Some(_), true) if analysis.no_solution(r) => {}
            (Some(mv), true) => {
                let proven = analysis.proven_move(r).cloned();
                hint.0 = Some((r, proven.unwrap_or(mv)));
            }
            (Some(mv), false) => {
                moves.write(FoodMoveRequest(mv.route));
            }
            (None, _) => {}
        }
    }
    // The solver is still thinking: after the patience, the bot's capture.
    if let Some(r) = jobs.wanted_hint.filter(|r| Some(*r) == revision) {
        // Real seconds, as the player waits them: game time stops counting
        // at a quarter of a second a frame, and frames are slow while the
        // solver holds both cores.
        jobs.wanted_waited += real.delta_secs();
        if jobs.wanted_waited >= HINT_PATIENCE
            && let Some((at, mv)) = jobs.fallback.take()
            && at == r
        {
            jobs.wanted_hint = None;
            hint.0 = Some((r, mv));
        }
    }
}

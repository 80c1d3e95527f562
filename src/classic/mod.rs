//! The match: the engine's `Game` as a resource. Two systems call the
//! engine: `apply_requests` hands it each request (input, UI and bots only
//! send messages) and `tick_clock` feeds it real time; the engine applies
//! every rule itself, and what happened goes out as messages the view and
//! the HUD follow.

use crate::base::{AppSystems, Cue, Notice, PausableSystems, Pause, PauseReasons, Screen};
use crate::stage::marbles::{Animating, BoardChanged, MarblesMoved};
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::game::marble_changes;
use starhop_engine::{
    Action, Event as RuleEvent, FirstMoveMethod, Game, Hole, ItemUse, MarbleChange, Move, Record,
    RuleError, Rules, Seat,
};

mod bots;
mod end_league;
pub mod home_demo;
pub mod input;
pub mod party;
pub mod race;
pub mod saves;
pub mod screens;
mod setup;
mod show;
pub use crate::stage::marbles::BotSpeed;
pub use bots::{BotMind, HINT_LEVEL, Hint, HintRequest};
pub use end_league::{BackToTournament, EndScreenLeague, HeldBack, RatingLine};
pub use setup::{MatchSetup, SeatKind, SeatSetup};

/// The match being played.
#[derive(Resource)]
pub struct Match {
    pub game: Game,
    pub setup: MatchSetup,
}

impl Match {
    pub fn name(&self, seat: Seat) -> &str {
        &self.setup.seats[seat as usize].name
    }
    pub fn colour(&self, seat: Seat) -> Color {
        PALETTE[self.setup.seats[seat as usize].colour as usize % PALETTE.len()].1
    }
    /// The seat the board should turn to: the person to move when several
    /// people share the screen, the only person when one plays against bots,
    /// nobody while a bot moves between people or in a game of bots only.
    pub fn seat_to_face(&self) -> Option<Seat> {
        let seats = &self.setup.seats;
        let mut humans = (0..seats.len()).filter(|&s| seats[s].kind == SeatKind::Human);
        let first = humans.next()? as Seat;
        match humans.next() {
            None => Some(first),
            Some(_) => Some(self.game.to_move()).filter(|&s| self.is_human(s)),
        }
    }
    /// Whether a person (not a bot) sits in `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.setup
            .seats
            .get(seat as usize)
            .is_some_and(|s| s.kind == SeatKind::Human)
    }
    /// Whether a person may act now (bots will move on their own).
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over()
            && self.setup.seats[self.game.to_move() as usize].kind == SeatKind::Human
    }
    pub fn record(&self) -> Record {
        Record {
            bots: self.setup.bots_for_record(),
            ..Record::of(
                &self.game,
                self.setup.seats.iter().map(|s| s.name.clone()).collect(),
            )
        }
    }
}

/// The setup being edited on the setup screen (and the last one played).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct PendingSetup(pub MatchSetup);

// ----- requests (input and UI to rules) -----

/// Host a network table with this setup (its "Remote player" seats open);
/// the network tables read it.
#[derive(Message, Clone, Debug)]
pub struct HostGame(pub MatchSetup);

/// Start a match with this setup.
#[derive(Message, Clone, Debug)]
pub struct StartMatch(pub MatchSetup);

/// Start a match from a saved record (already checked by the engine).
#[derive(Message, Clone, Debug)]
pub struct LoadMatch(pub Record);

/// Move the marble on `from` to `to`; along exactly `route` when one is
/// given (in classic play (from, to) is the move and the engine picks a
/// route; captures and some items need the route itself).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    pub from: Hole,
    pub to: Hole,
    pub route: Option<Vec<Hole>>,
}

impl From<Move> for MoveRequest {
    fn from(mv: Move) -> MoveRequest {
        MoveRequest {
            from: mv.from,
            to: mv.to,
            route: None,
        }
    }
}

/// Use an item (party mode), before the turn's move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemRequest(pub ItemUse);

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRequest {
    Pass,
    Undo,
    Redo,
    Resign(Seat),
}

/// Leave the match for the setup screen.
#[derive(Message, Clone, Copy, Debug)]
pub struct BackToSetup;

// ----- reports (rules to view and HUD) -----

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingSetup>()
        .add_message::<StartMatch>()
        .add_message::<LoadMatch>()
        .add_message::<MoveRequest>()
        .add_message::<TurnRequest>()
        .add_message::<ItemRequest>()
        .add_message::<BackToSetup>()
        .add_message::<BackToTournament>()
        .add_message::<HostGame>()
        .init_resource::<EndScreenLeague>()
        .add_plugins((bots::plugin, show::plugin))
        .add_systems(
            Update,
            (
                start_match,
                load_match,
                // A replay's match is only stepped through by the viewer.
                // At a network table the host applies requests and runs the clocks.
                apply_requests.run_if(crate::base::local_authority),
                tick_clock
                    .in_set(PausableSystems)
                    .run_if(crate::base::local_authority),
                back_to_setup,
            )
                .chain()
                .in_set(PlaySystems)
                .in_set(AppSystems::Rules),
        )
        .add_systems(Update, chime_turns.in_set(AppSystems::View));
}

/// The rules systems, for ordering others after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaySystems;

fn start_match(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut fresh: FreshMatch,
) {
    let Some(StartMatch(setup)) = starts.read().last() else {
        return;
    };
    let seed = setup.seed.unwrap_or_else(fresh_seed);
    match Game::new(setup.rules.clone(), setup.players, seed) {
        Ok(game) => {
            commands.insert_resource(Match {
                game,
                setup: setup.clone(),
            });
            commands.insert_resource(PendingSetup(setup.clone()));
            fresh.reset();
            next.set(Screen::Playing);
            changed.write(BoardChanged);
        }
        Err(e) => {
            notices.write(Notice::Refused(e));
        }
    }
}

fn load_match(
    mut commands: Commands,
    mut loads: MessageReader<LoadMatch>,
    mut changed: MessageWriter<BoardChanged>,
    mut notices: MessageWriter<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut fresh: FreshMatch,
) {
    let Some(LoadMatch(record)) = loads.read().last() else {
        return;
    };
    match record.replay() {
        Ok(game) => {
            let (setup, seats_known) = MatchSetup::from_record(record);
            if !seats_known {
                notices.write(Notice::SeatsUnknown);
            }
            commands.insert_resource(Match { game, setup });
            fresh.reset();
            next.set(Screen::Playing);
            changed.write(BoardChanged);
        }
        Err(e) => {
            warn!("a game could not be loaded: {e}");
            notices.write(Notice::Unloadable);
        }
    }
}

/// What a new or loaded match starts without: a pause left over from the
/// last one, or the watch speed chosen in it.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FreshMatch<'w> {
    reasons: ResMut<'w, PauseReasons>,
    speed: ResMut<'w, BotSpeed>,
}

impl FreshMatch<'_> {
    fn reset(&mut self) {
        // A menu that started the match closes itself; the draw sets its own reason.
        self.reasons.watcher = false;
        *self.speed = BotSpeed::default();
    }
}

/// What the rules systems tell the view and the HUD.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Reports<'w> {
    marbles: MessageWriter<'w, MarblesMoved>,
    notices: MessageWriter<'w, Notice>,
}

impl Reports<'_> {
    /// How the marbles moved, then what else the rules did.
    pub(crate) fn events(&mut self, events: Vec<RuleEvent>) {
        self.marbles(marble_changes(&events));
        for e in events {
            if !matches!(e, RuleEvent::Moved { .. }) {
                self.notices.write(Notice::Rule(e));
            }
        }
    }

    pub(crate) fn marbles(&mut self, changes: Vec<MarbleChange>) {
        if !changes.is_empty() {
            self.marbles.write(MarblesMoved(changes));
        }
    }

    fn notice(&mut self, notice: Notice) {
        self.notices.write(notice);
    }

    /// A message for the players, already in words.
    pub(crate) fn info(&mut self, text: String) {
        self.notices.write(Notice::Info(text));
    }
}

fn apply_requests(
    game: Option<ResMut<Match>>,
    mut moves: MessageReader<MoveRequest>,
    mut turns: MessageReader<TurnRequest>,
    mut items: MessageReader<ItemRequest>,
    mut reports: Reports,
) {
    let Some(mut m) = game else {
        moves.clear();
        turns.clear();
        items.clear();
        return;
    };
    // Items come before the move they prepare.
    for ItemRequest(u) in items.read() {
        match m.game.use_item(*u) {
            Ok(events) => reports.events(events),
            Err(e) => reports.notice(Notice::Refused(e)),
        }
    }
    for req in moves.read() {
        let played = match &req.route {
            Some(route) => m.game.play_route(route),
            None => m.game.play(Move {
                from: req.from,
                to: req.to,
            }),
        };
        match played {
            Ok(events) => reports.events(events),
            Err(e) => reports.notice(Notice::Refused(e)),
        }
    }
    for req in turns.read() {
        let result = match *req {
            TurnRequest::Pass => m.game.pass(),
            TurnRequest::Resign(seat) => m.game.resign(seat),
            TurnRequest::Undo => undo(&mut m).map(|changes| {
                reports.marbles(changes);
                reports.notice(Notice::Undone);
                Vec::new()
            }),
            TurnRequest::Redo => m.game.redo().inspect(|_| reports.notice(Notice::Redone)),
        };
        match result {
            Ok(events) => reports.events(events),
            Err(e) => reports.notice(Notice::Refused(e)),
        }
    }
}

/// Undoes the last action; against bots, on back to the last human turn, or
/// the bot would replay at once. Several actions undone at once come back as
/// the net change (each marble flies straight home), not a replay in reverse.
fn undo(m: &mut Match) -> Result<Vec<MarbleChange>, RuleError> {
    let before = m.game.position().clone();
    let mut changes = m.game.undo()?;
    let human = |m: &Match| m.setup.seats[m.game.to_move() as usize].kind == SeatKind::Human;
    if !m.setup.bots_only() && !human(m) && m.game.can_undo() {
        while !human(m) && m.game.can_undo() {
            m.game.undo()?;
        }
        changes = before.changes_to(m.game.position());
    }
    Ok(changes)
}

/// Runs the clocks of the player to move from real time.
fn tick_clock(
    game: Option<ResMut<Match>>,
    time: Res<Time>,
    animating: Option<Res<Animating>>,
    mut carry: Local<f64>,
    mut reports: Reports,
) {
    let Some(mut m) = game else {
        return;
    };
    let rules = m.game.rules();
    let timed = rules.move_limit_ms.is_some() || rules.time_bank_ms.is_some();
    if !timed || m.game.is_over() || animating.is_some_and(|a| a.0) {
        return;
    }
    // Whole milliseconds go to the engine; the fraction waits for the next frame.
    *carry += time.delta_secs_f64() * 1000.0;
    let ms = carry.floor();
    *carry -= ms;
    if ms >= 1.0 {
        reports.events(m.game.tick(ms as u32));
    }
}

fn back_to_setup(
    mut commands: Commands,
    mut requests: MessageReader<BackToSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if requests.read().last().is_some() {
        commands.remove_resource::<Match>();
        next.set(Screen::Setup);
        changed.write(BoardChanged);
    }
}

/// A seed from the clock, for games that do not ask for one.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// The last action, if it was a move: who moved and the route (for the last-move marker).
pub fn last_move(game: &Game) -> Option<(Seat, Vec<Hole>)> {
    // The marble now on the move's destination is the mover's: nothing has moved since.
    match game.actions().last()? {
        Action::Move { to, route, .. } => game.position().owner(*to).map(|s| (s, route.clone())),
        _ => None,
    }
}

/// Rules a quick-started game uses when the command line says nothing else.
/// The number of the move to come, as the HUD and save names show it:
/// moves, passes and time-outs count; item uses are part of a move's turn.
pub fn move_number(game: &Game) -> usize {
    game.actions()
        .filter(|a| !matches!(a, Action::UseItem { .. }))
        .count()
        + 1
}

pub fn quick_rules(size: u8) -> Rules {
    Rules {
        first_move: FirstMoveMethod::Lots,
        ..Rules::classic().with_size(size)
    }
}

/// A chime when the turn passes to another player.
fn chime_turns(
    game: Option<Res<Match>>,
    mut last: Local<Option<(u8, usize)>>,
    mut cues: MessageWriter<Cue>,
) {
    let Some(m) = game else { return };
    let now = (m.game.to_move(), m.game.actions().count());
    if last.is_some_and(|(seat, n)| seat != now.0 && n != now.1) && !m.game.is_over() {
        cues.write(Cue::TurnPassed);
    }
    *last = Some(now);
}

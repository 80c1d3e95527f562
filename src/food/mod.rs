//! Food checkers (食棋, RULES.md §9) in 3D: solo puzzles, free solo and
//! games of several players on the central hexagon, beside classic play.
//!
//! The engine's `FoodGame` is the match (`FoodSession`); one rules system
//! hands it every request (`FoodMoveRequest`, `FoodTurn`) and reports how
//! marbles moved (`FoodMoved`), which the marble entities follow. Bots, hints
//! and the "no solution from here" check run on the background pool with the
//! game's revision and a stop flag (`jobs`). Everything lives in its own
//! screen, `Screen::Food`: its setup panel (no session yet, or a preview) and
//! the game.
//!
//! - [`marbles`]: marble entities on cells and in the players' trays, hop animation.
//! - [`jobs`]: bots, hints and the solver watch.
//! - [`progress`]: best results per puzzle, saving and loading food games.
//! - `view`, `input`, `ui`: the board, picking and keys, the egui panels.

use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::kit::life::Turns;
use crate::kit::{self, Begin, GameMode, Playing};
use crate::settings::Settings;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhop_ai::Level;
use starhop_ai::food::puzzles::{self, Puzzle};
use starhop_engine::Hex;
use starhop_engine::food::{Cell, FoodError, FoodGame, FoodMove, FoodRecord, FoodRules};
use starhop_games::GameKind;

pub mod input;
pub mod jobs;
pub mod marbles;
pub mod progress;
pub mod shots;
mod ui;
mod view;
mod watch;

pub use input::{FoodSelection, press};
pub use jobs::{FoodAnalysis, FoodHint, FoodJobs};
pub use marbles::{FoodHop, FoodIndex, FoodMarble, TrayMarble};
pub use progress::{FoodProgress, PuzzleBest, is_food_record, stars_for};

/// Which kind of food game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FoodMode {
    /// A puzzle of the collection (or a made-up one, for screenshots).
    Puzzle(Puzzle),
    /// Solo from a full board with one vacant hole.
    Solo,
    /// Several players taking turns.
    Table,
}

/// Who plays a seat.
pub type FoodSeat = crate::kit::Seat;

/// Everything a food game starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct FoodSetup {
    pub mode: FoodMode,
    pub rules: FoodRules,
    pub seats: Vec<FoodSeat>,
}

impl FoodSetup {
    pub fn puzzle(p: &Puzzle) -> FoodSetup {
        FoodSetup {
            mode: FoodMode::Puzzle(p.clone()),
            rules: p.rules(),
            seats: vec![FoodSeat::Human],
        }
    }

    /// Solo on `holes` holes with the vacant hole at `vacant`. By default the
    /// centre on 61 holes; on 37 and 91 holes no centre start can end with one
    /// marble (position classes), so the hole beside it.
    pub fn solo(holes: usize, vacant: Option<Hex>, slides: bool) -> FoodSetup {
        let mut rules = FoodRules::solo(holes);
        rules.slides = slides;
        let vacant = vacant.or((holes != 61).then_some(Hex::new(1, 0)));
        if let (Some(v), Ok(board)) = (vacant, rules.board())
            && board.cell(v).is_some()
            && v != board.hex(board.centre)
        {
            rules.start = Some(board.hexes.iter().copied().filter(|&h| h != v).collect());
        }
        FoodSetup {
            mode: FoodMode::Solo,
            rules,
            seats: vec![FoodSeat::Human],
        }
    }

    pub fn table(holes: usize, seats: Vec<FoodSeat>, slides: bool) -> FoodSetup {
        let mut rules = FoodRules::table(holes, seats.len().clamp(1, 6));
        rules.slides = slides;
        FoodSetup {
            mode: FoodMode::Table,
            rules,
            seats,
        }
    }

    pub fn setup_is_table(&self) -> bool {
        self.mode == FoodMode::Table
    }

    pub fn is_solo(&self) -> bool {
        self.rules.players == 1
    }
}

/// The food game being played.
#[derive(Resource, Clone, Debug)]
pub struct FoodSession {
    pub game: FoodGame,
    pub setup: FoodSetup,
    /// The seats played at another computer (a network table's): neither a
    /// person nor a bot here moves for them. Empty: every seat is here.
    pub elsewhere: Vec<bool>,
}

impl FoodSession {
    pub fn new(game: FoodGame, setup: FoodSetup) -> FoodSession {
        FoodSession {
            game,
            setup,
            elsewhere: Vec::new(),
        }
    }
    pub fn seat(&self, player: usize) -> FoodSeat {
        self.setup
            .seats
            .get(player)
            .copied()
            .unwrap_or(FoodSeat::Human)
    }
    /// Whether `player`'s turns are played here (not at another computer).
    pub fn here(&self, player: usize) -> bool {
        !self.elsewhere.get(player).copied().unwrap_or(false)
    }
    /// Whether a person may act now.
    pub fn human_to_move(&self) -> bool {
        let player = self.game.to_move();
        !self.game.is_over() && self.seat(player) == FoodSeat::Human && self.here(player)
    }
    pub fn puzzle(&self) -> Option<&Puzzle> {
        match &self.setup.mode {
            FoodMode::Puzzle(p) => Some(p),
            _ => None,
        }
    }
    /// Stars of a finished solo game (0 when it is not over or not solved).
    pub fn stars(&self) -> u8 {
        if !self.setup.is_solo() || !self.game.is_over() {
            return 0;
        }
        stars_for(&self.game, self.puzzle())
    }
    pub fn record(&self) -> FoodRecord {
        let names = (1..=self.setup.seats.len())
            .map(|i| format!("Player {i}"))
            .collect();
        let bots = self
            .setup
            .seats
            .iter()
            .map(|s| match s {
                FoodSeat::Human => None,
                FoodSeat::Bot(l) => Some(l.name().to_string()),
            })
            .collect();
        FoodRecord::of(&self.game, names, bots)
    }
}

/// What the food setup panel is editing.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct FoodDraft {
    pub tab: FoodTab,
    pub holes: usize,
    /// Free solo: the vacant hole (the centre when `None`).
    pub vacant: Option<Hex>,
    pub solo_slides: bool,
    pub table_slides: bool,
    pub seats: Vec<FoodSeat>,
    /// The puzzle chosen in the list.
    pub puzzle: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoodTab {
    Puzzles,
    Solo,
    Table,
    /// Saved food games, to load one.
    Saved,
}

impl Default for FoodDraft {
    fn default() -> FoodDraft {
        FoodDraft {
            tab: FoodTab::Puzzles,
            holes: 61,
            vacant: None,
            solo_slides: false,
            table_slides: true,
            seats: vec![FoodSeat::Human, FoodSeat::Bot(Level::Medium)],
            puzzle: 0,
        }
    }
}

impl FoodDraft {
    /// The setup the draft describes.
    pub fn setup(&self) -> FoodSetup {
        match self.tab {
            FoodTab::Puzzles | FoodTab::Saved => {
                match puzzles::all().get(self.puzzle).or(puzzles::all().first()) {
                    Some(p) => FoodSetup::puzzle(p),
                    None => FoodSetup::solo(self.holes, None, false),
                }
            }
            FoodTab::Solo => FoodSetup::solo(self.holes, self.vacant, self.solo_slides),
            FoodTab::Table => FoodSetup::table(self.holes, self.seats.clone(), self.table_slides),
        }
    }
}

/// Whether the session is a preview on the setup panel or a game in play.
pub type FoodPlaying = Playing<Food>;

/// Food checkers as the shared life cycle and the replay viewer see it.
pub struct Food;

impl GameMode for Food {
    const KIND: GameKind = GameKind::Food;
    const SCREEN: Screen = Screen::Food;
    type Session = FoodSession;
    type Draft = FoodDraft;
    type Open = OpenFood;
    type Rebuild = FoodRebuild;

    fn preview(draft: &FoodDraft) -> Option<FoodSession> {
        let setup = draft.setup();
        let game = FoodGame::new(setup.rules.clone()).ok()?;
        Some(FoodSession::new(game, setup))
    }
}

// ----- requests -----

/// Open the food checkers screen (its setup panel).
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenFood;

/// Start a food game.
#[derive(Message, Clone, Debug)]
pub struct StartFood(pub FoodSetup);

/// Continue a saved food game (already replayed by the engine).
#[derive(Message, Clone, Debug)]
pub struct LoadFood(pub FoodRecord);

/// Play this route: the marble's start, then each landing.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct FoodMoveRequest(pub Vec<Cell>);

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoodTurn {
    Undo,
    Redo,
    /// Start the same game again.
    Retry,
    /// The next puzzle of the collection.
    NextPuzzle,
    /// Back to the food setup panel.
    Setup,
    /// Back to the classic setup screen.
    Leave,
    /// Save the game to a file.
    Save,
}

impl Turns for FoodTurn {
    const LEAVE: FoodTurn = FoodTurn::Leave;
    const UNDO: FoodTurn = FoodTurn::Undo;
    const REDO: FoodTurn = FoodTurn::Redo;
    const SAVE: FoodTurn = FoodTurn::Save;
    const SETUP: FoodTurn = FoodTurn::Setup;

    fn for_the_table(self) -> bool {
        matches!(
            self,
            FoodTurn::Undo | FoodTurn::Redo | FoodTurn::Retry | FoodTurn::NextPuzzle
        )
    }
}

// ----- reports -----

/// How marbles moved: a move forwards (with its captures), or taken back.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct FoodMoved {
    pub player: usize,
    pub mv: FoodMove,
    pub undone: bool,
}

/// Another position is on show: the marble entities are rebuilt.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct FoodRebuild;

/// The food game ended with this move (for a sound and the progress file).
#[derive(Message, Clone, Copy, Debug)]
pub struct FoodOver;

pub(super) fn plugin(app: &mut App) {
    kit::life::plugin_for::<Food>(app);
    app.init_resource::<FoodDraft>()
        .add_message::<OpenFood>()
        .add_message::<StartFood>()
        .add_message::<LoadFood>()
        .add_message::<FoodMoveRequest>()
        .add_message::<FoodTurn>()
        .add_message::<FoodMoved>()
        .add_message::<FoodRebuild>()
        .add_message::<FoodOver>()
        .add_plugins((
            marbles::plugin,
            jobs::plugin,
            progress::plugin,
            watch::plugin,
        ))
        .add_systems(
            Update,
            (
                kit::life::open::<Food>,
                kit::life::preview::<Food>,
                start_food,
                load_food,
                // A record on show for the viewer takes no moves.
                apply_requests.run_if(crate::base::not_replaying),
            )
                .chain()
                .in_set(FoodRules_)
                .in_set(AppSystems::Rules),
        )
        .add_systems(
            Update,
            cheer_the_end.after(FoodRules_).in_set(AppSystems::Rules),
        );
}

/// A solved puzzle or solo game gets the small celebration, a table game
/// won the big one; a solo game that leaves marbles gets none.
fn cheer_the_end(
    session: Option<Res<FoodSession>>,
    mut over: MessageReader<FoodOver>,
    mut cheers: MessageWriter<crate::stage::celebrate::Celebrate>,
) {
    use crate::stage::celebrate::{Celebrate, Cheer};
    let (Some(s), Some(_)) = (session, over.read().last()) else {
        return;
    };
    let cheer = if !s.setup.is_solo() {
        Cheer::Won
    } else if s.stars() > 0 {
        Cheer::Solved
    } else {
        return;
    };
    cheers.write(Celebrate { cheer, seat: None });
}

/// The food rules systems, for ordering others after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FoodRules_;

/// Everything a player sees of food checkers: board, marbles, input, panels.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, input::plugin, ui::plugin, shots::plugin));
}

fn start_food(
    mut starts: MessageReader<StartFood>,
    mut begin: Begin<Food>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let Some(StartFood(setup)) = starts.read().last() else {
        return;
    };
    match FoodGame::new(setup.rules.clone()) {
        Ok(game) => begin.begin(FoodSession::new(game, setup.clone())),
        Err(e) => {
            notices.write(Notice::Problem(refusal(settings.language, &e)));
        }
    }
}

fn load_food(
    mut loads: MessageReader<LoadFood>,
    mut begin: Begin<Food>,
    mut notices: MessageWriter<Notice>,
    settings: Res<Settings>,
) {
    let Some(LoadFood(record)) = loads.read().last() else {
        return;
    };
    match record.replay() {
        Ok(game) => begin.begin(FoodSession::new(game, setup_of(record))),
        Err(e) => {
            warn!("a food game could not be loaded: {e}");
            notices.write(Notice::Problem(
                tr(
                    settings.language,
                    "This food checkers game could not be replayed.",
                )
                .into(),
            ));
        }
    }
}

/// The set-up a record describes: its seats (a bot by its level's name,
/// else a person), and the puzzle of the collection it is, if any.
pub fn setup_of(record: &FoodRecord) -> FoodSetup {
    let seats: Vec<FoodSeat> = (0..record.rules.players)
        .map(|i| {
            match record
                .bots
                .get(i)
                .cloned()
                .flatten()
                .and_then(|l| l.parse().ok())
            {
                Some(level) => FoodSeat::Bot(level),
                None => FoodSeat::Human,
            }
        })
        .collect();
    // A record of a collection puzzle plays on as that puzzle.
    let mode = match puzzles::all().iter().find(|p| p.rules() == record.rules) {
        Some(p) => FoodMode::Puzzle(p.clone()),
        None if record.rules.players == 1 => FoodMode::Solo,
        None => FoodMode::Table,
    };
    FoodSetup {
        mode,
        rules: record.rules.clone(),
        seats,
    }
}

fn apply_requests(
    session: Option<ResMut<FoodSession>>,
    mut playing: ResMut<FoodPlaying>,
    mut moves: MessageReader<FoodMoveRequest>,
    mut turns: MessageReader<FoodTurn>,
    mut moved: MessageWriter<FoodMoved>,
    mut over: MessageWriter<FoodOver>,
    mut notices: MessageWriter<Notice>,
    mut starts: MessageWriter<StartFood>,
    mut next: ResMut<NextState<Screen>>,
    mut draft: ResMut<FoodDraft>,
    mut saves: MessageWriter<progress::SaveFood>,
    settings: Res<Settings>,
    authority: Res<crate::base::MatchAuthority>,
) {
    let lang = settings.language;
    let Some((mut s, remote)) = kit::life::game_in_play::<Food, _, _>(
        session, &*playing, *authority, &mut moves, &mut turns, &mut next,
    ) else {
        return;
    };
    for FoodMoveRequest(route) in moves.read() {
        match s.game.play(route) {
            Ok(report) => {
                debug!(
                    "food checkers: player {} plays {:?}",
                    report.player, report.mv.route
                );
                let ended = report.end.is_some();
                moved.write(FoodMoved {
                    player: report.player,
                    mv: report.mv,
                    undone: false,
                });
                if ended {
                    info!(
                        "food checkers: over after {} moves, {} marbles left, captures {:?}",
                        s.game.moves_played(),
                        s.game.marbles_left(),
                        s.game.captures()
                    );
                    over.write(FoodOver);
                }
            }
            Err(e) => {
                notices.write(Notice::Problem(refusal(lang, &e)));
            }
        }
    }
    let mut back_to_panel = false;
    for turn in turns.read().filter(|t| !(remote && t.for_the_table())) {
        match turn {
            FoodTurn::Undo => undo(&mut s, &mut moved, &mut notices, lang),
            FoodTurn::Redo => match s.game.redo() {
                Ok(report) => {
                    moved.write(FoodMoved {
                        player: report.player,
                        mv: report.mv,
                        undone: false,
                    });
                    if report.end.is_some() {
                        over.write(FoodOver);
                    }
                }
                Err(e) => {
                    notices.write(Notice::Problem(refusal(lang, &e)));
                }
            },
            FoodTurn::Retry => {
                starts.write(StartFood(s.setup.clone()));
            }
            FoodTurn::NextPuzzle => {
                let all = puzzles::all();
                let at = s
                    .puzzle()
                    .and_then(|p| all.iter().position(|q| q.id == p.id));
                let next_one = at.map_or(0, |i| (i + 1) % all.len().max(1));
                if let Some(p) = all.get(next_one) {
                    draft.puzzle = next_one;
                    starts.write(StartFood(FoodSetup::puzzle(p)));
                }
            }
            FoodTurn::Setup => {
                // The panel's preview replaces the game (see `kit::life::preview`).
                draft.set_changed();
                back_to_panel = true;
            }
            FoodTurn::Leave => {
                next.set(Screen::Home);
            }
            FoodTurn::Save => {
                saves.write(progress::SaveFood);
            }
        }
    }
    if back_to_panel {
        playing.0 = false;
    }
}

/// Takes back the last move; against bots, on back to the last person's
/// turn (or the bot would play again at once).
fn undo(
    s: &mut FoodSession,
    moved: &mut MessageWriter<FoodMoved>,
    notices: &mut MessageWriter<Notice>,
    lang: crate::settings::Language,
) {
    let mut first = true;
    loop {
        match s.game.undo() {
            Ok(mv) => {
                moved.write(FoodMoved {
                    player: s.game.to_move(),
                    mv,
                    undone: true,
                });
            }
            Err(e) => {
                if first {
                    notices.write(Notice::Problem(refusal(lang, &e)));
                }
                return;
            }
        }
        first = false;
        let bots_only = s.setup.seats.iter().all(|x| *x != FoodSeat::Human);
        if bots_only || s.seat(s.game.to_move()) == FoodSeat::Human || !s.game.can_undo() {
            return;
        }
    }
}

/// Whether a refused request is the player's mistake (and what to say).
pub fn refusal(lang: crate::settings::Language, e: &FoodError) -> String {
    match e {
        FoodError::MustCapture => tr(
            lang,
            "A capture is possible, and while one is, every move must capture.",
        )
        .into(),
        FoodError::SlidesOff => {
            tr(lang, "Slides are off in this game: every move captures.").into()
        }
        FoodError::NotACapture { .. } => {
            tr(lang, "That marble cannot capture into that hole.").into()
        }
        FoodError::Taken(_) => tr(lang, "That hole is taken.").into(),
        FoodError::NoMarble(_) => tr(lang, "There is no marble there.").into(),
        FoodError::Over => tr(lang, "The game is over.").into(),
        FoodError::NothingToUndo => tr(lang, "Nothing to undo.").into(),
        FoodError::NothingToRedo => tr(lang, "Nothing to redo.").into(),
        other => trf(lang, "Not possible: {}", &[other]),
    }
}

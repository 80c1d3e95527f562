//! `starhop --screenshot FILE`: set the scene up from the command line, render
//! a few frames, save the window to a PNG and exit. This is how anyone checks
//! the look without a display (`xvfb-run` with Mesa's software Vulkan).

use crate::base::Screen;
use crate::base::shot::{HoldShot, ShotNames, ShotScene};
use crate::camera::Orbit;
use crate::classic::party::{Growing, Leave, Leaving, ObstacleMark, demo};
use crate::classic::{ItemRequest, MoveRequest};
use crate::classic::{Match, SeatKind, StartMatch};
use crate::league::profiles::ProfilesUi;
use crate::league::tournament::TournamentDraft;
use crate::league::{LeagueStore, OpenTournament};
use crate::persist::{Folders, SaveGame};
use crate::replay::{OpenReplay, ReplayControl};
use crate::shell::launch::LaunchOptions;
use crate::stage::board::BoardLayout;
use crate::stage::input::{Aim, ItemTargeting, Selection};
use crate::stage::marbles::BoardChanged;
use crate::stage::marbles::{Hopping, Motion};
use crate::ui::{Ask, Asking, Overlay};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use starhop_engine::{Game, Item, ItemUse, Rng};

/// The shots the shell arranges itself: the classic game and its windows,
/// party effects, the league's screens and the replay viewer. The modes set
/// theirs up and register their names (`base::shot`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ShotOf {
    /// The setup screen.
    Setup,
    /// The first-move draw.
    Draw,
    /// The board after `--moves` moves.
    #[default]
    Game,
    /// The end screen of a game played out by the greedy bot.
    End,
    /// The setup screen with the Settings window open.
    Settings,
    /// The saved games (with a few made up when `STARHOP_HOME` is set and has none).
    Load,
    /// The board with the pause menu open.
    Menu,
    /// The board with the list of keys open.
    Help,
    /// The board with the "Resign?" question.
    Confirm,
    /// The board with the keyboard cursor on a marble.
    Cursor,
    /// The board seen from the top (T).
    Top,
    /// The board just after saving (when `STARHOP_HOME` is set): the "Saved as" toast.
    Saved,
    /// A party game some moves in: boxes, a roadblock, a road worker and a
    /// glowing power marble.
    Party,
    /// A party game with a marble mid-flight on the flying wing.
    Wing,
    /// A party game with two marbles crossing in a swap.
    Swap,
    /// A party game with the tornado's funnel spinning marbles.
    Tornado,
    /// A party game with a box popping as a marble takes it.
    Pickup,
    /// A party game with a roadblock rising.
    Roadblock,
    /// A party game (boxes every round) with an item of the player to move aimed.
    Targeting,
    /// The home screen.
    Home,
    /// The profiles (a sample league is made in an empty `STARHOP_HOME`).
    Profiles,
    /// The history of finished games (sample league as for `profiles`).
    History,
    /// A tournament some games in (sample league as for `profiles`).
    Tournament,
    /// The form of a new tournament (sample league as for `profiles`).
    TournamentNew,
    /// The end screen of a game between two profiles: rating changes, a new level.
    EndRated,
    /// The end of a game with the winner's confetti in the air and their
    /// marbles jumping.
    Celebrate,
    /// The replay viewer two thirds into a game the greedy bot played
    /// (`--moves`, 48 when not given), or on the `--replay` file.
    Replay,
}

impl ShotOf {
    /// The shot of the shell's own called `name` (as `--shot` gives it).
    pub fn named(name: &str) -> Option<ShotOf> {
        <ShotOf as clap::ValueEnum>::from_str(name, false).ok()
    }

    /// The names of the shell's own shots.
    pub fn names() -> impl Iterator<Item = String> {
        <ShotOf as clap::ValueEnum>::value_variants()
            .iter()
            .filter_map(clap::ValueEnum::to_possible_value)
            .map(|v| v.get_name().to_string())
    }

    /// Whether the shot shows a game (else a menu screen).
    pub fn in_game(self) -> bool {
        self.screen().is_none() && self != ShotOf::Home
    }

    /// The menu screen the shot shows, other than the home screen.
    pub fn screen(self) -> Option<Screen> {
        match self {
            ShotOf::Setup | ShotOf::Settings | ShotOf::Load => Some(Screen::Setup),
            ShotOf::Profiles => Some(Screen::Profiles),
            ShotOf::History => Some(Screen::History),
            ShotOf::Tournament | ShotOf::TournamentNew => Some(Screen::Tournament),
            _ => None,
        }
    }

    /// Whether the shot shows a party game.
    pub fn party(self) -> bool {
        self.effect().is_some() || self == ShotOf::Party
    }

    /// The party effect the shot catches mid-animation, if any.
    fn effect(self) -> Option<Effect> {
        Some(match self {
            ShotOf::Wing => Effect::Item(Item::FlyingWing),
            ShotOf::Swap => Effect::Item(Item::Swap),
            ShotOf::Tornado => Effect::Item(Item::Tornado),
            ShotOf::Roadblock => Effect::Item(Item::Roadblock),
            ShotOf::Pickup => Effect::Pickup,
            _ => return None,
        })
    }
}

/// What an effect shot sets off once the board has settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    Item(Item),
    Pickup,
}

/// How much closer than usual the camera is for party shots.
const PARTY_ZOOM: f32 = 0.72;
/// How far into the effect the picture is taken (the animation is then frozen).
const EFFECT_AT: f32 = 0.45;
/// Frames to wait for an effect to reach that point before taking it anyway.
const EFFECT_TIMEOUT_FRAMES: u32 = 300;

/// Frames rendered after the scene is ready, so shadows, fonts and the camera settle.
const SETTLE_FRAMES: u32 = 20;
/// Frames to wait for the PNG to be written before exiting anyway.
const SAVE_TIMEOUT_FRAMES: u32 = 600;
/// Captures that came back blank (shaders still compiling) before giving up.
const MAX_BLANK_CAPTURES: u32 = 30;

#[derive(Resource, Default)]
struct ShotProgress {
    started: bool,
    played: bool,
    arranged: bool,
    settled: u32,
    requested: bool,
    waited: u32,
    captured: bool,
    /// The last capture was one flat colour: nothing drawn yet, capture again.
    blank: bool,
    blank_captures: u32,
    failed: bool,
    /// Effect shots: the request was sent, and when the animation was frozen.
    effect_sent: bool,
    effect_frames: u32,
    frozen: bool,
    /// The request that sets the effect off.
    effect: Option<demo::Step>,
}

/// Takes the picture when the command line asked for one (`launch` put its
/// `ShotScene` in while the logic was built).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShotProgress>()
        .add_systems(Update, run_shot.run_if(resource_exists::<ShotScene>));
    if app.world().contains_resource::<ShotScene>() {
        app.add_systems(Startup, size_window_for_shot);
    }
}

/// Every shot name `--shot` takes: the shell's own, then the ones the modes
/// registered.
pub fn known_shots(registered: &ShotNames) -> Vec<String> {
    let mut names: Vec<String> = ShotOf::names().collect();
    names.extend(registered.0.iter().map(|n| n.to_string()));
    names
}

/// Why `--shot NAME` cannot be taken, with the names it could be; `None`
/// when the shell or a mode knows the name.
pub fn shot_problem(name: &str, registered: &ShotNames) -> Option<String> {
    if ShotOf::named(name).is_some() || registered.contains(name) {
        return None;
    }
    Some(format!(
        "error: there is no shot called '{name}' (--shot); the shots are: {}",
        known_shots(registered).join(", ")
    ))
}

/// The problem with the `--shot` of an app built for the command line (its
/// plugins have registered their shots by then).
pub fn unknown_shot(world: &World) -> Option<String> {
    let options = world.get_resource::<LaunchOptions>()?;
    let registered = world
        .get_resource::<ShotNames>()
        .cloned()
        .unwrap_or_default();
    shot_problem(&options.shot, &registered)
}

/// `STARHOP_SHOT_SIZE=1024x640` takes the picture in a window of that size
/// (to check the layout of smaller windows).
fn size_window_for_shot(mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let Some(size) = std::env::var("STARHOP_SHOT_SIZE").ok() else {
        return;
    };
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)));
    match (parsed, windows.single_mut()) {
        (Some((w, h)), Ok(mut window)) => window.resolution.set(w as f32, h as f32),
        (None, _) => warn!("STARHOP_SHOT_SIZE should look like 1024x640, not {size}"),
        _ => {}
    }
}

fn run_shot(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    mut progress: ResMut<ShotProgress>,
    screen: Res<State<Screen>>,
    mut game: Option<ResMut<Match>>,
    mut scene: Scene,
    mut probe: EffectProbe,
    mut starts: MessageWriter<StartMatch>,
    mut changed: MessageWriter<BoardChanged>,
    mut replays: MessageWriter<OpenReplay>,
    mut exit: MessageWriter<AppExit>,
    mut league: LeagueShot,
    hold: Option<Res<HoldShot>>,
) {
    let p = &mut *progress;
    // None: a mode's shot, which the mode sets up (the picture is taken here).
    let shot = ShotOf::named(&options.shot);
    let in_game = shot.is_some_and(ShotOf::in_game);
    if !p.started {
        p.started = true;
        if let Some(screen) = shot.and_then(ShotOf::screen) {
            league.screen.set(screen);
        }
        // A `--replay` file opens by itself (see `replay`).
        let in_game = in_game && options.replay.is_none();
        if let (Some(setup), true) = (&options.quick_start, in_game) {
            let mut setup = setup.clone();
            if shot == Some(ShotOf::EndRated) {
                league.profile_seats(&mut setup);
            }
            if shot == Some(ShotOf::Targeting) {
                setup.rules.items = true;
                setup.rules.box_every = 1;
            }
            starts.write(StartMatch(setup));
            return;
        }
    }
    let wants_game = in_game && options.quick_start.is_some() && options.replay.is_none();
    if wants_game && !p.played {
        let (Screen::Playing, Some(m)) = (screen.get(), game.as_deref_mut()) else {
            return;
        };
        let moves = if matches!(
            shot,
            Some(ShotOf::End | ShotOf::EndRated | ShotOf::Celebrate)
        ) {
            5_000
        } else {
            options.moves
        };
        if shot == Some(ShotOf::Targeting) {
            play_for_items(m, moves);
        } else if shot == Some(ShotOf::Replay) {
            // Watch the game just played, two thirds in.
            play_greedy(m, if moves == 0 { 48 } else { moves });
            let record = m.record();
            let at = record.actions.len() * 2 / 3;
            replays.write(OpenReplay {
                record,
                title: None,
                at,
                colours: Vec::new(),
            });
        } else if let Some(party) = shot.filter(|s| s.party()) {
            p.effect = play_party(m, party, moves);
        } else {
            play_greedy(m, moves);
        }
        p.played = true;
        changed.write(BoardChanged);
        return;
    }
    if !p.arranged {
        p.arranged = true;
        if let Some(shot) = shot {
            arrange(shot, game.as_deref(), &mut scene);
            league.arrange(shot);
        }
        // A `--replay` file's shot shows it `--moves` actions in.
        if options.replay.is_some() && options.moves > 0 {
            scene.replay.write(ReplayControl::Jump(options.moves));
        }
        return;
    }
    if hold.is_some() {
        return;
    }
    if p.settled < SETTLE_FRAMES {
        p.settled += 1;
        return;
    }
    if let (Some(step), false) = (p.effect, p.frozen) {
        // Set the effect off, slow time down so a frame is a small step, and
        // freeze it partway.
        if !p.effect_sent {
            p.effect_sent = true;
            probe.send(step);
            probe.time.set_relative_speed(0.35);
            return;
        }
        p.effect_frames += 1;
        let reached = shot.is_some_and(|s| probe.reached(s));
        if reached || p.effect_frames > EFFECT_TIMEOUT_FRAMES {
            probe.time.pause();
            p.frozen = true;
            p.settled = SETTLE_FRAMES - 4;
        }
        return;
    }
    let path = options
        .screenshot
        .clone()
        .expect("a ShotScene is only there with a path");
    if p.blank {
        // Nothing was drawn yet (pipelines still compiling): wait a few
        // frames and capture again.
        p.blank = false;
        p.requested = false;
        p.blank_captures += 1;
        p.settled = SETTLE_FRAMES - 5;
        if p.blank_captures > MAX_BLANK_CAPTURES {
            error!("every capture was blank; giving up");
            exit.write(AppExit::error());
        }
        return;
    }
    if !p.requested {
        p.requested = true;
        p.waited = 0;
        info!("saving screenshot to {}", path.display());
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut progress: ResMut<ShotProgress>| {
                save_unless_blank(&captured, &path, &mut progress);
            },
        );
        return;
    }
    p.waited += 1;
    // Give the file a few frames to be written, then leave.
    if ((p.captured || p.failed) && p.waited > 5) || p.waited > SAVE_TIMEOUT_FRAMES {
        exit.write(if p.captured {
            AppExit::Success
        } else {
            AppExit::error()
        });
    }
}

/// What an effect shot sends, and how it sees how far the effect is.
#[derive(bevy::ecs::system::SystemParam)]
struct EffectProbe<'w, 's> {
    time: ResMut<'w, Time<Virtual>>,
    items: MessageWriter<'w, ItemRequest>,
    moves: MessageWriter<'w, MoveRequest>,
    hopping: Query<'w, 's, &'static Hopping>,
    leaving: Query<'w, 's, &'static Leaving>,
    growing: Query<'w, 's, &'static Growing, With<ObstacleMark>>,
}

impl EffectProbe<'_, '_> {
    fn send(&mut self, step: demo::Step) {
        match step {
            demo::Step::Item(u) => {
                self.items.write(ItemRequest(u));
            }
            demo::Step::Move(mv) => {
                self.moves.write(MoveRequest::from(mv));
            }
            demo::Step::Pass => {}
        }
    }

    /// Whether the effect of the shot is far enough along for the picture.
    fn reached(&self, shot: ShotOf) -> bool {
        match shot {
            ShotOf::Pickup => self
                .leaving
                .iter()
                .any(|l| matches!(l.how, Leave::PickedUp { .. }) && l.t >= 0.3),
            ShotOf::Roadblock => self.growing.iter().any(|g| g.t >= 0.7),
            _ => self
                .hopping
                .iter()
                .any(|h| h.motion != Motion::Arc && h.t >= EFFECT_AT),
        }
    }
}

/// Plays a party game for the shot: the script until the board shows what
/// the shot is about; returns the request that sets its effect off.
fn play_party(m: &mut Match, shot: ShotOf, moves: usize) -> Option<demo::Step> {
    let step = script_party(&mut m.game, shot, moves);
    if step.is_some() {
        // The others become bots, so the board keeps facing the player whose
        // effect it is, even when a pickup move ends the turn.
        let me = m.game.to_move() as usize;
        for (i, seat) in m.setup.seats.iter_mut().enumerate() {
            if i != me {
                seat.kind = SeatKind::Bot(starhop_ai::Level::Beginner);
            }
        }
    }
    step
}

fn script_party(game: &mut Game, shot: ShotOf, moves: usize) -> Option<demo::Step> {
    let mut rng = Rng::new(game.seed());
    let moves = moves.max(12);
    match shot.effect() {
        None => {
            // Boxes, both obstacles on the board, and a power marble glowing.
            if !demo::play_party_scene(game, &mut rng, moves) {
                warn!("the party script did not reach its picture");
            }
            None
        }
        Some(Effect::Item(item)) => {
            // A tornado is worth a picture when it lifts a handful of marbles.
            let lifts = |g: &Game| match demo::central_use(g, item) {
                Some(ItemUse::Tornado { centre }) => g
                    .tornado_area(centre)
                    .is_some_and(|a| (a & g.position().all_marbles()).count() >= 4),
                _ => true,
            };
            let ready = |g: &Game| demo::can_use(g, item) && lifts(g);
            if !demo::play_until(game, &mut rng, &[item], moves, 2_000, ready) {
                warn!("nobody came to hold a {item}");
            }
            demo::central_use(game, item).map(demo::Step::Item)
        }
        Some(Effect::Pickup) => {
            let ready = |g: &Game| demo::move_onto_box(g).is_some();
            demo::play_until(game, &mut rng, &[], moves, 2_000, ready);
            demo::move_onto_box(game).map(demo::Step::Move)
        }
    }
}

/// What a shot may open or move before the picture.
#[derive(bevy::ecs::system::SystemParam)]
struct Scene<'w, 's> {
    overlay: ResMut<'w, NextState<Overlay>>,
    asking: ResMut<'w, Asking>,
    selection: ResMut<'w, Selection>,
    targeting: ResMut<'w, ItemTargeting>,
    orbit: ResMut<'w, Orbit>,
    layout: Res<'w, BoardLayout>,
    folders: Res<'w, Folders>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    saves: MessageWriter<'w, SaveGame>,
    replay: MessageWriter<'w, ReplayControl>,
    cheers: MessageWriter<'w, crate::stage::celebrate::Celebrate>,
}

/// Opens the window, asks the question or places the cursor the shot is of.
fn arrange(shot: ShotOf, game: Option<&Match>, scene: &mut Scene) {
    let to_move = game.map(|m| m.game.to_move()).unwrap_or(0);
    match shot {
        ShotOf::Settings => scene.overlay.set(Overlay::Settings),
        ShotOf::Menu => scene.overlay.set(Overlay::Pause),
        ShotOf::Help => scene.overlay.set(Overlay::Help),
        ShotOf::Load => {
            crate::classic::saves::make_sample_saves(&scene.folders);
            crate::food::shots::make_sample_save(&scene.folders);
            crate::draughts::shots::make_sample_save(&scene.folders);
            crate::halma::shots::make_sample_save(&scene.folders);
            scene.overlay.set(Overlay::Load);
        }
        ShotOf::Confirm => scene.asking.0 = Some(Ask::Resign(to_move)),
        ShotOf::Cursor => {
            if let Some(m) = game {
                let own = m.game.position().marbles(to_move);
                scene.selection.cursor = own
                    .iter()
                    .filter(|&h| !m.game.destinations(h).is_empty())
                    .last();
            }
        }
        ShotOf::Top => {
            let aspect = scene
                .windows
                .single()
                .map(|w| w.width() / w.height())
                .unwrap_or(1.6);
            *scene.orbit = crate::camera::top_view(&scene.layout, aspect, *scene.orbit);
        }
        ShotOf::Saved => {
            // Only into a folder made for the run: never the player's own saves.
            if std::env::var_os("STARHOP_HOME").is_some() {
                scene.saves.write(SaveGame);
            }
        }
        ShotOf::Party
        | ShotOf::Wing
        | ShotOf::Swap
        | ShotOf::Tornado
        | ShotOf::Pickup
        | ShotOf::Roadblock => {
            // Closer in: the party happens in the middle of the board.
            scene.orbit.distance *= PARTY_ZOOM;
        }
        ShotOf::Targeting => {
            // An item of the player's that shows most (two picks, an area),
            // its first target picked when it takes two.
            let Some(m) = game else { return };
            let shows = |i: &Item| matches!(i, Item::FlyingWing | Item::Swap | Item::Tornado);
            let held = m.game.held(to_move).iter().enumerate();
            let Some((slot, &item)) = held.max_by_key(|(_, i)| shows(i)) else {
                return;
            };
            let uses = m.game.item_uses_of(item);
            let mut aim = Aim {
                slot,
                item,
                first: None,
            };
            if let Some(u) = uses.get(uses.len() / 2) {
                aim.first = u.second_pick().map(|_| u.first_pick());
                scene.selection.lifted = aim.first;
                scene.selection.cursor = Some(u.second_pick().unwrap_or(u.first_pick()));
            }
            scene.targeting.0 = Some(aim);
        }
        ShotOf::Celebrate => {
            // The game was played out on the engine, without its notices.
            let winner = game
                .and_then(|m| m.game.outcome())
                .and_then(|o| o.places.iter().position(|&p| p == 1));
            scene.cheers.write(crate::stage::celebrate::Celebrate {
                cheer: crate::stage::celebrate::Cheer::Won,
                seat: winner.map(|s| s as starhop_engine::Seat),
            });
        }
        ShotOf::Setup
        | ShotOf::Draw
        | ShotOf::Game
        | ShotOf::End
        | ShotOf::Home
        | ShotOf::Profiles
        | ShotOf::History
        | ShotOf::Tournament
        | ShotOf::TournamentNew
        | ShotOf::EndRated
        | ShotOf::Replay => {}
    }
}

/// What the league's shots need: the screen, and a sample league.
#[derive(bevy::ecs::system::SystemParam)]
struct LeagueShot<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    store: Option<ResMut<'w, LeagueStore>>,
    open: ResMut<'w, OpenTournament>,
    profiles: ResMut<'w, ProfilesUi>,
    draft: ResMut<'w, TournamentDraft>,
}

impl LeagueShot<'_> {
    /// Two sample profiles in the first two seats of a two-player game.
    fn profile_seats(&mut self, setup: &mut crate::classic::MatchSetup) {
        let Some(store) = self.store.as_deref_mut() else {
            return;
        };
        let ids = crate::league::shots::sample_profiles(store);
        setup.players = 2;
        setup.fit_seats();
        for (seat, id) in setup.seats.iter_mut().zip(&ids) {
            if let Some(p) = store.league.profiles.get(id) {
                seat.name = p.name.clone();
                seat.colour = crate::ui::palette::nearest_palette(p.colour);
                seat.profile = Some(id.clone());
            }
        }
    }

    /// Fills an empty league and opens what the shot is of.
    fn arrange(&mut self, shot: ShotOf) {
        if !matches!(
            shot,
            ShotOf::Home
                | ShotOf::Profiles
                | ShotOf::History
                | ShotOf::Tournament
                | ShotOf::TournamentNew
        ) {
            return;
        }
        let Some(store) = self.store.as_deref_mut() else {
            return;
        };
        let tournament = crate::league::shots::sample_league(store);
        if shot == ShotOf::Tournament {
            self.open.0 = tournament;
        }
        if shot == ShotOf::TournamentNew {
            self.draft.open = true;
            self.draft.name = "Family cup".into();
            let ids = crate::league::shots::sample_profiles(store);
            for (slot, id) in self.draft.entrants.iter_mut().zip(ids) {
                *slot = (starhop_league::Who::Profile(id), String::new());
            }
            self.draft
                .entrants
                .push((starhop_league::Who::Guest, "Uncle Bo".into()));
            self.draft.entrants.push((
                starhop_league::Who::Bot(starhop_ai::Level::Hard),
                String::new(),
            ));
        }
        if shot == ShotOf::Profiles {
            self.profiles.selected = store.league.profiles.list.first().map(|p| p.id.clone());
        }
    }
}

/// Writes the capture as a PNG, unless it is one flat colour.
fn save_unless_blank(
    captured: &ScreenshotCaptured,
    path: &std::path::Path,
    progress: &mut ShotProgress,
) {
    let rgb = match captured.image.clone().try_into_dynamic() {
        Ok(img) => img.to_rgb8(),
        Err(e) => {
            error!("cannot read the screenshot: {e}");
            progress.failed = true;
            return;
        }
    };
    let first = *rgb.get_pixel(0, 0);
    if rgb.pixels().all(|p| *p == first) {
        progress.blank = true;
        return;
    }
    match rgb.save(path) {
        Ok(()) => {
            info!("screenshot saved to {}", path.display());
            progress.captured = true;
        }
        Err(e) => {
            error!("cannot save the screenshot to {}: {e}", path.display());
            progress.failed = true;
        }
    }
}

/// Plays `moves` moves of the greedy bot, taking boxes when it can, and on
/// until the player to move holds an item (for the targeting shot).
fn play_for_items(m: &mut Match, moves: usize) {
    let mut rng = Rng::new(m.game.seed());
    for i in 0..moves + 200 {
        let g = &mut m.game;
        if g.is_over() || (i >= moves && !g.held(g.to_move()).is_empty()) {
            break;
        }
        // A full hand uses an item, so new ones keep coming (and one was used).
        if g.held(g.to_move()).len() == starhop_engine::items::MAX_HELD
            && let Some(&u) = g.item_uses().first()
        {
            let _ = g.use_item(u);
        }
        let boxes = g.boxes();
        let mv = g.legal_moves().into_iter().find(|mv| boxes.contains(mv.to));
        let result = match mv.or_else(|| starhop_ai::greedy_move(g, &mut rng)) {
            Some(mv) => g.play(mv),
            None => g.pass(),
        };
        if result.is_err() {
            break;
        }
    }
}

/// Plays up to `moves` moves of the one-ply greedy bot for every seat.
pub fn play_greedy(m: &mut Match, moves: usize) {
    let mut rng = Rng::new(m.game.seed());
    for _ in 0..moves {
        if m.game.is_over() {
            break;
        }
        let result = match starhop_ai::greedy_move(&m.game, &mut rng) {
            Some(mv) => m.game.play(mv),
            None => m.game.pass(),
        };
        if result.is_err() {
            break;
        }
    }
}

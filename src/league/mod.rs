//! The league in the game (RULES.md §7): profiles, rated games, the history
//! and round-robin tournaments, on top of `starhop-league`.
//!
//! - [`plugin`] (headless, part of the logic): the league opened from the
//!   config folder ([`LeagueStore`]), every finished classic game filed once
//!   ([`MatchLeague`]), tournament games started ([`PlayNext`]) and recorded,
//!   and the changes the screens ask for ([`LeagueRequest`]).
//! - [`view_plugin`]: the screens: [`home`], [`profiles`], [`history`],
//!   [`tournament`], and a Yes/No question of their own ([`ask`]).

use crate::base::Notice;
use crate::base::{AppSystems, Screen};
use crate::classic::{
    BackToSetup, BackToTournament, EndScreenLeague, HeldBack, LoadMatch, Match, MatchSetup,
    PendingSetup, PlaySystems, RatingLine, SeatKind, SeatSetup, StartMatch,
};
use crate::persist::{Folders, local_stamp};
use crate::settings::{Language, Settings};
use crate::stage::marbles::BoardChanged;
use crate::ui::palette::PALETTE;
use crate::ui::{tr, trf};
use bevy::prelude::*;
use starhop_engine::{FirstMoveMethod, Preset};
use starhop_league::{Entrant, Format, League, NextGame, StoreProblem, Tournament, Who};
use std::time::SystemTime;

pub mod ask;
pub mod history;
pub mod home;
pub mod other_games;
pub mod profiles;
pub mod shots;
pub mod tournament;

pub use history::WatchRecord;

/// The league: profiles and history (`league`), and the tournaments read
/// from its folder (kept in step with every save).
#[derive(Resource)]
pub struct LeagueStore {
    pub league: League,
    pub tournaments: Vec<Tournament>,
}

impl LeagueStore {
    /// Opens the league in `dir`: never fails; what could not be read is
    /// kept aside by the league and reported here.
    pub fn open(dir: &std::path::Path) -> (LeagueStore, Vec<StoreProblem>) {
        let (league, mut problems) = League::open(dir);
        let (tournaments, more) = league.tournaments();
        problems.extend(more);
        (
            LeagueStore {
                league,
                tournaments,
            },
            problems,
        )
    }

    pub fn tournament(&self, id: &str) -> Option<&Tournament> {
        self.tournaments.iter().find(|t| t.id == id)
    }

    /// A profile's name, or None when it is gone.
    pub fn profile_name(&self, id: &str) -> Option<&str> {
        self.league.profiles.get(id).map(|p| p.name.as_str())
    }
}

/// A tournament's name as shown: an unnamed one by its date.
pub fn tournament_name(lang: Language, t: &Tournament) -> String {
    if t.name.trim().is_empty() {
        trf(lang, "Tournament of {}", &[&t.created])
    } else {
        t.name.clone()
    }
}

/// Problems met opening the league, told once the language is known.
#[derive(Resource, Default)]
pub struct LeagueProblems(pub Vec<StoreProblem>);

/// What the league made of the match on show.
#[derive(Resource, Default, Debug, Clone)]
pub struct MatchLeague {
    /// Set once the finished match was filed (or could not be): it is never
    /// filed again. The history id when it is in the history.
    pub filed: Option<Option<String>>,
    /// The tournament game this match is, if any.
    pub tournament: Option<TournamentGame>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TournamentGame {
    pub id: String,
    pub next: NextGame,
    /// Its result is in the tournament.
    pub recorded: bool,
}

/// The tournament game asked for by [`PlayNext`], until its match starts.
#[derive(Resource, Default)]
struct PendingTournamentGame(Option<(String, NextGame)>);

/// The tournament on show on the tournament screen (None: the list).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct OpenTournament(pub Option<String>);

/// Changes the league screens ask for (applied, saved and reported by
/// `apply_requests`). Colours are `PALETTE` indices.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LeagueRequest {
    CreateProfile {
        name: String,
        colour: u8,
    },
    RenameProfile {
        id: String,
        name: String,
    },
    RecolourProfile {
        id: String,
        colour: u8,
    },
    DeleteProfile(String),
    DeleteGame(String),
    CreateTournament {
        name: String,
        entrants: Vec<Entrant>,
        format: Format,
        preset: Preset,
    },
    DeleteTournament(String),
}

/// Start the next game of this tournament.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct PlayNext(pub String);

/// Where the league lives in the config folder.
pub fn league_dir(folders: &Folders) -> std::path::PathBuf {
    folders.config.join("league")
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MatchLeague>()
        .init_resource::<PendingTournamentGame>()
        .init_resource::<OpenTournament>()
        .init_resource::<LeagueProblems>()
        .add_message::<LeagueRequest>()
        .add_message::<PlayNext>()
        .add_message::<WatchRecord>()
        .add_systems(Startup, open_league)
        .add_systems(PreUpdate, share_profiles)
        .add_systems(
            Update,
            (
                report_problems,
                bind_match,
                // A game watched again is never filed (nor rated) again.
                file_finished_game.run_if(not(in_state(Screen::Replay))),
                show_on_end_screen,
                apply_requests,
                play_next,
                back_to_tournament,
                keep_setup_profiles,
                history::watch_games,
                other_games::file_finished::<crate::draughts::DraughtsSession>
                    .after(crate::draughts::DraughtsRules),
                other_games::file_finished::<crate::halma::HalmaSession>
                    .after(crate::halma::HalmaRulesSet),
                other_games::file_finished::<crate::food::FoodSession>,
                other_games::file_finished::<crate::crossing::CrossingSession>
                    .after(crate::crossing::CrossingRules),
            )
                .chain()
                .in_set(AppSystems::Rules)
                .after(PlaySystems),
        );
}

/// The modes see the profiles through `KnownProfiles`, kept equal to the store's.
fn share_profiles(store: Option<Res<LeagueStore>>, mut known: ResMut<crate::base::KnownProfiles>) {
    if let Some(store) = store
        && store.is_changed()
        && known.0 != store.league.profiles
    {
        known.0 = store.league.profiles.clone();
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        ask::plugin,
        home::plugin,
        profiles::plugin,
        history::plugin,
        tournament::plugin,
    ));
}

/// Opens the league in the config folder. Without `Folders` (headless tests
/// that do not ask for it) there is no league; screenshot runs only use a
/// `STARHOP_HOME` folder, never the player's own.
fn open_league(
    mut commands: Commands,
    folders: Option<Res<Folders>>,
    no_files: Option<Res<crate::base::WritesNoFiles>>,
    existing: Option<Res<LeagueStore>>,
    mut problems: ResMut<LeagueProblems>,
) {
    let Some(folders) = folders else { return };
    if existing.is_some() {
        return;
    }
    if no_files.is_some() && std::env::var_os("STARHOP_HOME").is_none() {
        return;
    }
    let (store, found) = LeagueStore::open(&league_dir(&folders));
    for p in &found {
        warn!("league: {p}");
    }
    problems.0.extend(found);
    commands.insert_resource(store);
}

fn report_problems(
    mut problems: ResMut<LeagueProblems>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    for p in problems.0.drain(..) {
        notices.write(Notice::Problem(describe_problem(settings.language, &p)));
    }
}

/// A league file problem in words.
pub fn describe_problem(lang: Language, p: &StoreProblem) -> String {
    match p {
        StoreProblem::Damaged { file, aside } => trf(
            lang,
            "The league file «{}» could not be read, so it was kept aside as «{}».",
            &[file, aside],
        ),
        StoreProblem::Rebuilt {
            file,
            aside,
            games,
            profiles,
        } => trf(
            lang,
            "The league file «{}» could not be read, so it was kept aside as «{}»; {} games and {} profiles were rebuilt from the history.",
            &[file, aside, games, profiles],
        ),
        StoreProblem::Unreadable { file, .. } => trf(
            lang,
            "The league file «{}» could not be read; nothing was changed in it.",
            &[file],
        ),
        StoreProblem::Newer { file } => trf(
            lang,
            "«{}» was written by a newer Starhop; it is left as it is and nothing is saved over it.",
            &[file],
        ),
        StoreProblem::CannotWrite { file, .. } => trf(
            lang,
            "«{}» could not be written; the last change is not saved.",
            &[file],
        ),
        StoreProblem::Invalid(_) => tr(lang, "The game could not be added to the history.").into(),
    }
}

/// The date of today, as profiles keep it ("2026-11-30").
fn today() -> String {
    local_stamp(SystemTime::now()).chars().take(10).collect()
}

/// Who sits at a seat, for the league.
pub fn who_of(seat: &SeatSetup) -> Who {
    match (seat.kind, &seat.profile) {
        (SeatKind::Bot(level), _) => Who::Bot(level),
        (SeatKind::Human, Some(id)) => Who::Profile(id.clone()),
        (SeatKind::Human, None) | (SeatKind::Remote, _) => Who::Guest,
    }
}

/// A new match (started or loaded) or none: what the league knew of the last
/// one goes; a tournament game asked for becomes this match's. A loaded game
/// finds its players' profiles by name.
fn bind_match(
    mut starts: MessageReader<StartMatch>,
    mut loads: MessageReader<LoadMatch>,
    mut backs: MessageReader<BackToSetup>,
    mut state: ResMut<MatchLeague>,
    mut pending: ResMut<PendingTournamentGame>,
    game: Option<ResMut<Match>>,
    store: Option<Res<LeagueStore>>,
) {
    let started = starts.read().count() > 0;
    let loaded = loads.read().count() > 0;
    let left = backs.read().count() > 0;
    if !(started || loaded || left) {
        return;
    }
    let tournament = pending.0.take().filter(|_| started && !loaded);
    *state = MatchLeague {
        filed: None,
        tournament: tournament.map(|(id, next)| TournamentGame {
            id,
            next,
            recorded: false,
        }),
    };
    if let (true, Some(mut m), Some(store)) = (loaded, game, store) {
        let profiles = &store.league.profiles;
        let named: Vec<Option<String>> = m
            .setup
            .seats
            .iter()
            .map(|s| {
                let by_name = profiles
                    .list
                    .iter()
                    .find(|p| p.name.to_lowercase() == s.name.trim().to_lowercase());
                by_name
                    .filter(|_| s.kind == SeatKind::Human && s.profile.is_none())
                    .map(|p| p.id.clone())
            })
            .collect();
        if named.iter().any(Option::is_some) {
            for (seat, id) in m.setup.seats.iter_mut().zip(named) {
                if id.is_some() {
                    seat.profile = id;
                }
            }
        }
    }
}

/// The first mover's match score (seat 0) in a two-player game.
pub(crate) fn first_score(outcome: &starhop_engine::Outcome) -> f32 {
    match &outcome.scores {
        Some(s) => s[0],
        None => match outcome.places[0].cmp(&outcome.places[1]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        },
    }
}

/// Files the finished match in the history, once: profiles gain or lose
/// their points, and a tournament game's result goes into its tournament,
/// saved at once.
fn file_finished_game(
    store: Option<ResMut<LeagueStore>>,
    game: Option<Res<Match>>,
    mut state: ResMut<MatchLeague>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    let (Some(mut store), Some(m)) = (store, game) else {
        return;
    };
    if state.filed.is_some() {
        return;
    }
    let Some(outcome) = m.game.outcome().cloned() else {
        return;
    };
    let lang = settings.language;
    let who: Vec<Who> = m.setup.seats.iter().map(who_of).collect();
    let tournament_id = state.tournament.as_ref().map(|t| t.id.clone());
    let date = local_stamp(SystemTime::now());
    let filed = store
        .league
        .file_game(&m.record(), &who, &date, tournament_id);
    let history = match filed {
        Ok(f) => {
            if f.new {
                info!("league: game {} filed", f.id);
            }
            Some(f.id)
        }
        Err(p) => {
            warn!("league: the game was not filed: {p}");
            notices.write(Notice::Problem(describe_problem(lang, &p)));
            None
        }
    };
    state.filed = Some(history.clone());
    let Some(tg) = state.tournament.as_mut().filter(|t| !t.recorded) else {
        return;
    };
    tg.recorded = true;
    let (id, next) = (tg.id.clone(), tg.next);
    let Some(t) = store.tournaments.iter_mut().find(|t| t.id == id) else {
        return;
    };
    if let Err(e) = t.record(next, first_score(&outcome), history) {
        warn!("league: tournament {id}: {e}");
        return;
    }
    let t = t.clone();
    if let Err(p) = store.league.save_tournament(&t) {
        notices.write(Notice::Problem(describe_problem(lang, &p)));
    }
    if t.is_over()
        && let Some(w) = t.standings().first()
    {
        notices.write(Notice::Info(trf(
            lang,
            "{} wins the tournament!",
            &[&tournament::entrant_label(lang, &t, w.entrant)],
        )));
    }
}

fn apply_requests(
    store: Option<ResMut<LeagueStore>>,
    mut requests: MessageReader<LeagueRequest>,
    mut open: ResMut<OpenTournament>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(mut store) = store else {
        requests.clear();
        return;
    };
    let lang = settings.language;
    for request in requests.read() {
        let league = &mut store.league;
        let taken = |league: &League, name: &str, except: Option<&str>| {
            league.profiles.list.iter().any(|p| {
                Some(p.id.as_str()) != except && p.name.to_lowercase() == name.trim().to_lowercase()
            })
        };
        let refused = match request {
            LeagueRequest::CreateProfile { name, .. }
            | LeagueRequest::RenameProfile { name, .. }
                if name.trim().is_empty() =>
            {
                Some(tr(lang, "A profile needs a name.").to_string())
            }
            LeagueRequest::CreateProfile { name, .. } if taken(league, name, None) => Some(trf(
                lang,
                "There is already a profile called {}.",
                &[&name.trim()],
            )),
            LeagueRequest::RenameProfile { id, name } if taken(league, name, Some(id)) => {
                Some(trf(
                    lang,
                    "There is already a profile called {}.",
                    &[&name.trim()],
                ))
            }
            _ => None,
        };
        if let Some(why) = refused {
            notices.write(Notice::Problem(why));
            continue;
        }
        let saved = match request {
            LeagueRequest::CreateProfile { name, colour } => {
                let _ = league.profiles.create(
                    name,
                    crate::ui::palette::palette_rgb(*colour),
                    &today(),
                );
                league.save()
            }
            LeagueRequest::RenameProfile { id, name } => {
                let _ = league.profiles.rename(id, name);
                league.save()
            }
            LeagueRequest::RecolourProfile { id, colour } => {
                let _ = league
                    .profiles
                    .recolour(id, crate::ui::palette::palette_rgb(*colour));
                league.save()
            }
            LeagueRequest::DeleteProfile(id) => {
                let _ = league.profiles.delete(id);
                league.save()
            }
            LeagueRequest::DeleteGame(id) => league.delete_game(id),
            LeagueRequest::CreateTournament {
                name,
                entrants,
                format,
                preset,
            } => {
                let seed = crate::classic::fresh_seed();
                let id = league.new_tournament_id(seed);
                let rules = starhop_engine::Rules {
                    first_move: FirstMoveMethod::Fixed(0),
                    ..preset.rules()
                };
                // An unnamed tournament is stored without a name and shown
                // as "Tournament of DATE" in the interface language.
                let name = name.trim().to_string();
                match Tournament::new(
                    id.clone(),
                    name,
                    today(),
                    entrants.clone(),
                    *format,
                    rules,
                    seed,
                ) {
                    Ok(t) => {
                        let saved = league.save_tournament(&t);
                        store.tournaments.push(t);
                        open.0 = Some(id);
                        saved
                    }
                    Err(e) => {
                        warn!("league: no tournament: {e}");
                        notices.write(Notice::Problem(
                            tr(lang, "A tournament needs 3 to 16 entrants.").into(),
                        ));
                        Ok(())
                    }
                }
            }
            LeagueRequest::DeleteTournament(id) => {
                let result = league.delete_tournament(id);
                if result.is_ok() {
                    store.tournaments.retain(|t| &t.id != id);
                    if open.0.as_ref() == Some(id) {
                        open.0 = None;
                    }
                }
                result
            }
        };
        if let Err(p) = saved {
            notices.write(Notice::Problem(describe_problem(lang, &p)));
        }
    }
}

/// The setup of a tournament game: the first mover on seat 0, moving first;
/// names and colours from the entrants, bots at their level.
pub fn tournament_setup(store: &LeagueStore, t: &Tournament, next: &NextGame) -> MatchSetup {
    let rules = starhop_engine::Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..t.rules.clone()
    };
    let mut setup = MatchSetup::new(2, rules);
    for (seat, number) in setup.seats.iter_mut().zip([next.first, next.second]) {
        let e = t.entrant(number);
        match &e.who {
            // A bot keeps its seat's default name: it shows as its level.
            Who::Bot(level) => seat.kind = SeatKind::Bot(*level),
            Who::Guest => seat.name = e.name.clone(),
            Who::Profile(id) => {
                if let Some(p) = store.league.profiles.get(id) {
                    seat.profile = Some(id.clone());
                    seat.name = p.name.clone();
                    seat.colour = crate::ui::palette::nearest_palette(p.colour);
                } else {
                    seat.name = e.name.clone();
                }
            }
        }
    }
    if setup.seats[0].colour == setup.seats[1].colour {
        setup.seats[1].colour = (0..PALETTE.len() as u8)
            .find(|&c| c != setup.seats[0].colour)
            .unwrap_or(1);
    }
    setup
}

fn play_next(
    mut requests: MessageReader<PlayNext>,
    store: Option<Res<LeagueStore>>,
    mut pending: ResMut<PendingTournamentGame>,
    mut starts: MessageWriter<StartMatch>,
) {
    let Some(PlayNext(id)) = requests.read().last() else {
        return;
    };
    let Some(store) = store else { return };
    let Some(t) = store.tournament(id) else {
        return;
    };
    let Some(next) = t.next_game() else { return };
    pending.0 = Some((id.clone(), next));
    starts.write(StartMatch(tournament_setup(&store, t, &next)));
}

fn back_to_tournament(
    mut commands: Commands,
    mut requests: MessageReader<BackToTournament>,
    mut next: ResMut<NextState<Screen>>,
    mut changed: MessageWriter<BoardChanged>,
    mut state: ResMut<MatchLeague>,
    mut open: ResMut<OpenTournament>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if let Some(t) = state.tournament.take() {
        open.0 = Some(t.id);
    }
    state.filed = None;
    commands.remove_resource::<Match>();
    next.set(Screen::Tournament);
    changed.write(BoardChanged);
}

/// Seats of the setup being edited follow their profiles: a renamed or
/// recoloured profile shows so, a deleted one leaves a guest.
fn keep_setup_profiles(
    store: Option<Res<LeagueStore>>,
    mut pending: ResMut<PendingSetup>,
    game: Option<Res<Match>>,
) {
    let Some(store) = store else { return };
    if game.is_some() || !(store.is_changed() || pending.is_changed()) {
        return;
    }
    let mut setup = pending.0.clone();
    for (i, seat) in setup.seats.iter_mut().enumerate() {
        let Some(id) = seat.profile.clone() else {
            continue;
        };
        match store.league.profiles.get(&id) {
            Some(p) if seat.kind == SeatKind::Human => {
                seat.name = p.name.clone();
            }
            Some(_) => seat.profile = None,
            None => {
                seat.profile = None;
                seat.name = crate::ui::i18n::default_name(i + 1);
            }
        }
    }
    if setup != pending.0 {
        pending.0 = setup;
    }
}

/// Puts the filed match's rating changes, what §7 held back, and whether it
/// is a tournament's game where the end screen shows them.
fn show_on_end_screen(
    store: Option<Res<LeagueStore>>,
    filed: Res<MatchLeague>,
    game: Option<Res<Match>>,
    mut end: ResMut<EndScreenLeague>,
) {
    if !filed.is_changed() && !store.as_ref().is_some_and(|s| s.is_changed()) {
        return;
    }
    let (rating, held_back) = match (&store, &filed.filed, &game) {
        (Some(store), Some(Some(id)), Some(m)) => {
            let rating = rating_of(store, id, m.game.players());
            let rated = rating.iter().any(Option::is_some);
            let held = rated.then(|| held_back(store, id, &m.game)).flatten();
            (rating, held)
        }
        _ => (Vec::new(), None),
    };
    let shown = EndScreenLeague {
        rating,
        held_back,
        tournament: filed.tournament.is_some(),
    };
    if *end != shown {
        *end = shown;
    }
}

/// The rating change of each seat of a filed game (None for bots, guests,
/// or a game not in the history), with the level after it when it changed.
pub fn rating_of(store: &LeagueStore, history_id: &str, seats: usize) -> Vec<Option<RatingLine>> {
    let Some(entry) = store.league.history.iter().find(|e| e.id == history_id) else {
        return vec![None; seats];
    };
    (0..seats)
        .map(|s| match entry.who.get(s) {
            Some(Who::Profile(_)) => Some(RatingLine {
                points: entry.rating.get(s).copied().unwrap_or(0),
                new_level: entry.new_levels.get(s).copied().flatten(),
            }),
            _ => None,
        })
        .collect()
}

/// The points the §7 early-game rule held back in a filed game, if any.
pub fn held_back(
    store: &LeagueStore,
    history_id: &str,
    game: &starhop_engine::Game,
) -> Option<HeldBack> {
    use starhop_league::rating::{bot_level, level_of, min_rounds_for_gains};
    let entry = store.league.history.iter().find(|e| e.id == history_id)?;
    // Levels as they were before this game: the points now less its change.
    let levels: Vec<u32> = entry
        .who
        .iter()
        .enumerate()
        .map(|(s, w)| match w {
            Who::Profile(id) => store.league.profiles.get(id).map_or(1, |p| {
                level_of(p.points - entry.rating.get(s).copied().unwrap_or(0))
            }),
            Who::Bot(l) => bot_level(*l),
            Who::Guest => 1,
        })
        .collect();
    let rated: Vec<bool> = entry
        .who
        .iter()
        .map(|w| matches!(w, Who::Profile(_)))
        .collect();
    let real = starhop_league::RatedGame::of(game, &levels, &rated)?;
    if real.gains_allowed() || !rated.iter().any(|&r| r) {
        return None;
    }
    let needed = min_rounds_for_gains(real.long_jumps);
    let short = (!real.early_resignation).then_some((real.rounds, needed));
    let mut allowed = real.clone();
    allowed.rounds = allowed.rounds.max(needed);
    allowed.early_resignation = false;
    // What the game gave is in the history; only the other case is worked out.
    let would = starhop_league::rating_changes(&allowed);
    let would_have = entry
        .rating
        .iter()
        .zip(&would)
        .map(|(&a, &w)| (w > a).then_some(w))
        .collect();
    Some(HeldBack { short, would_have })
}

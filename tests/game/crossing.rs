//! The crossing challenge at game level: a headless `App` with the game's
//! logic plugins, driven through messages (and keys), checking the classic
//! marble entities against the engine, the best results on disk, and that
//! a hint for an old position is dropped.

use crate::common;

use bevy::prelude::*;
use common::{Seen, marbles, settle, tap, temp_folders};
use starhop::Screen;
use starhop::base::Notice;
use starhop::crossing::bests::bests_path;
use starhop::crossing::{
    BestKey, CrossingBests, CrossingHint, CrossingHintFound, CrossingMove, CrossingSession,
    CrossingSetup, CrossingTurn, StartCrossing,
};
use starhop::persist::Folders;
use starhop::stage::board::BoardLayout;
use starhop::stage::input::Selection;
use starhop::stage::marbles::rest_position;
use starhop_ai::crossing::Hint;
use starhop_engine::crossing::CrossingGame;
use starhop_engine::{Hole, Move, RuleError};
use std::collections::HashSet;

fn app_with(folders: Option<Folders>) -> App {
    // The folders are there from the first frame, as in the game (the
    // league opens in them then).
    let mut app = common::app_with(|app| {
        if let Some(f) = folders {
            app.insert_resource(f);
        }
        // Keys as the window feeds them, and both input plugins, as in the game.
        app.add_plugins((
            starhop::stage::input::plugin,
            starhop::classic::input::plugin,
            starhop::crossing::input::plugin,
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>();
    });
    app.update();
    app
}

fn start(app: &mut App, size: u8) {
    app.world_mut()
        .write_message(StartCrossing(CrossingSetup::new(size, false)));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Crossing
    );
}

fn game(app: &App) -> &CrossingGame {
    &app.world().resource::<CrossingSession>().game
}

fn play(app: &mut App, from: Hole, to: Hole) {
    app.world_mut().write_message(CrossingMove { from, to });
    app.update();
}

/// The marble entities stand, each at rest, on exactly the engine's holes,
/// all of the crossing army.
fn assert_view_matches_engine(app: &mut App) {
    let expected: Vec<Hole> = game(app).marbles().iter().collect();
    let layout = app.world().resource::<BoardLayout>().clone();
    let shown = marbles(app);
    let holes: Vec<Hole> = shown.iter().map(|(m, _)| m.hole).collect();
    assert_eq!(holes, expected);
    for (m, at) in shown {
        assert_eq!(m.seat, 0);
        assert!(
            at.distance(rest_position(&layout, m.hole)) < 1e-4,
            "{m:?} at {at}"
        );
    }
}

/// A crossing found without the solver: the move that lowers the remaining
/// distance most, never back to a position seen before. Deterministic, so
/// the test always plays the same crossing.
fn a_crossing(size: u8) -> Vec<Move> {
    let mut g = CrossingGame::new(size, false).unwrap();
    let mut seen = HashSet::from([g.marbles()]);
    let mut moves = Vec::new();
    while !g.is_finished() {
        assert!(moves.len() < 300, "the walk did not get across");
        let mv = g
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut next = g.clone();
                next.play(m.from, m.to).unwrap();
                !seen.contains(&next.marbles())
            })
            .min_by_key(|m| {
                let mut next = g.clone();
                next.play(m.from, m.to).unwrap();
                next.position().remaining_distance(0)
            })
            .expect("a move to a new position");
        g.play(mv.from, mv.to).unwrap();
        seen.insert(g.marbles());
        moves.push(mv);
    }
    moves
}

#[test]
fn starting_shows_one_army_in_camp_0_on_the_star() {
    let mut app = app_with(None);
    start(&mut app, 3);
    let g = game(&app).clone();
    assert_eq!(g.marbles().count(), 6);
    assert_eq!(g.moves_made(), 0);
    assert_eq!(app.world().resource::<BoardLayout>().size, 3);
    assert_view_matches_engine(&mut app);
    // The standard board's army is bigger.
    start(&mut app, 4);
    assert_eq!(marbles(&mut app).len(), 10);
    assert_view_matches_engine(&mut app);
}

#[test]
fn moves_hop_the_marbles_and_undo_and_redo_follow_the_engine() {
    let mut app = app_with(None);
    start(&mut app, 4);
    let moves = a_crossing(4);
    for mv in &moves[..5] {
        play(&mut app, mv.from, mv.to);
    }
    assert_eq!(game(&app).moves_made(), 5);
    // The marbles are still on their way, then land where the engine says.
    settle(&mut app);
    assert_view_matches_engine(&mut app);
    let after_five = game(&app).marbles();
    app.world_mut().write_message(CrossingTurn::Undo);
    app.update();
    settle(&mut app);
    assert_eq!(game(&app).moves_made(), 4);
    assert_ne!(game(&app).marbles(), after_five);
    assert_view_matches_engine(&mut app);
    // The U key undoes too; redo brings both back.
    tap(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_eq!(game(&app).moves_made(), 3);
    assert_view_matches_engine(&mut app);
    for _ in 0..2 {
        app.world_mut().write_message(CrossingTurn::Redo);
        app.update();
    }
    settle(&mut app);
    assert_eq!(game(&app).marbles(), after_five);
    assert_view_matches_engine(&mut app);
}

#[test]
fn a_refused_move_says_why_and_moves_nothing() {
    let mut app = app_with(None);
    start(&mut app, 4);
    let before = game(&app).marbles();
    let from = before.first().unwrap();
    // Straight to the far tip: not a move.
    let far = game(&app).target().iter().last().unwrap();
    play(&mut app, from, far);
    settle(&mut app);
    assert_eq!(game(&app).marbles(), before);
    assert_view_matches_engine(&mut app);
    let seen = &app.world().resource::<Seen>().notices;
    assert!(seen.iter().any(|n| matches!(
        n,
        Notice::Refused(RuleError::IllegalMove { .. } | RuleError::Occupied(_))
    )));
}

#[test]
fn finishing_keeps_the_best_result_and_a_new_app_reads_it_back() {
    let folders = temp_folders("crossing-best");
    let moves = a_crossing(3);
    let key = BestKey {
        player: None,
        size: 3,
        long_jumps: false,
    };
    {
        let mut app = app_with(Some(folders.clone()));
        start(&mut app, 3);
        for mv in &moves {
            play(&mut app, mv.from, mv.to);
        }
        settle(&mut app);
        assert!(game(&app).is_finished());
        assert_view_matches_engine(&mut app);
        let bests = app.world().resource::<CrossingBests>();
        assert_eq!(bests.moves.get(&key), Some(&(moves.len() as u32)));
        // Once across, nothing more moves.
        let last = moves.last().unwrap();
        play(&mut app, last.to, last.from);
        assert!(game(&app).is_finished());
    }
    assert!(bests_path(&folders).exists());
    let mut again = app_with(Some(folders.clone()));
    again.update();
    let bests = again.world().resource::<CrossingBests>();
    assert!(bests.loaded);
    assert_eq!(bests.moves.get(&key), Some(&(moves.len() as u32)));
}

#[test]
fn a_damaged_bests_file_is_kept_aside_with_a_message() {
    let folders = temp_folders("crossing-damaged");
    let path = bests_path(&folders);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{ not json").unwrap();
    let mut app = app_with(Some(folders.clone()));
    app.update();
    assert!(app.world().resource::<CrossingBests>().moves.is_empty());
    assert!(!path.exists());
    let aside = path.with_file_name("crossing-bests.json.corrupt-1");
    assert_eq!(std::fs::read_to_string(aside).unwrap(), "{ not json");
    let seen = &app.world().resource::<Seen>().notices;
    assert!(
        seen.iter().any(
            |n| matches!(n, Notice::Problem(t) if t.contains("crossing-bests.json.corrupt-1"))
        )
    );
}

#[test]
fn a_hint_for_an_old_position_is_dropped_and_one_for_this_position_is_shown() {
    let mut app = app_with(None);
    start(&mut app, 4);
    let first = a_crossing(4)[0];
    let old = game(&app).revision();
    let hint = |mv: Move, g: &CrossingGame| Hint {
        mv,
        route: g.position().route(mv.from, mv.to, false).unwrap(),
        remaining: 30,
        proven: false,
    };
    let stale = hint(first, game(&app));
    play(&mut app, first.from, first.to);
    settle(&mut app);
    app.world_mut().write_message(CrossingHintFound {
        revision: old,
        hint: Some(stale),
    });
    app.update();
    assert_eq!(app.world().resource::<CrossingHint>().0, None);
    assert_eq!(app.world().resource::<Selection>().lifted, None);
    // The same answer for the position on show is taken: the marble lifts.
    let now = game(&app).revision();
    let mv = game(&app).legal_moves()[0];
    let fresh = hint(mv, game(&app));
    app.world_mut().write_message(CrossingHintFound {
        revision: now,
        hint: Some(fresh.clone()),
    });
    app.update();
    assert_eq!(
        app.world().resource::<CrossingHint>().for_revision(now),
        Some(&fresh)
    );
    let selection = app.world().resource::<Selection>();
    assert_eq!(
        (selection.lifted, selection.cursor),
        (Some(mv.from), Some(mv.to))
    );
    // After the next move it no longer applies.
    play(&mut app, mv.from, mv.to);
    assert_eq!(
        app.world()
            .resource::<CrossingHint>()
            .for_revision(game(&app).revision()),
        None
    );
}

#[test]
fn leaving_goes_home_and_the_star_shows_the_setup_again() {
    let mut app = app_with(None);
    start(&mut app, 3);
    app.world_mut().write_message(CrossingTurn::Leave);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    assert!(app.world().get_resource::<CrossingSession>().is_none());
    // The classic setup's two armies are back.
    let seats: HashSet<u8> = marbles(&mut app).iter().map(|(m, _)| m.seat).collect();
    assert_eq!(seats, HashSet::from([0, 1]));
}

#[test]
fn a_hint_found_in_the_background_lifts_a_move_of_the_optimal_crossing() {
    let mut app = app_with(None);
    start(&mut app, 3);
    let optimum = starhop_ai::crossing::known_optimum(3, false).expect("size 3 is proven");
    tap(&mut app, KeyCode::KeyH);
    // The search runs on the shared pool: wait in real time, not frames.
    let began = std::time::Instant::now();
    let revision = game(&app).revision();
    while app.world().resource::<CrossingHint>().0.is_none() && began.elapsed().as_secs() < 60 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let hint = app
        .world()
        .resource::<CrossingHint>()
        .for_revision(revision)
        .cloned()
        .expect("a hint for the start");
    assert!(hint.proven);
    assert_eq!(hint.remaining + 1, optimum);
    assert!(game(&app).why_not(hint.mv.from, hint.mv.to).is_none());
    assert_eq!(
        app.world().resource::<Selection>().lifted,
        Some(hint.mv.from)
    );
    // Enter plays the hinted move (the cursor is on its destination).
    tap(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).played(), &[hint.route.clone()][..]);
}

/// Asks for a hint and waits (in real time: the search runs on the shared
/// pool) until it is on show or a minute has passed.
fn ask_for_a_hint(app: &mut App) -> Option<Hint> {
    let revision = game(app).revision();
    tap(app, KeyCode::KeyH);
    let began = std::time::Instant::now();
    while app
        .world()
        .resource::<CrossingHint>()
        .for_revision(revision)
        .is_none()
        && began.elapsed().as_secs() < 60
    {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    app.world()
        .resource::<CrossingHint>()
        .for_revision(revision)
        .cloned()
}

/// On the standard board a player who follows the hints gets one for every
/// move: the first ten come from the proven line, each one move shorter.
/// (Off the line the solver's own tests hold that a hint still comes: here
/// its seconds of search would hold up the other tests' bots on the shared
/// pool.)
#[test]
fn every_hinted_move_is_followed_by_another_hint() {
    let mut app = app_with(None);
    start(&mut app, 4);
    let optimum =
        starhop_ai::crossing::known_optimum(4, false).expect("the standard board is proven");
    for n in 0..10 {
        let hint = ask_for_a_hint(&mut app).unwrap_or_else(|| panic!("a hint after {n} moves"));
        assert!(hint.proven, "move {n}: on the proven line");
        assert_eq!(hint.remaining + n + 1, optimum, "move {n}");
        tap(&mut app, KeyCode::Enter);
        settle(&mut app);
        assert_eq!(game(&app).played().len() as u32, n + 1);
        assert_eq!(game(&app).played().last(), Some(&hint.route));
    }
}

#[test]
fn watching_plays_the_best_known_line_and_gives_the_game_back() {
    use starhop::crossing::watch::WatchControl;
    let mut app = app_with(None);
    start(&mut app, 3);
    let mv = a_crossing(3)[0];
    play(&mut app, mv.from, mv.to);
    settle(&mut app);
    let mine = game(&app).clone();
    let line = starhop_ai::crossing::best_known_line(3, false).unwrap();
    app.world_mut().write_message(WatchControl::Start);
    app.update();
    assert!(app.world().resource::<CrossingSession>().watch.is_some());
    assert_eq!(game(&app).moves_made(), 0);
    // Played on by itself, the line reaches the other side.
    for _ in 0..2_000 {
        app.update();
        if game(&app).moves_made() as usize == line.len() {
            break;
        }
    }
    settle(&mut app);
    assert!(game(&app).is_finished());
    assert_eq!(game(&app).played(), &line[..]);
    assert_view_matches_engine(&mut app);
    // Stepping back, then stopping: the player's own game is back.
    app.world_mut().write_message(WatchControl::Back);
    app.update();
    settle(&mut app);
    assert_eq!(game(&app).moves_made() as usize, line.len() - 1);
    app.world_mut().write_message(WatchControl::Stop);
    app.update();
    app.update();
    assert_eq!(game(&app), &mine);
    assert_view_matches_engine(&mut app);
    // Watching is no crossing of the player's: no best was noted.
    assert!(app.world().resource::<CrossingBests>().moves.is_empty());
}

/// A finished crossing goes into the history unrated, and the history's
/// Watch opens it in the viewer on the star: a move forward hops the marble
/// as in play, back takes it back, a jump sets the board at once; the
/// player cannot move meanwhile; nothing more is filed; leaving goes back.
#[test]
fn a_finished_crossing_is_filed_and_watched_again_move_by_move() {
    use starhop::base::{MatchAuthority, RecordOnShow};
    use starhop::league::{LeagueStore, WatchRecord};
    use starhop::replay::{OtherReplay, ReplayControl};
    use starhop_engine::shape::GameKind;
    let folders = temp_folders("crossing-watch");
    let moves = a_crossing(3);
    let mut app = app_with(Some(folders));
    start(&mut app, 3);
    for mv in &moves {
        play(&mut app, mv.from, mv.to);
    }
    settle(&mut app);
    assert!(game(&app).is_finished());
    let played = game(&app).played().to_vec();
    let store = app.world().resource::<LeagueStore>();
    assert_eq!(store.league.history.len(), 1, "the crossing is filed");
    let entry = &store.league.history[0];
    assert_eq!(entry.game, GameKind::Crossing);
    assert!(entry.rating.iter().all(|&r| r == 0), "unrated");
    let path = store.league.record_path(entry);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::History);
    app.update();

    app.world_mut().write_message(WatchRecord(path));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Crossing
    );
    assert_eq!(
        *app.world().resource::<MatchAuthority>(),
        MatchAuthority::Replay
    );
    let r = app.world().resource::<OtherReplay>();
    assert_eq!((r.kind, r.len, r.at), (GameKind::Crossing, moves.len(), 0));
    assert_eq!(game(&app).moves_made(), 0);
    assert_eq!(
        app.world().resource::<RecordOnShow>().lines.len(),
        moves.len()
    );
    settle(&mut app);
    assert_view_matches_engine(&mut app);

    app.world_mut().write_message(ReplayControl::Forward);
    app.update();
    assert_eq!(game(&app).played(), &played[..1]);
    settle(&mut app);
    assert_view_matches_engine(&mut app);

    // A move asked for while watching changes nothing.
    let mv = moves[1];
    play(&mut app, mv.from, mv.to);
    assert_eq!(game(&app).moves_made(), 1);

    app.world_mut().write_message(ReplayControl::Back);
    app.update();
    settle(&mut app);
    assert_eq!(game(&app).moves_made(), 0);
    assert_view_matches_engine(&mut app);

    app.world_mut().write_message(ReplayControl::Last);
    app.update();
    app.update();
    settle(&mut app);
    assert!(game(&app).is_finished());
    assert_eq!(game(&app).played(), &played[..]);
    assert!(app.world().resource::<RecordOnShow>().result.is_some());
    assert_view_matches_engine(&mut app);
    assert_eq!(
        app.world().resource::<LeagueStore>().league.history.len(),
        1,
        "watching files nothing"
    );

    app.world_mut().write_message(ReplayControl::Leave);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::History
    );
    assert!(app.world().get_resource::<RecordOnShow>().is_none());
}

/// The marbles wear the player's profile colour (a guest's are red), on the
/// panel's preview and in play, and follow the profile when it is recoloured.
#[test]
fn the_marbles_wear_the_players_profile_colour() {
    use starhop::base::KnownProfiles;
    use starhop::crossing::{CrossingDraft, OpenCrossing};
    use starhop::stage::board::BoardOnShow;
    use starhop::ui::palette::nearest_palette;
    let mut app = app_with(None);
    let mut profiles = starhop_league::Profiles::default();
    let blue = [30, 90, 230];
    let id = profiles.create("Ann", blue, "2026-12-03").unwrap();
    app.world_mut().insert_resource(KnownProfiles(profiles));
    let shown = |app: &App| app.world().resource::<BoardOnShow>().palettes;
    start(&mut app, 3);
    assert_eq!(shown(&app), [0; 6], "a guest plays red");
    let ann = CrossingSetup {
        profile: Some(id),
        ..CrossingSetup::new(3, false)
    };
    assert_ne!(nearest_palette(blue), 0);
    // The panel's preview, then the game.
    app.world_mut().resource_mut::<CrossingDraft>().0 = ann.clone();
    app.world_mut().write_message(OpenCrossing);
    app.update();
    app.update();
    assert_eq!(
        shown(&app),
        [nearest_palette(blue) as usize; 6],
        "the preview"
    );
    app.world_mut().write_message(StartCrossing(ann));
    app.update();
    app.update();
    assert_eq!(shown(&app), [nearest_palette(blue) as usize; 6], "in play");
    let yellow = [235, 200, 40];
    app.world_mut().resource_mut::<KnownProfiles>().0.list[0].colour = yellow;
    app.update();
    assert_ne!(nearest_palette(yellow), nearest_palette(blue));
    assert_eq!(
        shown(&app),
        [nearest_palette(yellow) as usize; 6],
        "recoloured"
    );
}

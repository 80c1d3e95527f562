//! The league in the game, headless: a finished game changes the profiles
//! once (and a rematch once more), and a tournament game that ends is
//! recorded in its tournament and saved, so the league read again from disk
//! is the same; a game watched again is never filed or rated again.

use crate::common;

use common::{fixed_rules, step_away};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use starhop::Screen;
use starhop::StarhopLogicPlugin;
use starhop::classic::{LoadMatch, Match, MoveRequest, StartMatch, TurnRequest};
use starhop::league::{
    LeagueRequest, LeagueStore, MatchLeague, OpenTournament, PlayNext, WatchRecord, league_dir,
};
use starhop::persist::Folders;
use starhop::replay::{OpenReplay, Replay, ReplayControl};
use starhop_ai::Level;
use starhop_engine::{FirstMoveMethod, Game, Hole, Move, Preset, Record};
use starhop_league::{Entrant, Format, RatedGame, Who, rating_changes};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn temp_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("starhop-league-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game's logic with a league in `home`.
fn league_app(home: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StarhopLogicPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )))
        .insert_resource(Folders {
            config: home.to_path_buf(),
            saves: home.join("saves"),
        });
    app.update();
    app
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn store(app: &App) -> &LeagueStore {
    app.world().resource::<LeagueStore>()
}

/// (points, games, wins, losses) of the profile called `name`.
fn counts(app: &App, name: &str) -> (i32, u32, u32, u32) {
    let p = store(app)
        .league
        .profiles
        .list
        .iter()
        .find(|p| p.name == name)
        .unwrap();
    (p.points, p.games, p.wins, p.losses)
}

/// A two-player game on the small board where each player is one step from
/// home; returns the record and each seat's finishing step.
fn nearly_finished(names: [&str; 2]) -> (Record, Vec<(Hole, Hole)>) {
    let (pos, finishing) = common::nearly_finished_position();
    let game = Game::from_position(fixed_rules(), pos, 0).unwrap();
    (
        Record::of(&game, names.iter().map(|n| n.to_string()).collect()),
        finishing,
    )
}

/// What the league's rating gives each seat of the match on show (both
/// profiles at `levels`).
fn expected_changes(app: &App, levels: [u32; 2]) -> Vec<i32> {
    let game = &app.world().resource::<Match>().game;
    rating_changes(&RatedGame::of(game, &levels, &[true, true]).unwrap())
}

#[test]
fn a_finished_game_changes_the_profiles_once_and_a_rematch_once_more() {
    let home = temp_home("once");
    let mut app = league_app(&home);
    for (name, colour) in [("Anna", 0), ("Bo", 1)] {
        app.world_mut().write_message(LeagueRequest::CreateProfile {
            name: name.into(),
            colour,
        });
    }
    frames(&mut app, 2);
    assert_eq!(counts(&app, "Anna"), (0, 0, 0, 0));

    // A saved game of Anna and Bo, loaded: its seats find their profiles by name.
    let (record, finishing) = nearly_finished(["Anna", "Bo"]);
    app.world_mut().write_message(LoadMatch(record));
    frames(&mut app, 2);
    let m = app.world().resource::<Match>();
    assert!(m.setup.seats.iter().all(|s| s.profile.is_some()));
    // Anna finishes; Bo steps away from home; the game is over.
    let (from, to) = finishing[0];
    app.world_mut()
        .write_message(MoveRequest::from(Move { from, to }));
    frames(&mut app, 2);
    let mv = step_away(&app.world().resource::<Match>().game);
    assert_eq!(counts(&app, "Bo").1, 0, "not filed before the end");
    app.world_mut().write_message(MoveRequest::from(mv));
    frames(&mut app, 2);
    assert!(app.world().resource::<Match>().game.is_over());
    let deltas = expected_changes(&app, [1, 1]);
    assert!(deltas[1] < 0, "Bo loses points: {deltas:?}");
    let anna = (deltas[0], 1, 1, 0);
    let bo = (deltas[1], 1, 0, 1);
    assert_eq!(counts(&app, "Anna"), anna);
    assert_eq!(counts(&app, "Bo"), bo);
    assert_eq!(store(&app).league.history.len(), 1);
    let filed = app.world().resource::<MatchLeague>().filed.clone();
    assert!(matches!(filed, Some(Some(_))));

    // More frames of the finished game, and the same game loaded again: nothing more.
    frames(&mut app, 30);
    let finished = app.world().resource::<Match>().record();
    app.world_mut().write_message(LoadMatch(finished.clone()));
    frames(&mut app, 5);
    assert!(app.world().resource::<Match>().game.is_over());
    app.world_mut().write_message(LoadMatch(finished));
    frames(&mut app, 5);
    assert_eq!(counts(&app, "Anna"), anna);
    assert_eq!(counts(&app, "Bo"), bo);
    assert_eq!(store(&app).league.history.len(), 1);

    // A rematch: nothing until it ends; then it counts once more.
    let setup = app.world().resource::<Match>().setup.clone();
    app.world_mut().write_message(StartMatch(setup));
    frames(&mut app, 3);
    assert!(!app.world().resource::<Match>().game.is_over());
    assert_eq!(counts(&app, "Bo"), bo);
    app.world_mut().write_message(TurnRequest::Resign(1));
    frames(&mut app, 3);
    assert!(app.world().resource::<Match>().game.is_over());
    let levels = [
        starhop_league::level_of(anna.0),
        starhop_league::level_of(bo.0),
    ];
    let again = expected_changes(&app, levels);
    assert!(again[1] < 0, "the resigner loses points: {again:?}");
    assert_eq!(counts(&app, "Anna"), (anna.0 + again[0], 2, 2, 0));
    assert_eq!(counts(&app, "Bo"), (bo.0 + again[1], 2, 0, 2));
    frames(&mut app, 10);
    assert_eq!(counts(&app, "Bo"), (bo.0 + again[1], 2, 0, 2));
    assert_eq!(store(&app).league.history.len(), 2);

    // What is on disk is what the game shows.
    let (reread, problems) = LeagueStore::open(&league_dir(&Folders {
        config: home.clone(),
        saves: home.join("saves"),
    }));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(reread.league.profiles, store(&app).league.profiles);
    assert_eq!(reread.league.history, store(&app).league.history);
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_tournament_game_that_ends_is_recorded_and_saved() {
    let home = temp_home("tournament");
    let mut app = league_app(&home);
    app.world_mut().write_message(LeagueRequest::CreateProfile {
        name: "Anna".into(),
        colour: 0,
    });
    frames(&mut app, 2);
    let anna = store(&app).league.profiles.list[0].id.clone();
    let entrants = vec![
        Entrant {
            name: "Anna".into(),
            who: Who::Profile(anna.clone()),
        },
        Entrant {
            name: "Player 2".into(),
            who: Who::Bot(Level::Beginner),
        },
        Entrant {
            name: "Bo".into(),
            who: Who::Guest,
        },
    ];
    app.world_mut()
        .write_message(LeagueRequest::CreateTournament {
            name: "Cup".into(),
            entrants,
            format: Format::Single,
            preset: Preset::Classic,
        });
    frames(&mut app, 2);
    let id = app
        .world()
        .resource::<OpenTournament>()
        .0
        .clone()
        .expect("the new tournament is on show");
    let next = store(&app).tournament(&id).unwrap().next_game().unwrap();

    app.world_mut().write_message(PlayNext(id.clone()));
    frames(&mut app, 3);
    let m = app.world().resource::<Match>();
    assert_eq!(m.game.players(), 2);
    assert_eq!(m.game.rules().first_move, FirstMoveMethod::Fixed(0));
    let fresh = Game::new(m.game.rules().clone(), 2, m.game.seed()).unwrap();
    assert_eq!(fresh.to_move(), 0, "the first mover (seat 0) moves first");
    let t = store(&app).tournament(&id).unwrap();
    let kinds: Vec<Who> = m.setup.seats.iter().map(starhop::league::who_of).collect();
    assert_eq!(kinds[0], t.entrant(next.first).who);
    assert_eq!(kinds[1], t.entrant(next.second).who);
    let game_of = app.world().resource::<MatchLeague>().tournament.clone();
    assert_eq!(game_of.map(|g| (g.id, g.next)), Some((id.clone(), next)));
    assert!(t.games.is_empty());

    // The seat of a person resigns (in round 1 Anna has the bye: the bot plays Bo).
    let person = m
        .setup
        .seats
        .iter()
        .position(|s| s.kind == starhop::classic::SeatKind::Human)
        .unwrap() as u8;
    app.world_mut().write_message(TurnRequest::Resign(person));
    frames(&mut app, 3);
    assert!(app.world().resource::<Match>().game.is_over());
    frames(&mut app, 10);
    let t = store(&app).tournament(&id).unwrap().clone();
    assert_eq!(t.games.len(), 1, "recorded once");
    let g = &t.games[0];
    assert_eq!(
        (g.round, g.first, g.second),
        (next.round, next.first, next.second)
    );
    assert_eq!(g.first_score, if person == 0 { 0.0 } else { 1.0 });
    let entry = &store(&app).league.history[0];
    assert_eq!(entry.tournament.as_deref(), Some(id.as_str()));
    assert_eq!(g.history.as_deref(), Some(entry.id.as_str()));
    assert_ne!(t.next_game(), Some(next));

    // Started again, the league resumes the tournament where it stopped.
    let again = league_app(&home);
    let reread = again.world().resource::<LeagueStore>();
    assert_eq!(reread.tournaments, vec![t.clone()]);
    assert_eq!(reread.league.history, store(&app).league.history);
    assert_eq!(reread.tournament(&id).unwrap().next_game(), t.next_game());
    let _ = std::fs::remove_dir_all(&home);
}

/// A finished game of `names`: seat 0 finishes, seat 1 steps away from home.
fn finished_record(names: [&str; 2]) -> Record {
    let (record, finishing) = nearly_finished(names);
    let mut game = record.replay().unwrap();
    let (from, to) = finishing[0];
    game.play(Move { from, to }).unwrap();
    game.play(step_away(&game)).unwrap();
    assert!(game.is_over());
    Record::of(&game, names.iter().map(|n| n.to_string()).collect())
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn watching_a_game_again_files_and_rates_nothing() {
    let home = temp_home("watch");
    let mut app = league_app(&home);
    for (name, colour) in [("Anna", 3), ("Bo", 4)] {
        app.world_mut().write_message(LeagueRequest::CreateProfile {
            name: name.into(),
            colour,
        });
        frames(&mut app, 2);
    }
    let finished = finished_record(["Anna", "Bo"]);

    // A finished game not in the history, watched to its end: not filed.
    app.world_mut()
        .write_message(OpenReplay::new(finished.clone()));
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Replay);
    app.world_mut().write_message(ReplayControl::Last);
    frames(&mut app, 20);
    assert!(app.world().resource::<Replay>().at_end());
    assert!(app.world().resource::<Match>().game.is_over());
    assert_eq!(counts(&app, "Anna"), (0, 0, 0, 0));
    assert!(store(&app).league.history.is_empty());
    app.world_mut().write_message(ReplayControl::Leave);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Home);

    // The same game in the history, watched from it: it opens titled with its
    // date, and its end changes nothing more.
    let (anna, bo) = {
        let list = &store(&app).league.profiles.list;
        (list[0].id.clone(), list[1].id.clone())
    };
    let path = {
        let mut store = app.world_mut().resource_mut::<LeagueStore>();
        let who = [Who::Profile(anna), Who::Profile(bo)];
        store
            .league
            .file_game(&finished, &who, "2026-11-30 21.00", None)
            .unwrap();
        let entry = store.league.history[0].clone();
        store.league.record_path(&entry)
    };
    let after_filing = counts(&app, "Anna");
    assert_eq!(after_filing.1, 1);
    app.world_mut().write_message(WatchRecord(path));
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Replay);
    let title = app.world().resource::<Replay>().title.clone().unwrap();
    assert!(title.starts_with("2026-11-30 21.00"), "{title}");
    // The players wear their profiles' colours.
    let colours: Vec<u8> = app
        .world()
        .resource::<Match>()
        .setup
        .seats
        .iter()
        .map(|s| s.colour)
        .collect();
    assert_eq!(colours, [3, 4]);
    app.world_mut().write_message(ReplayControl::Last);
    frames(&mut app, 20);
    assert!(app.world().resource::<Replay>().at_end());
    assert_eq!(counts(&app, "Anna"), after_filing);
    assert_eq!(store(&app).league.history.len(), 1);
    let _ = std::fs::remove_dir_all(&home);
}

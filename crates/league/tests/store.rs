//! The league's files: profiles, history and tournaments survive a restart; a
//! game is counted once; damaged files are kept aside, never lost.

use starhop_ai::Level;
use starhop_engine::testkit::Walk;
use starhop_engine::{FirstMoveMethod, Game, Preset, Record, Rng, Rules};
use starhop_league::store::StoreProblem;
use starhop_league::{Entrant, Format, League, Tournament, Who};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("starhop-league-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A two-player game played to its end by the progress walk.
fn finished_record(seed: u64) -> Record {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        anti_passive: false,
        ..Preset::Classic.rules()
    };
    let mut game = Game::new(rules, 2, seed).unwrap();
    Walk::PROGRESS.play(&mut game, 2000, &mut Rng::new(seed));
    assert!(game.is_over());
    Record::of(&game, vec!["Ann".into(), "Bo".into()])
}

#[test]
fn a_finished_game_counts_once_and_survives_a_restart() {
    let dir = temp_dir("once");
    let (mut league, problems) = League::open(&dir);
    assert!(problems.is_empty());
    let ann = league
        .profiles
        .create("Ann", [200, 40, 40], "2026-11-30")
        .unwrap();
    let bo = league
        .profiles
        .create("Bo", [40, 40, 200], "2026-11-30")
        .unwrap();
    league.save().unwrap();
    let record = finished_record(3);
    let who = [Who::Profile(ann.clone()), Who::Profile(bo.clone())];
    let filed = league
        .file_game(&record, &who, "2026-11-30 20.00", None)
        .unwrap();
    assert!(filed.new);
    let ann_change = filed.changes[0].clone().unwrap();
    assert_eq!(ann_change.before, 0);
    let ann_points = league.profiles.get(&ann).unwrap().points;
    assert_eq!(ann_points, ann_change.after);
    assert_ne!(ann_points, 0);
    let total_games: u32 = league.profiles.list.iter().map(|p| p.games).sum();
    assert_eq!(total_games, 2);
    let winner = if ann_points > 0 { &ann } else { &bo };
    assert_eq!(league.profiles.get(winner).unwrap().wins, 1);
    assert_eq!(league.profiles.get(winner).unwrap().finished, 1);

    // The same game again (a reload, a second end screen) changes nothing.
    let again = league
        .file_game(&record, &who, "2026-11-30 20.01", None)
        .unwrap();
    assert!(!again.new);
    assert_eq!(league.profiles.get(&ann).unwrap().points, ann_points);
    assert_eq!(league.history.len(), 1);

    // A restart reads back the same league, and still refuses the game twice.
    let (mut back, problems) = League::open(&dir);
    assert!(problems.is_empty());
    assert_eq!(back.profiles, league.profiles);
    assert_eq!(back.history, league.history);
    assert!(!back.file_game(&record, &who, "later", None).unwrap().new);
    // Its record replays from the history folder.
    let entry = back.history[0].clone();
    assert_eq!(back.read_record(&entry).unwrap(), record);

    // A rematch (another seed) counts.
    let rematch = finished_record(4);
    assert!(back.file_game(&rematch, &who, "later", None).unwrap().new);
    assert_eq!(back.profiles.get(&ann).unwrap().games, 2);
    assert_eq!(back.history_of(Some(&ann)).count(), 2);
    assert_eq!(back.history_of(Some("p99")).count(), 0);

    // Deleting a game removes it from the list and its file; the rating stays.
    let points = back.profiles.get(&ann).unwrap().points;
    back.delete_game(&entry.id).unwrap();
    assert_eq!(back.history.len(), 1);
    assert!(!back.record_path(&entry).exists());
    assert_eq!(back.profiles.get(&ann).unwrap().points, points);
}

#[test]
fn bots_and_guests_are_filed_but_never_rated() {
    let dir = temp_dir("bots");
    let (mut league, _) = League::open(&dir);
    let ann = league.profiles.create("Ann", [1, 2, 3], "d").unwrap();
    let record = finished_record(5);
    let filed = league
        .file_game(
            &record,
            &[Who::Profile(ann), Who::Bot(Level::Master)],
            "d",
            None,
        )
        .unwrap();
    assert!(filed.changes[0].is_some() && filed.changes[1].is_none());
    assert_eq!(league.history[0].rating[1], 0);
    let guest = league
        .file_game(&finished_record(6), &[Who::Guest, Who::Guest], "d", None)
        .unwrap();
    assert!(guest.new && guest.changes.iter().all(Option::is_none));
    // Seats must match the record.
    assert!(matches!(
        league.file_game(&finished_record(7), &[Who::Guest], "d", None),
        Err(StoreProblem::Invalid(_))
    ));
}

#[test]
fn an_unfinished_game_is_not_filed() {
    let dir = temp_dir("unfinished");
    let (mut league, _) = League::open(&dir);
    let game = Game::new(Preset::Classic.rules(), 2, 1).unwrap();
    let record = Record::of(&game, vec![]);
    assert!(
        league
            .file_game(&record, &[Who::Guest, Who::Guest], "d", None)
            .is_err()
    );
    assert!(league.history.is_empty());
}

#[test]
fn profiles_are_created_renamed_recoloured_and_deleted_with_unique_names() {
    let dir = temp_dir("profiles");
    let (mut league, _) = League::open(&dir);
    let a = league.profiles.create("  Ann  ", [1, 1, 1], "d").unwrap();
    assert_eq!(league.profiles.get(&a).unwrap().name, "Ann");
    assert!(league.profiles.create("ann", [1, 1, 1], "d").is_err());
    assert!(league.profiles.create("   ", [1, 1, 1], "d").is_err());
    let b = league.profiles.create("Bo", [1, 1, 1], "d").unwrap();
    assert_ne!(a, b);
    assert!(league.profiles.rename(&b, "ANN").is_err());
    league.profiles.rename(&b, "Bob").unwrap();
    league.profiles.recolour(&b, [9, 8, 7]).unwrap();
    league.profiles.delete(&a).unwrap();
    // Ids are never reused.
    let c = league.profiles.create("Cy", [1, 1, 1], "d").unwrap();
    assert!(c != a && c != b);
    league.save().unwrap();
    let (back, _) = League::open(&dir);
    let bob = back.profiles.get(&b).unwrap();
    assert_eq!((bob.name.as_str(), bob.colour), ("Bob", [9, 8, 7]));
    assert!(back.profiles.get(&a).is_none());
}

#[test]
fn a_damaged_league_file_is_kept_aside_and_the_league_starts_afresh() {
    let dir = temp_dir("damaged");
    let garbage = b"{\"format\": \"starhop-league\", \"version\": 1, \"profi";
    std::fs::write(dir.join("league.json"), garbage).unwrap();
    let (mut league, problems) = League::open(&dir);
    assert!(matches!(
        problems.as_slice(),
        [StoreProblem::Rebuilt {
            games: 0,
            profiles: 0,
            ..
        }]
    ));
    assert!(problems[0].to_string().contains("kept aside"));
    assert!(league.profiles.list.is_empty());
    // The damaged bytes are kept, word for word.
    assert_eq!(
        std::fs::read(dir.join("league.json.corrupt-1")).unwrap(),
        garbage
    );
    // Saving afresh never touches them.
    league.profiles.create("Ann", [0, 0, 0], "d").unwrap();
    league.save().unwrap();
    assert_eq!(
        std::fs::read(dir.join("league.json.corrupt-1")).unwrap(),
        garbage
    );
    // A second damage goes to a second name.
    std::fs::write(dir.join("league.json"), b"[]").unwrap();
    let (_, problems) = League::open(&dir);
    assert_eq!(problems.len(), 1);
    assert!(dir.join("league.json.corrupt-2").exists());
}

/// Damage that a family's disk or a stray program could do to a file.
fn damages(good: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("empty", Vec::new()),
        (
            "binary garbage",
            vec![0xff, 0xfe, 0x00, 0x9c, 0x80, 0xc3, 0x28],
        ),
        (
            "wrong json",
            b"{\"profiles\": 3, \"history\": [\"x\"]}".to_vec(),
        ),
    ]
}

#[test]
fn a_damaged_league_file_is_rebuilt_from_the_history_and_kept_aside() {
    for (kind, _) in damages(b"0123456789") {
        let dir = temp_dir(&format!("rebuild-{}", kind.replace(' ', "-")));
        let (mut league, _) = League::open(&dir);
        let ann = league.profiles.create("Ann", [200, 40, 40], "d").unwrap();
        let bo = league.profiles.create("Bo", [40, 40, 200], "d").unwrap();
        let cy = league.profiles.create("Cy", [40, 200, 40], "d").unwrap();
        league.save().unwrap();
        let who = [Who::Profile(ann.clone()), Who::Profile(bo.clone())];
        league
            .file_game(&finished_record(3), &who, "2026-11-30 20.00", None)
            .unwrap();
        league
            .file_game(&finished_record(4), &who, "2026-11-30 21.00", None)
            .unwrap();
        league
            .file_game(
                &finished_record(5),
                &[Who::Profile(bo.clone()), Who::Bot(Level::Hard)],
                "2026-12-01 09.00",
                None,
            )
            .unwrap();
        // Cy has played nothing yet but is entered in a tournament.
        let t = Tournament::new(
            "t000001".into(),
            "Cup".into(),
            "2026-12-01 10.00".into(),
            vec![
                Entrant {
                    name: "Cy".into(),
                    who: Who::Profile(cy.clone()),
                },
                Entrant {
                    name: "Ann".into(),
                    who: Who::Profile(ann.clone()),
                },
                Entrant {
                    name: "Player 3".into(),
                    who: Who::Bot(Level::Easy),
                },
            ],
            Format::Single,
            Preset::Classic.rules(),
            7,
        )
        .unwrap();
        league.save_tournament(&t).unwrap();
        // A record filed by an older version, without its entry file.
        let old = finished_record(6);
        let old_id = starhop_league::history::game_id(&old);
        std::fs::write(
            dir.join(format!("history/{old_id}.json")),
            old.to_json().as_bytes(),
        )
        .unwrap();

        let good = std::fs::read(dir.join("league.json")).unwrap();
        let bad = damages(&good)
            .into_iter()
            .find(|(k, _)| *k == kind)
            .unwrap()
            .1;
        std::fs::write(dir.join("league.json"), &bad).unwrap();
        let (back, problems) = League::open(&dir);
        assert!(
            matches!(
                problems.as_slice(),
                [StoreProblem::Rebuilt {
                    games: 4,
                    profiles: 3,
                    ..
                }]
            ),
            "{kind}: {problems:?}"
        );
        assert!(problems[0].to_string().contains("rebuilt"), "{kind}");
        // The damaged bytes are kept, word for word.
        assert_eq!(
            std::fs::read(dir.join("league.json.corrupt-1")).unwrap(),
            bad,
            "{kind}"
        );
        // Every profile that played is back as it stood, the one that only
        // entered a tournament by name; the filed games are back as filed.
        for id in [&ann, &bo] {
            assert_eq!(back.profiles.get(id), league.profiles.get(id), "{kind}");
        }
        assert_eq!(back.profiles.get(&cy).unwrap().name, "Cy");
        assert_eq!(back.profiles.get(&cy).unwrap().points, 0);
        assert_eq!(&back.history[..3], &league.history[..], "{kind}");
        // The old record comes back unrated, its seats guests.
        let old_entry = &back.history[3];
        assert_eq!(old_entry.id, old_id);
        assert_eq!(old_entry.who, vec![Who::Guest, Who::Guest]);
        assert_eq!(old_entry.rating, vec![0, 0]);
        assert_eq!(back.read_record(old_entry).unwrap(), old);
        // A new profile gets a fresh id, and the rebuilt league was saved.
        let mut again = back.clone();
        let dee = again.profiles.create("Dee", [1, 1, 1], "d").unwrap();
        assert!(![&ann, &bo, &cy].contains(&&dee), "{kind}");
        let (reopened, problems) = League::open(&dir);
        assert!(problems.is_empty(), "{kind}: {problems:?}");
        assert_eq!(reopened.history, back.history);
    }
}

#[test]
fn a_league_file_from_a_newer_version_is_left_alone() {
    let dir = temp_dir("newer");
    let text =
        r#"{"format":"starhop-league","version":99,"profiles":{"list":[],"next":1},"history":[]}"#;
    std::fs::write(dir.join("league.json"), text).unwrap();
    let (league, problems) = League::open(&dir);
    assert!(matches!(problems.as_slice(), [StoreProblem::Newer { .. }]));
    assert!(league.save().is_err());
    assert_eq!(
        std::fs::read_to_string(dir.join("league.json")).unwrap(),
        text
    );
}

#[test]
fn tournaments_are_saved_resumed_and_damaged_ones_kept_aside() {
    let dir = temp_dir("tournaments");
    let (league, _) = League::open(&dir);
    let entrants = (1..=4)
        .map(|i| Entrant {
            name: format!("E{i}"),
            who: Who::Bot(Level::Easy),
        })
        .collect();
    let id = league.new_tournament_id(7);
    let mut t = Tournament::new(
        id.clone(),
        "Cup".into(),
        "2026-11-30".into(),
        entrants,
        Format::BestOfThree,
        Preset::Tournament.rules(),
        7,
    )
    .unwrap();
    let next = t.next_game().unwrap();
    t.record(next, 1.0, Some("abc".into())).unwrap();
    league.save_tournament(&t).unwrap();
    assert_ne!(league.new_tournament_id(7), id);
    let (found, problems) = league.tournaments();
    assert!(problems.is_empty());
    assert_eq!(found, vec![t.clone()]);
    // A tournament whose games do not follow the table is damaged.
    let mut bad = t.clone();
    bad.id = "t999999".into();
    bad.games[0].second = 3;
    std::fs::write(
        dir.join("tournaments/t999999.json"),
        serde_json::to_string(&bad).unwrap(),
    )
    .unwrap();
    let (found, problems) = league.tournaments();
    assert_eq!(found, vec![t.clone()]);
    assert!(matches!(
        problems.as_slice(),
        [StoreProblem::Damaged { .. }]
    ));
    assert!(dir.join("tournaments/t999999.json.corrupt-1").exists());
    league.delete_tournament(&id).unwrap();
    assert!(league.tournaments().0.is_empty());
}

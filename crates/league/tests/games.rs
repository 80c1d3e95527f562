//! The history holds every game of the box: entries name their game, the
//! other games are filed unrated (RULES §7 rates Chinese checkers), and
//! history files written before entries named their game still load.

use starhop_ai::Level;
use starhop_draughts::{Side, Variant};
use starhop_engine::crossing::CrossingGame;
use starhop_engine::food::{FoodGame, FoodRules};
use starhop_engine::testkit::Walk;
use starhop_engine::{EndReason, FirstMoveMethod, Game, Preset, Record, Rng, Rules};
use starhop_games::{AnyGame, AnyRecord, BoxBot, BoxGame, DraughtsGame, GameKind, Think};
use starhop_league::history::{any_game_id, game_id};
use starhop_league::store::StoreProblem;
use starhop_league::{HistoryEntry, League, Who};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "starhop-league-games-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A classic two-player game played to its end by the progress walk.
fn finished_classic(seed: u64, rules: Rules) -> Game {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        anti_passive: false,
        ..rules
    };
    let mut game = Game::new(rules, 2, seed).unwrap();
    Walk::PROGRESS.play(&mut game, 2000, &mut Rng::new(seed));
    assert!(game.is_over());
    game
}

/// Random legal moves through the shape until the game ends.
fn play_out(mut g: AnyGame, seed: u64) -> AnyGame {
    let mut rng = Rng::new(seed);
    for _ in 0..5000 {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(&moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    assert!(g.is_over());
    g
}

fn finished_food(seed: u64) -> AnyGame {
    play_out(FoodGame::new(FoodRules::table(37, 2)).unwrap().into(), seed)
}

fn finished_draughts(seed: u64) -> AnyGame {
    let mut g = DraughtsGame::new(Variant::Russian);
    let mut rng = Rng::new(seed);
    for _ in 0..30 {
        let moves = BoxGame::legal_moves(&g);
        if moves.is_empty() {
            break;
        }
        BoxGame::play(&mut g, &moves[rng.below(moves.len() as u64) as usize]).unwrap();
    }
    if !g.is_over() {
        g.resign(Side::Black).unwrap();
    }
    g.into()
}

fn finished_crossing() -> AnyGame {
    let mut g = AnyGame::from(CrossingGame::new(3, false).unwrap());
    let think = Think::new(Level::Hard).within(std::time::Duration::from_millis(200));
    while let Some(m) = g.bot_move(&think) {
        g.play(&m).unwrap();
    }
    assert!(g.is_over());
    g
}

/// What `HistoryEntry` looked like on disk before it named its game.
const OLD_ENTRY: &str = r#"{
  "id": "00c0ffee00c0ffee",
  "date": "2026-11-30 20.00",
  "names": ["Ann", "Bo"],
  "who": [{"profile": "p1"}, {"bot": "Hard"}],
  "places": [1, 2],
  "scores": [1.0, 0.0],
  "reason": "finished",
  "moves": 64,
  "rating": [25, 0],
  "new_levels": [null, null],
  "record": "00c0ffee00c0ffee.json"
}"#;

#[test]
fn an_entry_written_before_games_were_named_is_classic() {
    let entry: HistoryEntry = serde_json::from_str(OLD_ENTRY).unwrap();
    assert_eq!(entry.game, GameKind::Classic);
    assert_eq!(entry.ending, None);
    assert_eq!(entry.reason, EndReason::Finished);
    assert_eq!(
        entry.who,
        vec![Who::Profile("p1".into()), Who::Bot(Level::Hard)]
    );
    assert_eq!(entry.rating, vec![25, 0]);
    // Written again, it names its game and reads back the same.
    let json = serde_json::to_string(&entry).unwrap();
    assert!(json.contains(r#""game":"classic""#), "{json}");
    assert!(!json.contains("ending"), "{json}");
    assert_eq!(serde_json::from_str::<HistoryEntry>(&json).unwrap(), entry);
}

/// Removes every `"game"` field from the league's files, as an older
/// version wrote them.
fn strip_game_fields(dir: &std::path::Path) {
    let mut files = vec![dir.join("league.json")];
    for e in std::fs::read_dir(dir.join("history")).unwrap().flatten() {
        if e.file_name().to_string_lossy().ends_with(".meta.json") {
            files.push(e.path());
        }
    }
    for f in files {
        let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&f).unwrap()).unwrap();
        let entries: Vec<&mut serde_json::Value> = if v.get("history").is_some() {
            v["history"].as_array_mut().unwrap().iter_mut().collect()
        } else {
            vec![&mut v["entry"]]
        };
        assert!(!entries.is_empty());
        for e in entries {
            assert!(e.as_object_mut().unwrap().remove("game").is_some());
        }
        std::fs::write(&f, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    }
}

#[test]
fn a_league_written_before_games_were_named_opens_as_classic() {
    let dir = temp_dir("old");
    let (mut league, _) = League::open(&dir);
    let ann = league.profiles.create("Ann", [1, 2, 3], "d").unwrap();
    let game = finished_classic(3, Preset::Classic.rules());
    let record = Record::of(&game, vec!["Ann".into(), "Bo".into()]);
    let who = [Who::Profile(ann.clone()), Who::Guest];
    league
        .file_game(&record, &who, "2026-11-30 20.00", None)
        .unwrap();
    assert_eq!(league.history[0].game, GameKind::Classic);
    strip_game_fields(&dir);
    let (back, problems) = League::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(back.history, league.history);
    assert_eq!(back.read_record(&back.history[0]).unwrap(), record);
    // The same game read as a record of any game is the same record.
    assert_eq!(
        back.read_any_record(&back.history[0]).unwrap(),
        AnyRecord::Classic(record)
    );
    // A damaged league file is rebuilt from the old entry files too.
    std::fs::write(dir.join("league.json"), b"{").unwrap();
    let (rebuilt, problems) = League::open(&dir);
    assert!(matches!(
        problems.as_slice(),
        [StoreProblem::Rebuilt { games: 1, .. }]
    ));
    assert_eq!(rebuilt.history, league.history);
}

#[test]
fn party_games_are_filed_as_party_and_rated() {
    let dir = temp_dir("party");
    let (mut league, _) = League::open(&dir);
    let ann = league.profiles.create("Ann", [1, 2, 3], "d").unwrap();
    let bo = league.profiles.create("Bo", [3, 2, 1], "d").unwrap();
    let game = finished_classic(5, Preset::Party.rules());
    let record = AnyRecord::of(&game.into(), vec![]);
    assert_eq!(record.kind(), GameKind::Party);
    let who = [Who::Profile(ann.clone()), Who::Profile(bo.clone())];
    let filed = league.file_any(&record, &who, "d", None).unwrap();
    let AnyRecord::Classic(inner) = &record else {
        unreachable!()
    };
    // One game, however it is filed.
    assert_eq!(filed.id, game_id(inner));
    assert_eq!(filed.id, any_game_id(&record));
    assert!(!league.file_game(inner, &who, "d", None).unwrap().new);
    let entry = &league.history[0];
    assert_eq!(entry.game, GameKind::Party);
    assert_eq!(entry.ending, None);
    assert_eq!(league.profiles.get(&ann).unwrap().games, 1);
    // Rated as RULES §7 says: points moved for someone.
    assert!(entry.rating.iter().any(|&d| d != 0), "{:?}", entry.rating);
}

#[test]
fn other_games_are_filed_unrated_with_their_own_ending() {
    let dir = temp_dir("others");
    let (mut league, _) = League::open(&dir);
    let ann = league.profiles.create("Ann", [1, 2, 3], "d").unwrap();
    let bo = league.profiles.create("Bo", [3, 2, 1], "d").unwrap();
    let before = league.profiles.clone();
    let games = [
        (finished_draughts(1), GameKind::Draughts),
        (finished_food(2), GameKind::Food),
        (finished_crossing(), GameKind::Crossing),
    ];
    for (i, (game, kind)) in games.iter().enumerate() {
        let record = AnyRecord::of(game, vec!["Ann".into(), "Bo".into()]);
        let who: Vec<Who> = [Who::Profile(ann.clone()), Who::Profile(bo.clone())]
            .into_iter()
            .take(game.seats())
            .collect();
        // Rebuilding orders games by date.
        let date = format!("2026-12-01 10.0{i}");
        let filed = league.file_any(&record, &who, &date, None).unwrap();
        assert!(filed.new && filed.changes.iter().all(Option::is_none));
        assert_eq!(filed.id, any_game_id(&record));
        let entry = league.history[i].clone();
        let result = game.result().unwrap();
        assert_eq!(entry.game, *kind);
        assert_eq!(entry.places, result.places);
        assert_eq!(entry.scores, result.scores);
        assert_eq!(entry.ending.as_deref(), Some(result.reason));
        assert_eq!(entry.rating, vec![0; game.seats()]);
        assert_eq!(entry.moves, game.moves_played().len());
        assert_eq!(entry.who, who);
        // Its record comes back whole; the Chinese-checkers reader refuses
        // it without moving the file aside.
        assert_eq!(league.read_any_record(&entry).unwrap(), record);
        let refused = league.read_record(&entry).unwrap_err();
        assert!(matches!(refused, StoreProblem::Invalid(_)), "{refused}");
        assert!(refused.to_string().contains(kind.tag()), "{refused}");
        assert!(league.record_path(&entry).exists());
        // Filing it again changes nothing.
        assert!(!league.file_any(&record, &who, "later", None).unwrap().new);
    }
    assert_eq!(league.history.len(), 3);
    assert_eq!(league.history[0].reason, EndReason::Resigned);
    assert_eq!(league.history[0].ending.as_deref(), Some("resignation"));
    // Unrated: no profile changed at all.
    assert_eq!(league.profiles, before);
    assert_eq!(league.history_of(Some(&ann)).count(), 3);
    // After a restart, and after a damaged league file is rebuilt.
    let (back, problems) = League::open(&dir);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(back.history, league.history);
    std::fs::write(dir.join("league.json"), b"not json").unwrap();
    let (rebuilt, _) = League::open(&dir);
    assert_eq!(rebuilt.history, league.history);
    // Without its entry file, a tagged record still comes back, unrated,
    // its seats guests, its game named.
    let food = &league.history[1];
    std::fs::remove_file(dir.join(format!("history/{}.meta.json", food.id))).unwrap();
    std::fs::write(dir.join("league.json"), b"{").unwrap();
    let (rebuilt, _) = League::open(&dir);
    let back_food = rebuilt.history.iter().find(|e| e.id == food.id).unwrap();
    assert_eq!(back_food.game, GameKind::Food);
    assert_eq!(back_food.who, vec![Who::Guest, Who::Guest]);
    assert_eq!(back_food.places, food.places);
    assert_eq!(back_food.ending, food.ending);
}

#[test]
fn unfinished_or_miscounted_games_are_not_filed() {
    let dir = temp_dir("refused");
    let (mut league, _) = League::open(&dir);
    let going = AnyRecord::of(&DraughtsGame::new(Variant::International).into(), vec![]);
    let e = league
        .file_any(&going, &[Who::Guest, Who::Guest], "d", None)
        .unwrap_err();
    assert!(e.to_string().contains("not over"), "{e}");
    let done = AnyRecord::of(&finished_draughts(4), vec![]);
    let e = league
        .file_any(&done, &[Who::Guest], "d", None)
        .unwrap_err();
    assert!(e.to_string().contains("1 seats named for 2"), "{e}");
    assert!(league.history.is_empty());
}

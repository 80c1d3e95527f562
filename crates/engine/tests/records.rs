//! Game records: round trips, clear errors for bad or tampered files, old
//! versions, size limits, and a mutation test that edits every field of real
//! records and checks the exact error (run in debug, where overflow panics).

use proptest::prelude::*;
use serde_json::Value;
use starhop_engine::record::{RECORD_VERSION, StartPosition};
use starhop_engine::*;

fn sample_game(players: usize, plies: usize, seed: u64) -> Game {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(600_000),
        first_move: FirstMoveMethod::CoinToss,
        ..Rules::classic()
    };
    let mut g = Game::new(rules, players, seed).unwrap();
    let mut rng = starhop_engine::Rng::new(seed);
    for i in 0..plies {
        if g.is_over() {
            break;
        }
        g.tick(rng.below(3_000) as u32);
        if i % 7 == 6 {
            g.tick(10_000); // a time-out now and then
            continue;
        }
        let moves = g.legal_moves();
        g.play(moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    g
}

fn sample_json() -> String {
    Record::of(
        &sample_game(3, 30, 11),
        vec!["Ann".into(), "Bo".into(), "Cy".into()],
    )
    .to_json()
}

#[test]
fn a_record_with_clock_events_replays_exactly() {
    let g = sample_game(2, 50, 3);
    assert!(g.actions().any(|a| matches!(a, Action::Timeout { .. })));
    let rec = Record::of(&g, vec![]);
    assert_eq!(rec.version, RECORD_VERSION);
    let back = Record::from_json(&rec.to_json()).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.replay().unwrap().state(), g.state());
}

#[test]
fn a_set_up_start_position_is_saved_with_the_record() {
    let mut pos = custom_start();
    let b = pos.board();
    pos.walls.insert(b.centre.iter().nth(30).unwrap());
    let mut g = Game::from_position(Rules::classic(), pos, 1).unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    let rec = Record::of(&g, vec![]);
    assert!(rec.start.is_some());
    assert_eq!(
        Record::from_json(&rec.to_json())
            .unwrap()
            .replay()
            .unwrap()
            .state(),
        g.state()
    );
}

#[test]
fn a_tampered_move_is_reported_by_number() {
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    // Find the fifth action that is a move and send it somewhere impossible.
    let actions = v["actions"].as_array_mut().unwrap();
    let (index, action) = actions
        .iter_mut()
        .enumerate()
        .filter(|(_, a)| a["kind"] == "move")
        .nth(4)
        .unwrap();
    let from = action["from"].as_u64().unwrap();
    action["to"] = Value::from(from);
    let err = Record::from_json(&v.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    match &err {
        RecordError::Action { number, what, .. } => {
            assert_eq!(*number, index + 1);
            assert!(what.starts_with(&format!("move {from} → {from}")), "{what}");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with(&format!("action {} (move", index + 1)),
        "{err}"
    );
}

#[test]
fn foreign_broken_and_future_files_get_clear_errors() {
    assert!(matches!(
        Record::from_json("not json"),
        Err(RecordError::Json(_))
    ));
    assert!(matches!(
        Record::from_json("{}"),
        Err(RecordError::Format(_))
    ));
    assert!(matches!(
        Record::from_json(r#"{"format": "starhop-record", "version": 99}"#),
        Err(RecordError::Version(99))
    ));
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    v["players"] = Value::from(5);
    assert!(matches!(
        Record::from_json(&v.to_string()).unwrap().replay(),
        Err(RecordError::Setup(RuleError::PlayerCount(5)))
    ));
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    v["seed"] = Value::from(12345u64);
    assert_eq!(
        Record::from_json(&v.to_string())
            .unwrap()
            .replay()
            .unwrap_err(),
        RecordError::Draw,
        "a draw that does not follow from the seed was edited"
    );
}

#[test]
fn a_record_claiming_too_much_time_is_refused() {
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    let first_move = v["actions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["kind"] == "move")
        .unwrap();
    first_move["ms"] = Value::from(60_000);
    let err = Record::from_json(&v.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Action {
                error: RuleError::Clock(_),
                ..
            }
        ),
        "{err}"
    );
}

// ----- hardening: each of these failed before its fix -----

fn with_actions(rec: &Record, actions: &str) -> String {
    let json = rec.to_json();
    assert!(json.contains(r#""actions": []"#), "{json}");
    json.replace(r#""actions": []"#, &format!(r#""actions": {actions}"#))
}

#[test]
fn a_resignation_of_seat_255_is_an_error_not_an_overflow() {
    let rec = Record::of(&Game::new(Rules::classic(), 2, 1).unwrap(), vec![]);
    let json = with_actions(&rec, r#"[{"kind": "resign", "seat": 255}]"#);
    match Record::from_json(&json).unwrap().replay() {
        Err(RecordError::Action {
            number: 1, what, ..
        }) => {
            assert_eq!(what, "resignation of player 256")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_running_turn_survives_save_and_load() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(60_000),
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut g = Game::new(rules, 2, 1).unwrap();
    g.tick(9_000);
    assert_eq!(
        (g.move_time_left(), g.bank_left(0)),
        (Some(1_000), Some(51_000))
    );
    let back = Record::from_json(&Record::of(&g, vec![]).to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(
        (back.move_time_left(), back.bank_left(0)),
        (Some(1_000), Some(51_000))
    );
}

#[test]
fn a_game_that_ends_while_a_turn_runs_saves_and_loads() {
    // Seat 0's clock runs when the other two resign: the game is over, no
    // turn runs any more, and the saved game must load (found by a soak run).
    let rules = Rules {
        move_limit_ms: Some(10_000),
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut g = Game::new(rules, 3, 1).unwrap();
    g.tick(913);
    g.resign(1).unwrap();
    g.resign(2).unwrap();
    assert!(g.is_over());
    assert_eq!(
        g.move_time_left(),
        Some(10_000),
        "no turn runs after the end"
    );
    let back = Record::from_json(&Record::of(&g, vec![]).to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

#[test]
fn a_game_lost_on_time_saves_and_loads() {
    // The loser's bank is empty and no turn runs: the saved game must load.
    let rules = Rules {
        time_bank_ms: Some(1_000),
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut g = Game::new(rules, 3, 1).unwrap();
    g.resign(1).unwrap();
    g.tick(1_000);
    assert!(g.is_over());
    assert_eq!(g.bank_left(0), Some(0));
    let back = Record::from_json(&Record::of(&g, vec![]).to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

fn custom_start() -> Position {
    let b = Board::get(3).unwrap();
    let mut pos = Position::empty(b, 2).unwrap();
    for (s, camp) in [(0, 0), (1, 3)] {
        for h in b.camps[camp].iter().take(5) {
            pos.place(s, h).unwrap();
        }
        pos.place(s, b.centre.iter().nth(10 + 5 * s as usize).unwrap())
            .unwrap();
    }
    pos
}

#[test]
fn a_custom_start_keeps_its_seed_and_rules_through_save_and_load() {
    let rules = Rules {
        board_size: 3,
        first_move: FirstMoveMethod::Lots,
        ..Rules::classic()
    };
    let g = Game::from_position(rules, custom_start(), 1).unwrap();
    let mut rec = Record::of(&g, vec![]);
    rec.seed = 1234;
    let json = rec.to_json();
    let back = Record::from_json(&json).unwrap().replay().unwrap();
    let again = Record::of(&back, vec![]);
    assert_eq!(again.seed, 1234);
    assert_eq!(again.to_json(), json);
}

#[test]
fn version_zero_and_missing_versions_are_refused_and_big_ones_reported_exactly() {
    let mut v: Value = serde_json::from_str(&sample_json()).unwrap();
    v["version"] = Value::from(0);
    let err = Record::from_json(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("version 0"), "{err}");
    v.as_object_mut().unwrap().remove("version");
    let err = Record::from_json(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("no version"), "{err}");
    v["version"] = Value::from(1u64 << 40);
    let err = Record::from_json(&v.to_string()).unwrap_err();
    assert!(err.to_string().contains("1099511627776"), "{err}");
}

#[test]
fn a_byte_order_mark_before_a_record_is_accepted() {
    let json = format!("\u{feff}{}", sample_json());
    assert!(Record::from_json(&json).is_ok());
}

#[test]
fn a_start_that_uses_a_hole_twice_names_the_hole() {
    let g = Game::from_position(Rules::classic().with_size(3), custom_start(), 0).unwrap();
    let mut v: Value = serde_json::from_str(&Record::of(&g, vec![]).to_json()).unwrap();
    let first = v["start"]["marbles"][0][0].clone();
    v["start"]["marbles"][1][0] = first.clone();
    let err = Record::from_json(&v.to_string())
        .unwrap()
        .replay()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains(&format!("hole {first}")) && text.contains("twice"),
        "{text}"
    );
}

#[test]
fn a_running_turn_at_or_over_a_clock_is_refused_in_words() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(60_000),
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut rec = Record::of(&Game::new(rules, 2, 1).unwrap(), vec![]);
    rec.turn_ms = 9_999;
    assert_eq!(rec.replay().unwrap().move_time_left(), Some(1));
    rec.turn_ms = 10_000;
    let err = rec.replay().unwrap_err();
    assert!(
        matches!(err, RecordError::TurnTime(RuleError::Clock(_))),
        "{err}"
    );
    assert!(err.to_string().contains("10000 ms move limit"), "{err}");
    // An old record without the field starts the turn afresh.
    let mut v: Value = serde_json::from_str(&rec.to_json()).unwrap();
    v.as_object_mut().unwrap().remove("turn_ms");
    assert_eq!(Record::from_json(&v.to_string()).unwrap().turn_ms, 0);
}

// ----- version 1 records (made with the original SplitMix64 draw) -----

const V1_COIN_TOSS: &str = include_str!("fixtures/v1_coin_toss.json");
const V1_ROCK_PAPER_SCISSORS: &str = include_str!("fixtures/v1_rock_paper_scissors.json");

#[test]
fn version_1_records_load_with_their_draw_as_given_and_save_as_version_2() {
    for text in [V1_COIN_TOSS, V1_ROCK_PAPER_SCISSORS] {
        let (old, game) = record::load_game(text).unwrap();
        assert_eq!(old.version, 1);
        assert!(!old.actions.is_empty());
        assert_eq!(game.first_move_draw(), &old.draw, "the old draw is kept");
        assert_ne!(
            Game::new(old.rules.clone(), old.players, old.seed)
                .unwrap()
                .first_move_draw(),
            &old.draw,
            "today's generator draws differently: the draw must be taken as given"
        );
        let new = Record::of(&game, old.names.clone());
        assert_eq!((new.version, new.draw_given), (2, true));
        assert_eq!(new.actions, old.actions);
        let json = new.to_json();
        let again = record::replay(&json).unwrap();
        assert_eq!(again.state(), game.state());
        assert_eq!(Record::of(&again, old.names.clone()).to_json(), json);
    }
}

#[test]
fn a_version_1_draw_must_still_be_well_formed() {
    let mut v: Value = serde_json::from_str(V1_COIN_TOSS).unwrap();
    let first = v["draw"]["first"].as_u64().unwrap();
    v["draw"]["first"] = Value::from(1 - first);
    let err = record::replay(&v.to_string()).unwrap_err();
    assert!(matches!(err, RecordError::BadDraw(_)), "{err}");
    v["draw"]["first"] = Value::from(255);
    assert!(matches!(
        record::replay(&v.to_string()),
        Err(RecordError::BadDraw(_))
    ));
    // As version 2 the same record's draw must follow from the seed.
    let mut v: Value = serde_json::from_str(V1_COIN_TOSS).unwrap();
    v["version"] = Value::from(2);
    assert_eq!(
        record::replay(&v.to_string()).unwrap_err(),
        RecordError::Draw
    );
}

// ----- reading files -----

#[test]
fn read_record_refuses_big_input_without_reading_it_all() {
    // An endless input: only the limit stops it.
    let err = read_record(std::io::repeat(b' '), MAX_RECORD_BYTES).unwrap_err();
    assert_eq!(err, RecordError::TooLarge(MAX_RECORD_BYTES));
    assert_eq!(
        err.to_string(),
        "the file is larger than 8 MB, too large for a game record"
    );
    let json = sample_json();
    let n = json.len() as u64;
    assert!(
        read_record(json.as_bytes(), n).is_ok(),
        "exactly the limit is fine"
    );
    let err = read_record(json.as_bytes(), n - 1).unwrap_err();
    assert_eq!(err, RecordError::TooLarge(n - 1));
    assert!(
        err.to_string().contains(&format!("{} bytes", n - 1)),
        "{err}"
    );
    let bom = format!("\u{feff}{json}");
    assert_eq!(
        read_record(bom.as_bytes(), MAX_RECORD_BYTES).unwrap(),
        Record::from_json(&json).unwrap()
    );
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    assert!(
        matches!(read_record(Broken, 100), Err(RecordError::Io(m)) if m.contains("disk on fire"))
    );
}

// ----- mutations of real records -----

/// Real games with every kind of action: clocks with time-outs, passes,
/// resignations, long jumps, teams, every size and player count.
fn real_records() -> Vec<Record> {
    let configs: [(usize, u8, Rules, u64); 4] = [
        (
            2,
            4,
            Rules {
                move_limit_ms: Some(10_000),
                time_bank_ms: Some(600_000),
                first_move: FirstMoveMethod::CoinToss,
                ..Rules::classic()
            },
            1,
        ),
        (
            3,
            3,
            Rules {
                pass_allowed: true,
                long_jumps: true,
                first_move: FirstMoveMethod::Lots,
                ..Rules::classic()
            },
            2,
        ),
        (
            4,
            4,
            Rules {
                teams: Teams::TwoVsTwo,
                time_bank_ms: Some(120_000),
                first_move: FirstMoveMethod::RockPaperScissors,
                ..Rules::classic()
            },
            3,
        ),
        (
            6,
            5,
            Rules {
                teams: Teams::ThreeVsThree,
                move_limit_ms: Some(5_000),
                first_move: FirstMoveMethod::Lots,
                ..Rules::classic()
            },
            4,
        ),
    ];
    configs
        .into_iter()
        .map(|(players, size, rules, seed)| {
            let mut g = Game::new(rules.with_size(size), players, seed).unwrap();
            let mut rng = starhop_engine::Rng::new(seed);
            for i in 0..36 {
                if g.is_over() {
                    break;
                }
                g.tick(rng.below(2_000) as u32);
                match i % 9 {
                    4 if g.rules().move_limit_ms.is_some() => {
                        g.tick(10_000);
                    }
                    6 if g.can_pass() => {
                        g.pass().unwrap();
                    }
                    8 if players == 3 && i == 26 => {
                        // Someone else resigns during this turn.
                        g.resign((g.to_move() + 1) % 3).unwrap();
                    }
                    _ => {
                        let moves = g.legal_moves();
                        g.play(moves[rng.below(moves.len() as u64) as usize])
                            .unwrap();
                    }
                }
            }
            assert!(g.actions().count() > 20);
            Record::of(&g, (0..players).map(|i| format!("P{i}")).collect())
        })
        .collect()
}

/// Every edit of one action's fields, and whether it can never be legal.
fn mutations(action: &Action, rec: &Record) -> Vec<(Action, bool)> {
    let holes = Board::get(rec.rules.board_size).unwrap().len() as u8;
    let clocks = rec.rules.move_limit_ms.is_some() || rec.rules.time_bank_ms.is_some();
    let limit = rec.rules.move_limit_ms.unwrap_or(1_000);
    let mut out = vec![];
    let times = |out: &mut Vec<(Action, bool)>, make: &dyn Fn(u32) -> Action| {
        out.push((make(0), false));
        out.push((make(limit), rec.rules.move_limit_ms.is_some()));
        out.push((make(u32::MAX), clocks));
    };
    match action.clone() {
        Action::Move {
            from,
            to,
            route,
            ms,
        } => {
            for h in [0, holes, 255] {
                out.push((
                    Action::Move {
                        from: h,
                        to,
                        route: route.clone(),
                        ms,
                    },
                    h != from,
                ));
                out.push((
                    Action::Move {
                        from,
                        to: h,
                        route: route.clone(),
                        ms,
                    },
                    h != to,
                ));
            }
            let with_route = |r: Vec<Hole>| Action::Move {
                from,
                to,
                route: r,
                ms,
            };
            out.push((with_route(vec![]), true));
            out.push((with_route(route[..route.len() - 1].to_vec()), true));
            let mut longer = route.clone();
            longer.push(255);
            out.push((with_route(longer), true));
            out.push((with_route(route.iter().rev().copied().collect()), true));
            times(&mut out, &|ms| Action::Move {
                from,
                to,
                route: route.clone(),
                ms,
            });
            out.push((Action::Pass { ms }, false));
            out.push((Action::Timeout { ms }, false));
            out.push((Action::OutOfTime { ms }, false));
        }
        Action::Pass { ms } => {
            times(&mut out, &|ms| Action::Pass { ms });
            out.push((
                Action::Move {
                    from: 0,
                    to: 1,
                    route: vec![0, 1],
                    ms,
                },
                false,
            ));
            out.push((Action::Timeout { ms }, false));
        }
        Action::Timeout { .. } => {
            times(&mut out, &|ms| Action::Timeout { ms });
            out.push((Action::OutOfTime { ms: limit }, false));
        }
        Action::OutOfTime { .. } => times(&mut out, &|ms| Action::OutOfTime { ms }),
        Action::UseItem { item_use, .. } => {
            times(&mut out, &|ms| Action::UseItem { item_use, ms });
        }
        Action::Resign { seat, ms } => {
            for s in [0, rec.players as Seat, 255] {
                out.push((Action::Resign { seat: s, ms }, s as usize >= rec.players));
            }
            out.push((Action::Resign { seat, ms: u32::MAX }, true));
        }
    }
    out.retain(|(a, _)| a != action);
    out
}

#[test]
fn every_mutated_action_is_refused_at_its_own_number_or_replays() {
    let (mut refused, mut legal) = (0, 0);
    for rec in real_records() {
        let mut prefix = rec.replay().unwrap();
        // Walk the game back to each action and try every edit of it there.
        let mut games = vec![];
        while prefix.can_undo() {
            prefix.undo().unwrap();
            games.push(prefix.clone());
        }
        games.reverse();
        for (k, before) in games.iter().enumerate() {
            for (edit, never_legal) in mutations(&rec.actions[k], &rec) {
                let mut bad = rec.clone();
                bad.actions[k] = edit.clone();
                let alone = before.clone().apply(edit.clone());
                match bad.replay() {
                    Err(RecordError::Action { number, error, .. }) if number == k + 1 => {
                        assert_eq!(alone, Err(error), "action {number}: {edit:?}");
                        refused += 1;
                    }
                    // A legal edit may change the game so a later action fails...
                    Err(RecordError::Action { number, .. }) => {
                        assert!(
                            number > k + 1 && alone.is_ok() && !never_legal,
                            "{number}, {k}: {edit:?}"
                        );
                        legal += 1;
                    }
                    // ...or the whole record still plays.
                    Ok(game) => {
                        assert!(alone.is_ok() && !never_legal, "{k}: {edit:?}");
                        assert!(game.actions().eq(bad.actions.iter()));
                        legal += 1;
                    }
                    Err(other) => panic!("action {}: {edit:?}: {other}", k + 1),
                }
            }
        }
    }
    assert!(
        refused > 1_000 && legal > 50,
        "refused {refused}, legal {legal}"
    );
}

fn edited(rec: &Record, edit: impl Fn(&mut Value)) -> Result<Game, RecordError> {
    let mut v: Value = serde_json::from_str(&rec.to_json()).unwrap();
    edit(&mut v);
    record::replay(&v.to_string())
}

#[test]
fn every_mutated_header_field_gets_its_own_error() {
    for rec in real_records() {
        let e = |edit: &dyn Fn(&mut Value)| edited(&rec, edit).map(|_| ()).unwrap_err();
        assert_eq!(
            e(&|v| v["version"] = 0.into()),
            RecordError::BadVersion("0".into())
        );
        assert_eq!(
            e(&|v| v["version"] = (1u64 << 40).into()),
            RecordError::Version(1 << 40)
        );
        assert!(matches!(
            e(&|v| v["version"] = (-1).into()),
            RecordError::BadVersion(_)
        ));
        assert_eq!(
            e(&|v| v["format"] = "chess".into()),
            RecordError::Format("chess".into())
        );
        for n in [0usize, 1, 5, 255] {
            assert_eq!(
                e(&|v| v["players"] = n.into()),
                RecordError::Setup(RuleError::PlayerCount(n))
            );
        }
        for n in [0u8, 2, 6, 255] {
            assert_eq!(
                e(&|v| v["rules"]["board_size"] = n.into()),
                RecordError::Setup(RuleError::BoardSize(n))
            );
        }
        assert_eq!(
            e(&|v| v["seed"] = (rec.seed + 1).into()),
            RecordError::Draw,
            "{:?}",
            rec.draw
        );
        assert_eq!(e(&|v| v["draw"]["first"] = 255.into()), RecordError::Draw);
        assert!(
            matches!(e(&|v| v["names"][0] = "Ann\u{7}".into()), RecordError::Names(m) if m.contains("player 1"))
        );
        assert!(matches!(
            e(&|v| v["names"][1] = "x".repeat(41).into()),
            RecordError::Names(_)
        ));
        assert!(matches!(
            e(&|v| v["names"].as_array_mut().unwrap().push("extra".into())),
            RecordError::Names(_)
        ));
        if let Some(limit) = rec.rules.move_limit_ms {
            assert!(matches!(
                e(&|v| v["turn_ms"] = limit.into()),
                RecordError::TurnTime(_)
            ));
        }
        assert!(matches!(
            e(&|v| v["rules"]["move_limit_ms"] = 10.into()),
            RecordError::Setup(RuleError::Clock(_))
        ));
    }
}

#[test]
fn a_start_with_duplicate_or_foreign_holes_gets_its_own_error() {
    let g = Game::from_position(Rules::classic().with_size(3), custom_start(), 0).unwrap();
    let rec = Record::of(&g, vec![]);
    let start = rec.start.clone().unwrap();
    let with_start = |s: StartPosition| {
        let mut r = rec.clone();
        r.start = Some(s);
        r.replay().map(|_| ()).unwrap_err()
    };
    let dup = start.marbles[0][0];
    let mut s = start.clone();
    s.walls.push(dup);
    assert_eq!(
        with_start(s),
        RecordError::Setup(RuleError::HoleUsedTwice(dup))
    );
    let mut s = start.clone();
    s.virtuals.push(200);
    assert_eq!(
        with_start(s),
        RecordError::Setup(RuleError::NoSuchHole(200))
    );
    let mut s = start.clone();
    s.marbles.push(vec![]);
    assert_eq!(
        with_start(s),
        RecordError::Setup(RuleError::StartSeats {
            players: 2,
            found: 3
        })
    );
    let mut s = start;
    s.marbles[1].clear();
    assert_eq!(with_start(s), RecordError::Setup(RuleError::NoMarbles(1)));
}

#[test]
fn every_truncation_of_a_record_is_a_json_error() {
    let json = sample_json();
    for cut in (0..json.len()).step_by(97) {
        let cut = json.floor_char_boundary(cut);
        match Record::from_json(&json[..cut]) {
            Err(RecordError::Json(_)) => {}
            other => panic!("cut at {cut}: {other:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A changed byte anywhere in a real record: an error, or a record that
    /// plays and saves back to itself.
    #[test]
    fn a_changed_byte_is_an_error_or_a_record_that_round_trips(at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = sample_json().into_bytes();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        if let Ok(rec) = Record::from_slice(&bytes)
            && let Ok(game) = rec.replay()
        {
            let again = Record::of(&game, rec.names.clone());
            prop_assert_eq!(again.actions, rec.actions);
            let replayed = record::replay(&Record::of(&game, rec.names.clone()).to_json()).unwrap();
            prop_assert_eq!(replayed.state(), game.state());
        }
    }
}

//! Food checkers (RULES.md §9): one test per rule, played through the public
//! `FoodGame` API, then records and property tests over random games.

use proptest::prelude::*;
use starhop_engine::food::*;
use starhop_engine::{Hex, Rng};

fn h(q: i8, r: i8) -> Hex {
    Hex::new(q, r)
}

/// A game on 37 holes with marbles exactly on `marbles`.
fn set_up(players: usize, slides: bool, marbles: &[(i8, i8)]) -> FoodGame {
    FoodGame::new(FoodRules {
        holes: 37,
        players,
        slides,
        start: Some(marbles.iter().map(|&(q, r)| h(q, r)).collect()),
        finish: None,
    })
    .unwrap()
}

fn route(game: &FoodGame, hexes: &[(i8, i8)]) -> Vec<Cell> {
    hexes
        .iter()
        .map(|&(q, r)| game.board().cell(h(q, r)).unwrap())
        .collect()
}

fn play(game: &mut FoodGame, hexes: &[(i8, i8)]) -> Result<FoodReport, FoodError> {
    let r = route(game, hexes);
    game.play(&r)
}

#[test]
fn rule_9_the_board_is_the_central_hexagon_full_but_its_centre() {
    for (holes, marbles) in [(37, 36), (61, 60), (91, 90)] {
        let g = FoodGame::new(FoodRules::solo(holes)).unwrap();
        assert_eq!(g.marbles_left(), marbles);
        assert!(!g.position().has(g.board().centre));
    }
    assert_eq!(
        FoodGame::new(FoodRules::solo(60)).unwrap_err(),
        FoodError::Holes(60)
    );
    assert_eq!(
        FoodGame::new(FoodRules::table(61, 7)).unwrap_err(),
        FoodError::Players(7)
    );
}

#[test]
fn rule_9_a_capture_jumps_a_neighbour_into_the_empty_hole_beyond_and_removes_it() {
    let mut g = set_up(1, false, &[(0, 0), (1, 0), (-3, 3), (-2, 3)]);
    let report = play(&mut g, &[(0, 0), (2, 0)]).unwrap();
    assert_eq!(report.mv.captured, route(&g, &[(1, 0)]));
    let p = g.position();
    assert!(p.has(g.board().cell(h(2, 0)).unwrap()));
    assert!(!p.has(g.board().cell(h(1, 0)).unwrap()));
    assert!(!p.has(g.board().cell(h(0, 0)).unwrap()));
    assert_eq!(g.marbles_left(), 3);
    assert_eq!(g.captures(), &[1]);
}

#[test]
fn rule_9_any_marble_may_move_but_not_onto_a_marble_or_over_a_gap() {
    let mut g = set_up(1, false, &[(0, 0), (1, 0), (2, 0), (-2, 0)]);
    // (0,0) over (1,0) would land on the marble at (2,0).
    assert!(matches!(
        play(&mut g, &[(0, 0), (2, 0)]),
        Err(FoodError::NotACapture { .. })
    ));
    // (-2,0) to (0,0) jumps the empty (-1,0).
    assert!(matches!(
        play(&mut g, &[(-2, 0), (0, 0)]),
        Err(FoodError::NotACapture { .. })
    ));
    assert!(matches!(
        play(&mut g, &[(-1, 0), (1, 0)]),
        Err(FoodError::NoMarble(_))
    ));
    // (2,0) over (1,0) would land on the marble at (0,0).
    assert!(play(&mut g, &[(2, 0), (0, 0)]).is_err());
    assert!(play(&mut g, &[(2, 0), (2, 0)]).is_err());
    assert_eq!(g.marbles_left(), 4, "refused moves change nothing");
    // Any marble may move: (1,0) jumps (0,0) into the empty (-1,0).
    play(&mut g, &[(1, 0), (-1, 0)]).unwrap();
    assert_eq!(g.marbles_left(), 3);
}

#[test]
fn rule_9_a_chain_goes_on_with_the_same_marble_and_may_stop_after_any_capture() {
    let marbles = [(0, 0), (1, 0), (2, -1), (-3, 3)];
    let mut g = set_up(1, false, &marbles);
    let captures = g.position().captures_from(route(&g, &[(0, 0)])[0]);
    let routes: Vec<Vec<Cell>> = captures.iter().map(|m| m.route.clone()).collect();
    assert!(routes.contains(&route(&g, &[(0, 0), (2, 0)])));
    assert!(routes.contains(&route(&g, &[(0, 0), (2, 0), (2, -2)])));
    // Stop after the first capture: the same marble may go on next move.
    let mut stopped = g.clone();
    play(&mut stopped, &[(0, 0), (2, 0)]).unwrap();
    assert_eq!(stopped.marbles_left(), 3);
    // The whole chain takes both marbles in one move.
    let r = play(&mut g, &[(0, 0), (2, 0), (2, -2)]).unwrap();
    assert_eq!(r.mv.captured.len(), 2);
    assert_eq!(g.moves_played(), 1);
    assert_eq!(g.captures(), &[2]);
}

#[test]
fn rule_9_every_move_must_capture_while_a_capture_exists() {
    let mut g = set_up(2, true, &[(0, 0), (1, 0), (-3, 3)]);
    assert!(g.must_capture());
    assert_eq!(
        play(&mut g, &[(-3, 3), (-2, 3)]).unwrap_err(),
        FoodError::MustCapture
    );
    assert!(g.legal_moves().iter().all(|m| !m.is_slide()));
}

#[test]
fn rule_9_slides_only_when_no_capture_exists_anywhere_and_only_when_the_option_is_on() {
    let marbles = [(0, 0), (2, 0), (-3, 3)];
    let mut g = set_up(2, true, &marbles);
    assert!(!g.must_capture());
    let moves = g.legal_moves();
    assert!(!moves.is_empty() && moves.iter().all(|m| m.is_slide()));
    play(&mut g, &[(0, 0), (1, 0)]).unwrap();
    assert_eq!(g.slides(), &[1, 0]);
    // Now (1,0) and (2,0) are neighbours: the next move must capture.
    assert!(g.must_capture());
    // Slides off: the same position is stuck and the game is over at once.
    let off = set_up(1, false, &marbles);
    assert!(matches!(
        off.status(),
        FoodStatus::Over {
            end: FoodEnd::Stuck,
            ..
        }
    ));
    assert!(off.legal_moves().is_empty());
    let mut off2 = set_up(2, false, &[(0, 0), (1, 0), (-3, 3), (3, -3)]);
    play(&mut off2, &[(0, 0), (2, 0)]).unwrap();
    assert!(off2.is_over());
    let mut g2 = set_up(1, false, &[(0, 0), (2, 0), (-3, 3), (0, 1), (0, 2)]);
    assert_eq!(
        play(&mut g2, &[(0, 0), (1, 0)]).unwrap_err(),
        FoodError::MustCapture
    );
}

#[test]
fn rule_9_the_game_ends_when_one_marble_is_left() {
    let mut g = set_up(1, false, &[(0, 0), (1, 0)]);
    let r = play(&mut g, &[(0, 0), (2, 0)]).unwrap();
    assert_eq!(r.end, Some(FoodEnd::OneMarble));
    assert!(g.solved());
    assert_eq!(
        g.status(),
        &FoodStatus::Over {
            end: FoodEnd::OneMarble,
            winners: vec![0]
        }
    );
    assert_eq!(
        play(&mut g, &[(2, 0), (0, 0)]).unwrap_err(),
        FoodError::Over
    );
}

#[test]
fn rule_9_a_solo_puzzle_with_a_finishing_hole_is_won_only_there() {
    let rules = |finish| FoodRules {
        holes: 37,
        players: 1,
        slides: false,
        start: Some(vec![h(0, 0), h(1, 0)]),
        finish: Some(finish),
    };
    let mut there = FoodGame::new(rules(h(2, 0))).unwrap();
    there.play_hexes(&[h(0, 0), h(2, 0)]).unwrap();
    assert!(there.solved());
    let mut elsewhere = FoodGame::new(rules(h(-1, 0))).unwrap();
    elsewhere.play_hexes(&[h(0, 0), h(2, 0)]).unwrap();
    assert!(!elsewhere.solved());
    assert_eq!(
        elsewhere.status(),
        &FoodStatus::Over {
            end: FoodEnd::OneMarble,
            winners: vec![]
        }
    );
    assert!(FoodGame::new(rules(h(9, 9))).is_err());
}

#[test]
fn rule_9_a_full_round_of_slides_without_a_capture_ends_the_game() {
    // Three players, marbles far apart: every move is a slide.
    let mut g = set_up(3, true, &[(-3, 0), (3, 0), (0, -3), (0, 3)]);
    play(&mut g, &[(-3, 0), (-2, 0)]).unwrap();
    play(&mut g, &[(3, 0), (2, 0)]).unwrap();
    assert!(!g.is_over(), "two slides are not a round of three");
    let r = play(&mut g, &[(0, -3), (0, -2)]).unwrap();
    assert_eq!(r.end, Some(FoodEnd::NoCaptures));
    // Nobody captured: all three share the win.
    assert_eq!(
        g.status(),
        &FoodStatus::Over {
            end: FoodEnd::NoCaptures,
            winners: vec![0, 1, 2]
        }
    );
}

#[test]
fn rule_9_a_slide_that_makes_a_capture_possible_keeps_the_game_going() {
    let mut g = set_up(2, true, &[(0, 0), (2, 0), (-3, 3), (3, -3)]);
    play(&mut g, &[(-3, 3), (-2, 3)]).unwrap();
    play(&mut g, &[(0, 0), (1, 0)]).unwrap();
    assert!(!g.is_over());
    assert!(g.must_capture());
}

#[test]
fn rule_9_players_take_turns_keep_what_they_capture_and_most_captures_wins() {
    let mut g = set_up(
        2,
        true,
        &[(0, 0), (1, 0), (3, -1), (3, 0), (-3, 0), (-2, 0)],
    );
    assert_eq!(g.to_move(), 0);
    play(&mut g, &[(0, 0), (2, 0)]).unwrap();
    assert_eq!(g.to_move(), 1);
    play(&mut g, &[(-3, 0), (-1, 0)]).unwrap();
    assert_eq!(g.captures(), &[1, 1]);
    // Player 0 again: (3,0) jumps (3,-1).
    play(&mut g, &[(3, 0), (3, -2)]).unwrap();
    assert_eq!(g.captures(), &[2, 1]);
    // (2,0) and (-1,0) and (3,-2) are left; player 1 has no capture; slides go on.
    assert!(!g.is_over());
    while !g.is_over() {
        let m = g.legal_moves()[0].clone();
        g.play(&m.route).unwrap();
    }
    let FoodStatus::Over { winners, .. } = g.status() else {
        unreachable!()
    };
    let caps = g.captures();
    let best = *caps.iter().max().unwrap();
    assert_eq!(
        winners,
        &(0..2).filter(|&i| caps[i] == best).collect::<Vec<_>>()
    );
    assert_eq!(caps.iter().sum::<u32>() + g.marbles_left(), 6);
}

#[test]
fn undo_and_redo_restore_the_exact_game_and_change_the_revision() {
    let mut g = FoodGame::new(FoodRules::table(61, 3)).unwrap();
    let start = (g.position(), g.to_move(), g.captures().to_vec());
    let m = g.legal_moves()[0].clone();
    g.play(&m.route).unwrap();
    let after = (g.position(), g.to_move(), g.captures().to_vec());
    let r1 = g.revision();
    assert_eq!(g.undo().unwrap(), m);
    assert_eq!((g.position(), g.to_move(), g.captures().to_vec()), start);
    assert_ne!(g.revision(), r1);
    g.redo().unwrap();
    assert_eq!((g.position(), g.to_move(), g.captures().to_vec()), after);
    assert_eq!(g.redo().unwrap_err(), FoodError::NothingToRedo);
    g.undo().unwrap();
    g.undo().unwrap_err();
    // A new move forgets what was undone.
    let other = g.legal_moves().last().unwrap().clone();
    g.play(&other.route).unwrap();
    assert!(!g.can_redo());
}

// ----- records -----

fn random_game(rules: FoodRules, seed: u64, max_moves: usize) -> FoodGame {
    let mut g = FoodGame::new(rules).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..max_moves {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.below(moves.len() as u64) as usize];
        g.play(&m.route).unwrap();
    }
    g
}

#[test]
fn a_record_replays_to_the_same_game() {
    let g = random_game(FoodRules::table(61, 4), 5, 200);
    let record = FoodRecord::of(
        &g,
        vec!["Ann".into(), "Bo".into()],
        vec![None, Some("Easy".into()), None, None],
    );
    let (back, replayed) = read_food_record(record.to_json().as_bytes()).unwrap();
    assert_eq!(back, record);
    assert_eq!(replayed.position(), g.position());
    assert_eq!(replayed.captures(), g.captures());
    assert_eq!(replayed.status(), g.status());
}

#[test]
fn a_bad_record_is_refused_with_a_reason_never_a_panic() {
    let g = random_game(FoodRules::solo(37), 2, 6);
    let json = FoodRecord::of(&g, vec![], vec![]).to_json();
    let err = |s: &str| read_food_record(s.as_bytes()).unwrap_err();
    assert!(matches!(err("not json"), FoodRecordError::Json(_)));
    assert!(matches!(
        err(&json.replace("starhop-food-record", "chess")),
        FoodRecordError::Format(_)
    ));
    assert!(matches!(
        err(&json.replace("\"version\": 1", "\"version\": 9")),
        FoodRecordError::Version(9)
    ));
    assert!(matches!(
        err(&json.replace("\"holes\": 37", "\"holes\": 38")),
        FoodRecordError::Setup(FoodError::Holes(38))
    ));
    // A move changed: the first move now starts on the empty centre.
    let mut tampered = FoodRecord::of(&g, vec![], vec![]);
    tampered.moves[0][0] = h(0, 0);
    assert!(matches!(
        read_food_record(tampered.to_json().as_bytes()).unwrap_err(),
        FoodRecordError::Move { number: 1, .. }
    ));
    let mut names = FoodRecord::of(&g, vec!["x".repeat(41)], vec![]);
    assert!(matches!(
        read_food_record(names.to_json().as_bytes()).unwrap_err(),
        FoodRecordError::Names(_)
    ));
    names.names = vec!["a".into(), "b".into()];
    assert!(matches!(
        read_food_record(names.to_json().as_bytes()).unwrap_err(),
        FoodRecordError::Names(_)
    ));
}

// ----- properties over random games -----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_count_undo_and_replay_exactly(
        holes in prop::sample::select(vec![37usize, 61, 91]),
        players in 1usize..=6,
        slides in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let rules = FoodRules { holes, players, slides, start: None, finish: None };
        let mut g = FoodGame::new(rules.clone()).unwrap();
        let start = g.marbles_left();
        let mut rng = Rng::new(seed);
        let mut snapshots = vec![(g.position(), g.captures().to_vec(), g.to_move())];
        while !g.is_over() && g.moves_played() < 400 {
            let moves = g.legal_moves();
            prop_assert!(!moves.is_empty(), "a game still playing has a move");
            let m = moves[rng.below(moves.len() as u64) as usize].clone();
            let before = g.marbles_left();
            let mover = g.to_move();
            let caps_before = g.captures()[mover];
            let report = g.play(&m.route).unwrap();
            // Each capture removes exactly one marble; slides remove none.
            prop_assert_eq!(before - g.marbles_left(), m.captured.len() as u32);
            prop_assert_eq!(g.captures()[mover] - caps_before, m.captured.len() as u32);
            prop_assert_eq!(report.mv, m.clone());
            // Captures add up with what is left.
            prop_assert_eq!(g.captures().iter().sum::<u32>() + g.marbles_left(), start);
            // A slide happened only when nothing could capture.
            if m.is_slide() {
                prop_assert!(slides);
            }
            snapshots.push((g.position(), g.captures().to_vec(), g.to_move()));
        }
        // The record replays to the same game.
        let json = FoodRecord::of(&g, vec![], vec![]).to_json();
        let (_, replayed) = read_food_record(json.as_bytes()).unwrap();
        prop_assert_eq!(replayed.position(), g.position());
        prop_assert_eq!(replayed.status(), g.status());
        // Undo walks back through every snapshot exactly.
        snapshots.pop();
        while let Some(expected) = snapshots.pop() {
            g.undo().unwrap();
            prop_assert_eq!((g.position(), g.captures().to_vec(), g.to_move()), expected);
        }
        prop_assert!(!g.can_undo());
    }

    #[test]
    fn every_listed_move_passes_the_route_check_and_nothing_else_does(
        seed in any::<u64>(), plies in 0usize..25,
    ) {
        let g = random_game(FoodRules::table(61, 2), seed, plies);
        let p = g.position();
        let moves = g.legal_moves();
        for m in &moves {
            prop_assert_eq!(p.check(&m.route, true).unwrap(), m.clone());
        }
        // Every two-hole route that is not listed is refused.
        for from in 0..61u8 {
            for to in 0..61u8 {
                let listed = moves.iter().any(|m| m.route == vec![from, to]);
                prop_assert_eq!(p.check(&[from, to], true).is_ok(), listed);
            }
        }
    }
}

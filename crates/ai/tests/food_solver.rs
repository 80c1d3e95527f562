//! The food-checkers solver (peg solitaire on the hexagon): every answer is
//! checked by replaying it through the engine's game and through a small
//! independent checker written here, with its own coordinates and jump rule.

use starhop_ai::food::puzzles;
use starhop_ai::food::solver::{
    Hint, Solve, Verdict, hint, last_marble_class, pagodas, ponder, recall, solve,
};
use starhop_engine::food::{FoodBoard, FoodGame, FoodMove, FoodPosition, FoodRules, bit, cells};
use starhop_engine::{Hex, Rng};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};

/// The independent checker: a hexagon of radius `n` in axial coordinates,
/// a capture is two steps in one of six directions over a marble into an
/// empty hole. Returns the marbles left after the routes.
fn check_independently(
    n: i32,
    start: &[(i32, i32)],
    routes: &[Vec<(i32, i32)>],
) -> HashSet<(i32, i32)> {
    let on = |(q, r): (i32, i32)| q.abs() <= n && r.abs() <= n && (q + r).abs() <= n;
    let mut marbles: HashSet<(i32, i32)> = start.iter().copied().collect();
    assert_eq!(marbles.len(), start.len());
    assert!(marbles.iter().all(|&h| on(h)));
    for route in routes {
        assert!(route.len() >= 2, "a move captures at least once");
        let mut at = route[0];
        assert!(marbles.remove(&at), "the route starts on a marble");
        for &to in &route[1..] {
            let (dq, dr) = (to.0 - at.0, to.1 - at.1);
            assert!(
                [(2, 0), (-2, 0), (0, 2), (0, -2), (2, -2), (-2, 2)].contains(&(dq, dr)),
                "{at:?} -> {to:?} is not a jump"
            );
            let over = (at.0 + dq / 2, at.1 + dr / 2);
            assert!(on(to) && !marbles.contains(&to), "lands on a free hole");
            assert!(marbles.remove(&over), "jumps a marble");
            at = to;
        }
        marbles.insert(at);
    }
    marbles
}

fn hexes(board: &FoodBoard, s: u128) -> Vec<Hex> {
    cells(s).map(|c| board.hex(c)).collect()
}

/// Replays a solution through `FoodGame` (solo, slides off) and the
/// independent checker; both must end with one marble (on the finish).
fn assert_solves(pos: FoodPosition, finish: Option<u8>, moves: &[FoodMove]) {
    let board = pos.board;
    let rules = FoodRules {
        holes: board.len(),
        players: 1,
        slides: false,
        start: Some(hexes(board, pos.marbles)),
        finish: finish.map(|f| board.hex(f)),
    };
    let mut game = FoodGame::new(rules).unwrap();
    for m in moves {
        game.play(&m.route).unwrap();
    }
    assert_eq!(game.marbles_left(), 1);
    assert!(game.solved());
    let xy = |c: u8| {
        let h = board.hex(c);
        (h.q as i32, h.r as i32)
    };
    let start: Vec<_> = cells(pos.marbles).map(xy).collect();
    let routes: Vec<Vec<_>> = moves
        .iter()
        .map(|m| m.route.iter().map(|&c| xy(c)).collect())
        .collect();
    let left = check_independently(board.size as i32, &start, &routes);
    assert_eq!(left.len(), 1);
    if let Some(f) = finish {
        assert!(left.contains(&xy(f)));
    }
}

fn run(
    pos: FoodPosition,
    finish: Option<u8>,
    min_moves: bool,
) -> starhop_ai::food::solver::Solution {
    solve(
        pos,
        &Solve {
            finish,
            min_moves,
            stop: None,
            improve_nodes: None,
            beam: None,
            meet: false,
        },
    )
}

fn single_vacancy(holes: usize, v: Hex) -> FoodPosition {
    let board = FoodBoard::with_holes(holes).unwrap();
    FoodPosition {
        board,
        marbles: board.all & !bit(board.cell(v).unwrap()),
    }
}

#[test]
fn on_37_holes_exactly_the_24_starts_off_the_centres_class_are_solvable() {
    let board = FoodBoard::with_holes(37).unwrap();
    let mut solvable = 0;
    for v in 0..37u8 {
        let pos = FoodPosition {
            board,
            marbles: board.all & !bit(v),
        };
        let sol = run(pos, None, false);
        match sol.verdict {
            Verdict::Solved { moves, .. } => {
                assert_ne!(board.class(v), board.class(board.centre));
                assert_solves(pos, None, &moves);
                solvable += 1;
            }
            Verdict::Impossible(why) => {
                assert_eq!(board.class(v), board.class(board.centre));
                assert!(why.contains("class"), "{why}");
                assert_eq!(sol.nodes, 0, "answered by class, without search");
            }
            Verdict::Stopped => unreachable!(),
        }
    }
    assert_eq!(solvable, 24);
}

#[test]
fn centre_starts_and_finishes_on_37_and_91_holes_fail_by_class_at_once() {
    for holes in [37, 91] {
        let board = FoodBoard::with_holes(holes).unwrap();
        let centre = single_vacancy(holes, Hex::new(0, 0));
        let sol = run(centre, None, false);
        assert!(matches!(sol.verdict, Verdict::Impossible(_)));
        assert_eq!(sol.nodes, 0);
        assert_eq!(last_marble_class(board, centre.marbles), None);
        // Whatever the start, nothing of the centre's class finishes on the centre.
        let other = single_vacancy(holes, Hex::new(1, 0));
        let sol = run(other, Some(board.centre), false);
        assert!(matches!(sol.verdict, Verdict::Impossible(_)), "{holes}");
        assert_eq!(sol.nodes, 0);
    }
}

#[test]
fn on_61_holes_the_centre_start_finishes_on_the_centre() {
    let pos = single_vacancy(61, Hex::new(0, 0));
    let centre = pos.board.centre;
    let Verdict::Solved { moves, .. } = run(pos, Some(centre), false).verdict else {
        panic!("61 holes, centre to centre, is solvable");
    };
    assert_solves(pos, Some(centre), &moves);
}

#[test]
fn a_91_hole_start_is_solved() {
    let pos = single_vacancy(91, Hex::new(5, -2));
    let Verdict::Solved { moves, .. } = run(pos, None, false).verdict else {
        panic!("solvable");
    };
    assert_solves(pos, None, &moves);
}

#[test]
fn every_pagoda_no_capture_can_raise() {
    for holes in [37, 61, 91] {
        let board = FoodBoard::with_holes(holes).unwrap();
        for f in 0..board.len() as u8 {
            let ps = pagodas(board, f);
            assert!(!ps.is_empty());
            for p in ps {
                for j in &board.jumps {
                    let w = |c: u8| p.weights[c as usize];
                    assert!(w(j.from) + w(j.over) >= w(j.to), "{holes} {f} {j:?}");
                }
            }
        }
    }
}

/// A position of `k` marbles built backward from one marble on `f`.
fn backward(board: &'static FoodBoard, f: u8, k: u32, rng: &mut Rng) -> u128 {
    let mut m = bit(f);
    while m.count_ones() < k {
        let options: Vec<_> = FoodPosition { board, marbles: m }.unjumps().collect();
        if options.is_empty() {
            break;
        }
        m ^= options[rng.below(options.len() as u64) as usize].flips();
    }
    m
}

/// Fewest moves to one marble (on the finish) by breadth-first search over
/// the engine's own move list; `None` if unreachable.
fn bfs_min_moves(pos: FoodPosition, finish: Option<u8>) -> Option<u32> {
    let mut layer = vec![pos.marbles];
    let mut seen: HashMap<u128, ()> = HashMap::new();
    for depth in 0.. {
        if layer.is_empty() {
            return None;
        }
        let mut next = Vec::new();
        for &m in &layer {
            if m.count_ones() == 1 && finish.is_none_or(|f| m == bit(f)) {
                return Some(depth);
            }
            let p = FoodPosition {
                board: pos.board,
                marbles: m,
            };
            for mv in p.moves(false) {
                let a = p.after(&mv).marbles;
                if seen.insert(a, ()).is_none() {
                    next.push(a);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

/// Fewest moves as the solver finds them by default, by shortening from
/// above with no node limit alone (`--improve-nodes 0`, how the full-board
/// bounds were pushed down), with the beam first (`--beam`), and proven from
/// below by meeting in the middle (`--meet`): all prove the minima a
/// breadth-first search finds.
#[test]
fn fewest_moves_match_a_breadth_first_search() {
    let mut rng = Rng::new(11);
    for holes in [37, 61] {
        let board = FoodBoard::with_holes(holes).unwrap();
        for k in [4, 6, 7, 8, 9, 10] {
            let f = rng.below(board.len() as u64) as u8;
            let marbles = backward(board, f, k, &mut rng);
            let pos = FoodPosition { board, marbles };
            for finish in [None, Some(f)] {
                let want = bfs_min_moves(pos, finish).expect("built backward: solvable");
                let ways = [
                    (None, None, false),
                    (Some(u64::MAX), None, false),
                    (None, Some(4), false),
                    (Some(1), None, true),
                ];
                for (improve_nodes, beam, meet) in ways {
                    let sol = solve(
                        pos,
                        &Solve {
                            finish,
                            min_moves: true,
                            beam,
                            improve_nodes,
                            meet,
                            ..Default::default()
                        },
                    );
                    let Verdict::Solved { moves, minimal } = sol.verdict else {
                        panic!("solvable");
                    };
                    assert!(minimal);
                    assert_eq!(
                        moves.len() as u32,
                        want,
                        "{holes} {k} {finish:?} {improve_nodes:?} {beam:?} {meet}"
                    );
                    assert_eq!(sol.lower_bound, Some(want), "proven minimal: its length");
                    assert_solves(pos, finish, &moves);
                }
            }
        }
    }
}

/// The beam over whole chains finds the 37-hole board's 16-move solution at
/// once (the search from above took 186 s to reach 16), and a 15-move one
/// when it keeps more positions; each checked by the independent checker.
#[test]
fn the_beam_finds_short_solutions_of_the_37_hole_board() {
    let board = FoodBoard::with_holes(37).unwrap();
    let pos = FoodPosition {
        board,
        marbles: board.all & !bit(board.cell(Hex::new(1, 0)).unwrap()),
    };
    for (width, most) in [(16, 16), (128, 15)] {
        let beam = Solve {
            beam: Some(width),
            ..Default::default()
        };
        let Verdict::Solved { moves, minimal } = solve(pos, &beam).verdict else {
            panic!("the beam of {width} finds a solution");
        };
        assert!(!minimal, "the beam proves nothing");
        assert!(moves.len() <= most, "{width}: {} moves", moves.len());
        assert_solves(pos, None, &moves);
    }
}

#[test]
fn hints_followed_to_the_end_leave_one_marble() {
    let mut rng = Rng::new(5);
    let mut followed = 0;
    for (holes, k) in [(37, 36), (37, 20), (61, 16), (61, 30), (61, 60)] {
        let board = FoodBoard::with_holes(holes).unwrap();
        for _ in 0..3 {
            let f = rng.below(board.len() as u64) as u8;
            let mut pos = FoodPosition {
                board,
                marbles: backward(board, f, k, &mut rng),
            };
            // A few random moves first: the position may stay solvable or not.
            for _ in 0..rng.below(4) {
                let moves = pos.moves(false);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            }
            let solvable = matches!(run(pos, None, false).verdict, Verdict::Solved { .. });
            let mut p = pos;
            loop {
                match hint(p, None, None) {
                    Hint::Move(m) => {
                        assert!(solvable);
                        let checked = p.check(&m.route, false).unwrap();
                        p = p.after(&checked);
                    }
                    Hint::NoSolution => {
                        assert_eq!(p.count() == 1, solvable, "no hint once solved");
                        break;
                    }
                    Hint::Unknown => unreachable!("no stop flag"),
                }
            }
            if solvable {
                assert_eq!(p.count(), 1);
                followed += 1;
            }
        }
    }
    assert!(followed >= 5, "most positions stay solvable");
}

#[test]
fn hints_honour_the_finish() {
    let board = FoodBoard::with_holes(61).unwrap();
    let mut p = single_vacancy(61, Hex::new(0, 0));
    while p.count() > 1 {
        let Hint::Move(m) = hint(p, Some(board.centre), None) else {
            panic!("still solvable");
        };
        p = p.after(&p.check(&m.route, false).unwrap());
    }
    assert_eq!(p.marbles, bit(board.centre));
}

/// Stopped before its proof, the fewest-moves search still says how far it
/// got from below: a lower bound no greater than the proven minimum (15 for
/// the 37-hole board from vacant 1,0), and no greater than its solution.
#[test]
fn a_fewest_moves_search_stopped_early_reports_its_lower_bound() {
    let pos = single_vacancy(37, Hex::new(1, 0));
    for meet in [false, true] {
        let stop = AtomicBool::new(false);
        let sol = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(500));
                stop.store(true, Ordering::Relaxed);
            });
            solve(
                pos,
                &Solve {
                    min_moves: true,
                    stop: Some(&stop),
                    meet,
                    ..Default::default()
                },
            )
        });
        let Verdict::Solved { moves, minimal } = sol.verdict else {
            panic!(
                "a first solution comes within half a second: {:?}",
                sol.verdict
            );
        };
        assert_solves(pos, None, &moves);
        let lower = sol.lower_bound.expect("a lower bound with the solution");
        assert!((1..=15).contains(&lower), "{lower} {meet}");
        assert!(lower as usize <= moves.len(), "{lower} {meet}");
        assert_eq!(minimal, lower as usize == moves.len(), "{lower} {meet}");
    }
}

#[test]
fn a_raised_stop_flag_stops_the_search() {
    let stop = AtomicBool::new(true);
    let pos = single_vacancy(91, Hex::new(2, 0));
    let sol = solve(
        pos,
        &Solve {
            finish: None,
            min_moves: false,
            stop: Some(&stop),
            improve_nodes: None,
            beam: None,
            meet: false,
        },
    );
    assert_eq!(sol.verdict, Verdict::Stopped);
    assert_eq!(hint(pos, None, Some(&stop)), Hint::Unknown);
}

#[test]
fn every_puzzle_is_valid_and_solvable_with_its_minimum_checked() {
    let all = puzzles::all();
    assert!(all.len() >= 40);
    let mut ids = HashSet::new();
    for w in all.windows(2) {
        assert!(w[0].difficulty <= w[1].difficulty, "easiest first");
    }
    for p in all {
        assert!(ids.insert(p.id.clone()), "unique id {}", p.id);
        assert!((1..=5).contains(&p.difficulty));
        let game = FoodGame::new(p.rules()).expect("valid rules");
        let pos = game.position();
        let finish = game.finish();
        assert_eq!(pos.count() as usize, p.marbles.len());
        let Verdict::Solved { moves, .. } = run(pos, finish, false).verdict else {
            panic!("{} is solvable", p.id);
        };
        assert_solves(pos, finish, &moves);
        if let (Some(min), Some(solution)) = (p.min_moves, &p.solution) {
            // Proven minimal offline (more than seconds): replay the
            // stored solution.
            let mut g = FoodGame::new(p.rules()).unwrap();
            for route in solution {
                g.play_hexes(route)
                    .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            }
            assert!(
                g.solved(),
                "{}: the stored solution leaves one marble",
                p.id
            );
            assert_eq!(solution.len() as u32, min, "{}", p.id);
        } else if let Some(min) = p.min_moves {
            // Proven again by meeting in the middle, and by iterative
            // deepening too up to 16 marbles (beyond, it takes minutes).
            for meet in [true, false] {
                if !meet && pos.count() > 16 {
                    continue;
                }
                let how = Solve {
                    finish,
                    min_moves: true,
                    meet,
                    ..Default::default()
                };
                let Verdict::Solved { moves, minimal } = solve(pos, &how).verdict else {
                    panic!("{} is solvable", p.id);
                };
                assert!(minimal, "{} {meet}", p.id);
                assert_eq!(moves.len() as u32, min, "{} {meet}", p.id);
                assert_solves(pos, finish, &moves);
            }
        }
    }
}

#[test]
fn a_finish_off_the_board_is_impossible_not_a_panic() {
    let pos = single_vacancy(37, Hex::new(1, 0));
    let sol = run(pos, Some(200), false);
    assert!(matches!(sol.verdict, Verdict::Impossible(_)));
}

#[test]
fn solvable_or_not_agrees_with_a_breadth_first_search_on_random_positions() {
    // Small positions, half built backwards from one marble (solvable), half
    // scattered (mostly hopeless): the class, pagoda and search verdicts must
    // all agree with exhaustive search.
    let mut rng = Rng::new(29);
    let (mut solvable, mut not) = (0, 0);
    for holes in [37, 61] {
        let board = FoodBoard::with_holes(holes).unwrap();
        for i in 0..80 {
            let k = 3 + rng.below(7) as u32;
            let marbles = if i % 2 == 0 {
                let f = rng.below(board.len() as u64) as u8;
                backward(board, f, k, &mut rng)
            } else {
                let mut m = 0u128;
                while m.count_ones() < k {
                    m |= bit(rng.below(board.len() as u64) as u8);
                }
                m
            };
            let pos = FoodPosition { board, marbles };
            let want = bfs_min_moves(pos, None).is_some();
            match run(pos, None, false).verdict {
                Verdict::Solved { moves, .. } => {
                    assert!(
                        want,
                        "{:?}: solved, but exhaustive search finds no way",
                        hexes(board, marbles)
                    );
                    assert_solves(pos, None, &moves);
                    solvable += 1;
                }
                Verdict::Impossible(why) => {
                    assert!(
                        !want,
                        "{:?}: called impossible ({why}), but it can be solved",
                        hexes(board, marbles)
                    );
                    not += 1;
                }
                Verdict::Stopped => panic!("not stopped"),
            }
        }
    }
    assert!(
        solvable > 20 && not > 20,
        "both kinds were tried: {solvable} solvable, {not} not"
    );
}

/// Pondering decides every position one move on, and what it remembers is
/// right: a remembered move is followed by hints down to one marble (checked
/// independently), a remembered "none" agrees with a breadth-first search.
#[test]
fn pondering_remembers_the_right_answer_after_every_move() {
    let mut rng = Rng::new(41);
    let never = AtomicBool::new(false);
    let (mut yes, mut no) = (0, 0);
    for holes in [37, 61] {
        let board = FoodBoard::with_holes(holes).unwrap();
        for _ in 0..4 {
            let f = rng.below(board.len() as u64) as u8;
            let mut pos = FoodPosition {
                board,
                marbles: backward(board, f, 10, &mut rng),
            };
            // One random move: some positions after the next move stay
            // solvable, some do not.
            let moves = pos.moves(false);
            pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            let mut after: Vec<u128> = pos
                .moves(false)
                .iter()
                .map(|m| pos.after(m).marbles)
                .collect();
            after.sort();
            after.dedup();
            assert_eq!(ponder(pos, None, &never), after.len(), "all decided");
            for marbles in after {
                let child = FoodPosition { board, marbles };
                match recall(child, None).expect("remembered") {
                    Hint::Move(first) => {
                        let mut moves = vec![first];
                        let mut p = child.after(&moves[0]);
                        while p.count() > 1 {
                            let Hint::Move(m) = hint(p, None, None) else {
                                panic!("a remembered move leads on to one marble");
                            };
                            p = p.after(&m);
                            moves.push(m);
                        }
                        assert_solves(child, None, &moves);
                        yes += 1;
                    }
                    Hint::NoSolution => {
                        assert_eq!(
                            bfs_min_moves(child, None),
                            None,
                            "{:?}",
                            hexes(board, marbles)
                        );
                        no += 1;
                    }
                    Hint::Unknown => unreachable!("recall knows or says nothing"),
                }
            }
        }
    }
    assert!(
        yes > 5 && no > 5,
        "both kinds met: {yes} with a way, {no} without"
    );
}

/// The best known full-board solutions (`data/food_best_known.json`, as
/// `solve --json` printed them): each start, finish, moves and the upper
/// bound the rule book gives.
fn best_known_lines() -> Vec<(FoodPosition, Option<u8>, Vec<FoodMove>, u64)> {
    let known: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("data/food_best_known.json")).unwrap();
    known
        .iter()
        .map(|v| {
            let holes = v["holes"].as_u64().unwrap() as usize;
            let hex = |p: &serde_json::Value| {
                Hex::new(p[0].as_i64().unwrap() as i8, p[1].as_i64().unwrap() as i8)
            };
            let vacant: Vec<Hex> = v["vacant"].as_array().unwrap().iter().map(hex).collect();
            let board = FoodBoard::with_holes(holes).unwrap();
            let mut marbles = board.all;
            for &h in &vacant {
                marbles &= !bit(board.cell(h).unwrap());
            }
            let pos = FoodPosition { board, marbles };
            let mut moves = Vec::new();
            let mut p = pos;
            for route in v["moves"].as_array().unwrap() {
                let cells: Vec<u8> = route
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| board.cell(hex(h)).unwrap())
                    .collect();
                let m = p.check(&cells, false).unwrap();
                p = p.after(&m);
                moves.push(m);
            }
            let finish = v["finish"]
                .as_array()
                .map(|_| board.cell(hex(&v["finish"])).unwrap());
            (pos, finish, moves, v["upper_bound"].as_u64().unwrap())
        })
        .collect()
}

/// The shortest solutions known on the full boards where the minimum is not
/// proven (docs/rules.md §10, "What is known"): each replays through the
/// engine and the independent checker to one marble in the number of moves
/// the rule book gives as the upper bound.
#[test]
fn the_best_known_full_board_solutions_replay_to_one_marble() {
    let known = best_known_lines();
    assert!(!known.is_empty());
    for (pos, finish, moves, upper_bound) in known {
        assert_solves(pos, finish, &moves);
        assert_eq!(moves.len() as u64, upper_bound, "{} holes", pos.board.len());
    }
}

/// Meeting in the middle and iterative deepening prove the same fewest
/// moves from positions along the 37-hole line (the smaller case of the
/// full-board proof), to anywhere and to the line's own last hole.
#[test]
fn meeting_in_the_middle_and_iterative_deepening_agree_along_the_37_hole_line() {
    let (start, _, line, _) = best_known_lines()
        .into_iter()
        .find(|(p, _, _, _)| p.board.len() == 37)
        .expect("a 37-hole line");
    let end = line.iter().fold(start, |p, m| p.after(m)).marbles;
    let mut pos = start;
    for (k, m) in line.iter().enumerate() {
        pos = pos.after(m);
        if k < 7 || k + 1 == line.len() {
            continue;
        }
        for finish in [None, Some(end.trailing_zeros() as u8)] {
            let proof = |meet| {
                let sol = solve(
                    pos,
                    &Solve {
                        finish,
                        min_moves: true,
                        improve_nodes: Some(1),
                        meet,
                        ..Default::default()
                    },
                );
                let Verdict::Solved { moves, minimal } = sol.verdict else {
                    panic!("the line goes on from here");
                };
                assert!(minimal);
                assert_solves(pos, finish, &moves);
                moves.len()
            };
            let met = proof(true);
            assert_eq!(met, proof(false), "after {} moves, {finish:?}", k + 1);
            assert!(met < line.len() - k);
        }
    }
}

/// A proof that no solution exists covers every position one move on: a
/// player who plays on is answered from memory, and rightly (a
/// breadth-first search agrees). The positions here are dead by a pagoda
/// function alone, so no search met the positions after them.
#[test]
fn after_a_dead_position_every_next_one_is_known_dead() {
    let mut rng = Rng::new(47);
    let mut checked = 0;
    for holes in [37, 61] {
        let board = FoodBoard::with_holes(holes).unwrap();
        let mut found = 0;
        while found < 3 {
            let f = rng.below(board.len() as u64) as u8;
            let mut marbles = 0u128;
            while marbles.count_ones() < 6 {
                marbles |= bit(rng.below(board.len() as u64) as u8);
            }
            let pos = FoodPosition { board, marbles };
            let by_pagoda = matches!(
                solve(pos, &Solve { finish: Some(f), ..Solve::default() }).verdict,
                Verdict::Impossible(why) if why.starts_with("pagoda")
            );
            if !by_pagoda || pos.moves(false).is_empty() {
                continue;
            }
            found += 1;
            assert_eq!(hint(pos, Some(f), None), Hint::NoSolution);
            for mv in pos.moves(false) {
                let child = pos.after(&mv);
                assert_eq!(recall(child, Some(f)), Some(Hint::NoSolution));
                assert_eq!(bfs_min_moves(child, Some(f)), None, "{:?}", mv.route);
                checked += 1;
            }
        }
    }
    assert!(checked >= 6, "{checked} positions after a dead one");
}

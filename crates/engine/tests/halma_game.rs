//! Halma's game rules (RULES §12, carrying §3–§4 over with yards for camps).

use proptest::prelude::*;
use starhop_engine::game::{EndReason, OutReason, Status};
use starhop_engine::halma::board::{Squares, column, row, square};
use starhop_engine::halma::game::{REPETITIONS, has_finished, remaining_distance};
use starhop_engine::halma::{HalmaAction, HalmaError, HalmaGame, HalmaPosition, HalmaRules};

fn rules(players: usize) -> HalmaRules {
    HalmaRules::for_players(players)
}

/// Seat 0's pieces all in its target but one, a step from (11, 15); seat
/// 1's the same, a step from (4, 0) (two steps when `second_can` is false).
fn near_the_end(second_can: bool) -> HalmaPosition {
    let mut pos = HalmaPosition::start(2).unwrap();
    let y = pos.yards();
    let (t0, t1) = (y.target(0), y.target(1));
    assert!(t0.contains(square(11, 15)) && t1.contains(square(4, 0)));
    pos.pieces[0] = t0;
    pos.pieces[0].remove(square(11, 15));
    pos.pieces[0].insert(square(10, 15));
    pos.pieces[1] = t1;
    pos.pieces[1].remove(square(4, 0));
    pos.pieces[1].insert(square(if second_can { 5 } else { 6 }, 0));
    pos
}

#[test]
fn section_4_the_second_mover_gets_the_equal_move_and_draws_by_finishing_with_it() {
    let mut game = HalmaGame::from_position(rules(2), near_the_end(true)).unwrap();
    game.play(square(10, 15), square(11, 15)).unwrap();
    assert!(has_finished(game.position(), 0));
    assert!(!game.is_over(), "the second mover still has its equal move");
    game.play(square(5, 0), square(4, 0)).unwrap();
    let o = game.outcome().expect("over");
    assert_eq!(o.reason, EndReason::Finished);
    assert_eq!(o.places, vec![1, 1]);
    assert_eq!(o.scores, Some(vec![0.5, 0.5]));
}

#[test]
fn section_4_the_first_mover_wins_when_the_second_cannot_finish_in_its_move() {
    let mut game = HalmaGame::from_position(rules(2), near_the_end(false)).unwrap();
    game.play(square(10, 15), square(11, 15)).unwrap();
    game.play(square(6, 0), square(5, 0)).unwrap();
    let o = game.outcome().expect("over");
    assert_eq!(o.places, vec![1, 2]);
    assert_eq!(o.scores, Some(vec![1.0, 0.0]));
    assert_eq!(game.player(0).status, Status::Finished { turns: 1 });
}

#[test]
fn section_4_a_full_target_yard_counts_only_with_a_piece_of_ones_own() {
    let mut pos = HalmaPosition::start(2).unwrap();
    // Seat 1's pieces fill seat 0's target (their own home): seat 0 has
    // nothing there and has not finished.
    assert_eq!(pos.pieces[1], pos.yards().target(0));
    assert!(!has_finished(&pos, 0));
    // One of seat 0's pieces swapped in: now it has.
    pos.pieces[1].remove(square(15, 15));
    pos.pieces[0].remove(square(0, 0));
    pos.pieces[0].insert(square(15, 15));
    assert!(has_finished(&pos, 0));
}

#[test]
fn section_3_a_player_may_pass_only_without_a_move() {
    let mut game = HalmaGame::new(rules(2)).unwrap();
    assert_eq!(game.pass(), Err(HalmaError::MayNotPass));
    assert_eq!(
        game.play(square(0, 0), square(8, 8)),
        Err(HalmaError::Illegal)
    );
    // A lone piece of seat 0 walled in by seat 1's pieces has no move.
    let mut pos = HalmaPosition::start(2).unwrap();
    pos.pieces = [Squares::EMPTY; 4];
    pos.pieces[0].insert(square(0, 0));
    for (r, c) in [(0, 1), (1, 0), (1, 1), (0, 2), (2, 0), (2, 2)] {
        pos.pieces[1].insert(square(r, c));
    }
    let mut game = HalmaGame::from_position(
        HalmaRules {
            anti_passive: false,
            ..rules(2)
        },
        pos,
    )
    .unwrap();
    assert!(game.legal_moves().is_empty());
    game.pass().unwrap();
    assert_eq!(game.to_move(), 1);
}

#[test]
fn section_3_the_repetition_limit_bars_a_fourth_return() {
    let r = HalmaRules {
        anti_passive: false,
        deadlock_adjudication: false,
        ..rules(2)
    };
    let mut game = HalmaGame::new(r).unwrap();
    let (a, b) = (square(4, 1), square(5, 1));
    let (c, d) = (square(11, 14), square(10, 14));
    // Out, then back and forth: every move after the first returns the
    // piece to where it stood before the owner's last move.
    for i in 0..=REPETITIONS as usize {
        let (from, to) = if i % 2 == 0 { (a, b) } else { (b, a) };
        game.play(from, to).unwrap();
        let (from, to) = if i % 2 == 0 { (c, d) } else { (d, c) };
        game.play(from, to).unwrap();
    }
    assert_eq!(game.player(0).repetitions, REPETITIONS);
    assert_eq!(game.player(0).last_move, Some((b, a)));
    assert!(game.legal_move(a, b).is_none(), "a fourth return is barred");
    assert_eq!(game.play(a, b), Err(HalmaError::Illegal));
    assert!(
        game.legal_move(a, square(5, 2)).is_some(),
        "other moves stay"
    );
}

#[test]
fn section_12_the_anti_passive_rule_checks_at_round_25() {
    let r = HalmaRules {
        repetition_limit: false,
        deadlock_adjudication: false,
        ..rules(2)
    };
    let mut game = HalmaGame::new(r).unwrap();
    // Seat 0 shuttles one piece; seat 1 walks its pieces out.
    let (a, b) = (square(4, 1), square(5, 1));
    let mut t = 0;
    while !game.is_over() {
        t += 1;
        let (from, to) = if t % 2 == 1 { (a, b) } else { (b, a) };
        game.play(from, to).unwrap();
        if game.is_over() {
            break;
        }
        // Seat 1: any move that takes a piece out of its home (greedy).
        let home = game.position().yards().home(1);
        let mv = game
            .legal_moves()
            .into_iter()
            .max_by_key(|m| (home.contains(m.from) && !home.contains(m.to), m.route.len()))
            .unwrap();
        game.play(mv.from, mv.to).unwrap();
    }
    assert_eq!(game.player(0).turns, 25);
    assert_eq!(
        game.player(0).status,
        Status::Out {
            reason: OutReason::AntiPassive,
            order: 0
        }
    );
    let o = game.outcome().unwrap();
    assert_eq!(o.scores, Some(vec![0.0, 1.0]));
}

#[test]
fn section_4_ten_rounds_without_progress_end_a_two_player_game() {
    let r = HalmaRules {
        repetition_limit: false,
        anti_passive: false,
        ..rules(2)
    };
    let mut game = HalmaGame::new(r).unwrap();
    let shuttles = [
        (square(4, 1), square(5, 1)),
        (square(11, 14), square(10, 14)),
    ];
    let mut t = 0;
    while !game.is_over() {
        let (x, y) = shuttles[game.to_move() as usize];
        let (from, to) = if (t / 2) % 2 == 0 { (x, y) } else { (y, x) };
        game.play(from, to).unwrap();
        t += 1;
        assert!(t < 100, "the deadlock rule ends it");
    }
    let o = game.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Deadlock);
    assert_eq!(o.scores, Some(vec![0.5, 0.5]), "equal distances");
}

#[test]
fn section_4_a_resignation_ends_a_two_player_game_at_once() {
    let mut game = HalmaGame::new(rules(2)).unwrap();
    game.resign(1).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Resigned);
    assert_eq!(o.scores, Some(vec![1.0, 0.0]));
    assert_eq!(game.resign(0), Err(HalmaError::Over));
}

#[test]
fn four_players_play_on_after_a_resignation() {
    let mut game = HalmaGame::new(rules(4)).unwrap();
    game.resign(2).unwrap();
    assert!(!game.is_over());
    let mv = game.legal_moves()[0].clone();
    game.play(mv.from, mv.to).unwrap();
    assert_eq!(game.to_move(), 1);
    let mv = game.legal_moves()[0].clone();
    game.play(mv.from, mv.to).unwrap();
    assert_eq!(game.to_move(), 3, "the seat that left is skipped");
}

/// A greedy player: the move that lowers its remaining distance most.
fn greedy(game: &HalmaGame) -> (u8, u8) {
    let seat = game.to_move() as usize;
    game.legal_moves()
        .into_iter()
        .map(|m| {
            let mut pos = *game.position();
            pos.pieces[seat].remove(m.from);
            pos.pieces[seat].insert(m.to);
            (remaining_distance(&pos, seat), m.from, m.to)
        })
        .min()
        .map(|(_, f, t)| (f, t))
        .unwrap()
}

#[test]
fn greedy_games_end_with_every_seat_placed() {
    for players in [2, 4] {
        let mut game = HalmaGame::new(rules(players)).unwrap();
        let mut n = 0;
        while !game.is_over() {
            if game.legal_moves().is_empty() {
                game.pass().unwrap();
            } else {
                let (f, t) = greedy(&game);
                game.play(f, t).unwrap();
            }
            n += 1;
            assert!(n < 4000, "{players} players: the game ends");
        }
        let o = game.outcome().unwrap();
        assert_eq!(o.places.len(), players);
        assert!(o.places.contains(&1));
    }
}

/// Whether `a` and `b` are neighbours (any of the eight directions), and
/// the square between two squares two apart on a line.
fn next_to(a: u8, b: u8) -> bool {
    let (dr, dc) = (row(a).abs_diff(row(b)), column(a).abs_diff(column(b)));
    dr.max(dc) == 1
}

fn between(a: u8, b: u8) -> Option<u8> {
    let (dr, dc) = (
        row(b) as i8 - row(a) as i8,
        column(b) as i8 - column(a) as i8,
    );
    let line = (dr.abs() == 2 || dr == 0) && (dc.abs() == 2 || dc == 0) && (dr, dc) != (0, 0);
    line.then(|| {
        square(
            (row(a) as i8 + dr / 2) as u8,
            (column(a) as i8 + dc / 2) as u8,
        )
    })
}

/// Routes by the rule book alone (§12, §3): one step onto an empty square,
/// or hops over a filled square onto an empty one, never landing twice.
fn travels(pos: &HalmaPosition, route: &[u8]) -> bool {
    let mut filled = pos.occupied();
    if route.len() < 2 {
        return false;
    }
    filled.remove(route[0]);
    if route.len() == 2 && next_to(route[0], route[1]) && !filled.contains(route[1]) {
        return true;
    }
    let mut landed = vec![route[0]];
    route.windows(2).all(|leg| {
        let ok = between(leg[0], leg[1]).is_some_and(|o| filled.contains(o))
            && !filled.contains(leg[1])
            && !landed.contains(&leg[1]);
        landed.push(leg[1]);
        ok
    })
}

#[test]
fn a_route_through_a_square_no_hop_lands_on_is_refused() {
    use starhop_engine::shape::BoxGame;
    let game = HalmaGame::new(rules(2)).unwrap();
    let hop = game
        .legal_moves()
        .into_iter()
        .find(|m| !next_to(m.from, m.to))
        .expect("a hop from the start");
    let route: Vec<u16> = hop.route.iter().map(|&s| u16::from(s)).collect();
    assert_eq!(
        BoxGame::route(&game, &game.move_for_route(&route).unwrap()),
        route
    );
    // The same start and end by way of the far corner, where no hop lands.
    let bogus = [u16::from(hop.from), 0, u16::from(hop.to)];
    assert!(game.move_for_route(&bogus).is_none(), "{bogus:?}");
    assert!(!game.position().is_valid_route(&[hop.from, 0, hop.to]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every legal move's route is one a piece can travel, and a route with
    /// one landing changed is accepted exactly when the rule book's own
    /// reading says a piece can travel it.
    #[test]
    fn routes_are_valid_exactly_when_a_piece_can_travel_them(
        four in any::<bool>(),
        picks in proptest::collection::vec(any::<u32>(), 0..30),
        change in any::<u32>(),
        to in any::<u8>(),
    ) {
        let mut game = HalmaGame::new(rules(if four { 4 } else { 2 })).unwrap();
        for pick in picks {
            let moves = game.legal_moves();
            if game.is_over() || moves.is_empty() {
                break;
            }
            let m = &moves[pick as usize % moves.len()];
            game.play(m.from, m.to).unwrap();
        }
        let pos = *game.position();
        for m in game.legal_moves() {
            prop_assert!(pos.is_valid_route(&m.route), "{:?}", m.route);
            prop_assert!(travels(&pos, &m.route), "{:?}", m.route);
            let mut route = m.route.clone();
            let i = change as usize % route.len();
            route[i] = to;
            prop_assert_eq!(pos.is_valid_route(&route), travels(&pos, &route), "{:?}", route);
        }
    }

    /// Undo takes a game back exactly, redo forward exactly, and the
    /// actions replay to the same game.
    #[test]
    fn undo_redo_and_replay_are_exact(four in any::<bool>(), picks in proptest::collection::vec(any::<u32>(), 1..80)) {
        let players = if four { 4 } else { 2 };
        let mut game = HalmaGame::new(rules(players)).unwrap();
        let start = game.position().to_owned();
        let mut positions = vec![start];
        for pick in picks {
            if game.is_over() {
                break;
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                game.pass().unwrap();
            } else if pick % 97 == 0 {
                game.resign(game.to_move()).unwrap();
            } else {
                let m = &moves[pick as usize % moves.len()];
                game.play(m.from, m.to).unwrap();
            }
            positions.push(*game.position());
        }
        let actions: Vec<HalmaAction> = game.actions().cloned().collect();
        let replayed = HalmaGame::replay(rules(players), &actions).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        let end = *game.position();
        let outcome = game.outcome().cloned();
        for p in positions.iter().rev().skip(1) {
            game.undo().unwrap();
            prop_assert_eq!(game.position(), p);
        }
        prop_assert!(!game.can_undo());
        while game.can_redo() {
            game.redo().unwrap();
        }
        prop_assert_eq!(*game.position(), end);
        prop_assert_eq!(game.outcome().cloned(), outcome);
    }
}

fn teams() -> HalmaRules {
    HalmaRules {
        teams: true,
        ..rules(4)
    }
}

#[test]
fn section_12_teams_are_for_four_players() {
    let two = HalmaRules {
        teams: true,
        ..rules(2)
    };
    assert_eq!(HalmaGame::new(two).unwrap_err(), HalmaError::TeamsOfFour);
    assert!(HalmaGame::new(teams()).is_ok());
}

/// §6 through §12: the diagonal partners (seats 0 and 2) win together when
/// one of them finishes, once the round is complete; the other team loses.
#[test]
fn section_12_a_team_wins_when_one_partner_finishes_with_the_round_completed() {
    let mut pos = HalmaPosition::start(4).unwrap();
    let y = pos.yards();
    // Seat 0's pieces fill its target but one square, a step away.
    let target = y.target(0);
    let gap = square(13, 13);
    assert!(target.contains(gap), "the target's inner corner");
    let mut near = target;
    near.remove(gap);
    near.insert(square(12, 12));
    // Seat 2 starts in that target: its pieces wait in the middle instead.
    let mut middle = Squares::EMPTY;
    for s in y.home(0).iter() {
        middle.insert(square(row(s) + 5, column(s) + 5));
    }
    pos.pieces[2] = middle;
    pos.pieces[0] = near;
    let mut game = HalmaGame::from_position(teams(), pos).unwrap();
    game.play(square(12, 12), gap).unwrap();
    assert!(has_finished(game.position(), 0));
    assert!(!game.is_over(), "the round is completed first");
    for _ in 0..3 {
        let mv = game.legal_moves()[0].clone();
        game.play(mv.from, mv.to).unwrap();
    }
    let o = game.outcome().expect("the round is complete");
    assert_eq!(o.reason, EndReason::Team);
    assert_eq!(o.places, vec![1, 2, 1, 2]);
    assert_eq!(o.scores, Some(vec![1.0, 0.0, 1.0, 0.0]));
}

/// §6 through §12: a partner who leaves loses the game for the team.
#[test]
fn section_12_a_partner_who_resigns_loses_for_the_team() {
    let mut game = HalmaGame::new(teams()).unwrap();
    game.resign(3).unwrap();
    let o = game.outcome().expect("a team lost a member");
    assert_eq!(o.reason, EndReason::Team);
    assert_eq!(o.places, vec![1, 2, 1, 2]);
    // Without teams the others play on.
    let mut free = HalmaGame::new(rules(4)).unwrap();
    free.resign(3).unwrap();
    assert!(!free.is_over());
}

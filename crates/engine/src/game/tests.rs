//! Unit tests of the turn machinery that the public API cannot reach yet
//! (multi-move turns), and of history, revisions and marble reports.

use super::*;
use std::collections::BTreeMap;

fn quiet_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        anti_passive: false,
        deadlock_adjudication: false,
        ..Rules::classic()
    }
}

/// A move of the player to move that keeps clear of every target camp.
fn some_move(g: &Game) -> Move {
    let targets = (0..g.players() as Seat).fold(Bitboard::EMPTY, |a, s| a | g.position().target(s));
    g.legal_moves()
        .into_iter()
        .find(|m| !targets.contains(m.to))
        .expect("a move")
}

#[test]
fn a_granted_second_move_keeps_the_turn_and_ends_it_once() {
    let mut g = Game::new(quiet_rules(), 2, 0).unwrap();
    g.grant_extra_move();
    assert_eq!(g.state().turn.moves_left, 2);
    let first = some_move(&g);
    let events = g.play(first).unwrap();
    assert_eq!(
        events.len(),
        1,
        "only the move: no end-of-turn events yet {events:?}"
    );
    assert_eq!(g.to_move(), 0, "the same seat moves again");
    assert_eq!(g.player(0).turns, 0, "the turn is not over");
    assert_eq!(g.state().turn.moved, Some(first));
    let mid_turn = g.state().clone();
    let second = some_move(&g);
    g.play(second).unwrap();
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.player(0).turns, 1, "two moves, one turn");
    assert_eq!(g.state().turn, TurnProgress::FRESH);
    // The repetition rule sees the turn as one move, from the first marble's start.
    let net = if second.from == first.to {
        Move {
            from: first.from,
            to: second.to,
        }
    } else {
        second
    };
    assert_eq!(g.player(0).last_move, Some(net));
    let changes = g.undo().unwrap();
    assert_eq!(
        g.state(),
        &mid_turn,
        "undo of the second move gives the mid-turn state"
    );
    assert_eq!(changes.len(), 1);
    g.redo().unwrap();
    assert_eq!(g.to_move(), 1);
}

#[test]
fn mid_turn_a_player_may_stop_and_the_checks_run_at_the_turn_end() {
    let rules = Rules {
        anti_passive: true,
        repetition_limit: None,
        ..quiet_rules()
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    // Walk both players to their 19th turn with one marble shuttling.
    let b = g.position().board();
    let hole = |q, r| b.hole(crate::Hex::new(q, r)).unwrap();
    let paths = [
        [hole(-1, 5), hole(-1, 4), hole(-1, 3)],
        [hole(1, -5), hole(1, -4), hole(1, -3)],
    ];
    let shuttle = |g: &mut Game| {
        let s = g.to_move() as usize;
        let t = g.player(s as Seat).turns;
        let (from, to) = match t {
            0 => (paths[s][0], paths[s][1]),
            _ if t % 2 == 1 => (paths[s][1], paths[s][2]),
            _ => (paths[s][2], paths[s][1]),
        };
        g.play(Move { from, to }).unwrap();
    };
    while g.player(0).turns < 19 || g.to_move() != 0 {
        shuttle(&mut g);
    }
    // Turn 20 holds two moves: the anti-passive check waits for the second.
    g.grant_extra_move();
    shuttle(&mut g);
    assert_eq!(g.player(0).status, Status::Playing, "no check mid-turn");
    assert!(g.can_pass(), "after a move the player may end the turn");
    let events = g.pass().unwrap();
    assert!(
        events.contains(&Event::Out {
            seat: 0,
            reason: OutReason::AntiPassive
        }),
        "{events:?}"
    );
    assert_eq!(g.player(0).turns, 20);
}

#[test]
fn undo_and_redo_are_exact_across_many_snapshots_and_clock_ticks() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(3_600_000),
        pass_allowed: true,
        ..quiet_rules()
    };
    let mut g = Game::new(rules, 3, 9).unwrap();
    let mut rng = Rng::new(9);
    // The state just before each action (clock ticks included) and just after.
    let (mut before, mut after) = (vec![], vec![]);
    for i in 0..300 {
        g.tick(rng.below(9_000) as u32);
        before.push(g.state().clone());
        if i % 11 == 10 {
            g.tick(10_000);
        } else if i % 5 == 4 {
            g.pass().unwrap();
        } else {
            let moves = g.legal_moves();
            g.play(moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        after.push(g.state().clone());
    }
    assert!(!g.is_over());
    assert!(g.actions().any(|a| matches!(a, Action::Timeout { .. })));
    for i in (0..300).rev() {
        g.undo().unwrap();
        assert_eq!(g.state(), &before[i], "after undoing back to {i} actions");
    }
    assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
    for state in &after {
        g.redo().unwrap();
        assert_eq!(g.state(), state);
    }
}

#[test]
fn the_revision_changes_with_every_change_and_never_comes_back() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        ..quiet_rules()
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    let mut seen = vec![g.revision()];
    let changed = |g: &Game, seen: &mut Vec<u64>| {
        assert!(!seen.contains(&g.revision()), "a fresh revision");
        seen.push(g.revision());
    };
    g.tick(3_000);
    assert_eq!(
        g.revision(),
        seen[0],
        "a plain tick changes only the turn time"
    );
    g.play(some_move(&g)).unwrap();
    changed(&g, &mut seen);
    g.tick(10_000);
    changed(&g, &mut seen);
    assert!(matches!(g.actions().last(), Some(Action::Timeout { .. })));
    g.undo().unwrap();
    changed(&g, &mut seen);
    g.undo().unwrap();
    changed(&g, &mut seen);
    g.redo().unwrap();
    changed(&g, &mut seen);
    let before = g.revision();
    assert!(g.play(Move { from: 0, to: 0 }).is_err());
    assert_eq!(g.revision(), before, "a refused action changes nothing");
    let other = Game::new(quiet_rules(), 2, 0).unwrap();
    assert!(
        !seen.contains(&other.revision()),
        "not even another game reuses one"
    );
}

/// Follows the engine with a plain hole → seat map, fed only the reported
/// changes, through random moves, undos and redos.
#[test]
fn reported_marble_changes_keep_a_view_in_step() {
    for (players, size, long, seed) in [
        (2, 4, false, 1u64),
        (3, 3, true, 2),
        (6, 4, false, 3),
        (4, 5, true, 4),
    ] {
        let rules = Rules {
            board_size: size,
            long_jumps: long,
            ..quiet_rules()
        };
        let mut g = Game::new(rules, players, seed).unwrap();
        let mut view: BTreeMap<Hole, Seat> = g.position().marble_map();
        let mut rng = Rng::new(seed);
        for _ in 0..400 {
            let changes = match rng.below(10) {
                0..=1 if g.can_undo() => g.undo().unwrap(),
                2 if g.can_redo() => marble_changes(&g.redo().unwrap()),
                _ if g.is_over() => continue,
                _ => {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        marble_changes(&g.pass().unwrap())
                    } else {
                        let mv = moves[rng.below(moves.len() as u64) as usize];
                        marble_changes(&g.play(mv).unwrap())
                    }
                }
            };
            for c in &changes {
                c.apply_to(&mut view);
            }
            assert_eq!(view, g.position().marble_map(), "{changes:?}");
        }
    }
}

/// A jump from the second row over the front row of the start.
fn opening_jump(g: &Game) -> Move {
    g.legal_moves()
        .into_iter()
        .find(|m| g.position().board().distance(m.from, m.to) == 2)
        .expect("the start has jumps over the front row")
}

#[test]
fn undoing_a_move_hops_back_along_the_reversed_route() {
    let mut g = Game::new(quiet_rules(), 2, 0).unwrap();
    let jump = opening_jump(&g);
    let events = g.play(jump).unwrap();
    let Some(MarbleChange::Hop { seat: 0, route }) = events[0].marble_change() else {
        panic!("{events:?}")
    };
    let back = g.undo().unwrap();
    let reversed: Vec<Hole> = route.iter().rev().copied().collect();
    assert_eq!(
        back,
        vec![MarbleChange::Hop {
            seat: 0,
            route: reversed
        }]
    );
}

#[test]
fn play_route_plays_exactly_that_route_or_says_why_not() {
    let mut g = Game::new(quiet_rules(), 2, 0).unwrap();
    let jump = opening_jump(&g);
    let route = g.position().route(jump.from, jump.to, false).unwrap();
    assert_eq!(g.play_route(&[]), Err(RuleError::ShortRoute));
    assert_eq!(g.play_route(&[jump.from]), Err(RuleError::ShortRoute));
    let hop_twice = [jump.from, jump.to, jump.from];
    assert!(
        g.play_route(&hop_twice).is_err(),
        "a chain never returns to its start"
    );
    assert!(!g.can_undo());
    let events = g.play_route(&route).unwrap();
    assert!(matches!(&events[0], Event::Moved { route: r, .. } if *r == route));
    assert!(matches!(g.actions().last(), Some(Action::Move { route: r, .. }) if *r == route));
}

#[test]
fn the_next_anti_passive_check_is_the_rule_books() {
    let mut g = Game::new(
        Rules {
            anti_passive: true,
            ..quiet_rules()
        },
        2,
        0,
    )
    .unwrap();
    let check = g.next_anti_passive_check(0).unwrap();
    assert_eq!(
        check,
        AntiPassiveCheck {
            turn: 20,
            needed: 5,
            out_now: 0
        }
    );
    g.play(some_move(&g)).unwrap();
    assert_eq!(g.next_anti_passive_check(0).unwrap().out_now, 1);
    assert_eq!(g.next_anti_passive_check(9), None, "no such seat");
    let off = Game::new(quiet_rules(), 2, 0).unwrap();
    assert_eq!(off.next_anti_passive_check(0), None);
}

#[test]
fn a_finished_game_restores_no_running_turn_whatever_the_mover_has_left() {
    // As after a last player ran out of time with nobody left to move on to:
    // the game is over and the seat still marked to move has an empty bank.
    let rules = Rules {
        time_bank_ms: Some(2_000),
        ..quiet_rules()
    };
    let mut g = Game::new(rules, 3, 0).unwrap();
    let mover = g.to_move() as usize;
    g.state.players[mover].bank_ms = Some(0);
    g.state.outcome = Some(Outcome {
        reason: EndReason::Finished,
        places: vec![1, 2, 3],
        scores: None,
    });
    assert_eq!(g.restore_turn_ms(0), Ok(()));
    assert!(matches!(g.restore_turn_ms(5), Err(RuleError::Clock(_))));
}

/// §6: a team whose member is out loses at once. The game must be over
/// before the turn passes on, where a skipped turn (first-in-skips) could
/// knock out a player of the other team too and turn the loss into a draw.
#[test]
fn a_team_loses_at_once_when_a_member_is_out_before_a_skipped_turn() {
    let rules = Rules {
        anti_passive: true,
        teams: crate::rules::Teams::TwoVsTwo,
        ..quiet_rules()
    };
    // Seats 0..4 sit at camps 0, 4, 3, 1: teams A, B, B, A.
    let start = Game::new(rules, 4, 0).unwrap();
    assert_eq!(start.teams.as_deref(), Some(&[0, 1, 1, 0][..]));
    // Everyone at their 20th turn with every marble at home fails the
    // anti-passive check; `mover` plays it, `skipping` seats skip next.
    let run = |mover: Seat, mover_turns: u32, skipping: &[usize]| {
        let mut g = start.clone();
        for p in &mut g.state.players {
            p.turns = 19;
        }
        g.state.players[mover as usize].turns = mover_turns;
        for &s in skipping {
            g.state.players[s].skip_next = true;
        }
        g.state.to_move = mover;
        let events = g.play(some_move(&g)).unwrap();
        (g, events)
    };
    // The mover goes out; the next seat, of the other team, would skip.
    let (g, events) = run(0, 19, &[1]);
    assert!(
        !events.contains(&Event::SkippedTurn { seat: 1 }),
        "{events:?}"
    );
    assert_eq!(g.player(1).status, Status::Playing);
    let o = g.outcome().expect("seat 0 out ends the game");
    assert_eq!(
        (o.reason, o.places.as_slice()),
        (EndReason::Team, &[2, 1, 1, 2][..])
    );
    // The mover stays in; the first skipped seat goes out, and the second,
    // of the other team, must not get its skipped turn.
    let (g, events) = run(1, 0, &[2, 3]);
    assert!(
        events.contains(&Event::SkippedTurn { seat: 2 }),
        "{events:?}"
    );
    assert!(
        !events.contains(&Event::SkippedTurn { seat: 3 }),
        "{events:?}"
    );
    let o = g.outcome().expect("seat 2 out ends the game");
    assert_eq!(o.places, [1, 2, 2, 1]);
}

//! One test per rule of RULES.md §2-§6, played through the public `Game` API.

mod common;
use common::*;
use starhop_engine::*;

fn two_player_race(size: u8) -> (Game, Move, Move) {
    let b = board(size);
    let mut pos = Position::empty(b, 2).unwrap();
    let m0 = near_finish(&mut pos, 0);
    let m1 = near_finish(&mut pos, 1);
    (Game::from_position(plain(size, 0), pos, 0).unwrap(), m0, m1)
}

// ----- §2 players and seats -----

#[test]
fn rule_2_games_for_one_or_five_players_are_refused() {
    for n in [1, 5] {
        assert_eq!(
            Game::new(Rules::classic(), n, 1).unwrap_err(),
            RuleError::PlayerCount(n)
        );
    }
    for n in [2, 3, 4, 6] {
        assert!(Game::new(Rules::classic(), n, 1).is_ok());
    }
}

#[test]
fn rule_2_every_player_starts_with_a_full_home_camp() {
    for size in [3, 4, 5] {
        for n in [2, 3, 4, 6] {
            let g = Game::new(Rules::classic().with_size(size), n, 3).unwrap();
            let p = g.position();
            for s in 0..n as Seat {
                assert_eq!(p.marbles(s), p.home(s));
                if n == 3 {
                    assert_eq!(
                        p.target(s) & p.all_marbles(),
                        Bitboard::EMPTY,
                        "targets start empty"
                    );
                }
            }
        }
    }
}

#[test]
fn rule_2_turns_go_round_the_table_from_the_drawn_first_mover() {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(2),
        ..Rules::classic()
    };
    let mut g = Game::new(rules, 4, 0).unwrap();
    let mut order = vec![];
    for _ in 0..8 {
        order.push(g.to_move());
        g.play(g.legal_moves()[0]).unwrap();
    }
    assert_eq!(order, vec![2, 3, 0, 1, 2, 3, 0, 1]);
}

#[test]
fn rule_2_the_first_move_draw_is_seeded_and_recorded() {
    use DrawStep::Throw;
    use Hand::{Paper as P, Rock as R, Scissors as S};
    let rules = Rules {
        first_move: FirstMoveMethod::RockPaperScissors,
        ..Rules::classic()
    };
    let g = Game::new(rules, 6, 42).unwrap();
    // Seed 42's draw, pinned: records keep only the seed, so this must come out
    // the same on every machine for a record to replay.
    let throws: [&[(Seat, Hand)]; 6] = [
        &[(0, S), (1, R), (2, S), (3, R), (4, R), (5, R)],
        &[(1, S), (3, R), (4, P), (5, R)],
        &[(1, P), (3, S), (4, S), (5, R)],
        &[(1, P), (3, R), (4, R), (5, P)],
        &[(1, S), (5, S)],
        &[(1, P), (5, R)],
    ];
    let expected: Vec<DrawStep> = throws
        .iter()
        .map(|hands| Throw {
            hands: hands.to_vec(),
        })
        .collect();
    assert_eq!(g.first_move_draw().steps, expected);
    assert_eq!(g.first_move_draw().first, 1);
    assert_eq!(g.to_move(), 1, "the drawn seat moves first");
}

// ----- §3 moves -----

#[test]
fn rule_3_one_marble_moves_per_turn_and_jumped_marbles_stay() {
    let mut g = Game::new(plain(4, 0), 2, 0).unwrap();
    let before = g.position().all_marbles().count();
    // A jump from the second row over the front row.
    let jump = g
        .legal_moves()
        .into_iter()
        .find(|m| g.position().board().distance(m.from, m.to) == 2)
        .unwrap();
    let events = g.play(jump).unwrap();
    let Event::Moved { route, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!(route.len(), 2, "one hop");
    assert_eq!(g.position().all_marbles().count(), before);
    assert!(
        g.position().marbles(0).contains(jump.to) && !g.position().marbles(0).contains(jump.from)
    );
}

#[test]
fn rule_3_a_move_with_a_wrong_route_or_a_foreign_marble_is_refused() {
    let mut g = Game::new(plain(4, 0), 2, 0).unwrap();
    let mv = g.legal_moves()[0];
    let bad = Action::Move {
        from: mv.from,
        to: mv.to,
        route: vec![mv.from, mv.from, mv.to],
        ms: 0,
    };
    assert_eq!(
        g.apply(bad),
        Err(RuleError::BadRoute {
            from: mv.from,
            to: mv.to
        })
    );
    let theirs = g.position().marbles(1).first().unwrap();
    assert_eq!(
        g.play(Move {
            from: theirs,
            to: theirs
        }),
        Err(RuleError::NotYourMarble(theirs))
    );
    assert_eq!(
        g.play(Move { from: 250, to: 0 }),
        Err(RuleError::NoSuchHole(250))
    );
    assert!(!g.can_undo(), "refused actions leave no trace");
}

#[test]
fn rule_3_passing_needs_the_option_or_no_legal_move() {
    let mut g = Game::new(plain(4, 0), 2, 0).unwrap();
    assert!(!g.can_pass());
    assert_eq!(g.pass(), Err(RuleError::PassNotAllowed));
    let mut g = Game::new(
        Rules {
            pass_allowed: true,
            ..plain(4, 0)
        },
        2,
        0,
    )
    .unwrap();
    assert_eq!(g.pass().unwrap(), vec![Event::Passed { seat: 0 }]);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn rule_3_a_player_with_no_legal_move_always_passes() {
    // Seat 0 has one marble, walled in on every side.
    let b = board(4);
    let mut pos = Position::empty(b, 2).unwrap();
    let centre = at(b, 0, 0);
    fill_centre(&mut pos, 1, b.within(centre, 2));
    pos.place(0, centre).unwrap();
    for h in b.within(centre, 2).iter().filter(|&h| h != centre) {
        pos.walls.insert(h);
    }
    // The rest of seat 0's marbles sit locked in its target.
    for h in pos.target(0).iter().take(b.camp_size() - 1) {
        pos.place(0, h).unwrap();
    }
    let rules = Rules {
        locked_in_target: true,
        ..plain(4, 0)
    };
    let mut g = Game::from_position(rules, pos, 0).unwrap();
    // Every target marble can still shuffle inside the target, so take those away too.
    let moves = g.legal_moves();
    assert!(
        moves.iter().all(|m| m.from != centre),
        "the walled marble cannot move"
    );
    let mut pos = g.position().clone();
    for h in pos.target(0).iter() {
        pos.clear(h);
    }
    // Without the target marbles the walled one is all seat 0 has.
    g = Game::from_position(g.rules().clone(), pos, 0).unwrap();
    assert!(g.legal_moves().is_empty());
    assert!(g.can_pass());
    g.pass().unwrap();
    assert_eq!(g.to_move(), 1);
}

#[test]
fn rule_3_repetition_limit_forbids_a_fourth_return() {
    let rules = Rules {
        repetition_limit: Some(3),
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    let b = g.position().board();
    // Seat 0 steps out and then back and forth; seat 1 does the same far away.
    let a0 = Move {
        from: at(b, -1, 5),
        to: at(b, -1, 4),
    };
    let a1 = Move {
        from: at(b, 1, -5),
        to: at(b, 1, -4),
    };
    g.play(a0).unwrap();
    g.play(a1).unwrap();
    let there = |m: Move| Move {
        from: m.to,
        to: at(
            b,
            b.hex(m.to).q,
            b.hex(m.to).r + if m == a0 { -1 } else { 1 },
        ),
    };
    let (t0, t1) = (there(a0), there(a1));
    let back = |m: Move| Move {
        from: m.to,
        to: m.from,
    };
    g.play(t0).unwrap();
    g.play(t1).unwrap();
    for round in 1..=3 {
        // Back and there again: each "back" returns to the hole of two moves earlier.
        let (m0, m1) = if round % 2 == 1 {
            (back(t0), back(t1))
        } else {
            (t0, t1)
        };
        g.play(m0).unwrap();
        g.play(m1).unwrap();
        assert_eq!(g.player(0).repetitions, round);
    }
    let fourth = if g.player(0).last_move == Some(back(t0)) {
        t0
    } else {
        back(t0)
    };
    assert!(!g.is_legal(fourth), "the fourth returning move is refused");
    assert!(!g.legal_moves().contains(&fourth));
    assert!(matches!(g.play(fourth), Err(RuleError::IllegalMove { .. })));
}

#[test]
fn rule_3_first_in_skips_costs_the_first_arrival_a_turn() {
    let (g, m0, m1) = two_player_race(4);
    let rules = Rules {
        first_in_skips: true,
        ..g.rules().clone()
    };
    // Take one more marble out of the target so the entering move does not finish.
    let mut pos = g.position().clone();
    let spare = pos
        .target(0)
        .iter()
        .find(|&h| h != m0.to && pos.marbles(0).contains(h))
        .unwrap();
    pos.clear(spare);
    let free = pos.board().centre & pos.empty_holes();
    pos.place(0, free.iter().last().unwrap()).unwrap();
    let mut g = Game::from_position(rules, pos, 0).unwrap();
    g.play(m0).unwrap();
    assert_eq!(g.to_move(), 1);
    let _ = m1;
    let events = g.play(quiet_move(&g)).unwrap();
    assert!(
        events.contains(&Event::SkippedTurn { seat: 0 }),
        "{events:?}"
    );
    assert_eq!(g.to_move(), 1, "seat 0 skipped, seat 1 again");
    assert_eq!(g.player(0).turns, 2, "the skipped turn counts");
    // Only the first arrival skips.
    let events = g.play(quiet_move(&g)).unwrap();
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::SkippedTurn { .. }))
    );
}

// ----- §4 end of the game -----

#[test]
fn rule_4_two_players_second_mover_gets_the_equal_move_and_can_draw() {
    let (mut g, m0, m1) = two_player_race(4);
    let events = g.play(m0).unwrap();
    assert!(events.contains(&Event::Finished { seat: 0, turns: 1 }));
    assert!(!g.is_over(), "the second mover still has its equal move");
    g.play(m1).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![1, 1]);
    assert_eq!(o.scores, Some(vec![0.5, 0.5]));
}

#[test]
fn rule_4_two_players_first_mover_wins_when_the_second_cannot_finish() {
    let (mut g, m0, _) = two_player_race(4);
    g.play(m0).unwrap();
    g.play(quiet_move(&g)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.places.clone()),
        (EndReason::Finished, vec![1, 2])
    );
    assert_eq!(o.scores, Some(vec![1.0, 0.0]));
}

#[test]
fn rule_4_two_players_second_mover_finishing_first_wins() {
    let (mut g, _, m1) = two_player_race(4);
    g.play(quiet_move(&g)).unwrap();
    g.play(m1).unwrap();
    assert_eq!(g.outcome().unwrap().scores, Some(vec![0.0, 1.0]));
}

#[test]
fn rule_4_without_equal_moves_the_first_finisher_wins_at_once() {
    let (g, m0, _) = two_player_race(4);
    let rules = Rules {
        equal_moves: false,
        ..g.rules().clone()
    };
    let mut g = Game::from_position(rules, g.position().clone(), 0).unwrap();
    g.play(m0).unwrap();
    assert_eq!(g.outcome().unwrap().places, vec![1, 2]);
}

fn three_player_race(play_on: bool) -> (Game, [Move; 3]) {
    let b = board(4);
    let mut pos = Position::empty(b, 3).unwrap();
    let m = [0, 1, 2].map(|s| near_finish(&mut pos, s));
    let rules = Rules {
        play_on,
        ..plain(4, 0)
    };
    (Game::from_position(rules, pos, 0).unwrap(), m)
}

#[test]
fn rule_4_players_finishing_in_the_same_round_tie_and_play_goes_on() {
    let (mut g, m) = three_player_race(true);
    g.play(m[0]).unwrap();
    g.play(m[1]).unwrap();
    assert!(!g.is_over(), "seat 2 still gets its move of the round");
    g.play(quiet_move(&g)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![1, 1, 3]);
    assert_eq!(o.scores, None);
}

#[test]
fn rule_4_play_on_ranks_later_finishers_by_their_turns() {
    let (g, m) = three_player_race(true);
    let rules = Rules {
        pass_allowed: true,
        ..g.rules().clone()
    };
    let mut g = Game::from_position(rules, g.position().clone(), 0).unwrap();
    g.play(m[0]).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert!(!g.is_over());
    assert_eq!(
        g.to_move(),
        1,
        "seat 0 has finished and is skipped from now on"
    );
    g.play(m[1]).unwrap();
    assert_eq!(g.player(1).status, Status::Finished { turns: 2 });
    assert!(!g.is_over(), "seat 2 gets its second move");
    g.pass().unwrap();
    assert_eq!(g.outcome().unwrap().places, vec![1, 2, 3]);
}

#[test]
fn rule_4_without_play_on_the_game_ends_after_the_first_finishers_round() {
    let (mut g, m) = three_player_race(false);
    g.play(m[0]).unwrap();
    g.play(quiet_move(&g)).unwrap();
    assert!(!g.is_over());
    g.play(quiet_move(&g)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places[0], 1);
    assert!(o.places[1] > 1 && o.places[2] > 1);
}

#[test]
fn rule_4_resigners_take_the_lowest_places_first_resigner_last() {
    let mut g = Game::new(plain(4, 0), 3, 0).unwrap();
    g.resign(1).unwrap();
    assert_eq!(
        g.to_move(),
        0,
        "another player's resignation does not take the turn"
    );
    g.play(g.legal_moves()[0]).unwrap();
    assert_eq!(g.to_move(), 2, "resigned seats are skipped");
    g.resign(2).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![1, 3, 2]);
    assert_eq!(o.reason, EndReason::Resigned);
    // Their marbles stay on the board as obstacles.
    assert_eq!(g.position().marbles(1).count(), 10);
}

#[test]
fn rule_4_with_two_players_resigning_ends_the_game_at_once() {
    let mut g = Game::new(plain(4, 0), 2, 0).unwrap();
    g.resign(0).unwrap();
    assert_eq!(g.outcome().unwrap().scores, Some(vec![0.0, 1.0]));
    assert_eq!(g.play(Move { from: 0, to: 1 }), Err(RuleError::GameOver));
}

/// Both players step one marble out and then shuttle it between two centre holes.
fn shuttle(g: &mut Game, turns: usize) -> Vec<Event> {
    let b = g.position().board();
    let paths = [
        [at(b, -1, 5), at(b, -1, 4), at(b, -1, 3)],
        [at(b, 1, -5), at(b, 1, -4), at(b, 1, -3)],
    ];
    let mut events = vec![];
    for _ in 0..turns {
        if g.is_over() {
            break;
        }
        let s = g.to_move() as usize;
        let t = g.player(s as Seat).turns as usize;
        let (from, to) = match t {
            0 => (paths[s][0], paths[s][1]),
            _ if t % 2 == 1 => (paths[s][1], paths[s][2]),
            _ => (paths[s][2], paths[s][1]),
        };
        events.extend(g.play(Move { from, to }).unwrap());
    }
    events
}

#[test]
fn rule_4_anti_passive_rule_knocks_out_a_player_with_too_few_marbles_out() {
    let rules = Rules {
        anti_passive: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    let events = shuttle(&mut g, 100);
    assert!(events.contains(&Event::Out {
        seat: 0,
        reason: OutReason::AntiPassive
    }));
    assert_eq!(g.player(0).turns, 20, "checked after the 20th move");
    assert_eq!(g.outcome().unwrap().scores, Some(vec![0.0, 1.0]));
}

#[test]
fn rule_4_anti_passive_thresholds_scale_with_the_board() {
    use starhop_engine::game::anti_passive_required as need;
    assert_eq!(
        [need(20, 10), need(25, 10), need(30, 10)],
        [Some(5), Some(8), Some(10)]
    );
    assert_eq!(
        [need(20, 6), need(25, 6), need(30, 6)],
        [Some(3), Some(5), Some(6)]
    );
    assert_eq!(
        [need(20, 15), need(25, 15), need(30, 15)],
        [Some(8), Some(12), Some(15)]
    );
    assert_eq!(need(21, 10), None);
}

#[test]
fn rule_4_deadlock_adjudication_after_ten_rounds_without_progress() {
    let rules = Rules {
        deadlock_adjudication: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    shuttle(&mut g, 200);
    let o = g.outcome().unwrap().clone();
    assert_eq!(o.reason, EndReason::Deadlock);
    // Progress stopped in round 2; ten full rounds later the game ends.
    assert_eq!(g.player(1).turns, 12);
    // Both sides stand symmetrically: equal distance, half a point each.
    assert_eq!(o.scores, Some(vec![0.5, 0.5]));
}

#[test]
fn rule_4_deadlock_scores_favour_the_smaller_remaining_distance() {
    let rules = Rules {
        deadlock_adjudication: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    let b = g.position().board();
    let step = |g: &mut Game, from: (i8, i8), to: (i8, i8)| {
        g.play(Move {
            from: at(b, from.0, from.1),
            to: at(b, to.0, to.1),
        })
        .unwrap();
    };
    // Seat 0 walks three holes forward, seat 1 one; then both shuttle, so seat 0
    // always stands at least two steps closer to home.
    step(&mut g, (-1, 5), (-1, 4));
    step(&mut g, (1, -5), (1, -4));
    step(&mut g, (-1, 4), (-1, 3));
    step(&mut g, (1, -4), (1, -3));
    step(&mut g, (-1, 3), (-1, 2));
    let shuttles = [[(-1, 2), (-1, 1)], [(1, -3), (1, -4)]];
    let mut there = [false, false];
    while !g.is_over() {
        let s = g.to_move() as usize;
        let [a, z] = shuttles[s];
        if there[s] {
            step(&mut g, z, a)
        } else {
            step(&mut g, a, z)
        }
        there[s] = !there[s];
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Deadlock);
    assert!(g.position().remaining_distance(0) < g.position().remaining_distance(1));
    assert_eq!(o.scores, Some(vec![0.75, 0.25]));
}

// ----- §5 clocks -----

fn timed(limit: Option<u32>, bank: Option<u32>) -> Game {
    let rules = Rules {
        move_limit_ms: limit,
        time_bank_ms: bank,
        ..plain(4, 0)
    };
    Game::new(rules, 2, 0).unwrap()
}

#[test]
fn rule_5_a_time_out_passes_the_turn() {
    let mut g = timed(Some(10_000), None);
    assert!(g.tick(4_000).is_empty());
    assert_eq!(g.move_time_left(), Some(6_000));
    let events = g.tick(7_000);
    assert_eq!(
        events,
        vec![Event::TimedOut {
            seat: 0,
            in_a_row: 1
        }]
    );
    assert_eq!(g.to_move(), 1);
    assert_eq!(
        g.move_time_left(),
        Some(10_000),
        "the next player starts a fresh turn"
    );
    assert_eq!(g.player(0).turns, 1);
}

#[test]
fn rule_5_a_clock_shown_from_elsewhere_never_times_out_here() {
    let mut g = timed(Some(10_000), Some(8_000));
    let (revision, checksum) = (g.revision(), g.checksum());
    g.show_turn_ms(3_000);
    assert_eq!(g.move_time_left(), Some(7_000));
    assert_eq!(g.bank_left(0), Some(5_000));
    // The authority plays time-outs: shown time stops just short of the bank.
    g.show_turn_ms(60_000);
    assert_eq!(g.bank_left(0), Some(1));
    assert_eq!(g.to_move(), 0);
    assert!(!g.is_over());
    // Not a change of the game: the same revision and checksum.
    assert_eq!((g.revision(), g.checksum()), (revision, checksum));
}

#[test]
fn rule_5_three_time_outs_in_a_row_lose() {
    let mut g = timed(Some(10_000), None);
    for i in 1..=3 {
        let events = g.tick(10_000);
        assert!(events.contains(&Event::TimedOut {
            seat: 0,
            in_a_row: i
        }));
        if i < 3 {
            g.play(g.legal_moves()[0]).unwrap();
        }
    }
    assert_eq!(
        g.player(0).status,
        Status::Out {
            reason: OutReason::TimeOuts,
            order: 0
        }
    );
    assert_eq!(g.outcome().unwrap().scores, Some(vec![0.0, 1.0]));
}

#[test]
fn rule_5_a_move_in_between_resets_the_time_out_count() {
    let mut g = timed(Some(10_000), None);
    g.tick(10_000);
    assert_eq!(g.player(0).timeouts_in_row, 1);
    g.play(g.legal_moves()[0]).unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    assert_eq!(g.player(0).timeouts_in_row, 0, "seat 0 moved in between");
    g.tick(10_000);
    assert_eq!(g.player(1).timeouts_in_row, 1);
    assert_eq!(
        g.player(0).timeouts_in_row,
        0,
        "seat 1's time-outs are its own"
    );
}

#[test]
fn rule_5_the_chess_clock_bank_runs_down_and_empty_loses() {
    let mut g = timed(None, Some(30_000));
    g.tick(5_000);
    assert_eq!(g.bank_left(0), Some(25_000));
    g.play(g.legal_moves()[0]).unwrap();
    assert_eq!(g.bank_left(0), Some(25_000));
    assert_eq!(g.bank_left(1), Some(30_000));
    g.tick(29_999);
    assert!(!g.is_over());
    let events = g.tick(1);
    assert!(events.contains(&Event::Out {
        seat: 1,
        reason: OutReason::OutOfTime
    }));
    assert_eq!(g.outcome().unwrap().scores, Some(vec![1.0, 0.0]));
}

#[test]
fn rule_5_a_move_claiming_more_time_than_allowed_is_refused() {
    let mut g = timed(Some(10_000), None);
    let mv = g.legal_moves()[0];
    let route = g.position().route(mv.from, mv.to, false).unwrap();
    let late = Action::Move {
        from: mv.from,
        to: mv.to,
        route,
        ms: 10_000,
    };
    assert!(matches!(g.apply(late), Err(RuleError::Clock(_))));
    assert!(matches!(
        g.apply(Action::Timeout { ms: 9_000 }),
        Err(RuleError::Clock(_))
    ));
}

// ----- §6 teams -----

#[test]
fn rule_6_a_team_wins_when_one_member_finishes_after_the_round() {
    let b = board(4);
    let mut pos = Position::empty(b, 4).unwrap();
    let win = near_finish(&mut pos, 0);
    for s in 1..4 {
        fill_centre(&mut pos, s, Bitboard::EMPTY);
    }
    let rules = Rules {
        teams: Teams::TwoVsTwo,
        ..plain(4, 0)
    };
    let mut g = Game::from_position(rules, pos, 0).unwrap();
    assert_eq!(g.teams(), Some(&[0, 1, 1, 0][..]));
    g.play(win).unwrap();
    for _ in 0..2 {
        g.play(quiet_move(&g)).unwrap();
        assert!(!g.is_over());
    }
    g.play(quiet_move(&g)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![1, 2, 2, 1]);
    assert_eq!(o.scores, Some(vec![1.0, 0.0, 0.0, 1.0]));
}

#[test]
fn rule_6_a_team_wins_with_three_quarters_of_its_marbles_in_target() {
    // Size 3: 2v2 teams have 12 marbles, so 9 in their targets win.
    assert_eq!(starhop_engine::game::team_marbles_to_win(12), 9);
    assert_eq!(starhop_engine::game::team_marbles_to_win(20), 15);
    assert_eq!(starhop_engine::game::team_marbles_to_win(30), 23);
    let b = board(3);
    let mut pos = Position::empty(b, 4).unwrap();
    // Seat 0: five of six in its target. Seat 3: three in, one on the doorstep.
    let t0: Vec<Hole> = pos.target(0).iter().collect();
    for &h in &t0[..5] {
        pos.place(0, h).unwrap();
    }
    let entering = near_finish_partial(&mut pos, 3, 3);
    let mut g;
    let reserved = Bitboard::single(t0[5]) | pos.target(3);
    for s in [0, 1, 2, 3] {
        fill_centre(&mut pos, s, reserved);
    }
    let rules = Rules {
        teams: Teams::TwoVsTwo,
        ..plain(3, 3)
    };
    g = Game::from_position(rules, pos, 3).unwrap();
    assert!(g.is_legal(entering));
    g.play(entering).unwrap();
    assert_eq!(g.position().in_target(0) + g.position().in_target(3), 9);
    while !g.is_over() {
        g.play(quiet_move(&g)).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::Team);
    assert_eq!(o.places, vec![1, 2, 2, 1]);
}

/// Places `inside` marbles of `seat` in its target and one more next to a free
/// target hole; returns the move that brings it in.
fn near_finish_partial(pos: &mut Position, seat: Seat, inside: usize) -> Move {
    let b = pos.board();
    let target: Vec<Hole> = pos.target(seat).iter().collect();
    for &entry in &target {
        if let Some(&outside) = b.neighbour[entry as usize].iter().find(|&&x| {
            x != geometry::NONE && b.centre.contains(x) && pos.empty_holes().contains(x)
        }) {
            for &h in target.iter().filter(|&&h| h != entry).take(inside) {
                pos.place(seat, h).unwrap();
            }
            pos.place(seat, outside).unwrap();
            return Move {
                from: outside,
                to: entry,
            };
        }
    }
    panic!("no entry");
}

#[test]
fn rule_6_a_member_who_quits_loses_for_the_whole_team() {
    let rules = Rules {
        teams: Teams::ThreeVsThree,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 6, 0).unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    g.resign(3).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.places, vec![1, 2, 1, 2, 1, 2]);
    assert_eq!(o.scores, Some(vec![1.0, 0.0, 1.0, 0.0, 1.0, 0.0]));
}

#[test]
fn rule_6_teams_need_four_or_six_players() {
    let rules = Rules {
        teams: Teams::TwoVsTwo,
        ..Rules::classic()
    };
    assert_eq!(Game::new(rules, 6, 0).unwrap_err(), RuleError::TeamSize(6));
}

// ----- undo / redo -----

#[test]
fn undo_and_redo_walk_the_history_exactly() {
    let mut g = Game::new(Rules::classic(), 3, 5).unwrap();
    let mut states = vec![g.state().clone()];
    for _ in 0..12 {
        g.play(g.legal_moves()[g.legal_moves().len() / 2]).unwrap();
        states.push(g.state().clone());
    }
    for i in (0..12).rev() {
        g.undo().unwrap();
        assert_eq!(g.state(), &states[i]);
    }
    assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
    for state in states.iter().skip(1) {
        g.redo().unwrap();
        assert_eq!(g.state(), state);
    }
    assert_eq!(g.redo(), Err(RuleError::NothingToRedo));
    g.undo().unwrap();
    g.play(g.legal_moves()[0]).unwrap();
    assert!(!g.can_redo(), "a new move drops the redo list");
}

// ----- hardening: each of these failed before its fix -----

#[test]
fn rule_5_when_the_mover_resigns_the_next_player_gets_a_fresh_clock() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(60_000),
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 3, 0).unwrap();
    g.tick(9_500);
    g.resign(0).unwrap();
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.move_time_left(), Some(10_000));
    assert_eq!(g.bank_left(1), Some(60_000));
    assert_eq!(
        g.player(0).bank_ms,
        Some(50_500),
        "the resigner paid for their turn"
    );
}

/// One marble per seat, every other hole a wall: nobody can move. Seats 0 and 3
/// (team A in 2v2) stand in the centre, seats 1 and 2 at home, far from their targets.
fn nobody_can_move() -> Position {
    let b = board(4);
    let mut pos = Position::empty(b, 4).unwrap();
    let tip = |pos: &Position, s: Seat| {
        pos.home(s)
            .iter()
            .max_by_key(|&h| b.hex(h).distance(Hex::new(0, 0)))
            .unwrap()
    };
    pos.place(0, at(b, 0, 0)).unwrap();
    pos.place(3, at(b, 2, -1)).unwrap();
    for s in [1, 2] {
        let h = tip(&pos, s);
        pos.place(s, h).unwrap();
    }
    for h in pos.empty_holes().iter() {
        pos.walls.insert(h);
    }
    pos
}

#[test]
fn rule_4_a_blocked_team_game_ends_and_the_closer_team_wins() {
    let pos = nobody_can_move();
    let team_distance =
        |seats: [Seat; 2]| -> u32 { seats.iter().map(|&s| pos.remaining_distance(s)).sum() };
    assert!(team_distance([0, 3]) < team_distance([1, 2]));
    let rules = Rules {
        teams: Teams::TwoVsTwo,
        ..plain(4, 0)
    };
    let mut g = Game::from_position(rules, pos.clone(), 0).unwrap();
    assert!(g.legal_moves().is_empty());
    g.pass().unwrap();
    let o = g.outcome().expect("a blocked team game ends");
    assert_eq!(o.reason, EndReason::Blocked);
    assert_eq!(o.places, vec![1, 2, 2, 1]);
    assert_eq!(o.scores, Some(vec![1.0, 0.0, 0.0, 1.0]));
    // The same position without teams ends the same way, ranked per player.
    let mut g = Game::from_position(plain(4, 0), pos, 0).unwrap();
    g.pass().unwrap();
    assert_eq!(g.outcome().unwrap().reason, EndReason::Blocked);
}

#[test]
fn rule_2_a_start_with_the_wrong_number_of_marbles_is_refused() {
    let b = board(3);
    let mut pos = Position::start(b, 2).unwrap();
    let spare = b.centre.first().unwrap();
    pos.place(0, spare).unwrap();
    let err = Game::from_position(plain(3, 0), pos, 0).unwrap_err();
    assert!(err.to_string().contains("7 marbles"), "{err}");
    let mut pos = Position::start(b, 2).unwrap();
    for h in pos.home(1).iter() {
        pos.clear(h);
    }
    let err = Game::from_position(plain(3, 0), pos, 0).unwrap_err();
    assert!(err.to_string().contains("no marbles"), "{err}");
}

#[test]
fn rule_4_a_start_in_which_someone_has_already_finished_is_refused() {
    let b = board(3);
    let mut pos = Position::empty(b, 2).unwrap();
    for h in pos.target(0).iter() {
        pos.place(0, h).unwrap();
    }
    fill_centre(&mut pos, 1, Bitboard::EMPTY);
    let err = Game::from_position(plain(3, 0), pos, 1).unwrap_err();
    assert!(err.to_string().contains("already finished"), "{err}");
}

//! Team play (RULES §6): team-aware bots take the team's win, keep the ladder
//! a team-mate needs to win, and stay legal; without teams the option changes
//! nothing. No test depends on timing.

use starhop_ai::search::{Multi, WIN};
use starhop_ai::{BotAction, Budget, Level, Options, choose_with};
use starhop_engine::testkit::forward_game;
use starhop_engine::{Board, FirstMoveMethod, Game, Hole, Move, Position, Rules, Seat, Teams};

const NONE: Hole = u8::MAX;

fn team_rules(teams: Teams) -> Rules {
    Rules {
        anti_passive: false,
        first_move: FirstMoveMethod::Fixed(0),
        teams,
        ..Rules::classic()
    }
}

fn opts(team_aware: bool) -> Options {
    Options {
        team_aware,
        ..Options::default()
    }
}

/// Places `count` marbles of `seat` in its target, the deepest for `seat`
/// (farthest from the centre) first, skipping `skip`.
fn fill_deepest(pos: &mut Position, seat: Seat, count: usize, skip: &[Hole]) {
    let b = pos.board();
    let mut holes: Vec<Hole> = pos
        .target(seat)
        .iter()
        .filter(|h| !skip.contains(h))
        .collect();
    holes.sort_by_key(|&h| std::cmp::Reverse(b.hex(h).distance(starhop_engine::Hex::new(0, 0))));
    for &h in holes.iter().take(count) {
        pos.place(seat, h).unwrap();
    }
}

/// A hole of `seat`'s target on its edge with a line out into the centre:
/// (the target hole, the centre hole next to it, the centre hole beyond).
fn way_in(b: &Board, pos: &Position, seat: Seat) -> (Hole, Hole, Hole) {
    let target = pos.target(seat);
    for gap in target.iter() {
        for d in 0..6 {
            let over = b.neighbour[gap as usize][d];
            let from = b.jump[gap as usize][d];
            if over == NONE || from == NONE {
                continue;
            }
            let touches_target = b.neighbour[from as usize]
                .iter()
                .any(|&x| x != NONE && target.contains(x));
            if b.centre.contains(over) && b.centre.contains(from) && !touches_target {
                return (gap, over, from);
            }
        }
    }
    panic!("no way in");
}

/// 2v2 (seats 0 and 3 against 1 and 2; seat 0 to move): seat 3's target is
/// full but for one hole, and its last marble outside can jump into it over
/// a marble of seat 0, the only way in: the jump finishes seat 3 and wins for
/// the team. That marble of seat 0 stands right at the edge of its own
/// target, where a step in is its only progress (seat 0's other marbles sit
/// deep in its target; the team's 13 marbles then are not yet the 15 that
/// win by filling). Seats 1 and 2 have two marbles each far away.
fn mate_needs_a_ladder() -> (Game, Move) {
    let b = Board::get(4).unwrap();
    let mut pos = Position::empty(b, 4).unwrap();
    let (gap, ladder, from) = way_in(b, &pos, 3);
    pos.place(3, from).unwrap();
    pos.place(0, ladder).unwrap();
    fill_deepest(&mut pos, 3, 9, &[gap]);
    fill_deepest(&mut pos, 0, 3, &[]);
    fill_deepest(&mut pos, 1, 2, &[]);
    fill_deepest(&mut pos, 2, 2, &[]);
    let game = Game::from_position(team_rules(Teams::TwoVsTwo), pos, 0).unwrap();
    assert_eq!(game.teams(), Some(&[0, 1, 1, 0][..]));
    (game, Move { from, to: gap })
}

/// Whether seat 3 could still win with `win` after seat 0 plays `mv`.
fn mate_still_wins(game: &Game, mv: Move, win: Move) -> bool {
    let mut pos = game.position().clone();
    pos.shift(0, mv.from, mv.to);
    pos.destinations(3, win.from, game.move_rules())
        .contains(win.to)
}

#[test]
fn a_team_aware_bot_keeps_the_ladder_its_team_mate_needs_to_win() {
    let (game, win) = mate_needs_a_ladder();
    // The set-up is what it claims: seat 3 wins by that jump, and seat 0 can
    // take the ladder away.
    assert!(
        game.position()
            .destinations(3, win.from, game.move_rules())
            .contains(win.to)
    );
    let ladder_moves: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| !mate_still_wins(&game, m, win))
        .collect();
    assert!(!ladder_moves.is_empty(), "seat 0 can break the ladder");
    let target = game.position().target(0);
    assert!(
        ladder_moves.iter().any(|m| target.contains(m.to)),
        "the ladder marble can step into its own target"
    );
    for level in [Level::Hard, Level::Master] {
        for seed in 0..3 {
            let d = choose_with(&game, level, Budget::depth(3), seed, opts(true));
            let BotAction::Move(mv) = d.action else {
                panic!("{level:?} passed");
            };
            assert!(
                mate_still_wins(&game, mv, win),
                "{level:?} seed {seed} played {mv:?} and broke the ladder"
            );
            assert!(
                d.score >= WIN - 10,
                "{level:?} sees the team's win: {}",
                d.score
            );
        }
    }
    // Playing for itself, the ladder marble's step into its target is what
    // the bot wants: the team-aware choice above is not an accident of the
    // position.
    let selfish = choose_with(&game, Level::Master, Budget::depth(3), 0, opts(false));
    let BotAction::Move(mv) = selfish.action else {
        panic!("passed");
    };
    assert!(
        !mate_still_wins(&game, mv, win),
        "selfish bot kept the ladder: {mv:?}"
    );
}

/// 2v2: seat 0 can put the team's 15th marble into its target with one step,
/// or make a longer jump elsewhere.
fn fifteenth_marble() -> (Game, Move) {
    let b = Board::get(4).unwrap();
    let mut pos = Position::empty(b, 4).unwrap();
    let (gap, step_from, _) = way_in(b, &pos, 0);
    pos.place(0, step_from).unwrap();
    fill_deepest(&mut pos, 0, 7, &[gap]);
    fill_deepest(&mut pos, 3, 7, &[]);
    fill_deepest(&mut pos, 1, 2, &[]);
    fill_deepest(&mut pos, 2, 2, &[]);
    // A runner of seat 0 at the south of the centre, with a ladder of seat
    // 1's marbles to hop north (seat 0 heads north, towards smaller r).
    let at = |q, r| b.hole(starhop_engine::Hex::new(q, r)).unwrap();
    pos.place(0, at(0, 4)).unwrap();
    pos.place(1, at(0, 3)).unwrap();
    pos.place(1, at(0, 1)).unwrap();
    let game = Game::from_position(team_rules(Teams::TwoVsTwo), pos, 0).unwrap();
    (
        game,
        Move {
            from: step_from,
            to: gap,
        },
    )
}

#[test]
fn a_team_aware_bot_takes_the_teams_win_with_the_fifteenth_marble() {
    let (game, win) = fifteenth_marble();
    assert!(game.is_legal(win));
    for level in Level::ALL {
        let d = choose_with(&game, level, Budget::depth(2), 1, opts(true));
        assert_eq!(d.action, BotAction::Move(win), "{level:?}");
        assert_eq!(d.score, WIN);
    }
    // Playing for itself, the bot prefers the runner's longer jump.
    let selfish = choose_with(&game, Level::Master, Budget::depth(2), 1, opts(false));
    assert_ne!(selfish.action, BotAction::Move(win));
    // The move wins: the engine ends the game for the team after the round.
    let mut after = game.clone();
    after.play(win).unwrap();
    let mut guard = 0;
    while !after.is_over() && guard < 8 {
        let m = after.legal_moves()[0];
        after.play(m).unwrap();
        guard += 1;
    }
    let o = after.outcome().expect("the team's win ends the game");
    assert_eq!(o.places, vec![1, 2, 2, 1]);
}

#[test]
fn team_aware_bots_with_either_search_play_legal_moves_in_team_games() {
    for (players, teams) in [(4, Teams::TwoVsTwo), (6, Teams::ThreeVsThree)] {
        for seed in 0..6 {
            let game = forward_game(team_rules(teams), players, seed, 20 + 7 * seed as usize);
            if game.is_over() {
                continue;
            }
            for multi in [Multi::Brs, Multi::Paranoid, Multi::Mcts] {
                let o = Options {
                    multi,
                    ..Options::default()
                };
                let budget = Budget {
                    max_depth: Some(3),
                    max_nodes: Some(3000),
                    ..Budget::default()
                };
                let d = choose_with(&game, Level::Master, budget, seed, o);
                match d.action {
                    BotAction::Move(m) => assert!(game.is_legal(m), "{multi:?}: {m:?}"),
                    a => panic!("{multi:?}: {a:?} with legal moves"),
                }
            }
        }
    }
}

#[test]
fn without_teams_the_team_option_changes_nothing() {
    for players in [3, 4, 6] {
        let game = forward_game(team_rules(Teams::None), players, 11, 30);
        for level in [Level::Medium, Level::Master] {
            let a = choose_with(&game, level, Budget::depth(3), 4, opts(true));
            let b = choose_with(&game, level, Budget::depth(3), 4, opts(false));
            assert_eq!(a, b, "{level:?} with {players} players");
        }
    }
}

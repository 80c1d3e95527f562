//! The solo crossing solver: its crossings are legal, its lower bound never
//! overestimates, and what it proves matches exhaustive search on small cases.

use starhop_ai::crossing::{
    Crossing, Limits, best_known, best_known_line, known_optimum, proven_lower_bound,
};
use starhop_ai::race;
use starhop_ai::{BotAction, Budget, Level, choose};
use starhop_engine::{Bitboard, FirstMoveMethod, Game, Hex, Hole, Preset, Rules};
use std::collections::{HashMap, VecDeque};

/// An independent move checker on coordinates alone: a step to a free
/// neighbour, or hops each over one marble to the free hole just beyond (or,
/// with long jumps, over a lone marble in the middle of a free line), never
/// landing twice on a hole; the end not in a foreign camp.
fn route_is_legal(size: u8, marbles: &[Hex], route: &[Hex], long: bool) -> bool {
    let n = size as i8;
    let on_star = |h: Hex| {
        let (q, r, s) = (h.q, h.r, h.s());
        (q >= -n && r >= -n && s >= -n) || (q <= n && r <= n && s <= n)
    };
    let from = route[0];
    let occupied = |h: Hex| h != from && marbles.contains(&h);
    let free = |h: Hex| on_star(h) && !occupied(h);
    let end = *route.last().unwrap();
    let (q, r, s) = (end.q, end.r, end.s());
    // Only the home camp (r > n), the target (r < -n) and the centre.
    let in_centre = q.abs() <= n && r.abs() <= n && s.abs() <= n;
    if !(in_centre || r > n || r < -n) || !marbles.contains(&from) || !free(end) {
        return false;
    }
    let dirs = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
    let along = |a: Hex, d: (i8, i8), k: i8| Hex::new(a.q + d.0 * k, a.r + d.1 * k);
    if route.len() == 2 && dirs.iter().any(|&d| along(from, d, 1) == end) {
        return true;
    }
    let mut seen = vec![from];
    for pair in route.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let hop = dirs.iter().any(|&d| {
            (1..=if long { 2 * n + 1 } else { 1 }).any(|k| {
                along(a, d, 2 * k) == b
                    && free(b)
                    && occupied(along(a, d, k))
                    && (1..2 * k).all(|i| i == k || free(along(a, d, i)))
            })
        });
        if !hop || seen.contains(&b) {
            return false;
        }
        seen.push(b);
    }
    true
}

fn replay_checked(c: &Crossing, routes: &[Vec<Hole>]) -> Bitboard {
    let board = c.board();
    let mut marbles = c.start();
    for route in routes {
        let hexes: Vec<Hex> = route.iter().map(|&h| board.hex(h)).collect();
        let held: Vec<Hex> = marbles.iter().map(|h| board.hex(h)).collect();
        assert!(
            route_is_legal(board.size, &held, &hexes, c.long_jumps()),
            "illegal by the simple checker: {hexes:?}"
        );
        let pos = c.position(marbles);
        assert!(
            pos.is_valid_route(route, c.long_jumps()),
            "illegal route {route:?}"
        );
        let (from, to) = (route[0], *route.last().unwrap());
        assert!(
            c.moves(marbles)
                .iter()
                .any(|m| m.from == from && m.to == to),
            "the engine does not offer {from} -> {to}"
        );
        marbles.remove(from);
        marbles.insert(to);
    }
    marbles
}

/// Exact distances to the target of every position within `depth` moves of
/// it, by breadth-first search back from the target (crossing moves can be
/// undone by a crossing move).
fn near_target(c: &Crossing, depth: u32) -> HashMap<Bitboard, u32> {
    let mut dist = HashMap::from([(c.target(), 0)]);
    let mut queue = VecDeque::from([c.target()]);
    while let Some(m) = queue.pop_front() {
        let d = dist[&m];
        if d == depth {
            continue;
        }
        for mv in c.moves(m) {
            let mut next = m;
            next.remove(mv.from);
            next.insert(mv.to);
            dist.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    dist
}

#[test]
fn the_lower_bound_never_exceeds_the_true_distance_near_the_target() {
    for long in [false, true] {
        let c = Crossing::new(3, long).unwrap();
        let dist = near_target(&c, 4);
        assert!(dist.len() > 1000, "{} positions", dist.len());
        for (m, d) in &dist {
            assert!(
                c.lower_bound(*m) <= *d,
                "bound {} > {d} for {m:?}",
                c.lower_bound(*m)
            );
        }
    }
}

#[test]
fn solving_near_the_target_proves_the_exhaustive_distance() {
    let c = Crossing::new(3, false).unwrap();
    let dist = near_target(&c, 4);
    // Every hundredth position, to keep the test quick.
    let ida_only = Limits {
        beam_width: Some(0),
        ..Limits::default()
    };
    for (m, d) in dist.iter().step_by(100) {
        let out = c.solve(*m, &ida_only);
        let s = out.solution.expect("solvable");
        assert!(s.proven);
        assert_eq!(s.routes.len() as u32, *d, "from {m:?}");
    }
}

#[test]
fn the_small_board_crossing_is_proven_and_legal() {
    let c = Crossing::new(3, false).unwrap();
    let out = c.solve(c.start(), &Limits::unlimited());
    let s = out.solution.unwrap();
    assert!(s.proven);
    assert_eq!(out.lower_bound as usize, s.routes.len());
    let end = replay_checked(&c, &s.routes);
    assert_eq!(end, c.target());
    assert_eq!(known_optimum(3, false), Some(s.routes.len() as u32));
}

/// The beam alone: no proof after it.
fn beam_only(width: usize, symmetry: u32) -> Limits {
    Limits {
        beam_width: Some(width),
        beam_symmetry: Some(symmetry),
        max_nodes: Some(0),
        ..Limits::default()
    }
}

#[test]
fn the_beam_meets_itself_in_the_middle_at_the_proven_optimum() {
    // Keeping 30 positions a move, a kept position 9 moves in is the
    // half-turn image of one kept 8 moves in: together, the proven 17.
    let c = Crossing::new(3, false).unwrap();
    let s = c.solve(c.start(), &beam_only(30, 0)).solution.unwrap();
    assert!(!s.proven, "the beam alone proves nothing");
    assert_eq!(replay_checked(&c, &s.routes), c.target());
    assert_eq!(Some(s.routes.len() as u32), known_optimum(3, false));
    // With long jumps, ranking nearly symmetric positions first is what
    // reaches the optimum with 100 positions (15 moves without).
    let c = Crossing::new(3, true).unwrap();
    let plain = c.solve(c.start(), &beam_only(100, 0)).solution.unwrap();
    let s = c.solve(c.start(), &beam_only(100, 2)).solution.unwrap();
    assert_eq!(replay_checked(&c, &s.routes), c.target());
    assert_eq!(Some(s.routes.len() as u32), known_optimum(3, true));
    assert!(plain.routes.len() > s.routes.len());
}

#[test]
fn every_known_line_is_a_legal_crossing_no_shorter_than_the_bound() {
    for size in [3, 4, 5] {
        for long in [false, true] {
            let c = Crossing::new(size, long).unwrap();
            let line = best_known_line(size, long).expect("a line for every board");
            assert_eq!(
                replay_checked(&c, &line),
                c.target(),
                "size {size} long {long}"
            );
            // The bound of the larger boards takes seconds to build: size 3's.
            if size == 3 {
                assert!(line.len() as u32 >= c.lower_bound(c.start()));
            }
            // The stored bound lies between the computed one and the line,
            // and meets the line exactly when the line is proven.
            let (moves, proven) = best_known(size, long).unwrap();
            let bound = proven_lower_bound(size, long).unwrap();
            assert!(bound <= moves, "size {size} long {long}");
            assert_eq!(proven, bound == moves, "size {size} long {long}");
            if size == 3 {
                assert!(bound >= c.lower_bound(c.start()));
            }
        }
    }
}

#[test]
fn the_moves_left_never_fall_below_the_proven_bound_less_the_moves_made() {
    let c = Crossing::new(3, true).unwrap();
    let proven = proven_lower_bound(3, true).unwrap();
    let line = best_known_line(3, true).unwrap();
    let mut marbles = c.start();
    for (made, route) in line.iter().enumerate() {
        let left = c.moves_left_at_least(marbles, made as u32);
        assert!(left >= proven - made as u32, "after {made} moves");
        assert!(left >= c.lower_bound(marbles));
        // On the proven line exactly what it still needs.
        assert_eq!(left, line.len() as u32 - made as u32, "after {made} moves");
        marbles.remove(route[0]);
        marbles.insert(*route.last().unwrap());
    }
    // Reached the long way round, only the position's own bound holds.
    assert_eq!(
        c.moves_left_at_least(c.start(), 40),
        c.lower_bound(c.start())
    );
    // The other seat's crossing is not the challenge from its start.
    let other = Crossing::for_seat(3, 1, true).unwrap();
    assert_eq!(
        other.moves_left_at_least(other.start(), 0),
        other.lower_bound(other.start())
    );
}

#[test]
fn the_stored_bounds_of_the_small_board_are_what_the_solver_proves() {
    for long in [false, true] {
        let c = Crossing::new(3, long).unwrap();
        let out = c.solve(c.start(), &Limits::unlimited());
        assert!(out.solution.is_some_and(|s| s.proven));
        assert_eq!(Some(out.lower_bound), proven_lower_bound(3, long));
    }
}

#[test]
fn a_hint_moves_towards_the_target() {
    let c = Crossing::new(3, false).unwrap();
    let line = best_known_line(3, false).unwrap();
    let mut marbles = c.start();
    // Ten moves in, a hint must leave exactly one move less than the optimum.
    for route in &line[..10] {
        marbles.remove(route[0]);
        marbles.insert(*route.last().unwrap());
    }
    let hint = c.hint(marbles, std::time::Duration::from_secs(30)).unwrap();
    assert!(hint.proven);
    assert_eq!(hint.remaining as usize, line.len() - 11);
    assert!(c.moves(marbles).contains(&hint.mv));
}

#[test]
fn a_crossing_that_cannot_finish_in_time_says_so() {
    let c = Crossing::new(3, false).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        beam_width: Some(0),
        ..Limits::default()
    };
    let out = c.solve(c.start(), &limits);
    assert!(out.solution.is_none());
    assert!(out.lower_bound <= 17);
}

/// A two-player position where the armies have passed: each side has its
/// target camp filled but for two marbles still in the centre (seat 1's
/// army is seat 0's turned half round).
fn race_game() -> Game {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Classic.rules().with_size(3)
    };
    let start = Game::new(rules.clone(), 2, 1).unwrap();
    let b = start.position().board();
    let turn = |h: Hex| Hex::new(-h.q, -h.r);
    let mut army: Vec<Hex> = start
        .position()
        .target(0)
        .iter()
        .map(|h| b.hex(h))
        .collect();
    // Out of the target's front row (r = -4) into the centre.
    army.retain(|h| !(h.r == -4 && h.q <= 2));
    army.extend([Hex::new(0, -1), Hex::new(1, -2)]);
    let mut pos = starhop_engine::Position::empty(b, 2).unwrap();
    for &h in &army {
        pos.place(0, b.hole(h).unwrap()).unwrap();
        pos.place(1, b.hole(turn(h)).unwrap()).unwrap();
    }
    Game::from_position(rules, pos, 0).unwrap()
}

#[test]
fn the_bot_plays_a_race_by_a_shortest_crossing() {
    let game = race_game();
    let pos = game.position();
    assert!(race::separated(pos, false));
    let lanes = race::race(pos, false, std::time::Duration::from_secs(30)).unwrap();
    assert!(lanes.iter().all(|l| l.exact));
    let d = lanes[0].moves;
    let chosen = choose(&game, Level::Master, Budget::depth(1), 1).action;
    let BotAction::Move(m) = chosen else {
        panic!("{chosen:?}")
    };
    let mut after = pos.clone();
    after.shift(0, m.from, m.to);
    let lane = race::lane(&after, 0, false, std::time::Duration::from_secs(30)).unwrap();
    assert_eq!(
        lane.moves + 1,
        d,
        "the bot's move leaves {} of {d}",
        lane.moves
    );
}

#[test]
fn armies_that_have_not_passed_are_no_race() {
    let game = Game::new(Preset::Classic.rules(), 2, 1).unwrap();
    assert!(!race::separated(game.position(), false));
    assert!(race::race(game.position(), false, std::time::Duration::from_secs(1)).is_none());
}

/// Limits whose stop flag is up before the search starts: only what needs
/// no search can answer.
fn stopped() -> Limits {
    Limits {
        stop: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        ))),
        ..Limits::default()
    }
}

#[test]
fn a_hint_from_the_start_of_a_proven_board_needs_no_search() {
    // Stopped before it starts: only the stored proven line can answer.
    let stopped = stopped();
    let c = Crossing::new(4, false).unwrap();
    let optimum = known_optimum(4, false).expect("27 is proven on the standard board");
    let hint = c.hint_until(c.start(), &stopped).expect("the stored line");
    assert!(hint.proven);
    assert_eq!(hint.remaining + 1, optimum);
    assert!(c.moves(c.start()).contains(&hint.mv));
    // The stored lines are seat 0's: seat 1's crossing must not borrow them.
    let other = Crossing::for_seat(4, 1, false).unwrap();
    if let Some(h) = other.hint_until(other.start(), &stopped) {
        assert!(other.moves(other.start()).contains(&h.mv));
    }
}

/// A hint never comes back empty, even with no time to search: along the
/// stored line (each one move shorter), along its mirror image, and off it
/// (a quick narrow search answers).
#[test]
fn a_hint_comes_on_the_stored_line_its_mirror_and_off_it_with_no_time_to_search() {
    let stopped = stopped();
    let c = Crossing::new(4, false).unwrap();
    let line = best_known_line(4, false).unwrap();
    let optimum = known_optimum(4, false).unwrap() as usize;
    // South to north: the mirror keeps r and swaps q and s.
    let mirror = |h: Hole| {
        let x = c.board().hex(h);
        c.board().hole(Hex::new(x.s(), x.r)).unwrap()
    };
    let (mut marbles, mut mirrored) = (c.start(), c.start());
    for (n, route) in line.iter().enumerate().take(12) {
        let hint = c.hint_until(marbles, &stopped).expect("on the line");
        assert_eq!(&hint.route, route, "move {n}");
        assert!(hint.proven);
        assert_eq!(hint.remaining as usize + n + 1, optimum);
        let seen = c
            .hint_until(mirrored, &stopped)
            .expect("on the mirror image");
        let image: Vec<Hole> = route.iter().map(|&h| mirror(h)).collect();
        // A position that is its own mirror image (the start) gets the line's move.
        let expected = if mirrored == marbles { route } else { &image };
        assert_eq!(&seen.route, expected, "mirrored move {n}");
        assert!(c.moves(mirrored).contains(&seen.mv));
        marbles.remove(route[0]);
        marbles.insert(*route.last().unwrap());
        mirrored.remove(image[0]);
        mirrored.insert(*image.last().unwrap());
    }
    // Off the line: a move the line does not play next.
    let next = &line[12];
    let other = c
        .moves(marbles)
        .into_iter()
        .find(|m| m.from != next[0] || m.to != *next.last().unwrap())
        .unwrap();
    marbles.remove(other.from);
    marbles.insert(other.to);
    let off = c
        .hint_until(marbles, &stopped)
        .expect("a quick line off the stored one");
    assert!(c.moves(marbles).contains(&off.mv));
    assert!(
        off.remaining as usize + 13 + 1 >= optimum,
        "never shorter than the optimum"
    );
}

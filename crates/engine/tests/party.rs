//! Party mode (RULES §8), one test per rule and per interaction that
//! docs/rules.md §8 decides, played through the public `Game` API.

mod common;
use common::*;
use starhop_engine::items::{MAX_HELD, OBSTACLE_TURNS};
use starhop_engine::testkit::{give_item, put_box};
use starhop_engine::*;

/// Plain rules (no anti-passive, no repetition limit, seat 0 first) with items on.
fn party_rules(size: u8) -> Rules {
    Rules {
        items: true,
        ..plain(size, 0)
    }
}

/// A two-player party game on the standard board from `pos`, seat 0 to move.
fn party_from(pos: Position, seed: u64) -> Game {
    Game::from_position_with_seed(party_rules(4), pos, 0, seed).unwrap()
}

fn b4() -> &'static Board {
    board(4)
}

/// Holes of seat 0's home camp: the front row of the bottom camp.
fn h(q: i8, r: i8) -> Hole {
    at(b4(), q, r)
}

/// Seat 0 with one marble on each of `zero`, seat 1 on each of `one`.
fn pos_with(zero: &[Hole], one: &[Hole]) -> Position {
    let mut p = Position::empty(b4(), 2).unwrap();
    for &x in zero {
        p.place(0, x).unwrap();
    }
    for &x in one {
        p.place(1, x).unwrap();
    }
    p
}

/// A game from `pos` where seat 0 holds `item`, with no boxes in the way of
/// `keep_free` (the seed is chosen so; the test says if it is not).
fn holding(pos: Position, item: Item, keep_free: &[Hole]) -> Game {
    let seed = (0..64)
        .find(|&s| {
            let g = party_from(pos.clone(), s);
            keep_free.iter().all(|&x| !g.boxes().contains(x))
        })
        .expect("a seed whose boxes stay clear");
    let mut g = party_from(pos, seed);
    give_item(&mut g, 0, item).unwrap();
    g
}

fn item_taken(events: &[Event]) -> Vec<(Seat, Item, bool)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::ItemTaken {
                seat, item, kept, ..
            } => Some((seat, item, kept)),
            _ => None,
        })
        .collect()
}

// ----- boxes -----

#[test]
fn rule_8_a_party_starts_with_one_box_per_player_on_free_centre_holes() {
    for players in [2, 3, 4, 6] {
        for seed in 0..20 {
            let rules = Rules {
                items: true,
                ..Rules::classic()
            };
            let g = Game::new(rules, players, seed).unwrap();
            let b = g.position().board();
            assert_eq!(g.boxes().count() as usize, players);
            assert_eq!(g.boxes() & !b.centre, Bitboard::EMPTY);
            assert_eq!(g.boxes() & !g.position().empty_holes(), Bitboard::EMPTY);
        }
    }
    let classic = Game::new(Rules::classic(), 2, 1).unwrap();
    assert!(classic.boxes().is_empty(), "no boxes without items");
}

#[test]
fn rule_8_a_new_box_comes_every_3_rounds_and_never_more_than_one_per_player() {
    let rules = Rules {
        items: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 5).unwrap();
    let mut placed_at = vec![];
    for _ in 0..40 {
        let events = g.play(quiet_move(&g)).unwrap();
        if events.iter().any(|e| matches!(e, Event::BoxPlaced { .. })) {
            placed_at.push(g.rounds());
        }
        assert!(g.boxes().count() <= 2, "at most one box per player");
    }
    assert!(
        placed_at.iter().all(|r| r % 3 == 0),
        "boxes come on rounds that are multiples of 3: {placed_at:?}"
    );
    // With box_every 0 only the start's boxes come.
    let rules = Rules {
        items: true,
        box_every: 0,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 5).unwrap();
    for _ in 0..40 {
        let events = g.play(quiet_move(&g)).unwrap();
        assert!(!events.iter().any(|e| matches!(e, Event::BoxPlaced { .. })));
    }
}

#[test]
fn rule_8_a_box_taken_is_replaced_on_the_next_third_round() {
    let rules = Rules {
        items: true,
        box_every: 1,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 9).unwrap();
    let target = g.boxes().first().unwrap();
    // Walk until some move lands on a box, then a new one comes next round.
    let mut took = false;
    for _ in 0..80 {
        let moves = g.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|m| g.boxes().contains(m.to))
            .unwrap_or_else(|| quiet_move(&g));
        let events = g.play(mv).unwrap();
        if !item_taken(&events).is_empty() {
            took = true;
            assert!(!g.boxes().contains(mv.to), "the box is gone once taken");
        }
    }
    assert!(took, "some move reached a box (first box on {target})");
    assert_eq!(g.boxes().count(), 2, "box_every 1 keeps the board stocked");
}

#[test]
fn rule_8_a_move_that_ends_on_a_box_takes_an_item_and_passing_over_does_not() {
    // Seat 0 jumps (0,0) → over (1,0) → (2,0) → over (3,-1) → (4,-2).
    let pos = pos_with(&[h(0, 0)], &[h(1, 0), h(3, -1), h(-3, -2)]);
    let mut g = party_from(pos.clone(), 0);
    for x in g.boxes().iter() {
        assert!(![h(2, 0), h(4, -2)].contains(&x));
    }
    put_box(&mut g, h(2, 0)).unwrap();
    put_box(&mut g, h(4, -2)).unwrap();
    let events = g.play_route(&[h(0, 0), h(2, 0), h(4, -2)]).unwrap();
    let taken = item_taken(&events);
    assert_eq!(taken.len(), 1, "{events:?}");
    assert_eq!(g.held(0).len(), 1);
    assert!(g.boxes().contains(h(2, 0)), "a box jumped through stays");
    assert!(!g.boxes().contains(h(4, -2)));
    let Some(Event::Moved { .. }) = events.first() else {
        panic!("the move comes first, then the pickup: {events:?}")
    };
}

#[test]
fn rule_8_items_are_drawn_equally_likely_from_the_games_generator() {
    let rules = Rules {
        items: true,
        box_every: 0,
        ..plain(4, 0)
    };
    let mut counts = [0u32; 6];
    let mut first = vec![];
    for seed in 0..12 {
        let mut g = Game::new(rules.clone(), 2, seed).unwrap();
        for _ in 0..50 {
            let mv = quiet_move(&g);
            if put_box(&mut g, mv.to).is_err() {
                g.play(mv).unwrap();
                continue;
            }
            let events = g.play(mv).unwrap();
            for (_, item, _) in item_taken(&events) {
                counts[item as usize] += 1;
                if seed == 0 {
                    first.push(item);
                }
            }
        }
    }
    let total: u32 = counts.iter().sum();
    assert!(total >= 500, "{total}");
    // Each item has probability 1/6: within 5 standard deviations.
    let expected = total as f64 / 6.0;
    let sd = (total as f64 * (1.0 / 6.0) * (5.0 / 6.0)).sqrt();
    for (i, &c) in counts.iter().enumerate() {
        assert!(
            (c as f64 - expected).abs() < 5.0 * sd,
            "{:?}: {c} of {total}",
            Item::ALL[i]
        );
    }
    // The same seed and moves draw the same items.
    let mut g = Game::new(rules, 2, 0).unwrap();
    let mut again = vec![];
    for _ in 0..50 {
        let mv = quiet_move(&g);
        if put_box(&mut g, mv.to).is_err() {
            g.play(mv).unwrap();
            continue;
        }
        again.extend(item_taken(&g.play(mv).unwrap()).iter().map(|t| t.1));
    }
    assert_eq!(again, first);
}

#[test]
fn rule_8_only_the_items_in_play_come_out_of_boxes() {
    let rules = Rules {
        items: true,
        item_set: ItemSet::NONE.with(Item::Swap).with(Item::Tornado),
        box_every: 0,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 3).unwrap();
    let mut seen = vec![];
    for _ in 0..40 {
        let mv = quiet_move(&g);
        let _ = put_box(&mut g, mv.to);
        seen.extend(item_taken(&g.play(mv).unwrap()).iter().map(|t| t.1));
    }
    assert!(seen.len() > 10);
    assert!(seen.iter().all(|i| [Item::Swap, Item::Tornado].contains(i)));
    let none = Rules {
        items: true,
        item_set: ItemSet::NONE,
        ..Rules::classic()
    };
    assert_eq!(none.validate(2), Err(RuleError::NoItemsInPlay));
}

#[test]
fn rule_8_a_player_holds_at_most_3_items_and_a_fourth_is_lost() {
    let pos = pos_with(&[h(0, 0)], &[h(-3, -2)]);
    let mut g = party_from(pos, 0);
    for item in [Item::Swap, Item::Tornado, Item::Roadblock] {
        give_item(&mut g, 0, item).unwrap();
    }
    assert_eq!(g.held(0).len(), MAX_HELD);
    let to = h(1, 0);
    if !g.boxes().contains(to) {
        put_box(&mut g, to).unwrap();
    }
    let events = g.play(Move { from: h(0, 0), to }).unwrap();
    let taken = item_taken(&events);
    assert_eq!(taken.len(), 1);
    assert!(!taken[0].2, "the fourth item is lost");
    assert_eq!(g.held(0), &[Item::Swap, Item::Tornado, Item::Roadblock]);
}

// ----- using items -----

#[test]
fn rule_8_items_are_refused_when_off_not_held_or_after_the_move() {
    let pos = pos_with(&[h(0, 0), h(0, 1)], &[h(-3, -2)]);
    let mut classic = Game::from_position(plain(4, 0), pos.clone(), 0).unwrap();
    let roadblock = ItemUse::Roadblock { hole: h(2, 0) };
    assert_eq!(classic.use_item(roadblock), Err(RuleError::ItemsOff));
    let mut g = holding(pos, Item::Roadblock, &[h(2, 0)]);
    assert_eq!(
        g.use_item(ItemUse::Tornado { centre: h(0, 0) }),
        Err(RuleError::ItemNotHeld(Item::Tornado))
    );
    // Give seat 0 a power marble: after the first move, no more items.
    give_item(&mut g, 0, Item::PowerMarble).unwrap();
    g.use_item(ItemUse::PowerMarble { marble: h(0, 0) })
        .unwrap();
    g.play(Move {
        from: h(0, 0),
        to: h(1, 0),
    })
    .unwrap();
    assert_eq!(g.use_item(roadblock), Err(RuleError::ItemAfterMove));
    assert!(g.item_uses().is_empty());
}

#[test]
fn rule_8_one_item_per_turn_but_the_power_marble_joins_one_other() {
    let pos = pos_with(&[h(0, 0), h(0, 1)], &[h(-3, -2)]);
    let mut g = holding(pos, Item::Roadblock, &[h(2, 0), h(-2, 0)]);
    give_item(&mut g, 0, Item::RoadWorker).unwrap();
    give_item(&mut g, 0, Item::PowerMarble).unwrap();
    g.use_item(ItemUse::Roadblock { hole: h(2, 0) }).unwrap();
    assert_eq!(
        g.use_item(ItemUse::RoadWorker { hole: h(-2, 0) }),
        Err(RuleError::ItemLimit)
    );
    g.use_item(ItemUse::PowerMarble { marble: h(0, 0) })
        .unwrap();
    assert_eq!(g.to_move(), 0, "items do not end the turn");
    assert_eq!(g.held(0), &[Item::RoadWorker]);
    // The next turn may use an item again.
    g.play(Move {
        from: h(0, 0),
        to: h(1, 0),
    })
    .unwrap();
    g.pass().unwrap();
    g.play(quiet_move(&g)).unwrap();
    assert!(
        g.item_error(ItemUse::RoadWorker { hole: h(-2, 0) })
            .is_none()
    );
}

#[test]
fn rule_8_roadblock_goes_on_an_empty_hole_outside_the_camps_within_3() {
    let pos = pos_with(&[h(0, 0), h(-1, 5)], &[h(1, 0), h(-3, -2)]);
    let g = holding(pos, Item::Roadblock, &[h(3, 0), h(0, -3)]);
    let ok = |hole| g.item_error(ItemUse::Roadblock { hole });
    assert_eq!(ok(h(3, 0)), None);
    assert_eq!(ok(h(0, -3)), None);
    assert_eq!(
        ok(h(0, -4)),
        Some(RuleError::ItemTarget(TargetProblem::FarFromYourMarbles))
    );
    assert_eq!(
        ok(h(1, 0)),
        Some(RuleError::ItemTarget(TargetProblem::NotEmpty))
    );
    assert_eq!(
        ok(h(-2, 6)),
        Some(RuleError::ItemTarget(TargetProblem::InACamp)),
        "not even in the user's own camp"
    );
    let uses = g.item_uses_of(Item::Roadblock);
    assert!(uses.iter().all(|u| ok(u.first_pick()).is_none()));
    let b = b4();
    let expected = b.centre.iter().filter(|&x| ok(x).is_none()).count();
    assert_eq!(uses.len(), expected, "every legal target is listed");
}

#[test]
fn rule_8_a_roadblock_is_a_wall_nothing_stops_on_or_jumps_over() {
    // Seat 0 on (0,0) could jump (1,0) to (2,0), or step to (1,-1).
    let pos = pos_with(&[h(0, 0)], &[h(1, 0), h(-3, -2)]);
    let mut g = holding(pos, Item::Roadblock, &[h(2, 0), h(1, -1)]);
    assert!(g.destinations(h(0, 0)).contains(h(2, 0)));
    g.use_item(ItemUse::Roadblock { hole: h(2, 0) }).unwrap();
    assert!(g.position().walls.contains(h(2, 0)));
    assert!(
        !g.destinations(h(0, 0)).contains(h(2, 0)),
        "no landing on a wall"
    );
    // A wall as the jumped piece: nothing jumps over it.
    let pos = pos_with(&[h(0, 0)], &[h(-3, -2)]);
    let mut g = holding(pos, Item::Roadblock, &[h(1, 0), h(2, 0)]);
    g.use_item(ItemUse::Roadblock { hole: h(1, 0) }).unwrap();
    assert!(
        !g.destinations(h(0, 0)).contains(h(2, 0)),
        "no jumping a wall"
    );
}

#[test]
fn rule_8_a_wall_on_a_long_jump_line_spoils_the_jump() {
    let rules = Rules {
        long_jumps: true,
        items: true,
        ..plain(4, 0)
    };
    // (2,2) is seat 0's marble near enough to place the roadblock.
    let pos = pos_with(&[h(-3, 0), h(2, 2)], &[h(0, 0), h(-3, -2)]);
    let clear: Vec<Hole> = (-2..=3).map(|q| h(q, 0)).collect();
    let seed = (0..64)
        .find(|&s| {
            let g = Game::from_position_with_seed(rules.clone(), pos.clone(), 0, s).unwrap();
            clear.iter().all(|&x| !g.boxes().contains(x))
        })
        .unwrap();
    let mut g = Game::from_position_with_seed(rules, pos, 0, seed).unwrap();
    assert!(g.destinations(h(-3, 0)).contains(h(3, 0)), "a long jump");
    give_item(&mut g, 0, Item::Roadblock).unwrap();
    g.use_item(ItemUse::Roadblock { hole: h(2, 0) }).unwrap();
    assert!(
        !g.destinations(h(-3, 0)).contains(h(3, 0)),
        "a wall in the far half breaks the symmetry"
    );
}

#[test]
fn rule_8_a_road_worker_is_jumped_but_never_landed_on_or_moved() {
    let pos = pos_with(&[h(0, 0), h(1, 1)], &[h(-3, -2)]);
    let mut g = holding(pos, Item::RoadWorker, &[h(1, 0), h(2, 0), h(3, 0), h(4, 0)]);
    g.use_item(ItemUse::RoadWorker { hole: h(1, 0) }).unwrap();
    assert!(g.position().virtuals.contains(h(1, 0)));
    let d = g.destinations(h(0, 0));
    assert!(d.contains(h(2, 0)), "jumped like a marble");
    assert!(!d.contains(h(1, 0)), "never landed on");
    assert!(g.destinations(h(1, 0)).is_empty(), "never moved");
    assert!(
        g.position().owner(h(1, 0)).is_none(),
        "not anybody's marble"
    );
    // A virtual marble inside a chain: over it to (2,0), then over the
    // marble on (3,0) to (4,0).
    let pos = pos_with(&[h(0, 0), h(3, 0)], &[h(-3, -2)]);
    let mut chain = holding(pos, Item::RoadWorker, &[h(1, 0), h(2, 0), h(4, 0)]);
    chain
        .use_item(ItemUse::RoadWorker { hole: h(1, 0) })
        .unwrap();
    assert!(chain.destinations(h(0, 0)).contains(h(4, 0)));
    chain
        .play(Move {
            from: h(0, 0),
            to: h(4, 0),
        })
        .unwrap();
    assert_eq!(
        chain.actions().last().map(|a| match a {
            Action::Move { route, .. } => route.clone(),
            _ => vec![],
        }),
        Some(vec![h(0, 0), h(2, 0), h(4, 0)]),
        "the chain hops over the road worker, then the marble"
    );
    assert!(chain.position().virtuals.contains(h(1, 0)));
}

#[test]
fn rule_8_obstacles_go_when_the_users_own_turn_comes_round_the_third_time() {
    let pos = pos_with(&[h(0, 0), h(-1, 5)], &[h(-3, -2), h(1, -5)]);
    let mut g = holding(pos, Item::Roadblock, &[h(2, 0)]);
    g.use_item(ItemUse::Roadblock { hole: h(2, 0) }).unwrap();
    assert_eq!(g.obstacles()[0].turns_left, OBSTACLE_TURNS);
    let mut gone_after = None;
    for turn in 1..=8 {
        let events = g.play(quiet_move(&g)).unwrap();
        if events.iter().any(|e| {
            *e == Event::ObstacleGone {
                hole: h(2, 0),
                item: Item::Roadblock,
            }
        }) {
            gone_after = Some(turn);
            break;
        }
        assert!(g.position().walls.contains(h(2, 0)));
    }
    // Seat 0 placed it and moves [1]; seat 1 moves [2], then seat 0's turn
    // comes round (1st); [4] (2nd); [6] (3rd): gone as that turn starts, so
    // the opponent met it in three of their turns (2, 4 and 6).
    assert_eq!(gone_after, Some(6));
    assert!(g.obstacles().is_empty());
    assert!(!g.position().walls.contains(h(2, 0)));
}

#[test]
fn rule_8_the_power_marble_makes_two_full_moves_and_others_wait() {
    let pos = pos_with(&[h(0, 0), h(-2, 2)], &[h(1, 0), h(-3, -2)]);
    let mut g = holding(pos, Item::PowerMarble, &[h(2, 0), h(2, -1)]);
    g.use_item(ItemUse::PowerMarble { marble: h(0, 0) })
        .unwrap();
    assert_eq!(g.power_marble(), Some(h(0, 0)));
    assert!(g.legal_moves().iter().all(|m| m.from == h(0, 0)));
    let other = Move {
        from: h(-2, 2),
        to: h(-2, 1),
    };
    assert_eq!(g.why_not(other), Some(RuleError::PowerMarbleOnly(h(0, 0))));
    assert_eq!(g.play(other), Err(RuleError::PowerMarbleOnly(h(0, 0))));
    g.play(Move {
        from: h(0, 0),
        to: h(2, 0),
    })
    .unwrap();
    assert_eq!(g.to_move(), 0, "the second move is still to come");
    assert_eq!(g.player(0).turns, 0, "one turn, counted once at its end");
    assert_eq!(g.power_marble(), Some(h(2, 0)));
    g.play(Move {
        from: h(2, 0),
        to: h(2, -1),
    })
    .unwrap();
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.player(0).turns, 1);
    assert_eq!(g.power_marble(), None);
    assert_eq!(
        g.player(0).last_move,
        Some(Move {
            from: h(0, 0),
            to: h(2, -1)
        }),
        "the repetition rule sees the turn's move as a whole"
    );
}

#[test]
fn rule_8_a_power_marble_turn_may_stop_after_one_move() {
    let pos = pos_with(&[h(0, 0)], &[h(-3, -2)]);
    let mut g = holding(pos, Item::PowerMarble, &[h(1, 0)]);
    g.use_item(ItemUse::PowerMarble { marble: h(0, 0) })
        .unwrap();
    assert!(
        !g.can_pass(),
        "before the first move passing is the usual rule"
    );
    g.play(Move {
        from: h(0, 0),
        to: h(1, 0),
    })
    .unwrap();
    assert!(g.can_pass());
    g.pass().unwrap();
    assert_eq!(g.to_move(), 1);
}

#[test]
fn rule_8_finishing_with_the_power_marbles_first_move_ends_the_turn() {
    let b = b4();
    let mut pos = Position::empty(b, 2).unwrap();
    let finish = near_finish(&mut pos, 0);
    fill_centre(&mut pos, 1, Bitboard::single(finish.from));
    let mut g = holding(pos, Item::PowerMarble, &[finish.to]);
    g.use_item(ItemUse::PowerMarble {
        marble: finish.from,
    })
    .unwrap();
    let events = g.play(finish).unwrap();
    assert!(
        events.contains(&Event::Finished { seat: 0, turns: 1 }),
        "{events:?}"
    );
    assert_eq!(g.power_marble(), None, "the second move is dropped");
    assert_eq!(
        g.to_move(),
        1,
        "the turn ended (equal moves: seat 1 replies)"
    );
}

#[test]
fn rule_8_the_flying_wing_carries_an_own_marble_up_to_4_holes_to_an_empty_one() {
    let pos = pos_with(&[h(0, 0), h(-1, 5)], &[h(1, 0), h(-3, -2)]);
    let mut g = holding(pos, Item::FlyingWing, &[h(4, 0), h(0, -4), h(0, 4)]);
    let wing = |marble, to| ItemUse::FlyingWing { marble, to };
    assert_eq!(
        g.item_error(wing(h(0, 0), h(1, 0))),
        Some(RuleError::ItemTarget(TargetProblem::LandingTaken))
    );
    assert_eq!(
        g.item_error(wing(h(1, 0), h(2, 0))),
        Some(RuleError::NotYourMarble(h(1, 0)))
    );
    // (0,-4) is 4 holes from (0,0); (3,0) is 5 from (-1,5).
    assert_eq!(g.item_error(wing(h(0, 0), h(0, -4))), None);
    assert_eq!(
        g.item_error(wing(h(-1, 5), h(3, 0))),
        Some(RuleError::ItemTarget(TargetProblem::TooFarToFly))
    );
    let events = g.use_item(wing(h(0, 0), h(0, -4))).unwrap();
    assert_eq!(
        events[0],
        Event::ItemUsed {
            seat: 0,
            item_use: wing(h(0, 0), h(0, -4)),
            change: Some(MarbleChange::Fly {
                seat: 0,
                from: h(0, 0),
                to: h(0, -4)
            })
        }
    );
    assert!(g.position().marbles(0).contains(h(0, -4)));
    assert_eq!(g.to_move(), 0, "the move is still to come");
}

#[test]
fn rule_8_no_item_leaves_a_marble_in_a_foreign_camp() {
    // Seat 0's camps are the bottom (home) and the top (target); the four
    // side camps are foreign. (4,0) is on the centre's edge next to one.
    let b = b4();
    let foreign = b.any_camp()
        & !(Position::empty(b, 2).unwrap().home(0))
        & !(Position::empty(b, 2).unwrap().target(0));
    let pos = pos_with(&[h(4, 0)], &[h(-3, -2), h(3, 0)]);
    let g = holding(pos.clone(), Item::FlyingWing, &[]);
    let into = g
        .item_uses_of(Item::FlyingWing)
        .iter()
        .filter(|u| foreign.contains(u.second_pick().unwrap()))
        .count();
    assert_eq!(into, 0, "no flight ends in a foreign camp");
    let near_foreign = (b.within(h(4, 0), 4) & foreign & pos.empty_holes())
        .first()
        .unwrap();
    assert_eq!(
        g.item_error(ItemUse::FlyingWing {
            marble: h(4, 0),
            to: near_foreign
        }),
        Some(RuleError::ItemTarget(TargetProblem::ForeignCamp))
    );
}

#[test]
fn rule_8_locked_in_target_marbles_are_not_flown_or_swapped_out() {
    let rules = Rules {
        items: true,
        locked_in_target: true,
        ..plain(4, 0)
    };
    let tip = h(4, -8);
    let pos = pos_with(&[tip, h(0, 0)], &[h(3, -4), h(-3, -2)]);
    let mut g = Game::from_position_with_seed(rules, pos, 0, 0).unwrap();
    give_item(&mut g, 0, Item::FlyingWing).unwrap();
    give_item(&mut g, 0, Item::Swap).unwrap();
    assert!(g.position().target(0).contains(tip));
    let out_of_target = h(2, -4);
    assert_eq!(
        g.item_error(ItemUse::FlyingWing {
            marble: tip,
            to: out_of_target
        }),
        Some(RuleError::LockedInTarget(tip))
    );
    assert_eq!(
        g.item_error(ItemUse::Swap {
            marble: tip,
            other: h(3, -4)
        }),
        Some(RuleError::LockedInTarget(tip))
    );
}

#[test]
fn rule_8_swap_trades_an_own_marble_with_another_players_within_4() {
    let pos = pos_with(&[h(0, 0), h(-1, 0)], &[h(2, -2), h(-3, -2)]);
    let mut g = holding(pos, Item::Swap, &[]);
    let swap = |marble, other| ItemUse::Swap { marble, other };
    assert_eq!(
        g.item_error(swap(h(0, 0), h(-1, 0))),
        Some(RuleError::ItemTarget(TargetProblem::NotAnotherPlayers))
    );
    assert_eq!(
        g.item_error(swap(h(0, 0), h(-3, -2))),
        Some(RuleError::ItemTarget(TargetProblem::TooFarToSwap)),
        "5 holes apart"
    );
    let events = g.use_item(swap(h(0, 0), h(2, -2))).unwrap();
    assert_eq!(g.position().owner(h(0, 0)), Some(1));
    assert_eq!(g.position().owner(h(2, -2)), Some(0));
    let Event::ItemUsed { change, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!(
        *change,
        Some(MarbleChange::Swap {
            a: h(0, 0),
            b: h(2, -2)
        })
    );
}

#[test]
fn rule_8_swap_with_a_team_mate_is_allowed() {
    let rules = Rules {
        items: true,
        teams: Teams::TwoVsTwo,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 4, 0).unwrap();
    let teams = g.teams().unwrap().to_vec();
    let mate = (1..4).find(|&s| teams[s] == teams[0]).unwrap() as Seat;
    // Bring both into the centre: find a seat-0 marble and a mate's marble
    // within 4 by playing quiet moves until there is one.
    give_item(&mut g, 0, Item::Swap).unwrap();
    for _ in 0..200 {
        if g.to_move() == 0 {
            let with_mate = g
                .item_uses_of(Item::Swap)
                .into_iter()
                .find(|u| g.position().owner(u.second_pick().unwrap()) == Some(mate));
            if let Some(u) = with_mate {
                g.use_item(u).unwrap();
                assert_eq!(g.position().owner(u.first_pick()), Some(mate));
                return;
            }
        }
        g.play(quiet_move(&g)).unwrap();
    }
    panic!("the team-mates never came within 4 holes");
}

#[test]
fn rule_8_the_tornado_shuffles_the_marbles_of_seven_holes_outside_the_camps() {
    let centre = h(0, 0);
    let ring: Vec<Hole> = b4().neighbour[centre as usize].to_vec();
    let pos = pos_with(&[centre, ring[0], h(-1, 5)], &[ring[2], ring[3], h(-3, -2)]);
    let mut g = holding(pos.clone(), Item::Tornado, &ring);
    // A hole next to a camp has neighbours in the camp: no room.
    assert_eq!(
        g.item_error(ItemUse::Tornado { centre: h(0, 4) }),
        Some(RuleError::ItemTarget(TargetProblem::NoRoomForTornado))
    );
    assert_eq!(
        g.item_error(ItemUse::Tornado { centre: h(2, -3) }),
        Some(RuleError::ItemTarget(TargetProblem::NothingToLift))
    );
    let area = g.tornado_area(centre).unwrap();
    let mut twin = g.clone();
    let events = g.use_item(ItemUse::Tornado { centre }).unwrap();
    let after = g.position();
    for s in 0..2 {
        assert_eq!(
            (after.marbles(s) & area).count(),
            (pos.marbles(s) & area).count(),
            "each seat keeps its marbles inside the area"
        );
        assert_eq!(after.marbles(s) & !area, pos.marbles(s) & !area);
    }
    let Event::ItemUsed {
        change: Some(MarbleChange::Shuffle { moves }),
        ..
    } = &events[0]
    else {
        panic!("{events:?}")
    };
    assert_eq!(moves.len(), 4, "every marble of the area is lifted");
    // The game's generator decides: the same state shuffles the same way.
    twin.use_item(ItemUse::Tornado { centre }).unwrap();
    assert_eq!(twin.position(), g.position());
}

#[test]
fn rule_8_a_marble_an_item_drops_on_a_box_takes_it() {
    let pos = pos_with(&[h(0, 0)], &[h(-3, -2)]);
    let mut g = holding(pos, Item::FlyingWing, &[h(0, -3)]);
    put_box(&mut g, h(0, -3)).unwrap();
    let events = g
        .use_item(ItemUse::FlyingWing {
            marble: h(0, 0),
            to: h(0, -3),
        })
        .unwrap();
    assert_eq!(item_taken(&events).len(), 1, "{events:?}");
    assert!(!g.boxes().contains(h(0, -3)));
    // Roadblocks and road workers may not go on a box.
    g.play(Move {
        from: h(0, -3),
        to: h(0, -2),
    })
    .unwrap();
    g.play(quiet_move(&g)).unwrap();
    give_item(&mut g, 0, Item::Roadblock).unwrap();
    let free = h(1, -3);
    if !g.boxes().contains(free) {
        put_box(&mut g, free).unwrap();
    }
    assert_eq!(
        g.item_error(ItemUse::Roadblock { hole: free }),
        Some(RuleError::ItemTarget(TargetProblem::NotEmpty))
    );
}

// ----- interactions with the other rules -----

#[test]
fn rule_8_a_marble_flown_out_of_home_counts_for_the_anti_passive_rule() {
    let rules = Rules {
        items: true,
        anti_passive: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 0).unwrap();
    let home = g.position().home(0);
    let before = g.position().out_of_home(0);
    give_item(&mut g, 0, Item::FlyingWing).unwrap();
    let u = g
        .item_uses_of(Item::FlyingWing)
        .into_iter()
        .find(|u| home.contains(u.first_pick()) && !home.contains(u.second_pick().unwrap()))
        .unwrap();
    g.use_item(u).unwrap();
    assert_eq!(g.position().out_of_home(0), before + 1);
    assert_eq!(g.player(0).turns, 0, "an item is no turn");
}

#[test]
fn rule_8_item_time_counts_in_the_turn() {
    let rules = Rules {
        items: true,
        time_bank_ms: Some(60_000),
        move_limit_ms: Some(10_000),
        ..plain(4, 0)
    };
    let pos = pos_with(&[h(0, 0), h(-1, 5)], &[h(-3, -2)]);
    let mut g = Game::from_position_with_seed(rules, pos, 0, 0).unwrap();
    give_item(&mut g, 0, Item::PowerMarble).unwrap();
    g.tick(3_000);
    g.use_item(ItemUse::PowerMarble { marble: h(0, 0) })
        .unwrap();
    assert_eq!(g.state().turn_ms, 3_000, "the clock runs on after an item");
    g.tick(4_000);
    assert_eq!(g.move_time_left(), Some(3_000));
    g.play(Move {
        from: h(0, 0),
        to: h(1, 0),
    })
    .unwrap();
    assert_eq!(
        g.bank_left(0),
        Some(53_000),
        "the bank paid for item and move"
    );
    // The clock tells a late item from a timely one.
    let mut late = g.clone();
    late.tick(9_999);
    give_item(&mut late, 0, Item::Roadblock).unwrap();
    assert!(late.use_item(ItemUse::Roadblock { hole: h(3, 0) }).is_err());
}

#[test]
fn rule_8_undo_takes_an_item_use_back_exactly_and_reports_the_marbles_going_back() {
    let pos = pos_with(&[h(0, 0), h(-1, 0)], &[h(2, -2), h(-3, -2)]);
    let mut g = holding(pos, Item::Swap, &[]);
    give_item(&mut g, 0, Item::FlyingWing).unwrap();
    let before = g.state().clone();
    g.use_item(ItemUse::Swap {
        marble: h(0, 0),
        other: h(2, -2),
    })
    .unwrap();
    let back = g.undo().unwrap();
    assert_eq!(g.state(), &before);
    assert_eq!(
        back,
        vec![MarbleChange::Swap {
            a: h(0, 0),
            b: h(2, -2)
        }]
    );
    let events = g.redo().unwrap();
    assert!(matches!(events[0], Event::ItemUsed { .. }));
    g.undo().unwrap();
    g.use_item(ItemUse::FlyingWing {
        marble: h(-1, 0),
        to: h(-1, -3),
    })
    .unwrap();
    let back = g.undo().unwrap();
    assert_eq!(
        back,
        vec![MarbleChange::Fly {
            seat: 0,
            from: h(-1, -3),
            to: h(-1, 0)
        }]
    );
    assert_eq!(g.held(0), &[Item::Swap, Item::FlyingWing]);
}

#[test]
fn rule_8_item_uses_are_recorded_by_name_and_replay_exactly() {
    // Boxes hold only tornadoes here, so the first box taken gives one.
    let rules = Rules {
        items: true,
        item_set: ItemSet::NONE.with(Item::Tornado),
        box_every: 1,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 2, 7).unwrap();
    for _ in 0..200 {
        if let Some(&u) = g.item_uses().first() {
            g.use_item(u).unwrap();
            break;
        }
        let moves = g.legal_moves();
        let mv = moves
            .iter()
            .copied()
            .find(|m| g.boxes().contains(m.to))
            .unwrap_or_else(|| quiet_move(&g));
        g.play(mv).unwrap();
    }
    assert!(g.last_item_use().is_some(), "a tornado was found and used");
    g.play(quiet_move(&g)).unwrap();
    let record = Record::of(&g, vec![]);
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.contains(r#""use":{"item":"tornado""#),
        "item names in the record: {json}"
    );
    let back: Record = serde_json::from_str(&json).unwrap();
    let replayed = back.replay().unwrap();
    assert_eq!(replayed.state(), g.state());
    for item in Item::ALL {
        assert_eq!(item.name().parse::<Item>(), Ok(item));
        let json = serde_json::to_string(&item).unwrap();
        assert_eq!(json, format!("\"{}\"", item.name()));
    }
    assert!("teleport".parse::<Item>().is_err());
}

#[test]
fn rule_8_every_legal_item_use_is_listed_and_every_other_refused() {
    // A crowded mid-game where seat 0 holds every item kind in turn.
    let rules = Rules {
        items: true,
        ..plain(4, 0)
    };
    let mut g = Game::new(rules, 3, 4).unwrap();
    for _ in 0..30 {
        g.play(quiet_move(&g)).unwrap();
    }
    let n = g.position().board().len() as Hole;
    let seat = g.to_move();
    for item in Item::ALL {
        let mut h2 = g.clone();
        give_item(&mut h2, seat, item).unwrap();
        let listed: std::collections::HashSet<ItemUse> =
            h2.item_uses_of(item).into_iter().collect();
        let mut legal = std::collections::HashSet::new();
        for a in 0..n {
            let candidates: Vec<ItemUse> = match item {
                Item::Roadblock => vec![ItemUse::Roadblock { hole: a }],
                Item::RoadWorker => vec![ItemUse::RoadWorker { hole: a }],
                Item::PowerMarble => vec![ItemUse::PowerMarble { marble: a }],
                Item::Tornado => vec![ItemUse::Tornado { centre: a }],
                Item::FlyingWing => (0..n)
                    .map(|to| ItemUse::FlyingWing { marble: a, to })
                    .collect(),
                Item::Swap => (0..n)
                    .map(|other| ItemUse::Swap { marble: a, other })
                    .collect(),
            };
            for u in candidates {
                if h2.item_error(u).is_none() {
                    legal.insert(u);
                } else {
                    let before = h2.state().clone();
                    assert!(h2.use_item(u).is_err());
                    assert_eq!(h2.state(), &before, "a refused use changes nothing");
                }
            }
        }
        assert_eq!(listed, legal, "{item:?}");
        assert!(!listed.is_empty(), "{item:?} has some use here");
    }
}

//! The bots against the rules: legal actions everywhere, finishes taken,
//! passes only when forced, determinism under depth limits, and strength.
//! No test depends on timing.

use proptest::prelude::*;
use starhop_ai::{BotAction, Budget, Level, choose, greedy_move};
use starhop_engine::testkit::forward_game;
use starhop_engine::{Bitboard, Board, FirstMoveMethod, Game, Move, Position, Rng, Rules, Seat};

fn rules(size: u8, long_jumps: bool, foreign: bool, locked: bool) -> Rules {
    Rules {
        long_jumps,
        no_stopping_in_foreign_camps: foreign,
        locked_in_target: locked,
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic().with_size(size)
    }
}

/// A game after `plies` random forward-leaning moves (the engine's test kit).
fn random_game(rules: Rules, players: usize, plies: usize, seed: u64) -> Game {
    forward_game(rules, players, seed, plies)
}

fn check_legal(game: &Game, level: Level, budget: Budget, seed: u64) -> Result<(), TestCaseError> {
    if game.is_over() {
        return Ok(());
    }
    let d = choose(game, level, budget, seed);
    match d.action {
        BotAction::Move(m) => prop_assert!(game.is_legal(m), "{m:?} is not legal"),
        BotAction::Pass => prop_assert!(game.legal_moves().is_empty(), "passed with legal moves"),
        BotAction::Item(u) => prop_assert!(game.item_error(u).is_none(), "{u:?} is not legal"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn every_level_returns_a_legal_action(
        players_i in 0usize..4, size in 3u8..=5, plies in 0usize..120, seed in 0u64..1000,
        long in any::<bool>(), foreign in any::<bool>(), locked in any::<bool>(), level_i in 0usize..5,
    ) {
        let players = [2, 3, 4, 6][players_i];
        let game = random_game(rules(size, long, foreign, locked), players, plies, seed);
        let level = Level::ALL[level_i];
        // Small limits keep the test fast; the search is the same at any depth.
        let budget = Budget { max_depth: Some(2), max_nodes: Some(4000), ..Budget::default() };
        check_legal(&game, level, budget, seed)?;
    }
}

#[test]
fn levels_parse_by_name_in_any_case_and_have_growing_times() {
    for l in Level::ALL {
        assert_eq!(l.name().to_uppercase().parse::<Level>().unwrap(), l);
        assert_eq!(l.name().to_lowercase().parse::<Level>().unwrap(), l);
    }
    assert!("greedy".parse::<Level>().is_err());
    assert!(
        Level::ALL
            .windows(2)
            .all(|w| w[0].think_ms() < w[1].think_ms())
    );
    let json = serde_json::to_string(&Level::Hard).unwrap();
    assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), Level::Hard);
}

/// Seat 0's target full but for one hole, with one marble a step away.
fn one_step_from_finishing() -> (Game, Move) {
    let b = Board::get(4).unwrap();
    let mut pos = Position::empty(b, 2).unwrap();
    let target = pos.target(0);
    let holes: Vec<u8> = target.iter().collect();
    // Leave out a hole on the target's base row that touches the centre.
    let gap = holes
        .iter()
        .copied()
        .find(|&h| {
            b.neighbour[h as usize]
                .iter()
                .any(|&x| x != u8::MAX && b.centre.contains(x))
        })
        .unwrap();
    for &h in &holes {
        if h != gap {
            pos.place(0, h).unwrap();
        }
    }
    let outside = b.neighbour[gap as usize]
        .iter()
        .copied()
        .find(|&x| x != u8::MAX && b.centre.contains(x))
        .unwrap();
    pos.place(0, outside).unwrap();
    // Seat 1 somewhere out of the way: the southern half of the centre.
    let mut south: Vec<u8> = b.centre.iter().collect();
    south.sort_by_key(|&h| -b.hex(h).r);
    for &h in south.iter().take(10) {
        pos.place(1, h).unwrap();
    }
    let rules = Rules {
        anti_passive: false,
        ..rules(4, false, true, false)
    };
    let game = Game::from_position(rules, pos, 0).unwrap();
    (
        game,
        Move {
            from: outside,
            to: gap,
        },
    )
}

#[test]
fn every_level_takes_a_one_move_finish() {
    let (game, finish) = one_step_from_finishing();
    for level in Level::ALL {
        for seed in 0..5 {
            let d = choose(&game, level, Budget::depth(3), seed);
            assert_eq!(d.action, BotAction::Move(finish), "{level:?} seed {seed}");
        }
    }
}

#[test]
fn passes_only_when_no_move_is_left() {
    let b = Board::get(3).unwrap();
    let mut pos = Position::empty(b, 2).unwrap();
    // Seat 1's only marble on the tip of camp 1, walled in by seat 0's marbles
    // on its neighbours and on every jump landing.
    let tip = b.camps[1]
        .iter()
        .max_by_key(|&h| b.hex(h).distance(starhop_engine::Hex::new(0, 0)))
        .unwrap();
    pos.place(1, tip).unwrap();
    for d in 0..6 {
        for x in [b.neighbour[tip as usize][d], b.jump[tip as usize][d]] {
            if x != u8::MAX && !pos.all_marbles().contains(x) {
                pos.place(0, x).unwrap();
            }
        }
    }
    let quiet = Rules {
        anti_passive: false,
        deadlock_adjudication: false,
        ..rules(3, false, true, false)
    };
    let game = Game::from_position(quiet, pos, 1).unwrap();
    assert!(!game.is_over() && game.legal_moves().is_empty());
    for level in Level::ALL {
        assert_eq!(
            choose(&game, level, Budget::depth(2), 1).action,
            BotAction::Pass
        );
    }
    // With pass_allowed and moves available, the bots still move.
    let allowed = Rules {
        pass_allowed: true,
        ..rules(3, false, true, false)
    };
    let game = Game::new(allowed, 2, 0).unwrap();
    for level in Level::ALL {
        assert!(matches!(
            choose(&game, level, Budget::depth(2), 1).action,
            BotAction::Move(_)
        ));
    }
}

#[test]
fn depth_limited_choices_are_deterministic() {
    for players in [2, 3, 6] {
        let game = random_game(rules(4, false, true, false), players, 30, 5);
        for level in Level::ALL {
            let a = choose(&game, level, Budget::depth(3), 9);
            let b = choose(&game, level, Budget::depth(3), 9);
            assert_eq!(a, b, "{level:?} with {players} players");
        }
    }
}

#[test]
fn the_deeper_levels_search_deeper() {
    let game = random_game(rules(4, false, true, false), 2, 20, 3);
    let medium = choose(&game, Level::Medium, Budget::default(), 1);
    let hard = choose(&game, Level::Hard, Budget::default(), 1);
    assert_eq!(medium.depth, 2);
    assert_eq!(hard.depth, 4);
    assert!(hard.nodes > medium.nodes);
}

#[test]
fn bots_leave_home_in_time_for_the_anti_passive_rule() {
    // Two Medium bots on the standard board: nobody loses to the rule.
    let mut game = Game::new(rules(4, false, true, false), 2, 0).unwrap();
    let mut ply = 0;
    while !game.is_over() && ply < 90 {
        let d = choose(&game, Level::Medium, Budget::default(), ply);
        match d.action {
            BotAction::Move(m) => game.play(m).unwrap(),
            BotAction::Pass => game.pass().unwrap(),
            BotAction::Item(u) => game.use_item(u).unwrap(),
        };
        ply += 1;
    }
    for seat in 0..2 as Seat {
        let status = game.player(seat).status;
        assert!(
            matches!(
                status,
                starhop_engine::Status::Playing | starhop_engine::Status::Finished { .. }
            ),
            "seat {seat}: {status:?}"
        );
    }
}

/// Plays one small-board game, Hard (depth 3) against greedy; true if Hard wins.
fn hard_vs_greedy(seed: u64) -> bool {
    let hard_seat = (seed % 2) as Seat;
    let mut game = Game::new(rules(3, false, true, false), 2, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    while !game.is_over() && plies < 300 {
        let seat = game.to_move();
        if seat == hard_seat {
            match choose(&game, Level::Hard, Budget::depth(3), seed).action {
                BotAction::Move(m) => game.play(m).unwrap(),
                BotAction::Pass => game.pass().unwrap(),
                BotAction::Item(u) => game.use_item(u).unwrap(),
            };
        } else {
            match greedy_move(&game, &mut rng) {
                Some(m) => game.play(m).unwrap(),
                None => game.pass().unwrap(),
            };
        }
        plies += 1;
    }
    game.outcome().is_some_and(|o| {
        o.places[hard_seat as usize] == 1 && o.places.iter().filter(|&&p| p == 1).count() == 1
    })
}

#[test]
fn hard_beats_greedy_in_most_small_board_games() {
    let wins = (0..12).filter(|&s| hard_vs_greedy(s)).count();
    assert!(wins >= 10, "Hard won {wins} of 12");
}

#[test]
fn clocks_cap_the_time_budget() {
    // The cap is arithmetic on the game's clocks, not a measurement: a fifth
    // of the move limit (at least 100 ms) is kept back, and the bank is spread
    // over 30 moves less 20 ms.
    let rules = Rules {
        move_limit_ms: Some(1000),
        ..rules(4, false, true, false)
    };
    let mut game = Game::new(rules, 2, 0).unwrap();
    let t = starhop_ai::time_allowed(&game, &Budget::time_ms(5000)).unwrap();
    assert_eq!(t.as_millis(), 800);
    // A shorter budget is kept; time already used this turn counts.
    let t = starhop_ai::time_allowed(&game, &Budget::time_ms(300)).unwrap();
    assert_eq!(t.as_millis(), 300);
    game.tick(600);
    let t = starhop_ai::time_allowed(&game, &Budget::time_ms(5000)).unwrap();
    assert_eq!(t.as_millis(), 300, "400 ms left, 100 ms kept back");
    let banked = Rules {
        time_bank_ms: Some(60_000),
        ..Rules::classic()
    };
    let game = Game::new(banked, 2, 0).unwrap();
    let t = starhop_ai::time_allowed(&game, &Budget::default()).unwrap();
    assert_eq!(t.as_millis(), 1980);
    // No clock and no time budget: no time limit at all (depth-limited search).
    let game = Game::new(Rules::classic(), 2, 0).unwrap();
    assert_eq!(starhop_ai::time_allowed(&game, &Budget::depth(3)), None);
    let _ = Bitboard::EMPTY;
}

#[test]
fn node_budgets_stop_the_search_within_the_budget() {
    for (players, plies) in [(2, 30), (3, 36), (6, 60)] {
        let game = random_game(rules(4, false, true, false), players, plies, 11);
        for budget in [100u64, 1000, 5000] {
            for level in [Level::Medium, Level::Hard, Level::Master] {
                let d = choose(
                    &game,
                    level,
                    Budget {
                        max_nodes: Some(budget),
                        max_depth: Some(64),
                        ..Budget::default()
                    },
                    1,
                );
                assert!(
                    d.nodes <= budget,
                    "{level:?}, {players} players: {} nodes for a budget of {budget}",
                    d.nodes
                );
                let BotAction::Move(m) = d.action else {
                    panic!("{level:?} passed with moves left")
                };
                assert!(game.is_legal(m));
            }
        }
        // An unbounded depth with a node budget spends the budget: it stops
        // on nodes, not because it ran out of depth.
        let d = choose(
            &game,
            Level::Master,
            Budget {
                max_nodes: Some(5000),
                max_depth: Some(64),
                ..Budget::default()
            },
            1,
        );
        assert!(d.depth < 64 && d.nodes >= 4000, "{players} players: {d:?}");
    }
}

#[test]
fn depth_budgets_are_never_exceeded() {
    let game = random_game(rules(4, false, true, false), 2, 24, 4);
    for depth in 1..=4 {
        for level in Level::ALL {
            let d = choose(&game, level, Budget::depth(depth), 2);
            assert!(d.depth <= depth, "{level:?}: depth {} > {depth}", d.depth);
        }
    }
    // Master completes every iteration it is given.
    assert_eq!(choose(&game, Level::Master, Budget::depth(3), 2).depth, 3);
}

#[test]
fn time_limited_searches_return_legal_moves() {
    // However loaded the machine, a search with a tiny time budget or a
    // nearly spent clock still returns a legal move (timing itself is
    // measured in `benches/search.rs`).
    for players in [2, 3, 6] {
        let game = random_game(rules(4, false, true, false), players, 10 * players, 8);
        for level in Level::ALL {
            for ms in [1, 20] {
                let d = choose(&game, level, Budget::time_ms(ms), 3);
                let BotAction::Move(m) = d.action else {
                    panic!("{level:?} passed with moves left")
                };
                assert!(game.is_legal(m), "{level:?} {ms} ms: {m:?}");
            }
        }
    }
    let clocked = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(5_000),
        ..rules(3, false, true, false)
    };
    let mut game = random_game(clocked, 2, 12, 5);
    game.tick(4_900);
    assert!(!game.is_over());
    let d = choose(&game, Level::Master, Budget::default(), 1);
    let BotAction::Move(m) = d.action else {
        panic!("passed with moves left")
    };
    assert!(game.is_legal(m));
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_the_next_check() {
    use starhop_ai::StopFlag;
    let game = random_game(rules(4, false, true, false), 2, 20, 3);
    // Without a stop the search goes on until its node budget.
    let free = choose(
        &game,
        Level::Master,
        Budget {
            max_nodes: Some(200_000),
            max_depth: Some(64),
            ..Budget::default()
        },
        1,
    );
    assert!(free.nodes > 150_000, "{} nodes", free.nodes);
    let stop = StopFlag::default();
    stop.raise();
    let stopped = choose(
        &game,
        Level::Master,
        Budget {
            max_nodes: Some(200_000),
            max_depth: Some(64),
            stop: Some(stop),
            ..Budget::default()
        },
        1,
    );
    // The flag is read every 512 nodes; the answer is still a legal move.
    assert!(
        stopped.nodes <= 1024,
        "{} nodes after the stop",
        stopped.nodes
    );
    match stopped.action {
        BotAction::Move(m) => assert!(game.is_legal(m)),
        BotAction::Pass => panic!("passed with legal moves"),
        BotAction::Item(u) => panic!("used {u:?} in a classic game"),
    }
}

// ---------------------------------------------------------------- party mode

fn party_rules(size: u8) -> Rules {
    Rules {
        // A box every round: the players soon hold items.
        box_every: 1,
        first_move: FirstMoveMethod::Fixed(0),
        ..starhop_engine::Preset::Party.rules().with_size(size)
    }
}

/// Applies a bot's action; panics on an illegal one.
fn apply(game: &mut Game, action: BotAction) {
    match action {
        BotAction::Move(m) => game.play(m).map(|_| ()),
        BotAction::Pass => game.pass().map(|_| ()),
        BotAction::Item(u) => game.use_item(u).map(|_| ()),
    }
    .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
}

/// A party game after `plies` actions of forward-leaning random play that
/// uses a random held item one time in eight, and may stop in the middle of
/// a turn (after an item, or between the power marble's two moves).
fn party_game(size: u8, players: usize, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(party_rules(size), players, seed).unwrap();
    let mut rng = Rng::new(seed ^ 77);
    let walk = starhop_engine::testkit::Walk::default();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let uses = game.item_uses();
        if !uses.is_empty() && rng.below(8) == 0 {
            let u = uses[rng.below(uses.len() as u64) as usize];
            game.use_item(u).unwrap();
            continue;
        }
        match walk.choose(&game, &mut rng) {
            Some(m) => game.play(m).unwrap(),
            None => game.pass().unwrap(),
        };
    }
    game
}

/// The action is legal now, and a pass is made only when no move is left
/// or between the power marble's two moves (where passing ends the turn).
fn assert_legal(game: &Game, action: BotAction) -> Result<(), TestCaseError> {
    match action {
        BotAction::Move(m) => prop_assert!(game.is_legal(m), "{m:?} is not legal"),
        BotAction::Pass => prop_assert!(
            game.legal_moves().is_empty()
                || (game.power_marble().is_some() && game.state().turn.moved.is_some()),
            "passed with legal moves"
        ),
        BotAction::Item(u) => prop_assert!(game.item_error(u).is_none(), "{u:?} is not legal"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn every_level_returns_a_legal_action_in_party_games(
        players_i in 0usize..3, size in 3u8..=4, plies in 0usize..90, seed in 0u64..1000,
        level_i in 0usize..5,
    ) {
        let players = [2, 3, 4][players_i];
        let game = party_game(size, players, plies, seed);
        prop_assume!(!game.is_over());
        let level = Level::ALL[level_i];
        let budget = Budget { max_depth: Some(2), max_nodes: Some(4000), ..Budget::default() };
        let d = choose(&game, level, budget, seed);
        assert_legal(&game, d.action)?;
        // The item comparison shares the node budget with the move search.
        prop_assert!(d.nodes <= 4000, "{} nodes", d.nodes);
        // No item carries an own marble back into its home camp.
        let home = game.position().home(game.to_move());
        if let BotAction::Item(u) = d.action {
            let back = match u {
                starhop_engine::ItemUse::FlyingWing { to, .. } => home.contains(to),
                starhop_engine::ItemUse::Swap { marble, other } => {
                    home.contains(other) && !home.contains(marble)
                }
                _ => false,
            };
            prop_assert!(!back, "{u:?} goes home");
        }
    }
}

#[test]
fn every_level_finishes_party_games_with_two_and_four_players() {
    let mut items_used = 0;
    for (players, seed) in [(2, 1u64), (2, 2), (4, 3)] {
        let mut game = Game::new(party_rules(3), players, seed).unwrap();
        let mut actions = 0;
        while !game.is_over() && actions < 1500 {
            // Every level takes a seat in turn.
            let level = Level::ALL[(game.to_move() as usize + seed as usize) % 5];
            let budget = Budget {
                max_depth: Some(2),
                max_nodes: Some(3000),
                ..Budget::default()
            };
            let d = choose(&game, level, budget, seed);
            items_used += matches!(d.action, BotAction::Item(_)) as u32;
            apply(&mut game, d.action);
            actions += 1;
        }
        assert!(
            game.is_over(),
            "{players} players: not over after {actions} actions"
        );
    }
    assert!(items_used > 0, "nobody used an item");
}

#[test]
fn without_items_the_bots_never_use_one() {
    use starhop_ai::{Options, choose_with};
    let opts = Options {
        use_items: false,
        ..Options::default()
    };
    let mut held = 0;
    for seed in 0..24 {
        let game = party_game(4, 2 + 2 * (seed as usize % 2), 30 + seed as usize, seed);
        if game.is_over() {
            continue;
        }
        held += !game.item_uses().is_empty() as u32;
        for level in Level::ALL {
            let d = choose_with(&game, level, Budget::depth(2), seed, opts);
            assert!(
                !matches!(d.action, BotAction::Item(_)),
                "{level:?} used an item: {:?}",
                d.action
            );
            let legal = match d.action {
                BotAction::Move(m) => game.is_legal(m),
                _ => game.can_pass(),
            };
            assert!(legal, "{level:?}: {:?}", d.action);
        }
    }
    assert!(held >= 5, "only {held} positions with an item to use");
}

/// Seat 0 with nine marbles in its target and the tenth `dist` holes from
/// the gap, in a game whose boxes hold only `item`; seat 0 has just taken a
/// box's item and it is seat 0's turn again. Returns the game and the gap.
fn one_item_from_finishing(item: starhop_engine::Item, dist: usize) -> (Game, u8) {
    use starhop_engine::{ItemSet, Position};
    let b = Board::get(4).unwrap();
    let rules = Rules {
        item_set: ItemSet::NONE.with(item),
        anti_passive: false,
        deadlock_adjudication: false,
        ..party_rules(4)
    };
    let target = Position::start(b, 2).unwrap().target(0);
    // The gap: a target hole next to the centre; the straggler `dist` holes
    // from it, straight out into the centre, with nothing to hop over.
    let gap = target
        .iter()
        .find(|&h| {
            b.neighbour[h as usize]
                .iter()
                .any(|&x| x != u8::MAX && b.centre.contains(x))
        })
        .unwrap();
    let away = |from: u8, steps: usize| {
        let d = (0..6)
            .find(|&d| {
                let mut h = from;
                for _ in 0..steps {
                    h = b.neighbour[h as usize][d];
                    if h == u8::MAX || !b.centre.contains(h) {
                        return false;
                    }
                }
                true
            })
            .unwrap();
        let mut h = from;
        for _ in 0..steps {
            h = b.neighbour[h as usize][d];
        }
        h
    };
    let straggler = away(gap, dist);
    // Seat 1: three marbles on the far side of the centre.
    for seed in 0..500 {
        let mut pos = Position::empty(b, 2).unwrap();
        for h in target.iter().filter(|&h| h != gap) {
            pos.place(0, h).unwrap();
        }
        // Seat 0's straggler starts a step away from where it will stand.
        let before = b.neighbour[straggler as usize]
            .iter()
            .copied()
            .find(|&x| x != u8::MAX && b.centre.contains(x) && b.distance(x, gap) as usize > dist)
            .unwrap();
        pos.place(0, before).unwrap();
        let mut far: Vec<u8> = b.centre.iter().collect();
        far.sort_by_key(|&h| std::cmp::Reverse(b.distance(h, gap)));
        for &h in far.iter().take(3) {
            pos.place(1, h).unwrap();
        }
        let mut game = Game::from_position_with_seed(rules.clone(), pos, 0, seed)
            .unwrap_or_else(|e| panic!("{e}"));
        // The start boxes fall where the seed puts them: find a seed with one
        // on the straggler's next hole.
        if !game.boxes().contains(straggler) {
            continue;
        }
        game.play(Move {
            from: before,
            to: straggler,
        })
        .unwrap();
        assert_eq!(game.held(0), [item]);
        let reply = game.legal_moves()[0];
        game.play(reply).unwrap();
        return (game, gap);
    }
    panic!("no seed puts a box there");
}

/// Whether some legal move of seat 0 finishes at once.
fn finishes_in_one_move(game: &Game) -> bool {
    let mut pos = game.position().clone();
    game.legal_moves().iter().any(|m| {
        pos.shift(0, m.from, m.to);
        let done = pos.has_finished(0);
        pos.shift(0, m.to, m.from);
        done
    })
}

#[test]
fn hard_and_master_fly_to_a_finish() {
    use starhop_engine::{Item, ItemUse};
    let (game, gap) = one_item_from_finishing(Item::FlyingWing, 4);
    // No move finishes: the straggler is four holes out with nothing to hop over.
    assert!(!finishes_in_one_move(&game));
    for level in [Level::Hard, Level::Master] {
        let d = choose(&game, level, Budget::depth(3), 1);
        let BotAction::Item(u @ ItemUse::FlyingWing { to, .. }) = d.action else {
            panic!("{level:?} chose {:?}", d.action)
        };
        assert_eq!(to, gap, "{level:?}");
        let mut after = game.clone();
        after.use_item(u).unwrap();
        assert!(after.position().has_finished(0));
    }
}

#[test]
fn hard_and_master_finish_with_the_power_marbles_two_moves() {
    use starhop_engine::{Item, ItemUse};
    let (game, _) = one_item_from_finishing(Item::PowerMarble, 2);
    assert!(!finishes_in_one_move(&game));
    for level in [Level::Hard, Level::Master] {
        let mut game = game.clone();
        let d = choose(&game, level, Budget::depth(3), 1);
        assert!(
            matches!(d.action, BotAction::Item(ItemUse::PowerMarble { .. })),
            "{level:?} chose {:?}",
            d.action
        );
        apply(&mut game, d.action);
        // Then the marble's two steps, which finish the game.
        for _ in 0..2 {
            let d = choose(&game, level, Budget::depth(3), 1);
            assert!(matches!(d.action, BotAction::Move(_)), "{d:?}");
            apply(&mut game, d.action);
        }
        assert!(game.position().has_finished(0), "{level:?}");
    }
}

#[test]
fn party_choices_are_deterministic_without_a_clock_and_legal_with_one() {
    let mut checked = 0;
    for seed in 0..40 {
        let game = party_game(4, 2 + 2 * (seed as usize % 2), 20 + seed as usize, seed);
        if game.is_over() || game.item_uses().is_empty() {
            continue;
        }
        checked += 1;
        for level in Level::ALL {
            // Depth and node limits: the same choice every time.
            let budget = || Budget {
                max_depth: Some(3),
                max_nodes: Some(20_000),
                ..Budget::default()
            };
            let a = choose(&game, level, budget(), seed);
            assert_eq!(a, choose(&game, level, budget(), seed), "{level:?}");
            // However little time there is, or with the search stopped at
            // once, the answer is legal.
            let stop = starhop_ai::StopFlag::default();
            stop.raise();
            for budget in [
                Budget::time_ms(1),
                Budget {
                    stop: Some(stop.clone()),
                    ..Budget::default()
                },
            ] {
                let d = choose(&game, level, budget, seed);
                assert_legal(&game, d.action).unwrap();
            }
        }
    }
    assert!(checked >= 5, "only {checked} positions with an item to use");
}

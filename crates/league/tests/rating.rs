//! Rating points and levels, RULES.md §7, with worked examples.

use starhop_engine::testkit::Walk;
use starhop_engine::{FirstMoveMethod, Game, Preset, Rng, Rules};
use starhop_league::rating::{
    Leave, RatedGame, SeatResult, consolation, level_of, one_on_one_loss, one_on_one_win,
    rating_changes,
};

fn seat(level: u32, place: u8, score: Option<f32>) -> SeatResult {
    SeatResult {
        level,
        rated: true,
        place,
        score,
        team: None,
        left: None,
        in_target: 0,
    }
}

/// A game long enough for gains, without long jumps.
fn game(seats: Vec<SeatResult>) -> RatedGame {
    RatedGame {
        seats,
        rounds: 40,
        long_jumps: false,
        early_resignation: false,
    }
}

fn duel(levels: (u32, u32)) -> RatedGame {
    game(vec![
        seat(levels.0, 1, Some(1.0)),
        seat(levels.1, 2, Some(0.0)),
    ])
}

#[test]
fn level_is_one_plus_points_over_100_and_at_least_1() {
    assert_eq!(level_of(0), 1);
    assert_eq!(level_of(99), 1);
    assert_eq!(level_of(100), 2);
    assert_eq!(level_of(250), 3);
    assert_eq!(level_of(-40), 1);
    assert_eq!(level_of(-250), 1);
}

#[test]
fn one_on_one_win_is_25_minus_level_difference_within_10_and_49() {
    assert_eq!(one_on_one_win(1, 1), 25);
    assert_eq!(one_on_one_win(3, 1), 23);
    assert_eq!(one_on_one_win(1, 20), 44);
    // 25 + 24 = 49 exactly, then the cap.
    assert_eq!(one_on_one_win(1, 25), 49);
    assert_eq!(one_on_one_win(1, 30), 49);
    // 25 - 15 = 10 exactly, then the floor.
    assert_eq!(one_on_one_win(16, 1), 10);
    assert_eq!(one_on_one_win(20, 1), 10);
}

#[test]
fn one_on_one_loss_is_25_plus_level_difference_within_1_and_49() {
    assert_eq!(one_on_one_loss(1, 1), 25);
    assert_eq!(one_on_one_loss(10, 1), 34);
    assert_eq!(one_on_one_loss(25, 1), 49);
    assert_eq!(one_on_one_loss(30, 1), 49);
    assert_eq!(one_on_one_loss(1, 25), 1);
    assert_eq!(one_on_one_loss(1, 30), 1);
}

#[test]
fn duel_changes_use_both_levels() {
    assert_eq!(rating_changes(&duel((4, 2))), vec![23, -23]);
    assert_eq!(rating_changes(&duel((2, 9))), vec![32, -32]);
    // A draw moves nobody.
    let draw = game(vec![seat(3, 1, Some(0.5)), seat(1, 1, Some(0.5))]);
    assert_eq!(rating_changes(&draw), vec![0, 0]);
    // Deadlock adjudication: 0.75 beats 0.25.
    let adjudicated = game(vec![seat(1, 2, Some(0.25)), seat(1, 1, Some(0.75))]);
    assert_eq!(rating_changes(&adjudicated), vec![-25, 25]);
}

#[test]
fn free_for_all_tables_for_3_4_and_6_players() {
    let ffa =
        |places: &[u8]| rating_changes(&game(places.iter().map(|&p| seat(8, p, None)).collect()));
    assert_eq!(ffa(&[2, 1, 3]), vec![15, 30, -15]);
    assert_eq!(ffa(&[1, 2, 3, 4]), vec![35, 25, 15, -15]);
    assert_eq!(ffa(&[6, 5, 4, 3, 2, 1]), vec![-25, -15, 15, 25, 35, 45]);
    // Ties share the mean of the places they cover: (35 + 25) / 2 = 30.
    assert_eq!(ffa(&[1, 1, 3, 4]), vec![30, 30, 15, -15]);
    // (15 - 15) / 2 = 0 for a shared third of four.
    assert_eq!(ffa(&[1, 2, 3, 3]), vec![35, 25, 0, 0]);
}

#[test]
fn teams_2v2_and_3v3() {
    let team_game = |n: usize| {
        let seats = (0..n)
            .map(|s| {
                let team = (s % 2) as u8;
                SeatResult {
                    team: Some(team),
                    ..seat(8, 1 + team, Some(if team == 0 { 1.0 } else { 0.0 }))
                }
            })
            .collect();
        rating_changes(&game(seats))
    };
    assert_eq!(team_game(4), vec![30, -10, 30, -10]);
    assert_eq!(team_game(6), vec![40, -15, 40, -15, 40, -15]);
}

#[test]
fn consolation_is_a_point_per_marble_home_doubled_for_levels_1_to_5() {
    assert_eq!(consolation(5, 7), 14);
    assert_eq!(consolation(6, 7), 7);
    let mut g = duel((5, 5));
    g.seats[1].in_target = 7;
    assert_eq!(rating_changes(&g), vec![25, -25 + 14]);
    let mut g = duel((6, 6));
    g.seats[1].in_target = 7;
    assert_eq!(rating_changes(&g), vec![25, -25 + 7]);
    // Winners get none.
    g.seats[0].in_target = 10;
    assert_eq!(rating_changes(&g)[0], 25);
}

#[test]
fn quitting_costs_50_and_resigners_only_lose() {
    let mut g = game(vec![seat(2, 1, None), seat(2, 2, None), seat(2, 3, None)]);
    g.seats[2].left = Some(Leave::Quit);
    g.seats[2].in_target = 5;
    assert_eq!(rating_changes(&g), vec![30, 15, -50]);
    // A resigner in a place that would gain gains nothing, and has no consolation.
    g.seats[2].left = None;
    g.seats[1].left = Some(Leave::Resigned);
    g.seats[1].in_target = 5;
    assert_eq!(rating_changes(&g), vec![30, 0, -15 + 10]);
    let mut d = duel((1, 1));
    d.seats[1].left = Some(Leave::Resigned);
    d.seats[1].in_target = 9;
    assert_eq!(rating_changes(&d), vec![25, -25]);
}

#[test]
fn no_gains_in_a_game_decided_too_early_but_losses_stand() {
    let mut g = duel((1, 1));
    g.seats[1].in_target = 3;
    g.rounds = 17;
    assert_eq!(rating_changes(&g), vec![0, -25 + 6]);
    g.rounds = 18;
    assert_eq!(rating_changes(&g), vec![25, -25 + 6]);
    g.long_jumps = true;
    g.rounds = 9;
    assert_eq!(rating_changes(&g), vec![0, -19]);
    g.rounds = 10;
    assert_eq!(rating_changes(&g), vec![25, -19]);
    // A consolation that would make a loss a gain is held at 0.
    g.rounds = 5;
    g.seats[1].in_target = 15;
    assert_eq!(rating_changes(&g), vec![0, 0]);
    g.rounds = 40;
    g.early_resignation = true;
    assert_eq!(rating_changes(&g), vec![0, 0]);
}

#[test]
fn bots_and_guests_never_change() {
    let mut g = duel((1, 9));
    g.seats[1].rated = false;
    assert_eq!(rating_changes(&g), vec![33, 0]);
}

fn two_player_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Classic.rules()
    }
}

#[test]
fn a_resignation_before_round_11_is_read_from_the_game() {
    let mut game = Game::new(two_player_rules(), 2, 7).unwrap();
    Walk::PROGRESS.play(&mut game, 2 * 9, &mut Rng::new(7));
    game.resign(0).unwrap();
    let rated = RatedGame::of(&game, &[1, 1], &[true, true]).unwrap();
    assert!(rated.early_resignation);
    assert_eq!(rated.seats[0].left, Some(Leave::Resigned));
    assert_eq!(rating_changes(&rated), vec![-25, 0]);

    let mut game = Game::new(two_player_rules(), 2, 7).unwrap();
    Walk::PROGRESS.play(&mut game, 2 * 20, &mut Rng::new(7));
    game.resign(0).unwrap();
    let rated = RatedGame::of(&game, &[1, 1], &[true, true]).unwrap();
    assert!(!rated.early_resignation);
    assert_eq!(rating_changes(&rated), vec![-25, 25]);
}

#[test]
fn a_finished_game_is_read_with_places_scores_and_marbles_home() {
    let rules = Rules {
        anti_passive: false,
        ..two_player_rules()
    };
    let mut game = Game::new(rules, 2, 11).unwrap();
    Walk::PROGRESS.play(&mut game, 2000, &mut Rng::new(11));
    assert!(
        game.is_over(),
        "the progress walk finishes a two-player game"
    );
    assert!(
        RatedGame::of(
            &Game::new(two_player_rules(), 2, 1).unwrap(),
            &[1, 1],
            &[true, true]
        )
        .is_none()
    );
    let rated = RatedGame::of(&game, &[1, 1], &[true, true]).unwrap();
    let outcome = game.outcome().unwrap();
    let (winner, loser) = if outcome.places[0] < outcome.places[1] {
        (0, 1)
    } else {
        (1, 0)
    };
    assert_eq!(rated.seats[winner].in_target, 10);
    assert_eq!(
        rated.seats[loser].in_target,
        game.position().in_target(loser as u8)
    );
    assert!(rated.rounds >= 18, "{} rounds", rated.rounds);
    let changes = rating_changes(&rated);
    assert_eq!(changes[winner], 25);
    assert_eq!(
        changes[loser],
        -25 + 2 * rated.seats[loser].in_target as i32
    );
}

#[test]
fn losing_to_the_anti_passive_rule_counts_as_quitting() {
    // The progress walk leaves seat 0 of this seed behind in its camp.
    let mut game = Game::new(two_player_rules(), 2, 11).unwrap();
    Walk::PROGRESS.play(&mut game, 2000, &mut Rng::new(11));
    let rated = RatedGame::of(&game, &[1, 1], &[true, true]).unwrap();
    assert_eq!(rated.seats[0].left, Some(Leave::Quit));
    assert_eq!(rating_changes(&rated), vec![-50, 25]);
}

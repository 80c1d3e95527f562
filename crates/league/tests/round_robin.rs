//! The Berger round robin (RULES.md §7, seed 000 §C), best-of-three matches,
//! standings, and tournaments that resume.

use proptest::prelude::*;
use starhop_ai::Level;
use starhop_engine::{Preset, Rules};
use starhop_league::berger::{first_mover, format_round, meeting_round, schedule};
use starhop_league::tournament::MatchState;
use starhop_league::{Entrant, Format, Pairing, Tournament, Who};
use std::collections::HashSet;

/// Seed 000 §C, 完整的編排順序, with the first mover on the left.
const SEED_TABLE_8: [&str; 7] = [
    "round 1: 1-8 2-7 3-6 4-5",
    "round 2: 8-5 6-4 7-3 1-2",
    "round 3: 2-8 3-1 4-7 5-6",
    "round 4: 8-6 7-5 1-4 2-3",
    "round 5: 3-8 4-2 5-1 6-7",
    "round 6: 8-7 1-6 2-5 3-4",
    "round 7: 4-8 5-3 6-2 7-1",
];

#[test]
fn eight_entrants_give_the_seed_table() {
    let lines: Vec<String> = schedule(8).iter().map(format_round).collect();
    assert_eq!(lines, SEED_TABLE_8);
}

#[test]
fn three_entrants_give_the_seed_table_with_byes() {
    // Seed 000 §C: 1-(4) 2-3 / (4)-3 1-2 / 2-(4) 3-1.
    let lines: Vec<String> = schedule(3).iter().map(format_round).collect();
    assert_eq!(
        lines,
        [
            "round 1: 2-3 bye 1",
            "round 2: 1-2 bye 3",
            "round 3: 3-1 bye 2"
        ]
    );
}

#[test]
fn the_seeds_worked_examples_of_the_formulas() {
    // 8 or 7 entrants: 5 and 6 meet in round 3, 3 and 4 in round 6,
    // 6 and 8 in round 4, 3 and 8 in round 5.
    for n in [7, 8] {
        assert_eq!(meeting_round(5, 6, n), 3);
        assert_eq!(meeting_round(3, 4, n), 6);
        assert_eq!(meeting_round(6, 8, n), 4);
        assert_eq!(meeting_round(3, 8, n), 5);
        // 3 against 6: odd sum, 3 first; 4 against 6: even sum, 6 first.
        assert_eq!(first_mover(3, 6, n), 3);
        assert_eq!(first_mover(6, 4, n), 6);
    }
    // 1-4 against 8: the smaller first; 5-7 against 8: 8 first.
    for a in 1..=4 {
        assert_eq!(first_mover(a, 8, 8), a);
    }
    for a in 5..=7 {
        assert_eq!(first_mover(a, 8, 8), 8);
    }
}

#[test]
fn every_pair_meets_once_in_the_round_the_formula_gives() {
    for n in [3, 4, 5, 7, 8, 9, 16] {
        let rounds = schedule(n);
        let p = n + n % 2;
        assert_eq!(rounds.len(), p - 1, "{n} entrants");
        let mut met = HashSet::new();
        let mut byes = vec![0; n + 1];
        let mut firsts = vec![0; n + 1];
        for round in &rounds {
            let mut seen = HashSet::new();
            for pair in &round.pairings {
                let Pairing { first, second } = *pair;
                assert!(first != second && first <= n && second <= n);
                assert!(
                    seen.insert(first) && seen.insert(second),
                    "{n}: twice in a round"
                );
                assert!(
                    met.insert((first.min(second), first.max(second))),
                    "{n}: met twice"
                );
                assert_eq!(meeting_round(first, second, n), round.number);
                assert_eq!(first_mover(first, second, n), first);
                firsts[first] += 1;
            }
            if let Some(b) = round.bye {
                assert!(seen.insert(b));
                byes[b] += 1;
            }
            assert_eq!(seen.len(), n, "{n}: everyone plays or rests each round");
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "{n}: every pair meets");
        // Byes spread: one each for an odd number, none for an even one.
        assert!(byes[1..].iter().all(|&b| b == n % 2), "{n}: byes {byes:?}");
        // First moves are shared out: nobody moves first much more than half the time.
        let games = n - 1;
        for (e, &f) in firsts.iter().enumerate().skip(1) {
            assert!(
                f + 1 >= games / 2 && f <= games.div_ceil(2) + 1,
                "{n}: entrant {e} moves first {f} times of {games}"
            );
        }
    }
}

fn entrants(n: usize) -> Vec<Entrant> {
    (1..=n)
        .map(|i| Entrant {
            name: format!("Player {i}"),
            who: if i % 2 == 0 {
                Who::Bot(Level::Medium)
            } else {
                Who::Guest
            },
        })
        .collect()
}

fn tournament(n: usize, format: Format) -> Tournament {
    Tournament::new(
        "t1".into(),
        "Family cup".into(),
        "2026-11-30".into(),
        entrants(n),
        format,
        Rules {
            ..Preset::Classic.rules()
        },
        42,
    )
    .unwrap()
}

/// Plays the next game with the first mover scoring `first_score`.
fn play(t: &mut Tournament, first_score: f32) -> (usize, usize) {
    let next = t.next_game().expect("a game to play");
    t.record(next, first_score, None).unwrap();
    (next.first, next.second)
}

#[test]
fn entrant_counts_outside_3_to_16_are_refused() {
    for n in [0, 1, 2, 17] {
        let made = Tournament::new(
            "t".into(),
            "x".into(),
            "d".into(),
            entrants(n),
            Format::Single,
            Preset::Classic.rules(),
            1,
        );
        assert!(made.is_err(), "{n} entrants accepted");
    }
}

#[test]
fn best_of_three_ends_at_two_wins_and_alternates_the_first_move() {
    let mut t = tournament(4, Format::BestOfThree);
    let first = t.next_game().unwrap();
    assert_eq!((first.round, first.first, first.second), (1, 1, 4));
    assert_eq!(first.game_in_match, 1);
    // 1 wins game 1; in game 2 entrant 4 moves first and loses again.
    play(&mut t, 1.0);
    let second = t.next_game().unwrap();
    assert_eq!(
        (second.first, second.second, second.game_in_match),
        (4, 1, 2)
    );
    play(&mut t, 0.0);
    let pairing = Pairing {
        first: 1,
        second: 4,
    };
    assert_eq!(
        t.match_state(pairing),
        MatchState::Won {
            winner: 1,
            loser: 4,
            by_lot: false,
            forfeit: false
        }
    );
    // On to the next pairing of round 1.
    let next = t.next_game().unwrap();
    assert_eq!((next.round, next.first, next.second), (1, 2, 3));
}

#[test]
fn one_all_goes_to_a_third_game_and_a_drawn_match_to_an_extra_game_then_the_lot() {
    let mut t = tournament(4, Format::BestOfThree);
    let pairing = Pairing {
        first: 1,
        second: 4,
    };
    play(&mut t, 1.0); // 1 wins
    play(&mut t, 1.0); // 4 moves first and wins
    assert_eq!(t.match_state(pairing), MatchState::Open);
    play(&mut t, 0.5); // drawn third game: 1½ all
    assert_eq!(t.match_state(pairing), MatchState::Open);
    let extra = t.next_game().unwrap();
    assert_eq!((extra.game_in_match, extra.first), (4, 4));
    play(&mut t, 0.5); // the extra game drawn too: the lot
    let MatchState::Won { winner, by_lot, .. } = t.match_state(pairing) else {
        panic!("decided by lot");
    };
    assert!(by_lot && (winner == 1 || winner == 4));
    // The lot is part of the tournament: the same every time it is asked.
    assert_eq!(t.clone().match_state(pairing), t.match_state(pairing));
    // A match won by one draw and one win is not over after two games.
    let mut u = tournament(4, Format::BestOfThree);
    play(&mut u, 0.5);
    play(&mut u, 1.0); // 4 first, 4 wins: 4 leads 1½ to ½
    assert_eq!(u.match_state(pairing), MatchState::Open);
    play(&mut u, 1.0); // 1 first and wins: 1½ all, extra game
    assert_eq!(u.next_game().unwrap().game_in_match, 4);
    play(&mut u, 1.0); // 4 first and wins the extra game
    assert!(matches!(
        u.match_state(pairing),
        MatchState::Won {
            winner: 4,
            by_lot: false,
            ..
        }
    ));
}

#[test]
fn best_of_three_scores_2_for_a_win_1_for_a_loss_0_for_a_forfeit() {
    let mut t = tournament(3, Format::BestOfThree);
    // Round 1: 2-3 (1 rests). 2 wins twice.
    play(&mut t, 1.0);
    play(&mut t, 0.0);
    // Round 2: 1-2; 1 forfeits.
    let next = t.next_game().unwrap();
    assert_eq!((next.round, next.first, next.second), (2, 1, 2));
    t.forfeit(next, 1).unwrap();
    let points = |t: &Tournament, e: usize| {
        t.standings()
            .iter()
            .find(|s| s.entrant == e)
            .unwrap()
            .points
    };
    assert_eq!(points(&t, 2), 4.0);
    assert_eq!(points(&t, 3), 1.0);
    assert_eq!(points(&t, 1), 0.0);
}

#[test]
fn single_games_score_their_match_score_and_draws_halve() {
    let mut t = tournament(4, Format::Single);
    play(&mut t, 1.0); // 1 beats 4
    play(&mut t, 0.5); // 2 and 3 draw
    play(&mut t, 0.75); // round 2, 4-3: adjudicated 0.75 to 4
    let s = t.standings();
    let row = |e: usize| s.iter().find(|r| r.entrant == e).unwrap().clone();
    assert_eq!(row(1).points, 1.0);
    assert_eq!((row(2).points, row(2).draws), (0.5, 1));
    assert_eq!(row(3).points, 0.75);
    assert_eq!((row(4).points, row(4).wins, row(4).losses), (0.75, 1, 1));
}

#[test]
fn ties_are_broken_head_to_head_then_by_sonneborn_berger() {
    // Three entrants, single games, everyone beats one other: a cycle.
    let mut t = tournament(3, Format::Single);
    play(&mut t, 1.0); // 2 beats 3
    play(&mut t, 1.0); // 1 beats 2
    play(&mut t, 1.0); // 3 beats 1
    assert!(t.is_over());
    let s = t.standings();
    assert!(
        s.iter()
            .all(|r| r.points == 1.0 && r.sonneborn_berger == 1.0)
    );
    // All tied on everything: entrant numbers decide.
    assert_eq!(s.iter().map(|r| r.entrant).collect::<Vec<_>>(), [1, 2, 3]);

    // Four entrants: 1 and 2 end level on points, 2 beat 1.
    let mut t = tournament(4, Format::Single);
    play(&mut t, 1.0); // r1: 1 beats 4
    play(&mut t, 1.0); // r1: 2 beats 3
    play(&mut t, 0.0); // r2: 4-3, 3 wins
    play(&mut t, 0.0); // r2: 1-2, 2 wins
    play(&mut t, 0.0); // r3: 2-4, 4 wins
    play(&mut t, 1.0); // r3: 3-1, 3 wins
    assert!(t.is_over());
    let s = t.standings();
    let order: Vec<usize> = s.iter().map(|r| r.entrant).collect();
    let points: Vec<f32> = s.iter().map(|r| r.points).collect();
    assert_eq!(points, [2.0, 2.0, 1.0, 1.0]);
    // 2 and 3 have 2 points each; 2 beat 3 in round 1.
    assert_eq!(order[..2], [2, 3]);
    // 1 and 4 have 1 point each; 1 beat 4.
    assert_eq!(order[2..], [1, 4]);
}

#[test]
fn a_bad_saved_tournament_is_refused_by_its_check() {
    let mut t = tournament(5, Format::Single);
    play(&mut t, 1.0);
    assert!(t.check().is_ok());
    let mut wrong = t.clone();
    wrong.games[0].first = 3;
    assert!(wrong.check().is_err());
    let mut newer = t.clone();
    newer.version = 99;
    assert!(newer.check().is_err());
    let mut scored = t.clone();
    scored.games[0].first_score = 2.0;
    assert!(scored.check().is_err());
    // Recording a game that is not the next one fails.
    let mut next = t.next_game().unwrap();
    next.first = next.second;
    assert!(t.record(next, 1.0, None).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Saving after every game and reading back gives the tournament that was
    /// never interrupted, to its end.
    #[test]
    fn a_tournament_resumes_after_every_game(
        n in 3usize..=9,
        best_of_three in any::<bool>(),
        results in proptest::collection::vec(0u8..5, 200),
    ) {
        let format = if best_of_three { Format::BestOfThree } else { Format::Single };
        let mut straight = tournament(n, format);
        let mut resumed = tournament(n, format);
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mut games = 0;
        for &r in &results {
            let Some(next) = straight.next_game() else { break };
            straight.record(next, scores[r as usize], None).unwrap();
            let text = serde_json::to_string(&resumed).unwrap();
            let mut back: Tournament = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(&back, &resumed);
            prop_assert!(back.check().is_ok());
            prop_assert_eq!(back.next_game(), Some(next));
            back.record(next, scores[r as usize], None).unwrap();
            resumed = back;
            games += 1;
        }
        prop_assert_eq!(&straight, &resumed);
        prop_assert_eq!(straight.standings(), resumed.standings());
        if straight.is_over() {
            let pairs = n * (n - 1) / 2;
            prop_assert!(games >= pairs);
            let played: u32 = straight.standings().iter().map(|s| s.played).sum();
            prop_assert_eq!(played as usize, 2 * pairs);
            // Tournament points: single games hand out 1 per pairing; matches 3.
            let total: f32 = straight.standings().iter().map(|s| s.points).sum();
            prop_assert_eq!(total, pairs as f32 * if best_of_three { 3.0 } else { 1.0 });
        }
    }
}

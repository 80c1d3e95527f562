//! Who moves first (RULES §2): coin toss, rock-paper-scissors, drawing lots or
//! a fixed seat. Every draw is driven by the game's seeded RNG and recorded
//! step by step, so the game can show it and a record can be checked.

use crate::error::RuleError;
use crate::rng::Rng;
use crate::rules::FirstMoveMethod;
use crate::seats::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    Rock,
    Paper,
    Scissors,
}

impl Hand {
    const ALL: [Hand; 3] = [Hand::Rock, Hand::Paper, Hand::Scissors];

    pub fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors)
                | (Hand::Paper, Hand::Rock)
                | (Hand::Scissors, Hand::Paper)
        )
    }
}

/// One visible step of a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawStep {
    /// Each listed seat called heads (`true`) or tails; the coin showed `heads`.
    Toss {
        calls: Vec<(Seat, bool)>,
        heads: bool,
    },
    /// Each listed seat showed a hand.
    Throw { hands: Vec<(Seat, Hand)> },
    /// Lots were drawn and this seat drew the first-move lot.
    Lot { seat: Seat },
    /// The rules name this seat.
    Fixed { seat: Seat },
}

/// The whole draw: how, every step, and who moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMoveDraw {
    pub method: FirstMoveMethod,
    pub steps: Vec<DrawStep>,
    pub first: Seat,
}

/// Tosses in a two-player coin toss: best of three.
pub const TWO_PLAYER_TOSSES: usize = 3;

/// Runs the draw for `players` seats.
///
/// - Coin toss, 2 players: seat 0 calls a side, seat 1 has the other; best of
///   three tosses. 3+ players: every remaining player calls; those who called
///   right stay in (a toss that everyone or no one called right is repeated)
///   until one is left.
/// - Rock-paper-scissors: everyone remaining throws; a throw with exactly two
///   different hands eliminates the losers, any other is thrown again.
pub fn draw_first_mover(
    method: FirstMoveMethod,
    players: usize,
    rng: &mut Rng,
) -> Result<FirstMoveDraw, RuleError> {
    crate::seats::home_camps(players)?;
    let mut steps = Vec::new();
    let first = match method {
        FirstMoveMethod::Fixed(seat) => {
            if seat as usize >= players {
                return Err(RuleError::FirstSeat(seat));
            }
            steps.push(DrawStep::Fixed { seat });
            seat
        }
        FirstMoveMethod::Lots => {
            let seat = rng.below(players as u64) as Seat;
            steps.push(DrawStep::Lot { seat });
            seat
        }
        FirstMoveMethod::CoinToss if players == 2 => {
            let call0 = rng.coin();
            let mut wins0 = 0;
            for _ in 0..TWO_PLAYER_TOSSES {
                let heads = rng.coin();
                wins0 += usize::from(heads == call0);
                steps.push(DrawStep::Toss {
                    calls: vec![(0, call0), (1, !call0)],
                    heads,
                });
            }
            if wins0 * 2 > TWO_PLAYER_TOSSES { 0 } else { 1 }
        }
        FirstMoveMethod::CoinToss => {
            let mut left: Vec<Seat> = (0..players as Seat).collect();
            while left.len() > 1 {
                let calls: Vec<(Seat, bool)> = left.iter().map(|&s| (s, rng.coin())).collect();
                let heads = rng.coin();
                let right: Vec<Seat> = calls.iter().filter(|c| c.1 == heads).map(|c| c.0).collect();
                steps.push(DrawStep::Toss { calls, heads });
                if !right.is_empty() && right.len() < left.len() {
                    left = right;
                }
            }
            left[0]
        }
        FirstMoveMethod::RockPaperScissors => {
            let mut left: Vec<Seat> = (0..players as Seat).collect();
            while left.len() > 1 {
                let hands: Vec<(Seat, Hand)> = left
                    .iter()
                    .map(|&s| (s, Hand::ALL[rng.below(3) as usize]))
                    .collect();
                let shown: Vec<Hand> = Hand::ALL
                    .into_iter()
                    .filter(|h| hands.iter().any(|x| x.1 == *h))
                    .collect();
                if let [a, b] = shown[..] {
                    let winner = if a.beats(b) { a } else { b };
                    left = hands
                        .iter()
                        .filter(|x| x.1 == winner)
                        .map(|x| x.0)
                        .collect();
                }
                steps.push(DrawStep::Throw { hands });
            }
            left[0]
        }
    };
    Ok(FirstMoveDraw {
        method,
        steps,
        first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_fixed_seat_moves_first_and_must_exist() {
        let d = draw_first_mover(FirstMoveMethod::Fixed(2), 3, &mut Rng::new(1)).unwrap();
        assert_eq!(d.first, 2);
        assert!(draw_first_mover(FirstMoveMethod::Fixed(3), 3, &mut Rng::new(1)).is_err());
    }

    #[test]
    fn rule_2_every_method_is_seeded_and_reaches_every_seat() {
        for method in [
            FirstMoveMethod::CoinToss,
            FirstMoveMethod::RockPaperScissors,
            FirstMoveMethod::Lots,
        ] {
            for players in [2usize, 3, 4, 6] {
                let mut seen = vec![0u32; players];
                for seed in 0..600 {
                    let a = draw_first_mover(method, players, &mut Rng::new(seed)).unwrap();
                    let b = draw_first_mover(method, players, &mut Rng::new(seed)).unwrap();
                    assert_eq!(a, b, "same seed, same draw");
                    seen[a.first as usize] += 1;
                }
                // Fair enough: every seat wins a reasonable share.
                let fair = 600 / players as u32;
                assert!(
                    seen.iter().all(|&c| c > fair / 2),
                    "{method:?} {players}: {seen:?}"
                );
            }
        }
    }

    #[test]
    fn rule_2_two_player_coin_toss_is_best_of_three() {
        let d = draw_first_mover(FirstMoveMethod::CoinToss, 2, &mut Rng::new(9)).unwrap();
        assert_eq!(d.steps.len(), TWO_PLAYER_TOSSES);
        let wins0 = d
            .steps
            .iter()
            .filter(|s| matches!(s, DrawStep::Toss { calls, heads } if calls[0].1 == *heads))
            .count();
        assert_eq!(d.first, if wins0 >= 2 { 0 } else { 1 });
    }

    #[test]
    fn rule_2_rock_paper_scissors_winner_never_lost_a_throw() {
        for seed in 0..50 {
            let d = draw_first_mover(FirstMoveMethod::RockPaperScissors, 4, &mut Rng::new(seed))
                .unwrap();
            for step in &d.steps {
                let DrawStep::Throw { hands } = step else {
                    panic!()
                };
                if let Some(mine) = hands.iter().find(|x| x.0 == d.first) {
                    assert!(
                        !hands.iter().any(|x| x.1.beats(mine.1)
                            && hands.iter().all(|y| y.1 == x.1 || y.1 == mine.1))
                    );
                }
            }
        }
    }
}

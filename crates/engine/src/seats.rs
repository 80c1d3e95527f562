//! Who sits where (RULES §2, §6). Seats are numbered in turn order: seat 0 is
//! at camp 0 (south) and play passes clockwise, to each player's left, so seat
//! `i + 1` always moves after seat `i`.

use crate::error::RuleError;
use crate::rules::Teams;

/// Seat index, 0..players.
pub type Seat = u8;

/// Home camps in seat (turn) order for each allowed player count.
pub fn home_camps(players: usize) -> Result<&'static [u8], RuleError> {
    // Clockwise seen from above means decreasing camp numbers (camps are numbered
    // counter-clockwise).
    Ok(match players {
        2 => &[0, 3],
        3 => &[0, 4, 2],
        4 => &[0, 4, 3, 1],
        6 => &[0, 5, 4, 3, 2, 1],
        n => return Err(RuleError::PlayerCount(n)),
    })
}

/// The target of a camp: the camp opposite.
pub fn target_camp(home: u8) -> u8 {
    (home + 3) % 6
}

/// The team (0 = A, 1 = B) of every seat, or `None` without teams.
pub fn team_of_seats(players: usize, teams: Teams) -> Result<Option<Vec<u8>>, RuleError> {
    let camps = home_camps(players)?;
    let team_of_camp: fn(u8) -> u8 = match (teams, players) {
        (Teams::None, _) => return Ok(None),
        // Camps 0 + 1 against 3 + 4.
        (Teams::TwoVsTwo, 4) => |c| u8::from(c >= 3),
        // Alternating camps: 0, 2, 4 against 1, 3, 5.
        (Teams::ThreeVsThree, 6) => |c| c % 2,
        (_, n) => return Err(RuleError::TeamSize(n)),
    };
    Ok(Some(camps.iter().map(|&c| team_of_camp(c)).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_one_and_five_players_are_refused() {
        for n in [0, 1, 5, 7] {
            assert_eq!(home_camps(n), Err(RuleError::PlayerCount(n)));
        }
    }

    #[test]
    fn rule_2_seats_use_the_camps_of_the_rule_book() {
        let sorted = |n| {
            let mut v = home_camps(n).unwrap().to_vec();
            v.sort();
            v
        };
        assert_eq!(sorted(2), vec![0, 3]);
        assert_eq!(sorted(3), vec![0, 2, 4]);
        assert_eq!(sorted(4), vec![0, 1, 3, 4]);
        assert_eq!(sorted(6), vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn rule_2_three_players_start_with_empty_targets() {
        let camps = home_camps(3).unwrap();
        for &c in camps {
            assert!(!camps.contains(&target_camp(c)));
        }
    }

    #[test]
    fn rule_2_turns_pass_clockwise_to_the_left() {
        // Counter-clockwise numbering: clockwise is always a step down (mod 6).
        for n in [2usize, 3, 4, 6] {
            let camps = home_camps(n).unwrap();
            for i in 0..n {
                let (a, b) = (camps[i] as i32, camps[(i + 1) % n] as i32);
                let gap = (a - b).rem_euclid(6);
                assert!(gap >= 1, "seat {i} -> next");
                // No seated camp lies strictly between them going clockwise.
                for g in 1..gap {
                    assert!(!camps.contains(&(((a - g).rem_euclid(6)) as u8)));
                }
            }
        }
    }

    #[test]
    fn rule_6_teams_sit_so_every_target_belongs_to_an_opponent() {
        for (n, t) in [(4, Teams::TwoVsTwo), (6, Teams::ThreeVsThree)] {
            let camps = home_camps(n).unwrap();
            let teams = team_of_seats(n, t).unwrap().unwrap();
            for (i, &c) in camps.iter().enumerate() {
                let j = camps.iter().position(|&x| x == target_camp(c)).unwrap();
                assert_ne!(teams[i], teams[j]);
            }
        }
        // 3v3 alternates A B A B A B in turn order.
        assert_eq!(
            team_of_seats(6, Teams::ThreeVsThree).unwrap().unwrap(),
            vec![0, 1, 0, 1, 0, 1]
        );
        assert!(team_of_seats(2, Teams::TwoVsTwo).is_err());
        assert!(team_of_seats(6, Teams::TwoVsTwo).is_err());
    }
}

//! The game at a table, whichever game of the box it is: the few things the
//! host and the client need beyond the game shape (`BoxGame`), written once
//! for every game, so a game on the shape needs no network code of its own.
//!
//! Classic and party keep their `Action`s, with the host's clocks and the
//! engine's events; every other game moves by [`Play`]s (a move with its
//! route, or a resignation) checked by its own rules through `AnyGame`.

use crate::protocol::{Play, TableGame};
use starhop_draughts::Side;
use starhop_engine::{Action, Rules, Seat};
use starhop_games::{AnyGame, AnyRecord, BoxGame, ClassicMove, DraughtsGame};

/// FNV-1a, 64 bits, written out byte by byte so the number is the same on
/// every machine (as the engine's own checksum does).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
}

/// What the host and its clients compare after every change of a table's
/// game. Classic and party: `Game::checksum` (everything undo restores but
/// the running turn's clock), as before. The other games: the game's
/// `position_checksum` (the position and the side to move), every move
/// played with its route, and the result: two copies that agree on it
/// have the same position, history (so the same draw counters and
/// scores) and ending.
pub fn checksum(game: &AnyGame) -> u64 {
    if let AnyGame::Classic(g) = game {
        return g.checksum();
    }
    let mut h = Fnv::new();
    h.bytes(game.kind().tag().as_bytes());
    h.u64(game.position_checksum());
    let moves = game.moves_played();
    h.u64(moves.len() as u64);
    for mv in &moves {
        let route = game.route(mv);
        h.u64(route.len() as u64);
        for cell in route {
            h.bytes(&cell.to_le_bytes());
        }
    }
    match game.result() {
        None => h.bytes(&[0]),
        Some(result) => {
            h.bytes(&[1]);
            h.bytes(&result.places);
            h.bytes(result.reason.as_bytes());
        }
    }
    h.0
}

/// Whether a table of `game` can have `seats` seats (and, for classic,
/// `rules`).
pub(crate) fn validate(game: &TableGame, rules: &Rules, seats: usize) -> Result<(), String> {
    match game {
        TableGame::Classic => rules.validate(seats).map_err(|e| e.to_string()),
        TableGame::Draughts { .. } if seats == 2 => Ok(()),
        TableGame::Draughts { .. } => Err(format!(
            "draughts is played by two: a table of {seats} seats cannot play it"
        )),
        TableGame::Food { rules: food } => {
            food.board().map_err(|e| e.to_string())?;
            if food.players != seats {
                return Err(format!(
                    "the food-checkers rules are for {} players, and the table has {seats} seats",
                    food.players
                ));
            }
            Ok(())
        }
        TableGame::Halma { rules: halma } => {
            // The engine says whether the rules make a game (players, teams).
            starhop_engine::halma::HalmaGame::new(halma.clone()).map_err(|e| e.to_string())?;
            if halma.players != seats {
                return Err(format!(
                    "the Halma rules are for {} players, and the table has {seats} seats",
                    halma.players
                ));
            }
            Ok(())
        }
    }
}

/// A new game of `game` for `seats` seats (classic: by `rules` and `seed`).
pub(crate) fn new_game(
    game: &TableGame,
    rules: &Rules,
    seats: usize,
    seed: u64,
) -> Result<AnyGame, String> {
    Ok(match game {
        TableGame::Classic => AnyGame::Classic(
            starhop_engine::Game::new(rules.clone(), seats, seed).map_err(|e| e.to_string())?,
        ),
        TableGame::Draughts { variant } => AnyGame::Draughts(DraughtsGame::new(*variant)),
        TableGame::Food { rules } => AnyGame::Food(
            starhop_engine::food::FoodGame::new(rules.clone()).map_err(|e| e.to_string())?,
        ),
        TableGame::Halma { rules } => AnyGame::Halma(
            starhop_engine::halma::HalmaGame::new(rules.clone()).map_err(|e| e.to_string())?,
        ),
    })
}

/// Whether `record` is a game of the table `game` with these seats and
/// (classic) rules.
pub(crate) fn fits(game: &TableGame, rules: &Rules, seats: usize, record: &AnyRecord) -> bool {
    let same_rules = match record {
        AnyRecord::Classic(r) => r.rules == *rules,
        _ => true,
    };
    TableGame::of_record(record).as_ref() == Some(game) && record.seats() == seats && same_rules
}

/// Whether a seat of this game can resign (food checkers has no resignation:
/// a player who does not come back is waited for).
pub(crate) fn resigns(game: &AnyGame) -> bool {
    matches!(
        game,
        AnyGame::Classic(_) | AnyGame::Draughts(_) | AnyGame::Halma(_)
    )
}

/// The classic action that plays `play` (the host fills in the time).
pub(crate) fn classic_action(play: &Play) -> Result<Action, String> {
    use starhop_games::AnyMove;
    Ok(match play {
        Play::Resign { seat } => Action::Resign { seat: *seat, ms: 0 },
        Play::Move {
            mv: AnyMove::Classic(mv),
        } => match mv {
            ClassicMove::Hop { route } => match (route.first(), route.last()) {
                (Some(&from), Some(&to)) => Action::Move {
                    from,
                    to,
                    route: route.clone(),
                    ms: 0,
                },
                _ => return Err("a move needs a route".into()),
            },
            ClassicMove::Pass => Action::Pass { ms: 0 },
            ClassicMove::Item { item_use } => Action::UseItem {
                item_use: *item_use,
                ms: 0,
            },
        },
        Play::Move { mv } => {
            return Err(format!(
                "that is a move of {}, and this table plays classic",
                mv.game_tag()
            ));
        }
    })
}

/// Makes `play` in a game of another kind than classic, by its rules (the
/// host has checked whose turn it is; a client's copy follows the host).
pub(crate) fn apply(game: &mut AnyGame, play: &Play) -> Result<(), String> {
    match play {
        Play::Move { mv } => game.play(mv).map_err(|e| e.to_string()),
        Play::Resign { seat } => match game {
            AnyGame::Draughts(g) => {
                let side = match seat {
                    0 => Side::White,
                    1 => Side::Black,
                    _ => return Err(format!("draughts has no seat {}", seat + 1)),
                };
                g.resign(side).map_err(|e| e.to_string())
            }
            AnyGame::Classic(g) => g.resign(*seat).map(drop).map_err(|e| e.to_string()),
            AnyGame::Halma(g) => g.resign(*seat).map_err(|e| e.to_string()),
            other => Err(format!("{} has no resignation", other.kind())),
        },
    }
}

/// A game split into the classic copy (`Game`, what classic code reads) and
/// the copy of any other game.
pub(crate) fn split(game: Option<&AnyGame>) -> (Option<starhop_engine::Game>, Option<AnyGame>) {
    match game {
        Some(AnyGame::Classic(g)) => (Some(g.clone()), None),
        Some(other) => (None, Some(other.clone())),
        None => (None, None),
    }
}

/// The same for a record.
pub(crate) fn split_record(
    record: Option<&AnyRecord>,
) -> (Option<starhop_engine::Record>, Option<AnyRecord>) {
    match record {
        Some(AnyRecord::Classic(r)) => (Some(r.clone()), None),
        Some(other) => (None, Some(other.clone())),
        None => (None, None),
    }
}

/// The seat to move of a game (none once it is over).
pub(crate) fn to_move(game: &AnyGame) -> Option<Seat> {
    BoxGame::to_move(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_draughts::Variant;
    use starhop_engine::food::{FoodGame, FoodRules};

    #[test]
    fn a_halma_table_takes_the_rules_the_engine_takes_and_their_seats() {
        use starhop_engine::halma::HalmaRules;
        let classic = Rules::classic();
        let halma = |players, teams| TableGame::Halma {
            rules: HalmaRules {
                teams,
                ..HalmaRules::for_players(players)
            },
        };
        assert!(validate(&halma(2, false), &classic, 2).is_ok());
        assert!(validate(&halma(4, true), &classic, 4).is_ok());
        assert!(validate(&halma(3, false), &classic, 3).is_err());
        assert!(
            validate(&halma(2, true), &classic, 2).is_err(),
            "teams are for four"
        );
        assert!(
            validate(&halma(4, false), &classic, 2).is_err(),
            "seats as the rules say"
        );
    }

    #[test]
    fn the_checksum_follows_position_history_and_ending() {
        let mut a = AnyGame::Draughts(DraughtsGame::new(Variant::Russian));
        let b = a.clone();
        assert_eq!(checksum(&a), checksum(&b));
        let mv = a.legal_moves()[0].clone();
        a.play(&mv).unwrap();
        let after = checksum(&a);
        assert_ne!(after, checksum(&b));
        a.undo().unwrap();
        assert_eq!(checksum(&a), checksum(&b), "undo restores it");
        a.redo().unwrap();
        assert_eq!(checksum(&a), after);
        // A resignation changes the ending only.
        let mut resigned = a.clone();
        apply(&mut resigned, &Play::Resign { seat: 1 }).unwrap();
        assert!(resigned.is_over());
        assert_ne!(checksum(&resigned), after);
        // Food: the same position by two histories is told apart.
        let food = AnyGame::Food(FoodGame::new(FoodRules::table(37, 3)).unwrap());
        assert_ne!(checksum(&food), checksum(&b));
        assert!(!resigns(&food));
        let mut f = food.clone();
        assert!(apply(&mut f, &Play::Resign { seat: 0 }).is_err());
        assert_eq!(checksum(&f), checksum(&food));
    }

    #[test]
    fn classic_plays_become_actions_and_other_games_moves_do_not() {
        let hop = Play::of(starhop_games::AnyMove::Classic(ClassicMove::Hop {
            route: vec![3, 9, 21],
        }));
        assert_eq!(
            classic_action(&hop),
            Ok(Action::Move {
                from: 3,
                to: 21,
                route: vec![3, 9, 21],
                ms: 0
            })
        );
        let empty = Play::of(starhop_games::AnyMove::Classic(ClassicMove::Hop {
            route: vec![],
        }));
        assert!(classic_action(&empty).is_err());
        let draughts = Play::of(starhop_games::AnyMove::Draughts(
            starhop_draughts::DraughtsMove {
                route: vec![22, 18],
            },
        ));
        assert!(classic_action(&draughts).unwrap_err().contains("draughts"));
    }
}

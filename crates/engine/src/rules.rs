//! Every rule option of the rule book as one serde value, with presets.
//! Missing fields take their defaults, so older saves keep loading.

use crate::error::RuleError;
use crate::geometry::Board;
use crate::items::{DEFAULT_BOX_EVERY, ItemSet, MAX_BOX_EVERY};
use crate::seats::{home_camps, team_of_seats};
use serde::{Deserialize, Serialize};

/// The shortest move limit or time bank the rules accept: a clock of less than
/// a second cannot be played by a person, and 0 would time out at once.
pub const MIN_CLOCK_MS: u32 = 1_000;

/// How the first mover is chosen before the game (RULES §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum FirstMoveMethod {
    /// Each player calls heads or tails; see `draw` for the exact procedure.
    CoinToss,
    RockPaperScissors,
    /// Drawing lots: a uniformly random seat.
    #[default]
    Lots,
    /// A fixed seat moves first.
    Fixed(u8),
}

/// Team play (RULES §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Teams {
    #[default]
    None,
    /// 4 players, camps 0+1 against 3+4.
    TwoVsTwo,
    /// 6 players, alternating seats.
    ThreeVsThree,
}

/// The rule set of a game. Defaults are the Classic preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Rows per star point: 3, 4 (standard) or 5.
    pub board_size: u8,
    /// Long ("super") jumps over a distant marble (§3).
    pub long_jumps: bool,
    /// A marble may not end a move in a camp that is neither its home nor its target (§3).
    pub no_stopping_in_foreign_camps: bool,
    /// A marble that has reached its target camp may move only within it (§3).
    pub locked_in_target: bool,
    /// A player may pass instead of moving (§3). A player with no move may always pass.
    pub pass_allowed: bool,
    /// Returning moves a player may make before further ones are refused (§3); `None` = no limit.
    pub repetition_limit: Option<u8>,
    /// The first player to put a marble into their target skips their next turn (§3).
    pub first_in_skips: bool,
    /// Complete the round when someone finishes, so everyone has made the same number of
    /// moves (the two-player equal-move rule of §4). Off: the first finisher wins at once.
    pub equal_moves: bool,
    /// With 3+ players, play on after the first finisher until every place is decided (§4).
    pub play_on: bool,
    /// The anti-passive rule (§4).
    pub anti_passive: bool,
    /// Deadlock adjudication after 10 rounds without progress (§4; two-player games).
    pub deadlock_adjudication: bool,
    /// Per-move time limit in milliseconds (§5).
    pub move_limit_ms: Option<u32>,
    /// Chess-clock time bank per player in milliseconds (§5).
    pub time_bank_ms: Option<u32>,
    /// Team play (§6).
    pub teams: Teams,
    /// How the first mover is chosen (§2).
    pub first_move: FirstMoveMethod,
    /// Party mode items (§8).
    pub items: bool,
    /// Which items boxes hold (party mode).
    pub item_set: ItemSet,
    /// Rounds between new boxes (party mode; 0: only the boxes of the start).
    pub box_every: u8,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

/// The named presets of RULES §10 (food checkers is its own mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Classic,
    SuperJump,
    Tournament,
    Party,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Classic,
        Preset::SuperJump,
        Preset::Tournament,
        Preset::Party,
    ];

    /// The preset these rules are, if any. The board size, the first-move method
    /// and teams are the table's choice, not the preset's, so they are ignored.
    pub fn of(rules: &Rules) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            let preset = p.rules();
            Rules {
                board_size: preset.board_size,
                first_move: preset.first_move,
                teams: preset.teams,
                ..rules.clone()
            } == preset
        })
    }

    pub fn rules(self) -> Rules {
        match self {
            Preset::Classic => Rules::classic(),
            Preset::SuperJump => Rules {
                long_jumps: true,
                ..Rules::classic()
            },
            Preset::Tournament => Rules {
                move_limit_ms: Some(10_000),
                anti_passive: true,
                equal_moves: true,
                deadlock_adjudication: true,
                ..Rules::classic()
            },
            Preset::Party => Rules {
                items: true,
                ..Rules::classic()
            },
        }
    }
}

impl Rules {
    /// Standard rules: every option at its rule-book default.
    pub fn classic() -> Rules {
        Rules {
            board_size: 4,
            long_jumps: false,
            no_stopping_in_foreign_camps: true,
            locked_in_target: false,
            pass_allowed: false,
            repetition_limit: Some(3),
            first_in_skips: false,
            equal_moves: true,
            play_on: true,
            anti_passive: true,
            deadlock_adjudication: true,
            move_limit_ms: None,
            time_bank_ms: None,
            teams: Teams::None,
            first_move: FirstMoveMethod::Lots,
            items: false,
            item_set: ItemSet::ALL,
            box_every: DEFAULT_BOX_EVERY,
        }
    }

    /// Whether a game of `players` can be set up with these rules: the board
    /// size exists, the player count is allowed, teams fit the players, a fixed
    /// first mover sits at the table, and clocks are long enough to play.
    pub fn validate(&self, players: usize) -> Result<(), RuleError> {
        Board::get(self.board_size)?;
        home_camps(players)?;
        team_of_seats(players, self.teams)?;
        if let FirstMoveMethod::Fixed(seat) = self.first_move
            && seat as usize >= players
        {
            return Err(RuleError::FirstSeat(seat));
        }
        if self.items && self.item_set.is_empty() {
            return Err(RuleError::NoItemsInPlay);
        }
        if self.box_every > MAX_BOX_EVERY {
            return Err(RuleError::BoxEvery(self.box_every));
        }
        for (name, clock) in [
            ("move limit", self.move_limit_ms),
            ("time bank", self.time_bank_ms),
        ] {
            if let Some(ms) = clock
                && ms < MIN_CLOCK_MS
            {
                return Err(RuleError::Clock(format!(
                    "a {name} of {ms} ms is too short: at least {MIN_CLOCK_MS} ms"
                )));
            }
        }
        Ok(())
    }

    pub fn with_size(mut self, size: u8) -> Rules {
        self.board_size = size;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RULES §3-§6 defaults, written out field by field so a new option must be
    /// placed here too.
    fn rule_book_classic() -> Rules {
        Rules {
            board_size: 4,
            long_jumps: false,
            no_stopping_in_foreign_camps: true,
            locked_in_target: false,
            pass_allowed: false,
            repetition_limit: Some(3),
            first_in_skips: false,
            equal_moves: true,
            play_on: true,
            anti_passive: true,
            deadlock_adjudication: true,
            move_limit_ms: None,
            time_bank_ms: None,
            teams: Teams::None,
            first_move: FirstMoveMethod::Lots,
            items: false,
            item_set: ItemSet::ALL,
            box_every: DEFAULT_BOX_EVERY,
        }
    }

    #[test]
    fn rule_10_every_preset_field_is_what_the_rule_book_says() {
        // Classic: the standard rules, items off, long jumps off, no clocks.
        assert_eq!(Preset::Classic.rules(), rule_book_classic());
        // Super jump: Classic + long jumps.
        assert_eq!(
            Preset::SuperJump.rules(),
            Rules {
                board_size: 4,
                long_jumps: true,
                no_stopping_in_foreign_camps: true,
                locked_in_target: false,
                pass_allowed: false,
                repetition_limit: Some(3),
                first_in_skips: false,
                equal_moves: true,
                play_on: true,
                anti_passive: true,
                deadlock_adjudication: true,
                move_limit_ms: None,
                time_bank_ms: None,
                teams: Teams::None,
                first_move: FirstMoveMethod::Lots,
                items: false,
                item_set: ItemSet::ALL,
                box_every: DEFAULT_BOX_EVERY,
            }
        );
        // Tournament: Classic + a 10 s move limit, anti-passive, equal moves, deadlock adjudication.
        assert_eq!(
            Preset::Tournament.rules(),
            Rules {
                board_size: 4,
                long_jumps: false,
                no_stopping_in_foreign_camps: true,
                locked_in_target: false,
                pass_allowed: false,
                repetition_limit: Some(3),
                first_in_skips: false,
                equal_moves: true,
                play_on: true,
                anti_passive: true,
                deadlock_adjudication: true,
                move_limit_ms: Some(10_000),
                time_bank_ms: None,
                teams: Teams::None,
                first_move: FirstMoveMethod::Lots,
                items: false,
                item_set: ItemSet::ALL,
                box_every: DEFAULT_BOX_EVERY,
            }
        );
        // Party: Classic + items.
        assert_eq!(
            Preset::Party.rules(),
            Rules {
                board_size: 4,
                long_jumps: false,
                no_stopping_in_foreign_camps: true,
                locked_in_target: false,
                pass_allowed: false,
                repetition_limit: Some(3),
                first_in_skips: false,
                equal_moves: true,
                play_on: true,
                anti_passive: true,
                deadlock_adjudication: true,
                move_limit_ms: None,
                time_bank_ms: None,
                teams: Teams::None,
                first_move: FirstMoveMethod::Lots,
                items: true,
                item_set: ItemSet::ALL,
                box_every: DEFAULT_BOX_EVERY,
            }
        );
    }

    #[test]
    fn preset_of_names_the_preset_whatever_the_table_chose() {
        for p in Preset::ALL {
            assert_eq!(Preset::of(&p.rules()), Some(p));
            let table = Rules {
                board_size: 5,
                first_move: FirstMoveMethod::Fixed(1),
                teams: Teams::TwoVsTwo,
                ..p.rules()
            };
            assert_eq!(Preset::of(&table), Some(p));
        }
        let custom = Rules {
            pass_allowed: true,
            ..Rules::classic()
        };
        assert_eq!(Preset::of(&custom), None);
    }

    #[test]
    fn validate_refuses_each_impossible_setup_with_its_reason() {
        assert_eq!(Rules::classic().validate(2), Ok(()));
        assert_eq!(
            Rules::classic().with_size(6).validate(2),
            Err(RuleError::BoardSize(6))
        );
        assert_eq!(Rules::classic().validate(5), Err(RuleError::PlayerCount(5)));
        let teams = Rules {
            teams: Teams::ThreeVsThree,
            ..Rules::classic()
        };
        assert_eq!(teams.validate(4), Err(RuleError::TeamSize(4)));
        assert_eq!(teams.validate(6), Ok(()));
        let fixed = Rules {
            first_move: FirstMoveMethod::Fixed(3),
            ..Rules::classic()
        };
        assert_eq!(fixed.validate(3), Err(RuleError::FirstSeat(3)));
        assert_eq!(fixed.validate(4), Ok(()));
        let quick = Rules {
            move_limit_ms: Some(999),
            ..Rules::classic()
        };
        assert!(matches!(quick.validate(2), Err(RuleError::Clock(m)) if m.contains("999 ms")));
        let broke = Rules {
            time_bank_ms: Some(0),
            ..Rules::classic()
        };
        assert!(matches!(broke.validate(2), Err(RuleError::Clock(m)) if m.contains("time bank")));
    }

    #[test]
    fn rules_round_trip_through_json_and_fill_missing_fields() {
        let r = Preset::Tournament.rules().with_size(5);
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), r);
        let partial: Rules = serde_json::from_str(r#"{"long_jumps": true}"#).unwrap();
        assert_eq!(partial, Preset::SuperJump.rules());
    }
}

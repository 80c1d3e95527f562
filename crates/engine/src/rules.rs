//! Every rule option of the rule book as one serde value, with presets.
//! Missing fields take their defaults, so older saves keep loading.

use serde::{Deserialize, Serialize};

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
        }
    }

    pub fn with_size(mut self, size: u8) -> Rules {
        self.board_size = size;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_10_presets_differ_from_classic_only_where_the_rule_book_says() {
        let c = Rules::classic();
        assert!(!c.long_jumps && !c.items && c.move_limit_ms.is_none() && c.time_bank_ms.is_none());
        assert!(Preset::SuperJump.rules().long_jumps);
        let t = Preset::Tournament.rules();
        assert_eq!(t.move_limit_ms, Some(10_000));
        assert!(t.anti_passive && t.equal_moves && t.deadlock_adjudication);
        assert!(Preset::Party.rules().items);
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

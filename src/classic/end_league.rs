//! What the league adds to the end screen of a match it filed: each seat's
//! rating change and what the early-game rule held back, and the way back to
//! a tournament. The league fills [`EndScreenLeague`]; the end screen only
//! shows it, so classic never asks the league.

use crate::settings::Language;
use crate::ui::{tr, trf};
use bevy::prelude::*;

/// The league's rows on the end screen of the match on show.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct EndScreenLeague {
    /// Each seat's rating change (None for bots and guests; empty for a
    /// match that is not filed).
    pub rating: Vec<Option<RatingLine>>,
    pub held_back: Option<HeldBack>,
    /// The match is a tournament's game: the end screen leads back to it.
    pub tournament: bool,
}

/// The end screen of a tournament's game asks to go back to the tournament.
#[derive(Message, Clone, Copy, Debug)]
pub struct BackToTournament;

/// Why nobody gained points in a rated game (RULES §7: no gains in a game
/// decided in under 18 rounds, 10 with long jumps, or resigned before
/// round 11), and what each rated seat would have gained otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldBack {
    /// `Some((rounds, needed))` for a game decided too soon; `None` for an
    /// early resignation.
    pub short: Option<(u32, u32)>,
    /// Points each seat would have gained (None where nothing was held back).
    pub would_have: Vec<Option<i32>>,
}

impl HeldBack {
    /// The reason in words.
    pub fn reason(&self, lang: Language) -> String {
        match self.short {
            Some((rounds, needed)) => trf(
                lang,
                "No points were gained: the game was decided in round {}, and points are gained from round {} on (rule book §7).",
                &[&rounds, &needed],
            ),
            None => tr(
                lang,
                "No points were gained: someone resigned before round 11 (rule book §7).",
            )
            .into(),
        }
    }
}

/// One seat's line on the end screen: "+12", "Level 3!".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingLine {
    pub points: i32,
    pub new_level: Option<u32>,
}

impl RatingLine {
    pub fn points_text(&self) -> String {
        match self.points {
            p if p > 0 => format!("+{p}"),
            p if p < 0 => format!("−{}", -p),
            _ => "±0".into(),
        }
    }
}

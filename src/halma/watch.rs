//! A Halma record on show for the replay viewer (see `kit::watch`): the
//! record's game becomes the session, one move forward hopping as in play,
//! back or further set at once.

use super::{
    Halma, HalmaMoved, HalmaSession, outcome_text, pieces::HalmaAnimating, seat_name, setup_of,
};
use crate::base::PiecesMoving;
use crate::kit::watch::{Shown, Watched};
use crate::settings::Language;
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use starhop_engine::halma::{HalmaAction, HalmaGame};
use starhop_games::AnyRecord;

/// The whole recorded game and how far into it the board is.
#[derive(Resource)]
pub struct HalmaOnShow {
    full: HalmaGame,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::watch::plugin_for::<Halma>(app, super::HalmaRulesSet);
}

/// Whether an action is a play of the timeline (a move or a pass): the
/// viewer counts those, as `BoxGame::moves_played` does; a resignation
/// goes with the play before it.
fn is_play(action: &HalmaAction) -> bool {
    !matches!(action, HalmaAction::Resign { .. })
}

fn plays(game: &HalmaGame) -> usize {
    game.actions().filter(|a| is_play(a)).count()
}

/// The game after its first `n` plays, with the resignations made after
/// the last of them (all of it, ending included, at the end).
fn after(full: &HalmaGame, n: usize) -> HalmaGame {
    let mut game = full.clone();
    while plays(&game) > n && game.undo().is_ok() {}
    game
}

/// The viewer's lines, one a play: its number, the seat that made it and
/// its route (a resignation is told on the line before it). The seats are
/// read by playing the game again, since seats that are done are skipped.
pub(super) fn lines(lang: Language, full: &HalmaGame) -> Vec<String> {
    let Ok(mut game) = HalmaGame::new(full.rules().clone()) else {
        return Vec::new();
    };
    let mut lines: Vec<String> = Vec::new();
    for action in full.actions() {
        let name = seat_name(lang, game.to_move() as usize);
        match action {
            HalmaAction::Move { mv } => {
                let squares: Vec<String> = mv.route.iter().map(|&s| square_name(s)).collect();
                let _ = game.play(mv.from, mv.to);
                lines.push(format!("{}. {name} {}", lines.len() + 1, squares.join("-")));
            }
            HalmaAction::Pass => {
                let _ = game.pass();
                lines.push(format!(
                    "{}. {}",
                    lines.len() + 1,
                    trf(lang, "{} passes", &[&name])
                ));
            }
            HalmaAction::Resign { seat } => {
                let _ = game.resign(*seat);
                let out = format!("{} {}", seat_name(lang, *seat as usize), lang.t("resigned"));
                if let Some(last) = lines.last_mut() {
                    last.push_str(" · ");
                    last.push_str(&out);
                }
            }
        }
    }
    lines
}

/// A square as players read it: a column letter and a row number (a1 at
/// the bottom left of the engine's drawing).
pub fn square_name(sq: u8) -> String {
    use starhop_engine::halma::board::{SIDE, column, row};
    let file = (b'a' + column(sq)) as char;
    format!("{file}{}", SIDE - row(sq))
}

impl Watched for Halma {
    type OnShow = HalmaOnShow;
    type Moved = HalmaMoved;
    type Animating = HalmaAnimating;

    fn show(record: &AnyRecord, at: usize, lang: Language) -> Option<Shown<Halma>> {
        let AnyRecord::Halma(record) = record else {
            return None;
        };
        let full = record.replay().ok()?;
        let at = at.min(plays(&full));
        Some(Shown {
            session: HalmaSession::new(after(&full, at), setup_of(record)),
            lines: lines(lang, &full),
            on_show: HalmaOnShow { full, at },
        })
    }

    fn at(w: &HalmaOnShow) -> usize {
        w.at
    }

    fn moves(w: &HalmaOnShow) -> usize {
        plays(&w.full)
    }

    /// The marble hops as in play.
    fn forward(s: &mut HalmaSession, w: &mut HalmaOnShow) -> Option<HalmaMoved> {
        let before = *s.game.position();
        let next = w.full.actions().filter(|a| is_play(a)).nth(w.at).cloned();
        Self::jump(s, w, w.at + 1);
        match next {
            Some(HalmaAction::Move { mv }) => Some(HalmaMoved { before, mv }),
            _ => None,
        }
    }

    /// A move taken back is set at once.
    fn back(s: &mut HalmaSession, w: &mut HalmaOnShow) -> Option<HalmaMoved> {
        Self::jump(s, w, w.at.saturating_sub(1));
        None
    }

    fn jump(s: &mut HalmaSession, w: &mut HalmaOnShow, to: usize) {
        let to = to.min(plays(&w.full));
        s.game = after(&w.full, to);
        s.revision += 1;
        w.at = to;
    }

    fn result(s: &HalmaSession, lang: Language) -> Option<String> {
        s.game.outcome().map(|o| outcome_text(lang, s.players(), o))
    }
}

/// The viewer waits for the hops to land before the next move.
impl PiecesMoving for HalmaAnimating {
    fn moving(&self) -> bool {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::halma::HalmaRules;

    #[test]
    fn the_game_after_n_plays_keeps_the_resignation_only_at_the_end() {
        let mut full = HalmaGame::new(HalmaRules::for_players(2)).expect("two players");
        for _ in 0..4 {
            let mv = full.legal_moves()[0].clone();
            full.play(mv.from, mv.to).expect("a legal move");
        }
        full.resign(full.to_move()).expect("a game on");
        assert!(
            after(&full, 4).is_over(),
            "the resignation stays at the end"
        );
        let two = after(&full, 2);
        assert_eq!(two.actions().count(), 2);
        assert!(!two.is_over());
        let lines = lines(Language::English, &full);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(lines[0].starts_with("1. Red "), "{lines:?}");
        assert!(lines[1].starts_with("2. Blue "), "{lines:?}");
        assert!(lines[3].ends_with("Red resigned"), "{lines:?}");
    }

    #[test]
    fn squares_are_named_from_a1_at_the_bottom_left() {
        use starhop_engine::halma::board::square;
        assert_eq!(square_name(square(15, 0)), "a1");
        assert_eq!(square_name(square(0, 15)), "p16");
    }
}

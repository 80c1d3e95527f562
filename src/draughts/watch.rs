//! A draughts record on show for the replay viewer (see `kit::watch`): the
//! record's game becomes the session, one move forward hopping and taking
//! pieces as in play, back or further set at once; a watched game has no
//! clocks.

use super::{
    Draughts, DraughtsMoved, DraughtsSession, DraughtsSetup, outcome_text,
    pieces::DraughtsAnimating, seats_of, side_name,
};
use crate::base::PiecesMoving;
use crate::kit::watch::{Shown, Watched};
use crate::settings::Language;
use bevy::prelude::*;
use starhop_draughts::Game;
use starhop_games::AnyRecord;

/// The whole recorded game (with its resignation or agreement, which the
/// engine's redo cannot give back) and how far into it the board is.
#[derive(Resource)]
pub struct DraughtsOnShow {
    full: Game,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::watch::plugin_for::<Draughts>(app, super::DraughtsRules);
}

/// The game after its first `n` moves (all of it, ending included, at the end).
fn after(full: &Game, n: usize) -> Game {
    let mut game = full.clone();
    while game.ply_count() > n && game.undo() {}
    game
}

/// The viewer's lines: each move with its number and the side that made it.
fn lines(lang: Language, full: &Game) -> Vec<String> {
    full.notation()
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let side = full
                .position_before(i)
                .map_or(full.side_to_move(), |p| p.side_to_move());
            format!("{}. {} {text}", i / 2 + 1, side_name(lang, side))
        })
        .collect()
}

fn result_line(lang: Language, game: &Game) -> Option<String> {
    game.outcome().map(|o| outcome_text(lang, o))
}

impl Watched for Draughts {
    type OnShow = DraughtsOnShow;
    type Moved = DraughtsMoved;
    type Animating = DraughtsAnimating;

    fn show(record: &AnyRecord, at: usize, lang: Language) -> Option<Shown<Draughts>> {
        let AnyRecord::Draughts(record) = record else {
            return None;
        };
        let full = Game::from_record(record).ok()?;
        let at = at.min(full.ply_count());
        let setup = DraughtsSetup {
            variant: record.variant,
            seats: seats_of(record),
            minutes: None,
        };
        Some(Shown {
            session: DraughtsSession::new(after(&full, at), setup),
            lines: lines(lang, &full),
            on_show: DraughtsOnShow { full, at },
        })
    }

    fn at(w: &DraughtsOnShow) -> usize {
        w.at
    }

    fn moves(w: &DraughtsOnShow) -> usize {
        w.full.ply_count()
    }

    /// The piece hops and takes as in play.
    fn forward(s: &mut DraughtsSession, w: &mut DraughtsOnShow) -> Option<DraughtsMoved> {
        let before = *s.game.position();
        let mv = w.full.moves().nth(w.at).copied();
        Self::jump(s, w, w.at + 1);
        mv.map(|mv| DraughtsMoved { before, mv })
    }

    /// A move taken back is set at once.
    fn back(s: &mut DraughtsSession, w: &mut DraughtsOnShow) -> Option<DraughtsMoved> {
        Self::jump(s, w, w.at.saturating_sub(1));
        None
    }

    fn jump(s: &mut DraughtsSession, w: &mut DraughtsOnShow, to: usize) {
        s.game = after(&w.full, to);
        s.revision += 1;
        w.at = to;
    }

    fn result(s: &DraughtsSession, lang: Language) -> Option<String> {
        result_line(lang, &s.game)
    }
}

/// The viewer waits for the hops and captures to land before the next move.
impl PiecesMoving for DraughtsAnimating {
    fn moving(&self) -> bool {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_draughts::Variant;

    #[test]
    fn the_position_after_n_moves_keeps_the_ending_only_at_the_end() {
        let mut full = Game::new(Variant::Russian);
        for _ in 0..4 {
            let mv = full.legal_moves()[0];
            full.play(&mv).expect("a legal move");
        }
        full.resign(full.side_to_move()).expect("a game on");
        assert!(
            after(&full, 4).is_over(),
            "the resignation stays at the end"
        );
        let two = after(&full, 2);
        assert_eq!(two.ply_count(), 2);
        assert!(!two.is_over());
        let lines = lines(Language::English, &full);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("1. White "), "{lines:?}");
        assert!(lines[1].starts_with("1. Black "), "{lines:?}");
        assert!(lines[2].starts_with("2. White "), "{lines:?}");
    }
}

//! A crossing record on show for the replay viewer (see `kit::watch`): the
//! record's moves become the line the crossing's own watching plays
//! (`watch`), stepped by the viewer instead of its own controls; one move
//! forward or back hops as in play, further is set at once. The player cannot
//! move meanwhile (a watched line takes no moves), and its end is not a
//! result: no best kept, nothing filed.

use super::watch::Watch;
use super::{Crossing, CrossingRules, CrossingSession, CrossingSetup, hop};
use crate::base::PiecesMoving;
use crate::kit::watch::{Shown, Watched};
use crate::settings::Language;
use crate::stage::marbles::{Animating, MarblesMoved};
use crate::ui::trf;
use bevy::prelude::*;
use starhop_engine::Hole;
use starhop_engine::crossing::CrossingGame;
use starhop_games::AnyRecord;

/// The record's moves, and how far into them the board is.
#[derive(Resource)]
pub struct CrossingOnShow {
    line: Vec<Vec<Hole>>,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    crate::kit::watch::plugin_for::<Crossing>(app, CrossingRules);
}

impl Watched for Crossing {
    type OnShow = CrossingOnShow;
    type Moved = MarblesMoved;
    type Animating = Animating;

    fn show(record: &AnyRecord, at: usize, lang: Language) -> Option<Shown<Crossing>> {
        let AnyRecord::Crossing(record) = record else {
            return None;
        };
        let full = record.replay().ok()?;
        let mut game = CrossingGame::new(record.size, record.long_jumps).ok()?;
        let line = full.played().to_vec();
        for route in line.iter().take(at) {
            if game.play_route(route).is_err() {
                break;
            }
        }
        let at = game.played().len();
        let session = CrossingSession {
            game: game.clone(),
            setup: CrossingSetup::new(record.size, record.long_jumps),
            watch: Some(Watch::of_record(line.clone(), game.clone())),
        };
        Some(Shown {
            lines: lines(lang, &game, &line),
            session,
            on_show: CrossingOnShow { line, at },
        })
    }

    fn at(w: &CrossingOnShow) -> usize {
        w.at
    }

    fn moves(w: &CrossingOnShow) -> usize {
        w.line.len()
    }

    /// The marble hops as in play.
    fn forward(s: &mut CrossingSession, w: &mut CrossingOnShow) -> Option<MarblesMoved> {
        let route = w.line.get(w.at)?;
        s.game.play_route(route).ok()?;
        w.at += 1;
        Some(hop(route, false))
    }

    /// The marble hops back along its route.
    fn back(s: &mut CrossingSession, w: &mut CrossingOnShow) -> Option<MarblesMoved> {
        let route = s.game.undo().ok()?;
        w.at = s.game.played().len();
        Some(hop(&route, true))
    }

    fn jump(s: &mut CrossingSession, w: &mut CrossingOnShow, to: usize) {
        while s.game.played().len() > to && s.game.undo().is_ok() {}
        while let Some(route) = w
            .line
            .get(s.game.played().len())
            .filter(|_| s.game.played().len() < to)
        {
            if s.game.play_route(route).is_err() {
                break;
            }
        }
        w.at = s.game.played().len();
    }

    fn result(s: &CrossingSession, lang: Language) -> Option<String> {
        result_line(lang, &s.game)
    }
}

/// The viewer waits for the hops to land before the next move.
impl PiecesMoving for Animating {
    fn moving(&self) -> bool {
        self.0
    }
}

/// The viewer's lines: each move from the row it leaves to the row it
/// reaches (rows counted from the tip of the start camp).
fn lines(lang: Language, game: &CrossingGame, line: &[Vec<Hole>]) -> Vec<String> {
    let board = game.position().board();
    let row = |h: Hole| board.row_from_camp(h, 0);
    line.iter()
        .enumerate()
        .filter_map(|(i, route)| {
            let (from, to) = (*route.first()?, *route.last()?);
            Some(trf(
                lang,
                "{}. row {} → row {}",
                &[&(i + 1), &row(from), &row(to)],
            ))
        })
        .collect()
}

fn result_line(lang: Language, game: &CrossingGame) -> Option<String> {
    game.is_finished()
        .then(|| trf(lang, "Across in {} moves", &[&game.moves_made()]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_is_one_line_from_row_to_row() {
        let line = starhop_ai::crossing::best_known_line(3, false).expect("a known line");
        let game = CrossingGame::new(3, false).expect("the small board");
        let lines = lines(Language::English, &game, &line);
        assert_eq!(lines.len(), line.len());
        // Rows run from 1 at the start tip to 13 at the far one on this board.
        let board = game.position().board();
        for (i, (text, route)) in lines.iter().zip(&line).enumerate() {
            let (from, to) = (route[0], route[route.len() - 1]);
            let (from, to) = (board.row_from_camp(from, 0), board.row_from_camp(to, 0));
            assert_eq!(*text, format!("{}. row {from} → row {to}", i + 1));
        }
        let last = *line.last().and_then(|r| r.last()).expect("a last hole");
        let far = board.row_from_camp(last, 0);
        assert!(
            (10..=13).contains(&far),
            "the last move ends near the far tip: {far}"
        );
    }

    #[test]
    fn the_result_is_said_only_once_across() {
        let mut game = CrossingGame::new(3, false).expect("the small board");
        assert_eq!(result_line(Language::English, &game), None);
        for route in starhop_ai::crossing::best_known_line(3, false).expect("a known line") {
            game.play_route(&route).expect("the known line replays");
        }
        let text = result_line(Language::English, &game).expect("across");
        assert!(text.contains(&game.moves_made().to_string()), "{text}");
    }
}

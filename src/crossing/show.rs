//! A crossing record on show for the replay viewer (see `base::watch`): the
//! record's moves become the line the crossing's own watching plays
//! (`watch`), stepped by the viewer instead of its own controls; one move
//! forward or back hops as in play, further is set at once. The player cannot
//! move meanwhile (a watched line takes no moves), and its end is not a
//! result: no best kept, nothing filed.

use super::watch::Watch;
use super::{CrossingRules, CrossingSession, CrossingSetup, hop};
use crate::base::{
    AppSystems, PiecesMoving, RecordOnShow, Screen, ShowMoves, ShowRecord, StopShowing,
    report_moving,
};
use crate::settings::{Language, Settings};
use crate::stage::marbles::{Animating, BoardChanged, MarblesMoved};
use crate::ui::trf;
use bevy::prelude::*;
use starhop_engine::Hole;
use starhop_engine::crossing::CrossingGame;
use starhop_games::{AnyRecord, GameKind};

/// Present while a record is on show.
#[derive(Resource)]
struct CrossingOnShow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_records, show_moves, stop_showing)
            .chain()
            .in_set(AppSystems::Rules)
            .after(CrossingRules),
    )
    .add_systems(
        Update,
        report_moving::<Animating>
            .run_if(resource_exists::<CrossingOnShow>)
            .in_set(AppSystems::View),
    );
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

fn show_records(
    mut commands: Commands,
    mut shows: MessageReader<ShowRecord>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some((record, at)) = shows.read().last().and_then(|s| match &s.record {
        AnyRecord::Crossing(r) => Some((r, s.at)),
        _ => None,
    }) else {
        return;
    };
    let (Ok(full), Ok(mut game)) = (
        record.replay(),
        CrossingGame::new(record.size, record.long_jumps),
    ) else {
        // The viewer sends only records that replay.
        warn!("a crossing record to watch did not replay");
        return;
    };
    let line = full.played().to_vec();
    let lang = settings.language;
    for route in line.iter().take(at) {
        if game.play_route(route).is_err() {
            break;
        }
    }
    commands.insert_resource(RecordOnShow {
        kind: GameKind::Crossing,
        lines: lines(lang, &game, &line),
        result: result_line(lang, &game),
        moving: false,
    });
    let saved = game.clone();
    commands.insert_resource(CrossingSession {
        game,
        setup: CrossingSetup::new(record.size, record.long_jumps),
        colour: 0,
        playing: true,
        watch: Some(Watch::of_record(line, saved)),
    });
    commands.insert_resource(CrossingOnShow);
    NextState::set_if_neq(&mut next, Screen::Crossing);
    changed.write(BoardChanged);
}

fn show_moves(
    mut asks: MessageReader<ShowMoves>,
    settings: Res<Settings>,
    on_show: Option<Res<CrossingOnShow>>,
    session: Option<ResMut<CrossingSession>>,
    report: Option<ResMut<RecordOnShow>>,
    mut moved: MessageWriter<MarblesMoved>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let (Some(_), Some(mut s)) = (on_show, session) else {
        asks.clear();
        return;
    };
    let Some(line) = s.watch.as_ref().map(|w| w.line.clone()) else {
        asks.clear();
        return;
    };
    let mut jumped = false;
    let mut shown = false;
    for &ShowMoves(to) in asks.read() {
        let to = to.min(line.len());
        let at = Watch::at(&s);
        if to == at {
            continue;
        }
        shown = true;
        if to == at + 1 {
            if s.game.play_route(&line[at]).is_ok() {
                moved.write(hop(&line[at], false));
            }
        } else if to + 1 == at {
            if let Ok(route) = s.game.undo() {
                moved.write(hop(&route, true));
            }
        } else {
            while Watch::at(&s) > to && s.game.undo().is_ok() {}
            while let Some(route) = line.get(Watch::at(&s)).filter(|_| Watch::at(&s) < to) {
                if s.game.play_route(route).is_err() {
                    break;
                }
            }
            jumped = true;
        }
    }
    if jumped {
        changed.write(BoardChanged);
    }
    // The result changes only with the position on show.
    if let Some(mut r) = report.filter(|_| shown) {
        let result = result_line(settings.language, &s.game);
        if r.result != result {
            r.result = result;
        }
    }
}

fn stop_showing(
    mut commands: Commands,
    mut stops: MessageReader<StopShowing>,
    on_show: Option<Res<CrossingOnShow>>,
) {
    if stops.read().count() == 0 || on_show.is_none() {
        return;
    }
    commands.remove_resource::<CrossingOnShow>();
    commands.remove_resource::<RecordOnShow>();
    commands.remove_resource::<CrossingSession>();
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

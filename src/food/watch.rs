//! A food-checkers record on show for the replay viewer (see `base::watch`):
//! the record's game becomes the session, stepped with the engine's undo
//! and redo, so marbles hop and captures fly to the trays exactly as in play.
//! Nothing of the mode's own moves it meanwhile (`MatchAuthority::Replay`
//! holds its input and bots), and its end is not a result: no sound, no
//! stars, nothing filed.

use super::{FoodMoved, FoodPlaying, FoodRebuild, FoodSession, marbles::FoodAnimating, setup_of};
use crate::base::{
    AppSystems, PiecesMoving, RecordOnShow, Screen, ShowMoves, ShowRecord, StopShowing,
    report_moving,
};
use crate::settings::{Language, Settings};
use crate::ui::{Tr, trf};
use bevy::prelude::*;
use starhop_engine::food::{FoodGame, FoodMove, FoodStatus};
use starhop_games::{AnyRecord, GameKind};

/// The record on show and how far into it the board is.
#[derive(Resource)]
struct FoodOnShow {
    moves: usize,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_records, show_moves, stop_showing)
            .chain()
            .in_set(AppSystems::Rules)
            .after(super::FoodRules_),
    )
    .add_systems(
        Update,
        report_moving::<FoodAnimating>
            .run_if(resource_exists::<FoodOnShow>)
            .in_set(AppSystems::View),
    );
}

/// A line of the viewer's move list: who moved (at a table) and what.
fn move_line(lang: Language, number: usize, player: Option<usize>, mv: &FoodMove) -> String {
    let what = if mv.is_slide() {
        lang.t("slides").to_string()
    } else {
        trf(lang, "takes {}", &[&mv.captured.len()])
    };
    match player {
        Some(p) => format!("{number}. {} · {what}", trf(lang, "Player {}", &[&(p + 1)])),
        None => format!("{number}. {what}"),
    }
}

/// The viewer's lines for every move of the game played out to its end.
fn lines(lang: Language, end: &FoodGame) -> Vec<String> {
    let players = end.rules().players;
    let mut game = end.clone();
    let mut out = Vec::with_capacity(end.moves_played());
    while let Ok(mv) = game.undo() {
        let who = (players > 1).then(|| game.to_move());
        out.push((who, mv));
    }
    out.reverse();
    out.iter()
        .enumerate()
        .map(|(i, (who, mv))| move_line(lang, i + 1, *who, mv))
        .collect()
}

/// The result in words once the board shows the end (else nothing).
fn result_line(lang: Language, game: &FoodGame) -> Option<String> {
    let FoodStatus::Over { winners, .. } = game.status() else {
        return None;
    };
    Some(if game.rules().players == 1 {
        trf(lang, "{} marbles left", &[&game.marbles_left()])
    } else {
        let names: Vec<String> = winners
            .iter()
            .map(|w| trf(lang, "Player {}", &[&(w + 1)]))
            .collect();
        format!("🏆 {} {}", names.join(" & "), lang.t("wins"))
    })
}

fn show_records(
    mut commands: Commands,
    mut shows: MessageReader<ShowRecord>,
    settings: Res<Settings>,
    mut playing: ResMut<FoodPlaying>,
    mut next: ResMut<NextState<Screen>>,
    mut rebuild: MessageWriter<FoodRebuild>,
) {
    let Some((record, at)) = shows.read().last().and_then(|s| match &s.record {
        AnyRecord::Food(r) => Some((r, s.at)),
        _ => None,
    }) else {
        return;
    };
    let Ok(mut game) = record.replay() else {
        // The viewer sends only records that replay.
        warn!("a food record to watch did not replay");
        return;
    };
    let lang = settings.language;
    let lines = lines(lang, &game);
    let moves = lines.len();
    let at = at.min(moves);
    for _ in at..moves {
        let _ = game.undo();
    }
    commands.insert_resource(RecordOnShow {
        kind: GameKind::Food,
        result: result_line(lang, &game),
        lines,
        moving: false,
    });
    commands.insert_resource(FoodOnShow { moves, at });
    commands.insert_resource(FoodSession::new(game, setup_of(record)));
    playing.0 = true;
    NextState::set_if_neq(&mut next, Screen::Food);
    rebuild.write(FoodRebuild);
}

fn show_moves(
    mut asks: MessageReader<ShowMoves>,
    settings: Res<Settings>,
    on_show: Option<ResMut<FoodOnShow>>,
    session: Option<ResMut<FoodSession>>,
    report: Option<ResMut<RecordOnShow>>,
    mut moved: MessageWriter<FoodMoved>,
    mut rebuild: MessageWriter<FoodRebuild>,
) {
    let (Some(mut w), Some(mut s)) = (on_show, session) else {
        asks.clear();
        return;
    };
    let mut jumped = false;
    let mut shown = false;
    for &ShowMoves(to) in asks.read() {
        shown = true;
        let to = to.min(w.moves);
        if to == w.at + 1 {
            if let Ok(r) = s.game.redo() {
                w.at += 1;
                moved.write(FoodMoved {
                    player: r.player,
                    mv: r.mv,
                    undone: false,
                });
            }
        } else if to + 1 == w.at {
            if let Ok(mv) = s.game.undo() {
                w.at -= 1;
                let player = s.game.to_move();
                moved.write(FoodMoved {
                    player,
                    mv,
                    undone: true,
                });
            }
        } else {
            while w.at > to && s.game.undo().is_ok() {
                w.at -= 1;
            }
            while w.at < to && s.game.redo().is_ok() {
                w.at += 1;
            }
            jumped = true;
        }
    }
    if jumped {
        rebuild.write(FoodRebuild);
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
    on_show: Option<Res<FoodOnShow>>,
    mut playing: ResMut<FoodPlaying>,
) {
    if stops.read().count() == 0 || on_show.is_none() {
        return;
    }
    commands.remove_resource::<FoodOnShow>();
    commands.remove_resource::<RecordOnShow>();
    commands.remove_resource::<FoodSession>();
    playing.0 = false;
}

/// The viewer waits for the hops and captures to land before the next move.
impl PiecesMoving for FoodAnimating {
    fn moving(&self) -> bool {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::food::{FoodRecord, FoodRules};

    #[test]
    fn every_move_gets_a_numbered_line_with_its_captures() {
        let mut game = FoodGame::new(FoodRules::solo(37)).expect("a solo board");
        for _ in 0..3 {
            let mv = game.legal_moves()[0].clone();
            game.play(&mv.route).expect("a legal move");
        }
        let lines = lines(Language::English, &game);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "1. takes 1");
        assert!(lines[2].starts_with("3. "), "{lines:?}");
        // Counting back did not change the game itself.
        assert_eq!(game.moves_played(), 3);
        let record = FoodRecord::of(&game, vec!["Player 1".into()], Vec::new());
        assert_eq!(record.moves.len(), 3);
    }
}

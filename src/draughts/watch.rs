//! A draughts record on show for the replay viewer (see `base::watch`): the
//! record's game becomes the session, one move forward hopping and taking
//! pieces as in play, back or further set at once. Nothing of the mode's
//! own moves it meanwhile (`MatchAuthority::Replay` holds its input and
//! bots; a watched game has no clocks), and its end is not a result: no
//! sound, nothing filed.

use super::{
    DraughtsMoved, DraughtsPlaying, DraughtsRebuild, DraughtsSession, DraughtsSetup, outcome_text,
    pieces::DraughtsAnimating, seats_of, side_name,
};
use crate::base::{
    AppSystems, PiecesMoving, RecordOnShow, Screen, ShowMoves, ShowRecord, StopShowing,
    report_moving,
};
use crate::settings::{Language, Settings};
use bevy::prelude::*;
use starhop_draughts::Game;
use starhop_games::{AnyRecord, GameKind};

/// The whole recorded game (with its resignation or agreement, which the
/// engine's redo cannot give back) and how far into it the board is.
#[derive(Resource)]
struct DraughtsOnShow {
    full: Game,
    at: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_records, show_moves, stop_showing)
            .chain()
            .in_set(AppSystems::Rules)
            .after(super::DraughtsRules),
    )
    .add_systems(
        Update,
        report_moving::<DraughtsAnimating>
            .run_if(resource_exists::<DraughtsOnShow>)
            .in_set(AppSystems::View),
    );
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

fn show_records(
    mut commands: Commands,
    mut shows: MessageReader<ShowRecord>,
    settings: Res<Settings>,
    mut playing: ResMut<DraughtsPlaying>,
    mut next: ResMut<NextState<Screen>>,
    mut rebuild: MessageWriter<DraughtsRebuild>,
) {
    let Some((record, at)) = shows.read().last().and_then(|s| match &s.record {
        AnyRecord::Draughts(r) => Some((r, s.at)),
        _ => None,
    }) else {
        return;
    };
    let Ok(full) = Game::from_record(record) else {
        // The viewer sends only records that replay.
        warn!("a draughts record to watch did not replay");
        return;
    };
    let lang = settings.language;
    let at = at.min(full.ply_count());
    let game = after(&full, at);
    commands.insert_resource(RecordOnShow {
        kind: GameKind::Draughts,
        lines: lines(lang, &full),
        result: result_line(lang, &game),
        moving: false,
    });
    let setup = DraughtsSetup {
        variant: record.variant,
        seats: seats_of(record),
        minutes: None,
    };
    commands.insert_resource(DraughtsSession::new(game, setup));
    commands.insert_resource(DraughtsOnShow { full, at });
    playing.0 = true;
    NextState::set_if_neq(&mut next, Screen::Draughts);
    rebuild.write(DraughtsRebuild);
}

fn show_moves(
    mut asks: MessageReader<ShowMoves>,
    settings: Res<Settings>,
    on_show: Option<ResMut<DraughtsOnShow>>,
    session: Option<ResMut<DraughtsSession>>,
    report: Option<ResMut<RecordOnShow>>,
    mut moved: MessageWriter<DraughtsMoved>,
    mut rebuild: MessageWriter<DraughtsRebuild>,
) {
    let (Some(mut w), Some(mut s)) = (on_show, session) else {
        asks.clear();
        return;
    };
    let mut changed = false;
    let mut shown = false;
    for &ShowMoves(to) in asks.read() {
        let to = to.min(w.full.ply_count());
        if to == w.at {
            continue;
        }
        shown = true;
        let before = *s.game.position();
        s.game = after(&w.full, to);
        s.revision += 1;
        let played = w.full.moves().nth(w.at).copied();
        match played.filter(|_| to == w.at + 1) {
            // One forward: the piece hops and takes as in play.
            Some(mv) => {
                moved.write(DraughtsMoved { before, mv });
            }
            None => changed = true,
        }
        w.at = to;
    }
    if changed {
        rebuild.write(DraughtsRebuild);
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
    on_show: Option<Res<DraughtsOnShow>>,
    mut playing: ResMut<DraughtsPlaying>,
) {
    if stops.read().count() == 0 || on_show.is_none() {
        return;
    }
    commands.remove_resource::<DraughtsOnShow>();
    commands.remove_resource::<RecordOnShow>();
    commands.remove_resource::<DraughtsSession>();
    playing.0 = false;
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

//! A mode's side of the replay viewer (see `base::watch`), written once: the
//! mode says how its record becomes a game on show and how that game steps
//! ([`Watched`]); the systems here answer the viewer's `ShowRecord`,
//! `ShowMoves` and `StopShowing` for it. One move forward is played as in
//! play and one back is taken back (the mode's own "moved" message animates
//! both), further is set at once and the pieces are rebuilt. Nothing of the
//! mode's own moves the game meanwhile (`MatchAuthority::Replay` holds its
//! input, bots and clocks), and its end is not a result: no sound, nothing
//! filed.

use super::life::{Begin, GameMode, Playing};
use crate::base::{
    AppSystems, PiecesMoving, RecordOnShow, ShowMoves, ShowRecord, StopShowing, report_moving,
};
use crate::settings::{Language, Settings};
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use starhop_games::AnyRecord;

/// A mode that shows its records to the replay viewer.
pub trait Watched: GameMode {
    /// What the mode keeps of the record on show (present while one is).
    type OnShow: Resource<Mutability = Mutable>;
    /// The mode's report of a move played or taken back.
    type Moved: Message;
    /// The mode's flag that pieces still move (the viewer waits for it).
    type Animating: PiecesMoving;

    /// The record's game after its first `at` moves, if the record is this
    /// mode's and replays.
    fn show(record: &AnyRecord, at: usize, lang: Language) -> Option<Shown<Self>>;
    /// How far into the record the board is.
    fn at(on_show: &Self::OnShow) -> usize;
    /// How many moves the record has.
    fn moves(on_show: &Self::OnShow) -> usize;
    /// Plays the record's next move as in play; `None` when the board was
    /// set otherwise (its pieces are then rebuilt).
    fn forward(session: &mut Self::Session, on_show: &mut Self::OnShow) -> Option<Self::Moved>;
    /// Takes the last move on show back, likewise.
    fn back(session: &mut Self::Session, on_show: &mut Self::OnShow) -> Option<Self::Moved>;
    /// Sets the position after `to` moves at once.
    fn jump(session: &mut Self::Session, on_show: &mut Self::OnShow, to: usize);
    /// The result in words while the board shows the end.
    fn result(session: &Self::Session, lang: Language) -> Option<String>;
}

/// A record's game ready to show: the session, what the mode keeps of the
/// record, and the viewer's line for each move.
pub struct Shown<M: Watched + ?Sized> {
    pub session: M::Session,
    pub on_show: M::OnShow,
    pub lines: Vec<String>,
}

/// Adds the viewer's systems for mode `M`, after the mode's rules (`rules`).
pub fn plugin_for<M: Watched>(app: &mut App, rules: impl SystemSet) {
    app.add_systems(
        Update,
        (show_records::<M>, show_moves::<M>, stop_showing::<M>)
            .chain()
            .in_set(AppSystems::Rules)
            .after(rules),
    )
    .add_systems(
        Update,
        report_moving::<M::Animating>
            .run_if(resource_exists::<M::OnShow>)
            .in_set(AppSystems::View),
    );
}

fn show_records<M: Watched>(
    mut shows: MessageReader<ShowRecord>,
    settings: Res<Settings>,
    mut begin: Begin<M>,
) {
    let Some(show) = shows.read().last().filter(|s| s.record.kind() == M::KIND) else {
        return;
    };
    let lang = settings.language;
    let Some(shown) = M::show(&show.record, show.at, lang) else {
        // The viewer sends only records that replay.
        warn!("a {} record to watch did not replay", M::KIND.tag());
        return;
    };
    begin.commands.insert_resource(RecordOnShow {
        kind: M::KIND,
        result: M::result(&shown.session, lang),
        lines: shown.lines,
        moving: false,
    });
    begin.commands.insert_resource(shown.on_show);
    begin.begin(shown.session);
}

fn show_moves<M: Watched>(
    mut asks: MessageReader<ShowMoves>,
    settings: Res<Settings>,
    on_show: Option<ResMut<M::OnShow>>,
    session: Option<ResMut<M::Session>>,
    report: Option<ResMut<RecordOnShow>>,
    mut moved: MessageWriter<M::Moved>,
    mut rebuild: MessageWriter<M::Rebuild>,
) {
    let (Some(mut w), Some(mut s)) = (on_show, session) else {
        asks.clear();
        return;
    };
    let (mut jumped, mut shown) = (false, false);
    for &ShowMoves(to) in asks.read() {
        let to = to.min(M::moves(&*w));
        let at = M::at(&*w);
        if to == at {
            continue;
        }
        shown = true;
        let step = if to == at + 1 {
            M::forward(&mut *s, &mut *w)
        } else if to + 1 == at {
            M::back(&mut *s, &mut *w)
        } else {
            M::jump(&mut *s, &mut *w, to);
            None
        };
        match step {
            Some(m) => {
                moved.write(m);
            }
            None => jumped = true,
        }
    }
    if jumped {
        rebuild.write(M::Rebuild::default());
    }
    // The result changes only with the position on show.
    if let Some(mut r) = report.filter(|_| shown) {
        let result = M::result(&*s, settings.language);
        if r.result != result {
            r.result = result;
        }
    }
}

/// The viewer closed: the record's game goes (the viewer goes back to the
/// screen it was opened on).
fn stop_showing<M: Watched>(
    mut commands: Commands,
    mut stops: MessageReader<StopShowing>,
    on_show: Option<Res<M::OnShow>>,
    mut playing: ResMut<Playing<M>>,
) {
    if stops.read().count() == 0 || on_show.is_none() {
        return;
    }
    commands.remove_resource::<M::OnShow>();
    commands.remove_resource::<RecordOnShow>();
    commands.remove_resource::<M::Session>();
    playing.0 = false;
}

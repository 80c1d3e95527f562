//! The viewer on a record of a game other than classic (food checkers,
//! draughts), through the shape every game shares: the record is checked
//! by replaying it through its rules ([`AnyRecord::replay`]), the viewer
//! keeps the timeline (where it is, playing, the speed, the way back), and
//! the mode whose game it is shows the position on its own board and
//! screen (`base::watch`: [`ShowRecord`], [`ShowMoves`], [`StopShowing`],
//! with [`RecordOnShow`] back). The same controls and keys as for classic
//! records drive it ([`ReplayControl`]).

use super::{NORMAL_SPEED, PAUSE_BETWEEN_MOVES, ReplayControl, SPEEDS};
use crate::base::{
    AppSystems, MatchAuthority, Notice, PauseReasons, RecordOnShow, Screen, ShowMoves, ShowRecord,
    StopShowing, WatchAgain,
};
use crate::settings::Settings;
use crate::ui::tr;
use bevy::prelude::*;
use starhop_games::{AnyRecord, BoxGame, GameKind};

/// Open the viewer on a record of any game, at the position after `at` of
/// its moves. A classic record goes to the classic viewer ([`super::OpenReplay`]);
/// one that does not replay gets a message and the viewer stays closed.
#[derive(Message, Clone, Debug)]
pub struct OpenAnyReplay {
    pub record: AnyRecord,
    /// Shown in the viewer's title (a file name, say).
    pub title: Option<String>,
    pub at: usize,
}

/// The viewer on a record of another game: the timeline. The position on
/// show is the mode's.
#[derive(Resource, Debug)]
pub struct OtherReplay {
    pub kind: GameKind,
    /// Moves in the record.
    pub len: usize,
    /// Moves shown on the board.
    pub at: usize,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub title: Option<String>,
    /// Seconds until the next move while playing.
    wait: f32,
    /// The screen it was opened on, and what held the game there.
    back: Screen,
    reasons: PauseReasons,
}

impl OtherReplay {
    pub fn at_end(&self) -> bool {
        self.at >= self.len
    }
    pub fn speed_factor(&self) -> f32 {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenAnyReplay>().add_systems(
        Update,
        (
            watch_again,
            open,
            (control, autoplay, leave)
                .chain()
                .run_if(resource_exists::<OtherReplay>),
        )
            .chain()
            .in_set(AppSystems::Rules),
    );
}

/// A mode's end window asked to watch its game again: the viewer from the
/// first move.
fn watch_again(mut asks: MessageReader<WatchAgain>, mut opens: MessageWriter<OpenAnyReplay>) {
    for WatchAgain(record) in asks.read() {
        opens.write(OpenAnyReplay {
            record: record.clone(),
            title: None,
            at: 0,
        });
    }
}

fn open(
    mut commands: Commands,
    mut opens: MessageReader<OpenAnyReplay>,
    replay: Option<Res<OtherReplay>>,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    mut reasons: ResMut<PauseReasons>,
    mut classic: MessageWriter<super::OpenReplay>,
    mut shows: MessageWriter<ShowRecord>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(asked) = opens.read().last().cloned() else {
        return;
    };
    let record = match asked.record {
        AnyRecord::Classic(record) => {
            classic.write(super::OpenReplay {
                record,
                title: asked.title,
                at: asked.at,
                colours: Vec::new(),
            });
            return;
        }
        other => other,
    };
    let len = match record.replay() {
        Ok(game) => Ok(game.moves_played().len()),
        Err(e) => {
            warn!("a record cannot be watched: {e}");
            Err(
                "This game cannot be replayed: its set-up is not valid (the record may be damaged).",
            )
        }
    };
    let len = match len {
        Ok(len) => len,
        Err(words) => {
            notices.write(Notice::Problem(tr(settings.language, words).into()));
            return;
        }
    };
    let at = asked.at.min(len);
    // A record opened from one on show keeps the first one's way back.
    let (back, held) = match replay.as_deref() {
        Some(r) => (r.back, r.reasons),
        None => (*screen.get(), *reasons),
    };
    commands.insert_resource(MatchAuthority::Replay);
    commands.insert_resource(OtherReplay {
        kind: record.kind(),
        len,
        at,
        playing: false,
        speed: NORMAL_SPEED,
        title: asked.title,
        wait: 0.0,
        back,
        reasons: held,
    });
    // Nothing holds the replay: no menu, no watcher's pause.
    *reasons = PauseReasons::default();
    shows.write(ShowRecord { record, at });
}

fn control(
    mut controls: MessageReader<ReplayControl>,
    mut replay: ResMut<OtherReplay>,
    mut shows: MessageWriter<ShowMoves>,
) {
    let r = &mut *replay;
    for c in controls.read() {
        let to = match *c {
            ReplayControl::First => Some(0),
            ReplayControl::Back => Some(r.at.saturating_sub(1)),
            ReplayControl::Forward => Some((r.at + 1).min(r.len)),
            ReplayControl::Last => Some(r.len),
            ReplayControl::Jump(to) => Some(to.min(r.len)),
            ReplayControl::Play => {
                play(r, &mut shows);
                None
            }
            ReplayControl::Pause => {
                r.playing = false;
                None
            }
            ReplayControl::TogglePlay => {
                if r.playing {
                    r.playing = false;
                } else {
                    play(r, &mut shows);
                }
                None
            }
            ReplayControl::Faster => {
                r.speed = (r.speed + 1).min(SPEEDS.len() - 1);
                None
            }
            ReplayControl::Slower => {
                r.speed = r.speed.saturating_sub(1);
                None
            }
            ReplayControl::Speed(i) => {
                r.speed = i.min(SPEEDS.len() - 1);
                None
            }
            ReplayControl::Leave => None,
        };
        if let Some(to) = to {
            r.playing = false;
            if to != r.at {
                r.at = to;
                shows.write(ShowMoves(to));
            }
        }
    }
}

/// Playing from the end starts again from the beginning.
fn play(r: &mut OtherReplay, shows: &mut MessageWriter<ShowMoves>) {
    if r.len == 0 {
        return;
    }
    if r.at_end() {
        r.at = 0;
        shows.write(ShowMoves(0));
    }
    r.playing = true;
    r.wait = PAUSE_BETWEEN_MOVES;
}

/// While playing: the next move once the last one has landed and a short
/// pause has passed (at the replay's speed); stops at the end.
fn autoplay(
    time: Res<Time>,
    on_show: Option<Res<RecordOnShow>>,
    mut replay: ResMut<OtherReplay>,
    mut shows: MessageWriter<ShowMoves>,
) {
    let r = &mut *replay;
    if !r.playing {
        return;
    }
    if r.at_end() {
        r.playing = false;
        return;
    }
    if on_show.is_some_and(|s| s.moving) {
        return;
    }
    r.wait -= time.delta_secs() * r.speed_factor();
    if r.wait <= 0.0 {
        r.wait = PAUSE_BETWEEN_MOVES;
        r.at += 1;
        shows.write(ShowMoves(r.at));
    }
}

/// Closes the viewer: the mode puts the record away, and the screen it was
/// opened on comes back.
fn leave(
    mut commands: Commands,
    mut controls: MessageReader<ReplayControl>,
    replay: Res<OtherReplay>,
    mut next: ResMut<NextState<Screen>>,
    mut reasons: ResMut<PauseReasons>,
    mut stops: MessageWriter<StopShowing>,
) {
    if !controls.read().any(|c| *c == ReplayControl::Leave) {
        return;
    }
    commands.remove_resource::<OtherReplay>();
    commands.insert_resource(MatchAuthority::Local);
    *reasons = replay.reasons;
    stops.write(StopShowing);
    let to = match replay.back {
        // Its own screens show the record: back to the menus then.
        Screen::Food | Screen::Draughts | Screen::Halma | Screen::Replay => Screen::Home,
        other => other,
    };
    next.set(to);
}

//! Sound: select, hop, land, invalid, turn and finish effects, and the
//! party's (boxes, pickups, obstacles, item effects), through bevy_kira_audio. Without an audio device kira logs a warning and every
//! sound is silently dropped.

use crate::base::AppSystems;
use crate::base::Notice;
use crate::classic::Match;
use crate::classic::party::PartyCue;
use crate::settings::Settings;
use crate::stage::input::{Invalid, Lifted};
use crate::stage::marbles::HopLanded;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use starhop_engine::{Event, Item};

#[derive(Resource)]
struct Sounds {
    select: Handle<AudioSource>,
    hop: Handle<AudioSource>,
    land: Handle<AudioSource>,
    invalid: Handle<AudioSource>,
    turn: Handle<AudioSource>,
    finish: Handle<AudioSource>,
    party: PartySounds,
}

/// One sound per thing the party does on screen.
struct PartySounds {
    appear: Handle<AudioSource>,
    pickup: Handle<AudioSource>,
    roadblock: Handle<AudioSource>,
    worker: Handle<AudioSource>,
    power: Handle<AudioSource>,
    wing: Handle<AudioSource>,
    swap: Handle<AudioSource>,
    tornado: Handle<AudioSource>,
    expire: Handle<AudioSource>,
}

impl PartySounds {
    /// The sound of a cue, and how loud.
    fn of(&self, cue: PartyCue) -> (&Handle<AudioSource>, f32) {
        match cue {
            PartyCue::BoxAppeared => (&self.appear, 0.5),
            PartyCue::BoxTaken => (&self.pickup, 0.9),
            PartyCue::Placed(Item::Roadblock) => (&self.roadblock, 0.9),
            PartyCue::Placed(_) => (&self.worker, 0.9),
            PartyCue::Expired => (&self.expire, 0.7),
            PartyCue::Used(Item::PowerMarble) => (&self.power, 0.8),
            PartyCue::Used(Item::FlyingWing) => (&self.wing, 0.9),
            PartyCue::Used(Item::Swap) => (&self.swap, 0.8),
            PartyCue::Used(Item::Tornado) => (&self.tornado, 0.9),
            PartyCue::Used(Item::Roadblock) => (&self.roadblock, 0.9),
            PartyCue::Used(Item::RoadWorker) => (&self.worker, 0.9),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_systems(Startup, load_sounds)
        .add_systems(Update, play_effects.in_set(AppSystems::View));
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Sounds {
        select: assets.load("sounds/select.wav"),
        hop: assets.load("sounds/hop.wav"),
        land: assets.load("sounds/land.wav"),
        invalid: assets.load("sounds/invalid.wav"),
        turn: assets.load("sounds/turn.wav"),
        finish: assets.load("sounds/finish.wav"),
        party: PartySounds {
            appear: assets.load("sounds/box.wav"),
            pickup: assets.load("sounds/pickup.wav"),
            roadblock: assets.load("sounds/roadblock.wav"),
            worker: assets.load("sounds/worker.wav"),
            power: assets.load("sounds/power.wav"),
            wing: assets.load("sounds/wing.wav"),
            swap: assets.load("sounds/swap.wav"),
            tornado: assets.load("sounds/tornado.wav"),
            expire: assets.load("sounds/expire.wav"),
        },
    });
}

/// Linear volume (0..1) to decibels for kira.
fn decibels(volume: f32) -> f32 {
    if volume <= 0.001 {
        -80.0
    } else {
        20.0 * volume.log10()
    }
}

fn play_effects(
    audio: Res<Audio>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
    mut lifted: MessageReader<Lifted>,
    mut invalid: MessageReader<Invalid>,
    mut landed: MessageReader<HopLanded>,
    mut notices: MessageReader<Notice>,
    mut cues: MessageReader<PartyCue>,
    mut draughts_over: MessageReader<crate::draughts::DraughtsOver>,
    mut last_turn: Local<Option<(u8, usize)>>,
) {
    let mut queue: Vec<(&Handle<AudioSource>, f32)> = Vec::new();
    if lifted.read().count() > 0 {
        queue.push((&sounds.select, 0.8));
    }
    if invalid.read().count() > 0 {
        queue.push((&sounds.invalid, 0.7));
    }
    for hop in landed.read() {
        queue.push(if hop.last {
            (&sounds.land, 1.0)
        } else {
            (&sounds.hop, 0.8)
        });
    }
    for n in notices.read() {
        match n {
            Notice::Rule(Event::Finished { .. } | Event::GameOver(_)) => {
                queue.push((&sounds.finish, 1.0))
            }
            Notice::Refused(_) => queue.push((&sounds.invalid, 0.7)),
            _ => {}
        }
    }
    if draughts_over.read().count() > 0 {
        queue.push((&sounds.finish, 1.0));
    }
    for &cue in cues.read() {
        queue.push(sounds.party.of(cue));
    }
    // A chime when the turn passes to another player.
    if let Some(m) = game {
        let now = (m.game.to_move(), m.game.actions().count());
        if last_turn.is_some_and(|(seat, n)| seat != now.0 && n != now.1) && !m.game.is_over() {
            queue.push((&sounds.turn, 0.5));
        }
        *last_turn = Some(now);
    }
    if !settings.sound {
        return;
    }
    for (sound, gain) in queue {
        audio
            .play(sound.clone())
            .with_volume(decibels(settings.volume * gain));
    }
}

//! Sound: select, hop, land, invalid, turn and finish effects, and the
//! party's (boxes, pickups, obstacles, item effects), through bevy_kira_audio. Without an audio device kira logs a warning and every
//! sound is silently dropped.

use crate::base::AppSystems;
use crate::base::{Cue, Notice};
use crate::settings::Settings;
use crate::stage::celebrate::{Celebrate, Cheer};
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
    /// A game won.
    fanfare: Handle<AudioSource>,
    /// A puzzle solved, a crossing at the optimum.
    solved: Handle<AudioSource>,
    party: PartySounds,
    /// The quiet loop under the game (its own channel and volume).
    music: Handle<AudioSource>,
}

/// The music's channel: its volume is the music slider's, apart from the effects'.
#[derive(Resource)]
struct Music;

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
    /// The sound of a party cue, and how loud (None for the others).
    fn of(&self, cue: Cue) -> Option<(&Handle<AudioSource>, f32)> {
        match cue {
            Cue::BoxAppeared => Some((&self.appear, 0.5)),
            Cue::BoxTaken => Some((&self.pickup, 0.9)),
            Cue::Placed(Item::Roadblock) => Some((&self.roadblock, 0.9)),
            Cue::Placed(_) => Some((&self.worker, 0.9)),
            Cue::Expired => Some((&self.expire, 0.7)),
            Cue::Used(Item::PowerMarble) => Some((&self.power, 0.8)),
            Cue::Used(Item::FlyingWing) => Some((&self.wing, 0.9)),
            Cue::Used(Item::Swap) => Some((&self.swap, 0.8)),
            Cue::Used(Item::Tornado) => Some((&self.tornado, 0.9)),
            Cue::Used(Item::Roadblock) => Some((&self.roadblock, 0.9)),
            Cue::Used(Item::RoadWorker) => Some((&self.worker, 0.9)),
            Cue::TurnPassed => None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let source = if std::env::var_os("STARHOP_ASSETS").is_some() {
        SoundSource::Folder
    } else {
        SoundSource::Embedded
    };
    embed_sounds(app);
    app.add_plugins(AudioPlugin)
        .insert_resource(source)
        .add_audio_channel::<Music>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, report_sounds)
        .add_systems(Update, (play_effects, play_music).in_set(AppSystems::View));
}

/// Every sound, built into the binary so an installed or copied game has
/// them wherever it is started from. `STARHOP_ASSETS` loads them from
/// that folder's `sounds/` instead, to try a new sound without a rebuild.
macro_rules! sound_files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../assets/sounds/", $name)) as &[u8])),*]
    };
}
const SOUND_FILES: &[(&str, &[u8])] = sound_files!(
    "select.wav",
    "hop.wav",
    "land.wav",
    "invalid.wav",
    "turn.wav",
    "finish.wav",
    "fanfare.wav",
    "solved.wav",
    "music.wav",
    "box.wav",
    "pickup.wav",
    "roadblock.wav",
    "worker.wav",
    "power.wav",
    "wing.wav",
    "swap.wav",
    "tornado.wav",
    "expire.wav",
);

/// Where the sounds come from: the binary, or the `STARHOP_ASSETS` folder.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
enum SoundSource {
    Embedded,
    Folder,
}

impl SoundSource {
    fn path(self, file: &str) -> String {
        match self {
            SoundSource::Embedded => format!("embedded://starhop/sounds/{file}"),
            SoundSource::Folder => format!("sounds/{file}"),
        }
    }
}

/// Registers the built-in sounds with Bevy's `embedded://` asset source.
fn embed_sounds(app: &mut App) {
    let registry = app
        .world_mut()
        .resource_mut::<bevy::asset::io::embedded::EmbeddedAssetRegistry>();
    for (file, bytes) in SOUND_FILES {
        let path = std::path::PathBuf::from(format!("starhop/sounds/{file}"));
        registry.insert_asset(std::path::PathBuf::new(), &path, *bytes);
    }
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>, source: Res<SoundSource>) {
    let load = |file: &str| assets.load(source.path(file));
    commands.insert_resource(Sounds {
        select: load("select.wav"),
        hop: load("hop.wav"),
        land: load("land.wav"),
        invalid: load("invalid.wav"),
        turn: load("turn.wav"),
        finish: load("finish.wav"),
        fanfare: load("fanfare.wav"),
        solved: load("solved.wav"),
        music: load("music.wav"),
        party: PartySounds {
            appear: load("box.wav"),
            pickup: load("pickup.wav"),
            roadblock: load("roadblock.wav"),
            worker: load("worker.wav"),
            power: load("power.wav"),
            wing: load("wing.wav"),
            swap: load("swap.wav"),
            tornado: load("tornado.wav"),
            expire: load("expire.wav"),
        },
    });
}

/// Says once in the log that every sound is ready (the packaging check
/// looks for it), or which could not be loaded and why.
fn report_sounds(
    assets: Res<AssetServer>,
    sounds: Res<Sounds>,
    source: Res<SoundSource>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let p = &sounds.party;
    let all = [
        &sounds.select,
        &sounds.hop,
        &sounds.land,
        &sounds.invalid,
        &sounds.turn,
        &sounds.finish,
        &sounds.fanfare,
        &sounds.solved,
        &sounds.music,
        &p.appear,
        &p.pickup,
        &p.roadblock,
        &p.worker,
        &p.power,
        &p.wing,
        &p.swap,
        &p.tornado,
        &p.expire,
    ];
    let mut loaded = 0;
    for handle in all {
        match assets.get_load_state(handle) {
            Some(bevy::asset::LoadState::Loaded) => loaded += 1,
            Some(bevy::asset::LoadState::Failed(e)) => {
                warn!("a sound could not be loaded: {e}");
                *done = true;
            }
            _ => {}
        }
    }
    if loaded == all.len() {
        info!("sounds: all {loaded} loaded ({:?})", *source);
        *done = true;
    }
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
    mut lifted: MessageReader<Lifted>,
    mut invalid: MessageReader<Invalid>,
    mut landed: MessageReader<HopLanded>,
    mut notices: MessageReader<Notice>,
    mut cues: MessageReader<Cue>,
    mut cheers: MessageReader<Celebrate>,
    screen: Res<State<crate::base::Screen>>,
) {
    // The home screen's board plays itself quietly behind the menu.
    let home = *screen.get() == crate::base::Screen::Home;
    let mut queue: Vec<(&Handle<AudioSource>, f32)> = Vec::new();
    if lifted.read().count() > 0 {
        queue.push((&sounds.select, 0.8));
    }
    if invalid.read().count() > 0 {
        queue.push((&sounds.invalid, 0.7));
    }
    for hop in landed.read().filter(|_| !home) {
        queue.push(if hop.last {
            (&sounds.land, 1.0)
        } else {
            (&sounds.hop, 0.8)
        });
    }
    for n in notices.read() {
        match n {
            // The game's end has the fanfare (a celebration).
            Notice::Rule(Event::Finished { .. }) => queue.push((&sounds.finish, 1.0)),
            Notice::Refused(_) => queue.push((&sounds.invalid, 0.7)),
            _ => {}
        }
    }
    for &cue in cues.read() {
        match cue {
            Cue::TurnPassed => queue.push((&sounds.turn, 0.5)),
            party => queue.extend(sounds.party.of(party)),
        }
    }
    for c in cheers.read() {
        match c.cheer {
            Cheer::Won => queue.push((&sounds.fanfare, 1.0)),
            Cheer::Solved => queue.push((&sounds.solved, 1.0)),
            Cheer::Finished => {}
        }
    }
    if !settings.sound {
        return;
    }
    for (sound, gain) in queue {
        audio
            .play(sound.clone())
            .with_volume(decibels(settings.master_volume * settings.volume * gain));
    }
}

/// The music loop runs while sound is on and the music slider is up; the
/// slider changes its volume as it moves.
fn play_music(
    channel: Res<AudioChannel<Music>>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
    mut playing: Local<bool>,
) {
    let music = settings.master_volume * settings.music_volume;
    let wanted = settings.sound && music > 0.001;
    let volume = decibels(music);
    match (wanted, *playing) {
        (true, false) => {
            channel
                .play(sounds.music.clone())
                .looped()
                .with_volume(volume)
                .fade_in(AudioTween::linear(std::time::Duration::from_secs(2)));
        }
        (false, true) => {
            channel.stop();
        }
        (true, true) if settings.is_changed() => {
            channel.set_volume(volume);
        }
        _ => {}
    }
    *playing = wanted;
}
#[cfg(test)]
mod levels;

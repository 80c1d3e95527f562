//! Moments worth a cheer: confetti over the board and the winner's marbles
//! jumping for joy. A player finishing in Chinese checkers gets a small
//! burst in their colour, the game won a big one; the other games send
//! [`Celebrate`] when a puzzle is solved, a crossing done at the optimum or
//! a game won (their own "game over" reports say when).

use crate::base::{AppSystems, Notice};
use crate::stage::board::{BoardLayout, BoardOnShow};
use crate::stage::marbles::{Hopping, Marble, MarbleLook, rest_position};
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use starhop_engine::{Event, Seat};

/// How big a cheer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheer {
    /// A player is home (more play to come).
    Finished,
    /// A puzzle solved, a crossing at the optimum.
    Solved,
    /// The game is won (the fanfare).
    Won,
}

impl Cheer {
    /// Pieces of confetti in the burst.
    pub fn pieces(self) -> usize {
        match self {
            Cheer::Finished => 60,
            Cheer::Solved => 90,
            Cheer::Won => 180,
        }
    }
}

/// A celebration for the board on show: its size, and the seat whose
/// marbles jump (and whose colour leads the confetti), if any.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Celebrate {
    pub cheer: Cheer,
    pub seat: Option<Seat>,
}

/// A piece of confetti in flight.
#[derive(Component)]
struct Confetti {
    velocity: Vec3,
    spin: Vec3,
    age: f32,
}

/// A marble jumping for joy where it stands.
#[derive(Component)]
struct Joy {
    age: f32,
    phase: f32,
}

/// Seconds a piece of confetti lives.
const CONFETTI_LIFE: f32 = 3.5;
/// Seconds the marbles jump.
const JOY_SECONDS: f32 = 2.2;

#[derive(Resource)]
struct ConfettiAssets {
    mesh: Handle<Mesh>,
    /// The six marble colours and gold.
    colours: Vec<Handle<StandardMaterial>>,
}

pub fn plugin(app: &mut App) {
    app.add_message::<Celebrate>().add_systems(
        Update,
        cheer_the_star
            .in_set(AppSystems::Rules)
            .after(AppSystems::Input),
    );
}

pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        (burst, fly_confetti, jump_for_joy)
            .chain()
            .in_set(AppSystems::View)
            .after(MarbleLook),
    );
}

/// Chinese checkers says who finished and who won in its notices.
fn cheer_the_star(mut notices: MessageReader<Notice>, mut cheers: MessageWriter<Celebrate>) {
    for n in notices.read() {
        match n {
            Notice::Rule(Event::Finished { seat, .. }) => {
                cheers.write(Celebrate {
                    cheer: Cheer::Finished,
                    seat: Some(*seat),
                });
            }
            Notice::Rule(Event::GameOver(outcome)) => {
                // The one first place, if it is not shared.
                let mut firsts =
                    (0..outcome.places.len() as Seat).filter(|&s| outcome.places[s as usize] == 1);
                let seat = match (firsts.next(), firsts.next()) {
                    (Some(s), None) => Some(s),
                    _ => None,
                };
                cheers.write(Celebrate {
                    cheer: Cheer::Won,
                    seat,
                });
            }
            _ => {}
        }
    }
}

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let gold = Color::srgb(1.0, 0.82, 0.3);
    let colours = PALETTE
        .iter()
        .map(|(_, c)| *c)
        .chain([gold])
        .map(|c| {
            materials.add(StandardMaterial {
                base_color: c,
                emissive: LinearRgba::from(c) * 0.35,
                perceptual_roughness: 0.4,
                metallic: 0.2,
                double_sided: true,
                cull_mode: None,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(ConfettiAssets {
        mesh: meshes.add(Rectangle::new(0.14, 0.24)),
        colours,
    });
}

/// A small deterministic spread (no random source needed for confetti).
fn spread(i: usize, salt: u32) -> f32 {
    let mut x = (i as u32).wrapping_mul(0x9E37_79B9) ^ salt.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 13;
    x = x.wrapping_mul(0xC2B2_AE35);
    x ^= x >> 16;
    (x & 0xFFFF) as f32 / 65_535.0
}

fn burst(
    mut commands: Commands,
    mut cheers: MessageReader<Celebrate>,
    assets: Option<Res<ConfettiAssets>>,
    shown: Res<BoardOnShow>,
    layout: Res<BoardLayout>,
    marbles: Query<(Entity, &Marble)>,
    mut salt: Local<u32>,
) {
    let Some(assets) = assets else { return };
    // The confetti shoots up from the board's rim, so it shows around an
    // end window in the middle of the screen.
    let rim = layout.holes.iter().map(|h| h.length()).fold(0.0, f32::max) + 0.8;
    for c in cheers.read() {
        *salt = salt.wrapping_add(1);
        let lead = c.seat.map(|s| shown.palette(s));
        for i in 0..c.cheer.pieces() {
            // Half the pieces in the winner's colour, the rest in all colours and gold.
            let colour = match lead {
                Some(p) if i % 2 == 0 => p,
                _ => i % assets.colours.len(),
            };
            let angle = spread(i, *salt) * std::f32::consts::TAU;
            let out = Vec3::new(angle.cos(), 0.0, angle.sin());
            let along = Vec3::new(-angle.sin(), 0.0, angle.cos());
            let up = 6.0 + 5.0 * spread(i, *salt ^ 13);
            let from = out * rim * (0.85 + 0.25 * spread(i, *salt ^ 3));
            let drift = out * (2.0 * spread(i, *salt ^ 7) - 1.5)
                + along * (3.0 * spread(i, *salt ^ 11) - 1.5);
            commands.spawn((
                Confetti {
                    velocity: Vec3::Y * up + drift,
                    spin: Vec3::new(
                        spread(i, *salt ^ 17) - 0.5,
                        spread(i, *salt ^ 19) - 0.5,
                        spread(i, *salt ^ 23) - 0.5,
                    ) * 14.0,
                    age: -0.4 * spread(i, *salt ^ 29),
                },
                Mesh3d(assets.mesh.clone()),
                MeshMaterial3d(assets.colours[colour].clone()),
                Transform::from_translation(from + Vec3::Y * 0.8)
                    .with_rotation(Quat::from_rotation_y(angle)),
                Visibility::Hidden,
            ));
        }
        if let Some(seat) = c.seat {
            for (e, m) in &marbles {
                if m.seat == seat {
                    commands.entity(e).insert(Joy {
                        age: 0.0,
                        phase: spread(m.hole as usize, *salt) * 0.6,
                    });
                }
            }
        }
    }
}

/// Confetti rises, tumbles, drifts down against the air and fades by shrinking.
fn fly_confetti(
    mut commands: Commands,
    time: Res<Time>,
    mut pieces: Query<(Entity, &mut Confetti, &mut Transform, &mut Visibility)>,
) {
    let dt = time.delta_secs().min(0.05);
    for (e, mut c, mut t, mut v) in &mut pieces {
        c.age += dt;
        if c.age < 0.0 {
            continue;
        }
        if c.age > CONFETTI_LIFE {
            commands.entity(e).despawn();
            continue;
        }
        if *v != Visibility::Inherited {
            *v = Visibility::Inherited;
        }
        // Gravity, and air that slows the fall to a flutter.
        let drag = 1.0 - (1.6 * dt).min(1.0);
        c.velocity = (c.velocity + Vec3::NEG_Y * 9.0 * dt) * drag;
        c.velocity.y = c.velocity.y.max(-1.6);
        t.translation += c.velocity * dt;
        let spin = c.spin * dt;
        t.rotate(Quat::from_euler(EulerRot::XYZ, spin.x, spin.y, spin.z));
        let left = (CONFETTI_LIFE - c.age).min(0.6) / 0.6;
        t.scale = Vec3::splat(left.max(0.01));
    }
}

/// The marbles bounce where they stand, lower each time, then rest.
fn jump_for_joy(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    mut marbles: Query<(Entity, &Marble, &mut Joy, &mut Transform), Without<Hopping>>,
) {
    let dt = time.delta_secs();
    for (e, m, mut joy, mut t) in &mut marbles {
        joy.age += dt;
        let rest = rest_position(&layout, m.hole);
        let age = joy.age - joy.phase;
        if joy.age >= JOY_SECONDS + joy.phase {
            t.translation = rest;
            commands.entity(e).remove::<Joy>();
            continue;
        }
        let fall_off = (1.0 - age.max(0.0) / JOY_SECONDS).max(0.0);
        let bounce = (age.max(0.0) * std::f32::consts::TAU * 1.3).sin().abs();
        t.translation = rest + Vec3::Y * 0.7 * bounce * fall_off;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bigger_moment_gets_more_confetti() {
        assert!(Cheer::Won.pieces() > Cheer::Solved.pieces());
        assert!(Cheer::Solved.pieces() > Cheer::Finished.pieces());
    }

    #[test]
    fn the_spread_covers_the_whole_range_evenly() {
        let n = 2_000;
        let values: Vec<f32> = (0..n).map(|i| spread(i, 5)).collect();
        assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
        for k in 0..4 {
            let (lo, hi) = (k as f32 / 4.0, (k + 1) as f32 / 4.0);
            let share = values.iter().filter(|v| (lo..hi).contains(*v)).count();
            assert!(
                (n / 4 - n / 20..n / 4 + n / 20).contains(&share),
                "quarter {k}: {share}"
            );
        }
    }
}

//! The Halma board as players see it: 256 squares of maple and walnut in a
//! dark wooden frame (the star board and its marbles are hidden meanwhile),
//! each yard tinted in its owner's colour and edged with an inlaid brass
//! line, glass marbles in the players' colours, and the marks: the
//! picked-up marble and where it may go, the hint and the last move. The
//! camera looks along the diagonal from the corner of the person here.

use super::input::HalmaSelection;
use super::jobs::HalmaHint;
use super::pieces::{BOARD_REACH, HalmaPiece, Hop, RADIUS, SQUARE, square_world};
use super::{HalmaPlaying, HalmaRebuild, HalmaSession, seat_colour};
use crate::base::{AppSystems, Screen};
use crate::camera::{Orbit, fit_distance};
use crate::stage::board::flat_on_board as flat;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use starhop_engine::halma::board::{SIDE, column, row, square};
use starhop_engine::halma::position::yards;

/// A square of the board (pickable: a click is a press on it).
#[derive(Component, Clone, Copy, Debug)]
pub struct HalmaSquare(pub u8);

/// The board's meshes; rebuilt with the session.
#[derive(Component)]
struct BoardPart;

/// Selection, landing, hint, cursor and last-move marks.
#[derive(Component)]
struct Mark;

#[derive(Resource)]
struct HalmaAssets {
    marble: Handle<Mesh>,
    square: Handle<Mesh>,
    /// The inlaid line along one edge of a square.
    line: Handle<Mesh>,
    dot: Handle<Mesh>,
    tint: Handle<Mesh>,
    ring: Handle<Mesh>,
    glass: Vec<Handle<StandardMaterial>>,
    /// Light and dark squares, plain and in each seat's yard.
    light: Vec<Handle<StandardMaterial>>,
    dark: Vec<Handle<StandardMaterial>>,
    frame: Handle<StandardMaterial>,
    brass: Handle<StandardMaterial>,
    landing: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    last: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    // The board is built whenever a rebuild is asked for, even in the frame
    // before the screen changes to Halma: a message condition under a state
    // condition would read (and lose) it there.
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        build_board
            .run_if(on_message::<HalmaRebuild>)
            .in_set(AppSystems::View)
            .before(HalmaView),
    );
    app.add_systems(
        Update,
        (
            crate::stage::board::hide_the_star,
            dress_pieces,
            lift_selected,
            mark.run_if(marks_changed),
            frame_board,
        )
            .chain()
            .in_set(AppSystems::View)
            .in_set(HalmaView)
            .run_if(in_state(Screen::Halma)),
    );
}

/// The Halma view systems that run on the Halma screen only.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct HalmaView;

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let marks = crate::stage::board::MarkMaterials::new(&mut materials);
    let wood = |c: Color, rough: f32| StandardMaterial {
        base_color: c,
        perceptual_roughness: rough,
        reflectance: 0.25,
        ..default()
    };
    let maple = Color::srgb(0.86, 0.71, 0.49);
    let walnut = Color::srgb(0.55, 0.36, 0.20);
    // Index 0 plain, 1 + seat in the seat's yard: the wood stained with its colour.
    let shades = |base: Color, materials: &mut Assets<StandardMaterial>| {
        std::iter::once(base)
            .chain((0..super::MAX_SEATS).map(|s| base.mix(&seat_colour(s), 0.4)))
            .map(|c| materials.add(wood(c, 0.6)))
            .collect::<Vec<_>>()
    };
    let light = shades(maple, &mut materials);
    let dark = shades(walnut, &mut materials);
    commands.insert_resource(HalmaAssets {
        marble: meshes.add(Sphere::new(RADIUS).mesh().uv(40, 20)),
        square: meshes.add(Plane3d::default().mesh().size(SQUARE, SQUARE)),
        line: meshes.add(Cuboid::new(SQUARE + 0.1, 0.014, 0.1)),
        dot: meshes.add(Circle::new(0.22)),
        tint: meshes.add(Rectangle::new(0.96, 0.96)),
        ring: meshes.add(Annulus::new(0.40, 0.47)),
        glass: crate::stage::marbles::glass_materials(&mut materials),
        light,
        dark,
        frame: materials.add(wood(Color::srgb(0.17, 0.08, 0.035), 0.5)),
        brass: materials.add(StandardMaterial {
            base_color: Color::srgb(0.95, 0.76, 0.34),
            emissive: LinearRgba::rgb(0.25, 0.18, 0.05),
            metallic: 0.6,
            perceptual_roughness: 0.35,
            ..default()
        }),
        landing: marks.landing.clone(),
        selected: marks.selected.clone(),
        hint: marks.hint.clone(),
        cursor: marks.cursor.clone(),
        last: materials.add(crate::stage::board::glow(
            Color::srgba(1.0, 1.0, 0.9, 0.25),
            LinearRgba::rgb(0.3, 0.3, 0.25),
        )),
    });
}

/// The yard each square is in, by the seat whose home it is (a target is
/// another seat's home, but for two players' unused corners).
fn yard_owners(players: usize) -> [Option<usize>; 256] {
    let mut owner = [None; 256];
    if let Some(y) = yards(players) {
        for seat in 0..players {
            for sq in y.home(seat).iter() {
                owner[sq as usize] = Some(seat);
            }
        }
    }
    owner
}

fn build_board(
    mut commands: Commands,
    old: Query<Entity, With<BoardPart>>,
    session: Option<Res<HalmaSession>>,
    assets: Res<HalmaAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session else { return };
    let part = |t: Transform| (BoardPart, t, DespawnOnExit(Screen::Halma));
    let side = SIDE as f32 * SQUARE + 1.2;
    commands.spawn((
        part(Transform::from_xyz(0.0, -0.21, 0.0)),
        Mesh3d(meshes.add(Cuboid::new(side, 0.4, side))),
        MeshMaterial3d(assets.frame.clone()),
    ));
    let owner = yard_owners(s.players());
    for sq in 0..=u8::MAX {
        let shade = owner[sq as usize].map_or(0, |seat| seat + 1);
        let dark = (row(sq) + column(sq)) % 2 == 1;
        let material = if dark {
            &assets.dark[shade]
        } else {
            &assets.light[shade]
        };
        commands.spawn((
            part(Transform::from_translation(square_world(sq))),
            Mesh3d(assets.square.clone()),
            MeshMaterial3d(material.clone()),
            HalmaSquare(sq),
        ));
        // A brass line where the yard ends: along each side whose neighbour
        // is on the board and not in the same yard.
        let Some(seat) = owner[sq as usize] else {
            continue;
        };
        let (r, c) = (row(sq) as i32, column(sq) as i32);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            let inside = (0..SIDE as i32).contains(&nr) && (0..SIDE as i32).contains(&nc);
            if !inside || owner[square(nr as u8, nc as u8) as usize] == Some(seat) {
                continue;
            }
            let at = square_world(sq)
                + Vec3::new(dc as f32, 0.0, dr as f32) * (SQUARE / 2.0)
                + Vec3::Y * 0.004;
            let turn = if dr == 0 {
                Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
            } else {
                Quat::IDENTITY
            };
            commands.spawn((
                part(Transform::from_translation(at).with_rotation(turn)),
                Mesh3d(assets.line.clone()),
                MeshMaterial3d(assets.brass.clone()),
                Pickable::IGNORE,
            ));
        }
    }
}

/// New pieces get their glass marble in the seat's colour.
fn dress_pieces(
    mut commands: Commands,
    new: Query<(Entity, &HalmaPiece), Without<Mesh3d>>,
    assets: Res<HalmaAssets>,
) {
    for (e, piece) in &new {
        let glass = &assets.glass[piece.seat % assets.glass.len()];
        commands
            .entity(e)
            .insert((Mesh3d(assets.marble.clone()), MeshMaterial3d(glass.clone())));
    }
}

/// The picked-up marble stands a little higher, so everyone sees it.
fn lift_selected(
    selection: Res<HalmaSelection>,
    mut pieces: Query<(&HalmaPiece, &mut Transform), Without<Hop>>,
) {
    for (p, mut t) in &mut pieces {
        let y = RADIUS
            + if Some(p.square) == selection.from {
                0.3
            } else {
                0.0
            };
        if (t.translation.y - y).abs() > 1e-4 {
            t.translation.y = y;
        }
    }
}

fn marks_changed(
    selection: Res<HalmaSelection>,
    hint: Res<HalmaHint>,
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
) -> bool {
    selection.is_changed()
        || hint.is_changed()
        || playing.is_changed()
        || session.is_some_and(|s| s.is_changed())
}

fn mark(
    mut commands: Commands,
    old: Query<Entity, With<Mark>>,
    selection: Res<HalmaSelection>,
    hint: Res<HalmaHint>,
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
    assets: Res<HalmaAssets>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    let mut put = |sq: u8, mesh: &Handle<Mesh>, mat: &Handle<StandardMaterial>, y: f32| {
        let p = square_world(sq);
        commands.spawn((
            Mark,
            flat(p.x, p.z, y),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(mat.clone()),
            Pickable::IGNORE,
            DespawnOnExit(Screen::Halma),
        ));
    };
    // The last move: where it came from and where it went.
    if let Some(mv) = s.game.last_move() {
        put(mv.from, &assets.tint, &assets.last, 0.006);
        put(mv.to, &assets.tint, &assets.last, 0.006);
    }
    if let Some((r, mv)) = &hint.0
        && *r == s.revision
    {
        put(mv.from, &assets.ring, &assets.hint, 0.008);
        // The hinted route's landings glow gold.
        for &sq in mv.route.iter().skip(1) {
            put(sq, &assets.dot, &assets.hint, 0.014);
        }
    }
    if let Some(at) = selection.cursor {
        put(at, &assets.ring, &assets.cursor, 0.016);
    }
    if let Some(from) = selection.from {
        put(from, &assets.ring, &assets.selected, 0.01);
        for mv in s.game.legal_moves().iter().filter(|m| m.from == from) {
            put(mv.to, &assets.dot, &assets.landing, 0.012);
        }
    }
}

/// The seat whose corner the camera looks from: the first person's (the
/// person to move, when several share the screen), else the first seat.
pub fn facing(s: &HalmaSession) -> usize {
    if s.human_to_move() && s.people().count() > 1 {
        return s.to_move();
    }
    s.people().next().unwrap_or(0)
}

/// The camera's yaw behind `seat`'s home corner, looking along the diagonal.
pub fn yaw_behind(s: &HalmaSession, seat: usize) -> f32 {
    // The middle of the seat's yard lies on the diagonal through its corner.
    let middle = yards(s.players()).map_or(Vec3::Z, |y| {
        let home = y.home(seat);
        home.iter().map(square_world).sum::<Vec3>() / home.count().max(1) as f32
    });
    middle.x.atan2(middle.z)
}

/// The camera frames the board: beside the setup panel, or whole in the
/// window during a game, from the corner of the person here.
fn frame_board(
    session: Option<Res<HalmaSession>>,
    playing: Res<HalmaPlaying>,
    mut orbit: ResMut<Orbit>,
    windows: Query<&Window, With<PrimaryWindow>>,
    panel: Res<crate::base::ViewportInsets>,
    mut framed: Local<Option<(usize, bool, u32, usize)>>,
) {
    let Some(s) = session else {
        *framed = None;
        return;
    };
    let Ok(window) = windows.single() else { return };
    let free = if playing.0 {
        window.width() - 2.0 * super::ui::SIDE_WIDTH
    } else {
        (window.width() - panel.left - 16.0).max(window.width() * 0.3)
    };
    let seat = facing(&s);
    let key = (s.players(), playing.0, free as u32, seat);
    if *framed == Some(key) {
        return;
    }
    *framed = Some(key);
    let aspect = free.max(200.0) / window.height().max(1.0);
    // Seen along the diagonal the board is a diamond: its corners reach
    // half a diagonal from the middle.
    let reach = BOARD_REACH * std::f32::consts::SQRT_2 * if playing.0 { 0.72 } else { 0.85 };
    *orbit = Orbit {
        yaw: yaw_behind(&s, seat),
        pitch: 0.95,
        distance: fit_distance(reach, 0.95, aspect),
    };
}

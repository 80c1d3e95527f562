//! The food board as players see it: the star board's wood and lacquer cut
//! to the central hexagon (the star and its marbles are hidden meanwhile),
//! glass marbles of all six colours, a tray per player, and the marks of
//! the selected marble's captures, the chain being built, the hint and the
//! keyboard cursor.

use super::input::FoodSelection;
use super::jobs::FoodHint;
use super::marbles::{
    FoodColour, FoodHop, FoodMarble, TRAY_PITCH, board_reach, tray_frame, tray_reach, tray_row,
};
use super::{FoodPlaying, FoodRebuild, FoodSession};
use crate::base::{AppSystems, Screen};
use crate::camera::{Orbit, fit_distance};
use crate::stage::board::{HoleLook, flat_on_board as flat, hex_to_world, spawn_hole};
use crate::stage::marbles::{RADIUS, REST_Y};
use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use starhop_engine::food::Cell;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_6};

/// A hole of the hexagon (pickable: a click is a press on that cell).
#[derive(Component, Clone, Copy, Debug)]
pub struct FoodHole(pub Cell);

/// The board, trays and finish mark; rebuilt with the session.
#[derive(Component)]
struct FoodPiece;

/// Selection, chain, hint and cursor marks; rebuilt when they change.
#[derive(Component)]
struct FoodMark;

#[derive(Resource)]
struct FoodAssets {
    sphere: Handle<Mesh>,
    glass: Vec<Handle<StandardMaterial>>,
    hole: Handle<Mesh>,
    rim: Handle<Mesh>,
    disc: Handle<Mesh>,
    small_disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    wide_ring: Handle<Mesh>,
    hole_mat: Handle<StandardMaterial>,
    rim_mat: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    lacquer: Handle<StandardMaterial>,
    landing: Handle<StandardMaterial>,
    further: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    captured: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
    finish: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_assets)
        .add_systems(OnEnter(Screen::Food), crate::stage::board::hide_the_star)
        .add_systems(
            Update,
            (
                crate::stage::board::hide_the_star.run_if(in_state(Screen::Food)),
                build_board.run_if(on_message::<FoodRebuild>),
                dress_marbles,
                lift_selected,
                mark_selection,
                frame_board,
            )
                .chain()
                .in_set(AppSystems::View),
        );
}

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let glass = crate::stage::marbles::glass_materials(&mut materials);
    let marks = crate::stage::board::MarkMaterials::new(&mut materials);
    commands.insert_resource(FoodAssets {
        sphere: meshes.add(Sphere::new(RADIUS).mesh().uv(48, 24)),
        glass,
        hole: meshes.add(Circle::new(0.21)),
        rim: meshes.add(Torus::new(0.19, 0.25)),
        disc: meshes.add(Circle::new(0.34)),
        small_disc: meshes.add(Circle::new(0.16)),
        ring: meshes.add(Annulus::new(0.40, 0.52)),
        wide_ring: meshes.add(Annulus::new(0.44, 0.60)),
        hole_mat: materials.add(StandardMaterial {
            base_color: Color::srgb(0.13, 0.07, 0.035),
            perceptual_roughness: 0.9,
            ..default()
        }),
        rim_mat: materials.add(StandardMaterial {
            base_color: Color::srgb(0.45, 0.28, 0.14),
            perceptual_roughness: 0.5,
            ..default()
        }),
        wood: materials.add(StandardMaterial {
            base_color: Color::srgb(0.24, 0.11, 0.045),
            perceptual_roughness: 0.62,
            reflectance: 0.3,
            ..default()
        }),
        lacquer: materials.add(StandardMaterial {
            base_color: Color::srgb(0.66, 0.47, 0.28),
            perceptual_roughness: 0.55,
            reflectance: 0.15,
            clearcoat: 0.3,
            clearcoat_perceptual_roughness: 0.35,
            ..default()
        }),
        landing: marks.landing.clone(),
        further: marks.further.clone(),
        selected: marks.selected.clone(),
        captured: marks.taken.clone(),
        hint: marks.hint.clone(),
        cursor: marks.cursor.clone(),
        finish: materials.add(crate::stage::board::glow(
            Color::srgba(1.0, 0.75, 0.1, 0.8),
            LinearRgba::rgb(1.2, 0.8, 0.1),
        )),
    });
}

fn build_board(
    mut commands: Commands,
    old: Query<Entity, With<FoodPiece>>,
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    assets: Res<FoodAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session else { return };
    let board = s.game.board();
    let reach = board_reach(board);
    let piece = |t: Transform| (FoodPiece, t, DespawnOnExit(Screen::Food));
    commands.spawn((
        piece(Transform::from_xyz(0.0, -0.3, 0.0)),
        Mesh3d(meshes.add(Cylinder::new(reach + 1.35, 0.6))),
        MeshMaterial3d(assets.wood.clone()),
    ));
    commands.spawn((
        piece(Transform::from_xyz(0.0, -0.02, 0.0)),
        Mesh3d(meshes.add(Torus::new(reach + 1.21, reach + 1.49))),
        MeshMaterial3d(assets.wood.clone()),
    ));
    // The hexagon, corners on the corner holes.
    commands.spawn((
        piece(
            flat(0.0, 0.0, 0.003).with_rotation(
                Quat::from_rotation_x(-FRAC_PI_2) * Quat::from_rotation_z(FRAC_PI_6),
            ),
        ),
        Mesh3d(meshes.add(RegularPolygon::new(reach + 0.75, 6))),
        MeshMaterial3d(assets.lacquer.clone()),
    ));
    let look = HoleLook {
        dimple: &assets.hole,
        rim: &assets.rim,
        dimple_mat: &assets.hole_mat,
        rim_mat: &assets.rim_mat,
    };
    for cell in 0..board.len() as Cell {
        let p = hex_to_world(board.hex(cell));
        spawn_hole(&mut commands, &look, p.x, p.z, piece, FoodHole(cell));
    }
    if let Some(f) = s.game.finish() {
        let p = hex_to_world(board.hex(f));
        commands.spawn((
            piece(flat(p.x, p.z, 0.012)),
            Mesh3d(assets.wide_ring.clone()),
            MeshMaterial3d(assets.finish.clone()),
            Pickable::IGNORE,
        ));
    }
    // A tray per player, in the player's colour (solo: wood); none on the
    // setup panel's preview.
    if !playing.0 {
        return;
    }
    let players = s.game.rules().players;
    let rows = tray_rows(board.len(), players);
    for player in 0..players {
        let (centre, out, along) = tray_frame(board, player, players);
        let depth = rows as f32 * TRAY_PITCH + 0.3;
        let length = tray_row(players) as f32 * TRAY_PITCH + 0.4;
        let middle = centre + out * (rows as f32 - 1.0) * TRAY_PITCH / 2.0;
        let colour = if players <= 1 {
            Color::srgb(0.55, 0.36, 0.2)
        } else {
            PALETTE[player % PALETTE.len()].1
        };
        let tint = materials.add(StandardMaterial {
            base_color: colour.mix(&Color::srgb(0.24, 0.11, 0.045), 0.55),
            perceptual_roughness: 0.6,
            ..default()
        });
        let angle = along.z.atan2(along.x);
        commands.spawn((
            piece(
                Transform::from_translation(middle + Vec3::Y * -0.05)
                    .with_rotation(Quat::from_rotation_y(-angle)),
            ),
            Mesh3d(meshes.add(Cuboid::new(length, 0.12, depth))),
            MeshMaterial3d(tint),
            Pickable::IGNORE,
        ));
    }
}

/// Rows a tray shows: room for every capture of a solo game, a fair share
/// (and some) at a table.
pub fn tray_rows(holes: usize, players: usize) -> usize {
    let most = if players <= 1 {
        holes - 1
    } else {
        holes / players + 6
    };
    most.div_ceil(tray_row(players)).max(1)
}

fn dress_marbles(
    mut commands: Commands,
    new: Query<(Entity, &FoodColour), Added<FoodColour>>,
    assets: Res<FoodAssets>,
) {
    for (e, c) in &new {
        commands.entity(e).insert((
            Mesh3d(assets.sphere.clone()),
            MeshMaterial3d(assets.glass[c.0 as usize % assets.glass.len()].clone()),
        ));
    }
}

/// The selected marble stands a little higher, so everyone sees it.
fn lift_selected(
    selection: Res<FoodSelection>,
    mut marbles: Query<(&FoodMarble, &mut Transform), Without<FoodHop>>,
) {
    let lifted = selection.chain.first().copied();
    for (m, mut t) in &mut marbles {
        let y = if Some(m.cell) == lifted {
            REST_Y + 0.28
        } else {
            REST_Y
        };
        if (t.translation.y - y).abs() > 1e-4 {
            t.translation.y = y;
        }
    }
}

/// Marks for the chain under construction (its start, the path, the
/// marbles it takes), the next landings (bright) and where longer chains
/// end (faint), the hint and the cursor.
fn mark_selection(
    mut commands: Commands,
    old: Query<Entity, With<FoodMark>>,
    selection: Res<FoodSelection>,
    hint: Res<FoodHint>,
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    assets: Res<FoodAssets>,
) {
    let session_changed = session.as_ref().is_some_and(|s| s.is_changed());
    if !(selection.is_changed() || hint.is_changed() || session_changed || playing.is_changed()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    let board = s.game.board();
    let at = |c: Cell| hex_to_world(board.hex(c));
    let mut mark = |c: Cell, y: f32, mesh: &Handle<Mesh>, mat: &Handle<StandardMaterial>| {
        let p = at(c);
        commands.spawn((
            FoodMark,
            FoodHole(c),
            flat(p.x, p.z, y),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(mat.clone()),
            DespawnOnExit(Screen::Food),
        ));
    };
    if let Some((r, mv)) = &hint.0
        && *r == s.game.revision()
    {
        for &c in &mv.route[1..] {
            mark(c, 0.018, &assets.disc, &assets.hint);
        }
        mark(mv.from(), REST_Y, &assets.wide_ring, &assets.hint);
    }
    if let Some(&from) = selection.chain.first() {
        let chain = &selection.chain;
        // Rings at the marbles' height, so they show around them.
        mark(from, REST_Y + 0.28, &assets.ring, &assets.selected);
        for &c in &chain[1..] {
            mark(c, 0.02, &assets.small_disc, &assets.selected);
        }
        if let Ok(mv) = s.game.position().check(chain, s.game.rules().slides) {
            for &c in &mv.captured {
                mark(c, REST_Y, &assets.ring, &assets.captured);
            }
        }
        for mv in s.game.moves_from(from) {
            if mv.route.len() <= chain.len() || !mv.route.starts_with(chain) {
                continue;
            }
            let next = mv.route[chain.len()];
            if mv.route.len() == chain.len() + 1 {
                mark(next, 0.016, &assets.disc, &assets.landing);
            } else {
                mark(
                    *mv.route.last().expect("routes are long"),
                    0.014,
                    &assets.disc,
                    &assets.further,
                );
            }
        }
    }
    if let Some(c) = selection.cursor {
        mark(c, 0.6 * REST_Y, &assets.wide_ring, &assets.cursor);
    }
}

/// The camera frames the hexagon and its trays (on the setup panel, in the
/// space beside it) whenever another board comes on show.
fn frame_board(
    session: Option<Res<FoodSession>>,
    playing: Res<FoodPlaying>,
    mut orbit: ResMut<Orbit>,
    windows: Query<&Window, With<PrimaryWindow>>,
    panel: Res<crate::base::ViewportInsets>,
    mut framed: Local<Option<(usize, usize, bool, u32)>>,
) {
    let Some(s) = session else {
        *framed = None;
        return;
    };
    let board = s.game.board();
    let players = s.game.rules().players;
    let Ok(window) = windows.single() else { return };
    let free = if playing.0 {
        window.width()
    } else {
        (window.width() - panel.left - 16.0).max(window.width() * 0.3)
    };
    let key = (board.len(), players, playing.0, free as u32);
    if *framed == Some(key) {
        return;
    }
    *framed = Some(key);
    let rows = tray_rows(board.len(), players);
    let reach = if !playing.0 {
        board_reach(board) + 1.4
    } else if players <= 1 {
        tray_reach(board, rows).max(board_reach(board) + 1.4) * 0.82
    } else {
        tray_reach(board, 2)
    };
    let aspect = free / window.height().max(1.0);
    *orbit = Orbit {
        yaw: 0.0,
        pitch: 0.95,
        distance: fit_distance(reach, 0.95, aspect),
    };
}

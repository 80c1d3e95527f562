//! The draughts board as players see it: a square board of maple and walnut
//! in a dark wooden frame (the star board and its marbles are hidden
//! meanwhile), flat turned discs in ivory and ebony, kings as two discs
//! stacked under a gold inlay, and the marks: the picked-up piece, its next
//! landings and where its moves end, the pieces a capture must take, the
//! hint and the last move.

use super::input::{DraughtsSelection, landings};
use super::jobs::DraughtsHint;
use super::pieces::{DISC_HEIGHT, DraughtsPiece, Glide, SQUARE, board_reach, square_world};
use super::{DraughtsPlaying, DraughtsRebuild, DraughtsSession};
use crate::base::{AppSystems, Screen};
use crate::camera::{Orbit, fit_distance};
use crate::stage::board::flat_on_board as flat;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use starhop_draughts::{Side, Square, Variant};

/// A dark square of the board (pickable: a click is a press on it).
#[derive(Component, Clone, Copy, Debug)]
pub struct DraughtsSquare(pub Square);

/// The board's meshes; rebuilt with the session.
#[derive(Component)]
struct BoardPart;

/// The top disc and gold inlay of a king (children of its piece).
#[derive(Component)]
struct KingTop;

/// Selection, landing, must-take, hint and last-move marks.
#[derive(Component)]
struct Mark;

#[derive(Resource)]
struct DraughtsAssets {
    disc: Handle<Mesh>,
    groove: Handle<Mesh>,
    inlay: Handle<Mesh>,
    square: Handle<Mesh>,
    dot: Handle<Mesh>,
    /// The last move's squares are tinted whole.
    tint: Handle<Mesh>,
    ring: Handle<Mesh>,
    men: [Handle<StandardMaterial>; 2],
    grooves: [Handle<StandardMaterial>; 2],
    gold: Handle<StandardMaterial>,
    light: Handle<StandardMaterial>,
    dark: Handle<StandardMaterial>,
    frame: Handle<StandardMaterial>,
    landing: Handle<StandardMaterial>,
    end: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    must_take: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    last: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    // The board is built whenever a rebuild is asked for, even in the frame
    // before the screen changes to draughts: a message condition under a
    // state condition would read (and lose) it there.
    app.add_systems(Startup, make_assets).add_systems(
        Update,
        build_board
            .run_if(on_message::<DraughtsRebuild>)
            .in_set(AppSystems::View)
            .before(DraughtsView),
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
            .in_set(DraughtsView)
            .run_if(in_state(Screen::Draughts)),
    );
}

/// The draughts view systems that run on the draughts screen only.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct DraughtsView;

fn make_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let marks = crate::stage::board::MarkMaterials::new(&mut materials);
    let wood = |r: f32, g: f32, b: f32, rough: f32| StandardMaterial {
        base_color: Color::srgb(r, g, b),
        perceptual_roughness: rough,
        reflectance: 0.25,
        ..default()
    };
    let piece = |r: f32, g: f32, b: f32| StandardMaterial {
        base_color: Color::srgb(r, g, b),
        perceptual_roughness: 0.32,
        reflectance: 0.45,
        clearcoat: 0.6,
        clearcoat_perceptual_roughness: 0.25,
        ..default()
    };
    commands.insert_resource(DraughtsAssets {
        disc: meshes.add(Cylinder::new(0.40, DISC_HEIGHT).mesh().resolution(48)),
        groove: meshes.add(Annulus::new(0.25, 0.29)),
        inlay: meshes.add(Annulus::new(0.12, 0.24)),
        square: meshes.add(Plane3d::default().mesh().size(SQUARE, SQUARE)),
        dot: meshes.add(Circle::new(0.2)),
        tint: meshes.add(Rectangle::new(0.96, 0.96)),
        ring: meshes.add(Annulus::new(0.43, 0.5)),
        men: [
            materials.add(piece(0.93, 0.88, 0.77)),
            materials.add(piece(0.09, 0.07, 0.065)),
        ],
        grooves: [
            materials.add(piece(0.78, 0.71, 0.58)),
            materials.add(piece(0.22, 0.18, 0.16)),
        ],
        gold: materials.add(StandardMaterial {
            base_color: Color::srgb(0.95, 0.72, 0.2),
            metallic: 0.9,
            perceptual_roughness: 0.3,
            ..default()
        }),
        light: materials.add(wood(0.86, 0.70, 0.47, 0.6)),
        dark: materials.add(wood(0.36, 0.20, 0.09, 0.55)),
        frame: materials.add(wood(0.18, 0.08, 0.035, 0.5)),
        landing: marks.landing.clone(),
        end: marks.further.clone(),
        selected: marks.selected.clone(),
        must_take: marks.taken.clone(),
        hint: marks.hint.clone(),
        cursor: marks.cursor.clone(),
        last: materials.add(crate::stage::board::glow(
            Color::srgba(1.0, 1.0, 0.9, 0.22),
            LinearRgba::rgb(0.3, 0.3, 0.25),
        )),
    });
}

fn build_board(
    mut commands: Commands,
    old: Query<Entity, With<BoardPart>>,
    session: Option<Res<DraughtsSession>>,
    assets: Res<DraughtsAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session else { return };
    let variant = s.game.variant();
    let n = variant.size();
    let part = |t: Transform| (BoardPart, t, DespawnOnExit(Screen::Draughts));
    // The frame: a slab a little wider than the squares, and a round table
    // top under it like the star board's.
    let side = n as f32 * SQUARE + 1.0;
    commands.spawn((
        part(Transform::from_xyz(0.0, -0.21, 0.0)),
        Mesh3d(meshes.add(Cuboid::new(side, 0.4, side))),
        MeshMaterial3d(assets.frame.clone()),
    ));
    for row in 0..n {
        for col in 0..n {
            let half = (n as f32 - 1.0) / 2.0;
            let at = Transform::from_xyz(col as f32 - half, 0.0, row as f32 - half);
            match variant.square_at(row, col) {
                Some(sq) => {
                    commands.spawn((
                        part(at),
                        Mesh3d(assets.square.clone()),
                        MeshMaterial3d(assets.dark.clone()),
                        DraughtsSquare(sq),
                    ));
                }
                None => {
                    commands.spawn((
                        part(at),
                        Mesh3d(assets.square.clone()),
                        MeshMaterial3d(assets.light.clone()),
                        Pickable::IGNORE,
                    ));
                }
            }
        }
    }
}

/// New pieces get their disc; kings their top disc and inlay (a man
/// crowned on landing gets them then).
fn dress_pieces(
    mut commands: Commands,
    changed: Query<(Entity, &DraughtsPiece, Option<&Children>), Changed<DraughtsPiece>>,
    new: Query<(), Without<Mesh3d>>,
    tops: Query<(), With<KingTop>>,
    assets: Res<DraughtsAssets>,
) {
    for (e, piece, children) in &changed {
        let side = piece.side.index();
        if new.contains(e) {
            commands.entity(e).insert((
                Mesh3d(assets.disc.clone()),
                MeshMaterial3d(assets.men[side].clone()),
            ));
            // A turned groove on the face, as on wooden draughts.
            commands.entity(e).with_child((
                flat(0.0, 0.0, DISC_HEIGHT / 2.0 + 0.002),
                Mesh3d(assets.groove.clone()),
                MeshMaterial3d(assets.grooves[side].clone()),
                Pickable::IGNORE,
            ));
        }
        let crowned = children.is_some_and(|c| c.iter().any(|k| tops.contains(k)));
        if piece.king && !crowned {
            commands.entity(e).with_children(|p| {
                p.spawn((
                    KingTop,
                    Transform::from_xyz(0.0, DISC_HEIGHT + 0.004, 0.0),
                    Mesh3d(assets.disc.clone()),
                    MeshMaterial3d(assets.men[side].clone()),
                ));
                p.spawn((
                    KingTop,
                    flat(0.0, 0.0, DISC_HEIGHT * 1.5 + 0.006),
                    Mesh3d(assets.inlay.clone()),
                    MeshMaterial3d(assets.gold.clone()),
                    Pickable::IGNORE,
                ));
            });
        }
    }
}

/// The picked-up piece stands a little higher, so everyone sees it.
fn lift_selected(
    selection: Res<DraughtsSelection>,
    mut pieces: Query<(&DraughtsPiece, &mut Transform), Without<Glide>>,
) {
    for (p, mut t) in &mut pieces {
        let y = DISC_HEIGHT / 2.0
            + if Some(p.square) == selection.from {
                0.25
            } else {
                0.0
            };
        if (t.translation.y - y).abs() > 1e-4 {
            t.translation.y = y;
        }
    }
}

fn marks_changed(
    selection: Res<DraughtsSelection>,
    hint: Res<DraughtsHint>,
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
) -> bool {
    selection.is_changed()
        || hint.is_changed()
        || playing.is_changed()
        || session.is_some_and(|s| s.is_changed())
}

fn mark(
    mut commands: Commands,
    old: Query<Entity, With<Mark>>,
    selection: Res<DraughtsSelection>,
    hint: Res<DraughtsHint>,
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    assets: Res<DraughtsAssets>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(s) = session.filter(|_| playing.0) else {
        return;
    };
    let variant = s.game.variant();
    let mut put = |sq: Square, mesh: &Handle<Mesh>, mat: &Handle<StandardMaterial>, y: f32| {
        let p = square_world(variant, sq);
        commands.spawn((
            Mark,
            flat(p.x, p.z, y),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(mat.clone()),
            Pickable::IGNORE,
            DespawnOnExit(Screen::Draughts),
        ));
    };
    // The last move: where it came from and where it went.
    if let Some(m) = s.game.moves().last() {
        put(m.from(), &assets.tint, &assets.last, 0.004);
        put(m.to(), &assets.tint, &assets.last, 0.004);
    }
    for sq in s.game.must_take() {
        put(sq, &assets.ring, &assets.must_take, 0.006);
    }
    if let Some((r, m)) = &hint.0
        && *r == s.revision
    {
        put(m.from(), &assets.ring, &assets.hint, 0.008);
        // The hinted route's landings show gold above the landing marks.
        for route in s.game.routes(m).iter().take(1) {
            for &sq in route {
                put(sq, &assets.dot, &assets.hint, 0.014);
            }
        }
    }
    if let Some(at) = selection.cursor {
        put(at, &assets.ring, &assets.cursor, 0.016);
    }
    if let Some(from) = selection.from {
        put(from, &assets.ring, &assets.selected, 0.01);
        for &sq in &selection.hops {
            put(sq, &assets.dot, &assets.selected, 0.01);
        }
        let (next, ends) = landings(&s.game, &selection);
        for sq in next {
            put(sq, &assets.dot, &assets.landing, 0.012);
        }
        for sq in ends {
            put(sq, &assets.dot, &assets.end, 0.012);
        }
    }
}

/// The side whose player sees the board from their end: Black for a person
/// here playing Black alone (against a bot, or a player elsewhere), else White.
pub fn facing(s: &super::DraughtsSession) -> Side {
    if !s.person_here(Side::White) && s.person_here(Side::Black) {
        Side::Black
    } else {
        Side::White
    }
}

/// The camera frames the board: beside the setup panel, or whole in the
/// window during a game, White's side nearest.
fn frame_board(
    session: Option<Res<DraughtsSession>>,
    playing: Res<DraughtsPlaying>,
    mut orbit: ResMut<Orbit>,
    windows: Query<&Window, With<PrimaryWindow>>,
    panel: Res<crate::base::ViewportInsets>,
    mut framed: Local<Option<(Variant, bool, u32, Side)>>,
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
    let facing = facing(&s);
    let key = (s.game.variant(), playing.0, free as u32, facing);
    if *framed == Some(key) {
        return;
    }
    *framed = Some(key);
    let aspect = free.max(200.0) / window.height().max(1.0);
    // The board's near corners reach further than its half-width; beside
    // the setup panel, whose view is shifted aside, they need more room.
    let reach = board_reach(s.game.variant()) * if playing.0 { 1.12 } else { 1.4 };
    *orbit = Orbit {
        yaw: if facing == Side::Black {
            std::f32::consts::PI
        } else {
            0.0
        },
        pitch: 0.95,
        distance: fit_distance(reach, 0.95, aspect),
    };
}

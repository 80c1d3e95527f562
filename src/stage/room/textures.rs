//! The room's pictures, made at start-up rather than shipped as files: the
//! planks of the table top, and the room as an environment map (warm walls,
//! a window, a lamp) that the lacquer and the marbles reflect.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDimension, TextureFormat, TextureViewDescriptor, TextureViewDimension,
};
use std::f32::consts::TAU;

/// Texels on a side of the table's texture (four planks).
pub const WOOD_SIZE: usize = 256;
/// Texels on a side of the room's cube faces (sharpest reflection).
pub const ROOM_SIZE: usize = 64;
/// Texels on a side of the diffuse (irradiance) cube faces.
const IRRADIANCE_SIZE: usize = 4;

/// A small hash to vary planks and knots without a random source (the
/// picture is the same on every run).
fn hash(n: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFFFF) as f32 / 65_535.0
}

/// The table's planks as linear RGB, row by row, `WOOD_SIZE` square: four
/// planks along the texture's width with dark joints, each its own shade,
/// and a grain that wavers along the plank. It tiles: the grain's
/// frequencies along a plank are whole turns of the texture.
pub fn wood_texels() -> Vec<[f32; 3]> {
    let n = WOOD_SIZE;
    let planks = 4;
    let plank_height = n / planks;
    let light = [0.17_f32, 0.10, 0.055];
    let dark = [0.095_f32, 0.052, 0.026];
    let mut out = Vec::with_capacity(n * n);
    for y in 0..n {
        let plank = (y / plank_height) as u32;
        let across = (y % plank_height) as f32 / plank_height as f32;
        let shade = 0.85 + 0.3 * hash(plank + 7);
        let phase = hash(plank + 101) * TAU;
        for x in 0..n {
            let along = x as f32 / n as f32;
            let waver = 0.3 * (along * TAU + phase).sin() + 0.1 * (3.0 * along * TAU).sin();
            let grain = ((across * 9.0 + waver) * TAU).sin() * 0.5 + 0.5;
            let fine = ((across * 37.0 + 2.0 * waver) * TAU).sin() * 0.5 + 0.5;
            let t = (0.55 * grain.powf(3.0) + 0.25 * fine).clamp(0.0, 1.0);
            // The joint between planks: a thin dark line.
            let joint = if !(0.02..=0.98).contains(&across) {
                0.45
            } else {
                1.0
            };
            let texel =
                std::array::from_fn(|c| (light[c] + (dark[c] - light[c]) * t) * shade * joint);
            out.push(texel);
        }
    }
    out
}

/// The room's light from direction `d` (unit, y up), linear RGB: a warm
/// dim room, a tall window to the north-west, a lamp overhead, the floor
/// darker than the walls.
pub fn room_radiance(d: Vec3) -> [f32; 3] {
    let wall = [0.30_f32, 0.22, 0.15];
    let floor = [0.10_f32, 0.07, 0.05];
    let ceiling = [0.42_f32, 0.36, 0.30];
    let up = d.y;
    let mut c: [f32; 3] = if up < 0.0 {
        let t = (-up).min(1.0);
        std::array::from_fn(|i| wall[i] + (floor[i] - wall[i]) * t)
    } else {
        let t = up.min(1.0);
        std::array::from_fn(|i| wall[i] + (ceiling[i] - wall[i]) * t)
    };
    // The window: cool daylight, a soft-edged rectangle on the wall.
    let window_dir = Vec3::new(-0.6, 0.25, -0.76).normalize();
    let side = window_dir.cross(Vec3::Y).normalize();
    let (along, high) = (d.dot(side), d.y - window_dir.y);
    if d.dot(window_dir) > 0.6 {
        let edge = |v: f32, half: f32| ((half - v.abs()) / 0.05).clamp(0.0, 1.0);
        let lit = edge(along, 0.28) * edge(high, 0.3);
        let sky = [2.6_f32, 2.8, 3.0];
        c = std::array::from_fn(|i| c[i] + (sky[i] - c[i]) * lit);
    }
    // The lamp: a warm glow straight above.
    let lamp = ((up - 0.9) / 0.1).clamp(0.0, 1.0);
    std::array::from_fn(|i| c[i] + [3.0, 2.4, 1.6][i] * lamp)
}

/// The direction of texel (`x`, `y`) of cube face `face` (wgpu's order:
/// +X, -X, +Y, -Y, +Z, -Z).
pub fn cube_direction(face: usize, x: usize, y: usize, size: usize) -> Vec3 {
    let u = 2.0 * (x as f32 + 0.5) / size as f32 - 1.0;
    let v = 2.0 * (y as f32 + 0.5) / size as f32 - 1.0;
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        _ => Vec3::new(-u, -v, -1.0),
    }
    .normalize()
}

/// Half the size, each texel the mean of the four it covers.
fn halve(texels: &[[f32; 3]], size: usize) -> Vec<[f32; 3]> {
    let half = size / 2;
    let mut out = Vec::with_capacity(half * half);
    for y in 0..half {
        for x in 0..half {
            let at = |dx: usize, dy: usize| texels[(2 * y + dy) * size + 2 * x + dx];
            let four = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)];
            out.push(std::array::from_fn(|c| {
                four.iter().map(|t| t[c]).sum::<f32>() / 4.0
            }));
        }
    }
    out
}

/// A square picture and its smaller copies down to one texel.
pub fn mip_chain(base: Vec<[f32; 3]>, size: usize) -> Vec<Vec<[f32; 3]>> {
    let mut chain = vec![base];
    let mut s = size;
    while s > 1 {
        let next = halve(chain.last().expect("the chain starts with the base"), s);
        chain.push(next);
        s /= 2;
    }
    chain
}

/// The room's six faces, each with its mip chain: the sharp face for
/// glossy marbles, the blurred ones for rough wood (the renderer reads
/// rougher surfaces from smaller mips).
pub fn room_faces() -> Vec<Vec<Vec<[f32; 3]>>> {
    (0..6)
        .map(|face| {
            let base = (0..ROOM_SIZE * ROOM_SIZE)
                .map(|i| {
                    room_radiance(cube_direction(
                        face,
                        i % ROOM_SIZE,
                        i / ROOM_SIZE,
                        ROOM_SIZE,
                    ))
                })
                .collect();
            mip_chain(base, ROOM_SIZE)
        })
        .collect()
}

/// The light a surface facing each texel's direction receives from the
/// whole room (cosine weighted), for the diffuse map, from the faces' 16×16 mip.
pub fn irradiance_faces(faces: &[Vec<Vec<[f32; 3]>>]) -> Vec<Vec<[f32; 3]>> {
    let level = (ROOM_SIZE / 16).trailing_zeros() as usize;
    let size = 16;
    // Every texel of the source as (direction, radiance × solid angle).
    let mut samples = Vec::with_capacity(6 * size * size);
    for (face, mips) in faces.iter().enumerate() {
        for (i, radiance) in mips[level].iter().enumerate() {
            let (x, y) = (i % size, i / size);
            let u = 2.0 * (x as f32 + 0.5) / size as f32 - 1.0;
            let v = 2.0 * (y as f32 + 0.5) / size as f32 - 1.0;
            let texel = 2.0 / size as f32;
            let solid_angle = texel * texel / (1.0 + u * u + v * v).powf(1.5);
            let d = cube_direction(face, x, y, size);
            samples.push((d, radiance.map(|c| c * solid_angle)));
        }
    }
    (0..6)
        .map(|face| {
            (0..IRRADIANCE_SIZE * IRRADIANCE_SIZE)
                .map(|i| {
                    let n = cube_direction(
                        face,
                        i % IRRADIANCE_SIZE,
                        i / IRRADIANCE_SIZE,
                        IRRADIANCE_SIZE,
                    );
                    let mut sum = [0.0_f32; 3];
                    for (d, r) in &samples {
                        let w = n.dot(*d).max(0.0);
                        for c in 0..3 {
                            sum[c] += r[c] * w;
                        }
                    }
                    sum.map(|c| c / std::f32::consts::PI)
                })
                .collect()
        })
        .collect()
}

fn rgba16f(texels: &[[f32; 3]], out: &mut Vec<u8>) {
    for t in texels {
        for c in [t[0], t[1], t[2], 1.0] {
            out.extend_from_slice(&half::f16::from_f32(c).to_le_bytes());
        }
    }
}

/// A cubemap image of six faces with their mips (layer by layer, each
/// layer's mips from the largest, as wgpu reads it by default).
pub fn cube_image(faces: &[Vec<Vec<[f32; 3]>>], size: usize) -> Image {
    let mips = faces[0].len() as u32;
    let mut data = Vec::new();
    for face in faces {
        for level in face {
            rgba16f(level, &mut data);
        }
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width: size as u32,
            height: size as u32,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = mips;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

/// The table's planks as a repeating sRGB texture with mips (the far table
/// is seen at a glancing angle).
pub fn wood_image() -> Image {
    let chain = mip_chain(wood_texels(), WOOD_SIZE);
    let mut data = Vec::new();
    for level in &chain {
        for t in level {
            let srgb = Color::linear_rgb(t[0], t[1], t[2]).to_srgba();
            data.extend(
                [srgb.red, srgb.green, srgb.blue, 1.0]
                    .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8),
            );
        }
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width: WOOD_SIZE as u32,
            height: WOOD_SIZE as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = chain.len() as u32;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 8,
        ..default()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean(texels: &[[f32; 3]]) -> [f32; 3] {
        let n = texels.len() as f32;
        std::array::from_fn(|c| texels.iter().map(|t| t[c]).sum::<f32>() / n)
    }

    #[test]
    fn the_planks_tile_without_a_seam() {
        let wood = wood_texels();
        let n = WOOD_SIZE;
        // The left column continues the right one as much as neighbours differ inside.
        let step = |a: [f32; 3], b: [f32; 3]| (0..3).map(|c| (a[c] - b[c]).abs()).sum::<f32>();
        let mut seam = 0.0;
        let mut inside = 0.0;
        for y in 0..n {
            seam += step(wood[y * n + n - 1], wood[y * n]);
            inside += step(wood[y * n + n / 2 - 1], wood[y * n + n / 2]);
        }
        assert!(
            seam < inside * 1.5 + 1e-3,
            "seam {seam} against {inside} inside"
        );
        // Not a flat colour: the grain shows.
        let lum: Vec<f32> = wood.iter().map(|t| t[0] + t[1] + t[2]).collect();
        let (lo, hi) = lum
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), &x| (l.min(x), h.max(x)));
        assert!(hi > lo * 1.5, "too flat: {lo}..{hi}");
    }

    #[test]
    fn every_mip_keeps_the_light_of_the_picture() {
        let faces = room_faces();
        for face in &faces {
            assert_eq!(face.len(), ROOM_SIZE.trailing_zeros() as usize + 1);
            assert_eq!(face.last().map(Vec::len), Some(1));
            let base = mean(&face[0]);
            for level in face {
                let m = mean(level);
                for c in 0..3 {
                    assert!((m[c] - base[c]).abs() < 1e-3 * base[c].max(1.0));
                }
            }
        }
    }

    #[test]
    fn the_window_and_the_lamp_are_the_brightest_and_the_floor_the_darkest() {
        let lum = |d: Vec3| room_radiance(d.normalize()).iter().sum::<f32>();
        let window = lum(Vec3::new(-0.6, 0.25, -0.76));
        let lamp = lum(Vec3::Y);
        let wall = lum(Vec3::new(1.0, 0.0, 0.2));
        let floor = lum(Vec3::NEG_Y);
        assert!(
            window > 3.0 * wall && lamp > 3.0 * wall,
            "{window} {lamp} {wall}"
        );
        assert!(floor < wall);
    }

    #[test]
    fn a_surface_facing_up_gets_more_light_than_one_facing_down() {
        let faces = room_faces();
        let irradiance = irradiance_faces(&faces);
        let up = mean(&irradiance[2]).iter().sum::<f32>();
        let down = mean(&irradiance[3]).iter().sum::<f32>();
        assert!(up > 1.5 * down, "up {up}, down {down}");
        // The light of a uniform room comes back as that room's light.
        let uniform: Vec<Vec<Vec<[f32; 3]>>> = (0..6)
            .map(|_| mip_chain(vec![[1.0; 3]; ROOM_SIZE * ROOM_SIZE], ROOM_SIZE))
            .collect();
        for face in irradiance_faces(&uniform) {
            for t in face {
                assert!((t[0] - 1.0).abs() < 0.05, "{t:?}");
            }
        }
    }

    #[test]
    fn cube_directions_point_out_of_their_faces() {
        for (face, axis) in [
            Vec3::X,
            Vec3::NEG_X,
            Vec3::Y,
            Vec3::NEG_Y,
            Vec3::Z,
            Vec3::NEG_Z,
        ]
        .into_iter()
        .enumerate()
        {
            let centre = cube_direction(face, 8, 8, 16);
            assert!(centre.dot(axis) > 0.99, "face {face}: {centre}");
        }
        // The top face's first row looks towards -Z (wgpu's layout).
        assert!(cube_direction(2, 8, 0, 16).z < -0.5);
    }

    #[test]
    fn the_images_hold_every_mip() {
        let faces = room_faces();
        let cube = cube_image(&faces, ROOM_SIZE);
        let texels: usize = (0..=ROOM_SIZE.trailing_zeros())
            .map(|k| (ROOM_SIZE >> k).pow(2))
            .sum();
        assert_eq!(cube.data.as_ref().map(Vec::len), Some(6 * texels * 8));
        assert_eq!(cube.texture_descriptor.mip_level_count, 7);
        let wood = wood_image();
        let texels: usize = (0..=WOOD_SIZE.trailing_zeros())
            .map(|k| (WOOD_SIZE >> k).pow(2))
            .sum();
        assert_eq!(wood.data.as_ref().map(Vec::len), Some(texels * 4));
    }
}

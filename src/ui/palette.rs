//! The marble colours every game paints its seats with.

use bevy::prelude::*;

/// The six marble colours, clearly apart in hue and lightness.
pub const PALETTE: [(&str, Color); 6] = [
    ("red", Color::srgb(0.86, 0.12, 0.14)),
    ("blue", Color::srgb(0.12, 0.38, 0.90)),
    ("yellow", Color::srgb(0.98, 0.80, 0.10)),
    ("green", Color::srgb(0.10, 0.62, 0.28)),
    ("purple", Color::srgb(0.52, 0.20, 0.72)),
    ("white", Color::srgb(0.93, 0.93, 0.90)),
];

/// A palette colour as sRGB bytes (how profiles keep it and the wire
/// carries it).
pub fn palette_rgb(index: u8) -> [u8; 3] {
    let c = PALETTE[index as usize % PALETTE.len()].1.to_srgba();
    [c.red, c.green, c.blue].map(|x| (x.clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// The palette entry nearest a colour in sRGB bytes (a profile's, or a
/// host's of another version that may have other colours).
pub fn nearest_palette(rgb: [u8; 3]) -> u8 {
    (0..PALETTE.len() as u8)
        .min_by_key(|&i| {
            let p = palette_rgb(i);
            (0..3)
                .map(|k| (p[k] as i32 - rgb[k] as i32).pow(2))
                .sum::<i32>()
        })
        .unwrap_or(0)
}

//! Every character of the Chinese texts is in the game's CJK font (a subset
//! of Noto Sans CJK SC, assets/fonts/README.md), read here with a small
//! reader of the OpenType `cmap` table.

use starhop_i18n::*;
use std::collections::BTreeSet;

const FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansSC-Subset.otf");

fn u16_at(data: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([data[at], data[at + 1]])
}

fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]])
}

/// The characters a font maps to a glyph, from its Unicode `cmap` subtable
/// (format 12, else format 4).
fn mapped(font: &[u8]) -> BTreeSet<char> {
    let tables = u16_at(font, 4) as usize;
    let cmap = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&r| &font[r..r + 4] == b"cmap")
        .map(|r| u32_at(font, r + 8) as usize)
        .expect("a cmap table");
    let subtables: Vec<(u16, u16, usize)> = (0..u16_at(font, cmap + 2) as usize)
        .map(|i| cmap + 4 + 8 * i)
        .map(|r| {
            (
                u16_at(font, r),
                u16_at(font, r + 2),
                cmap + u32_at(font, r + 4) as usize,
            )
        })
        .collect();
    let find = |format: u16| {
        subtables
            .iter()
            .find(|&&(platform, encoding, at)| {
                (platform == 0 || (platform == 3 && matches!(encoding, 1 | 10)))
                    && u16_at(font, at) == format
            })
            .map(|&(_, _, at)| at)
    };
    let mut out = BTreeSet::new();
    if let Some(at) = find(12) {
        for g in 0..u32_at(font, at + 12) as usize {
            let group = at + 16 + 12 * g;
            let (first, last, glyph) = (
                u32_at(font, group),
                u32_at(font, group + 4),
                u32_at(font, group + 8),
            );
            out.extend(
                (first..=last)
                    .filter(|c| glyph + (c - first) != 0)
                    .filter_map(char::from_u32),
            );
        }
        return out;
    }
    let at = find(4).expect("a Unicode cmap subtable of format 4 or 12");
    let segments = u16_at(font, at + 6) as usize / 2;
    let ends = at + 14;
    let starts = ends + 2 * segments + 2;
    let deltas = starts + 2 * segments;
    let range_offsets = deltas + 2 * segments;
    for s in 0..segments {
        let (first, last) = (u16_at(font, starts + 2 * s), u16_at(font, ends + 2 * s));
        let delta = u16_at(font, deltas + 2 * s);
        let range_offset = u16_at(font, range_offsets + 2 * s) as usize;
        for c in first..=last {
            let glyph = if range_offset == 0 {
                c.wrapping_add(delta)
            } else {
                let at = range_offsets + 2 * s + range_offset + 2 * (c - first) as usize;
                match u16_at(font, at) {
                    0 => 0,
                    g => g.wrapping_add(delta),
                }
            };
            if glyph != 0
                && let Some(c) = char::from_u32(c as u32)
            {
                out.insert(c);
            }
        }
    }
    out
}

/// Drawn by egui's own fonts (its emoji font), not by the CJK subset.
fn egui_draws(c: char) -> bool {
    matches!(c as u32, 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x1F000..=0x1FAFF | 0xFE0F)
}

#[test]
fn the_font_has_every_character_of_the_chinese_texts() {
    let font = mapped(FONT);
    assert!(font.contains(&'棋') && font.contains(&'A') && !font.contains(&'\u{1F310}'));
    for locale in [Locale::SimplifiedChinese, Locale::TraditionalChinese] {
        let mut missing = BTreeSet::new();
        for (table, source) in sources(locale) {
            for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
                for c in line.chars() {
                    if !font.contains(&c) && !egui_draws(c) {
                        missing.insert((table, c));
                    }
                }
            }
        }
        let chars: String = missing
            .iter()
            .map(|&(_, c)| c)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        assert!(
            missing.is_empty(),
            "{}: not in assets/fonts/NotoSansSC-Subset.otf: {chars} \
             (add them to tools/extra_cjk_chars.txt and run tools/subset_cjk_font.sh)",
            locale.tag()
        );
    }
}

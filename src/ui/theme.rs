//! Starhop's look in one place: the palette drawn from the board (walnut,
//! lacquer, brass and cream), the fonts (Quicksand with Noto Sans SC for
//! Chinese), and the egui style every menu and HUD is drawn with. Screens
//! take their colours from here rather than writing their own.

use bevy_egui::egui::{self, Color32, CornerRadius, FontFamily, Shadow, Stroke};
use std::sync::Arc;

/// Dark walnut: the panels' fill.
pub const WALNUT: Color32 = Color32::from_rgb(46, 29, 19);
/// A darker walnut: text fields, sunk areas and the toasts.
pub const WALNUT_DEEP: Color32 = Color32::from_rgb(30, 18, 11);
/// The wood of a button at rest.
pub const WOOD: Color32 = Color32::from_rgb(92, 60, 38);
/// A button under the pointer: lighter, warmer wood.
pub const WOOD_LIT: Color32 = Color32::from_rgb(122, 82, 50);
/// A button being pressed: the lacquer of the star.
pub const LACQUER: Color32 = Color32::from_rgb(150, 104, 62);
/// Brass: frames, the chosen option, the focus ring.
pub const BRASS: Color32 = Color32::from_rgb(214, 168, 84);
/// Cream: text.
pub const CREAM: Color32 = Color32::from_rgb(246, 236, 214);
/// Text that says less (hints, captions).
pub const MUTED: Color32 = Color32::from_rgb(198, 178, 150);
/// Dark ink, for text on brass and on light marbles.
pub const INK: Color32 = Color32::from_rgb(36, 22, 12);

/// A winner, a record, a first place.
pub const GOLD: Color32 = Color32::from_rgb(255, 210, 90);
/// Something good: points won, a solved puzzle.
pub const GOOD: Color32 = Color32::from_rgb(150, 225, 140);
/// A warning: a clock running out, a rule that bites.
pub const WARN: Color32 = Color32::from_rgb(255, 190, 95);
/// Something bad: points lost, an error, a refused move.
pub const BAD: Color32 = Color32::from_rgb(255, 135, 115);
/// Neutral news: a hint, a note about the table.
pub const INFO: Color32 = Color32::from_rgb(160, 210, 255);

/// The fonts compiled in, so text works even when the assets folder is
/// missing: Quicksand (rounded and friendly, OFL) for Latin, the Noto Sans
/// SC subset (see assets/fonts/README.md) for Chinese, egui's own fonts for
/// the symbols and icons neither has.
const LATIN: &[u8] = include_bytes!("../../assets/fonts/Quicksand-Medium.ttf");
const LATIN_BOLD: &[u8] = include_bytes!("../../assets/fonts/Quicksand-Bold.ttf");
const CJK: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");

/// The family of titles and the big buttons (bold Quicksand over the rest).
pub fn title_family() -> FontFamily {
    FontFamily::Name("title".into())
}

/// The font list: Quicksand first, then egui's Latin font and symbols (for
/// arrows and icons Quicksand lacks), Chinese before the emoji fallbacks.
pub fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in [
        ("quicksand", LATIN),
        ("quicksand-bold", LATIN_BOLD),
        ("noto-sc", CJK),
    ] {
        fonts
            .font_data
            .insert(name.into(), Arc::new(egui::FontData::from_static(bytes)));
    }
    let fallbacks = fonts.families[&FontFamily::Proportional].clone();
    let with = |first: &str| {
        let mut list = vec![first.to_string()];
        list.extend(fallbacks.iter().cloned());
        // After egui's Latin font (the first fallback), before its emoji.
        list.insert(2.min(list.len()), "noto-sc".into());
        list
    };
    fonts
        .families
        .insert(FontFamily::Proportional, with("quicksand"));
    fonts
        .families
        .insert(title_family(), with("quicksand-bold"));
    let mono = fonts.families.entry(FontFamily::Monospace).or_default();
    mono.insert(1.min(mono.len()), "noto-sc".into());
    fonts
}

/// The style: egui's dark style recoloured in the palette, with rounder
/// corners, soft shadows, bigger text and buttons, and a lift on hover.
pub fn style(base: &egui::Style) -> egui::Style {
    let mut style = base.clone();
    use egui::TextStyle as T;
    for (text, size) in [
        (T::Small, 12.5),
        (T::Body, 15.0),
        (T::Monospace, 14.5),
        (T::Button, 15.5),
        (T::Heading, 25.0),
    ] {
        if let Some(font) = style.text_styles.get_mut(&text) {
            font.size = size;
        }
    }
    if let Some(heading) = style.text_styles.get_mut(&T::Heading) {
        heading.family = title_family();
    }
    let s = &mut style.spacing;
    s.button_padding = egui::vec2(12.0, 6.0);
    s.item_spacing = egui::vec2(8.0, 4.0);
    s.interact_size.y = 22.0;
    s.window_margin = egui::Margin::same(14);
    s.menu_margin = egui::Margin::same(8);
    s.icon_width = 16.0;
    s.icon_width_inner = 9.0;
    s.slider_rail_height = 6.0;
    style.visuals = visuals();
    style
}

fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    let round = CornerRadius::same(8);
    let soft_shadow = Shadow {
        offset: [0, 6],
        blur: 22,
        spread: 0,
        color: Color32::from_black_alpha(120),
    };
    v.override_text_color = None;
    v.hyperlink_color = GOLD;
    v.faint_bg_color = Color32::from_rgb(56, 36, 24);
    v.extreme_bg_color = WALNUT_DEEP;
    v.text_edit_bg_color = Some(WALNUT_DEEP);
    v.code_bg_color = WALNUT_DEEP;
    v.warn_fg_color = WARN;
    v.error_fg_color = BAD;
    v.window_fill = WALNUT;
    v.panel_fill = WALNUT;
    v.window_stroke = Stroke::new(1.5, BRASS.gamma_multiply(0.55));
    v.window_corner_radius = CornerRadius::same(14);
    v.menu_corner_radius = CornerRadius::same(10);
    v.window_shadow = soft_shadow;
    v.popup_shadow = Shadow {
        blur: 14,
        ..soft_shadow
    };
    v.selection.bg_fill = BRASS;
    v.selection.stroke = Stroke::new(1.0, INK);
    v.text_cursor.stroke = Stroke::new(2.0, BRASS);
    v.slider_trailing_fill = true;

    // Each state: its fill, its edge, its text, and how far it grows.
    let state =
        |fill: Color32, edge: Stroke, text: Stroke, expansion: f32| egui::style::WidgetVisuals {
            bg_fill: fill,
            weak_bg_fill: fill,
            bg_stroke: edge,
            fg_stroke: text,
            corner_radius: round,
            expansion,
        };
    let w = &mut v.widgets;
    w.noninteractive = state(
        WALNUT,
        Stroke::new(1.0, Color32::from_rgb(92, 66, 44)),
        Stroke::new(1.0, CREAM),
        0.0,
    );
    w.inactive = state(
        WOOD,
        Stroke::new(1.0, Color32::from_rgb(120, 86, 56)),
        Stroke::new(1.0, CREAM),
        0.0,
    );
    w.hovered = state(
        WOOD_LIT,
        Stroke::new(1.5, BRASS),
        Stroke::new(1.5, Color32::WHITE),
        1.5,
    );
    w.active = state(
        LACQUER,
        Stroke::new(2.0, GOLD),
        Stroke::new(2.0, Color32::WHITE),
        0.5,
    );
    w.open = w.hovered;
    v
}

/// The fill of a toast, fading with `fade` (1 when new).
pub fn toast_fill(fade: f32) -> Color32 {
    WALNUT_DEEP.gamma_multiply(0.92 * fade.max(0.3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: Color32, b: Color32) -> f32 {
        let lum = |c: Color32| {
            let lin = |x: u8| {
                let x = x as f32 / 255.0;
                if x <= 0.04045 {
                    x / 12.92
                } else {
                    ((x + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
        };
        let (hi, lo) = {
            let (x, y) = (lum(a), lum(b));
            if x > y { (x, y) } else { (y, x) }
        };
        (hi + 0.05) / (lo + 0.05)
    }

    #[test]
    fn text_is_readable_on_every_widget_state_and_panel() {
        let v = visuals();
        let w = &v.widgets;
        for (name, state) in [
            ("at rest", w.inactive),
            ("hovered", w.hovered),
            ("pressed", w.active),
            ("panel", w.noninteractive),
        ] {
            let ratio = contrast(state.fg_stroke.color, state.bg_fill);
            assert!(ratio >= 4.5, "{name}: contrast {ratio:.2} is below 4.5");
        }
        let chosen = contrast(v.selection.stroke.color, v.selection.bg_fill);
        assert!(chosen >= 4.5, "the chosen option: contrast {chosen:.2}");
        for (name, c) in [
            ("gold", GOLD),
            ("good", GOOD),
            ("warn", WARN),
            ("bad", BAD),
            ("info", INFO),
            ("muted", MUTED),
        ] {
            let ratio = contrast(c, v.window_fill);
            assert!(ratio >= 4.5, "{name} on a panel: contrast {ratio:.2}");
        }
    }

    #[test]
    fn no_default_grey_is_left_in_the_panels() {
        let ours = visuals();
        let egui = egui::Visuals::dark();
        assert_ne!(ours.window_fill, egui.window_fill);
        assert_ne!(ours.panel_fill, egui.panel_fill);
        assert_ne!(ours.extreme_bg_color, egui.extreme_bg_color);
        for (mine, theirs) in [
            (ours.widgets.inactive, egui.widgets.inactive),
            (ours.widgets.hovered, egui.widgets.hovered),
            (ours.widgets.active, egui.widgets.active),
        ] {
            assert_ne!(mine.bg_fill, theirs.bg_fill);
        }
        // Warm, not grey: every fill has more red than blue.
        for c in [
            ours.window_fill,
            ours.widgets.inactive.bg_fill,
            ours.selection.bg_fill,
        ] {
            assert!(c.r() > c.b() + 20, "{c:?} is not warm");
        }
    }

    #[test]
    fn every_font_in_the_lists_is_compiled_in() {
        let fonts = fonts();
        for (family, list) in &fonts.families {
            for name in list {
                assert!(
                    fonts.font_data.contains_key(name),
                    "{family:?} names {name}, which is not loaded"
                );
            }
        }
        assert_eq!(fonts.families[&FontFamily::Proportional][0], "quicksand");
        assert_eq!(fonts.families[&title_family()][0], "quicksand-bold");
        assert!(fonts.families[&FontFamily::Proportional].contains(&"noto-sc".to_string()));
    }
}

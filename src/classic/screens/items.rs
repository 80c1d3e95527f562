//! The party HUD (RULES §8): each player's items as three slots with drawn
//! icons, the hand of the person to move (click or keys 1-3 to aim an item),
//! what to click while an item is aimed, the last item used and the power
//! marble's second move.

use crate::classic::{Match, SeatKind};
use crate::settings::Language;
use crate::stage::input::{ItemChoice, ItemTargeting};
use crate::ui::Tr;
use crate::ui::i18n::{item_name, item_noun, item_tip};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Shape, Stroke, vec2};
use starhop_engine::items::MAX_HELD;
use starhop_engine::{Item, Seat};

/// The small slots beside a player's name (every player).
const SMALL: f32 = 20.0;
/// The hand of the person to move.
const LARGE: f32 = 42.0;

/// Three slots with a seat's items, oldest first, for the players list.
pub fn held_row(ui: &mut egui::Ui, lang: Language, m: &Match, seat: Seat) {
    let held = m.game.held(seat);
    // Right to left: the last slot first, so the oldest item stays leftmost.
    for slot in (0..MAX_HELD).rev() {
        let r = slot_frame(ui, held.get(slot).copied(), SMALL, false, None);
        if let Some(&item) = held.get(slot) {
            r.on_hover_ui(|ui| item_tooltip(ui, lang, item));
        }
    }
}

/// The hand of the person to move: three large slots (click or 1-3), what
/// the aimed item wants clicked, the power marble's turn and the last item
/// used. Shown in the turn panel while items are in play.
pub fn hand_section(
    ui: &mut egui::Ui,
    lang: Language,
    m: &Match,
    targeting: &ItemTargeting,
    choices: &mut MessageWriter<ItemChoice>,
) {
    let g = &m.game;
    let seat = g.to_move();
    let person = m.setup.seats[seat as usize].kind == SeatKind::Human && !g.is_over();
    if person {
        // Wide enough that the prompt of an aimed item reads in two lines.
        ui.set_min_width(270.0);
        ui.separator();
        let held = g.held(seat);
        ui.horizontal(|ui| {
            ui.label(lang.t("Items"));
            for slot in 0..MAX_HELD {
                let item = held.get(slot).copied();
                let aimed = targeting.0.is_some_and(|a| a.slot == slot);
                let key = (slot + 1).to_string();
                let r = slot_frame(ui, item, LARGE, aimed, Some(&key));
                if let Some(item) = item {
                    let r = r.on_hover_ui(|ui| {
                        item_tooltip(ui, lang, item);
                        ui.small(format!(
                            "{} · {}",
                            crate::ui::trf(lang, "Key {}", &[&key]),
                            lang.t("Use before your move: click an item or press 1-3.")
                        ));
                    });
                    if r.clicked() {
                        choices.write(ItemChoice::Slot(slot));
                    }
                }
            }
        });
        if let Some(aim) = targeting.0 {
            let prompt = match (aim.item, aim.first) {
                (Item::Roadblock | Item::RoadWorker, _) => {
                    lang.t("Click a glowing hole within 3 of your marbles")
                }
                (Item::PowerMarble, _) => lang.t("Click the marble that will move twice"),
                (Item::FlyingWing, None) => lang.t("Click the marble that will fly"),
                (Item::FlyingWing, Some(_)) => {
                    lang.t("Click where it lands (at most 4 holes away)")
                }
                (Item::Swap, None) => lang.t("Click one of your marbles"),
                (Item::Swap, Some(_)) => lang.t("Click another player's marble within 4 holes"),
                (Item::Tornado, _) => lang.t("Click the centre of the tornado"),
            };
            let gold = crate::ui::theme::GOLD;
            ui.colored_label(gold, format!("{}: {prompt}", item_name(lang, aim.item)));
            ui.horizontal(|ui| {
                if ui
                    .button(lang.t("Cancel"))
                    .on_hover_text(lang.t("Esc or right-click"))
                    .clicked()
                {
                    choices.write(ItemChoice::Cancel);
                }
            });
        }
    }
    // The power marble's turn: a second move waits, or may be skipped.
    if g.power_marble().is_some() && !g.is_over() {
        let text = if g.state().turn.moved.is_some() {
            lang.t("Power marble: one more move, or Pass (P / Space) to end the turn")
        } else {
            lang.t("Power marble: it moves twice this turn")
        };
        ui.colored_label(crate::ui::theme::GOLD, format!("⚡ {text}"));
    }
    if let Some((by, u)) = g.last_item_use() {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(vec2(18.0, 18.0), egui::Sense::hover());
            paint_item(ui.painter(), rect, u.item());
            ui.small(crate::ui::trf(
                lang,
                "{} used a {}",
                &[&super::seat_name(lang, m, by), &item_noun(lang, u.item())],
            ));
        });
    }
}

fn item_tooltip(ui: &mut egui::Ui, lang: Language, item: Item) {
    ui.set_max_width(300.0);
    ui.strong(item_name(lang, item));
    ui.label(item_tip(lang, item));
}

/// One slot: a rounded square with the item's icon (dim when empty), gold
/// when the item is aimed, with its key in the corner for the hand.
fn slot_frame(
    ui: &mut egui::Ui,
    item: Option<Item>,
    size: f32,
    aimed: bool,
    key: Option<&str>,
) -> egui::Response {
    let sense = if item.is_some() && key.is_some() {
        egui::Sense::click()
    } else {
        egui::Sense::hover()
    };
    let (rect, r) = ui.allocate_exact_size(vec2(size, size), sense);
    let p = ui.painter();
    let radius = (size * 0.18) as u8;
    let (fill, edge) = match (item, aimed) {
        (_, true) => (
            crate::ui::theme::LACQUER,
            Stroke::new(2.0, crate::ui::theme::GOLD),
        ),
        (Some(_), false) if r.hovered() => (
            crate::ui::theme::WOOD_LIT,
            Stroke::new(1.5, Color32::from_white_alpha(200)),
        ),
        (Some(_), false) => (
            crate::ui::theme::WOOD,
            Stroke::new(1.0, Color32::from_white_alpha(110)),
        ),
        (None, false) => (
            Color32::from_black_alpha(60),
            Stroke::new(1.0, Color32::from_white_alpha(40)),
        ),
    };
    p.rect(rect, radius, fill, edge, egui::StrokeKind::Inside);
    if let Some(item) = item {
        paint_item(p, rect.shrink(size * 0.12), item);
    }
    if let (Some(key), Some(_)) = (key, item) {
        p.text(
            rect.left_top() + vec2(3.0, 1.0),
            egui::Align2::LEFT_TOP,
            key,
            egui::FontId::proportional(11.0),
            Color32::from_white_alpha(170),
        );
    }
    r
}

/// Draws an item's icon in `rect` (a square) with painter shapes.
pub fn paint_item(p: &egui::Painter, rect: Rect, item: Item) {
    let c = rect.center();
    let s = rect.width();
    // A point in the icon's own units: -0.5..0.5 across the square.
    let at = |x: f32, y: f32| c + vec2(x * s, y * s);
    let w = (s / 14.0).max(1.2);
    match item {
        Item::Roadblock => {
            // A striped board on two legs.
            let dark = Color32::from_rgb(60, 50, 40);
            for x in [-0.3, 0.3] {
                p.line_segment([at(x, -0.1), at(x, 0.42)], Stroke::new(w * 1.3, dark));
                p.line_segment([at(x - 0.1, 0.42), at(x + 0.1, 0.42)], Stroke::new(w, dark));
            }
            let board = Rect::from_min_max(at(-0.46, -0.3), at(0.46, 0.04));
            p.rect_filled(board, 2.0, Color32::from_rgb(235, 60, 50));
            for i in 0..3 {
                let x = -0.3 + 0.27 * i as f32;
                p.add(Shape::convex_polygon(
                    vec![
                        at(x, -0.3),
                        at(x + 0.12, -0.3),
                        at(x + 0.0, 0.04),
                        at(x - 0.12, 0.04),
                    ],
                    Color32::from_rgb(250, 246, 236),
                    Stroke::NONE,
                ));
            }
            p.rect_stroke(board, 2.0, Stroke::new(1.0, dark), egui::StrokeKind::Inside);
        }
        Item::RoadWorker => {
            // A yellow hard hat: a dome, its ridge and a brim.
            let yellow = Color32::from_rgb(250, 196, 40);
            let dome: Vec<Pos2> = (0..=12)
                .map(|i| {
                    let a = std::f32::consts::PI * i as f32 / 12.0;
                    at(-0.36 * a.cos(), 0.12 - 0.42 * a.sin())
                })
                .collect();
            p.add(Shape::convex_polygon(dome, yellow, Stroke::NONE));
            p.rect_filled(
                Rect::from_min_max(at(-0.48, 0.1), at(0.48, 0.24)),
                3.0,
                Color32::from_rgb(230, 170, 20),
            );
            p.line_segment(
                [at(0.0, -0.3), at(0.0, 0.1)],
                Stroke::new(w * 1.4, Color32::from_rgb(255, 230, 140)),
            );
            // A little cone beside it says "road works".
            p.add(Shape::convex_polygon(
                vec![
                    at(0.3, 0.26),
                    at(0.38, 0.26),
                    at(0.46, 0.46),
                    at(0.22, 0.46),
                ],
                Color32::from_rgb(255, 120, 30),
                Stroke::NONE,
            ));
        }
        Item::PowerMarble => {
            // A marble with a glow and a lightning bolt.
            for (r, a) in [(0.5, 40), (0.44, 70)] {
                p.circle_filled(c, r * s, Color32::from_rgba_unmultiplied(255, 200, 60, a));
            }
            p.circle_filled(c, 0.36 * s, Color32::from_rgb(70, 120, 230));
            p.circle_filled(at(-0.12, -0.14), 0.09 * s, Color32::from_white_alpha(150));
            p.add(Shape::line(
                vec![
                    at(0.1, -0.3),
                    at(-0.1, 0.03),
                    at(0.08, 0.03),
                    at(-0.1, 0.32),
                ],
                Stroke::new(w * 1.6, Color32::from_rgb(255, 235, 80)),
            ));
        }
        Item::FlyingWing => {
            // A wing: a curved leading edge and feathers fanning down.
            let white = Color32::from_rgb(235, 242, 255);
            let edge = Color32::from_rgb(120, 170, 235);
            let shoulder = at(-0.38, 0.05);
            for (i, len) in [0.78f32, 0.7, 0.58, 0.44].into_iter().enumerate() {
                let a = -0.55 + 0.32 * i as f32;
                let tip = shoulder + vec2(a.cos(), a.sin()) * len * s;
                let side = vec2(-a.sin(), a.cos()) * 0.07 * s;
                p.add(Shape::convex_polygon(
                    vec![
                        shoulder - side,
                        tip - side * 0.3,
                        tip + side * 0.4,
                        shoulder + side,
                    ],
                    white,
                    Stroke::new(1.0, edge),
                ));
            }
            p.circle_filled(shoulder, 0.09 * s, edge);
        }
        Item::Swap => {
            // Two arrows crossing, each to where the other started.
            let a = Stroke::new(w * 1.5, Color32::from_rgb(90, 210, 255));
            let b = Stroke::new(w * 1.5, Color32::from_rgb(255, 130, 190));
            p.arrow(at(-0.4, 0.38), vec2(0.8, -0.76) * s, a);
            p.arrow(at(0.4, 0.38), vec2(-0.8, -0.76) * s, b);
        }
        Item::Tornado => {
            // A funnel of swirling bands, wide at the top.
            let grey = Color32::from_rgb(175, 195, 215);
            for (i, (half, x)) in [
                (0.46, 0.0),
                (0.36, 0.05),
                (0.27, -0.02),
                (0.18, 0.04),
                (0.1, 0.0),
            ]
            .into_iter()
            .enumerate()
            {
                let y = -0.36 + 0.18 * i as f32;
                p.line_segment(
                    [at(x - half, y), at(x + half, y)],
                    Stroke::new(w * 1.7, grey),
                );
            }
            p.line_segment([at(0.0, 0.36), at(0.05, 0.46)], Stroke::new(w * 1.4, grey));
        }
    }
}

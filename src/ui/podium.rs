//! The podium of an end screen: the first three places on gold, silver and
//! bronze steps (the winner in the middle, highest), each player's marble on
//! their step and their name and rating change under it.

use super::theme;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, vec2};

/// One player on the podium.
pub struct Step {
    /// 1 for the winner; ties share a place.
    pub place: u8,
    pub colour: Color32,
    pub name: String,
    /// A line under the name: the rating change, a score.
    pub note: Option<egui::RichText>,
}

/// Gold, silver and bronze.
fn metal(place: u8) -> Color32 {
    match place {
        1 => Color32::from_rgb(222, 178, 72),
        2 => Color32::from_rgb(176, 180, 188),
        _ => Color32::from_rgb(184, 122, 72),
    }
}

/// The steps' order on screen, left to right, for the number on the
/// podium: second, first, third (two players: first, second).
pub fn stand_order(count: usize) -> Vec<usize> {
    match count {
        0 => vec![],
        1 => vec![0],
        2 => vec![0, 1],
        _ => vec![1, 0, 2],
    }
}

/// Draws the podium for the first three of `steps` (sorted by place).
pub fn podium(ui: &mut egui::Ui, steps: &[Step]) {
    let shown = steps.len().min(3);
    let width = ui.available_width().max(300.0);
    let column = width / 3.0;
    let height = 170.0;
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), egui::Sense::hover());
    let p = ui.painter();
    let order = stand_order(shown);
    let start = rect.center().x - column * order.len() as f32 / 2.0;
    for (slot, &i) in order.iter().enumerate() {
        let step = &steps[i];
        let block = match step.place {
            1 => 64.0,
            2 => 44.0,
            _ => 30.0,
        };
        let left = start + slot as f32 * column;
        let bottom = rect.bottom() - 40.0;
        let top = bottom - block;
        let stand = Rect::from_min_max(
            Pos2::new(left + 8.0, top),
            Pos2::new(left + column - 8.0, bottom),
        );
        p.rect_filled(stand, 6.0, metal(step.place));
        // A lighter top edge makes it a block, not a flat card.
        p.rect_filled(
            Rect::from_min_max(stand.min, Pos2::new(stand.max.x, stand.min.y + 6.0)),
            egui::CornerRadius {
                nw: 6,
                ne: 6,
                sw: 0,
                se: 0,
            },
            metal(step.place).gamma_multiply(1.25),
        );
        p.text(
            stand.center() + vec2(0.0, 3.0),
            egui::Align2::CENTER_CENTER,
            step.place.to_string(),
            egui::FontId::new(block.min(40.0) * 0.7, theme::title_family()),
            theme::INK,
        );
        // The player's marble, with a highlight, standing on the step.
        let c = Pos2::new(stand.center().x, top - 20.0);
        p.circle_filled(c + vec2(0.0, 3.0), 17.0, Color32::from_black_alpha(90));
        p.circle_filled(c, 17.0, step.colour);
        p.circle_stroke(c, 17.0, Stroke::new(1.0, Color32::from_black_alpha(120)));
        p.circle_filled(c + vec2(-5.5, -6.0), 5.0, Color32::from_white_alpha(150));
        if step.place == 1 {
            crown(p, Pos2::new(c.x, c.y - 24.0));
        }
        let name_at = Pos2::new(stand.center().x, bottom + 12.0);
        p.text(
            name_at,
            egui::Align2::CENTER_CENTER,
            &step.name,
            egui::FontId::proportional(15.5),
            theme::CREAM,
        );
        if let Some(note) = &step.note {
            let galley = egui::WidgetText::from(note.clone()).into_galley(
                ui,
                Some(egui::TextWrapMode::Truncate),
                column,
                egui::TextStyle::Body,
            );
            let at = Pos2::new(name_at.x - galley.size().x / 2.0, name_at.y + 9.0);
            p.galley(at, galley, theme::CREAM);
        }
    }
}

/// A small gold crown over the winner.
fn crown(p: &egui::Painter, c: Pos2) {
    let w = 12.0;
    let points = vec![
        c + vec2(-w, 6.0),
        c + vec2(-w, -3.0),
        c + vec2(-w * 0.5, 2.0),
        c + vec2(0.0, -7.0),
        c + vec2(w * 0.5, 2.0),
        c + vec2(w, -3.0),
        c + vec2(w, 6.0),
    ];
    p.add(egui::Shape::convex_polygon(
        points,
        theme::GOLD,
        Stroke::new(1.0, theme::INK),
    ));
}

/// The main button of a result card ("Play again"): larger, in brass.
pub fn main_button(ui: &mut egui::Ui, text: String) -> egui::Response {
    let label = egui::RichText::new(text)
        .family(theme::title_family())
        .size(19.0)
        .color(theme::INK);
    ui.add(
        egui::Button::new(label)
            .fill(theme::BRASS)
            .stroke(Stroke::new(1.5, theme::GOLD))
            .min_size(vec2(170.0, 40.0)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_stands_in_the_middle() {
        assert_eq!(stand_order(3), vec![1, 0, 2]);
        assert_eq!(stand_order(6), vec![1, 0, 2]);
        assert_eq!(stand_order(2), vec![0, 1]);
        assert_eq!(stand_order(1), vec![0]);
        assert!(stand_order(0).is_empty());
    }

    #[test]
    fn the_three_metals_are_apart() {
        let [g, s, b] = [metal(1), metal(2), metal(3)];
        assert!(g != s && s != b && g != b);
        // The place's number is dark ink on each: readable.
        for m in [g, s, b] {
            let lum = m.r() as u32 + m.g() as u32 + m.b() as u32;
            assert!(lum > 3 * 110, "{m:?} is too dark for ink");
        }
    }
}

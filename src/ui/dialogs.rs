//! Modal windows: centred, on top, over a dimmed backdrop that blocks clicks
//! to what is behind; and the Yes/No question every screen asks with.

use super::{Tr, display_name, trf};
use crate::settings::Language;
use bevy_egui::egui;

/// A modal window: title, then the content, centred on the screen.
pub(crate) fn modal<R>(
    ctx: &egui::Context,
    id: egui::Id,
    title: &str,
    content: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::ModalResponse<R> {
    modal_in(ctx, id, egui::Order::Foreground, title, content)
}

/// A modal window in the layer `order`: a question opens in a layer above
/// every menu window, so it is on top of (and takes the keyboard from) the
/// window that asked it, whichever was clicked last.
fn modal_in<R>(
    ctx: &egui::Context,
    id: egui::Id,
    order: egui::Order,
    title: &str,
    content: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::ModalResponse<R> {
    egui::Modal::new(id)
        .area(egui::Modal::default_area(id).order(order))
        .backdrop_color(egui::Color32::from_black_alpha(140))
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(16.0))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(title);
            });
            ui.separator();
            content(ui)
        })
}

/// A Yes/No question in a modal window: `Some(true)` for Yes, `Some(false)`
/// for No, Esc or a click beside it, `None` while it waits. Enter answers Yes:
/// the keyboard starts on it (and comes back to it), which also keeps Enter
/// from reaching the board.
pub(crate) fn ask_yes_no(
    ctx: &egui::Context,
    id: egui::Id,
    question: &str,
    detail: &str,
    just_opened: bool,
    lang: Language,
) -> Option<bool> {
    let response = modal_in(ctx, id, egui::Order::Tooltip, question, |ui| {
        ui.set_max_width(400.0);
        if !detail.is_empty() {
            ui.add(egui::Label::new(detail).wrap());
            ui.add_space(8.0);
        }
        let mut said = None;
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                let yes = ui.add_sized([110.0, 32.0], egui::Button::new(lang.t("Yes")));
                let no = ui.add_sized([110.0, 32.0], egui::Button::new(lang.t("No")));
                if just_opened || ui.memory(|m| m.focused().is_none()) {
                    yes.request_focus();
                }
                if yes.clicked() {
                    said = Some(true);
                }
                if no.clicked() {
                    said = Some(false);
                }
            });
        });
        said
    });
    if response.backdrop_response.clicked() || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        Some(false)
    } else {
        response.inner
    }
}

/// A seat in the list of saves: its name, a bot with its level.
pub(crate) fn seat_in_list(lang: Language, name: &str, bot: Option<starhop_ai::Level>) -> String {
    match bot {
        Some(level) if super::i18n::default_number(name).is_some() => {
            trf(lang, "Bot ({})", &[&super::level_name(lang, level)])
        }
        Some(level) => format!(
            "{} ({})",
            display_name(lang, name),
            super::level_name(lang, level)
        ),
        None => display_name(lang, name),
    }
}

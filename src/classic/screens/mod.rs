//! The screens of a classic or party match: the setup screen, the
//! first-move draw, the HUD with the items in hand, and the end screen.

use crate::base::{Notice, Screen};
use crate::classic::{Match, SeatKind, SeatSetup};
use crate::settings::Language;
use crate::settings::Settings;
use crate::ui::{Toast, Toasts, UiPass, tr};
use crate::ui::{Tr, display_name, i18n, level_name, trf};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use starhop_engine::{Event, Seat, Status};

mod draw;
mod hud;
mod items;
mod setup;

pub(crate) use hud::result_heading;
pub use items::held_row;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<draw::DrawShow>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                setup::setup_screen.run_if(in_state(Screen::Setup)),
                (draw::draw_window, hud::hud, hud::end_screen).run_if(in_state(Screen::Playing)),
            )
                .chain()
                .in_set(UiPass::Screens),
        )
        .add_systems(Update, (collect_notices, draw::start_draw_show));
}

/// "Human", or the bot's level ("Bot: Hard").
pub fn kind_name(lang: Language, kind: SeatKind) -> String {
    match kind {
        SeatKind::Human => lang.t("Human").to_string(),
        SeatKind::Bot(level) => format!("{}: {}", lang.t("Bot"), level_name(lang, level)),
        SeatKind::Remote => format!("🌐 {}", lang.t("Remote player")),
    }
}

/// A seat's name as shown (default names in the interface language).
pub fn seat_name(lang: Language, m: &Match, seat: Seat) -> String {
    let name = m.name(seat);
    match m.setup.seats.get(seat as usize).map(|s| s.kind) {
        // A bot nobody named carries its level's name, as in the standings,
        // numbered when several such bots of one level play.
        Some(SeatKind::Bot(level)) if i18n::default_number(name).is_some() => {
            let label = trf(lang, "Bot ({})", &[&level_name(lang, level)]);
            let alike = |s: &SeatSetup| {
                s.kind == SeatKind::Bot(level) && i18n::default_number(&s.name).is_some()
            };
            let seats = &m.setup.seats;
            if seats.iter().filter(|s| alike(s)).count() > 1 {
                let nth = seats[..seat as usize].iter().filter(|s| alike(s)).count() + 1;
                format!("{label} {nth}")
            } else {
                label
            }
        }
        _ => display_name(lang, name),
    }
}

/// Turns notices into toasts in the player's language: here, because a
/// match's notices name its seats (the other modes send plain text).
fn collect_notices(
    mut notices: MessageReader<Notice>,
    mut toasts: ResMut<Toasts>,
    settings: Res<Settings>,
    game: Option<Res<Match>>,
) {
    let lang = settings.language;
    for n in notices.read() {
        let name = |s: u8| {
            game.as_ref()
                .map_or_else(|| format!("{}", s + 1), |m| seat_name(lang, m, s))
        };
        let (mut text, colour) = i18n::describe_notice(lang, n, &name);
        // A finisher's place so far: one more than those who needed fewer turns.
        if let (Notice::Rule(Event::Finished { turns, .. }), Some(m)) = (n, &game) {
            let ahead = (0..m.game.players() as u8)
                .filter(|&s| matches!(m.game.player(s).status, Status::Finished { turns: t } if t < *turns))
                .count();
            text += &format!(" · {} {}", tr(lang, "Place"), ahead + 1);
        }
        if !text.is_empty() {
            toasts.0.push(Toast {
                text,
                colour,
                first_drawn: None,
                frames: 0,
            });
        }
    }
}

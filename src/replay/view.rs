//! The replay viewer's panels (egui) and keys: whose turn and the result at
//! the top left, the players with their clocks and the move list at the
//! right, the controls at the bottom. Like every UI system, these only read
//! the replay and send `ReplayControl` messages.

use super::{Replay, ReplayControl, SPEEDS, Step};
use crate::base::{AppSystems, Screen};
use crate::classic::screens::seat_name;
use crate::classic::{Match, SeatKind};
use crate::settings::{Language, Settings};
use crate::ui::i18n::item_name;
use crate::ui::{Tr, swatch, swatch_with_shape, trf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use starhop_engine::{Action, Event as RuleEvent, ItemUse, Seat, Status};

pub fn view_plugin(app: &mut App) {
    app.init_resource::<MoveTexts>()
        .add_systems(
            Update,
            (
                keyboard.run_if(
                    in_state(Screen::Replay).or_else(resource_exists::<super::OtherReplay>),
                ),
                uncover_the_right.run_if(resource_removed::<super::OtherReplay>),
            )
                .in_set(AppSystems::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                panels.run_if(in_state(Screen::Replay)),
                other_panels.run_if(resource_exists::<super::OtherReplay>),
            ),
        )
        .add_systems(OnExit(Screen::Replay), uncover_the_right);
}

/// Leaving the viewer takes its players and moves away from the right.
fn uncover_the_right(mut insets: ResMut<crate::base::ViewportInsets>) {
    insets.right = 0.0;
}

/// The viewer's keys, with what they ask for.
const KEYS: [(KeyCode, ReplayControl); 10] = [
    (KeyCode::ArrowLeft, ReplayControl::Back),
    (KeyCode::ArrowRight, ReplayControl::Forward),
    (KeyCode::Space, ReplayControl::TogglePlay),
    (KeyCode::Home, ReplayControl::First),
    (KeyCode::End, ReplayControl::Last),
    (KeyCode::Equal, ReplayControl::Faster),
    (KeyCode::NumpadAdd, ReplayControl::Faster),
    (KeyCode::Minus, ReplayControl::Slower),
    (KeyCode::NumpadSubtract, ReplayControl::Slower),
    (KeyCode::Escape, ReplayControl::Leave),
];

/// ← → step, Space plays and pauses, Home / End go to the first and last
/// move, + − change the speed, Esc leaves (not while egui has the keyboard).
pub fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<Res<crate::base::KeyFocus>>,
    mut controls: MessageWriter<ReplayControl>,
) {
    if !crate::base::KeyFocus::shortcuts_free(focus.as_deref()) {
        return;
    }
    for (key, control) in KEYS {
        if keys.just_pressed(key) {
            controls.write(control);
        }
    }
}

/// The move list's lines, made once per replay and language.
#[derive(Resource, Default)]
struct MoveTexts {
    key: Option<(u64, Language)>,
    lines: Vec<String>,
}

/// An action in words, a move by the rows of the board counted from its
/// player's home tip (row 1) towards the far tip: "row 3 → row 9 (3
/// hops)"; "passes", "Swap 58 ↔ 27".
fn notation(lang: Language, action: &Action, row: &dyn Fn(starhop_engine::Hole) -> u8) -> String {
    match action {
        Action::Move {
            from, to, route, ..
        } => {
            let hops = route.len().saturating_sub(1);
            let rows = trf(lang, "row {} → row {}", &[&row(*from), &row(*to)]);
            if hops > 1 {
                format!("{rows} ({})", trf(lang, "{} hops", &[&hops]))
            } else {
                rows
            }
        }
        Action::Pass { .. } => lang.t("passes").into(),
        Action::Timeout { .. } => lang.t("timed out").into(),
        Action::OutOfTime { .. } => lang.t("ran out of time").into(),
        Action::Resign { .. } => lang.t("resigned").into(),
        Action::UseItem { item_use, .. } => {
            let name = item_name(lang, item_use.item());
            match *item_use {
                ItemUse::Roadblock { hole } | ItemUse::RoadWorker { hole } => {
                    format!("{name} {hole}")
                }
                ItemUse::PowerMarble { marble } => format!("{name} {marble}"),
                ItemUse::FlyingWing { marble, to } => format!("{name} {marble} → {to}"),
                ItemUse::Swap { marble, other } => format!("{name} {marble} ↔ {other}"),
                ItemUse::Tornado { centre } => format!("{name} {centre}"),
            }
        }
    }
}

/// What else an action did, as marks after it: ✔ a finish, ✖ a player
/// out, 🏁 the end, + an item taken.
fn marks(lang: Language, step: &Step) -> String {
    let mut out = String::new();
    for e in &step.events {
        match e {
            RuleEvent::Finished { .. } => out += " ✔",
            RuleEvent::Out { .. } => out += " ✖",
            RuleEvent::GameOver(_) => out += " 🏁",
            RuleEvent::ItemTaken {
                item, kept: true, ..
            } => {
                out += &format!(" +{}", item_name(lang, *item));
            }
            _ => {}
        }
    }
    out
}

/// The time an action says its player took.
fn action_ms(action: &Action) -> u32 {
    match *action {
        Action::Move { ms, .. }
        | Action::Pass { ms }
        | Action::Timeout { ms }
        | Action::OutOfTime { ms }
        | Action::UseItem { ms, .. }
        | Action::Resign { ms, .. } => ms,
    }
}

fn make_lines(lang: Language, r: &Replay, m: &Match) -> Vec<String> {
    let timed = {
        let rules = m.game.rules();
        rules.move_limit_ms.is_some() || rules.time_bank_ms.is_some()
    };
    let mut lines = Vec::with_capacity(r.steps.len() + 1);
    lines.push(lang.t("Start position").to_string());
    for (i, step) in r.steps.iter().enumerate() {
        let name = if (step.seat as usize) < m.setup.seats.len() {
            seat_name(lang, m, step.seat)
        } else {
            String::new()
        };
        let time = if timed {
            format!(" · {}", crate::ui::clock_text(action_ms(&step.action)))
        } else {
            String::new()
        };
        let board = m.game.position().board();
        let home = m.game.position().home_camp(step.seat);
        let row = |h: starhop_engine::Hole| board.row_from_camp(h, home);
        lines.push(format!(
            "{}. {name}: {}{}{time}",
            i + 1,
            notation(lang, &step.action, &row),
            marks(lang, step)
        ));
    }
    lines
}

/// A seat's colour (with its shape when shape marks are on) and a robot for a bot.
fn seat_badge(ui: &mut egui::Ui, lang: Language, m: &Match, seat: Seat, shapes: bool) {
    let Some(s) = m.setup.seats.get(seat as usize) else {
        return;
    };
    if shapes {
        swatch_with_shape(ui, s.colour as usize);
    } else {
        swatch(ui, m.colour(seat));
    }
    if let SeatKind::Bot(_) = s.kind {
        crate::ui::robot(ui).on_hover_text(crate::classic::screens::kind_name(lang, s.kind));
    }
}

fn status_text(lang: Language, m: &Match, seat: Seat) -> String {
    match m.game.player(seat).status {
        Status::Playing => String::new(),
        Status::Finished { turns } => format!("✔ {} ({turns})", lang.t("finished")),
        Status::Out { .. } => format!("✖ {}", lang.t("out")),
    }
}

/// A button of the control bar: its glyph, its tooltip, enabled or not.
fn control_button(ui: &mut egui::Ui, glyph: &str, tip: String, enabled: bool) -> bool {
    let response = ui
        .add_enabled(
            enabled,
            egui::Button::new(egui::RichText::new(glyph).size(18.0))
                .min_size(egui::vec2(40.0, 30.0)),
        )
        .on_hover_text(tip);
    let clicked = response.clicked();
    // The keys keep working after a click: the button does not keep the keyboard.
    if response.has_focus() {
        response.surrender_focus();
    }
    clicked
}

/// The viewer's title: "Replay", and what is on show (a file, a game of the history).
fn title_label(ui: &mut egui::Ui, lang: Language, title: Option<&str>) {
    let text = match title {
        Some(t) => format!("🎬 {} · {t}", lang.t("Replay")),
        None => format!("🎬 {}", lang.t("Replay")),
    };
    ui.add(egui::Label::new(egui::RichText::new(text).strong()).truncate());
}

/// What the keys and the move list do, in small print.
fn keys_hint(ui: &mut egui::Ui, lang: Language) {
    ui.add(
        egui::Label::new(
            egui::RichText::new(lang.t(
                "Click a move to go there. ← →: step, Space: play or pause, Home / End: first / last, + −: speed, Esc: leave.",
            ))
            .small(),
        )
        .wrap(),
    );
}

/// The move list's scroll area, down to a little above the control bar,
/// and its row height; when the move on show has `moved`, scrolled so it
/// stays in sight.
fn move_list_area(ui: &egui::Ui, bar_top: f32, at: usize, moved: bool) -> (egui::ScrollArea, f32) {
    let room = (bar_top - 12.0 - ui.cursor().top()).max(80.0);
    let row = ui.spacing().interact_size.y.max(20.0);
    let mut area = egui::ScrollArea::vertical()
        .max_height(room)
        // An area's own height would hold the list to its last size.
        .min_scrolled_height(room)
        .auto_shrink([false, true]);
    if moved {
        let pitch = row + ui.spacing().item_spacing.y;
        let offset = (at as f32 * pitch - room / 2.0 + row / 2.0).max(0.0);
        area = area.vertical_scroll_offset(offset);
    }
    (area, row)
}

/// Line `i` of the move list (the position after `i` moves), lit when on
/// show; a click goes there, and the keys keep working after it.
fn move_button(
    ui: &mut egui::Ui,
    i: usize,
    at: usize,
    text: &str,
    controls: &mut MessageWriter<ReplayControl>,
) {
    let response = ui.add(egui::Button::selectable(i == at, text).truncate());
    if response.clicked() {
        controls.write(ReplayControl::Jump(i));
    }
    if response.has_focus() {
        response.surrender_focus();
    }
}

/// Where a replay is, for its control bar.
#[derive(Clone, Copy)]
struct Timeline {
    at: usize,
    len: usize,
    playing: bool,
    speed: usize,
}

/// The controls at the bottom in the middle: first, back, play, forward,
/// last, the speeds, a slider over the moves, leave.
fn control_bar(
    ctx: &egui::Context,
    lang: Language,
    t: Timeline,
    controls: &mut MessageWriter<ReplayControl>,
) -> egui::InnerResponse<()> {
    crate::ui::button_bar(ctx, "replay-bar", |ui| {
        let (start, end) = (t.at > 0, t.at < t.len);
        if control_button(
            ui,
            "⏮",
            format!("{} (Home)", lang.t("Go to the start")),
            start,
        ) {
            controls.write(ReplayControl::First);
        }
        if control_button(ui, "⏪", format!("{} (←)", lang.t("One move back")), start) {
            controls.write(ReplayControl::Back);
        }
        let (glyph, tip) = if t.playing {
            ("⏸", lang.t("Pause"))
        } else {
            ("▶", lang.t("Play the moves one after another"))
        };
        if control_button(ui, glyph, format!("{tip} (Space)"), t.len > 0) {
            controls.write(ReplayControl::TogglePlay);
        }
        if control_button(ui, "⏩", format!("{} (→)", lang.t("One move forward")), end) {
            controls.write(ReplayControl::Forward);
        }
        if control_button(ui, "⏭", format!("{} (End)", lang.t("Go to the end")), end) {
            controls.write(ReplayControl::Last);
        }
        ui.separator();
        ui.label(lang.t("Speed"))
            .on_hover_text(format!("{} (+ −)", lang.t("Playback speed")));
        for (i, x) in SPEEDS.iter().enumerate() {
            let response = ui.selectable_label(t.speed == i, format!("{x}×"));
            if response.clicked() {
                controls.write(ReplayControl::Speed(i));
            }
            if response.has_focus() {
                response.surrender_focus();
            }
        }
        ui.separator();
        let mut at = t.at;
        let slider = ui.add_enabled(
            t.len > 0,
            egui::Slider::new(&mut at, 0..=t.len).show_value(false),
        );
        if slider.changed() && at != t.at {
            controls.write(ReplayControl::Jump(at));
        }
        if slider.has_focus() {
            slider.surrender_focus();
        }
        ui.monospace(trf(lang, "Move {} of {}", &[&t.at, &t.len]));
        ui.separator();
        let leave = ui
            .button(format!("✖ {}", lang.t("Leave the replay")))
            .on_hover_text("Esc");
        if leave.clicked() {
            controls.write(ReplayControl::Leave);
        }
    })
}

fn panels(
    mut contexts: EguiContexts,
    replay: Option<Res<Replay>>,
    game: Option<Res<Match>>,
    settings: Res<Settings>,
    mut texts: ResMut<MoveTexts>,
    mut controls: MessageWriter<ReplayControl>,
    mut insets: ResMut<crate::base::ViewportInsets>,
    mut shown_at: Local<Option<(u64, usize)>>,
) -> Result {
    let (Some(r), Some(m)) = (replay, game) else {
        return Ok(());
    };
    // The players and moves cover the right: the board shows beside them.
    let covered = super::SIDE_PANEL_WIDTH + 32.0;
    if insets.right != covered {
        insets.right = covered;
    }
    let lang = settings.language;
    let shapes = settings.shape_marks;
    if texts.key != Some((r.serial, lang)) {
        texts.lines = make_lines(lang, &r, &m);
        texts.key = Some((r.serial, lang));
    }
    let ctx = contexts.ctx_mut()?;
    let g = &m.game;
    let party = g.rules().items;

    // The title, whose turn (or the result), the round and the move clock.
    egui::Area::new("replay-turn".into())
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                title_label(ui, lang, r.title.as_deref());
                ui.separator();
                if let Some(outcome) = g.outcome() {
                    let mut order: Vec<Seat> = (0..g.players() as Seat).collect();
                    order.sort_by_key(|&s| outcome.places[s as usize]);
                    crate::classic::screens::result_heading(ui, lang, &m, outcome);
                    egui::Grid::new("replay-ranking")
                        .striped(true)
                        .num_columns(4)
                        .show(ui, |ui| {
                            ui.strong(lang.t("Place"));
                            ui.strong(lang.t("Name"));
                            ui.strong(lang.t("Turns"));
                            ui.strong(if outcome.scores.is_some() {
                                lang.t("Score")
                            } else {
                                ""
                            });
                            ui.end_row();
                            for &s in &order {
                                ui.label(outcome.places[s as usize].to_string());
                                ui.horizontal(|ui| {
                                    seat_badge(ui, lang, &m, s, shapes);
                                    ui.label(seat_name(lang, &m, s));
                                });
                                ui.label(g.player(s).turns.to_string());
                                ui.label(
                                    outcome
                                        .scores
                                        .as_ref()
                                        .map_or(String::new(), |sc| format!("{}", sc[s as usize])),
                                );
                                ui.end_row();
                            }
                        });
                } else {
                    let seat = g.to_move();
                    ui.horizontal(|ui| {
                        seat_badge(ui, lang, &m, seat, shapes);
                        ui.heading(format!(
                            "{} {}",
                            seat_name(lang, &m, seat),
                            lang.t("to move")
                        ));
                    });
                    ui.label(format!(
                        "{} {} · {} {}",
                        lang.t("Round"),
                        g.rounds() + 1,
                        lang.t("Move"),
                        crate::classic::move_number(g)
                    ));
                    // Each turn starts with the whole move time.
                    if let Some(limit) = g.rules().move_limit_ms {
                        ui.label(format!(
                            "⏱ {} {}",
                            lang.t("move time"),
                            crate::ui::clock_text(limit)
                        ));
                    }
                }
                ui.add_space(4.0);
                keys_hint(ui, lang);
            });
        });

    // The controls, at the bottom in the middle.
    let bar = control_bar(
        ctx,
        lang,
        Timeline {
            at: r.at,
            len: r.len(),
            playing: r.playing,
            speed: r.speed,
        },
        &mut controls,
    );
    let bar_top = bar.response.rect.top();

    // Every player (colour, name, bank, status, items, progress), then the moves.
    egui::Area::new("replay-side".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_width(super::SIDE_PANEL_WIDTH);
                let camp = g.position().board().camp_size() as u32;
                let mover = (!g.is_over()).then(|| g.to_move());
                for s in 0..g.players() as Seat {
                    ui.horizontal(|ui| {
                        seat_badge(ui, lang, &m, s, shapes);
                        let name = egui::RichText::new(seat_name(lang, &m, s));
                        ui.label(if Some(s) == mover {
                            name.strong()
                        } else {
                            name
                        });
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if party {
                                crate::classic::screens::held_row(ui, lang, &m, s);
                            }
                            // The bank as it stood: the running turn has not used any yet.
                            if let Some(bank) = g.player(s).bank_ms {
                                ui.monospace(crate::ui::clock_text(bank));
                            }
                            ui.small(status_text(lang, &m, s));
                        });
                    });
                    let inside = g.position().in_target(s);
                    ui.add(
                        egui::ProgressBar::new(inside as f32 / camp as f32)
                            .desired_height(5.0)
                            .fill(crate::ui::egui_colour(m.colour(s))),
                    )
                    .on_hover_text(format!("{inside}/{camp} {}", lang.t("in target")));
                }
                ui.separator();
                ui.strong(lang.t("Move list"));
                let moved = *shown_at != Some((r.serial, r.at));
                *shown_at = Some((r.serial, r.at));
                let (area, row) = move_list_area(ui, bar_top, r.at, moved);
                area.show_rows(ui, row, texts.lines.len(), |ui, rows| {
                    for i in rows {
                        let Some(text) = texts.lines.get(i) else {
                            continue;
                        };
                        ui.horizontal(|ui| {
                            match i.checked_sub(1).and_then(|k| r.steps.get(k)) {
                                Some(step) => {
                                    let colour = crate::ui::egui_colour(m.colour(step.seat));
                                    let (dot, _) = ui.allocate_exact_size(
                                        egui::vec2(12.0, row),
                                        egui::Sense::hover(),
                                    );
                                    ui.painter().circle_filled(dot.center(), 5.0, colour);
                                }
                                None => {
                                    ui.add_space(12.0 + ui.spacing().item_spacing.x);
                                }
                            }
                            move_button(ui, i, r.at, text, &mut controls);
                        });
                    }
                });
            });
        });
    Ok(())
}

/// The viewer on a record of another game: the mode's board and status on
/// show, with the controls at the bottom and, at the right, the title, the
/// result once the end is on show, and the moves in the mode's notation.
fn other_panels(
    mut contexts: EguiContexts,
    replay: Res<super::OtherReplay>,
    on_show: Option<Res<crate::base::RecordOnShow>>,
    settings: Res<Settings>,
    mut controls: MessageWriter<ReplayControl>,
    mut insets: ResMut<crate::base::ViewportInsets>,
    mut shown_at: Local<Option<usize>>,
) -> Result {
    let r = &*replay;
    let covered = super::SIDE_PANEL_WIDTH + 32.0;
    if insets.right != covered {
        insets.right = covered;
    }
    let lang = settings.language;
    let ctx = contexts.ctx_mut()?;
    let timeline = Timeline {
        at: r.at,
        len: r.len,
        playing: r.playing,
        speed: r.speed,
    };
    let bar_top = control_bar(ctx, lang, timeline, &mut controls)
        .response
        .rect
        .top();
    let Some(shown) = on_show else {
        return Ok(());
    };
    egui::Area::new("replay-other-side".into())
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.set_width(super::SIDE_PANEL_WIDTH);
                title_label(ui, lang, r.title.as_deref());
                if let Some(result) = &shown.result {
                    ui.heading(result);
                }
                keys_hint(ui, lang);
                ui.separator();
                ui.strong(lang.t("Move list"));
                let moved = *shown_at != Some(r.at);
                *shown_at = Some(r.at);
                let (area, row) = move_list_area(ui, bar_top, r.at, moved);
                // Line 0 is the start; line i the position after move i.
                let total = shown.lines.len() + 1;
                area.show_rows(ui, row, total, |ui, rows| {
                    for i in rows {
                        let text: &str = match i.checked_sub(1) {
                            None => lang.t("Start position"),
                            Some(k) => match shown.lines.get(k) {
                                Some(line) => line,
                                None => continue,
                            },
                        };
                        move_button(ui, i, r.at, text, &mut controls);
                    }
                });
            });
        });
    Ok(())
}

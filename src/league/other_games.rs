//! Finished food checkers, draughts games and crossings go into the history as a match
//! does, in the one record format every game of the box shares. The rule
//! book rates Chinese checkers only (§7), so these are filed unrated: their
//! seats' rating points and profiles stay as they were.

use super::{LeagueStore, describe_problem};
use crate::base::{MatchAuthority, Notice};
use crate::crossing::{CrossingDone, CrossingSession};
use crate::draughts::{DraughtsOver, DraughtsSeat, DraughtsSession};
use crate::food::{FoodOver, FoodSeat, FoodSession};
use crate::halma::{HalmaOver, HalmaSeat, HalmaSession};
use crate::persist::local_stamp;
use crate::settings::{Language, Settings};
use crate::ui::Tr;
use bevy::prelude::*;
use starhop_engine::EndReason;
use starhop_engine::crossing::CrossingRecord;
use starhop_games::AnyRecord;
use starhop_league::{HistoryEntry, Who};
use std::time::SystemTime;

/// The names a draughts game is filed under: its sides, translated where shown.
pub const DRAUGHTS_SIDES: [&str; 2] = ["White", "Black"];

/// A mode whose finished games the history files: its session, the message
/// it sends when a game ends, and the game as a record with who sat where.
pub(super) trait Filed: Resource {
    type Over: Message;
    fn filed(&self) -> (AnyRecord, Vec<Who>);
}

impl Filed for DraughtsSession {
    type Over = DraughtsOver;
    fn filed(&self) -> (AnyRecord, Vec<Who>) {
        let mut record = self.record();
        record.names = DRAUGHTS_SIDES.map(str::to_string).to_vec();
        let who = self.setup.seats.iter().map(|s| match *s {
            DraughtsSeat::Human => Who::Guest,
            DraughtsSeat::Bot(level) => Who::Bot(level),
        });
        (AnyRecord::Draughts(record), who.collect())
    }
}

/// A Halma game is filed under its seats' colours (in English, translated
/// where shown: see [`colour_label`]).
impl Filed for HalmaSession {
    type Over = HalmaOver;
    fn filed(&self) -> (AnyRecord, Vec<Who>) {
        let mut record = self.record();
        record.names = (0..self.players())
            .map(|s| crate::halma::seat_name(Language::English, s).to_string())
            .collect();
        let who = (0..self.players()).map(|s| match self.seat(s) {
            HalmaSeat::Human => Who::Guest,
            HalmaSeat::Bot(level) => Who::Bot(level),
        });
        (AnyRecord::Halma(record), who.collect())
    }
}

impl Filed for CrossingSession {
    type Over = CrossingDone;
    fn filed(&self) -> (AnyRecord, Vec<Who>) {
        let who = match &self.setup.profile {
            Some(id) => Who::Profile(id.clone()),
            None => Who::Guest,
        };
        (
            AnyRecord::Crossing(CrossingRecord::of(&self.game)),
            vec![who],
        )
    }
}

impl Filed for FoodSession {
    type Over = FoodOver;
    fn filed(&self) -> (AnyRecord, Vec<Who>) {
        let who = (0..self.setup.seats.len()).map(|p| match self.seat(p) {
            FoodSeat::Human => Who::Guest,
            FoodSeat::Bot(level) => Who::Bot(level),
        });
        (AnyRecord::Food(self.record()), who.collect())
    }
}

/// Files the mode's game when it ends in play, here or at a network table
/// (each computer at the table files it in its own history), never one being
/// watched; the same game twice is filed once.
pub(super) fn file_finished<S: Filed>(
    mut over: MessageReader<S::Over>,
    session: Option<Res<S>>,
    store: Option<ResMut<LeagueStore>>,
    authority: Res<MatchAuthority>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if over.read().count() == 0 || *authority == MatchAuthority::Replay {
        return;
    }
    let (Some(session), Some(mut store)) = (session, store) else {
        return;
    };
    let (record, who) = session.filed();
    let date = local_stamp(SystemTime::now());
    let game = record.kind().tag();
    match store.league.file_any(&record, &who, &date, None) {
        Ok(filed) if filed.new => info!("league: {game} game {} filed", filed.id),
        Ok(_) => {}
        Err(p) => {
            warn!("league: the {game} game was not filed: {p}");
            notices.write(Notice::Problem(describe_problem(settings.language, &p)));
        }
    }
}

/// A draughts side as filed, in the player's language.
pub(super) fn side_label(lang: Language, name: &str) -> &'static str {
    if name == DRAUGHTS_SIDES[1] {
        lang.t("Black")
    } else {
        lang.t("White")
    }
}

/// A seat filed under its colour's English name, in the player's language
/// (another name stays as it is).
pub(super) fn colour_label(lang: Language, name: &str) -> String {
    (0..crate::ui::palette::PALETTE.len() as u8)
        .find(|&c| crate::ui::colour_name(Language::English, c) == name)
        .map_or_else(
            || name.to_string(),
            |c| crate::ui::colour_name(lang, c).to_string(),
        )
}

/// How a game ended, in words: a game of another kind says it in its own
/// terms (its record's ending), a match of Chinese checkers in the match's.
pub(super) fn ending_text(lang: Language, entry: &HistoryEntry) -> &'static str {
    match entry.ending.as_deref() {
        Some("no_pieces") => lang.t("no pieces left"),
        Some("no_moves" | "stuck") => lang.t("no move left"),
        Some("resignation") => lang.t("resigned"),
        Some("time") => lang.t("ran out of time"),
        Some("one_marble") => lang.t("one marble left"),
        Some("no_captures") => lang.t("no capture left"),
        // The filing gave every draw rule the nearest classic reason.
        Some(_) if entry.reason == EndReason::Deadlock => lang.t("draw"),
        _ => super::history::reason_text(lang, entry.reason),
    }
}

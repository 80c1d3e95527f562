//! What the setup screen chooses: players, seats, colours and rules.

use crate::ui::palette::PALETTE;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use starhop_ai::Level;
use starhop_engine::{Record, Rules};

/// Who plays a seat: a person at the screen, a bot of some level, or a
/// person at another Starhop in a network game (their moves come from the
/// host; nothing here plays them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatKind {
    #[default]
    Human,
    Bot(Level),
    Remote,
}

impl SeatKind {
    /// How a record keeps it: a bot's level name, nothing for a person.
    pub fn for_record(self) -> Option<String> {
        match self {
            SeatKind::Human | SeatKind::Remote => None,
            SeatKind::Bot(level) => Some(level.name().to_string()),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSetup {
    pub name: String,
    pub kind: SeatKind,
    /// Index into `PALETTE`.
    pub colour: u8,
    /// The league profile of the person at this seat (a guest without);
    /// its name and colour are the seat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSetup {
    pub players: usize,
    pub rules: Rules,
    pub seats: Vec<SeatSetup>,
    /// A fixed seed (replays, screenshots); a fresh one per game when absent.
    pub seed: Option<u64>,
}

impl Default for MatchSetup {
    fn default() -> MatchSetup {
        MatchSetup::new(2, Rules::classic())
    }
}

impl MatchSetup {
    pub fn new(players: usize, rules: Rules) -> MatchSetup {
        let mut s = MatchSetup {
            players,
            rules,
            seats: Vec::new(),
            seed: None,
        };
        s.fit_seats();
        s
    }

    /// Makes the seat list match the player count, keeping names and colours
    /// already chosen and giving new seats unused colours.
    pub fn fit_seats(&mut self) {
        self.seats.truncate(self.players);
        while self.seats.len() < self.players {
            let used: Vec<u8> = self.seats.iter().map(|s| s.colour).collect();
            let colour = (0..PALETTE.len() as u8)
                .find(|c| !used.contains(c))
                .unwrap_or(0);
            let n = self.seats.len() + 1;
            self.seats.push(SeatSetup {
                name: format!("Player {n}"),
                kind: SeatKind::Human,
                colour,
                profile: None,
            });
        }
    }

    /// Whether every seat is a bot (a game to watch).
    pub fn bots_only(&self) -> bool {
        self.seats
            .iter()
            .all(|s| matches!(s.kind, SeatKind::Bot(_)))
    }

    /// Whether a seat waits for a player at another Starhop (a network game).
    pub fn has_remote(&self) -> bool {
        self.seats.iter().any(|s| s.kind == SeatKind::Remote)
    }

    /// The setup of a saved game: names, and which seats are bots. A level
    /// this version does not know plays as the nearest known one would not be
    /// honest, so such a seat (and every seat of an old record, which did not
    /// say) is played by a person; `seats_known` says whether that happened.
    pub fn from_record(record: &Record) -> (MatchSetup, bool) {
        let mut s = MatchSetup::new(record.players, record.rules.clone());
        for (seat, name) in s.seats.iter_mut().zip(&record.names) {
            seat.name = name.clone();
        }
        let mut known = record.bots.len() == record.players;
        for (seat, bot) in s.seats.iter_mut().zip(&record.bots) {
            if let Some(name) = bot {
                match Level::ALL.into_iter().find(|l| l.name() == name) {
                    Some(level) => seat.kind = SeatKind::Bot(level),
                    None => known = false,
                }
            }
        }
        s.seed = Some(record.seed);
        (s, known)
    }

    /// Which seats are bots, as a record keeps it.
    pub fn bots_for_record(&self) -> Vec<Option<String>> {
        self.seats.iter().map(|s| s.kind.for_record()).collect()
    }
}

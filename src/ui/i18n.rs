//! The game's words in English, Simplified and Traditional Chinese. Every
//! text in the UI is written in English at the call site
//! (`lang.t("Start game")`, `trf(lang, "Across in {} moves", &[&n])`) and
//! looked up in the Fluent files of `starhop-i18n`
//! (`crates/i18n/locales/<lang>/<table>.ftl`); a missing translation falls
//! back to English, and a test keeps the files complete. Here are the texts
//! composed from several messages (notices, items, refusals).

use crate::base::Notice;
use crate::settings::Language;
use bevy_egui::egui::Color32;
use starhop_engine::{Event, Item, OutReason, RuleError, TargetProblem};

pub trait Tr {
    fn t(self, english: &'static str) -> &'static str;
}

impl Tr for Language {
    fn t(self, english: &'static str) -> &'static str {
        tr(self, english)
    }
}

/// The text of `english` in `lang` (a template keeps its `{}` holes).
pub fn tr(lang: Language, english: &'static str) -> &'static str {
    starhop_i18n::text(lang.locale(), english)
}

/// A translated template with each `{}` filled in turn: `trf(lang, "move {}", &[&23])`.
/// The messages name their arguments, so each language puts them where its
/// grammar wants them, and a count chooses English's singular or plural.
pub fn trf(lang: Language, template: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    starhop_i18n::format(lang.locale(), template, args)
}

/// A seat's name as shown: the default names the setup gives ("Player 2")
/// are shown in the interface language; names the players typed stay as typed.
pub fn display_name(lang: Language, name: &str) -> String {
    match default_number(name) {
        Some(n) => trf(lang, "Player {}", &[&n]),
        None => name.to_string(),
    }
}

/// How the setup names a seat nobody named (`play::setup`): "Player 3".
const DEFAULT_NAME: &str = "Player ";

/// The default name of seat number `n` (counting from 1).
pub fn default_name(n: usize) -> String {
    format!("{DEFAULT_NAME}{n}")
}

/// The number of a default seat name ("Player 3" → 3).
pub fn default_number(name: &str) -> Option<u32> {
    let n = name.strip_prefix(DEFAULT_NAME)?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| n.parse().ok())
        .flatten()
}

/// A notice as a toast: its text and colour.
pub fn describe_notice(
    lang: Language,
    n: &Notice,
    name: &dyn Fn(u8) -> String,
) -> (String, Color32) {
    let warn = super::theme::WARN;
    let good = super::theme::GOOD;
    let plain = super::theme::CREAM;
    let t = |s| tr(lang, s);
    match n {
        Notice::Refused(e) => (refusal(lang, e), warn),
        Notice::Rule(Event::TimedOut { seat, in_a_row }) => (
            format!(
                "{} {} ({} {})",
                name(*seat),
                t("timed out"),
                in_a_row,
                t("in a row")
            ),
            warn,
        ),
        Notice::Rule(Event::SkippedTurn { seat }) => {
            (format!("{} {}", name(*seat), t("skips this turn")), plain)
        }
        Notice::Rule(Event::Finished { seat, turns }) => (
            format!(
                "{} {} {} {}",
                name(*seat),
                t("finished in"),
                turns,
                t("turns")
            ),
            good,
        ),
        Notice::Rule(Event::Out { seat, reason }) => {
            let why = match reason {
                OutReason::Resigned => t("resigned"),
                OutReason::AntiPassive => t("broke the anti-passive rule"),
                OutReason::TimeOuts => t("timed out three times"),
                OutReason::OutOfTime => t("ran out of time"),
            };
            (format!("{} {why}", name(*seat)), warn)
        }
        Notice::Rule(Event::Passed { seat }) => (format!("{} {}", name(*seat), t("passes")), plain),
        Notice::Rule(Event::GameOver(_)) => (t("Game over").to_string(), good),
        Notice::Rule(Event::Moved { .. }) => (String::new(), plain),
        Notice::Rule(Event::BoxPlaced { .. }) => (t("An item box appeared").to_string(), plain),
        Notice::Rule(Event::ItemTaken {
            seat, item, kept, ..
        }) => {
            let what = item_noun(lang, *item);
            if *kept {
                (trf(lang, "{} found a {}", &[&name(*seat), &what]), good)
            } else {
                let text = trf(
                    lang,
                    "{} found a {}, but the hand is full: it is lost",
                    &[&name(*seat), &what],
                );
                (text, warn)
            }
        }
        Notice::Rule(Event::ItemUsed { seat, item_use, .. }) => {
            let what = item_noun(lang, item_use.item());
            (trf(lang, "{} used a {}", &[&name(*seat), &what]), plain)
        }
        Notice::Rule(Event::ObstacleGone { item, .. }) => match item {
            Item::RoadWorker => (t("The road worker has left").to_string(), plain),
            _ => (t("The roadblock is gone").to_string(), plain),
        },
        Notice::Undone => (t("Move undone").to_string(), plain),
        Notice::Redone => (t("Move redone").to_string(), plain),
        Notice::Unloadable => (
            t("This game could not be loaded: its moves do not follow the rules.").to_string(),
            warn,
        ),
        Notice::SeatsUnknown => (
            t("This save does not say which seats were bots: people play every seat.").to_string(),
            warn,
        ),
        // Already in words, in the interface language (see `persist`).
        Notice::Problem(text) => (text.clone(), warn),
        Notice::Info(text) => (text.clone(), plain),
    }
}

/// An item's name, as on its slot ("Flying wing").
pub fn item_name(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t("Roadblock"),
        Item::RoadWorker => t("Road worker"),
        Item::PowerMarble => t("Power marble"),
        Item::FlyingWing => t("Flying wing"),
        Item::Swap => t("Swap"),
        Item::Tornado => t("Tornado"),
    }
}

/// An item's name inside a sentence ("Red used a flying wing").
pub fn item_noun(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t("roadblock"),
        Item::RoadWorker => t("road worker"),
        Item::PowerMarble => t("power marble"),
        Item::FlyingWing => t("flying wing"),
        Item::Swap => t("swap"),
        Item::Tornado => t("tornado"),
    }
}

/// What an item does (its tooltip).
pub fn item_tip(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t(
            "Puts a wall on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: no marble may stop on it or jump over it.",
        ),
        Item::RoadWorker => t(
            "Puts a fixed marble on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: marbles may jump over it, never move it or land on it.",
        ),
        Item::PowerMarble => {
            t("One of your marbles makes two full moves this turn; no other marble moves.")
        }
        Item::FlyingWing => t("One of your marbles flies to an empty hole at most 4 holes away."),
        Item::Swap => t(
            "One of your marbles trades places with another player's marble at most 4 holes away.",
        ),
        Item::Tornado => t(
            "The marbles on a hole and its six neighbours (all outside the camps) are shuffled at random.",
        ),
    }
}

fn refusal(lang: Language, e: &RuleError) -> String {
    let t = |s| tr(lang, s);
    match e {
        RuleError::NothingToUndo => t("Nothing to undo"),
        RuleError::NothingToRedo => t("Nothing to redo"),
        RuleError::GameOver => t("The game is over"),
        RuleError::PassNotAllowed => t("Passing is not allowed while a move is possible"),
        RuleError::NotYourMarble(_) => t("That is not your marble"),
        RuleError::Occupied(_) | RuleError::HoleTaken(_) => t("That hole is taken"),
        RuleError::ForeignCamp(_) => {
            t("That hole is in another player's camp: you may jump through, not stop")
        }
        RuleError::LockedInTarget(_) => {
            t("This marble has reached its target and may only move inside it")
        }
        RuleError::RepetitionLimit => {
            t("Going back again is not allowed: the repetition limit is reached")
        }
        RuleError::IllegalMove { .. } => {
            t("The marble cannot reach that hole with a step or a chain of jumps")
        }
        RuleError::BadRoute { .. } | RuleError::ShortRoute | RuleError::NoSuchHole(_) => {
            t("That move is not allowed")
        }
        RuleError::BoardSize(_)
        | RuleError::PlayerCount(_)
        | RuleError::TeamSize(_)
        | RuleError::FirstSeat(_)
        | RuleError::BadDraw(_)
        | RuleError::StartSeats { .. }
        | RuleError::HoleUsedTwice(_)
        | RuleError::NoMarbles(_)
        | RuleError::TooManyMarbles { .. }
        | RuleError::AlreadyFinished(_) => t("This setup cannot be played"),
        RuleError::NotPlaying(_) | RuleError::Clock(_) => t("That is not possible now"),
        RuleError::ItemsOff | RuleError::NoItemsInPlay | RuleError::BoxEvery(_) => {
            t("Items are not in play in this game")
        }
        RuleError::ItemNotHeld(_) => t("You do not hold that item"),
        RuleError::ItemAfterMove => t("Items are used before the move"),
        RuleError::ItemLimit => t("One item per turn (the power marble may join one other)"),
        RuleError::PowerMarbleOnly(_) => t("This turn only the power marble moves"),
        RuleError::ItemTarget(why) => match why {
            TargetProblem::InACamp => t("It must go on a hole outside every camp"),
            TargetProblem::NotEmpty => t("It must go on an empty hole without a box"),
            TargetProblem::FarFromYourMarbles => {
                t("It must go within 3 holes of one of your marbles")
            }
            TargetProblem::LandingTaken => t("The marble must land on an empty hole"),
            TargetProblem::TooFarToFly => t("The flying wing carries a marble at most 4 holes"),
            TargetProblem::NotAnotherPlayers => t("Swap with another player's marble"),
            TargetProblem::TooFarToSwap => t("The two marbles must be at most 4 holes apart"),
            TargetProblem::ForeignCamp => t("No item may leave a marble in another player's camp"),
            TargetProblem::NoRoomForTornado => {
                t("The tornado needs a hole with all six neighbours outside the camps")
            }
            TargetProblem::NothingToLift => t("There is no marble for the tornado to lift"),
        },
    }
    .to_string()
}

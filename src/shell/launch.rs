//! The command line: what `starhop` was asked to do when it started. Kept in
//! the library so tests can check that each option reaches the game. The
//! modes never read it: the shell writes each mode's start or load message,
//! and for a screenshot the scene's name and the modes' setups (`base::shot`).

use crate::base::shot::{ShotScene, ShotSetup};
use crate::base::{Notice, WritesNoFiles};
use crate::classic::{LoadMatch, MatchSetup, SeatKind, quick_rules};
use crate::crossing::CrossingSetup;
use crate::draughts::{DraughtsSeat, DraughtsSetup, LoadDraughts};
use crate::food::{FoodSeat, FoodSetup, LoadFood};
use crate::settings::{Language, LanguageOverride, Settings};
use crate::shell::screenshot::ShotOf;
use bevy::prelude::*;
use clap::Parser;
use starhop_ai::Level;
use starhop_draughts::{DRAUGHTS_RECORD_FORMAT, Variant};
use starhop_engine::food::FOOD_RECORD_FORMAT;
use starhop_engine::halma::HALMA_RECORD_FORMAT;
use starhop_engine::{FirstMoveMethod, Preset, Rules};
use std::path::PathBuf;

/// How the game was started from the command line.
#[derive(bevy::prelude::Resource, Clone, Debug, Default)]
pub struct LaunchOptions {
    /// Render, save a screenshot here, and exit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Start straight into a game with this setup (for screenshots and quick play).
    pub quick_start: Option<crate::classic::MatchSetup>,
    /// Play this many moves of the greedy bot first (for screenshots).
    pub moves: usize,
    /// What the screenshot shows, by name (`--shot`): one of the shell's own
    /// (`ShotOf`) or one a mode registered.
    pub shot: String,
    /// Load this record at start.
    pub load: Option<std::path::PathBuf>,
    /// Override the settings' language.
    pub language: Option<crate::settings::Language>,
    /// Log frame times of the game's own systems.
    pub diagnostics: bool,
    /// When the process started, for the time to the first frame.
    pub started: Option<std::time::Instant>,
    /// Let the greedy bot play every seat (a demo, and load for measurements).
    pub autoplay: bool,
    /// Exit after this many seconds.
    pub quit_after: Option<f32>,
    /// Start straight into this food checkers game (`--food`).
    pub food: Option<crate::food::FoodSetup>,
    /// Open the replay viewer on this record file (`--replay`).
    pub replay: Option<std::path::PathBuf>,
    /// Start straight into this crossing challenge (`--crossing`).
    pub crossing: Option<crate::crossing::CrossingSetup>,
    /// Start straight into this draughts game (`--draughts`).
    pub draughts: Option<crate::draughts::DraughtsSetup>,
}

/// The presets by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PresetArg {
    Classic,
    SuperJump,
    Tournament,
    Party,
}

impl From<PresetArg> for Preset {
    fn from(p: PresetArg) -> Preset {
        match p {
            PresetArg::Classic => Preset::Classic,
            PresetArg::SuperJump => Preset::SuperJump,
            PresetArg::Tournament => Preset::Tournament,
            PresetArg::Party => Preset::Party,
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "starhop",
    version = starhop_about::VERSION,
    about = "Starhop: Chinese checkers on a 3D star board"
)]
pub struct Args {
    /// Render, save a screenshot to FILE (PNG) and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// What the screenshot shows (the names: `Args::command`).
    #[arg(long, value_name = "NAME", default_value = "game")]
    pub shot: String,
    /// Start straight into a game with this many players (2, 3, 4 or 6;
    /// 2 when only --vs, --bots or --first is given).
    #[arg(long)]
    pub players: Option<usize>,
    /// The rules of a quick-started game (default: classic).
    #[arg(long, value_enum)]
    pub preset: Option<PresetArg>,
    /// Board size for a quick start: 3, 4 or 5 rows per point.
    #[arg(long, default_value_t = 4)]
    pub size: u8,
    /// Play this many moves (greedy bot) before the screenshot.
    #[arg(long, default_value_t = 0)]
    pub moves: usize,
    /// How a quick-started game draws its first mover (default: lots).
    #[arg(long, value_parser = ["coin", "rps", "lots"])]
    pub first: Option<String>,
    /// Make every seat of a quick-started game a bot of this level (watch them play).
    #[arg(long, value_name = "LEVEL")]
    pub bots: Option<Level>,
    /// Play seat 1 yourself against bots of this level in the other seats.
    #[arg(long, value_name = "LEVEL", conflicts_with = "bots")]
    pub vs: Option<Level>,
    /// Seed for a quick-started game (screenshots use 7; games a fresh one).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Load a saved game (a record file).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Watch a saved game or record file in the replay viewer.
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    pub replay: Option<PathBuf>,
    /// Interface language: English, Simplified Chinese (zh), Traditional Chinese (zh-Hant).
    #[arg(long, value_parser = ["en", "zh", "zh-Hans", "zh-Hant"])]
    pub lang: Option<String>,
    /// Show marble shape marks (colour-blind aid) in this run.
    #[arg(long)]
    pub shapes: bool,
    /// Log the frame time of the game's own systems every five seconds.
    #[arg(long)]
    pub diagnostics: bool,
    /// Let the greedy bot play every seat (a demo; load for --diagnostics).
    #[arg(long)]
    pub autoplay: bool,
    /// Exit after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub quit_after: Option<f32>,
    /// Write the manual page (section 6) into DIR and exit (for packaging).
    #[arg(long, value_name = "DIR", hide = true)]
    pub man_pages: Option<PathBuf>,
    /// Start a food checkers (食棋) game: a solo puzzle, free solo or a table
    /// of several players (--players, --bots / --vs, --holes, --slides).
    #[arg(long, value_enum)]
    pub food: Option<FoodArg>,
    /// Food checkers: holes of the hexagon (37, 61 or 91).
    #[arg(long, default_value_t = 61)]
    pub holes: usize,
    /// Food checkers: the puzzle to play (its id; default: the first).
    #[arg(long, value_name = "ID")]
    pub puzzle: Option<String>,
    /// Start the solo crossing challenge (--size, --long-jumps).
    #[arg(long)]
    pub crossing: bool,
    /// The crossing challenge with long jumps.
    #[arg(long)]
    pub long_jumps: bool,
    /// Start a draughts game (International 10×10 or Russian 8×8); --vs
    /// LEVEL puts a bot on Black, --bots LEVEL on both sides.
    #[arg(long, value_enum)]
    pub draughts: Option<DraughtsArg>,
    /// Food checkers: slides on or off (default: off solo, on at a table).
    #[arg(long, value_parser = ["on", "off"])]
    pub slides: Option<String>,
}

/// The draughts variants by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DraughtsArg {
    International,
    Russian,
}

/// The kinds of food checkers game by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FoodArg {
    Puzzle,
    Solo,
    Table,
}

/// The help of `--shot`: the shell's own shots and each mode's, as they
/// name them (the league's use a sample league in an empty STARHOP_HOME).
pub fn shot_help() -> String {
    let own: Vec<String> = ShotOf::names().collect();
    let modes = [
        crate::food::shots::names().join(", "),
        crate::crossing::shot_names().join(", "),
        crate::online::shot_names().join(", "),
        crate::draughts::shots::names().join(", "),
        crate::halma::shots::names().join(", "),
    ];
    format!(
        "What the screenshot shows: {}; {}. An unknown name is refused with the list of the names the game knows",
        own.join(", "),
        modes.join("; ")
    )
}

impl Args {
    /// The command line's description, `--shot` listing every shot there is.
    pub fn command() -> clap::Command {
        <Args as clap::CommandFactory>::command().mut_arg("shot", |a| a.help(shot_help()))
    }

    /// The arguments the game was started with (help and errors exit).
    pub fn from_command_line() -> Args {
        let matches = Self::command().get_matches();
        <Args as clap::FromArgMatches>::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }

    /// The shot of the shell's own that `--shot` names, if it is one.
    fn own_shot(&self) -> Option<ShotOf> {
        ShotOf::named(&self.shot)
    }

    /// Whether `--shot` names a shot of `mode`: a mode's shots are named
    /// after it (`draughts`, `draughts-capture`, …), so that a picture of it
    /// without its own option (`--draughts`) still shows its usual game.
    fn shot_is_of(&self, mode: &str) -> bool {
        self.shot
            .strip_prefix(mode)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
    }

    /// The match the options ask to start at once, if any: `--players`,
    /// `--vs`, `--bots` or `--first` skip the setup screen (a screenshot
    /// always shows a game, six players unless told otherwise).
    pub fn quick_start(&self) -> Option<MatchSetup> {
        if self.food.is_some()
            || self.shot_is_of("food")
            || self.crossing_setup().is_some()
            || self.draughts_setup().is_some()
        {
            return None;
        }
        let asked = self.vs.is_some()
            || self.bots.is_some()
            || self.first.is_some()
            || self.preset.is_some();
        let party_shot = self.screenshot.is_some() && self.own_shot().is_some_and(ShotOf::party);
        let players = self
            .players
            .or(party_shot.then_some(4))
            .or(self.screenshot.as_ref().map(|_| 6))
            .or(asked.then_some(2))?;
        let mut rules = quick_rules(self.size);
        if let Some(preset) = self.preset {
            rules = Rules {
                board_size: rules.board_size,
                first_move: rules.first_move,
                ..Preset::from(preset).rules()
            };
        }
        if party_shot {
            // Party rules, with a box every round so the board shows several.
            rules.items = true;
            rules.box_every = 1;
        }
        rules.first_move = match self.first.as_deref() {
            Some("coin") => FirstMoveMethod::CoinToss,
            Some("rps") => FirstMoveMethod::RockPaperScissors,
            _ => FirstMoveMethod::Lots,
        };
        // The greedy bot that plays a screenshot's game out is too slow for the
        // anti-passive rule; the end screen should show a race that finished.
        rules.anti_passive &= !(self.screenshot.is_some()
            && matches!(
                self.own_shot(),
                Some(ShotOf::End | ShotOf::EndRated | ShotOf::Celebrate)
            ));
        let seed = self.seed.or(self.screenshot.as_ref().map(|_| 7));
        let mut setup = MatchSetup {
            seed,
            ..MatchSetup::new(players, rules)
        };
        for (i, seat) in setup.seats.iter_mut().enumerate() {
            match (self.bots, self.vs) {
                (Some(level), _) => seat.kind = SeatKind::Bot(level),
                (None, Some(level)) if i > 0 => seat.kind = SeatKind::Bot(level),
                _ => {}
            }
        }
        Some(setup)
    }

    pub fn options(&self, started: std::time::Instant) -> LaunchOptions {
        LaunchOptions {
            screenshot: self.screenshot.clone(),
            quick_start: self.quick_start(),
            moves: self.moves,
            shot: self.shot.clone(),
            load: self.load.clone(),
            language: self.lang.as_deref().map(|l| match l {
                "zh" | "zh-Hans" => Language::Chinese,
                "zh-Hant" => Language::TraditionalChinese,
                _ => Language::English,
            }),
            diagnostics: self.diagnostics,
            started: Some(started),
            autoplay: self.autoplay,
            quit_after: self.quit_after,
            food: self.food_setup(),
            replay: self.replay.clone(),
            crossing: self.crossing_setup(),
            draughts: self.draughts_setup(),
        }
    }

    /// The draughts game `--draughts` (or a draughts screenshot) asks for.
    pub fn draughts_setup(&self) -> Option<DraughtsSetup> {
        let shot = self.screenshot.is_some() && self.shot_is_of("draughts");
        let variant = match self.draughts {
            Some(DraughtsArg::Russian) => Variant::Russian,
            Some(DraughtsArg::International) => Variant::International,
            None if shot => Variant::International,
            None => return None,
        };
        let seats = match (self.bots, self.vs) {
            (Some(level), _) => [DraughtsSeat::Bot(level); 2],
            (None, Some(level)) => [DraughtsSeat::Human, DraughtsSeat::Bot(level)],
            (None, None) => DraughtsSetup::default().seats,
        };
        Some(DraughtsSetup {
            variant,
            seats,
            minutes: None,
        })
    }

    /// The crossing challenge `--crossing` (or a crossing screenshot) asks for.
    pub fn crossing_setup(&self) -> Option<CrossingSetup> {
        let shot = self.screenshot.is_some() && self.shot_is_of("crossing");
        let size = if [3, 4, 5].contains(&self.size) {
            self.size
        } else {
            4
        };
        (self.crossing || shot).then(|| CrossingSetup::new(size, self.long_jumps))
    }

    /// The food checkers game `--food` asks for.
    pub fn food_setup(&self) -> Option<FoodSetup> {
        let holes = if [37, 61, 91].contains(&self.holes) {
            self.holes
        } else {
            61
        };
        let slides = self.slides.as_deref().map(|s| s == "on");
        // A food screenshot without --food shows the kind it is about.
        let shot_kind = match self.shot.as_str() {
            "food-table" => Some(FoodArg::Table),
            "food" | "food-select" => Some(FoodArg::Solo),
            _ => None,
        }
        .filter(|_| self.screenshot.is_some());
        let default_players = if shot_kind == Some(FoodArg::Table) {
            4
        } else {
            2
        };
        Some(match self.food.or(shot_kind)? {
            FoodArg::Puzzle => {
                let all = starhop_ai::food::puzzles::all();
                let p = match &self.puzzle {
                    Some(id) => all.iter().find(|p| &p.id == id),
                    None => all.first(),
                };
                match p {
                    Some(p) => FoodSetup::puzzle(p),
                    None => FoodSetup::solo(holes, None, false),
                }
            }
            FoodArg::Solo => FoodSetup::solo(holes, None, slides.unwrap_or(false)),
            FoodArg::Table => {
                let players = self.players.unwrap_or(default_players).clamp(2, 6);
                let seats = (0..players)
                    .map(|i| match (self.bots, self.vs) {
                        (Some(level), _) => FoodSeat::Bot(level),
                        (None, Some(level)) if i > 0 => FoodSeat::Bot(level),
                        (None, None) if i > 0 => FoodSeat::Bot(Level::Medium),
                        _ => FoodSeat::Human,
                    })
                    .collect();
                FoodSetup::table(holes, seats, slides.unwrap_or(true))
            }
        })
    }
}

/// What the command line starts: the game of `--players`/`--vs`, `--food`,
/// `--draughts` or `--crossing` at once, each through its mode's own start
/// message, `--load` through the load message of the mode whose record it
/// is, and `--replay` in the viewer (the modes never read the command line).
/// Screenshot runs start theirs themselves, and `--load` or `--replay` wins
/// over a quick start. The options are read while the plugin is built (see
/// `crate::game_plugins`), so the resources they make are there from the
/// first system on.
pub(crate) fn plugin(app: &mut App) {
    if let Some(options) = app.world().get_resource::<LaunchOptions>().cloned() {
        insert_what_it_asks(app, &options);
    }
    app.add_systems(
        Startup,
        (
            start_from_command_line,
            // After the settings and the last setup are read, so a problem
            // with the file is said in the player's language, after theirs.
            load_from_command_line
                .after(crate::persist::load_settings)
                .after(crate::classic::saves::load_last_setup),
        ),
    );
}

/// What the layers below read of the command line, as their own resources:
/// the language, and for a screenshot the scene, each mode's setup as the
/// command line describes it, and that the run writes no files.
fn insert_what_it_asks(app: &mut App, o: &LaunchOptions) {
    if let Some(lang) = o.language {
        app.insert_resource(LanguageOverride(lang));
    }
    if o.screenshot.is_none() {
        return;
    }
    app.insert_resource(ShotScene {
        name: o.shot.clone(),
        moves: o.moves,
    })
    .insert_resource(WritesNoFiles);
    if let Some(setup) = &o.food {
        app.insert_resource(ShotSetup(setup.clone()));
    }
    if let Some(setup) = &o.draughts {
        app.insert_resource(ShotSetup(setup.clone()));
    }
    if let Some(setup) = &o.crossing {
        app.insert_resource(ShotSetup(setup.clone()));
    }
}

fn start_from_command_line(
    options: Option<Res<LaunchOptions>>,
    mut matches: MessageWriter<crate::classic::StartMatch>,
    mut food: MessageWriter<crate::food::StartFood>,
    mut draughts: MessageWriter<crate::draughts::StartDraughts>,
    mut crossing: MessageWriter<crate::crossing::StartCrossing>,
    mut replays: MessageWriter<crate::replay::OpenReplayFile>,
) {
    let Some(o) = options else { return };
    if let Some(path) = &o.replay {
        replays.write(crate::replay::OpenReplayFile(path.clone()));
    }
    if o.screenshot.is_some() {
        return;
    }
    if let Some(setup) = &o.crossing {
        crossing.write(crate::crossing::StartCrossing(setup.clone()));
    }
    if o.load.is_some() {
        return;
    }
    if let Some(setup) = &o.food {
        food.write(crate::food::StartFood(setup.clone()));
    }
    if let Some(setup) = &o.draughts {
        draughts.write(crate::draughts::StartDraughts(setup.clone()));
    }
    if let (Some(setup), None) = (&o.quick_start, &o.replay) {
        matches.write(crate::classic::StartMatch(setup.clone()));
    }
}

/// `--load FILE` (screenshot runs too): the record's `format` says whose it
/// is. Food checkers and draughts records go to their modes; anything else
/// is the classic loader's, which keeps a file it cannot read aside, so
/// nothing is lost. A file that cannot be loaded is said in words.
fn load_from_command_line(
    options: Option<Res<LaunchOptions>>,
    settings: Res<Settings>,
    language: Option<Res<LanguageOverride>>,
    mut classic: MessageWriter<LoadMatch>,
    mut food: MessageWriter<LoadFood>,
    mut draughts: MessageWriter<LoadDraughts>,
    mut halma: MessageWriter<crate::halma::LoadHalma>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(path) = options.as_ref().and_then(|o| o.load.as_ref()) else {
        return;
    };
    let lang = language.map_or(settings.language, |l| l.0);
    let loaded = match crate::persist::record_format(path).as_deref() {
        Some(FOOD_RECORD_FORMAT) => crate::food::progress::load_file(path, lang).map(|load| {
            food.write(load);
        }),
        Some(DRAUGHTS_RECORD_FORMAT) => crate::draughts::files::open_saved(path, lang)
            .map(|load| {
                draughts.write(load);
            })
            .inspect_err(|message| warn!("{}: {message}", path.display())),
        Some(HALMA_RECORD_FORMAT) => crate::halma::files::open_saved(path, lang)
            .map(|load| {
                halma.write(load);
            })
            .inspect_err(|message| warn!("{}: {message}", path.display())),
        _ => crate::classic::saves::read_save(path)
            .map(|record| {
                classic.write(LoadMatch(record));
            })
            .map_err(|problem| problem.describe_save(lang)),
    };
    if let Err(message) = loaded {
        notices.write(Notice::Problem(message));
    }
}

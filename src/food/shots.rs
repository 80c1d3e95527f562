//! `--screenshot FILE --shot food|food-select|food-end|food-table|food-setup`:
//! sets a food checkers scene up in the first frames, before the screenshot
//! module takes the picture (it waits for the scene to settle).

use super::input::FoodSelection;
use super::{
    FoodMode, FoodRebuild, FoodSeat, FoodSession, FoodSetup, FoodTab, OpenFood, StartFood,
};
use crate::base::shot::{ShotScene, ShotSetup, add_shots};
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_ai::food::puzzles::Puzzle;
use starhop_engine::food::FoodGame;
use starhop_engine::{Hex, Rng};

/// The food checkers scenes, by their `--shot` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    /// A solo game some captures in.
    Game,
    /// A marble selected, its chain begun and its captures shown.
    Select,
    /// The finish window of a solved puzzle, with its stars.
    End,
    /// Several players (bots) with their trays.
    Table,
    /// The setup panel.
    Setup,
}

const SHOTS: [(&str, Shot); 5] = [
    ("food", Shot::Game),
    ("food-select", Shot::Select),
    ("food-end", Shot::End),
    ("food-table", Shot::Table),
    ("food-setup", Shot::Setup),
];

impl Shot {
    /// The scene called `name`, if it is one of food checkers'.
    pub fn named(name: &str) -> Option<Shot> {
        SHOTS.iter().find(|(n, _)| *n == name).map(|&(_, s)| s)
    }
}

/// A solo game some captures in, saved, for the picture of the Load list.
pub fn make_sample_save(folders: &crate::persist::Folders) {
    let Some(setup) = shot_setup(Shot::Game, None) else {
        return;
    };
    let Ok(mut game) = FoodGame::new(setup.rules.clone()) else {
        return;
    };
    play_some(&mut game, 7, 5);
    let moves = game.moves_played();
    let text =
        serde_json::to_string_pretty(&FoodSession::new(game, setup).record()).unwrap_or_default();
    let name = format!("solo-61-2026-12-01-20.05-move-{moves}");
    super::progress::FoodSaves::write_sample(folders, &name, &text);
}

/// The scenes' names, as `--shot` takes them.
pub fn names() -> [&'static str; 5] {
    SHOTS.map(|(name, _)| name)
}

pub(super) fn plugin(app: &mut App) {
    add_shots(app, &names(), arrange);
}

/// The setup a shot shows when the command line names none.
pub fn shot_setup(shot: Shot, asked: Option<&FoodSetup>) -> Option<FoodSetup> {
    Some(match shot {
        Shot::End => demo_end(),
        Shot::Table => asked.cloned().filter(|s| !s.is_solo()).unwrap_or_else(|| {
            FoodSetup::table(
                61,
                vec![
                    FoodSeat::Human,
                    FoodSeat::Bot(Level::Medium),
                    FoodSeat::Bot(Level::Hard),
                    FoodSeat::Bot(Level::Easy),
                ],
                true,
            )
        }),
        Shot::Game | Shot::Select => asked
            .cloned()
            .unwrap_or_else(|| FoodSetup::solo(61, None, false)),
        _ => return None,
    })
}

/// A small made-up puzzle played to its end: one chain of two captures
/// leaves one marble on its finishing hole, in the fewest moves, so the
/// finish shows three stars.
fn demo_end() -> FoodSetup {
    let h = Hex::new;
    let puzzle = Puzzle {
        id: "demo".into(),
        holes: 37,
        marbles: vec![h(-2, 0), h(-1, 0), h(1, 0)],
        finish: Some(h(2, 0)),
        min_moves: Some(1),
        difficulty: 1,
        solution: None,
    };
    FoodSetup::puzzle(&puzzle)
}

/// Plays captures (the longest at hand, ties by a seeded draw) for a shot.
fn play_some(game: &mut FoodGame, moves: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..moves {
        let all = game.legal_moves();
        let Some(best) = all.iter().map(|m| m.captured.len()).max() else {
            return;
        };
        let top: Vec<_> = all.iter().filter(|m| m.captured.len() == best).collect();
        let mv = top[rng.below(top.len() as u64) as usize].route.clone();
        if game.play(&mv).is_err() {
            return;
        }
    }
}

/// Plays the game out, the longest chain each time (the demo's way).
fn solve_out(game: &mut FoodGame) {
    while let Some(mv) = game.legal_moves().into_iter().max_by_key(|m| m.route.len()) {
        if game.play(&mv.route).is_err() {
            return;
        }
    }
}

fn arrange(
    scene: Res<ShotScene>,
    asked: Option<Res<ShotSetup<FoodSetup>>>,
    mut frame: Local<u32>,
    mut session: Option<ResMut<FoodSession>>,
    mut draft: ResMut<super::FoodDraft>,
    mut selection: ResMut<FoodSelection>,
    mut opens: MessageWriter<OpenFood>,
    mut starts: MessageWriter<StartFood>,
    mut rebuild: MessageWriter<FoodRebuild>,
) {
    let Some(shot) = Shot::named(&scene.name) else {
        return;
    };
    let asked = asked.as_deref().map(|a| &a.0);
    *frame += 1;
    match *frame {
        1 => {
            if shot == Shot::Setup {
                draft.tab = match asked.map(|s| &s.mode) {
                    Some(FoodMode::Solo) => FoodTab::Solo,
                    Some(FoodMode::Table) => FoodTab::Table,
                    _ => FoodTab::Puzzles,
                };
                if let Some(f) = asked {
                    draft.holes = f.rules.holes;
                    if f.setup_is_table() {
                        draft.seats = f.seats.clone();
                    }
                }
                opens.write(OpenFood);
            } else if let Some(setup) = shot_setup(shot, asked) {
                starts.write(StartFood(setup));
            }
        }
        3 => {
            let Some(s) = session.as_deref_mut() else {
                return;
            };
            let moves = scene.moves;
            match shot {
                Shot::Game => play_some(&mut s.game, moves.max(8), 7),
                Shot::Select => play_some(&mut s.game, moves.max(5), 7),
                Shot::Table => {
                    // Whole rounds, so the person is to move.
                    let players = s.game.rules().players;
                    play_some(&mut s.game, moves.max(3).div_ceil(players) * players, 7)
                }
                Shot::End => solve_out(&mut s.game),
                _ => return,
            }
            rebuild.write(FoodRebuild);
        }
        4 if shot == Shot::Select => {
            // The marble with the longest chain, its first hop taken.
            let Some(s) = session.as_deref() else { return };
            if let Some(mv) = s
                .game
                .legal_moves()
                .into_iter()
                .max_by_key(|m| m.route.len())
            {
                selection.revision = s.game.revision();
                selection.chain = if mv.route.len() > 2 {
                    mv.route[..2].to_vec()
                } else {
                    vec![mv.from()]
                };
            }
        }
        _ => {}
    }
}

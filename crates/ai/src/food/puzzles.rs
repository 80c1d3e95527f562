//! The puzzle collection: start positions generated and verified by the
//! solver (`crates/ai/src/food/puzzles.json`, checked by the tests), from easy
//! to very hard, each with its proven minimum number of moves where known.

use serde::{Deserialize, Serialize};
use starhop_engine::Hex;
use starhop_engine::food::FoodRules;
use std::sync::OnceLock;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable id, the key of saved progress (e.g. `"61-centre"`).
    pub id: String,
    /// Holes of the hexagon: 37, 61 or 91.
    pub holes: usize,
    /// The marbles at the start.
    pub marbles: Vec<Hex>,
    /// Where the last marble should finish for the finishing star, if anywhere.
    #[serde(default)]
    pub finish: Option<Hex>,
    /// The proven fewest moves to one marble (a chain counts as one), for the
    /// third star; `None` where no minimum is proven.
    #[serde(default)]
    pub min_moves: Option<u32>,
    /// A shortest solution, kept where proving the minimum takes more than
    /// a few seconds (the full 37-hole starts and the larger 61-hole
    /// positions, proved with `starhop-cli solve --min-moves --meet`,
    /// figures in the README): the tests replay it rather than prove it
    /// again. `food-puzzles` does not write it; add it back after
    /// regenerating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<Vec<Hex>>>,
    /// 1 (easy) to 5 (very hard).
    pub difficulty: u8,
}

impl Puzzle {
    /// Solo rules for this puzzle: peg solitaire, slides off.
    pub fn rules(&self) -> FoodRules {
        FoodRules {
            holes: self.holes,
            players: 1,
            slides: false,
            start: Some(self.marbles.clone()),
            finish: self.finish,
        }
    }
}

/// Every puzzle, easiest first.
pub fn all() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        serde_json::from_str(include_str!("puzzles.json"))
            .expect("the puzzle collection is checked by its tests")
    })
}

//! A scripted party game for screenshots and tests: the greedy bot moves,
//! and every item a player holds is used at once, except those the script
//! keeps for later. Deterministic for a given game and generator.

use crate::stage::board::hex_to_world;
use starhop_engine::{Game, Item, ItemUse, Move, Rng, Seat};

/// What the script does next in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Item(ItemUse),
    Move(Move),
    Pass,
}

/// The step for the player to move: use a held item not in `keep` that has
/// a use (obstacles first; the use nearest the middle of the board, where it
/// shows), else a move onto a box, else the greedy move.
pub fn next_step(game: &Game, rng: &mut Rng, keep: &[Item]) -> Step {
    let held = game.held(game.to_move());
    for item in Item::ALL {
        if keep.contains(&item) || !held.contains(&item) {
            continue;
        }
        if let Some(u) = central_use(game, item) {
            return Step::Item(u);
        }
    }
    // Boxes draw the script's marbles: a move onto one that does not go
    // backwards beats the greedy move.
    if let Some(mv) = move_onto_box(game).filter(|&mv| starhop_ai::progress(game, mv) >= 0) {
        return Step::Move(mv);
    }
    match starhop_ai::greedy_move(game, rng) {
        Some(mv) => Step::Move(mv),
        None => Step::Pass,
    }
}

/// The legal use of `item` nearest the middle of the board (for marble
/// items: with the marble nearest the middle, and the farthest reach, so the
/// effect is easy to see).
pub fn central_use(game: &Game, item: Item) -> Option<ItemUse> {
    let board = game.position().board();
    game.item_uses_of(item).into_iter().min_by(|a, b| {
        let key = |u: &ItemUse| {
            let reach = match *u {
                ItemUse::Tornado { centre } => game
                    .tornado_area(centre)
                    .map_or(0, |area| (area & game.position().all_marbles()).count())
                    as f32,
                _ => u
                    .second_pick()
                    .map_or(0.0, |s| board.distance(u.first_pick(), s) as f32),
            };
            // Where it happens: half way for the items that take two holes.
            let (a, b) = (u.first_pick(), u.second_pick().unwrap_or(u.first_pick()));
            let at = (hex_to_world(board.hex(a)) + hex_to_world(board.hex(b))) / 2.0;
            at.length() - 0.6 * reach
        };
        key(a).total_cmp(&key(b))
    })
}

/// Plays one step on the game itself (for screenshots, which set the board
/// up without animating it).
pub fn play_step(game: &mut Game, step: Step) -> bool {
    match step {
        Step::Item(u) => game.use_item(u).is_ok(),
        Step::Move(mv) => game.play(mv).is_ok(),
        Step::Pass => game.pass().is_ok(),
    }
}

/// Plays the script at least `moves` actions and then until `ready` holds
/// (at most `limit` actions in all); whether it got there.
pub fn play_until(
    game: &mut Game,
    rng: &mut Rng,
    keep: &[Item],
    moves: usize,
    limit: usize,
    ready: impl Fn(&Game) -> bool,
) -> bool {
    for n in 0..limit {
        if n >= moves && ready(game) {
            return true;
        }
        if game.is_over() {
            return false;
        }
        let step = next_step(game, rng, keep);
        if !play_step(game, step) {
            return false;
        }
    }
    ready(game)
}

/// Whether the player to move holds `item` and may use it now.
pub fn can_use(game: &Game, item: Item) -> bool {
    game.held(game.to_move()).contains(&item) && !game.item_uses_of(item).is_empty()
}

/// A move of the player to move that ends on a box, if there is one (the
/// one that gains the most).
pub fn move_onto_box(game: &Game) -> Option<Move> {
    let boxes = game.boxes();
    game.legal_moves()
        .into_iter()
        .filter(|m| boxes.contains(m.to))
        .max_by_key(|&m| starhop_ai::progress(game, m))
}

/// Plays until the board shows the whole party: two boxes or more, a
/// roadblock, a road worker and the power marble in use (at least `moves` actions first).
/// Whether it got there.
pub fn play_party_scene(game: &mut Game, rng: &mut Rng, moves: usize) -> bool {
    const SCENE: [Item; 3] = [Item::Roadblock, Item::RoadWorker, Item::PowerMarble];
    let on_board = |g: &Game, item| g.obstacles().iter().any(|o| o.item == item);
    let in_hand = |g: &Game, item| (0..g.players() as Seat).any(|s| g.held(s).contains(&item));
    // All three in hands (or already down), so one round can set the scene.
    let gathered = |g: &Game| {
        SCENE
            .iter()
            .all(|&i| in_hand(g, i) || (i != Item::PowerMarble && on_board(g, i)))
    };
    let shown = |g: &Game| {
        on_board(g, Item::Roadblock)
            && on_board(g, Item::RoadWorker)
            && g.boxes().count() >= 2
            && can_use(g, Item::PowerMarble)
    };
    let round = 2 * game.players() + 1;
    let mut first = moves;
    for _ in 0..20 {
        if !play_until(game, rng, &SCENE, first, 2_000, gathered) {
            return false;
        }
        first = 0;
        // The obstacles go down as their holders come to move, then the power.
        if play_until(game, rng, &[Item::PowerMarble], 0, round, shown) {
            return central_use(game, Item::PowerMarble).is_some_and(|u| game.use_item(u).is_ok());
        }
    }
    false
}

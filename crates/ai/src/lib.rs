//! `starhop-ai`: bots for Starhop, built on `starhop-engine` (no Bevy).
//!
//! - [`choose`]: the bots of five levels, Beginner to Master, for every
//!   player count, within a time, depth or node budget and the game's clocks.
//! - [`crossing`]: shortest solo crossings (the challenge, its hints, race
//!   endgames) and their proof.
//! - [`greedy_move`]: the one-ply greedy bot, the baseline the others are
//!   measured against.
//!
//! Two players: iterative-deepening alpha-beta with a Zobrist transposition
//! table ([`search`]); three or more: best-reply search (or paranoid, or
//! Monte Carlo tree search, [`mcts`]). In team games (2v2, 3v3) the bots play
//! for their team ([`Options::team_aware`]): the team's evaluation and win,
//! team-mates on their side of the search. The evaluation is in [`eval`].
//! Party mode's items (when to use one, and the power marble's two moves)
//! are weighed in `party.rs`.

pub mod crossing;
pub mod eval;
pub mod food;
pub mod halma;
pub mod mcts;
mod party;
pub mod race;
pub mod search;

use eval::{Eval, STEP};
use search::{Limits, Multi, Searcher, Setup, TeamPlay};
use starhop_engine::game::{ANTI_PASSIVE_TURNS, anti_passive_required};
use starhop_engine::items::MAX_HELD;
use starhop_engine::{Game, ItemUse, Move, Rng, Seat, Status};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How strong a bot plays.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    Beginner,
    Easy,
    Medium,
    Hard,
    Master,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Master,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Master => "Master",
        }
    }

    /// Default time budget per move in milliseconds.
    pub fn think_ms(self) -> u32 {
        match self {
            Level::Beginner => 150,
            Level::Easy => 250,
            Level::Medium => 400,
            Level::Hard => 700,
            Level::Master => 1500,
        }
    }

    /// Search depth used when the budget gives no time and no depth.
    fn default_depth(self, two: bool) -> u32 {
        match (self, two) {
            (Level::Beginner | Level::Easy, _) => 1,
            (Level::Medium, _) => 2,
            (Level::Hard, true) => 4,
            (Level::Hard, false) => 3,
            (Level::Master, true) => 5,
            (Level::Master, false) => 4,
        }
    }

    /// The deepest this level ever searches, whatever the time.
    fn depth_cap(self, two: bool) -> u32 {
        match (self, two) {
            (Level::Beginner | Level::Easy, _) => 1,
            (Level::Medium, _) => 2,
            (Level::Hard, true) => 6,
            (Level::Hard, false) => 4,
            (Level::Master, _) => 64,
        }
    }

    /// Evaluation noise (cost units; one step of distance is `STEP`).
    fn noise(self) -> i32 {
        match self {
            Level::Beginner => 3 * STEP,
            Level::Easy => 2 * STEP,
            Level::Medium => STEP / 2,
            Level::Hard | Level::Master => 0,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown level {s:?} (expected Beginner, Easy, Medium, Hard or Master)")
            })
    }
}

/// How long or how far a bot may think. All `None` means the level's default
/// depth (deterministic). The game's clocks always cap the time.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    pub time: Option<Duration>,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// Set from outside to end the search early (the game abandons a search
    /// whose position has changed; dropping its task does not stop it).
    pub stop: Option<StopFlag>,
}

/// A flag shared with a running search: once raised, the search returns its
/// best move so far at the next node check.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

/// A stop flag shared with other searches (the food and crossing solvers
/// and the draughts bots take an `Arc<AtomicBool>`), so one flag stops any bot.
impl From<Arc<AtomicBool>> for StopFlag {
    fn from(flag: Arc<AtomicBool>) -> StopFlag {
        StopFlag(flag)
    }
}

impl StopFlag {
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Budget {
    pub fn time_ms(ms: u64) -> Budget {
        Budget {
            time: Some(Duration::from_millis(ms)),
            ..Budget::default()
        }
    }
    pub fn depth(depth: u32) -> Budget {
        Budget {
            max_depth: Some(depth),
            ..Budget::default()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotAction {
    Move(Move),
    Pass,
    /// Use an item before moving (party mode); the bot is asked again for the move.
    Item(ItemUse),
}

/// What the bot chose, how deep it looked, how many nodes it visited, and
/// its score (from its own side; `search::WIN` scale for forced finishes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub action: BotAction,
    pub depth: u32,
    pub nodes: u64,
    pub score: i32,
}

/// Search options beyond the level (for measurements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Multi-player search flavour (three or more players).
    pub multi: Multi,
    /// Use items in party mode (off: the bot only moves and passes, for
    /// measuring what the items are worth).
    pub use_items: bool,
    /// Hard and Master play a two-player race (armies passed) by the exact
    /// crossing solver when it answers in time (off: the search alone, for
    /// measuring what the solver is worth).
    pub race: bool,
    /// In team games (RULES §6), play for the team: the team's evaluation
    /// and win, team-mates on the bot's side of the search (off: each bot
    /// plays for itself, as before; for measuring).
    pub team_aware: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            multi: Multi::Brs,
            use_items: true,
            race: true,
            team_aware: true,
        }
    }
}

/// The team set-up of a team-aware bot for the seat to move, `None`
/// without teams (or when it plays for itself).
fn team_play(game: &Game, seat: Seat, opts: &Options) -> Option<TeamPlay> {
    let teams = game.teams().filter(|_| opts.team_aware)?;
    let mine = teams[seat as usize];
    let n = game.players() as Seat;
    // Turn order from the seat to move, so the seat itself comes first.
    let order = (0..n).map(|i| (seat + i) % n);
    let allies: Vec<Seat> = order
        .clone()
        .filter(|&s| teams[s as usize] == mine)
        .collect();
    let foes: Vec<Seat> = order.filter(|&s| teams[s as usize] != mine).collect();
    let camp = game.position().board().camp_size() as u32;
    let need = starhop_engine::game::team_marbles_to_win(camp * allies.len() as u32);
    Some(TeamPlay { allies, foes, need })
}

/// Picks the action for the player to move. Never panics; always returns a
/// legal action for a game that is not over (`Pass` only when the player has
/// no legal move, or after the power marble's first move when its second
/// would lose ground). In party mode it may return `BotAction::Item`: apply
/// it and ask again for the rest of the turn. Respects the per-move limit
/// and the time bank by capping the time budget with a safety margin.
/// Deterministic when no time limit applies (no `budget.time`, no clocks).
pub fn choose(game: &Game, level: Level, budget: Budget, seed: u64) -> Decision {
    choose_with(game, level, budget, seed, Options::default())
}

/// The time a bot may use now: the budget, capped by the game's clocks.
pub fn time_allowed(game: &Game, budget: &Budget) -> Option<Duration> {
    let mut t = budget.time;
    let mut cap = |ms: u64| {
        let d = Duration::from_millis(ms);
        t = Some(t.map_or(d, |x| x.min(d)));
    };
    if let Some(left) = game.move_time_left() {
        // Keep a fifth (at least 100 ms) for the move's own bookkeeping.
        let left = left as u64;
        cap(left.saturating_sub((left / 5).max(100)).max(1));
    }
    if let Some(bank) = game.bank_left(game.to_move()) {
        // Spread the bank over (at least) 30 more moves.
        let bank = bank as u64;
        cap((bank / 30).saturating_sub(20).max(1));
    }
    t
}

/// Nodes the race solver may spend on a move when no time limit applies.
const RACE_NODES: u64 = 2_000_000;

/// [`choose`] with extra options.
pub fn choose_with(
    game: &Game,
    level: Level,
    budget: Budget,
    seed: u64,
    opts: Options,
) -> Decision {
    let start = Instant::now();
    let pass = Decision {
        action: BotAction::Pass,
        depth: 0,
        nodes: 0,
        score: 0,
    };
    if game.is_over() {
        return pass;
    }
    let mut moves = game.legal_moves();
    let seat = game.to_move();
    let single = |m: Move, score: i32| Decision {
        action: BotAction::Move(m),
        depth: 0,
        nodes: 0,
        score,
    };
    let team = team_play(game, seat, &opts);
    // A finish in one (or the team's win) is always taken.
    {
        let mut pos = game.position().clone();
        for &m in &moves {
            pos.shift(seat, m.from, m.to);
            let done =
                pos.has_finished(seat) || team.as_ref().is_some_and(|t| t.done(&pos, &t.allies));
            pos.shift(seat, m.to, m.from);
            if done {
                return single(m, search::WIN);
            }
        }
    }
    let pos = game.position();
    let ev = Eval::new(pos);
    let power = game.power_marble();
    let moved = game.state().turn.moved.is_some();
    if power.is_some() && moved {
        // The power marble's second move is optional: it is made only when
        // it does not lose ground.
        moves.retain(|m| ev.gain(seat, m.from, m.to) >= 0);
    }
    // Items are used before the turn's move.
    let items_now = opts.use_items
        && game.rules().items
        && !moved
        && !game.held(seat).is_empty()
        && !game.item_uses().is_empty();
    if moves.is_empty() && !items_now {
        return pass;
    }
    if !items_now && power.is_none() {
        if moves.len() == 1 {
            return single(moves[0], 0);
        }
        keep_anti_passive_safe(game, &mut moves);
        if moves.len() == 1 {
            return single(moves[0], 0);
        }
    } else if power.is_none() {
        keep_anti_passive_safe(game, &mut moves);
    }
    let mut rng = Rng::new(seed ^ 0xA5A5_5A5A_1234_5678 ^ (game.actions().count() as u64) << 32);
    let seats: Vec<Seat> = (0..game.players() as Seat)
        .map(|i| (seat + i) % game.players() as Seat)
        .filter(|&s| game.player(s).status == Status::Playing)
        .collect();
    let two = seats.len() == 2 && game.players() == 2;
    let mut turns = [0u32; 6];
    for (s, t) in turns.iter_mut().enumerate().take(game.players()) {
        *t = game.player(s as Seat).turns;
    }
    let round_first = if two && turns[seats[0] as usize] > turns[seats[1] as usize] {
        seats[1]
    } else {
        seats[0]
    };
    let rules = game.rules();
    let setup = Setup {
        rules: game.move_rules(),
        anti_passive: rules.anti_passive,
        equal_moves: rules.equal_moves,
        seats: seats.clone(),
        turns,
        round_first,
        noise: level.noise(),
        seed: rng.next_u64(),
        multi: opts.multi,
        prune_backward: true,
        team,
    };
    let time = time_allowed(game, &budget);
    let cap = level.depth_cap(two || seats.len() == 2);
    let limited = time.is_some() || budget.max_nodes.is_some();
    let max_depth = match (budget.max_depth, time) {
        (Some(d), _) => d.min(cap),
        (None, Some(_)) => cap,
        (None, None) => level.default_depth(two || seats.len() == 2),
    }
    .max(1);
    let mut limits = Limits {
        deadline: time.map(|t| start + t),
        max_depth,
        max_nodes: budget.max_nodes.unwrap_or(u64::MAX),
        stop: budget.stop.clone(),
    };
    let ctx = party::Ctx {
        game,
        seat,
        ev: &ev,
        setup: &setup,
        rules: game.move_rules(),
        box_bonus: if opts.use_items && rules.items && game.held(seat).len() < MAX_HELD {
            party::BOX_VALUE
        } else {
            0
        },
    };
    let mut spent = 0;
    let mut baseline = None;
    if items_now {
        // No item takes an own marble back into its home camp: never a gain,
        // and a risk under the anti-passive rule.
        let home = pos.home(seat);
        let uses: Vec<ItemUse> = game
            .item_uses()
            .into_iter()
            .filter(|u| match *u {
                ItemUse::FlyingWing { to, .. } => !home.contains(to),
                ItemUse::Swap { marble, other } => !home.contains(other) || home.contains(marble),
                _ => true,
            })
            .collect();
        let chosen = match level {
            Level::Beginner | Level::Easy => party::casual(&ctx, level, &uses, &mut rng),
            Level::Medium => party::greedy(&ctx, &uses, &mut rng),
            Level::Hard | Level::Master => {
                // Half the budget to weigh the items; the move search keeps
                // the rest. Without limits the comparison searches a ply
                // less than the move search.
                let mut share = party::share(&limits, start, limits.max_nodes / 2, 0.5);
                if !limited {
                    share.max_depth = (max_depth - 1).max(1);
                }
                let weighed = party::searched(&ctx, &uses, &moves, &share, &mut rng);
                spent = weighed.used;
                baseline = weighed.baseline;
                weighed.decision
            }
        };
        if let Some(d) = chosen {
            return d;
        }
        if moves.is_empty() {
            return pass;
        }
    }
    limits.max_nodes = limits.max_nodes.saturating_sub(spent);
    if let Some(marble) = power.filter(|_| !moved) {
        if let Some(d) = party::power_first_move(&ctx, level, marble, &moves, &limits, &mut rng) {
            return d;
        }
        return pass;
    }
    if moves.len() == 1 {
        return single(moves[0], 0);
    }
    if level == Level::Beginner {
        return beginner(game, &ev, &moves, ctx.box_bonus, &mut rng);
    }
    if opts.race && two && level >= Level::Hard && !items_now && power.is_none() {
        let limits = crossing::Limits {
            // Half the time: if the race is not solved, the search has the rest.
            deadline: time.map(|t| start + t / 2),
            stop: budget.stop.as_ref().map(|s| s.0.clone()),
            // Without a time limit the bots are deterministic: a node budget.
            max_nodes: time.is_none().then_some(RACE_NODES),
            ..crossing::Limits::default()
        };
        let long = game.move_rules().long_jumps;
        if race::separated(pos, long)
            && let Some(lane) = race::lane_until(pos, seat, long, limits)
            && let Some(best) = lane.best.filter(|m| moves.contains(m))
        {
            return single(best, 0);
        }
    }
    if opts.multi == Multi::Mcts && !two && seats.len() > 2 {
        let found = mcts::search(pos.clone(), &ev, &setup, &limits, &moves);
        return Decision {
            action: BotAction::Move(found.mv.unwrap_or(moves[0])),
            depth: found.depth,
            nodes: found.nodes + spent,
            score: found.score,
        };
    }
    // After weighing the items, their search without an item goes on
    // (its table holds the shallower depths); else a fresh search.
    let (mut searcher, before) = match baseline {
        Some(mut s) => {
            let before = s.nodes;
            limits.max_nodes = limits.max_nodes.saturating_add(before);
            s.set_limits(limits);
            (s, before)
        }
        None => {
            let mut s = Searcher::new(pos.clone(), &ev, &setup, limits);
            s.boxes = game.boxes();
            s.box_bonus = ctx.box_bonus;
            if level <= Level::Medium {
                s.box_near_bonus = ctx.box_bonus / 2;
            }
            (s, 0)
        }
    };
    let found = searcher.search_root(&moves);
    let mv = found.mv.unwrap_or(moves[0]);
    Decision {
        action: BotAction::Move(mv),
        depth: found.depth,
        nodes: found.nodes - before + spent,
        score: found.score,
    }
}

/// Keeps the bot clear of the anti-passive rule (RULES §4): drops the moves
/// that would lose at the end of this turn, and when the marbles still at home
/// need every remaining turn before the next checkpoint to get out, keeps only
/// the moves that bring one of them closer to leaving (unless none does).
fn keep_anti_passive_safe(game: &Game, moves: &mut Vec<Move>) {
    if !game.rules().anti_passive {
        return;
    }
    let seat = game.to_move();
    let pos = game.position();
    let camp = pos.board().camp_size() as u32;
    let turns = game.player(seat).turns;
    let home = pos.home(seat);
    let out = pos.out_of_home(seat) as i32;
    if let Some(need) = anti_passive_required(turns + 1, camp) {
        let ok = |m: &Move| {
            let delta = home.contains(m.from) as i32 - home.contains(m.to) as i32;
            out + delta >= need as i32
        };
        if moves.iter().any(ok) {
            moves.retain(ok);
        }
        return;
    }
    let Some((checkpoint, need)) = ANTI_PASSIVE_TURNS
        .into_iter()
        .filter(|&c| c > turns)
        .find_map(|c| anti_passive_required(c, camp).map(|n| (c, n)))
    else {
        return;
    };
    if out >= need as i32 {
        return;
    }
    let b = pos.board();
    let exit = |h: u8| -> i32 {
        if !home.contains(h) {
            return 0;
        }
        b.centre
            .iter()
            .map(|x| b.distance(h, x) as i32)
            .min()
            .unwrap_or(0)
    };
    // Steps the closest home marbles need to get out, one step a turn at worst.
    let mut steps: Vec<i32> = (pos.marbles(seat) & home).iter().map(exit).collect();
    steps.sort_unstable();
    let required: i32 = steps.iter().take((need as i32 - out) as usize).sum();
    let turns_left = (checkpoint - turns) as i32;
    // Opponents arriving in this camp can block the way out: keep slack.
    if required + 4 < turns_left {
        return;
    }
    let helps = |m: &Move| home.contains(m.from) && exit(m.to) < exit(m.from);
    if moves.iter().any(helps) {
        moves.retain(helps);
    }
}

/// The beginner: one ply, much noise, and human mistakes: long chains are
/// often not seen, the marble moved last time is a favourite, and now and
/// then any move that gains ground is played. In party mode it notices the
/// boxes on half its turns, and then likes a move onto one (`box_bonus` is
/// 0 when the hand is full or items are off).
fn beginner(game: &Game, ev: &Eval, moves: &[Move], box_bonus: i32, rng: &mut Rng) -> Decision {
    let seat = game.to_move();
    let b = game.position().board();
    let boxes = if box_bonus > 0 && rng.below(2) == 0 {
        game.boxes()
    } else {
        starhop_engine::Bitboard::EMPTY
    };
    let mut seen: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| b.distance(m.from, m.to) < 4 || rng.below(2) == 0)
        .collect();
    if seen.is_empty() {
        seen = moves.to_vec();
    }
    let decent: Vec<Move> = seen
        .iter()
        .copied()
        .filter(|m| ev.gain(seat, m.from, m.to) >= 1)
        .collect();
    let pick = if !decent.is_empty() && rng.below(5) == 0 {
        decent[rng.below(decent.len() as u64) as usize]
    } else {
        let favourite = game.player(seat).last_move.map(|m| m.to);
        let mut pos = game.position().clone();
        let turns = game.player(seat).turns + 1;
        let ap = game.rules().anti_passive;
        let mut best = (i32::MIN, seen[0]);
        for &m in &seen {
            pos.shift(seat, m.from, m.to);
            let mut v = -ev.cost(&pos, seat, turns, ap);
            pos.shift(seat, m.to, m.from);
            if Some(m.from) == favourite {
                v += STEP;
            }
            if boxes.contains(m.to) {
                v += BEGINNER_BOX;
            }
            v += rng.below(6 * STEP as u64 + 1) as i32 - 3 * STEP;
            if v > best.0 {
                best = (v, m);
            }
        }
        best.1
    };
    Decision {
        action: BotAction::Move(pick),
        depth: 1,
        nodes: seen.len() as u64,
        score: 0,
    }
}

/// What a box is worth to the beginner on a turn it notices the boxes: a
/// little more than to the others (a box is fun), against its noise of
/// three steps either way.
const BEGINNER_BOX: i32 = 3 * STEP;

/// How much a move lowers the mover's remaining distance (RULES §4's measure).
pub fn progress(game: &Game, mv: Move) -> i32 {
    let seat = game.to_move();
    let mut after = game.position().clone();
    after.shift(seat, mv.from, mv.to);
    game.position().remaining_distance(seat) as i32 - after.remaining_distance(seat) as i32
}

/// The one-ply greedy bot: the legal move that gains the most distance, ties
/// broken at random with the given RNG. `None` when the player must pass.
pub fn greedy_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    let moves = game.legal_moves();
    let scored: Vec<(i32, Move)> = moves.iter().map(|&m| (progress(game, m), m)).collect();
    let best = scored.iter().map(|s| s.0).max()?;
    let top: Vec<Move> = scored.iter().filter(|s| s.0 == best).map(|s| s.1).collect();
    Some(top[rng.below(top.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::{FirstMoveMethod, Rules};

    #[test]
    fn greedy_opens_with_a_two_hole_jump() {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let game = Game::new(rules, 2, 0).unwrap();
        let mv = greedy_move(&game, &mut Rng::new(1)).unwrap();
        assert_eq!(
            progress(&game, mv),
            2,
            "a jump over the front row gains two steps"
        );
        assert!(game.legal_moves().iter().all(|&m| progress(&game, m) <= 2));
    }

    #[test]
    fn greedy_bots_finish_a_two_player_game_on_the_small_board() {
        let rules = Rules {
            board_size: 3,
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let mut game = Game::new(rules, 2, 0).unwrap();
        let mut rng = Rng::new(3);
        while !game.is_over() && game.actions().count() < 400 {
            match greedy_move(&game, &mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => game.pass().unwrap(),
            };
        }
        assert!(game.is_over(), "greedy play reaches an end");
    }
}

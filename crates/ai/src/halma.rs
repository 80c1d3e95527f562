//! Halma's bot (RULES §12). The Chinese-checkers evaluation carries over to
//! the square board: each piece's distance to the far corner (king steps,
//! so the yard fills from its deepest squares), a straggler penalty for
//! the piece furthest behind, and a price on pieces still at home that
//! rises as an anti-passive checkpoint nears with too few out; in the
//! endgame, the least total steps to fill the target (§4's remaining
//! distance). Moves that gain most (long chains) are searched first. Two players: alpha-beta over the difference of the
//! two evaluations, deepening until the level's depth or the deadline.
//! Four players: the mover's own move, then (Hard and Master) the best
//! reply of the seat after it, each judged by its own evaluation against
//! the others'.

use crate::Level;
use starhop_engine::halma::board::{CORNERS, Square, column, row, square};
use starhop_engine::halma::game::{
    ANTI_PASSIVE_ROUNDS, anti_passive_required, out_of_home, remaining_distance,
};
use starhop_engine::halma::{HalmaGame, HalmaMove, HalmaPosition};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a piece still at home costs, in tenths of a step: a step, and
/// five more when the seat's next anti-passive checkpoint is near and it
/// is short of the pieces out that the checkpoint asks for.
pub fn home_weights(game: &HalmaGame) -> [i32; 4] {
    std::array::from_fn(|seat| {
        if seat >= game.players() || !game.rules().anti_passive {
            return 30;
        }
        // Past the opening, a piece left at home risks being walled in by
        // the other side's arrivals before the last checkpoint: it comes
        // out before anything else.
        if game.player(seat as u8).turns >= EVACUATE_FROM {
            return 60;
        }
        let near = checkpoint_shortfall(game, seat)
            .is_some_and(|(short, left)| short > 0 && left <= short + 10);
        if near { 80 } else { 30 }
    })
}

/// Pieces still outside the target at which the endgame's measure takes over.
const ENDGAME_OUTSIDE: u32 = 5;

/// The own move from which every piece still at home weighs heavily.
const EVACUATE_FROM: u32 = 15;

/// The seat is as many pieces short of its next anti-passive checkpoint
/// as it has moves left before it.
fn must_leave_home(game: &HalmaGame, seat: usize) -> bool {
    checkpoint_shortfall(game, seat).is_some_and(|(short, left)| short > 0 && left <= short)
}

/// Pieces short of the next anti-passive checkpoint, and the seat's moves
/// left before it.
fn checkpoint_shortfall(game: &HalmaGame, seat: usize) -> Option<(u32, u32)> {
    if !game.rules().anti_passive {
        return None;
    }
    let pos = game.position();
    let turns = game.player(seat as u8).turns;
    let &at = ANTI_PASSIVE_ROUNDS.iter().find(|&&c| c > turns)?;
    let need = anti_passive_required(at, pos.yards().pieces())?;
    Some((need.saturating_sub(out_of_home(pos, seat)), at - turns))
}

/// A position's worth for one seat: higher is better.
pub fn evaluate(pos: &HalmaPosition, seat: usize) -> i32 {
    evaluate_with(pos, seat, 30)
}

/// [`evaluate`] with a given price on a piece at home.
fn evaluate_with(pos: &HalmaPosition, seat: usize, home_weight: i32) -> i32 {
    let y = pos.yards();
    let (cr, cc) = CORNERS[(y.home_corner[seat] + 2) % 4];
    let far = square(cr, cc);
    let dist = |s: Square| -> i32 {
        let dr = (row(s) as i32 - row(far) as i32).abs();
        let dc = (column(s) as i32 - column(far) as i32).abs();
        dr.max(dc) + (dr + dc) / 4
    };
    // The endgame (most pieces home in the target): the exact measure of
    // §4, the least total steps to fill the target, so the last squares
    // get filled instead of pieces shuttling at its edge.
    let inside = (pos.pieces[seat] & y.target(seat)).count();
    if inside + ENDGAME_OUTSIDE >= y.pieces() {
        return -10 * remaining_distance(pos, seat) as i32;
    }
    let mut total = 0;
    let mut worst = 0;
    for p in pos.pieces[seat].iter() {
        let d = dist(p);
        // Squared as well: the pieces furthest behind cost most, so none
        // is left to be walled in at home by the other side's arrivals.
        total += d + d * d / 8;
        worst = worst.max(d);
    }
    // Pieces still at home, by the steps each needs to leave it: the
    // anti-passive rule wants half of them out by the 25th move and all
    // by the 40th, and a piece deep in the corner takes several moves.
    let exits = &exit_steps(pos.players as usize)[y.home_corner[seat]];
    let home: i32 = (pos.pieces[seat] & y.home(seat))
        .iter()
        .map(|s| i32::from(exits[s as usize]))
        .sum();
    -(10 * total + 6 * worst + home_weight * home)
}

/// By corner, each square's king steps to the nearest square outside that
/// corner's yard (0 outside it).
fn exit_steps(players: usize) -> &'static [[u8; 256]; 4] {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<[[u8; 256]; 4]>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(players == 4)].get_or_init(|| {
        let y = starhop_engine::halma::board::Yards::new(players).expect("2 or 4 players");
        std::array::from_fn(|corner| {
            let yard = y.corners[corner];
            std::array::from_fn(|s| {
                let s = s as Square;
                if !yard.contains(s) {
                    return 0;
                }
                (0..=255u8)
                    .filter(|&t| !yard.contains(t))
                    .map(|t| {
                        let dr = (row(s) as i32 - row(t) as i32).unsigned_abs();
                        let dc = (column(s) as i32 - column(t) as i32).unsigned_abs();
                        dr.max(dc) as u8
                    })
                    .min()
                    .unwrap_or(0)
            })
        })
    })
}

/// Depth of the search by level (two players).
fn depth(level: Level) -> u32 {
    match level {
        Level::Beginner | Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 3,
        Level::Master => 4,
    }
}

/// Noise added to each root move's score, by level (Beginner errs most).
fn noise(level: Level) -> i32 {
    match level {
        Level::Beginner => 60,
        Level::Easy => 20,
        _ => 0,
    }
}

struct Search<'a> {
    rules_no_foreign: bool,
    home: [i32; 4],
    deadline: Instant,
    stop: &'a AtomicBool,
    nodes: u64,
    out_of_time: bool,
}

impl Search<'_> {
    fn eval(&self, pos: &HalmaPosition, seat: usize) -> i32 {
        evaluate_with(pos, seat, self.home[seat])
    }

    fn time_up(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256)
            && (Instant::now() >= self.deadline || self.stop.load(Ordering::Relaxed))
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// Moves of `seat`, the ones that gain most first (better cut-offs).
    fn ordered(&self, pos: &HalmaPosition, seat: usize) -> Vec<(Square, Square)> {
        let mut moves = Vec::with_capacity(128);
        pos.pairs_into(seat, self.rules_no_foreign, &mut moves);
        let target = pos.yards().target(seat);
        let gain = |&(f, t): &(Square, Square)| {
            let mut next = *pos;
            next.pieces[seat].remove(f);
            next.pieces[seat].insert(t);
            self.eval(&next, seat) + if target.contains(t) { 5 } else { 0 }
        };
        let mut scored: Vec<(i32, (Square, Square))> =
            moves.iter().map(|m| (gain(m), *m)).collect();
        scored.sort_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    /// Two players: negamax with alpha-beta; the score is the mover's.
    fn negamax(&mut self, pos: &HalmaPosition, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let me = pos.to_move as usize;
        let other = 1 - me;
        // Every node counts (the leaves too), then the depth decides.
        if self.time_up() || depth == 0 {
            return self.eval(pos, me) - self.eval(pos, other);
        }
        let moves = self.ordered(pos, me);
        if moves.is_empty() {
            let mut next = *pos;
            next.pass();
            return -self.negamax(&next, depth - 1, -beta, -alpha);
        }
        let mut best = i32::MIN + 1;
        for (f, t) in moves {
            let mut next = *pos;
            next.apply_pair(me, f, t);
            let score = -self.negamax(&next, depth - 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.out_of_time {
                break;
            }
        }
        best
    }
}

/// The bot's move for the seat to move; `None` when the game is over, the
/// seat has no move (it passes), or the stop flag was raised before any
/// answer.
pub fn choose(
    game: &HalmaGame,
    level: Level,
    deadline: Instant,
    stop: &AtomicBool,
    seed: u64,
) -> Option<HalmaMove> {
    think(game, level, deadline, stop, seed).best
}

/// What a search found, and how much it looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub best: Option<HalmaMove>,
    /// Positions visited (each node of the search tree, the root's moves
    /// included), for nodes per second.
    pub nodes: u64,
    /// The deepest search finished in time (0: none).
    pub depth: u32,
}

/// [`choose`] with the search's figures.
pub fn think(
    game: &HalmaGame,
    level: Level,
    deadline: Instant,
    stop: &AtomicBool,
    seed: u64,
) -> Thought {
    let mut legal = game.legal_moves();
    if legal.is_empty() || stop.load(Ordering::Relaxed) {
        return Thought {
            best: None,
            nodes: 0,
            depth: 0,
        };
    }
    let pos = *game.position();
    let me = pos.to_move as usize;
    // When every move left before the next checkpoint must take a piece
    // out of home, only such moves are looked at (if there are any); past
    // the opening, moves that bring a piece at home nearer its way out
    // come first of all (the last checkpoint wants every piece out).
    let home = pos.yards().home(me);
    let exits = &exit_steps(game.players())[pos.yards().home_corner[me]];
    let leaving = |m: &&HalmaMove| home.contains(m.from) && !home.contains(m.to);
    let nearer =
        |m: &&HalmaMove| home.contains(m.from) && exits[m.to as usize] < exits[m.from as usize];
    let evacuating = game.rules().anti_passive && game.player(me as u8).turns >= EVACUATE_FROM;
    let keep: Vec<HalmaMove> = if must_leave_home(game, me) {
        legal.iter().filter(leaving).cloned().collect()
    } else if evacuating {
        legal.iter().filter(nearer).cloned().collect()
    } else {
        Vec::new()
    };
    if !keep.is_empty() {
        legal = keep;
    }
    let mut search = Search {
        rules_no_foreign: game.rules().no_foreign_stop,
        home: home_weights(game),
        deadline,
        stop,
        nodes: 0,
        out_of_time: false,
    };
    let mut rng = seed ^ u64::from(pos.to_move) ^ game.actions().count() as u64;
    let mut jitter = move |amount: i32| -> i32 {
        if amount == 0 {
            return 0;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((rng >> 33) % (2 * amount as u64 + 1)) as i32 - amount
    };
    let score_of = |search: &mut Search, m: &HalmaMove, d: u32| -> i32 {
        let mut next = pos;
        next.apply_pair(me, m.from, m.to);
        if game.players() == 2 {
            -search.negamax(&next, d - 1, i32::MIN + 1, i32::MAX)
        } else {
            four_player_score(search, &next, me, d)
        }
    };
    let max_depth = match game.players() {
        2 => depth(level),
        _ => match level {
            Level::Hard | Level::Master => 2,
            _ => 1,
        },
    };
    // Deepen one ply at a time; a depth cut short by the deadline is not used.
    let mut best: Option<(i32, usize)> = None;
    let mut finished = 0;
    let noise = noise(level);
    let noises: Vec<i32> = legal.iter().map(|_| jitter(noise)).collect();
    for d in 1..=max_depth {
        let mut this: Option<(i32, usize)> = None;
        for (i, m) in legal.iter().enumerate() {
            let s = score_of(&mut search, m, d) + noises[i];
            if search.out_of_time {
                break;
            }
            if this.is_none_or(|(b, _)| s > b) {
                this = Some((s, i));
            }
        }
        if search.out_of_time {
            break;
        }
        best = this;
        finished = d;
    }
    // With no depth finished in time, the first move (the list is never empty).
    let i = best.map_or(0, |(_, i)| i);
    Thought {
        best: Some(legal[i].clone()),
        nodes: search.nodes,
        depth: finished,
    }
}

/// Four players: the position after our move, or after the next seat's
/// best reply to it (depth 2), as our evaluation against the mean of the
/// others'.
fn four_player_score(search: &mut Search, pos: &HalmaPosition, me: usize, depth: u32) -> i32 {
    let judge = |search: &Search, p: &HalmaPosition| -> i32 {
        let others: i32 = (0..p.players as usize)
            .filter(|&s| s != me)
            .map(|s| search.eval(p, s))
            .sum();
        3 * search.eval(p, me) - others
    };
    if search.time_up() || depth < 2 {
        return judge(search, pos);
    }
    let next = pos.to_move as usize;
    let replies = search.ordered(pos, next);
    match replies.first() {
        Some(&(f, t)) => {
            let mut after = *pos;
            after.apply_pair(next, f, t);
            judge(search, &after)
        }
        None => judge(search, pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starhop_engine::halma::HalmaRules;
    use std::time::Duration;

    fn think(game: &HalmaGame, level: Level) -> Option<HalmaMove> {
        let stop = AtomicBool::new(false);
        let deadline = Instant::now() + Duration::from_millis(200);
        choose(game, level, deadline, &stop, 7)
    }

    #[test]
    fn a_search_counts_every_node_it_visits() {
        let game = HalmaGame::new(HalmaRules::for_players(2)).unwrap();
        let stop = AtomicBool::new(false);
        // Depth 1 with all the time it needs: one node per root move, no more.
        let deadline = Instant::now() + Duration::from_secs(30);
        let t = super::think(&game, Level::Beginner, deadline, &stop, 1);
        let legal = game.legal_moves().len() as u64;
        assert_eq!(t.depth, 1, "{t:?}");
        assert_eq!(t.nodes, legal, "one node per root move");
        assert!(t.best.is_some());
    }

    #[test]
    fn every_level_answers_with_a_legal_move_for_two_and_four_players() {
        for players in [2, 4] {
            let game = HalmaGame::new(HalmaRules::for_players(players)).unwrap();
            for level in Level::ALL {
                let m = think(&game, level).expect("a move");
                assert!(game.legal_moves().contains(&m), "{level:?}: {m:?}");
            }
        }
    }

    #[test]
    fn a_bot_that_must_empty_its_home_before_a_checkpoint_moves_a_piece_out() {
        // Seat 0 has made 24 moves with only one piece out: at its 25th it
        // needs 10 out, which it cannot reach, but the move it makes must
        // take a piece out of home (the most the rule can still ask).
        let mut game = HalmaGame::new(HalmaRules {
            repetition_limit: false,
            deadlock_adjudication: false,
            ..HalmaRules::for_players(2)
        })
        .unwrap();
        let (a, b) = (square(4, 1), square(5, 1));
        let (c, d) = (square(11, 14), square(10, 14));
        for i in 0..23 {
            let (f, t) = if i % 2 == 0 { (a, b) } else { (b, a) };
            game.play(f, t).unwrap();
            let (f, t) = if i % 2 == 0 { (c, d) } else { (d, c) };
            game.play(f, t).unwrap();
        }
        assert_eq!(game.player(0).turns, 23);
        let home = game.position().yards().home(0);
        assert!(must_leave_home(&game, 0));
        let m = think(&game, Level::Master).unwrap();
        assert!(home.contains(m.from) && !home.contains(m.to), "{m:?}");
    }

    #[test]
    fn a_raised_stop_flag_gives_no_move() {
        let game = HalmaGame::new(HalmaRules::for_players(2)).unwrap();
        let stop = AtomicBool::new(true);
        let deadline = Instant::now() + Duration::from_secs(5);
        assert_eq!(choose(&game, Level::Master, deadline, &stop, 1), None);
    }
}

//! Party mode (RULES §8) for the bots: when to use an item, and the power
//! marble's two moves.
//!
//! Every legal item use is first ranked by a cheap look at the position
//! after it (the evaluation, plus the best forward move the mover then has
//! and the best one the opponents keep; the power marble counts its marble's
//! best two moves). Beginner and Easy use items casually, Medium takes the
//! best-ranked use when it beats its best move by a margin, and Hard and
//! Master search the few best-ranked uses side by side with the position
//! without an item, deepening all of them in step so their scores compare at
//! one depth. A use must beat not using it by a margin (holding an item has
//! value), a smaller one when the hand is full (the next pickup would be
//! lost). Effects with chance (the tornado) are simulated with the bot's own
//! random numbers, never the game's, and averaged over a few draws.

use crate::eval::{Eval, STEP};
use crate::search::{Limits, Searcher, Setup, WIN};
use crate::{BotAction, Decision, Level};
use starhop_engine::items::MAX_HELD;
use starhop_engine::{Bitboard, Game, Hole, Item, ItemUse, Move, MoveRules, Position, Rng, Seat};
use std::time::Instant;

/// What a decision shares: the game, the evaluation and the search set-up.
pub(crate) struct Ctx<'a> {
    pub game: &'a Game,
    pub seat: Seat,
    pub ev: &'a Eval,
    pub setup: &'a Setup,
    pub rules: MoveRules,
    /// What taking a box's item is worth to the mover now (0 when the hand
    /// is full or the bot does not use items).
    pub box_bonus: i32,
}

/// Tornado draws averaged per candidate (the real draw is unknown).
const TORNADO_SAMPLES: u64 = 3;
/// A marble that stops on a box takes its item: worth about two steps.
pub(crate) const BOX_VALUE: i32 = 2 * STEP;
/// Item uses searched per item kind by Hard and Master (the best-ranked).
const SEARCHED_PER_KIND: usize = 1;
/// Item uses searched in all, power marble first moves included.
const SEARCHED_MAX: usize = 5;
/// First moves of the power marble searched (the best-ranked two-move plans).
const POWER_FIRST_MOVES: usize = 3;
/// Transposition table size of each side-by-side search.
const TT_BITS: u32 = 16;

impl Ctx<'_> {
    fn two(&self) -> bool {
        self.setup.seats.len() == 2
    }

    /// The evaluation from the mover's side, as the search's leaves see it.
    fn value(&self, pos: &Position) -> i32 {
        if pos.has_finished(self.seat) {
            return WIN;
        }
        let cost = |s: Seat| {
            self.ev.cost(
                pos,
                s,
                self.setup.turns[s as usize],
                self.setup.anti_passive,
            )
        };
        let mine = cost(self.seat);
        let opps = self.setup.seats[1..].iter().map(|&s| cost(s));
        if self.two() {
            opps.sum::<i32>() - mine
        } else {
            opps.min().unwrap_or(0) / 2 - mine
        }
    }

    /// The most steps one move of `seat` gains in `pos` (0 with no move).
    fn best_gain(&self, pos: &Position, seat: Seat, buf: &mut Vec<Move>) -> i32 {
        buf.clear();
        pos.legal_moves(seat, self.rules, buf);
        buf.iter()
            .map(|m| self.ev.gain(seat, m.from, m.to))
            .max()
            .unwrap_or(0)
            .max(0)
    }

    /// The most any opponent gains with one move, halved with several
    /// opponents (only one of them is the leader the evaluation watches).
    fn threat(&self, pos: &Position, buf: &mut Vec<Move>) -> i32 {
        let best = self.setup.seats[1..]
            .iter()
            .map(|&s| self.best_gain(pos, s, buf))
            .max()
            .unwrap_or(0);
        if self.two() { best } else { best / 2 }
    }

    /// The best two moves of the marble on `from` (the power marble), as
    /// (value after both, first move), best first; only plans whose second
    /// move exists or whose first move ends the turn well are kept.
    fn power_plans(&self, pos: &Position, from: Hole) -> Vec<(i32, Move)> {
        let mut plans = Vec::new();
        let mut p = pos.clone();
        for d1 in pos.destinations(self.seat, from, self.rules).iter() {
            p.shift(self.seat, from, d1);
            // The player may stop after the first move.
            let mut best = self.value(&p);
            if best < WIN {
                for d2 in p.destinations(self.seat, d1, self.rules).iter() {
                    p.shift(self.seat, d1, d2);
                    best = best.max(self.value(&p));
                    p.shift(self.seat, d2, d1);
                }
            }
            p.shift(self.seat, d1, from);
            plans.push((best, Move { from, to: d1 }));
        }
        plans.sort_by_key(|x| -x.0);
        plans
    }

    /// The cheap rank of the position after `u` (`None` when the simulation
    /// cannot play it). Higher is better for the mover.
    fn rank(&self, u: ItemUse, rng: &mut Rng, buf: &mut Vec<Move>) -> Option<i32> {
        let pos = self.game.position();
        let boxes = self.game.boxes();
        if let ItemUse::PowerMarble { marble } = u {
            let (v, _) = *self.power_plans(pos, marble).first()?;
            return Some(v - STEP * self.threat(pos, buf));
        }
        if let ItemUse::Tornado { centre } = u {
            let mut sum = 0;
            for _ in 0..TORNADO_SAMPLES {
                let p = tornado(pos, self.game.tornado_area(centre)?, rng)?;
                sum += self.after(&p, buf);
            }
            return Some(sum / TORNADO_SAMPLES as i32);
        }
        let mut p = pos.clone();
        let mut bonus = 0;
        match u {
            ItemUse::Roadblock { hole } => p.walls.insert(hole),
            ItemUse::RoadWorker { hole } => p.virtuals.insert(hole),
            ItemUse::FlyingWing { marble, to } => {
                p.shift(self.seat, marble, to);
                bonus = self.box_bonus * boxes.contains(to) as i32;
            }
            ItemUse::Swap { marble, other } => {
                let them = pos.owner(other)?;
                p.shift(self.seat, marble, other);
                p.shift(them, other, marble);
                bonus = self.box_bonus * boxes.contains(other) as i32;
            }
            ItemUse::PowerMarble { .. } | ItemUse::Tornado { .. } => unreachable!(),
        }
        Some(self.after(&p, buf) + bonus)
    }

    /// Rank of a position the mover is still to move in: its value, the best
    /// gain the mover then has, less the opponents' best gain.
    fn after(&self, p: &Position, buf: &mut Vec<Move>) -> i32 {
        let v = self.value(p);
        if v >= WIN {
            return WIN;
        }
        v + STEP * (self.best_gain(p, self.seat, buf) - self.threat(p, buf))
    }

    /// The rank of not using an item: the same measure on the position as it is.
    fn rank_without(&self, buf: &mut Vec<Move>) -> i32 {
        self.after(self.game.position(), buf)
    }

    /// How much better than not using one an item use must look.
    fn margin(&self) -> i32 {
        if self.game.held(self.seat).len() >= MAX_HELD {
            STEP / 4
        } else {
            STEP
        }
    }
}

/// The tornado's shuffle (RULES §8) with the bot's own random numbers.
fn tornado(pos: &Position, area: Bitboard, rng: &mut Rng) -> Option<Position> {
    let mut p = pos.clone();
    let lifted: Vec<(Seat, Hole)> = area
        .iter()
        .filter_map(|h| pos.owner(h).map(|s| (s, h)))
        .collect();
    let mut places: Vec<Hole> = (area & !(pos.walls | pos.virtuals)).iter().collect();
    rng.shuffle(&mut places);
    for &(_, h) in &lifted {
        p.clear(h);
    }
    for (&(s, _), &to) in lifted.iter().zip(&places) {
        p.place(s, to).ok()?;
    }
    Some(p)
}

fn item_decision(u: ItemUse, nodes: u64, depth: u32, score: i32) -> Decision {
    Decision {
        action: BotAction::Item(u),
        depth,
        nodes,
        score,
    }
}

/// Beginner and Easy: now and then a held item, at a random target
/// (Beginner) or the best-ranked of a few random targets (Easy).
pub(crate) fn casual(ctx: &Ctx, level: Level, uses: &[ItemUse], rng: &mut Rng) -> Option<Decision> {
    let one_in = if level == Level::Beginner { 4 } else { 3 };
    if uses.is_empty() || rng.below(one_in) != 0 {
        return None;
    }
    let mut kinds: Vec<Item> = uses.iter().map(|u| u.item()).collect();
    kinds.dedup();
    let kind = kinds[rng.below(kinds.len() as u64) as usize];
    let of_kind: Vec<ItemUse> = uses.iter().copied().filter(|u| u.item() == kind).collect();
    let pick = |rng: &mut Rng| of_kind[rng.below(of_kind.len() as u64) as usize];
    let u = if level == Level::Beginner {
        pick(rng)
    } else {
        let mut buf = Vec::new();
        let mut best = (i32::MIN, pick(rng));
        for _ in 0..6 {
            let u = pick(rng);
            if let Some(r) = ctx.rank(u, rng, &mut buf)
                && r > best.0
            {
                best = (r, u);
            }
        }
        best.1
    };
    Some(item_decision(u, 0, 1, 0))
}

/// Every use ranked, best first.
fn ranked(ctx: &Ctx, uses: &[ItemUse], rng: &mut Rng) -> Vec<(i32, ItemUse)> {
    let mut buf = Vec::with_capacity(256);
    let mut out: Vec<(i32, ItemUse)> = uses
        .iter()
        .filter_map(|&u| ctx.rank(u, rng, &mut buf).map(|r| (r, u)))
        .collect();
    // Stable: among equal ranks the engine's order decides (deterministic).
    out.sort_by_key(|x| -x.0);
    out
}

/// Medium: the best-ranked use, if it beats the best move alone by the margin.
pub(crate) fn greedy(ctx: &Ctx, uses: &[ItemUse], rng: &mut Rng) -> Option<Decision> {
    let mut buf = Vec::with_capacity(256);
    let without = ctx.rank_without(&mut buf);
    let &(r, u) = ranked(ctx, uses, rng).first()?;
    (r > without + ctx.margin()).then(|| item_decision(u, uses.len() as u64, 1, r - without))
}

/// The power marble's second move after `first`: the position once the
/// first is made, and the same marble's moves from there (none when stuck).
fn second_move_job(ctx: &Ctx, first: Move) -> Job {
    let mut pos = ctx.game.position().clone();
    pos.shift(ctx.seat, first.from, first.to);
    let moves = pos
        .destinations(ctx.seat, first.to, ctx.rules)
        .iter()
        .map(|to| Move { from: first.to, to })
        .collect();
    Job { pos, moves }
}

/// One position to search, with the root moves the mover has there.
struct Job {
    pos: Position,
    moves: Vec<Move>,
}

/// The scores of every job at one depth, and the depth.
type Scores = Option<(Vec<i32>, u32)>;

/// Searches the jobs side by side, one depth at a time, until `max_depth`
/// or the limits stop one of them. Returns the scores of the deepest depth
/// every job completed, that depth, and the nodes used.
fn in_step<'a>(ctx: &Ctx<'a>, jobs: &[Job], limits: &Limits) -> (Scores, u64, Vec<Searcher<'a>>) {
    let open = Limits {
        max_depth: 1,
        ..limits.clone()
    };
    let mut searchers: Vec<Searcher<'a>> = jobs
        .iter()
        .map(|j| {
            let mut s =
                Searcher::with_table(j.pos.clone(), ctx.ev, ctx.setup, open.clone(), TT_BITS);
            s.boxes = ctx.game.boxes() & j.pos.empty_holes();
            s.box_bonus = ctx.box_bonus;
            s
        })
        .collect();
    let mut used = 0u64;
    let mut best = None;
    'deepen: for depth in 1..=limits.max_depth {
        let mut scores = Vec::with_capacity(jobs.len());
        for (s, job) in searchers.iter_mut().zip(jobs) {
            let before = s.nodes;
            s.set_limits(Limits {
                max_depth: depth,
                max_nodes: before + limits.max_nodes.saturating_sub(used),
                ..limits.clone()
            });
            let found = s.search_root(&job.moves);
            used += s.nodes - before;
            if s.stopped() {
                break 'deepen;
            }
            scores.push(found.score);
        }
        let decided = scores.iter().any(|s| s.abs() >= WIN - 200);
        best = Some((scores, depth));
        if decided {
            break;
        }
    }
    (best, used, searchers)
}

/// What weighing the items came to: the item to use (if any), the nodes
/// spent, and the search of the position without an item, to go on with.
pub(crate) struct Weighed<'a> {
    pub decision: Option<Decision>,
    pub used: u64,
    pub baseline: Option<Searcher<'a>>,
}

impl Weighed<'_> {
    fn decided(d: Decision) -> Self {
        Weighed {
            decision: Some(d),
            used: 0,
            baseline: None,
        }
    }
    fn decided_none() -> Self {
        Weighed {
            decision: None,
            used: 0,
            baseline: None,
        }
    }
}

/// Hard and Master: the best-ranked uses searched against no use. `moves`
/// are the mover's root moves without an item. Returns the decision (if an
/// item wins) and the nodes spent.
pub(crate) fn searched<'a>(
    ctx: &Ctx<'a>,
    uses: &[ItemUse],
    moves: &[Move],
    limits: &Limits,
    rng: &mut Rng,
) -> Weighed<'a> {
    let ranked = ranked(ctx, uses, rng);
    // The best few per kind, then the best overall up to the cap.
    let mut chosen: Vec<ItemUse> = Vec::new();
    for kind in Item::ALL {
        chosen.extend(
            ranked
                .iter()
                .filter(|x| x.1.item() == kind)
                .take(SEARCHED_PER_KIND)
                .map(|x| x.1),
        );
    }
    chosen.sort_by_key(|u| -ranked.iter().find(|x| x.1 == *u).map_or(0, |x| x.0));
    chosen.truncate(SEARCHED_MAX);
    // Jobs: the position without an item first, then each use's positions
    // (several tornado draws; the power marble's best first moves).
    let seat = ctx.seat;
    let mut jobs = vec![Job {
        pos: ctx.game.position().clone(),
        moves: moves.to_vec(),
    }];
    let mut owner: Vec<usize> = vec![usize::MAX];
    for (i, &u) in chosen.iter().enumerate() {
        match u {
            ItemUse::PowerMarble { marble } => {
                for (_, first) in ctx
                    .power_plans(ctx.game.position(), marble)
                    .into_iter()
                    .take(POWER_FIRST_MOVES)
                {
                    let job = second_move_job(ctx, first);
                    if job.pos.has_finished(seat) {
                        return Weighed::decided(item_decision(u, 0, 1, WIN));
                    }
                    if !job.moves.is_empty() {
                        jobs.push(job);
                        owner.push(i);
                    }
                }
            }
            _ => {
                let draws = if u.item() == Item::Tornado {
                    TORNADO_SAMPLES.min(2)
                } else {
                    1
                };
                for _ in 0..draws {
                    // The real game's rules on a copy whose future draws are the bot's own.
                    let mut g = ctx.game.clone();
                    g.reseed_rng(rng.next_u64());
                    if g.use_item(u).is_err() {
                        break;
                    }
                    if g.position().has_finished(seat) {
                        return Weighed::decided(item_decision(u, 0, 1, WIN));
                    }
                    let moves = g.legal_moves();
                    if !moves.is_empty() {
                        jobs.push(Job {
                            pos: g.position().clone(),
                            moves,
                        });
                        owner.push(i);
                    }
                }
            }
        }
    }
    if jobs.len() == 1 {
        return Weighed::decided_none();
    }
    let without_moves = !moves.is_empty();
    if !without_moves {
        // No move without an item: the job only holds the place.
        jobs[0].moves = Vec::new();
    }
    let (result, used, mut searchers) = in_step(ctx, &jobs, limits);
    // The search without an item goes on as the move search if no item wins.
    let baseline = (without_moves && !searchers.is_empty()).then(|| searchers.swap_remove(0));
    let Some((scores, depth)) = result else {
        return Weighed {
            decision: None,
            used,
            baseline,
        };
    };
    // Each use's score: the best power first move, the mean of tornado draws.
    let mut best: Option<(i32, ItemUse)> = None;
    for (i, &u) in chosen.iter().enumerate() {
        let mine: Vec<i32> = (1..jobs.len())
            .filter(|&j| owner[j] == i)
            .map(|j| scores[j])
            .collect();
        if mine.is_empty() {
            continue;
        }
        let s = match u {
            ItemUse::PowerMarble { .. } => *mine.iter().max().unwrap(),
            _ => mine.iter().sum::<i32>() / mine.len() as i32,
        };
        if best.is_none_or(|b| s > b.0) {
            best = Some((s, u));
        }
    }
    let Some((s, u)) = best else {
        return Weighed {
            decision: None,
            used,
            baseline,
        };
    };
    let base = if without_moves { scores[0] } else { -WIN };
    let wins = s >= WIN - 200 && base < WIN - 200;
    let decision = (wins || s > base.saturating_add(ctx.margin()))
        .then(|| item_decision(u, used, depth, s - base));
    Weighed {
        decision,
        used,
        baseline,
    }
}

/// The first of the power marble's two moves. Hard and Master search the
/// best-ranked first moves with the marble's second move at the root; the
/// others take the best plan by the evaluation (Beginner and Easy with
/// noise). `None` when the marble cannot move.
pub(crate) fn power_first_move(
    ctx: &Ctx,
    level: Level,
    marble: Hole,
    legal: &[Move],
    limits: &Limits,
    rng: &mut Rng,
) -> Option<Decision> {
    let mut plans: Vec<(i32, Move)> = ctx
        .power_plans(ctx.game.position(), marble)
        .into_iter()
        .filter(|(_, m)| legal.contains(m))
        .collect();
    let (top, first) = *plans.first()?;
    let pick = |mv: Move, nodes: u64, depth: u32, score: i32| Decision {
        action: BotAction::Move(mv),
        depth,
        nodes,
        score,
    };
    if top >= WIN || plans.len() == 1 {
        return Some(pick(first, 0, 1, top));
    }
    match level {
        Level::Beginner | Level::Easy => {
            let noise = level.noise();
            for p in plans.iter_mut() {
                p.0 += rng.below(2 * noise as u64 + 1) as i32 - noise;
            }
            let best = plans.iter().max_by_key(|p| p.0).unwrap();
            Some(pick(best.1, 0, 1, best.0))
        }
        Level::Medium => Some(pick(first, 0, 1, top)),
        Level::Hard | Level::Master => {
            let mut firsts = Vec::new();
            let mut jobs = Vec::new();
            for &(_, m) in plans.iter().take(POWER_FIRST_MOVES) {
                let job = second_move_job(ctx, m);
                if !job.moves.is_empty() {
                    jobs.push(job);
                    firsts.push(m);
                }
            }
            if jobs.len() < 2 {
                return Some(pick(firsts.first().copied().unwrap_or(first), 0, 1, top));
            }
            let (result, used, _) = in_step(ctx, &jobs, limits);
            let Some((scores, depth)) = result else {
                return Some(pick(first, used, 0, top));
            };
            let (i, &s) = scores
                .iter()
                .enumerate()
                .max_by_key(|&(i, &s)| (s, -(i as i32)))
                .unwrap();
            Some(pick(firsts[i], used, depth, s))
        }
    }
}

/// Limits for a share of the budget: a part of the nodes, and a deadline
/// at `share` of the time left.
pub(crate) fn share(limits: &Limits, start: Instant, nodes: u64, share: f64) -> Limits {
    Limits {
        deadline: limits
            .deadline
            .map(|d| start + d.saturating_duration_since(start).mul_f64(share)),
        max_nodes: nodes,
        ..limits.clone()
    }
}

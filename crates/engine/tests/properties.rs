//! Property tests over random games under random rule sets: every option of
//! `Rules`, every board size, player count and team set-up, and games that
//! move, pass, resign (any seat, at any time), run out their clocks, and undo
//! and redo. After every action:
//!
//! - marbles are conserved and never share a hole (nor a wall or virtual marble);
//! - the generator agrees with the reference generator (`tests/common`, which
//!   judges the repetition limit from the action list itself) both ways;
//! - refused actions (illegal moves, passes, resignations) leave the state alone;
//! - undo restores the exact state before, redo the exact state after, also
//!   several actions deep;
//! - statuses only ever leave `Playing`, and who left the game is numbered in order;
//! - a two-player game with deadlock adjudication is over by the time ten
//!   rounds have passed without a new low in either remaining distance
//!   (tracked here, independently of the engine's bookkeeping);
//! - a game that ends reports it once, with one place per seat, places that
//!   agree with the statuses (nobody out above a finisher, finishers by
//!   turns, players still in by remaining distance), scores that agree with
//!   the places, and a reason that fits;
//! - the game's record replays to the same state, and undoing everything
//!   returns to the start.
//!
//! Each property runs a few dozen games by default (the file takes seconds).
//! proptest's own `PROPTEST_CASES` environment variable sets the number of
//! games per property instead, e.g. `PROPTEST_CASES=5000 cargo test -p
//! starhop-engine --test properties` for a long soak.

mod common;
use common::*;
use proptest::prelude::*;
use starhop_engine::Rng;
use starhop_engine::game::{DEADLOCK_ROUNDS, State};
use starhop_engine::testkit::{Lean, Walk};
use starhop_engine::*;
use std::collections::HashSet;

/// `default_cases` cases, unless `PROPTEST_CASES` says otherwise.
fn config(default_cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = default_cases;
    }
    config
}

/// Player counts with the team set-ups each allows.
fn seating() -> impl Strategy<Value = (usize, Teams)> {
    prop::sample::select(vec![
        (2, Teams::None),
        (3, Teams::None),
        (4, Teams::None),
        (4, Teams::TwoVsTwo),
        (6, Teams::None),
        (6, Teams::ThreeVsThree),
    ])
}

/// A clock setting: off, or milliseconds in a range short enough for the
/// random games' clock ticks to run it out now and then.
fn clock(range: std::ops::Range<u32>) -> impl Strategy<Value = Option<u32>> {
    prop_oneof![2 => Just(None), 1 => range.prop_map(Some)]
}

/// Every field of `Rules`, with every value it may take.
fn rules_and_players() -> impl Strategy<Value = (Rules, usize)> {
    let moves = (
        prop::sample::select(vec![3u8, 4, 5]),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(0u8..4),
        any::<bool>(),
    );
    let ends = (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        clock(starhop_engine::rules::MIN_CLOCK_MS..6_000),
        clock(2_000..40_000),
        any::<bool>(),
    );
    (seating(), moves, ends, 0u8..4, any::<u8>()).prop_map(
        |(
            (players, teams),
            (size, long, foreign, locked, pass, reps, skips),
            (equal, play_on, anti, deadlock, limit, bank, items),
            first_kind,
            first_seat,
        )| {
            let first_move = match first_kind {
                0 => FirstMoveMethod::CoinToss,
                1 => FirstMoveMethod::RockPaperScissors,
                2 => FirstMoveMethod::Lots,
                _ => FirstMoveMethod::Fixed(first_seat % players as u8),
            };
            let rules = Rules {
                board_size: size,
                long_jumps: long,
                no_stopping_in_foreign_camps: foreign,
                locked_in_target: locked,
                pass_allowed: pass,
                repetition_limit: reps,
                first_in_skips: skips,
                equal_moves: equal,
                play_on,
                anti_passive: anti,
                deadlock_adjudication: deadlock,
                move_limit_ms: limit,
                time_bank_ms: bank,
                teams,
                first_move,
                items,
                item_set: ItemSet::ALL,
                box_every: 3,
            };
            (rules, players)
        },
    )
}

/// The holes of the straight line from `a` to `b`, both ends included.
fn line_between(b: &Board, a: Hole, c: Hole) -> Bitboard {
    let (x, y) = (b.hex(a), b.hex(c));
    let n = b.distance(a, c) as i32;
    let (dq, dr) = (y.q as i32 - x.q as i32, y.r as i32 - x.r as i32);
    let mut line = Bitboard::EMPTY;
    for i in 0..=n {
        let h = Hex::new(
            (x.q as i32 + dq * i / n) as i8,
            (x.r as i32 + dr * i / n) as i8,
        );
        line.insert(b.hole(h).expect("a hop's line is on the board"));
    }
    line
}

/// The holes whose roadblock or road worker went away in these events.
fn expired(events: &[Event]) -> Bitboard {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ObstacleGone { hole, .. } => Some(*hole),
            _ => None,
        })
        .collect()
}

/// The fields in which two states differ, for readable failures.
fn state_diff(a: &State, b: &State) -> String {
    let mut d = Vec::new();
    if a.pos != b.pos {
        d.push(format!("position:{:?}{:?}", a.pos, b.pos));
    }
    if a.to_move != b.to_move {
        d.push(format!("to_move: {} / {}", a.to_move, b.to_move));
    }
    for (i, (p, q)) in a.players.iter().zip(&b.players).enumerate() {
        if p != q {
            d.push(format!("seat {i}: {p:?}\n     / {q:?}"));
        }
    }
    let rest = |s: &State| {
        format!(
            "turn_ms {} first_in_taken {} progress_round {} outs {} team_done {:?} outcome {:?}",
            s.turn_ms, s.first_in_taken, s.progress_round, s.outs, s.team_done, s.outcome
        )
    };
    if rest(a) != rest(b) {
        d.push(format!("{}\n     / {}", rest(a), rest(b)));
    }
    d.join("\n")
}

/// Asserts two states are equal, naming the fields that differ.
macro_rules! assert_state_eq {
    ($a:expr, $b:expr, $($what:tt)+) => {{
        let (a, b): (&State, &State) = ($a, $b);
        assert!(a == b, "{}: states differ\n{}", format!($($what)+), state_diff(a, b));
    }};
}

/// Deadlock bookkeeping of our own: each seat's lowest remaining distance so
/// far and the round (the mover's turn count) of the last new low.
#[derive(Clone, Debug, PartialEq)]
struct Lows {
    best: Vec<u32>,
    round: u32,
}

/// A random game under test: the game, what we remember of it, and the dice.
struct Run {
    game: Game,
    rng: Rng,
    walk: Walk,
    /// Who made each action (for the reference generator).
    log: Log,
    /// `after[i]`: the state right after action `i` of the current line (0:
    /// the start), redo-able actions included; what redo comes back to.
    after: Vec<State>,
    /// `before[i]`: `after[i]` with the clock ticks since (the state before
    /// action `i + 1`); what undo comes back to.
    before: Vec<State>,
    /// Our deadlock bookkeeping after `i` actions.
    lows: Vec<Lows>,
    /// Whether each ply checks the generator against the reference generator.
    check_generator: bool,
    /// Item uses played, by item (party mode).
    items_used: [usize; 6],
}

impl Run {
    fn new(rules: Rules, players: usize, seed: u64, check_generator: bool) -> Run {
        let game = Game::new(rules, players, seed).expect("valid rules");
        let lows = Lows {
            best: (0..players as Seat)
                .map(|s| game.position().remaining_distance(s))
                .collect(),
            round: 0,
        };
        Run {
            after: vec![game.state().clone()],
            before: vec![game.state().clone()],
            lows: vec![lows],
            log: Log::default(),
            rng: Rng::new(seed ^ 0x5eed),
            walk: Walk {
                lean: Lean::Progress,
                wander_one_in: Some(3),
            },
            game,
            check_generator,
            items_used: [0; 6],
        }
    }

    fn at(&self) -> usize {
        self.game.actions().count()
    }

    fn players(&self) -> usize {
        self.game.players()
    }

    fn playing(&self) -> Vec<Seat> {
        (0..self.players() as Seat)
            .filter(|&s| self.game.player(s).status == Status::Playing)
            .collect()
    }

    /// Plays random actions until the game ends or `steps` steps have passed.
    fn play(&mut self, steps: usize) {
        for _ in 0..steps {
            if self.game.is_over() {
                self.check_game_over_refuses_everything();
                return;
            }
            self.step();
        }
    }

    fn step(&mut self) {
        let moves = self.game.legal_moves();
        if self.check_generator {
            self.check_generator_against_reference(&moves);
        }
        let rules = self.game.rules().clone();
        let clocks = rules.move_limit_ms.is_some() || rules.time_bank_ms.is_some();
        match self.rng.below(400) {
            0..=1 => self.resign(),
            2..=13 => self.refused_actions(&moves),
            14..=29 if self.game.can_undo() => self.undo_some(),
            // Ticks only with nothing to redo: a tick is no action, so redone
            // actions would start from a different clock.
            30..=69 if clocks && !self.game.can_redo() => self.tick(),
            70..=129 if !self.game.item_uses().is_empty() => self.use_item(),
            r => {
                let mover = self.game.to_move();
                let pass = moves.is_empty() || (rules.pass_allowed && r % 12 == 0);
                let before = self.game.state().clone();
                let events = if pass {
                    assert!(self.game.can_pass());
                    self.game.pass().expect("a pass that is allowed")
                } else {
                    let mv = self
                        .walk
                        .choose(&self.game, &mut self.rng)
                        .expect("a legal move");
                    let events = self.game.play(mv).expect("a generated move");
                    let Some(Event::Moved { route, .. }) = events.first() else {
                        panic!("a move reports its route first: {events:?}")
                    };
                    assert_eq!((route[0], *route.last().unwrap()), (mv.from, mv.to));
                    assert!(before.pos.is_valid_route(route, rules.long_jumps));
                    // Walls are never landed on nor jumped: no hole of the
                    // route's lines is a wall, and virtual marbles stay put.
                    let b = before.pos.board();
                    for hop in route.windows(2) {
                        let line = line_between(b, hop[0], hop[1]);
                        assert_eq!(line & before.pos.walls, Bitboard::EMPTY, "{route:?}");
                    }
                    assert_eq!(
                        self.game.position().virtuals & before.pos.virtuals,
                        before.pos.virtuals & !expired(&events)
                    );
                    events
                };
                self.after_action(mover, &before, &events);
            }
        }
    }

    /// The generator and the reference agree exactly, and with `destinations`.
    fn check_generator_against_reference(&self, moves: &[Move]) {
        let set: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(set.len(), moves.len(), "no move is generated twice");
        let reference = reference_moves_with(&self.game, &self.log);
        let seat = self.game.to_move();
        assert!(
            set == reference,
            "seat {seat} to move: only the engine allows {:?}, only the reference allows {:?}\n\
             its turns: {:?}\nrules {:?}\n{:?}",
            set.difference(&reference).collect::<Vec<_>>(),
            reference.difference(&set).collect::<Vec<_>>(),
            self.log
                .0
                .iter()
                .filter(|(s, _)| *s == seat)
                .map(|(_, a)| a)
                .collect::<Vec<_>>(),
            self.game.rules(),
            self.game.position()
        );
        for m in moves {
            assert!(self.game.destinations(m.from).contains(m.to) && self.game.is_legal(*m));
        }
    }

    /// The player to move uses one of their items on a random legal target
    /// (party mode), and the item rules hold.
    fn use_item(&mut self) {
        // An item first, then its target, so items with few targets get used too.
        let mover = self.game.to_move();
        let kinds: Vec<Item> = Item::ALL
            .into_iter()
            .filter(|&i| !self.game.item_uses_of(i).is_empty())
            .collect();
        let item = kinds[self.rng.below(kinds.len() as u64) as usize];
        let uses = self.game.item_uses_of(item);
        let u = uses[self.rng.below(uses.len() as u64) as usize];
        let before = self.game.state().clone();
        let held_before = self.game.held(mover).len();
        let events = self.game.use_item(u).expect("a generated item use");
        self.items_used[u.item() as usize] += 1;
        let pos = self.game.position();
        let Some(Event::ItemUsed { seat, item_use, .. }) = events.first() else {
            panic!("an item use reports itself first: {events:?}")
        };
        assert_eq!((*seat, *item_use), (mover, u));
        assert_eq!(self.game.to_move(), mover, "an item does not end the turn");
        let taken = events
            .iter()
            .filter(|e| matches!(e, Event::ItemTaken { kept: true, .. }))
            .count();
        assert!(self.game.held(mover).len() + 1 >= held_before);
        assert!(self.game.held(mover).len() <= items::MAX_HELD);
        if taken == 0 {
            assert_eq!(self.game.held(mover).len() + 1, held_before);
        }
        // Virtual marbles and walls stay where they were (or are added).
        assert_eq!(before.pos.virtuals & !pos.virtuals, Bitboard::EMPTY);
        assert_eq!(before.pos.walls & !pos.walls, Bitboard::EMPTY);
        // No item leaves a marble in a camp that is neither its home nor its target.
        let b = pos.board();
        for s in 0..self.players() as Seat {
            let arrived = pos.marbles(s) & !before.pos.marbles(s);
            let own = pos.home(s) | pos.target(s);
            assert_eq!(
                arrived & b.any_camp() & !own,
                Bitboard::EMPTY,
                "{u:?} left a marble of seat {s} in a foreign camp"
            );
        }
        // Boxes never lie under marbles, walls or virtual marbles.
        let boxes = self.game.boxes();
        assert_eq!(boxes & !pos.empty_holes(), Bitboard::EMPTY);
        self.after_action(mover, &before, &events);
    }

    /// Any playing seat resigns, whether it is their turn or not.
    fn resign(&mut self) {
        let playing = self.playing();
        let who = playing[self.rng.below(playing.len() as u64) as usize];
        let mover = self.game.to_move();
        let before = self.game.state().clone();
        let events = self.game.resign(who).expect("a playing seat may resign");
        assert!(
            events.contains(&Event::Out {
                seat: who,
                reason: OutReason::Resigned
            }),
            "{events:?}"
        );
        self.after_action(mover, &before, &events);
    }

    /// Actions the rules refuse change nothing: a move that is not legal, a
    /// pass while passing is not allowed, a resignation by a seat not playing.
    fn refused_actions(&mut self, moves: &[Move]) {
        let before = self.game.state().clone();
        let n = self.game.position().board().len() as Hole;
        let from = self.rng.below(n as u64) as Hole;
        let to = self.rng.below(n as u64 + 2) as Hole;
        let mv = Move { from, to };
        if !moves.contains(&mv) {
            assert!(!self.game.is_legal(mv));
            assert!(self.game.play(mv).is_err(), "{mv:?} is not legal");
            assert_eq!(self.game.state(), &before);
        }
        if !self.game.can_pass() {
            assert!(!self.game.rules().pass_allowed && !moves.is_empty());
            assert_eq!(self.game.pass(), Err(RuleError::PassNotAllowed));
            assert_eq!(self.game.state(), &before);
        }
        for s in 0..self.players() as Seat + 1 {
            if !self.playing().contains(&s) {
                assert_eq!(self.game.resign(s), Err(RuleError::NotPlaying(s)));
            }
        }
        assert_eq!(self.game.state(), &before);
    }

    /// Lets time pass for the player to move: mostly within the limits,
    /// sometimes past the move limit or the bank.
    fn tick(&mut self) {
        let rules = self.game.rules().clone();
        let cap = rules
            .move_limit_ms
            .or(rules.time_bank_ms)
            .expect("a clock is on");
        let ms = match self.rng.below(10) {
            0 => cap + self.rng.below(1_000) as u32,
            _ => self.rng.below(cap as u64 / 3 + 1) as u32,
        };
        let mover = self.game.to_move();
        let before = self.game.state().clone();
        let actions = self.at();
        let events = self.game.tick(ms);
        if events.is_empty() {
            assert_eq!(self.at(), actions, "a quiet tick is no action");
            assert_eq!(
                self.game.state().turn_ms,
                before.turn_ms + ms,
                "the mover's clock runs"
            );
            // Undo after the next action comes back to this moment.
            self.before[actions] = self.game.state().clone();
            return;
        }
        let last = self.game.actions().last().cloned();
        let limit = rules.move_limit_ms;
        let bank = before.players[mover as usize].bank_ms;
        match last {
            Some(Action::Timeout { ms: t }) => {
                assert_eq!(Some(t), limit);
                assert!(before.turn_ms + ms >= t);
                assert!(
                    bank.is_none_or(|b| b > t),
                    "the bank would have run out first"
                );
            }
            Some(Action::OutOfTime { ms: t }) => {
                assert_eq!(Some(t), bank);
                assert!(before.turn_ms + ms >= t);
                assert!(
                    limit.is_none_or(|l| t <= l),
                    "the move limit would have struck first"
                );
                assert_eq!(
                    self.game.player(mover).status,
                    Status::Out {
                        reason: OutReason::OutOfTime,
                        order: before.outs
                    }
                );
            }
            other => panic!("a tick with events plays a clock action, not {other:?}"),
        }
        self.after_action(mover, &before, &events);
    }

    /// Undoes one to four actions, checking each state on the way back; then
    /// either redoes them all, or plays on from there (which drops them).
    fn undo_some(&mut self) {
        let k = 1 + self.rng.below(4) as usize;
        let top = self.at();
        for _ in 0..k.min(top) {
            self.game.undo().unwrap();
            let at = self.at();
            assert_state_eq!(self.game.state(), &self.before[at], "undo to action {at}");
            assert!(self.game.can_redo());
            self.log.follow(&self.game, 0);
        }
        if self.rng.coin() {
            while self.at() < top {
                let mover = self.game.to_move();
                self.game.redo().unwrap();
                let at = self.at();
                if let Some(Action::Resign { .. }) = self.game.actions().last() {
                    // A resignation carries no time: the clock of the player
                    // to move runs on from wherever it stands now (the ticks
                    // before it the first time were undone with the action before).
                    self.after[at].turn_ms = self.game.state().turn_ms;
                }
                assert_state_eq!(self.game.state(), &self.after[at], "redo to action {at}");
                // The clock ticks after this action are gone with the undo.
                self.before[at] = self.after[at].clone();
                self.log.follow(&self.game, mover);
            }
        }
        assert_eq!(self.game.can_redo(), self.at() + 1 < self.after.len());
        self.lows.truncate(self.at() + 1);
    }

    /// Checks after an action played from `before` with `events`.
    fn after_action(&mut self, mover: Seat, before: &State, events: &[Event]) {
        let game = &self.game;
        let at = self.at();
        assert!(!game.can_redo(), "a new action clears the redo list");
        self.log.follow(game, mover);
        assert_state_eq!(&self.before[at - 1], before, "the state before action {at}");
        self.after.truncate(at);
        self.after.push(game.state().clone());
        self.before.truncate(at);
        self.before.push(game.state().clone());
        // Marbles are conserved and never share a hole.
        let pos = game.position();
        let camp = pos.board().camp_size() as u32;
        let mut union = Bitboard::EMPTY;
        for s in 0..self.players() as Seat {
            assert_eq!(pos.marbles(s).count(), camp);
            assert_eq!(union & pos.marbles(s), Bitboard::EMPTY);
            union |= pos.marbles(s);
        }
        assert_eq!(union & (pos.walls | pos.virtuals), Bitboard::EMPTY);
        // Statuses only leave Playing; outs are numbered in order.
        for s in 0..self.players() {
            let (was, is) = (before.players[s].status, game.state().players[s].status);
            assert!(
                was == Status::Playing || was == is,
                "seat {s}: {was:?} -> {is:?}"
            );
        }
        let mut orders: Vec<u8> = game
            .state()
            .players
            .iter()
            .filter_map(|p| match p.status {
                Status::Out { order, .. } => Some(order),
                _ => None,
            })
            .collect();
        orders.sort();
        assert_eq!(orders, (0..game.state().outs).collect::<Vec<u8>>());
        // The game ends once, and says so.
        let over_events: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::GameOver(_)))
            .collect();
        match game.outcome() {
            Some(o) => assert_eq!(over_events, vec![&Event::GameOver(o.clone())]),
            None => assert!(over_events.is_empty()),
        }
        // Undo restores the exact state; redo plays the action again.
        let after = game.state().clone();
        self.game.undo().unwrap();
        assert_state_eq!(self.game.state(), before, "undo of action {at}");
        assert_eq!(self.game.redo().unwrap(), events);
        assert_state_eq!(self.game.state(), &after, "redo of action {at}");
        self.track_lows(mover);
        if let Some(o) = self.game.outcome().cloned() {
            self.check_outcome(&o);
        }
    }

    /// Our own deadlock bookkeeping, and the guarantee it gives.
    fn track_lows(&mut self, mover: Seat) {
        let game = &self.game;
        self.lows.truncate(self.at());
        let mut lows = self.lows.last().expect("the start's lows").clone();
        // The rule looks at the board when a turn ends; an item use is in
        // the middle of one (and may move other players' marbles).
        let mid_turn = matches!(game.actions().last(), Some(Action::UseItem { .. }))
            || game.state().turn.moved.is_some();
        for s in 0..self.players() as Seat {
            let d = game.position().remaining_distance(s);
            if mid_turn {
                continue;
            }
            if d < lows.best[s as usize] {
                assert!(
                    s == mover || game.rules().items,
                    "only the mover's distance changes without items"
                );
                lows.best[s as usize] = d;
                lows.round = game.player(mover).turns;
            }
        }
        let adjudicated = game.players() == 2 && game.rules().deadlock_adjudication;
        let stale = game.rounds() >= lows.round + DEADLOCK_ROUNDS;
        if adjudicated && !game.is_over() {
            assert!(
                !stale,
                "{} rounds, last new low in round {}: deadlock adjudication ends the game",
                game.rounds(),
                lows.round
            );
        }
        if game
            .outcome()
            .is_some_and(|o| o.reason == EndReason::Deadlock)
        {
            assert!(adjudicated && stale, "deadlock declared early: {lows:?}");
        }
        self.lows.push(lows);
    }

    /// A finished game's outcome against the statuses, the rules and itself.
    fn check_outcome(&self, o: &Outcome) {
        let game = &self.game;
        let n = self.players();
        let rules = game.rules();
        let st: Vec<Status> = (0..n).map(|s| game.player(s as Seat).status).collect();
        let places = &o.places;
        assert_eq!(places.len(), n, "one place per seat: {o:?}");
        assert!(places.iter().all(|&p| p >= 1 && p as usize <= n), "{o:?}");
        assert!(places.contains(&1), "someone is first: {o:?}");
        let finished = |s: usize| matches!(st[s], Status::Finished { .. });
        let out = |s: usize| matches!(st[s], Status::Out { .. });
        for s in 0..n {
            for t in 0..n {
                if out(s) && finished(t) {
                    assert!(places[s] >= places[t], "out above a finisher: {st:?} {o:?}");
                }
            }
        }
        match game.teams() {
            None => {
                // Competition ranking: finishers by turns, then players still
                // in by remaining distance, then those who left, last out highest.
                let key = |s: usize| -> (u8, u32) {
                    match st[s] {
                        Status::Finished { turns } => (0, turns),
                        Status::Playing => (1, game.position().remaining_distance(s as Seat)),
                        Status::Out { order, .. } => (2, u32::MAX - u32::from(order)),
                    }
                };
                for (s, &place) in places.iter().enumerate() {
                    let better = (0..n).filter(|&t| key(t) < key(s)).count();
                    assert_eq!(place as usize, 1 + better, "seat {s}: {st:?} {o:?}");
                }
            }
            Some(teams) => {
                assert_eq!(o.reason, EndReason::Team);
                for s in 0..n {
                    assert!(places[s] <= 2);
                    for t in 0..n {
                        if teams[s] == teams[t] {
                            assert_eq!(places[s], places[t], "a team shares its place: {o:?}");
                        }
                    }
                    if out(s) {
                        assert_eq!(places[s], 2, "a team with a member out loses: {o:?}");
                    }
                }
            }
        }
        // Scores for two players and teams, agreeing with the places.
        match &o.scores {
            None => assert!(n > 2 && game.teams().is_none(), "{o:?}"),
            Some(scores) => {
                assert!(n == 2 || game.teams().is_some(), "{o:?}");
                assert_eq!(scores.len(), n);
                let allowed: &[f32] = if o.reason == EndReason::Deadlock {
                    &[0.25, 0.5, 0.75]
                } else {
                    &[0.0, 0.5, 1.0]
                };
                assert!(scores.iter().all(|x| allowed.contains(x)), "{o:?}");
                for s in 0..n {
                    for t in 0..n {
                        if places[s] < places[t] {
                            assert!(scores[s] > scores[t], "{o:?}");
                        }
                        if places[s] == places[t] {
                            assert_eq!(scores[s], scores[t], "{o:?}");
                        }
                    }
                }
                if n == 2 {
                    assert_eq!(scores[0] + scores[1], 1.0, "{o:?}");
                }
            }
        }
        // The reason fits the statuses and the rules.
        let playing: Vec<usize> = (0..n).filter(|&s| st[s] == Status::Playing).collect();
        match o.reason {
            EndReason::Team => assert!(game.teams().is_some()),
            EndReason::Finished => {
                assert!((0..n).any(finished), "{st:?}");
                let first = st
                    .iter()
                    .filter_map(|s| match s {
                        Status::Finished { turns } => Some(*turns),
                        _ => None,
                    })
                    .min()
                    .unwrap();
                if rules.equal_moves {
                    for &s in &playing {
                        assert!(
                            game.player(s as Seat).turns >= first,
                            "the finishing round is completed: {:?}",
                            game.state().players
                        );
                    }
                }
                if n > 2 && rules.play_on {
                    assert!(playing.len() <= 1, "play on until every place is decided");
                }
            }
            EndReason::Resigned => assert!((0..n).any(out), "{st:?}"),
            EndReason::Deadlock => {
                assert!(n == 2 && rules.deadlock_adjudication);
                assert_eq!(playing.len(), 2);
            }
            EndReason::Blocked => {
                for &s in &playing {
                    assert!(!game.position().has_move(s as Seat, game.move_rules()));
                }
            }
        }
    }

    /// Once over, the game refuses every action and its clocks stand still.
    fn check_game_over_refuses_everything(&mut self) {
        let before = self.game.state().clone();
        assert!(self.game.legal_moves().is_empty());
        assert!(!self.game.can_pass());
        assert_eq!(self.game.pass(), Err(RuleError::GameOver));
        assert!(self.game.tick(1_000_000).is_empty());
        for s in 0..self.players() as Seat {
            assert!(self.game.resign(s).is_err());
        }
        assert_eq!(self.game.state(), &before);
    }

    /// The record replays to the same state (the clock running within the
    /// current turn is not an action and is not recorded), and undoing
    /// everything returns to the start.
    fn check_record_and_undo_all(mut self, seed: u64) {
        let game = &self.game;
        let json = Record::of(game, vec!["a".into(); game.players()]).to_json();
        let replayed = Record::from_json(&json).unwrap().replay().unwrap();
        let mut live = game.state().clone();
        live.turn_ms = replayed.state().turn_ms;
        assert_state_eq!(replayed.state(), &live, "replay of the record");
        assert_eq!(replayed.actions().count(), game.actions().count());
        assert_eq!(Log::of(game), self.log, "the log follows the game");
        while self.game.can_undo() {
            self.game.undo().unwrap();
        }
        assert_state_eq!(self.game.state(), &self.before[0], "undo of everything");
        let fresh = Game::new(self.game.rules().clone(), self.game.players(), seed).unwrap();
        let mut start = self.before[0].clone();
        start.turn_ms = 0;
        assert_state_eq!(&start, fresh.state(), "the start against a new game");
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn random_games_keep_every_invariant(
        (rules, players) in rules_and_players(),
        seed in any::<u64>(),
        steps in 1usize..600,
        wander in prop::option::of(1u64..5),
    ) {
        let mut run = Run::new(rules, players, seed, true);
        // From uniformly random moves (wandering one move in one) to pure progress.
        run.walk.wander_one_in = wander;
        run.play(steps);
        run.check_record_and_undo_all(seed);
    }
}

/// Party rules for the party property test: every option of
/// `rules_and_players`, items on, a box every `every` rounds, and the items
/// whose bits are set in `set` (at least one).
fn party(rules: Rules, every: u8, set: u8) -> Rules {
    let item_set = Item::ALL
        .into_iter()
        .filter(|&i| set & (1 << i as u8) != 0)
        .fold(ItemSet::NONE, ItemSet::with);
    Rules {
        items: true,
        box_every: every,
        item_set: if item_set.is_empty() {
            ItemSet::ALL
        } else {
            item_set
        },
        ..rules
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// Party games (RULES §8): the invariants of every game plus the item
    /// rules (see `Run::use_item`), with boxes often and items used at random.
    #[test]
    fn party_games_keep_every_invariant(
        (rules, players) in rules_and_players(),
        seed in any::<u64>(),
        steps in 1usize..600,
        every in 0u8..4,
        set in any::<u8>(),
    ) {
        let mut run = Run::new(party(rules, every, set), players, seed, true);
        run.play(steps);
        run.check_record_and_undo_all(seed);
    }
}

/// The party runs above really use items: over a few fixed games, every item
/// is used, so the item checks run for each of them.
#[test]
fn party_runs_use_every_item() {
    let mut used = [0usize; 6];
    for seed in 0..6 {
        let rules = party(Rules::classic(), 1, 0);
        let mut run = Run::new(rules, 2 + 2 * (seed as usize % 2), seed, false);
        run.play(400);
        for (u, n) in used.iter_mut().zip(run.items_used) {
            *u += n;
        }
        run.check_record_and_undo_all(seed);
    }
    assert!(used.iter().all(|&n| n > 0), "uses by item: {used:?}");
}

proptest! {
    #![proptest_config(config(12))]

    /// Deadlock adjudication guarantees an end to a two-player game: each
    /// new low lowers one of two whole numbers, and at most ten rounds pass
    /// between new lows, so the game is over by round
    /// `10 * (d0 + d1 + 1)` where `d0`, `d1` are the starting distances.
    /// Uniformly random play (which hardly ever progresses) must end by then.
    #[test]
    fn deadlock_adjudication_ends_every_two_player_game(
        (rules, _) in rules_and_players(),
        seed in any::<u64>(),
    ) {
        let rules = Rules {
            board_size: 3,
            deadlock_adjudication: true,
            teams: Teams::None,
            first_move: match rules.first_move {
                FirstMoveMethod::Fixed(s) => FirstMoveMethod::Fixed(s % 2),
                method => method,
            },
            move_limit_ms: None,
            time_bank_ms: None,
            ..rules
        };
        let mut run = Run::new(rules, 2, seed, false);
        run.walk.wander_one_in = Some(1);
        let start = run.game.position();
        let bound = DEADLOCK_ROUNDS * (start.remaining_distance(0) + start.remaining_distance(1) + 1);
        // Two turns a round, and one more round for the finishing one; only
        // moves and passes, every action checked as above.
        for _ in 0..2 * (bound + 1) {
            if run.game.is_over() {
                break;
            }
            let mover = run.game.to_move();
            let before = run.game.state().clone();
            let pass = run.game.rules().pass_allowed && run.rng.below(10) == 0;
            let events = match run.walk.choose(&run.game, &mut run.rng) {
                Some(mv) if !pass => run.game.play(mv).unwrap(),
                _ => run.game.pass().unwrap(),
            };
            run.after_action(mover, &before, &events);
        }
        let game = &run.game;
        prop_assert!(game.is_over(), "no end after {} rounds (bound {bound})", game.rounds());
    }
}

/// Whole games to the end on the small board, moves leaning forward: every
/// game ends, with a place for everyone and the outcome checks above.
#[test]
fn long_random_games_end_with_a_full_ranking() {
    for (players, teams, seed) in [
        (2usize, Teams::None, 1u64),
        (3, Teams::None, 2),
        (4, Teams::None, 3),
        (6, Teams::None, 4),
        (4, Teams::TwoVsTwo, 5),
        (6, Teams::ThreeVsThree, 6),
    ] {
        let rules = Rules {
            board_size: 3,
            teams,
            ..Rules::classic()
        };
        let mut run = Run::new(rules, players, seed, false);
        run.walk = Walk::PROGRESS;
        // Only moves and passes: no resignations, clocks or undos.
        for _ in 0..5_000 {
            if run.game.is_over() {
                break;
            }
            let mover = run.game.to_move();
            let before = run.game.state().clone();
            let events = match run.walk.choose(&run.game, &mut run.rng) {
                Some(mv) => run.game.play(mv).unwrap(),
                None => run.game.pass().unwrap(),
            };
            run.after_action(mover, &before, &events);
        }
        let outcome = run.game.outcome().unwrap_or_else(|| {
            panic!(
                "{players} players: the game ends\n{:?}",
                run.game.position()
            )
        });
        assert_ne!(outcome.reason, EndReason::Resigned);
        run.check_record_and_undo_all(seed);
    }
}

/// A start where nobody can move: every home camp walled in (its marbles
/// can neither step out nor jump, and the camp is full).
fn walled_in(rules: &Rules, players: usize) -> Game {
    let board = Board::get(rules.board_size).unwrap();
    let mut pos = Position::start(board, players).unwrap();
    let homes = (0..players as Seat).fold(Bitboard::EMPTY, |a, s| a | pos.home(s));
    for h in homes.iter() {
        for &x in &board.neighbour[h as usize] {
            if x != geometry::NONE && !homes.contains(x) {
                pos.walls.insert(x);
            }
        }
    }
    Game::from_position(rules.clone(), pos, 0).unwrap()
}

proptest! {
    #![proptest_config(config(24))]

    /// RULES §4, "Blocked": when no player (free-for-all or teams) can move
    /// for a full round, the game ends and the places go by remaining distance.
    #[test]
    fn a_game_where_nobody_can_move_ends_within_a_round(
        (rules, players) in rules_and_players(),
    ) {
        let mut game = walled_in(&rules, players);
        for s in 0..players as Seat {
            prop_assert!(!game.position().has_move(s, game.move_rules()));
        }
        for _ in 0..players {
            if game.is_over() {
                break;
            }
            prop_assert!(game.legal_moves().is_empty() && game.can_pass());
            game.pass().unwrap();
        }
        prop_assert!(
            game.is_over(),
            "still going after a round of forced passes: {} players, teams {:?}, pass allowed {}",
            players, rules.teams, rules.pass_allowed
        );
        let o = game.outcome().unwrap();
        prop_assert_eq!(o.places.len(), players);
    }
}

/// RULES §5: the clock of the player to move runs. When that player resigns,
/// their time used is theirs: the next player's clock starts from zero.
#[test]
fn resigning_on_turn_hands_the_next_player_a_fresh_clock() {
    let rules = Rules {
        move_limit_ms: Some(10_000),
        time_bank_ms: Some(60_000),
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut game = Game::new(rules, 3, 0).unwrap();
    game.tick(9_000);
    game.resign(0).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.to_move(), 1);
    assert_eq!(game.move_time_left(), Some(10_000), "{:?}", game.state());
    assert_eq!(game.bank_left(1), Some(60_000));
    // A little more thinking must not time seat 1 out.
    assert!(
        game.tick(2_000).is_empty(),
        "seat 1 charged for seat 0's time"
    );
}

/// RULES §3: a repetition is a marble returning to the hole it occupied two
/// of its owner's *moves* earlier. A pass or a time-out is not a move, so it
/// neither counts nor wipes the chain: otherwise passing (or letting the
/// clock run out) in between would shuttle a marble for ever. This is the
/// smallest case of what the reference generator finds in random games.
#[test]
fn a_pass_or_time_out_between_does_not_lift_the_repetition_limit() {
    for time_out in [true, false] {
        let rules = Rules {
            pass_allowed: true,
            repetition_limit: Some(0),
            move_limit_ms: Some(1_000),
            anti_passive: false,
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let mut game = Game::new(rules, 2, 0).unwrap();
        let b = game.position().board();
        let step = *game
            .legal_moves()
            .iter()
            .find(|m| b.distance(m.from, m.to) == 1)
            .expect("a step out of the home camp");
        let back = Move {
            from: step.to,
            to: step.from,
        };
        game.play(step).unwrap();
        game.play(quiet_move(&game)).unwrap();
        // With a limit of 0, stepping straight back is refused...
        assert!(!game.is_legal(back));
        // ...and still is after a turn without a move.
        if time_out {
            game.tick(1_000);
        } else {
            game.pass().unwrap();
        }
        game.play(quiet_move(&game)).unwrap();
        assert_eq!(game.to_move(), 0);
        assert!(
            !game.is_legal(back),
            "after a {}, {back:?} undoes seat 0's last move",
            if time_out { "time-out" } else { "pass" }
        );
    }
}

//! Helpers shared by the engine's integration tests: set-up positions and
//! a deliberately simple reference move generator.
#![allow(dead_code)]

use starhop_engine::geometry::DIRS;
use starhop_engine::*;
use std::collections::HashSet;

pub fn board(size: u8) -> &'static Board {
    Board::get(size).unwrap()
}

pub fn at(b: &Board, q: i8, r: i8) -> Hole {
    b.hole(Hex::new(q, r))
        .unwrap_or_else(|| panic!("({q},{r}) is not on board {}", b.size))
}

/// Rules with a fixed first mover and no rules that would interfere with a scripted test.
pub fn plain(size: u8, first: Seat) -> Rules {
    Rules {
        board_size: size,
        first_move: FirstMoveMethod::Fixed(first),
        anti_passive: false,
        deadlock_adjudication: false,
        repetition_limit: None,
        ..Rules::classic()
    }
}

/// Puts `seat` one step from finishing: its target full but for one entry
/// hole, and its last marble on a free centre hole next to it. Returns the finishing move.
pub fn near_finish(pos: &mut Position, seat: Seat) -> Move {
    let b = pos.board();
    let target = pos.target(seat);
    for entry in target.iter() {
        let free = pos.empty_holes();
        let Some(&outside) = b.neighbour[entry as usize]
            .iter()
            .find(|&&x| x != geometry::NONE && b.centre.contains(x) && free.contains(x))
        else {
            continue;
        };
        if !free.contains(entry) || target.iter().any(|h| h != entry && !free.contains(h)) {
            continue;
        }
        for h in target.iter().filter(|&h| h != entry) {
            pos.place(seat, h).unwrap();
        }
        pos.place(seat, outside).unwrap();
        return Move {
            from: outside,
            to: entry,
        };
    }
    panic!("no entry hole for seat {seat}");
}

/// Adds marbles of `seat` on free centre holes until it has a full set, keeping off `avoid`.
pub fn fill_centre(pos: &mut Position, seat: Seat, avoid: Bitboard) {
    let b = pos.board();
    let want = b.camp_size() as u32;
    for h in b.centre.iter() {
        if pos.marbles(seat).count() >= want {
            break;
        }
        if pos.empty_holes().contains(h) && !avoid.contains(h) {
            pos.place(seat, h).unwrap();
        }
    }
    assert_eq!(pos.marbles(seat).count(), want);
}

/// A legal move of the player to move that does not end in their target
/// (so it finishes nothing), if there is one.
pub fn quiet_move(game: &Game) -> Move {
    let target = game.position().target(game.to_move());
    let moves = game.legal_moves();
    *moves
        .iter()
        .find(|m| !target.contains(m.to))
        .or(moves.first())
        .expect("a legal move")
}

/// Every action of a game with the seat that was to move when it was played:
/// the reference generator's own memory of who moved what, kept apart from
/// the engine's per-player counters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Log(pub Vec<(Seat, Action)>);

impl Log {
    /// The log of a game so far, learnt by replaying its action list on a
    /// fresh copy of the game and noting the seat to move before each action.
    pub fn of(game: &Game) -> Log {
        let record = Record::of(game, Vec::new());
        let mut fresh = Record {
            actions: Vec::new(),
            ..record.clone()
        }
        .replay()
        .expect("the game's own start replays");
        let mut log = Log::default();
        for action in record.actions {
            let mover = fresh.to_move();
            fresh
                .apply(action.clone())
                .expect("the game's own actions replay");
            log.0.push((mover, action));
        }
        log
    }

    /// Brings the log in line with the game after one action by `mover`, an
    /// undo or a redo (the game's action list is the truth about what happened;
    /// the log adds who did it).
    pub fn follow(&mut self, game: &Game, mover: Seat) {
        let n = game.actions().count();
        if n < self.0.len() {
            self.0.truncate(n);
        } else if n == self.0.len() + 1 {
            let last = game.actions().last().expect("one more action").clone();
            self.0.push((mover, last));
        }
        assert_eq!(self.0.len(), n, "the log follows one action at a time");
        assert!(
            self.0.iter().map(|(_, a)| a).eq(game.actions()),
            "the log holds the game's actions"
        );
    }

    /// RULES §3, by the rule book's words: a move that brings a marble back to
    /// the hole it occupied two of its owner's *moves* earlier (so: the exact
    /// reverse of the owner's previous move; passes, time-outs and skipped
    /// turns are not moves and neither count nor break the chain) is a
    /// repetition; once a player has made `limit` of them, the returning move
    /// is refused. Returns the refused move of `seat`, if any.
    pub fn repetition_ban(&self, seat: Seat, limit: u8) -> Option<Move> {
        let mut last: Option<Move> = None;
        let mut repetitions = 0u32;
        let mut commit = |m: Move| {
            if m.from != m.to {
                if last
                    == Some(Move {
                        from: m.to,
                        to: m.from,
                    })
                {
                    repetitions += 1;
                }
                last = Some(m);
            }
        };
        // A power marble turn (RULES §8) holds up to two moves of one marble,
        // and the rule looks at the turn's move as a whole: `open` is the
        // first move of such a turn while a second may follow.
        let mut power_pending = false;
        let mut open: Option<Move> = None;
        for (mover, action) in &self.0 {
            match *action {
                Action::UseItem {
                    item_use: ItemUse::PowerMarble { .. },
                    ..
                } if *mover == seat => power_pending = true,
                Action::Move { from, to, .. } if *mover == seat => {
                    if let Some(first) = open.take() {
                        commit(Move {
                            from: first.from,
                            to,
                        });
                    } else if power_pending {
                        open = Some(Move { from, to });
                    } else {
                        commit(Move { from, to });
                    }
                    power_pending = false;
                }
                Action::Resign { .. } | Action::UseItem { .. } => {}
                _ => {
                    if let Some(first) = open.take() {
                        commit(first);
                    }
                    power_pending = false;
                }
            }
        }
        if open.is_some() {
            // Mid-turn: the limit concerns a turn's first move only.
            return None;
        }
        let last = last?;
        (repetitions >= u32::from(limit)).then_some(Move {
            from: last.to,
            to: last.from,
        })
    }
}

/// Reference move generator: plain coordinates, hash sets and the rule book's
/// words, no bitboards or tables. Slow and obvious on purpose. The repetition
/// limit is judged from the game's action list (see `Log`), never from the
/// engine's counters.
pub fn reference_moves(game: &Game) -> HashSet<Move> {
    let log = match game.rules().repetition_limit {
        Some(_) => Log::of(game),
        None => Log::default(),
    };
    reference_moves_with(game, &log)
}

/// `reference_moves` with the game's log kept by the caller (`Log::follow`),
/// which saves replaying the game at every call.
pub fn reference_moves_with(game: &Game, log: &Log) -> HashSet<Move> {
    let pos = game.position();
    let b = pos.board();
    let rules = game.rules();
    let seat = game.to_move();
    let mut out = HashSet::new();
    if game.is_over() {
        return out;
    }
    let hex_of = |h: Hole| b.hex(h);
    let on_board = |q: i32, r: i32| -> Option<Hole> {
        if q.abs() > 20 || r.abs() > 20 {
            return None;
        }
        b.hole(Hex::new(q as i8, r as i8))
    };
    // A power marble turn (RULES §8): only that marble moves.
    let movers = match game.power_marble() {
        Some(p) => Bitboard::single(p),
        None => pos.marbles(seat),
    };
    for from in movers.iter() {
        // Marbles and virtual marbles can be jumped; anything else non-empty blocks.
        let mut jumpable: HashSet<Hole> = HashSet::new();
        for s in 0..pos.players() as Seat {
            jumpable.extend(pos.marbles(s).iter());
        }
        jumpable.remove(&from);
        jumpable.extend(pos.virtuals.iter());
        let walls: HashSet<Hole> = pos.walls.iter().collect();
        let empty = |h: Hole| !jumpable.contains(&h) && !walls.contains(&h);
        let mut ends = HashSet::new();
        let f = hex_of(from);
        for (dq, dr) in DIRS {
            if let Some(n) = on_board(f.q as i32 + dq as i32, f.r as i32 + dr as i32)
                && empty(n)
            {
                ends.insert(n);
            }
        }
        // Jump chains by exhaustive search over landings.
        let mut seen = HashSet::from([from]);
        let mut todo = vec![from];
        while let Some(h) = todo.pop() {
            let x = hex_of(h);
            for (dq, dr) in DIRS {
                let max_k = if rules.long_jumps { 20 } else { 1 };
                for k in 1..=max_k {
                    // The hop goes over the hole k away onto the hole 2k away.
                    let Some(over) =
                        on_board(x.q as i32 + k * dq as i32, x.r as i32 + k * dr as i32)
                    else {
                        break;
                    };
                    let Some(land) = on_board(
                        x.q as i32 + 2 * k * dq as i32,
                        x.r as i32 + 2 * k * dr as i32,
                    ) else {
                        continue;
                    };
                    let between_empty = (1..2 * k).filter(|&i| i != k).all(|i| {
                        on_board(x.q as i32 + i * dq as i32, x.r as i32 + i * dr as i32)
                            .is_some_and(empty)
                    });
                    if jumpable.contains(&over) && between_empty && empty(land) && seen.insert(land)
                    {
                        ends.insert(land);
                        todo.push(land);
                    }
                }
            }
        }
        let home_camp = pos.home_camp(seat);
        let target_camp = (home_camp + 3) % 6;
        let in_target = b.camp_of[from as usize] == Some(target_camp);
        for to in ends {
            let camp = b.camp_of[to as usize];
            if rules.no_stopping_in_foreign_camps
                && camp.is_some_and(|c| c != home_camp && c != target_camp)
            {
                continue;
            }
            if rules.locked_in_target && in_target && camp != Some(target_camp) {
                continue;
            }
            out.insert(Move { from, to });
        }
    }
    // The repetition limit, by its definition in the rule book.
    if let Some(limit) = rules.repetition_limit
        && let Some(ban) = log.repetition_ban(seat, limit)
    {
        out.remove(&ban);
    }
    out
}

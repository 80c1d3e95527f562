//! A checksum of the game's state, so that two machines that applied the same
//! actions can check in a few bytes that they agree (network play).
//!
//! It covers everything undo restores except the running turn's clock: in a
//! network game only the host's clock runs, so the time a turn has used is
//! the host's alone. Every value is written out explicitly, little-endian and
//! with fixed widths, so the number is the same on every machine and does not
//! depend on `Debug` text or on `std`'s hashers (neither promises stability).

use super::*;

/// FNV-1a, 64 bits: tiny, deterministic, and enough to notice a divergence
/// (this is no defence against an adversary, who cannot choose our state anyway).
/// The other games' position checksums (`crate::shape`) use it too.
pub(crate) struct Fnv(pub(crate) u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn bool(&mut self, v: bool) {
        self.u8(v as u8);
    }
    pub(crate) fn bitboard(&mut self, b: Bitboard) {
        for word in b.0 {
            self.u64(word);
        }
    }
    /// `None` and `Some` differ even when the value is 0.
    fn opt_u32(&mut self, v: Option<u32>) {
        match v {
            None => self.u8(0),
            Some(x) => {
                self.u8(1);
                self.u32(x);
            }
        }
    }
    fn opt_move(&mut self, m: Option<Move>) {
        match m {
            None => self.u8(0),
            Some(m) => self.bytes(&[1, m.from, m.to]),
        }
    }
    fn item_use(&mut self, u: ItemUse) {
        self.u8(u.item() as u8);
        self.u8(u.first_pick());
        match u.second_pick() {
            None => self.u8(0),
            Some(h) => self.bytes(&[1, h]),
        }
    }
}

impl Game {
    /// A checksum of the state: equal for two games of the same set-up that
    /// played the same actions (undo included), different (with overwhelming
    /// likelihood) otherwise. Clock ticks that only advance the running turn
    /// do not change it.
    pub fn checksum(&self) -> u64 {
        let s = &self.state;
        let mut h = Fnv::new();
        h.u64(self.history.len() as u64);
        let pos = &s.pos;
        h.u8(pos.board().size);
        h.u8(pos.players() as u8);
        for seat in 0..pos.players() as Seat {
            h.u8(pos.home_camp(seat));
            h.bitboard(pos.marbles(seat));
        }
        h.bitboard(pos.walls);
        h.bitboard(pos.virtuals);
        h.u8(s.to_move);
        for p in &s.players {
            match p.status {
                Status::Playing => h.u8(0),
                Status::Finished { turns } => {
                    h.u8(1);
                    h.u32(turns);
                }
                Status::Out { reason, order } => h.bytes(&[2, reason as u8, order]),
            }
            h.u32(p.turns);
            h.u8(p.repetitions);
            h.opt_move(p.last_move);
            h.u8(p.timeouts_in_row);
            h.opt_u32(p.bank_ms);
            h.bool(p.skip_next);
            h.u32(p.best_distance);
            h.u8(p.items.len() as u8);
            for &item in &p.items {
                h.u8(item as u8);
            }
        }
        let t = s.turn;
        h.u8(t.moves_left);
        h.u8(t.items_used);
        h.opt_move(t.moved);
        h.opt_u32(t.power.map(u32::from));
        // The generator's next number stands for its whole state.
        h.u64(s.rng.clone().next_u64());
        h.bool(s.first_in_taken);
        h.u32(s.progress_round);
        h.u8(s.outs);
        for done in s.team_done {
            h.opt_u32(done);
        }
        match &s.outcome {
            None => h.u8(0),
            Some(o) => {
                h.u8(1);
                h.u8(o.reason as u8);
                h.bytes(&o.places);
                for score in o.scores.iter().flatten() {
                    h.u32(score.to_bits());
                }
            }
        }
        let party = &s.party;
        h.bitboard(party.boxes);
        h.u8(party.obstacles.len() as u8);
        for o in &party.obstacles {
            h.bytes(&[o.hole, o.item as u8, o.owner, o.turns_left]);
        }
        h.u32(party.box_round);
        match party.last_use {
            None => h.u8(0),
            Some((seat, u)) => {
                h.u8(1);
                h.u8(seat);
                h.item_use(u);
            }
        }
        h.0
    }

    /// A checksum of the position alone: the marbles, walls, virtual marbles
    /// and item boxes on the board, the seat to move and how far its turn
    /// has gone (a power marble's second move). Unlike [`Game::checksum`] it
    /// leaves out the history (move count, last moves, repetitions, clocks,
    /// the generator), so equal positions reached by different move orders
    /// hash equal: the game shape's checksum (`crate::shape`).
    pub fn position_checksum(&self) -> u64 {
        let s = &self.state;
        let pos = &s.pos;
        let mut h = Fnv::new();
        h.u8(pos.board().size);
        h.u8(pos.players() as u8);
        for seat in 0..pos.players() as Seat {
            h.u8(pos.home_camp(seat));
            h.bitboard(pos.marbles(seat));
        }
        h.bitboard(pos.walls);
        h.bitboard(pos.virtuals);
        h.bitboard(s.party.boxes);
        h.bool(s.outcome.is_some());
        h.u8(s.to_move);
        h.u8(s.turn.moves_left);
        h.bool(s.turn.moved.is_some());
        h.opt_u32(s.turn.power.map(u32::from));
        h.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn party_game(seed: u64) -> Game {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Preset::Party.rules()
        };
        Game::new(rules, 3, seed).unwrap()
    }

    /// Plays the first legal move (or passes) `n` times.
    fn play_first(g: &mut Game, n: usize) {
        for _ in 0..n {
            match g.legal_moves().first() {
                Some(&m) => g.play(m).unwrap(),
                None => g.pass().unwrap(),
            };
        }
    }

    #[test]
    fn same_actions_give_the_same_checksum_and_other_ones_another() {
        let (mut a, mut b) = (party_game(5), party_game(5));
        assert_eq!(a.checksum(), b.checksum());
        play_first(&mut a, 10);
        play_first(&mut b, 10);
        assert_eq!(a.checksum(), b.checksum());
        let before = a.checksum();
        let moves = a.legal_moves();
        a.play(moves[0]).unwrap();
        b.play(moves[1]).unwrap();
        assert_ne!(a.checksum(), b.checksum(), "different moves");
        assert_ne!(a.checksum(), before);
        assert_ne!(party_game(5).checksum(), party_game(6).checksum(), "seeds");
    }

    #[test]
    fn undo_and_replay_restore_the_checksum_and_ticks_leave_it() {
        let mut g = party_game(9);
        play_first(&mut g, 7);
        let sum = g.checksum();
        g.tick(300);
        assert_eq!(g.checksum(), sum, "the running turn's clock is not in it");
        play_first(&mut g, 1);
        assert_ne!(g.checksum(), sum);
        g.undo().unwrap();
        assert_eq!(g.checksum(), sum, "undo");
        let replayed = crate::Record::of(&g, Vec::new()).replay().unwrap();
        assert_eq!(replayed.checksum(), sum, "a replayed record");
    }

    #[test]
    fn the_position_checksum_forgets_the_move_order_and_the_checksum_does_not() {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let start = Game::new(rules, 2, 1).unwrap();
        // Two steps of seat 0 that do not touch each other, around one of seat 1.
        let steps: Vec<Move> = start
            .legal_moves()
            .into_iter()
            .filter(|m| start.position().route(m.from, m.to, false).unwrap().len() == 2)
            .collect();
        let (a, c) = steps
            .iter()
            .flat_map(|&a| steps.iter().map(move |&c| (a, c)))
            .find(|(a, c)| a.from != c.from && a.to != c.to && a.to != c.from && c.to != a.from)
            .unwrap();
        // Seat 1 answers with one move, far from seat 0's steps.
        let mut after_a = start.clone();
        after_a.play(a).unwrap();
        let reply = after_a.legal_moves()[0];
        let play = |order: [Move; 2]| {
            let mut g = start.clone();
            g.play(order[0]).unwrap();
            g.play(reply).unwrap();
            g.play(order[1]).unwrap();
            g
        };
        let (x, y) = (play([a, c]), play([c, a]));
        assert_eq!(x.position(), y.position());
        assert_eq!(x.position_checksum(), y.position_checksum());
        assert_ne!(x.checksum(), y.checksum(), "the last moves differ");
        assert_ne!(x.position_checksum(), start.position_checksum());
    }

    #[test]
    fn the_checksum_sees_the_generator_and_the_clock_bank() {
        let mut a = party_game(3);
        let b = party_game(3);
        a.reseed_rng(77);
        assert_ne!(a.checksum(), b.checksum(), "the generator's state");
        let rules = Rules {
            time_bank_ms: Some(60_000),
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let (mut c, mut d) = (
            Game::new(rules.clone(), 2, 1).unwrap(),
            Game::new(rules, 2, 1).unwrap(),
        );
        let m = c.legal_moves()[0];
        c.tick(500);
        c.play(m).unwrap();
        d.play(m).unwrap();
        assert_ne!(c.checksum(), d.checksum(), "the bank paid 500 ms more");
    }
}

//! Party mode (RULES §8) in the game: boxes, pickups, using items and their
//! timers. Every random choice (where a box goes, which item it holds, how a
//! tornado drops the marbles) comes from the game's seeded generator in the
//! state, so undo and replay give the same again.
//!
//! Decisions the rule book leaves open (docs/rules.md §8 explains them):
//! - a box counts as an empty hole for the flying wing and the tornado, and a
//!   marble an item puts on a box takes it for its owner, so a box never lies
//!   under a marble; roadblocks and road workers may not go on a box;
//! - items obey the camp rules of moves: no item leaves a marble in a foreign
//!   camp, and with "locked in target" no item takes a marble out of its target;
//! - the power marble's turn ends early when its first move finishes the player;
//! - a timer counts its owner's turns; once the owner has left or finished, it
//!   counts the times the turn passes their seat.

use super::*;
use crate::items::{
    Item, ItemUse, MAX_HELD, OBSTACLE_TURNS, Obstacle, PLACE_RADIUS, REACH, TargetProblem,
};

impl Game {
    // ----- reading the party -----

    /// Holes with an item box.
    pub fn boxes(&self) -> Bitboard {
        self.state.party.boxes
    }
    /// Roadblocks and road workers placed by items, with their timers.
    pub fn obstacles(&self) -> &[Obstacle] {
        &self.state.party.obstacles
    }
    /// The items a seat holds, oldest first (at most `MAX_HELD`).
    pub fn held(&self, seat: Seat) -> &[Item] {
        &self.player(seat).items
    }
    /// The marble that makes two moves this turn (power marble), where it stands now.
    pub fn power_marble(&self) -> Option<Hole> {
        self.state.turn.power
    }
    /// The last item used in the game, and by whom.
    pub fn last_item_use(&self) -> Option<(Seat, ItemUse)> {
        self.state.party.last_use
    }

    /// Replaces what the game's generator will draw from now on. Bots call it
    /// on their own copy, so their search cannot see the real boxes and
    /// tornadoes to come.
    pub fn reseed_rng(&mut self, seed: u64) {
        self.state.rng = Rng::new(seed);
    }

    /// Hands `seat` an item outside the rules, for tests and set-ups (see
    /// `testkit::give_item`). The change is outside any action, so the
    /// history keeps a snapshot of it.
    #[cfg(any(test, feature = "test-kit"))]
    pub(crate) fn grant_item(&mut self, seat: Seat, item: Item) -> Result<(), RuleError> {
        let held = &mut self
            .state
            .players
            .get_mut(seat as usize)
            .ok_or(RuleError::NotPlaying(seat))?
            .items;
        if held.len() < MAX_HELD {
            held.push(item);
        }
        self.history.mark(&self.state);
        self.touch();
        Ok(())
    }

    /// Puts a box on an empty hole outside the rules, for tests (see
    /// `testkit::put_box`).
    #[cfg(any(test, feature = "test-kit"))]
    pub(crate) fn grant_box(&mut self, hole: Hole) -> Result<(), RuleError> {
        if !self.placeable().contains(hole) {
            return Err(RuleError::HoleTaken(hole));
        }
        self.state.party.boxes.insert(hole);
        self.history.mark(&self.state);
        self.touch();
        Ok(())
    }

    /// Why the player to move may not use `item` now whatever the target
    /// (game over, items off, not held, this turn's item used, the move
    /// begun), if so.
    pub fn item_gate(&self, item: Item) -> Option<RuleError> {
        if self.is_over() {
            return Some(RuleError::GameOver);
        }
        if !self.rules.items || !self.rules.item_set.contains(item) {
            return Some(RuleError::ItemsOff);
        }
        let turn = &self.state.turn;
        if turn.moved.is_some() {
            return Some(RuleError::ItemAfterMove);
        }
        let other_used = turn.items_used - turn.power.is_some() as u8;
        let used_up = match item {
            Item::PowerMarble => turn.power.is_some(),
            _ => other_used > 0,
        };
        if used_up {
            return Some(RuleError::ItemLimit);
        }
        if !self.held(self.state.to_move).contains(&item) {
            return Some(RuleError::ItemNotHeld(item));
        }
        None
    }

    /// Why `u` is not a legal item use for the player to move now (`None`
    /// when it is), with the reason a player can act on.
    pub fn item_error(&self, u: ItemUse) -> Option<RuleError> {
        if let Some(e) = self.item_gate(u.item()) {
            return Some(e);
        }
        let seat = self.state.to_move;
        let pos = &self.state.pos;
        let b = pos.board();
        use TargetProblem::*;
        let target = |why: TargetProblem| Some(RuleError::ItemTarget(why));
        for h in [Some(u.first_pick()), u.second_pick()]
            .into_iter()
            .flatten()
        {
            if h as usize >= b.len() {
                return Some(RuleError::NoSuchHole(h));
            }
        }
        let own = pos.marbles(seat);
        match u {
            ItemUse::Roadblock { hole } | ItemUse::RoadWorker { hole } => {
                if !b.centre.contains(hole) {
                    return target(InACamp);
                }
                if !self.placeable().contains(hole) {
                    return target(NotEmpty);
                }
                if (b.within(hole, PLACE_RADIUS) & own).is_empty() {
                    return target(FarFromYourMarbles);
                }
            }
            ItemUse::PowerMarble { marble } => {
                if !own.contains(marble) {
                    return Some(RuleError::NotYourMarble(marble));
                }
            }
            ItemUse::FlyingWing { marble, to } => {
                if !own.contains(marble) {
                    return Some(RuleError::NotYourMarble(marble));
                }
                if !self.landable().contains(to) {
                    return target(LandingTaken);
                }
                if b.distance(marble, to) > REACH {
                    return target(TooFarToFly);
                }
                if let Some(e) = self.camp_error(seat, marble, to) {
                    return Some(e);
                }
            }
            ItemUse::Swap { marble, other } => {
                if !own.contains(marble) {
                    return Some(RuleError::NotYourMarble(marble));
                }
                let Some(them) = pos.owner(other).filter(|&s| s != seat) else {
                    return target(NotAnotherPlayers);
                };
                if b.distance(marble, other) > REACH {
                    return target(TooFarToSwap);
                }
                if let Some(e) = self
                    .camp_error(seat, marble, other)
                    .or_else(|| self.camp_error(them, other, marble))
                {
                    return Some(e);
                }
            }
            ItemUse::Tornado { centre } => {
                let Some(area) = self.tornado_area(centre) else {
                    return target(NoRoomForTornado);
                };
                if (area & pos.all_marbles()).is_empty() {
                    return target(NothingToLift);
                }
            }
        }
        None
    }

    /// Whether the marble of `seat` may be put from `from` onto `to` by an
    /// item: not into a foreign camp, and not out of a locked target.
    fn camp_error(&self, seat: Seat, from: Hole, to: Hole) -> Option<RuleError> {
        let pos = &self.state.pos;
        let b = pos.board();
        let own_camps = pos.home(seat) | pos.target(seat);
        if b.any_camp().contains(to) && !own_camps.contains(to) {
            return Some(RuleError::ItemTarget(TargetProblem::ForeignCamp));
        }
        let target = pos.target(seat);
        if self.rules.locked_in_target && target.contains(from) && !target.contains(to) {
            return Some(RuleError::LockedInTarget(from));
        }
        None
    }

    /// Empty holes without a box: where roadblocks and road workers may go.
    fn placeable(&self) -> Bitboard {
        self.state.pos.empty_holes() & !self.state.party.boxes
    }

    /// Holes an item may put a marble on: empty, boxes included.
    fn landable(&self) -> Bitboard {
        self.state.pos.empty_holes()
    }

    /// The tornado's seven holes around `centre`, if all of them are on the
    /// board and outside every camp.
    pub fn tornado_area(&self, centre: Hole) -> Option<Bitboard> {
        let b = self.state.pos.board();
        if centre as usize >= b.len() || !b.centre.contains(centre) {
            return None;
        }
        let mut area = Bitboard::single(centre);
        for &n in &b.neighbour[centre as usize] {
            if n == crate::geometry::NONE || !b.centre.contains(n) {
                return None;
            }
            area.insert(n);
        }
        Some(area)
    }

    /// Every legal use of `item` for the player to move (none when they may
    /// not use it now).
    pub fn item_uses_of(&self, item: Item) -> Vec<ItemUse> {
        let mut out = Vec::new();
        if self.item_gate(item).is_some() {
            return out;
        }
        let seat = self.state.to_move;
        let pos = &self.state.pos;
        let b = pos.board();
        let own = pos.marbles(seat);
        let keep = |u: ItemUse, out: &mut Vec<ItemUse>| {
            if self.item_error(u).is_none() {
                out.push(u);
            }
        };
        match item {
            Item::Roadblock | Item::RoadWorker => {
                let near = own
                    .iter()
                    .fold(Bitboard::EMPTY, |a, m| a | b.within(m, PLACE_RADIUS));
                for hole in (near & b.centre & self.placeable()).iter() {
                    out.push(match item {
                        Item::Roadblock => ItemUse::Roadblock { hole },
                        _ => ItemUse::RoadWorker { hole },
                    });
                }
            }
            Item::PowerMarble => {
                for marble in own.iter() {
                    out.push(ItemUse::PowerMarble { marble });
                }
            }
            Item::FlyingWing => {
                for marble in own.iter() {
                    for to in (b.within(marble, REACH) & self.landable()).iter() {
                        keep(ItemUse::FlyingWing { marble, to }, &mut out);
                    }
                }
            }
            Item::Swap => {
                let others = pos.all_marbles() & !own;
                for marble in own.iter() {
                    for other in (b.within(marble, REACH) & others).iter() {
                        keep(ItemUse::Swap { marble, other }, &mut out);
                    }
                }
            }
            Item::Tornado => {
                for centre in b.centre.iter() {
                    keep(ItemUse::Tornado { centre }, &mut out);
                }
            }
        }
        out
    }

    /// Every legal item use for the player to move, item by item.
    pub fn item_uses(&self) -> Vec<ItemUse> {
        let mut held: Vec<Item> = self.held(self.state.to_move).to_vec();
        held.sort_unstable();
        held.dedup();
        held.into_iter()
            .flat_map(|i| self.item_uses_of(i))
            .collect()
    }

    /// Uses an item (before the turn's move; it does not replace the move).
    pub fn use_item(&mut self, u: ItemUse) -> Result<Vec<Event>, RuleError> {
        self.apply(Action::UseItem {
            item_use: u,
            ms: self.state.turn_ms,
        })
    }

    /// The rules of an item use (the caller restores the state on error).
    pub(super) fn play_item(
        &mut self,
        u: ItemUse,
        ms: u32,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_time(ms)?;
        if let Some(e) = self.item_error(u) {
            return Err(e);
        }
        // The turn goes on, and its clock with it: the item's time counts in
        // the turn (a replay sets the clock from the action, as ticks are no actions).
        self.state.turn_ms = ms;
        let seat = self.state.to_move;
        let items = &mut self.state.players[seat as usize].items;
        if let Some(i) = items.iter().position(|&i| i == u.item()) {
            items.remove(i);
        }
        self.state.turn.items_used += 1;
        self.state.party.last_use = Some((seat, u));
        let mut landed = Vec::new();
        let change = match u {
            ItemUse::Roadblock { hole } | ItemUse::RoadWorker { hole } => {
                match u {
                    ItemUse::Roadblock { .. } => self.state.pos.walls.insert(hole),
                    _ => self.state.pos.virtuals.insert(hole),
                }
                self.state.party.obstacles.push(Obstacle {
                    hole,
                    item: u.item(),
                    owner: seat,
                    turns_left: OBSTACLE_TURNS,
                });
                None
            }
            ItemUse::PowerMarble { marble } => {
                self.state.turn.power = Some(marble);
                self.state.turn.moves_left = 2;
                None
            }
            ItemUse::FlyingWing { marble, to } => {
                self.state.pos.shift(seat, marble, to);
                self.follow_power(marble, to);
                landed.push((seat, to));
                Some(MarbleChange::Fly {
                    seat,
                    from: marble,
                    to,
                })
            }
            ItemUse::Swap { marble, other } => {
                let them = self.state.pos.owner(other).unwrap_or(seat);
                self.state.pos.shift(seat, marble, other);
                self.state.pos.shift(them, other, marble);
                self.follow_power(marble, other);
                Some(MarbleChange::Swap {
                    a: marble,
                    b: other,
                })
            }
            ItemUse::Tornado { centre } => {
                let area = self.tornado_area(centre).unwrap_or_default();
                let pos = &mut self.state.pos;
                let lifted: Vec<(Seat, Hole)> = area
                    .iter()
                    .filter_map(|h| pos.owner(h).map(|s| (s, h)))
                    .collect();
                let mut places: Vec<Hole> = (area & !(pos.walls | pos.virtuals)).iter().collect();
                self.state.rng.shuffle(&mut places);
                for &(_, h) in &lifted {
                    self.state.pos.clear(h);
                }
                let mut moves = Vec::with_capacity(lifted.len());
                for (&(s, from), &to) in lifted.iter().zip(&places) {
                    // Every place is free: the lifted marbles left theirs,
                    // and walls and virtual marbles are not places.
                    self.state.pos.place(s, to)?;
                    landed.push((s, to));
                    moves.push((from, to));
                    if self.state.turn.power == Some(from) && s == seat {
                        self.state.turn.power = Some(to);
                    }
                }
                Some(MarbleChange::Shuffle { moves })
            }
        };
        events.push(Event::ItemUsed {
            seat,
            item_use: u,
            change,
        });
        for (s, h) in landed {
            self.pick_up(s, h, events);
        }
        Ok(())
    }

    /// The power marble was carried by an item from `from` to `to`.
    fn follow_power(&mut self, from: Hole, to: Hole) {
        if self.state.turn.power == Some(from) {
            self.state.turn.power = Some(to);
        }
    }

    /// A marble of `seat` came to rest on `hole`: a box there is theirs.
    pub(super) fn pick_up(&mut self, seat: Seat, hole: Hole, events: &mut Vec<Event>) {
        if !self.state.party.boxes.contains(hole) {
            return;
        }
        self.state.party.boxes.remove(hole);
        let in_play: Vec<Item> = self.rules.item_set.items().collect();
        let Some(&item) = in_play.get(self.state.rng.below(in_play.len() as u64) as usize) else {
            return;
        };
        let held = &mut self.state.players[seat as usize].items;
        let kept = held.len() < MAX_HELD;
        if kept {
            held.push(item);
        }
        events.push(Event::ItemTaken {
            seat,
            hole,
            item,
            kept,
        });
    }

    /// The start of a party game: one box per player.
    pub(super) fn place_start_boxes(&mut self) {
        if !self.rules.items {
            return;
        }
        for _ in 0..self.players() {
            self.place_box(&mut Vec::new());
        }
    }

    /// One box on a random free hole of the central hexagon, if there is one.
    fn place_box(&mut self, events: &mut Vec<Event>) {
        let free: Vec<Hole> = (self.placeable() & self.state.pos.board().centre)
            .iter()
            .collect();
        if free.is_empty() {
            return;
        }
        let hole = free[self.state.rng.below(free.len() as u64) as usize];
        self.state.party.boxes.insert(hole);
        events.push(Event::BoxPlaced { hole });
    }

    /// After the turn passes on: every `box_every` rounds a new box comes,
    /// while there are fewer boxes than players still playing.
    pub(super) fn maybe_add_box(&mut self, events: &mut Vec<Event>) {
        let every = self.rules.box_every as u32;
        if !self.rules.items || every == 0 || self.is_over() {
            return;
        }
        let round = self.rounds();
        if round <= self.state.party.box_round || !round.is_multiple_of(every) {
            return;
        }
        self.state.party.box_round = round;
        if (self.state.party.boxes.count() as usize) < self.playing().count() {
            self.place_box(events);
        }
    }

    /// The turn passes `seat`'s place at the table: their obstacles' timers
    /// count down, and those whose time is up go.
    pub(super) fn tick_obstacles(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let party = &mut self.state.party;
        if party.obstacles.is_empty() {
            return;
        }
        let pos = &mut self.state.pos;
        party.obstacles.retain_mut(|o| {
            if o.owner != seat {
                return true;
            }
            o.turns_left = o.turns_left.saturating_sub(1);
            if o.turns_left > 0 {
                return true;
            }
            pos.walls.remove(o.hole);
            pos.virtuals.remove(o.hole);
            events.push(Event::ObstacleGone {
                hole: o.hole,
                item: o.item,
            });
            false
        });
    }
}

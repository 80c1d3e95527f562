//! Party mode (RULES §8): the six items, what each targets, and the party's
//! state in a game (boxes on the board, obstacles with their timers). The
//! rules that play them are in `game/party.rs`.

use crate::bitboard::{Bitboard, Hole};
use crate::seats::Seat;
use serde::{Deserialize, Serialize};

/// Items a player may hold at once; a fourth is lost (§8).
pub const MAX_HELD: usize = 3;
/// How far from one of the user's marbles a roadblock or road worker may go.
pub const PLACE_RADIUS: u8 = 3;
/// How far the flying wing carries a marble, and how far apart swapped marbles may be.
pub const REACH: u8 = 4;
/// How many times the user's own turn comes round before a roadblock or road worker goes.
pub const OBSTACLE_TURNS: u8 = 3;
/// Rounds between new boxes by default ("one more every 3 rounds").
pub const DEFAULT_BOX_EVERY: u8 = 3;
/// The most rounds between new boxes a table may choose.
pub const MAX_BOX_EVERY: u8 = 20;

/// The six items, named in records and on the command line in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// 路障: a wall for 3 rounds on an empty hole outside the camps.
    Roadblock,
    /// 修路工: a fixed virtual marble for 3 rounds on an empty hole outside the camps.
    RoadWorker,
    /// 动力弹珠: one own marble makes two full moves this turn.
    PowerMarble,
    /// 飞天翼: one own marble flies to an empty hole within 4.
    FlyingWing,
    /// 移形换位: one own marble trades holes with another player's within 4.
    Swap,
    /// 龙卷风: the marbles on a hole and its six neighbours are shuffled.
    Tornado,
}

impl Item {
    pub const ALL: [Item; 6] = [
        Item::Roadblock,
        Item::RoadWorker,
        Item::PowerMarble,
        Item::FlyingWing,
        Item::Swap,
        Item::Tornado,
    ];

    /// The name used in records and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Item::Roadblock => "roadblock",
            Item::RoadWorker => "road_worker",
            Item::PowerMarble => "power_marble",
            Item::FlyingWing => "flying_wing",
            Item::Swap => "swap",
            Item::Tornado => "tornado",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Item {
    type Err = String;
    fn from_str(s: &str) -> Result<Item, String> {
        let s = s.trim().to_ascii_lowercase().replace('-', "_");
        Item::ALL
            .into_iter()
            .find(|i| i.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown item {s:?} (expected roadblock, road_worker, power_marble, flying_wing, swap or tornado)"
                )
            })
    }
}

/// Which items are in play. In rules files it is a list of item names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Item>", into = "Vec<Item>")]
pub struct ItemSet(u8);

impl ItemSet {
    pub const ALL: ItemSet = ItemSet(0b11_1111);
    pub const NONE: ItemSet = ItemSet(0);

    pub fn contains(self, item: Item) -> bool {
        self.0 & item.bit() != 0
    }
    pub fn with(self, item: Item) -> ItemSet {
        ItemSet(self.0 | item.bit())
    }
    pub fn without(self, item: Item) -> ItemSet {
        ItemSet(self.0 & !item.bit())
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The items in the set, in `Item::ALL` order.
    pub fn items(self) -> impl Iterator<Item = Item> {
        Item::ALL.into_iter().filter(move |&i| self.contains(i))
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl Default for ItemSet {
    fn default() -> ItemSet {
        ItemSet::ALL
    }
}

impl std::fmt::Debug for ItemSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.items()).finish()
    }
}

impl From<Vec<Item>> for ItemSet {
    fn from(items: Vec<Item>) -> ItemSet {
        items.into_iter().fold(ItemSet::NONE, ItemSet::with)
    }
}

impl From<ItemSet> for Vec<Item> {
    fn from(set: ItemSet) -> Vec<Item> {
        set.items().collect()
    }
}

/// One use of an item with its targets: what a player chooses and a record keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum ItemUse {
    Roadblock { hole: Hole },
    RoadWorker { hole: Hole },
    PowerMarble { marble: Hole },
    FlyingWing { marble: Hole, to: Hole },
    Swap { marble: Hole, other: Hole },
    Tornado { centre: Hole },
}

impl ItemUse {
    pub fn item(self) -> Item {
        match self {
            ItemUse::Roadblock { .. } => Item::Roadblock,
            ItemUse::RoadWorker { .. } => Item::RoadWorker,
            ItemUse::PowerMarble { .. } => Item::PowerMarble,
            ItemUse::FlyingWing { .. } => Item::FlyingWing,
            ItemUse::Swap { .. } => Item::Swap,
            ItemUse::Tornado { .. } => Item::Tornado,
        }
    }

    /// The hole the player picks first: the marble for marble items, the
    /// target hole for the others.
    pub fn first_pick(self) -> Hole {
        match self {
            ItemUse::Roadblock { hole } | ItemUse::RoadWorker { hole } => hole,
            ItemUse::PowerMarble { marble }
            | ItemUse::FlyingWing { marble, .. }
            | ItemUse::Swap { marble, .. } => marble,
            ItemUse::Tornado { centre } => centre,
        }
    }

    /// The second hole, for the items that take two (flying wing, swap).
    pub fn second_pick(self) -> Option<Hole> {
        match self {
            ItemUse::FlyingWing { to, .. } => Some(to),
            ItemUse::Swap { other, .. } => Some(other),
            _ => None,
        }
    }
}

impl std::fmt::Display for ItemUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ItemUse::Roadblock { hole } => write!(f, "roadblock on {hole}"),
            ItemUse::RoadWorker { hole } => write!(f, "road_worker on {hole}"),
            ItemUse::PowerMarble { marble } => write!(f, "power_marble on {marble}"),
            ItemUse::FlyingWing { marble, to } => write!(f, "flying_wing {marble} → {to}"),
            ItemUse::Swap { marble, other } => write!(f, "swap {marble} ↔ {other}"),
            ItemUse::Tornado { centre } => write!(f, "tornado at {centre}"),
        }
    }
}

/// Why an item's target is not allowed (the words are for logs and tools;
/// the game translates each reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TargetProblem {
    #[error("it must go on a hole outside every camp")]
    InACamp,
    #[error("it must go on an empty hole without a box")]
    NotEmpty,
    #[error("it must go within 3 holes of one of your marbles")]
    FarFromYourMarbles,
    #[error("the marble must land on an empty hole")]
    LandingTaken,
    #[error("the flying wing carries a marble at most 4 holes")]
    TooFarToFly,
    #[error("swap with another player's marble")]
    NotAnotherPlayers,
    #[error("the two marbles must be at most 4 holes apart")]
    TooFarToSwap,
    #[error("no item may leave a marble in a camp that is neither its home nor its target")]
    ForeignCamp,
    #[error("the tornado needs a hole whose six neighbours are all outside the camps")]
    NoRoomForTornado,
    #[error("there is no marble for the tornado to lift")]
    NothingToLift,
}

/// A roadblock (wall) or road worker (virtual marble) standing on the board
/// with its timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    pub hole: Hole,
    /// `Roadblock` or `RoadWorker`.
    pub item: Item,
    /// Who placed it: the timer counts this seat's turns.
    pub owner: Seat,
    /// Times the owner's turn must still come round before it goes (3 to 1).
    pub turns_left: u8,
}

/// The party's part of a game's state (empty when items are off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Party {
    /// Holes with an item box on them.
    pub boxes: Bitboard,
    /// Roadblocks and road workers from items, in the order they were placed.
    pub obstacles: Vec<Obstacle>,
    /// The last round at which a box was due (boxes come every few rounds).
    pub box_round: u32,
    /// The last item used in the game, and by whom.
    pub last_use: Option<(Seat, ItemUse)>,
}

//! The wire protocol: JSON messages, one per WebSocket text frame.
//!
//! Every message is an object tagged by `"type"`. The first message of a
//! client is always `{"type": "hello", "protocol": N, ...}`, and every future
//! version keeps `type` and `protocol` at the top of its hello, so a host can
//! tell a client of another version exactly what is wrong.
//!
//! Sizes are capped before anything is parsed: a client's messages are small
//! (a move is a route of at most a few dozen holes), the host's may carry a
//! whole game record (start, resync, end). A WebSocket frame over the cap
//! is refused unread and ends the connection with close code 1009.

use serde::{Deserialize, Serialize};
use starhop_draughts::Variant;
use starhop_engine::food::FoodRules;
use starhop_engine::halma::HalmaRules;
use starhop_engine::{Action, Rules, Seat};
use starhop_games::{AnyMove, AnyRecord, GameKind};

/// Bump on any change of the messages' shape or meaning.
///
/// Version 2: tables of other games of the box (draughts, food checkers):
/// the lobby says which game ([`TableGame`]), `play` and `played` carry
/// their moves ([`Play`]), and the records of `start`, `resync` and
/// `game_over` may be of any game (a classic record is sent as before).
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message a host takes from a client. A hello is about 200
/// bytes and a move with the longest chain of jumps about 300.
pub const MAX_CLIENT_MESSAGE_BYTES: usize = 4 * 1024;

/// The largest message a client takes from a host: a game record in compact
/// JSON is about 60 bytes an action, and real games end within a few hundred
/// actions, so a megabyte is far more than any game needs.
pub const MAX_HOST_MESSAGE_BYTES: usize = 1024 * 1024;

/// The longest player name kept, in characters (longer ones are cut).
pub const MAX_NAME_CHARS: usize = 24;

/// Which seat a joining client wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Want {
    /// Any open seat.
    Any,
    /// This seat (0-based), if it is open.
    Seat(Seat),
    /// Watch only.
    Spectator,
}

/// Which game a table plays.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TableGame {
    /// Classic or party Chinese checkers, by the lobby's `rules`; moves are
    /// the engine's `Action`s (or [`Play`]s of classic moves).
    #[default]
    Classic,
    /// Draughts of this variant: White is seat 0, Black seat 1.
    Draughts { variant: Variant },
    /// Food checkers for `rules.players` (2 to 6) seats.
    Food { rules: FoodRules },
    /// Halma for `rules.players` (2 or 4) seats, seat 0 in the corner at
    /// row 0, column 0.
    Halma { rules: HalmaRules },
}

impl TableGame {
    /// The game's name, as records and moves tag it.
    pub fn name(&self) -> &'static str {
        match self {
            TableGame::Classic => "classic",
            TableGame::Draughts { .. } => "draughts",
            TableGame::Food { .. } => "food",
            TableGame::Halma { .. } => "halma",
        }
    }

    /// Which game of the box it is; a classic table with items on
    /// (`classic_rules`) is a party game.
    pub fn kind(&self, classic_rules: &Rules) -> GameKind {
        match self {
            TableGame::Classic if classic_rules.items => GameKind::Party,
            TableGame::Classic => GameKind::Classic,
            TableGame::Draughts { .. } => GameKind::Draughts,
            TableGame::Food { .. } => GameKind::Food,
            TableGame::Halma { .. } => GameKind::Halma,
        }
    }

    /// The seats the game has (`None`: classic, 2 to 6 by its rules).
    pub fn seats(&self) -> Option<usize> {
        match self {
            TableGame::Classic => None,
            TableGame::Draughts { .. } => Some(2),
            TableGame::Food { rules } => Some(rules.players),
            TableGame::Halma { rules } => Some(rules.players),
        }
    }

    /// The game a record is of (`None`: a game no table plays: the
    /// crossing, played alone).
    pub fn of_record(record: &AnyRecord) -> Option<TableGame> {
        match record {
            AnyRecord::Classic(_) => Some(TableGame::Classic),
            AnyRecord::Draughts(r) => Some(TableGame::Draughts { variant: r.variant }),
            AnyRecord::Food(r) => Some(TableGame::Food {
                rules: r.rules.clone(),
            }),
            AnyRecord::Halma(r) => Some(TableGame::Halma {
                rules: r.rules.clone(),
            }),
            AnyRecord::Crossing(_) => None,
        }
    }
}

/// A change of the game that a seat asks for or the host made, in any
/// game of the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Play {
    /// A move of the table's game, with its route (a draughts move, a food
    /// capture, a classic hop, pass or item use).
    Move { mv: AnyMove },
    /// The seat gives up (draughts and classic; food checkers has no resignation).
    Resign { seat: Seat },
}

impl Play {
    pub fn of(mv: AnyMove) -> Play {
        Play::Move { mv }
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message of every connection.
    Hello {
        protocol: u32,
        /// The room code (see `RoomCode`), as typed: case and dashes do not matter.
        code: String,
        /// Shown to everyone as it is (after `clean_name`: no control or
        /// invisible characters, at most `MAX_NAME_CHARS`). What is left is
        /// shown literally, never read as markup: `<b>`, `&amp;` or the
        /// printable remains of an escape code (`[31m`) show as those
        /// characters. A program that prints names to a terminal escapes
        /// them anyway (`starhop-cli` does).
        name: String,
        want: Want,
        /// The seat token of an earlier connection, to take that seat back.
        #[serde(default)]
        rejoin: Option<String>,
    },
    /// Asks the host to play `action` for the client's seat. `req` grows with
    /// every request of a connection (a repeated or older one is refused as a
    /// replay); `at` is the sequence number of the state it was chosen in (a
    /// request for an older state is refused as stale). The host fills in the
    /// time from its own clock, and never takes clock actions from a client.
    Act { req: u64, at: u64, action: Action },
    /// Asks the host to make `play` for the client's seat, in any game (a
    /// classic table plays it as the matching `Action`). `req` and `at` as
    /// for `Act`.
    Play { req: u64, at: u64, play: Play },
    /// Asks to take back the last action; the host decides.
    Undo { req: u64, at: u64 },
    /// Asks for the host's record (the client's state disagrees or has a gap).
    Resync { have: u64 },
    /// Keeps the connection alive; `seq` is the client's latest sequence number.
    Ping { nonce: u64, seq: u64 },
    /// The client leaves for good (a lost connection may come back; this may not).
    Leave,
    /// To a server (`starhop-server`), as a connection's only message: open
    /// a table (answered by `Created` with its room code; then join it with
    /// a hello like any table).
    Create { protocol: u32, table: TableRequest },
    /// To a server, as a connection's only message: the public tables
    /// (answered by `Tables`).
    ListTables { protocol: u32 },
}

/// A table a server is asked to open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRequest {
    pub game: TableGame,
    /// The rules of a classic or party table (ignored by other games).
    pub rules: Rules,
    /// One per player: `Open` seats are for people (who join by the code),
    /// `Bot` seats are played by the server's bots.
    pub seats: Vec<SeatInfo>,
    /// Listed for everyone (`ListTables`), code included.
    pub public: bool,
    /// The table's name in that list.
    pub name: String,
}

/// A public table of a server, as `Tables` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublicTable {
    pub code: String,
    pub name: String,
    pub lobby: Lobby,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatKind {
    /// Waiting for a remote player.
    Open,
    /// A person at the host's machine.
    Local,
    /// A person on another machine.
    Remote,
    /// A bot played by the host, of this level.
    Bot { level: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub kind: SeatKind,
    pub name: String,
    /// For remote seats: whether the player is connected now.
    pub connected: bool,
    /// The host's colour for this seat's marbles, sRGB (`None`: the
    /// client's own choice). Left out of the message when `None`, and
    /// optional when read, so hosts and clients without colours still agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<[u8; 3]>,
}

impl SeatInfo {
    /// A seat waiting for a remote player.
    pub fn open() -> SeatInfo {
        SeatInfo {
            kind: SeatKind::Open,
            name: String::new(),
            connected: false,
            colour: None,
        }
    }
    /// A person at the host's machine.
    pub fn local(name: impl Into<String>) -> SeatInfo {
        SeatInfo {
            kind: SeatKind::Local,
            name: name.into(),
            connected: true,
            colour: None,
        }
    }
    /// A bot of the host's, of this level.
    pub fn bot(level: impl Into<String>, name: impl Into<String>) -> SeatInfo {
        SeatInfo {
            kind: SeatKind::Bot {
                level: level.into(),
            },
            name: name.into(),
            connected: true,
            colour: None,
        }
    }
    pub fn with_colour(self, colour: [u8; 3]) -> SeatInfo {
        SeatInfo {
            colour: Some(colour),
            ..self
        }
    }
}

/// The table as everyone sees it before and during the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lobby {
    /// The rules of a classic or party table (a table of another game
    /// has the classic defaults here, unused).
    pub rules: Rules,
    pub seats: Vec<SeatInfo>,
    pub spectators: u32,
    pub started: bool,
    /// Which game the table plays.
    #[serde(default)]
    pub game: TableGame,
}

/// Why the host refused a connection or a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    /// The client speaks another protocol version (the connection is closed).
    Version { host: u32, client: u32 },
    /// The room code is wrong (the connection is closed).
    WrongCode,
    /// Too many wrong codes lately, or too many connections: try later.
    Busy,
    /// No open seat (or not the wanted one), or no room for spectators.
    Full,
    /// The rejoin token matches no seat.
    BadToken,
    /// The game has started: only rejoining players and spectators come in.
    Started,
    /// The message came before the hello, or a second hello came.
    NotJoined,
    /// The message is not one of the protocol's.
    Malformed,
    /// The message is larger than `MAX_CLIENT_MESSAGE_BYTES`: it is dropped
    /// unread and the link stays open. This is what an in-process link gets;
    /// over a WebSocket a frame that large is refused by the WebSocket layer
    /// before it is read, and as the rest of it cannot be skipped the host
    /// closes the connection with close code 1009 ("message too big")
    /// instead of sending this.
    TooLarge,
    /// Too many messages too fast: this one was dropped.
    RateLimited,
    /// No hello in time, or silence for too long (the connection is closed).
    Timeout,
    /// Too many refused messages (the connection is closed).
    TooManyErrors,
    /// A server's request (`Create`, `ListTables`) came to a game's host.
    NotServer,
    /// The server opens no more tables now (for this address, or at all).
    TooManyTables,
    /// The table asked for cannot be opened (its seats, rules or game).
    BadTable,
}

impl Refusal {
    /// Whether the host closes the connection after this refusal.
    pub fn closes(self) -> bool {
        !matches!(
            self,
            Refusal::NotJoined | Refusal::Malformed | Refusal::TooLarge | Refusal::RateLimited
        )
    }

    /// What to tell a person.
    pub fn message(self) -> String {
        match self {
            Refusal::Version { host, client } => format!(
                "this host speaks Starhop network protocol version {host}, and your game speaks version {client}: \
                 both players need the same version of Starhop"
            ),
            Refusal::WrongCode => "wrong room code".into(),
            Refusal::Busy => "the host is busy; try again in a few seconds".into(),
            Refusal::Full => "no open seat".into(),
            Refusal::BadToken => "that seat cannot be taken back (unknown token)".into(),
            Refusal::Started => "the game has already started; join as a spectator".into(),
            Refusal::NotJoined => "say hello first, once".into(),
            Refusal::Malformed => "not a Starhop message".into(),
            Refusal::TooLarge => {
                format!("message larger than {MAX_CLIENT_MESSAGE_BYTES} bytes")
            }
            Refusal::RateLimited => "too many messages; slow down".into(),
            Refusal::Timeout => "timed out".into(),
            Refusal::TooManyErrors => "too many refused messages".into(),
            Refusal::NotServer => {
                "this address is a Starhop game, not a Starhop server: join it with its room code"
                    .into()
            }
            Refusal::TooManyTables => "the server opens no more tables now; try again later".into(),
            Refusal::BadTable => "the server cannot open a table like that".into(),
        }
    }
}

/// What a host sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The hello was accepted: the client's seat (`None` for a spectator) and
    /// the token that takes the seat back after a lost connection.
    Welcome {
        protocol: u32,
        seat: Option<Seat>,
        token: Option<String>,
        lobby: Lobby,
    },
    Refused {
        reason: Refusal,
        message: String,
    },
    Lobby {
        lobby: Lobby,
    },
    /// The game starts: the record of its set-up (no actions yet; a
    /// resumed game's record so far).
    Start {
        #[serde(with = "wire_record")]
        record: AnyRecord,
        seq: u64,
        checksum: u64,
    },
    /// The host played `action`; `seq` counts every change of the game, and
    /// `checksum` is `Game::checksum` after it.
    Applied {
        seq: u64,
        action: Action,
        checksum: u64,
    },
    /// The host made `play` at a table of another game than classic (a
    /// classic table sends `Applied`); `seq` and `checksum` as there
    /// (`checksum` is `table::checksum`).
    Played {
        seq: u64,
        play: Play,
        checksum: u64,
    },
    /// The host took back the last action.
    Undone {
        seq: u64,
        checksum: u64,
    },
    /// The request `req` was not played.
    Rejected {
        req: u64,
        reason: String,
    },
    /// The whole game so far, to replace the client's.
    Resync {
        #[serde(with = "wire_record")]
        record: AnyRecord,
        seq: u64,
        checksum: u64,
    },
    /// A remote seat's connection was lost or came back.
    Connection {
        seat: Seat,
        connected: bool,
    },
    /// The host's clock: time used in the running turn.
    Clock {
        seq: u64,
        turn_ms: u32,
    },
    /// A player asked to take back the last action (the host decides).
    UndoAsked {
        seat: Option<Seat>,
    },
    /// The game is over: its record.
    GameOver {
        #[serde(with = "wire_record")]
        record: AnyRecord,
        seq: u64,
        checksum: u64,
    },
    /// The answer to a ping: the host's latest sequence number, and whether
    /// the game has started (a client without a game then asks for it).
    Pong {
        nonce: u64,
        seq: u64,
        started: bool,
    },
    /// A server opened the table asked for: join it by this code.
    Created {
        code: String,
    },
    /// A server's public tables.
    Tables {
        tables: Vec<PublicTable>,
    },
}

/// A record on the wire: a classic record as it is (as protocol version 1
/// sent it), another game's in the tagged format of `starhop-games`.
mod wire_record {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use starhop_engine::Record;
    use starhop_engine::record::RECORD_FORMAT;
    use starhop_games::AnyRecord;

    pub fn serialize<S: Serializer>(record: &AnyRecord, s: S) -> Result<S::Ok, S::Error> {
        match record {
            AnyRecord::Classic(r) => r.serialize(s),
            other => other.serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AnyRecord, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(d)?;
        if value.get("format").and_then(|f| f.as_str()) == Some(RECORD_FORMAT) {
            return Record::deserialize(value)
                .map(AnyRecord::Classic)
                .map_err(D::Error::custom);
        }
        AnyRecord::deserialize(value).map_err(D::Error::custom)
    }
}

/// Encodes a message for the wire.
pub fn encode<T: Serialize>(msg: &T) -> String {
    // Our messages hold no maps with non-string keys and no non-finite
    // floats, so serialisation cannot fail.
    serde_json::to_string(msg).expect("protocol messages serialise")
}

/// Just enough of a hello to tell its protocol version.
#[derive(Deserialize)]
struct VersionProbe {
    #[serde(rename = "type")]
    kind: Option<String>,
    protocol: Option<u64>,
}

/// Reads a client's message: refused unread when too large, and a hello of
/// another protocol version is told apart from garbage.
pub fn decode_client(text: &str) -> Result<ClientMsg, Refusal> {
    if text.len() > MAX_CLIENT_MESSAGE_BYTES {
        return Err(Refusal::TooLarge);
    }
    match serde_json::from_str::<ClientMsg>(text) {
        Ok(
            ClientMsg::Hello { protocol, .. }
            | ClientMsg::Create { protocol, .. }
            | ClientMsg::ListTables { protocol },
        ) if protocol != PROTOCOL_VERSION => Err(Refusal::Version {
            host: PROTOCOL_VERSION,
            client: protocol,
        }),
        Ok(msg) => Ok(msg),
        Err(_) => match serde_json::from_str::<VersionProbe>(text) {
            Ok(VersionProbe {
                kind: Some(kind),
                protocol: Some(v),
            }) if kind == "hello" && v != u64::from(PROTOCOL_VERSION) => Err(Refusal::Version {
                host: PROTOCOL_VERSION,
                client: u32::try_from(v).unwrap_or(u32::MAX),
            }),
            _ => Err(Refusal::Malformed),
        },
    }
}

/// Why a host's message was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the host's message is larger than {MAX_HOST_MESSAGE_BYTES} bytes")]
    TooLarge,
    #[error("the host's message is not readable: {0}")]
    Malformed(String),
}

/// Reads a host's message (size-capped first).
pub fn decode_server(text: &str) -> Result<ServerMsg, DecodeError> {
    if text.len() > MAX_HOST_MESSAGE_BYTES {
        return Err(DecodeError::TooLarge);
    }
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// A player name fit to show: no control or invisible formatting characters,
/// trimmed, at most `MAX_NAME_CHARS` characters; `fallback` when nothing is left.
/// Nothing else is taken out: markup and the printable parts of escape codes
/// stay, to be shown literally.
pub fn clean_name(raw: &str, fallback: &str) -> String {
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}');
    let name: String = raw
        .chars()
        .filter(|&c| !c.is_control() && !invisible(c))
        .take(MAX_NAME_CHARS)
        .collect();
    match name.trim() {
        "" => fallback.to_string(),
        t => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_through_json() {
        let msgs = [
            ClientMsg::Hello {
                protocol: PROTOCOL_VERSION,
                code: "ABCD-EFGH".into(),
                name: "Ann".into(),
                want: Want::Seat(2),
                rejoin: None,
            },
            ClientMsg::Act {
                req: 3,
                at: 7,
                action: Action::Move {
                    from: 1,
                    to: 9,
                    route: vec![1, 5, 9],
                    ms: 0,
                },
            },
            ClientMsg::Ping { nonce: 1, seq: 2 },
            ClientMsg::Leave,
        ];
        for m in msgs {
            assert_eq!(decode_client(&encode(&m)), Ok(m));
        }
        let s = ServerMsg::Applied {
            seq: 4,
            action: Action::Pass { ms: 12 },
            checksum: u64::MAX,
        };
        assert_eq!(decode_server(&encode(&s)), Ok(s));
    }

    #[test]
    fn oversized_garbage_and_other_versions_are_told_apart() {
        let big = format!(
            "{{\"type\":\"ping\",\"nonce\":1,\"seq\":1,\"pad\":\"{}\"}}",
            "x".repeat(MAX_CLIENT_MESSAGE_BYTES)
        );
        assert_eq!(decode_client(&big), Err(Refusal::TooLarge));
        assert_eq!(decode_client("{\"type\":\"fly\"}"), Err(Refusal::Malformed));
        assert_eq!(decode_client("\u{0}\u{1}"), Err(Refusal::Malformed));
        // A future hello with fields we do not know still names its version.
        let future = r#"{"type":"hello","protocol":7,"room":{"code":1}}"#;
        assert_eq!(
            decode_client(future),
            Err(Refusal::Version {
                host: PROTOCOL_VERSION,
                client: 7
            })
        );
        assert!(
            Refusal::Version { host: 1, client: 7 }
                .message()
                .contains("version 7")
        );
        let deep = "[".repeat(3000);
        assert_eq!(decode_client(&deep), Err(Refusal::Malformed));
    }

    #[test]
    fn seat_colours_travel_and_a_lobby_without_them_still_parses() {
        let lobby = Lobby {
            rules: Rules::classic(),
            seats: vec![
                SeatInfo::local("Ann").with_colour([219, 31, 36]),
                SeatInfo::open(),
            ],
            spectators: 0,
            started: false,
            game: TableGame::Classic,
        };
        let msg = ServerMsg::Lobby {
            lobby: lobby.clone(),
        };
        let text = encode(&msg);
        assert!(text.contains("[219,31,36]"), "{text}");
        assert_eq!(decode_server(&text), Ok(msg));
        // A seat without a colour is sent as before colours existed...
        let open = encode(&SeatInfo::open());
        assert!(!open.contains("colour"), "{open}");
        // ...and a message of such a host reads with no colour.
        let old = r#"{"kind":{"kind":"remote"},"name":"Bob","connected":true}"#;
        let seat: SeatInfo = serde_json::from_str(old).unwrap();
        assert_eq!(seat.colour, None);
        assert_eq!(seat.name, "Bob");
    }

    #[test]
    fn a_classic_record_travels_as_before_and_other_games_tagged() {
        use starhop_engine::{Game, Record};
        use starhop_games::{AnyGame, BoxGame, DraughtsGame};
        let classic = Game::new(Rules::classic(), 2, 7).unwrap();
        let record = Record::of(&classic, vec!["Ann".into(), "Bob".into()]);
        let msg = ServerMsg::Start {
            record: AnyRecord::Classic(record.clone()),
            seq: 0,
            checksum: classic.checksum(),
        };
        let text = encode(&msg);
        // The record is the classic record itself, as version 1 sent it.
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["record"], serde_json::to_value(&record).unwrap());
        assert!(!text.contains("starhop-game-record"), "{text}");
        assert_eq!(decode_server(&text), Ok(msg));

        let mut draughts = AnyGame::from(DraughtsGame::new(Variant::International));
        let mv = draughts.legal_moves()[0].clone();
        draughts.play(&mv).unwrap();
        let any = AnyRecord::of(&draughts, vec!["Ann".into(), "Bob".into()]);
        let msg = ServerMsg::Resync {
            record: any.clone(),
            seq: 1,
            checksum: 5,
        };
        let text = encode(&msg);
        assert!(text.contains(r#""game":"draughts""#), "{text}");
        assert_eq!(decode_server(&text), Ok(msg));
        // A record that is neither is not a message of ours.
        let bad = text.replace("starhop-draughts-record", "starhop-halma-record");
        assert!(matches!(
            decode_server(&bad),
            Err(DecodeError::Malformed(_))
        ));
    }

    #[test]
    fn the_lobby_says_which_game_and_plays_travel() {
        let lobby = Lobby {
            rules: Rules::classic(),
            seats: vec![SeatInfo::open(), SeatInfo::open()],
            spectators: 0,
            started: false,
            game: TableGame::Draughts {
                variant: Variant::Russian,
            },
        };
        let text = encode(&lobby);
        assert!(
            text.contains(r#""game":{"kind":"draughts","variant":"russian"}"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Lobby>(&text).unwrap(), lobby);
        // A lobby that does not say is classic's.
        let mut value = serde_json::to_value(&lobby).unwrap();
        value.as_object_mut().unwrap().remove("game");
        let old: Lobby = serde_json::from_value(value).unwrap();
        assert_eq!(old.game, TableGame::Classic);

        let play = ClientMsg::Play {
            req: 2,
            at: 5,
            play: Play::of(AnyMove::Draughts(starhop_draughts::DraughtsMove {
                route: vec![22, 17],
            })),
        };
        let text = encode(&play);
        assert_eq!(
            text,
            r#"{"type":"play","req":2,"at":5,"play":{"kind":"move","mv":{"game":"draughts","route":[22,17]}}}"#
        );
        assert_eq!(decode_client(&text), Ok(play));
        let resign = ClientMsg::Play {
            req: 3,
            at: 5,
            play: Play::Resign { seat: 1 },
        };
        assert_eq!(decode_client(&encode(&resign)), Ok(resign));
        // A move of no game, or a square off every board, is malformed.
        for bad in [
            r#"{"type":"play","req":2,"at":5,"play":{"kind":"move","mv":{"game":"halma","route":[1]}}}"#,
            r#"{"type":"play","req":2,"at":5,"play":{"kind":"move","mv":{"game":"draughts","route":[999]}}}"#,
            r#"{"type":"play","req":2,"at":5,"play":{"kind":"fly"}}"#,
        ] {
            assert_eq!(decode_client(bad), Err(Refusal::Malformed), "{bad}");
        }
        let food = TableGame::Food {
            rules: FoodRules::table(37, 3),
        };
        assert_eq!((food.name(), food.seats()), ("food", Some(3)));
        assert_eq!(TableGame::Classic.seats(), None);
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("  Ann\u{202E}\n ", "P1"), "Ann");
        assert_eq!(clean_name("\u{7}", "P1"), "P1");
        assert_eq!(
            clean_name(&"é".repeat(100), "P1").chars().count(),
            MAX_NAME_CHARS
        );
    }
}

//! The tables of a server: opening them (by request, or from the data
//! folder after a restart), finding them by code, listing the public ones,
//! and closing them when finished or empty for too long.

use crate::config::ServerConfig;
use crate::log::Log;
use crate::store::{SavedTable, Store, StoreSender, TABLE_FORMAT};
use serde_json::json;
use starhop_ai::Level;
use starhop_games::AnyRecord;
use starhop_net::code::same_token;
use starhop_net::protocol::clean_name;
use starhop_net::{
    Guesses, HostConfig, HostHandle, Journal, Limits, PublicTable, Refusal, RoomCode, SeatInfo,
    SeatKind, TableRequest, TableState, UndoPolicy,
};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Public tables a list gives at most.
pub const MAX_LISTED: usize = 100;

/// What a table's journal last said, for the server to read without asking
/// the table.
#[derive(Default)]
pub struct Seen {
    pub tokens: Vec<Option<String>>,
    pub lobby: Option<starhop_net::Lobby>,
    pub over: bool,
}

pub struct Table {
    pub host: HostHandle,
    pub request: TableRequest,
    /// Who opened it (`None`: taken up from the data folder).
    pub opened_by: Option<IpAddr>,
    pub seen: Arc<Mutex<Seen>>,
    /// Since when nobody is connected / the game is over.
    pub empty_since: Option<Instant>,
    pub over_since: Option<Instant>,
}

/// Everything the router and the sweeper share.
pub struct Shared {
    pub config: ServerConfig,
    pub log: Log,
    pub tables: Mutex<HashMap<String, Table>>,
    pub guesses: Mutex<Guesses>,
    pub connections: Mutex<Connections>,
    pub started: Instant,
    store: Mutex<Store>,
    runtime: tokio::runtime::Handle,
    addr: SocketAddr,
}

/// Open connections, in all and by address.
#[derive(Default)]
pub struct Connections {
    pub open: usize,
    pub by_address: HashMap<IpAddr, usize>,
}

/// An open connection's place (given back when dropped).
pub struct ConnectionSlot {
    shared: Arc<Shared>,
    key: IpAddr,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut c = self.shared.lock_connections();
        c.open -= 1;
        if let Some(n) = c.by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.key);
            }
        }
    }
}

/// The key an address is counted under: IPv4 as it is, IPv6 by its /64.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        v4 => v4,
    }
}

impl Shared {
    pub fn new(
        config: ServerConfig,
        store: Store,
        log: Log,
        runtime: tokio::runtime::Handle,
        addr: SocketAddr,
    ) -> Shared {
        Shared {
            guesses: Mutex::new(Guesses::new(&Limits::default())),
            config,
            log,
            tables: Mutex::default(),
            connections: Mutex::default(),
            started: Instant::now(),
            store: Mutex::new(store),
            runtime,
            addr,
        }
    }

    fn lock_tables(&self) -> std::sync::MutexGuard<'_, HashMap<String, Table>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_connections(&self) -> std::sync::MutexGuard<'_, Connections> {
        self.connections.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn table_count(&self) -> usize {
        self.lock_tables().len()
    }

    pub fn connection_count(&self) -> usize {
        self.lock_connections().open
    }

    /// A place for a new connection from `ip`, within the limits.
    pub fn admit(self: &Arc<Shared>, ip: IpAddr) -> Option<ConnectionSlot> {
        let key = address_key(ip);
        let mut c = self.lock_connections();
        let mine = c.by_address.get(&key).copied().unwrap_or(0);
        if c.open >= self.config.max_connections || mine >= self.config.max_connections_per_address
        {
            return None;
        }
        c.open += 1;
        *c.by_address.entry(key).or_insert(0) += 1;
        Some(ConnectionSlot {
            shared: self.clone(),
            key,
        })
    }

    /// The table of a typed code, and whether `token` holds a seat there.
    pub fn find(&self, code: &str, token: Option<&str>) -> Option<(HostHandle, bool)> {
        let key = RoomCode::parse(code)?.as_str().to_string();
        let tables = self.lock_tables();
        let table = tables.get(&key)?;
        let holds = token.is_some_and(|token| {
            let seen = table.seen.lock().unwrap_or_else(|e| e.into_inner());
            seen.tokens.iter().flatten().any(|t| same_token(t, token))
        });
        Some((table.host.clone(), holds))
    }

    /// Opens a table asked for by `from`; returns its code.
    pub fn create(&self, request: TableRequest, from: IpAddr) -> Result<String, Refusal> {
        let request = checked(request)?;
        {
            let tables = self.lock_tables();
            let key = address_key(from);
            let mine = tables
                .values()
                .filter(|t| t.opened_by.map(address_key) == Some(key))
                .count();
            if tables.len() >= self.config.max_tables || mine >= self.config.max_tables_per_address
            {
                return Err(Refusal::TooManyTables);
            }
        }
        let code = self.fresh_code();
        let key = code.as_str().to_string();
        let config = self.table_config(&request, &key, None, Vec::new());
        self.open(key.clone(), request, config, Some(from))
            .map_err(|_| Refusal::BadTable)?;
        self.log.info(
            "table_opened",
            json!({"code": key, "game": self.game_name(&key), "from": from.to_string()}),
        );
        // As people read it aloud: ABCDE-FGHJK.
        Ok(code.to_string())
    }

    fn game_name(&self, code: &str) -> String {
        self.lock_tables()
            .get(code)
            .map_or(String::new(), |t| t.request.game.name().to_string())
    }

    /// A code no table here has.
    fn fresh_code(&self) -> RoomCode {
        let tables = self.lock_tables();
        loop {
            let code = RoomCode::random();
            if !tables.contains_key(code.as_str()) {
                return code;
            }
        }
    }

    /// The host's configuration of a table: the server plays its bots,
    /// keeps its journal, and takes no undo (nobody hosts to grant one).
    fn table_config(
        &self,
        request: &TableRequest,
        code: &str,
        resume: Option<AnyRecord>,
        held: Vec<Option<String>>,
    ) -> HostConfig {
        let mut config = match resume {
            Some(record) => match HostConfig::resume_any(record) {
                Ok(c) => c,
                Err(_) => HostConfig::of_game(request.game.clone()),
            },
            None => {
                let mut c = HostConfig::of_game(request.game.clone());
                c.rules = request.rules.clone();
                c.seats = request.seats.clone();
                c
            }
        };
        config.code = RoomCode::parse(code).unwrap_or_else(RoomCode::random);
        config.table_name = request.name.clone();
        config.run_bots = true;
        config.undo = UndoPolicy::Refuse;
        config.held_seats = held;
        config
    }

    /// Starts a table's host and keeps it.
    fn open(
        &self,
        code: String,
        request: TableRequest,
        mut config: HostConfig,
        from: Option<IpAddr>,
    ) -> std::io::Result<()> {
        let seen: Arc<Mutex<Seen>> = Arc::default();
        config.journal = Some(journal(
            code.clone(),
            request.clone(),
            seen.clone(),
            self.store_sender(),
        ));
        let (host, events) = HostHandle::start_on(config, &self.runtime, self.addr)?;
        // Nobody reads a server table's events: dropped, they are not kept.
        drop(events);
        self.lock_tables().insert(
            code,
            Table {
                host,
                request,
                opened_by: from,
                seen,
                empty_since: Some(Instant::now()),
                over_since: None,
            },
        );
        Ok(())
    }

    fn store_sender(&self) -> StoreSender {
        self.store
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .sender()
    }

    /// Takes up every table saved in the data folder.
    pub fn take_up_saved(&self) {
        let (saved, unreadable) = self
            .store
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .saved_tables();
        for (path, why) in unreadable {
            self.log.warn(
                "table_unreadable",
                json!({"file": path.display().to_string(), "error": why}),
            );
        }
        for table in saved {
            let code = table.code.clone();
            let moves = table.record.as_ref().map_or(0, AnyRecord::moves);
            let config = self.table_config(
                &table.request,
                &code,
                table.record.clone(),
                table.tokens.clone(),
            );
            let result = self.open(code.clone(), table.request.clone(), config, None);
            match result {
                Ok(()) => self
                    .log
                    .info("table_resumed", json!({"code": code, "moves": moves})),
                Err(e) => {
                    self.log.warn(
                        "table_not_resumed",
                        json!({"code": code, "error": e.to_string()}),
                    );
                    let path = self.config.data.join("tables").join(format!("{code}.json"));
                    let store = self.store.lock().unwrap_or_else(|e| e.into_inner());
                    store.set_aside(&path);
                }
            }
        }
    }

    /// The public tables, those still waiting for players first.
    pub fn public_tables(&self) -> Vec<PublicTable> {
        let tables = self.lock_tables();
        let mut list: Vec<PublicTable> = tables
            .iter()
            .filter(|(_, t)| t.request.public)
            .filter_map(|(code, t)| {
                let seen = t.seen.lock().unwrap_or_else(|e| e.into_inner());
                (!seen.over).then(|| PublicTable {
                    code: RoomCode::parse(code).map_or_else(|| code.clone(), |c| c.to_string()),
                    name: t.request.name.clone(),
                    lobby: seen.lobby.clone().unwrap_or_else(|| lobby_of(&t.request)),
                })
            })
            .collect();
        list.sort_by(|a, b| (a.lobby.started, &a.name).cmp(&(b.lobby.started, &b.name)));
        list.truncate(MAX_LISTED);
        list
    }

    /// Looks at every table: a finished one goes after `keep_finished`, one
    /// nobody is connected to after `keep_empty`.
    fn sweep_once(&self, now: Instant) {
        let mut closing = Vec::new();
        {
            let mut tables = self.lock_tables();
            for (code, t) in tables.iter_mut() {
                let over = t.seen.lock().unwrap_or_else(|e| e.into_inner()).over;
                if over {
                    t.over_since.get_or_insert(now);
                }
                match t.host.open_connections() {
                    0 => t.empty_since.get_or_insert(now),
                    _ => t.empty_since.insert(now),
                };
                let finished = t
                    .over_since
                    .is_some_and(|at| now.duration_since(at) >= self.config.keep_finished());
                let abandoned = t.host.open_connections() == 0
                    && t.empty_since
                        .is_some_and(|at| now.duration_since(at) >= self.config.keep_empty());
                if finished || abandoned || t.host.is_stopped() {
                    closing.push((code.clone(), over));
                }
            }
            for (code, _) in &closing {
                if let Some(t) = tables.remove(code) {
                    t.host.shutdown();
                }
            }
        }
        for (code, over) in closing {
            if !over {
                self.store
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .forget(&code);
            }
            let why = if over { "finished" } else { "abandoned" };
            self.log
                .info("table_closed", json!({"code": code, "why": why}));
        }
    }

    /// Stops every table (their saved games stay for the next start).
    pub fn stop_all(&self) {
        for t in self.lock_tables().values() {
            t.host.shutdown();
        }
    }

    pub fn close_store(&self) {
        self.store.lock().unwrap_or_else(|e| e.into_inner()).close();
    }
}

/// The lobby of a table not told yet.
fn lobby_of(request: &TableRequest) -> starhop_net::Lobby {
    starhop_net::Lobby {
        rules: request.rules.clone(),
        seats: request.seats.clone(),
        spectators: 0,
        started: false,
        game: request.game.clone(),
    }
}

/// A request the server can open: open seats and bots only, known bot
/// levels, names cleaned, a seat count the game takes.
fn checked(mut request: TableRequest) -> Result<TableRequest, Refusal> {
    let n = request.seats.len();
    if !(2..=6).contains(&n) || request.game.seats().is_some_and(|s| s != n) {
        return Err(Refusal::BadTable);
    }
    if request.seats.iter().all(|s| s.kind != SeatKind::Open) {
        return Err(Refusal::BadTable);
    }
    for (i, seat) in request.seats.iter_mut().enumerate() {
        match &seat.kind {
            SeatKind::Open => {}
            SeatKind::Bot { level } if Level::ALL.iter().any(|l| l.name() == level) => {}
            _ => return Err(Refusal::BadTable),
        }
        let fallback = match seat.kind {
            SeatKind::Bot { .. } => format!("Bot {}", i + 1),
            _ => format!("Player {}", i + 1),
        };
        *seat = SeatInfo {
            name: clean_name(&seat.name, &fallback),
            ..seat.clone()
        };
    }
    if let starhop_net::TableGame::Classic = request.game
        && request.rules.validate(n).is_err()
    {
        return Err(Refusal::BadTable);
    }
    request.name = clean_name(&request.name, "Starhop table");
    Ok(request)
}

/// A table's journal: keeps what the server reads, and saves the table.
fn journal(
    code: String,
    request: TableRequest,
    seen: Arc<Mutex<Seen>>,
    store: StoreSender,
) -> Journal {
    Journal(Arc::new(move |state: TableState| {
        {
            let mut s = seen.lock().unwrap_or_else(|e| e.into_inner());
            s.tokens = state.tokens.clone();
            s.lobby = Some(state.lobby.clone());
            s.over = state.over;
        }
        match (state.over, state.record) {
            (true, Some(record)) => store.finish(&code, record),
            (_, record) => store.save(SavedTable {
                format: TABLE_FORMAT.into(),
                code: code.clone(),
                request: request.clone(),
                tokens: state.tokens,
                record,
            }),
        }
    }))
}

/// Every second: closes finished and abandoned tables.
pub async fn sweep(shared: Arc<Shared>, stop: Arc<tokio::sync::Notify>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            _ = tick.tick() => shared.sweep_once(Instant::now()),
            _ = stop.notified() => return,
        }
    }
}

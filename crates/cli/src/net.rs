//! `starhop-cli serve`, `join` and `discover`: network games from the
//! command line (see `starhop-net`). `serve` hosts a table (a new game, or a
//! saved one taken up with `--resume`), optionally with bots of its own,
//! starts when every seat is taken and writes the record at the end; `join`
//! takes a seat and plays it with a bot, and writes its own copy of the
//! record; `discover` lists the tables announced on the local network.
//! Tables play classic or party Chinese checkers by default, draughts or
//! food checkers with `serve --game` (`join` plays whatever the table
//! plays); their records are written in the tagged format of every game.
//!
//! All print one line per event worth knowing on standard output; the
//! first line of `serve` is `listening on ADDR code CODE`, so a script (or a
//! test) can start it on port 0 and read where it listens. Names that come
//! from elsewhere (saved games, the network) are printed with control
//! characters escaped (`\u{1b}`), so nothing they hold reaches the terminal
//! as a control sequence.

use crate::PresetArg;
use clap::{Args, ValueEnum};
use starhop_ai::{BotAction, Budget, Level};
use starhop_draughts::Variant;
use starhop_engine::food::FoodRules;
use starhop_engine::{Action, Game, MAX_RECORD_BYTES, Record, Seat, read_record};
use starhop_games::{AnyGame, AnyMove, AnyRecord, MAX_ANY_RECORD_BYTES, Think};
use starhop_net::drive::{
    move_action, play_client, play_client_any, play_host_seats, play_host_seats_any,
};
use starhop_net::{
    ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, DISCOVERY_PORT, FoundTable,
    HostConfig, HostHandle, Refusal, RoomCode, SeatInfo, SeatKind, TableGame, Want,
};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The games a table can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Chinese checkers, by --preset.
    Classic,
    /// Draughts, by --variant (two players).
    Draughts,
    /// Food checkers for --players (2 to 6), on the hexagon of --size.
    Food,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The game the table plays.
    #[arg(long, value_enum, default_value_t = GameArg::Classic, conflicts_with = "resume")]
    game: GameArg,
    /// The draughts variant: russian or international (with --game draughts).
    #[arg(long, default_value = "russian", conflicts_with = "resume")]
    variant: Variant,
    /// Milliseconds the host's bots think for a move of draughts or food
    /// checkers (the level's own time when absent; classic bots go by
    /// --depth or their level).
    #[arg(long)]
    think_ms: Option<u64>,
    /// Number of players: 2, 3, 4 or 6 (default 2; with --resume, the saved
    /// game's, which this must match when given).
    #[arg(long)]
    players: Option<usize>,
    /// Take up a saved game (a record written by --out or by the game) where
    /// it stood: its rules, seed, names and bots. Players join with the new
    /// code, and `join --seat N` claims a seat.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Port to listen on (0: any free port; the first line says which).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Address to listen on: 0.0.0.0 for the local network, 127.0.0.1 for
    /// this machine only.
    #[arg(long, default_value = "0.0.0.0")]
    bind: std::net::IpAddr,
    /// Room code (8 to 16 letters and digits; a random one when absent).
    #[arg(long)]
    code: Option<String>,
    /// The rule set.
    #[arg(long, value_enum, default_value_t = PresetArg::Classic, conflicts_with = "resume")]
    preset: PresetArg,
    /// Rows per star point: 3, 4 or 5.
    #[arg(long, default_value_t = 4, conflicts_with = "resume")]
    size: u8,
    /// Seats the host fills with its own bots (the last ones; a resumed
    /// game's bots are the record's).
    #[arg(long, default_value_t = 0, conflicts_with = "resume")]
    bots: usize,
    /// Level of the host's bots: beginner, easy, medium, hard or master.
    #[arg(long, default_value = "easy", conflicts_with = "resume")]
    bot_level: String,
    /// Search depth of the host's bots instead of their time (fast, deterministic).
    #[arg(long)]
    depth: Option<u32>,
    /// The game's seed (random when absent).
    #[arg(long, conflicts_with = "resume")]
    seed: Option<u64>,
    /// Seconds a player who lost the connection has to come back.
    #[arg(long, default_value_t = 120)]
    reconnect_secs: u64,
    /// Give up when the game has not ended after this many seconds.
    #[arg(long, default_value_t = 6 * 3600)]
    limit_secs: u64,
    /// Where to write the record when the game ends.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the host's CPU time for the game at the end.
    #[arg(long)]
    measure: bool,
    /// Announce the table on the local network every second (by UDP, to
    /// `discover`; the room code is not announced).
    #[arg(long)]
    announce: bool,
    /// UDP port the announcements go to.
    #[arg(long, default_value_t = DISCOVERY_PORT)]
    announce_port: u16,
    /// The table's name in the announcements (this machine's by default).
    #[arg(long)]
    name: Option<String>,
}

#[derive(Args, Debug)]
pub struct DiscoverArgs {
    /// Seconds to listen for tables.
    #[arg(long, default_value_t = 3.0)]
    wait: f64,
    /// UDP port to listen on.
    #[arg(long, default_value_t = DISCOVERY_PORT)]
    port: u16,
}

#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host, as HOST:PORT.
    #[arg(long)]
    addr: String,
    /// The room code.
    #[arg(long)]
    code: String,
    /// Play the seat with a bot of this level: beginner, easy, medium, hard or master.
    #[arg(long)]
    bot: String,
    /// Search depth instead of the level's time (fast, deterministic).
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds the bot thinks for a move of draughts or food checkers
    /// (the level's own time when absent).
    #[arg(long)]
    think_ms: Option<u64>,
    /// The name shown to the others.
    #[arg(long, default_value = "Bot")]
    name: String,
    /// The seat wanted (1-based; any open seat when absent).
    #[arg(long)]
    seat: Option<u8>,
    /// Take back a seat held before, with the token `join` printed then.
    #[arg(long)]
    token: Option<String>,
    /// Give up when the game has not ended after this many seconds.
    #[arg(long, default_value_t = 6 * 3600)]
    limit_secs: u64,
    /// Where to write this side's record when the game ends.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print how long our requests took from sending to coming back applied.
    #[arg(long)]
    measure: bool,
}

fn level(name: &str) -> Result<Level, String> {
    name.parse()
}

/// A bot as a chooser of actions for the player to move.
fn bot(level: Level, depth: Option<u32>, seed: u64) -> impl FnMut(&Game) -> Action {
    move |game: &Game| {
        let budget = match depth {
            Some(d) => Budget::depth(d),
            None => Budget::time_ms(u64::from(level.think_ms())),
        };
        let decision = starhop_ai::choose(game, level, budget, seed);
        let action = match decision.action {
            BotAction::Move(m) => move_action(game, m),
            BotAction::Pass => Some(Action::Pass { ms: 0 }),
            BotAction::Item(item_use) => Some(Action::UseItem { item_use, ms: 0 }),
        };
        // The bots only choose legal moves; a pass is the safe answer otherwise.
        action.unwrap_or(Action::Pass { ms: 0 })
    }
}

/// The bot of another game than classic: the game's own, thinking for the
/// level's time or `think_ms`.
fn any_bot(level: Level, think_ms: Option<u64>, seed: u64) -> impl FnMut(&AnyGame) -> AnyMove {
    let think = Think::new(level).seeded(seed);
    starhop_net::drive::bot(match think_ms {
        Some(ms) => think.within(Duration::from_millis(ms)),
        None => think,
    })
}

fn write_record(out: Option<&Path>, record: &Record) -> Result<(), String> {
    write_json(out, &record.to_json())
}

/// A record of any game as written: classic's as before, the others' in
/// the tagged format.
fn any_json(record: &AnyRecord) -> String {
    match record {
        AnyRecord::Classic(r) => r.to_json(),
        other => other.to_json(),
    }
}

fn write_json(out: Option<&Path>, json: &str) -> Result<(), String> {
    if let Some(path) = out {
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("record written to {}", path.display());
    }
    Ok(())
}

/// CPU time this process has used (Linux; `None` elsewhere).
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start at ") ".
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports in clock ticks of 1/100 s on every common configuration.
    Some(Duration::from_millis(ticks * 10))
}

/// Text from elsewhere (a name) fit to print on a terminal: control and
/// invisible formatting characters escaped (`\u{1b}`), the rest as it is
/// (markup such as `<b>` or `&amp;` means nothing to a terminal).
fn shown(text: &str) -> String {
    let invisible = |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}');
    text.chars()
        .map(|c| match c.is_control() || invisible(c) {
            true => c.escape_unicode().to_string(),
            false => c.to_string(),
        })
        .collect()
}

fn flush() {
    let _ = std::io::stdout().flush();
}

pub fn serve(args: ServeArgs) -> Result<(), String> {
    let code = match &args.code {
        Some(c) => RoomCode::parse(c).ok_or_else(|| {
            "the room code must have 8 to 16 letters and digits (no I, L, O or U)".to_string()
        })?,
        None => RoomCode::random(),
    };
    let mut config = match &args.resume {
        Some(path) => match other_game_saved(path) {
            Some(record) => resumed_any_config(path, record, args.players)?,
            None => resumed_config(path, args.players)?,
        },
        None => new_config(&args)?,
    };
    let classic = config.game == TableGame::Classic;
    config.bind = SocketAddr::new(args.bind, args.port);
    config.code = code;
    config.timeouts.reconnect = Duration::from_secs(args.reconnect_secs);
    config.announce = args.announce;
    config.announce_port = args.announce_port;
    if let Some(name) = &args.name {
        config.table_name = name.clone();
    }
    // The host's bots, by seat (a resumed game's may differ in level).
    let mut levels: Vec<Option<Level>> = Vec::new();
    for (i, seat) in config.seats.iter().enumerate() {
        levels.push(match &seat.kind {
            SeatKind::Bot { level: name } => {
                Some(level(name).map_err(|e| format!("the bot of seat {}: {e}", i + 1))?)
            }
            _ => None,
        });
    }
    let bot_seats: Vec<Seat> = (0..levels.len())
        .filter(|&s| levels[s].is_some())
        .map(|s| s as Seat)
        .collect();
    let open = config.seats.len() - bot_seats.len();
    let resumed = match &config.resume_any {
        Some(r) => Some((r.moves(), "moves")),
        None => config.resume.as_ref().map(|r| (r.actions.len(), "actions")),
    };
    let seats = config.seats.clone();
    let cpu_before = process_cpu();
    let (host, events) =
        HostHandle::start(config).map_err(|e| format!("cannot host a game: {e}"))?;
    println!("listening on {} code {}", host.addr(), host.code());
    if args.announce {
        println!("announcing on UDP port {}", args.announce_port);
    }
    if let Some((count, unit)) = resumed {
        println!("resuming a saved game after {count} {unit}");
        for (i, seat) in seats.iter().enumerate() {
            if seat.kind == SeatKind::Open {
                println!("seat {} is {}'s", i + 1, shown(&seat.name));
            }
        }
    }
    println!("waiting for {open} player(s) to join");
    flush();
    let seed = args.seed.unwrap_or(0);
    let limit = Duration::from_secs(args.limit_secs);
    let played = if classic {
        let levels = levels.clone();
        let chooser = move |game: &Game| {
            let level = levels[usize::from(game.to_move())].unwrap_or(Level::Easy);
            bot(level, args.depth, seed)(game)
        };
        play_host_seats(&host, &events, &bot_seats, chooser, limit)
            .map(|r| (r.actions.len(), "actions", r.to_json()))
    } else {
        let chooser = move |game: &AnyGame| {
            let seat = starhop_games::BoxGame::to_move(game).map_or(0, usize::from);
            let level = levels.get(seat).copied().flatten().unwrap_or(Level::Easy);
            any_bot(level, args.think_ms, seed)(game)
        };
        play_host_seats_any(&host, &events, &bot_seats, chooser, limit)
            .map(|r| (r.moves(), "moves", r.to_json()))
    };
    let (count, unit, json) = match played {
        Ok(r) => r,
        Err(e) => {
            // The game so far can be taken up later with --resume.
            let so_far = host.any_record();
            host.shutdown();
            if let Some(partial) = so_far {
                write_json(args.out.as_deref(), &any_json(&partial))?;
            }
            return Err(e);
        }
    };
    println!("game over after {count} {unit}");
    write_json(args.out.as_deref(), &json)?;
    // The players leave once they have the end; wait a little for them so
    // the last messages are not cut off.
    let end = Instant::now() + Duration::from_secs(5);
    while host.view().connections > 0 && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    host.shutdown();
    if args.measure
        && let (Some(a), Some(b)) = (cpu_before, process_cpu())
    {
        println!(
            "host CPU: {} ms for {count} {unit} (this process, host bots included)",
            (b - a).as_millis(),
        );
    }
    flush();
    Ok(())
}

/// A new table: the game and its rules, and the host's bots in the last seats.
fn new_config(args: &ServeArgs) -> Result<HostConfig, String> {
    let players = args.players.unwrap_or(2);
    if args.bots >= players {
        return Err(format!(
            "--bots {} leaves no seat for a remote player (--players {players})",
            args.bots
        ));
    }
    let bot_level = level(&args.bot_level)?;
    if args.game != GameArg::Classic && args.preset != PresetArg::Classic {
        return Err("--preset is for Chinese checkers (--game classic)".into());
    }
    let mut config = match args.game {
        GameArg::Classic => {
            let rules = args.preset.preset().rules().with_size(args.size);
            HostConfig {
                seed: args.seed,
                ..HostConfig::new(players, rules)
            }
        }
        GameArg::Draughts if players != 2 => {
            return Err(format!("draughts is played by two, not {players}"));
        }
        GameArg::Draughts => HostConfig::draughts(args.variant),
        GameArg::Food => {
            let holes = match args.size {
                3 => 37,
                4 => 61,
                5 => 91,
                n => return Err(format!("--size takes 3, 4 or 5, not {n}")),
            };
            HostConfig::food(FoodRules::table(holes, players))
        }
    };
    for s in players - args.bots..players {
        config.seats[s] = SeatInfo::bot(
            bot_level.name(),
            format!("{} bot {}", bot_level.name(), s + 1),
        );
    }
    Ok(config)
}

/// A table for a saved game: its players, rules and bots.
fn resumed_config(path: &Path, players: Option<usize>) -> Result<HostConfig, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let record = read_record(file, MAX_RECORD_BYTES).map_err(|e| format!("{shown}: {e}"))?;
    if let Some(p) = players
        && p != record.players
    {
        return Err(format!(
            "--players {p} does not match the saved game in {shown}, which has {} players",
            record.players
        ));
    }
    let config = HostConfig::resume(record).map_err(|e| format!("{shown}: {e}"))?;
    if config.seats.iter().all(|s| s.kind != SeatKind::Open) {
        return Err(format!(
            "{shown}: every seat of the saved game is a bot's: nobody is left to join"
        ));
    }
    Ok(config)
}

/// The saved game in `path`, when it is one of another game than classic
/// (a classic one, or a file that is no record, goes the classic way, with
/// its messages).
fn other_game_saved(path: &Path) -> Option<AnyRecord> {
    let file = std::fs::File::open(path).ok()?;
    match starhop_games::read_any_record_from(file, MAX_ANY_RECORD_BYTES) {
        Ok(AnyRecord::Classic(_)) | Err(_) => None,
        Ok(other) => Some(other),
    }
}

/// A table for a saved game of another game than classic.
fn resumed_any_config(
    path: &Path,
    record: AnyRecord,
    players: Option<usize>,
) -> Result<HostConfig, String> {
    let shown = path.display();
    if let Some(p) = players
        && p != record.seats()
    {
        return Err(format!(
            "--players {p} does not match the saved game in {shown}, which has {} players",
            record.seats()
        ));
    }
    let config = HostConfig::resume_any(record).map_err(|e| format!("{shown}: {e}"))?;
    if config.seats.iter().all(|s| s.kind != SeatKind::Open) {
        return Err(format!(
            "{shown}: every seat of the saved game is a bot's: nobody is left to join"
        ));
    }
    Ok(config)
}

/// One line per table: `table ADDR game draughts players N open 1,2 waiting name NAME`
/// (seats from 1, `-` when none is open; the name last, as it may hold spaces).
fn table_line(t: &FoundTable) -> String {
    let open: Vec<String> = t.open.iter().map(|s| (s + 1).to_string()).collect();
    let open = if open.is_empty() {
        "-".to_string()
    } else {
        open.join(",")
    };
    let state = if t.started { "started" } else { "waiting" };
    format!(
        "table {} game {} players {} open {open} {state} name {}",
        t.addr,
        t.game.tag(),
        t.players,
        shown(&t.name)
    )
}

pub fn discover(args: DiscoverArgs) -> Result<(), String> {
    if !(0.0..=3600.0).contains(&args.wait) {
        return Err("--wait takes 0 to 3600 seconds".into());
    }
    let wait = Duration::from_secs_f64(args.wait);
    let tables = starhop_net::discover(args.port, wait)
        .map_err(|e| format!("cannot listen on UDP port {}: {e}", args.port))?;
    for t in &tables {
        println!("{}", table_line(t));
    }
    println!("{} table(s) found", tables.len());
    flush();
    Ok(())
}

/// How long `join` keeps trying while the host says it is busy (too many
/// wrong codes lately), and the longest wait between two tries.
const BUSY_RETRY_FOR: Duration = Duration::from_secs(120);
const BUSY_WAIT_MAX: Duration = Duration::from_secs(5);

/// Connects and waits for the welcome, so a refusal is reported as such. A
/// host that is busy is asked again, with backoff (for `BUSY_RETRY_FOR`):
/// with a token the client comes back by itself, without one a new client
/// says hello again.
fn join_table(args: &JoinArgs, want: Want) -> Result<(ClientHandle, ClientEvents, Seat), String> {
    let give_up = Instant::now() + BUSY_RETRY_FOR;
    let mut wait = Duration::from_millis(250);
    'connect: loop {
        let mut config = ClientConfig::new(&args.code, &args.name, want);
        config.rejoin = args.token.clone();
        let connector = Connector::WebSocket(args.addr.clone());
        let (client, events) =
            ClientHandle::connect(connector, config).map_err(|e| format!("cannot start: {e}"))?;
        loop {
            match events.recv_timeout(Duration::from_secs(30)) {
                Some(ClientEvent::Welcome { seat, token }) => {
                    let seat = seat.ok_or("joined as a spectator, not a player")?;
                    println!(
                        "seat {} token {}",
                        seat + 1,
                        token.or(args.token.clone()).unwrap_or_default()
                    );
                    flush();
                    return Ok((client, events, seat));
                }
                Some(ClientEvent::Refused {
                    reason: Refusal::Busy,
                    message,
                }) if Instant::now() + wait < give_up => {
                    println!("{message}: trying again in {} ms", wait.as_millis());
                    flush();
                    if args.token.is_some() {
                        // The client comes back by itself, with its own backoff.
                        continue;
                    }
                    drop(client);
                    std::thread::sleep(wait);
                    wait = (wait * 2).min(BUSY_WAIT_MAX);
                    continue 'connect;
                }
                Some(ClientEvent::Refused { message, .. }) => return Err(message),
                Some(ClientEvent::Closed { reason }) => return Err(reason),
                Some(_) => {}
                None => return Err(format!("no answer from {}", args.addr)),
            }
        }
    }
}

pub fn join(args: JoinArgs) -> Result<(), String> {
    let bot_level = level(&args.bot)?;
    let want = match args.seat {
        Some(0) => return Err("seats are numbered from 1".into()),
        Some(s) => Want::Seat(s - 1),
        None => Want::Any,
    };
    let (client, events, seat) = join_table(&args, want)?;
    let limit = Duration::from_secs(args.limit_secs);
    let game = client.view().lobby.map(|l| l.game).unwrap_or_default();
    if game == TableGame::Classic {
        let chooser = bot(bot_level, args.depth, u64::from(seat));
        let record = play_client(&client, &events, chooser, limit)?;
        println!("game over after {} actions", record.actions.len());
        write_record(args.out.as_deref(), &record)?;
    } else {
        println!("the table plays {}", game.name());
        let chooser = any_bot(bot_level, args.think_ms, u64::from(seat));
        let record = play_client_any(&client, &events, chooser, limit)?;
        println!("game over after {} moves", record.moves());
        write_json(args.out.as_deref(), &record.to_json())?;
    }
    let mut round_trips = client.view().round_trips;
    client.leave();
    if args.measure && !round_trips.is_empty() {
        round_trips.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "request to applied (round trip): {} moves, median {:.2} ms, max {:.2} ms",
            round_trips.len(),
            ms(round_trips[round_trips.len() / 2]),
            ms(*round_trips.last().expect("some"))
        );
    }
    flush();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_printed_without_control_characters() {
        let evil = "\u{1b}[2J\u{1b}[31mEvil<b>&amp;\u{7}\u{202E}\r\n";
        let line = shown(evil);
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert_eq!(
            line,
            "\\u{1b}[2J\\u{1b}[31mEvil<b>&amp;\\u{7}\\u{202e}\\u{d}\\u{a}"
        );
        assert_eq!(shown("Ann Bö"), "Ann Bö");
        let table = FoundTable {
            addr: SocketAddr::from(([127, 0, 0, 1], 7878)),
            name: evil.into(),
            players: 2,
            open: vec![1],
            started: false,
            game: starhop_engine::shape::GameKind::Classic,
            seen: Instant::now(),
        };
        let line = table_line(&table);
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(
            line.ends_with("name \\u{1b}[2J\\u{1b}[31mEvil<b>&amp;\\u{7}\\u{202e}\\u{d}\\u{a}")
        );
    }
}

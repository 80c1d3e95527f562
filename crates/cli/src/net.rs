//! `starhop-cli serve` and `starhop-cli join`: network games from the
//! command line (see `starhop-net`). `serve` hosts a table, optionally with
//! bots of its own, starts when every seat is taken and writes the record at
//! the end; `join` takes a seat and plays it with a bot, and writes its own
//! copy of the record.
//!
//! Both print one line per event worth knowing on standard output; the
//! first line of `serve` is `listening on ADDR code CODE`, so a script (or a
//! test) can start it on port 0 and read where it listens.

use crate::PresetArg;
use clap::Args;
use starhop_ai::{BotAction, Budget, Level};
use starhop_engine::{Action, Game, Record, Seat};
use starhop_net::drive::{move_action, play_client, play_host_seats};
use starhop_net::{
    ClientConfig, ClientEvent, ClientHandle, Connector, HostConfig, HostHandle, RoomCode, SeatInfo,
    SeatKind, Want,
};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Number of players: 2, 3, 4 or 6.
    #[arg(long, default_value_t = 2)]
    players: usize,
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
    #[arg(long, value_enum, default_value_t = PresetArg::Classic)]
    preset: PresetArg,
    /// Rows per star point: 3, 4 or 5.
    #[arg(long, default_value_t = 4)]
    size: u8,
    /// Seats the host fills with its own bots (the last ones).
    #[arg(long, default_value_t = 0)]
    bots: usize,
    /// Level of the host's bots: beginner, easy, medium, hard or master.
    #[arg(long, default_value = "easy")]
    bot_level: String,
    /// Search depth of the host's bots instead of their time (fast, deterministic).
    #[arg(long)]
    depth: Option<u32>,
    /// The game's seed (random when absent).
    #[arg(long)]
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

fn write_record(out: Option<&Path>, record: &Record) -> Result<(), String> {
    if let Some(path) = out {
        std::fs::write(path, record.to_json())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
    if args.bots >= args.players {
        return Err(format!(
            "--bots {} leaves no seat for a remote player (--players {})",
            args.bots, args.players
        ));
    }
    let bot_level = level(&args.bot_level)?;
    let mut config = HostConfig {
        bind: SocketAddr::new(args.bind, args.port),
        code,
        seed: args.seed,
        ..HostConfig::new(
            args.players,
            args.preset.preset().rules().with_size(args.size),
        )
    };
    config.timeouts.reconnect = Duration::from_secs(args.reconnect_secs);
    let bot_seats: Vec<Seat> = (args.players - args.bots..args.players)
        .map(|s| s as Seat)
        .collect();
    for &s in &bot_seats {
        config.seats[s as usize] = SeatInfo {
            kind: SeatKind::Bot {
                level: bot_level.name().to_string(),
            },
            name: format!("{} bot {}", bot_level.name(), s + 1),
            connected: true,
        };
    }
    let cpu_before = process_cpu();
    let (host, events) =
        HostHandle::start(config).map_err(|e| format!("cannot host a game: {e}"))?;
    println!("listening on {} code {}", host.addr(), host.code());
    println!("waiting for {} player(s) to join", args.players - args.bots);
    flush();
    let seed = args.seed.unwrap_or(0);
    let limit = Duration::from_secs(args.limit_secs);
    let record = play_host_seats(
        &host,
        &events,
        &bot_seats,
        bot(bot_level, args.depth, seed),
        limit,
    );
    let record = match record {
        Ok(r) => r,
        Err(e) => {
            host.shutdown();
            return Err(e);
        }
    };
    println!("game over after {} actions", record.actions.len());
    write_record(args.out.as_deref(), &record)?;
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
            "host CPU: {} ms for {} actions (this process, host bots included)",
            (b - a).as_millis(),
            record.actions.len()
        );
    }
    flush();
    Ok(())
}

pub fn join(args: JoinArgs) -> Result<(), String> {
    let bot_level = level(&args.bot)?;
    let want = match args.seat {
        Some(0) => return Err("seats are numbered from 1".into()),
        Some(s) => Want::Seat(s - 1),
        None => Want::Any,
    };
    let mut config = ClientConfig::new(&args.code, &args.name, want);
    config.rejoin = args.token.clone();
    let (client, events) = ClientHandle::connect(Connector::WebSocket(args.addr.clone()), config)
        .map_err(|e| format!("cannot start: {e}"))?;
    // Wait for the welcome, so a refusal is reported as such.
    let seat = loop {
        match events.recv_timeout(Duration::from_secs(30)) {
            Some(ClientEvent::Welcome { seat, token }) => {
                let seat = seat.ok_or("joined as a spectator, not a player")?;
                println!(
                    "seat {} token {}",
                    seat + 1,
                    token.or(args.token.clone()).unwrap_or_default()
                );
                flush();
                break seat;
            }
            Some(ClientEvent::Refused { message, .. }) => return Err(message),
            Some(ClientEvent::Closed { reason }) => return Err(reason),
            Some(_) => {}
            None => return Err(format!("no answer from {}", args.addr)),
        }
    };
    let limit = Duration::from_secs(args.limit_secs);
    let chooser = bot(bot_level, args.depth, u64::from(seat));
    let record = play_client(&client, &events, chooser, limit)?;
    println!("game over after {} actions", record.actions.len());
    write_record(args.out.as_deref(), &record)?;
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

//! `starhop-server`: see the crate's documentation and `docs/server.md`.

use clap::Parser;
use starhop_server::log::Log;
use starhop_server::{LogFormat, Server, ServerConfig};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Hosts many Starhop tables; players join by room code.
#[derive(Parser, Debug)]
#[command(name = "starhop-server", version = starhop_about::VERSION, about)]
struct Args {
    /// A TOML configuration file (every field optional; see --print-config).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Where to listen (address:port).
    #[arg(long)]
    listen: Option<SocketAddr>,
    /// The data folder (tables in play, finished records).
    #[arg(long)]
    data: Option<PathBuf>,
    #[arg(long)]
    max_tables: Option<usize>,
    #[arg(long)]
    max_tables_per_address: Option<usize>,
    #[arg(long)]
    max_connections: Option<usize>,
    #[arg(long)]
    max_connections_per_address: Option<usize>,
    /// Seconds a finished table stays.
    #[arg(long)]
    keep_finished_secs: Option<u64>,
    /// Seconds a table nobody is connected to stays.
    #[arg(long)]
    keep_empty_secs: Option<u64>,
    /// Threads that run the tables (0: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Log lines as json or text.
    #[arg(long, value_parser = ["json", "text"])]
    log: Option<String>,
    /// Prints the configuration in effect (defaults, file, flags) as TOML, and exits.
    #[arg(long)]
    print_config: bool,
    /// Asks the server at ADDR (address:port) for `GET /health`, prints
    /// the answer and exits 0 when it is up (for container health checks).
    #[arg(long, value_name = "ADDR")]
    check_health: Option<SocketAddr>,
}

fn config(args: &Args) -> Result<ServerConfig, String> {
    let mut c = match &args.config {
        Some(path) => ServerConfig::from_file(path)?,
        None => ServerConfig::default(),
    };
    if let Some(v) = args.listen {
        c.listen = v;
    }
    if let Some(v) = &args.data {
        c.data = v.clone();
    }
    macro_rules! over {
        ($($field:ident),*) => { $(if let Some(v) = args.$field { c.$field = v; })* };
    }
    over!(
        max_tables,
        max_tables_per_address,
        max_connections,
        max_connections_per_address,
        keep_finished_secs,
        keep_empty_secs,
        threads
    );
    if let Some(v) = &args.log {
        c.log = match v.as_str() {
            "text" => LogFormat::Text,
            _ => LogFormat::Json,
        };
    }
    Ok(c)
}

/// `GET /health` of the server at `addr`: its answer's body when it is up.
fn check_health(addr: SocketAddr) -> Result<String, String> {
    use std::io::{Read, Write};
    let timeout = std::time::Duration::from_secs(3);
    let mut s = std::net::TcpStream::connect_timeout(&addr, timeout).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(timeout))
        .map_err(|e| e.to_string())?;
    s.write_all(b"GET /health HTTP/1.1\r\nHost: starhop\r\nConnection: close\r\n\r\n")
        .map_err(|e| e.to_string())?;
    let mut reply = String::new();
    s.read_to_string(&mut reply).map_err(|e| e.to_string())?;
    match reply.strip_prefix("HTTP/1.1 200 OK\r\n") {
        Some(rest) => Ok(rest.split("\r\n\r\n").nth(1).unwrap_or("").to_string()),
        None => Err(reply.lines().next().unwrap_or("no answer").to_string()),
    }
}

fn main() {
    let args = Args::parse();
    if let Some(addr) = args.check_health {
        match check_health(addr) {
            Ok(body) => println!("{body}"),
            Err(e) => {
                eprintln!("starhop-server: {addr} is not healthy: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let config = match config(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("starhop-server: {e}");
            std::process::exit(2);
        }
    };
    if args.print_config {
        print!("{}", toml::to_string(&config).unwrap_or_default());
        return;
    }
    let log = Log {
        format: config.log,
        quiet: false,
    };
    let server = match Server::start(config.clone(), log) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "starhop-server: cannot serve on {} with data in {}: {e}",
                config.listen,
                config.data.display()
            );
            std::process::exit(1);
        }
    };
    server.wait_for_signal();
    server.shutdown();
}

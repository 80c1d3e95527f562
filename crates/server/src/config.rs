//! The server's configuration: a TOML file (`--config`), with flags over it.
//! Every field has a default, so an empty file (or none) runs a server.

use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The port a server listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7880;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// Where to listen: WebSocket connections of games and tools, and
    /// `GET /health`.
    pub listen: SocketAddr,
    /// Where tables in play and finished records are written; a restart
    /// takes up every unfinished table from here. Keep it private: it
    /// holds the players' seat tokens.
    pub data: PathBuf,
    /// Tables at once, and tables one address may have opened and still open.
    pub max_tables: usize,
    pub max_tables_per_address: usize,
    /// Connections at once, and from one address (IPv6: one /64).
    pub max_connections: usize,
    pub max_connections_per_address: usize,
    /// How long a finished table stays (for its players to see the end).
    pub keep_finished_secs: u64,
    /// How long a table nobody is connected to stays (players who lost
    /// their connection, or a server restart, get this long to come back;
    /// at least the two minutes a seat waits for its player).
    pub keep_empty_secs: u64,
    /// Threads that run the tables (0: one per core).
    pub threads: usize,
    /// Log lines as JSON objects (for a log collector) or as text.
    pub log: LogFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogFormat {
    Json,
    Text,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            listen: SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)),
            data: PathBuf::from("starhop-data"),
            max_tables: 1000,
            max_tables_per_address: 8,
            max_connections: 8000,
            max_connections_per_address: 64,
            keep_finished_secs: 300,
            keep_empty_secs: 600,
            threads: 0,
            log: LogFormat::Json,
        }
    }
}

impl ServerConfig {
    /// Reads a configuration file (a clear message when it cannot be read).
    pub fn from_file(path: &std::path::Path) -> Result<ServerConfig, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        ServerConfig::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn from_toml(text: &str) -> Result<ServerConfig, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    pub fn keep_finished(&self) -> Duration {
        Duration::from_secs(self.keep_finished_secs)
    }

    pub fn keep_empty(&self) -> Duration {
        Duration::from_secs(self.keep_empty_secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_the_defaults_and_a_field_overrides_its_default() {
        assert_eq!(
            ServerConfig::from_toml("").unwrap(),
            ServerConfig::default()
        );
        let c = ServerConfig::from_toml("max_tables = 5\nlisten = \"127.0.0.1:9000\"\n").unwrap();
        assert_eq!(c.max_tables, 5);
        assert_eq!(c.listen, SocketAddr::from(([127, 0, 0, 1], 9000)));
        assert_eq!(c.keep_empty_secs, ServerConfig::default().keep_empty_secs);
    }

    #[test]
    fn an_unknown_field_or_a_bad_value_is_named() {
        let e = ServerConfig::from_toml("max_tabels = 5").unwrap_err();
        assert!(e.contains("max_tabels"), "{e}");
        let e = ServerConfig::from_toml("log = \"xml\"").unwrap_err();
        assert!(e.contains("xml"), "{e}");
    }
}

//! `starhop-server`: many network tables in one process, reached through
//! one address by room code, for players whose homes cannot host (a router
//! nobody has configured). No Bevy.
//!
//! Every table is a `starhop_net` host ([`starhop_net::HostHandle::start_on`])
//! running as a task on one tokio runtime: the engine is the referee, with
//! checksums, seat tokens, rejoin and spectators, exactly as when a game
//! hosts. The [`router`] accepts every connection, answers `GET /health`,
//! and reads a connection's first WebSocket message: a hello goes to the
//! table of its code, `Create` opens a table (its bots are played here),
//! `ListTables` lists the public ones. The [`store`] writes every table in
//! play to the data folder after each change, so a restart takes every
//! unfinished game up again and players' clients come back to their seats.
//!
//! - [`config`]: the configuration file and its defaults.
//! - [`tables`]: the tables, their limits and their lifetimes.
//! - [`router`]: connections, health, and requests to the server.
//! - [`store`]: the data folder.
//! - [`log`]: structured logs.

pub mod config;
pub mod log;
pub mod router;
pub mod store;
pub mod tables;

pub use config::{DEFAULT_PORT, LogFormat, ServerConfig};

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// A running server.
pub struct Server {
    runtime: Option<tokio::runtime::Runtime>,
    addr: SocketAddr,
    shared: Arc<tables::Shared>,
    stop: Arc<tokio::sync::Notify>,
}

impl Server {
    /// Opens the data folder, takes up the tables saved there, binds and
    /// starts serving.
    pub fn start(config: ServerConfig, log: log::Log) -> std::io::Result<Server> {
        let threads = match config.threads {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads)
            .thread_name("starhop-server")
            .enable_io()
            .enable_time()
            .build()?;
        let listener = runtime.block_on(tokio::net::TcpListener::bind(config.listen))?;
        let addr = listener.local_addr()?;
        let store = store::Store::open(&config.data)?;
        let shared = Arc::new(tables::Shared::new(
            config,
            store,
            log,
            runtime.handle().clone(),
            addr,
        ));
        shared.take_up_saved();
        let stop = Arc::new(tokio::sync::Notify::new());
        runtime.spawn(router::serve(listener, shared.clone(), stop.clone()));
        runtime.spawn(tables::sweep(shared.clone(), stop.clone()));
        log.info(
            "listening",
            serde_json::json!({"addr": addr.to_string(), "tables": shared.table_count()}),
        );
        Ok(Server {
            runtime: Some(runtime),
            addr,
            shared,
            stop,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Tables open now.
    pub fn table_count(&self) -> usize {
        self.shared.table_count()
    }

    /// Waits for Ctrl-C or SIGTERM (a service manager's stop).
    pub fn wait_for_signal(&self) {
        if let Some(rt) = &self.runtime {
            rt.block_on(async {
                #[cfg(unix)]
                {
                    use tokio::signal::unix::{SignalKind, signal};
                    let mut term = match signal(SignalKind::terminate()) {
                        Ok(t) => t,
                        Err(_) => return,
                    };
                    tokio::select! {
                        _ = tokio::signal::ctrl_c() => {}
                        _ = term.recv() => {}
                    }
                }
                #[cfg(not(unix))]
                let _ = tokio::signal::ctrl_c().await;
            });
        }
    }

    /// Stops serving: tables stop (their games stay saved, to be taken up
    /// by the next start), connections close, and what is left to write is
    /// written.
    pub fn shutdown(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        let Some(runtime) = self.runtime.take() else {
            return;
        };
        self.stop.notify_waiters();
        self.shared.stop_all();
        runtime.shutdown_timeout(Duration::from_secs(3));
        self.shared.close_store();
        self.shared.log.info("stopped", serde_json::Value::Null);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop_now();
    }
}

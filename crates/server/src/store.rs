//! The data folder: every table in play as `tables/CODE.json` (rewritten
//! after each change, by a writer thread of its own, each file replaced
//! whole by a rename), and every finished game as `records/CODE.json`. A
//! restart reads `tables/` back ([`Store::saved_tables`]); a file that does
//! not read is moved to `tables/unreadable/`, never deleted.

use serde::{Deserialize, Serialize};
use starhop_games::AnyRecord;
use starhop_net::TableRequest;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// The format name of a saved table.
pub const TABLE_FORMAT: &str = "starhop-server-table/1";

/// A table as the data folder keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedTable {
    pub format: String,
    pub code: String,
    /// What the table was opened as.
    pub request: TableRequest,
    /// Each seat's token (remote players), to hold their seats.
    pub tokens: Vec<Option<String>>,
    /// The game so far (none before it starts).
    pub record: Option<AnyRecord>,
}

enum Write {
    Table(SavedTable),
    Finished { code: String, record: AnyRecord },
    Forget(String),
}

/// The data folder and its writer.
pub struct Store {
    root: PathBuf,
    tx: Option<mpsc::Sender<Write>>,
    writer: Option<std::thread::JoinHandle<()>>,
}

/// A file name for a room code (codes are letters, digits and a dash).
fn file_name(code: &str) -> String {
    let safe: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    format!("{safe}.json")
}

impl Store {
    /// Opens (and makes) the data folder, and starts its writer.
    pub fn open(root: &Path) -> std::io::Result<Store> {
        for dir in ["tables", "records"] {
            std::fs::create_dir_all(root.join(dir))?;
        }
        let (tx, rx) = mpsc::channel();
        let writer_root = root.to_path_buf();
        let writer = std::thread::Builder::new()
            .name("starhop-store".into())
            .spawn(move || write_loop(&writer_root, rx))?;
        Ok(Store {
            root: root.to_path_buf(),
            tx: Some(tx),
            writer: Some(writer),
        })
    }

    pub fn save(&self, table: SavedTable) {
        self.send(Write::Table(table));
    }

    pub fn finish(&self, code: &str, record: AnyRecord) {
        self.send(Write::Finished {
            code: code.to_string(),
            record,
        });
    }

    /// A table closed unfinished (abandoned): its file goes.
    pub fn forget(&self, code: &str) {
        self.send(Write::Forget(code.to_string()));
    }

    fn send(&self, write: Write) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(write);
        }
    }

    /// A sender for the tables' journals.
    pub fn sender(&self) -> StoreSender {
        StoreSender(self.tx.clone())
    }

    /// The tables saved in play, and the files that did not read (moved aside).
    pub fn saved_tables(&self) -> (Vec<SavedTable>, Vec<(PathBuf, String)>) {
        let dir = self.root.join("tables");
        let mut tables = Vec::new();
        let mut unreadable = Vec::new();
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return (tables, unreadable);
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let read = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| serde_json::from_str::<SavedTable>(&t).map_err(|e| e.to_string()))
                .and_then(|t| match t.format == TABLE_FORMAT {
                    true => Ok(t),
                    false => Err(format!("unknown format {:?}", t.format)),
                });
            match read {
                Ok(table) => tables.push(table),
                Err(why) => {
                    let aside = self.set_aside(&path);
                    unreadable.push((aside, why));
                }
            }
        }
        (tables, unreadable)
    }

    /// Moves a file that does not read to `tables/unreadable/` (kept for a person to look at).
    pub fn set_aside(&self, path: &Path) -> PathBuf {
        let dir = self.root.join("tables").join("unreadable");
        let _ = std::fs::create_dir_all(&dir);
        let to = dir.join(path.file_name().unwrap_or_default());
        match std::fs::rename(path, &to) {
            Ok(()) => to,
            Err(_) => path.to_path_buf(),
        }
    }

    /// Stops the writer once everything sent has been written.
    pub fn close(&mut self) {
        self.tx = None;
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        self.close();
    }
}

/// What the tables' journals send to the writer.
#[derive(Clone)]
pub struct StoreSender(Option<mpsc::Sender<Write>>);

impl StoreSender {
    pub fn save(&self, table: SavedTable) {
        if let Some(tx) = &self.0 {
            let _ = tx.send(Write::Table(table));
        }
    }
    pub fn finish(&self, code: &str, record: AnyRecord) {
        if let Some(tx) = &self.0 {
            let _ = tx.send(Write::Finished {
                code: code.to_string(),
                record,
            });
        }
    }
}

/// Writes what comes, the latest state of each table only when several
/// wait (a table that moves faster than the disk writes skips states).
fn write_loop(root: &Path, rx: mpsc::Receiver<Write>) {
    while let Ok(first) = rx.recv() {
        let mut latest: HashMap<String, Write> = HashMap::new();
        let mut order: Vec<String> = Vec::new();
        for write in std::iter::once(first).chain(rx.try_iter()) {
            let code = match &write {
                Write::Table(t) => t.code.clone(),
                Write::Finished { code, .. } | Write::Forget(code) => code.clone(),
            };
            if !latest.contains_key(&code) {
                order.push(code.clone());
            }
            // A finished table stays finished whatever came after.
            if !matches!(latest.get(&code), Some(Write::Finished { .. })) {
                latest.insert(code, write);
            }
        }
        for code in order {
            if let Some(write) = latest.remove(&code)
                && let Err(e) = apply(root, write)
            {
                eprintln!("starhop-server: cannot write table {code}: {e}");
            }
        }
    }
}

fn apply(root: &Path, write: Write) -> std::io::Result<()> {
    match write {
        Write::Table(table) => {
            let text = serde_json::to_string(&table).map_err(std::io::Error::other)?;
            replace(&root.join("tables").join(file_name(&table.code)), &text)
        }
        Write::Finished { code, record } => {
            let text = serde_json::to_string(&record).map_err(std::io::Error::other)?;
            replace(&root.join("records").join(file_name(&code)), &text)?;
            remove(&root.join("tables").join(file_name(&code)))
        }
        Write::Forget(code) => remove(&root.join("tables").join(file_name(&code))),
    }
}

/// Replaces a file whole: written beside it, then renamed over it.
fn replace(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("json.new");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

fn remove(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

//! When something goes wrong: the game logs to `logs/starhop.log` in its
//! data folder (the logs of the three runs before kept as `starhop.log.1`
//! to `.3`, and a log that grows past a few megabytes starts afresh the
//! same way), and a panic writes a crash report there (the version, the
//! panic's message and place, the backtrace, the last lines of the log)
//! that the next start points to. Neither holds personal data: the log
//! keeps no more than the game logs, and the home folder's path in it is
//! written as `~`.

use crate::base::Notice;
use crate::persist::Folders;
use crate::settings::Settings;
use crate::ui::trf;
use bevy::log::BoxedLayer;
use bevy::log::tracing_subscriber::{self, Layer};
use bevy::prelude::*;
use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The log's name in the logs folder; older ones get `.1`, `.2`, `.3`.
const LOG: &str = "starhop.log";
const KEPT: usize = 3;
/// A log this long starts afresh (the full one becomes `.1`).
const LOG_LIMIT: u64 = 4 << 20;
/// How many of the last log lines a crash report quotes.
const RECENT_LINES: usize = 60;
/// A crash report not yet shown to the player; the next start renames it
/// with its time and says where it is.
const NEW_REPORT: &str = "crash-report.txt";

/// The logs folder inside the game's data folder.
pub fn logs_folder(folders: &Folders) -> PathBuf {
    folders.data().join("logs")
}

/// Shifts `starhop.log` to `.1`, `.1` to `.2`, … keeping [`KEPT`] old logs.
fn rotate(dir: &Path) {
    let name = |n: usize| match n {
        0 => dir.join(LOG),
        n => dir.join(format!("{LOG}.{n}")),
    };
    for n in (0..KEPT).rev() {
        if name(n).exists() {
            // A log that cannot move is written over: nothing is lost that matters.
            let _ = std::fs::rename(name(n), name(n + 1));
        }
    }
}

/// Replaces the home folder's path with `~`, so a log or report names no user.
fn without_home(text: &str, home: Option<&str>) -> String {
    match home {
        Some(home) if home.len() > 1 => text.replace(home, "~"),
        _ => text.to_string(),
    }
}

/// Where log lines go: the file, and the last few kept for a crash report.
struct Sink {
    dir: PathBuf,
    home: Option<String>,
    file: Mutex<Option<(File, u64)>>,
    recent: Mutex<VecDeque<String>>,
}

impl Sink {
    fn open(dir: PathBuf) -> Sink {
        let _ = std::fs::create_dir_all(&dir);
        rotate(&dir);
        let file = Self::new_file(&dir);
        Sink {
            dir,
            home: std::env::var("HOME").ok(),
            file: Mutex::new(file),
            recent: Mutex::new(VecDeque::with_capacity(RECENT_LINES)),
        }
    }

    fn new_file(dir: &Path) -> Option<(File, u64)> {
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(dir.join(LOG));
        file.ok().map(|f| (f, 0))
    }

    fn write(&self, bytes: &[u8]) {
        let text = without_home(&String::from_utf8_lossy(bytes), self.home.as_deref());
        {
            let mut recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
            for line in text.lines() {
                if recent.len() == RECENT_LINES {
                    recent.pop_front();
                }
                recent.push_back(line.to_string());
            }
        }
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        if file.as_ref().is_some_and(|(_, size)| *size > LOG_LIMIT) {
            *file = None;
            rotate(&self.dir);
            *file = Self::new_file(&self.dir);
        }
        if let Some((f, size)) = file.as_mut() {
            // A log that cannot be written is no reason to stop the game.
            if f.write_all(text.as_bytes()).is_ok() {
                *size += text.len() as u64;
            }
        }
    }

    fn recent(&self) -> Vec<String> {
        let recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        recent.iter().cloned().collect()
    }
}

/// The log file's writer for tracing's formatter.
struct SinkWriter(Arc<Sink>);

impl Write for SinkWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The crash report of a panic: what went wrong, where, and what led to it.
fn report(message: &str, backtrace: &str, recent: &[String], home: Option<&str>) -> String {
    let text = format!(
        "Starhop {version} stopped unexpectedly.\n\n\
         What happened: {message}\n\n\
         Backtrace:\n{backtrace}\n\n\
         The last lines of the log:\n{log}\n",
        version = starhop_about::VERSION,
        log = recent.join("\n"),
    );
    without_home(&text, home)
}

/// `LogPlugin::custom_layer`: the log file, and the panic hook that writes
/// a crash report with the log's last lines.
pub fn log_layer(_app: &mut App) -> Option<BoxedLayer> {
    let dir = logs_folder(&Folders::from_env());
    let sink = Arc::new(Sink::open(dir));
    write_reports_on_panic(sink.clone());
    let layer = tracing_subscriber::fmt::layer()
        .with_ansi(false)
        .with_writer(move || SinkWriter(sink.clone()));
    Some(layer.boxed())
}

/// From now on a panic writes a crash report beside the log, then goes on
/// as before (the message on standard error, the unwinding).
fn write_reports_on_panic(sink: Arc<Sink>) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let backtrace = std::backtrace::Backtrace::force_capture().to_string();
        let text = report(
            &info.to_string(),
            &backtrace,
            &sink.recent(),
            sink.home.as_deref(),
        );
        let path = sink.dir.join(NEW_REPORT);
        if std::fs::write(&path, text).is_ok() {
            eprintln!("Starhop stopped: a crash report is in {}", path.display());
        }
        previous(info);
    }));
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, tell_of_last_crash);
}

/// A crash report left by the last run is renamed with the time it was
/// found (so it is told once) and the player is told where it is.
fn tell_of_last_crash(
    folders: Res<Folders>,
    settings: Res<Settings>,
    mut notices: MessageWriter<Notice>,
) {
    if let Some(kept) = keep_last_report(&logs_folder(&folders)) {
        let lang = settings.language;
        let text = trf(
            lang,
            "Starhop stopped unexpectedly last time. A report of what happened is in {}",
            &[&kept.display()],
        );
        warn!("{text}");
        notices.write(Notice::Problem(text));
    }
}

/// Renames a new crash report to `crash-SECONDS.txt`; its new path, if there was one.
fn keep_last_report(dir: &Path) -> Option<PathBuf> {
    let new = dir.join(NEW_REPORT);
    if !new.is_file() {
        return None;
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let kept = dir.join(format!("crash-{stamp}.txt"));
    std::fs::rename(&new, &kept).ok()?;
    Some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::temp_dir;

    #[test]
    fn each_start_keeps_the_three_logs_before() {
        let dir = temp_dir("crash", "rotate");
        for run in 0..5 {
            let sink = Sink::open(dir.clone());
            sink.write(format!("run {run}\n").as_bytes());
        }
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read(LOG), "run 4\n");
        assert_eq!(read("starhop.log.1"), "run 3\n");
        assert_eq!(read("starhop.log.3"), "run 1\n");
        assert!(!dir.join("starhop.log.4").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_log_names_no_home_folder_and_keeps_its_last_lines() {
        let dir = temp_dir("crash", "home");
        let mut sink = Sink::open(dir.clone());
        sink.home = Some("/home/ann".into());
        for i in 0..RECENT_LINES + 5 {
            sink.write(format!("saved /home/ann/.local/share/starhop/saves/{i}.json\n").as_bytes());
        }
        let log = std::fs::read_to_string(dir.join(LOG)).unwrap();
        assert!(!log.contains("/home/ann"), "{log}");
        assert!(log.contains("saved ~/.local/share/starhop/saves/0.json"));
        let recent = sink.recent();
        assert_eq!(recent.len(), RECENT_LINES);
        assert!(
            recent
                .last()
                .unwrap()
                .ends_with(&format!("{}.json", RECENT_LINES + 4))
        );
        let text = report("boom at src/x.rs:1", "0: main", &recent, Some("/home/ann"));
        assert!(text.contains(starhop_about::VERSION) && text.contains("boom at src/x.rs:1"));
        assert!(text.contains("0: main") && text.contains(&recent[0]));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A real panic writes the report, with the log's last line in it.
    #[test]
    fn a_panic_leaves_a_report_beside_the_log() {
        let dir = temp_dir("crash", "panic");
        let sink = Arc::new(Sink::open(dir.clone()));
        sink.write(b"the last thing logged\n");
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        write_reports_on_panic(sink);
        let caught = std::panic::catch_unwind(|| panic!("the board fell off the table"));
        // Back to the test runner's own hook, whatever happened.
        drop(std::panic::take_hook());
        std::panic::set_hook(before);
        assert!(caught.is_err());
        let text = std::fs::read_to_string(dir.join(NEW_REPORT)).expect("a crash report");
        assert!(text.contains("the board fell off the table"), "{text}");
        assert!(text.contains("crash.rs"), "the place: {text}");
        assert!(text.contains("the last thing logged"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_new_report_is_told_once() {
        let dir = temp_dir("crash", "report");
        assert_eq!(keep_last_report(&dir), None);
        std::fs::write(dir.join(NEW_REPORT), "what happened").unwrap();
        let kept = keep_last_report(&dir).expect("the report is kept");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "what happened");
        assert!(
            kept.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("crash-")
        );
        assert_eq!(keep_last_report(&dir), None, "told once");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

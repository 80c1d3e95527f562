//! Structured logs: one line per event on standard error, as a JSON object
//! (`{"ts":…,"level":…,"event":…, fields}`) or as text, for journald,
//! `docker logs` or a log collector.

use crate::config::LogFormat;
use serde_json::{Map, Value, json};
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Copy, Debug)]
pub struct Log {
    pub format: LogFormat,
    /// Off in tests that do not want the noise.
    pub quiet: bool,
}

impl Log {
    pub fn info(&self, event: &str, fields: Value) {
        self.write("info", event, fields);
    }

    pub fn warn(&self, event: &str, fields: Value) {
        self.write("warn", event, fields);
    }

    fn write(&self, level: &str, event: &str, fields: Value) {
        if self.quiet {
            return;
        }
        let line = line(
            self.format,
            &timestamp(SystemTime::now()),
            level,
            event,
            fields,
        );
        // A log that cannot be written is no reason to stop serving.
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }
}

/// One log line.
fn line(format: LogFormat, ts: &str, level: &str, event: &str, fields: Value) -> String {
    let fields = match fields {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => Map::from_iter([("value".to_string(), other)]),
    };
    match format {
        LogFormat::Json => {
            let mut all = Map::new();
            all.insert("ts".into(), json!(ts));
            all.insert("level".into(), json!(level));
            all.insert("event".into(), json!(event));
            all.extend(fields);
            Value::Object(all).to_string()
        }
        LogFormat::Text => {
            let rest: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{ts} {level:5} {event} {}", rest.join(" "))
        }
    }
}

/// RFC 3339 time in UTC with milliseconds.
fn timestamp(at: SystemTime) -> String {
    let since = at.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = starhop_about::civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
        since.subsec_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_dates() {
        let at = |s| UNIX_EPOCH + Duration::from_millis(s);
        assert_eq!(timestamp(at(0)), "1970-01-01T00:00:00.000Z");
        // 2024-02-29 12:34:56.789 UTC, a leap day.
        assert_eq!(timestamp(at(1_709_210_096_789)), "2024-02-29T12:34:56.789Z");
        assert_eq!(timestamp(at(1_798_761_600_000)), "2027-01-01T00:00:00.000Z");
    }

    #[test]
    fn a_json_line_is_one_object_with_its_fields() {
        let l = line(
            LogFormat::Json,
            "T",
            "info",
            "table_created",
            json!({"code": "AB"}),
        );
        let v: Value = serde_json::from_str(&l).unwrap();
        assert_eq!(v["event"], "table_created");
        assert_eq!(v["code"], "AB");
        assert_eq!(v["level"], "info");
        let t = line(LogFormat::Text, "T", "warn", "x", json!({"n": 1}));
        assert_eq!(t, "T warn  x n=1");
    }
}

//! Local date and time for save names and the Load list, without a date crate:
//! the calendar from the days since 1970, the offset from the C library.

use starhop_about::civil_from_days;
use std::time::{SystemTime, UNIX_EPOCH};

/// Local date and time as "2026-11-30 14.05" (a dot, not a colon: some file
/// systems refuse colons in names).
pub fn local_stamp(t: SystemTime) -> String {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    stamp_at(secs + utc_offset(secs))
}

/// "YYYY-MM-DD HH.MM" of seconds since 1970 (already in local time).
fn stamp_at(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let day = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}.{:02}",
        day / 3600,
        day % 3600 / 60
    )
}

/// Seconds the local time zone is ahead of UTC at `secs`, from the C
/// library's `localtime_r` (which reads the system's zone, TZ included).
#[cfg(all(unix, target_pointer_width = "64"))]
fn utc_offset(secs: i64) -> i64 {
    use std::ffi::{c_char, c_int, c_long};
    /// `struct tm` of glibc, musl and the BSDs (macOS) on 64-bit systems.
    #[repr(C)]
    struct Tm {
        sec: c_int,
        min: c_int,
        hour: c_int,
        mday: c_int,
        mon: c_int,
        year: c_int,
        wday: c_int,
        yday: c_int,
        isdst: c_int,
        gmtoff: c_long,
        zone: *const c_char,
    }
    unsafe extern "C" {
        fn localtime_r(time: *const i64, out: *mut Tm) -> *mut Tm;
    }
    let mut tm = Tm {
        sec: 0,
        min: 0,
        hour: 0,
        mday: 0,
        mon: 0,
        year: 0,
        wday: 0,
        yday: 0,
        isdst: 0,
        gmtoff: 0,
        zone: std::ptr::null(),
    };
    // SAFETY: both pointers are valid for the call; `localtime_r` only writes `tm`.
    let ok = unsafe { !localtime_r(&secs, &mut tm).is_null() };
    if ok { tm.gmtoff as i64 } else { 0 }
}

/// Elsewhere the stamp is in UTC.
#[cfg(not(all(unix, target_pointer_width = "64")))]
fn utc_offset(_secs: i64) -> i64 {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_is_the_date_hours_and_minutes() {
        assert_eq!(
            stamp_at(20_787 * 86_400 + 14 * 3600 + 5 * 60 + 59),
            "2026-11-30 14.05"
        );
    }

    #[test]
    fn the_local_offset_is_a_plausible_time_zone() {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let offset = utc_offset(now);
        assert!((-12 * 3600..=14 * 3600).contains(&offset), "{offset}");
        assert_eq!(local_stamp(SystemTime::now()).len(), 16);
    }
}

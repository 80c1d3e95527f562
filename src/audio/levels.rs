//! Keeps the generated sounds at sensible levels: effects loud in one RMS band, music under them.

use std::fs;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// An effect's peak (dBFS): the script sets -1, or less to keep its RMS in the band.
const EFFECT_PEAK: RangeInclusive<f64> = -3.0..=-0.5;
/// The script's effect RMS band, -19 ..= -13 dBFS, with 0.05 dB of slack for rounding.
const EFFECT_RMS: RangeInclusive<f64> = -19.05..=-12.95;
/// The music loop's peak stays below this (dBFS).
const MUSIC_PEAK_MAX: f64 = -6.0;
/// The largest jump allowed where the music loop wraps round (fraction of full scale).
const MUSIC_SEAM_MAX: f64 = 0.005;
const MUSIC: &str = "music.wav";

/// The samples of a mono 16-bit PCM WAV file, full scale being 1.
fn read_wav(path: &Path) -> Vec<f64> {
    let name = path.display();
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut rest = match bytes.split_first_chunk::<12>() {
        Some((riff, rest)) if riff.starts_with(b"RIFF") && riff.ends_with(b"WAVE") => rest,
        _ => panic!("{name}: not a RIFF/WAVE file"),
    };
    let (mut fmt, mut data) = (None, None);
    while let Some((header, tail)) = rest.split_first_chunk::<8>() {
        let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]) as usize;
        let body = tail
            .get(..size)
            .unwrap_or_else(|| panic!("{name}: truncated chunk"));
        match &header[..4] {
            b"fmt " => fmt = Some(body),
            b"data" => data = Some(body),
            _ => {}
        }
        // Chunks are padded to an even size.
        rest = tail.get(size.next_multiple_of(2)..).unwrap_or_default();
    }
    let fmt = fmt.unwrap_or_else(|| panic!("{name}: no fmt chunk"));
    let u16_at = |i: usize| u16::from_le_bytes([fmt[i], fmt[i + 1]]);
    assert!(
        fmt.len() >= 16 && u16_at(0) == 1 && u16_at(2) == 1 && u16_at(14) == 16,
        "{name}: not mono 16-bit PCM"
    );
    let data = data.unwrap_or_else(|| panic!("{name}: no data chunk"));
    data.chunks_exact(2)
        .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect()
}

/// Every WAV file in assets/sounds: (file name, samples).
fn sounds() -> Vec<(String, Vec<f64>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable entry in assets/sounds").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "wav"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            (name.into_owned(), read_wav(path))
        })
        .collect()
}

/// Peak and RMS level in dBFS.
fn levels(samples: &[f64]) -> (f64, f64) {
    let peak = samples.iter().fold(0.0_f64, |max, v| max.max(v.abs()));
    let power = samples.iter().map(|v| v * v).sum::<f64>() / samples.len() as f64;
    (20.0 * peak.log10(), 10.0 * power.log10())
}

#[test]
fn effects_peak_near_full_scale_with_rms_in_one_band() {
    let effects: Vec<_> = sounds()
        .into_iter()
        .filter(|(name, _)| name != MUSIC)
        .collect();
    assert!(!effects.is_empty(), "no sound effects in assets/sounds");
    for (name, samples) in &effects {
        let (peak, rms) = levels(samples);
        assert!(
            EFFECT_PEAK.contains(&peak),
            "{name}: peak {peak:.2} dBFS, want {EFFECT_PEAK:?}"
        );
        assert!(
            EFFECT_RMS.contains(&rms),
            "{name}: RMS {rms:.2} dBFS, want {EFFECT_RMS:?}"
        );
    }
}

#[test]
fn music_sits_under_the_effects_and_loops_without_a_click() {
    let all = sounds();
    let quietest = all
        .iter()
        .filter(|(name, _)| name != MUSIC)
        .map(|(_, samples)| levels(samples).1)
        .fold(f64::INFINITY, f64::min);
    let (_, music) = all
        .iter()
        .find(|(name, _)| name == MUSIC)
        .expect("assets/sounds/music.wav is missing");
    let (peak, rms) = levels(music);
    assert!(
        peak < MUSIC_PEAK_MAX,
        "{MUSIC}: peak {peak:.2} dBFS, want below {MUSIC_PEAK_MAX}"
    );
    assert!(
        rms < quietest,
        "{MUSIC}: RMS {rms:.2} dBFS, want below the quietest effect's {quietest:.2}"
    );
    let seam = match (music.first(), music.last()) {
        (Some(first), Some(last)) => (last - first).abs(),
        _ => panic!("{MUSIC}: no samples"),
    };
    assert!(
        seam < MUSIC_SEAM_MAX,
        "{MUSIC}: loop seam jumps {seam:.4} of full scale, want below {MUSIC_SEAM_MAX}"
    );
}

#!/usr/bin/env python3
"""Generate Starhop's sound effects and music loop (Python 3 standard library only).

Writes 16-bit mono WAV files into assets/sounds/ (effects at 44.1 kHz):

    select.wav   soft glassy tick as a marble is lifted        (~80 ms)
    hop.wav      light airy whoosh/pluck for each hop           (~120 ms)
    land.wav     glass marble clacking onto a wooden board      (~150 ms)
    invalid.wav  low soft "bonk": two short descending tones    (~200 ms)
    turn.wav     gentle two-note chime announcing next player   (~350 ms)
    finish.wav   pleasant rising arpeggio fanfare               (~900 ms)

Party mode (items):

    box.wav      soft bubbly "bloop" as an item box appears     (~250 ms)
    pickup.wav   sparkling rising two-octave twinkle            (~450 ms)
    roadblock.wav  wooden thunk and a metal clank as it rises   (~350 ms)
    worker.wav   two quick hammer taps on stone                 (~320 ms)
    power.wav    charging rising hum ending in a bright zap     (~600 ms)
    wing.wav     upward airy whoosh with fluttering wing beats  (~900 ms)
    swap.wav     two tones gliding past each other              (~600 ms)
    tornado.wav  howling, swirling wind that rises and falls    (~1.8 s)
    expire.wav   soft descending "poof"                         (~400 ms)

Celebrations:

    fanfare.wav  a whole game won: brass-like rising arpeggio C5 E5 G5
                 into a held C major chord topped by C6, with a bell
                 sparkle above, decaying naturally          (~2.6 s)
    solved.wav   a puzzle solved / a challenge done at the optimum:
                 bright three-note bell chime G5 C6 E6      (~1.2 s)

Music:

    music.wav    quiet seamless loop: a soft harp-like pentatonic melody
                 over a warm pad and bass, 3/4 at 72 bpm, 8 bars (20 s),
                 mono 22.05 kHz

Every effect is synthesised from damped sine partials and filtered noise,
shaped with fast-attack / exponential-decay envelopes, DC-free and faded in
and out at the ends.  Levels are set here, not by hand: each effect is
scaled so that its peak is -1 dBFS, and an effect whose RMS would then be
above -13 dBFS is turned down to -13 dBFS RMS, so every effect's RMS lies in
the band -19 .. -13 dBFS (the script stops with an error if one falls
outside).  The music loop is set to -26 dBFS RMS with its peak below -8 dBFS,
well under the effects.  The noise generator is seeded per sound and the
music uses no randomness, so the output is byte-for-byte identical on every
run.

Usage:  python3 tools/gen_sounds.py [OUTPUT_DIR]
(the default OUTPUT_DIR is assets/sounds next to this tools/ directory).
The generated files are dedicated to the public domain (CC0 1.0).
"""

import math
import os
import random
import struct
import sys
import wave

SR = 44100                      # sample rate of the effects (Hz)
PEAK_DBFS = -1.0                # every effect is scaled to this peak ...
RMS_MAX_DBFS = -13.0            # ... unless its RMS would exceed this,
RMS_MIN_DBFS = -19.0            # and its RMS must not fall below this
MUSIC_SR = 22050                # sample rate of the music loop (Hz)
MUSIC_RMS_DBFS = -26.0          # music loudness, well under the effects
MUSIC_PEAK_MAX_DBFS = -8.0      # and its peak never above this
TWO_PI = 2.0 * math.pi


# --------------------------------------------------------------------------
# Basic building blocks.  A "signal" is a plain list of floats.
# --------------------------------------------------------------------------

def n_samples(seconds):
    return int(round(seconds * SR))


def silence(seconds):
    return [0.0] * n_samples(seconds)


def mix_into(dst, src, start_s=0.0, gain=1.0):
    """Add src into dst starting at start_s seconds (dst is extended if needed)."""
    off = n_samples(start_s)
    end = off + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[off + i] += gain * v
    return dst


def env_ad(n, attack_s, decay_tau_s):
    """Fast (raised-cosine) attack followed by an exponential decay."""
    a = max(1, n_samples(attack_s))
    out = []
    for i in range(n):
        if i < a:
            out.append(0.5 - 0.5 * math.cos(math.pi * i / a))
        else:
            out.append(math.exp(-(i - a) / (decay_tau_s * SR)))
    return out


def partial(seconds, freq, amp, attack_s, tau_s, phase=0.0, glide=0.0, glide_tau_s=0.05):
    """A single damped sine.

    glide: relative pitch offset at the start that relaxes exponentially to 0
    (e.g. +0.05 starts 5 % sharp and settles; negative values start flat).
    """
    n = n_samples(seconds)
    env = env_ad(n, attack_s, tau_s)
    out = []
    ph = phase
    for i in range(n):
        f = freq * (1.0 + glide * math.exp(-i / (glide_tau_s * SR)))
        ph += TWO_PI * f / SR
        out.append(amp * env[i] * math.sin(ph))
    return out


def tone(seconds, freq, partials, attack_s, tau_s, glide=0.0, glide_tau_s=0.05):
    """Sum of damped partials: partials is a list of (ratio, amp, tau_scale)."""
    n = n_samples(seconds)
    out = [0.0] * n
    for k, (ratio, amp, tau_scale) in enumerate(partials):
        p = partial(seconds, freq * ratio, amp, attack_s, tau_s * tau_scale,
                    phase=0.3 * k, glide=glide, glide_tau_s=glide_tau_s)
        for i in range(n):
            out[i] += p[i]
    return out


def white_noise(seconds, rng):
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def biquad_bandpass(x, f0, q, f0_end=None):
    """RBJ band-pass (constant 0 dB peak gain); centre may sweep f0 -> f0_end."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    n = len(x)
    for i, xi in enumerate(x):
        if f0_end is None or n < 2:
            f = f0
        else:  # exponential (pitch-linear) sweep
            f = f0 * (f0_end / f0) ** (i / (n - 1))
        w0 = TWO_PI * f / SR
        alpha = math.sin(w0) / (2.0 * q)
        a0 = 1.0 + alpha
        b0 = alpha / a0
        b2 = -alpha / a0
        a1 = -2.0 * math.cos(w0) / a0
        a2 = (1.0 - alpha) / a0
        y = b0 * xi + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, xi
        y2, y1 = y1, y
        out.append(y)
    return out


def one_pole_lowpass(x, cutoff):
    a = math.exp(-TWO_PI * cutoff / SR)
    y = 0.0
    out = []
    for v in x:
        y = (1.0 - a) * v + a * y
        out.append(y)
    return out


def dc_block(x, cutoff=25.0):
    """First-order high-pass (DC blocker)."""
    r = math.exp(-TWO_PI * cutoff / SR)
    out = []
    px = py = 0.0
    for v in x:
        y = v - px + r * py
        px, py = v, y
        out.append(y)
    return out


def apply_env(x, env):
    return [a * b for a, b in zip(x, env)]


# --------------------------------------------------------------------------
# Finishing: DC removal, edge fades, levels, 16-bit output.
# --------------------------------------------------------------------------

def gain_of_db(db):
    return 10.0 ** (db / 20.0)


def db_of(v):
    return 20.0 * math.log10(v) if v > 0.0 else -math.inf


def peak_of(x):
    return max(abs(v) for v in x)


def rms_of(x):
    return math.sqrt(sum(v * v for v in x) / len(x))


def level_effect(name, x):
    """Peak at PEAK_DBFS, or lower if needed to keep the RMS at most RMS_MAX_DBFS."""
    g = min(gain_of_db(PEAK_DBFS) / peak_of(x), gain_of_db(RMS_MAX_DBFS) / rms_of(x))
    x = [v * g for v in x]
    rms_db = db_of(rms_of(x))
    if rms_db < RMS_MIN_DBFS - 1e-9:
        sys.exit("%s: RMS %.2f dBFS is below %.1f dBFS even at %.1f dBFS peak"
                 % (name, rms_db, RMS_MIN_DBFS, PEAK_DBFS))
    return x


def finish_signal(x, total_s, fade_in_s=0.001, fade_out_s=0.015):
    n = n_samples(total_s)
    x = (list(x) + [0.0] * n)[:n]
    x = dc_block(x)

    fi = max(1, n_samples(fade_in_s))
    fo = max(1, n_samples(fade_out_s))
    win = [1.0] * n
    for i in range(fi):
        win[i] = 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        win[n - 1 - i] = min(win[n - 1 - i], 0.5 - 0.5 * math.cos(math.pi * i / fo))
    x = apply_env(x, win)

    # Remove any residual mean with a window-shaped offset, so the signal has
    # zero mean *and* still starts and ends exactly at zero.
    mean_x = sum(x) / n
    mean_w = sum(win) / n
    c = mean_x / mean_w
    return [v - c * w for v, w in zip(x, win)]


def write_wav(path, x, rate=SR):
    frames = bytearray()
    for v in x:
        s = int(round(v * 32767.0))
        s = max(-32767, min(32767, s))  # never clips: peaks are at most -1 dBFS
        frames += struct.pack("<h", s)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


# --------------------------------------------------------------------------
# The sounds.
# --------------------------------------------------------------------------

# Inharmonic ratios of a small free-free bar / glass: gives a "glassy" colour.
GLASS = [(1.0, 1.0, 1.0), (2.756, 0.45, 0.55), (5.404, 0.18, 0.35)]
# Soft bell/chime partials: mostly harmonic, a touch of inharmonic shimmer.
CHIME = [(1.0, 1.0, 1.0), (2.0, 0.28, 0.6), (3.0, 0.08, 0.4), (4.17, 0.05, 0.3)]
# A brighter bell: CHIME plus a little more upper shimmer.
BELL = [(1.0, 1.0, 1.0), (2.0, 0.32, 0.6), (3.0, 0.12, 0.4), (4.17, 0.07, 0.3),
        (5.43, 0.035, 0.2)]
# Brass-like harmonic series (harmonic number, amplitude).
BRASS = [(1, 1.0), (2, 0.70), (3, 0.45), (4, 0.30), (5, 0.18), (6, 0.10), (7, 0.05)]


def brass(seconds, freq, amp, attack_s, tau_s, release_s, hold=0.0,
          vib_rate=5.5, vib_depth=0.004, vib_delay_s=0.12, phase=0.0):
    """A brass-like note: harmonics with a soft attack and a delayed vibrato.

    The upper harmonics swell in a little later and die a little sooner than
    the fundamental (the note "brightens" as it speaks, then mellows).  Each
    harmonic's envelope is a raised-cosine attack, then
    hold + (1 - hold) * exp(-t / tau), then a raised-cosine release to exactly
    zero over the last release_s, so the note never clicks.
    """
    n = n_samples(seconds)
    r = max(1, n_samples(release_s))
    vd = n_samples(vib_delay_s)
    vr = max(1, n_samples(0.15))          # the vibrato fades in over 150 ms
    hs = []
    for h, a_h in BRASS:
        att = max(1, n_samples(attack_s * (1.0 + 0.25 * (h - 1))))
        tau = tau_s / (1.0 + 0.2 * (h - 1)) * SR
        hs.append((h, amp * a_h, att, tau, 0.5 * (h - 1)))
    out = [0.0] * n
    ph = phase
    for i in range(n):
        depth = vib_depth * min(1.0, max(0.0, (i - vd) / vr))
        ph += TWO_PI * freq * (1.0 + depth * math.sin(TWO_PI * vib_rate * i / SR)) / SR
        rel = 1.0
        if i >= n - r:
            rel = 0.5 - 0.5 * math.cos(math.pi * (n - 1 - i) / r)
        v = 0.0
        for h, a_h, att, tau, off in hs:
            e = hold + (1.0 - hold) * math.exp(-i / tau)
            if i < att:
                e *= 0.5 - 0.5 * math.cos(math.pi * i / att)
            v += a_h * e * math.sin(h * ph + off)
        out[i] = rel * v
    return out


def make_select():
    """Soft short glassy tick (~80 ms)."""
    rng = random.Random(1001)
    dur = 0.080
    out = silence(dur)
    mix_into(out, tone(dur, 2150.0, GLASS, 0.0008, 0.018), gain=0.55)
    # tiny band-passed noise "contact" at the very start
    click = biquad_bandpass(white_noise(0.006, rng), 3800.0, 1.2)
    click = apply_env(click, env_ad(len(click), 0.0003, 0.0012))
    mix_into(out, click, gain=0.6)
    # a faint low body so it is not all treble
    mix_into(out, partial(dur, 880.0, 0.18, 0.001, 0.020))
    return finish_signal(one_pole_lowpass(out, 9000.0), dur, fade_out_s=0.012)


def make_hop():
    """Light airy whoosh with a soft pluck (~120 ms)."""
    rng = random.Random(2002)
    dur = 0.120
    out = silence(dur)
    # whoosh: noise through a band-pass sweeping upward, swelling then fading
    n = n_samples(dur)
    air = biquad_bandpass(white_noise(dur, rng), 700.0, 1.6, f0_end=2600.0)
    swell = []
    for i in range(n):
        t = i / n
        swell.append(math.sin(math.pi * min(1.0, t / 0.85)) ** 1.5)
    mix_into(out, apply_env(air, swell), gain=1.0)
    # pluck: a soft upward-gliding tone, short decay
    pl = tone(dur, 587.33, [(1.0, 1.0, 1.0), (2.0, 0.25, 0.5), (3.0, 0.06, 0.35)],
              0.003, 0.035, glide=-0.06, glide_tau_s=0.02)
    mix_into(out, pl, gain=0.55)
    return finish_signal(one_pole_lowpass(out, 7000.0), dur, fade_out_s=0.015)


def make_land():
    """Glass marble clacking onto a wooden board (~150 ms)."""
    rng = random.Random(3003)
    dur = 0.150

    def clack(gain, seed_rng):
        s = silence(dur)
        # hard contact: short high-passed/band-passed noise burst
        burst = biquad_bandpass(white_noise(0.010, seed_rng), 3200.0, 0.8)
        burst = apply_env(burst, env_ad(len(burst), 0.0002, 0.0018))
        mix_into(s, burst, gain=1.1)
        # the marble itself rings very briefly (glassy, high)
        mix_into(s, tone(0.040, 3400.0, GLASS, 0.0003, 0.0045), gain=0.30)
        # the board: a few damped low wooden modes
        for f, a, tau in ((190.0, 0.55, 0.030), (415.0, 0.45, 0.022),
                          (880.0, 0.30, 0.014), (1560.0, 0.15, 0.008)):
            mix_into(s, partial(dur, f, a, 0.0006, tau, phase=0.5))
        return [gain * v for v in s]

    out = silence(dur)
    mix_into(out, clack(1.0, rng))
    # a tiny second bounce
    mix_into(out, clack(0.22, rng)[: n_samples(dur - 0.052)], start_s=0.052)
    return finish_signal(one_pole_lowpass(out, 8000.0), dur, fade_out_s=0.020)


def make_invalid():
    """Low soft bonk: two short descending tones (~200 ms)."""
    dur = 0.200
    out = silence(dur)
    parts = [(1.0, 1.0, 1.0), (2.0, 0.22, 0.6), (3.0, 0.05, 0.4)]
    mix_into(out, tone(0.095, 311.13, parts, 0.004, 0.040,
                       glide=0.05, glide_tau_s=0.015), start_s=0.0)
    mix_into(out, tone(0.100, 233.08, parts, 0.004, 0.045,
                       glide=0.05, glide_tau_s=0.015), start_s=0.095, gain=0.9)
    return finish_signal(one_pole_lowpass(out, 2500.0), dur, fade_out_s=0.015)


def make_turn():
    """Gentle two-note chime (~350 ms): G5 then C6."""
    dur = 0.350
    out = silence(dur)
    mix_into(out, tone(dur, 783.99, CHIME, 0.003, 0.110), start_s=0.0, gain=0.8)
    mix_into(out, tone(dur - 0.120, 1046.50, CHIME, 0.003, 0.120),
             start_s=0.120, gain=0.75)
    return finish_signal(one_pole_lowpass(out, 6000.0), dur, fade_out_s=0.040)


def make_finish():
    """Pleasant rising arpeggio fanfare (~900 ms): C5 E5 G5 C6 + final chord."""
    dur = 0.900
    out = silence(dur)
    notes = [(523.25, 0.000), (659.26, 0.095), (783.99, 0.190), (1046.50, 0.285)]
    for k, (f, t0) in enumerate(notes):
        last = k == len(notes) - 1
        tau = 0.300 if last else 0.180
        mix_into(out, tone(dur - t0, f, CHIME, 0.004, tau),
                 start_s=t0, gain=0.75 if last else 0.6)
    # a soft sustained C-major chord under the last note, plus a sparkle
    t0 = 0.285
    for f, a in ((523.25, 0.22), (659.26, 0.18), (783.99, 0.18), (1046.50, 0.12)):
        mix_into(out, partial(dur - t0, f, a, 0.030, 0.320, phase=1.0), start_s=t0)
    mix_into(out, tone(dur - 0.300, 2093.0, [(1.0, 1.0, 1.0), (2.0, 0.15, 0.5)],
                       0.002, 0.090), start_s=0.300, gain=0.12)
    return finish_signal(one_pole_lowpass(out, 7000.0), dur, fade_out_s=0.120)


def make_box():
    """Soft bubbly bloop: an upward-gliding round tone (~250 ms)."""
    dur = 0.250
    out = silence(dur)
    mix_into(out, tone(dur, 440.0, [(1.0, 1.0, 1.0), (2.0, 0.2, 0.5)], 0.004, 0.07,
                       glide=-0.35, glide_tau_s=0.05), gain=0.8)
    mix_into(out, tone(0.15, 880.0, CHIME, 0.003, 0.05), start_s=0.07, gain=0.25)
    return finish_signal(one_pole_lowpass(out, 5000.0), dur, fade_out_s=0.04)


def make_pickup():
    """Sparkling rising twinkle: quick notes up two octaves (~450 ms)."""
    dur = 0.450
    out = silence(dur)
    notes = [1046.50, 1318.51, 1567.98, 2093.00, 2637.02]
    for k, f in enumerate(notes):
        t0 = 0.045 * k
        mix_into(out, tone(dur - t0, f, GLASS, 0.002, 0.08 + 0.03 * k), start_s=t0,
                 gain=0.45 + 0.08 * k)
    rng = random.Random(4004)
    air = biquad_bandpass(white_noise(dur, rng), 6000.0, 2.0)
    mix_into(out, apply_env(air, env_ad(len(air), 0.05, 0.12)), gain=0.12)
    return finish_signal(one_pole_lowpass(out, 10000.0), dur, fade_out_s=0.08)


def make_roadblock():
    """Wooden thunk, then a metal clank as the barrier locks (~350 ms)."""
    rng = random.Random(5005)
    dur = 0.350
    out = silence(dur)
    for f, a, tau in ((120.0, 0.8, 0.05), (260.0, 0.5, 0.035), (520.0, 0.25, 0.02)):
        mix_into(out, partial(0.2, f, a, 0.001, tau, glide=0.2, glide_tau_s=0.02))
    burst = biquad_bandpass(white_noise(0.02, rng), 1500.0, 0.9)
    mix_into(out, apply_env(burst, env_ad(len(burst), 0.0005, 0.004)), gain=0.6)
    clank = tone(0.2, 1230.0, [(1.0, 1.0, 1.0), (2.71, 0.6, 0.6), (4.9, 0.3, 0.4)],
                 0.0005, 0.05)
    mix_into(out, clank, start_s=0.12, gain=0.4)
    return finish_signal(one_pole_lowpass(out, 7000.0), dur, fade_out_s=0.04)


def make_worker():
    """Two quick hammer taps on stone (~320 ms)."""
    rng = random.Random(6006)
    dur = 0.320
    out = silence(dur)
    for t0, g in ((0.0, 1.0), (0.14, 0.85)):
        tap = silence(0.15)
        burst = biquad_bandpass(white_noise(0.012, rng), 2600.0, 1.0)
        mix_into(tap, apply_env(burst, env_ad(len(burst), 0.0003, 0.002)), gain=0.9)
        mix_into(tap, tone(0.15, 1850.0, [(1.0, 1.0, 1.0), (2.4, 0.5, 0.5)], 0.0005, 0.03),
                 gain=0.45)
        mix_into(tap, partial(0.15, 330.0, 0.5, 0.001, 0.03))
        mix_into(out, tap, start_s=t0, gain=g)
    return finish_signal(one_pole_lowpass(out, 8000.0), dur, fade_out_s=0.04)


def make_power():
    """A charging hum rising in pitch, ending in a bright zap (~600 ms)."""
    dur = 0.600
    n = n_samples(dur)
    out = [0.0] * n
    ph = [0.0, 0.0, 0.0]
    for i in range(n):
        t = i / SR
        f = 180.0 * (2.0 ** (2.2 * t / dur))
        amp = min(1.0, t / 0.3) * (1.0 if t < 0.45 else math.exp(-(t - 0.45) / 0.05))
        v = 0.0
        for k, (ratio, a) in enumerate(((1.0, 0.6), (2.0, 0.3), (3.01, 0.2))):
            ph[k] += TWO_PI * f * ratio / SR
            v += a * math.sin(ph[k])
        # a tremolo that speeds up as it charges
        trem = 0.75 + 0.25 * math.sin(TWO_PI * (8.0 + 30.0 * t) * t)
        out[i] = amp * trem * v
    zap = tone(0.2, 1760.0, CHIME, 0.002, 0.06, glide=0.3, glide_tau_s=0.02)
    mix_into(out, zap, start_s=0.42, gain=0.6)
    return finish_signal(one_pole_lowpass(out, 7000.0), dur, fade_out_s=0.06)


def make_wing():
    """Upward airy whoosh with a few fluttering wing beats (~900 ms)."""
    rng = random.Random(7007)
    dur = 0.900
    n = n_samples(dur)
    air = biquad_bandpass(white_noise(dur, rng), 500.0, 1.3, f0_end=3000.0)
    shape = []
    for i in range(n):
        t = i / n
        swell = math.sin(math.pi * t) ** 1.2
        flutter = 0.55 + 0.45 * max(0.0, math.sin(TWO_PI * 9.0 * t * dur))
        shape.append(swell * flutter)
    out = apply_env(air, shape)
    mix_into(out, tone(0.4, 1567.98, CHIME, 0.01, 0.15), start_s=0.45, gain=0.15)
    return finish_signal(one_pole_lowpass(out, 8000.0), dur, fade_out_s=0.08)


def make_swap():
    """Two tones gliding past each other, one up, one down (~600 ms)."""
    dur = 0.600
    n = n_samples(dur)
    out = [0.0] * n
    p1 = p2 = 0.0
    for i in range(n):
        t = i / n
        f1 = 400.0 * (2.0 ** (1.5 * t))
        f2 = 1130.0 * (2.0 ** (-1.5 * t))
        p1 += TWO_PI * f1 / SR
        p2 += TWO_PI * f2 / SR
        env = math.sin(math.pi * t) ** 0.8
        out[i] = env * (0.5 * math.sin(p1) + 0.15 * math.sin(2 * p1)
                        + 0.45 * math.sin(p2) + 0.12 * math.sin(2 * p2))
    mix_into(out, tone(0.2, 1318.51, CHIME, 0.002, 0.06), start_s=0.38, gain=0.3)
    return finish_signal(one_pole_lowpass(out, 6000.0), dur, fade_out_s=0.06)


def make_tornado():
    """Howling wind that swirls (the band sweeps up and down), rises and falls (~1.8 s)."""
    rng = random.Random(8008)
    dur = 1.800
    n = n_samples(dur)
    noise = white_noise(dur, rng)
    # a slowly wobbling band-pass: done in chunks with a sweep per chunk
    out = []
    chunk = n_samples(0.1)
    i = 0
    x1 = x2 = y1 = y2 = 0.0
    while i < n:
        t = i / n
        f = 350.0 + 500.0 * t * (1.0 - t) * 4.0 + 180.0 * math.sin(TWO_PI * 2.2 * t * dur)
        w0 = TWO_PI * f / SR
        alpha = math.sin(w0) / (2.0 * 3.0)
        a0 = 1.0 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2.0 * math.cos(w0) / a0, (1.0 - alpha) / a0
        for xi in noise[i:i + chunk]:
            y = b0 * xi + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1 = x1, xi
            y2, y1 = y1, y
            out.append(y)
        i += chunk
    out = out[:n]
    shape = [math.sin(math.pi * k / n) ** 0.7 * (0.7 + 0.3 * math.sin(TWO_PI * 3.1 * k / SR))
             for k in range(n)]
    out = apply_env(out, shape)
    # a low rumble underneath
    mix_into(out, partial(dur, 70.0, 0.25, 0.3, 1.0))
    return finish_signal(one_pole_lowpass(out, 5000.0), dur, fade_out_s=0.2)


def make_expire():
    """Soft descending poof (~400 ms)."""
    rng = random.Random(9009)
    dur = 0.400
    out = silence(dur)
    air = biquad_bandpass(white_noise(dur, rng), 1800.0, 1.0, f0_end=300.0)
    mix_into(out, apply_env(air, env_ad(len(air), 0.01, 0.09)), gain=0.8)
    mix_into(out, tone(0.3, 392.0, CHIME, 0.004, 0.07, glide=0.25, glide_tau_s=0.08),
             gain=0.35)
    return finish_signal(one_pole_lowpass(out, 4000.0), dur, fade_out_s=0.06)


def make_fanfare():
    """Game won (~2.6 s): brass arpeggio C5 E5 G5, a held C6 chord, a bell sparkle."""
    dur = 2.600
    out = silence(dur)
    # the rising arpeggio: short legato brass notes
    for f, t0, length in ((523.25, 0.00, 0.22), (659.26, 0.15, 0.22), (783.99, 0.30, 0.24)):
        mix_into(out, brass(length, f, 0.42, 0.022, 0.20, 0.07, hold=0.55,
                            vib_depth=0.0), start_s=t0)
    # the held chord: C6 on top of C5 E5 G5 (and a soft C4), each voice with
    # its own slight vibrato so the section sounds like several players
    t0 = 0.46
    length = dur - t0
    for f, a, rate, depth, ph in ((1046.50, 0.46, 5.6, 0.0050, 0.0),
                                  (783.99, 0.22, 5.2, 0.0035, 1.1),
                                  (659.26, 0.20, 5.9, 0.0035, 2.3),
                                  (523.25, 0.22, 5.4, 0.0030, 0.7),
                                  (261.63, 0.16, 5.0, 0.0020, 1.9)):
        mix_into(out, brass(length, f, a, 0.040, 0.75, 0.60, vib_rate=rate,
                            vib_depth=depth, vib_delay_s=0.18, phase=ph), start_s=t0)
    # a gentle sparkle of high bell partials twinkling above the chord
    sparkle = ((2093.00, 0.50), (3135.96, 0.60), (2637.02, 0.70), (4186.01, 0.80),
               (3135.96, 0.92), (5274.04, 1.05))
    for k, (f, ts) in enumerate(sparkle):
        mix_into(out, tone(min(0.9, dur - ts), f, GLASS, 0.002, 0.22),
                 start_s=ts, gain=0.11 * (0.85 ** k))
    return finish_signal(one_pole_lowpass(out, 9000.0), dur, fade_out_s=0.25)


def make_solved():
    """Puzzle solved (~1.2 s): a bright three-note bell chime G5 C6 E6."""
    dur = 1.200
    out = silence(dur)
    for f, t0, tau, g in ((783.99, 0.00, 0.20, 0.55), (1046.50, 0.11, 0.22, 0.60),
                          (1318.51, 0.22, 0.32, 0.75)):
        mix_into(out, tone(dur - t0, f, BELL, 0.002, tau), start_s=t0, gain=g)
    # a soft warm C under the last note and a faint sparkle above it
    mix_into(out, partial(dur - 0.22, 523.25, 0.12, 0.020, 0.35, phase=1.0), start_s=0.22)
    mix_into(out, tone(dur - 0.26, 2637.02, GLASS, 0.002, 0.15), start_s=0.26, gain=0.10)
    return finish_signal(one_pole_lowpass(out, 9000.0), dur, fade_out_s=0.20)


# --------------------------------------------------------------------------
# The music loop.  Every note is added into a circular buffer (a tail that
# runs past the end wraps round to the start), and the echo is circular too,
# so the last sample leads straight into the first: the loop has no seam.
# --------------------------------------------------------------------------

MUSIC_BPM = 72
MUSIC_BEATS_PER_BAR = 3
MUSIC_BEAT = 60.0 / MUSIC_BPM                           # seconds

# One bar each: (bass, pad voicing, melody as (beat, beats, note)); MIDI notes.
# The melody keeps to the C major pentatonic scale (C D E G A).
MUSIC_BARS = [
    (48, (55, 60, 64), ((0, 1, 76), (1, 1, 79), (2, 1, 84))),                 # C
    (45, (57, 60, 64), ((0, 2, 81), (2, 1, 76))),                             # Am
    (41, (57, 60, 65), ((0, 1.5, 81), (1.5, 0.5, 79), (2, 1, 74))),           # F
    (43, (55, 59, 62), ((0, 1, 74), (1, 1, 76), (2, 1, 79))),                 # G
    (48, (55, 60, 64), ((0, 1, 76), (1, 0.5, 79), (1.5, 0.5, 81), (2, 1, 79))),  # C
    (45, (57, 60, 64), ((0, 1.5, 84), (1.5, 1.5, 81))),                       # Am
    (50, (57, 62, 65), ((0, 1, 81), (1, 1, 76), (2, 1, 74))),                 # Dm
    (43, (55, 59, 62), ((0, 1, 79), (1, 2, 74))),                             # G
]
# Harp-like pluck: harmonic partials (ratio, amp, decay scale), the upper ones dying sooner.
PLUCK = [(1.0, 1.0, 1.0), (2.0, 0.30, 0.55), (3.0, 0.10, 0.35), (4.0, 0.04, 0.25)]


def midi_hz(m):
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


def loop_note(buf, start_s, length_s, freq, partials, amp, attack_s, tau_s,
              release_s, hold=0.0):
    """Add one note into the circular buffer buf (MUSIC_SR).

    The envelope rises with a raised cosine over attack_s, then decays as
    hold + (1 - hold) * exp(-t / tau_s) and falls to exactly zero with a
    raised cosine over the last release_s, so no note ever clicks.
    """
    n = len(buf)
    m = int(round(length_s * MUSIC_SR))
    a = max(1, int(round(attack_s * MUSIC_SR)))
    r = max(1, int(round(release_s * MUSIC_SR)))
    off = int(round(start_s * MUSIC_SR))
    ws = [(TWO_PI * freq * ratio / MUSIC_SR, amp * pa, tau_s * ts * MUSIC_SR)
          for ratio, pa, ts in partials]
    for i in range(m):
        e = 1.0
        if i < a:
            e = 0.5 - 0.5 * math.cos(math.pi * i / a)
        if i >= m - r:
            e *= 0.5 - 0.5 * math.cos(math.pi * (m - 1 - i) / r)
        v = 0.0
        for k, (w, pa, tau) in enumerate(ws):
            v += pa * (hold + (1.0 - hold) * math.exp(-i / tau)) * math.sin(w * i + 0.4 * k)
        buf[(off + i) % n] += e * v


def make_music():
    """A calm 20 s loop: pentatonic pluck melody with a soft echo, pad and bass."""
    bar_s = MUSIC_BEATS_PER_BAR * MUSIC_BEAT
    n = int(round(len(MUSIC_BARS) * bar_s * MUSIC_SR))
    pad = [0.0] * n
    melody = [0.0] * n
    for b, (bass, voicing, notes) in enumerate(MUSIC_BARS):
        t0 = b * bar_s
        # bass: a round low note on the downbeat, ringing most of the bar
        loop_note(pad, t0, bar_s + 0.3, midi_hz(bass),
                  [(1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (3.0, 0.10, 0.4)],
                  0.30, 0.02, 1.0, 0.5)
        # pad: each chord swells in and cross-fades into the next one
        for m in voicing:
            for detune in (0.998, 1.002):
                loop_note(pad, t0 - 0.4, bar_s + 0.8, midi_hz(m) * detune,
                          [(1.0, 1.0, 1.0), (2.0, 0.12, 1.0), (3.0, 0.03, 1.0)],
                          0.06, 0.9, 2.0, 0.9, hold=0.6)
        for beat, beats, m in notes:
            loop_note(melody, t0 + beat * MUSIC_BEAT, 2.6, midi_hz(m), PLUCK,
                      0.34, 0.006, 0.30 + 0.22 * beats, 0.4)
    # a soft circular echo one and a half beats behind the melody
    d = int(round(1.5 * MUSIC_BEAT * MUSIC_SR))
    out = [p + v + 0.28 * melody[i - d] + 0.10 * melody[i - 2 * d]
           for i, (p, v) in enumerate(zip(pad, melody))]
    mean = sum(out) / n            # a constant offset keeps the loop seamless
    out = [v - mean for v in out]
    g = min(gain_of_db(MUSIC_RMS_DBFS) / rms_of(out),
            gain_of_db(MUSIC_PEAK_MAX_DBFS) / peak_of(out))
    return [v * g for v in out]


SOUNDS = [
    ("select.wav", make_select),
    ("hop.wav", make_hop),
    ("land.wav", make_land),
    ("invalid.wav", make_invalid),
    ("turn.wav", make_turn),
    ("finish.wav", make_finish),
    ("box.wav", make_box),
    ("pickup.wav", make_pickup),
    ("roadblock.wav", make_roadblock),
    ("worker.wav", make_worker),
    ("power.wav", make_power),
    ("wing.wav", make_wing),
    ("swap.wav", make_swap),
    ("tornado.wav", make_tornado),
    ("expire.wav", make_expire),
    ("fanfare.wav", make_fanfare),
    ("solved.wav", make_solved),
]


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[1] if len(argv) > 1 else os.path.join(here, os.pardir, "assets", "sounds")
    out_dir = os.path.normpath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    def report(name, x, rate):
        print("%-14s %7.0f ms  peak %6.2f dBFS  RMS %6.2f dBFS"
              % (name, 1000.0 * len(x) / rate, db_of(peak_of(x)), db_of(rms_of(x))))

    for name, make in SOUNDS:
        x = level_effect(name, make())
        write_wav(os.path.join(out_dir, name), x)
        report(name, x, SR)
    x = make_music()
    write_wav(os.path.join(out_dir, "music.wav"), x, MUSIC_SR)
    report("music.wav", x, MUSIC_SR)
    print("-> %s" % out_dir)


if __name__ == "__main__":
    main(sys.argv)

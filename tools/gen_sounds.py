#!/usr/bin/env python3
"""Generate Starhop's sound effects (Python 3 standard library only).

Writes 16-bit mono 44.1 kHz WAV files into assets/sounds/:

    select.wav   soft glassy tick as a marble is lifted        (~80 ms)
    hop.wav      light airy whoosh/pluck for each hop           (~120 ms)
    land.wav     glass marble clacking onto a wooden board      (~150 ms)
    invalid.wav  low soft "bonk": two short descending tones    (~200 ms)
    turn.wav     gentle two-note chime announcing next player   (~350 ms)
    finish.wav   pleasant rising arpeggio fanfare               (~900 ms)

Every sound is synthesised from damped sine partials and filtered noise,
shaped with fast-attack / exponential-decay envelopes, DC-free, faded in
and out at the ends and normalised to -3 dBFS peak.  The noise generator is
seeded per sound, so the output is byte-for-byte identical on every run.

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

SR = 44100                      # sample rate (Hz)
PEAK_DBFS = -3.0                # target peak level
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
# Finishing: DC removal, edge fades, peak normalisation, 16-bit output.
# --------------------------------------------------------------------------

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
    x = [v - c * w for v, w in zip(x, win)]

    peak = max(abs(v) for v in x) or 1.0
    target = 10.0 ** (PEAK_DBFS / 20.0)
    g = target / peak
    return [v * g for v in x]


def write_wav(path, x):
    frames = bytearray()
    for v in x:
        s = int(round(v * 32767.0))
        s = max(-32767, min(32767, s))  # never clips: peak is -3 dBFS anyway
        frames += struct.pack("<h", s)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(bytes(frames))


# --------------------------------------------------------------------------
# The sounds.
# --------------------------------------------------------------------------

# Inharmonic ratios of a small free-free bar / glass: gives a "glassy" colour.
GLASS = [(1.0, 1.0, 1.0), (2.756, 0.45, 0.55), (5.404, 0.18, 0.35)]
# Soft bell/chime partials: mostly harmonic, a touch of inharmonic shimmer.
CHIME = [(1.0, 1.0, 1.0), (2.0, 0.28, 0.6), (3.0, 0.08, 0.4), (4.17, 0.05, 0.3)]


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


SOUNDS = [
    ("select.wav", make_select),
    ("hop.wav", make_hop),
    ("land.wav", make_land),
    ("invalid.wav", make_invalid),
    ("turn.wav", make_turn),
    ("finish.wav", make_finish),
]


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = argv[1] if len(argv) > 1 else os.path.join(here, os.pardir, "assets", "sounds")
    out_dir = os.path.normpath(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    for name, make in SOUNDS:
        x = make()
        path = os.path.join(out_dir, name)
        write_wav(path, x)
        peak = max(abs(v) for v in x)
        print("%-12s %6.0f ms  peak %.2f dBFS  -> %s"
              % (name, 1000.0 * len(x) / SR, 20 * math.log10(peak), path))


if __name__ == "__main__":
    main(sys.argv)

#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank: enough distinct colours and
enough contrast. Standard library only (zlib + the PNG row filters).

Usage: png_check.py FILE [--min-colours N] [--min-stddev X]
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG file")
    pos, idat, width, height, depth, ctype = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6):
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {ctype}")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    path = args[0]
    min_colours = int(args[args.index("--min-colours") + 1]) if "--min-colours" in args else 200
    min_stddev = float(args[args.index("--min-stddev") + 1]) if "--min-stddev" in args else 12.0
    try:
        width, height, bpp, rows = read_png(path)
    except (OSError, ValueError, zlib.error) as e:
        print(f"png_check: {e}", file=sys.stderr)
        return 1
    colours, lum = set(), []
    for y in range(0, height, 2):
        row = rows[y]
        for x in range(0, width, 2):
            r, g, b = row[x * bpp:x * bpp + 3]
            colours.add((r, g, b))
            lum.append(0.2126 * r + 0.7152 * g + 0.0722 * b)
    mean = sum(lum) / len(lum)
    stddev = (sum((v - mean) ** 2 for v in lum) / len(lum)) ** 0.5
    print(f"{path}: {width}x{height}, {len(colours)} colours, luminance mean {mean:.1f}, stddev {stddev:.1f}")
    if len(colours) < min_colours or stddev < min_stddev:
        print(f"png_check: {path} looks blank (want >= {min_colours} colours and stddev >= {min_stddev})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

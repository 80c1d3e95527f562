#!/usr/bin/env bash
# Renders the Starhop icon into the hicolor sizes and the game's window icon:
#   packaging/icons/hicolor/SIZExSIZE/apps/starhop.png for 16 ... 512
#     (16, 24 and 32 from starhop-small.svg, the bolder picture for small sizes;
#      48 and up from starhop.svg),
#   packaging/icons/hicolor/scalable/apps/starhop.svg (a copy of starhop.svg),
#   packaging/icons/starhop-64.rgba (the 64 px icon as raw RGBA8, 16384 bytes,
#     which the game includes as its window icon).
# Running it again rewrites the same files. Needs rsvg-convert (Debian:
# librsvg2-bin) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
icons=packaging/icons

if ! command -v rsvg-convert >/dev/null; then
  echo "render_icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2
  exit 1
fi

for size in 16 24 32 48 64 128 256 512; do
  if [ "$size" -le 32 ]; then src=$icons/starhop-small.svg; else src=$icons/starhop.svg; fi
  dir=$icons/hicolor/${size}x${size}/apps
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" --format png "$src" --output "$dir/starhop.png"
done
mkdir -p $icons/hicolor/scalable/apps
cp $icons/starhop.svg $icons/hicolor/scalable/apps/starhop.svg

# The 64 px PNG as raw RGBA8 (straight alpha, rows top to bottom).
python3 - "$icons/hicolor/64x64/apps/starhop.png" "$icons/starhop-64.rgba" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    pos += 12 + length
    if kind == b'IHDR':
        width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        assert (depth, colour, interlace) == (8, 6, 0), 'expected 8-bit RGBA, not interlaced'
    elif kind == b'IDAT':
        idat += body
raw, stride, out, prev, i = zlib.decompress(idat), width * 4, bytearray(), bytearray(width * 4), 0
for _ in range(height):
    kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - 4] if x >= 4 else 0
        b = prev[x]
        c = prev[x - 4] if x >= 4 else 0
        if kind == 1:
            line[x] = (line[x] + a) & 255
        elif kind == 2:
            line[x] = (line[x] + b) & 255
        elif kind == 3:
            line[x] = (line[x] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    out += line
    prev = line
assert len(out) == width * height * 4 == 64 * 64 * 4, len(out)
open(sys.argv[2], 'wb').write(bytes(out))
PY
echo "render_icons: 8 PNG sizes, the scalable SVG and starhop-64.rgba written in $icons/"

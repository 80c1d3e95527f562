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
# PNG rows decoded by the render check's own reader (tools/png_check.py).
python3 - "$icons/hicolor/64x64/apps/starhop.png" "$icons/starhop-64.rgba" <<'PY'
import sys
sys.path.insert(0, "tools")
from png_check import read_png
width, height, bpp, rows = read_png(sys.argv[1])
assert (width, height, bpp) == (64, 64, 4), (width, height, bpp)
open(sys.argv[2], "wb").write(b"".join(rows))
PY
echo "render_icons: 8 PNG sizes, the scalable SVG and starhop-64.rgba written in $icons/"

#!/usr/bin/env bash
# Rebuild assets/fonts/NotoSansSC-Subset.otf, the Chinese UI font (Simplified and Traditional).
#
# It is a subset of the "Noto Sans CJK SC" Regular face of the Noto Sans CJK
# collection (SIL Open Font License 1.1, see assets/fonts/LICENSE-OFL.txt),
# keeping the CFF outlines and covering:
#   - ASCII (U+0020-007E) and Latin-1 punctuation/symbols (U+00A0-00FF)
#   - General punctuation (U+2000-206F) and arrows (U+2190-21FF)
#   - CJK symbols and punctuation (U+3000-303F), full-width forms (U+FF00-FFEF)
#   - all 3755 hanzi of GB2312 level 1 (codes 0xB0A1..0xD7FE)
#   - any extra characters listed in tools/extra_cjk_chars.txt
#     (lines starting with '#' are comments; whitespace is ignored)
#
# This script installs nothing. It needs:
#   - the Debian package fonts-noto-cjk   (apt-get install fonts-noto-cjk)
#     which provides /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
#   - fontTools, for pyftsubset            (pip install fonttools)
#   - python3
#
# Usage: tools/subset_cjk_font.sh [OUTPUT.otf]
# Environment overrides:
#   NOTO_CJK_TTC   path of the source collection
#   NOTO_CJK_FACE  font number of the SC face inside it (default: looked up by
#                  family name "Noto Sans CJK SC"; it is 2 in Debian's
#                  fonts-noto-cjk 2.004 collection)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"

src="${NOTO_CJK_TTC:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}"
out="${1:-$root/assets/fonts/NotoSansSC-Subset.otf}"
extra="$here/extra_cjk_chars.txt"
family="Noto Sans CJK SC"

die() { echo "subset_cjk_font.sh: $*" >&2; exit 1; }

[ -f "$src" ] || die "source font not found: $src (apt-get install fonts-noto-cjk, or set NOTO_CJK_TTC)"
command -v python3 >/dev/null || die "python3 is required"
python3 -c 'import fontTools' 2>/dev/null || die "fontTools is required (pip install fonttools)"
if command -v pyftsubset >/dev/null; then
    pyftsubset=(pyftsubset)
else
    pyftsubset=(python3 -m fontTools.subset)
fi

# Font number of the Simplified Chinese face, found by its family name.
if [ -n "${NOTO_CJK_FACE:-}" ]; then
    face="$NOTO_CJK_FACE"
else
    face="$(python3 - "$src" "$family" <<'PY'
import sys
from fontTools.ttLib import TTCollection
path, family = sys.argv[1], sys.argv[2]
coll = TTCollection(path, lazy=True)
for i, font in enumerate(coll.fonts):
    if font["name"].getDebugName(1) == family:
        print(i)
        break
else:
    sys.exit("no face with family %r in %s" % (family, path))
PY
)"
fi
echo "source: $src (font number $face, $family)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Text file with every GB2312 level-1 hanzi plus the extra characters.
python3 - "$extra" > "$tmp/chars.txt" <<'PY'
import sys
chars = []
for hi in range(0xB0, 0xD8):          # rows 16..55: level-1 hanzi
    for lo in range(0xA1, 0xFF):
        try:
            chars.append(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass                       # unassigned code (e.g. end of row 55)
level1 = len(chars)
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            if line.lstrip().startswith("#"):
                continue
            chars.extend(c for c in line if not c.isspace())
except FileNotFoundError:
    pass
seen = set()
uniq = [c for c in chars if not (c in seen or seen.add(c))]
print("".join(uniq))
print("GB2312 level 1: %d hanzi; with extras: %d unique characters"
      % (level1, len(uniq)), file=sys.stderr)
PY

mkdir -p "$(dirname "$out")"
"${pyftsubset[@]}" "$src" \
    --font-number="$face" \
    --unicodes='U+0020-007E,U+00A0-00FF,U+2000-206F,U+2190-21FF,U+3000-303F,U+FF00-FFEF' \
    --text-file="$tmp/chars.txt" \
    --layout-features='kern' \
    --no-hinting \
    --name-IDs='*' \
    --name-languages='*' \
    --notdef-outline \
    --recalc-bounds \
    --output-file="$out"

echo "wrote $out ($(wc -c < "$out") bytes)"

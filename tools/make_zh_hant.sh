#!/usr/bin/env bash
# Regenerate the Traditional Chinese texts, crates/i18n/locales/zh-Hant/*.ftl,
# from the Simplified ones (zh-Hans/*.ftl) with OpenCC. The generated files are
# committed; a test of crates/i18n runs this script again and checks they are
# in step, so edit the zh-Hans files (or the fixes below) and rerun:
#
#     tools/make_zh_hant.sh [OUTPUT_DIR]      (default: crates/i18n/locales/zh-Hant)
#
# Needs the `opencc` command (Debian: apt-get install opencc). OpenCC is only
# used here, when the texts are written, never by the game.
#
# The configuration is s2twp: Simplified to Traditional with Taiwan's
# characters and Taiwan's words (檔案 for file, 儲存 for save, 設定 for
# settings, 網路, 螢幕, 點選...). A game's interface is mostly such words, and
# s2hk changes only the characters' forms: its text keeps mainland words
# (文件, 保存, 設置) that readers of Traditional Chinese do not use.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
src="$root/crates/i18n/locales/zh-Hans"
out="${1:-$root/crates/i18n/locales/zh-Hant}"
config=s2twp.json

command -v opencc >/dev/null || {
    echo "make_zh_hant.sh: the opencc command is missing (apt-get install opencc)" >&2
    exit 1
}
mkdir -p "$out"
for file in "$src"/*.ftl; do
    name="$(basename "$file")"
    opencc -c "$config" -i "$file" | sed \
        -e "s|(Simplified Chinese)\.|(Traditional Chinese).|" \
        -e "1a # Made from zh-Hans/$name by tools/make_zh_hant.sh: edit that file and rerun." \
        -e 's/中國跳棋/波子棋/g' \
        -e 's/^starhop = Starhop 跳棋$/starhop = Starhop 波子棋/' \
        -e 's/迴圈賽/循環賽/g' \
        -e 's/俯檢視/俯視圖/g' \
        >"$out/$name"
done
# The fixes above, after OpenCC: Chinese checkers is 波子棋 in Hong Kong and
# Taiwan (中国跳棋, and 跳棋 in the game's title); a round robin is 循環賽 (OpenCC takes 循环 for a program's loop,
# 迴圈); 俯视图, a view from above, is 俯視圖 (OpenCC reads 视图 as a
# program's view, 檢視).

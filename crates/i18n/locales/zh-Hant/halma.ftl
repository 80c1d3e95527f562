# Starhop: Halma (Traditional Chinese).
# Made from zh-Hans/halma.ftl by tools/make_zh_hant.sh: edit that file and rerun.
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-halma-game-could-not-be = 這局哈爾馬跳棋無法覆盤：{ $reason }
seat-has-no-move-and-passes = { $seat }無棋可走，停一手。
race-your-pieces-into-the-opposite = 把你的棋子全部走進對角的營地：可以走到周圍八格中的任一格，也可以跳過一枚棋子，一步中可以連跳。不吃子。
num-2-players-19-pieces-each = 2 人，每人 19 枚
num-4-players-13-pieces-each = 4 人，每人 13 枚
no-saved-halma-games-yet-ctrl = 還沒有儲存的哈爾馬跳棋對局（Ctrl+S 儲存）。
seat-home-in-moves = { $seat }：{ $moves } 步全部到達
seat-out-reason = { $seat }：出局（{ $reason }）
seat-arrived-of-all-across = { $seat }：{ $all } 枚中已到達 { $arrived } 枚
seat-passes = { $seat }停一手
the-square-board-original-of-1880 = 1880 年的方格棋盤原版，2 人或 4 人。
teams-red-and-yellow-against-blue = 組隊：紅黃對藍綠
diagonal-partners-win-together-when-one = 對角的搭檔一起獲勝：其中一人全部到達，或兩人共有四分之三的棋子到達對面；一名搭檔退出則兩人都輸。

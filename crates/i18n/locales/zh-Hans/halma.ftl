# Starhop: Halma (Simplified Chinese).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-halma-game-could-not-be = 这局哈尔马跳棋无法复盘：{ $reason }
seat-has-no-move-and-passes = { $seat }无棋可走，停一手。
race-your-pieces-into-the-opposite = 把你的棋子全部走进对角的营地：可以走到周围八格中的任一格，也可以跳过一枚棋子，一步中可以连跳。不吃子。
num-2-players-19-pieces-each = 2 人，每人 19 枚
num-4-players-13-pieces-each = 4 人，每人 13 枚
no-saved-halma-games-yet-ctrl = 还没有保存的哈尔马跳棋对局（Ctrl+S 保存）。
seat-home-in-moves = { $seat }：{ $moves } 步全部到达
seat-out-reason = { $seat }：出局（{ $reason }）
seat-arrived-of-all-across = { $seat }：{ $all } 枚中已到达 { $arrived } 枚
seat-passes = { $seat }停一手
the-square-board-original-of-1880 = 1880 年的方格棋盘原版，2 人或 4 人。
teams-red-and-yellow-against-blue = 组队：红黄对蓝绿
diagonal-partners-win-together-when-one = 对角的搭档一起获胜：其中一人全部到达，或两人共有四分之三的棋子到达对面；一名搭档退出则两人都输。

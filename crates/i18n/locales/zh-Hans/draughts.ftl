# Starhop: draughts (Simplified Chinese).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-draughts-game-could-not-be = 这局跳棋无法复盘：{ $reason }
international-draughts-10-10 = 国际跳棋（10×10）
russian-draughts-8-8 = 俄罗斯跳棋（8×8）
black = 黑
the-other-side-has-no-pieces = 对方没有棋子了
the-other-side-cannot-move = 对方无棋可走
the-other-side-resigned = 对方认输
the-other-side-ran-out-of = 对方超时
side-wins-reason = { $side }获胜：{ $reason }。
the-same-position-three-times = 同一局面出现三次
num-25-moves-each-with-only = 双方各走 25 步只动王棋且无吃子
num-16-moves-each-in-a = 三子对单王的残局双方各走了 16 步
num-5-moves-each-in-a = 两子对单王的残局双方各走了 5 步
num-30-moves-each-without-a = 双方各走 30 步无吃子
three-kings-did-not-take-the = 三个王棋在 18 步内没有吃掉单王
agreed-by-the-players = 双方同意
draw-reason = 和棋：{ $reason }。
that-is-not-your-piece = 那不是你的棋子。
choose-one-of-your-pieces-first = 请先选择你的一枚棋子。
a-capture-is-compulsory-choose-a = 必须吃子：请选择一枚能吃子的棋子（要吃的棋子已标出）。
that-piece-cannot-move = 这枚棋子不能走。
several-captures-end-there-click-each = 有几种吃法都停在那里：请依次点击每个落点。
that-piece-cannot-go-there = 这枚棋子不能走到那里。
wait-for-the-bot-s-move = 请等电脑走棋。
wait-for-the-other-player-s = 请等对方走棋。
draughts = 国际跳棋与俄罗斯跳棋
men-move-forwards-and-capture-both = 兵向前走，可向前后吃子；王棋可沿斜线远飞。必须选择吃子最多的吃法；兵只有在一步结束于对方底线时才升王。
men-move-forwards-and-capture-both-ways = 兵向前走，可向前后吃子；王棋可沿斜线远飞。吃法可以任选，但必须吃到底；兵在连吃途中到达对方底线即升王，并以王棋继续吃。
white-moves-first = 白方先走。
clocks = 棋钟
n-min = { $minutes } 分钟
minutes-on-each-side-s-clock = 每方棋钟的分钟数；时间用完的一方判负。
no-saved-draughts-games-yet-ctrl = 还没有保存的跳棋对局（Ctrl+S 保存）。
num-16-move-ending = 16 步残局
num-5-move-ending = 5 步残局
three-kings-against-one = 三王对一王
of = { $rule }：{ $count } / { $limit }
kings-only-no-capture = 只动王棋、无吃子
moves-without-a-capture = 无吃子步数
men-kings = { $side }：兵 { $men }，王 { $kings }
capture-is-compulsory-and-the-capture = 必须吃子，而且要选吃子最多的吃法：标红的棋子必须吃掉。
capture-is-compulsory-take-one-of = 必须吃子：吃掉一枚标红的棋子。
the-game-is-drawn-when-the = 计数到达时即为和棋。
agree-a-draw = 同意和棋
none-yet = 还没有。
international-10-10-or-russian-8 = 国际跳棋（10×10）或俄罗斯跳棋（8×8），真人或电脑。

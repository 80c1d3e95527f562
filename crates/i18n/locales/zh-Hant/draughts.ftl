# Starhop: draughts (Traditional Chinese).
# Made from zh-Hans/draughts.ftl by tools/make_zh_hant.sh: edit that file and rerun.
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-draughts-game-could-not-be = 這局跳棋無法覆盤：{ $reason }
international-draughts-10-10 = 國際跳棋（10×10）
russian-draughts-8-8 = 俄羅斯跳棋（8×8）
black = 黑
the-other-side-has-no-pieces = 對方沒有棋子了
the-other-side-cannot-move = 對方無棋可走
the-other-side-resigned = 對方認輸
the-other-side-ran-out-of = 對方超時
side-wins-reason = { $side }獲勝：{ $reason }。
the-same-position-three-times = 同一局面出現三次
num-25-moves-each-with-only = 雙方各走 25 步只動王棋且無吃子
num-16-moves-each-in-a = 三子對單王的殘局雙方各走了 16 步
num-5-moves-each-in-a = 兩子對單王的殘局雙方各走了 5 步
num-30-moves-each-without-a = 雙方各走 30 步無吃子
three-kings-did-not-take-the = 三個王棋在 18 步內沒有吃掉單王
agreed-by-the-players = 雙方同意
draw-reason = 和棋：{ $reason }。
that-is-not-your-piece = 那不是你的棋子。
choose-one-of-your-pieces-first = 請先選擇你的一枚棋子。
a-capture-is-compulsory-choose-a = 必須吃子：請選擇一枚能吃子的棋子（要吃的棋子已標出）。
that-piece-cannot-move = 這枚棋子不能走。
several-captures-end-there-click-each = 有幾種吃法都停在那裡：請依次點選每個落點。
that-piece-cannot-go-there = 這枚棋子不能走到那裡。
wait-for-the-bot-s-move = 請等電腦走棋。
wait-for-the-other-player-s = 請等對方走棋。
draughts = 國際跳棋與俄羅斯跳棋
men-move-forwards-and-capture-both = 兵向前走，可向前後吃子；王棋可沿斜線遠飛。必須選擇吃子最多的吃法；兵只有在一步結束於對方底線時才升王。
men-move-forwards-and-capture-both-ways = 兵向前走，可向前後吃子；王棋可沿斜線遠飛。吃法可以任選，但必須吃到底；兵在連吃途中到達對方底線即升王，並以王棋繼續吃。
white-moves-first = 白方先走。
clocks = 棋鍾
n-min = { $minutes } 分鐘
minutes-on-each-side-s-clock = 每方棋鐘的分鐘數；時間用完的一方判負。
no-saved-draughts-games-yet-ctrl = 還沒有儲存的跳棋對局（Ctrl+S 儲存）。
num-16-move-ending = 16 步殘局
num-5-move-ending = 5 步殘局
three-kings-against-one = 三王對一王
of = { $rule }：{ $count } / { $limit }
kings-only-no-capture = 只動王棋、無吃子
moves-without-a-capture = 無吃子步數
men-kings = { $side }：兵 { $men }，王 { $kings }
capture-is-compulsory-and-the-capture = 必須吃子，而且要選吃子最多的吃法：標紅的棋子必須吃掉。
capture-is-compulsory-take-one-of = 必須吃子：吃掉一枚標紅的棋子。
the-game-is-drawn-when-the = 計數到達時即為和棋。
agree-a-draw = 同意和棋
none-yet = 還沒有。
international-10-10-or-russian-8 = 國際跳棋（10×10）或俄羅斯跳棋（8×8），真人或電腦。

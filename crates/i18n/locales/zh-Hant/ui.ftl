# Starhop: the interface's own words (Traditional Chinese).
# Made from zh-Hans/ui.ftl by tools/make_zh_hant.sh: edit that file and rerun.
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

## setup screen

# The game's name as its title shows it.
starhop = Starhop 波子棋
chinese-checkers-for-the-whole-family = 全家一起玩的波子棋
players = 玩家
player-n = 玩家 { $n }
red = 紅
blue = 藍
yellow = 黃
green = 綠
purple = 紫
white = 白
s = 秒
min = 分鐘
name = 名字
human = 真人
bot = 電腦
beginner = 入門
easy = 簡單
medium = 中等
hard = 困難
master = 大師
plays-like-someone-learning-the-game = 像初學者一樣下棋，會犯錯。
looks-one-move-ahead = 只看一步。
looks-a-few-moves-ahead = 看幾步。
a-strong-club-player = 棋力相當於俱樂部高手。
thinks-as-deep-as-its-time = 在時間允許內儘量深算。
thinking = 思考中
paused = 已暫停
would-have-been = （本可得 +{ $points }）
row-from-to = 第 { $from } 行 → 第 { $to } 行
any-marble-may-be-moved-the = 任何棋子都可以走：顏色只是為了區分。
back-to-the-home-screen-esc = 回到主頁（Esc）
hint = 提示
show-the-move-the-hard-bot = 顯示困難電腦會走的一步。
pause = 暫停
interface-size = 介面大小
small = 小
normal = 中
large = 大
tv = 電視
how-large-the-menus-and-their = 選單和文字的大小：電視檔在沙發上也看得清。
speed = 速度
colour = 顏色
board = 棋盤
small-73-holes = 小 (73 孔)
standard-121-holes = 標準 (121 孔)
large-181-holes = 大 (181 孔)
rules = 規則
preset = 預設
classic = 經典
super-jump = 超級跳
tournament = 比賽
party = 道具賽

## party mode: setup

items-party-mode = 道具（道具賽）
item-boxes-appear-in-the-middle = 棋盤中央會出現道具箱；停在道具箱上的棋子隨機得到一個道具。
new-box-every = 新道具箱每隔
rounds = 輪
rounds-between-new-boxes-never-more = 出現新道具箱的間隔輪數（棋盤上的道具箱不超過玩家人數）。0 = 只有開局的道具箱。
items-in-play = 啟用的道具
at-least-one-item-stays-in = 至少保留一種道具。

## party mode: the items

roadblock = 路障
road-worker = 修路工
power-marble = 動力彈珠
flying-wing = 飛天翼
swap = 移形換位
tornado = 龍捲風
roadblock-noun = 路障
road-worker-noun = 修路工
power-marble-noun = 動力彈珠
flying-wing-noun = 飛天翼
swap-noun = 移形換位
tornado-noun = 龍捲風
puts-a-wall-on-an-empty = 在營地之外、離你的棋子 3 格以內的空位放一個路障，持續 3 輪：棋子不能停在上面，也不能跳過它。
puts-a-fixed-marble-on-an = 在營地之外、離你的棋子 3 格以內的空位放一個修路工，持續 3 輪：棋子可以跳過他，但不能移動他，也不能停在他的位置。
one-of-your-marbles-makes-two = 本回合你的一顆棋子連走兩步，其他棋子不能走。
one-of-your-marbles-flies-to = 你的一顆棋子飛到 4 格以內的空位。
one-of-your-marbles-trades-places = 你的一顆棋子與 4 格以內其他玩家的一顆棋子交換位置。
the-marbles-on-a-hole-and = 一個位置及其六個鄰位（都須在營地之外）上的棋子被隨機打亂。

## party mode: HUD

items = 道具
key = 按鍵 { $key }
use-before-your-move-click-an = 走棋之前使用：點選道具或按 1-3。
click-a-glowing-hole-within-3 = 點選你的棋子 3 格以內發光的空位
click-the-marble-that-will-move = 點選要連走兩步的棋子
click-the-marble-that-will-fly = 點選要飛的棋子
click-where-it-lands-at-most = 點選落點（最遠 4 格）
click-one-of-your-marbles = 點選你的一顆棋子
click-another-player-s-marble-within = 點選 4 格以內其他玩家的棋子
click-the-centre-of-the-tornado = 點選龍捲風的中心
cancel = 取消
esc-or-right-click = Esc 或右鍵
power-marble-one-more-move-or = 動力彈珠：還可以再走一步，或停一手（P / 空格）結束本回合
power-marble-it-moves-twice-this = 動力彈珠：這顆棋子本回合走兩步
used-a = { $name } 使用了{ $item }

## party mode: notices

an-item-box-appeared = 出現了一個道具箱
found-a = { $name } 得到了{ $item }
found-a-but-the-hand-is = { $name } 得到了{ $item }，但道具已滿，只好丟掉
the-roadblock-is-gone = 路障消失了
the-road-worker-has-left = 修路工離開了
all-options = 全部選項
long-jumps = 長跳 (等距跳)
jump-over-a-distant-marble-with = 可跳過遠處的一顆棋子，前後空位數相等。
no-stopping-in-foreign-camps = 不得停在別人的營地
a-marble-may-pass-through-other = 棋子可以跳經其他營地，但不能停在那裡。
locked-in-target = 進營不出
a-marble-that-reached-its-target = 到達目標營地的棋子只能在營內移動。
passing-allowed = 允許停一手
a-player-may-pass-instead-of = 玩家可以選擇不走。
repetition-limit = 重複限制
after-3-back-and-forth-moves = 來回走滿 3 次後，不能再走回頭棋。
first-in-skips-a-turn = 先進營者停一輪
house-rule-the-first-player-to = 家庭規則：第一個進入目標營地的玩家停走一次。
equal-moves = 同步數
when-someone-finishes-the-round-is = 有人完成後，本輪走完，使每人步數相同。
play-on-for-places = 繼續爭名次
with-3-players-keep-playing-after = 三人以上時，冠軍產生後繼續比賽，直到名次全部確定。
anti-passive-rule = 防止消極
after-moves-20-25-and-30 = 第 20、25、30 步後須有足夠棋子離開本營，否則判負。
deadlock-adjudication = 僵局裁決
two-players-after-10-rounds-without = 兩人對局：連續 10 輪無進展時，距離較近者以 0.75 比 0.25 獲勝。
teams = 組隊
none = 無
num-2-against-2 = 二對二
num-3-against-3 = 三對三
move-time-limit = 每步限時
time-bank = 總用時
off = 關
who-moves-first = 誰先走
coin-toss = 猜硬幣
rock-paper-scissors = 石頭剪刀布
drawing-lots = 抽籤
fixed-seat = 指定座位
start-game = 開始遊戲
load-game = 載入棋局
language = 語言

## draw

calls = 猜
heads = 正面
tails = 反面
the-coin-shows = 硬幣是
lots-are-drawn = 抽籤
the-rules-name-the-first-player = 規則指定先手
moves-first = 先走！
play = 開始
skip = 跳過

## HUD

to-move = 走棋
round = 回合
move = 步
move-time = 本步剩餘
undo = 悔棋
redo = 重做
pass = 停一手
resign = 認輸
menu = 選單
finished = 已完成
out = 出局
in-target = 已進營
click-a-marble-then-a-glowing = 點選棋子，再點擊發光的孔。右鍵拖動旋轉棋盤，滾輪縮放，T：俯視。
anti-passive-rule-after-move-marbles = 防止消極：第 { $move } 步後須有 { $marbles } 顆棋子離開本營；現在 { $now } 顆

## end screen

game-over = 對局結束
place = 名次
turns = 步數
score = 得分
play-again = 再來一局
new-game = 新對局
save-game = 儲存棋局
look-at-the-board = 檢視棋盤
draw = 平局
wins = 獲勝

## menus

paused-title = 暫停
that-is-not-your-marble = 那不是你的棋子
that-hole-is-taken = 那個洞已經有棋子了
that-hole-is-in-another-player = 那個洞在別人的營地裡：可以跳過，不能停留
this-marble-has-reached-its-target = 這顆棋子已到達目標營地，只能在營地內移動
going-back-again-is-not-allowed = 不能再走回頭棋：已達到重複次數上限
the-marble-cannot-reach-that-hole = 這顆棋子一步或連跳都到不了那個洞
this-save-does-not-say-which = 此存檔未記錄哪些座位是電腦：所有座位都由玩家操作。
resume = 繼續
restart = 重新開始
settings = 設定
controls = 操作說明
back-to-setup = 返回設定
quit = 退出
sound = 聲音
effects-volume = 音效音量
music-volume = 音樂音量
a-quiet-tune-while-you-play = 下棋時的輕音樂；拉到最左就關掉。
picture-quality = 畫面質量
automatic = 自動
low = 低
high = 高
high-adds-soft-shadows = 高：柔和陰影和環境光遮蔽；低：適合舊筆記本。自動：沒有顯示卡時選低。
show-legal-moves = 顯示可走位置
show-the-race = 顯示賽跑形勢
once-two-armies-have-passed-each = 雙方棋子交錯而過後，顯示各方還需幾步。
race = 賽跑
moves-to-go = { $name }：還需 { $moves } 步
at-least-moves-to-go = { $name }：至少還需 { $moves } 步
mark-each-legal-destination-of-the = 標出所選棋子可以到達的位置。
shapes-on-marbles = 棋子形狀標記
a-shape-per-colour-for-colour = 每種顏色一個形狀，方便色盲玩家。
turn-the-board-to-the-player = 棋盤轉向當前玩家
animation-speed = 動畫速度
close = 關閉
saved-games = 已儲存的棋局
no-saved-games-yet = 還沒有儲存的棋局。
keyboard-and-gamepad = 鍵盤和手柄
lift-a-marble-move-to-the = 拿起棋子 / 走到標記的孔
put-the-marble-back-or-open = 放回棋子，或開啟選單
move-the-cursor = 移動游標
next-marble-that-can-move = 下一顆能走的棋子
turn-and-tilt-the-board = 旋轉和傾斜棋盤
top-down-view = 俯視圖
face-the-player-to-move = 朝向當前玩家

## notices

that-move-is-not-allowed = 這步不允許
timed-out = 超時
in-a-row = 次連續
skips-this-turn = 停走一次
finished-in = 完成，用了
turns-in-text = 步
resigned = 認輸了
broke-the-anti-passive-rule = 違反了防止消極規則
timed-out-three-times = 連續三次超時
ran-out-of-time = 用完了時間
passes = 停一手
move-undone = 已悔棋
move-redone = 已重做
nothing-to-undo = 沒有可悔的棋
items-are-not-in-play-in = 本局未啟用道具
you-do-not-hold-that-item = 你沒有這個道具
items-are-used-before-the-move = 道具須在走棋之前使用
one-item-per-turn-the-power = 每回合只能用一個道具（動力彈珠可再配一個）
this-turn-only-the-power-marble = 本回合只能走動力彈珠
it-must-go-on-a-hole = 只能放在所有營地之外的空位
it-must-go-on-an-empty = 只能放在沒有道具箱的空位
it-must-go-within-3-holes = 只能放在離你的棋子3格以內
the-marble-must-land-on-an = 棋子只能落在空位
the-flying-wing-carries-a-marble = 飛天翼最多飛4格
swap-with-another-player-s-marble = 只能與其他玩家的棋子交換
the-two-marbles-must-be-at = 兩顆棋子相距不能超過4格
no-item-may-leave-a-marble = 道具不能把棋子留在別人的營地
the-tornado-needs-a-hole-with = 龍捲風的中心及六個鄰位都須在營地之外
there-is-no-marble-for-the = 龍捲風範圍內沒有棋子
nothing-to-redo = 沒有可重做的棋
the-game-is-over = 對局已結束
passing-is-not-allowed-while-a = 有棋可走時不能停一手
this-setup-cannot-be-played = 這個設定無法開始對局
that-is-not-possible-now = 現在不能這樣做

## confirmations

yes = 是
no = 否
resign-question = 認輸嗎？
gives-up-this-game = { $name } 將放棄這一局。
restart-question = 重新開始嗎？
quit-starhop = 退出 Starhop 嗎？
leave-this-game-for-the-setup = 離開這一局，返回設定嗎？
delete-this-save = 刪除這個存檔嗎？
the-game-in-progress-is-lost = 正在進行的對局如未儲存將會丟失。

## saved games

move-n = 第 { $n } 步
bot-level = 電腦 ({ $level })
vs = { $first } 對 { $second }
delete = 刪除
unreadable = 無法讀取
from-a-newer-version = 來自更新的版本
saved-as = 已儲存為「{ $file }」
saved-move = 已儲存：{ $players }，第 { $move } 步
deleted = 已刪除「{ $file }」
the-game-could-not-be-saved = 無法儲存棋局。
this-game-could-not-be-loaded = 無法載入這盤棋：其中的走法不符合規則。
the-save-could-not-be-deleted = 無法刪除存檔。
your-settings-could-not-be-saved = 無法儲存設定。
this-file-is-not-a-readable = 這個檔案不是可讀取的 Starhop 存檔（可能已損壞，或來自其他程式）。
it-was-moved-aside-as = 已將它移到一旁，改名為「{ $file }」。
it-could-not-be-moved-aside = 無法將它移到一旁。
this-save-is-from-a-newer = 這個存檔來自更新版本的 Starhop。
the-file-could-not-be-opened = 無法開啟檔案「{ $file }」。
there-is-no-file = 找不到檔案「{ $file }」。
your-settings-could-not-be-read = 無法讀取你的設定，遊戲使用預設設定。舊檔案保留為「{ $file }」。
your-last-setup-could-not-be = 無法讀取上次的對局設定，遊戲使用預設設定。舊檔案保留為「{ $file }」。

## draw, HUD and help

best-of-three-tosses = 三局兩勝
whoever-calls-right-stays-in-until = 猜對的人留下，直到只剩一人
h = 正
t = 反
right-drag = 右鍵拖動

## food checkers

food-checkers = 食棋
capture-by-jumping-solo-puzzles-or = 跳過棋子就吃掉它：單人謎題或多人對局
capture-by-jumping-the-jumped-marble = 跳吃：被跳過的棋子被吃掉。任何棋子都可以走。
solo-puzzle = 單人謎題
free-solo = 自由單人
several-players = 多人對局
small-37-holes = 小 (37 孔)
standard-61-holes = 標準 (61 孔)
large-91-holes = 大 (91 孔)
slides = 滑步
while-no-capture-exists-anywhere-a = 全盤都無子可吃時，棋子可以滑到相鄰的空孔。
click-a-hole-on-the-board = 點選棋盤上的一個孔，讓它在開局時空著（61 孔預設是中心；37 和 91 孔預設是中心旁邊的孔，因為中心開局無法只剩一顆）。
centre = 中心
players-take-turns-everyone-keeps-what = 玩家輪流走棋，各自保留吃到的棋子。吃子最多的人獲勝。
chinese-checkers = 波子棋
no-puzzles-yet = 還沒有謎題。
fair = 一般
tricky = 較難
very-hard = 非常難
marbles = { $marbles } 顆棋子
holes-marbles = { $holes } 孔 · { $marbles } 顆棋子
no-saved-food-checkers-games-yet = 還沒有儲存的食棋棋局（Ctrl+S 儲存）。
could-not-be-loaded = 無法載入 «{ $file }»：{ $reason }
the-last-marble-should-end-on = 最後一顆棋子應停在金色圓環上。
the-last-marble-may-end-anywhere = 最後一顆棋子可以停在任何地方。
holes = { $holes } 孔。
solvable-in-moves = 最少 { $moves } 步可解。
marbles-left = 剩餘棋子：{ $marbles }
moves-count = 步數：{ $moves }
slides-count = 滑步：{ $slides }
captured = { $name }：吃了 { $captured } 顆
a-capture-is-possible-every-move = 現在可以吃子：每一步都必須吃子。
no-capture-anywhere-slide-a-marble = 全盤無子可吃：把一顆棋子滑到相鄰的孔。
no-solution-from-this-start-one = 這個開局無解：無法只剩一顆。請換一個開局。
no-solution-from-here-undo-a = 從這裡已無解：悔一兩步吧。
checking-whether-one-marble-can-still = 正在檢查是否還能只剩一顆……
looking-for-a-hint = 正在尋找提示……
hint-from-the-bot-not-proven = 提示來自困難電腦：未經證明能只剩一顆。
save = 儲存
one-marble-left = 只剩一顆！
n-marbles-left = 剩下 { $marbles } 顆
no-capture-is-possible-any-more = 已經無子可吃了。
on-the-golden-ring = 在金色圓環上
anywhere = 任何位置
one-marble-left-in-text = 只剩一顆
the-last-marble-placed-right = 最後一顆停對了位置
the-fewest-moves = ★ 最少步數：{ $moves }
fewest-moves-not-known-yet = 最少步數尚未知道
best = 最佳：{ $stars }
one-marble-is-left = 只剩一顆棋子。
no-move-is-possible = 無棋可走。
a-full-round-of-slides-went = 整整一輪滑步都沒有吃子。
retry = 重來
next-puzzle = 下一題
a-capture-is-possible-and-while = 現在可以吃子，只要能吃，每一步都必須吃子。
slides-are-off-in-this-game = 本局不允許滑步：每一步都要吃子。
that-marble-cannot-capture-into-that = 那顆棋子不能跳吃到那個孔。
that-hole-is-taken-sentence = 那個孔已有棋子。
there-is-no-marble-there = 那裡沒有棋子。
the-game-is-over-sentence = 本局已結束。
nothing-to-undo-sentence = 沒有可悔的棋。
nothing-to-redo-sentence = 沒有可重做的棋。
not-possible = 無法這樣走：{ $reason }
this-marble-cannot-capture-another-one = 這顆棋子不能吃子；別的棋子可以。
this-marble-cannot-move = 這顆棋子不能走。
the-selected-marble-cannot-go-there = 選中的棋子不能走到那裡。
this-food-checkers-game-could-not = 這局食棋無法重放。
your-food-checkers-progress-could-not = 無法讀取你的食棋進度。
your-food-checkers-progress-could-not-be = 無法讀取你的食棋進度；該檔案已另存為 «{ $file }»。
your-food-checkers-progress-could-not-be-saved = 無法儲存你的食棋進度。

## the replay viewer

replay = 覆盤
watch-again = 再看一遍
watch-this-game-again-move-by = 一步一步重看這局棋。
watch = 觀看
watch-this-game-move-by-move = 一步一步觀看這局棋。
start-position = 開局
slides-move = 滑一步
takes = 吃 { $marbles } 顆
hops = { $hops } 跳
move-list = 棋譜
go-to-the-start = 回到開局
one-move-back = 後退一步
one-move-forward = 前進一步
go-to-the-end = 跳到終局
play-the-moves-one-after-another = 依次播放每一步
playback-speed = 播放速度
move-of = 第 { $at } 步 / 共 { $total } 步
leave-the-replay = 退出覆盤
click-a-move-to-go-there = 點選一步即可跳到那裡。← →：單步，空格：播放或暫停，Home / End：開局 / 終局，+ −：速度，Esc：退出。
this-game-cannot-be-replayed-its = 這局棋無法覆盤：第 { $action } 個動作不合規則（棋譜可能已損壞）。
this-file-is-not-a-readable-starhop = 這個檔案不是可讀取的 Starhop 棋譜（可能已損壞，或來自其他程式）。
this-game-cannot-be-replayed-its-set = 這局棋無法覆盤：開局設定無效（棋譜可能已損壞）。
# The window, the volume and the About box (Settings).
sound-on = 聲音已開啟
sound-off-m-to-turn-it-on = 聲音已關閉（按 M 開啟）
m-turns-the-sound-off-and-on = 在任何畫面按 M 都可以關閉或開啟聲音。
master-volume = 總音量
full-screen-f11 = 全屏（F11）
vertical-sync = 垂直同步
show-each-picture-when-the-screen = 等螢幕準備好再顯示每一幀，畫面不會撕裂。
frame-rate-cap = 幀率上限
at-most-this-many-pictures-a = 每秒最多顯示這麼多幀：筆記本更涼、電池更久。
about-starhop = 關於 Starhop
version-x = 版本 { $version }
code-mit-or-apache = 程式碼：MIT 或 Apache-2.0，任選其一。
fonts-quicksand-and-noto = 字型：Quicksand 和 Noto Sans CJK，採用 SIL 開放字型許可證 1.1。
sounds-and-music-made-for = 音效和音樂：由指令碼為 Starhop 生成，屬於公有領域（CC0 1.0）。
starhop-stopped-unexpectedly-last = Starhop 上次意外退出。事情經過的報告在 { $path }
full-screen-and-back = 全屏，再按一次還原
sound-off-and-on-again = 關閉聲音，再按一次開啟
off-setting = 關
halma = 哈爾馬跳棋

# Starhop: the interface's own words (Simplified Chinese).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

## setup screen

# The game's name as its title shows it.
starhop = Starhop 跳棋
chinese-checkers-for-the-whole-family = 全家一起玩的中国跳棋
players = 玩家
player-n = 玩家 { $n }
red = 红
blue = 蓝
yellow = 黄
green = 绿
purple = 紫
white = 白
s = 秒
min = 分钟
name = 名字
human = 真人
bot = 电脑
beginner = 入门
easy = 简单
medium = 中等
hard = 困难
master = 大师
plays-like-someone-learning-the-game = 像初学者一样下棋，会犯错。
looks-one-move-ahead = 只看一步。
looks-a-few-moves-ahead = 看几步。
a-strong-club-player = 棋力相当于俱乐部高手。
thinks-as-deep-as-its-time = 在时间允许内尽量深算。
thinking = 思考中
paused = 已暂停
would-have-been = （本可得 +{ $points }）
row-from-to = 第 { $from } 行 → 第 { $to } 行
any-marble-may-be-moved-the = 任何棋子都可以走：颜色只是为了区分。
back-to-the-home-screen-esc = 回到主页（Esc）
hint = 提示
show-the-move-the-hard-bot = 显示困难电脑会走的一步。
pause = 暂停
interface-size = 界面大小
small = 小
normal = 中
large = 大
tv = 电视
how-large-the-menus-and-their = 菜单和文字的大小：电视档在沙发上也看得清。
speed = 速度
colour = 颜色
board = 棋盘
small-73-holes = 小 (73 孔)
standard-121-holes = 标准 (121 孔)
large-181-holes = 大 (181 孔)
rules = 规则
preset = 预设
classic = 经典
super-jump = 超级跳
tournament = 比赛
party = 道具赛

## party mode: setup

items-party-mode = 道具（道具赛）
item-boxes-appear-in-the-middle = 棋盘中央会出现道具箱；停在道具箱上的棋子随机得到一个道具。
new-box-every = 新道具箱每隔
rounds = 轮
rounds-between-new-boxes-never-more = 出现新道具箱的间隔轮数（棋盘上的道具箱不超过玩家人数）。0 = 只有开局的道具箱。
items-in-play = 启用的道具
at-least-one-item-stays-in = 至少保留一种道具。

## party mode: the items

roadblock = 路障
road-worker = 修路工
power-marble = 动力弹珠
flying-wing = 飞天翼
swap = 移形换位
tornado = 龙卷风
roadblock-noun = 路障
road-worker-noun = 修路工
power-marble-noun = 动力弹珠
flying-wing-noun = 飞天翼
swap-noun = 移形换位
tornado-noun = 龙卷风
puts-a-wall-on-an-empty = 在营地之外、离你的棋子 3 格以内的空位放一个路障，持续 3 轮：棋子不能停在上面，也不能跳过它。
puts-a-fixed-marble-on-an = 在营地之外、离你的棋子 3 格以内的空位放一个修路工，持续 3 轮：棋子可以跳过他，但不能移动他，也不能停在他的位置。
one-of-your-marbles-makes-two = 本回合你的一颗棋子连走两步，其他棋子不能走。
one-of-your-marbles-flies-to = 你的一颗棋子飞到 4 格以内的空位。
one-of-your-marbles-trades-places = 你的一颗棋子与 4 格以内其他玩家的一颗棋子交换位置。
the-marbles-on-a-hole-and = 一个位置及其六个邻位（都须在营地之外）上的棋子被随机打乱。

## party mode: HUD

items = 道具
key = 按键 { $key }
use-before-your-move-click-an = 走棋之前使用：点击道具或按 1-3。
click-a-glowing-hole-within-3 = 点击你的棋子 3 格以内发光的空位
click-the-marble-that-will-move = 点击要连走两步的棋子
click-the-marble-that-will-fly = 点击要飞的棋子
click-where-it-lands-at-most = 点击落点（最远 4 格）
click-one-of-your-marbles = 点击你的一颗棋子
click-another-player-s-marble-within = 点击 4 格以内其他玩家的棋子
click-the-centre-of-the-tornado = 点击龙卷风的中心
cancel = 取消
esc-or-right-click = Esc 或右键
power-marble-one-more-move-or = 动力弹珠：还可以再走一步，或停一手（P / 空格）结束本回合
power-marble-it-moves-twice-this = 动力弹珠：这颗棋子本回合走两步
used-a = { $name } 使用了{ $item }

## party mode: notices

an-item-box-appeared = 出现了一个道具箱
found-a = { $name } 得到了{ $item }
found-a-but-the-hand-is = { $name } 得到了{ $item }，但道具已满，只好丢掉
the-roadblock-is-gone = 路障消失了
the-road-worker-has-left = 修路工离开了
all-options = 全部选项
long-jumps = 长跳 (等距跳)
jump-over-a-distant-marble-with = 可跳过远处的一颗棋子，前后空位数相等。
no-stopping-in-foreign-camps = 不得停在别人的营地
a-marble-may-pass-through-other = 棋子可以跳经其他营地，但不能停在那里。
locked-in-target = 进营不出
a-marble-that-reached-its-target = 到达目标营地的棋子只能在营内移动。
passing-allowed = 允许停一手
a-player-may-pass-instead-of = 玩家可以选择不走。
repetition-limit = 重复限制
after-3-back-and-forth-moves = 来回走满 3 次后，不能再走回头棋。
first-in-skips-a-turn = 先进营者停一轮
house-rule-the-first-player-to = 家庭规则：第一个进入目标营地的玩家停走一次。
equal-moves = 同步数
when-someone-finishes-the-round-is = 有人完成后，本轮走完，使每人步数相同。
play-on-for-places = 继续争名次
with-3-players-keep-playing-after = 三人以上时，冠军产生后继续比赛，直到名次全部确定。
anti-passive-rule = 防止消极
after-moves-20-25-and-30 = 第 20、25、30 步后须有足够棋子离开本营，否则判负。
deadlock-adjudication = 僵局裁决
two-players-after-10-rounds-without = 两人对局：连续 10 轮无进展时，距离较近者以 0.75 比 0.25 获胜。
teams = 组队
none = 无
num-2-against-2 = 二对二
num-3-against-3 = 三对三
move-time-limit = 每步限时
time-bank = 总用时
off = 关
who-moves-first = 谁先走
coin-toss = 猜硬币
rock-paper-scissors = 石头剪刀布
drawing-lots = 抽签
fixed-seat = 指定座位
start-game = 开始游戏
load-game = 载入棋局
language = 语言

## draw

calls = 猜
heads = 正面
tails = 反面
the-coin-shows = 硬币是
lots-are-drawn = 抽签
the-rules-name-the-first-player = 规则指定先手
moves-first = 先走！
play = 开始
skip = 跳过

## HUD

to-move = 走棋
round = 回合
move = 步
move-time = 本步剩余
undo = 悔棋
redo = 重做
pass = 停一手
resign = 认输
menu = 菜单
finished = 已完成
out = 出局
in-target = 已进营
click-a-marble-then-a-glowing = 点击棋子，再点击发光的孔。右键拖动旋转棋盘，滚轮缩放，T：俯视。
anti-passive-rule-after-move-marbles = 防止消极：第 { $move } 步后须有 { $marbles } 颗棋子离开本营；现在 { $now } 颗

## end screen

game-over = 对局结束
place = 名次
turns = 步数
score = 得分
play-again = 再来一局
new-game = 新对局
save-game = 保存棋局
look-at-the-board = 查看棋盘
draw = 平局
wins = 获胜

## menus

paused-title = 暂停
that-is-not-your-marble = 那不是你的棋子
that-hole-is-taken = 那个洞已经有棋子了
that-hole-is-in-another-player = 那个洞在别人的营地里：可以跳过，不能停留
this-marble-has-reached-its-target = 这颗棋子已到达目标营地，只能在营地内移动
going-back-again-is-not-allowed = 不能再走回头棋：已达到重复次数上限
the-marble-cannot-reach-that-hole = 这颗棋子一步或连跳都到不了那个洞
this-save-does-not-say-which = 此存档未记录哪些座位是电脑：所有座位都由玩家操作。
resume = 继续
restart = 重新开始
settings = 设置
controls = 操作说明
back-to-setup = 返回设置
quit = 退出
sound = 声音
effects-volume = 音效音量
music-volume = 音乐音量
a-quiet-tune-while-you-play = 下棋时的轻音乐；拉到最左就关掉。
picture-quality = 画面质量
automatic = 自动
low = 低
high = 高
high-adds-soft-shadows = 高：柔和阴影和环境光遮蔽；低：适合旧笔记本。自动：没有显卡时选低。
show-legal-moves = 显示可走位置
show-the-race = 显示赛跑形势
once-two-armies-have-passed-each = 双方棋子交错而过后，显示各方还需几步。
race = 赛跑
moves-to-go = { $name }：还需 { $moves } 步
at-least-moves-to-go = { $name }：至少还需 { $moves } 步
mark-each-legal-destination-of-the = 标出所选棋子可以到达的位置。
shapes-on-marbles = 棋子形状标记
a-shape-per-colour-for-colour = 每种颜色一个形状，方便色盲玩家。
turn-the-board-to-the-player = 棋盘转向当前玩家
animation-speed = 动画速度
close = 关闭
saved-games = 已保存的棋局
no-saved-games-yet = 还没有保存的棋局。
keyboard-and-gamepad = 键盘和手柄
lift-a-marble-move-to-the = 拿起棋子 / 走到标记的孔
put-the-marble-back-or-open = 放回棋子，或打开菜单
move-the-cursor = 移动光标
next-marble-that-can-move = 下一颗能走的棋子
turn-and-tilt-the-board = 旋转和倾斜棋盘
top-down-view = 俯视图
face-the-player-to-move = 朝向当前玩家

## notices

that-move-is-not-allowed = 这步不允许
timed-out = 超时
in-a-row = 次连续
skips-this-turn = 停走一次
finished-in = 完成，用了
turns-in-text = 步
resigned = 认输了
broke-the-anti-passive-rule = 违反了防止消极规则
timed-out-three-times = 连续三次超时
ran-out-of-time = 用完了时间
passes = 停一手
move-undone = 已悔棋
move-redone = 已重做
nothing-to-undo = 没有可悔的棋
items-are-not-in-play-in = 本局未启用道具
you-do-not-hold-that-item = 你没有这个道具
items-are-used-before-the-move = 道具须在走棋之前使用
one-item-per-turn-the-power = 每回合只能用一个道具（动力弹珠可再配一个）
this-turn-only-the-power-marble = 本回合只能走动力弹珠
it-must-go-on-a-hole = 只能放在所有营地之外的空位
it-must-go-on-an-empty = 只能放在没有道具箱的空位
it-must-go-within-3-holes = 只能放在离你的棋子3格以内
the-marble-must-land-on-an = 棋子只能落在空位
the-flying-wing-carries-a-marble = 飞天翼最多飞4格
swap-with-another-player-s-marble = 只能与其他玩家的棋子交换
the-two-marbles-must-be-at = 两颗棋子相距不能超过4格
no-item-may-leave-a-marble = 道具不能把棋子留在别人的营地
the-tornado-needs-a-hole-with = 龙卷风的中心及六个邻位都须在营地之外
there-is-no-marble-for-the = 龙卷风范围内没有棋子
nothing-to-redo = 没有可重做的棋
the-game-is-over = 对局已结束
passing-is-not-allowed-while-a = 有棋可走时不能停一手
this-setup-cannot-be-played = 这个设置无法开始对局
that-is-not-possible-now = 现在不能这样做

## confirmations

yes = 是
no = 否
resign-question = 认输吗？
gives-up-this-game = { $name } 将放弃这一局。
restart-question = 重新开始吗？
quit-starhop = 退出 Starhop 吗？
leave-this-game-for-the-setup = 离开这一局，返回设置吗？
delete-this-save = 删除这个存档吗？
the-game-in-progress-is-lost = 正在进行的对局如未保存将会丢失。

## saved games

move-n = 第 { $n } 步
bot-level = 电脑 ({ $level })
vs = { $first } 对 { $second }
delete = 删除
unreadable = 无法读取
from-a-newer-version = 来自更新的版本
saved-as = 已保存为「{ $file }」
saved-move = 已保存：{ $players }，第 { $move } 步
deleted = 已删除「{ $file }」
the-game-could-not-be-saved = 无法保存棋局。
this-game-could-not-be-loaded = 无法载入这盘棋：其中的走法不符合规则。
the-save-could-not-be-deleted = 无法删除存档。
your-settings-could-not-be-saved = 无法保存设置。
this-file-is-not-a-readable = 这个文件不是可读取的 Starhop 存档（可能已损坏，或来自其他程序）。
it-was-moved-aside-as = 已将它移到一旁，改名为「{ $file }」。
it-could-not-be-moved-aside = 无法将它移到一旁。
this-save-is-from-a-newer = 这个存档来自更新版本的 Starhop。
the-file-could-not-be-opened = 无法打开文件「{ $file }」。
there-is-no-file = 找不到文件「{ $file }」。
your-settings-could-not-be-read = 无法读取你的设置，游戏使用默认设置。旧文件保留为「{ $file }」。
your-last-setup-could-not-be = 无法读取上次的对局设置，游戏使用默认设置。旧文件保留为「{ $file }」。

## draw, HUD and help

best-of-three-tosses = 三局两胜
whoever-calls-right-stays-in-until = 猜对的人留下，直到只剩一人
h = 正
t = 反
right-drag = 右键拖动

## food checkers

food-checkers = 食棋
capture-by-jumping-solo-puzzles-or = 跳过棋子就吃掉它：单人谜题或多人对局
capture-by-jumping-the-jumped-marble = 跳吃：被跳过的棋子被吃掉。任何棋子都可以走。
solo-puzzle = 单人谜题
free-solo = 自由单人
several-players = 多人对局
small-37-holes = 小 (37 孔)
standard-61-holes = 标准 (61 孔)
large-91-holes = 大 (91 孔)
slides = 滑步
while-no-capture-exists-anywhere-a = 全盘都无子可吃时，棋子可以滑到相邻的空孔。
click-a-hole-on-the-board = 点击棋盘上的一个孔，让它在开局时空着（61 孔默认是中心；37 和 91 孔默认是中心旁边的孔，因为中心开局无法只剩一颗）。
centre = 中心
players-take-turns-everyone-keeps-what = 玩家轮流走棋，各自保留吃到的棋子。吃子最多的人获胜。
chinese-checkers = 中国跳棋
no-puzzles-yet = 还没有谜题。
fair = 一般
tricky = 较难
very-hard = 非常难
marbles = { $marbles } 颗棋子
holes-marbles = { $holes } 孔 · { $marbles } 颗棋子
no-saved-food-checkers-games-yet = 还没有保存的食棋棋局（Ctrl+S 保存）。
could-not-be-loaded = 无法载入 «{ $file }»：{ $reason }
the-last-marble-should-end-on = 最后一颗棋子应停在金色圆环上。
the-last-marble-may-end-anywhere = 最后一颗棋子可以停在任何地方。
holes = { $holes } 孔。
solvable-in-moves = 最少 { $moves } 步可解。
marbles-left = 剩余棋子：{ $marbles }
moves-count = 步数：{ $moves }
slides-count = 滑步：{ $slides }
captured = { $name }：吃了 { $captured } 颗
a-capture-is-possible-every-move = 现在可以吃子：每一步都必须吃子。
no-capture-anywhere-slide-a-marble = 全盘无子可吃：把一颗棋子滑到相邻的孔。
no-solution-from-this-start-one = 这个开局无解：无法只剩一颗。请换一个开局。
no-solution-from-here-undo-a = 从这里已无解：悔一两步吧。
checking-whether-one-marble-can-still = 正在检查是否还能只剩一颗……
looking-for-a-hint = 正在寻找提示……
hint-from-the-bot-not-proven = 提示来自困难电脑：未经证明能只剩一颗。
save = 保存
one-marble-left = 只剩一颗！
n-marbles-left = 剩下 { $marbles } 颗
no-capture-is-possible-any-more = 已经无子可吃了。
on-the-golden-ring = 在金色圆环上
anywhere = 任何位置
one-marble-left-in-text = 只剩一颗
the-last-marble-placed-right = 最后一颗停对了位置
the-fewest-moves = ★ 最少步数：{ $moves }
fewest-moves-not-known-yet = 最少步数尚未知道
best = 最佳：{ $stars }
one-marble-is-left = 只剩一颗棋子。
no-move-is-possible = 无棋可走。
a-full-round-of-slides-went = 整整一轮滑步都没有吃子。
retry = 重来
next-puzzle = 下一题
a-capture-is-possible-and-while = 现在可以吃子，只要能吃，每一步都必须吃子。
slides-are-off-in-this-game = 本局不允许滑步：每一步都要吃子。
that-marble-cannot-capture-into-that = 那颗棋子不能跳吃到那个孔。
that-hole-is-taken-sentence = 那个孔已有棋子。
there-is-no-marble-there = 那里没有棋子。
the-game-is-over-sentence = 本局已结束。
nothing-to-undo-sentence = 没有可悔的棋。
nothing-to-redo-sentence = 没有可重做的棋。
not-possible = 无法这样走：{ $reason }
this-marble-cannot-capture-another-one = 这颗棋子不能吃子；别的棋子可以。
this-marble-cannot-move = 这颗棋子不能走。
the-selected-marble-cannot-go-there = 选中的棋子不能走到那里。
this-food-checkers-game-could-not = 这局食棋无法重放。
your-food-checkers-progress-could-not = 无法读取你的食棋进度。
your-food-checkers-progress-could-not-be = 无法读取你的食棋进度；该文件已另存为 «{ $file }»。
your-food-checkers-progress-could-not-be-saved = 无法保存你的食棋进度。

## the replay viewer

replay = 复盘
watch-again = 再看一遍
watch-this-game-again-move-by = 一步一步重看这局棋。
watch = 观看
watch-this-game-move-by-move = 一步一步观看这局棋。
start-position = 开局
slides-move = 滑一步
takes = 吃 { $marbles } 颗
hops = { $hops } 跳
move-list = 棋谱
go-to-the-start = 回到开局
one-move-back = 后退一步
one-move-forward = 前进一步
go-to-the-end = 跳到终局
play-the-moves-one-after-another = 依次播放每一步
playback-speed = 播放速度
move-of = 第 { $at } 步 / 共 { $total } 步
leave-the-replay = 退出复盘
click-a-move-to-go-there = 点击一步即可跳到那里。← →：单步，空格：播放或暂停，Home / End：开局 / 终局，+ −：速度，Esc：退出。
this-game-cannot-be-replayed-its = 这局棋无法复盘：第 { $action } 个动作不合规则（棋谱可能已损坏）。
this-file-is-not-a-readable-starhop = 这个文件不是可读取的 Starhop 棋谱（可能已损坏，或来自其他程序）。
this-game-cannot-be-replayed-its-set = 这局棋无法复盘：开局设置无效（棋谱可能已损坏）。
# The window, the volume and the About box (Settings).
sound-on = 声音已打开
sound-off-m-to-turn-it-on = 声音已关闭（按 M 打开）
m-turns-the-sound-off-and-on = 在任何画面按 M 都可以关闭或打开声音。
master-volume = 总音量
full-screen-f11 = 全屏（F11）
vertical-sync = 垂直同步
show-each-picture-when-the-screen = 等屏幕准备好再显示每一帧，画面不会撕裂。
frame-rate-cap = 帧率上限
at-most-this-many-pictures-a = 每秒最多显示这么多帧：笔记本更凉、电池更久。
about-starhop = 关于 Starhop
version-x = 版本 { $version }
code-mit-or-apache = 代码：MIT 或 Apache-2.0，任选其一。
fonts-quicksand-and-noto = 字体：Quicksand 和 Noto Sans CJK，采用 SIL 开放字体许可证 1.1。
sounds-and-music-made-for = 音效和音乐：由脚本为 Starhop 生成，属于公有领域（CC0 1.0）。
starhop-stopped-unexpectedly-last = Starhop 上次意外退出。事情经过的报告在 { $path }
full-screen-and-back = 全屏，再按一次还原
sound-off-and-on-again = 关闭声音，再按一次打开
off-setting = 关
halma = 哈尔马跳棋

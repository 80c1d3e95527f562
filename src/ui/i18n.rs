//! English and Simplified Chinese. Every text in the UI is written in English
//! at the call site (`lang.t("Start game")`) and looked up here; a missing
//! translation falls back to English, and a test keeps the table complete.

use crate::base::Notice;
use crate::settings::Language;
use bevy_egui::egui::Color32;
use starhop_engine::{Event, Item, OutReason, RuleError, TargetProblem};
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

/// English text → Simplified Chinese.
/// The interface's own English and Chinese pairs (each mode registers its own).
pub const ZH: &[(&str, &str)] = &[
    // setup screen
    (
        "Chinese checkers for the whole family",
        "全家一起玩的中国跳棋",
    ),
    ("Players", "玩家"),
    ("Player {}", "玩家 {}"),
    ("Red", "红"),
    ("Blue", "蓝"),
    ("Yellow", "黄"),
    ("Green", "绿"),
    ("Purple", "紫"),
    ("White", "白"),
    ("s", "秒"),
    ("min", "分钟"),
    ("Name", "名字"),
    ("Human", "真人"),
    ("Bot", "电脑"),
    ("Beginner", "入门"),
    ("Easy", "简单"),
    ("Medium", "中等"),
    ("Hard", "困难"),
    ("Master", "大师"),
    (
        "Plays like someone learning the game, mistakes included.",
        "像初学者一样下棋，会犯错。",
    ),
    ("Looks one move ahead.", "只看一步。"),
    ("Looks a few moves ahead.", "看几步。"),
    ("A strong club player.", "棋力相当于俱乐部高手。"),
    (
        "Thinks as deep as its time allows.",
        "在时间允许内尽量深算。",
    ),
    ("thinking", "思考中"),
    ("paused", "已暂停"),
    ("(would have been +{})", "（本可得 +{}）"),
    ("row {} → row {}", "第 {} 行 → 第 {} 行"),
    (
        "Any marble may be moved: the colours only tell them apart.",
        "任何棋子都可以走：颜色只是为了区分。",
    ),
    ("Back to the home screen (Esc)", "回到主页（Esc）"),
    ("Hint", "提示"),
    (
        "Show the move the Hard bot would play.",
        "显示困难电脑会走的一步。",
    ),
    ("Pause", "暂停"),
    ("Interface size", "界面大小"),
    ("Small", "小"),
    ("Normal", "中"),
    ("Large", "大"),
    ("TV", "电视"),
    (
        "How large the menus and their text are: TV reads from a couch.",
        "菜单和文字的大小：电视档在沙发上也看得清。",
    ),
    ("Picture quality", "画面质量"),
    ("Automatic", "自动"),
    ("Low", "低"),
    ("High", "高"),
    (
        "High adds soft shadows and ambient occlusion; Low suits old laptops. Automatic picks Low on a software renderer.",
        "高：柔和阴影和环境光遮蔽；低：适合旧笔记本。自动：没有显卡时选低。",
    ),
    ("Speed", "速度"),
    ("Colour", "颜色"),
    ("Board", "棋盘"),
    ("Small (73 holes)", "小 (73 孔)"),
    ("Standard (121 holes)", "标准 (121 孔)"),
    ("Large (181 holes)", "大 (181 孔)"),
    ("Rules", "规则"),
    ("Preset", "预设"),
    ("Classic", "经典"),
    ("Super jump", "超级跳"),
    ("Tournament", "比赛"),
    ("Party", "道具赛"),
    // party mode: setup
    ("Items (party mode)", "道具（道具赛）"),
    (
        "Item boxes appear in the middle of the board; a marble that stops on one takes a random item.",
        "棋盘中央会出现道具箱；停在道具箱上的棋子随机得到一个道具。",
    ),
    ("New box every", "新道具箱每隔"),
    ("rounds", "轮"),
    (
        "Rounds between new boxes (never more than one per player on the board). 0 = only the starting boxes.",
        "出现新道具箱的间隔轮数（棋盘上的道具箱不超过玩家人数）。0 = 只有开局的道具箱。",
    ),
    ("Items in play", "启用的道具"),
    ("At least one item stays in play.", "至少保留一种道具。"),
    // party mode: the items
    ("Roadblock", "路障"),
    ("Road worker", "修路工"),
    ("Power marble", "动力弹珠"),
    ("Flying wing", "飞天翼"),
    ("Swap", "移形换位"),
    ("Tornado", "龙卷风"),
    ("roadblock", "路障"),
    ("road worker", "修路工"),
    ("power marble", "动力弹珠"),
    ("flying wing", "飞天翼"),
    ("swap", "移形换位"),
    ("tornado", "龙卷风"),
    (
        "Puts a wall on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: no marble may stop on it or jump over it.",
        "在营地之外、离你的棋子 3 格以内的空位放一个路障，持续 3 轮：棋子不能停在上面，也不能跳过它。",
    ),
    (
        "Puts a fixed marble on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: marbles may jump over it, never move it or land on it.",
        "在营地之外、离你的棋子 3 格以内的空位放一个修路工，持续 3 轮：棋子可以跳过他，但不能移动他，也不能停在他的位置。",
    ),
    (
        "One of your marbles makes two full moves this turn; no other marble moves.",
        "本回合你的一颗棋子连走两步，其他棋子不能走。",
    ),
    (
        "One of your marbles flies to an empty hole at most 4 holes away.",
        "你的一颗棋子飞到 4 格以内的空位。",
    ),
    (
        "One of your marbles trades places with another player's marble at most 4 holes away.",
        "你的一颗棋子与 4 格以内其他玩家的一颗棋子交换位置。",
    ),
    (
        "The marbles on a hole and its six neighbours (all outside the camps) are shuffled at random.",
        "一个位置及其六个邻位（都须在营地之外）上的棋子被随机打乱。",
    ),
    // party mode: HUD
    ("Items", "道具"),
    ("Key {}", "按键 {}"),
    (
        "Use before your move: click an item or press 1-3.",
        "走棋之前使用：点击道具或按 1-3。",
    ),
    (
        "Click a glowing hole within 3 of your marbles",
        "点击你的棋子 3 格以内发光的空位",
    ),
    (
        "Click the marble that will move twice",
        "点击要连走两步的棋子",
    ),
    ("Click the marble that will fly", "点击要飞的棋子"),
    (
        "Click where it lands (at most 4 holes away)",
        "点击落点（最远 4 格）",
    ),
    ("Click one of your marbles", "点击你的一颗棋子"),
    (
        "Click another player's marble within 4 holes",
        "点击 4 格以内其他玩家的棋子",
    ),
    ("Click the centre of the tornado", "点击龙卷风的中心"),
    ("Cancel", "取消"),
    ("Esc or right-click", "Esc 或右键"),
    (
        "Power marble: one more move, or Pass (P / Space) to end the turn",
        "动力弹珠：还可以再走一步，或停一手（P / 空格）结束本回合",
    ),
    (
        "Power marble: it moves twice this turn",
        "动力弹珠：这颗棋子本回合走两步",
    ),
    ("{} used a {}", "{} 使用了{}"),
    // party mode: notices
    ("An item box appeared", "出现了一个道具箱"),
    ("{} found a {}", "{} 得到了{}"),
    (
        "{} found a {}, but the hand is full: it is lost",
        "{} 得到了{}，但道具已满，只好丢掉",
    ),
    ("The roadblock is gone", "路障消失了"),
    ("The road worker has left", "修路工离开了"),
    ("All options", "全部选项"),
    ("Long jumps", "长跳 (等距跳)"),
    (
        "Jump over a distant marble with equal empty holes on both sides.",
        "可跳过远处的一颗棋子，前后空位数相等。",
    ),
    ("No stopping in foreign camps", "不得停在别人的营地"),
    (
        "A marble may pass through other camps but not end its move there.",
        "棋子可以跳经其他营地，但不能停在那里。",
    ),
    ("Locked in target", "进营不出"),
    (
        "A marble that reached its target camp stays inside it.",
        "到达目标营地的棋子只能在营内移动。",
    ),
    ("Passing allowed", "允许停一手"),
    ("A player may pass instead of moving.", "玩家可以选择不走。"),
    ("Repetition limit", "重复限制"),
    (
        "After 3 back-and-forth moves, going back is no longer allowed.",
        "来回走满 3 次后，不能再走回头棋。",
    ),
    ("First in skips a turn", "先进营者停一轮"),
    (
        "House rule: the first player to reach their target skips their next turn.",
        "家庭规则：第一个进入目标营地的玩家停走一次。",
    ),
    ("Equal moves", "同步数"),
    (
        "When someone finishes, the round is completed so everyone has moved equally often.",
        "有人完成后，本轮走完，使每人步数相同。",
    ),
    ("Play on for places", "继续争名次"),
    (
        "With 3+ players, keep playing after the winner until every place is decided.",
        "三人以上时，冠军产生后继续比赛，直到名次全部确定。",
    ),
    ("Anti-passive rule", "防止消极"),
    (
        "After moves 20, 25 and 30 enough marbles must have left home, or the player loses.",
        "第 20、25、30 步后须有足够棋子离开本营，否则判负。",
    ),
    ("Deadlock adjudication", "僵局裁决"),
    (
        "Two players: after 10 rounds without progress the closer player wins 0.75-0.25.",
        "两人对局：连续 10 轮无进展时，距离较近者以 0.75 比 0.25 获胜。",
    ),
    ("Teams", "组队"),
    ("None", "无"),
    ("2 against 2", "二对二"),
    ("3 against 3", "三对三"),
    ("Move time limit", "每步限时"),
    ("Time bank", "总用时"),
    ("off", "关"),
    ("Who moves first", "谁先走"),
    ("Coin toss", "猜硬币"),
    ("Rock-paper-scissors", "石头剪刀布"),
    ("Drawing lots", "抽签"),
    ("Fixed seat", "指定座位"),
    ("Start game", "开始游戏"),
    ("Load game", "载入棋局"),
    ("Language", "语言"),
    // draw
    ("calls", "猜"),
    ("heads", "正面"),
    ("tails", "反面"),
    ("The coin shows", "硬币是"),
    ("Lots are drawn", "抽签"),
    ("The rules name the first player", "规则指定先手"),
    ("moves first!", "先走！"),
    ("Play", "开始"),
    ("Skip", "跳过"),
    // HUD
    ("to move", "走棋"),
    ("Round", "回合"),
    ("Move", "步"),
    ("move time", "本步剩余"),
    ("Undo", "悔棋"),
    ("Redo", "重做"),
    ("Pass", "停一手"),
    ("Resign", "认输"),
    ("Menu", "菜单"),
    ("finished", "已完成"),
    ("out", "出局"),
    ("in target", "已进营"),
    (
        "Click a marble, then a glowing hole. Right-drag turns the board, wheel zooms, T: top view.",
        "点击棋子，再点击发光的孔。右键拖动旋转棋盘，滚轮缩放，T：俯视。",
    ),
    (
        "Anti-passive rule: after move {}, {} marbles must be out of home; now {}",
        "防止消极：第 {} 步后须有 {} 颗棋子离开本营；现在 {} 颗",
    ),
    // end screen
    ("Game over", "对局结束"),
    ("Place", "名次"),
    ("Turns", "步数"),
    ("Score", "得分"),
    ("Play again", "再来一局"),
    ("New game", "新对局"),
    ("Save game", "保存棋局"),
    ("Look at the board", "查看棋盘"),
    ("Draw", "平局"),
    ("wins", "获胜"),
    // menus
    ("Paused", "暂停"),
    ("That is not your marble", "那不是你的棋子"),
    ("That hole is taken", "那个洞已经有棋子了"),
    (
        "That hole is in another player's camp: you may jump through, not stop",
        "那个洞在别人的营地里：可以跳过，不能停留",
    ),
    (
        "This marble has reached its target and may only move inside it",
        "这颗棋子已到达目标营地，只能在营地内移动",
    ),
    (
        "Going back again is not allowed: the repetition limit is reached",
        "不能再走回头棋：已达到重复次数上限",
    ),
    (
        "The marble cannot reach that hole with a step or a chain of jumps",
        "这颗棋子一步或连跳都到不了那个洞",
    ),
    (
        "This save does not say which seats were bots: people play every seat.",
        "此存档未记录哪些座位是电脑：所有座位都由玩家操作。",
    ),
    ("Resume", "继续"),
    ("Restart", "重新开始"),
    ("Settings", "设置"),
    ("Controls", "操作说明"),
    ("Back to setup", "返回设置"),
    ("Quit", "退出"),
    ("Sound", "声音"),
    ("Effects volume", "音效音量"),
    ("Music volume", "音乐音量"),
    (
        "A quiet tune while you play; all the way down is off.",
        "下棋时的轻音乐；拉到最左就关掉。",
    ),
    ("Show legal moves", "显示可走位置"),
    ("Show the race", "显示赛跑形势"),
    (
        "Once two armies have passed each other, show the moves each still needs.",
        "双方棋子交错而过后，显示各方还需几步。",
    ),
    ("Race", "赛跑"),
    ("{}: {} moves to go", "{}：还需 {} 步"),
    ("{}: at least {} moves to go", "{}：至少还需 {} 步"),
    (
        "Mark each legal destination of the lifted marble.",
        "标出所选棋子可以到达的位置。",
    ),
    ("Shapes on marbles", "棋子形状标记"),
    (
        "A shape per colour, for colour-blind players.",
        "每种颜色一个形状，方便色盲玩家。",
    ),
    ("Turn the board to the player", "棋盘转向当前玩家"),
    ("Animation speed", "动画速度"),
    ("Close", "关闭"),
    ("Saved games", "已保存的棋局"),
    ("No saved games yet.", "还没有保存的棋局。"),
    ("Keyboard and gamepad", "键盘和手柄"),
    (
        "Lift a marble / move to the marked hole",
        "拿起棋子 / 走到标记的孔",
    ),
    (
        "Put the marble back, or open the menu",
        "放回棋子，或打开菜单",
    ),
    ("Move the cursor", "移动光标"),
    ("Next marble that can move", "下一颗能走的棋子"),
    ("Turn and tilt the board", "旋转和倾斜棋盘"),
    ("Top-down view", "俯视图"),
    ("Face the player to move", "朝向当前玩家"),
    // notices
    ("That move is not allowed", "这步不允许"),
    ("timed out", "超时"),
    ("in a row", "次连续"),
    ("skips this turn", "停走一次"),
    ("finished in", "完成，用了"),
    ("turns", "步"),
    ("resigned", "认输了"),
    ("broke the anti-passive rule", "违反了防止消极规则"),
    ("timed out three times", "连续三次超时"),
    ("ran out of time", "用完了时间"),
    ("passes", "停一手"),
    ("Move undone", "已悔棋"),
    ("Move redone", "已重做"),
    ("Nothing to undo", "没有可悔的棋"),
    ("Items are not in play in this game", "本局未启用道具"),
    ("You do not hold that item", "你没有这个道具"),
    ("Items are used before the move", "道具须在走棋之前使用"),
    (
        "One item per turn (the power marble may join one other)",
        "每回合只能用一个道具（动力弹珠可再配一个）",
    ),
    (
        "This turn only the power marble moves",
        "本回合只能走动力弹珠",
    ),
    (
        "It must go on a hole outside every camp",
        "只能放在所有营地之外的空位",
    ),
    (
        "It must go on an empty hole without a box",
        "只能放在没有道具箱的空位",
    ),
    (
        "It must go within 3 holes of one of your marbles",
        "只能放在离你的棋子3格以内",
    ),
    ("The marble must land on an empty hole", "棋子只能落在空位"),
    (
        "The flying wing carries a marble at most 4 holes",
        "飞天翼最多飞4格",
    ),
    (
        "Swap with another player's marble",
        "只能与其他玩家的棋子交换",
    ),
    (
        "The two marbles must be at most 4 holes apart",
        "两颗棋子相距不能超过4格",
    ),
    (
        "No item may leave a marble in another player's camp",
        "道具不能把棋子留在别人的营地",
    ),
    (
        "The tornado needs a hole with all six neighbours outside the camps",
        "龙卷风的中心及六个邻位都须在营地之外",
    ),
    (
        "There is no marble for the tornado to lift",
        "龙卷风范围内没有棋子",
    ),
    ("Nothing to redo", "没有可重做的棋"),
    ("The game is over", "对局已结束"),
    (
        "Passing is not allowed while a move is possible",
        "有棋可走时不能停一手",
    ),
    ("This setup cannot be played", "这个设置无法开始对局"),
    ("That is not possible now", "现在不能这样做"),
    // confirmations
    ("Yes", "是"),
    ("No", "否"),
    ("Resign?", "认输吗？"),
    ("{} gives up this game.", "{} 将放弃这一局。"),
    ("Restart?", "重新开始吗？"),
    ("Quit Starhop?", "退出 Starhop 吗？"),
    (
        "Leave this game for the setup screen?",
        "离开这一局，返回设置吗？",
    ),
    ("Delete this save?", "删除这个存档吗？"),
    (
        "The game in progress is lost unless you save it first.",
        "正在进行的对局如未保存将会丢失。",
    ),
    // saved games
    ("move {}", "第 {} 步"),
    ("Bot ({})", "电脑 ({})"),
    ("{} vs {}", "{} 对 {}"),
    ("Delete", "删除"),
    ("Unreadable", "无法读取"),
    ("From a newer version", "来自更新的版本"),
    ("Saved as «{}»", "已保存为「{}」"),
    ("Saved: {}, move {}", "已保存：{}，第 {} 步"),
    ("Deleted «{}»", "已删除「{}」"),
    ("The game could not be saved.", "无法保存棋局。"),
    (
        "This game could not be loaded: its moves do not follow the rules.",
        "无法载入这盘棋：其中的走法不符合规则。",
    ),
    ("The save could not be deleted.", "无法删除存档。"),
    ("Your settings could not be saved.", "无法保存设置。"),
    (
        "This file is not a readable Starhop save (it may be damaged or from another program).",
        "这个文件不是可读取的 Starhop 存档（可能已损坏，或来自其他程序）。",
    ),
    (
        "It was moved aside as «{}».",
        "已将它移到一旁，改名为「{}」。",
    ),
    ("It could not be moved aside.", "无法将它移到一旁。"),
    (
        "This save is from a newer version of Starhop.",
        "这个存档来自更新版本的 Starhop。",
    ),
    ("The file «{}» could not be opened.", "无法打开文件「{}」。"),
    ("There is no file «{}».", "找不到文件「{}」。"),
    (
        "Your settings could not be read, so the game uses the defaults. The old file is kept as «{}».",
        "无法读取你的设置，游戏使用默认设置。旧文件保留为「{}」。",
    ),
    (
        "Your last setup could not be read, so the game starts from the usual one. The old file is kept as «{}».",
        "无法读取上次的对局设置，游戏使用默认设置。旧文件保留为「{}」。",
    ),
    // draw, HUD and help
    ("Best of three tosses", "三局两胜"),
    (
        "Whoever calls right stays in, until one is left",
        "猜对的人留下，直到只剩一人",
    ),
    ("H", "正"),
    ("T", "反"),
    ("right-drag", "右键拖动"),
    // food checkers
    ("Food checkers", "食棋"),
    (
        "Capture by jumping: solo puzzles or a table game",
        "跳过棋子就吃掉它：单人谜题或多人对局",
    ),
    (
        "Capture by jumping: the jumped marble is taken. Any marble may move.",
        "跳吃：被跳过的棋子被吃掉。任何棋子都可以走。",
    ),
    ("Solo puzzle", "单人谜题"),
    ("Free solo", "自由单人"),
    ("Several players", "多人对局"),
    ("Small (37 holes)", "小 (37 孔)"),
    ("Standard (61 holes)", "标准 (61 孔)"),
    ("Large (91 holes)", "大 (91 孔)"),
    ("Slides", "滑步"),
    (
        "While no capture exists anywhere, a marble may slide to a neighbouring hole.",
        "全盘都无子可吃时，棋子可以滑到相邻的空孔。",
    ),
    (
        "Click a hole on the board to leave it empty at the start (by default the centre on 61 holes, the hole beside it on 37 and 91, where a centre start cannot end with one marble).",
        "点击棋盘上的一个孔，让它在开局时空着（61 孔默认是中心；37 和 91 孔默认是中心旁边的孔，因为中心开局无法只剩一颗）。",
    ),
    ("Centre", "中心"),
    (
        "Players take turns; everyone keeps what they capture. Most captures wins.",
        "玩家轮流走棋，各自保留吃到的棋子。吃子最多的人获胜。",
    ),
    ("Chinese checkers", "中国跳棋"),
    ("No puzzles yet.", "还没有谜题。"),
    ("Fair", "一般"),
    ("Tricky", "较难"),
    ("Very hard", "非常难"),
    ("{} marbles", "{} 颗棋子"),
    ("{} holes · {} marbles", "{} 孔 · {} 颗棋子"),
    (
        "No saved food checkers games yet (Ctrl+S saves one).",
        "还没有保存的食棋棋局（Ctrl+S 保存）。",
    ),
    ("«{}» could not be loaded: {}", "无法载入 «{}»：{}"),
    (
        "The last marble should end on the golden ring.",
        "最后一颗棋子应停在金色圆环上。",
    ),
    (
        "The last marble may end anywhere.",
        "最后一颗棋子可以停在任何地方。",
    ),
    ("{} holes.", "{} 孔。"),
    ("Solvable in {} moves.", "最少 {} 步可解。"),
    ("Marbles left: {}", "剩余棋子：{}"),
    ("Moves: {}", "步数：{}"),
    ("Slides: {}", "滑步：{}"),
    ("{}: {} captured", "{}：吃了 {} 颗"),
    (
        "A capture is possible: every move must capture.",
        "现在可以吃子：每一步都必须吃子。",
    ),
    (
        "No capture anywhere: slide a marble to a neighbouring hole.",
        "全盘无子可吃：把一颗棋子滑到相邻的孔。",
    ),
    (
        "No solution from this start: one marble cannot be reached. Choose another start.",
        "这个开局无解：无法只剩一颗。请换一个开局。",
    ),
    (
        "No solution from here: undo a move or two.",
        "从这里已无解：悔一两步吧。",
    ),
    (
        "Checking whether one marble can still be reached…",
        "正在检查是否还能只剩一颗……",
    ),
    ("Looking for a hint…", "正在寻找提示……"),
    ("Save", "保存"),
    ("One marble left!", "只剩一颗！"),
    ("{} marbles left", "剩下 {} 颗"),
    ("No capture is possible any more.", "已经无子可吃了。"),
    ("on the golden ring", "在金色圆环上"),
    ("anywhere", "任何位置"),
    ("one marble left", "只剩一颗"),
    ("the last marble placed right", "最后一颗停对了位置"),
    ("★ the fewest moves: {}", "★ 最少步数：{}"),
    ("fewest moves not known yet", "最少步数尚未知道"),
    ("Best: {}", "最佳：{}"),
    ("One marble is left.", "只剩一颗棋子。"),
    ("No move is possible.", "无棋可走。"),
    (
        "A full round of slides went by without a capture.",
        "整整一轮滑步都没有吃子。",
    ),
    ("Retry", "重来"),
    ("Next puzzle", "下一题"),
    (
        "A capture is possible, and while one is, every move must capture.",
        "现在可以吃子，只要能吃，每一步都必须吃子。",
    ),
    (
        "Slides are off in this game: every move captures.",
        "本局不允许滑步：每一步都要吃子。",
    ),
    (
        "That marble cannot capture into that hole.",
        "那颗棋子不能跳吃到那个孔。",
    ),
    ("That hole is taken.", "那个孔已有棋子。"),
    ("There is no marble there.", "那里没有棋子。"),
    ("The game is over.", "本局已结束。"),
    ("Nothing to undo.", "没有可悔的棋。"),
    ("Nothing to redo.", "没有可重做的棋。"),
    ("Not possible: {}", "无法这样走：{}"),
    (
        "This marble cannot capture; another one can.",
        "这颗棋子不能吃子；别的棋子可以。",
    ),
    ("This marble cannot move.", "这颗棋子不能走。"),
    (
        "The selected marble cannot go there.",
        "选中的棋子不能走到那里。",
    ),
    (
        "This food checkers game could not be replayed.",
        "这局食棋无法重放。",
    ),
    (
        "Your food checkers progress could not be read.",
        "无法读取你的食棋进度。",
    ),
    (
        "Your food checkers progress could not be read; the file was kept aside as «{}».",
        "无法读取你的食棋进度；该文件已另存为 «{}»。",
    ),
    (
        "Your food checkers progress could not be saved.",
        "无法保存你的食棋进度。",
    ),
    // the replay viewer
    ("Replay", "复盘"),
    ("Watch again", "再看一遍"),
    (
        "Watch this game again, move by move.",
        "一步一步重看这局棋。",
    ),
    ("Watch", "观看"),
    ("Watch this game move by move.", "一步一步观看这局棋。"),
    ("Start position", "开局"),
    ("slides", "滑一步"),
    ("takes {}", "吃 {} 颗"),
    ("{} hops", "{} 跳"),
    ("Move list", "棋谱"),
    ("Go to the start", "回到开局"),
    ("One move back", "后退一步"),
    ("One move forward", "前进一步"),
    ("Go to the end", "跳到终局"),
    ("Play the moves one after another", "依次播放每一步"),
    ("Playback speed", "播放速度"),
    ("Move {} of {}", "第 {} 步 / 共 {} 步"),
    ("Leave the replay", "退出复盘"),
    (
        "Click a move to go there. ← →: step, Space: play or pause, Home / End: first / last, + −: speed, Esc: leave.",
        "点击一步即可跳到那里。← →：单步，空格：播放或暂停，Home / End：开局 / 终局，+ −：速度，Esc：退出。",
    ),
    (
        "This game cannot be replayed: its action {} breaks the rules (the record may be damaged).",
        "这局棋无法复盘：第 {} 个动作不合规则（棋谱可能已损坏）。",
    ),
    (
        "This file is not a readable Starhop game record (it may be damaged or from another program).",
        "这个文件不是可读取的 Starhop 棋谱（可能已损坏，或来自其他程序）。",
    ),
    (
        "This game cannot be replayed: its set-up is not valid (the record may be damaged).",
        "这局棋无法复盘：开局设置无效（棋谱可能已损坏）。",
    ),
];

/// The Chinese of every English text: the interface's own table (`ZH`) and
/// the tables each mode registers when its plugin is built. Built once into
/// a hash map: labels are looked up on every egui frame.
static CHINESE: LazyLock<RwLock<HashMap<&'static str, &'static str>>> =
    LazyLock::new(|| RwLock::new(ZH.iter().copied().collect()));

/// Adds a mode's translations (pairs of English and Chinese). An English
/// text already known keeps its first translation (the tables are tested
/// to hold each English text once).
pub fn register(table: &'static [(&'static str, &'static str)]) {
    let mut map = CHINESE
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for &(en, zh) in table {
        map.entry(en).or_insert(zh);
    }
}

pub trait Tr {
    fn t(self, english: &'static str) -> &'static str;
}

impl Tr for Language {
    fn t(self, english: &'static str) -> &'static str {
        tr(self, english)
    }
}

pub fn tr(lang: Language, english: &'static str) -> &'static str {
    match lang {
        Language::English => english,
        Language::Chinese => CHINESE
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(english)
            .copied()
            .unwrap_or(english),
    }
}

/// A translated template with each `{}` filled in turn: `trf(lang, "move {}", &[&23])`.
/// Templates let each language put the pieces where its grammar wants them.
pub fn trf(lang: Language, template: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::new();
    let mut args = args.iter();
    let mut pieces = tr(lang, template).split("{}").peekable();
    while let Some(piece) = pieces.next() {
        out += piece;
        if pieces.peek().is_some() {
            out += &args.next().map(|a| a.to_string()).unwrap_or_default();
        }
    }
    out
}

/// A seat's name as shown: the default names the setup gives ("Player 2")
/// are shown in the interface language; names the players typed stay as typed.
pub fn display_name(lang: Language, name: &str) -> String {
    match default_number(name) {
        Some(n) => trf(lang, "Player {}", &[&n]),
        None => name.to_string(),
    }
}

/// How the setup names a seat nobody named (`play::setup`): "Player 3".
const DEFAULT_NAME: &str = "Player ";

/// The default name of seat number `n` (counting from 1).
pub fn default_name(n: usize) -> String {
    format!("{DEFAULT_NAME}{n}")
}

/// The number of a default seat name ("Player 3" → 3).
pub fn default_number(name: &str) -> Option<u32> {
    let n = name.strip_prefix(DEFAULT_NAME)?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| n.parse().ok())
        .flatten()
}

/// A notice as a toast: its text and colour.
pub fn describe_notice(
    lang: Language,
    n: &Notice,
    name: &dyn Fn(u8) -> String,
) -> (String, Color32) {
    let warn = super::theme::WARN;
    let good = super::theme::GOOD;
    let plain = super::theme::CREAM;
    let t = |s| tr(lang, s);
    match n {
        Notice::Refused(e) => (refusal(lang, e), warn),
        Notice::Rule(Event::TimedOut { seat, in_a_row }) => (
            format!(
                "{} {} ({} {})",
                name(*seat),
                t("timed out"),
                in_a_row,
                t("in a row")
            ),
            warn,
        ),
        Notice::Rule(Event::SkippedTurn { seat }) => {
            (format!("{} {}", name(*seat), t("skips this turn")), plain)
        }
        Notice::Rule(Event::Finished { seat, turns }) => (
            format!(
                "{} {} {} {}",
                name(*seat),
                t("finished in"),
                turns,
                t("turns")
            ),
            good,
        ),
        Notice::Rule(Event::Out { seat, reason }) => {
            let why = match reason {
                OutReason::Resigned => t("resigned"),
                OutReason::AntiPassive => t("broke the anti-passive rule"),
                OutReason::TimeOuts => t("timed out three times"),
                OutReason::OutOfTime => t("ran out of time"),
            };
            (format!("{} {why}", name(*seat)), warn)
        }
        Notice::Rule(Event::Passed { seat }) => (format!("{} {}", name(*seat), t("passes")), plain),
        Notice::Rule(Event::GameOver(_)) => (t("Game over").to_string(), good),
        Notice::Rule(Event::Moved { .. }) => (String::new(), plain),
        Notice::Rule(Event::BoxPlaced { .. }) => (t("An item box appeared").to_string(), plain),
        Notice::Rule(Event::ItemTaken {
            seat, item, kept, ..
        }) => {
            let what = item_noun(lang, *item);
            if *kept {
                (trf(lang, "{} found a {}", &[&name(*seat), &what]), good)
            } else {
                let text = trf(
                    lang,
                    "{} found a {}, but the hand is full: it is lost",
                    &[&name(*seat), &what],
                );
                (text, warn)
            }
        }
        Notice::Rule(Event::ItemUsed { seat, item_use, .. }) => {
            let what = item_noun(lang, item_use.item());
            (trf(lang, "{} used a {}", &[&name(*seat), &what]), plain)
        }
        Notice::Rule(Event::ObstacleGone { item, .. }) => match item {
            Item::RoadWorker => (t("The road worker has left").to_string(), plain),
            _ => (t("The roadblock is gone").to_string(), plain),
        },
        Notice::Undone => (t("Move undone").to_string(), plain),
        Notice::Redone => (t("Move redone").to_string(), plain),
        Notice::Unloadable => (
            t("This game could not be loaded: its moves do not follow the rules.").to_string(),
            warn,
        ),
        Notice::SeatsUnknown => (
            t("This save does not say which seats were bots: people play every seat.").to_string(),
            warn,
        ),
        // Already in words, in the interface language (see `persist`).
        Notice::Problem(text) => (text.clone(), warn),
        Notice::Info(text) => (text.clone(), plain),
    }
}

/// An item's name, as on its slot ("Flying wing").
pub fn item_name(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t("Roadblock"),
        Item::RoadWorker => t("Road worker"),
        Item::PowerMarble => t("Power marble"),
        Item::FlyingWing => t("Flying wing"),
        Item::Swap => t("Swap"),
        Item::Tornado => t("Tornado"),
    }
}

/// An item's name inside a sentence ("Red used a flying wing").
pub fn item_noun(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t("roadblock"),
        Item::RoadWorker => t("road worker"),
        Item::PowerMarble => t("power marble"),
        Item::FlyingWing => t("flying wing"),
        Item::Swap => t("swap"),
        Item::Tornado => t("tornado"),
    }
}

/// What an item does (its tooltip).
pub fn item_tip(lang: Language, item: Item) -> &'static str {
    let t = |s| tr(lang, s);
    match item {
        Item::Roadblock => t(
            "Puts a wall on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: no marble may stop on it or jump over it.",
        ),
        Item::RoadWorker => t(
            "Puts a fixed marble on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: marbles may jump over it, never move it or land on it.",
        ),
        Item::PowerMarble => {
            t("One of your marbles makes two full moves this turn; no other marble moves.")
        }
        Item::FlyingWing => t("One of your marbles flies to an empty hole at most 4 holes away."),
        Item::Swap => t(
            "One of your marbles trades places with another player's marble at most 4 holes away.",
        ),
        Item::Tornado => t(
            "The marbles on a hole and its six neighbours (all outside the camps) are shuffled at random.",
        ),
    }
}

fn refusal(lang: Language, e: &RuleError) -> String {
    let t = |s| tr(lang, s);
    match e {
        RuleError::NothingToUndo => t("Nothing to undo"),
        RuleError::NothingToRedo => t("Nothing to redo"),
        RuleError::GameOver => t("The game is over"),
        RuleError::PassNotAllowed => t("Passing is not allowed while a move is possible"),
        RuleError::NotYourMarble(_) => t("That is not your marble"),
        RuleError::Occupied(_) | RuleError::HoleTaken(_) => t("That hole is taken"),
        RuleError::ForeignCamp(_) => {
            t("That hole is in another player's camp: you may jump through, not stop")
        }
        RuleError::LockedInTarget(_) => {
            t("This marble has reached its target and may only move inside it")
        }
        RuleError::RepetitionLimit => {
            t("Going back again is not allowed: the repetition limit is reached")
        }
        RuleError::IllegalMove { .. } => {
            t("The marble cannot reach that hole with a step or a chain of jumps")
        }
        RuleError::BadRoute { .. } | RuleError::ShortRoute | RuleError::NoSuchHole(_) => {
            t("That move is not allowed")
        }
        RuleError::BoardSize(_)
        | RuleError::PlayerCount(_)
        | RuleError::TeamSize(_)
        | RuleError::FirstSeat(_)
        | RuleError::BadDraw(_)
        | RuleError::StartSeats { .. }
        | RuleError::HoleUsedTwice(_)
        | RuleError::NoMarbles(_)
        | RuleError::TooManyMarbles { .. }
        | RuleError::AlreadyFinished(_) => t("This setup cannot be played"),
        RuleError::NotPlaying(_) | RuleError::Clock(_) => t("That is not possible now"),
        RuleError::ItemsOff | RuleError::NoItemsInPlay | RuleError::BoxEvery(_) => {
            t("Items are not in play in this game")
        }
        RuleError::ItemNotHeld(_) => t("You do not hold that item"),
        RuleError::ItemAfterMove => t("Items are used before the move"),
        RuleError::ItemLimit => t("One item per turn (the power marble may join one other)"),
        RuleError::PowerMarbleOnly(_) => t("This turn only the power marble moves"),
        RuleError::ItemTarget(why) => match why {
            TargetProblem::InACamp => t("It must go on a hole outside every camp"),
            TargetProblem::NotEmpty => t("It must go on an empty hole without a box"),
            TargetProblem::FarFromYourMarbles => {
                t("It must go within 3 holes of one of your marbles")
            }
            TargetProblem::LandingTaken => t("The marble must land on an empty hole"),
            TargetProblem::TooFarToFly => t("The flying wing carries a marble at most 4 holes"),
            TargetProblem::NotAnotherPlayers => t("Swap with another player's marble"),
            TargetProblem::TooFarToSwap => t("The two marbles must be at most 4 holes apart"),
            TargetProblem::ForeignCamp => t("No item may leave a marble in another player's camp"),
            TargetProblem::NoRoomForTornado => {
                t("The tornado needs a hole with all six neighbours outside the camps")
            }
            TargetProblem::NothingToLift => t("There is no marble for the tornado to lift"),
        },
    }
    .to_string()
}

//! English → Simplified Chinese for draughts (looked up by `ui::i18n::tr`
//! after the game's own table).

pub const ZH: &[(&str, &str)] = &[
    (
        "This draughts game could not be replayed: {}",
        "这局跳棋无法复盘：{}",
    ),
    ("International draughts (10×10)", "国际跳棋（10×10）"),
    ("Russian draughts (8×8)", "俄罗斯跳棋（8×8）"),
    ("Black", "黑"),
    ("the other side has no pieces left", "对方没有棋子了"),
    ("the other side cannot move", "对方无棋可走"),
    ("the other side resigned", "对方认输"),
    ("the other side ran out of time", "对方超时"),
    ("{} wins: {}.", "{}获胜：{}。"),
    ("the same position three times", "同一局面出现三次"),
    (
        "25 moves each with only kings moved and no capture",
        "双方各走 25 步只动王棋且无吃子",
    ),
    (
        "16 moves each in a three-against-a-lone-king ending",
        "三子对单王的残局双方各走了 16 步",
    ),
    (
        "5 moves each in a two-against-a-lone-king ending",
        "两子对单王的残局双方各走了 5 步",
    ),
    ("30 moves each without a capture", "双方各走 30 步无吃子"),
    (
        "three kings did not take the lone king in 18 moves",
        "三个王棋在 18 步内没有吃掉单王",
    ),
    ("agreed by the players", "双方同意"),
    ("Draw: {}.", "和棋：{}。"),
    ("That is not your piece.", "那不是你的棋子。"),
    ("Choose one of your pieces first.", "请先选择你的一枚棋子。"),
    (
        "A capture is compulsory: choose a piece that can take (the pieces to take are marked).",
        "必须吃子：请选择一枚能吃子的棋子（要吃的棋子已标出）。",
    ),
    ("That piece cannot move.", "这枚棋子不能走。"),
    (
        "Several captures end there: click each landing in turn.",
        "有几种吃法都停在那里：请依次点击每个落点。",
    ),
    ("That piece cannot go there.", "这枚棋子不能走到那里。"),
    ("Wait for the bot's move.", "请等电脑走棋。"),
    ("Wait for the other player's move.", "请等对方走棋。"),
    ("Draughts", "国际跳棋与俄罗斯跳棋"),
    (
        "Men move forwards and capture both ways; kings fly. The capture that takes the most pieces is compulsory; a man is crowned only when its move ends on the far row.",
        "兵向前走，可向前后吃子；王棋可沿斜线远飞。必须选择吃子最多的吃法；兵只有在一步结束于对方底线时才升王。",
    ),
    (
        "Men move forwards and capture both ways; kings fly. Any capture may be chosen, but a capture must be taken to its end; a man reaching the far row during a capture goes on as a king.",
        "兵向前走，可向前后吃子；王棋可沿斜线远飞。吃法可以任选，但必须吃到底；兵在连吃途中到达对方底线即升王，并以王棋继续吃。",
    ),
    ("White moves first.", "白方先走。"),
    ("Clocks", "棋钟"),
    ("{} min", "{} 分钟"),
    (
        "Minutes on each side's clock; a side whose time runs out loses.",
        "每方棋钟的分钟数；时间用完的一方判负。",
    ),
    (
        "No saved draughts games yet (Ctrl+S saves one).",
        "还没有保存的跳棋对局（Ctrl+S 保存）。",
    ),
    ("16-move ending", "16 步残局"),
    ("5-move ending", "5 步残局"),
    ("Three kings against one", "三王对一王"),
    ("{}: {} of {}", "{}：{} / {}"),
    ("Kings only, no capture", "只动王棋、无吃子"),
    ("Moves without a capture", "无吃子步数"),
    ("{}: men {}, kings {}", "{}：兵 {}，王 {}"),
    (
        "Capture is compulsory, and the capture taking the most pieces: the pieces marked red must be taken.",
        "必须吃子，而且要选吃子最多的吃法：标红的棋子必须吃掉。",
    ),
    (
        "Capture is compulsory: take one of the pieces marked red.",
        "必须吃子：吃掉一枚标红的棋子。",
    ),
    (
        "The game is drawn when the count is reached.",
        "计数到达时即为和棋。",
    ),
    ("Agree a draw", "同意和棋"),
    ("None yet.", "还没有。"),
    (
        "International (10×10) or Russian (8×8) draughts, people or bots.",
        "国际跳棋（10×10）或俄罗斯跳棋（8×8），真人或电脑。",
    ),
];

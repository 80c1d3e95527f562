//! English → Simplified Chinese for the crossing challenge (looked up by
//! `ui::i18n::tr` after the game's own table).

pub const ZH: &[(&str, &str)] = &[
    ("Crossing challenge", "穿越挑战"),
    (
        "Alone on the board: cross to the opposite point in the fewest moves.",
        "独自在棋盘上：用最少的步数走到对面的营地。",
    ),
    (
        "Bring all your marbles to the opposite point in as few moves as you can.",
        "用尽可能少的步数把你所有的棋子移到对面的营地。",
    ),
    (
        "A hop may also go over a marble further along a line, with as many empty holes on both sides.",
        "跳跃也可以越过同一直线上较远的一颗棋子，只要它两侧的空位一样多。",
    ),
    ("The best possible crossing: {} moves.", "最佳穿越：{} 步。"),
    (
        "The shortest crossing of this board is not known yet.",
        "这个棋盘的最短穿越还未知。",
    ),
    ("Your best: {} moves", "你的最好成绩：{} 步"),
    ("Not crossed yet.", "还没有完成过。"),
    ("Moves {}", "步数 {}"),
    ("best possible {}", "最少 {} 步"),
    ("lower bound {}", "至少 {} 步"),
    ("best known {}", "已知最好 {} 步"),
    (
        "The shortest crossing known: {} moves (not proven shortest).",
        "已知最短的穿越：{} 步（未证明最短）。",
    ),
    (
        "As short as the shortest crossing known ({} moves)!",
        "和已知最短的穿越一样短（{} 步）！",
    ),
    (
        "The shortest crossing known: {} moves ({} more).",
        "已知最短的穿越：{} 步（你多走了 {} 步）。",
    ),
    (
        "At least {} more moves from here.",
        "从这里起至少还要 {} 步。",
    ),
    (
        "This move still reaches the optimum: {} moves in all.",
        "这一步仍能达到最优：共 {} 步。",
    ),
    (
        "The optimum ({}) is out of reach now; this move keeps to the fewest left: {} in all.",
        "已无法达到最优（{} 步）；这一步让剩下的步数最少：共 {} 步。",
    ),
    (
        "This move keeps to the fewest moves left: {} in all.",
        "这一步让剩下的步数最少：共 {} 步。",
    ),
    (
        "The best line found: {} moves in all (not proven shortest).",
        "找到的最佳走法：共 {} 步（未证明最短）。",
    ),
    ("Watch the shortest known crossing", "观看已知最短穿越"),
    ("Watch a shortest crossing", "观看最短穿越"),
    (
        "A crossing in the fewest moves possible, move by move.",
        "步数最少的穿越，一步一步演示。",
    ),
    (
        "The shortest crossing known, move by move.",
        "已知最短的穿越，一步一步演示。",
    ),
    (
        "Shortest crossing: move {} of {}",
        "最短穿越：第 {} 步，共 {} 步",
    ),
    ("Stop watching", "停止观看"),
    ("Across!", "到达！"),
    ("Across in {} moves", "{} 步到达"),
    ("{}. row {} → row {}", "{}. 第 {} 行 → 第 {} 行"),
    ("That is the best possible crossing!", "这就是最佳穿越！"),
    (
        "The best possible: {} moves ({} more).",
        "最佳：{} 步（你多走了 {} 步）。",
    ),
    ("New best! (was {})", "新纪录！（原来 {} 步）"),
    (
        "Your first crossing of this board!",
        "你第一次完成这个棋盘的穿越！",
    ),
    ("No hint could be found here.", "这里找不到提示。"),
    (
        "No shortest crossing is known for this board yet.",
        "这个棋盘还没有已知的最短穿越。",
    ),
    (
        "Your best crossings could not be read; the file was kept aside as «{}».",
        "无法读取你的穿越最好成绩；该文件已另存为 «{}»。",
    ),
    (
        "Your best crossings could not be read.",
        "无法读取你的穿越最好成绩。",
    ),
    (
        "Your best crossing could not be saved.",
        "无法保存你的穿越最好成绩。",
    ),
];

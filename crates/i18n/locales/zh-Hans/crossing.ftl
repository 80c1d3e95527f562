# Starhop: the crossing challenge (Simplified Chinese).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

crossing-challenge = 穿越挑战
alone-on-the-board-cross-to = 独自在棋盘上：用最少的步数走到对面的营地。
bring-all-your-marbles-to-the = 用尽可能少的步数把你所有的棋子移到对面的营地。
a-hop-may-also-go-over = 跳跃也可以越过同一直线上较远的一颗棋子，只要它两侧的空位一样多。
the-best-possible-crossing-moves = 最佳穿越：{ $moves } 步。
the-shortest-crossing-of-this-board = 这个棋盘的最短穿越还未知。
your-best-moves = 你的最好成绩：{ $moves } 步
not-crossed-yet = 还没有完成过。
moves-made = 步数 { $moves }
best-possible = 最少 { $moves } 步
lower-bound = 至少 { $moves } 步
best-known = 已知最好 { $moves } 步
the-shortest-crossing-known-moves-not = 已知最短的穿越：{ $moves } 步（未证明最短）。
as-short-as-the-shortest-crossing = 和已知最短的穿越一样短（{ $moves } 步）！
the-shortest-crossing-known-moves-more = 已知最短的穿越：{ $moves } 步（你多走了 { $more } 步）。
at-least-more-moves-from-here = 从这里起至少还要 { $moves } 步。
this-move-still-reaches-the-optimum = 这一步仍能达到最优：共 { $moves } 步。
the-optimum-is-out-of-reach = 已无法达到最优（{ $optimum } 步）；这一步让剩下的步数最少：共 { $moves } 步。
this-move-keeps-to-the-fewest = 这一步让剩下的步数最少：共 { $moves } 步。
the-best-line-found-moves-in = 找到的最佳走法：共 { $moves } 步（未证明最短）。
watch-the-shortest-known-crossing = 观看已知最短穿越
watch-a-shortest-crossing = 观看最短穿越
a-crossing-in-the-fewest-moves = 步数最少的穿越，一步一步演示。
the-shortest-crossing-known-move-by = 已知最短的穿越，一步一步演示。
shortest-crossing-move-of = 最短穿越：第 { $at } 步，共 { $total } 步
stop-watching = 停止观看
across = 到达！
across-in-moves = { $moves } 步到达
numbered-row-from-to = { $n }. 第 { $from } 行 → 第 { $to } 行
that-is-the-best-possible-crossing = 这就是最佳穿越！
the-best-possible-moves-more = 最佳：{ $moves } 步（你多走了 { $more } 步）。
new-best-was = 新纪录！（原来 { $was } 步）
your-first-crossing-of-this-board = 你第一次完成这个棋盘的穿越！
no-hint-could-be-found-here = 这里找不到提示。
no-shortest-crossing-is-known-for = 这个棋盘还没有已知的最短穿越。
your-best-crossings-could-not-be = 无法读取你的穿越最好成绩；该文件已另存为 «{ $file }»。
your-best-crossings-could-not-be-read = 无法读取你的穿越最好成绩。
your-best-crossing-could-not-be = 无法保存你的穿越最好成绩。

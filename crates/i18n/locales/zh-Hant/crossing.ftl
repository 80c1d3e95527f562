# Starhop: the crossing challenge (Traditional Chinese).
# Made from zh-Hans/crossing.ftl by tools/make_zh_hant.sh: edit that file and rerun.
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

crossing-challenge = 穿越挑戰
alone-on-the-board-cross-to = 獨自在棋盤上：用最少的步數走到對面的營地。
bring-all-your-marbles-to-the = 用盡可能少的步數把你所有的棋子移到對面的營地。
a-hop-may-also-go-over = 跳躍也可以越過同一直線上較遠的一顆棋子，只要它兩側的空位一樣多。
the-best-possible-crossing-moves = 最佳穿越：{ $moves } 步。
the-shortest-crossing-of-this-board = 這個棋盤的最短穿越還未知。
your-best-moves = 你的最好成績：{ $moves } 步
not-crossed-yet = 還沒有完成過。
moves-made = 步數 { $moves }
best-possible = 最少 { $moves } 步
lower-bound = 至少 { $moves } 步
best-known = 已知最好 { $moves } 步
the-shortest-crossing-known-moves-not = 已知最短的穿越：{ $moves } 步（未證明最短）。
as-short-as-the-shortest-crossing = 和已知最短的穿越一樣短（{ $moves } 步）！
the-shortest-crossing-known-moves-more = 已知最短的穿越：{ $moves } 步（你多走了 { $more } 步）。
at-least-more-moves-from-here = 從這裡起至少還要 { $moves } 步。
this-move-still-reaches-the-optimum = 這一步仍能達到最優：共 { $moves } 步。
the-optimum-is-out-of-reach = 已無法達到最優（{ $optimum } 步）；這一步讓剩下的步數最少：共 { $moves } 步。
this-move-keeps-to-the-fewest = 這一步讓剩下的步數最少：共 { $moves } 步。
the-best-line-found-moves-in = 找到的最佳走法：共 { $moves } 步（未證明最短）。
watch-the-shortest-known-crossing = 觀看已知最短穿越
watch-a-shortest-crossing = 觀看最短穿越
a-crossing-in-the-fewest-moves = 步數最少的穿越，一步一步演示。
the-shortest-crossing-known-move-by = 已知最短的穿越，一步一步演示。
shortest-crossing-move-of = 最短穿越：第 { $at } 步，共 { $total } 步
stop-watching = 停止觀看
across = 到達！
across-in-moves = { $moves } 步到達
numbered-row-from-to = { $n }. 第 { $from } 行 → 第 { $to } 行
that-is-the-best-possible-crossing = 這就是最佳穿越！
the-best-possible-moves-more = 最佳：{ $moves } 步（你多走了 { $more } 步）。
new-best-was = 新紀錄！（原來 { $was } 步）
your-first-crossing-of-this-board = 你第一次完成這個棋盤的穿越！
no-hint-could-be-found-here = 這裡找不到提示。
no-shortest-crossing-is-known-for = 這個棋盤還沒有已知的最短穿越。
your-best-crossings-could-not-be = 無法讀取你的穿越最好成績；該檔案已另存為 «{ $file }»。
your-best-crossings-could-not-be-read = 無法讀取你的穿越最好成績。
your-best-crossing-could-not-be = 無法儲存你的穿越最好成績。

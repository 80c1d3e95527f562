# Starhop: the crossing challenge (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

crossing-challenge = Crossing challenge
alone-on-the-board-cross-to = Alone on the board: cross to the opposite point in the fewest moves.
bring-all-your-marbles-to-the = Bring all your marbles to the opposite point in as few moves as you can.
a-hop-may-also-go-over = A hop may also go over a marble further along a line, with as many empty holes on both sides.
the-best-possible-crossing-moves =
    The best possible crossing: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
the-shortest-crossing-of-this-board = The shortest crossing of this board is not known yet.
your-best-moves =
    Your best: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
not-crossed-yet = Not crossed yet.
moves-made = Moves { $moves }
best-possible = best possible { $moves }
lower-bound = lower bound { $moves }
best-known = best known { $moves }
the-shortest-crossing-known-moves-not =
    The shortest crossing known: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } (not proven shortest).
as-short-as-the-shortest-crossing =
    As short as the shortest crossing known ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    })!
the-shortest-crossing-known-moves-more =
    The shortest crossing known: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } ({ $more } more).
at-least-more-moves-from-here =
    At least { $moves ->
        [one] { $moves } more move
       *[other] { $moves } more moves
    } from here.
this-move-still-reaches-the-optimum =
    This move still reaches the optimum: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } in all.
the-optimum-is-out-of-reach = The optimum ({ $optimum }) is out of reach now; this move keeps to the fewest left: { $moves } in all.
this-move-keeps-to-the-fewest = This move keeps to the fewest moves left: { $moves } in all.
the-best-line-found-moves-in =
    The best line found: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } in all (not proven shortest).
watch-the-shortest-known-crossing = Watch the shortest known crossing
watch-a-shortest-crossing = Watch a shortest crossing
a-crossing-in-the-fewest-moves = A crossing in the fewest moves possible, move by move.
the-shortest-crossing-known-move-by = The shortest crossing known, move by move.
shortest-crossing-move-of = Shortest crossing: move { $at } of { $total }
stop-watching = Stop watching
across = Across!
across-in-moves =
    Across in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
numbered-row-from-to = { $n }. row { $from } → row { $to }
that-is-the-best-possible-crossing = That is the best possible crossing!
the-best-possible-moves-more =
    The best possible: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } ({ $more } more).
new-best-was = New best! (was { $was })
your-first-crossing-of-this-board = Your first crossing of this board!
no-hint-could-be-found-here = No hint could be found here.
no-shortest-crossing-is-known-for = No shortest crossing is known for this board yet.
your-best-crossings-could-not-be = Your best crossings could not be read; the file was kept aside as «{ $file }».
your-best-crossings-could-not-be-read = Your best crossings could not be read.
your-best-crossing-could-not-be = Your best crossing could not be saved.

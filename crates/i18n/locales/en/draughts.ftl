# Starhop: draughts (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-draughts-game-could-not-be = This draughts game could not be replayed: { $reason }
international-draughts-10-10 = International draughts (10×10)
russian-draughts-8-8 = Russian draughts (8×8)
black = Black
the-other-side-has-no-pieces = the other side has no pieces left
the-other-side-cannot-move = the other side cannot move
the-other-side-resigned = the other side resigned
the-other-side-ran-out-of = the other side ran out of time
side-wins-reason = { $side } wins: { $reason }.
the-same-position-three-times = the same position three times
num-25-moves-each-with-only = 25 moves each with only kings moved and no capture
num-16-moves-each-in-a = 16 moves each in a three-against-a-lone-king ending
num-5-moves-each-in-a = 5 moves each in a two-against-a-lone-king ending
num-30-moves-each-without-a = 30 moves each without a capture
three-kings-did-not-take-the = three kings did not take the lone king in 18 moves
agreed-by-the-players = agreed by the players
draw-reason = Draw: { $reason }.
that-is-not-your-piece = That is not your piece.
choose-one-of-your-pieces-first = Choose one of your pieces first.
a-capture-is-compulsory-choose-a = A capture is compulsory: choose a piece that can take (the pieces to take are marked).
that-piece-cannot-move = That piece cannot move.
several-captures-end-there-click-each = Several captures end there: click each landing in turn.
that-piece-cannot-go-there = That piece cannot go there.
wait-for-the-bot-s-move = Wait for the bot's move.
wait-for-the-other-player-s = Wait for the other player's move.
draughts = Draughts
men-move-forwards-and-capture-both = Men move forwards and capture both ways; kings fly. The capture that takes the most pieces is compulsory; a man is crowned only when its move ends on the far row.
men-move-forwards-and-capture-both-ways = Men move forwards and capture both ways; kings fly. Any capture may be chosen, but a capture must be taken to its end; a man reaching the far row during a capture goes on as a king.
white-moves-first = White moves first.
clocks = Clocks
n-min = { $minutes } min
minutes-on-each-side-s-clock = Minutes on each side's clock; a side whose time runs out loses.
no-saved-draughts-games-yet-ctrl = No saved draughts games yet (Ctrl+S saves one).
num-16-move-ending = 16-move ending
num-5-move-ending = 5-move ending
three-kings-against-one = Three kings against one
of = { $rule }: { $count } of { $limit }
kings-only-no-capture = Kings only, no capture
moves-without-a-capture = Moves without a capture
men-kings = { $side }: men { $men }, kings { $kings }
capture-is-compulsory-and-the-capture = Capture is compulsory, and the capture taking the most pieces: the pieces marked red must be taken.
capture-is-compulsory-take-one-of = Capture is compulsory: take one of the pieces marked red.
the-game-is-drawn-when-the = The game is drawn when the count is reached.
agree-a-draw = Agree a draw
none-yet = None yet.
international-10-10-or-russian-8 = International (10×10) or Russian (8×8) draughts, people or bots.

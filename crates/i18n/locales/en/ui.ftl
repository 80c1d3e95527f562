# Starhop: the interface's own words (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

## setup screen

# The game's name as its title shows it.
starhop = Starhop 跳棋
chinese-checkers-for-the-whole-family = Chinese checkers for the whole family
players = Players
player-n = Player { $n }
red = Red
blue = Blue
yellow = Yellow
green = Green
purple = Purple
white = White
s = s
min = min
name = Name
human = Human
bot = Bot
beginner = Beginner
easy = Easy
medium = Medium
hard = Hard
master = Master
plays-like-someone-learning-the-game = Plays like someone learning the game, mistakes included.
looks-one-move-ahead = Looks one move ahead.
looks-a-few-moves-ahead = Looks a few moves ahead.
a-strong-club-player = A strong club player.
thinks-as-deep-as-its-time = Thinks as deep as its time allows.
thinking = thinking
paused = paused
would-have-been = (would have been +{ $points })
row-from-to = row { $from } → row { $to }
any-marble-may-be-moved-the = Any marble may be moved: the colours only tell them apart.
back-to-the-home-screen-esc = Back to the home screen (Esc)
hint = Hint
show-the-move-the-hard-bot = Show the move the Hard bot would play.
pause = Pause
interface-size = Interface size
small = Small
normal = Normal
large = Large
tv = TV
how-large-the-menus-and-their = How large the menus and their text are: TV reads from a couch.
speed = Speed
colour = Colour
board = Board
small-73-holes = Small (73 holes)
standard-121-holes = Standard (121 holes)
large-181-holes = Large (181 holes)
rules = Rules
preset = Preset
classic = Classic
super-jump = Super jump
tournament = Tournament
party = Party

## party mode: setup

items-party-mode = Items (party mode)
item-boxes-appear-in-the-middle = Item boxes appear in the middle of the board; a marble that stops on one takes a random item.
new-box-every = New box every
rounds = rounds
rounds-between-new-boxes-never-more = Rounds between new boxes (never more than one per player on the board). 0 = only the starting boxes.
items-in-play = Items in play
at-least-one-item-stays-in = At least one item stays in play.

## party mode: the items

roadblock = Roadblock
road-worker = Road worker
power-marble = Power marble
flying-wing = Flying wing
swap = Swap
tornado = Tornado
roadblock-noun = roadblock
road-worker-noun = road worker
power-marble-noun = power marble
flying-wing-noun = flying wing
swap-noun = swap
tornado-noun = tornado
puts-a-wall-on-an-empty = Puts a wall on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: no marble may stop on it or jump over it.
puts-a-fixed-marble-on-an = Puts a fixed marble on an empty hole outside the camps, within 3 holes of your marbles, for 3 rounds: marbles may jump over it, never move it or land on it.
one-of-your-marbles-makes-two = One of your marbles makes two full moves this turn; no other marble moves.
one-of-your-marbles-flies-to = One of your marbles flies to an empty hole at most 4 holes away.
one-of-your-marbles-trades-places = One of your marbles trades places with another player's marble at most 4 holes away.
the-marbles-on-a-hole-and = The marbles on a hole and its six neighbours (all outside the camps) are shuffled at random.

## party mode: HUD

items = Items
key = Key { $key }
use-before-your-move-click-an = Use before your move: click an item or press 1-3.
click-a-glowing-hole-within-3 = Click a glowing hole within 3 of your marbles
click-the-marble-that-will-move = Click the marble that will move twice
click-the-marble-that-will-fly = Click the marble that will fly
click-where-it-lands-at-most = Click where it lands (at most 4 holes away)
click-one-of-your-marbles = Click one of your marbles
click-another-player-s-marble-within = Click another player's marble within 4 holes
click-the-centre-of-the-tornado = Click the centre of the tornado
cancel = Cancel
esc-or-right-click = Esc or right-click
power-marble-one-more-move-or = Power marble: one more move, or Pass (P / Space) to end the turn
power-marble-it-moves-twice-this = Power marble: it moves twice this turn
used-a = { $name } used a { $item }

## party mode: notices

an-item-box-appeared = An item box appeared
found-a = { $name } found a { $item }
found-a-but-the-hand-is = { $name } found a { $item }, but the hand is full: it is lost
the-roadblock-is-gone = The roadblock is gone
the-road-worker-has-left = The road worker has left
all-options = All options
long-jumps = Long jumps
jump-over-a-distant-marble-with = Jump over a distant marble with equal empty holes on both sides.
no-stopping-in-foreign-camps = No stopping in foreign camps
a-marble-may-pass-through-other = A marble may pass through other camps but not end its move there.
locked-in-target = Locked in target
a-marble-that-reached-its-target = A marble that reached its target camp stays inside it.
passing-allowed = Passing allowed
a-player-may-pass-instead-of = A player may pass instead of moving.
repetition-limit = Repetition limit
after-3-back-and-forth-moves = After 3 back-and-forth moves, going back is no longer allowed.
first-in-skips-a-turn = First in skips a turn
house-rule-the-first-player-to = House rule: the first player to reach their target skips their next turn.
equal-moves = Equal moves
when-someone-finishes-the-round-is = When someone finishes, the round is completed so everyone has moved equally often.
play-on-for-places = Play on for places
with-3-players-keep-playing-after = With 3+ players, keep playing after the winner until every place is decided.
anti-passive-rule = Anti-passive rule
after-moves-20-25-and-30 = After moves 20, 25 and 30 enough marbles must have left home, or the player loses.
deadlock-adjudication = Deadlock adjudication
two-players-after-10-rounds-without = Two players: after 10 rounds without progress the closer player wins 0.75-0.25.
teams = Teams
none = None
num-2-against-2 = 2 against 2
num-3-against-3 = 3 against 3
move-time-limit = Move time limit
time-bank = Time bank
off = off
who-moves-first = Who moves first
coin-toss = Coin toss
rock-paper-scissors = Rock-paper-scissors
drawing-lots = Drawing lots
fixed-seat = Fixed seat
start-game = Start game
load-game = Load game
language = Language

## draw

calls = calls
heads = heads
tails = tails
the-coin-shows = The coin shows
lots-are-drawn = Lots are drawn
the-rules-name-the-first-player = The rules name the first player
moves-first = moves first!
play = Play
skip = Skip

## HUD

to-move = to move
round = Round
move = Move
move-time = move time
undo = Undo
redo = Redo
pass = Pass
resign = Resign
menu = Menu
finished = finished
out = out
in-target = in target
click-a-marble-then-a-glowing = Click a marble, then a glowing hole. Right-drag turns the board, wheel zooms, T: top view.
anti-passive-rule-after-move-marbles =
    Anti-passive rule: after move { $move }, { $marbles ->
        [one] { $marbles } marble
       *[other] { $marbles } marbles
    } must be out of home; now { $now }

## end screen

game-over = Game over
place = Place
turns = Turns
score = Score
play-again = Play again
new-game = New game
save-game = Save game
look-at-the-board = Look at the board
draw = Draw
wins = wins

## menus

paused-title = Paused
that-is-not-your-marble = That is not your marble
that-hole-is-taken = That hole is taken
that-hole-is-in-another-player = That hole is in another player's camp: you may jump through, not stop
this-marble-has-reached-its-target = This marble has reached its target and may only move inside it
going-back-again-is-not-allowed = Going back again is not allowed: the repetition limit is reached
the-marble-cannot-reach-that-hole = The marble cannot reach that hole with a step or a chain of jumps
this-save-does-not-say-which = This save does not say which seats were bots: people play every seat.
resume = Resume
restart = Restart
settings = Settings
controls = Controls
back-to-setup = Back to setup
quit = Quit
sound = Sound
effects-volume = Effects volume
music-volume = Music volume
a-quiet-tune-while-you-play = A quiet tune while you play; all the way down is off.
picture-quality = Picture quality
automatic = Automatic
low = Low
high = High
high-adds-soft-shadows = High adds soft shadows and ambient occlusion; Low suits old laptops. Automatic picks Low on a software renderer.
show-legal-moves = Show legal moves
show-the-race = Show the race
once-two-armies-have-passed-each = Once two armies have passed each other, show the moves each still needs.
race = Race
moves-to-go =
    { $name }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } to go
at-least-moves-to-go =
    { $name }: at least { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } to go
mark-each-legal-destination-of-the = Mark each legal destination of the lifted marble.
shapes-on-marbles = Shapes on marbles
a-shape-per-colour-for-colour = A shape per colour, for colour-blind players.
turn-the-board-to-the-player = Turn the board to the player
animation-speed = Animation speed
close = Close
saved-games = Saved games
no-saved-games-yet = No saved games yet.
keyboard-and-gamepad = Keyboard and gamepad
lift-a-marble-move-to-the = Lift a marble / move to the marked hole
put-the-marble-back-or-open = Put the marble back, or open the menu
move-the-cursor = Move the cursor
next-marble-that-can-move = Next marble that can move
turn-and-tilt-the-board = Turn and tilt the board
top-down-view = Top-down view
face-the-player-to-move = Face the player to move

## notices

that-move-is-not-allowed = That move is not allowed
timed-out = timed out
in-a-row = in a row
skips-this-turn = skips this turn
finished-in = finished in
turns-in-text = turns
resigned = resigned
broke-the-anti-passive-rule = broke the anti-passive rule
timed-out-three-times = timed out three times
ran-out-of-time = ran out of time
passes = passes
move-undone = Move undone
move-redone = Move redone
nothing-to-undo = Nothing to undo
items-are-not-in-play-in = Items are not in play in this game
you-do-not-hold-that-item = You do not hold that item
items-are-used-before-the-move = Items are used before the move
one-item-per-turn-the-power = One item per turn (the power marble may join one other)
this-turn-only-the-power-marble = This turn only the power marble moves
it-must-go-on-a-hole = It must go on a hole outside every camp
it-must-go-on-an-empty = It must go on an empty hole without a box
it-must-go-within-3-holes = It must go within 3 holes of one of your marbles
the-marble-must-land-on-an = The marble must land on an empty hole
the-flying-wing-carries-a-marble = The flying wing carries a marble at most 4 holes
swap-with-another-player-s-marble = Swap with another player's marble
the-two-marbles-must-be-at = The two marbles must be at most 4 holes apart
no-item-may-leave-a-marble = No item may leave a marble in another player's camp
the-tornado-needs-a-hole-with = The tornado needs a hole with all six neighbours outside the camps
there-is-no-marble-for-the = There is no marble for the tornado to lift
nothing-to-redo = Nothing to redo
the-game-is-over = The game is over
passing-is-not-allowed-while-a = Passing is not allowed while a move is possible
this-setup-cannot-be-played = This setup cannot be played
that-is-not-possible-now = That is not possible now

## confirmations

yes = Yes
no = No
resign-question = Resign?
gives-up-this-game = { $name } gives up this game.
restart-question = Restart?
quit-starhop = Quit Starhop?
leave-this-game-for-the-setup = Leave this game for the setup screen?
delete-this-save = Delete this save?
the-game-in-progress-is-lost = The game in progress is lost unless you save it first.

## saved games

move-n = move { $n }
bot-level = Bot ({ $level })
vs = { $first } vs { $second }
delete = Delete
unreadable = Unreadable
from-a-newer-version = From a newer version
saved-as = Saved as «{ $file }»
saved-move = Saved: { $players }, move { $move }
deleted = Deleted «{ $file }»
the-game-could-not-be-saved = The game could not be saved.
this-game-could-not-be-loaded = This game could not be loaded: its moves do not follow the rules.
the-save-could-not-be-deleted = The save could not be deleted.
your-settings-could-not-be-saved = Your settings could not be saved.
this-file-is-not-a-readable = This file is not a readable Starhop save (it may be damaged or from another program).
it-was-moved-aside-as = It was moved aside as «{ $file }».
it-could-not-be-moved-aside = It could not be moved aside.
this-save-is-from-a-newer = This save is from a newer version of Starhop.
the-file-could-not-be-opened = The file «{ $file }» could not be opened.
there-is-no-file = There is no file «{ $file }».
your-settings-could-not-be-read = Your settings could not be read, so the game uses the defaults. The old file is kept as «{ $file }».
your-last-setup-could-not-be = Your last setup could not be read, so the game starts from the usual one. The old file is kept as «{ $file }».

## draw, HUD and help

best-of-three-tosses = Best of three tosses
whoever-calls-right-stays-in-until = Whoever calls right stays in, until one is left
h = H
t = T
right-drag = right-drag

## food checkers

food-checkers = Food checkers
capture-by-jumping-solo-puzzles-or = Capture by jumping: solo puzzles or a table game
capture-by-jumping-the-jumped-marble = Capture by jumping: the jumped marble is taken. Any marble may move.
solo-puzzle = Solo puzzle
free-solo = Free solo
several-players = Several players
small-37-holes = Small (37 holes)
standard-61-holes = Standard (61 holes)
large-91-holes = Large (91 holes)
slides = Slides
while-no-capture-exists-anywhere-a = While no capture exists anywhere, a marble may slide to a neighbouring hole.
click-a-hole-on-the-board = Click a hole on the board to leave it empty at the start (by default the centre on 61 holes, the hole beside it on 37 and 91, where a centre start cannot end with one marble).
centre = Centre
players-take-turns-everyone-keeps-what = Players take turns; everyone keeps what they capture. Most captures wins.
chinese-checkers = Chinese checkers
no-puzzles-yet = No puzzles yet.
fair = Fair
tricky = Tricky
very-hard = Very hard
marbles =
    { $marbles ->
        [one] { $marbles } marble
       *[other] { $marbles } marbles
    }
holes-marbles =
    { $holes ->
        [one] { $holes } hole
       *[other] { $holes } holes
    } · { $marbles ->
        [one] { $marbles } marble
       *[other] { $marbles } marbles
    }
no-saved-food-checkers-games-yet = No saved food checkers games yet (Ctrl+S saves one).
could-not-be-loaded = «{ $file }» could not be loaded: { $reason }
the-last-marble-should-end-on = The last marble should end on the golden ring.
the-last-marble-may-end-anywhere = The last marble may end anywhere.
holes =
    { $holes ->
        [one] { $holes } hole
       *[other] { $holes } holes
    }.
solvable-in-moves =
    Solvable in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
marbles-left = Marbles left: { $marbles }
moves-count = Moves: { $moves }
slides-count = Slides: { $slides }
captured = { $name }: { $captured } captured
a-capture-is-possible-every-move = A capture is possible: every move must capture.
no-capture-anywhere-slide-a-marble = No capture anywhere: slide a marble to a neighbouring hole.
no-solution-from-this-start-one = No solution from this start: one marble cannot be reached. Choose another start.
no-solution-from-here-undo-a = No solution from here: undo a move or two.
checking-whether-one-marble-can-still = Checking whether one marble can still be reached…
looking-for-a-hint = Looking for a hint…
hint-from-the-bot-not-proven = Hint from the Hard bot: not proven to leave one marble.
save = Save
one-marble-left = One marble left!
n-marbles-left =
    { $marbles ->
        [one] { $marbles } marble
       *[other] { $marbles } marbles
    } left
no-capture-is-possible-any-more = No capture is possible any more.
on-the-golden-ring = on the golden ring
anywhere = anywhere
one-marble-left-in-text = one marble left
the-last-marble-placed-right = the last marble placed right
the-fewest-moves = ★ the fewest moves: { $moves }
fewest-moves-not-known-yet = fewest moves not known yet
best = Best: { $stars }
one-marble-is-left = One marble is left.
no-move-is-possible = No move is possible.
a-full-round-of-slides-went = A full round of slides went by without a capture.
retry = Retry
next-puzzle = Next puzzle
a-capture-is-possible-and-while = A capture is possible, and while one is, every move must capture.
slides-are-off-in-this-game = Slides are off in this game: every move captures.
that-marble-cannot-capture-into-that = That marble cannot capture into that hole.
that-hole-is-taken-sentence = That hole is taken.
there-is-no-marble-there = There is no marble there.
the-game-is-over-sentence = The game is over.
nothing-to-undo-sentence = Nothing to undo.
nothing-to-redo-sentence = Nothing to redo.
not-possible = Not possible: { $reason }
this-marble-cannot-capture-another-one = This marble cannot capture; another one can.
this-marble-cannot-move = This marble cannot move.
the-selected-marble-cannot-go-there = The selected marble cannot go there.
this-food-checkers-game-could-not = This food checkers game could not be replayed.
your-food-checkers-progress-could-not = Your food checkers progress could not be read.
your-food-checkers-progress-could-not-be = Your food checkers progress could not be read; the file was kept aside as «{ $file }».
your-food-checkers-progress-could-not-be-saved = Your food checkers progress could not be saved.

## the replay viewer

replay = Replay
watch-again = Watch again
watch-this-game-again-move-by = Watch this game again, move by move.
watch = Watch
watch-this-game-move-by-move = Watch this game move by move.
start-position = Start position
slides-move = slides
takes = takes { $marbles }
hops =
    { $hops ->
        [one] { $hops } hop
       *[other] { $hops } hops
    }
move-list = Move list
go-to-the-start = Go to the start
one-move-back = One move back
one-move-forward = One move forward
go-to-the-end = Go to the end
play-the-moves-one-after-another = Play the moves one after another
playback-speed = Playback speed
move-of = Move { $at } of { $total }
leave-the-replay = Leave the replay
click-a-move-to-go-there = Click a move to go there. ← →: step, Space: play or pause, Home / End: first / last, + −: speed, Esc: leave.
this-game-cannot-be-replayed-its = This game cannot be replayed: its action { $action } breaks the rules (the record may be damaged).
this-file-is-not-a-readable-starhop = This file is not a readable Starhop game record (it may be damaged or from another program).
this-game-cannot-be-replayed-its-set = This game cannot be replayed: its set-up is not valid (the record may be damaged).
# The window, the volume and the About box (Settings).
sound-on = Sound on
sound-off-m-to-turn-it-on = Sound off (M to turn it on)
m-turns-the-sound-off-and-on = M turns the sound off and on in any screen.
master-volume = Master volume
full-screen-f11 = Full screen (F11)
vertical-sync = Vertical sync
show-each-picture-when-the-screen = Show each picture when the screen is ready for it, with no tearing.
frame-rate-cap = Frame rate cap
at-most-this-many-pictures-a = At most this many pictures a second: a laptop runs cooler and longer.
about-starhop = About Starhop
version-x = Version { $version }
code-mit-or-apache = Code: MIT or Apache-2.0, at your choice.
fonts-quicksand-and-noto = Fonts: Quicksand and Noto Sans CJK, under the SIL Open Font License 1.1.
sounds-and-music-made-for = Sounds and music: made for Starhop by a script, public domain (CC0 1.0).
starhop-stopped-unexpectedly-last = Starhop stopped unexpectedly last time. A report of what happened is in { $path }
full-screen-and-back = Full screen, and back
sound-off-and-on-again = Sound off, and on again
off-setting = Off
halma = Halma

# Starhop: the league: profiles, history and tournaments (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

adjudicated = adjudicated
blocked = blocked
team-game = team game
no-finished-games-yet = No finished games yet.
n-moves =
    { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
watch-this-game-again = Watch this game again
history = History
the-league-is-not-available-in = The league is not available in this run.
player = Player
everyone = Everyone
n-games =
    { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
num-1-game = 1 game
the-league-file-could-not-be =
    The league file «{ $file }» could not be read, so it was kept aside as «{ $aside }»; { $games ->
        [one] { $games } game
       *[other] { $games } games
    } and { $profiles ->
        [one] { $profiles } profile
       *[other] { $profiles } profiles
    } were rebuilt from the history.
no-points-were-gained-the-game = No points were gained: the game was decided in round { $decided }, and points are gained from round { $from } on (rule book §7).
no-points-were-gained-someone-resigned = No points were gained: someone resigned before round 11 (rule book §7).
single-games = Single games
best-of-three = Best of three
own-rules = Own rules
all-tournaments = All tournaments
new-tournament = New tournament
no-tournaments-yet-in-a-round = No tournaments yet. In a round robin everyone plays everyone once (or a best of three).
open = Open
winner = Winner: { $name }
round-of = Round { $round } of { $rounds }
n-entrants =
    { $entrants ->
        [one] { $entrants } entrant
       *[other] { $entrants } entrants
    }
family-cup = Family cup
games = Games
best-of-three-a-match-won = Best of three: a match won scores 2, a match lost 1; a drawn match gets an extra game.
entrants-count = Entrants ({ $entrants })
num-3-to-16 = 3 to 16
guest = Guest
remove = Remove
add-entrant = Add entrant
add-every-profile = Add every profile
create-tournament = Create tournament
next-round-against = Next: round { $round }, { $first } against { $second }
name-moves-first = { $name } moves first.
game-of-the-match = Game { $game } of the match.
play-next = Play next
wins-the-tournament = { $name } wins the tournament!
standings = Standings
points = Points
played = Played
w = W
won = Won
d = D
drawn = Drawn
l = L
lost = Lost
sb = SB
sonneborn-berger-the-points-of-each = Sonneborn–Berger: the points of each opponent beaten, half of each drawn; it breaks ties.
rounds-title = Rounds
moves-first-in-the-first-game = ⚑ moves first in the first game.
round-n = Round { $round }
has-a-free-round = { $name } has a free round
by-lot = by lot
forfeit = forfeit
profiles = Profiles
new-profile = New profile
create = Create
no-profiles-yet-a-profile-keeps = No profiles yet. A profile keeps a player's rating points and games.
level = Level
w-d-l = W / D / L
wins-draws-and-losses = Wins, draws and losses
moves = Moves
average-own-moves-in-the-games = Average own moves in the games finished
games-of = Games of { $name }
click-a-name-to-see-that = Click a name to see that player's games.
rename = Rename
since = Since { $date }
the-league-file-could-not-be-read = The league file «{ $file }» could not be read, so it was kept aside as «{ $aside }».
the-league-file-could-not-be-read-nothing = The league file «{ $file }» could not be read; nothing was changed in it.
was-written-by-a-newer-starhop = «{ $file }» was written by a newer Starhop; it is left as it is and nothing is saved over it.
could-not-be-written-the-last = «{ $file }» could not be written; the last change is not saved.
the-game-could-not-be-added = The game could not be added to the history.
a-profile-needs-a-name = A profile needs a name.
there-is-already-a-profile-called = There is already a profile called { $name }.
tournament-of = Tournament of { $date }
a-tournament-needs-3-to-16 = A tournament needs 3 to 16 entrants.
delete-the-profile = Delete the profile { $name }?
its-rating-points-go-its-games = Its rating points go; its games stay in the history.
delete-this-game-from-the-history = Delete this game from the history?
the-rating-points-it-gave-or = The rating points it gave or took stay.
delete-the-tournament = Delete the tournament { $name }?
its-games-stay-in-the-history = Its games stay in the history.
chinese-checkers-for-2-to-6 = Chinese checkers for 2 to 6 players, people and bots.
chinese-checkers-with-item-boxes-on = Chinese checkers with item boxes on the board.
a-round-robin-everyone-plays-everyone = A round robin: everyone plays everyone, one game at a time.
players-with-rating-points-and-levels = Players with rating points and levels.
every-finished-game-newest-first = Every finished game, newest first.
language-sound-and-display = Language, sound and display.
leave-starhop = Leave Starhop.
home = Home
and-enter-or-the-number-keys = ↑ ↓ and Enter, or the number keys.
best-players = Best players
level-n = Level { $level }
n-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
rating = Rating
back-to-the-tournament = Back to the tournament
level-n-reached = Level { $level }!
a-profile-plays-with-its-own = A profile plays with its own name and colour.
a-person-without-a-profile-not = A person without a profile: not rated.
no-pieces-left = no pieces left
no-move-left = no move left
no-capture-left = no capture left
draw-in-text = draw

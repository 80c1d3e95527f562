# Starhop: network games (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

network-game = Network game
host-a-table-or-join-one = Host a table or join one over the network.
set-up-a-table-to-host = Set up a table to host
choose-players-and-rules-seats-set = Choose players and rules; seats set to Remote player wait for people at other computers.
join-a-table = Join a table
ask-the-host-for-the-address = Ask the host for the address and the room code on their screen.
address = Address
room-code = Room code
your-name = Your name
join = Join
take-your-seat-back-at = Take your seat back at { $address }
a-seat-waits-two-minutes-for = A seat waits two minutes for its player.
only-watch = Only watch
follow-the-game-without-a-seat = Follow the game without a seat.
others-join-with-this-address-and = Others join with this address and code:
table-at = Table at { $address }
reaching-the-host = Reaching the host…
connection-lost-coming-back = Connection lost; coming back…
not-at-the-table = Not at the table: { $reason }
waiting-for-every-remote-seat-to = Waiting for every remote seat to be taken.
waiting-for-the-host-to-start = Waiting for the host to start the game…
close-the-table = Close the table
leave-the-table = Leave the table
open-seat = (open)
you = { $name } (you)
waiting-for-a-player = waiting for a player
at-the-host = at the host
joined = joined
connection-lost = connection lost
watching = Watching: { $spectators }
hosting = 🌐 Hosting · { $code }
online = 🌐 Online · { $code }
name-connection-lost = ⚠ { $name }: connection lost
a-player = A player
take-back-a-move = Take back a move?
asks-to-take-back-the-last = { $name } asks to take back the last move.
allow = Allow
refuse = Refuse
remote-player = Remote player
a-person-at-another-computer-joins = A person at another computer joins this seat over the network.
host-game = Host game
open-a-network-table-others-join = Open a network table: others join with its address and room code.
the-table-could-not-be-opened = The table could not be opened: { $reason }
could-not-join = Could not join: { $reason }
asked-the-host-to-take-back = Asked the host to take back the last move.
redo-is-not-available-in-network = Redo is not available in network games.
is-back = { $name } is back.
your-seat-waited-for-you-but = Your seat waited for you, but you were away too long: the game went on without you. You are watching it.
has-lost-the-connection-the-seat = { $name } has lost the connection; the seat waits for them.
the-host-refused = The host refused: { $reason }
the-table-has-closed-the-game = The table has closed ({ $reason }). The game stays on screen: save it from the menu.
tables-on-this-network = Tables on this network
cannot-look-for-tables-here = Cannot look for tables here: { $reason }
looking-for-tables-a-host-s = Looking for tables… (a host's Starhop announces its table)
playing = playing
waiting = waiting
open-seats = open seats: { $seats }
use-this-address-the-room-code = Use this address; the room code is on the host's screen.
host-a-saved-game = Host a saved game
everyone-who-played-it-joins-again = Everyone who played it joins again; each finds their seat by their name.
who-plays-at-this-computer = Who plays at this computer?
host-this-game = Host this game
this-game-cannot-be-hosted = This game cannot be hosted: { $reason }
nobody-coming-a-bot-can-take = Nobody coming? A bot can take the seat until the game starts.
host-a-table = Host a table:
you-play = You play
open-the-table = Open the table
others-join-with-its-address-and = Others join with its address and room code; in the lobby a bot can take a seat nobody came for.
game = Game: { $game }
food-checkers-players-holes =
    Food checkers · { $players ->
        [one] { $players } player
       *[other] { $players } players
    } · { $holes ->
        [one] { $holes } hole
       *[other] { $holes } holes
    }
halma-players = Halma · { $players } players
a-draw-cannot-be-agreed-at = A draw cannot be agreed at a network table.
a-network-game-is-not-played = A network game is not played again here: the host opens a new table for that.

## Play online (a Starhop server)
play-online = Play online
others-join-on-the-server-with = Others join on the server { $server } with this code:
the-game-starts-when-every-seat = The game starts when every seat is taken…
starhop-table = Starhop table
owners-table = { $name }'s table
everyone-connects-to-a-starhop-server = Everyone connects to a Starhop server: nobody's router needs opening.
server = Server
the-servers-address-and-port-kept = The server's address and port; kept for next time (also in Settings).
fill-in-the-server-your-name = Fill in the server, your name and the code.
asking-server = Asking { $server }…
the-server-did-not-answer = The server did not answer.
the-server-did-not-answer-why = The server did not answer: { $reason }
open-a-table-on-the-server = Open a table on the server
bots = Bots
the-servers-bots-take-the-last = The server's bots take the last seats; the others wait for people.
public-listed-for-everyone-on-this = Public: listed for everyone on this server
you-get-a-room-code-to = You get a room code to give the others; the game starts when every seat is taken.
fill-in-the-server-and-your = Fill in the server and your name.
public-tables = Public tables
refresh = Refresh
refresh-to-see-this-servers-public = Refresh to see this server's public tables.
no-public-tables-on-this-server = No public tables on this server now.
online-server = Online server
the-starhop-server-that-play-online = The Starhop server that Play online connects to (address:port).
moves-are-not-taken-back-at = Moves are not taken back at a server's table.

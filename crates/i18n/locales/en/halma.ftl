# Starhop: Halma (English).
# Each message's id comes from its English text; the game looks a text
# up by its English (crates/i18n), so a change of wording there is a new
# message in every language.

this-halma-game-could-not-be = This Halma game could not be replayed: { $reason }
seat-has-no-move-and-passes = { $seat } has no move and passes.
race-your-pieces-into-the-opposite = Race your pieces into the opposite corner: step to any of the eight squares around, or jump over a piece, jump after jump in one move. Nothing is captured.
num-2-players-19-pieces-each = 2 players, 19 pieces each
num-4-players-13-pieces-each = 4 players, 13 pieces each
no-saved-halma-games-yet-ctrl = No saved Halma games yet (Ctrl+S saves one).
seat-home-in-moves = { $seat }: home in { $moves } moves
seat-out-reason = { $seat }: out, { $reason }
seat-arrived-of-all-across = { $seat }: { $arrived } of { $all } across
seat-passes = { $seat } passes
the-square-board-original-of-1880 = The square-board original of 1880, for 2 or 4 players.
teams-red-and-yellow-against-blue = Teams: Red and Yellow against Blue and Green
diagonal-partners-win-together-when-one = Diagonal partners win together: when one of them finishes, or when they hold three quarters of their pieces across; a partner who leaves loses for both.

//! Tables of draughts, food checkers and Halma: the table's game shows in its own
//! mode, on that mode's board and screen. While a table is open
//! (`MatchAuthority::Remote`) the mode applies none of its moves: its
//! requests (a person's press, a bot of the host's) are read here and go to
//! the table, and every move the host plays is made in the mode's session
//! and reported with the mode's own "moved" message, so pieces hop and
//! captures fly as in play. A copy that disagrees with the authority's
//! checksum is replaced by it.

use super::{Link, Online, TableState};
use crate::base::{Notice, Screen};
use crate::draughts::{
    DraughtsMoveRequest, DraughtsMoved, DraughtsOver, DraughtsPlaying, DraughtsRebuild,
    DraughtsSeat, DraughtsSession, DraughtsSetup, DraughtsTurn,
};
use crate::food::{
    FoodMode, FoodMoveRequest, FoodMoved, FoodOver, FoodPlaying, FoodRebuild, FoodSeat,
    FoodSession, FoodSetup, FoodTurn,
};
use crate::halma::{
    HalmaCommand, HalmaMoveRequest, HalmaMoved, HalmaOver, HalmaPlaying, HalmaRebuild, HalmaSeat,
    HalmaSession, HalmaSetup,
};
use crate::settings::Settings;
use crate::ui::Tr;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhop_ai::Level;
use starhop_draughts::shape::{full_route, move_of_route};
use starhop_draughts::{DraughtsMove, Side};
use starhop_engine::Seat;
use starhop_engine::halma::HalmaTurn;
use starhop_games::{AnyGame, AnyMove};
use starhop_net::{Lobby, Play, SeatKind as NetSeat};

/// The sessions of the modes a table of another game than classic shows,
/// and their messages.
#[derive(SystemParam)]
pub(super) struct Boards<'w> {
    draughts: Option<ResMut<'w, DraughtsSession>>,
    draughts_playing: ResMut<'w, DraughtsPlaying>,
    draughts_moved: MessageWriter<'w, DraughtsMoved>,
    draughts_over: MessageWriter<'w, DraughtsOver>,
    draughts_rebuild: MessageWriter<'w, DraughtsRebuild>,
    food: Option<ResMut<'w, FoodSession>>,
    food_playing: ResMut<'w, FoodPlaying>,
    food_moved: MessageWriter<'w, FoodMoved>,
    food_over: MessageWriter<'w, FoodOver>,
    food_rebuild: MessageWriter<'w, FoodRebuild>,
    halma: Option<ResMut<'w, HalmaSession>>,
    halma_playing: ResMut<'w, HalmaPlaying>,
    halma_moved: MessageWriter<'w, HalmaMoved>,
    halma_over: MessageWriter<'w, HalmaOver>,
    halma_rebuild: MessageWriter<'w, HalmaRebuild>,
}

/// A seat's player as the modes know them: a bot of the host's by its
/// level, else a person (here or elsewhere).
fn bot_level(lobby: &Lobby, seat: usize) -> Option<Level> {
    match &lobby.seats.get(seat)?.kind {
        NetSeat::Bot { level } => Level::ALL.into_iter().find(|l| l.name() == level),
        _ => None,
    }
}

impl Boards<'_> {
    /// Puts the table's game on its mode's screen; false when it is not a
    /// draughts or food-checkers game (or the table has none yet).
    pub(super) fn begin(
        &mut self,
        commands: &mut Commands,
        online: &mut Online,
        next: &mut NextState<Screen>,
    ) -> bool {
        let (Some((game, seq)), Some(lobby)) = (online.any_authority(), online.lobby.as_ref())
        else {
            return false;
        };
        let elsewhere: Vec<bool> = (0..lobby.seats.len() as Seat)
            .map(|s| online.elsewhere(s))
            .collect();
        match game {
            AnyGame::Draughts(g) => {
                let seat =
                    |i: usize| bot_level(lobby, i).map_or(DraughtsSeat::Human, DraughtsSeat::Bot);
                let setup = DraughtsSetup {
                    variant: g.variant(),
                    seats: [seat(0), seat(1)],
                    // Clocks are classic's alone at a table.
                    minutes: None,
                };
                let mut session = DraughtsSession::new(g, setup);
                session.elsewhere = [0, 1].map(|i| elsewhere.get(i).copied().unwrap_or(true));
                commands.insert_resource(session);
                self.draughts_playing.0 = true;
                next.set(Screen::Draughts);
                self.draughts_rebuild.write(DraughtsRebuild);
            }
            AnyGame::Food(g) => {
                let seats = (0..g.rules().players)
                    .map(|i| bot_level(lobby, i).map_or(FoodSeat::Human, FoodSeat::Bot))
                    .collect();
                let setup = FoodSetup {
                    mode: FoodMode::Table,
                    rules: g.rules().clone(),
                    seats,
                };
                let mut session = FoodSession::new(g, setup);
                session.elsewhere = elsewhere;
                commands.insert_resource(session);
                self.food_playing.0 = true;
                next.set(Screen::Food);
                self.food_rebuild.write(FoodRebuild);
            }
            AnyGame::Halma(g) => {
                let mut setup = HalmaSetup {
                    players: g.players(),
                    teams: g.rules().teams,
                    ..HalmaSetup::default()
                };
                for (i, seat) in setup.seats.iter_mut().enumerate() {
                    *seat = bot_level(lobby, i).map_or(HalmaSeat::Human, HalmaSeat::Bot);
                }
                let mut session = HalmaSession::new(g, setup);
                for (i, e) in session.elsewhere.iter_mut().enumerate() {
                    *e = elsewhere.get(i).copied().unwrap_or(true);
                }
                commands.insert_resource(session);
                self.halma_playing.0 = true;
                next.set(Screen::Halma);
                self.halma_rebuild.write(HalmaRebuild);
            }
            // Classic is on its own screen; no table plays the crossing.
            AnyGame::Classic(_) | AnyGame::Crossing(_) => return false,
        }
        online.copy_at = seq;
        online.on_board = true;
        online.state = TableState::Playing;
        true
    }

    /// The game on show, as the table's shape (`None`: none in play).
    fn game(&self) -> Option<AnyGame> {
        if let Some(s) = self.draughts.as_ref().filter(|_| self.draughts_playing.0) {
            return Some(AnyGame::Draughts(s.game.clone()));
        }
        if let Some(s) = self.halma.as_ref().filter(|_| self.halma_playing.0) {
            return Some(AnyGame::Halma(s.game.clone()));
        }
        let s = self.food.as_ref().filter(|_| self.food_playing.0)?;
        Some(AnyGame::Food(s.game.clone()))
    }

    /// Makes the host's `play` in the game on show, reported as the mode's
    /// own move; false when it could not be made there.
    fn play(&mut self, play: &Play) -> bool {
        let (draughts, food) = (self.draughts_playing.0, self.food_playing.0);
        if let Some(s) = self.draughts.as_mut().filter(|_| draughts) {
            match play {
                Play::Move {
                    mv: AnyMove::Draughts(dm),
                } => {
                    let before = *s.game.position();
                    let Some(mv) = move_of_route(&before, &dm.route) else {
                        return false;
                    };
                    if let Err(e) = s.game.play(&mv) {
                        warn!("the table's draughts move was refused here: {e}");
                        return false;
                    }
                    self.draughts_moved.write(DraughtsMoved { before, mv });
                }
                Play::Resign { seat } => {
                    let side = if *seat == 0 { Side::White } else { Side::Black };
                    if s.game.resign(side).is_err() {
                        return false;
                    }
                }
                Play::Move { .. } => return false,
            }
            s.revision += 1;
            if s.game.is_over() {
                self.draughts_over.write(DraughtsOver);
            }
            return true;
        }
        if self.halma_playing.0
            && let Some(s) = self.halma.as_mut()
        {
            return halma_play(s, play, &mut self.halma_moved, &mut self.halma_over);
        }
        let Some(s) = self.food.as_mut().filter(|_| food) else {
            return false;
        };
        let Play::Move {
            mv: AnyMove::Food(fm),
        } = play
        else {
            return false;
        };
        match s.game.play(&fm.route) {
            Ok(report) => {
                let ended = report.end.is_some();
                self.food_moved.write(FoodMoved {
                    player: report.player,
                    mv: report.mv,
                    undone: false,
                });
                if ended {
                    self.food_over.write(FoodOver);
                }
                true
            }
            Err(e) => {
                warn!("the table's food-checkers move was refused here: {e}");
                false
            }
        }
    }

    /// The authority's game replaces the one on show (an undo, a resync).
    fn replace(&mut self, game: AnyGame) {
        match game {
            AnyGame::Draughts(g) => {
                let Some(s) = self.draughts.as_mut() else {
                    return;
                };
                let ends = !s.game.is_over() && g.is_over();
                s.game = g;
                s.revision += 1;
                self.draughts_rebuild.write(DraughtsRebuild);
                if ends {
                    self.draughts_over.write(DraughtsOver);
                }
            }
            AnyGame::Food(g) => {
                let Some(s) = self.food.as_mut() else { return };
                let ends = !s.game.is_over() && g.is_over();
                s.game = g;
                self.food_rebuild.write(FoodRebuild);
                if ends {
                    self.food_over.write(FoodOver);
                }
            }
            AnyGame::Halma(g) => {
                let Some(s) = self.halma.as_mut() else { return };
                let ends = !s.game.is_over() && g.is_over();
                s.game = g;
                s.revision += 1;
                self.halma_rebuild.write(HalmaRebuild);
                if ends {
                    self.halma_over.write(HalmaOver);
                }
            }
            AnyGame::Classic(_) | AnyGame::Crossing(_) => {}
        }
    }

    /// Follows the host's `play` (change `seq`): made here, and checked
    /// against the authority's checksum when it is at that change; a copy
    /// that cannot make it or disagrees takes the authority's game.
    pub(super) fn played(&mut self, online: &mut Online, seq: u64, play: &Play) {
        // Already in the copy (it was taken after this change was made).
        if seq <= online.copy_at {
            return;
        }
        if self.game().is_none() {
            // The game goes on show at the end of this frame, as it is now.
            online.stale = true;
            return;
        }
        let made = self.play(play);
        online.copy_at = seq;
        let in_step = made
            && online.any_authority().is_none_or(|(g, at)| {
                at != seq
                    || self.game().map(|ours| starhop_net::table::checksum(&ours))
                        == Some(starhop_net::table::checksum(&g))
            });
        if !in_step {
            warn!("the game on show left the table's at change {seq}; taking the host's game");
            self.replaced(online);
        }
    }

    /// Takes the authority's game as it is now.
    pub(super) fn replaced(&mut self, online: &mut Online) {
        if self.game().is_none() {
            online.stale = true;
            return;
        }
        if let Some((game, seq)) = online.any_authority() {
            self.replace(game);
            online.copy_at = seq;
        }
    }

    /// The authority's game changed otherwise (an undo, a resync, its end
    /// told again): taken unless the game on show is it already.
    pub(super) fn changed(&mut self, online: &mut Online) {
        let same = online.any_authority().is_some_and(|(g, at)| {
            at == online.copy_at
                && self.game().map(|ours| starhop_net::table::checksum(&ours))
                    == Some(starhop_net::table::checksum(&g))
        });
        if !same {
            self.replaced(online);
        }
    }

    /// A game put on show in the last frame takes what the table played
    /// meanwhile.
    pub(super) fn catch_up(&mut self, online: &mut Online) {
        if online.stale && self.game().is_some() {
            online.stale = false;
            self.replaced(online);
        }
    }
}

/// Makes the host's `play` in the Halma game on show (a hop by its route, a
/// pass, a resignation), reported as the mode's own move; false when it
/// could not be made there.
fn halma_play(
    s: &mut HalmaSession,
    play: &Play,
    moved: &mut MessageWriter<HalmaMoved>,
    over: &mut MessageWriter<HalmaOver>,
) -> bool {
    let made = match play {
        Play::Move {
            mv: AnyMove::Halma(HalmaTurn::Hop { route }),
        } => {
            let before = *s.game.position();
            let (Some(&from), Some(&to)) = (route.first(), route.last()) else {
                return false;
            };
            let made = s.game.play(from, to);
            if let (Ok(()), Some(mv)) = (&made, s.game.last_move()) {
                moved.write(HalmaMoved {
                    before,
                    mv: mv.clone(),
                });
            }
            made
        }
        Play::Move {
            mv: AnyMove::Halma(HalmaTurn::Pass),
        } => s.game.pass(),
        Play::Resign { seat } => s.game.resign(*seat),
        Play::Move { .. } => return false,
    };
    if let Err(e) = made {
        warn!("the table's Halma move was refused here: {e}");
        return false;
    }
    s.revision += 1;
    if s.game.is_over() {
        over.write(HalmaOver);
    }
    true
}

/// What a mode asked for, read each frame whatever the table (so nothing
/// old is sent when a table opens).
#[derive(SystemParam)]
pub(super) struct ModeRequests<'w, 's> {
    draughts_moves: MessageReader<'w, 's, DraughtsMoveRequest>,
    draughts_turns: MessageReader<'w, 's, DraughtsTurn>,
    food_moves: MessageReader<'w, 's, FoodMoveRequest>,
    food_turns: MessageReader<'w, 's, FoodTurn>,
    halma_moves: MessageReader<'w, 's, HalmaMoveRequest>,
    halma_turns: MessageReader<'w, 's, HalmaCommand>,
}

/// A turn of a mode that the table answers.
enum Turn {
    Undo,
    Redo,
    Resign,
    Draw,
    Again,
}

/// The requests of the modes' people and bots go to the table instead of
/// the modes' rules (which hold them while a table is open).
pub(super) fn send_board_requests(
    settings: Res<Settings>,
    online: Option<Res<Online>>,
    draughts: Option<Res<DraughtsSession>>,
    food: Option<Res<FoodSession>>,
    halma: Option<Res<HalmaSession>>,
    mut requests: ModeRequests,
    mut notices: MessageWriter<Notice>,
    mut passed_at: Local<Option<u64>>,
) {
    let draughts_moves: Vec<_> = requests.draughts_moves.read().map(|m| m.0).collect();
    let food_moves: Vec<_> = requests.food_moves.read().map(|m| m.0.clone()).collect();
    let mut turns: Vec<Turn> = requests
        .draughts_turns
        .read()
        .filter_map(|t| match t {
            DraughtsTurn::Undo => Some(Turn::Undo),
            DraughtsTurn::Redo => Some(Turn::Redo),
            DraughtsTurn::Resign => Some(Turn::Resign),
            DraughtsTurn::Draw => Some(Turn::Draw),
            DraughtsTurn::Retry => Some(Turn::Again),
            _ => None,
        })
        .collect();
    turns.extend(requests.food_turns.read().filter_map(|t| match t {
        FoodTurn::Undo => Some(Turn::Undo),
        FoodTurn::Redo => Some(Turn::Redo),
        FoodTurn::Retry | FoodTurn::NextPuzzle => Some(Turn::Again),
        _ => None,
    }));
    let halma_moves: Vec<_> = requests.halma_moves.read().copied().collect();
    turns.extend(requests.halma_turns.read().filter_map(|t| match t {
        HalmaCommand::Undo => Some(Turn::Undo),
        HalmaCommand::Redo => Some(Turn::Redo),
        HalmaCommand::Resign => Some(Turn::Resign),
        HalmaCommand::Retry => Some(Turn::Again),
        _ => None,
    }));
    let Some(online) = online.filter(|o| o.on_board) else {
        return;
    };
    let lang = settings.language;
    if let Some(s) = &draughts {
        for mv in draughts_moves {
            let side = s.game.side_to_move();
            // Only a side played here moves from here.
            if s.elsewhere[side.index()] {
                continue;
            }
            if let Err(e) = s.game.clone().play(&mv) {
                notices.write(Notice::Problem(crate::draughts::refusal(lang, &e)));
                continue;
            }
            let route = full_route(s.game.position(), &mv);
            let play = Play::of(AnyMove::Draughts(DraughtsMove { route }));
            online.make(side.index() as Seat, play, &mut notices);
        }
    }
    if let Some(s) = &food {
        for route in food_moves {
            let player = s.game.to_move();
            if !s.here(player) {
                continue;
            }
            match s.game.clone().play(&route) {
                Ok(report) => online.make(
                    player as Seat,
                    Play::of(AnyMove::Food(report.mv)),
                    &mut notices,
                ),
                Err(e) => {
                    notices.write(Notice::Problem(crate::food::refusal(lang, &e)));
                }
            }
        }
    }
    if let Some(s) = &halma {
        send_halma_moves(&online, s, &halma_moves, &mut passed_at, &mut notices);
    }
    for turn in turns {
        let not_here = match turn {
            Turn::Redo => lang.t("Redo is not available in network games."),
            Turn::Draw => lang.t("A draw cannot be agreed at a network table."),
            Turn::Again => lang
                .t("A network game is not played again here: the host opens a new table for that."),
            Turn::Undo | Turn::Resign => "",
        };
        match turn {
            Turn::Undo => online.take_back(lang, &mut notices),
            Turn::Redo | Turn::Draw | Turn::Again => {
                notices.write(Notice::Info(not_here.into()));
            }
            Turn::Resign if halma.is_some() => {
                let Some(s) = &halma else { continue };
                // The person here to move, else the one person here.
                let seat = if s.human_to_move() {
                    Some(s.to_move())
                } else {
                    s.people().next().filter(|_| s.people().count() == 1)
                };
                if let Some(seat) = seat.filter(|_| !s.game.is_over()) {
                    let seat = seat as Seat;
                    online.make(seat, Play::Resign { seat }, &mut notices);
                }
            }
            Turn::Resign => {
                let Some(s) = &draughts else { continue };
                // The person here to move, else the one person here.
                let to_move = s.game.side_to_move();
                let side = [to_move, to_move.other()]
                    .into_iter()
                    .find(|&side| s.person_here(side));
                if let Some(side) = side.filter(|_| !s.game.is_over()) {
                    let seat = side.index() as Seat;
                    online.make(seat, Play::Resign { seat }, &mut notices);
                }
            }
        }
    }
}

/// The Halma moves of the seats played here go to the table, each with
/// its route; a seat here left without a move passes (§3), once for the
/// change the copy is at.
fn send_halma_moves(
    online: &Online,
    s: &HalmaSession,
    moves: &[HalmaMoveRequest],
    passed_at: &mut Option<u64>,
    notices: &mut MessageWriter<Notice>,
) {
    if s.game.is_over() {
        return;
    }
    let seat = s.to_move();
    if s.elsewhere[seat.min(crate::halma::MAX_SEATS - 1)] {
        return;
    }
    for &HalmaMoveRequest { from, to } in moves {
        match s.game.legal_move(from, to) {
            Some(mv) => online.make(
                seat as Seat,
                Play::of(AnyMove::Halma(HalmaTurn::Hop { route: mv.route })),
                notices,
            ),
            // The board offers only legal moves: one that is not is dropped.
            None => warn!("the Halma move {from}-{to} is not legal here"),
        }
    }
    if *passed_at != Some(online.copy_at) && s.game.legal_moves().is_empty() {
        *passed_at = Some(online.copy_at);
        online.make(
            seat as Seat,
            Play::of(AnyMove::Halma(HalmaTurn::Pass)),
            notices,
        );
    }
}

impl Online {
    /// Asks the table to make `play` for `seat`: the host plays it at once
    /// (its answer comes as news), a client sends it for the change its
    /// copy is at.
    fn make(&self, seat: Seat, play: Play, notices: &mut MessageWriter<Notice>) {
        match &self.link {
            Link::Host { handle, .. } => {
                if let Err(e) = handle.play(seat, play) {
                    notices.write(Notice::Problem(e.to_string()));
                }
            }
            Link::Client { handle, .. } => {
                if let Some(h) = handle {
                    h.play(self.copy_at, play);
                }
            }
        }
    }
}

//! Playing seats until the game ends: the loops that the command line's
//! bots and the tests share. `choose` picks an action for the player to move
//! (a bot, a script); these loops send it at the right moment and follow
//! the game to its end.

use crate::client::{ClientEvent, ClientEvents, ClientHandle};
use crate::host::{HostEvent, HostEvents, HostHandle};
use starhop_engine::{Action, Game, Record, Seat};
use std::time::{Duration, Instant};

/// Rejections of our own requests in a row after which we give up (a
/// chooser that keeps asking for illegal actions would never end).
const MAX_REJECTIONS: u32 = 5;

/// How long to wait for news before looking at the table again.
const POLL: Duration = Duration::from_millis(50);

/// Whether a rejection only says the game moved on (our copy of a request
/// was sent twice, or an answer crossed a change): nothing to do.
pub fn moved_on(reason: &str) -> bool {
    reason.starts_with("stale") || reason == "replayed request"
}

/// Plays the client's seat with `choose` until the game is over, and returns
/// the client's record of it. Gives up after `limit`.
pub fn play_client(
    client: &ClientHandle,
    events: &ClientEvents,
    mut choose: impl FnMut(&Game) -> Action,
    limit: Duration,
) -> Result<Record, String> {
    let end = Instant::now() + limit;
    let mut acted_at = None;
    let mut rejections = 0;
    loop {
        if Instant::now() > end {
            return Err(format!("the game did not end within {limit:?}"));
        }
        let view = client.view();
        if let Some(record) = view.record {
            return Ok(record);
        }
        if let (Some(seat), Some(game)) = (view.seat, &view.game)
            && !game.is_over()
            && game.to_move() == seat
            && acted_at != Some(view.seq)
        {
            client.act(view.seq, choose(game));
            acted_at = Some(view.seq);
        }
        match events.recv_timeout(POLL) {
            Some(ClientEvent::GameOver { record }) => return Ok(record),
            Some(ClientEvent::Closed { reason }) => return Err(reason),
            Some(ClientEvent::Rejected { reason, .. }) if !moved_on(&reason) => {
                rejections += 1;
                if rejections >= MAX_REJECTIONS {
                    return Err(format!("the host keeps refusing our moves: {reason}"));
                }
                acted_at = None;
            }
            Some(ClientEvent::Applied { .. }) => rejections = 0,
            _ => {}
        }
    }
}

/// Plays the host's own seats (local players or bots) in `seats` with
/// `choose` until the game is over, and returns the record. Gives up after
/// `limit`.
pub fn play_host_seats(
    host: &HostHandle,
    events: &HostEvents,
    seats: &[Seat],
    mut choose: impl FnMut(&Game) -> Action,
    limit: Duration,
) -> Result<Record, String> {
    let end = Instant::now() + limit;
    let mut acted_at = None;
    let mut rejections = 0;
    loop {
        if Instant::now() > end {
            return Err(format!("the game did not end within {limit:?}"));
        }
        let view = host.view();
        if let Some(record) = view.record {
            return Ok(record);
        }
        if let Some(game) = &view.game
            && !game.is_over()
            && seats.contains(&game.to_move())
            && acted_at != Some(view.seq)
        {
            host.act(game.to_move(), choose(game))
                .map_err(|e| e.to_string())?;
            acted_at = Some(view.seq);
        }
        match events.recv_timeout(POLL) {
            Some(HostEvent::GameOver { record }) => return Ok(record),
            Some(HostEvent::Rejected { reason, .. }) => {
                rejections += 1;
                if rejections >= MAX_REJECTIONS {
                    return Err(format!("the host's own seat keeps being refused: {reason}"));
                }
                acted_at = None;
            }
            Some(HostEvent::Applied { .. }) => rejections = 0,
            _ => {}
        }
    }
}

/// The action that plays `mv` (from, to) along one of its routes, as the
/// player to move of `game`; `None` when it is not legal there. (The host
/// fills in the time.)
pub fn move_action(game: &Game, mv: starhop_engine::Move) -> Option<Action> {
    if !game.is_legal(mv) {
        return None;
    }
    let route = game
        .position()
        .route(mv.from, mv.to, game.rules().long_jumps)?;
    Some(Action::Move {
        from: mv.from,
        to: mv.to,
        route,
        ms: 0,
    })
}

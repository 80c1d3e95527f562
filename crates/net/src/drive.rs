//! Playing seats until the game ends: the loops that the command line's
//! bots and the tests share. `choose` picks an action for the player to move
//! (a bot, a script); these loops send it at the right moment and follow
//! the game to its end. The `_any` loops do the same at a table of any game
//! of the box, with moves (`AnyMove`) for actions; one loop serves both.

use crate::client::{AnyClientEvent, ClientEvent, ClientEvents, ClientHandle, ClientView};
use crate::host::{AnyHostEvent, HostEvent, HostEvents, HostHandle, HostView};
use crate::protocol::Play;
use starhop_engine::{Action, Game, Record, Seat};
use starhop_games::{AnyGame, AnyMove, AnyRecord, BoxBot, BoxGame, Think};
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
    client_loop(
        client,
        events,
        limit,
        |view| view.game.as_ref().map(|g| Request::Act(choose(g))),
        |view| view.record.clone(),
        classic_record,
    )
}

/// [`play_client`] for a table of any game: `choose` picks a move for the
/// player to move (see [`bot`]); returns the client's record of the game.
pub fn play_client_any(
    client: &ClientHandle,
    events: &ClientEvents,
    mut choose: impl FnMut(&AnyGame) -> AnyMove,
    limit: Duration,
) -> Result<AnyRecord, String> {
    client_loop(
        client,
        events,
        limit,
        |view| view.any_game().map(|g| Request::Play(Play::of(choose(&g)))),
        ClientView::any_record,
        Some,
    )
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
    host_loop(
        host,
        events,
        seats,
        limit,
        |view| view.game.as_ref().map(|g| Request::Act(choose(g))),
        |view| view.record.clone(),
        classic_record,
    )
}

/// [`play_host_seats`] for a table of any game.
pub fn play_host_seats_any(
    host: &HostHandle,
    events: &HostEvents,
    seats: &[Seat],
    mut choose: impl FnMut(&AnyGame) -> AnyMove,
    limit: Duration,
) -> Result<AnyRecord, String> {
    host_loop(
        host,
        events,
        seats,
        limit,
        |view| view.any_game().map(|g| Request::Play(Play::of(choose(&g)))),
        HostView::any_record,
        Some,
    )
}

/// A chooser for [`play_client_any`] and [`play_host_seats_any`]: the
/// game's own bot (`BoxBot`), thinking as `think` says (its stop flag is
/// the caller's to raise). Should the bot have no answer, the first legal
/// move.
pub fn bot(think: Think) -> impl FnMut(&AnyGame) -> AnyMove {
    move |game: &AnyGame| {
        game.bot_move(&think)
            .or_else(|| game.legal_moves().into_iter().next())
            .expect("a running game has a legal move")
    }
}

/// A request a loop sends for its seat.
enum Request {
    Act(Action),
    Play(Play),
}

fn classic_record(record: AnyRecord) -> Option<Record> {
    match record {
        AnyRecord::Classic(r) => Some(r),
        _ => None,
    }
}

/// The client's side of [`play_client`] and [`play_client_any`]: `choose`
/// makes the request for the state the view is at, `ended` reads the end
/// from the view and `over` from the end's event.
fn client_loop<R>(
    client: &ClientHandle,
    events: &ClientEvents,
    limit: Duration,
    mut choose: impl FnMut(&ClientView) -> Option<Request>,
    ended: impl Fn(&ClientView) -> Option<R>,
    over: impl Fn(AnyRecord) -> Option<R>,
) -> Result<R, String> {
    let end = Instant::now() + limit;
    let mut acted_at = None;
    let mut rejections = 0;
    loop {
        if Instant::now() > end {
            return Err(format!("the game did not end within {limit:?}"));
        }
        let view = client.view();
        if let Some(record) = ended(&view) {
            return Ok(record);
        }
        if let Some(seat) = view.seat
            && view.to_move() == Some(seat)
            && acted_at != Some(view.seq)
            && let Some(request) = choose(&view)
        {
            match request {
                Request::Act(action) => client.act(view.seq, action),
                Request::Play(play) => client.play(view.seq, play),
            }
            acted_at = Some(view.seq);
        }
        match events.recv_any_timeout(POLL) {
            Some(AnyClientEvent::GameOver { record }) => {
                if let Some(r) = over(record) {
                    return Ok(r);
                }
            }
            Some(AnyClientEvent::Event(ClientEvent::Closed { reason })) => return Err(reason),
            Some(AnyClientEvent::Event(ClientEvent::Rejected { reason, .. }))
                if !moved_on(&reason) =>
            {
                rejections += 1;
                if rejections >= MAX_REJECTIONS {
                    return Err(format!("the host keeps refusing our moves: {reason}"));
                }
                acted_at = None;
            }
            Some(
                AnyClientEvent::Event(ClientEvent::Applied { .. }) | AnyClientEvent::Played { .. },
            ) => rejections = 0,
            _ => {}
        }
    }
}

/// The host's side of [`play_host_seats`] and [`play_host_seats_any`].
fn host_loop<R>(
    host: &HostHandle,
    events: &HostEvents,
    seats: &[Seat],
    limit: Duration,
    mut choose: impl FnMut(&HostView) -> Option<Request>,
    ended: impl Fn(&HostView) -> Option<R>,
    over: impl Fn(AnyRecord) -> Option<R>,
) -> Result<R, String> {
    let end = Instant::now() + limit;
    let mut acted_at = None;
    let mut rejections = 0;
    loop {
        if Instant::now() > end {
            return Err(format!("the game did not end within {limit:?}"));
        }
        let view = host.view();
        if let Some(record) = ended(&view) {
            return Ok(record);
        }
        if let Some(seat) = view.to_move()
            && seats.contains(&seat)
            && acted_at != Some(view.seq)
            && let Some(request) = choose(&view)
        {
            match request {
                Request::Act(action) => host.act(seat, action),
                Request::Play(play) => host.play(seat, play),
            }
            .map_err(|e| e.to_string())?;
            acted_at = Some(view.seq);
        }
        match events.recv_any_timeout(POLL) {
            Some(AnyHostEvent::GameOver { record }) => {
                if let Some(r) = over(record) {
                    return Ok(r);
                }
            }
            Some(AnyHostEvent::Event(HostEvent::Rejected { reason, .. })) => {
                rejections += 1;
                if rejections >= MAX_REJECTIONS {
                    return Err(format!("the host's own seat keeps being refused: {reason}"));
                }
                acted_at = None;
            }
            Some(AnyHostEvent::Event(HostEvent::Applied { .. }) | AnyHostEvent::Played { .. }) => {
                rejections = 0
            }
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

//! What the loopback tests share: bots, tables and joining.
#![allow(dead_code)]

use starhop_ai::{BotAction, Budget, Level};
use starhop_engine::{Action, FirstMoveMethod, Game, Preset, Rules};
use starhop_net::drive::move_action;
use starhop_net::{
    ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, HostConfig, HostEvents,
    HostHandle, Want,
};
use std::time::{Duration, Instant};

/// Longest any game of these tests may take before it counts as a failure.
pub const GAME_LIMIT: Duration = Duration::from_secs(240);
/// Longest any single step (a join, an answer) may take.
pub const STEP: Duration = Duration::from_secs(20);

/// Party rules with a fixed first mover.
pub fn party_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Preset::Party.rules()
    }
}

/// A fast, deterministic bot (Easy, one ply) that uses items in party games.
pub fn bot(seed: u64) -> impl FnMut(&Game) -> Action {
    move |game: &Game| {
        let decision = starhop_ai::choose(game, Level::Easy, Budget::depth(1), seed);
        match decision.action {
            BotAction::Move(m) => move_action(game, m).expect("the bot's move is legal"),
            BotAction::Pass => Action::Pass { ms: 0 },
            BotAction::Item(item_use) => Action::UseItem { item_use, ms: 0 },
        }
    }
}

pub fn host(players: usize, rules: Rules, seed: u64) -> (HostHandle, HostEvents) {
    let config = HostConfig {
        seed: Some(seed),
        ..HostConfig::new(players, rules)
    };
    HostHandle::start(config).expect("a host on loopback")
}

pub fn ws(host: &HostHandle) -> Connector {
    Connector::WebSocket(host.addr().to_string())
}

/// Connects and waits for the welcome (or a refusal, returned as an error).
pub fn join(
    connector: Connector,
    config: ClientConfig,
) -> Result<(ClientHandle, ClientEvents), (starhop_net::Refusal, String)> {
    let (client, events) = ClientHandle::connect(connector, config).expect("a client");
    let end = Instant::now() + STEP;
    while Instant::now() < end {
        match events.recv_timeout(Duration::from_millis(100)) {
            Some(ClientEvent::Welcome { .. }) => return Ok((client, events)),
            Some(ClientEvent::Refused { reason, message }) => return Err((reason, message)),
            Some(ClientEvent::Closed { reason }) => panic!("closed before a welcome: {reason}"),
            _ => {}
        }
    }
    panic!("no welcome within {STEP:?}");
}

pub fn player(host: &HostHandle, connector: Connector, name: &str) -> (ClientHandle, ClientEvents) {
    join(
        connector,
        ClientConfig::new(host.code().to_string(), name, Want::Any),
    )
    .expect("a seat")
}

/// Waits until `ready` holds for the host's view (bounded by `STEP`).
pub fn wait_host(host: &HostHandle, what: &str, ready: impl Fn(&starhop_net::HostView) -> bool) {
    let end = Instant::now() + STEP;
    while !ready(&host.view()) {
        assert!(Instant::now() < end, "waited {STEP:?} for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A fast bot for any game of the box (the game's own bot, Beginner, a few
/// milliseconds a move).
pub fn any_bot(seed: u64) -> impl FnMut(&starhop_games::AnyGame) -> starhop_games::AnyMove {
    starhop_net::drive::bot(
        starhop_games::Think::new(Level::Beginner)
            .within(Duration::from_millis(5))
            .seeded(seed),
    )
}

/// Waits until `ready` holds for the client's view (bounded by `STEP`).
pub fn wait_client(
    client: &ClientHandle,
    what: &str,
    ready: impl Fn(&starhop_net::ClientView) -> bool,
) {
    let end = Instant::now() + STEP;
    while !ready(&client.view()) {
        assert!(Instant::now() < end, "waited {STEP:?} for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

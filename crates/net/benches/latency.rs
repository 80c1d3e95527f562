//! Latency on loopback: from a move requested on one side to its arrival,
//! applied and checked, on the other side (where the game would start its
//! animation), over WebSockets through the host. The same move is made
//! and taken back (the host accepts undo) each time, so every sample is alike.
//!
//! Run: `cargo bench -p starhop-net --bench latency`.

use criterion::{Criterion, criterion_group, criterion_main};
use starhop_engine::{Action, FirstMoveMethod, Rules};
use starhop_net::drive::move_action;
use starhop_net::{
    ClientConfig, ClientEvent, ClientEvents, ClientHandle, Connector, HostConfig, HostHandle,
    UndoPolicy, Want,
};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);

fn join(host: &HostHandle, name: &str) -> (ClientHandle, ClientEvents) {
    let config = ClientConfig::new(host.code().to_string(), name, Want::Any);
    let (c, e) =
        ClientHandle::connect(Connector::WebSocket(host.addr().to_string()), config).unwrap();
    loop {
        match e.recv_timeout(WAIT) {
            Some(ClientEvent::Welcome { .. }) => return (c, e),
            Some(_) => {}
            None => panic!("no welcome"),
        }
    }
}

/// Waits for the change numbered `seq` to arrive.
fn arrival(events: &ClientEvents, seq: u64) {
    loop {
        match events.recv_timeout(WAIT) {
            Some(ClientEvent::Applied { seq: s, .. } | ClientEvent::Undone { seq: s })
                if s == seq =>
            {
                return;
            }
            Some(_) => {}
            None => panic!("change {seq} never arrived"),
        }
    }
}

fn latency(c: &mut Criterion) {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut config = HostConfig {
        undo: UndoPolicy::Accept,
        seed: Some(1),
        ..HostConfig::new(2, rules)
    };
    // Samples come far faster than people play: past the default rate
    // limit (20 messages a second) requests would be dropped and retried.
    config.limits.messages_per_second = 1e6;
    config.limits.burst = 1e6;
    let (host, _host_events) = HostHandle::start(config).unwrap();
    let (ann, ann_events) = join(&host, "Ann");
    let (_bob, bob_events) = join(&host, "Bob");
    while ann.view().game.is_none() {
        ann_events.recv_timeout(WAIT);
    }
    let game = ann.view().game.unwrap();
    assert_eq!(game.to_move(), ann.view().seat.unwrap());
    let mv: Action = move_action(&game, game.legal_moves()[0]).unwrap();
    c.bench_function("move on one side to arrival on the other (loopback)", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let seq = ann.view().seq;
                let t0 = Instant::now();
                ann.act(seq, mv.clone());
                arrival(&bob_events, seq + 1);
                total += t0.elapsed();
                // Back to the same position for the next sample.
                arrival(&ann_events, seq + 1);
                host.undo().unwrap();
                arrival(&bob_events, seq + 2);
                arrival(&ann_events, seq + 2);
            }
            total
        })
    });
    host.shutdown();
}

criterion_group!(benches, latency);
criterion_main!(benches);

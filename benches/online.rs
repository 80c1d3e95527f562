//! A network game in the app, on loopback: the time from a move played at
//! the host to the joined app reporting the marbles' move (the frame in
//! which its animation starts), the app updating as fast as it can. The
//! host plays the same move and takes it back each time, so every sample
//! is alike. A real window adds up to one frame on top.
//!
//! Run: `cargo bench -p starhop --bench online`.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use criterion::{Criterion, criterion_group, criterion_main};
use starhop::StarhopLogicPlugin;
use starhop::classic::Match;
use starhop::online::JoinGame;
use starhop::stage::marbles::MarblesMoved;
use starhop_engine::{FirstMoveMethod, Rules};
use starhop_net::drive::move_action;
use starhop_net::{HostConfig, HostHandle, SeatInfo};
use std::time::{Duration, Instant};

/// Marble reports the app has made.
#[derive(Resource, Default)]
struct Reports(u64);

fn count(mut moved: MessageReader<MarblesMoved>, mut reports: ResMut<Reports>) {
    reports.0 += moved.read().count() as u64;
}

/// Updates until `done`, failing after ten seconds.
fn update_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    let end = Instant::now() + Duration::from_secs(10);
    while !done(app) {
        assert!(Instant::now() < end, "the table did not answer");
        app.update();
    }
}

fn bench(c: &mut Criterion) {
    let rules = Rules {
        board_size: 3,
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut config = HostConfig::new(2, rules);
    config.seats = vec![SeatInfo::local("Hosta"), SeatInfo::open()];
    let (host, _events) = HostHandle::start(config).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StarhopLogicPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )))
        .init_resource::<Reports>()
        .add_systems(Last, count);
    app.world_mut().write_message(JoinGame {
        addr: host.addr().to_string(),
        code: host.code().to_string(),
        name: "Guesty".into(),
        ..JoinGame::default()
    });
    update_until(&mut app, |app| {
        app.world().get_resource::<Match>().is_some()
    });
    let game = host.view().game.expect("the game started");
    let mv = game.legal_moves()[0];
    let action = move_action(&game, mv).unwrap();
    c.bench_function(
        "online: host's move to the joined app's marble report",
        |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let before = app.world().resource::<Reports>().0;
                    let start = Instant::now();
                    host.act(0, action.clone()).unwrap();
                    update_until(&mut app, |app| app.world().resource::<Reports>().0 > before);
                    total += start.elapsed();
                    // Taken back (not timed): the app's copy is the start again.
                    host.undo().unwrap();
                    update_until(&mut app, |app| {
                        app.world().resource::<Match>().game.actions().count() == 0
                    });
                }
                total
            })
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);

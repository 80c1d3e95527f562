//! Draughts speed: perft (leaf positions per second, International depth 7
//! from the start; Russian depth 8) and the Master bot's nodes per second
//! searching a mid-game position to a fixed depth (International 9, Russian
//! 10: the same tree every run, so the figure is speed alone). Run with
//! `cargo bench -p starhop-draughts`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use starhop_draughts::bot::{Budget, Level, think};
use starhop_draughts::perft::perft;
use starhop_draughts::{Game, Position, Variant};
use std::hint::black_box;
use std::time::Duration;

fn perft_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (v, depth) in [(Variant::International, 7), (Variant::Russian, 8)] {
        let p = Position::start(v);
        group.throughput(Throughput::Elements(perft(&p, depth)));
        group.bench_function(format!("{v}_depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&p), depth))
        });
    }
    group.finish();
}

/// A mid-game: a few plies of the bot against itself.
fn midgame(v: Variant) -> Game {
    let mut g = Game::new(v);
    for _ in 0..16 {
        let t = think(&g, Level::Medium, &Budget::nodes(2_000), 5).unwrap();
        g.play(&t.best).unwrap();
    }
    g
}

fn bot_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("bot_nodes_per_second");
    // Ten searches of a few hundred milliseconds each.
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(12));
    for (v, depth) in [(Variant::International, 9), (Variant::Russian, 10)] {
        let g = midgame(v);
        let budget = Budget::depth(depth);
        let t = think(&g, Level::Master, &budget, 1).unwrap();
        assert_eq!(t.depth, depth, "searched to the full depth");
        group.throughput(Throughput::Elements(t.nodes));
        group.bench_function(format!("{v}_master_depth_{depth}"), |b| {
            b.iter(|| think(black_box(&g), Level::Master, &budget, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, perft_speed, bot_speed);
criterion_main!(benches);

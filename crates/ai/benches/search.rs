//! Search speed: nodes per second from a mid-game position and the time to
//! reach each depth, and the wall-clock time a 50 ms budget really takes, for
//! the two-player alpha-beta and the six-player search; Monte Carlo tree
//! search's plies per second with four and six players.
//! Run with `cargo bench -p starhop-ai`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use starhop_ai::{Budget, Level, choose};
use starhop_engine::testkit::{self, Walk};
use starhop_engine::{FirstMoveMethod, Game, Rng, Rules};
use std::hint::black_box;

/// A mid-game: `plies` random forward moves from the start.
fn midgame(players: usize, plies: usize) -> Game {
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        anti_passive: false,
        ..Rules::classic()
    };
    let mut game = Game::new(rules, players, 1).unwrap();
    Walk::STRAIGHT.play(&mut game, plies, &mut Rng::new(42));
    game
}

fn search(c: &mut Criterion) {
    for (name, players, plies, depths) in [("2p", 2, 30, 1..=4u32), ("6p", 6, 60, 1..=3u32)] {
        let game = midgame(players, plies);
        // Nodes per second: a fixed node budget, throughput in nodes.
        let mut group = c.benchmark_group(format!("nodes_per_second_{name}"));
        group.sample_size(10);
        let nodes = 200_000;
        let d = choose(
            &game,
            Level::Master,
            Budget {
                max_nodes: Some(nodes),
                max_depth: Some(64),
                ..Budget::default()
            },
            1,
        );
        group.throughput(Throughput::Elements(d.nodes));
        group.bench_function("master_200k_nodes", |b| {
            b.iter(|| {
                choose(
                    black_box(&game),
                    Level::Master,
                    Budget {
                        max_nodes: Some(nodes),
                        max_depth: Some(64),
                        ..Budget::default()
                    },
                    1,
                )
            })
        });
        group.finish();
        let mut group = c.benchmark_group(format!("time_to_depth_{name}"));
        group.sample_size(10);
        for depth in depths {
            group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
                b.iter(|| choose(black_box(&game), Level::Master, Budget::depth(d), 1))
            });
        }
        group.finish();
        // Wall-clock behaviour of a time budget (the tests only check that a
        // time-limited search returns a legal move): how long a 50 ms search
        // really takes, deadline checks and the root's bookkeeping included.
        let mut group = c.benchmark_group(format!("time_budget_{name}"));
        group.sample_size(10);
        group.bench_function("master_50ms", |b| {
            b.iter(|| choose(black_box(&game), Level::Master, Budget::time_ms(50), 1))
        });
        group.finish();
    }
}

/// Monte Carlo tree search with four and six players: plies (tree and
/// playout) per second under a fixed node budget, and the wall-clock time of
/// a 50 ms budget.
fn mcts(c: &mut Criterion) {
    let opts = starhop_ai::Options {
        multi: starhop_ai::search::Multi::Mcts,
        ..Default::default()
    };
    for (name, players, plies) in [("4p", 4, 40), ("6p", 6, 60)] {
        let game = midgame(players, plies);
        let budget = || Budget {
            max_nodes: Some(50_000),
            max_depth: Some(64),
            ..Budget::default()
        };
        let d = starhop_ai::choose_with(&game, Level::Master, budget(), 1, opts);
        let mut group = c.benchmark_group(format!("mcts_{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(d.nodes.max(1)));
        group.bench_function("master_50k_plies", |b| {
            b.iter(|| starhop_ai::choose_with(black_box(&game), Level::Master, budget(), 1, opts))
        });
        group.bench_function("master_50ms", |b| {
            b.iter(|| {
                starhop_ai::choose_with(
                    black_box(&game),
                    Level::Master,
                    Budget::time_ms(50),
                    1,
                    opts,
                )
            })
        });
        group.finish();
    }
}

/// Nodes per second with items on: the item comparison's side-by-side
/// searches and the move search share one node budget.
fn party(c: &mut Criterion) {
    // Two players, 20 plies in, the mover holding three items.
    let game = testkit::party_midgame(2, 3, 42, 20);
    let budget = || Budget {
        max_nodes: Some(200_000),
        max_depth: Some(64),
        ..Budget::default()
    };
    let d = choose(&game, Level::Master, budget(), 1);
    let mut group = c.benchmark_group("party_nodes_per_second_2p");
    group.sample_size(10);
    group.throughput(Throughput::Elements(d.nodes.max(1)));
    group.bench_function("master_200k_nodes_holding_3_items", |b| {
        b.iter(|| choose(black_box(&game), Level::Master, budget(), 1))
    });
    // The same position with the items ignored, for comparison.
    let opts = starhop_ai::Options {
        use_items: false,
        ..Default::default()
    };
    let d = starhop_ai::choose_with(&game, Level::Master, budget(), 1, opts);
    group.throughput(Throughput::Elements(d.nodes.max(1)));
    group.bench_function("master_200k_nodes_items_ignored", |b| {
        b.iter(|| starhop_ai::choose_with(black_box(&game), Level::Master, budget(), 1, opts))
    });
    group.finish();
}

criterion_group!(benches, search, mcts, party);
criterion_main!(benches);

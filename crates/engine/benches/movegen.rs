//! Move generation and playout speed. Run with `cargo bench -p starhop-engine`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use starhop_engine::testkit::{self, Walk};
use starhop_engine::*;
use std::hint::black_box;

/// A crowded mid-game: six players, 60 moves each of marbles walking towards
/// their targets, so the centre is full and jump chains are long.
fn crowded_midgame(long_jumps: bool) -> Game {
    let rules = Rules {
        long_jumps,
        anti_passive: false,
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut game = Game::new(rules, 6, 1).unwrap();
    // Random among the moves that gain ground, so armies meet in the middle.
    Walk::STRAIGHT.play(&mut game, 60, &mut Rng::new(99));
    game
}

fn party(c: &mut Criterion) {
    // Six players, 48 plies in, the mover holding three items (RULES §8).
    let game = testkit::party_midgame(6, 1, 99, 48);
    let mut group = c.benchmark_group("party_movegen");
    let mut out = Vec::with_capacity(256);
    game.legal_moves_into(&mut out);
    let uses = game.item_uses().len();
    group.throughput(Throughput::Elements((out.len() + uses) as u64));
    // Every move and every item use of the player to move, as a bot or the
    // view's hints need them.
    group.bench_function("moves_and_item_uses_6p", |b| {
        b.iter(|| {
            out.clear();
            let g = black_box(&game);
            g.legal_moves_into(&mut out);
            out.len() + g.item_uses().len()
        })
    });
    group.throughput(Throughput::Elements(uses as u64));
    group.bench_function("item_uses_6p", |b| {
        b.iter(|| black_box(&game).item_uses().len())
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    let mut out = Vec::with_capacity(256);
    for (name, game) in [
        ("start_2p", Game::new(Rules::classic(), 2, 0).unwrap()),
        ("start_6p", Game::new(Rules::classic(), 6, 0).unwrap()),
        ("midgame_6p", crowded_midgame(false)),
        ("midgame_6p_long_jumps", crowded_midgame(true)),
    ] {
        out.clear();
        game.legal_moves_into(&mut out);
        group.throughput(Throughput::Elements(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                black_box(&game).legal_moves_into(&mut out);
                out.len()
            })
        });
    }
    group.finish();
}

const PLAYOUT_PLIES: u64 = 100;

/// Random moves straight on the position (what a bot's playouts do).
fn position_playout(pos: &Position, rules: MoveRules, seed: u64, out: &mut Vec<Move>) -> u64 {
    let mut pos = pos.clone();
    let mut rng = Rng::new(seed);
    let players = pos.players() as Seat;
    for ply in 0..PLAYOUT_PLIES {
        let seat = (ply % players as u64) as Seat;
        out.clear();
        pos.legal_moves(seat, rules, out);
        if let Some(&m) = out.get(rng.below(out.len().max(1) as u64) as usize) {
            pos.shift(seat, m.from, m.to);
        }
    }
    pos.all_marbles().count() as u64
}

/// Random moves through the full `Game` (routes, every rule, undo history).
fn game_playout(rules: &Rules, players: usize, seed: u64) -> u64 {
    let mut game = Game::new(rules.clone(), players, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::with_capacity(256);
    for _ in 0..PLAYOUT_PLIES {
        if game.is_over() {
            break;
        }
        moves.clear();
        game.legal_moves_into(&mut moves);
        if moves.is_empty() {
            game.pass().unwrap();
        } else {
            game.play(moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
    }
    game.actions().count() as u64
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout_100_plies");
    group.throughput(Throughput::Elements(1));
    let mut out = Vec::with_capacity(256);
    for size in [3u8, 4, 5] {
        let rules = Rules {
            anti_passive: false,
            ..Rules::classic().with_size(size)
        };
        let start = Position::start(Board::get(size).unwrap(), 2).unwrap();
        let mut seed = 0;
        group.bench_with_input(BenchmarkId::new("position_2p", size), &size, |b, _| {
            b.iter(|| {
                seed += 1;
                position_playout(&start, MoveRules::from(&rules), seed, &mut out)
            })
        });
        group.bench_with_input(BenchmarkId::new("game_2p", size), &size, |b, _| {
            b.iter(|| {
                seed += 1;
                game_playout(&rules, 2, seed)
            })
        });
    }
    group.finish();
}

fn food(c: &mut Criterion) {
    use starhop_engine::food::{FoodGame, FoodRules};
    let mut group = c.benchmark_group("food_movegen");
    for holes in [37usize, 61, 91] {
        // Six players, a dozen moves in: captures from every side of the gap.
        let mut game = FoodGame::new(FoodRules::table(holes, 6)).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..12 {
            let moves = game.legal_moves();
            game.play(&moves[rng.below(moves.len() as u64) as usize].route)
                .unwrap();
        }
        group.throughput(Throughput::Elements(game.legal_moves().len() as u64));
        group.bench_with_input(BenchmarkId::new("all_moves", holes), &game, |b, g| {
            b.iter(|| black_box(g).legal_moves().len())
        });
        group.bench_with_input(BenchmarkId::new("can_capture", holes), &game, |b, g| {
            b.iter(|| black_box(g).position().can_capture())
        });
    }
    group.finish();
}

/// Halma (RULES §12): every move of the seat to move in a crowded
/// four-player position, 30 greedy moves each after the start (the armies
/// meet in the middle, so chains are long), with and without routes.
fn halma(c: &mut Criterion) {
    use starhop_engine::halma::HalmaPosition;
    use starhop_engine::halma::game::remaining_distance;
    let mut pos = HalmaPosition::start(4).unwrap();
    for _ in 0..120 {
        let seat = pos.to_move as usize;
        let moves = pos.moves(seat, false);
        let best = moves
            .iter()
            .min_by_key(|m| {
                let mut next = pos;
                next.apply(seat, m);
                (remaining_distance(&next, seat), m.from, m.to)
            })
            .unwrap()
            .clone();
        pos.apply(seat, &best);
    }
    let seat = pos.to_move as usize;
    let mut group = c.benchmark_group("halma_movegen");
    let n = pos.moves(seat, false).len();
    group.throughput(Throughput::Elements(n as u64));
    let mut with_routes = Vec::with_capacity(256);
    group.bench_function("moves_with_routes_4p", |b| {
        b.iter(|| {
            black_box(&pos).moves_into(seat, false, &mut with_routes);
            with_routes.len()
        })
    });
    let mut pairs = Vec::with_capacity(256);
    group.bench_function("pairs_4p", |b| {
        b.iter(|| {
            black_box(&pos).pairs_into(seat, false, &mut pairs);
            pairs.len()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3));
    targets = movegen, party, playouts, food, halma
}
criterion_main!(benches);

//! The crossing solver: the proven shortest crossing of the small board, the
//! proof that no 22-move crossing of the standard board exists (every length
//! up to 22 ruled out; both from the start, so by meeting in the middle), a
//! race endgame halfway along the standard board's best line (IDA*), and the
//! lower bound alone.
//! Run with `cargo bench -p starhop-ai --bench crossing`.

use criterion::{Criterion, criterion_group, criterion_main};
use starhop_ai::crossing::{Crossing, Limits, best_known_moves};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

fn crossing(c: &mut Criterion) {
    let mut group = c.benchmark_group("crossing");
    group.sample_size(10);
    let small = Crossing::new(3, false).unwrap();
    group.bench_function("size 3 proven 17", |b| {
        b.iter(|| small.solve(black_box(small.start()), &Limits::unlimited()))
    });
    let standard = Crossing::new(4, false).unwrap();
    let no_beam = Limits {
        beam_width: Some(0),
        ..Limits::default()
    };
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("size 4 rule out 22 moves", |b| {
        // Stops once the lengths 19 to 22 are exhausted.
        b.iter(|| assert!(prove_up_to(&standard, 22, &no_beam) >= 23))
    });
    // Halfway along the best line: the second half, solved exactly.
    let line = best_known_moves(4, false).unwrap();
    let mut marbles = standard.start();
    for mv in &line[..line.len() / 2] {
        marbles.remove(mv.from);
        marbles.insert(mv.to);
    }
    group.bench_function("size 4 second half exact", |b| {
        b.iter(|| standard.solve(black_box(marbles), &no_beam))
    });
    group.bench_function("lower bound", |b| {
        b.iter(|| standard.lower_bound(black_box(marbles)))
    });
    group.finish();
}

/// Rules out every crossing up to `moves` long; returns the proven bound.
fn prove_up_to(c: &Crossing, moves: u32, limits: &Limits) -> u32 {
    let proven = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (p, s) = (proven.clone(), stop.clone());
    let limits = Limits {
        stop: Some(stop),
        progress: Some(Arc::new(move |ruled_out, _| {
            p.store(ruled_out + 1, Ordering::Relaxed);
            if ruled_out >= moves {
                s.store(true, Ordering::Relaxed);
            }
        })),
        ..limits.clone()
    };
    c.solve(c.start(), &limits);
    proven.load(Ordering::Relaxed)
}

criterion_group!(benches, crossing);
criterion_main!(benches);

//! The food-checkers solver: single-vacancy starts on 37, 61 and 91 holes,
//! 61 holes centre to centre, the fewest moves proven on 37 holes (by
//! iterative deepening, and by meeting in the middle), and hint latency at
//! positions along solutions (with the memory of earlier solutions cleared,
//! so every hint searches).
//! Run with `cargo bench -p starhop-ai --bench food`.

use criterion::{Criterion, criterion_group, criterion_main};
use starhop_ai::food::solver::{Hint, Solve, Verdict, forget, hint, solve};
use starhop_engine::Hex;
use starhop_engine::food::{FoodBoard, FoodPosition, bit};
use std::hint::black_box;

fn start(holes: usize, q: i8, r: i8) -> FoodPosition {
    let board = FoodBoard::with_holes(holes).unwrap();
    FoodPosition {
        board,
        marbles: board.all & !bit(board.cell(Hex::new(q, r)).unwrap()),
    }
}

fn solved(pos: FoodPosition, finish: Option<u8>) -> Vec<FoodPosition> {
    let Verdict::Solved { moves, .. } = solve(
        pos,
        &Solve {
            finish,
            ..Default::default()
        },
    )
    .verdict
    else {
        panic!("solvable");
    };
    let mut out = vec![pos];
    for m in &moves {
        out.push(out.last().unwrap().after(m));
    }
    out
}

fn food(c: &mut Criterion) {
    let mut group = c.benchmark_group("food_solve");
    group.sample_size(10);
    let centre61 = start(61, 0, 0);
    let cases = [
        ("37_vacant_1_0", start(37, 1, 0), None),
        ("37_vacant_2_0", start(37, 2, 0), None),
        ("37_vacant_3_-1", start(37, 3, -1), None),
        ("61_centre_to_centre", centre61, Some(centre61.board.centre)),
        ("61_vacant_3_0", start(61, 3, 0), None),
        ("91_vacant_2_0", start(91, 2, 0), None),
        ("91_vacant_1_-3", start(91, 1, -3), None),
    ];
    for (name, pos, finish) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                let s = solve(
                    black_box(pos),
                    &Solve {
                        finish,
                        ..Default::default()
                    },
                );
                assert!(matches!(s.verdict, Verdict::Solved { .. }));
            })
        });
    }
    group.finish();

    // Fewest moves, proven: iterative deepening (the shortening from above
    // given one node, so the proof from below does the work) and meeting in
    // the middle after a beam.
    let mut group = c.benchmark_group("food_min_moves");
    group.sample_size(10);
    for (name, pos, meet, beam, fewest) in [
        ("37_vacant_3_-1", start(37, 3, -1), false, None, 14),
        ("37_vacant_2_0", start(37, 2, 0), false, None, 15),
        // The beam finds 15 at once; the meeting rules out 14.
        (
            "37_vacant_1_0_meet_beam_128",
            start(37, 1, 0),
            true,
            Some(128),
            15,
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let s = solve(
                    black_box(pos),
                    &Solve {
                        min_moves: true,
                        improve_nodes: Some(1),
                        meet,
                        beam,
                        ..Default::default()
                    },
                );
                assert!(
                    matches!(&s.verdict, Verdict::Solved { moves, minimal: true } if moves.len() == fewest)
                );
            })
        });
    }
    group.finish();

    // Hints: every position along solutions on each board (never from the
    // solutions' memory).
    let mut positions = Vec::new();
    positions.extend(solved(start(37, 1, 0), None).into_iter().map(|p| (p, None)));
    positions.extend(
        solved(centre61, Some(centre61.board.centre))
            .into_iter()
            .map(|p| (p, Some(centre61.board.centre))),
    );
    positions.extend(solved(start(61, 1, 0), None).into_iter().map(|p| (p, None)));
    positions.retain(|(p, _)| p.count() > 1);
    let mut group = c.benchmark_group("food_hint");
    group.sample_size(10);
    group.bench_function(format!("{}_positions", positions.len()), |b| {
        b.iter(|| {
            for &(p, finish) in &positions {
                forget();
                assert!(matches!(hint(black_box(p), finish, None), Hint::Move(_)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, food);
criterion_main!(benches);

//! Bots: forced moves answered at once, deterministic under a node budget,
//! stoppable, and they see wins and captures.

use starhop_draughts::bot::{Budget, Level, think};
use starhop_draughts::{DrawClocks, Game, Outcome, Side, Variant, from_fen};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[test]
fn level_names_match_the_chinese_checkers_bots() {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names, ["Beginner", "Easy", "Medium", "Hard", "Master"]);
    assert_eq!("master".parse::<Level>(), Ok(Level::Master));
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn a_forced_capture_is_answered_at_once() {
    let g = Game::from_position(from_fen(Variant::International, "W:W28,38,40:B22,3").unwrap());
    let t0 = Instant::now();
    let t = think(&g, Level::Master, &Budget::time(Duration::from_secs(10)), 1).unwrap();
    assert!(t0.elapsed() < Duration::from_millis(50));
    assert!(t.forced);
    assert_eq!((t.best.from(), t.best.to()), (28, 17));
    assert_eq!(t.nodes, 0);
}

#[test]
fn deterministic_under_a_node_budget() {
    for v in Variant::ALL {
        let mut g = Game::new(v);
        for _ in 0..6 {
            let a = think(&g, Level::Master, &Budget::nodes(20_000), 3).unwrap();
            let b = think(&g, Level::Master, &Budget::nodes(20_000), 3).unwrap();
            assert_eq!(a, b);
            g.play(&a.best).unwrap();
        }
    }
}

#[test]
fn a_stop_flag_ends_the_search() {
    let g = Game::new(Variant::International);
    let stop = Arc::new(AtomicBool::new(true));
    let budget = Budget {
        time: Some(Duration::from_secs(30)),
        stop: Some(stop),
        ..Budget::default()
    };
    let t0 = Instant::now();
    let t = think(&g, Level::Master, &budget, 1).unwrap();
    assert!(t0.elapsed() < Duration::from_millis(500));
    assert!(g.legal_moves().contains(&t.best));
}

#[test]
fn a_time_budget_is_kept() {
    let g = Game::new(Variant::International);
    let t0 = Instant::now();
    think(
        &g,
        Level::Master,
        &Budget::time(Duration::from_millis(200)),
        1,
    )
    .unwrap();
    assert!(
        t0.elapsed() < Duration::from_millis(600),
        "{:?}",
        t0.elapsed()
    );
}

#[test]
fn the_bot_takes_a_free_piece_and_finds_a_win() {
    // Black's last man walks into White's king's line: taking it wins.
    let g = Game::from_position(from_fen(Variant::International, "W:WK46,K50:B24,3").unwrap());
    let t = think(&g, Level::Hard, &Budget::depth(6), 1).unwrap();
    let mut g2 = g.clone();
    g2.play(&t.best).unwrap();
    assert!(t.score > 150, "{t:?}");
    // A king against one man on the long run: Master plays it out to a win.
    let mut g = Game::from_position(from_fen(Variant::Russian, "W:WKa1,Kc1,e1:Bb6").unwrap());
    while !g.is_over() && g.ply_count() < 80 {
        let t = think(&g, Level::Master, &Budget::nodes(30_000), 1).unwrap();
        g.play(&t.best).unwrap();
    }
    assert_eq!(
        g.outcome().map(|o| matches!(
            o,
            Outcome::Win {
                winner: Side::White,
                ..
            }
        )),
        Some(true),
        "{:?}",
        g.outcome()
    );
}

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    for v in Variant::ALL {
        for level in Level::ALL {
            let mut g = Game::new(v);
            while !g.is_over() && g.ply_count() < 40 {
                let t = think(&g, level, &Budget::nodes(3_000), 7).unwrap();
                g.play(&t.best).unwrap();
            }
        }
    }
}

#[test]
fn no_move_no_answer() {
    let p = from_fen(Variant::International, "B:W41,47:B36").unwrap();
    assert_eq!(
        starhop_draughts::bot::search(
            &p,
            &[],
            DrawClocks::initial(&p),
            Level::Master,
            &Budget::nodes(100),
            1
        ),
        None
    );
    assert_eq!(
        think(
            &Game::from_position(p),
            Level::Master,
            &Budget::nodes(100),
            1
        ),
        None
    );
}

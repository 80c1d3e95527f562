//! Depth and nodes per second each multi-player search reaches in 30 and 100 ms
//! from a greedy mid-game. `cargo run --release -p starhop-ai --example depths`.

use starhop_ai::*;
use starhop_engine::*;
fn main() {
    for players in [2usize, 3, 4, 6] {
        let rules = Rules {
            first_move: FirstMoveMethod::Fixed(0),
            ..Rules::classic()
        };
        let mut game = Game::new(rules, players, 1).unwrap();
        let mut rng = Rng::new(3);
        for _ in 0..(12 * players) {
            let m = greedy_move(&game, &mut rng).unwrap();
            game.play(m).unwrap();
        }
        for multi in [
            search::Multi::Brs,
            search::Multi::Paranoid,
            search::Multi::Solo,
        ] {
            for ms in [30u64, 100] {
                let t = std::time::Instant::now();
                let d = choose_with(
                    &game,
                    Level::Master,
                    Budget::time_ms(ms),
                    1,
                    Options {
                        multi,
                        ..Options::default()
                    },
                );
                println!(
                    "{players}p {multi:?} {ms}ms: depth {} nodes {} ({:.0} kn/s) {:?}",
                    d.depth,
                    d.nodes,
                    d.nodes as f64 / t.elapsed().as_secs_f64() / 1000.0,
                    d.action
                );
            }
            if players == 2 {
                break;
            }
        }
    }
}

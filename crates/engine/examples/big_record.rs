//! Writes two oversized but well-formed records for measuring the loader
//! (see the engine README part of the docs): /tmp/big.json, a legal two-player
//! game of 2.17 million passes (~50 MB of compact JSON), and /tmp/bad31.json,
//! 2 million actions of which the 31st is illegal (~46 MB).
//!
//! `cargo run --release -p starhop-engine --example big_record`

use starhop_engine::*;

fn main() -> std::io::Result<()> {
    let rules = Rules {
        pass_allowed: true,
        anti_passive: false,
        deadlock_adjudication: false,
        first_move: FirstMoveMethod::Fixed(0),
        ..Rules::classic()
    };
    let mut rec = record::new_record(rules, 2, 7).expect("valid rules");
    rec.actions = vec![Action::Pass { ms: 0 }; 2_170_000];
    std::fs::write("/tmp/big.json", serde_json::to_string(&rec)?)?;
    rec.actions.truncate(2_000_000);
    rec.actions[30] = Action::Resign { seat: 7, ms: 0 };
    std::fs::write("/tmp/bad31.json", serde_json::to_string(&rec)?)?;
    Ok(())
}

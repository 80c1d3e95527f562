//! Starhop, the game. The 3D Bevy game is the next milestone; until it lands
//! this entry point shows the standard start position from the rules engine,
//! so `make run` already exercises the engine end to end.

use starhop_engine::{Game, Rules};

fn main() {
    let game = Game::new(Rules::classic(), 6, 1).expect("the classic six-player game is valid");
    println!("Starhop — Chinese checkers (跳棋)\n");
    println!("The 3D game is on its way. Here is the six-player start position:\n");
    print!("{}", game.position().to_text());
    println!("\nMeanwhile, try the engine tools: cargo run -p starhop-cli -- --help");
}

//! Reads a record with no size limit and replays it: the loader's worst case,
//! for measuring memory and time (`/usr/bin/time -v`).
//!
//! `cargo run --release -p starhop-engine --example replay_file -- FILE`

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: replay_file FILE");
        std::process::exit(2);
    };
    let result = std::fs::File::open(&path)
        .map_err(|e| e.to_string())
        .and_then(|f| {
            starhop_engine::read_record(std::io::BufReader::new(f), u64::MAX)
                .and_then(|r| r.replay())
                .map_err(|e| e.to_string())
        });
    match result {
        Ok(game) => println!("ok: {} actions", game.actions().count()),
        Err(e) => println!("error: {e}"),
    }
}

//! `serve` and `join` as separate processes over 127.0.0.1.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Longest any step may take before the test fails (and its processes are killed).
const STEP: Duration = Duration::from_secs(120);

/// A child process whose standard output lines arrive on a channel; killed when dropped.
struct Proc {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Proc {
    fn start(args: &[&str]) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_starhop-cli"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Proc { child, lines }
    }

    /// The next line that starts with `prefix` (earlier lines are skipped).
    fn line(&self, prefix: &str) -> String {
        loop {
            match self.lines.recv_timeout(STEP) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(e) => panic!("no line starting {prefix:?}: {e}"),
            }
        }
    }

    fn wait_ok(mut self) {
        let end = std::time::Instant::now() + STEP;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exited with {status}");
                return;
            }
            assert!(std::time::Instant::now() < end, "did not finish");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("starhop-net-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `listening on ADDR code CODE` -> (ADDR, CODE).
fn address_and_code(line: &str) -> (String, String) {
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[2].to_string(), words[4].to_string())
}

fn join(addr: &str, code: &str, name: &str, out: &Path, extra: &[&str]) -> Proc {
    let mut args = vec![
        "join",
        "--addr",
        addr,
        "--code",
        code,
        "--bot",
        "easy",
        "--depth",
        "1",
        "--name",
        name,
        "--limit-secs",
        "120",
        "--out",
    ];
    args.push(path(out));
    args.extend_from_slice(extra);
    Proc::start(&args)
}

#[test]
fn serve_and_two_joins_play_a_party_game_with_a_host_bot_and_agree() {
    let d = dir("three");
    let (host_out, a_out, b_out) = (d.join("host.json"), d.join("a.json"), d.join("b.json"));
    let serve = Proc::start(&[
        "serve",
        "--players",
        "3",
        "--bots",
        "1",
        "--bind",
        "127.0.0.1",
        "--preset",
        "party",
        "--depth",
        "1",
        "--seed",
        "3",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    let a = join(&addr, &code, "Ann", &a_out, &[]);
    let b = join(&addr, &code, "Bob", &b_out, &[]);
    assert!(a.line("seat ").starts_with("seat "));
    a.wait_ok();
    b.wait_ok();
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    assert_eq!(std::fs::read_to_string(&b_out).unwrap(), host);
    let record = starhop_engine::Record::from_json(&host).unwrap();
    assert!(record.rules.items && record.players == 3);
    assert!(record.replay().unwrap().is_over());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_killed_join_comes_back_with_its_token_and_a_wrong_code_is_refused() {
    let d = dir("kill");
    let (host_out, a_out, b_out) = (d.join("host.json"), d.join("a.json"), d.join("b.json"));
    let serve = Proc::start(&[
        "serve",
        "--players",
        "2",
        "--bind",
        "127.0.0.1",
        "--seed",
        "4",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    // A wrong code: refused, with the reason on standard error.
    let wrong = Command::new(env!("CARGO_BIN_EXE_starhop-cli"))
        .args([
            "join",
            "--addr",
            &addr,
            "--code",
            "ZZZZZZZZZZ",
            "--bot",
            "easy",
        ])
        .output()
        .unwrap();
    assert!(!wrong.status.success());
    let err = String::from_utf8(wrong.stderr).unwrap();
    assert!(err.contains("wrong room code"), "{err}");

    let a = join(&addr, &code, "Ann", &a_out, &[]);
    a.line("seat ");
    // Bob joins second (the game starts), then dies at once.
    let b = join(&addr, &code, "Bob", &b_out, &[]);
    let welcome = b.line("seat ");
    let token = welcome.split_whitespace().nth(3).unwrap().to_string();
    drop(b);
    // Bob comes back to his seat with the token and plays to the end.
    let b2 = join(&addr, &code, "Bob", &b_out, &["--token", &token]);
    assert_eq!(b2.line("seat "), welcome, "the same seat and token");
    a.wait_ok();
    b2.wait_ok();
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    assert_eq!(std::fs::read_to_string(&b_out).unwrap(), host);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A classic two-player game after `moves` actions of Easy bots (depth 1),
/// saved with names, seat 2 recorded as the host's bot.
fn saved_game(moves: usize) -> starhop_engine::Record {
    use starhop_ai::{BotAction, Budget, Level};
    let rules = starhop_engine::Rules {
        first_move: starhop_engine::FirstMoveMethod::Fixed(0),
        ..starhop_engine::Rules::classic()
    };
    let mut game = starhop_engine::Game::new(rules, 2, 12).unwrap();
    for _ in 0..moves {
        let decision = starhop_ai::choose(&game, Level::Easy, Budget::depth(1), 12);
        let BotAction::Move(m) = decision.action else {
            panic!("a classic opening is all moves");
        };
        let action = starhop_net::drive::move_action(&game, m).unwrap();
        game.apply(action).unwrap();
    }
    let mut record = starhop_engine::Record::of(&game, vec!["Ann".into(), "Botty".into()]);
    record.bots = vec![None, Some("Easy".into())];
    record
}

#[test]
fn serve_resumes_a_saved_game_and_the_player_finishes_it() {
    let d = dir("resume");
    let (saved_path, host_out, a_out) =
        (d.join("saved.json"), d.join("host.json"), d.join("a.json"));
    let saved = saved_game(6);
    std::fs::write(&saved_path, saved.to_json()).unwrap();
    let serve = Proc::start(&[
        "serve",
        "--resume",
        path(&saved_path),
        "--players",
        "2",
        "--bind",
        "127.0.0.1",
        "--depth",
        "1",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    assert_eq!(
        serve.line("resuming"),
        "resuming a saved game after 6 actions"
    );
    assert_eq!(serve.line("seat "), "seat 1 is Ann's");
    // Ann claims her seat; the host's bot plays the other, as recorded.
    let a = join(&addr, &code, "Ann", &a_out, &["--seat", "1"]);
    assert!(a.line("seat ").starts_with("seat 1 token "));
    a.wait_ok();
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    let record = starhop_engine::Record::from_json(&host).unwrap();
    assert_eq!(record.actions[..6], saved.actions[..]);
    assert!(record.actions.len() > 6);
    assert_eq!(record.names, saved.names);
    assert_eq!(record.bots, saved.bots);
    assert_eq!(record.seed, saved.seed);
    assert!(record.replay().unwrap().is_over());
    std::fs::remove_dir_all(&d).unwrap();
}

/// Runs the command to its end; returns whether it succeeded, and its standard error.
fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_starhop-cli"))
        .args(args)
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn serve_refuses_a_saved_game_that_does_not_fit() {
    let d = dir("resume-bad");
    let saved_path = d.join("saved.json");
    let saved = saved_game(4);
    std::fs::write(&saved_path, saved.to_json()).unwrap();
    let resume = [
        "serve",
        "--resume",
        path(&saved_path),
        "--bind",
        "127.0.0.1",
    ];

    let (ok, err) = run(&[&resume[..], &["--players", "3"]].concat());
    assert!(!ok);
    assert!(err.contains("--players 3 does not match"), "{err}");
    assert!(err.contains("which has 2 players"), "{err}");
    // The rules are the saved game's.
    let (ok, err) = run(&[&resume[..], &["--preset", "party"]].concat());
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    // A record whose moves do not replay.
    let mut tampered = saved.clone();
    tampered.actions.swap(0, 1);
    std::fs::write(&saved_path, tampered.to_json()).unwrap();
    let (ok, err) = run(&resume);
    assert!(!ok);
    assert!(err.contains("does not replay"), "{err}");
    assert!(err.contains("action 1"), "{err}");
    // Not a record at all.
    std::fs::write(&saved_path, "{\"moves\": []}").unwrap();
    let (ok, err) = run(&resume);
    assert!(!ok);
    assert!(err.contains("saved.json"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn discover_lists_a_table_that_serve_announces() {
    let port = free_udp_port();
    let serve = Proc::start(&[
        "serve",
        "--players",
        "3",
        "--bots",
        "1",
        "--bind",
        "127.0.0.1",
        "--announce",
        "--announce-port",
        &port,
        "--name",
        "CLI table",
        "--limit-secs",
        "120",
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    assert_eq!(
        serve.line("announcing"),
        format!("announcing on UDP port {port}")
    );
    let wanted = format!("table {addr} game classic players 3 open 1,2 waiting name CLI table");
    let found = discover_until(&port, &wanted, |_| {});
    assert!(found.contains("1 table(s) found"), "{found}");
    assert!(!found.contains(&code), "the code is never announced");
}

/// A free UDP port for the announcements, so parallel runs do not meet.
fn free_udp_port() -> String {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string()
}

/// Runs `discover` on `port` until a line of its output reads `wanted`, and
/// returns that output; `check` sees every look's output first. Each look
/// listens for two seconds (two beacons); five looks at most.
fn discover_until(port: &str, wanted: &str, check: impl Fn(&str)) -> String {
    let mut last = String::new();
    for _ in 0..5 {
        let out = Command::new(env!("CARGO_BIN_EXE_starhop-cli"))
            .args(["discover", "--port", port, "--wait", "2"])
            .output()
            .unwrap();
        assert!(out.status.success());
        last = String::from_utf8(out.stdout).unwrap();
        check(&last);
        if last.lines().any(|l| l == wanted) {
            return last;
        }
    }
    panic!("never found {wanted:?}; last look:\n{last:?}");
}

/// A hello over a bare WebSocket from 127.0.0.1 (a minimal client, so a
/// guesser can be fast): the host's first answer, as text.
/// (Empty when the host closed it first.)
fn raw_hello(addr: &str, code: &str) -> String {
    raw_hello_or_err(addr, code).unwrap_or_default()
}

fn raw_hello_or_err(addr: &str, code: &str) -> std::io::Result<String> {
    use std::io::{Error, Read, Write};
    let mut tcp = std::net::TcpStream::connect(addr)?;
    tcp.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(
        tcp,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        tcp.read_exact(&mut byte)?;
        head.push(byte[0]);
        if head.len() > 4096 {
            return Err(Error::other("no end to the handshake"));
        }
    }
    if !head.starts_with(b"HTTP/1.1 101") {
        return Err(Error::other("no WebSocket"));
    }
    let version = starhop_net::PROTOCOL_VERSION;
    let hello = format!(
        r#"{{"type":"hello","protocol":{version},"code":"{code}","name":"Guess","want":"any"}}"#
    );
    assert!(hello.len() < 126);
    // A masked text frame (a mask of zeros leaves the payload as it is).
    let mut frame = vec![0x81, 0x80 | hello.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(hello.as_bytes());
    tcp.write_all(&frame)?;
    let mut header = [0u8; 2];
    tcp.read_exact(&mut header)?;
    let len = match header[1] & 0x7f {
        126 => {
            let mut n = [0u8; 2];
            tcp.read_exact(&mut n)?;
            usize::from(u16::from_be_bytes(n))
        }
        n => usize::from(n),
    };
    let mut payload = vec![0u8; len];
    tcp.read_exact(&mut payload)?;
    String::from_utf8(payload).map_err(Error::other)
}

/// Someone at the same address guessed codes until the host refuses that
/// address as busy: `join` with the right code waits and tries again
/// instead of giving up, and takes its seat.
#[test]
fn join_waits_out_a_host_busy_with_guesses() {
    let serve = Proc::start(&[
        "serve",
        "--players",
        "2",
        "--bind",
        "127.0.0.1",
        "--depth",
        "1",
        "--limit-secs",
        "120",
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    let answers: Vec<String> = (0..30)
        .map(|n| raw_hello(&addr, &format!("WRONG{n:04}X")))
        .collect();
    assert!(answers.iter().any(|a| a.contains("busy")), "{answers:?}");
    let d = dir("busy");
    let a = join(&addr, &code, "Ann", &d.join("a.json"), &[]);
    assert!(a.line("seat ").starts_with("seat 1 token "));
    drop(a);
    drop(serve);
    let _ = std::fs::remove_dir_all(&d);
}

/// A table named with escape codes and markup: `discover` prints what is
/// left of the name (markup and the printable remains, as text), and no
/// control character reaches the terminal.
#[test]
fn discover_prints_names_without_control_characters() {
    let port = free_udp_port();
    let serve = Proc::start(&[
        "serve",
        "--players",
        "2",
        "--bind",
        "127.0.0.1",
        "--announce",
        "--announce-port",
        &port,
        "--name",
        "\u{1b}[2J\u{1b}[31mEvil<b>&amp;\u{7}\u{9b}1m",
        "--limit-secs",
        "60",
    ]);
    let (addr, _code) = address_and_code(&serve.line("listening on"));
    let wanted =
        format!("table {addr} game classic players 2 open 1,2 waiting name [2J[31mEvil<b>&amp;1m");
    discover_until(&port, &wanted, |look| {
        assert!(
            !look.chars().any(|c| c.is_control() && c != '\n'),
            "{look:?}"
        );
    });
}

/// The fast bot flags of `join` for draughts and food checkers.
const FAST: [&str; 2] = ["--think-ms", "5"];

#[test]
fn serve_and_join_play_russian_draughts_and_agree() {
    let d = dir("draughts");
    let (host_out, a_out) = (d.join("host.json"), d.join("a.json"));
    let serve = Proc::start(&[
        "serve",
        "--game",
        "draughts",
        "--variant",
        "russian",
        "--bots",
        "1",
        "--bot-level",
        "beginner",
        "--think-ms",
        "5",
        "--bind",
        "127.0.0.1",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    let a = join(&addr, &code, "Ann", &a_out, &FAST);
    assert!(a.line("seat ").starts_with("seat 1 token "));
    assert_eq!(a.line("the table"), "the table plays draughts");
    assert!(a.line("game over after ").ends_with(" moves"));
    a.wait_ok();
    assert!(serve.line("game over after ").ends_with(" moves"));
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    let record = starhop_games::AnyRecord::from_json(&host).unwrap();
    let starhop_games::AnyRecord::Draughts(r) = &record else {
        panic!("not a draughts record: {host}")
    };
    assert_eq!(r.variant, starhop_draughts::Variant::Russian);
    assert_eq!(r.bots, [None, Some("Beginner".to_string())]);
    assert!(starhop_games::BoxGame::is_over(&record.replay().unwrap()));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn serve_and_two_joins_play_food_checkers_for_three_and_agree() {
    let d = dir("food");
    let (host_out, a_out, b_out) = (d.join("host.json"), d.join("a.json"), d.join("b.json"));
    let serve = Proc::start(&[
        "serve",
        "--game",
        "food",
        "--players",
        "3",
        "--size",
        "3",
        "--bots",
        "1",
        "--think-ms",
        "5",
        "--bind",
        "127.0.0.1",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    let a = join(&addr, &code, "Ann", &a_out, &FAST);
    let b = join(&addr, &code, "Bob", &b_out, &FAST);
    a.wait_ok();
    b.wait_ok();
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    assert_eq!(std::fs::read_to_string(&b_out).unwrap(), host);
    let record = starhop_games::AnyRecord::from_json(&host).unwrap();
    let starhop_games::AnyRecord::Food(r) = &record else {
        panic!("not a food record: {host}")
    };
    assert_eq!((r.rules.players, r.rules.holes), (3, 37));
    assert!(starhop_games::BoxGame::is_over(&record.replay().unwrap()));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn serve_resumes_a_saved_draughts_game_and_the_player_finishes_it() {
    use starhop_games::{AnyGame, AnyRecord, BoxGame, DraughtsGame};
    let d = dir("resume-draughts");
    let (saved_path, host_out, a_out) =
        (d.join("saved.json"), d.join("host.json"), d.join("a.json"));
    let mut game = AnyGame::from(DraughtsGame::new(starhop_draughts::Variant::International));
    for _ in 0..8 {
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).unwrap();
    }
    let saved = AnyRecord::of(&game, vec!["Ann".into(), "Botty".into()])
        .with_bots(vec![None, Some("Beginner".into())]);
    std::fs::write(&saved_path, saved.to_json()).unwrap();
    let serve = Proc::start(&[
        "serve",
        "--resume",
        path(&saved_path),
        "--think-ms",
        "5",
        "--bind",
        "127.0.0.1",
        "--limit-secs",
        "120",
        "--out",
        path(&host_out),
    ]);
    let (addr, code) = address_and_code(&serve.line("listening on"));
    assert_eq!(
        serve.line("resuming"),
        "resuming a saved game after 8 moves"
    );
    assert_eq!(serve.line("seat "), "seat 1 is Ann's");
    let a = join(
        &addr,
        &code,
        "Ann",
        &a_out,
        &["--seat", "1", "--think-ms", "5"],
    );
    a.wait_ok();
    serve.wait_ok();
    let host = std::fs::read_to_string(&host_out).unwrap();
    assert_eq!(std::fs::read_to_string(&a_out).unwrap(), host);
    let (AnyRecord::Draughts(done), AnyRecord::Draughts(half)) =
        (AnyRecord::from_json(&host).unwrap(), &saved)
    else {
        panic!("draughts records")
    };
    assert_eq!(done.moves[..8], half.moves[..]);
    assert!(done.moves.len() > 8);
    assert_eq!(done.names, half.names);
    std::fs::remove_dir_all(&d).unwrap();
}

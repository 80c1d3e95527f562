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

//! The command-line tool, run as a user would.

use std::process::Command;

fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_starhop-cli"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn perft_prints_one_line_per_depth() {
    let (ok, out, _) = cli(&["perft", "--size", "4", "--players", "2", "--depth", "2"]);
    assert!(ok);
    assert_eq!(out, "depth 1: 14\ndepth 2: 196\n");
}

#[test]
fn perft_refuses_five_players_on_stderr() {
    let (ok, out, err) = cli(&["perft", "--players", "5", "--depth", "1"]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("5 players cannot play"), "{err}");
}

#[test]
fn random_then_replay_round_trips() {
    let dir = std::env::temp_dir().join(format!("starhop-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let f = file.to_str().unwrap();
    let (ok, _, err) = cli(&[
        "random",
        "--players",
        "3",
        "--moves",
        "30",
        "--seed",
        "7",
        "--out",
        f,
    ]);
    assert!(ok, "{err}");
    let (ok, out, _) = cli(&["replay", f]);
    assert!(ok);
    assert!(
        out.starts_with("record ok: 3 players, board size 4, 30 actions"),
        "{out}"
    );
    // 17 rows of holes follow the summary.
    assert!(
        out.lines()
            .rev()
            .take(17)
            .all(|l| l.trim_start().starts_with(['.', '1', '2', '3']))
    );

    let text = std::fs::read_to_string(&file).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    record["actions"][0]["to"] = record["actions"][0]["from"].clone();
    std::fs::write(&file, record.to_string()).unwrap();
    let (ok, out, err) = cli(&["replay", f]);
    assert!(!ok && out.is_empty());
    assert!(err.contains("action 1 (move"), "{err}");
    std::fs::write(&file, text.replacen("\"from\": ", "\"from\": 1", 1)).unwrap();
    let (ok, _, err) = cli(&["replay", f]);
    assert!(!ok);
    assert!(
        err.contains("not a readable game record") && err.contains("line"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_of_a_missing_file_says_so() {
    let (ok, _, err) = cli(&["replay", "/nonexistent/game.json"]);
    assert!(!ok);
    assert!(
        err.starts_with("starhop-cli: cannot read /nonexistent/game.json"),
        "{err}"
    );
}

#[test]
fn arena_plays_tiny_matches_and_reports() {
    let (ok, out, err) = cli(&[
        "arena", "--a", "hard", "--b", "greedy", "--games", "2", "--size", "3", "--depth", "2",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("arena: A = Hard vs B = greedy, 2 players, size 3, 2 games"),
        "{out}"
    );
    assert!(out.contains("95% CI"), "{out}");
    assert!(out.contains("average game length"), "{out}");
    assert!(out.contains("average think time per move: A "), "{out}");
    assert!(err.contains("2/2"), "progress bar: {err}");
    let last = out.lines().last().unwrap();
    let nums: Vec<u32> = last
        .strip_prefix("result: ")
        .expect(last)
        .split(", ")
        .map(|p| p.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 3);
    assert_eq!(nums.iter().sum::<u32>(), 2);
    assert!(
        last.ends_with(" losses") && last.contains(" wins, ") && last.contains(" draws, "),
        "{last}"
    );
    // Three players, A rotating seats; levels in any case.
    let (ok, out, err) = cli(&[
        "arena",
        "--a",
        "MASTER",
        "--b",
        "beginner",
        "--games",
        "3",
        "--players",
        "3",
        "--size",
        "3",
        "--nodes",
        "3000",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("fair share: 33.3%"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: "));
    let (ok, _, err) = cli(&["arena", "--a", "wizard", "--b", "easy", "--games", "1"]);
    assert!(!ok && err.contains("unknown level"), "{err}");
}

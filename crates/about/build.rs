//! Finds the commit the build is made from, for `--version` and the About box.
//! A build outside a git checkout (an unpacked source tarball) says "unknown".

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=10", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=STARHOP_COMMIT={commit}");
    // Build again when HEAD moves: HEAD itself (a branch switch) and the
    // branch's ref (a commit); in a worktree both live in its own git folder.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = PathBuf::from(dir);
        println!("cargo:rerun-if-changed={}", dir.join("HEAD").display());
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            let common = git(&["rev-parse", "--git-common-dir"]).map_or(dir, PathBuf::from);
            println!("cargo:rerun-if-changed={}", common.join(head).display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

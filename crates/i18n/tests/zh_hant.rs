//! The Traditional Chinese files are made from the Simplified ones by
//! `tools/make_zh_hant.sh` (OpenCC) and committed: they stay in step.

use starhop_i18n::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every message's id and argument names.
fn shape(locale: Locale) -> BTreeSet<(&'static str, &'static str, BTreeSet<&'static str>)> {
    messages(locale)
        .iter()
        .map(|m| (m.table, m.id, m.args.iter().copied().collect()))
        .collect()
}

#[test]
fn zh_hant_has_the_messages_of_zh_hans_and_no_others() {
    let hans = shape(Locale::SimplifiedChinese);
    let hant = shape(Locale::TraditionalChinese);
    assert_eq!(hans.len(), messages(Locale::SimplifiedChinese).len());
    let only_hans: Vec<_> = hans.difference(&hant).collect();
    let only_hant: Vec<_> = hant.difference(&hans).collect();
    assert!(only_hans.is_empty(), "not in zh-Hant: {only_hans:#?}");
    assert!(only_hant.is_empty(), "not in zh-Hans: {only_hant:#?}");
}

/// Running the script again gives the committed files. Without OpenCC this
/// fails: the check is not skipped.
#[test]
fn zh_hant_files_are_what_the_script_makes() {
    let found = Command::new("opencc").arg("--version").output();
    assert!(
        found.is_ok(),
        "the opencc command is missing, so the zh-Hant files cannot be checked: \
         install it (Debian: apt-get install opencc; `make test` does)"
    );
    let out = std::env::temp_dir().join(format!("starhop-zh-hant-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let status = Command::new("bash")
        .arg(root().join("tools/make_zh_hant.sh"))
        .arg(&out)
        .status()
        .expect("bash runs");
    assert!(status.success(), "tools/make_zh_hant.sh failed");
    let committed = root().join("crates/i18n/locales/zh-Hant");
    let mut made: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    made.sort();
    let mut stale = Vec::new();
    for name in &made {
        let new = std::fs::read_to_string(out.join(name)).unwrap();
        let old = std::fs::read_to_string(committed.join(name)).unwrap_or_default();
        if new != old {
            stale.push(name.to_string_lossy().into_owned());
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    let tables: Vec<String> = TABLES.iter().map(|t| format!("{t}.ftl")).collect();
    let made: Vec<String> = made.iter().map(|n| n.to_string_lossy().into()).collect();
    let mut sorted = tables.clone();
    sorted.sort();
    assert_eq!(made, sorted, "one file per table");
    assert!(
        stale.is_empty(),
        "zh-Hant is not what tools/make_zh_hant.sh makes of zh-Hans: {stale:?} (rerun it)"
    );
}

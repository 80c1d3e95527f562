//! What every Starhop program says about itself: the crate version and the
//! commit it was built from ("0.1.0 (3fc805a1b2)", the commit set by
//! `build.rs`), and its manual page made from its command-line definition.

/// The release, as in Cargo.toml.
pub const RELEASE: &str = env!("CARGO_PKG_VERSION");

/// The commit the build was made from (ten hex digits; changes not yet
/// committed are not told apart), or "unknown" outside a git checkout.
pub const COMMIT: &str = env!("STARHOP_COMMIT");

/// The date (year, month, day) of a day counted from 1970-01-01, for the
/// dates every program writes (save names, history, logs) without a date
/// crate (Howard Hinnant's algorithm; days before 1970 are negative).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// What `--version` prints after the program's name.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("STARHOP_COMMIT"), ")");

/// The manual pages (roff, section 6: games) of a program from its clap
/// definition, as (file name, page): the program's own (name, synopsis,
/// description, every option, the list of subcommands), then one page per
/// subcommand named as git names its own ("starhop-cli-perft.6").
pub fn man_pages(command: clap::Command) -> Vec<(String, Vec<u8>)> {
    let command = command.version(VERSION);
    let name = command.get_name().to_string();
    let mut pages = vec![(format!("{name}.6"), render(command.clone()))];
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let full = format!("{name}-{}", sub.get_name());
        let sub = sub.clone().name(full.clone()).version(VERSION);
        pages.push((format!("{full}.6"), render(sub)));
    }
    pages
}

/// Writes [`man_pages`] into `dir` (made if missing); returns the files written.
pub fn write_man_pages(
    command: clap::Command,
    dir: &std::path::Path,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    man_pages(command)
        .into_iter()
        .map(|(name, page)| {
            let path = dir.join(name);
            std::fs::write(&path, page)?;
            Ok(path)
        })
        .collect()
}

/// A program's `--man-pages DIR`: writes [`man_pages`] into `dir`, lists
/// the files on standard output, or says on standard error why it could
/// not. Whether it wrote them.
pub fn man_pages_command(command: clap::Command, dir: &std::path::Path) -> bool {
    let program = command.get_name().to_string();
    match write_man_pages(command, dir) {
        Ok(files) => {
            for file in files {
                println!("{}", file.display());
            }
            true
        }
        Err(e) => {
            eprintln!(
                "{program}: cannot write the manual pages into {}: {e}",
                dir.display()
            );
            false
        }
    }
}

fn render(command: clap::Command) -> Vec<u8> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .section("6")
        .render(&mut page)
        // Writing into a Vec cannot fail.
        .expect("render a manual page");
    page
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_since_1970_are_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(-1), (1969, 12, 31));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(super::civil_from_days(20_787), (2026, 11, 30));
    }

    use super::*;

    #[test]
    fn the_version_names_the_release_and_the_commit() {
        assert_eq!(VERSION, format!("{RELEASE} ({COMMIT})"));
        assert!(RELEASE.split('.').count() == 3, "{RELEASE}");
        assert!(
            COMMIT == "unknown"
                || (COMMIT.len() == 10 && COMMIT.chars().all(|c| c.is_ascii_hexdigit())),
            "{COMMIT}"
        );
    }

    #[test]
    fn each_subcommand_gets_a_manual_page_with_its_options() {
        let cmd = clap::Command::new("demo")
            .about("A demo program")
            .arg(
                clap::Arg::new("fast")
                    .long("fast")
                    .help("Go fast")
                    .action(clap::ArgAction::SetTrue),
            )
            .subcommand(
                clap::Command::new("perft")
                    .about("Count positions")
                    .arg(clap::Arg::new("depth").long("depth").help("How deep")),
            )
            .subcommand(clap::Command::new("secret").hide(true));
        let pages: Vec<(String, String)> = man_pages(cmd)
            .into_iter()
            .map(|(name, page)| (name, String::from_utf8(page).unwrap()))
            .collect();
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["demo.6", "demo-perft.6"]);
        let (top, perft) = (&pages[0].1, &pages[1].1);
        assert!(top.contains(".TH demo 6"), "{top}");
        for expected in ["A demo program", "fast", "Go fast", "perft", VERSION] {
            assert!(top.contains(expected), "{expected} missing from\n{top}");
        }
        assert!(perft.contains(".TH demo-perft 6"), "{perft}");
        for expected in ["Count positions", "depth", "How deep"] {
            assert!(perft.contains(expected), "{expected} missing from\n{perft}");
        }
        assert!(!top.contains("secret"), "{top}");
    }
}

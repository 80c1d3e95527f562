//! The layer rule of the game crate, read from the source: a module of `src/`
//! imports only from the layers below its own, and the modes (one layer) never
//! import each other. The layer of each folder is written here and nowhere
//! else; the README's architecture part describes the same picture.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Every top-level module of `src/` with its layer, bottom first. Modules in
/// one layer are siblings: none may import another.
const LAYERS: &[(&str, &[&str])] = &[
    // States, system sets, toasts, sound cues, what the panels cover, settings.
    ("core", &["base", "settings"]),
    // Widgets, palette, fonts and translations.
    ("theme", &["ui"]),
    // Folders, saves and the files every mode writes.
    ("files", &["persist"]),
    // The 3D boards, pieces, picking and their animation.
    ("stage", &["stage"]),
    ("camera and sound", &["camera", "audio"]),
    // What every mode shares: the life cycle on its screen, showing records.
    ("mode kit", &["kit"]),
    // The games of the box, side by side.
    (
        "modes",
        &["classic", "food", "crossing", "draughts", "halma"],
    ),
    // Features that drive the modes from above.
    ("replays", &["replay"]),
    ("league", &["league"]),
    ("network tables", &["online"]),
    // The command line, the menus over every screen, the screenshot harness,
    // frame timing.
    ("shell", &["shell"]),
    // The crate root and the binary put every plugin together.
    ("root", &["lib", "main"]),
];

/// Crossings of the rule that today's tree still has, as (file, module it
/// imports). The test fails on any crossing not listed here and on any listed
/// one that is gone, so this list only ever shrinks.
const NOT_YET_LAYERED: &[(&str, &str)] = &[];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`ui/mod.rs` → `ui`,
/// `launch.rs` → `launch`).
fn module_of(relative: &Path) -> String {
    let first = relative
        .components()
        .next()
        .expect("a path inside src/")
        .as_os_str()
        .to_string_lossy()
        .to_string();
    first.trim_end_matches(".rs").to_string()
}

fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names after every `crate::` in `text`: `crate::ui::tr` gives
/// `ui`, `use crate::{base::Screen, ui::tr}` gives `base` and `ui`.
fn crate_names(text: &str) -> BTreeSet<String> {
    let text = without_comments(text);
    let mut names = BTreeSet::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("crate::") {
        // `starhop_crate::` or `my_crate::` is not this crate.
        let before = rest[..i].chars().next_back();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut end = 0;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = j;
                    break;
                }
            }
            let mut depth = 0;
            let mut item = String::new();
            for c in group[..end].chars().chain(std::iter::once(',')) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.extend(first_name(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
        } else {
            names.extend(first_name(rest));
        }
    }
    names
}

fn first_name(text: &str) -> Option<String> {
    let name: String = text
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Every (file, module) pair where a file imports from its own layer or one
/// above. A name that is not a module (`crate::Screen`) is an item of the
/// crate root, the top layer.
fn crossings() -> BTreeSet<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut found = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("inside src/").to_path_buf();
        let module = module_of(&relative);
        let Some(own) = layer_of(&module) else {
            panic!(
                "src/{} belongs to no layer: add `{module}` to LAYERS",
                relative.display()
            );
        };
        let text = std::fs::read_to_string(&file).expect("a source file is readable");
        for name in crate_names(&text) {
            let target = if layer_of(&name).is_some() {
                name
            } else {
                "lib".to_string()
            };
            if target == module {
                continue;
            }
            let theirs = layer_of(&target).expect("every target has a layer");
            if theirs >= own {
                let path = relative.to_string_lossy().replace('\\', "/");
                found.insert((path, target));
            }
        }
    }
    found
}

#[test]
fn every_module_imports_only_from_the_layers_below_it() {
    let found = crossings();
    let known: BTreeSet<(String, String)> = NOT_YET_LAYERED
        .iter()
        .map(|(f, m)| (f.to_string(), m.to_string()))
        .collect();
    let new: Vec<_> = found.difference(&known).collect();
    let gone: Vec<_> = known.difference(&found).collect();
    assert!(
        new.is_empty(),
        "these files import from their own layer or one above (see LAYERS): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "these crossings are gone: take them off NOT_YET_LAYERED: {gone:?}"
    );
}

#[test]
fn the_reader_sees_grouped_and_inline_paths() {
    let names = crate_names(
        "use crate::{base::Screen, ui::{tr, trf}};\n\
         fn f() { crate::persist::write(); }\n\
         // crate::league::never, a comment\n\
         use starhop_crate::x;",
    );
    let names: Vec<_> = names.into_iter().collect();
    assert_eq!(names, ["base", "persist", "ui"]);
}

#[test]
fn a_mode_importing_a_sibling_mode_crosses_the_rule() {
    let food = layer_of("food").expect("food has a layer");
    let draughts = layer_of("draughts").expect("draughts has a layer");
    assert_eq!(
        food, draughts,
        "modes share one layer, so neither may import the other"
    );
    assert!(layer_of("base") < layer_of("classic"));
    assert!(layer_of("classic") < layer_of("replay"));
}

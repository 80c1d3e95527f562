//! The game's words in every language, checked across the Fluent files of
//! `starhop-i18n` and every source file that shows text: each shown English
//! text has its message in every language with the same arguments, no
//! language has a message English lacks, nothing English bypasses the
//! messages, and the lookups follow the language. Here, above every mode,
//! because it reads them all.

use starhop::base::Notice;
use starhop::settings::Language;
use starhop::ui::i18n::*;
use starhop_engine::{Event, Item};
use starhop_i18n::{Locale, MessageInfo};
use std::collections::BTreeSet;

/// A language's message `id`.
fn message(locale: Locale, id: &str) -> Option<&'static MessageInfo> {
    starhop_i18n::messages(locale).iter().find(|m| m.id == id)
}

/// A message's argument names, in any order.
fn arguments(m: &MessageInfo) -> BTreeSet<&'static str> {
    m.args.iter().copied().collect()
}

/// One string literal of a source file and the code just before it.
struct Literal {
    text: String,
    before: String,
    line: usize,
}

/// The string literals of Rust source, outside comments and tests. A small
/// scanner, enough for our sources.
fn literals(source: &str) -> Vec<Literal> {
    let mut code = source;
    if let Some(at) = code.find("#[cfg(test)]") {
        code = &code[..at];
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        // Char literals ('"') and lifetimes ('a): a quote in a char literal is not a string.
        if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            continue;
        }
        if c == '\'' && chars.get(i + 1) == Some(&'\\') {
            i += 4;
            continue;
        }
        let upto: String = chars[i.saturating_sub(120)..i].iter().collect();
        if c == '"' {
            let start_line = line;
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars[i] == '\n' {
                    line += 1;
                }
                text.push(chars[i]);
                i += 1;
            }
            let before: String = upto.chars().filter(|c| !c.is_whitespace()).collect();
            out.push(Literal {
                text,
                before,
                line: start_line,
            });
        }
        i += 1;
    }
    out
}

/// Whether the literal is the English text of a translation call.
fn is_translated(before: &str) -> bool {
    let whole_word_t = before.strip_suffix("t(").is_some_and(|b| {
        !b.ends_with(|c: char| c.is_alphanumeric() || c == '_') || b.ends_with('.')
    });
    whole_word_t || before.ends_with("tr(lang,") || before.ends_with("trf(lang,")
}

/// Egui ids, file names and other text nobody reads.
fn is_not_shown(before: &str) -> bool {
    [
        "from_id_salt(",
        "from_id_salt((",
        "Grid::new(",
        "Area::new(",
        "Id::new(",
        "id_salt(",
        "id().with((",
        "include_bytes!(",
        "insert(",
        "DEFAULT_NAME:&str=",
        "_ID:&str=",
        "id_salt((",
        "screen_panel(ctx,",
        "button_bar(ctx,",
        // The kit's panel frames take an egui id first.
        "window(ctx,",
        "play_bar(ctx,",
        "seat_choice(ui,(",
        "status_box(ctx,",
        "join(",
        "var_os(",
        "info!(",
        "warn!(",
        // A screenshot's name (`ShotScene::is`).
        ".is(",
    ]
    .iter()
    .any(|m| before.ends_with(m))
}

/// Words that need no translation: key names, the game's name, a language's own name.
const UNTRANSLATED_WORDS: &[&str] = &[
    "Enter", "Space", "Esc", "Start", "Tab", "LT", "RT", "Ctrl", "Shift", "Home", "End", "D",
    "pad", "A", "B", "H", "P", "Q", "E", "W", "S", "T", "U", "Y", "Z", "Starhop", "English",
];

fn ui_sources() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "src/ui",
        "src/classic",
        "src/classic/screens",
        "src/persist",
        "src/food",
        "src/league",
        "src/replay",
        "src/crossing",
        "src/online",
        "src/draughts",
        "src/halma",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path.display().to_string(), text));
            }
        }
    }
    files
}

/// Every text passed to `t(…)`, `lang.t(…)`, `tr(lang, …)` or `trf(lang, …)`
/// in the UI and file sources has a message in every language, with an
/// argument for each `{}` hole and the same arguments as in English.
#[test]
fn every_translated_text_has_a_message_in_every_language() {
    let mut missing = Vec::new();
    let mut found = 0;
    for (file, text) in ui_sources() {
        for lit in literals(&text) {
            if !is_translated(&lit.before) {
                continue;
            }
            found += 1;
            let Some(id) = starhop_i18n::message_id(&lit.text) else {
                missing.push(format!("{file}:{}: {:?}", lit.line, lit.text));
                continue;
            };
            let english = message(Locale::English, id).expect("an English message");
            assert_eq!(
                english.args.len(),
                lit.text.matches("{}").count(),
                "{id}: an argument for each hole of {:?}",
                lit.text
            );
            for locale in Locale::ALL {
                match message(locale, id) {
                    None => missing.push(format!(
                        "{file}:{}: {:?} ({} {id})",
                        lit.line,
                        lit.text,
                        locale.tag()
                    )),
                    Some(m) => assert_eq!(
                        arguments(m),
                        arguments(english),
                        "the {} of {:?} ({id}) takes other arguments",
                        locale.tag(),
                        lit.text
                    ),
                }
            }
        }
    }
    assert!(found > 150, "the scan found the UI texts ({found})");
    assert!(missing.is_empty(), "no message for: {missing:#?}");
}

/// Every language's files hold only messages English has (no strays), and
/// no two English texts share an id: each text is one message.
#[test]
fn every_message_is_an_english_text_once() {
    assert!(
        starhop_i18n::problems().is_empty(),
        "{:#?}",
        starhop_i18n::problems()
    );
    let english: BTreeSet<&str> = starhop_i18n::messages(Locale::English)
        .iter()
        .map(|m| m.id)
        .collect();
    for locale in Locale::ALL {
        let strays: Vec<_> = starhop_i18n::messages(locale)
            .iter()
            .filter(|m| !english.contains(m.id))
            .map(|m| format!("{}/{}.ftl: {}", locale.tag(), m.table, m.id))
            .collect();
        assert!(strays.is_empty(), "not in English: {strays:#?}");
    }
    let texts: Vec<(&str, &MessageInfo)> = starhop_i18n::english_messages().collect();
    assert_eq!(
        texts.len(),
        english.len(),
        "every English message is a text"
    );
    let mut ids = BTreeSet::new();
    for (text, m) in texts {
        assert!(ids.insert(m.id), "{} names two English texts", m.id);
        assert_eq!(starhop_i18n::message_id(text), Some(m.id), "{text}");
    }
}

/// The UI shows no English that bypasses the messages: every other literal in
/// `src/ui` is an id, symbols and `{}` holes (a formatted string built from
/// translated pieces), or key names.
#[test]
fn no_ui_text_bypasses_the_messages() {
    let mut bypass = Vec::new();
    for (file, text) in ui_sources() {
        // The league's sample for screenshots names its made-up players.
        let league = file.contains("src/league")
            && !file.ends_with("shots.rs")
            // The keys of other games' records, matched to translated words.
            && !file.ends_with("league/other_games.rs");
        let replay = file.ends_with("replay/view.rs");
        let crossing = (file.contains("src/crossing")
            || file.contains("src/online")
            || file.contains("src/draughts"))
            // The screenshot set-ups: shot names and made-up players.
            && !file.ends_with("shots.rs")
            // File names, not shown as text.
            && !file.ends_with("draughts/files.rs");
        // Colour names are ids: `colour_name` translates them where shown;
        // the theme's font names are ids too.
        let palette = file.ends_with("ui/palette.rs") || file.ends_with("ui/theme.rs");
        let ui = file.contains("src/ui") || file.contains("src/classic/screens");
        if !ui && !league && !replay && !crossing || palette {
            continue;
        }
        for lit in literals(&text) {
            if is_translated(&lit.before) || is_not_shown(&lit.before) {
                continue;
            }
            // Words outside the `{…}` holes of a format string.
            let mut words = String::new();
            let mut depth = 0;
            for c in lit.text.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    c if depth == 0 => words.push(if c.is_ascii_alphabetic() { c } else { ' ' }),
                    _ => {}
                }
            }
            if let Some(w) = words
                .split_whitespace()
                .find(|w| !UNTRANSLATED_WORDS.contains(w))
            {
                bypass.push(format!("{file}:{}: {:?} ({w})", lit.line, lit.text));
            }
        }
    }
    assert!(
        bypass.is_empty(),
        "English shown without a message: {bypass:#?}"
    );
}

/// The scanners themselves catch what they should.
#[test]
fn the_scanners_catch_untranslated_text() {
    let lits = literals(
        "// \"comment\"\nui.label(\"Hello\"); lang.t(\"Start game\"); t(\"x\"); at(\"y\"); format!(\"{} {}\", a, b); '\"'; Grid::new(\"id\"); egui::ComboBox::from_id_salt(\"language\")",
    );
    let texts: Vec<(&str, bool, bool)> = lits
        .iter()
        .map(|l| {
            (
                l.text.as_str(),
                is_translated(&l.before),
                is_not_shown(&l.before),
            )
        })
        .collect();
    assert_eq!(
        texts,
        [
            ("Hello", false, false),
            ("Start game", true, false),
            ("x", true, false),
            ("y", false, false),
            ("{} {}", false, false),
            ("id", false, true),
            ("language", false, true),
        ]
    );
}

#[test]
fn translations_follow_the_language_and_fall_back_to_english() {
    assert_eq!(tr(Language::Chinese, "Start game"), "开始游戏");
    assert_eq!(tr(Language::TraditionalChinese, "Start game"), "開始遊戲");
    assert_eq!(tr(Language::English, "Start game"), "Start game");
    assert_eq!(tr(Language::Chinese, "no such text"), "no such text");
    assert_eq!(
        tr(Language::TraditionalChinese, "Starhop 跳棋"),
        "Starhop 波子棋"
    );
    assert_eq!(tr(Language::TraditionalChinese, "Starhop"), "Starhop");
    // Every argument-free text is the same `&'static str` each time.
    for lang in Language::ALL {
        assert!(std::ptr::eq(tr(lang, "Start game"), tr(lang, "Start game")));
    }
}

#[test]
fn party_notices_have_words_in_every_language() {
    use starhop_engine::ItemUse;
    let name = |s: u8| ["Ann", "Bo"][s as usize].to_string();
    let used = Event::ItemUsed {
        seat: 1,
        item_use: ItemUse::FlyingWing { marble: 3, to: 9 },
        change: None,
    };
    let taken = |kept| Event::ItemTaken {
        seat: 0,
        hole: 60,
        item: Item::Tornado,
        kept,
    };
    let say = |lang, e: Event| describe_notice(lang, &Notice::Rule(e), &name).0;
    assert_eq!(
        say(Language::English, used.clone()),
        "Bo used a flying wing"
    );
    assert_eq!(say(Language::Chinese, used), "Bo 使用了飞天翼");
    assert_eq!(say(Language::English, taken(true)), "Ann found a tornado");
    assert!(say(Language::English, taken(false)).contains("hand is full"));
    assert!(say(Language::Chinese, taken(false)).contains("龙卷风"));
    assert!(say(Language::TraditionalChinese, taken(false)).contains("龍捲風"));
    for lang in Language::ALL {
        for e in [
            Event::BoxPlaced { hole: 60 },
            Event::ObstacleGone {
                hole: 60,
                item: Item::Roadblock,
            },
            Event::ObstacleGone {
                hole: 60,
                item: Item::RoadWorker,
            },
        ] {
            assert!(!say(lang, e).is_empty());
        }
        for item in Item::ALL {
            assert!(!item_tip(lang, item).is_empty());
            assert_eq!(
                item_name(lang, item).to_lowercase(),
                item_noun(lang, item).to_lowercase()
            );
        }
    }
}

#[test]
fn templates_and_default_names_follow_the_language() {
    assert_eq!(trf(Language::English, "move {}", &[&23]), "move 23");
    assert_eq!(trf(Language::Chinese, "move {}", &[&23]), "第 23 步");
    assert_eq!(
        trf(Language::TraditionalChinese, "move {}", &[&23]),
        "第 23 步"
    );
    // English says how many with a plural where a count comes before a noun.
    assert_eq!(
        trf(Language::English, "Across in {} moves", &[&1]),
        "Across in 1 move"
    );
    assert_eq!(
        trf(Language::English, "Across in {} moves", &[&2]),
        "Across in 2 moves"
    );
    assert_eq!(trf(Language::English, "{} games", &[&1usize]), "1 game");
    assert_eq!(trf(Language::Chinese, "{} games", &[&1usize]), "1 局");
    assert_eq!(
        display_name(Language::TraditionalChinese, "Player 4"),
        "玩家 4"
    );
    assert_eq!(display_name(Language::Chinese, "Player 4"), "玩家 4");
    assert_eq!(display_name(Language::English, "Player 4"), "Player 4");
    assert_eq!(
        display_name(Language::Chinese, "Player Anna"),
        "Player Anna"
    );
    assert_eq!(display_name(Language::Chinese, "Player 4b"), "Player 4b");
    assert_eq!(default_number("Player 12"), Some(12));
    assert_eq!(default_number("Player "), None);
}

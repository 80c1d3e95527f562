//! The Fluent files: each reads, every language has the English messages
//! and no others, with the same arguments, and the lookups format them (named
//! arguments, English plurals, no bidi marks).

use starhop_i18n::*;
use std::collections::BTreeSet;

#[test]
fn the_files_read_without_problems() {
    assert!(problems().is_empty(), "{:#?}", problems());
    assert!(english_messages().count() > 600);
}

/// A message's table and its arguments (as a set), by id.
fn catalogue(locale: Locale) -> Vec<(&'static str, &'static str, BTreeSet<&'static str>)> {
    let mut all: Vec<_> = messages(locale)
        .iter()
        .map(|m| (m.id, m.table, m.args.iter().copied().collect()))
        .collect();
    all.sort();
    all
}

/// Every language has each English message, in the same table and with the
/// same arguments, and no message English lacks.
#[test]
fn every_language_has_the_english_messages_and_no_others() {
    let english = catalogue(Locale::English);
    for locale in Locale::ALL {
        let theirs = catalogue(locale);
        let missing: Vec<_> = english.iter().filter(|m| !theirs.contains(m)).collect();
        let strays: Vec<_> = theirs.iter().filter(|m| !english.contains(m)).collect();
        assert!(
            missing.is_empty(),
            "{}: missing or different: {missing:#?}",
            locale.tag()
        );
        assert!(
            strays.is_empty(),
            "{}: not in English: {strays:#?}",
            locale.tag()
        );
        for (id, _, _) in &english {
            assert!(has_message(locale, id), "{} {id}", locale.tag());
        }
    }
}

/// Each English text is one message and each message one English text.
#[test]
fn english_texts_and_ids_go_one_to_one() {
    let all: Vec<_> = english_messages().collect();
    let ids: BTreeSet<_> = all.iter().map(|(_, m)| m.id).collect();
    let texts: BTreeSet<_> = all.iter().map(|(t, _)| *t).collect();
    assert_eq!(ids.len(), all.len());
    assert_eq!(texts.len(), all.len());
    for (text, m) in all {
        assert_eq!(message_id(text), Some(m.id));
        assert_eq!(text.matches("{}").count(), m.args.len(), "{text}");
    }
}

#[test]
fn lookups_follow_the_language_and_fall_back_to_english() {
    assert_eq!(text(Locale::English, "Start game"), "Start game");
    assert_eq!(text(Locale::SimplifiedChinese, "Start game"), "开始游戏");
    assert_eq!(text(Locale::TraditionalChinese, "Start game"), "開始遊戲");
    assert_eq!(
        text(Locale::TraditionalChinese, "Chinese checkers"),
        "波子棋"
    );
    assert_eq!(
        text(Locale::SimplifiedChinese, "no such text"),
        "no such text"
    );
    // A template without its values keeps its holes.
    assert_eq!(
        text(Locale::SimplifiedChinese, "Move {} of {}"),
        "第 {} 步 / 共 {} 步"
    );
    assert_eq!(
        format(Locale::English, "Move {} of {}", &[&3, &40]),
        "Move 3 of 40"
    );
    assert_eq!(
        format(Locale::TraditionalChinese, "Move {} of {}", &[&3, &40]),
        "第 3 步 / 共 40 步"
    );
    assert_eq!(message_id("Move {} of {}"), Some("move-of"));
}

/// English counts before a plural noun: "1 move", "2 moves"; Chinese has one form.
#[test]
fn english_plurals_follow_the_count() {
    let en = |template, args: &[&dyn std::fmt::Display]| format(Locale::English, template, args);
    assert_eq!(en("Across in {} moves", &[&1]), "Across in 1 move");
    assert_eq!(en("Across in {} moves", &[&2]), "Across in 2 moves");
    assert_eq!(en("Across in {} moves", &[&0]), "Across in 0 moves");
    assert_eq!(
        en("At least {} more moves from here.", &[&1]),
        "At least 1 more move from here."
    );
    assert_eq!(
        en("At least {} more moves from here.", &[&2]),
        "At least 2 more moves from here."
    );
    assert_eq!(en("{} holes · {} marbles", &[&1, &2]), "1 hole · 2 marbles");
    assert_eq!(en("{} holes · {} marbles", &[&2, &1]), "2 holes · 1 marble");
    assert_eq!(en("{}: {} moves to go", &[&"Ann", &1]), "Ann: 1 move to go");
    assert_eq!(
        en("{}: {} moves to go", &[&"Ann", &2]),
        "Ann: 2 moves to go"
    );
    assert_eq!(en("{} points", &[&1]), "1 point");
    assert_eq!(en("{} points", &[&-2]), "-2 points");
    assert_eq!(en("{} marbles left", &[&1]), "1 marble left");
    assert_eq!(
        en("Food checkers · {} players · {} holes", &[&2, &61]),
        "Food checkers · 2 players · 61 holes"
    );
    assert_eq!(
        en(
            "Anti-passive rule: after move {}, {} marbles must be out of home; now {}",
            &[&20, &1, &0]
        ),
        "Anti-passive rule: after move 20, 1 marble must be out of home; now 0"
    );
    assert_eq!(
        en(
            "The league file «{}» could not be read, so it was kept aside as «{}»; {} games and {} profiles were rebuilt from the history.",
            &[&"league.json", &"league-old.json", &1, &2]
        ),
        "The league file «league.json» could not be read, so it was kept aside as «league-old.json»; 1 game and 2 profiles were rebuilt from the history."
    );
    // A text that is no number takes the other form.
    assert_eq!(en("{} games", &[&"some"]), "some games");
    let zh = |template, n: &dyn std::fmt::Display| {
        [Locale::SimplifiedChinese, Locale::TraditionalChinese].map(|l| format(l, template, &[n]))
    };
    assert_eq!(zh("Across in {} moves", &1), ["1 步到达", "1 步到達"]);
    assert_eq!(zh("Across in {} moves", &2), ["2 步到达", "2 步到達"]);
    assert_eq!(zh("{} points", &1), ["1 分", "1 分"]);
}

/// Arguments are shown as they are, without Unicode isolation marks.
#[test]
fn arguments_have_no_isolation_marks() {
    for locale in Locale::ALL {
        for (template, m) in english_messages() {
            let values: Vec<String> = (1..=m.args.len()).map(|i| format!("v{i}")).collect();
            let args: Vec<&dyn std::fmt::Display> = values.iter().map(|v| v as _).collect();
            let text = format(locale, template, &args);
            assert!(
                !text.contains(['\u{2068}', '\u{2069}']),
                "{}: {template}",
                locale.tag()
            );
            for v in &values {
                assert!(
                    text.contains(v.as_str()),
                    "{}: {template}: {v}",
                    locale.tag()
                );
            }
        }
    }
}

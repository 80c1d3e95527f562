//! `starhop-i18n`: the game's words in English, Simplified Chinese and
//! Traditional Chinese, as Fluent files (`locales/<lang>/<table>.ftl`, one per
//! table: the interface's own words and each mode's), compiled in.
//!
//! The game writes its texts in English where they are shown
//! (`lang.t("Start game")`); this crate finds the Fluent message of that
//! English text (a map built from the `en` files: each message's English with
//! `{}` where its arguments go) and formats it in the chosen language,
//! falling back to English. Templates keep their positional holes at the call
//! site (`"Across in {} moves"`) while the messages name their arguments
//! (`$moves`): the holes take the names in the order the English message uses
//! them. A count is passed to Fluent as a number, so English can say
//! "1 move" and "2 moves" with a plural select.
//!
//! No Bevy here: the game maps its `Language` setting to a [`Locale`].

use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::HashMap;
use std::fmt::Display;
use std::sync::LazyLock;

type Bundle = fluent_bundle::concurrent::FluentBundle<FluentResource>;

/// A language of the game's texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Locale {
    English,
    /// 简体中文.
    SimplifiedChinese,
    /// 繁體中文, generated from the Simplified files with OpenCC
    /// (`tools/make_zh_hant.sh`).
    TraditionalChinese,
}

impl Locale {
    pub const ALL: [Locale; 3] = [
        Locale::English,
        Locale::SimplifiedChinese,
        Locale::TraditionalChinese,
    ];

    /// The BCP 47 tag, also the folder of its files under `locales/`.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::English => "en",
            Locale::SimplifiedChinese => "zh-Hans",
            Locale::TraditionalChinese => "zh-Hant",
        }
    }

    /// The language's name in itself, as a language menu lists it.
    pub fn native_name(self) -> &'static str {
        match self {
            Locale::English => "English",
            Locale::SimplifiedChinese => "简体中文",
            Locale::TraditionalChinese => "繁體中文",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The tables, one Fluent file each in every language.
pub const TABLES: [&str; 6] = ["ui", "crossing", "draughts", "league", "online", "halma"];

macro_rules! sources {
    ($lang:literal) => {
        [
            include_str!(concat!("../locales/", $lang, "/ui.ftl")),
            include_str!(concat!("../locales/", $lang, "/crossing.ftl")),
            include_str!(concat!("../locales/", $lang, "/draughts.ftl")),
            include_str!(concat!("../locales/", $lang, "/league.ftl")),
            include_str!(concat!("../locales/", $lang, "/online.ftl")),
            include_str!(concat!("../locales/", $lang, "/halma.ftl")),
        ]
    };
}

const SOURCES: [[&str; TABLES.len()]; 3] =
    [sources!("en"), sources!("zh-Hans"), sources!("zh-Hant")];

/// A language's Fluent files: each table's name and text.
pub fn sources(locale: Locale) -> impl Iterator<Item = (&'static str, &'static str)> {
    TABLES.into_iter().zip(SOURCES[locale.index()])
}

/// One message of a language's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageInfo {
    pub id: &'static str,
    /// The table (file) it is in.
    pub table: &'static str,
    /// Its arguments' names: in English in the order the text uses them (the
    /// order of a template's holes), elsewhere in order of first use.
    pub args: Vec<&'static str>,
}

/// Every message of the game, read once.
struct Catalogue {
    /// Each English message's text with `{}` for its arguments → its index.
    by_english: HashMap<String, usize>,
    /// The English messages, in file order.
    english: Vec<(String, MessageInfo)>,
    /// Every language's messages, in file order.
    messages: [Vec<MessageInfo>; 3],
    bundles: [Bundle; 3],
    /// Every English message formatted in each language without arguments
    /// (a template's holes shown as `{}`), leaked once: `tr` hands out
    /// `&'static str`, and there are as many as there are messages.
    plain: [Vec<&'static str>; 3],
    /// What is wrong with the files (parse errors, duplicates, syntax this
    /// crate does not read): tested empty.
    problems: Vec<String>,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(Catalogue::load);

impl Catalogue {
    fn load() -> Catalogue {
        let mut problems = Vec::new();
        let messages = Locale::ALL.map(|locale| read_messages(locale, &mut problems));
        let mut by_english = HashMap::new();
        let mut english = Vec::new();
        for (table, source) in sources(Locale::English) {
            for message in parse(source, "en", table, &mut problems).body {
                let ast::Entry::Message(m) = message else {
                    continue;
                };
                let Some(pattern) = &m.value else {
                    continue;
                };
                let mut args = Vec::new();
                let mut template = String::new();
                if let Err(why) = positional(pattern, &mut template, &mut args) {
                    problems.push(format!("en/{table}.ftl: {}: {why}", m.id.name));
                    continue;
                }
                if let Some(&other) = by_english.get(&template) {
                    let (_, first): &(String, MessageInfo) = &english[other];
                    problems.push(format!(
                        "en/{table}.ftl: {} and {} have one English text: {template:?}",
                        first.id, m.id.name
                    ));
                    continue;
                }
                by_english.insert(template.clone(), english.len());
                english.push((
                    template,
                    MessageInfo {
                        id: m.id.name,
                        table,
                        args,
                    },
                ));
            }
        }
        let bundles = Locale::ALL.map(|locale| bundle(locale, &mut problems));
        let plain = Locale::ALL.map(|locale| {
            english
                .iter()
                .map(|(template, m)| {
                    let holes: Vec<&dyn Display> = m.args.iter().map(|_| &"{}" as _).collect();
                    let text = format_in(&bundles, locale, m, &holes, false)
                        .unwrap_or_else(|| template.clone());
                    &*Box::leak(text.into_boxed_str())
                })
                .collect()
        });
        Catalogue {
            by_english,
            english,
            messages,
            bundles,
            plain,
            problems,
        }
    }
}

fn parse(
    source: &'static str,
    lang: &str,
    table: &str,
    problems: &mut Vec<String>,
) -> ast::Resource<&'static str> {
    match fluent_syntax::parser::parse(source) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            for e in errors {
                problems.push(format!("{lang}/{table}.ftl: {e:?}"));
            }
            resource
        }
    }
}

/// A language's messages, their tables and arguments; a message twice, a
/// term or junk is a problem.
fn read_messages(locale: Locale, problems: &mut Vec<String>) -> Vec<MessageInfo> {
    let lang = locale.tag();
    let mut out: Vec<MessageInfo> = Vec::new();
    for (table, source) in sources(locale) {
        for entry in parse(source, lang, table, problems).body {
            match entry {
                ast::Entry::Message(m) => {
                    if out.iter().any(|o| o.id == m.id.name) {
                        problems.push(format!("{lang}/{table}.ftl: {} twice", m.id.name));
                    }
                    if m.value.is_none() || !m.attributes.is_empty() {
                        problems.push(format!(
                            "{lang}/{table}.ftl: {}: a message here is one text, no attributes",
                            m.id.name
                        ));
                    }
                    let mut args = Vec::new();
                    if let Some(p) = &m.value {
                        variables(p, &mut args);
                    }
                    out.push(MessageInfo {
                        id: m.id.name,
                        table,
                        args,
                    });
                }
                ast::Entry::Term(t) => {
                    problems.push(format!("{lang}/{table}.ftl: term -{} (unused)", t.id.name))
                }
                ast::Entry::Junk { content } => {
                    problems.push(format!("{lang}/{table}.ftl: cannot read {content:?}"))
                }
                _ => {}
            }
        }
    }
    out
}

/// The variables a pattern uses, in order of first use (selectors included).
fn variables(pattern: &ast::Pattern<&'static str>, out: &mut Vec<&'static str>) {
    fn inline(e: &ast::InlineExpression<&'static str>, out: &mut Vec<&'static str>) {
        match e {
            ast::InlineExpression::VariableReference { id } if !out.contains(&id.name) => {
                out.push(id.name);
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn expr(e: &ast::Expression<&'static str>, out: &mut Vec<&'static str>) {
        match e {
            ast::Expression::Inline(i) => inline(i, out),
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
        }
    }
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expr(expression, out);
        }
    }
}

/// An English pattern as the call sites write it: its text with `{}` for
/// each argument, a select by its default variant. Each argument must show
/// exactly once there, so that the holes name the arguments in order.
fn positional(
    pattern: &ast::Pattern<&'static str>,
    out: &mut String,
    args: &mut Vec<&'static str>,
) -> Result<(), String> {
    fn expr(
        e: &ast::Expression<&'static str>,
        out: &mut String,
        args: &mut Vec<&'static str>,
    ) -> Result<(), String> {
        match e {
            ast::Expression::Select { selector, variants } => {
                let ast::InlineExpression::VariableReference { id } = selector else {
                    return Err("a select is on a variable".into());
                };
                let default = variants
                    .iter()
                    .find(|v| v.default)
                    .ok_or("a select has a default")?;
                let mut inner = Vec::new();
                positional(&default.value, out, &mut inner)?;
                if !inner.contains(&id.name) {
                    return Err(format!(
                        "the default variant of the select on ${} shows it",
                        id.name
                    ));
                }
                for name in inner {
                    if args.contains(&name) {
                        return Err(format!("${name} shows once"));
                    }
                    args.push(name);
                }
                Ok(())
            }
            ast::Expression::Inline(ast::InlineExpression::VariableReference { id }) => {
                if args.contains(&id.name) {
                    return Err(format!("${} shows once", id.name));
                }
                args.push(id.name);
                out.push_str("{}");
                Ok(())
            }
            ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                out.push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value));
                Ok(())
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                expr(expression, out, args)
            }
            _ => Err("only text, string literals, variables and selects".into()),
        }
    }
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => expr(expression, out, args)?,
        }
    }
    Ok(())
}

/// An empty bundle for a language, set up as the game's are.
fn new_bundle(locale: Locale) -> Bundle {
    let id = locale.tag().parse().expect("a valid language tag");
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // Fluent marks each argument with Unicode bidi isolation (U+2068 …
    // U+2069); egui would show the marks, and every language here runs left
    // to right.
    bundle.set_use_isolating(false);
    bundle
}

fn bundle(locale: Locale, problems: &mut Vec<String>) -> Bundle {
    let lang = locale.tag();
    let mut bundle = new_bundle(locale);
    for (table, source) in sources(locale) {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
        if let Err(errors) = bundle.add_resource(resource) {
            for e in errors {
                problems.push(format!("{lang}/{table}.ftl: {e:?}"));
            }
        }
    }
    bundle
}

/// An argument as Fluent gets it: a number when its text is one (and reads
/// back the same, so "007" stays as it is), so plural selects work.
fn argument(text: String) -> FluentValue<'static> {
    let numeric = text
        .strip_prefix('-')
        .unwrap_or(&text)
        .starts_with(|c: char| c.is_ascii_digit());
    if numeric
        && let Ok(n) = text.parse::<FluentNumber>()
        && n.as_string() == text
    {
        return FluentValue::Number(n);
    }
    FluentValue::String(text.into())
}

/// A message formatted in `locale`, or in English where that language lacks
/// it. `None` only where English lacks it too (not for a catalogued message).
fn format_in(
    bundles: &[Bundle; 3],
    locale: Locale,
    m: &MessageInfo,
    values: &[&dyn Display],
    numbers: bool,
) -> Option<String> {
    let mut args = FluentArgs::with_capacity(m.args.len());
    for (i, name) in m.args.iter().enumerate() {
        let text = values.get(i).map(|v| v.to_string()).unwrap_or_default();
        let value = if numbers {
            argument(text)
        } else {
            FluentValue::String(text.into())
        };
        args.set(*name, value);
    }
    [locale, Locale::English].into_iter().find_map(|locale| {
        let bundle = &bundles[locale.index()];
        let pattern = bundle.get_message(m.id)?.value()?;
        let mut errors = Vec::new();
        Some(
            bundle
                .format_pattern(pattern, Some(&args), &mut errors)
                .into_owned(),
        )
    })
}

/// The text of `english` in `locale`: the message whose English that is,
/// or `english` itself where there is none. A template comes with `{}` for
/// its arguments (see [`format`]).
pub fn text(locale: Locale, english: &'static str) -> &'static str {
    let c = &*CATALOGUE;
    match c.by_english.get(english) {
        Some(&i) => c.plain[locale.index()][i],
        None => english,
    }
}

/// A template in `locale` with its holes filled in turn:
/// `format(locale, "Across in {} moves", &[&12])`. Each value goes to the
/// argument its hole names; a value that reads as a number is passed as one.
/// An English text with no message is filled in as it is.
pub fn format(locale: Locale, english: &str, values: &[&dyn Display]) -> String {
    let c = &*CATALOGUE;
    let formatted = c
        .by_english
        .get(english)
        .and_then(|&i| format_in(&c.bundles, locale, &c.english[i].1, values, true));
    formatted.unwrap_or_else(|| fill(english, values))
}

/// `{}` holes filled in turn (the text of a template without a message).
fn fill(template: &str, values: &[&dyn Display]) -> String {
    let mut out = String::new();
    let mut values = values.iter();
    let mut pieces = template.split("{}").peekable();
    while let Some(piece) = pieces.next() {
        out += piece;
        if pieces.peek().is_some() {
            out += &values.next().map(|v| v.to_string()).unwrap_or_default();
        }
    }
    out
}

/// The id of the message whose English is `english` (with `{}` holes).
pub fn message_id(english: &str) -> Option<&'static str> {
    let c = &*CATALOGUE;
    c.by_english.get(english).map(|&i| c.english[i].1.id)
}

/// Every English message: its text with `{}` holes, and the message.
pub fn english_messages() -> impl Iterator<Item = (&'static str, &'static MessageInfo)> {
    CATALOGUE.english.iter().map(|(t, m)| (t.as_str(), m))
}

/// Every message of a language's files, in file order.
pub fn messages(locale: Locale) -> &'static [MessageInfo] {
    &CATALOGUE.messages[locale.index()]
}

/// Whether a language's files have the message `id`.
pub fn has_message(locale: Locale, id: &str) -> bool {
    CATALOGUE.bundles[locale.index()].has_message(id)
}

/// What is wrong with the files: empty when each file reads, no id is in a
/// language twice, and every English message reads as a template.
pub fn problems() -> &'static [String] {
    &CATALOGUE.problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_passed_as_numbers_when_they_read_back() {
        assert!(matches!(argument("12".into()), FluentValue::Number(_)));
        assert!(matches!(argument("-3".into()), FluentValue::Number(_)));
        assert!(matches!(argument("2.50".into()), FluentValue::Number(_)));
        for text in ["007", "1e3", "inf", "NaN", "+4", "Ann", "", "4 b"] {
            assert_eq!(
                argument(text.into()),
                FluentValue::String(text.into()),
                "{text}"
            );
        }
    }

    /// English has one and other; Chinese has no plural forms, so a count
    /// of one takes the other variant there.
    #[test]
    fn plural_rules_follow_the_language() {
        let ftl = "m = { $n ->\n    [one] one\n   *[other] other\n}\n";
        for (locale, one) in [
            (Locale::English, "one"),
            (Locale::SimplifiedChinese, "other"),
            (Locale::TraditionalChinese, "other"),
        ] {
            let mut bundle = new_bundle(locale);
            bundle
                .add_resource(FluentResource::try_new(ftl.into()).unwrap())
                .unwrap();
            let say = |n: &str| {
                let mut args = FluentArgs::new();
                args.set("n", argument(n.into()));
                let pattern = bundle.get_message("m").unwrap().value().unwrap();
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{errors:?}");
                text.into_owned()
            };
            assert_eq!(say("1"), one, "{locale:?}");
            for n in ["0", "2", "5", "21", "1.5"] {
                assert_eq!(say(n), "other", "{locale:?} {n}");
            }
        }
    }

    #[test]
    fn unknown_texts_are_filled_in_as_they_are() {
        assert_eq!(fill("{} and {}", &[&1, &"b"]), "1 and b");
        assert_eq!(fill("{} and {}", &[&1]), "1 and ");
        assert_eq!(
            format(Locale::SimplifiedChinese, "no {} such", &[&3]),
            "no 3 such"
        );
        assert_eq!(
            text(Locale::TraditionalChinese, "no such text"),
            "no such text"
        );
    }
}

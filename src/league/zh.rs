//! English → Simplified Chinese for the league screens (looked up by
//! `ui::i18n::tr` after the game's own table).

pub const ZH: &[(&str, &str)] = &[
];

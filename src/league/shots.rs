//! A sample league for the screenshots of the league screens: four
//! profiles, a few games played out by the greedy bot, and a tournament
//! some games in. Only into an empty league (the screenshot module only
//! opens one in a `STARHOP_HOME` folder made for the run).

use super::LeagueStore;
use crate::ui::palette::palette_rgb;
use starhop_ai::Level;
use starhop_engine::{FirstMoveMethod, Game, Record, Rng, Rules};
use starhop_league::{Entrant, Format, Tournament, Who};

/// The sample profiles: name, colour (palette index), points.
const PROFILES: [(&str, u8, i32); 4] = [
    ("Anna", 0, 90),
    ("Grandpa", 1, 190),
    ("Mia", 3, 40),
    ("Leo", 4, 120),
];

/// Rules for the sample games: classic, seat 0 first, no anti-passive rule
/// (the greedy bot is slow to leave home).
fn sample_rules() -> Rules {
    Rules {
        first_move: FirstMoveMethod::Fixed(0),
        anti_passive: false,
        ..Rules::classic()
    }
}

/// A two-player game of the greedy bot, played to its end.
fn played(seed: u64, names: [&str; 2]) -> Option<Record> {
    let mut game = Game::new(sample_rules(), 2, seed).ok()?;
    let mut rng = Rng::new(seed);
    for _ in 0..3_000 {
        if game.is_over() {
            break;
        }
        let ok = match starhop_ai::greedy_move(&game, &mut rng) {
            Some(mv) => game.play(mv).is_ok(),
            None => game.pass().is_ok(),
        };
        if !ok {
            break;
        }
    }
    game.is_over()
        .then(|| Record::of(&game, names.iter().map(|n| n.to_string()).collect()))
}

/// The ids of the sample profiles, made when the league has none.
pub fn sample_profiles(store: &mut LeagueStore) -> Vec<String> {
    let profiles = &mut store.league.profiles;
    if profiles.list.is_empty() {
        for (name, colour, points) in PROFILES {
            if let Ok(id) = profiles.create(name, palette_rgb(colour), "2026-11-02")
                && let Some(p) = profiles.get_mut(&id)
            {
                p.points = points;
            }
        }
        let _ = store.league.save();
    }
    store
        .league
        .profiles
        .list
        .iter()
        .map(|p| p.id.clone())
        .collect()
}

/// Fills an empty league: profiles, games, a tournament. Returns the
/// tournament's id.
pub fn sample_league(store: &mut LeagueStore) -> Option<String> {
    if !store.league.history.is_empty() || !store.tournaments.is_empty() {
        return store.tournaments.last().map(|t| t.id.clone());
    }
    let ids = sample_profiles(store);
    let name = |i: usize| PROFILES[i].0;
    let who = |i: usize| Who::Profile(ids[i].clone());
    let games: [(usize, Who, u64); 3] = [
        (0, who(1), 3),
        (2, Who::Bot(Level::Easy), 5),
        (3, who(0), 8),
    ];
    for (k, (a, b, seed)) in games.into_iter().enumerate() {
        let b_name = match &b {
            Who::Profile(id) => store.profile_name(id).unwrap_or_default().to_string(),
            _ => crate::ui::i18n::default_name(2),
        };
        let Some(record) = played(seed, [name(a), &b_name]) else {
            continue;
        };
        let date = format!("2026-11-{:02} 18.{:02}", 20 + k, 10 + k);
        let _ = store.league.file_game(&record, &[who(a), b], &date, None);
    }
    let entrants = vec![
        Entrant {
            name: name(0).into(),
            who: who(0),
        },
        Entrant {
            name: name(1).into(),
            who: who(1),
        },
        Entrant {
            name: name(2).into(),
            who: who(2),
        },
        Entrant {
            name: crate::ui::i18n::default_name(4),
            who: Who::Bot(Level::Medium),
        },
        Entrant {
            name: "Uncle Bo".into(),
            who: Who::Guest,
        },
    ];
    let id = store.league.new_tournament_id(42);
    let mut t = Tournament::new(
        id.clone(),
        "Winter cup".into(),
        "2026-11-28".into(),
        entrants,
        Format::Single,
        sample_rules(),
        42,
    )
    .ok()?;
    for k in 0..5u64 {
        let next = t.next_game()?;
        let names = [
            t.entrant(next.first).name.clone(),
            t.entrant(next.second).name.clone(),
        ];
        let Some(record) = played(100 + k, [&names[0], &names[1]]) else {
            continue;
        };
        let game = record.replay().ok()?;
        let first = super::first_score(game.outcome()?);
        let whos = [
            t.entrant(next.first).who.clone(),
            t.entrant(next.second).who.clone(),
        ];
        let date = format!("2026-11-29 1{k}.00");
        let filed = store
            .league
            .file_game(&record, &whos, &date, Some(id.clone()))
            .ok()
            .map(|f| f.id);
        t.record(next, first, filed).ok()?;
    }
    let _ = store.league.save_tournament(&t);
    store.tournaments.push(t);
    Some(id)
}

//! `starhop-cli round-robin` and `starhop-cli tournament`: the Berger table
//! of RULES.md §7, and a whole round robin of bots played out.

use crate::PresetArg;
use clap::Args;
use starhop_ai::{BotAction, Budget, Level, Options};
use starhop_engine::{FirstMoveMethod, Game, Rules};
use starhop_league::berger::{format_round, schedule};
use starhop_league::tournament::{MAX_ENTRANTS, MIN_ENTRANTS, MatchState};
use starhop_league::{Entrant, Format, Tournament, Who};
use std::time::Instant;

#[derive(Args, Debug, Clone)]
pub struct RoundRobinArgs {
    /// Number of entrants, 3 to 16 (an odd number gives each a bye).
    #[arg(long)]
    players: usize,
}

/// Prints the schedule: one line per round, the first mover of each pairing
/// on the left, `bye X` for the entrant with a free round.
pub fn round_robin(args: RoundRobinArgs) -> Result<(), String> {
    check_entrants(args.players)?;
    for round in schedule(args.players) {
        println!("{}", format_round(&round));
    }
    Ok(())
}

fn check_entrants(n: usize) -> Result<(), String> {
    if (MIN_ENTRANTS..=MAX_ENTRANTS).contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "a round robin has {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants, not {n}"
        ))
    }
}

#[derive(Args, Debug, Clone)]
pub struct TournamentArgs {
    /// The entrants' levels, comma-separated (e.g. master,hard,medium,easy).
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// 1: single games; 3: best-of-three matches.
    #[arg(long, default_value_t = 1, value_parser = parse_best_of)]
    best_of: u8,
    /// Time per move in ms (default: each level's own).
    #[arg(long)]
    time_ms: Option<u64>,
    /// The rules (two players; the first mover is always the table's).
    #[arg(long, value_enum, default_value_t = PresetArg::Tournament)]
    preset: PresetArg,
    /// Seeds the games and the lots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game stops and counts as a draw.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
}

fn parse_best_of(s: &str) -> Result<u8, String> {
    match s {
        "1" => Ok(1),
        "3" => Ok(3),
        _ => Err("--best-of is 1 or 3".into()),
    }
}

/// Plays the round robin game by game, in table order, and prints the standings.
pub fn tournament(args: TournamentArgs) -> Result<(), String> {
    let levels: Vec<Level> = args
        .bots
        .iter()
        .map(|s| s.parse::<Level>())
        .collect::<Result<_, _>>()?;
    check_entrants(levels.len())?;
    let entrants = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| Entrant {
            name: format!("{} {}", i + 1, l.name()),
            who: Who::Bot(l),
        })
        .collect();
    let rules = Rules {
        first_move: FirstMoveMethod::Fixed(0),
        ..args.preset.preset().rules()
    };
    let format = if args.best_of == 3 {
        Format::BestOfThree
    } else {
        Format::Single
    };
    let mut t = Tournament::new(
        "cli".into(),
        "bots".into(),
        String::new(),
        entrants,
        format,
        rules.clone(),
        args.seed,
    )?;
    let pairings = t.schedule().iter().map(|r| r.pairings.len()).sum::<usize>();
    println!(
        "round robin: {} bots, {}, {} rules, {}",
        levels.len(),
        if args.best_of == 3 {
            "best-of-three matches"
        } else {
            "single games"
        },
        format!("{:?}", args.preset).to_lowercase(),
        args.time_ms
            .map_or("each level's own time per move".into(), |t| format!(
                "{t} ms per move"
            )),
    );
    let bar = crate::progress_bar(pairings as u64, "pairings", true);
    let started = Instant::now();
    let mut games = 0u64;
    let mut total_plies = 0;
    while let Some(next) = t.next_game() {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(games);
        let players = [levels[next.first - 1], levels[next.second - 1]];
        let (score, plies) = play_game(&rules, players, seed, &args)?;
        total_plies += plies;
        t.record(next, score, None)?;
        games += 1;
        if t.match_state(next.pairing) != MatchState::Open {
            bar.inc(1);
        }
        bar.set_message(format!("pairings, {games} games"));
    }
    bar.finish_and_clear();
    println!(
        "{games} games in {:.1} s, {:.0} moves a game on average\n",
        started.elapsed().as_secs_f64(),
        total_plies as f64 / games.max(1) as f64
    );
    print!("{}", standings_table(&t));
    Ok(())
}

/// Plays one game, seat 0 moving first; returns seat 0's match score and
/// the moves played.
fn play_game(
    rules: &Rules,
    levels: [Level; 2],
    seed: u64,
    args: &TournamentArgs,
) -> Result<(f32, usize), String> {
    let mut game = Game::new(rules.clone(), 2, seed).map_err(|e| e.to_string())?;
    let mut plies = 0;
    while !game.is_over() && plies < args.max_plies {
        let seat = game.to_move();
        let level = levels[seat as usize];
        let budget = Budget::time_ms(args.time_ms.unwrap_or(level.think_ms() as u64));
        let bot_seed = seed.wrapping_mul(31).wrapping_add(seat as u64);
        let action =
            starhop_ai::choose_with(&game, level, budget, bot_seed, Options::default()).action;
        let played = match action {
            BotAction::Move(m) => game.play(m),
            BotAction::Pass => game.pass(),
            BotAction::Item(u) => game.use_item(u),
        };
        played.map_err(|e| format!("the {} bot chose an illegal action: {e}", level.name()))?;
        if !matches!(action, BotAction::Item(_)) {
            plies += 1;
        }
    }
    let score = game
        .outcome()
        .and_then(|o| o.scores.as_ref().map(|s| s[0]))
        .unwrap_or(0.5);
    Ok((score, plies))
}

/// The final standings as a text table.
pub fn standings_table(t: &Tournament) -> String {
    let mut out = format!(
        "{:>5}  {:<16} {:>6} {:>3} {:>3} {:>3} {:>6}\n",
        "place", "entrant", "points", "W", "D", "L", "SB"
    );
    for s in t.standings() {
        out += &format!(
            "{:>5}  {:<16} {:>6} {:>3} {:>3} {:>3} {:>6}\n",
            s.place,
            t.entrant(s.entrant).name,
            s.points,
            s.wins,
            s.draws,
            s.losses,
            format!("{:.2}", s.sonneborn_berger)
        );
    }
    out
}

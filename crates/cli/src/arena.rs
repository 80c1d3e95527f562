//! `starhop-cli arena`: bots against each other over many seeded games.
//!
//! Bot A takes one seat (alternating in two-player games, rotating with more
//! players) and bot B every other seat. Seat 0 always moves first, so A
//! alternates between moving first and later. With `--teams` (2v2 with four
//! players, 3v3 with six, RULES §6) A plays one team and B the other: A takes
//! team A's seats in even games and team B's in odd ones, and the first mover
//! rotates over the seats every two games, so each side moves first as often.
//! A game that reaches the ply cap counts as a draw. Games run on `--threads`
//! threads (default 2).

use crate::PresetArg;
use clap::Args;
use starhop_ai::search::Multi;
use starhop_ai::{BotAction, Budget, Level, Options};
use starhop_engine::items::MAX_HELD;
use starhop_engine::{Event, FirstMoveMethod, Game, Rng, Rules, Seat, Status, Teams};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// Bot A: beginner, easy, medium, hard, master or greedy.
    #[arg(long)]
    a: String,
    /// Bot B (every other seat).
    #[arg(long)]
    b: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Players per game: 2, 3, 4 or 6.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Rows per star point: 3, 4 or 5.
    #[arg(long, default_value_t = 4)]
    size: u8,
    /// Allow long ("super") jumps.
    #[arg(long)]
    long_jumps: bool,
    /// Switch the anti-passive rule off (on by default, as in the Classic rules).
    #[arg(long)]
    no_anti_passive: bool,
    /// Time per move for both bots in ms (default: each level's own).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Depth limit instead of time (deterministic games).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit per move instead of time (deterministic games).
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is stopped and counted as a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Multi-player search of bot A: brs, paranoid, solo or mcts (Monte
    /// Carlo tree search, three or more players).
    #[arg(long, default_value = "brs")]
    multi: String,
    /// Multi-player search of bot B (brs, paranoid, solo or mcts).
    #[arg(long, default_value = "brs")]
    multi_b: String,
    /// Team game (RULES §6): 2v2 with --players 4, 3v3 with --players 6.
    /// A plays one team and B the other.
    #[arg(long)]
    teams: bool,
    /// Which bots play for their team in team games (the others each play
    /// for themselves, as the bots did before team play).
    #[arg(long, value_enum, default_value_t = TeamAware::Both)]
    team_aware: TeamAware,
    /// The rule set to start from (party: items, RULES §8).
    #[arg(long, value_enum, default_value_t = PresetArg::Classic)]
    preset: PresetArg,
    /// Bot B never uses items (party mode: measures what the items are worth to A).
    #[arg(long)]
    b_no_items: bool,
    /// Bot B plays two-player races by its search alone, without the exact
    /// race solver (measures what the solver is worth to A).
    #[arg(long)]
    b_no_race: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TeamAware {
    A,
    B,
    Both,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Bot {
    Greedy,
    Level(Level),
}

impl Bot {
    fn parse(s: &str) -> Result<Bot, String> {
        if s.eq_ignore_ascii_case("greedy") {
            Ok(Bot::Greedy)
        } else {
            s.parse()
                .map(Bot::Level)
                .map_err(|e: String| e + " or greedy")
        }
    }
    fn name(self) -> &'static str {
        match self {
            Bot::Greedy => "greedy",
            Bot::Level(l) => l.name(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Win,
    Draw,
    Loss,
}

struct GameResult {
    verdict: Verdict,
    /// Why the game ended (`None`: stopped at the ply cap).
    reason: Option<starhop_engine::EndReason>,
    plies: usize,
    capped: bool,
    /// Think time and moves of A and B.
    time: [Duration; 2],
    moves: [u32; 2],
    /// Items used by A and B.
    items: [u32; 2],
    /// Party mode: boxes taken, timings and chances of A and B.
    party: [Party; 2],
    /// Seats of A and B put out of the game (anti-passive rule, time-outs).
    outs: [u32; 2],
}

/// One side's party play in a game (RULES §8), over all its seats.
#[derive(Clone, Copy, Debug, Default)]
struct Party {
    /// Boxes taken (by a move or by an item that put a marble on one).
    boxes: u32,
    /// The own turn (1 = the seat's first) of the side's first box taken
    /// and first item used.
    first_box: Option<u32>,
    first_use: Option<u32>,
    /// Turns that began with a move onto a box at hand and room for its
    /// item, those of them in the seat's first six turns, and how many of
    /// them the turn's move (or item) took a box on.
    chances: u32,
    chances_early: u32,
    taken: u32,
    /// Turns begun holding an item.
    holding: u32,
}

impl Party {
    fn first(slot: &mut Option<u32>, turn: u32) {
        *slot = Some(slot.map_or(turn, |t| t.min(turn)));
    }
}

/// Own turns counted as "early" (the family watched six rounds).
const EARLY_TURNS: u32 = 6;

struct Setup {
    a: Bot,
    b: Bot,
    opts_a: Options,
    opts_b: Options,
    args: ArenaArgs,
}

pub fn run(args: ArenaArgs) -> Result<(), String> {
    let a = Bot::parse(&args.a)?;
    let b = Bot::parse(&args.b)?;
    let multi: Multi = args.multi.parse()?;
    let multi_b: Multi = args.multi_b.parse()?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    // Refuse bad sizes and player counts before starting threads.
    Game::new(rules(&args, 0), args.players, 0).map_err(|e| e.to_string())?;
    let limit = match (args.depth, args.nodes, args.time_ms) {
        (None, None, Some(t)) => format!("{t} ms per move"),
        (None, None, None) => "each level's own time per move".to_string(),
        (d, n, _) => format!(
            "depth limit {}, node limit {}",
            d.map_or("none".into(), |d| d.to_string()),
            n.map_or("none".into(), |n| n.to_string())
        ),
    };
    let aware = |side: TeamAware| {
        args.teams && (args.team_aware == side || args.team_aware == TeamAware::Both)
    };
    let variant = |m: Multi, team_aware: bool| {
        let mut v = Vec::new();
        if args.players > 2 && m != Multi::Brs {
            v.push(m.name());
        }
        if args.teams {
            v.push(if team_aware {
                "team-aware"
            } else {
                "plays for itself"
            });
        }
        if v.is_empty() {
            String::new()
        } else {
            format!(" ({})", v.join(", "))
        }
    };
    println!(
        "arena: A = {}{} vs B = {}{}{}, {} players{}, {}size {}{}{}, {} games, {limit}",
        a.name(),
        variant(multi, aware(TeamAware::A)),
        b.name(),
        variant(multi_b, aware(TeamAware::B)),
        if args.b_no_items { " (no items)" } else { "" },
        args.players,
        match (args.teams, args.players) {
            (false, _) => "",
            (true, 4) => " in teams 2v2",
            _ => " in teams 3v3",
        },
        match args.preset {
            PresetArg::Classic => String::new(),
            p => format!("{} rules, ", format!("{p:?}").to_lowercase()),
        },
        args.size,
        if args.long_jumps { ", long jumps" } else { "" },
        if args.no_anti_passive {
            ", no anti-passive rule"
        } else {
            ""
        },
        args.games
    );
    let setup = Setup {
        a,
        b,
        opts_a: Options {
            multi,
            team_aware: aware(TeamAware::A),
            ..Options::default()
        },
        opts_b: Options {
            multi: multi_b,
            use_items: !args.b_no_items,
            race: !args.b_no_race,
            team_aware: aware(TeamAware::B),
        },
        args: args.clone(),
    };
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    let bar = crate::progress_bar(args.games as u64, "games", true);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= args.games {
                        break;
                    }
                    let r = play_one(&setup, i, &bar);
                    results.lock().unwrap().push(r);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let results = results.into_inner().unwrap();
    // Two teams share the game like two players.
    let sides = if args.teams { 2 } else { args.players };
    let party = rules(&args, 0).items;
    print!("{}", report(&results, sides, party, started.elapsed()));
    Ok(())
}

fn rules(args: &ArenaArgs, first: Seat) -> Rules {
    let base = args.preset.preset().rules().with_size(args.size);
    let teams = match (args.teams, args.players) {
        (false, _) => Teams::None,
        (true, 4) => Teams::TwoVsTwo,
        // Any other count is refused by the engine with its reason.
        (true, 6) | (true, _) => Teams::ThreeVsThree,
    };
    Rules {
        long_jumps: base.long_jumps || args.long_jumps,
        anti_passive: base.anti_passive && !args.no_anti_passive,
        first_move: FirstMoveMethod::Fixed(first),
        teams,
        ..base
    }
}

/// A's seats in game `i` and the seat that moves first.
fn sides(args: &ArenaArgs, i: usize) -> (Vec<bool>, Seat) {
    let players = args.players;
    if !args.teams {
        let a_seat = i % players;
        return ((0..players).map(|s| s == a_seat).collect(), 0);
    }
    let first = ((i / 2) % players) as Seat;
    let game = Game::new(rules(args, first), players, 0).expect("checked rules");
    let teams = game.teams().expect("a team game").to_vec();
    let a_team = (i % 2) as u8;
    (teams.iter().map(|&t| t == a_team).collect(), first)
}

fn budget(args: &ArenaArgs, level: Level) -> Budget {
    if args.depth.is_some() || args.nodes.is_some() {
        Budget {
            max_depth: args.depth,
            max_nodes: args.nodes,
            ..Budget::default()
        }
    } else {
        Budget::time_ms(args.time_ms.unwrap_or(level.think_ms() as u64))
    }
}

fn play_one(setup: &Setup, i: usize, bar: &indicatif::ProgressBar) -> GameResult {
    let args = &setup.args;
    let players = args.players;
    let seed = args.seed.wrapping_add(i as u64);
    let (is_a, first) = sides(args, i);
    let mut game = Game::new(rules(args, first), players, seed).expect("checked rules");
    let mut rng = Rng::new(seed ^ 0x00C0_FFEE);
    let mut time = [Duration::ZERO; 2];
    let mut moves = [0u32; 2];
    let mut items = [0u32; 2];
    let mut party = [Party::default(); 2];
    let mut plies = 0;
    // Whether the turn under way began with a box at hand.
    let mut chance = false;
    while !game.is_over() && plies < args.max_plies {
        let seat = game.to_move();
        let side = usize::from(!is_a[seat as usize]);
        let bot = if side == 0 { setup.a } else { setup.b };
        let turn = game.player(seat).turns + 1;
        let fresh = game.state().turn.moved.is_none() && game.state().turn.items_used == 0;
        if game.rules().items && fresh {
            let boxes = game.boxes();
            chance = game.held(seat).len() < MAX_HELD
                && game.legal_moves().iter().any(|m| boxes.contains(m.to));
            let p = &mut party[side];
            p.chances += chance as u32;
            p.chances_early += (chance && turn <= EARLY_TURNS) as u32;
            p.holding += !game.held(seat).is_empty() as u32;
        }
        let t0 = Instant::now();
        let action = match bot {
            Bot::Greedy => match starhop_ai::greedy_move(&game, &mut rng) {
                Some(m) => BotAction::Move(m),
                None => BotAction::Pass,
            },
            Bot::Level(level) => {
                let opts = if side == 0 {
                    setup.opts_a
                } else {
                    setup.opts_b
                };
                let bot_seed = seed.wrapping_mul(31).wrapping_add(seat as u64);
                starhop_ai::choose_with(&game, level, budget(args, level), bot_seed, opts).action
            }
        };
        time[side] += t0.elapsed();
        if matches!(action, BotAction::Item(_)) {
            items[side] += 1;
        } else {
            moves[side] += 1;
        }
        let events = match action {
            BotAction::Move(m) => game.play(m),
            BotAction::Pass => game.pass(),
            BotAction::Item(u) => game.use_item(u),
        };
        let ok = events.is_ok();
        if matches!(action, BotAction::Item(_)) && ok {
            Party::first(&mut party[side].first_use, turn);
        }
        for e in events.as_deref().unwrap_or_default() {
            if let Event::ItemTaken { seat: s, .. } = *e {
                let taker = usize::from(!is_a[s as usize]);
                party[taker].boxes += 1;
                // The taker's turn number: the mover's own, or (a marble
                // of another seat put on a box by an item) that seat's next.
                let t = if s == seat {
                    turn
                } else {
                    game.player(s).turns + 1
                };
                Party::first(&mut party[taker].first_box, t);
                if s == seat && chance {
                    party[side].taken += 1;
                    chance = false;
                }
            }
        }
        if !ok {
            // A bot bug: count it against the side that made it.
            let verdict = if side == 0 {
                Verdict::Loss
            } else {
                Verdict::Win
            };
            bar.suspend(|| eprintln!("game {i}: {} made an illegal action {action:?}", bot.name()));
            return GameResult {
                verdict,
                reason: game.outcome().map(|o| o.reason),
                plies,
                capped: false,
                time,
                moves,
                items,
                party,
                outs: outs(&game, &is_a),
            };
        }
        // An item comes before the turn's move: the same bot is asked again,
        // and only moves and passes count towards the ply cap.
        if !matches!(action, BotAction::Item(_)) {
            plies += 1;
        }
    }
    let (verdict, capped) = match game.outcome() {
        None => (Verdict::Draw, true),
        Some(o) => {
            // A wins when only A's seats share first place; a first place
            // shared with B is a draw.
            let first = |a: bool| (0..players).any(|s| is_a[s] == a && o.places[s] == 1);
            let v = match (first(true), first(false)) {
                (false, _) => Verdict::Loss,
                (true, false) => Verdict::Win,
                (true, true) => Verdict::Draw,
            };
            (v, false)
        }
    };
    GameResult {
        verdict,
        reason: game.outcome().map(|o| o.reason),
        plies,
        capped,
        time,
        moves,
        items,
        party,
        outs: outs(&game, &is_a),
    }
}

/// How many of A's and of B's seats are out of the game.
fn outs(game: &Game, is_a: &[bool]) -> [u32; 2] {
    let mut n = [0; 2];
    for s in 0..game.players() {
        if matches!(game.player(s as Seat).status, Status::Out { .. }) {
            n[usize::from(!is_a[s])] += 1;
        }
    }
    n
}

/// Wilson score interval (95%) for a fraction `p` of `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The summary from A's side; `players` is the number of sides (teams count as one).
fn report(results: &[GameResult], players: usize, party: bool, duration: Duration) -> String {
    let count = |v| results.iter().filter(|r| r.verdict == v).count();
    let (w, d, l) = (
        count(Verdict::Win),
        count(Verdict::Draw),
        count(Verdict::Loss),
    );
    let n = results.len() as f64;
    let score = (w as f64 + d as f64 / 2.0) / n;
    let (lo, hi) = wilson(score, n);
    let capped = results.iter().filter(|r| r.capped).count();
    let plies: usize = results.iter().map(|r| r.plies).sum();
    let ms = |side: usize| {
        let t: Duration = results.iter().map(|r| r.time[side]).sum();
        let m: u32 = results.iter().map(|r| r.moves[side]).sum();
        t.as_secs_f64() * 1000.0 / m.max(1) as f64
    };
    let mut s = String::new();
    s += &format!(
        "A: {w} wins, {d} draws, {l} losses; score {:.1}% (95% CI {:.1}%-{:.1}%, Wilson; draw = half)\n",
        100.0 * score,
        100.0 * lo,
        100.0 * hi
    );
    s += &format!(
        "fair share: {:.1}% (1/{players}); A's wins: {:.1}%\n",
        100.0 / players as f64,
        100.0 * w as f64 / n
    );
    s += &format!(
        "average game length: {:.1} plies ({capped} games stopped at the ply cap, counted as draws)\n",
        plies as f64 / n
    );
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in results {
        let name = r
            .reason
            .map_or("ply cap".to_string(), |x| format!("{x:?}").to_lowercase());
        match reasons.iter_mut().find(|x| x.0 == name) {
            Some(x) => x.1 += 1,
            None => reasons.push((name, 1)),
        }
    }
    reasons.sort();
    let reasons: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    s += &format!("game ends: {}\n", reasons.join(", "));
    let out = |side: usize| results.iter().map(|r| r.outs[side]).sum::<u32>();
    if out(0) + out(1) > 0 {
        s += &format!(
            "players out of the game (anti-passive rule, time-outs): A {}, B {}\n",
            out(0),
            out(1)
        );
    }
    s += &format!(
        "average think time per move: A {:.1} ms, B {:.1} ms\n",
        ms(0),
        ms(1)
    );
    if party {
        s += &party_report(results);
    }
    s += &format!("duration: {:.1} s\n", duration.as_secs_f64());
    s += &format!("result: {w} wins, {d} draws, {l} losses\n");
    s
}

/// Party mode's lines: per game, each side's boxes taken and items used
/// (all its seats together), when the first came, and the boxes at hand.
fn party_report(results: &[GameResult]) -> String {
    let n = results.len() as f64;
    let sum = |side: usize, f: fn(&GameResult, usize) -> u32| {
        results.iter().map(|r| f(r, side)).sum::<u32>()
    };
    let per_game = |side: usize, f: fn(&GameResult, usize) -> u32| sum(side, f) as f64 / n;
    let first = |side: usize, f: fn(&Party) -> Option<u32>| {
        let t: Vec<u32> = results.iter().filter_map(|r| f(&r.party[side])).collect();
        let early = t.iter().filter(|&&x| x <= EARLY_TURNS).count();
        let mean = if t.is_empty() {
            "never".to_string()
        } else {
            format!(
                "turn {:.1} on average",
                t.iter().sum::<u32>() as f64 / t.len() as f64
            )
        };
        format!(
            "{mean} ({} of {} games, {early} within {EARLY_TURNS} turns)",
            t.len(),
            results.len()
        )
    };
    let mut s = String::new();
    s += &format!(
        "boxes taken / items used per game: A {:.2} / {:.2}, B {:.2} / {:.2}\n",
        per_game(0, |r, i| r.party[i].boxes),
        per_game(0, |r, i| r.items[i]),
        per_game(1, |r, i| r.party[i].boxes),
        per_game(1, |r, i| r.items[i]),
    );
    for (side, name) in [(0, "A"), (1, "B")] {
        s += &format!(
            "{name}: first box {}; first item {}\n",
            first(side, |p| p.first_box),
            first(side, |p| p.first_use)
        );
        let chances = sum(side, |r, i| r.party[i].chances);
        let taken = sum(side, |r, i| r.party[i].taken);
        s += &format!(
            "{name}: a box one move away (hand not full) on {:.2} turns a game ({:.2} in the first {EARLY_TURNS}), taken on {taken} of {chances} ({:.0}%); turns begun holding an item: {:.1} a game\n",
            chances as f64 / n,
            per_game(side, |r, i| r.party[i].chances_early),
            100.0 * taken as f64 / chances.max(1) as f64,
            per_game(side, |r, i| r.party[i].holding),
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_estimate() {
        let (lo, hi) = wilson(0.9, 200.0);
        assert!(lo < 0.9 && hi > 0.9);
        assert!(
            (lo - 0.851).abs() < 0.005 && (hi - 0.934).abs() < 0.005,
            "{lo} {hi}"
        );
        assert!(wilson(1.0, 10.0).1 > 0.999);
    }
}

//! Round-robin tournaments (RULES.md §7): two-player games on the Berger
//! table, single games or best-of-three matches, played one game at a time.
//!
//! A tournament is its entrants, its rules and the list of games played so
//! far: everything else (who plays next, who moves first, the match scores,
//! the standings) is worked out from that list, so a tournament saved after
//! any game resumes exactly where it stopped.

use crate::berger::{self, Pairing};
use crate::history::Who;
use serde::{Deserialize, Serialize};
use starhop_engine::{Rng, Rules};

/// File format name and version of a saved tournament.
pub const TOURNAMENT_FORMAT: &str = "starhop-tournament";
pub const TOURNAMENT_VERSION: u32 = 1;

/// Fewest and most entrants.
pub const MIN_ENTRANTS: usize = 3;
pub const MAX_ENTRANTS: usize = 16;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    pub who: Who,
}

/// Single games, or best-of-three matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// One game per pairing: win 1, draw ½, loss 0 (adjudicated 0.75/0.25 as scored).
    Single,
    /// Best of three: match win 2 points, loss 1, forfeit 0; a drawn match
    /// gets an extra game, then is decided by lot.
    BestOfThree,
}

/// One game played (or forfeited) in the tournament. Entrants are 1-based.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub round: usize,
    pub first: usize,
    pub second: usize,
    /// The first mover's match score (1, ½, 0, or 0.75/0.25 adjudicated).
    pub first_score: f32,
    /// The history entry of the game, when it was filed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// The entrant who forfeited instead of playing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<usize>,
}

/// The game to play next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextGame {
    pub round: usize,
    /// The pairing in the table (first mover of the match's first game first).
    pub pairing: Pairing,
    /// Who moves first in this game.
    pub first: usize,
    pub second: usize,
    /// 1 for a single game; 1, 2, 3 (4: the extra game) in a match.
    pub game_in_match: usize,
}

/// Where a pairing stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MatchState {
    /// More games to play.
    Open,
    /// A single game drawn.
    Drawn,
    /// Decided; `by_lot` when a drawn match (extra game too) went to the lot.
    Won {
        winner: usize,
        loser: usize,
        by_lot: bool,
        forfeit: bool,
    },
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub entrant: usize,
    /// 1-based, ties broken (see [`Tournament::standings`]).
    pub place: usize,
    pub points: f32,
    /// Pairings decided.
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Sonneborn–Berger: the points of each opponent, times the score against
    /// them (a single game's score; a match won 1, lost 0).
    pub sonneborn_berger: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub format: String,
    pub version: u32,
    pub id: String,
    pub name: String,
    /// Local date it was created.
    pub created: String,
    pub entrants: Vec<Entrant>,
    pub games_format: Format,
    pub rules: Rules,
    /// Seeds the lots that decide drawn matches.
    pub seed: u64,
    pub games: Vec<PlayedGame>,
}

impl Tournament {
    /// A new tournament; its rules must allow two players.
    pub fn new(
        id: String,
        name: String,
        created: String,
        entrants: Vec<Entrant>,
        games_format: Format,
        rules: Rules,
        seed: u64,
    ) -> Result<Tournament, String> {
        if !(MIN_ENTRANTS..=MAX_ENTRANTS).contains(&entrants.len()) {
            return Err(format!(
                "a round robin needs {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants, not {}",
                entrants.len()
            ));
        }
        rules.validate(2).map_err(|e| e.to_string())?;
        Ok(Tournament {
            format: TOURNAMENT_FORMAT.into(),
            version: TOURNAMENT_VERSION,
            id,
            name,
            created,
            entrants,
            games_format,
            rules,
            seed,
            games: Vec::new(),
        })
    }

    /// Checks a tournament read from a file: format, version, entrants, and
    /// that every game played is the one the table called for.
    pub fn check(&self) -> Result<(), String> {
        if self.format != TOURNAMENT_FORMAT {
            return Err(format!("not a Starhop tournament ({:?})", self.format));
        }
        if self.version > TOURNAMENT_VERSION {
            return Err(format!(
                "made by a newer Starhop (version {})",
                self.version
            ));
        }
        let mut replay = Tournament {
            games: Vec::new(),
            ..self.clone()
        };
        if !(MIN_ENTRANTS..=MAX_ENTRANTS).contains(&self.entrants.len()) {
            return Err(format!("{} entrants", self.entrants.len()));
        }
        for (i, g) in self.games.iter().enumerate() {
            let next = replay
                .next_game()
                .ok_or_else(|| format!("game {} is after the last game", i + 1))?;
            if (next.round, next.first, next.second) != (g.round, g.first, g.second)
                || !(0.0..=1.0).contains(&g.first_score)
            {
                return Err(format!("game {} is not the one the table calls for", i + 1));
            }
            replay.games.push(g.clone());
        }
        Ok(())
    }

    pub fn schedule(&self) -> Vec<berger::Round> {
        berger::schedule(self.entrants.len())
    }

    pub fn entrant(&self, number: usize) -> &Entrant {
        &self.entrants[number - 1]
    }

    /// The games played between `a` and `b`, in order.
    pub fn games_between(&self, a: usize, b: usize) -> impl Iterator<Item = &PlayedGame> {
        self.games
            .iter()
            .filter(move |g| (g.first == a && g.second == b) || (g.first == b && g.second == a))
    }

    /// Where the pairing of `a` and `b` stands.
    pub fn match_state(&self, pairing: Pairing) -> MatchState {
        let (a, b) = (pairing.first, pairing.second);
        let games: Vec<&PlayedGame> = self.games_between(a, b).collect();
        if let Some(f) = games.iter().find_map(|g| g.forfeit) {
            let winner = if f == a { b } else { a };
            return MatchState::Won {
                winner,
                loser: f,
                by_lot: false,
                forfeit: true,
            };
        }
        // Game points of a and b: a game won 1, drawn ½ each.
        let (mut ta, mut tb) = (0.0f32, 0.0f32);
        for g in &games {
            let (own, other) = (g.first_score, 1.0 - g.first_score);
            let (sa, sb) = if own > other {
                (1.0, 0.0)
            } else if own < other {
                (0.0, 1.0)
            } else {
                (0.5, 0.5)
            };
            if g.first == a {
                ta += sa;
                tb += sb;
            } else {
                ta += sb;
                tb += sa;
            }
        }
        let won = |winner: usize, by_lot: bool| MatchState::Won {
            winner,
            loser: if winner == a { b } else { a },
            by_lot,
            forfeit: false,
        };
        let played = games.len();
        let leader = if ta > tb { a } else { b };
        match self.games_format {
            Format::Single if played == 0 => MatchState::Open,
            Format::Single if ta == tb => MatchState::Drawn,
            Format::Single => won(leader, false),
            Format::BestOfThree => {
                let lead = (ta - tb).abs();
                // Decided once the trailer cannot catch up within three
                // games, or by any lead after the third (or the extra) game.
                let out_of_reach = played < 3 && lead > (3 - played) as f32;
                if out_of_reach || (played >= 3 && ta != tb) {
                    won(leader, false)
                } else if played >= 4 {
                    // Extra game drawn too: the lot, seeded by the
                    // tournament and the pairing so it never changes.
                    let mut rng = Rng::new(self.seed ^ ((a as u64) << 32 | b as u64));
                    won(if rng.coin() { a } else { b }, true)
                } else {
                    MatchState::Open
                }
            }
        }
    }

    /// Tournament points the pairing gave `a` and `b` (0 each while open).
    fn pairing_points(&self, pairing: Pairing) -> (f32, f32) {
        let (a, b) = (pairing.first, pairing.second);
        match (self.match_state(pairing), self.games_format) {
            (MatchState::Open, _) => (0.0, 0.0),
            (MatchState::Drawn, _) => (0.5, 0.5),
            (
                MatchState::Won {
                    winner, forfeit, ..
                },
                format,
            ) => {
                let (win, loss) = match (format, forfeit) {
                    (Format::Single, _) => {
                        // A single game keeps its exact score (adjudication).
                        let g = self.games_between(a, b).next().expect("decided");
                        let s = if g.forfeit.is_some() {
                            1.0
                        } else {
                            g.first_score.max(1.0 - g.first_score)
                        };
                        (s, 1.0 - s)
                    }
                    (Format::BestOfThree, false) => (2.0, 1.0),
                    (Format::BestOfThree, true) => (2.0, 0.0),
                };
                if winner == a {
                    (win, loss)
                } else {
                    (loss, win)
                }
            }
        }
    }

    /// The next game to play, or `None` when the tournament is over.
    pub fn next_game(&self) -> Option<NextGame> {
        for round in self.schedule() {
            for pairing in round.pairings {
                if self.match_state(pairing) != MatchState::Open {
                    continue;
                }
                let played = self.games_between(pairing.first, pairing.second).count();
                // The table's first mover opens; then they take turns.
                let (first, second) = if played.is_multiple_of(2) {
                    (pairing.first, pairing.second)
                } else {
                    (pairing.second, pairing.first)
                };
                return Some(NextGame {
                    round: round.number,
                    pairing,
                    first,
                    second,
                    game_in_match: played + 1,
                });
            }
        }
        None
    }

    pub fn is_over(&self) -> bool {
        self.next_game().is_none()
    }

    /// Records the result of `next` (which must be [`Tournament::next_game`]).
    pub fn record(
        &mut self,
        next: NextGame,
        first_score: f32,
        history: Option<String>,
    ) -> Result<(), String> {
        self.push(next, first_score, history, None)
    }

    /// `loser` forfeits the pairing of `next` (they did not play).
    pub fn forfeit(&mut self, next: NextGame, loser: usize) -> Result<(), String> {
        if loser != next.first && loser != next.second {
            return Err(format!("entrant {loser} is not in this game"));
        }
        let score = if loser == next.first { 0.0 } else { 1.0 };
        self.push(next, score, None, Some(loser))
    }

    fn push(
        &mut self,
        next: NextGame,
        first_score: f32,
        history: Option<String>,
        forfeit: Option<usize>,
    ) -> Result<(), String> {
        if self.next_game() != Some(next) {
            return Err("that is not the next game of the tournament".into());
        }
        if !(0.0..=1.0).contains(&first_score) {
            return Err(format!("a score of {first_score}"));
        }
        self.games.push(PlayedGame {
            round: next.round,
            first: next.first,
            second: next.second,
            first_score,
            history,
            forfeit,
        });
        Ok(())
    }

    /// The standings, best first. Ties are broken by, in turn: the points
    /// scored in the pairings among the tied entrants (head to head),
    /// Sonneborn–Berger, the number of pairings won, and the entrant number.
    pub fn standings(&self) -> Vec<Standing> {
        let n = self.entrants.len();
        let pairings: Vec<Pairing> = self
            .schedule()
            .into_iter()
            .flat_map(|r| r.pairings)
            .collect();
        let mut rows: Vec<Standing> = (1..=n)
            .map(|e| Standing {
                entrant: e,
                place: 0,
                points: 0.0,
                played: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                sonneborn_berger: 0.0,
            })
            .collect();
        // (a, b, points of a, points of b) for each decided pairing.
        let mut decided = Vec::new();
        for &p in &pairings {
            let state = self.match_state(p);
            if state == MatchState::Open {
                continue;
            }
            let (pa, pb) = self.pairing_points(p);
            decided.push((p.first, p.second, pa, pb));
            for (me, won) in [(p.first, pa > pb), (p.second, pb > pa)] {
                let row = &mut rows[me - 1];
                row.played += 1;
                match state {
                    MatchState::Drawn => row.draws += 1,
                    _ if won => row.wins += 1,
                    _ => row.losses += 1,
                }
            }
            rows[p.first - 1].points += pa;
            rows[p.second - 1].points += pb;
        }
        let points: Vec<f32> = rows.iter().map(|r| r.points).collect();
        // The share of a pairing won: a single game's score; a match 1 or 0.
        let share = |mine: f32, theirs: f32| match self.games_format {
            Format::Single => mine,
            Format::BestOfThree => f32::from(u8::from(mine > theirs)),
        };
        for &(a, b, pa, pb) in &decided {
            rows[a - 1].sonneborn_berger += points[b - 1] * share(pa, pb);
            rows[b - 1].sonneborn_berger += points[a - 1] * share(pb, pa);
        }
        let head_to_head = |e: usize, group: &[usize]| -> f32 {
            decided
                .iter()
                .filter(|(a, b, _, _)| group.contains(a) && group.contains(b))
                .map(|&(a, b, pa, pb)| {
                    if a == e {
                        pa
                    } else if b == e {
                        pb
                    } else {
                        0.0
                    }
                })
                .sum()
        };
        let h2h: Vec<f32> = (1..=n)
            .map(|e| {
                let group: Vec<usize> = (1..=n)
                    .filter(|&o| points[o - 1] == points[e - 1])
                    .collect();
                head_to_head(e, &group)
            })
            .collect();
        rows.sort_by(|x, y| {
            let key = |r: &Standing| {
                (
                    r.points,
                    h2h[r.entrant - 1],
                    r.sonneborn_berger,
                    r.wins as f32,
                )
            };
            let (kx, ky) = (key(x), key(y));
            ky.partial_cmp(&kx)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(x.entrant.cmp(&y.entrant))
        });
        for (i, r) in rows.iter_mut().enumerate() {
            r.place = i + 1;
        }
        rows
    }
}

//! The round-robin schedule (循環制, Berger tables), RULES.md §7 and seed 000 §C.
//!
//! Entrants are numbered 1..=n. With an odd `n` a bye `n + 1` is added; `p`
//! is the largest number. [`schedule`] builds the table the way the seed
//! teaches it (round 1 pairs the ends and works inwards; each later round
//! starts with the largest number, then "cross neighbours" from the back),
//! and [`first_mover`] and [`meeting_round`] are the seed's eight formulas.
//! The tests check that the two agree for every size.

use serde::{Deserialize, Serialize};

/// Two entrants who meet; `first` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
}

/// One round of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// 1-based.
    pub number: usize,
    /// In table order: the pairing of the largest number first.
    pub pairings: Vec<Pairing>,
    /// The entrant with a free round (odd `n`).
    pub bye: Option<usize>,
}

/// The largest number of a table for `n` entrants (even).
pub fn largest_number(n: usize) -> usize {
    n + n % 2
}

/// The round in which `a` and `b` (1-based, in either order) meet.
pub fn meeting_round(a: usize, b: usize, n: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    let p = largest_number(n);
    if b != p {
        if a + b <= p { a + b - 1 } else { a + b - p }
    } else if 2 * a <= p {
        2 * a - 1
    } else {
        2 * a - p
    }
}

/// Who of `a` and `b` moves first when they meet.
pub fn first_mover(a: usize, b: usize, n: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    let p = largest_number(n);
    if b != p {
        if (a + b) % 2 == 1 { a } else { b }
    } else if 2 * a <= p {
        a
    } else {
        b
    }
}

/// The whole schedule for `n` entrants (n ≥ 2): `p - 1` rounds.
pub fn schedule(n: usize) -> Vec<Round> {
    let p = largest_number(n);
    // Numbers below p go round a circle of p - 1.
    let wrap = |x: isize| ((x - 1).rem_euclid(p as isize - 1) + 1) as usize;
    (1..p)
        .map(|r| {
            // Who meets the largest number this round.
            let c = if r % 2 == 1 {
                r.div_ceil(2)
            } else {
                (r + p) / 2
            };
            let mut pairs = vec![(c, p)];
            for k in 1..p / 2 {
                pairs.push((wrap((c + k) as isize), wrap(c as isize - k as isize)));
            }
            let mut bye = None;
            let pairings = pairs
                .into_iter()
                .filter(|&(x, y)| {
                    if n % 2 == 1 && (x == p || y == p) {
                        bye = Some(if x == p { y } else { x });
                        false
                    } else {
                        true
                    }
                })
                .map(|(x, y)| {
                    let first = first_mover(x, y, n);
                    Pairing {
                        first,
                        second: if first == x { y } else { x },
                    }
                })
                .collect();
            Round {
                number: r,
                pairings,
                bye,
            }
        })
        .collect()
}

/// One round as the command line prints it: `round R: A-B C-D ... bye X`.
pub fn format_round(round: &Round) -> String {
    let mut line = format!("round {}:", round.number);
    for p in &round.pairings {
        line += &format!(" {}-{}", p.first, p.second);
    }
    if let Some(b) = round.bye {
        line += &format!(" bye {b}");
    }
    line
}

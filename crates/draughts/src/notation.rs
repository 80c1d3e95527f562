//! Standard notation: moves (`32-28`, `19x30`, a full route `19x30x39`) and
//! positions as draughts programs write them (`W:W31,32,K45:B1,2,3`).

use crate::board::{Square, Variant};
use crate::error::DraughtsError;
use crate::position::{Move, Piece, Position, Side};

/// A move's usual text: `from-to` or `fromxto`, and the full route of
/// landing squares when another legal move has the same start and end.
pub fn move_text(pos: &Position, m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from(), m.to());
    }
    let twins = pos
        .legal_moves()
        .iter()
        .filter(|o| o.from() == m.from() && o.to() == m.to())
        .count();
    if twins > 1 {
        route_text(pos, m)
    } else {
        format!("{}x{}", m.from(), m.to())
    }
}

/// The full text of a move: every landing square of its first route, so it
/// names exactly one move (records use this).
pub fn route_text(pos: &Position, m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from(), m.to());
    }
    let mut s = m.from().to_string();
    match pos.routes(m).first() {
        Some(route) => {
            for sq in route {
                s.push('x');
                s.push_str(&sq.to_string());
            }
        }
        None => {
            s.push('x');
            s.push_str(&m.to().to_string());
        }
    }
    s
}

/// Read a move in standard notation (numbers, or algebraic squares like
/// `c3:e5` on the 8×8 board) and find it among the legal moves.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, DraughtsError> {
    let bad = || DraughtsError::BadNotation(text.to_string());
    let t = text.trim();
    let squares: Vec<Square> = t
        .split(['-', 'x', 'X', ':', '×'])
        .map(|p| parse_square(pos.variant(), p.trim()).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    if squares.len() < 2 {
        return Err(bad());
    }
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    let via = &squares[1..];
    let mut found: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    // A full route picks the move with exactly those landing squares; a
    // short `19x30` names the one move from 19 to 30, or, among several,
    // the one whose route is that single jump (Russian free choice).
    if via.len() > 1 || found.len() > 1 {
        let exact: Vec<Move> = found
            .iter()
            .copied()
            .filter(|m| pos.routes(m).iter().any(|r| r == via))
            .collect();
        if via.len() > 1 || exact.len() == 1 {
            found = exact;
        }
    }
    match found.len() {
        0 => Err(DraughtsError::Illegal(t.to_string())),
        1 => Ok(found[0]),
        n => Err(DraughtsError::Ambiguous {
            text: t.to_string(),
            count: n,
            example: route_text(pos, &found[0]),
        }),
    }
}

fn parse_square(v: Variant, s: &str) -> Option<Square> {
    if let Ok(n) = s.parse::<u8>() {
        return (n >= 1 && n as usize <= v.squares()).then_some(n);
    }
    v.parse_algebraic(s)
}

/// A position as `W:W31,32,K45:B1,2` (side to move, then each side's pieces,
/// `K` before a king).
pub fn to_fen(pos: &Position) -> String {
    let side = |s: Side| -> String {
        pos.pieces()
            .into_iter()
            .filter(|(_, p)| p.side == s)
            .map(|(sq, p)| format!("{}{sq}", if p.king { "K" } else { "" }))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        letter(pos.side_to_move()),
        side(Side::White),
        side(Side::Black)
    )
}

fn letter(s: Side) -> char {
    match s {
        Side::White => 'W',
        Side::Black => 'B',
    }
}

/// Read a position string. Accepts either order of the two piece lists,
/// ranges (`W31-50`), lower case, spaces and a final `.`.
pub fn from_fen(variant: Variant, text: &str) -> Result<Position, DraughtsError> {
    let bad = |why: &str| DraughtsError::BadFen(format!("{why} in {text:?}"));
    let t: String = text
        .trim()
        .trim_end_matches('.')
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"')
        .collect();
    let mut parts = t.split(':');
    let side = match parts.next().map(|s| s.to_ascii_uppercase()).as_deref() {
        Some("W") => Side::White,
        Some("B") => Side::Black,
        _ => return Err(bad("the side to move (W or B) is missing")),
    };
    let mut pos = Position::empty(variant, side);
    let mut seen_lists = [false; 2];
    let mut taken = vec![false; variant.squares() + 1];
    for part in parts {
        let mut chars = part.chars();
        let owner = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => Side::White,
            Some('B') => Side::Black,
            _ => return Err(bad("a piece list must start with W or B")),
        };
        if std::mem::replace(&mut seen_lists[owner.index()], true) {
            return Err(bad("a side's pieces are listed twice"));
        }
        for item in chars.as_str().split(',').filter(|s| !s.is_empty()) {
            let (king, body) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let range = |s: &str| -> Result<Square, DraughtsError> {
                parse_square(variant, s).ok_or_else(|| DraughtsError::BadSquare(s.to_string()))
            };
            let (a, b) = match body.split_once('-') {
                Some((a, b)) => (range(a)?, range(b)?),
                None => {
                    let s = range(body)?;
                    (s, s)
                }
            };
            if a > b {
                return Err(bad("a range runs backwards"));
            }
            for sq in a..=b {
                if std::mem::replace(&mut taken[sq as usize], true) {
                    return Err(DraughtsError::SquareTwice(sq));
                }
                pos.put(sq, Piece { side: owner, king })?;
            }
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_round_trip() {
        for v in Variant::ALL {
            let p = Position::start(v);
            let fen = to_fen(&p);
            assert_eq!(from_fen(v, &fen).unwrap(), p);
        }
        let p = from_fen(Variant::International, "W:W31-50:B1-20").unwrap();
        assert_eq!(p, Position::start(Variant::International));
    }

    #[test]
    fn bad_positions_are_errors() {
        let v = Variant::International;
        for s in [
            "",
            "X:W1",
            "W:W51",
            "W:W1,1",
            "W:W31:W32",
            "W:W5:B5",
            "W:Q3",
            "W:W3",
        ] {
            assert!(from_fen(v, s).is_err(), "{s}");
        }
    }
}

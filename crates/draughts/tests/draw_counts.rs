//! The bots and the draw counts of RULES §11: the search runs the game's own
//! clocks (25-move, 16-move and 5-move rules; Russian 30 moves and three
//! kings against one) along every line, so a count that runs out is a draw
//! there, exactly, and a win must come before it.

mod common;

use common::quiet_walk;
use starhop_draughts::bot::{Budget, Level, MATE, Thought, search, think};
use starhop_draughts::{DrawClocks, Game, Outcome, Position, Variant, from_fen, move_text};

const I: Variant = Variant::International;
const R: Variant = Variant::Russian;

fn pos(v: Variant, fen: &str) -> Position {
    from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The clocks of `p` with its ending rule's count set to `count`.
fn ending_at(p: &Position, count: u16) -> DrawClocks {
    let mut c = DrawClocks::initial(p);
    c.ending.as_mut().expect("an ending rule in force").count = count;
    c
}

fn search_at(p: &Position, clocks: DrawClocks, depth: u32) -> Thought {
    search(p, &[], clocks, Level::Master, &Budget::depth(depth), 1).unwrap()
}

fn is_win(score: i32) -> bool {
    score > MATE - 1000
}

/// White's win in two moves: the search finds it while the count leaves
/// White its second move, and scores the position a draw when it does not.
#[test]
fn russian_three_kings_win_only_while_the_18_move_count_lasts() {
    let p = pos(R, "W:WKd6,Kh6,Ka5:BKd8");
    // White's 18th move may still win (a side left without a move has lost,
    // whatever the count); after it the game is drawn.
    for count in [0, 10, 16] {
        let t = search_at(&p, ending_at(&p, count), 8);
        assert_eq!(t.score, MATE - 3, "count {count}: {t:?}");
    }
    let t = search_at(&p, ending_at(&p, 17), 8);
    assert_eq!(t.score, 0, "{t:?}");
    // The winning line is real: Master plays it against Master's defence.
    let mut g = Game::from_position(p);
    for _ in 0..3 {
        let t = think(&g, Level::Master, &Budget::depth(8), 1).unwrap();
        g.play(&t.best).unwrap();
    }
    assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
}

#[test]
fn international_sixteen_move_ending_won_only_while_the_count_lasts() {
    // Three kings against a lone king: won in two White moves.
    let p = pos(I, "W:WK19,K23,K43:BK5");
    for count in [0, 20, 29] {
        let t = search_at(&p, ending_at(&p, count), 8);
        assert_eq!(t.score, MATE - 3, "count {count}: {t:?}");
    }
    // 30 plies counted: White's move is the 31st, Black's the 32nd and last.
    for count in [30, 31] {
        let t = search_at(&p, ending_at(&p, count), 8);
        assert_eq!(t.score, 0, "count {count}: {t:?}");
    }
}

/// A capture that leaves another ending starts that ending's count afresh:
/// White gives a king, Black must take it (two kings against one now, the
/// 5-move rule from 0), and White takes the lone king. The search sees the
/// new count, so the sacrifice wins with two plies left of the 16 moves;
/// with one left, White's own move ends the game drawn.
#[test]
fn a_sacrifice_that_changes_the_ending_starts_a_new_count() {
    let p = pos(I, "W:WK35,K39,K44:BK49");
    for count in [0, 29, 30] {
        let t = search_at(&p, ending_at(&p, count), 8);
        assert_eq!(t.score, MATE - 3, "count {count}: {t:?}");
        let mut g = Game::from_position(p);
        g.play(&t.best).unwrap();
        assert!(g.position().has_capture(), "a sacrifice: {t:?}");
    }
    let t = search_at(&p, ending_at(&p, 31), 8);
    assert_eq!(t.score, 0, "{t:?}");
}

/// The ply that completes a count but leaves the other side without a move
/// wins: the game looks for a move before it looks at the counts, and so
/// must the search.
#[test]
fn a_move_that_blocks_the_last_piece_wins_even_on_the_last_counted_ply() {
    // White's king 47-41 shuts Black's king in on 46 (and 50 holds 45).
    let p = pos(I, "W:WK37,K47,50:BK46,45");
    let mut clocks = DrawClocks::initial(&p);
    clocks.king_plies = 49;
    // Five-move ending: two kings against the lone king, 9 plies counted.
    let q = pos(I, "W:WK37,K47:BK46");
    for (p, clocks) in [(p, clocks), (q, ending_at(&q, 9))] {
        let t = search_at(&p, clocks, 4);
        assert_eq!(t.score, MATE - 1, "{t:?}");
        assert_eq!(move_text(&p, &t.best), "47-41");
        let mut g = Game::from_position(p);
        g.play(&t.best).unwrap();
        assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
    }
}

/// 25-move rule with a ply or two left: a king move ends the game drawn, a
/// man's move starts the count again and keeps White's extra piece.
#[test]
fn international_25_move_count_almost_run_out_the_side_ahead_moves_its_man() {
    let p = pos(I, "W:WK37,K38,49:BK3,K4");
    // With the count fresh a king move is better (the man guards the back
    // row): so only the count can make the bot move the man.
    let fresh = search_at(&p, DrawClocks::initial(&p), 4);
    assert!(fresh.best.by_king(), "{}", move_text(&p, &fresh.best));
    for plies in [48, 49] {
        let mut clocks = DrawClocks::initial(&p);
        clocks.king_plies = plies;
        let t = search_at(&p, clocks, 4);
        assert!(!t.best.by_king(), "{plies}: {}", move_text(&p, &t.best));
        assert!(t.score > 0, "{plies}: {t:?}");
    }
}

/// Plays quiet moves from `fen` until `plies` plies of the count have run,
/// then asks Master: the game's clocks come in through `think`.
fn walked(v: Variant, fen: &str, plies: usize) -> Game {
    let mut g = Game::from_position(pos(v, fen));
    quiet_walk(&mut g, plies, true);
    assert!(!g.is_over(), "{fen} after {plies}");
    g
}

/// The moves after which the game is won by the side that played them.
fn winning_moves(g: &Game) -> Vec<String> {
    g.legal_moves()
        .iter()
        .filter(|m| {
            let mut c = g.clone();
            c.play(m).unwrap();
            matches!(c.outcome(), Some(Outcome::Win { winner, .. }) if winner == g.side_to_move())
        })
        .map(|m| move_text(g.position(), m))
        .collect()
}

#[test]
fn a_lone_king_against_three_kings_is_a_draw_when_the_count_is_about_to_run_out() {
    for (v, fen, plies) in [
        // Russian: White's 17 moves counted, White to move (its 18th and
        // last), then Black to move before White's last.
        (R, "W:WKa1,Kc1,Ke1:BKd8", 34),
        (R, "B:WKa1,Kc1,Ke1:BKd8", 34),
        // International 16-move ending: 31 plies counted, one left.
        (I, "W:WK47,K48,K49:BK3", 31),
        (I, "B:WK47,K48,49:BK3", 31),
    ] {
        let g = walked(v, fen, plies);
        let ending = g.clocks().ending.unwrap();
        assert_eq!(ending.limit - ending.count, 1, "{fen}");
        // No move wins on the spot here (the walk keeps the kings apart).
        assert_eq!(winning_moves(&g), Vec::<String>::new(), "{fen}");
        // Ahead by two kings, or a lone king: the same, a draw.
        let t = think(&g, Level::Master, &Budget::depth(6), 1).unwrap();
        assert_eq!(t.score, 0, "{fen} {t:?}");
    }
}

/// The value of `g` for the side to move, found by playing every line in the
/// game itself: `MATE - n` for a win on ply `n` from the root, 0 for a draw,
/// negative for a loss; None if some line is still open after `plies`
/// plies. As the bots do, a position met a second time along a line counts
/// as a draw (the root is the game's own position: it is played on).
fn exact(g: &Game, ply: i32, plies: u32) -> Option<i32> {
    match g.outcome() {
        Some(Outcome::Win { winner, .. }) => {
            let s = MATE - ply;
            return Some(if winner == g.side_to_move() { s } else { -s });
        }
        Some(Outcome::Draw(_)) => return Some(0),
        None => {}
    }
    let now = g.position();
    if ply > 0 && (0..g.ply_count()).any(|k| g.position_before(k) == Some(now)) {
        return Some(0);
    }
    if plies == 0 {
        return None;
    }
    let mut best = None::<i32>;
    for m in g.legal_moves() {
        let mut c = g.clone();
        c.play(&m).unwrap();
        let v = -exact(&c, ply + 1, plies - 1)?;
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    best
}

/// Near the end of every count, where all lines end within three plies, the
/// bot's score is the game's own value: exactly 0 for a draw (a count running
/// out, whichever side it helps), a win when there is one (and its move keeps
/// it: it never lets a count take a win away), a loss when there is no way
/// out.
#[test]
fn near_a_count_limit_the_search_agrees_with_the_game() {
    let cases: &[(Variant, &str, &[usize])] = &[
        // 16-move ending: three kings, two kings and a man, a king and two men.
        (I, "W:WK47,K48,K49:BK3", &[29, 30, 31]),
        (I, "W:WK47,K48,49:BK3", &[29, 30, 31]),
        (I, "B:WK47,48,49:BK3", &[29, 30, 31]),
        // 5-move ending: two kings, a king and a man, a king alone.
        (I, "W:WK47,K48:BK3", &[7, 8, 9]),
        (I, "W:WK47,48:BK3", &[7, 8, 9]),
        (I, "W:WK47:BK3", &[7, 8, 9]),
        (I, "W:WK43,K49:BK2", &[7, 8, 9]),
        // 25-move rule, kings only.
        (I, "W:WK45,K47:BK6,K3", &[47, 48, 49]),
        // Russian: three kings against one, either side to move.
        (R, "W:WKa1,Kc1,Ke1:BKd8", &[31, 32, 33, 34]),
        (R, "B:WKa1,Kc1,Ke1:BKd8", &[32, 33, 34, 35]),
        (R, "W:WKa1,Kg1,Kh2:BKb8", &[31, 32, 33, 34]),
        // Russian 30-move rule.
        (R, "W:WKa1,Kc1:BKh8,Kf8", &[57, 58, 59]),
    ];
    let (mut checked, mut wins, mut losses) = (0, 0, 0);
    for &(v, fen, walks) in cases {
        for &plies in walks {
            let g = walked(v, fen, plies);
            // The walk's position and every position one move on (closer
            // still to the limit, and with captures and traps in reach).
            let mut games = vec![g.clone()];
            for m in g.legal_moves() {
                let mut c = g.clone();
                c.play(&m).unwrap();
                if !c.is_over() {
                    games.push(c);
                }
            }
            for g in games {
                let Some(value) = exact(&g, 0, 3) else {
                    continue;
                };
                let t = think(&g, Level::Master, &Budget::depth(6), 1).unwrap();
                let what = format!("{fen} after {}: value {value}, {t:?}", g.ply_count());
                if is_win(value) {
                    wins += 1;
                    assert!(is_win(t.score) || t.forced, "{what}");
                    let mut after = g.clone();
                    after.play(&t.best).unwrap();
                    let reply = exact(&after, 1, 2).unwrap();
                    assert!(is_win(-reply), "{what}: after its move {reply}");
                } else if t.forced {
                    // Played at once, without a score.
                } else if value < 0 {
                    losses += 1;
                    assert!(is_win(-t.score), "{what}");
                } else {
                    assert_eq!(t.score, 0, "{what}");
                }
                checked += 1;
            }
        }
    }
    // The walks are fixed, so these counts are too (269 positions decided
    // within three plies, 42 of them wins and 2 losses, when written).
    assert!(checked >= 20, "{checked} checked");
    assert!(wins >= 1, "{wins} wins");
    assert!(losses >= 1, "{losses} losses");
}

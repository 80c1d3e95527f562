//! One test per rule of RULES §11, each named after its rule, on constructed
//! positions (International squares by number, Russian ones by name).

mod common;

use common::quiet_walk;
use starhop_draughts::{
    DraughtsError, DrawRule, Game, Outcome, Piece, Position, Side, Variant, WinReason, from_fen,
    move_text, parse_move,
};

const I: Variant = Variant::International;
const R: Variant = Variant::Russian;

fn pos(v: Variant, fen: &str) -> Position {
    from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as text, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| move_text(p, m)).collect();
    v.sort();
    v
}

fn sq(v: Variant, name: &str) -> u8 {
    v.parse_algebraic(name).unwrap()
}

// ---- Both variants -------------------------------------------------------

#[test]
fn white_moves_first() {
    for v in Variant::ALL {
        assert_eq!(Game::new(v).side_to_move(), Side::White);
    }
}

#[test]
fn start_position_men_on_1_to_20_and_31_to_50() {
    let p = Position::start(I);
    for s in 1..=50u8 {
        let want = match s {
            1..=20 => Some(Side::Black),
            31..=50 => Some(Side::White),
            _ => None,
        };
        assert_eq!(p.piece(s).map(|x| x.side), want, "square {s}");
    }
    assert_eq!(Position::start(R).count(Side::White), (12, 0));
    assert_eq!(Position::start(R).count(Side::Black), (12, 0));
}

#[test]
fn men_move_one_square_diagonally_forward() {
    let p = pos(I, "W:W33:B18");
    assert_eq!(texts(&p), ["33-28", "33-29"]);
    let p = pos(I, "B:W33:B18");
    assert_eq!(texts(&p), ["18-22", "18-23"]);
}

#[test]
fn men_capture_forward_and_backward() {
    let p = pos(I, "W:W28:B22,33");
    assert_eq!(texts(&p), ["28x17", "28x39"]);
}

#[test]
fn capturing_is_compulsory() {
    let p = pos(I, "W:W28,38:B22");
    assert_eq!(texts(&p), ["28x17"]);
}

#[test]
fn a_capturing_piece_goes_on_capturing_while_it_can() {
    let p = pos(I, "W:W28:B22,11");
    assert_eq!(texts(&p), ["28x6"]);
}

#[test]
fn no_enemy_piece_is_jumped_twice_but_a_square_may_be_crossed_twice() {
    // A man goes round a diamond of four men and ends where it started: the
    // start square is crossed twice, no man is jumped twice, and the two
    // directions round the diamond are one move.
    let p = pos(I, "W:W32:B28,18,17,27");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    let m = moves[0];
    assert_eq!((m.from(), m.to()), (32, 32));
    assert_eq!(m.captured(), [17, 18, 27, 28]);
    assert_eq!(p.routes(&m).len(), 2);
    assert_eq!(parse_move(&p, "32x23x12x21x32"), Ok(m));
    assert_eq!(parse_move(&p, "32x21x12x23x32"), Ok(m));
}

#[test]
fn a_chain_can_be_played_hop_by_hop() {
    let g = Game::from_position(pos(I, "W:W32:B28,18,17,27"));
    // Either way round the diamond; after the first hop one move is left.
    assert_eq!(g.moves_along(32, &[]).len(), 1);
    assert_eq!(g.moves_along(32, &[23]).len(), 1);
    assert_eq!(g.moves_along(32, &[21, 12]).len(), 1);
    assert!(g.moves_along(32, &[28]).is_empty());
    assert!(g.moves_along(33, &[]).is_empty());
}

#[test]
fn own_pieces_are_never_jumped() {
    let p = pos(I, "W:W28,22:B3");
    assert!(p.legal_moves().iter().all(|m| !m.is_capture()));
}

#[test]
fn captured_pieces_leave_the_board_only_when_the_capture_is_done() {
    let mut g = Game::from_position(pos(I, "W:W28:B22,11,5"));
    let before = *g.position();
    let m = g.legal_moves()[0];
    assert_eq!(m.captured(), [11, 22]);
    // During the move the taken men still stand (the routes see them);
    // after it they are gone and nothing else changed.
    assert_eq!(g.routes(&m), vec![vec![17, 6]]);
    g.play(&m).unwrap();
    let after = g.position();
    assert_eq!(after.piece(22), None);
    assert_eq!(after.piece(11), None);
    assert_eq!(after.piece(5), before.piece(5));
    assert_eq!(after.piece(6).map(|p| p.side), Some(Side::White));
}

#[test]
fn kings_fly_along_a_free_diagonal() {
    let p = pos(I, "W:WK46:B3");
    assert_eq!(p.legal_moves().len(), 9);
    let p = pos(I, "W:WK46,28:B3");
    // Blocked by its own man on 28: 41, 37, 32, plus the man's two moves.
    assert_eq!(p.legal_moves().len(), 5);
}

#[test]
fn kings_capture_at_a_distance_and_land_on_any_free_square_beyond() {
    let p = pos(I, "W:WK46:B28");
    let mut to: Vec<u8> = p.legal_moves().iter().map(|m| m.to()).collect();
    to.sort();
    assert_eq!(to, [5, 10, 14, 19, 23]);
    assert!(p.legal_moves().iter().all(|m| m.captured() == [28]));
}

#[test]
fn kings_may_turn_onto_another_diagonal_to_go_on_capturing() {
    let p = pos(I, "W:WK46:B37,21");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].from(), moves[0].to()), (46, 16));
    assert_eq!(p.routes(&moves[0]), vec![vec![32, 16]]);
}

#[test]
fn a_player_with_no_piece_loses() {
    let g = Game::from_position(pos(I, "B:W28:B"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoPieces
        })
    );
    let mut g = Game::from_position(pos(I, "W:W28:B22"));
    g.play_text("28x17").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoPieces
        })
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_player_with_no_legal_move_loses() {
    // Black's man on 36 is blocked by 41 and cannot jump it (47 is taken).
    let g = Game::from_position(pos(I, "B:W41,47:B36"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn a_capture_is_identified_by_start_end_and_pieces_taken() {
    // Two routes round the diamond take the same men: one move (see above);
    // the generator never lists a move twice anywhere (reference tests).
    let p = pos(R, "W:Wc3:Bd4,d6,b6,b4");
    let moves = p.legal_moves();
    let loops: Vec<_> = moves.iter().filter(|m| m.capture_count() == 4).collect();
    assert_eq!(loops.len(), 1);
    assert_eq!(p.routes(loops[0]).len(), 2);
}

// ---- International -------------------------------------------------------

#[test]
fn international_the_capture_taking_the_most_pieces_is_compulsory() {
    let p = pos(I, "W:W28,39:B22,11,34");
    assert_eq!(texts(&p), ["28x6"]);
}

#[test]
fn international_a_king_counts_as_one_piece() {
    // Two men outweigh one king.
    let p = pos(I, "W:W28,39:B22,11,K34");
    assert_eq!(texts(&p), ["28x6"]);
}

#[test]
fn international_among_equal_counts_the_player_chooses() {
    let p = pos(I, "W:W28,39:B22,34");
    assert_eq!(texts(&p), ["28x17", "39x30"]);
}

#[test]
fn international_a_man_passing_the_far_row_during_a_capture_is_not_crowned() {
    let mut g = Game::from_position(pos(I, "W:W11:B7,8,45"));
    let m = g.play_text("11x13").unwrap();
    assert!(!m.crowns());
    assert_eq!(
        g.position().piece(13),
        Some(Piece {
            side: Side::White,
            king: false
        })
    );
}

#[test]
fn international_a_man_ending_its_move_on_the_far_row_is_crowned() {
    let mut g = Game::from_position(pos(I, "W:W6:B45"));
    g.play_text("6-1").unwrap();
    assert_eq!(
        g.position().piece(1),
        Some(Piece {
            side: Side::White,
            king: true
        })
    );
    // Ending a capture there crowns too.
    let mut g = Game::from_position(pos(I, "W:W12:B7,45"));
    assert!(g.play_text("12x1").unwrap().crowns());
}

#[test]
fn international_threefold_repetition_draws() {
    let mut g = Game::from_position(pos(I, "W:WK45,47,48:BK6,3,4"));
    let cycle = ["45-40", "6-11", "40-45", "11-6"];
    for (i, m) in cycle.iter().cycle().take(8).enumerate() {
        assert!(!g.is_over(), "over before ply {i}");
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::ThreefoldRepetition))
    );
}

#[test]
fn international_twenty_five_king_moves_each_without_capture_draw() {
    let start = pos(I, "W:WK45,47,48:BK6,3,4");
    let mut g = Game::from_position(start);
    quiet_walk(&mut g, 49, false);
    assert!(!g.is_over());
    assert_eq!(g.clocks().king_plies, 49);
    quiet_walk(&mut g, 1, false);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::TwentyFiveKingMoves))
    );
    // A man's move starts the count again.
    let mut g = Game::from_position(start);
    quiet_walk(&mut g, 49, false);
    let man = g.legal_moves().into_iter().find(|m| !m.by_king()).unwrap();
    g.play(&man).unwrap();
    assert_eq!(g.clocks().king_plies, 0);
    assert!(!g.is_over());
}

#[test]
fn international_sixteen_move_ending_three_pieces_against_a_lone_king() {
    for fen in [
        "W:WK47,K48,K49:BK3",
        "W:WK47,K48,49:BK3",
        "B:WK47,48,49:BK3",
    ] {
        let mut g = Game::from_position(pos(I, fen));
        quiet_walk(&mut g, 31, true);
        assert!(!g.is_over(), "{fen}");
        quiet_walk(&mut g, 1, true);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawRule::SixteenMoveEnding)),
            "{fen}"
        );
    }
}

#[test]
fn international_five_move_ending_two_pieces_or_one_king_against_a_lone_king() {
    for fen in ["W:WK47,K48:BK3", "W:WK47,48:BK3", "W:WK47:BK3"] {
        let mut g = Game::from_position(pos(I, fen));
        quiet_walk(&mut g, 9, true);
        assert!(!g.is_over(), "{fen}");
        quiet_walk(&mut g, 1, true);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawRule::FiveMoveEnding)),
            "{fen}"
        );
    }
}

#[test]
fn international_the_ending_count_starts_when_the_ending_arises() {
    // White takes Black's man and leaves three kings against a lone king:
    // the 16 moves count from that capture.
    let mut g = Game::from_position(pos(I, "W:WK46,K47,K48:BK3,28"));
    assert_eq!(g.clocks().ending, None);
    let take = g
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut p = *g.position();
            p.play(m);
            !p.has_capture()
        })
        .unwrap();
    g.play(&take).unwrap();
    assert_eq!(g.clocks().ending.unwrap().count, 0);
    quiet_walk(&mut g, 31, true);
    assert!(!g.is_over());
    quiet_walk(&mut g, 1, true);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::SixteenMoveEnding))
    );
}

// ---- Russian -------------------------------------------------------------

#[test]
fn russian_free_choice_among_captures() {
    let p = pos(R, "W:We3:Bd4,f4,f6");
    let mut counts: Vec<u32> = p.legal_moves().iter().map(|m| m.capture_count()).collect();
    counts.sort();
    assert_eq!(counts, [1, 2]);
    // The same position under the International rule would force the longest.
    let mut choice = p.legal_moves();
    choice.retain(|m| m.to() == sq(R, "c5"));
    assert_eq!(choice.len(), 1);
}

#[test]
fn russian_a_man_reaching_the_far_row_during_a_capture_is_crowned_and_goes_on_as_a_king() {
    // Seed 000 §D: White must play h2:f4:h6:f8:b4:e1, from f8 on as a king.
    let p = pos(R, "W:Wh2:Bg3,g5,g7,d6,c3");
    let mut ends: Vec<u8> = p.legal_moves().iter().map(|m| m.to()).collect();
    ends.sort();
    let mut want = vec![sq(R, "e1"), sq(R, "d2")];
    want.sort();
    assert_eq!(ends, want);
    let mut g = Game::from_position(p);
    let m = g.play_text("h2:f4:h6:f8:b4:e1").unwrap();
    assert!(m.crowns());
    assert_eq!(m.capture_count(), 5);
    assert_eq!(
        g.position().piece(sq(R, "e1")),
        Some(Piece {
            side: Side::White,
            king: true
        })
    );
    assert_eq!(g.position().count(Side::Black), (0, 0));
}

#[test]
fn russian_a_man_ending_on_the_far_row_is_crowned() {
    let mut g = Game::from_position(pos(R, "W:Wa7:Bh2"));
    g.play_text("a7-b8").unwrap();
    assert!(g.position().piece(sq(R, "b8")).unwrap().king);
}

#[test]
fn russian_threefold_repetition_draws() {
    let mut g = Game::from_position(pos(R, "W:WKc1,g1:BKf8,b8"));
    let cycle = ["c1-d2", "f8-e7", "d2-c1", "e7-f8"];
    for (i, m) in cycle.iter().cycle().take(8).enumerate() {
        assert!(!g.is_over(), "over before ply {i}");
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::ThreefoldRepetition))
    );
}

#[test]
fn russian_thirty_moves_each_without_a_capture_draw() {
    // Men may move: §11 counts only captures.
    let mut g = Game::from_position(pos(R, "W:WKa1,Kc1,e1,g1:BKh8,Kf8,b8,d8"));
    quiet_walk(&mut g, 59, true);
    assert!(!g.is_over());
    assert_eq!(g.clocks().plies_without_capture, 59);
    quiet_walk(&mut g, 1, true);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::ThirtyMovesWithoutCapture))
    );
}

#[test]
fn russian_three_kings_against_a_lone_king_not_taken_within_18_moves_draw() {
    // White (the stronger side) moves first: its 18th move is ply 35.
    let mut g = Game::from_position(pos(R, "W:WKa1,Kc1,Ke1:BKd8"));
    quiet_walk(&mut g, 34, true);
    assert!(!g.is_over());
    assert_eq!(g.clocks().ending.unwrap().count, 17);
    quiet_walk(&mut g, 1, true);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::ThreeKingsAgainstOne))
    );
    // Black first: White's 18th move is ply 36.
    let mut g = Game::from_position(pos(R, "B:WKa1,Kc1,Ke1:BKd8"));
    quiet_walk(&mut g, 35, true);
    assert!(!g.is_over());
    quiet_walk(&mut g, 1, true);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawRule::ThreeKingsAgainstOne))
    );
}

#[test]
fn russian_three_kings_rule_needs_three_kings() {
    // Two kings and a man against a king is not that ending.
    let g = Game::from_position(pos(R, "W:WKa1,Kc1,e3:BKh8"));
    assert_eq!(g.clocks().ending, None);
}

// ---- Agreement, resignation ------------------------------------------------

#[test]
fn draw_by_agreement() {
    for v in Variant::ALL {
        let mut g = Game::new(v);
        g.agree_draw().unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawRule::Agreement)));
        assert_eq!(g.play_text("32-28"), Err(DraughtsError::GameOver));
        assert!(g.undo());
        assert_eq!(g.outcome(), None);
    }
}

#[test]
fn resignation_loses() {
    let mut g = Game::new(I);
    g.resign(Side::White).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
}

#[test]
fn running_out_of_time_loses_and_the_record_keeps_it() {
    let mut g = Game::new(I);
    g.play_text("32-28").unwrap();
    g.lose_on_time(Side::Black).unwrap();
    let lost = Some(Outcome::Win {
        winner: Side::White,
        reason: WinReason::Time,
    });
    assert_eq!(g.outcome(), lost);
    assert_eq!(g.play_text("19-23"), Err(DraughtsError::GameOver));
    assert_eq!(g.lose_on_time(Side::White), Err(DraughtsError::GameOver));
    let again = Game::from_record(&g.record()).unwrap();
    assert_eq!(again.outcome(), lost);
    assert!(g.undo());
    assert_eq!(g.outcome(), None);
}

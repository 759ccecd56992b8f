//! Lines of the 160-square cross shared by the variants played on it, for
//! seats in compass order South, West, North, East.

/// The line a seat's pawns start on (rank 2, file b, rank 13, file m).
pub fn pawn_row(seat: usize, x: usize, y: usize) -> bool {
    match seat {
        0 => y == 1,
        1 => x == 1,
        2 => y == 12,
        _ => x == 12,
    }
}

/// The back row of the seat opposite (rank 14, file n, rank 1, file a).
pub fn opposite_back_row(seat: usize, x: usize, y: usize) -> bool {
    match seat {
        0 => y == 13,
        1 => x == 13,
        2 => y == 0,
        _ => x == 0,
    }
}

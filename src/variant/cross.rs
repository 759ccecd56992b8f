//! What the variants played on the 160-square cross share, for seats in
//! compass order South, West, North, East.

use super::Seat;
use crate::board::Dir;

/// Four seats in compass order South, West, North, East, named and lettered
/// by the variant, with `teams` giving each seat's team.
pub const fn compass_seats(names: [(&'static str, char); 4], teams: [u8; 4]) -> [Seat; 4] {
    [
        Seat::new(names[0].0, names[0].1, "South", teams[0], Dir::North),
        Seat::new(names[1].0, names[1].1, "West", teams[1], Dir::East),
        Seat::new(names[2].0, names[2].1, "North", teams[2], Dir::South),
        Seat::new(names[3].0, names[3].1, "East", teams[3], Dir::West),
    ]
}

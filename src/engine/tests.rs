//! Perft of the orthodox reference positions (tests/data/perft-chess.txt).

use crate::notation::read_position;
use crate::variant;

fn table() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("../../tests/data/perft-chess.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let depths = parts
                .filter_map(|p| {
                    let mut w = p.split_whitespace();
                    let d = w.next()?.trim_start_matches('D').parse().ok()?;
                    let n = w.next()?.parse().ok()?;
                    Some((d, n))
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

#[test]
fn orthodox_perft_matches_public_figures_up_to_five_million() {
    let chess = variant::by_id("chess").expect("chess is a variant");
    for (fen, depths) in table() {
        let pos = read_position::<u64>(chess, &fen).expect("reference FEN reads");
        for (depth, nodes) in depths.into_iter().filter(|&(_, n)| n <= 5_000_000) {
            assert_eq!(pos.perft(depth), nodes, "{fen} depth {depth}");
        }
    }
}

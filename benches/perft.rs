//! Perft benchmark: nodes per second from the start positions. For orthodox
//! chess, shakmaty's perft (the peer) counts the same tree in the same run
//! and the ratio is printed.
//! Run with `cargo bench --bench perft` (add `-- verney 7` for one case).

use std::time::Instant;

use roundtable::notation::start_position;
use roundtable::variant;
use roundtable::with_width;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let cases: Vec<(String, u32)> = match args.as_slice() {
        [v, d] => vec![(v.clone(), d.parse().unwrap_or(5))],
        _ => vec![("chess".into(), 6), ("verney".into(), 7)],
    };
    for (id, depth) in cases {
        let Some(v) = variant::by_id(&id) else {
            eprintln!("unknown variant {id}");
            continue;
        };
        with_width!(v, B => {
            let Ok(pos) = start_position::<B>(v) else {
                eprintln!("{id} has no playable start position");
                continue;
            };
            let (nodes, best) = best_of_5(|| pos.perft(depth));
            println!(
                "perft {id} depth {depth}: {nodes} nodes, best of 5 {best:.3} s, {:.1} M nodes/s",
                nodes as f64 / best / 1e6
            );
            if id == "chess" {
                let peer = shakmaty::Chess::default();
                let (theirs, peer_best) = best_of_5(|| shakmaty::perft(&peer, depth));
                println!(
                    "shakmaty perft depth {depth}: {theirs} nodes, best of 5 {peer_best:.3} s, {:.1} M nodes/s",
                    theirs as f64 / peer_best / 1e6
                );
                println!("perft chess: roundtable / shakmaty = {:.2}", peer_best / best);
            }
        });
    }
}

/// Runs `count` five times: its result and the best time in seconds (a
/// busy moment of the machine slows one run, not the best).
fn best_of_5(count: impl Fn() -> u64) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..5 {
        let start = Instant::now();
        nodes = count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    (nodes, best)
}

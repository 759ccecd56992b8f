//! Perft benchmark: nodes per second from the start positions.
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
            let mut best = f64::MAX;
            let mut nodes = 0;
            for _ in 0..3 {
                let start = Instant::now();
                nodes = pos.perft(depth);
                best = best.min(start.elapsed().as_secs_f64());
            }
            println!(
                "perft {id} depth {depth}: {nodes} nodes, best of 3 {best:.3} s, {:.1} M nodes/s",
                nodes as f64 / best / 1e6
            );
        });
    }
}

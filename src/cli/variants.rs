//! `roundtable variants`: one line per variant.

use roundtable::variant::{self, Support};

pub fn run() {
    for v in variant::all() {
        let support = match v.support {
            Support::Playable => "playable",
            Support::Planned => "planned ",
        };
        println!(
            "{:<12} {} {} players, {} — {}",
            v.id,
            support,
            v.players(),
            v.shape.name,
            v.summary
        );
    }
}

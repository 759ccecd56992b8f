//! Events of a ply in words.

use crate::replay::Event;
use crate::variant::Variant;

fn name(v: &Variant, seat: usize) -> &'static str {
    v.seat_name(seat)
}

/// One event in words: `takes Red's bishop on a9`, `check to White (Red)`.
pub fn describe(v: &Variant, event: &Event) -> String {
    match event {
        Event::Capture { man, square } => format!(
            "takes {}'s {} on {}",
            name(v, man.owner),
            man.kind.name(),
            v.shape.name(*square)
        ),
        Event::Promotion(k) => format!("promotes to {}", k.name()),
        Event::Check { seat, by } => {
            let by: Vec<&str> = by.iter().map(|&s| name(v, s)).collect();
            format!("check to {} (by {})", name(v, *seat), by.join(", "))
        }
        Event::Mated { seat } => format!("{} is mated", name(v, *seat)),
        Event::Bonus { seat, kind, square } => format!(
            "{} gets a bonus {} on {}",
            name(v, *seat),
            kind.name(),
            v.shape.name(*square)
        ),
        Event::Stalemated { seat } => format!("{} is stalemated", name(v, *seat)),
        Event::Released { seat } => format!("{} is released", name(v, *seat)),
        Event::Pass => "pass".into(),
        Event::Exit { seat, timed_out } => format!(
            "{} {}",
            name(v, *seat),
            if *timed_out {
                "runs out of time"
            } else {
                "resigns"
            }
        ),
        Event::Inferred => "inferred".into(),
        Event::DrawClaimable => {
            "a draw may be claimed (one piece or none left on each side)".into()
        }
        Event::Disambiguated { ruled_out } => format!(
            "the printed move also fits {}: ruled out, the record does not replay after it",
            ruled_out.join(", ")
        ),
        Event::RecaptureTaken { others } => format!(
            "the printed move also fits {}: read as the recapture (option ambiguity=recapture)",
            others.join(", ")
        ),
        Event::CheckMarkDiffers { written, given } => match (written, given) {
            (true, false) => "written as check, but gives none".into(),
            _ => "gives check, not written".into(),
        },
        Event::Returned { men } => {
            let men: Vec<String> = men
                .iter()
                .map(|(sq, kind)| format!("{} to {}", kind.name(), v.shape.name(*sq)))
                .collect();
            format!("brings back {}", men.join(", "))
        }
        Event::NoKingLeft { seat } => format!("{} has no king left and loses", name(v, *seat)),
    }
}

/// All events of a ply, joined by `; `.
pub fn describe_all(v: &Variant, events: &[Event]) -> String {
    events
        .iter()
        .map(|e| describe(v, e))
        .collect::<Vec<_>>()
        .join("; ")
}

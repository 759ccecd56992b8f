//! Algebraic notation with the piece letters of other languages, and
//! figurines: German `K D T L S`, French `R D T F C`, Spanish `R D T A C`,
//! Dutch `K D T L P`, figurines `♔♕♖♗♘` (white or black glyphs). A PGN
//! chooses its language with a `[Language "de"]` tag (`de`, `German`,
//! `Deutsch`, `fr`, `es`, `nl`, `figurine`, …); figurines are read in any.
//!
//! Translation is letter by letter on the man letters of a move only
//! (the leading letter, and the letter after `=` or in `(…)` of a
//! promotion); squares, `x`, `O-O` and marks are left alone.

/// A language's piece letters, in the order king, queen, rook, bishop, knight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Letters(pub [char; 5]);

const ENGLISH: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

impl Letters {
    /// German: König, Dame, Turm, Läufer, Springer.
    pub const GERMAN: Letters = Letters(['K', 'D', 'T', 'L', 'S']);
    /// French: roi, dame, tour, fou, cavalier.
    pub const FRENCH: Letters = Letters(['R', 'D', 'T', 'F', 'C']);
    /// Spanish: rey, dama, torre, alfil, caballo.
    pub const SPANISH: Letters = Letters(['R', 'D', 'T', 'A', 'C']);
    /// Dutch: koning, dame, toren, loper, paard.
    pub const DUTCH: Letters = Letters(['K', 'D', 'T', 'L', 'P']);
    /// Figurines (written white).
    pub const FIGURINE: Letters =
        Letters(['\u{2654}', '\u{2655}', '\u{2656}', '\u{2657}', '\u{2658}']);

    /// The letters a language tag names (`de`, `German`, `fr-FR`, `figurine`);
    /// `None` for English or a language not known.
    pub fn of_tag(tag: &str) -> Option<Letters> {
        let t = tag.trim().to_ascii_lowercase();
        let code = t.split(['-', '_']).next().unwrap_or("");
        match code {
            "de" | "ger" | "deu" | "german" | "deutsch" => Some(Letters::GERMAN),
            "fr" | "fre" | "fra" | "french" | "français" | "francais" => Some(Letters::FRENCH),
            "es" | "spa" | "spanish" | "español" | "espanol" => Some(Letters::SPANISH),
            "nl" | "dut" | "nld" | "dutch" | "nederlands" => Some(Letters::DUTCH),
            "figurine" | "figurines" | "fan" => Some(Letters::FIGURINE),
            _ => None,
        }
    }
}

/// The English letter of a figurine of either colour.
fn figurine(c: char) -> Option<char> {
    let white = ['\u{2654}', '\u{2655}', '\u{2656}', '\u{2657}', '\u{2658}'];
    let black = ['\u{265a}', '\u{265b}', '\u{265c}', '\u{265d}', '\u{265e}'];
    white
        .iter()
        .position(|&w| w == c)
        .or_else(|| black.iter().position(|&b| b == c))
        .map(|i| ENGLISH[i])
}

fn map_men(text: &str, map: impl Fn(char) -> Option<char>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for c in text.chars() {
        // A man letter leads the move or follows `=`, `(` or `/` (promotion).
        let at_man = prev.is_none_or(|p| matches!(p, '=' | '(' | '/'));
        match map(c).filter(|_| at_man) {
            Some(e) => out.push(e),
            None => out.push(c),
        }
        prev = Some(c);
    }
    out
}

/// A move in `letters` (or with figurines) rewritten with English letters.
/// With a language's letters, the signs of its books are read too: `:`
/// for takes (`L:b5`, `e5:f4`, as German books print captures) and `‡`
/// for mate.
pub fn to_english(text: &str, letters: Option<Letters>) -> String {
    let mapped = map_men(text, |c| {
        figurine(c)
            .or_else(|| letters.and_then(|l| l.0.iter().position(|&x| x == c).map(|i| ENGLISH[i])))
    });
    if letters.is_some() && mapped.contains([':', '\u{2021}']) {
        mapped.replace(':', "x").replace('\u{2021}', "#")
    } else {
        mapped
    }
}

/// An English SAN or long algebraic move rewritten with `letters`.
pub fn from_english(text: &str, letters: Letters) -> String {
    map_men(text, |c| {
        ENGLISH.iter().position(|&e| e == c).map(|i| letters.0[i])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_reads_and_writes() {
        let de = Letters::of_tag("de");
        assert_eq!(to_english("Sf3", de), "Nf3");
        assert_eq!(to_english("Lxb5+", de), "Bxb5+");
        assert_eq!(to_english("Dxd7+", de), "Qxd7+");
        assert_eq!(to_english("e8=D", de), "e8=Q");
        assert_eq!(to_english("Tad1", de), "Rad1");
        let fr = Letters::of_tag("French");
        assert_eq!(to_english("Rf1", fr), "Kf1");
        assert_eq!(to_english("Cf3", fr), "Nf3");
        assert_eq!(to_english("Fc4", fr), "Bc4");
        assert_eq!(to_english("Txe7", Letters::of_tag("es")), "Rxe7");
        assert_eq!(to_english("Ac4", Letters::of_tag("es")), "Bc4");
        assert_eq!(to_english("Pf3", Letters::of_tag("nl")), "Nf3");
        assert_eq!(to_english("\u{2658}f3", None), "Nf3");
        assert_eq!(to_english("\u{265b}xd7#", None), "Qxd7#");
        assert_eq!(to_english("O-O-O", de), "O-O-O");
        // German books' signs: `:` takes, `‡` mate.
        assert_eq!(to_english("L:b5", de), "Bxb5");
        assert_eq!(to_english("e5:f4", de), "e5xf4");
        assert_eq!(to_english("Le7\u{2021}", de), "Be7#");
        // Not without a language: `:` is no English sign.
        assert_eq!(to_english("e:f4", None), "e:f4");
        assert_eq!(from_english("Nbd7", Letters::GERMAN), "Sbd7");
        assert_eq!(from_english("e8=Q+", Letters::FRENCH), "e8=D+");
        assert_eq!(from_english("Kxd7", Letters::SPANISH), "Rxd7");
        assert_eq!(from_english("Bxe7#", Letters::FIGURINE), "\u{2657}xe7#");
    }
}

//! The letters printed on the number tokens, in the order the book lays them.

/// The letter printed on the token at `position` in letter order (0 is A): A to Y, then
/// Za, Zb, Zc on the 5-6 island (seafarers.md: "5-6 players, letters A-Y then Za, Zb, Zc",
/// after JSettlers `SOCBoard6p.java`).
pub fn token_letter(position: usize) -> String {
    match u8::try_from(position) {
        Ok(p) if p < 25 => char::from(b'A' + p).to_string(),
        _ => {
            let after = position.saturating_sub(25);
            match u8::try_from(after) {
                Ok(a) if a < 26 => format!("Z{}", char::from(b'a' + a)),
                _ => format!("#{}", position + 1),
            }
        }
    }
}

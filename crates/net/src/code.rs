//! Room codes and seat tokens, from the operating system's randomness.
//!
//! A room code is 10 characters of Crockford's base 32 (50 bits), shown as
//! `ABCDE-FGHJK`. The host refuses all joins for a while after a burst of
//! wrong codes (a few a second at most), so guessing one takes thousands of
//! years. A seat token (128 bits) takes a seat back after a lost connection.

use std::fmt;

/// Crockford's base 32: no I, L, O or U, so codes read aloud without doubt.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters of a generated code (5 bits each).
pub const CODE_CHARS: usize = 10;
/// The fewest characters a chosen code may have: 8 (40 bits).
pub const MIN_CODE_CHARS: usize = 8;
/// The most characters a code may have.
pub const MAX_CODE_CHARS: usize = 16;

/// Random bytes from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // Without OS randomness there is no safe code or token to make; every
    // platform Starhop runs on has it.
    getrandom::fill(&mut bytes).expect("the operating system's random numbers");
    bytes
}

/// A random 64-bit number from the operating system (game seeds).
pub fn random_u64() -> u64 {
    u64::from_le_bytes(random_bytes())
}

/// A room code, kept in its normal form (upper case, no dashes).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RoomCode(String);

impl RoomCode {
    /// A new random code of `CODE_CHARS` characters.
    pub fn random() -> RoomCode {
        let bytes: [u8; CODE_CHARS] = random_bytes();
        RoomCode(
            bytes
                .iter()
                .map(|b| ALPHABET[(b & 31) as usize] as char)
                .collect(),
        )
    }

    /// A code as typed: case, spaces and dashes do not matter, and the
    /// letters people confuse with digits (O, I, L) read as those digits.
    /// `None` unless it has `MIN_CODE_CHARS` to `MAX_CODE_CHARS` characters of
    /// the alphabet.
    pub fn parse(typed: &str) -> Option<RoomCode> {
        let mut code = String::new();
        for c in typed.chars() {
            let c = match c.to_ascii_uppercase() {
                '-' | ' ' => continue,
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) {
                return None;
            }
            code.push(c);
            if code.len() > MAX_CODE_CHARS {
                return None;
            }
        }
        (code.len() >= MIN_CODE_CHARS).then_some(RoomCode(code))
    }

    /// Whether a typed code is this one. Every character is compared, so the
    /// time taken says nothing about how much of a guess was right.
    pub fn matches(&self, typed: &str) -> bool {
        let Some(other) = RoomCode::parse(typed) else {
            return false;
        };
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        let mut diff = a.len() ^ b.len();
        for (i, x) in a.iter().enumerate() {
            diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
        }
        diff == 0
    }

    /// The code in its normal form (no dashes).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomCode {
    /// In groups of five, for reading aloud.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.chars().enumerate() {
            if i > 0 && i % 5 == 0 {
                f.write_str("-")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomCode({self})")
    }
}

/// A new seat token: 128 random bits in hex.
pub fn new_token() -> String {
    let bytes: [u8; 16] = random_bytes();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares two tokens in time independent of where they differ.
pub fn same_token(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_codes_parse_back_and_differ() {
        let a = RoomCode::random();
        let b = RoomCode::random();
        assert_ne!(a, b, "50 random bits twice alike");
        assert_eq!(a.as_str().len(), CODE_CHARS);
        let shown = a.to_string();
        assert_eq!(shown.len(), CODE_CHARS + 1, "{shown}");
        assert_eq!(RoomCode::parse(&shown.to_lowercase()), Some(a.clone()));
        assert!(a.matches(&shown));
        assert!(!a.matches(b.as_str()));
    }

    #[test]
    fn typed_codes_are_normalised_and_weak_ones_refused() {
        let c = RoomCode::parse("abcd-efgh-oil").unwrap();
        assert_eq!(c.as_str(), "ABCDEFGH011");
        assert!(c.matches("ABCDEFGH 0 1 1"));
        assert!(!c.matches("ABCDEFGH01"), "a prefix is not the code");
        assert_eq!(RoomCode::parse("ABC"), None, "too short to be safe");
        assert_eq!(
            RoomCode::parse("ABCDEFGHU"),
            None,
            "U is not in the alphabet"
        );
        assert_eq!(RoomCode::parse(&"A".repeat(17)), None);
        assert_eq!(RoomCode::parse("ÄBCDEFGH"), None);
    }

    #[test]
    fn tokens_are_long_random_and_compared_exactly() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token());
        assert!(same_token(&t, &t.clone()));
        assert!(!same_token(&t, &t[..31]));
        assert!(!same_token(&t, &new_token()));
    }
}

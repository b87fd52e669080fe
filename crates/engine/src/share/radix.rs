//! A mixed-radix number (each digit in the radix of what was left to choose from), as
//! bytes and as base64url text.

use super::{Damage, LinkError};

/// A mixed-radix number being written: (digit, radix) pairs, least significant first.
#[derive(Default)]
pub(super) struct Digits {
    pub(super) values: Vec<(u64, u64)>,
}

impl Digits {
    /// Appends a digit; radices go up to 2^32.
    pub(super) fn push(&mut self, digit: u64, radix: u64) {
        debug_assert!(digit < radix.max(1));
        self.values.push((digit, radix));
    }

    /// The number as little-endian bytes, without trailing zero bytes.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        // Horner from the most significant digit: n = n * radix + digit.
        let mut n: Vec<u32> = Vec::new();
        for &(digit, radix) in self.values.iter().rev() {
            let mut carry = u128::from(digit);
            for limb in n.iter_mut() {
                let v = u128::from(*limb) * u128::from(radix) + carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            while carry > 0 {
                n.push(carry as u32);
                carry >>= 32;
            }
        }
        let mut bytes: Vec<u8> = n.iter().flat_map(|l| l.to_le_bytes()).collect();
        while bytes.last() == Some(&0) {
            bytes.pop();
        }
        bytes
    }
}

/// Reads digits back off a number, least significant first.
pub(super) struct Reader {
    limbs: Vec<u32>,
    pub(super) values: Vec<(u64, u64)>,
}

impl Reader {
    pub(super) fn new(bytes: &[u8]) -> Reader {
        let limbs = bytes
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect();
        Reader {
            limbs,
            values: Vec::new(),
        }
    }

    /// The next digit in `radix` (divides the number by the radix).
    pub(super) fn take(&mut self, radix: u64) -> Result<u64, LinkError> {
        if radix == 0 {
            return Err(LinkError::Damaged(Damage::Value));
        }
        // Radices go up to 2^32 (as written), so a remainder fits 32 bits and a limb step
        // divides a u64: the u128 division it was is a library call, and was most of a
        // token's read.
        debug_assert!(radix <= 1 << 32);
        let mut remainder = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let v = (remainder << 32) | u64::from(*limb);
            *limb = (v / radix) as u32;
            remainder = v % radix;
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self.values.push((remainder, radix));
        Ok(remainder)
    }

    pub(super) fn is_spent(&self) -> bool {
        self.limbs.is_empty()
    }
}

pub(super) const ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub(super) fn base64url(bytes: &[u8]) -> String {
    // Six bits a character, little-endian, no padding.
    let mut out = String::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for &b in bytes {
        acc |= u32::from(b) << bits;
        bits += 8;
        while bits >= 6 {
            out.push(ALPHABET[(acc & 63) as usize] as char);
            acc >>= 6;
            bits -= 6;
        }
    }
    if bits > 0 {
        out.push(ALPHABET[(acc & 63) as usize] as char);
    }
    out
}

pub(super) fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc |= v << bits;
        bits += 6;
        if bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    Some(out)
}

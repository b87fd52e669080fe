//! Decimal text for floats without the standard library's float formatting: `{:.1}` and
//! `{}` of an `f64` pull core's float-to-decimal machinery (Grisu, Dragon and their tables,
//! several kilobytes gzip) into the page's wasm, and the app only ever needs a few decimals
//! of coordinates, sizes and scores.
//!
//! [`Fixed`] writes exactly what `format!("{:.N}", value)` writes: the value's exact binary
//! expansion rounded to `N` decimals, a tie to the even digit, the sign of a negative value
//! (zero included) kept. [`Short`] is `{}` for the values pictures use: it writes the fewest
//! decimals up to six that the value rounds to, so it equals `{}` whenever the value's
//! shortest decimal form has at most six decimals and the value is below a billion (every
//! hand-written size, and sums and products of them that land on such a decimal). Float
//! noise it rounds away where `{}` spelt it out: an icon's stroke of 1.4 drawn at 0.8 was
//! `stroke-width="1.1199999999999999"` in the SVG and is now `"1.12"` (the only changes in
//! the pictures of every layout; coordinates were `{:.1}` already and are unchanged).

use std::fmt;

/// `value` with `decimals` decimals (at most 17), as `{:.decimals}` writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed(pub f64, pub u8);

/// `value` with at most six decimals and no trailing zeros (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Short(pub f64);

/// The most decimals [`Short`] writes.
const SHORT_DECIMALS: u8 = 6;

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.0, self.1, false)
    }
}

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_decimal(f, self.0, SHORT_DECIMALS, true)
    }
}

fn write_decimal(f: &mut fmt::Formatter<'_>, value: f64, decimals: u8, trim: bool) -> fmt::Result {
    if value.is_nan() {
        return f.pad("NaN");
    }
    let negative = value.is_sign_negative();
    if value.is_infinite() {
        return f.pad(if negative { "-inf" } else { "inf" });
    }
    let decimals = usize::from(decimals.min(17));
    let mut digits = scaled_digits(value.abs(), decimals);
    // At least one digit before the point.
    while digits.len() <= decimals {
        digits.insert(0, b'0');
    }
    let point = digits.len() - decimals;
    let mut text = String::with_capacity(digits.len() + 2);
    if negative {
        text.push('-');
    }
    text.extend(digits[..point].iter().map(|&d| char::from(d)));
    let mut fraction = &digits[point..];
    if trim {
        while let [rest @ .., b'0'] = fraction {
            fraction = rest;
        }
    }
    if !fraction.is_empty() {
        text.push('.');
        text.extend(fraction.iter().map(|&d| char::from(d)));
    }
    f.pad(&text)
}

/// The decimal digits of `value * 10^decimals` rounded to an integer, a tie to even,
/// computed exactly from the float's bits: `value` is `mantissa * 2^exponent`.
fn scaled_digits(value: f64, decimals: usize) -> Vec<u8> {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, exponent) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    // Below 2^53 * 10^17 < 2^110, so it fits with room to spare.
    let scaled = u128::from(mantissa) * 10u128.pow(decimals as u32);
    if exponent >= 0 {
        // An integer: no rounding, only doubling.
        let shift = exponent as u32;
        if shift <= scaled.leading_zeros() {
            return decimal(scaled << shift);
        }
        let mut digits = decimal(scaled);
        for _ in 0..shift {
            double(&mut digits);
        }
        return digits;
    }
    let shift = exponent.unsigned_abs();
    if shift >= 128 {
        // Less than half a unit in the last place: 2^110 is far below 2^(shift - 1).
        return vec![b'0'];
    }
    let whole = scaled >> shift;
    let rest = scaled & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = rest > half || (rest == half && whole % 2 == 1);
    decimal(whole + u128::from(up))
}

fn decimal(mut n: u128) -> Vec<u8> {
    let mut digits = Vec::with_capacity(40);
    loop {
        digits.push(b'0' + (n % 10) as u8);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    digits
}

/// Doubles a number written as decimal digits, most significant first.
fn double(digits: &mut Vec<u8>) {
    let mut carry = 0;
    for digit in digits.iter_mut().rev() {
        let twice = (*digit - b'0') * 2 + carry;
        *digit = b'0' + twice % 10;
        carry = twice / 10;
    }
    if carry > 0 {
        digits.insert(0, b'0' + carry);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn same_as_std(value: f64) {
        for decimals in 0..=17u8 {
            let d = usize::from(decimals);
            assert_eq!(
                Fixed(value, decimals).to_string(),
                format!("{value:.d$}"),
                "{value:e} to {decimals} decimals"
            );
        }
    }

    #[test]
    fn special_values_ties_and_extremes_match_std() {
        for value in [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.125,
            0.375,
            0.25,
            0.05,
            0.15,
            0.35,
            -0.01,
            -0.04,
            9.95,
            99.95,
            999.5,
            0.999_999_999_999_999_9,
            f64::MIN_POSITIVE,
            5e-324,
            -5e-324,
            1e-300,
            1e15,
            4_503_599_627_370_495.5,
            9_007_199_254_740_993.0,
            1e23,
            -1.7e308,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            same_as_std(value);
        }
        assert_eq!(
            Fixed(0.125, 2).to_string(),
            "0.12",
            "a tie goes to the even digit"
        );
        assert_eq!(Fixed(-0.01, 1).to_string(), "-0.0");
        assert_eq!(format!("[{:>7}]", Fixed(12.345, 1)), "[   12.3]");
    }

    #[test]
    fn short_is_display_for_values_of_up_to_six_decimals() {
        for k in -20_000i64..=20_000 {
            for scale in [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6] {
                let value = k as f64 / scale;
                assert_eq!(Short(value).to_string(), value.to_string(), "{k}/{scale}");
            }
        }
        for value in [0.0, -0.0, 1e6, -123_456.75, 2.0 * 0.7, 1e15] {
            assert_eq!(Short(value).to_string(), value.to_string());
        }
        // Where they differ: float noise past the sixth decimal is rounded away.
        assert_eq!((1.6f64 * 1.5).to_string(), "2.4000000000000004");
        assert_eq!(Short(1.6 * 1.5).to_string(), "2.4");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        #[test]
        fn any_float_is_written_as_std_writes_it(bits in any::<u64>()) {
            same_as_std(f64::from_bits(bits));
        }

        #[test]
        fn picture_sized_floats_are_written_as_std_writes_them(value in -5000.0..5000.0f64) {
            same_as_std(value);
            // Values halfway between two outputs, the ones float rounding makes hard.
            for decimals in 0..=3u8 {
                let step = 10f64.powi(i32::from(decimals));
                let tie = ((value * step).floor() + 0.5) / step;
                let d = usize::from(decimals);
                prop_assert_eq!(Fixed(tie, decimals).to_string(), format!("{tie:.d$}"));
            }
        }
    }
}

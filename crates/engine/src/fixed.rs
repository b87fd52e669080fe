//! Decimal text for floats in pictures, scores and the page: [`Fixed`] is `{:.N}` and
//! [`Short`] is `{}` without float noise. Both write through the standard library's float
//! formatting, which the page's wasm links anyway (serde and serde-wasm-bindgen bring it in).
//! Measured: the hand-written formatter this module held to keep it out saved nothing; the
//! page's wasm was 658 B gzip smaller without it (282,749 -> 282,091 B; docs/download.md,
//! "What keeps the module small"). The wrappers stay so that the call sites stay as they
//! were.
//!
//! [`Short`] writes the fewest decimals up to six that the value rounds to, so it equals `{}`
//! whenever the value's shortest decimal form has at most six decimals (every hand-written
//! size, and sums and products of them that land on such a decimal). Float noise it rounds
//! away where `{}` spells it out: an icon's stroke of 1.4 drawn at 0.8 would be
//! `stroke-width="1.1199999999999999"` in the SVG, and is `"1.12"`.

use std::fmt;

/// `value` with `decimals` decimals, as `{:.decimals}` writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed(pub f64, pub u8);

/// `value` with at most six decimals and no trailing zeros (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Short(pub f64);

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{:.*}", usize::from(self.1), self.0))
    }
}

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.6}", self.0);
        let short = match text.contains('.') {
            true => text.trim_end_matches('0').trim_end_matches('.'),
            false => &text,
        };
        f.pad(short)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_is_std_with_the_formatters_width() {
        assert_eq!(Fixed(0.125, 2).to_string(), "0.12");
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
        for (value, text) in [
            (f64::NAN, "NaN"),
            (f64::INFINITY, "inf"),
            (-0.0000001, "-0"),
        ] {
            assert_eq!(Short(value).to_string(), text);
        }
        // Where they differ: float noise past the sixth decimal is rounded away.
        assert_eq!((1.6f64 * 1.5).to_string(), "2.4000000000000004");
        assert_eq!(Short(1.6 * 1.5).to_string(), "2.4");
    }
}

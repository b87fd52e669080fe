//! The little JSON the page reads and writes itself (its kept boards), so the page's wasm
//! carries neither serde_json nor a float parser: a reader into a plain tree and a string
//! writer that escapes exactly as serde_json does. Numbers are kept as their text, checked
//! against JSON's grammar; only whole numbers are ever converted (see [`Value::whole`]).
//! It accepts and refuses what serde_json does (property-tested against it), except a
//! number past an `f64`'s range such as `1e999`, which serde_json refuses and this reads
//! (as text it never converts). The command line keeps serde_json.

/// Deeper nesting is refused rather than risk the stack (serde_json's limit too).
const MAX_DEPTH: usize = 128;

/// A JSON value. An object keeps its fields in order, repeated keys included.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number, as written (valid JSON, not converted).
    Number(String),
    Text(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The number, if this is a whole number (digits only, no sign, fraction or exponent)
    /// that fits a `u64`.
    pub fn whole(&self) -> Option<u64> {
        match self {
            Value::Number(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits.parse().ok()
            }
            _ => None,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    /// What kind of value this is, in words, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "true or false",
            Value::Number(_) => "a number",
            Value::Text(_) => "text",
            Value::Array(_) => "a list",
            Value::Object(_) => "an object",
        }
    }
}

/// Reads one JSON value filling `text` (whitespace around it allowed), or says what is
/// wrong and where ("expected ':' at line 1 column 9").
pub fn parse(text: &str) -> Result<Value, String> {
    let mut reader = Reader { text, at: 0 };
    let value = reader.value(0)?;
    reader.space();
    if reader.at < text.len() {
        return Err(reader.error("unexpected text after the end"));
    }
    Ok(value)
}

struct Reader<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        let before = &self.text[..self.at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{what} at line {line} column {column}")
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` after any whitespace, or says it was expected.
    fn expect(&mut self, byte: u8, what: &str) -> Result<(), String> {
        self.space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected {what}")))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Value::Text),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(_) => Err(self.error("expected a value")),
            None => Err(self.error("the text ends where a value should be")),
        }
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, String> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("expected a value"))
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut fields = Vec::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(fields));
        }
        loop {
            self.space();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a field name in quotes"));
            }
            let key = self.string()?;
            self.expect(b':', "':'")?;
            fields.push((key, self.value(depth + 1)?));
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(fields));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        let digits = |reader: &mut Reader| {
            let from = reader.at;
            while matches!(reader.peek(), Some(b'0'..=b'9')) {
                reader.at += 1;
            }
            reader.at - from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let leading_zero = self.peek() == Some(b'0');
        let whole = digits(self);
        if whole == 0 || (leading_zero && whole > 1) {
            return Err(self.error("invalid number"));
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        Ok(Value::Number(self.text[start..self.at].to_string()))
    }

    /// A string, its opening quote next.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = &self.text[self.at..];
            let plain = rest
                .find(|c: char| c == '"' || c == '\\' || c < ' ')
                .ok_or_else(|| self.error("the text ends inside a string"))?;
            out.push_str(&rest[..plain]);
            self.at += plain;
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                _ => return Err(self.error("a control character inside a string")),
            }
        }
    }

    /// The character an escape stands for, the backslash taken already.
    fn escape(&mut self) -> Result<char, String> {
        let Some(byte) = self.peek() else {
            return Err(self.error("the text ends inside a string"));
        };
        self.at += 1;
        Ok(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = self.hex4()?;
                match first {
                    0xD800..=0xDBFF => {
                        if !self.text[self.at..].starts_with("\\u") {
                            return Err(self.error("a lone leading surrogate in a \\u escape"));
                        }
                        self.at += 2;
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(self.error("a lone leading surrogate in a \\u escape"));
                        }
                        let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                        char::from_u32(code).expect("a surrogate pair is a character")
                    }
                    0xDC00..=0xDFFF => {
                        return Err(self.error("a lone trailing surrogate in a \\u escape"))
                    }
                    code => char::from_u32(code).expect("not a surrogate"),
                }
            }
            _ => {
                self.at -= 1;
                return Err(self.error("an invalid escape"));
            }
        })
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).unwrap_or("");
        if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error("a \\u escape without four hex digits"));
        }
        self.at += 4;
        Ok(u32::from_str_radix(digits, 16).expect("four hex digits"))
    }
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it: `"` and `\`, the
/// short escapes for backspace, form feed, line feed, carriage return and tab, `\u00XX` for
/// other control characters; everything else as it is.
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[(c as usize) >> 4]));
                out.push(char::from(HEX[(c as usize) & 0xf]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// serde_json's own tree, converted, as the reference.
    fn reference(value: &serde_json::Value) -> Value {
        match value {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Number(n.to_string()),
            serde_json::Value::String(s) => Value::Text(s.clone()),
            serde_json::Value::Array(items) => Value::Array(items.iter().map(reference).collect()),
            serde_json::Value::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (k.clone(), reference(v)))
                    .collect(),
            ),
        }
    }

    #[test]
    fn strings_numbers_and_nesting_read_as_serde_json_reads_them() {
        // Keys in order: serde_json's own tree sorts them.
        let text = r#" { "a" : [1, 0, 18446744073709551615, true, false, null, {}, []],
            "b": {"c": [[{"d": "x"}]]}, "s": "q\"b\\s\/l\b\f\n\r\t\u00e9\u263A\uD83D\uDE00 é ☺ 😀" } "#;
        let ours = parse(text).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, reference(&theirs));
        let Value::Object(fields) = &ours else {
            panic!("{ours:?}")
        };
        assert_eq!(
            fields[0].1,
            Value::Array(vec![
                Value::Number("1".into()),
                Value::Number("0".into()),
                Value::Number("18446744073709551615".into()),
                Value::Bool(true),
                Value::Bool(false),
                Value::Null,
                Value::Object(Vec::new()),
                Value::Array(Vec::new()),
            ])
        );
        assert_eq!(
            fields[2].1.text(),
            Some("q\"b\\s/l\u{8}\u{c}\n\r\té☺😀 é ☺ 😀")
        );
        // Numbers are checked, never converted unless whole.
        let numbers = parse("[-0, 1.5, -2e-3, 1E+9, 0.0]").unwrap();
        let Value::Array(numbers) = numbers else {
            panic!()
        };
        assert!(numbers
            .iter()
            .all(|n| n.whole().is_none() && n.kind() == "a number"));
        assert_eq!(
            parse("18446744073709551615").unwrap().whole(),
            Some(u64::MAX)
        );
        assert_eq!(parse("18446744073709551616").unwrap().whole(), None);
        assert_eq!(parse("[\"a\"]").unwrap().whole(), None);
    }

    #[test]
    fn malformed_json_is_refused_with_where() {
        for (text, why) in [
            (
                "",
                "the text ends where a value should be at line 1 column 1",
            ),
            (
                "{not json",
                "expected a field name in quotes at line 1 column 2",
            ),
            ("{\"a\" 1}", "expected ':' at line 1 column 6"),
            (
                "{\"a\":1,}",
                "expected a field name in quotes at line 1 column 8",
            ),
            ("[1,]", "expected a value at line 1 column 4"),
            ("[1 2]", "expected ',' or ']' at line 1 column 4"),
            (
                "{\"a\":1\n\"b\":2}",
                "expected ',' or '}' at line 2 column 1",
            ),
            ("01", "invalid number at line 1 column 3"),
            ("1.", "invalid number at line 1 column 3"),
            ("-", "invalid number at line 1 column 2"),
            ("1e", "invalid number at line 1 column 3"),
            ("+1", "expected a value at line 1 column 1"),
            ("tru", "expected a value at line 1 column 1"),
            ("\"abc", "the text ends inside a string at line 1 column 2"),
            (
                "\"a\nb\"",
                "a control character inside a string at line 1 column 3",
            ),
            ("\"\\x\"", "an invalid escape at line 1 column 3"),
            (
                "\"\\u12\"",
                "a \\u escape without four hex digits at line 1 column 4",
            ),
            (
                "\"\\uD83D\"",
                "a lone leading surrogate in a \\u escape at line 1 column 8",
            ),
            ("\"\\uD83D\\u0041\"", "a lone leading surrogate"),
            ("\"\\uDE00\"", "a lone trailing surrogate"),
            ("{} {}", "unexpected text after the end at line 1 column 4"),
            (
                "\"é\" x",
                "unexpected text after the end at line 1 column 5",
            ),
        ] {
            assert_eq!(
                parse(text).unwrap_err().get(..why.len()),
                Some(why),
                "{text:?}"
            );
            assert!(
                serde_json::from_str::<serde_json::Value>(text).is_err(),
                "{text:?}"
            );
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        assert!(parse(&deep).unwrap_err().starts_with("nested too deeply"));
        let fine = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&fine).is_ok());
    }

    /// Any JSON serde_json writes: nested values with strings of any characters.
    fn any_json() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<u64>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>()
                .prop_filter("JSON has no NaN or infinity", |f| f.is_finite())
                .prop_map(serde_json::Value::from),
            any::<String>().prop_map(serde_json::Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                prop::collection::vec((any::<String>(), inner), 0..6)
                    .prop_map(|fields| serde_json::Value::Object(fields.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn what_serde_json_writes_reads_back_the_same(value in any_json(), pretty in any::<bool>()) {
            let text = if pretty {
                serde_json::to_string_pretty(&value).unwrap()
            } else {
                serde_json::to_string(&value).unwrap()
            };
            prop_assert_eq!(parse(&text).unwrap(), reference(&value));
        }

        #[test]
        fn strings_are_written_as_serde_json_writes_them(text in any::<String>()) {
            let mut ours = String::new();
            write_string(&mut ours, &text);
            prop_assert_eq!(&ours, &serde_json::to_string(&text).unwrap());
            prop_assert_eq!(parse(&ours).unwrap(), Value::Text(text));
        }

        #[test]
        fn any_text_is_read_or_refused_as_serde_json_does_without_a_panic(text in ".{0,40}") {
            let ours = parse(&text);
            let theirs = serde_json::from_str::<serde_json::Value>(&text);
            prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?} {:?}", ours, theirs);
        }

        #[test]
        fn json_like_text_is_read_or_refused_as_serde_json_does(
            text in r#"[\[\]{}",:0-9.eE+\- \\ntrufalsu"a-fA-FD]{0,24}"#
        ) {
            let ours = parse(&text);
            let theirs = serde_json::from_str::<serde_json::Value>(&text);
            // The one difference: serde_json refuses a number past f64's range (1e999);
            // this reader never converts such a number, so it has no range to pass.
            prop_assume!(!theirs.as_ref().is_err_and(|e| e.to_string().contains("out of range")));
            prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?} {:?}", ours, theirs);
        }
    }
}

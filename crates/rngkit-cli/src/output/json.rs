//! `--format json`: a small JSON value that keeps its keys in the order
//! they were added (the documents read as the schema lists them) and its
//! numbers as exact digits (a 128-bit distance or a 64-bit seed is never
//! rounded through a float), with the document header and the error object
//! every command shares. The schema is `docs/cli-json.schema.json`
//! (version [`SCHEMA`]).

use std::fmt::{self, Display, Write as _};

/// The version of the JSON documents: `"schema": 1` in each. Raised when a
/// field changes meaning or goes away (adding a field does not raise it).
pub const SCHEMA: u32 = 1;

/// A JSON value.
#[derive(Clone, Debug)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number, as its exact JSON text.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    /// An object, in insertion order.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// An integer (any size: its decimal digits).
    pub fn int(n: impl Display) -> Json {
        Json::Num(n.to_string())
    }

    /// A string.
    pub fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// A float: its shortest round-trip decimal, or a string for the
    /// values JSON has no number for (`"inf"`, `"NaN"`).
    pub fn float(x: f64, text: String) -> Json {
        if x.is_finite() {
            Json::Num(text)
        } else {
            Json::Str(text)
        }
    }

    /// An empty object.
    pub fn obj() -> Json {
        Json::Obj(Vec::new())
    }

    /// Adds `key` to an object (builder style).
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Into<Json>) -> Json {
        self.set(key, value);
        self
    }

    /// Adds `key` to an object, replacing a value already there.
    pub fn set(&mut self, key: &str, value: impl Into<Json>) {
        let Json::Obj(fields) = self else {
            unreachable!("set is called on objects only")
        };
        let value = value.into();
        match fields.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => fields.push((key.to_string(), value)),
        }
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<String> for Json {
    fn from(s: String) -> Json {
        Json::Str(s)
    }
}

impl From<Vec<Json>> for Json {
    fn from(v: Vec<Json>) -> Json {
        Json::Arr(v)
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        v.map_or(Json::Null, Into::into)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Json {
            fn from(n: $t) -> Json {
                Json::int(n)
            }
        }
    )*};
}
from_int!(u8, u32, u64, u128, usize, i32, i64);

impl Display for Json {
    /// Compact JSON on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Num(n) => f.write_str(n),
            Json::Str(s) => write_str(f, s),
            Json::Arr(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_char(']')
            }
            Json::Obj(fields) => {
                f.write_char('{')?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_str(f, key)?;
                    write!(f, ":{value}")?;
                }
                f.write_char('}')
            }
        }
    }
}

/// A JSON string literal (RFC 8259 escapes).
fn write_str(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

/// The head every document and summary line starts with: the schema
/// version, the command, what the exit status means and the status itself.
pub fn document(command: &str, status: &str, exit: u8) -> Json {
    Json::obj()
        .with("schema", SCHEMA)
        .with("command", command)
        .with("status", status)
        .with("exit", exit)
}

/// The error object `--format json` writes to stderr instead of the
/// `error:` line: `{"schema":1,"error":"...","exit":N}`.
pub fn error(message: &str, exit: u8) -> Json {
    Json::obj()
        .with("schema", SCHEMA)
        .with("error", message)
        .with("exit", exit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_keep_their_order_and_strings_are_escaped() {
        let doc = document("gen", "ok", 0)
            .with("text", "a\"b\\c\nd\u{1}")
            .with("big", u128::MAX)
            .with("none", Option::<u64>::None)
            .with("list", vec![Json::Bool(true), Json::int(-3)]);
        assert_eq!(
            doc.to_string(),
            r#"{"schema":1,"command":"gen","status":"ok","exit":0,"text":"a\"b\\c\nd\u0001","big":340282366920938463463374607431768211455,"none":null,"list":[true,-3]}"#
        );
    }

    #[test]
    fn set_replaces_a_key() {
        let mut doc = Json::obj().with("a", 1u32);
        doc.set("a", 2u32);
        assert_eq!(doc.to_string(), r#"{"a":2}"#);
    }
}

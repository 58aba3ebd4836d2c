//! A GEN's state as text: the one reader and writer that every front end
//! (the command line, the Python package, the web page) uses, so that what
//! one prints the others accept and they refuse the same input in the same
//! words.
//!
//! Three forms are read, tried in this order:
//!
//! 1. the JSON object `{"gen": "NAME", "words": ["HEX", ...]}` that
//!    [`Engine::state_json`] writes for a GEN without a JSON form of its own;
//! 2. a GEN's own text form ([`Gen::parse_state`](crate::registry::Gen::parse_state):
//!    Unity's `JsonUtility.ToJson(Random.state)`, BDSP's seed pair);
//! 3. hex words, as [`Engine::format_words`] prints them: zero-padded to the
//!    word width, or `0x`-prefixed at any length; a bare word of two or more
//!    decimal digits shorter than the width is refused as ambiguous (`12`:
//!    twelve or eighteen?), and a word that can only be decimal (too long for
//!    a hex word of the width) is refused with its hex form shown.
//!
//! ```
//! use rngkit::registry::{DynGen, Seed, of};
//! use rngkit::runtimes::glibc::GlibcGen;
//! use rngkit::engines::unity::UnityGen;
//! use rngkit::state_text::WordForm;
//!
//! let unity: &dyn DynGen = of::<UnityGen>();
//! let rng = unity.parse_state_text("0 1 6c078966 714acb3f", WordForm::Typed).unwrap();
//! assert_eq!(rng.format_words(), "00000000 00000001 6c078966 714acb3f");
//! // Unity's own JSON form round-trips.
//! let json = rng.state_json();
//! assert_eq!(json, r#"{"s0":0,"s1":1,"s2":1812433254,"s3":1900727103}"#);
//! assert_eq!(unity.parse_state_text(&json, WordForm::Typed).unwrap(), rng);
//! // A decimal word (as a program printing the words in decimal gives it)
//! // is refused with its hex form, not misread.
//! let err = unity.parse_state_text("3150331535 1 2 3", WordForm::Typed).unwrap_err();
//! assert!(err.contains("0xbbc63e8f"), "{err}");
//! // The generic JSON form, for a GEN without one of its own.
//! let glibc: &dyn DynGen = of::<GlibcGen>();
//! let rng = glibc.seed(&Seed::from(1), &Default::default()).unwrap();
//! assert_eq!(glibc.parse_state_text(&rng.state_json(), WordForm::Typed).unwrap(), rng);
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::StateError;
use crate::registry::{DynGen, Engine};

/// How strictly hex words are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordForm {
    /// Typed by a person (`--state`, a Python string, the page's field):
    /// `0x` words of any length; bare words zero-padded to the width, or
    /// single digits.
    Typed,
    /// A state file: exactly what [`Engine::format_words`] prints, every word
    /// zero-padded to the width and no word missing.
    File,
}

/// At most this many characters of user text are quoted in a message.
const QUOTED: usize = 24;

/// `text` cut to [`QUOTED`] characters (with `...` when cut), control
/// characters escaped so a message stays one line.
fn quoted(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(QUOTED)
        .flat_map(char::escape_default)
        .collect();
    if text.chars().count() > QUOTED {
        out.push_str("...");
    }
    out
}

impl dyn DynGen + '_ {
    /// Reads a state of this GEN from text in any of the forms of this
    /// module. The error is one line saying what is wrong and what would be
    /// right.
    ///
    /// # Errors
    /// A message for text in none of the forms, a word that does not fit,
    /// or words the generator rejects (see `state_error_message`).
    pub fn parse_state_text(&self, text: &str, form: WordForm) -> Result<Engine, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim();
        if let Some(words) = parse_generic_json(self, text) {
            let words = words?;
            return self
                .from_words(&words)
                .map_err(|e| self.state_error_message(&e));
        }
        if let Some(result) = self.parse_state(text) {
            return result;
        }
        let words = self.parse_state_words(text, form)?;
        self.from_words(&words)
            .map_err(|e| self.state_error_message(&e))
    }

    /// Reads hex state words (the third form), without checking them
    /// against the generator.
    ///
    /// # Errors
    /// As `parse_state_text`.
    pub fn parse_state_words(&self, text: &str, form: WordForm) -> Result<Vec<u64>, String> {
        let name = self.name();
        let width = (self.word_bits() / 4) as usize;
        let count = self.word_count();
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return Err(format!(
                "the state is empty (found 0 words); give {count} hex words of {width} digits (what `rngkit state {name}` prints)"
            ));
        }
        let example = format!("{:0width$x}", 0x12);
        let mut out = Vec::with_capacity(words.len());
        for (i, &word) in words.iter().enumerate() {
            let w = quoted(word);
            let (digits, prefixed) =
                match word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
                    Some(d) => (d, true),
                    None => (word, false),
                };
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(format!(
                    "state word {i} `{w}` is not hex (state words are {width}-digit hex words, as `rngkit state` prints them)"
                ));
            }
            let significant = digits.trim_start_matches('0');
            if significant.len() > width {
                // A word of decimal digits alone that fits the width as a
                // decimal number was most likely printed in decimal.
                let as_decimal = (!prefixed && digits.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| digits.parse::<u64>().ok())
                    .flatten()
                    .filter(|&v| self.word_bits() == 64 || v <= u64::from(u32::MAX));
                return Err(match as_decimal {
                    Some(v) => format!(
                        "state word {i} `{w}` does not fit in {} bits as hex (at most {width} digits); if it is decimal, its hex form is 0x{v:0width$x} (state words are hex, as `rngkit state` prints them)",
                        self.word_bits()
                    ),
                    None => format!(
                        "state word {i} `{w}` does not fit in {} bits (at most {width} digits)",
                        self.word_bits()
                    ),
                });
            }
            match form {
                WordForm::File if prefixed || digits.len() != width => {
                    return Err(format!(
                        "state word {i} `{w}` is not {width} hex digits: a state file holds exactly what `rngkit state {name}` prints ({count} words of {width} digits); is the file cut off?"
                    ));
                }
                WordForm::Typed
                    if !prefixed
                        && digits.len() < width
                        && digits.len() > 1
                        && digits.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    return Err(format!(
                        "state word {i} `{w}` could be decimal or hex: state words are hex, so write `0x{w}` or zero-pad it to {width} digits (`{example}` is 0x12)"
                    ));
                }
                _ => {}
            }
            out.push(if significant.is_empty() {
                0
            } else {
                u64::from_str_radix(significant, 16).map_err(|_| {
                    format!(
                        "state word {i} `{w}` is not hex (state words are {width}-digit hex words)"
                    )
                })?
            });
        }
        if out.len() != count && form == WordForm::File {
            return Err(format!(
                "the state file holds {} words; {name} takes {count} (is it cut off?)",
                out.len()
            ));
        }
        Ok(out)
    }

    /// A [`StateError`] as a message naming this GEN (`bdsp`, not the
    /// `xorshift128` generator underneath), the same in every front end:
    /// [`StateError::naming`] where the GEN's state is another generator's,
    /// the error's own words where the GEN is that generator.
    ///
    /// ```
    /// use rngkit::registry::{DynGen, of};
    /// use rngkit::engines::bdsp::BdspGen;
    /// use rngkit::generators::Xorshift128;
    /// let bdsp: &dyn DynGen = of::<BdspGen>();
    /// let err = bdsp.from_words(&[0, 0, 0, 0]).unwrap_err();
    /// assert_eq!(
    ///     bdsp.state_error_message(&err),
    ///     "bdsp state is all zero, which the generator can never leave"
    /// );
    /// let xorshift: &dyn DynGen = of::<Xorshift128>();
    /// assert_eq!(xorshift.state_error_message(&err), err.to_string());
    /// ```
    pub fn state_error_message(&self, e: &StateError) -> String {
        if self.rng_name() == self.name() {
            e.to_string()
        } else {
            e.naming(self.name()).to_string()
        }
    }
}

impl Engine {
    /// The state as JSON: the GEN's own JSON form where it has one (Unity's
    /// `JsonUtility.ToJson(Random.state)` for `unity`, `bdsp`,
    /// `xorshift128`), else `{"gen":"NAME","words":["HEX",...]}` with the
    /// words as [`format_words`](Self::format_words) prints them. Every form
    /// is read back by `parse_state_text` (on `dyn DynGen`, in [`crate::state_text`]).
    ///
    /// ```
    /// use rngkit::registry::{DynGen, Seed, of};
    /// use rngkit::runtimes::glibc::GlibcGen;
    /// let glibc: &dyn DynGen = of::<GlibcGen>();
    /// let json = glibc.seed(&Seed::from(1), &Default::default()).unwrap().state_json();
    /// assert!(json.starts_with(r#"{"gen":"glibc","words":[""#));
    /// ```
    pub fn state_json(&self) -> String {
        if let Some(json) = self.spec().format_state_json(self) {
            return json;
        }
        let width = (self.spec().word_bits() / 4) as usize;
        let words: Vec<String> = self
            .words()
            .iter()
            .map(|w| format!("\"{w:0width$x}\""))
            .collect();
        format!(
            "{{\"gen\":\"{}\",\"words\":[{}]}}",
            self.spec().name(),
            words.join(",")
        )
    }
}

/// The generic JSON form, when `text` is a JSON object with a `"gen"` key:
/// its words, or what is wrong with it. `None` when `text` is not in that
/// form (another form may read it).
fn parse_generic_json(spec: &dyn DynGen, text: &str) -> Option<Result<Vec<u64>, String>> {
    let body = text.strip_prefix('{')?.strip_suffix('}')?;
    if !body.contains("\"gen\"") {
        return None;
    }
    let name = spec.name();
    let form = format!(r#"the JSON state form is {{"gen":"{name}","words":["HEX",...]}}"#);
    let (mut named, mut words) = (None, None);
    let mut rest = body.trim();
    while !rest.is_empty() {
        let Some(after_key) = rest.strip_prefix('"') else {
            return Some(Err(format!(
                "the JSON state has `{}` where a key was expected; {form}",
                quoted(rest)
            )));
        };
        let Some((key, after)) = after_key.split_once('"') else {
            return Some(Err(format!("the JSON state has an unclosed key; {form}")));
        };
        let Some(after) = after.trim_start().strip_prefix(':') else {
            return Some(Err(format!(
                "the JSON state has no `:` after \"{}\"; {form}",
                quoted(key)
            )));
        };
        let value_text = after.trim_start();
        let value_end = if value_text.starts_with('[') {
            value_text.find(']').map(|i| i + 1)
        } else if let Some(inner) = value_text.strip_prefix('"') {
            inner.find('"').map(|i| i + 2)
        } else {
            Some(value_text.find(',').unwrap_or(value_text.len()))
        };
        let Some(end) = value_end else {
            return Some(Err(format!(
                "the JSON state's \"{}\" is not closed; {form}",
                quoted(key)
            )));
        };
        let value = value_text[..end].trim();
        match key {
            "gen" => {
                let Some(given) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
                    return Some(Err(format!(
                        "the JSON state's \"gen\" is `{}`, not a string; {form}",
                        quoted(value)
                    )));
                };
                named = Some(given);
            }
            "words" => {
                let Some(inner) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) else {
                    return Some(Err(format!(
                        "the JSON state's \"words\" is `{}`, not a list; {form}",
                        quoted(value)
                    )));
                };
                let mut list = Vec::new();
                for item in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let Some(hex) = item.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
                        return Some(Err(format!(
                            "the JSON state's word `{}` is not a quoted hex string; {form}",
                            quoted(item)
                        )));
                    };
                    list.push(hex);
                }
                words = Some(list);
            }
            other => {
                return Some(Err(format!(
                    "the JSON state has an unknown key \"{}\"; {form}",
                    quoted(other)
                )));
            }
        }
        rest = value_text[end..].trim_start();
        if let Some(next) = rest.strip_prefix(',') {
            rest = next.trim_start();
        } else if !rest.is_empty() {
            return Some(Err(format!(
                "the JSON state has `{}` where `,` or `}}` was expected; {form}",
                quoted(rest)
            )));
        }
    }
    let (Some(named), Some(words)) = (named, words) else {
        return Some(Err(format!(
            "the JSON state needs both \"gen\" and \"words\"; {form}"
        )));
    };
    let info = spec.info();
    if named != info.name && !info.aliases.contains(&named) {
        return Some(Err(format!(
            "the JSON state is a `{}` state, not a `{name}` one",
            quoted(named)
        )));
    }
    // Inside the JSON form a word is hex by definition: no ambiguity rule.
    let joined: Vec<String> = words
        .iter()
        .map(|w| {
            let digits = w.strip_prefix("0x").unwrap_or(w);
            format!("0x{digits}")
        })
        .collect();
    Some(spec.parse_state_words(&joined.join(" "), WordForm::Typed))
}

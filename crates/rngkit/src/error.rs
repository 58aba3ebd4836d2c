//! The error returned when a generator state is rejected.

use core::fmt;

/// Why a state (words, a blob, a serde document) was rejected.
///
/// Every constructor that takes a state from outside validates it and
/// returns this error instead of panicking or silently producing a
/// different stream.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit::StateError;
///
/// let err = Xorshift128::from_state([0, 0, 0, 0]).unwrap_err();
/// assert_eq!(err, StateError::AllZero { generator: "xorshift128" });
/// assert_eq!(err.to_string(), "xorshift128 state is all zero, which the generator can never leave");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// The state is the fixed point zero of an F2-linear generator.
    AllZero {
        /// The generator's name.
        generator: &'static str,
    },
    /// The state has the wrong number of words.
    WordCount {
        /// The generator's name.
        generator: &'static str,
        /// How many words the generator's state has.
        expected: usize,
        /// How many words were given.
        found: usize,
    },
    /// A word does not fit the generator's word width.
    WordTooWide {
        /// The generator's name.
        generator: &'static str,
        /// Index of the offending word (0-based).
        index: usize,
        /// The generator's word width in bits.
        bits: u32,
    },
    /// The MT19937 `left` counter is outside `0..=624`.
    LeftOutOfRange {
        /// The value found.
        left: i64,
    },
    /// A PCG increment must be odd.
    EvenIncrement {
        /// The increment found.
        increment: u64,
    },
    /// A serialised state (save blob, snapshot) has the wrong size.
    BlobSize {
        /// What was being read.
        what: &'static str,
        /// The sizes that are accepted.
        expected: &'static str,
        /// The size found.
        found: usize,
    },
    /// A state word holds a value the generator's state cannot have (an
    /// index past its table, an even increment where the runtime only
    /// makes odd ones).
    OutOfRange {
        /// The generator's name.
        generator: &'static str,
        /// Index of the offending word (0-based).
        index: usize,
        /// The value found.
        found: u64,
        /// What the word must be, in words.
        expected: &'static str,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

impl StateError {
    /// The message with `name` where it would name the generator: for a
    /// GEN whose state is another generator's (`bdsp` holds an
    /// `xorshift128` state, `python` an MT19937 one), so the user reads the
    /// name they chose. A save blob's size error names the blob's format,
    /// which stays.
    ///
    /// ```
    /// use rngkit::StateError;
    ///
    /// let err = StateError::AllZero { generator: "xorshift128" };
    /// assert_eq!(
    ///     err.naming("bdsp").to_string(),
    ///     "bdsp state is all zero, which the generator can never leave"
    /// );
    /// let err = StateError::LeftOutOfRange { left: 700 };
    /// assert_eq!(
    ///     err.naming("python").to_string(),
    ///     "python `left` must be in 0..=624 (words still unread in the block), found 700"
    /// );
    /// ```
    pub fn naming<'a>(&'a self, name: &'a str) -> impl fmt::Display + 'a {
        struct Named<'a>(&'a StateError, &'a str);
        impl fmt::Display for Named<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, Some(self.1))
            }
        }
        Named(self, name)
    }

    /// The message, naming the generator `name` when given (else its own).
    fn write(&self, f: &mut fmt::Formatter<'_>, name: Option<&str>) -> fmt::Result {
        match self {
            StateError::AllZero { generator } => write!(
                f,
                "{} state is all zero, which the generator can never leave",
                name.unwrap_or(generator)
            ),
            StateError::WordCount {
                generator,
                expected,
                found,
            } => write!(
                f,
                "{} state needs {expected} word{}, found {found}",
                name.unwrap_or(generator),
                if *expected == 1 { "" } else { "s" }
            ),
            StateError::WordTooWide {
                generator,
                index,
                bits,
            } => write!(
                f,
                "{} state word {index} does not fit in {bits} bits",
                name.unwrap_or(generator)
            ),
            StateError::LeftOutOfRange { left } => write!(
                f,
                "{} `left` must be in 0..=624 (words still unread in the block), found {left}",
                name.unwrap_or("MT19937")
            ),
            StateError::EvenIncrement { increment } => write!(
                f,
                "{} increment must be odd, found {increment:#018x}",
                name.unwrap_or("PCG32")
            ),
            StateError::BlobSize {
                what,
                expected,
                found,
            } => write!(f, "{what} must be {expected} bytes, found {found}"),
            StateError::OutOfRange {
                generator,
                index,
                found,
                expected,
            } => write!(
                f,
                "{} state word {index} must be {expected}, found {found}",
                name.unwrap_or(generator)
            ),
        }
    }
}

impl core::error::Error for StateError {}

/// `text` as an error message quotes it: at most `max` characters (then
/// `...`), control characters escaped (`\n`, `\0`, `\u{10}`), so a message
/// about any input stays one printable line.
pub(crate) fn shown(text: &str, max: usize) -> alloc::string::String {
    let mut out = alloc::string::String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn shown_escapes_control_characters_and_cuts_long_text() {
        assert_eq!(shown("ab", 5), "ab");
        assert_eq!(shown("0\n\0\u{10}é", 5), "0\\n\\0\\u{10}é");
        assert_eq!(shown("abcdef", 3), "abc...");
    }
}

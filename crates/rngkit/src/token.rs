//! Tokens: the strings users see (reset tokens, session ids, coupon codes),
//! drawn one character at a time from an alphabet.
//!
//! A token is a run of picks, each `ALPHABET[i]` for an index `i` that one
//! draw of the GEN gives: the draw `token IDIOM ALPHABET LENGTH`. IDIOM names
//! the pick in the runtime's own terms (CPython's `choices` is
//! `floor(random() * n)`, PHP's `mt-rand` is `mt_rand(0, n - 1)`); each GEN
//! lists its idioms next to its draws ([`crate::registry::Gen::idioms`]), as
//! data: an [`Idiom`] names one of the GEN's own draws with the alphabet's
//! size in it. So a token evaluates, steps and reveals bits exactly as its
//! picks do, and every analysis that reads the pick draw reads tokens.
//!
//! This module holds the alphabet grammar ([`Alphabet`]), the idiom
//! description ([`Idiom`]) and the parsed arguments of a token draw
//! ([`TokenSpec`]); the registry builds the draw from them.
//!
//! ```
//! use rngkit::token::Alphabet;
//!
//! let alphabet = Alphabet::parse("a-zA-Z0-9").unwrap();
//! assert_eq!(alphabet.len(), 62);
//! assert_eq!(alphabet.char_at(26), Some('A'));
//! assert_eq!(alphabet.index_of('0'), Some(52));
//! let err = Alphabet::parse("abca").unwrap_err();
//! assert_eq!(err, "ALPHABET `abca` holds `a` twice (characters 1 and 4)");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// The most characters a token draw takes (a bound against a typo such as
/// a seed in the LENGTH field, not a limit of the method).
pub const MAX_TOKEN_LENGTH: usize = 1 << 20;

/// An alphabet: distinct characters in the order the program holds them.
///
/// The grammar (one command-line argument): literal characters, ranges
/// `X-Y` (the code points X to Y, `X <= Y`), and the escapes `\-` (a
/// literal `-`), `\\` (a backslash), `\s` (a space) and `\?` (a literal
/// `?`, which an observed token otherwise reads as a character not seen).
/// A range's ends may be escapes. A character that occurs twice, an
/// unescaped `?`, a `-` with no range around it, and an empty alphabet are
/// errors, never a guess.
///
/// ```
/// use rngkit::token::Alphabet;
///
/// assert_eq!(Alphabet::parse("0-9a-f").unwrap().len(), 16);
/// assert_eq!(Alphabet::parse(r"\s-~").unwrap().len(), 95); // printable ASCII
/// assert_eq!(Alphabet::parse(r"a\-z").unwrap().chars(), &['a', '-', 'z']);
/// assert!(Alphabet::parse("").is_err());
/// assert!(Alphabet::parse("z-a").unwrap_err().contains("runs backwards"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    text: String,
    chars: Vec<char>,
}

impl Alphabet {
    /// Parses the ALPHABET grammar.
    ///
    /// # Errors
    /// A one-line message naming what is wrong and what would be right.
    pub fn parse(text: &str) -> Result<Alphabet, String> {
        // Read literal characters first (escapes resolved), each marked
        // whether it was a bare `-`, then join ranges.
        let mut items: Vec<(char, bool)> = Vec::new();
        let mut rest = text.chars();
        while let Some(c) = rest.next() {
            match c {
                '\\' => {
                    let escaped = match rest.next() {
                        Some('-') => '-',
                        Some('\\') => '\\',
                        Some('s') => ' ',
                        Some('?') => '?',
                        Some(other) => {
                            return Err(format!(
                                "ALPHABET `{text}`: `\\{other}` is not an escape; the escapes are `\\-`, `\\\\`, `\\s` (a space) and `\\?`"
                            ));
                        }
                        None => {
                            return Err(format!(
                                "ALPHABET `{text}` ends in a lone `\\`; write `\\\\` for a backslash"
                            ));
                        }
                    };
                    items.push((escaped, false));
                }
                '?' => {
                    return Err(format!(
                        "ALPHABET `{text}` holds `?`, which an observed token reads as a character not seen; write `\\?` for a literal `?`"
                    ));
                }
                '-' => items.push(('-', true)),
                c if c.is_whitespace() || c.is_control() => {
                    return Err(format!(
                        "ALPHABET `{text}` holds the character U+{:04X}; write a space as `\\s`, and no other white space or control character",
                        u32::from(c)
                    ));
                }
                c => items.push((c, false)),
            }
        }
        let mut chars: Vec<char> = Vec::new();
        let mut i = 0;
        while i < items.len() {
            let (c, bare_dash) = items[i];
            if bare_dash {
                return Err(format!(
                    "ALPHABET `{text}` has a `-` with no range around it; write `\\-` for a literal `-`, or X-Y for a range"
                ));
            }
            if let (Some(&(_, true)), Some(&(end, false))) = (items.get(i + 1), items.get(i + 2)) {
                if end < c {
                    return Err(format!(
                        "ALPHABET `{text}`: the range `{c}-{end}` runs backwards; write `{end}-{c}`"
                    ));
                }
                chars.extend((u32::from(c)..=u32::from(end)).filter_map(char::from_u32));
                i += 3;
            } else {
                chars.push(c);
                i += 1;
            }
        }
        if chars.is_empty() {
            return Err(
                "ALPHABET is empty; give the characters in the program's order, e.g. `a-zA-Z0-9`"
                    .to_string(),
            );
        }
        for (at, c) in chars.iter().enumerate() {
            if let Some(first) = chars[..at].iter().position(|d| d == c) {
                return Err(format!(
                    "ALPHABET `{text}` holds `{}` twice (characters {} and {})",
                    shown_char(*c),
                    first + 1,
                    at + 1
                ));
            }
        }
        Ok(Alphabet {
            text: text.to_string(),
            chars,
        })
    }

    /// The number of characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// Never true: an empty alphabet does not parse.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The characters in order.
    pub fn chars(&self) -> &[char] {
        &self.chars
    }

    /// The character at index `i`.
    pub fn char_at(&self, i: usize) -> Option<char> {
        self.chars.get(i).copied()
    }

    /// The index of `c`.
    pub fn index_of(&self, c: char) -> Option<usize> {
        self.chars.iter().position(|&d| d == c)
    }

    /// The alphabet as it was written.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A character as a message shows it: itself, or `\s` for a space.
fn shown_char(c: char) -> String {
    if c == ' ' {
        "\\s".to_string()
    } else {
        c.to_string()
    }
}

/// One way a runtime picks a character: the GEN's own draw with the
/// alphabet's size in it.
///
/// `pick` is that draw's text with `{n}` for the alphabet's size and
/// `{last}` for `n - 1`; `first` is the value the pick gives for the
/// alphabet's first character (0, or 1 for R's `sample` and Lua's
/// `math.random(1, n)`).
///
/// ```
/// use rngkit::token::Idiom;
///
/// const CHOICES: Idiom = Idiom {
///     name: "choices",
///     call: "random.choices(ALPHABET, k=LENGTH)",
///     pick: "floor {n}",
///     first: 0,
/// };
/// assert_eq!(CHOICES.pick_text(62), "floor 62");
/// let php = Idiom { name: "mt-rand", call: "mt_rand(0, n - 1)", pick: "mt-rand 0 {last}", first: 0 };
/// assert_eq!(php.pick_text(62), "mt-rand 0 61");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Idiom {
    /// The name in `token IDIOM ...`.
    pub name: &'static str,
    /// The program's own code for one token or one pick, for `--help`.
    pub call: &'static str,
    /// The pick as a draw of the GEN, with `{n}` and `{last}`.
    pub pick: &'static str,
    /// The value the pick gives for index 0.
    pub first: i64,
}

impl Idiom {
    /// The pick's draw text for an alphabet of `n` characters.
    pub fn pick_text(&self, n: usize) -> String {
        self.pick
            .replace("{n}", &n.to_string())
            .replace("{last}", &(n.saturating_sub(1)).to_string())
    }
}

/// The syntax of the token draw, as `--help` and messages show it.
pub const TOKEN_SYNTAX: &str = "token IDIOM ALPHABET LENGTH";

/// The parsed arguments of `token IDIOM ALPHABET LENGTH`.
///
/// ```
/// use rngkit::token::{Idiom, TokenSpec};
///
/// const IDIOMS: &[Idiom] = &[Idiom { name: "floor", call: "", pick: "floor {n}", first: 0 }];
/// let spec = TokenSpec::parse("v8", IDIOMS, &["floor", "0-9a-f", "8"]).unwrap();
/// assert_eq!((spec.alphabet.len(), spec.length), (16, 8));
/// assert_eq!(spec.indices("00ff?a19").unwrap()[2..5], [Some(15), Some(15), None]);
/// let err = spec.indices("00fg?a19").unwrap_err();
/// assert_eq!(err, "`00fg?a19`: `g` (character 4) is not in ALPHABET `0-9a-f`");
/// let err = TokenSpec::parse("v8", IDIOMS, &["choices", "a-z", "8"]).unwrap_err();
/// assert_eq!(err, "v8 has no token idiom `choices`; its idioms are: floor");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSpec {
    /// How each character is picked.
    pub idiom: &'static Idiom,
    /// The characters picked from.
    pub alphabet: Alphabet,
    /// Characters in one token.
    pub length: usize,
}

impl TokenSpec {
    /// Parses `IDIOM ALPHABET LENGTH` for the GEN `generator` with `idioms`.
    ///
    /// # Errors
    /// A one-line message: the wrong count, an unknown idiom (with the
    /// GEN's idioms), a bad alphabet or length.
    pub fn parse(
        generator: &str,
        idioms: &'static [Idiom],
        args: &[&str],
    ) -> Result<TokenSpec, String> {
        if idioms.is_empty() {
            return Err(format!(
                "{generator} has no token idioms (no runtime code of it picks characters that rngkit models)"
            ));
        }
        let names = || idioms.iter().map(|i| i.name).collect::<Vec<_>>().join(", ");
        let [idiom, alphabet, length] = args else {
            return Err(format!(
                "`{TOKEN_SYNTAX}` takes 3 arguments, found {}; {generator}'s idioms are: {}",
                args.len(),
                names()
            ));
        };
        let Some(idiom) = idioms.iter().find(|i| i.name == *idiom) else {
            return Err(format!(
                "{generator} has no token idiom `{}`; its idioms are: {}",
                crate::error::shown(idiom, 32),
                names()
            ));
        };
        let alphabet = Alphabet::parse(alphabet)?;
        let length = length
            .parse::<usize>()
            .ok()
            .filter(|l| (1..=MAX_TOKEN_LENGTH).contains(l))
            .ok_or_else(|| {
                format!(
                    "LENGTH `{}` is not a count of characters from 1 to {MAX_TOKEN_LENGTH}",
                    crate::error::shown(length, 32)
                )
            })?;
        Ok(TokenSpec {
            idiom,
            alphabet,
            length,
        })
    }

    /// The index of each character of an observed token, `None` for `?`
    /// (a pick whose character was not seen).
    ///
    /// # Errors
    /// A token of another length, or a character outside the alphabet.
    pub fn indices(&self, token: &str) -> Result<Vec<Option<usize>>, String> {
        let count = token.chars().count();
        if count != self.length {
            return Err(format!(
                "`{}` has {count} characters, the draw's LENGTH is {}",
                crate::error::shown(token, 48),
                self.length
            ));
        }
        token
            .chars()
            .enumerate()
            .map(|(at, c)| {
                if c == '?' && self.alphabet.index_of('?').is_none() {
                    return Ok(None);
                }
                self.alphabet.index_of(c).map(Some).ok_or_else(|| {
                    format!(
                        "`{}`: `{}` (character {}) is not in ALPHABET `{}`",
                        crate::error::shown(token, 48),
                        shown_char(c),
                        at + 1,
                        self.alphabet
                    )
                })
            })
            .collect()
    }
}

//! The value one draw gives ([`DrawValue`]), with the contract's two
//! output formats: below the draws ([`crate::draw`]) and the observations
//! ([`crate::observe`]), which both compare against it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The result of one draw, with the contract's two output formats.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawValue {
    /// An unsigned 32-bit integer.
    U32(u32),
    /// An unsigned 64-bit integer.
    U64(u64),
    /// A signed 32-bit integer.
    I32(i32),
    /// A signed 64-bit integer.
    I64(i64),
    /// A float.
    F32(f32),
    /// A double.
    F64(f64),
    /// A boolean.
    Bool(bool),
    /// A vector, quaternion or colour of floats.
    F32s(Vec<f32>),
    /// A vector of doubles (Unreal Engine 5's `FVector`).
    F64s(Vec<f64>),
    /// An integer of any size (CPython's `getrandbits(K)` for `K > 64`).
    Big(crate::number::BigInt),
    /// A byte string (`nextBytes`), printed as lowercase hex digits, two per
    /// byte in order, without a prefix, in both formats.
    Bytes(Vec<u8>),
    /// A list of signed integers (a split generator's seed and gamma),
    /// space-separated, each formatted like [`DrawValue::I64`].
    Ints(Vec<i64>),
    /// A string (a token, `Math.random().toString(36)`), printed as it is
    /// in both formats.
    Text(String),
}

impl DrawValue {
    /// Formats the value as `gen` prints it: integers in decimal and floats
    /// as the shortest decimal that round-trips to the same bits; with `hex`,
    /// integers as `0x` hex (two's complement for negative values, zero-padded
    /// to the type's width) and floats as their IEEE-754 bits; booleans print as
    /// `true`/`false` either way. Vector
    /// components are space-separated.
    ///
    /// ```
    /// use rngkit::draw::DrawValue;
    ///
    /// assert_eq!(DrawValue::F32(0.5841396).format(false), "0.5841396");
    /// assert_eq!(DrawValue::F32(0.5).format(true), "0x3f000000");
    /// assert_eq!(DrawValue::I32(-1).format(true), "0xffffffff");
    /// assert_eq!(DrawValue::F32s(vec![1.0, -0.25]).format(false), "1 -0.25");
    /// assert_eq!(DrawValue::Bytes(vec![0x0a, 0xff]).format(false), "0aff");
    /// assert_eq!(DrawValue::Ints(vec![-1, 2]).format(false), "-1 2");
    /// assert_eq!(DrawValue::Ints(vec![-1, 2]).format(true), "0xffffffffffffffff 0x0000000000000002");
    /// let big = rngkit::number::BigInt::from(u128::MAX);
    /// assert_eq!(DrawValue::Big(big.clone()).format(false), "340282366920938463463374607431768211455");
    /// assert_eq!(DrawValue::Big(big).format(true), "0xffffffffffffffffffffffffffffffff");
    /// ```
    pub fn format(&self, hex: bool) -> String {
        match (self, hex) {
            (DrawValue::U32(v), false) => format!("{v}"),
            (DrawValue::U32(v), true) => format!("{v:#010x}"),
            (DrawValue::U64(v), false) => format!("{v}"),
            (DrawValue::U64(v), true) => format!("{v:#018x}"),
            (DrawValue::I32(v), false) => format!("{v}"),
            (DrawValue::I32(v), true) => format!("{:#010x}", *v as u32),
            (DrawValue::I64(v), false) => format!("{v}"),
            (DrawValue::I64(v), true) => format!("{:#018x}", *v as u64),
            (DrawValue::F32(v), false) => format!("{v}"),
            (DrawValue::F32(v), true) => format!("{:#010x}", v.to_bits()),
            (DrawValue::F64(v), false) => format!("{v}"),
            (DrawValue::F64(v), true) => format!("{:#018x}", v.to_bits()),
            (DrawValue::Bool(v), _) => format!("{v}"),
            (DrawValue::F32s(vs), _) => {
                let parts: Vec<String> =
                    vs.iter().map(|&v| DrawValue::F32(v).format(hex)).collect();
                parts.join(" ")
            }
            (DrawValue::F64s(vs), _) => {
                let parts: Vec<String> =
                    vs.iter().map(|&v| DrawValue::F64(v).format(hex)).collect();
                parts.join(" ")
            }
            (DrawValue::Big(v), false) => format!("{v}"),
            (DrawValue::Big(v), true) => {
                let mut text = String::from(if v.is_negative() { "-0x" } else { "0x" });
                let mut limbs = v.limbs().iter().rev();
                match limbs.next() {
                    Some(top) => text.push_str(&format!("{top:x}")),
                    None => text.push('0'),
                }
                for limb in limbs {
                    text.push_str(&format!("{limb:08x}"));
                }
                text
            }
            (DrawValue::Bytes(bytes), _) => {
                let mut text = String::with_capacity(2 * bytes.len());
                for b in bytes {
                    text.push_str(&format!("{b:02x}"));
                }
                text
            }
            (DrawValue::Text(text), _) => text.clone(),
            (DrawValue::Ints(vs), _) => {
                let parts: Vec<String> =
                    vs.iter().map(|&v| DrawValue::I64(v).format(hex)).collect();
                parts.join(" ")
            }
        }
    }
}

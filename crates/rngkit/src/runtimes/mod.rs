//! The random number generators built into language runtimes, reproduced
//! bit for bit and checked against the real runtimes
//! (`tests/runtime_*.rs`).
//!
//! * [`javascript`]: `Math.random` in V8 (Chromium, Node.js), SpiderMonkey
//!   (Firefox) and JavaScriptCore (Safari).
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::javascript::V8LegacyGen;
//!
//! // `node --random-seed=1` (Node.js 20): the first Math.random().
//! let v8 = of::<V8LegacyGen>();
//! let mut rng = v8.seed(&Seed::from(1), &Default::default()).unwrap();
//! let draw = v8.parse_draw("math-random", &[]).unwrap();
//! assert_eq!(draw.eval(&mut rng).format(true), "0x3fc2d79d928e7bb8");
//! ```

pub mod javascript;

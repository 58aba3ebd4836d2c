//! The rngkit workbench's engine: every GEN of the registry, with its
//! draws, jumps, distances, recovery and seed search, behind one JSON call,
//! compiled to `wasm32-unknown-unknown` for the static page in `web/` and
//! the npm package in `npm/` (the same module).
//!
//! # The interface: plain exports and a JSON call
//!
//! The module exports these functions and its memory, and imports nothing:
//!
//! * `rngkit_input(len) -> ptr`: a buffer of `len` bytes inside the module,
//!   where the caller writes a UTF-8 JSON request;
//! * `rngkit_call() -> len`: handles the request ([`handle`]) and returns
//!   the length of the JSON answer;
//! * `rngkit_output() -> ptr`: where that answer lies;
//! * for the npm package's generators (`gen_new`): `rngkit_draws(id, n) ->
//!   kind` draws `n` values into 8-byte words at `rngkit_values() -> ptr`
//!   (one call for `n` values, no JSON), `rngkit_output_len() -> len` and
//!   `rngkit_free(id)`.
//!
//! `web/rngkit.js` is the whole loader (about forty lines: encode, copy,
//! call, decode). This was chosen over `wasm-bindgen` because the page needs
//! nothing that bindings generate: every request and answer is a small JSON
//! document (the frame table is a few hundred rows), no JavaScript object
//! crosses the boundary, and the module imports nothing. Plain exports keep
//! the build to one `cargo build` with no second tool whose version must
//! match a crate's exactly, and the same module runs unchanged on the page
//! and in its Web Worker.
//!
//! The only `unsafe` in the crate is the `#[unsafe(no_mangle)]` attribute on
//! those exports (their names are unique in the module).
//!
//! # Requests
//!
//! Each request is an object with an `op` and its fields; each answer is
//! `{"ok": ...}` or `{"error": "one line"}`. Bad input is always an
//! `error`, never a trap.
//! A `message` (what a recovery or `detect` found short of one answer)
//! and the errors about states, seed ranges and observations come from the
//! shared layer ([`rngkit_analysis::message`], [`rngkit_analysis::input`],
//! [`rngkit::state_text`]), in the words of the command line and the
//! Python package.
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `gens` | | every GEN: name, seed kind, state words, draws, token idioms (name, program code, pick), capabilities |
//! | `table` | `gen`, `source`, `start`, `count`, `draws`, `hex` | the frame `start` (decimal), the state there and `count` rows: raw word and each draw |
//! | `recover` | `gen`, `observations`, `stream`, `fresh`, `listed` | `unique` with the state, `several` with the count (and its parts: bound, exact digits, power of two), the states (up to 16) and the `message`, or `none` with the `message` |
//! | `distance` | `gen`, `from`, `to`, `max` | the distance and its signed form |
//! | `search_start` | `gen`, `observations`, `seeds`, `max_advance`, `stream` | the number of seeds |
//! | `search_step` | `seeds` | matches found in the next `seeds` seeds, and progress |
//! | `draw_steps` | `gen`, `draw` | the raw steps the draw takes, `null` when it varies |
//! | `token_lines` | `gen`, `idiom`, `alphabet`, `tokens` | the observation lines `token IDIOM ALPHABET LEN = TOKEN`, one for each token given one a line, checked by the observation parser |
//! | `gen_new` | `gen`, `source` | a generator kept in the module: its `id` (a slot), its GEN's `name` and its `state` |
//! | `gen_state`, `gen_clone` | `id` | the state text; a copy's `id` |
//! | `gen_advance` | `id`, `steps`, `what` | moves it as `--advance` does (`what` names the argument in a message) |
//! | `gen_prepare` | `id`, `draw` | parses the draw text for [`rngkit_draws`]; the raw steps it takes |
//! | `count` | `text`, `what` | a count as `-n` reads it, as text |
//! | `locate` | `id`, `observations`, `max` | every advance at which the observations fit its stream (`rngkit locate`) |
//! | `detect` | `values` | the `verdict` (`identified`, `ambiguous`, `underdetermined`, `none`), the `fits` (GEN, draw, state, states or seed, family), the `message` unless one GEN is identified, and the readings left `open` with why |
//!
//! A `source` is `{"seed": "S"}`, `{"seed_str": "TEXT"}` or
//! `{"state": "W W ..."}`, with an optional `"stream"`: the CLI's
//! `--seed`, `--seed-str`, `--state` and `--stream`, read the same way.
//!
//! # Threads
//!
//! `wasm32-unknown-unknown` has no threads. Recovery runs with
//! `threads = 1` (which spawns nothing), and the seed search is driven here
//! chunk by chunk through the GEN's own scan kernel
//! ([`rngkit_analysis::registry::Entry::scan`]) and
//! [`rngkit_analysis::search::verify`], so the page's worker can report
//! progress and take a cancel between chunks. `detect` runs
//! single-threaded (`DetectOptions::threads` = 1), which reads no clock:
//! recoveries one after another, the PCG32 guesses left out, and seed
//! searches over the small seeds only.
//!
//! ```
//! use rngkit_wasm::handle;
//!
//! let answer = handle(r#"{"op":"table","gen":"unity","source":{"seed":"0"},
//!                         "start":"0","count":2,"draws":["value"]}"#);
//! let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(answer["ok"]["state"], "00000000 00000001 6c078966 714acb3f");
//! // Random.value after InitState(0), as Unity prints it: 0.5841396
//! assert_eq!(answer["ok"]["rows"][0]["values"][0], "0.58413965");
//! ```

mod api;
mod generator;
mod input;
mod session;

use std::cell::RefCell;

pub use api::handle;

thread_local! {
    /// The request buffer the caller writes into.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the request buffer `len` bytes long (zeroed) and returns where it
/// lies; the caller writes the UTF-8 JSON request there, then calls
/// [`rngkit_call`].
///
/// ```
/// let ptr = rngkit_wasm::rngkit_input(16);
/// assert!(!ptr.is_null());
/// ```
// SAFETY: the export names `rngkit_input`, `rngkit_call` and
// `rngkit_output` are unique in the module and in every program linking it.
#[allow(unsafe_code)] // a C export the page calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_input(len: usize) -> *mut u8 {
    INPUT.with(|buf| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        buf.resize(len, 0);
        buf.as_mut_ptr()
    })
}

/// Handles the request in the input buffer; returns the length of the JSON
/// answer, which lies at [`rngkit_output`].
///
/// ```
/// let request = br#"{"op":"gens"}"#;
/// let _ = rngkit_wasm::rngkit_input(request.len());
/// rngkit_wasm::with_input(|buf| buf.copy_from_slice(request));
/// let len = rngkit_wasm::rngkit_call();
/// let answer = rngkit_wasm::with_output(|out| String::from_utf8(out.to_vec()).unwrap());
/// assert_eq!(answer.len(), len);
/// assert!(answer.starts_with(r#"{"ok":"#));
/// ```
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the page calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_call() -> usize {
    let request = INPUT.with(|buf| String::from_utf8(std::mem::take(&mut *buf.borrow_mut())));
    let answer = match request {
        Ok(text) => handle(&text),
        Err(_) => api::error_json("the request is not UTF-8 text"),
    };
    OUTPUT.with(|out| {
        let mut out = out.borrow_mut();
        *out = answer.into_bytes();
        out.len()
    })
}

/// Where the last answer lies (its length is what [`rngkit_call`] returned).
///
/// ```
/// let request = br#"{"op":"nope"}"#;
/// let _ = rngkit_wasm::rngkit_input(request.len());
/// rngkit_wasm::with_input(|buf| buf.copy_from_slice(request));
/// let len = rngkit_wasm::rngkit_call();
/// assert_eq!(rngkit_wasm::rngkit_output(), rngkit_wasm::with_output(|out| out.as_ptr()));
/// assert_eq!(rngkit_wasm::with_output(|out| out.len()), len);
/// ```
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the page calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_output() -> *const u8 {
    OUTPUT.with(|out| out.borrow().as_ptr())
}

/// Runs `f` on the request buffer: what the JavaScript loader does through
/// the module's memory, for native callers and tests.
///
/// ```
/// let _ = rngkit_wasm::rngkit_input(2);
/// rngkit_wasm::with_input(|buf| buf.copy_from_slice(b"{}"));
/// ```
pub fn with_input<T>(f: impl FnOnce(&mut [u8]) -> T) -> T {
    INPUT.with(|buf| f(&mut buf.borrow_mut()))
}

/// Runs `f` on the last answer.
///
/// ```
/// let _ = rngkit_wasm::rngkit_input(0);
/// rngkit_wasm::rngkit_call();
/// assert!(rngkit_wasm::with_output(|out| out.starts_with(b"{\"error\"")));
/// ```
pub fn with_output<T>(f: impl FnOnce(&[u8]) -> T) -> T {
    OUTPUT.with(|out| f(&out.borrow()))
}

/// Draws `n` values (at most 2^20) of the draw last prepared (`gen_prepare`)
/// for the generator in slot `id` (`gen_new`): the npm package's bulk path.
/// Returns how to read them: 1 doubles, 2 unsigned and 3 signed 64-bit
/// integers, 4 booleans (as the doubles 0 and 1), each one 8-byte word at
/// [`rngkit_values`]; 0 when the answer is JSON at [`rngkit_output`] (the
/// values `{"ok": [...]}` of a draw that yields vectors, tokens or bytes,
/// or `{"error": ...}`), its length then at [`rngkit_output_len`].
///
/// ```
/// let request = br#"{"op":"gen_new","gen":"unity","source":{"seed":"0"}}"#;
/// let _ = rngkit_wasm::rngkit_input(request.len());
/// rngkit_wasm::with_input(|buf| buf.copy_from_slice(request));
/// rngkit_wasm::rngkit_call();
/// let request = br#"{"op":"gen_prepare","id":0,"draw":"value"}"#;
/// let _ = rngkit_wasm::rngkit_input(request.len());
/// rngkit_wasm::with_input(|buf| buf.copy_from_slice(request));
/// rngkit_wasm::rngkit_call();
/// assert_eq!(rngkit_wasm::rngkit_draws(0, 2), 1);
/// // Random.value after InitState(0): 0.58413965 as a float, widened.
/// let first = rngkit_wasm::with_values(|v| f64::from_bits(v[0]));
/// assert_eq!(first as f32, 0.58413965f32);
/// rngkit_wasm::rngkit_free(0);
/// assert_eq!(rngkit_wasm::rngkit_draws(0, 1), 0);
/// ```
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the package calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_draws(id: u32, n: u32) -> u32 {
    let mut answer = String::new();
    let kind = generator::draws(id, n, &mut answer).unwrap_or_else(|e| {
        answer = api::error_json(&e);
        generator::Kind::Json
    });
    if kind == generator::Kind::Json {
        OUTPUT.with(|out| *out.borrow_mut() = answer.into_bytes());
    }
    kind as u32
}

/// Where the words of the last [`rngkit_draws`] lie (8-aligned).
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the package calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_values() -> *const u64 {
    generator::values_ptr()
}

/// The length of the last answer at [`rngkit_output`].
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the package calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_output_len() -> usize {
    OUTPUT.with(|out| out.borrow().len())
}

/// Frees the generator in slot `id` (the package's `FinalizationRegistry`
/// calls it when a `Generator` is collected); a free slot stays free.
// SAFETY: see `rngkit_input`.
#[allow(unsafe_code)] // a C export the package calls by name (see the SAFETY note)
#[unsafe(no_mangle)]
pub extern "C" fn rngkit_free(id: u32) {
    generator::free(id);
}

/// Runs `f` on the words of the last [`rngkit_draws`].
///
/// ```
/// assert_eq!(rngkit_wasm::with_values(|v| v.len()), 0);
/// ```
pub fn with_values<T>(f: impl FnOnce(&[u64]) -> T) -> T {
    generator::with_values(f)
}

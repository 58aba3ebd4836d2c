//! Recovery from an observation list too large to hold: the recovery runs
//! on the first observations (a window that grows only while they leave
//! the answer open), and every later observation is verified against the
//! states found as it streams past, then dropped. Memory is bounded by the
//! window, not by the list: ten million MT19937 words recover holding the
//! first 16 384 of them (`docs/cli.md` says what each command holds).
//!
//! The answer is [`recover`]'s on the whole list: a state that fits every
//! observation fits the first ones, so the states the window admits are
//! the only candidates, and the rest of the list only removes those it
//! contradicts. An unknown gap (`skip A..B`) among the later observations
//! is matched against everything after it (held from there on), as
//! [`matches_all`] does.

use std::fmt;

use rngkit::registry::Engine;

use super::{Count, RecoverError, RecoverOptions, Recoverable, Recovered, conclude, recover};
use crate::observe::{Observation, ObservationKind, matches_all, replay};

/// The first window: enough for every recovery that pins a state from
/// consecutive values (624 MT19937 words, the partial-word solvers' few
/// thousand); an answer left open grows it fourfold.
pub const FIRST_WINDOW: usize = 1 << 14;

/// What [`recover_streamed`] found.
#[derive(Clone, Debug)]
pub struct Streamed {
    /// The states before the first observation, as [`recover`] answers
    /// for the whole list.
    pub recovered: Recovered,
    /// For [`Recovered::Unique`] and a listed [`Recovered::Several`]: each
    /// state just after the last observation, in the same order (what
    /// `--at end` and predictions start from); empty otherwise.
    pub ends: Vec<Engine>,
    /// The observations held: the window (the whole list when it was
    /// never left, or when the answer stayed open to its end).
    pub held: Vec<Observation>,
    /// How many observations the list holds in all.
    pub count: usize,
    /// When the window admitted states and a later observation ruled out
    /// the last of them: that observation's line (so a front end can say
    /// which value broke the fit instead of hinting at other GENs, which the
    /// window's values fit).
    pub misfit: Option<usize>,
}

/// Why a streamed recovery stopped: the input's own error, or
/// [`recover`]'s.
#[derive(Debug)]
pub enum StreamedError<E> {
    /// Reading or parsing the observations failed.
    Input(E),
    /// The recovery could not run.
    Recover(RecoverError),
}

impl<E: fmt::Display> fmt::Display for StreamedError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamedError::Input(e) => e.fmt(f),
            StreamedError::Recover(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for StreamedError<E> {}

/// [`recover`] over observations that arrive one at a time (an
/// [`ObservationStream`](crate::observe::ObservationStream) over a file),
/// holding a window of them (see the module's text). Every observation is
/// read, so a malformed line anywhere is reported, as it would be before a
/// whole-list recovery.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::observe::{ObservationStream, parse_observations};
/// use rngkit_analysis::recover::{RecoverOptions, Recovered, recover, stream::recover_streamed};
/// use rngkit_analysis::registry;
///
/// // 20 000 MT19937 words from seed 5489 (the first is 3499211612).
/// let mt = registry::find("mt19937").unwrap();
/// let mut rng = mt.seed(&BigInt::from(5489), &Default::default()).unwrap();
/// let text: String = (0..20_000).map(|_| format!("u32 = {}\n", rng.next_word())).collect();
/// assert!(text.starts_with("u32 = 3499211612\n"));
/// let stream = ObservationStream::new(mt, "words", text.as_bytes());
/// let found = recover_streamed(mt, stream, &RecoverOptions::default()).unwrap();
/// assert_eq!((found.count, found.held.len()), (20_000, 16_384));
/// let Recovered::Unique(start) = &found.recovered else { panic!() };
/// let whole = parse_observations(mt, &text).unwrap();
/// let Recovered::Unique(expected) = recover(mt, &whole, &Default::default()).unwrap() else { panic!() };
/// assert_eq!(start.words(), expected.words());
/// assert_eq!(found.ends[0].words(), rng.words());
///
/// // One wrong word at the end, beyond the window: no state fits.
/// let mut lines: Vec<&str> = text.lines().collect();
/// lines[19_999] = "u32 = 1";
/// let wrong = lines.join("\n");
/// let stream = ObservationStream::new(mt, "words", wrong.as_bytes());
/// let found = recover_streamed(mt, stream, &RecoverOptions::default()).unwrap();
/// assert!(matches!(found.recovered, Recovered::NoneFits));
/// assert_eq!(found.misfit, Some(20_000));
/// ```
///
/// # Errors
/// The input's first error ([`StreamedError::Input`]), or [`recover`]'s
/// on the window ([`StreamedError::Recover`]; the window then grows while
/// input is left, since more observations may bring what the method
/// needs).
pub fn recover_streamed<G, E, I>(
    entry: &G,
    observations: I,
    options: &RecoverOptions,
) -> Result<Streamed, StreamedError<E>>
where
    G: Recoverable + ?Sized,
    I: IntoIterator<Item = Result<Observation, E>>,
{
    let mut input = observations.into_iter();
    let mut held: Vec<Observation> = Vec::new();
    let mut window = FIRST_WINDOW;
    loop {
        let mut ended = false;
        while held.len() < window {
            match input.next() {
                Some(obs) => held.push(obs.map_err(StreamedError::Input)?),
                None => {
                    ended = true;
                    break;
                }
            }
        }
        // An unknown gap decides its length by what follows it: hold
        // everything from there on.
        if !ended && held.iter().any(is_gap) {
            for obs in input.by_ref() {
                held.push(obs.map_err(StreamedError::Input)?);
            }
            ended = true;
        }
        if ended {
            let recovered = recover(entry, &held, options).map_err(StreamedError::Recover)?;
            let ends = starts(&recovered)
                .iter()
                .map(|s| {
                    let mut end = s.clone();
                    replay(&held, &mut end);
                    end
                })
                .collect();
            let count = held.len();
            return Ok(Streamed {
                recovered,
                ends,
                held,
                count,
                misfit: None,
            });
        }
        let answer = recover(entry, &held, options);
        let settled = match &answer {
            Ok(Recovered::Unique(_) | Recovered::NoneFits) => true,
            Ok(Recovered::Several { count, states }) => {
                !states.is_empty() && *count == Count::Exact(states.len() as u128)
            }
            _ => false,
        };
        if !settled {
            window = window.saturating_mul(4);
            continue;
        }
        let recovered = answer.map_err(StreamedError::Recover)?;
        return verify_rest(recovered, held, input);
    }
}

/// Whether an observation is an unknown gap (`skip A..B`).
fn is_gap(obs: &Observation) -> bool {
    matches!(obs.kind, ObservationKind::SkipRange { .. })
}

/// The states an answer names (none for the answers without a list).
fn starts(recovered: &Recovered) -> Vec<Engine> {
    match recovered {
        Recovered::Unique(s) => vec![s.clone()],
        Recovered::Several { states, .. } => states.clone(),
        _ => Vec::new(),
    }
}

/// Verifies the states the window admitted against the rest of the input,
/// one observation at a time, and concludes.
fn verify_rest<E>(
    recovered: Recovered,
    held: Vec<Observation>,
    mut input: impl Iterator<Item = Result<Observation, E>>,
) -> Result<Streamed, StreamedError<E>> {
    // (start, current) for each state still alive.
    let mut alive: Vec<(Engine, Engine)> = starts(&recovered)
        .into_iter()
        .filter_map(|start| {
            let mut now = start.clone();
            matches_all(&held, &mut now).then_some((start, now))
        })
        .collect();
    let mut count = held.len();
    let mut misfit = None;
    while let Some(obs) = input.next() {
        let obs = obs.map_err(StreamedError::Input)?;
        count += 1;
        if alive.is_empty() {
            continue;
        }
        let line = obs.line;
        if is_gap(&obs) {
            let mut rest = vec![obs];
            for obs in input.by_ref() {
                rest.push(obs.map_err(StreamedError::Input)?);
            }
            count += rest.len() - 1;
            alive.retain_mut(|(_, now)| matches_all(&rest, now));
        } else {
            let one = std::slice::from_ref(&obs);
            alive.retain_mut(|(_, now)| matches_all(one, now));
        }
        if alive.is_empty() {
            misfit = Some(line);
        }
    }
    let (states, ends): (Vec<Engine>, Vec<Engine>) = alive.into_iter().unzip();
    let recovered = conclude(states);
    let ends = match &recovered {
        Recovered::NoneFits => Vec::new(),
        _ => ends,
    };
    Ok(Streamed {
        recovered,
        ends,
        held,
        count,
        misfit,
    })
}

//! The analyses: `recover`, `identify`, `distance`, `seed_search`, with the
//! CLI's messages.

use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFloat, PyList, PyRange, PyString, PyTuple};
use rngkit::number::BigInt;
use rngkit::registry::SeedKind;
use rngkit_analysis::DistanceError;
use rngkit_analysis::input::{SeedRange, parse_seed_range};
use rngkit_analysis::message::{
    Hints, Unresolved, UnresolvedKind, distance_error, identify_unsupported, no_seed_found,
    stream_not_applicable,
};
use rngkit_analysis::observe::{
    Observation, ObservationKind, ObservedDraw, ObservedValue, parse_observation_list, replay,
};
use rngkit_analysis::recover::{Count, RecoverOptions, Recovered, recover as recover_state};
use rngkit_analysis::registry::Entry;
use rngkit_analysis::search::{Match, SearchSpec, search};

use crate::generator::{Generator, state_from_py};
use crate::{
    NoSolution, SPELLING, Underdetermined, entry_arg, from_bigint, to_bigint, to_u64, type_name,
    value_error,
};

/// An observed value as the observation language writes it.
fn value_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if obj.is_exact_instance_of::<pyo3::types::PyInt>() {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(v.to_string());
        }
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(v.to_string());
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(if b.is_true() { "true" } else { "false" }.to_string());
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(obj.repr()?.to_cow()?.into_owned());
    }
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
        let data: Vec<u8> = obj.extract()?;
        return Ok(data.iter().map(|b| format!("{b:02x}")).collect());
    }
    if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() {
        let parts = obj
            .try_iter()?
            .map(|x| value_text(&x?))
            .collect::<PyResult<Vec<String>>>()?;
        return Ok(parts.join(" "));
    }
    if let Ok(n) = to_bigint(obj, "an observed value") {
        return Ok(n.to_string());
    }
    if obj.hasattr("__float__")? {
        let f: f64 = obj.extract()?;
        return Ok(PyFloat::new(obj.py(), f).repr()?.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "an observed value is an int, a float, a bool, bytes, a tuple of floats or the value's text, not {}",
        type_name(obj)
    )))
}

/// A draw as the observation language writes it: a str (`'range-int 0 10'`
/// or snake case) or a tuple (`('range_int', 0, 10)`).
fn draw_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let (name, args): (String, Vec<String>) = if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or("").to_string();
        (name, words.map(str::to_string).collect())
    } else if let Ok(t) = obj.cast::<PyTuple>() {
        let mut items = t.iter();
        let Some(first) = items.next() else {
            return Err(value_error("an observation's draw tuple is empty"));
        };
        let Ok(name) = first.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "an observation's draw name must be a str, not {}",
                type_name(&first)
            )));
        };
        let args = items
            .map(|a| value_text(&a))
            .collect::<PyResult<Vec<String>>>()?;
        (name.to_cow()?.into_owned(), args)
    } else {
        return Err(PyTypeError::new_err(format!(
            "an observation's draw is a str such as 'range-int 0 10' or a tuple ('range_int', 0, 10), not {}",
            type_name(obj)
        )));
    };
    let mut text = name.replace('_', "-");
    for a in args {
        text.push(' ');
        text.push_str(&a);
    }
    Ok(text)
}

/// The common list, `(draw, int)` pairs only, read without writing and
/// parsing their text (a draw object repeated from the previous pair is
/// parsed once); `None` for anything else, which the text path reads (and
/// words its errors).
fn integer_pairs(entry: &Entry, items: &[Bound<'_, PyAny>]) -> PyResult<Option<Vec<Observation>>> {
    let mut out = Vec::with_capacity(items.len());
    let mut previous: Option<(Bound<'_, PyAny>, ObservedDraw)> = None;
    for (i, item) in items.iter().enumerate() {
        let Ok(pair) = item.cast::<PyTuple>() else {
            return Ok(None);
        };
        if pair.len() != 2 {
            return Ok(None);
        }
        let value = pair.get_item(1)?;
        if !value.is_exact_instance_of::<pyo3::types::PyInt>() {
            return Ok(None);
        }
        let Ok(value) = value.extract::<i128>() else {
            return Ok(None);
        };
        let draw_obj = pair.get_item(0)?;
        let draw = match &previous {
            Some((obj, draw)) if obj.is(&draw_obj) => draw.clone(),
            _ => {
                let Ok(text) = draw_text(&draw_obj) else {
                    return Ok(None);
                };
                let mut words = text.split_whitespace();
                let name = words.next().unwrap_or("");
                let args: Vec<&str> = words.collect();
                if matches!(name, "skip" | "bits") {
                    return Ok(None);
                }
                let Ok(draw) = entry.parse_draw(name, &args) else {
                    return Ok(None);
                };
                // A token (of digits) is read as its picks by the text path.
                if draw.token().is_some() {
                    return Ok(None);
                }
                previous = Some((draw_obj, draw.clone()));
                draw
            }
        };
        let value = ObservedValue::from_integer(value);
        if draw.known_bits(&value, entry.output_bits()).is_none() {
            return Ok(None);
        }
        out.push(Observation {
            line: i + 1,
            kind: ObservationKind::Draw { draw, value },
        });
    }
    Ok(Some(out))
}

/// Where the messages say observations given to a function came from.
const OBSERVATION_SOURCE: &str = "the observation list";

/// Observations: the CLI's text, or an iterable of `(draw, value)` pairs
/// and lines (`'skip 3'`).
pub(crate) fn observations(entry: &Entry, obs: &Bound<'_, PyAny>) -> PyResult<Vec<Observation>> {
    Ok(observations_and_text(entry, obs)?.0)
}

/// The observations and their text in the observation language (built
/// only when the list was not read as text: the common `(draw, int)` list).
fn observations_and_text(
    entry: &Entry,
    obs: &Bound<'_, PyAny>,
) -> PyResult<(Vec<Observation>, Option<String>)> {
    let text = if let Ok(s) = obs.cast::<PyString>() {
        s.to_cow()?.into_owned()
    } else {
        let Ok(iter) = obs.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "observations must be the observation text (str) or a list of (draw, value) pairs, not {}",
                type_name(obs)
            )));
        };
        let items = iter.collect::<PyResult<Vec<Bound<'_, PyAny>>>>()?;
        if let Some(parsed) = integer_pairs(entry, &items)?
            && !parsed.is_empty()
        {
            return Ok((parsed, None));
        }
        let mut lines = Vec::new();
        // The draw of the previous pair and its text: lists of observations
        // usually repeat one draw object (`("u32", v)` 624 times), whose
        // text is then built once.
        let mut previous_draw: Option<(Bound<'_, PyAny>, String)> = None;
        for (i, item) in items.into_iter().enumerate() {
            if let Ok(s) = item.cast::<PyString>() {
                let line = s.to_cow()?;
                if line.contains('\n') {
                    return Err(value_error(format!(
                        "observation {}: one observation a list item (this one holds a newline)",
                        i + 1
                    )));
                }
                lines.push(line.to_string());
                continue;
            }
            let pair: Option<Bound<'_, PyTuple>> = if let Ok(t) = item.cast::<PyTuple>() {
                Some(t.clone())
            } else if let Ok(l) = item.cast::<PyList>() {
                Some(l.to_tuple())
            } else {
                None
            };
            let pair = pair.filter(|t| t.len() == 2);
            let Some(pair) = pair else {
                return Err(PyTypeError::new_err(format!(
                    "observation {}: give a (draw, value) pair or a line of text such as 'skip 3', not {}",
                    i + 1,
                    type_name(&item)
                )));
            };
            let draw_obj = pair.get_item(0)?;
            let draw = match &previous_draw {
                Some((obj, text)) if obj.is(&draw_obj) => text.clone(),
                _ => {
                    let text = draw_text(&draw_obj)?;
                    previous_draw = Some((draw_obj, text.clone()));
                    text
                }
            };
            let value = value_text(&pair.get_item(1)?)?;
            if draw == "skip" {
                lines.push(format!("skip {value}"));
            } else {
                lines.push(format!("{draw} = {value}"));
            }
        }
        lines.join("\n")
    };
    let parsed = parse_observation_list(entry, OBSERVATION_SOURCE, &text).map_err(value_error)?;
    Ok((parsed, Some(text)))
}

/// The observation text of a list read without text: `(draw, int)` pairs,
/// each a `DRAW = VALUE` line.
fn draw_lines(observations: &[Observation]) -> String {
    let mut text = String::new();
    for o in observations {
        if let ObservationKind::Draw { draw, value } = &o.kind {
            text.push_str(draw.text());
            text.push_str(" = ");
            text.push_str(value.text());
            text.push('\n');
        }
    }
    text
}

pub(crate) fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        None => Ok(None),
        Some(t) => {
            let n = to_u64(t, "threads")?;
            if (1..=4096).contains(&n) {
                Ok(Some(n as usize))
            } else {
                Err(value_error(format!("threads must be in 1..=4096, not {n}")))
            }
        }
    }
}

/// recover(gen, observations, *, stream=None, at='start', threads=None, fresh=False)
///
/// The state of GEN `gen` just before the first observation (at='end':
/// just after the last), as a BitGenerator. `observations` is the CLI's
/// observation text or a list of (draw, value) pairs (`('u32', 123)`,
/// `('range-int 0 100', 83)`, `('value', 0.5841396)`) and lines
/// (`'skip 3'`, `'bits 0xf = 0x2'`). Raises Underdetermined (with `count`
/// and, when few, `candidates`) when several states fit, NoSolution when
/// none does, ValueError for observations the GEN's method cannot use.
/// `fresh=True`: the first observation is the first draw of a fresh context
/// (a new process or page), which fixes V8's cache position (4 doubles of a
/// new Node.js 20/22/24 process suffice); other GENs ignore it.
#[pyfunction]
#[pyo3(signature = (r#gen, observations, *, stream=None, at="start", threads=None, fresh=false))]
fn recover(
    py: Python<'_>,
    r#gen: &Bound<'_, PyAny>,
    observations: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
    at: &str,
    threads: Option<&Bound<'_, PyAny>>,
    fresh: bool,
) -> PyResult<Generator> {
    let entry = entry_arg(r#gen)?;
    let at_end = match at {
        "start" => false,
        "end" => true,
        other => {
            return Err(value_error(format!(
                "at must be 'start' or 'end', not '{other}'"
            )));
        }
    };
    let mut options = RecoverOptions {
        fresh,
        ..RecoverOptions::default()
    };
    if let Some(s) = stream {
        if !entry.info().has_stream {
            return Err(value_error(stream_not_applicable(entry, &SPELLING)));
        }
        options.pcg_increment = (to_u64(s, "stream")? << 1) | 1;
    }
    if let Some(t) = threads_arg(threads)? {
        options.threads = t;
    }
    let (obs, text) = observations_and_text(entry, observations)?;
    let (result, message) = py
        .detach(|| {
            let result = recover_state(entry, &obs, &options)?;
            // The command line's message, with its hints (the seed search's
            // cost, the other GENs the values fit).
            let text = match (&result, text) {
                (Recovered::NoneFits, None) => Some(draw_lines(&obs)),
                (_, text) => text,
            };
            let message = Unresolved::new(entry, &obs, &result, &Hints::full(text.as_deref()));
            Ok::<_, rngkit_analysis::recover::RecoverError>((result, message))
        })
        .map_err(value_error)?;
    let finish = |mut rng| {
        if at_end {
            replay(&obs, &mut rng);
        }
        Generator::wrap(entry, rng)
    };
    let states = match result {
        Recovered::Unique(rng) => return Ok(finish(rng)),
        Recovered::Several { states, .. } => states,
        Recovered::OverBudget { .. } | Recovered::NoneFits => Vec::new(),
    };
    let message = message.expect("every answer but one state has a message");
    if message.kind() == UnresolvedKind::NoneFits {
        return Err(NoSolution::new_err(message.to_string()));
    }
    let candidates: Vec<Generator> = states.into_iter().map(finish).collect();
    let count_py = match message.count().expect("several states fit") {
        Count::Exact(n) => n.into_pyobject(py)?.into_any(),
        Count::PowerOfTwo(n) | Count::AtMost(n) | Count::About(n) => {
            2u32.into_pyobject(py)?.into_any().pow(n, py.None())?
        }
    };
    let err = Underdetermined::new_err(message.to_string());
    let value = err.value(py);
    value.setattr("count", count_py)?;
    value.setattr("candidates", candidates)?;
    Err(err)
}

/// identify(generator, *, max_advance=None) -> (seed, advance)
///
/// A seed S and a count n with `generator`'s state equal to
/// BitGenerator(gen, S) advanced by n raw steps (S written as the GEN writes
/// seeds: Unity's int seeds signed). mt19937 and its kin need no bound;
/// the others walk back at most `max_advance` steps (a default bound
/// otherwise). Raises NoSolution when nothing is found.
#[pyfunction]
#[pyo3(signature = (generator, *, max_advance=None))]
fn identify<'py>(
    py: Python<'py>,
    generator: &Bound<'py, PyAny>,
    max_advance: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let Ok(g) = generator.cast::<Generator>() else {
        return Err(PyTypeError::new_err(format!(
            "identify takes a rngkit.BitGenerator (build one from a state with BitGenerator(gen, state=...)), not {}",
            type_name(generator)
        )));
    };
    let g = g.get();
    let entry = g.entry;
    if !entry.can_identify() {
        return Err(value_error(identify_unsupported(entry)));
    }
    let max = match max_advance {
        Some(m) => Some(to_u64(m, "max_advance")?),
        None => None,
    };
    let rng = g.engine(py);
    match py.detach(|| entry.identify(&rng, max)) {
        Some(id) => {
            let seed = seed_to_py(py, entry.info().seed_kind, id.seed)?;
            PyTuple::new(py, [seed, id.advance.into_pyobject(py)?.into_any()])
        }
        None => Err(NoSolution::new_err(no_seed_found(entry, max, &SPELLING))),
    }
}

pub(crate) fn seed_to_py(py: Python<'_>, kind: SeedKind, bits: u64) -> PyResult<Bound<'_, PyAny>> {
    let text = kind.format(bits);
    let n: BigInt = text.parse().map_err(value_error)?;
    from_bigint(py, &n)
}

/// distance(start, end, *, max=None, signed=False) -> int
///
/// The smallest n >= 0 with `start` advanced by n raw steps equal to
/// `end` (a BitGenerator of the same GEN, or a state for it). Exact and fast
/// for the xorshift family, xoroshiro128+, xoshiro256**, pcg32,
/// splitmix64; MT19937 and TinyMT32 need `max` (a search bound). With
/// signed=True, the representative in (-period/2, period/2]. Raises
/// NoSolution when the distance is not found.
#[pyfunction]
#[pyo3(signature = (start, end, *, max=None, signed=false))]
fn distance<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    end: &Bound<'py, PyAny>,
    max: Option<&Bound<'py, PyAny>>,
    signed: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let Ok(from) = start.cast::<Generator>() else {
        return Err(PyTypeError::new_err(format!(
            "distance takes a rngkit.BitGenerator as its start, not {}",
            type_name(start)
        )));
    };
    let from = from.get();
    let entry = from.entry;
    let name = entry.name();
    let to = state_from_py(entry, end)?;
    let from = from.engine(py);
    let max = match max {
        Some(m) => {
            let n = to_bigint(m, "max")?;
            match (n.is_negative(), n.magnitude_u128()) {
                (false, Some(v)) => Some(v),
                _ => return Err(value_error(format!("max must be in 0..2^128, not {n}"))),
            }
        }
        None => None,
    };
    match py.detach(|| entry.distance(&from, &to, max)) {
        Ok(n) => {
            let n_big = BigInt::from(n);
            if signed {
                let Some(period) = entry.period() else {
                    return Err(value_error(format!(
                        "signed needs {name}'s period, which is not known"
                    )));
                };
                let back = n_big.complement_in(&period);
                if let Some(b) = back.magnitude_u128().filter(|&b| b < n) {
                    return Ok((-(b as i128)).into_pyobject(py)?.into_any());
                }
            }
            from_bigint(py, &n_big)
        }
        // A method missing or a bound needed is bad input; the rest (not
        // within the bound, different streams) has no answer.
        Err(e @ (DistanceError::NeedsBound { .. } | DistanceError::Unsupported(_))) => {
            Err(value_error(distance_error(entry, &e, &SPELLING)))
        }
        Err(e) => Err(NoSolution::new_err(distance_error(entry, &e, &SPELLING))),
    }
}

/// A message from the search thread.
enum Message {
    Found(Match),
    Progress(u64),
    Failed(String),
}

/// The seed-search iterator: yields `(seed, advance)` as matches are found.
#[pyclass(module = "rngkit._rngkit")]
pub struct SeedSearch {
    rx: Mutex<Option<Receiver<Message>>>,
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
    progress: Option<Py<PyAny>>,
    total: u128,
    kind: SeedKind,
    done: bool,
    last_progress: Instant,
    /// Seeds covered so far (each slice's end is reported exactly).
    searched: u64,
    /// Matches yielded so far.
    matches: u64,
    started: Instant,
    /// How long the search ran, once it has ended (or was closed).
    took: Option<Duration>,
}

impl Drop for SeedSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl SeedSearch {
    fn stop(&mut self, py: Python<'_>) {
        self.cancel.store(true, Ordering::Relaxed);
        self.done = true;
        self.took.get_or_insert_with(|| self.started.elapsed());
        if let Some(h) = self.handle.take() {
            py.detach(|| {
                let _ = h.join();
            });
        }
    }
}

#[pymethods]
impl SeedSearch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let rx = self
                .rx
                .lock()
                .map_err(|_| value_error("the search's channel is poisoned"))?
                .take();
            let Some(rx) = rx else {
                return Ok(None);
            };
            let (rx, message) = py.detach(move || {
                let m = rx.recv_timeout(Duration::from_millis(50));
                (rx, m)
            });
            if let Ok(mut slot) = self.rx.lock() {
                *slot = Some(rx);
            }
            // Ctrl-C is checked after every message, not only when none
            // came for a while: a busy search (progress messages queued on
            // a loaded machine) would otherwise never see it.
            if !matches!(message, Ok(Message::Found(_)))
                && let Err(e) = py.check_signals()
            {
                self.stop(py);
                return Err(e);
            }
            match message {
                Ok(Message::Found(m)) => {
                    self.matches += 1;
                    let seed = seed_to_py(py, self.kind, m.seed)?;
                    return Ok(Some(PyTuple::new(
                        py,
                        [seed, m.advance.into_pyobject(py)?.into_any()],
                    )?));
                }
                Ok(Message::Progress(done)) => {
                    self.searched = self.searched.max(done);
                    if let Some(cb) = &self.progress
                        && (self.last_progress.elapsed() >= Duration::from_millis(100)
                            || u128::from(done) >= self.total)
                    {
                        self.last_progress = Instant::now();
                        if let Err(e) = cb.call1(py, (done, self.total)) {
                            self.stop(py);
                            return Err(e);
                        }
                    }
                }
                Ok(Message::Failed(message)) => {
                    self.stop(py);
                    return Err(PyValueError::new_err(message));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop(py);
                    return Ok(None);
                }
            }
        }
    }

    /// Stops the search (the iterator then ends).
    fn close(&mut self, py: Python<'_>) {
        self.stop(py);
    }

    /// How many seeds the range holds.
    #[getter]
    fn total(&self) -> u128 {
        self.total
    }

    /// How many seeds were searched so far (all of them once the iterator
    /// is exhausted; fewer after `close()`): the JSON summary's `searched`.
    #[getter]
    fn searched(&self) -> u64 {
        self.searched
    }

    /// How many matches were yielded so far: the JSON summary's `matches`.
    #[getter]
    fn matches(&self) -> u64 {
        self.matches
    }

    /// Seconds since the search started, until it ended or was closed.
    #[getter]
    fn seconds(&self) -> f64 {
        self.took
            .unwrap_or_else(|| self.started.elapsed())
            .as_secs_f64()
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, py: Python<'_>, _args: &Bound<'_, PyTuple>) {
        self.stop(py);
    }
}

/// The seed range to search: `range(A, B)` or `(A, B)` read as `--seeds
/// A..B` is, by the shared reader ([`rngkit_analysis::input`]), so it is
/// refused in the same words; `None` is the GEN's whole 32-bit seed space.
pub(crate) fn seed_range(entry: &Entry, seeds: Option<&Bound<'_, PyAny>>) -> PyResult<SeedRange> {
    let text = match seeds {
        None => None,
        Some(seeds) => {
            let (a, b) = if let Ok(r) = seeds.cast::<PyRange>() {
                let step = to_bigint(&r.getattr("step")?, "the range's step")?;
                if step.to_i128() != Some(1) {
                    return Err(value_error("seeds must be a range with step 1"));
                }
                (r.getattr("start")?, r.getattr("stop")?)
            } else if let Ok(t) = seeds
                .cast::<PyTuple>()
                .cloned()
                .or_else(|_| seeds.cast::<PyList>().map(|l| l.to_tuple()))
            {
                if t.len() != 2 {
                    return Err(value_error(
                        "seeds must be range(A, B) or a pair (A, B), B excluded",
                    ));
                }
                (t.get_item(0)?, t.get_item(1)?)
            } else {
                return Err(PyTypeError::new_err(format!(
                    "seeds must be range(A, B) or a pair (A, B), not {}",
                    type_name(seeds)
                )));
            };
            let a = to_bigint(&a, "the first seed")?;
            let b = to_bigint(&b, "the seed range's end")?;
            Some(format!("{a}..{b}"))
        }
    };
    parse_seed_range(entry, text.as_deref(), &SPELLING).map_err(value_error)
}

/// _seed_range(gen, seeds=None) -> (start, stop)
///
/// The seeds a seed search of `gen` covers, as the GEN writes seeds, `stop`
/// excluded: `seeds` (a range or a pair) checked as `seed_search` checks
/// it, or the default range. For rngkit.distributed, which splits it into
/// tasks.
#[pyfunction]
#[pyo3(signature = (r#gen, seeds=None))]
fn _seed_range<'py>(
    py: Python<'py>,
    r#gen: &Bound<'py, PyAny>,
    seeds: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let range = seed_range(entry_arg(r#gen)?, seeds)?;
    PyTuple::new(
        py,
        [
            from_bigint(py, &BigInt::from(range.first()))?,
            from_bigint(py, &BigInt::from(range.last() + 1))?,
        ],
    )
}

/// seed_search(gen, observations, *, seeds=None, max_advance=0,
/// threads=None, stream=None, progress=None)
///
/// An iterator over every seed S in `seeds` (a range, or (A, B) with B
/// excluded; default: the whole 32-bit seed space) whose stream, from
/// BitGenerator(gen, S) advanced by 0..=max_advance raw steps, gives every
/// observation (as `recover` takes them). Yields `(seed, advance)` as
/// matches are found (in no fixed order across threads). The search runs
/// on native threads with the GIL released; `progress(done, total)` is
/// called about ten times a second; Ctrl-C (KeyboardInterrupt) or
/// `close()` stops it. Bad observations fail here, before any search.
#[pyfunction]
#[pyo3(signature = (r#gen, observations, *, seeds=None, max_advance=None, threads=None, stream=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn seed_search(
    r#gen: &Bound<'_, PyAny>,
    observations: &Bound<'_, PyAny>,
    seeds: Option<&Bound<'_, PyAny>>,
    max_advance: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    progress: Option<Py<PyAny>>,
) -> PyResult<SeedSearch> {
    let entry = entry_arg(r#gen)?;
    let ranges = seed_range(entry, seeds)?.patterns();
    let max_advance = match max_advance {
        Some(k) => to_u64(k, "max_advance")?,
        None => 0,
    };
    let threads = threads_arg(threads)?
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let stream = match stream {
        Some(_) if !entry.info().has_stream => {
            return Err(value_error(stream_not_applicable(entry, &SPELLING)));
        }
        Some(s) => Some(to_u64(s, "stream")?),
        None => None,
    };
    if let Some(p) = &progress
        && !p.bind(observations.py()).is_callable()
    {
        return Err(PyTypeError::new_err(
            "progress must be callable: progress(done, total)",
        ));
    }
    let obs = self::observations(entry, observations)?;
    let total: u128 = ranges
        .iter()
        .map(|r| u128::from(r.end() - r.start()) + 1)
        .sum();
    let (tx, rx) = mpsc::channel();
    let cancel = Arc::new(AtomicBool::new(false));
    let stop = Arc::clone(&cancel);
    let handle = std::thread::Builder::new()
        .name("rngkit-seed-search".into())
        .spawn(move || run_search(entry, obs, ranges, max_advance, threads, stream, &stop, &tx))
        .map_err(|e| value_error(format!("cannot start the search thread: {e}")))?;
    Ok(SeedSearch {
        rx: Mutex::new(Some(rx)),
        cancel,
        handle: Some(handle),
        progress,
        total,
        kind: entry.info().seed_kind,
        done: false,
        last_progress: Instant::now(),
        searched: 0,
        matches: 0,
        started: Instant::now(),
        took: None,
    })
}

/// The search thread: the ranges in slices sized to take about a quarter
/// of a second each, so that a cancel takes effect soon.
#[allow(clippy::too_many_arguments)]
fn run_search(
    entry: &'static Entry,
    obs: Vec<Observation>,
    ranges: Vec<RangeInclusive<u64>>,
    max_advance: u64,
    threads: usize,
    stream: Option<u64>,
    cancel: &AtomicBool,
    tx: &mpsc::Sender<Message>,
) {
    let mut done_before = 0u64;
    let min_slice = (threads as u64) << 20;
    let mut slice = min_slice;
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        for range in ranges {
            let mut next = *range.start();
            loop {
                if cancel.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let last = next.saturating_add(slice - 1).min(*range.end());
                let mut spec = SearchSpec::new(entry, obs.clone(), next..=last)
                    .max_advance(max_advance)
                    .threads(threads);
                if let Some(s) = stream {
                    spec = spec.stream(s);
                }
                let started = Instant::now();
                let done = search(
                    &spec,
                    |m| {
                        let _ = tx.send(Message::Found(m));
                    },
                    |d| {
                        let _ = tx.send(Message::Progress(done_before + d));
                    },
                )
                .map_err(|e| e.to_string())?;
                done_before += done;
                // The slice's end, exactly (the search's own progress
                // reports come between chunks).
                let _ = tx.send(Message::Progress(done_before));
                let seconds = started.elapsed().as_secs_f64();
                if seconds < 0.1 {
                    slice = slice.saturating_mul(2).min(1 << 40);
                } else if seconds > 0.5 {
                    slice = (slice / 2).max(min_slice);
                }
                if last == *range.end() {
                    break;
                }
                next = last + 1;
            }
        }
        Ok(())
    }));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(message)) => {
            let _ = tx.send(Message::Failed(message));
        }
        Err(_) => {
            let _ = tx.send(Message::Failed(
                "internal error: the seed search panicked (please report it)".into(),
            ));
        }
    }
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SeedSearch>()?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    m.add_function(wrap_pyfunction!(identify, m)?)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(seed_search, m)?)?;
    m.add_function(wrap_pyfunction!(_seed_range, m)?)?;
    m.add_class::<Detected>()?;
    m.add_class::<OpenReading>()?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    Ok(())
}

/// One GEN that reproduces the values given to `detect`: the fields of a
/// fit in `rngkit detect --format json` (`answer`'s flattened: `kind`,
/// `states`, `seed`, `advance`), under the same names.
#[pyclass(module = "rngkit._rngkit", frozen, get_all)]
pub struct Detected {
    /// The GEN's name.
    r#gen: String,
    /// The draw the values were read as (`math-random`).
    draw: String,
    /// The states before the first value (one, or several: V8 values at an
    /// unknown cache position).
    states: Vec<Py<Generator>>,
    /// The seed, when a seed search found it (as the GEN writes seeds).
    seed: Option<Py<PyAny>>,
    /// Raw steps after seeding, with `seed`.
    advance: Option<u64>,
    /// Whether the values pin it beyond chance (24 bits more than the state).
    decisive: bool,
    /// The other GENs sharing its state and values (one family).
    family: Vec<String>,
    /// What reproduces the values: `state`, `states` or `seed`.
    kind: &'static str,
    /// Bits the values reveal of the raw words.
    revealed_bits: u64,
    /// Bits of the state (or of the seed, for a seed fit).
    state_bits: u64,
    /// The values a decisive fit needs, at the bits per value these
    /// revealed (`None` when they revealed none).
    values_to_settle: Option<u64>,
}

/// A reading `detect` left open (`with_open=True`): the fields of an
/// `open` entry of `rngkit detect --format json`, under the same names,
/// ranked likeliest first.
#[pyclass(module = "rngkit._rngkit", frozen, get_all)]
pub struct OpenReading {
    /// 1 for the likeliest.
    rank: usize,
    /// The GEN's name.
    r#gen: String,
    /// The draw.
    draw: String,
    /// Why it stays open.
    why: String,
    /// Bits the values show beyond what any values would fit.
    evidence_bits: f64,
    /// How common the GEN is (1 to 3).
    prior: u8,
    /// Bits the values reveal of the raw words.
    revealed_bits: u64,
    /// Bits of the GEN's state.
    state_bits: u64,
    /// About how many more values would settle it.
    more_values: Option<u64>,
}

#[pymethods]
impl OpenReading {
    fn __repr__(&self) -> String {
        format!(
            "OpenReading(rank={}, gen='{}', draw='{}', evidence_bits={:.1}, more_values={:?})",
            self.rank, self.r#gen, self.draw, self.evidence_bits, self.more_values
        )
    }
}

#[pymethods]
impl Detected {
    /// The state before the first value (the first, when several fit).
    #[getter]
    fn state(&self, py: Python<'_>) -> Py<Generator> {
        self.states[0].clone_ref(py)
    }

    fn __repr__(&self) -> String {
        let what = match (&self.seed, self.states.len()) {
            (Some(s), _) => format!("seed={s}"),
            (None, 1) => "state=...".to_string(),
            (None, n) => format!("states={n}"),
        };
        format!(
            "Detected(gen='{}', draw='{}', {what}, decisive={}, family={:?})",
            self.r#gen,
            self.draw,
            if self.decisive { "True" } else { "False" },
            self.family
        )
    }
}

/// detect(values, *, max_seconds=4.0, threads=None, with_open=False) -> (verdict, list[Detected])
///
/// Which generator made these values? `values` is the text `rngkit detect`
/// reads (bare values one a line, or observation lines) or a list of
/// numbers (ints, floats in [0, 1)) or observation lines. Returns the
/// verdict, 'identified' (one GEN or family fits decisively), 'ambiguous'
/// (several unrelated GENs do), 'underdetermined' (too few values: the
/// list holds the weak fits) or 'none', and the fits, best first, each
/// with a state (or states, or a seed) that regenerates every value.
/// Raises ValueError for malformed input. Recoveries still running when
/// the budget is spent (or once a GEN fits decisively) are told to stop and
/// joined before it returns: no thread outlives the call. With
/// `with_open=True` it returns a third item, the readings left open
/// (list[OpenReading], likeliest first, as `rngkit detect --format json`
/// ranks them).
#[pyfunction]
#[pyo3(signature = (values, *, max_seconds=4.0, threads=None, with_open=false))]
fn detect<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    max_seconds: f64,
    threads: Option<&Bound<'py, PyAny>>,
    with_open: bool,
) -> PyResult<Bound<'py, PyTuple>> {
    use rngkit_analysis::detect::{Answer, DetectOptions, Verdict, detect as run_detect};
    if !(max_seconds.is_finite() && max_seconds > 0.0 && max_seconds <= 1e6) {
        return Err(value_error(format!(
            "max_seconds must be in (0, 1000000], not {max_seconds}"
        )));
    }
    let text = if let Ok(s) = values.cast::<PyString>() {
        s.to_cow()?.into_owned()
    } else {
        let Ok(iter) = values.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "values must be text or a list of numbers, not {}",
                type_name(values)
            )));
        };
        let mut lines = Vec::new();
        for item in iter {
            lines.push(value_text(&item?)?);
        }
        lines.join("\n")
    };
    let mut options = DetectOptions {
        budget: Duration::from_secs_f64(max_seconds),
        ..DetectOptions::default()
    };
    if let Some(t) = threads_arg(threads)? {
        options.threads = t;
    }
    let found = py
        .detach(|| run_detect(&text, &options))
        .map_err(value_error)?;
    let verdict = found.verdict();
    let label = match verdict {
        Verdict::Identified => "identified",
        Verdict::Ambiguous => "ambiguous",
        Verdict::Underdetermined => "underdetermined",
        Verdict::NoneFits => "none",
    };
    let fits: Vec<_> = match verdict {
        Verdict::Identified | Verdict::Ambiguous => found.decisive().collect(),
        _ => found.fits.iter().collect(),
    };
    let mut out = Vec::new();
    for fit in fits {
        let wrap =
            |e: &rngkit::registry::Engine| Py::new(py, Generator::wrap(fit.generator, e.clone()));
        let kind = match &fit.answer {
            Answer::State(_) => "state",
            Answer::States(_) => "states",
            Answer::Seed { .. } => "seed",
        };
        let (states, seed, advance) = match &fit.answer {
            Answer::State(s) => (vec![wrap(s)?], None, None),
            Answer::States(s) => (s.iter().map(wrap).collect::<PyResult<_>>()?, None, None),
            Answer::Seed {
                seed,
                advance,
                state,
            } => {
                let kind = fit.generator.info().seed_kind;
                let value = match kind {
                    SeedKind::I32 => (*seed as u32 as i32).into_pyobject(py)?.into_any().unbind(),
                    SeedKind::I64 => (*seed as i64).into_pyobject(py)?.into_any().unbind(),
                    _ => seed.into_pyobject(py)?.into_any().unbind(),
                };
                (vec![wrap(state)?], Some(value), Some(*advance))
            }
        };
        out.push(Detected {
            r#gen: fit.generator.name().to_string(),
            draw: fit.draw.clone(),
            states,
            seed,
            advance,
            decisive: fit.decisive,
            family: fit
                .family
                .iter()
                .map(|(g, _)| g.name().to_string())
                .collect(),
            kind,
            revealed_bits: fit.revealed_bits,
            state_bits: fit.state_bits,
            values_to_settle: fit.values_needed(found.values),
        });
    }
    let label = label.into_pyobject(py)?.into_any();
    let fits = out.into_pyobject(py)?.into_any();
    if !with_open {
        return PyTuple::new(py, [label, fits]);
    }
    let open: Vec<OpenReading> = found
        .open
        .iter()
        .enumerate()
        .map(|(i, o)| OpenReading {
            rank: i + 1,
            r#gen: o.generator.name().to_string(),
            draw: o.draw.clone(),
            why: o.why.clone(),
            evidence_bits: o.evidence_bits,
            prior: o.prior,
            revealed_bits: o.revealed_bits,
            state_bits: o.state_bits,
            more_values: o.more_values,
        })
        .collect();
    PyTuple::new(py, [label, fits, open.into_pyobject(py)?.into_any()])
}

//! The `BitGenerator` class: one class over every GEN of the catalogue.

use std::sync::Arc;

use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyAttributeError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyList, PyString, PyTuple};
use rngkit::StateError;
use rngkit::draw::{COMMON_DRAWS, DrawValue};
use rngkit::number::BigInt;
use rngkit::rand_core::Rng;
use rngkit::registry::{Draw, Engine, SeedKind, SeedOptions};
use rngkit::state_text::WordForm;
use rngkit_analysis::registry::{self, Entry};

use crate::bitgen::{self, Core, RawLock};
use crate::{entry_arg, from_bigint, to_bigint, to_u64, type_name, value_error};

/// A generator of one GEN, with numpy's `BitGenerator` interface.
#[pyclass(module = "rngkit._rngkit", name = "BitGenerator", frozen)]
pub struct Generator {
    pub(crate) entry: &'static Entry,
    pub(crate) core: Arc<Core>,
}

impl Generator {
    /// A generator object around `engine`, of `entry`'s GEN.
    pub(crate) fn wrap(entry: &'static Entry, engine: Engine) -> Self {
        Generator {
            entry,
            core: Core::new(engine, None),
        }
    }

    /// A copy of the engine.
    pub(crate) fn engine(&self, py: Python<'_>) -> Engine {
        self.core.with(py, |s| s.engine.clone())
    }

    /// Parses a draw given by Python name (`range_int` or `range-int`) and
    /// Python arguments.
    fn parse_draw(&self, name: &str, args: &Bound<'_, PyTuple>) -> PyResult<Draw> {
        let name = name.replace('_', "-");
        let texts = args
            .iter()
            .map(|a| arg_text(&a))
            .collect::<PyResult<Vec<String>>>()?;
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        self.entry.parse_draw(&name, &refs).map_err(value_error)
    }

    /// Evaluates `draw` once, or `n` times into an array.
    fn eval<'py>(
        &self,
        py: Python<'py>,
        draw: &Draw,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let Some(n) = n else {
            let value = self.core.with(py, |s| draw.eval(&mut s.engine));
            return value_to_py(py, value);
        };
        let n = count(n)?;
        let column = self.core.with(py, |s| {
            py.detach(|| {
                let mut column = Column::new(n);
                for _ in 0..n {
                    column.push(draw.eval(&mut s.engine));
                }
                column
            })
        });
        column.into_py(py)
    }

    /// Fills `n * width` bytes with the generator's `fill_bytes` (whole
    /// output words in little-endian order) and views them as `dtype`.
    fn fill<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        width: usize,
        dtype: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let bytes = n
            .checked_mul(width)
            .ok_or_else(|| value_error(format!("n = {n} is too large")))?;
        let array = PyArray1::<u8>::zeros(py, bytes, false);
        {
            let mut rw = array.readwrite();
            let slice = rw.as_slice_mut().map_err(value_error)?;
            self.core
                .with(py, |s| py.detach(|| s.engine.fill_bytes(slice)));
        }
        array.call_method1("view", (dtype,))
    }

    fn new_like(&self, engine: Engine, half: Option<u32>) -> Generator {
        Generator {
            entry: self.entry,
            core: Core::new(engine, half),
        }
    }
}

/// The number of draws asked for.
fn count(n: &Bound<'_, PyAny>) -> PyResult<usize> {
    let big = to_bigint(n, "n")?;
    match big.to_i128() {
        Some(v) if (0..=i128::from(u32::MAX) * 64).contains(&v) => Ok(v as usize),
        _ => Err(value_error(format!(
            "n must be a count in 0..=2^38, not {big}"
        ))),
    }
}

/// A draw argument as the CLI takes it.
fn arg_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "draw arguments are numbers (int or float), not bool",
        ));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(obj.repr()?.to_cow()?.into_owned());
    }
    if let Ok(n) = to_bigint(obj, "a draw argument") {
        return Ok(n.to_string());
    }
    if obj.hasattr("__float__")? {
        let f: f64 = obj.extract()?;
        return Ok(PyFloat::new(obj.py(), f).repr()?.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "draw arguments are numbers (int or float), not {}",
        type_name(obj)
    )))
}

/// A drawn value as a Python value.
pub(crate) fn value_to_py(py: Python<'_>, value: DrawValue) -> PyResult<Bound<'_, PyAny>> {
    Ok(match value {
        DrawValue::U32(v) => v.into_pyobject(py)?.into_any(),
        DrawValue::U64(v) => v.into_pyobject(py)?.into_any(),
        DrawValue::I32(v) => v.into_pyobject(py)?.into_any(),
        DrawValue::I64(v) => v.into_pyobject(py)?.into_any(),
        DrawValue::F32(v) => f64::from(v).into_pyobject(py)?.into_any(),
        DrawValue::F64(v) => v.into_pyobject(py)?.into_any(),
        DrawValue::Bool(v) => PyBool::new(py, v).to_owned().into_any(),
        DrawValue::F32s(v) => PyTuple::new(py, v.into_iter().map(f64::from))?.into_any(),
        DrawValue::F64s(v) => PyTuple::new(py, v)?.into_any(),
        DrawValue::Big(n) => from_bigint(py, &n)?,
        DrawValue::Bytes(b) => PyBytes::new(py, &b).into_any(),
        DrawValue::Ints(v) => PyTuple::new(py, v)?.into_any(),
        DrawValue::Text(t) => PyString::new(py, &t).into_any(),
    })
}

/// Draws collected by type, for numpy arrays.
enum Column {
    Empty(usize),
    U32(Vec<u32>),
    U64(Vec<u64>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    Bool(Vec<bool>),
    Vectors(Vec<f32>, usize),
    Other(Vec<DrawValue>),
}

impl Column {
    fn new(capacity: usize) -> Self {
        Column::Empty(capacity)
    }

    fn push(&mut self, value: DrawValue) {
        match (&mut *self, value) {
            (Column::U32(v), DrawValue::U32(x)) => v.push(x),
            (Column::U64(v), DrawValue::U64(x)) => v.push(x),
            (Column::I32(v), DrawValue::I32(x)) => v.push(x),
            (Column::I64(v), DrawValue::I64(x)) => v.push(x),
            (Column::F32(v), DrawValue::F32(x)) => v.push(x),
            (Column::F64(v), DrawValue::F64(x)) => v.push(x),
            (Column::Bool(v), DrawValue::Bool(x)) => v.push(x),
            (Column::Vectors(v, k), DrawValue::F32s(x)) if x.len() == *k => v.extend(x),
            (Column::Other(v), x) => v.push(x),
            (Column::Empty(cap), x) => {
                let cap = *cap;
                *self = match x {
                    DrawValue::U32(x) => Column::U32(with_first(cap, x)),
                    DrawValue::U64(x) => Column::U64(with_first(cap, x)),
                    DrawValue::I32(x) => Column::I32(with_first(cap, x)),
                    DrawValue::I64(x) => Column::I64(with_first(cap, x)),
                    DrawValue::F32(x) => Column::F32(with_first(cap, x)),
                    DrawValue::F64(x) => Column::F64(with_first(cap, x)),
                    DrawValue::Bool(x) => Column::Bool(with_first(cap, x)),
                    DrawValue::F32s(x) => {
                        let k = x.len();
                        let mut v = Vec::with_capacity(cap.saturating_mul(k));
                        v.extend(x);
                        Column::Vectors(v, k)
                    }
                    other => Column::Other(vec![other]),
                }
            }
            (_, x) => {
                // A draw whose values change kind: keep them all as values.
                let mut all = self.take_values();
                all.push(x);
                *self = Column::Other(all);
            }
        }
    }

    fn take_values(&mut self) -> Vec<DrawValue> {
        match std::mem::replace(self, Column::Empty(0)) {
            Column::Empty(_) => Vec::new(),
            Column::U32(v) => v.into_iter().map(DrawValue::U32).collect(),
            Column::U64(v) => v.into_iter().map(DrawValue::U64).collect(),
            Column::I32(v) => v.into_iter().map(DrawValue::I32).collect(),
            Column::I64(v) => v.into_iter().map(DrawValue::I64).collect(),
            Column::F32(v) => v.into_iter().map(DrawValue::F32).collect(),
            Column::F64(v) => v.into_iter().map(DrawValue::F64).collect(),
            Column::Bool(v) => v.into_iter().map(DrawValue::Bool).collect(),
            Column::Vectors(v, k) => v
                .chunks(k.max(1))
                .map(|c| DrawValue::F32s(c.to_vec()))
                .collect(),
            Column::Other(v) => v,
        }
    }

    fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        Ok(match self {
            Column::Empty(_) => PyArray1::<f64>::zeros(py, 0, false).into_any(),
            Column::U32(v) => v.into_pyarray(py).into_any(),
            Column::U64(v) => v.into_pyarray(py).into_any(),
            Column::I32(v) => v.into_pyarray(py).into_any(),
            Column::I64(v) => v.into_pyarray(py).into_any(),
            Column::F32(v) => v.into_pyarray(py).into_any(),
            Column::F64(v) => v.into_pyarray(py).into_any(),
            Column::Bool(v) => v.into_pyarray(py).into_any(),
            Column::Vectors(v, k) => {
                let rows = v.len() / k.max(1);
                v.into_pyarray(py).reshape([rows, k])?.into_any()
            }
            Column::Other(v) => {
                let items = v
                    .into_iter()
                    .map(|x| value_to_py(py, x))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any()
            }
        })
    }
}

fn with_first<T>(capacity: usize, first: T) -> Vec<T> {
    let mut v = Vec::with_capacity(capacity);
    v.push(first);
    v
}

/// A state error naming the GEN rather than the generator type underneath
/// (`bdsp`, not `xorshift128`), as the CLI words it.
pub(crate) fn state_error(entry: &Entry, e: &StateError) -> PyErr {
    value_error(entry.state_error_message(e))
}

/// A state given as text: the generic JSON form, a GEN-specific form
/// (Unity's JSON, BDSP's seed pair) or hex words as `rngkit state` prints
/// them, in the command line's words ([`rngkit::state_text`]).
pub(crate) fn state_from_text(entry: &Entry, text: &str) -> PyResult<Engine> {
    entry
        .parse_state_text(text, WordForm::Typed)
        .map_err(value_error)
}

/// A state given as a Python value: text, words or a blob.
pub(crate) fn state_from_py(entry: &Entry, state: &Bound<'_, PyAny>) -> PyResult<Engine> {
    if let Ok(s) = state.cast::<PyString>() {
        return state_from_text(entry, &s.to_cow()?);
    }
    if state.is_instance_of::<PyBytes>() || state.is_instance_of::<PyByteArray>() {
        let data: Vec<u8> = state.extract()?;
        return blob(entry, &data);
    }
    if let Ok(g) = state.cast::<Generator>() {
        let g = g.get();
        if g.entry.rng_type() != entry.rng_type() {
            return Err(value_error(format!(
                "a {} generator's state is not a {} state",
                g.entry.name(),
                entry.name()
            )));
        }
        return Ok(g.engine(state.py()).with_spec(entry.spec()));
    }
    if state.is_instance_of::<PyList>()
        || state.is_instance_of::<PyTuple>()
        || state.hasattr("__array__")?
    {
        let bits = entry.word_bits();
        let mut words = Vec::new();
        for (i, item) in state.try_iter()?.enumerate() {
            let item = item?;
            let w = to_u64(&item, &format!("state word {i}"))?;
            if bits == 32 && w > u64::from(u32::MAX) {
                return Err(value_error(format!(
                    "state word {i} ({w:#x}) does not fit in {bits} bits"
                )));
            }
            words.push(w);
        }
        return entry.from_words(&words).map_err(|e| state_error(entry, &e));
    }
    Err(PyTypeError::new_err(format!(
        "state must be the text `rngkit state` prints (str), a list of state words (ints), or a save blob (bytes), not {}",
        type_name(state)
    )))
}

fn blob(entry: &Entry, data: &[u8]) -> PyResult<Engine> {
    match entry.from_bytes(data) {
        Some(result) => result.map_err(|e| state_error(entry, &e)),
        None => Err(value_error(format!(
            "{} has no binary state form; give its state as words or text",
            entry.name()
        ))),
    }
}

/// A state from the OS entropy source, as the CLI's `--entropy` makes one.
fn from_entropy(py: Python<'_>, entry: &Entry, options: &SeedOptions) -> PyResult<Engine> {
    let urandom = py.import("os")?.getattr("urandom")?;
    let random_u64 = || -> PyResult<u64> {
        let bytes: Vec<u8> = urandom.call1((8,))?.extract()?;
        let mut buf = [0u8; 8];
        buf.copy_from_slice(&bytes);
        Ok(u64::from_le_bytes(buf))
    };
    for _ in 0..64 {
        let rng = match entry.info().seed_kind.bits() {
            Some(32) => entry
                .seed(&BigInt::from(random_u64()? & 0xffff_ffff), options)
                .ok(),
            Some(_) if options.stream.is_some() => {
                entry.seed(&BigInt::from(random_u64()?), options).ok()
            }
            _ => {
                let mut words = Vec::with_capacity(entry.word_count());
                for _ in 0..entry.word_count() {
                    let w = random_u64()?;
                    words.push(if entry.word_bits() == 32 {
                        w & 0xffff_ffff
                    } else {
                        w
                    });
                }
                // Some states have structure random words rarely meet (the
                // MT `left` word): then a random seed of the GEN's own, as
                // the CLI's `--entropy` does.
                match entry.from_words(&words) {
                    Ok(rng) => Some(rng),
                    Err(_) => entry.seed(&BigInt::from(random_u64()?), options).ok(),
                }
            }
        };
        if let Some(rng) = rng {
            return Ok(rng);
        }
    }
    Err(value_error(format!(
        "{} could not be started from OS entropy; give a seed or a state",
        entry.name()
    )))
}

/// Moves `engine` by `steps`, any size (reduced modulo the period where it
/// is known; the registry's `Entry::advance`).
pub(crate) fn advance_engine(
    entry: &Entry,
    engine: &mut Engine,
    steps: &BigInt,
) -> Result<(), registry::Unsupported> {
    entry.advance(engine, steps)
}

/// `2^128`, numpy's `MT19937.jumped()` step.
fn two_pow_128() -> BigInt {
    BigInt::from_limbs(false, &[0, 0, 0, 0, 1])
}

fn snake(name: &str) -> String {
    name.replace('-', "_")
}

#[pymethods]
impl Generator {
    /// BitGenerator(gen, seed=None, *, seed_str=None, state=None, stream=None)
    ///
    /// A generator of GEN `gen` (a name such as 'unity', 'mt19937', 'php',
    /// 'python'; `rngkit.generators()` lists them), started the way the
    /// CLI's seeding options start it: `seed` is an int of any size and
    /// means what the engine does with it (`rngkit describe(gen)` says);
    /// `seed_str` is the runtime's string seeding or the documented FNV-1a
    /// hash; `state` is the text `rngkit state` prints, a list of state
    /// words, another BitGenerator of the same generator type, or a save
    /// blob (bytes, see `from_bytes`); `stream` is the PCG stream. With none
    /// of seed, seed_str and state, the state comes from the OS.
    #[new]
    #[pyo3(signature = (r#gen, seed=None, *, seed_str=None, state=None, stream=None))]
    fn py_new(
        py: Python<'_>,
        r#gen: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        seed_str: Option<&Bound<'_, PyAny>>,
        state: Option<&Bound<'_, PyAny>>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let entry = entry_arg(r#gen)?;
        let given = [seed.is_some(), seed_str.is_some(), state.is_some()]
            .iter()
            .filter(|&&b| b)
            .count();
        if given > 1 {
            return Err(PyTypeError::new_err(
                "give one of seed, seed_str and state, not several",
            ));
        }
        let mut options = SeedOptions::default();
        if let Some(stream) = stream {
            if !entry.info().has_stream {
                return Err(value_error(
                    rngkit_analysis::message::stream_not_applicable(entry, &crate::SPELLING),
                ));
            }
            if state.is_some() {
                return Err(value_error(
                    "stream selects the stream of a seed; a state already holds its increment",
                ));
            }
            options.stream = Some(to_u64(stream, "stream")?);
        }
        let engine = if let Some(seed) = seed {
            let seed = to_bigint(seed, "seed")?;
            entry.seed(&seed, &options).map_err(value_error)?
        } else if let Some(text) = seed_str {
            let Ok(text) = text.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "seed_str must be a str, not {}",
                    type_name(text)
                )));
            };
            entry
                .seed_str(&text.to_cow()?, &options)
                .map_err(value_error)?
        } else if let Some(state) = state {
            state_from_py(entry, state)?
        } else {
            from_entropy(py, entry, &options)?
        };
        Ok(Generator::wrap(entry, engine))
    }

    /// BitGenerator.from_bytes(gen, data): a generator from a save blob (for
    /// mt19937/mars: 624 little-endian u32 then the i32 `left`, 2500 or
    /// 2503 bytes; `to_bytes` writes it).
    #[staticmethod]
    #[pyo3(signature = (r#gen, data))]
    fn from_bytes(r#gen: &Bound<'_, PyAny>, data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let entry = entry_arg(r#gen)?;
        if !(data.is_instance_of::<PyBytes>() || data.is_instance_of::<PyByteArray>()) {
            return Err(PyTypeError::new_err(format!(
                "data must be bytes, not {}",
                type_name(data)
            )));
        }
        let data: Vec<u8> = data.extract()?;
        Ok(Generator::wrap(entry, blob(entry, &data)?))
    }

    /// The save blob of the state (bytes), for GENs that have one
    /// (mt19937 and its kin); ValueError for the others.
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        match self.engine(py).to_bytes() {
            Some(b) => Ok(PyBytes::new(py, &b)),
            None => Err(value_error(format!(
                "{} has no binary state form; use .state or .state_hex",
                self.entry.name()
            ))),
        }
    }

    /// The GEN's name ('unity', 'mt19937', ...).
    #[getter]
    fn r#gen(&self) -> &'static str {
        self.entry.name()
    }

    /// The state words (a tuple of ints), in the order `rngkit state`
    /// prints them; assign a list of words, a state text or a blob to set it.
    #[getter]
    fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.engine(py).words())
    }

    #[setter]
    fn set_state(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let engine = state_from_py(self.entry, state)?;
        self.core.with(py, |s| {
            s.engine = engine;
            s.half = None;
        });
        Ok(())
    }

    /// The state as `rngkit state` prints it: zero-padded hex words.
    #[getter]
    fn state_hex(&self, py: Python<'_>) -> String {
        self.engine(py).format_words()
    }

    /// The state as `rngkit state --format json` prints it: Unity's
    /// `JsonUtility` form for the Unity GENs, `{"gen":..,"words":[..]}`
    /// otherwise. `state = ...`, the constructors and the CLI read it back.
    #[getter]
    fn state_json(&self, py: Python<'_>) -> String {
        self.engine(py).state_json()
    }

    /// Bits in one raw output word (32 or 64).
    #[getter]
    fn output_bits(&self) -> u32 {
        self.entry.output_bits()
    }

    /// Every draw's syntax ('u32', 'range-int MIN MAX', ...); each is also a
    /// method, in snake case (`g.range_int(0, 10)`).
    #[getter]
    fn draws(&self) -> Vec<&'static str> {
        self.entry.spec().draw_syntaxes()
    }

    /// draw(name, *args, n=None): one draw (a Python value), or with `n` an
    /// array of n draws (a numpy array for numbers and vectors, a list for
    /// other values). `name` and `args` are as the CLI's `gen` takes them:
    /// `g.draw('range-int', 0, 10)`, `g.draw('range_int', 0, 10, n=1000)`.
    #[pyo3(signature = (name, *args, n=None))]
    fn draw<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        args: &Bound<'py, PyTuple>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let draw = self.parse_draw(name, args)?;
        self.eval(py, &draw, n)
    }

    /// u32(n=None): the next 32-bit value (for 64-bit generators the upper
    /// half of a word), or a numpy uint32 array of n.
    #[pyo3(signature = (n=None))]
    fn u32<'py>(
        &self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match n {
            Some(n) if self.entry.output_bits() == 32 => self.fill(py, count(n)?, 4, "<u4"),
            _ => self.draw(py, "u32", &PyTuple::empty(py), n),
        }
    }

    /// u64(n=None): the next 64-bit value (for 32-bit generators two words,
    /// the first in the low half), or a numpy uint64 array of n.
    #[pyo3(signature = (n=None))]
    fn u64<'py>(
        &self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match n {
            Some(n) => self.fill(py, count(n)?, 8, "<u8"),
            None => self.draw(py, "u64", &PyTuple::empty(py), None),
        }
    }

    /// f64(n=None): a uniform double in [0, 1) with 53 bits, or a numpy
    /// float64 array of n.
    #[pyo3(signature = (n=None))]
    fn f64<'py>(
        &self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.draw(py, "f64", &PyTuple::empty(py), n)
    }

    /// f32(n=None): a uniform float in [0, 1) with 24 bits, or a numpy
    /// float32 array of n.
    #[pyo3(signature = (n=None))]
    fn f32<'py>(
        &self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.draw(py, "f32", &PyTuple::empty(py), n)
    }

    /// random_raw(size=None): raw output words as numpy's BitGenerator
    /// method does (one word each; a uint64 array when size is given).
    #[pyo3(signature = (size=None))]
    fn random_raw<'py>(
        &self,
        py: Python<'py>,
        size: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match size {
            None => Ok(self
                .core
                .with(py, |s| s.engine.next_word())
                .into_pyobject(py)?
                .into_any()),
            Some(n) => {
                let n = count(n)?;
                let words = self.core.with(py, |s| {
                    py.detach(|| (0..n).map(|_| s.engine.next_word()).collect::<Vec<u64>>())
                });
                Ok(words.into_pyarray(py).into_any())
            }
        }
    }

    /// advance(n): moves the generator n raw steps (one step = one output
    /// word); n is an int of any size, negative to step back. Reduced
    /// modulo the period and done in O(log n) for GENs that can jump; the
    /// others step forward (n below 2^64) and cannot go back.
    fn advance(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<()> {
        let steps = to_bigint(n, "n")?;
        let entry = self.entry;
        self.core
            .with(py, |s| {
                s.half = None;
                py.detach(|| advance_engine(entry, &mut s.engine, &steps))
            })
            .map_err(value_error)
    }

    /// jump(n): advance(n) for GENs with an O(log n) jump; ValueError for
    /// the others (which would have to step).
    fn jump(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<()> {
        if !self.entry.can_jump() {
            return Err(value_error(format!(
                "{} cannot jump (it has no O(log n) method); advance(n) steps forward",
                self.entry.name()
            )));
        }
        self.advance(py, n)
    }

    /// step_back(n=1): moves the generator n raw steps back (GENs that can jump).
    #[pyo3(signature = (n=None))]
    fn step_back(&self, py: Python<'_>, n: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let n = match n {
            Some(n) => to_bigint(n, "n")?,
            None => BigInt::from(1),
        };
        let back = from_bigint(py, &n)?.neg()?;
        if !self.entry.can_jump() {
            return Err(value_error(format!(
                "{} cannot step back",
                self.entry.name()
            )));
        }
        self.advance(py, &back)
    }

    /// jumped(jumps=1): a copy advanced by jumps * 2^128 raw steps (numpy's
    /// `MT19937.jumped` convention), for GENs that can jump.
    #[pyo3(signature = (jumps=None))]
    fn jumped(&self, py: Python<'_>, jumps: Option<&Bound<'_, PyAny>>) -> PyResult<Generator> {
        let jumps = match jumps {
            Some(j) => to_bigint(j, "jumps")?,
            None => BigInt::from(1),
        };
        let jumps = from_bigint(py, &jumps)?;
        let steps = jumps.mul(from_bigint(py, &two_pow_128())?)?;
        let copy = self.copy(py);
        copy.jump(py, &steps)?;
        Ok(copy)
    }

    /// An independent copy (the same GEN and state).
    fn copy(&self, py: Python<'_>) -> Generator {
        let (engine, half) = self.core.with(py, |s| (s.engine.clone(), s.half));
        self.new_like(engine, half)
    }

    fn __copy__(&self, py: Python<'_>) -> Generator {
        self.copy(py)
    }

    #[pyo3(signature = (_memo=None))]
    fn __deepcopy__(&self, py: Python<'_>, _memo: Option<&Bound<'_, PyAny>>) -> Generator {
        self.copy(py)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (words, half) = self.core.with(py, |s| (s.engine.words(), s.half));
        let restore = py.import("rngkit._rngkit")?.getattr("_restore")?;
        let args = (self.entry.name(), words, half).into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<Generator>() else {
            return false;
        };
        let other = other.get();
        if Arc::ptr_eq(&self.core, &other.core) {
            return true;
        }
        self.entry.name() == other.entry.name() && self.engine(py) == other.engine(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let engine = self.engine(py);
        let name = self.entry.name();
        if engine.words().len() <= 8 {
            format!(
                "rngkit.BitGenerator('{name}', state='{}')",
                engine.format_words()
            )
        } else {
            let text = engine.format_words();
            let head: Vec<&str> = text.split(' ').take(3).collect();
            format!(
                "<rngkit.BitGenerator '{name}' state={} ... ({} words)>",
                head.join(" "),
                engine.words().len()
            )
        }
    }

    fn __getattr__(slf: &Bound<'_, Self>, name: &str) -> PyResult<DrawMethod> {
        let entry = slf.get().entry;
        let kebab = name.replace('_', "-");
        let known = !name.starts_with('_')
            && (COMMON_DRAWS
                .iter()
                .any(|s| s.split(' ').next() == Some(&kebab))
                || entry.engine_draws().iter().any(|d| d.name() == kebab));
        if !known {
            let names: Vec<String> = entry
                .spec()
                .draw_syntaxes()
                .iter()
                .map(|s| snake(s.split(' ').next().unwrap_or(s)))
                .collect();
            return Err(PyAttributeError::new_err(format!(
                "'BitGenerator' ({}) has no attribute or draw '{name}'; its draws: {}",
                entry.name(),
                names.join(", ")
            )));
        }
        Ok(DrawMethod {
            generator: slf.clone().unbind(),
            name: kebab,
        })
    }

    fn __dir__(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
        let mut names: Vec<String> = slf
            .get_type()
            .dir()?
            .iter()
            .map(|n| n.extract::<String>())
            .collect::<PyResult<_>>()?;
        for s in slf.get().entry.spec().draw_syntaxes() {
            let n = snake(s.split(' ').next().unwrap_or(s));
            if !names.contains(&n) {
                names.push(n);
            }
        }
        Ok(names)
    }

    /// numpy's BitGenerator capsule (`bitgen_t`), so that
    /// `numpy.random.Generator(g)` draws from this generator. See the
    /// package docs for the word order of 32-bit generators.
    #[getter]
    fn capsule<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyCapsule>> {
        bitgen::capsule(py, &self.core)
    }

    /// The lock numpy holds while it draws through the capsule (the
    /// generator's own methods take it too).
    #[getter]
    fn lock(&self) -> Lock {
        Lock(self.core.lock())
    }
}

/// A draw bound to a generator: `g.range_int` is one; call it with the
/// draw's arguments (and `n=` for an array).
#[pyclass(module = "rngkit._rngkit", frozen)]
pub struct DrawMethod {
    generator: Py<Generator>,
    name: String,
}

#[pymethods]
impl DrawMethod {
    #[pyo3(signature = (*args, n=None))]
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        n: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generator.get().draw(py, &self.name, args, n)
    }

    fn __repr__(&self) -> String {
        let entry = self.generator.get().entry;
        let help = entry
            .engine_draws()
            .iter()
            .find(|d| d.name() == self.name)
            .map_or(String::new(), |d| format!(": {}", d.help));
        format!("<draw `{}` of {}{help}>", self.name, entry.name())
    }

    /// The draw's syntax and meaning.
    #[getter]
    fn help(&self) -> String {
        let entry = self.generator.get().entry;
        match entry.engine_draws().iter().find(|d| d.name() == self.name) {
            Some(d) => format!("{}\n\n{}", d.syntax, d.help),
            None => COMMON_DRAWS
                .iter()
                .find(|s| s.split(' ').next() == Some(&self.name))
                .map_or(self.name.clone(), |s| format!("{s} (a draw every GEN has)")),
        }
    }
}

/// The lock of a generator, numpy's `BitGenerator.lock`: a context manager
/// with `acquire`/`release` like `threading.Lock`.
#[pyclass(module = "rngkit._rngkit", frozen)]
pub struct Lock(Arc<RawLock>);

#[pymethods]
impl Lock {
    /// acquire(blocking=True, timeout=-1): takes the lock; returns whether
    /// it was taken.
    #[pyo3(signature = (blocking=true, timeout=-1.0))]
    fn acquire(&self, py: Python<'_>, blocking: bool, timeout: f64) -> bool {
        if !blocking {
            return self.0.try_lock();
        }
        if timeout < 0.0 {
            self.0.lock(py);
            return true;
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(timeout);
        py.detach(|| {
            loop {
                if self.0.try_lock() {
                    return true;
                }
                if std::time::Instant::now() >= deadline {
                    return false;
                }
                std::thread::yield_now();
            }
        })
    }

    /// Releases the lock.
    fn release(&self) -> PyResult<()> {
        if !self.0.is_locked() {
            return Err(PyRuntimeError::new_err("release unlocked lock"));
        }
        self.0.unlock();
        Ok(())
    }

    /// Whether the lock is held.
    fn locked(&self) -> bool {
        self.0.is_locked()
    }

    fn __enter__(&self, py: Python<'_>) -> bool {
        self.0.lock(py);
        true
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, PyTuple>) {
        self.0.unlock();
    }
}

/// Rebuilds a pickled generator.
#[pyfunction]
fn _restore(name: &str, words: Vec<u64>, half: Option<u32>) -> PyResult<Generator> {
    let entry = registry::find(name).map_err(value_error)?;
    let engine = entry
        .from_words(&words)
        .map_err(|e| state_error(entry, &e))?;
    Ok(Generator {
        entry,
        core: Core::new(engine, half),
    })
}

/// The names of every GEN, in the order the CLI lists them.
#[pyfunction]
fn generators() -> Vec<&'static str> {
    registry::all().iter().map(|e| e.name()).collect()
}

/// describe(gen): what a GEN is, as a dict: name, aliases, summary, seed
/// (what a seed means), seed_kind, state (the words), stream, versions,
/// output_bits, draws (syntax -> meaning), which analyses it has, and notes
/// (how its state is recovered and from how many values, what its seed
/// search runs, example command lines: the texts `rngkit recover --help`
/// and `rngkit seed-search --help` print for it).
#[pyfunction]
#[pyo3(signature = (r#gen))]
fn describe<'py>(py: Python<'py>, r#gen: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let entry = entry_arg(r#gen)?;
    let info = entry.info();
    let d = PyDict::new(py);
    d.set_item("name", info.name)?;
    d.set_item("aliases", info.aliases.to_vec())?;
    d.set_item("summary", info.summary)?;
    d.set_item("seed", info.seed_doc)?;
    d.set_item(
        "seed_kind",
        match info.seed_kind {
            SeedKind::U32 => "u32",
            SeedKind::I32 => "i32",
            SeedKind::U64 => "u64",
            SeedKind::I64 => "i64",
            SeedKind::Unbounded => "int",
            SeedKind::Unseedable => "none",
            _ => "other",
        },
    )?;
    d.set_item("state", info.state_doc)?;
    d.set_item("stream", info.has_stream)?;
    d.set_item("versions", info.versions)?;
    d.set_item("output_bits", entry.output_bits())?;
    d.set_item("word_bits", entry.word_bits())?;
    d.set_item("word_count", entry.word_count())?;
    let draws = PyDict::new(py);
    for &s in COMMON_DRAWS.iter() {
        draws.set_item(s, "a draw every GEN has")?;
    }
    for di in entry.engine_draws() {
        draws.set_item(di.syntax, di.help)?;
    }
    d.set_item("draws", draws)?;
    d.set_item("can_jump", entry.can_jump())?;
    d.set_item("can_measure_distance", entry.can_measure_distance())?;
    d.set_item("can_recover", entry.can_recover())?;
    d.set_item("can_search_seeds", entry.can_search_seeds())?;
    d.set_item("can_identify", entry.can_identify())?;
    match entry.period() {
        Some(p) => d.set_item("period", from_bigint(py, &p)?)?,
        None => d.set_item("period", py.None())?,
    }
    let notes = entry.notes();
    let n = PyDict::new(py);
    n.set_item("recover", notes.recover)?;
    n.set_item("recover_examples", notes.recover_examples.to_vec())?;
    n.set_item("search", notes.search)?;
    n.set_item("search_examples", notes.search_examples.to_vec())?;
    d.set_item("notes", n)?;
    Ok(d)
}

/// Adds the class and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Generator>()?;
    m.add_class::<DrawMethod>()?;
    m.add_class::<Lock>()?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    m.add_function(wrap_pyfunction!(generators, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    Ok(())
}

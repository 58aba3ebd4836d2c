//! Python bindings of rngkit: the native module `rngkit._rngkit` behind the
//! `rngkit` Python package (`crates/rngkit-py/python/rngkit`).
//!
//! Everything reaches the generators through the catalogue
//! (`rngkit_analysis::registry`), so a GEN added to the core is available
//! in Python with no code here. The Python API, its docstrings and its
//! tests (pytest, `crates/rngkit-py/tests/`) are the documentation of this
//! crate; `scripts/test-python` builds the wheel and runs them.
//!
//! * [`generator`]: the `BitGenerator` class (seeding, states, draws, arrays,
//!   advance/jump, pickling);
//! * [`bitgen`]: numpy's `BitGenerator` capsule, the crate's only `unsafe`;
//! * [`analysis`]: `recover`, `identify`, `distance`, `seed_search`;
//! * [`table`]: seed tables (`Table.build`, `seed_search(..., table=...)`).

pub mod analysis;
pub mod bitgen;
pub mod generator;
pub mod table;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyString};
use rngkit::number::BigInt;
use rngkit_analysis::registry::{self, Entry};

create_exception!(
    _rngkit,
    RngkitError,
    PyException,
    "Base class of the questions rngkit answers with \"no\" or \"more than one\"."
);
create_exception!(
    _rngkit,
    NoSolution,
    RngkitError,
    "The question was well formed but has no answer: no state fits the observations, no seed gives the state, the distance is not within the bound."
);
create_exception!(
    _rngkit,
    Underdetermined,
    RngkitError,
    "Several states fit the observations. `count` is how many (an int); `candidates` lists them (as BitGenerators) when few enough to enumerate, else is empty."
);

/// How the Python functions' arguments are named in the shared messages
/// ([`rngkit_analysis::message`]): keyword arguments, where the command line
/// has flags.
pub(crate) const SPELLING: rngkit_analysis::message::Spelling =
    rngkit_analysis::message::Spelling {
        seeds: "seeds",
        seed_range: "seeds=range(A, B)",
        max: "max=N",
        max_advance: "max_advance",
        stream: "stream",
    };

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The catalogue entry of a GEN given by name, or of a `BitGenerator`'s GEN.
pub(crate) fn entry_arg(gen_arg: &Bound<'_, PyAny>) -> PyResult<&'static Entry> {
    if let Ok(g) = gen_arg.cast::<generator::Generator>() {
        return Ok(g.get().entry);
    }
    if let Ok(s) = gen_arg.cast::<PyString>() {
        let name = s.to_cow()?;
        return registry::find(&name).map_err(value_error);
    }
    Err(PyTypeError::new_err(format!(
        "the generator must be a GEN name (str) such as 'unity' or a rngkit.BitGenerator, not {}",
        type_name(gen_arg)
    )))
}

/// The type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// A Python integer (any size, anything with `__index__`, not a bool or a
/// float) as a [`BigInt`].
pub(crate) fn to_bigint(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<BigInt> {
    if obj.is_exact_instance_of::<PyInt>() {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(BigInt::from(v));
        }
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(BigInt::from(v));
        }
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() || !has_index(obj) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(obj)
        )));
    }
    let py = obj.py();
    let index = py.import("operator")?.getattr("index")?.call1((obj,))?;
    let hex: String = py
        .import("builtins")?
        .getattr("hex")?
        .call1((index,))?
        .extract()?;
    hex.parse::<BigInt>().map_err(value_error)
}

fn has_index(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false)
}

/// A [`BigInt`] as a Python `int`.
pub(crate) fn from_bigint<'py>(py: Python<'py>, n: &BigInt) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = n.limbs().iter().flat_map(|l| l.to_le_bytes()).collect();
    let int = py
        .get_type::<PyInt>()
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))?;
    if n.is_negative() { int.neg() } else { Ok(int) }
}

/// A Python integer as an unsigned 64-bit value, with a message naming it.
pub(crate) fn to_u64(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let n = to_bigint(obj, what)?;
    match n.to_i128() {
        Some(v) if (0..=i128::from(u64::MAX)).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "{what} must be in 0..=2^64-1, not {n}"
        ))),
    }
}

/// run_cli(argv) -> int
///
/// Runs the `rngkit` command line (the Rust CLI, the same code as the
/// binary) with the arguments `argv` (without the program name), printing
/// to the process's stdout and stderr, and returns its exit status: 0 ok,
/// 1 no answer, 2 bad usage or input, 3 underdetermined. The `rngkit`
/// command that `pip install rngkit` puts on PATH calls this
/// (`rngkit._cli:main`). The GIL is released while it runs.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| rngkit_cli::run(argv))
}

/// The native module.
#[pymodule]
fn _rngkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RngkitError", py.get_type::<RngkitError>())?;
    m.add("NoSolution", py.get_type::<NoSolution>())?;
    m.add("Underdetermined", py.get_type::<Underdetermined>())?;
    generator::register(m)?;
    analysis::register(m)?;
    table::register(m)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    Ok(())
}

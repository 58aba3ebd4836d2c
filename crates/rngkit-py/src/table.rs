//! Seed tables from Python: `_table_build`, `_table_info` and
//! `_table_query`, behind `rngkit.Table` and `rngkit.seed_search(...,
//! table=...)` (see `rngkit_analysis::table`).

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rngkit_analysis::progress::Progress;
use rngkit_analysis::search::SearchSpec;
use rngkit_analysis::table::{self, BuildSpec, Check, Table};

use crate::analysis::{observations, seed_range, seed_to_py, threads_arg};
use crate::{entry_arg, value_error};

/// _table_build(gen, path, *, seeds=None, draw=None, threads=None) -> dict
///
/// Builds the table of `gen` over `seeds` (a range, or (A, B) with B
/// excluded; default all 32-bit seeds) keyed on `draw` into `path`, on
/// native threads with the GIL released; returns the header as
/// `_table_info` does.
#[pyfunction]
#[pyo3(signature = (r#gen, path, *, seeds=None, draw=None, threads=None))]
fn _table_build<'py>(
    py: Python<'py>,
    r#gen: &Bound<'py, PyAny>,
    path: PathBuf,
    seeds: Option<&Bound<'py, PyAny>>,
    draw: Option<String>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = entry_arg(r#gen)?;
    table::key_draw(entry.name(), draw.as_deref()).map_err(value_error)?;
    let patterns = seed_range(entry, seeds)?.patterns();
    let [range] = patterns.as_slice() else {
        return Err(value_error(
            "seeds crosses zero: build the negative and the non-negative seeds as two tables",
        ));
    };
    let mut spec = BuildSpec::new(entry, range.clone(), draw.as_deref()).map_err(value_error)?;
    if let Some(t) = threads_arg(threads)? {
        spec = spec.threads(t);
    }
    py.detach(|| table::build(&spec, &path, &Progress::default()))
        .map_err(value_error)?;
    _table_info(py, path)
}

/// _table_info(path) -> dict: the header of a checked table (gen, draw,
/// first, count, key_bits, bucket_bits, bytes); ValueError naming what is
/// wrong with a bad one.
#[pyfunction]
fn _table_info(py: Python<'_>, path: PathBuf) -> PyResult<Bound<'_, PyDict>> {
    let t = py.detach(|| Table::open(&path)).map_err(value_error)?;
    let h = t.header();
    let d = PyDict::new(py);
    d.set_item("gen", &h.generator)?;
    d.set_item("draw", &h.draw)?;
    d.set_item("first", h.first)?;
    d.set_item("count", h.count)?;
    d.set_item("key_bits", h.key_bits)?;
    d.set_item("bucket_bits", h.bucket_bits)?;
    d.set_item("bytes", h.file_len())?;
    Ok(d)
}

/// _table_query(gen, observations, paths, *, seeds=None, check='full') ->
/// list of (seed, 0)
///
/// Every seed of `seeds` (default: the tables' seeds) that the tables hold
/// and whose stream gives the observations, ascending: what `seed_search`
/// finds over the same seeds (none: an empty list); `check` as the CLI's
/// `--table-check`. ValueError for a bad or mismatched table.
#[pyfunction]
#[pyo3(signature = (r#gen, observations, paths, *, seeds=None, check="full"))]
fn _table_query<'py>(
    py: Python<'py>,
    r#gen: &Bound<'py, PyAny>,
    observations: &Bound<'py, PyAny>,
    paths: Vec<PathBuf>,
    seeds: Option<&Bound<'py, PyAny>>,
    check: &str,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let entry = entry_arg(r#gen)?;
    let check = match check {
        "full" => Check::Full,
        "touched" => Check::Touched,
        other => {
            return Err(value_error(format!(
                "check must be 'full' or 'touched', not {other:?}"
            )));
        }
    };
    let obs = self::observations(entry, observations)?;
    let tables = py
        .detach(|| {
            paths
                .iter()
                .map(|p| Table::open_with(p, check))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(value_error)?;
    if tables.is_empty() {
        return Err(value_error("table: give at least one table"));
    }
    let ranges = match seeds {
        Some(_) => seed_range(entry, seeds)?.patterns(),
        None => tables
            .iter()
            .map(|t| t.header().first..=t.header().last())
            .collect(),
    };
    let mut found = Vec::new();
    for range in ranges {
        let spec = SearchSpec::new(entry, obs.clone(), range).threads(1);
        found.extend(
            py.detach(|| table::query(&tables, &spec))
                .map_err(value_error)?,
        );
    }
    found.sort_unstable();
    found.dedup();
    let kind = entry.info().seed_kind;
    found
        .into_iter()
        .map(|m| {
            let seed = seed_to_py(py, kind, m.seed)?;
            PyTuple::new(py, [seed, 0u64.into_pyobject(py)?.into_any()])
        })
        .collect()
}

/// Adds the functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_table_build, m)?)?;
    m.add_function(wrap_pyfunction!(_table_info, m)?)?;
    m.add_function(wrap_pyfunction!(_table_query, m)?)?;
    Ok(())
}

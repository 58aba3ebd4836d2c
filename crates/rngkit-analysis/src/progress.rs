//! Progress of a long search, for a front end to show while it waits.
//!
//! A search that may run for seconds or more (java's residue scan, PCG32's
//! 2^32 candidates, V8's carry search) takes a [`Progress`] handle from its
//! options and advances it as it works; the front end that started it holds
//! a clone and reads [`Progress::snapshot`] from another thread, on its own
//! schedule (the CLI redraws a bar on stderr when stderr is a terminal).
//! Nobody has to watch: a handle no one reads costs one atomic add per
//! chunk of work.
//!
//! Work is counted in the search's own units (candidates, leaves), and a
//! search with several phases adds each phase's size to the total as it
//! learns it, so the fraction can step back when a phase starts; a total of
//! 0 means "size unknown".
//!
//! ```
//! use rngkit_analysis::progress::Progress;
//!
//! let progress = Progress::default();
//! let watcher = progress.clone();
//! progress.add_total(1000, "candidates");
//! progress.advance(250);
//! let now = watcher.snapshot();
//! assert_eq!((now.done, now.total, now.unit), (250, 1000, "candidates"));
//! assert_eq!(now.fraction(), Some(0.25));
//! ```

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// A shared counter of work done and work expected; clones watch the same
/// search.
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    done: AtomicU64,
    total: AtomicU64,
    unit: Mutex<&'static str>,
}

/// What a [`Progress`] holds at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Units of work done so far.
    pub done: u64,
    /// Units of work expected in all (0: unknown).
    pub total: u64,
    /// What a unit is ("candidates", "leaves"); empty before a search
    /// starts counting.
    pub unit: &'static str,
}

impl Snapshot {
    /// The share of the work done, when the total is known.
    ///
    /// ```
    /// use rngkit_analysis::progress::Snapshot;
    ///
    /// let s = Snapshot { done: 3, total: 4, unit: "leaves" };
    /// assert_eq!(s.fraction(), Some(0.75));
    /// assert_eq!(Snapshot { total: 0, ..s }.fraction(), None);
    /// ```
    pub fn fraction(&self) -> Option<f64> {
        (self.total > 0).then(|| (self.done as f64 / self.total as f64).min(1.0))
    }
}

impl Progress {
    /// Announces `units` more units of work (of kind `unit`) to come.
    ///
    /// ```
    /// use rngkit_analysis::progress::Progress;
    ///
    /// let p = Progress::default();
    /// p.add_total(10, "leaves");
    /// p.add_total(5, "leaves");
    /// assert_eq!(p.snapshot().total, 15);
    /// ```
    pub fn add_total(&self, units: u64, unit: &'static str) {
        self.0.total.fetch_add(units, Ordering::Relaxed);
        if let Ok(mut u) = self.0.unit.lock() {
            *u = unit;
        }
    }

    /// Counts `units` units of work as done.
    ///
    /// ```
    /// use rngkit_analysis::progress::Progress;
    ///
    /// let p = Progress::default();
    /// p.advance(7);
    /// p.advance(3);
    /// assert_eq!(p.snapshot().done, 10);
    /// ```
    pub fn advance(&self, units: u64) {
        self.0.done.fetch_add(units, Ordering::Relaxed);
    }

    /// The work done and expected, now.
    ///
    /// ```
    /// use rngkit_analysis::progress::Progress;
    ///
    /// assert_eq!(Progress::default().snapshot().fraction(), None);
    /// ```
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            done: self.0.done.load(Ordering::Relaxed),
            total: self.0.total.load(Ordering::Relaxed),
            unit: self.0.unit.lock().map_or("", |u| *u),
        }
    }
}

//! The progress bar of a long recovery: a thread that watches the analysis
//! crate's [`Progress`] counter and redraws one line on stderr.
//!
//! It draws only when stderr is a terminal (a pipe or a file gets nothing,
//! so scripts read clean output) and only once the work has run for
//! [`DELAY`], so the quick answers most recoveries give never flash a bar.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rngkit_analysis::progress::{Progress, Snapshot};

/// Work shorter than this shows no bar.
pub const DELAY: Duration = Duration::from_secs(1);

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// A running bar; [`Ticker::finish`] (or dropping it) stops it and clears
/// its line.
pub struct Ticker {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Ticker {
    /// Watches `progress` for `what` (such as "recover java"); draws nothing
    /// unless stderr is a terminal.
    pub fn watch(progress: &Progress, what: &str) -> Ticker {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = io::stderr().is_terminal().then(|| {
            let (progress, what, stop) = (progress.clone(), what.to_string(), stop.clone());
            std::thread::spawn(move || {
                let started = Instant::now();
                let mut drawn = false;
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(TICK);
                    let elapsed = started.elapsed();
                    let now = progress.snapshot();
                    if elapsed >= DELAY && now.done > 0 {
                        eprint!("\r\x1b[K{}", line(&what, now, elapsed.as_secs_f64()));
                        let _ = io::stderr().flush();
                        drawn = true;
                    }
                }
                if drawn {
                    eprint!("\r\x1b[K");
                    let _ = io::stderr().flush();
                }
            })
        });
        Ticker { stop, thread }
    }

    /// Stops the bar and clears its line.
    pub fn finish(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// One bar line: `recover java [#####     ]  42.0%  1.10 G candidates/s,
/// about 12 s left`, or a count when the total is unknown.
fn line(what: &str, now: Snapshot, seconds: f64) -> String {
    let rate = now.done as f64 / seconds.max(1e-3);
    let unit = if now.unit.is_empty() {
        "steps"
    } else {
        now.unit
    };
    match now.fraction() {
        Some(fraction) => {
            let width = 30;
            let filled = ((fraction * width as f64) as usize).min(width);
            let left = now.total.saturating_sub(now.done) as f64 / rate.max(1e-9);
            format!(
                "{what} [{}{}] {:5.1}%  {} {unit}/s, about {} left",
                "#".repeat(filled),
                " ".repeat(width - filled),
                fraction * 100.0,
                scaled(rate),
                human_duration(left)
            )
        }
        None => format!(
            "{what}: {} {unit} checked ({} {unit}/s)",
            scaled(now.done as f64),
            scaled(rate)
        ),
    }
}

/// A duration for people: seconds, minutes, hours or days (the message
/// layer's, so a time left reads as a seed-search estimate does).
pub use rngkit_analysis::message::human_duration;

/// `1.23 G`, `45.6 M`, `789 k`, `12`.
fn scaled(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2} G", x / 1e9),
        x if x >= 1e6 => format!("{:.1} M", x / 1e6),
        x if x >= 1e3 => format!("{:.0} k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_total_draws_a_bar_with_the_time_left() {
        let now = Snapshot {
            done: 1 << 30,
            total: 1 << 32,
            unit: "candidates",
        };
        let text = line("recover pcg32", now, 2.0);
        assert!(text.starts_with("recover pcg32 [#######        "), "{text}");
        assert!(
            text.contains(" 25.0%  536.9 M candidates/s, about 6 s left"),
            "{text}"
        );
    }

    #[test]
    fn an_unknown_total_counts_instead() {
        let now = Snapshot {
            done: 2_500_000,
            total: 0,
            unit: "leaves",
        };
        assert_eq!(
            line("recover v8", now, 1.0),
            "recover v8: 2.5 M leaves checked (2.5 M leaves/s)"
        );
    }
}

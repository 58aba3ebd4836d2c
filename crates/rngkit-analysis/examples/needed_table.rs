//! The values each GEN needs: the table of `docs/recovery-table.md`.
//!
//! For every GEN of the catalogue and every target of it (each full-output
//! draw; the bounded-integer draw at N = 6, 100, 2), the smallest number of
//! consecutive values from a fresh seeded generator that pins one state
//! ([`rngkit_analysis::needed::values_needed`]), over several seeds: the
//! median, the range, the information bound, their ratio and the median
//! recovery time at that count. Prints the markdown table to stdout and
//! progress to stderr.
//!
//! ```text
//! cargo run --release -p rngkit-analysis --example needed_table -- [--tokens] [--seeds 20] [--budget-s 20] [--cell-cap-s 30] [GEN...]
//! ```
//!
//! With `--tokens`, the targets are each GEN's token idioms instead (one
//! character is one pick over 62 letters and digits:
//! [`rngkit_analysis::needed::token_targets`]), the table of
//! `docs/tokens.md`.
//!
//! Run it through `scripts/recovery-table` (or `scripts/token-table`),
//! which splices the table into the doc. Each cell runs in a child process of this program (`--cell`),
//! so that one recovery running far past the budget (a single attempt is
//! not interruptible) is killed and reported, not waited for.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rngkit_analysis::needed::{
    Budget, Outcome, seeds, targets, token_targets, values_needed, values_needed_from,
};
use rngkit_analysis::registry;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

struct Options {
    seeds: usize,
    budget: Duration,
    cap: Duration,
    gens: Vec<String>,
    cell: Option<(String, String)>,
    /// The token idioms' table instead of the values' table.
    tokens: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        seeds: 20,
        budget: Duration::from_secs(20),
        cap: Duration::from_secs(30),
        gens: Vec::new(),
        cell: None,
        tokens: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |what: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs {what}"))
        };
        match arg.as_str() {
            "--seeds" => {
                options.seeds = value("a count")?
                    .parse()
                    .map_err(|_| "--seeds takes a count (20)".to_string())?;
            }
            "--budget-s" => {
                let s: f64 = value("seconds")?
                    .parse()
                    .map_err(|_| "--budget-s takes seconds (20)".to_string())?;
                options.budget = Duration::from_secs_f64(s);
            }
            "--cell-cap-s" => {
                let s: f64 = value("seconds")?
                    .parse()
                    .map_err(|_| "--cell-cap-s takes seconds (30)".to_string())?;
                options.cap = Duration::from_secs_f64(s);
            }
            "--cell" => {
                let generator = value("a GEN")?;
                let draw = value("a draw")?;
                options.cell = Some((generator, draw));
            }
            "--tokens" => options.tokens = true,
            "--help" | "-h" => {
                println!(
                    "needed_table [--tokens] [--seeds K] [--budget-s B] [--cell-cap-s C] [GEN...]: the values each GEN needs (markdown on stdout), or with --tokens the characters each token idiom needs; B bounds one seed's recoveries, C one cell's seeds (the median is then over fewer seeds)"
                );
                std::process::exit(0);
            }
            name if !name.starts_with('-') => {
                registry::find(name).map_err(|e| e.to_string())?;
                options.gens.push(name.to_string());
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(options)
}

fn run(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    let budget = Budget {
        time: options.budget,
        ..Budget::default()
    };
    if let Some((generator, draw)) = &options.cell {
        cell(generator, draw, options.seeds, &budget, options.cap);
        return Ok(());
    }
    let began = Instant::now();
    if options.tokens {
        println!(
            "| GEN | idiom (alphabet size) | pick | characters needed (median) | range | bound | median / bound | time (median) |"
        );
    } else {
        println!(
            "| GEN | values | draw | needed (median) | range | bound | median / bound | time (median) |"
        );
    }
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    for entry in registry::all() {
        if !options.gens.is_empty() && !options.gens.iter().any(|g| g == entry.name()) {
            continue;
        }
        let list = if options.tokens {
            token_targets(entry)
        } else {
            targets(entry)
        };
        if options.tokens && list.is_empty() {
            // A GEN without token idioms has no row in the token table.
            continue;
        }
        if !entry.can_recover() {
            if options.tokens {
                for target in &list {
                    println!(
                        "| {} | {} | `{}` | no state recovery | | | | |",
                        entry.name(),
                        target.kind,
                        target.draw
                    );
                }
            } else {
                println!("| {} | any | | no state recovery | | | | |", entry.name());
            }
            continue;
        }
        if list.is_empty() {
            println!("| {} | any | | no draw to observe | | | | |", entry.name());
        }
        for target in list {
            let bound = target.information_bound(entry);
            eprint!("{} {} ... ", entry.name(), target.draw);
            let started = Instant::now();
            let result = run_cell(entry.name(), &target.draw, &options);
            eprintln!(
                "{} ({:.1} s)",
                result.summary(),
                started.elapsed().as_secs_f64()
            );
            println!(
                "| {} | {} | `{}` | {} | {} | {} | {} | {} |",
                entry.name(),
                target.kind,
                target.draw,
                result.median_text(options.budget),
                result.range_text(),
                bound,
                result.ratio_text(bound),
                result.time_text(),
            );
        }
    }
    eprintln!("total {:.0} s", began.elapsed().as_secs_f64());
    Ok(())
}

/// The child: one line per seed; no new seed once `cap` is spent.
fn cell(generator: &str, draw: &str, count: usize, budget: &Budget, cap: Duration) {
    let entry = registry::find(generator).expect("the parent checked the GEN");
    let began = Instant::now();
    let mut previous = None;
    for seed in seeds(count) {
        if began.elapsed() > cap {
            println!("capped");
            return;
        }
        // Later seeds start at the first seed's answer (usually one or two
        // attempts instead of the doubling).
        let outcome = match previous {
            Some(first) => values_needed_from(entry, draw, seed, budget, first),
            None => values_needed(entry, draw, seed, budget),
        };
        match outcome {
            Outcome::Pinned {
                values,
                time,
                monotone,
            } => {
                previous.get_or_insert(values as u64);
                println!("pinned {seed} {values} {} {monotone}", time.as_nanos());
            }
            Outcome::NeverUnique {
                states,
                tried,
                agree,
            } => {
                // The count may hold spaces (`at most 2^5`): last.
                let agree = match agree {
                    Some(true) => "all predict the same next values",
                    Some(false) => "they predict different values",
                    None => "too many to list",
                };
                println!("never {seed} {tried} {agree}|{states}");
                return;
            }
            Outcome::OverBudget {
                tried,
                pinned_at,
                last,
            } => {
                let pinned = pinned_at.map_or("-".to_string(), |n| n.to_string());
                println!("over {seed} {tried} {pinned} {last}");
                return;
            }
            Outcome::Unsupported(why) => {
                println!("unsupported {why}");
                return;
            }
        }
    }
}

#[derive(Default)]
struct CellResult {
    values: Vec<usize>,
    times: Vec<Duration>,
    non_monotone: usize,
    /// Seeds asked for.
    wanted: usize,
    over: Option<String>,
    /// Several states fit however many values.
    never: Option<String>,
    /// The smallest count that pinned in the seed that ran out of budget.
    pinned_at: Option<usize>,
    unsupported: Option<String>,
}

impl CellResult {
    /// Whether every seed run pinned a state.
    fn settled(&self) -> bool {
        self.over.is_none() && self.unsupported.is_none() && self.never.is_none()
    }

    fn summary(&self) -> String {
        if let Some(u) = &self.unsupported {
            return format!("unsupported: {u}");
        }
        if let Some(n) = &self.never {
            return n.clone();
        }
        if let Some(o) = &self.over {
            return format!("over budget: {o}");
        }
        format!("median {}", self.median_values().unwrap_or(0))
    }

    fn median_values(&self) -> Option<usize> {
        let mut v = self.values.clone();
        v.sort_unstable();
        v.get(v.len() / 2).copied()
    }

    fn median_text(&self, budget: Duration) -> String {
        if let Some(u) = &self.unsupported {
            return format!("no recovery: {u}");
        }
        if let Some(n) = &self.never {
            return n.clone();
        }
        if let (Some(o), Some(at)) = (&self.over, self.pinned_at) {
            return format!(
                "≤ {at} (one seed; its {} s ran out while bisecting below {at}; {o})",
                budget.as_secs_f64()
            );
        }
        if let Some(o) = &self.over {
            let pinned = match self.values.len() {
                0 => String::new(),
                k => format!("{k} seeds pinned first; "),
            };
            return format!(
                "not recoverable within budget ({} s a seed; {pinned}{o})",
                budget.as_secs_f64()
            );
        }
        let mark = if self.non_monotone > 0 { " †" } else { "" };
        let fewer = match self.values.len() {
            k if k < self.wanted => format!(" ({k} seeds)"),
            _ => String::new(),
        };
        match self.median_values() {
            Some(m) => format!("{m}{mark}{fewer}"),
            None => "no seeds".into(),
        }
    }

    fn range_text(&self) -> String {
        match (self.values.iter().min(), self.values.iter().max()) {
            (Some(lo), Some(hi)) if self.settled() => {
                format!("{lo}–{hi}")
            }
            _ => String::new(),
        }
    }

    fn ratio_text(&self, bound: u64) -> String {
        match self.median_values() {
            Some(m) if self.settled() && bound > 0 => {
                format!("{:.2}", m as f64 / bound as f64)
            }
            _ => String::new(),
        }
    }

    fn time_text(&self) -> String {
        if !self.settled() || self.times.is_empty() {
            return String::new();
        }
        let mut t = self.times.clone();
        t.sort_unstable();
        let m = t[t.len() / 2].as_secs_f64();
        if m < 1e-6 {
            format!("{:.0} ns", m * 1e9)
        } else if m < 1e-3 {
            format!("{:.0} µs", m * 1e6)
        } else if m < 1.0 {
            format!("{:.1} ms", m * 1e3)
        } else {
            format!("{m:.2} s")
        }
    }
}

/// Runs one cell in a child process, killing it when one seed takes far
/// past the budget (one recovery attempt cannot be interrupted).
fn run_cell(generator: &str, draw: &str, options: &Options) -> CellResult {
    let mut result = CellResult {
        wanted: options.seeds,
        ..CellResult::default()
    };
    let exe = std::env::current_exe().expect("the example knows its path");
    let child = Command::new(exe)
        .args(["--cell", generator, draw, "--seeds"])
        .arg(options.seeds.to_string())
        .arg("--budget-s")
        .arg(options.budget.as_secs_f64().to_string())
        .arg("--cell-cap-s")
        .arg(options.cap.as_secs_f64().to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            result.unsupported = Some(format!("could not start the cell: {e}"));
            return result;
        }
    };
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // A seed's attempts stop once past the budget; the last one may run on.
    let patience = options.budget * 3 + Duration::from_secs(30);
    loop {
        match rx.recv_timeout(patience) {
            Ok(line) => {
                let words: Vec<&str> = line.splitn(5, ' ').collect();
                let over: Vec<&str> = line.splitn(5, ' ').collect();
                if let ["over", _seed, tried, pinned, last] = over.as_slice() {
                    result.over = Some(if last.is_empty() {
                        format!("{tried} values tried")
                    } else {
                        format!("{tried} values tried; {last}")
                    });
                    result.pinned_at = pinned.parse().ok();
                    continue;
                }
                match words.as_slice() {
                    ["pinned", _seed, values, nanos, monotone] => {
                        result.values.push(values.parse().unwrap_or(0));
                        result
                            .times
                            .push(Duration::from_nanos(nanos.parse().unwrap_or(0)));
                        if *monotone != "true" {
                            result.non_monotone += 1;
                        }
                    }
                    ["unsupported", rest @ ..] => result.unsupported = Some(rest.join(" ")),
                    ["never", _seed, tried, rest @ ..] => {
                        let rest = rest.join(" ");
                        let (agree, states) = rest.split_once('|').unwrap_or((&rest, "?"));
                        result.never = Some(format!(
                            "never unique: {states} states fit {tried} values ({agree})"
                        ));
                    }
                    _ => {}
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                result.over = Some(format!("one recovery ran past {} s", patience.as_secs()));
                break;
            }
        }
    }
    let _ = child.wait();
    result
}

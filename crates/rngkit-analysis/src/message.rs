//! The words of the answers: one layer for the command line, the Python
//! package and the web page.
//!
//! A front end never words an outcome itself. It takes the text from here
//! (or from the `Display` of the error types the analyses return) and maps
//! it onto its own mechanism: the CLI prints it as its one `error:` line
//! with an exit status, Python raises it as the message of an exception
//! class, the page shows the string its JSON answer carries. So the three
//! say the same thing in the same words, and a wording is changed in one
//! place.
//!
//! What differs between them is only how their arguments are written
//! (`--seeds A..B`, `seeds=range(A, B)`), which each front end gives as a
//! [`Spelling`]. Commands named in advice (`rngkit seed-search python`) are
//! the command line's, which the Python package installs too.
//!
//! * [`Unresolved`]: a recovery that pins no single state: several states
//!   fit (with a count or a bound), the search would exceed its budget, or
//!   none fits; with what to observe instead when the observations reveal
//!   no exact bit.
//! * [`Agreed`]: several states fit, but all give the draws asked for.
//! * [`NoSeedFits`]: a seed search that found nothing, with the other GENs
//!   (eras) the values fit.
//! * [`Undetected`]: `detect` names no single GEN.
//! * [`stream_not_applicable`], [`no_seed_found`], [`distance_error`]: the
//!   other answers the front ends share.
//!
//! ```
//! use rngkit_analysis::message::{Hints, Unresolved};
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{RecoverOptions, recover};
//! use rngkit_analysis::registry;
//!
//! let unity = registry::find("unity").unwrap();
//! let obs = parse_observations(unity, "u32 = 1900725526").unwrap();
//! let recovered = recover(unity, &obs, &RecoverOptions::default()).unwrap();
//! let message = Unresolved::new(unity, &obs, &recovered, &Hints::default()).unwrap();
//! assert_eq!(
//!     message.to_string(),
//!     "2^96 states fit the observations; add observations to pin down one"
//! );
//! ```

use std::fmt;
use std::time::Duration;

use rngkit::registry::Steps;

use crate::DistanceError;
use crate::detect::HAS_CLOCK;
use crate::observe::{Observation, ObservationKind, informative_draws, uninformative};
use crate::recover::{Count, Recovered};
use crate::registry::{Entry, all};
use crate::search::{Estimate, SearchSpec, estimate};

// Input reading words its errors with the spelling too, so it is defined
// there (input names no message), and named here as well.
pub use crate::input::Spelling;

/// A duration for people: seconds, minutes, hours or days.
///
/// ```
/// use rngkit_analysis::message::human_duration;
/// assert_eq!(human_duration(42.4), "42 s");
/// assert_eq!(human_duration(600.0), "10 min");
/// assert_eq!(human_duration(3.0 * 86_400.0), "3.0 days");
/// ```
pub fn human_duration(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * 3600.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 2.0 * 86_400.0 {
        format!("{:.1} h", seconds / 3600.0)
    } else {
        format!("{:.1} days", seconds / 86_400.0)
    }
}

/// What a front end can afford to add to an [`Unresolved`] message: each
/// hint runs work of its own, which the page (one thread, no clock) skips.
/// The message reads the same without them, less the facts they add. Both
/// read a clock, so a target without one (`wasm32-unknown-unknown`, where
/// reading it panics) ignores them, and its build leaves their code out.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hints<'a> {
    /// Time the seed search that the advice names, on these observations,
    /// for at least this long, to say what all 2^32 seeds would cost.
    pub seed_search_timing: Option<Duration>,
    /// When no state fits: the observation text and the time to spend
    /// looking for the other GENs it fits ([`crate::detect::alternatives`]).
    pub other_gens: Option<(&'a str, Duration)>,
}

impl Hints<'_> {
    /// The hints of the command line and the Python package: 200 ms of
    /// seed-search timing, and 2 s for the other GENs when the observation
    /// text is given.
    ///
    /// ```
    /// use rngkit_analysis::message::Hints;
    /// let hints = Hints::full(Some("u32 = 1"));
    /// assert!(hints.seed_search_timing.is_some() && hints.other_gens.is_some());
    /// ```
    pub fn full(text: Option<&str>) -> Hints<'_> {
        Hints {
            seed_search_timing: Some(Duration::from_millis(200)),
            other_gens: text.map(|t| (t, Duration::from_secs(2))),
        }
    }
}

/// Which kind of answer an [`Unresolved`] is, for a front end to map onto
/// its mechanism (the CLI's exit 3 or 1, Python's `Underdetermined` or
/// `NoSolution`, the page's `several` or `none`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnresolvedKind {
    /// Several states fit, or listing them would exceed the budget.
    Several,
    /// No state fits.
    NoneFits,
}

/// A recovery that pins no single state, as every front end words it.
///
/// Built from the [`Recovered`] answer with [`Unresolved::new`]; `Display`
/// gives the one-line message.
///
/// ```
/// use rngkit_analysis::message::{Hints, Unresolved, UnresolvedKind};
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, recover};
/// use rngkit_analysis::registry;
///
/// let splitmix = registry::find("splitmix64").unwrap();
/// let obs = parse_observations(splitmix, "u64 = 1\nu64 = 1").unwrap();
/// let recovered = recover(splitmix, &obs, &RecoverOptions::default()).unwrap();
/// let message = Unresolved::new(splitmix, &obs, &recovered, &Hints::default()).unwrap();
/// assert_eq!(message.kind(), UnresolvedKind::NoneFits);
/// assert_eq!(
///     message.to_string(),
///     "no state fits all the observations (check the values, the draw names and the skips)"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Unresolved {
    answer: Answer,
    /// Where the fitting states are listed (`on stdout`), when they are.
    listed: Option<&'static str>,
    /// How many of the draws asked for all fitting states agree on.
    agreement: Option<(usize, usize)>,
    /// Where the observations hold tokens: the fewest more characters that
    /// could pin one state, and the alphabet's size.
    more_characters: Option<(u64, usize)>,
}

#[derive(Clone, Debug)]
enum Answer {
    Several {
        count: Count,
        /// How many of the fitting states the recovery listed (all of them,
        /// or a few representatives where the rest differ only in bits no
        /// draw but one shows, as Go's top bits).
        enumerated: usize,
        no_bits: Option<NoBits>,
    },
    OverBudget {
        count: Count,
        advice: String,
    },
    NoneFits {
        generator: &'static str,
        alternatives: Vec<&'static str>,
        variable_draw: Option<String>,
    },
}

/// Observations that reveal no exact bit, and what to observe instead.
#[derive(Clone, Debug)]
struct NoBits {
    /// `(line, draw)` of each observation that revealed nothing.
    useless: Vec<(usize, String)>,
    /// How many observations there were.
    total: usize,
    /// The GEN's draws that do reveal bits, with the bits a value reveals.
    draws: Vec<(String, f64)>,
    /// The seed search to run instead, where the GEN has one.
    seed_search: Option<SeedSearchAdvice>,
}

#[derive(Clone, Debug)]
struct SeedSearchAdvice {
    generator: &'static str,
    /// Whether the search covers all 2^32 seeds (else a known range only).
    all_32: bool,
    own_kernel: bool,
    unseeded: &'static str,
    cost: Option<Estimate>,
}

impl Unresolved {
    /// The message for `recovered`, or `None` when one state fits (there is
    /// nothing to explain). `hints` says which facts that cost work to
    /// find the message may include.
    pub fn new(
        entry: &'static Entry,
        observations: &[Observation],
        recovered: &Recovered,
        hints: &Hints<'_>,
    ) -> Option<Unresolved> {
        let answer = match recovered {
            Recovered::Unique(_) => return None,
            Recovered::Several { count, states } => Answer::Several {
                count: *count,
                enumerated: states.len(),
                no_bits: no_bits(entry, observations, *count, hints),
            },
            Recovered::OverBudget { count, advice } => Answer::OverBudget {
                count: *count,
                advice: advice.clone(),
            },
            Recovered::NoneFits => Answer::NoneFits {
                generator: entry.name(),
                alternatives: match hints.other_gens {
                    Some((text, budget)) if HAS_CLOCK => {
                        crate::detect::alternatives(text, entry, budget)
                            .iter()
                            .map(|e| e.name())
                            .collect()
                    }
                    _ => Vec::new(),
                },
                variable_draw: observations.iter().find_map(|o| match &o.kind {
                    ObservationKind::Draw { draw, .. }
                        if draw.steps(entry.output_bits()) == Steps::Variable =>
                    {
                        Some(draw.text().to_string())
                    }
                    _ => None,
                }),
            },
        };
        let more_characters = match (&answer, hints.other_gens) {
            (Answer::Several { count, .. }, Some((text, _))) => more_characters(text, *count),
            _ => None,
        };
        Some(Unresolved {
            answer,
            listed: None,
            agreement: None,
            more_characters,
        })
    }

    /// Says where the fitting states are listed (`"on stdout"`), when the
    /// recovery enumerated them.
    ///
    /// ```
    /// use rngkit::number::BigInt;
    /// use rngkit_analysis::message::{Hints, Unresolved};
    /// use rngkit_analysis::observe::parse_observations;
    /// use rngkit_analysis::recover::{RecoverOptions, recover};
    /// use rngkit_analysis::registry;
    ///
    /// // Seven `Random.value`s as `rngkit gen` prints them leave two states.
    /// let unity = registry::find("unity").unwrap();
    /// let mut rng = unity.seed(&BigInt::from(12345), &Default::default()).unwrap();
    /// let value = unity.parse_draw("value", &[]).unwrap();
    /// let text: String = (0..7)
    ///     .map(|_| format!("value = {}\n", value.eval(&mut rng).format(false)))
    ///     .collect();
    /// let obs = parse_observations(unity, &text).unwrap();
    /// let recovered = recover(unity, &obs, &RecoverOptions::default()).unwrap();
    /// let message = Unresolved::new(unity, &obs, &recovered, &Hints::default()).unwrap();
    /// assert_eq!(
    ///     message.listed("on stdout").to_string(),
    ///     "2 states fit the observations (listed on stdout); add observations to pin down one"
    /// );
    /// ```
    #[must_use]
    pub fn listed(mut self, place: &'static str) -> Self {
        self.listed = Some(place);
        self
    }

    /// Adds how many of the `asked` draws all fitting states agree on
    /// (`--predict` when they disagree within them).
    #[must_use]
    pub fn agreement(mut self, agreeing: usize, asked: usize) -> Self {
        self.agreement = Some((agreeing, asked));
        self
    }

    /// Which kind of answer this is.
    pub fn kind(&self) -> UnresolvedKind {
        match self.answer {
            Answer::Several { .. } | Answer::OverBudget { .. } => UnresolvedKind::Several,
            Answer::NoneFits { .. } => UnresolvedKind::NoneFits,
        }
    }

    /// How many states may fit (`None` when none does).
    pub fn count(&self) -> Option<Count> {
        match &self.answer {
            Answer::Several { count, .. } | Answer::OverBudget { count, .. } => Some(*count),
            Answer::NoneFits { .. } => None,
        }
    }
}

/// For observations with token lines (`token IDIOM ALPHABET LENGTH = ...`,
/// the first one's ALPHABET): the fewest more characters that could single
/// out one of `count` states, each carrying at most log2 of the alphabet's
/// size in bits, and that size. A lower bound: a pick reveals less when its
/// interval straddles a power of two (CPython's `choices` over 62
/// characters: about 4.6 bits of 5.95).
fn more_characters(text: &str, count: Count) -> Option<(u64, usize)> {
    let alphabet = text.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next() == Some("token"))
            .then(|| rngkit::token::Alphabet::parse(words.nth(1)?).ok())
            .flatten()
    })?;
    let size = alphabet.len();
    let open_bits = match count {
        Count::PowerOfTwo(n) | Count::AtMost(n) | Count::About(n) => f64::from(n),
        Count::Exact(k) => (k as f64).log2(),
    };
    if size < 2 || open_bits <= 0.0 {
        return None;
    }
    Some(((open_bits / (size as f64).log2()).ceil() as u64, size))
}

/// The observations that reveal nothing, when they leave (nearly) the whole
/// state open: then "add observations" would not help, and the message says
/// which draws would.
fn no_bits(
    entry: &'static Entry,
    observations: &[Observation],
    count: Count,
    hints: &Hints<'_>,
) -> Option<NoBits> {
    let full = entry.word_bits() as usize * entry.word_count();
    if !matches!(count, Count::PowerOfTwo(n) | Count::AtMost(n) if n as usize + 1 >= full.min(128))
    {
        return None;
    }
    let useless = uninformative(observations, entry.output_bits());
    if useless.is_empty() {
        return None;
    }
    let seed_search = entry.can_search_seeds().then(|| {
        let all_32 = entry.seed_search_bits() == Some(32);
        let cost = match hints.seed_search_timing {
            Some(at_least) if all_32 && HAS_CLOCK => {
                let spec = SearchSpec::new(entry, observations.to_vec(), 0..=u64::from(u32::MAX));
                estimate(&spec, at_least).ok()
            }
            _ => None,
        };
        SeedSearchAdvice {
            generator: entry.name(),
            all_32,
            own_kernel: entry.has_own_seed_kernel(),
            unseeded: entry
                .unseeded_note()
                .unwrap_or("a generator seeded from the OS has no such seed"),
            cost,
        }
    });
    Some(NoBits {
        useless,
        total: observations.len(),
        draws: informative_draws(entry).into_iter().take(4).collect(),
        seed_search,
    })
}

impl fmt::Display for Unresolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.answer {
            Answer::Several {
                count,
                enumerated,
                no_bits,
            } => {
                match no_bits {
                    // The solver's count without equations is every state:
                    // a bound, since the values still rule states out.
                    Some(no_bits) => match count {
                        Count::PowerOfTwo(n) | Count::AtMost(n) => {
                            write!(f, "at most 2^{n} states fit: {no_bits}")?
                        }
                        _ => write!(f, "{count} states fit: {no_bits}")?,
                    },
                    None => {
                        f.write_fmt(format_args!("{count} states fit the observations"))?;
                        match (self.listed, *enumerated) {
                            (None, _) | (_, 0) => {}
                            (Some(place), n) if *count == Count::Exact(n as u128) => {
                                write!(f, " (listed {place})")?;
                            }
                            (Some(place), n) => write!(f, " ({n} of them listed {place})")?,
                        }
                        f.write_str("; add observations to pin down one")?;
                        if let Some((characters, size)) = self.more_characters {
                            let s = if characters == 1 { "" } else { "s" };
                            write!(
                                f,
                                " (tokens: at least {characters} more character{s}, each of {size} carrying at most {:.2} bits)",
                                (size as f64).log2()
                            )?;
                        }
                    }
                }
                if let Some((agreeing, asked)) = self.agreement {
                    write!(
                        f,
                        " (they agree on the first {agreeing} of the {asked} draws asked for)"
                    )?;
                }
                Ok(())
            }
            // The values say enough, but the search cannot use them.
            Answer::OverBudget {
                count: Count::About(0) | Count::AtMost(0) | Count::PowerOfTwo(0) | Count::Exact(1),
                advice,
            } => write!(
                f,
                "about one state fits the observations, but finding it is out of reach; {advice}"
            ),
            Answer::OverBudget { count, advice } => {
                write!(f, "{count} states fit the observations; {advice}")
            }
            Answer::NoneFits {
                generator,
                alternatives,
                variable_draw,
            } => {
                // Another era or runtime may have made them (V8 changed its
                // mapping twice): name the GENs they fit.
                if let Some(first) = alternatives.first() {
                    return write!(
                        f,
                        "no state fits {generator}; these values fit {}: try `rngkit recover {first}`",
                        alternatives.join(", ")
                    );
                }
                f.write_str(
                    "no state fits all the observations (check the values, the draw names and the skips)",
                )?;
                if let Some(draw) = variable_draw {
                    write!(
                        f,
                        "; draws such as `{draw}` redraw now and then and were read as drawing once, so one unseen redraw among them also leaves no state"
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for NoBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .useless
            .iter()
            .take(3)
            .map(|(l, d)| format!("line {l} `{d}`"))
            .collect();
        let draws: Vec<String> = self
            .draws
            .iter()
            .map(|(call, bits)| format!("`{call}` ({bits:.0} bits a value)"))
            .collect();
        write!(
            f,
            "{} of the {} observations ({}{}) reveal no exact bit of the raw words, so they give the solver no equations; observe draws that reveal bits, such as {}",
            self.useless.len(),
            self.total,
            lines.join(", "),
            if self.useless.len() > 3 { ", ..." } else { "" },
            draws.join(", ")
        )?;
        match &self.seed_search {
            Some(advice) => write!(f, "{advice}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for SeedSearchAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, unseeded) = (self.generator, self.unseeded);
        if !self.all_32 {
            return write!(
                f,
                "; `rngkit seed-search {name} --seeds A..B` can search a known range of its 64-bit seeds (not all of them); {unseeded}"
            );
        }
        write!(
            f,
            "; if the program seeded {name} with a 32-bit seed, `rngkit seed-search {name}` can find it"
        )?;
        if let Some(e) = &self.cost {
            let kernel = if self.own_kernel {
                "its own kernel"
            } else {
                "the generic kernel, which seeds and steps every seed"
            };
            let seconds = e.seconds(1 << 32);
            write!(
                f,
                ": all 2^32 seeds would take about {} on {} thread{} here ({kernel}, {} seeds/s timed on these observations)",
                human_duration(seconds),
                e.threads,
                if e.threads == 1 { "" } else { "s" },
                if e.seeds_per_second >= 1e5 {
                    format!("{:.1} M", e.seeds_per_second / 1e6)
                } else {
                    format!("{:.0}", e.seeds_per_second)
                }
            )?;
            if seconds > 7.0 * 86_400.0 {
                f.write_str(", so search a narrower --seeds range (a time window, a known span)")?;
            }
        }
        write!(f, "; {unseeded}")
    }
}

/// Several states fit, and all of them give the draws asked for: what
/// `recover --predict` says beside the draws it prints.
///
/// ```
/// use rngkit_analysis::message::Agreed;
/// use rngkit_analysis::recover::Count;
///
/// let agreed = Agreed { count: Count::Exact(55), asked: 2, agreeing: 3, horizon: 258 };
/// assert_eq!(
///     agreed.to_string(),
///     "55 states fit the observations; all of them give these 2 draws and agree on 1 more, and differ from draw 4 on"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// How many states fit.
    pub count: Count,
    /// The draws asked for.
    pub asked: usize,
    /// The draws all of them agree on (at least `asked`).
    pub agreeing: usize,
    /// The draws compared.
    pub horizon: usize,
}

impl fmt::Display for Agreed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Agreed {
            count,
            asked,
            agreeing,
            horizon,
        } = *self;
        let after = agreeing.saturating_sub(asked);
        write!(
            f,
            "{count} states fit the observations; all of them give these {asked} draws and "
        )?;
        if agreeing >= horizon {
            write!(
                f,
                "agree on at least {after} more (compared up to draw {horizon})"
            )
        } else {
            write!(
                f,
                "agree on {after} more, and differ from draw {} on",
                agreeing + 1
            )
        }
    }
}

/// A seed search that found no seed, as every front end words it: the
/// other GENs (eras) whose seeds in the same range give the values, else
/// the GENs a state of which gives them, else the range searched.
///
/// ```
/// use rngkit_analysis::message::{Hints, NoSeedFits, Spelling};
/// use rngkit_analysis::registry;
/// use rngkit_analysis::input::parse_seed_range;
///
/// let mt = registry::find("mt19937").unwrap();
/// let seeds = parse_seed_range(mt, Some("0..1000"), &Spelling::CLI).unwrap();
/// let none = NoSeedFits::new(mt, &seeds, 5, &Hints::default());
/// assert_eq!(
///     none.to_string(),
///     "no seed in 0..=999 matches the observations at any advance up to 5"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct NoSeedFits {
    generator: &'static str,
    range: String,
    max_advance: u64,
    /// `(GEN, seed as it writes seeds, advance)` of other GENs' seeds.
    seeds: Vec<(&'static str, String, u64)>,
    /// GENs a state of which gives the values.
    states: Vec<&'static str>,
}

impl NoSeedFits {
    /// The message for a search of `entry`'s `seeds` (each advanced by up
    /// to `max_advance` raw steps) that found nothing; with
    /// `hints.other_gens`, the other GENs are searched (and recovered) on
    /// the same text, within the time it gives.
    pub fn new(
        entry: &'static Entry,
        seeds: &crate::input::SeedRange,
        max_advance: u64,
        hints: &Hints<'_>,
    ) -> NoSeedFits {
        let mut found = NoSeedFits {
            generator: entry.name(),
            range: seeds.to_string(),
            max_advance,
            seeds: Vec::new(),
            states: Vec::new(),
        };
        // Another era or family member may have made them (PHP changed its
        // seeding and its twist): a short search of the same seeds on the
        // GENs that read these observations says which; failing that, a GEN
        // with no seed in reach, whose state recovery finds.
        if let (Some((text, budget)), true) = (hints.other_gens, HAS_CLOCK) {
            found.seeds = crate::detect::seed_alternatives(
                text,
                entry,
                &seeds.patterns(),
                max_advance,
                budget,
            )
            .iter()
            .map(|a| {
                let seed = a.generator.info().seed_kind.format(a.seed);
                (a.generator.name(), seed, a.advance)
            })
            .collect();
            if found.seeds.is_empty() {
                found.states = crate::detect::alternatives(text, entry, budget)
                    .iter()
                    .map(|e| e.name())
                    .collect();
            }
        }
        found
    }
}

impl fmt::Display for NoSeedFits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.generator;
        if let Some((first, _, _)) = self.seeds.first() {
            let fits: Vec<String> = self
                .seeds
                .iter()
                .map(|(g, seed, advance)| {
                    if self.max_advance > 0 {
                        format!("{g} seed={seed} advance={advance}")
                    } else {
                        format!("{g} seed={seed}")
                    }
                })
                .collect();
            return write!(
                f,
                "no seed of {name} fits; these values fit {}: try `rngkit seed-search {first}`",
                fits.join(", ")
            );
        }
        if let Some(first) = self.states.first() {
            return write!(
                f,
                "no seed of {name} fits; a state of {} gives these values: try `rngkit recover {first}`",
                self.states.join(", ")
            );
        }
        write!(f, "no seed in {} matches the observations", self.range)?;
        if self.max_advance > 0 {
            write!(f, " at any advance up to {}", self.max_advance)?;
        }
        Ok(())
    }
}

/// What `detect` says when it names no single GEN: several unrelated GENs
/// fit, too few values to pin one (with how many would), or none fits.
/// `None` from [`Undetected::new`] when one GEN (or family) fits
/// decisively.
///
/// ```
/// use rngkit_analysis::detect::{DetectOptions, Verdict, detect};
/// use rngkit_analysis::message::Undetected;
///
/// let options = DetectOptions { threads: 1, ..DetectOptions::default() };
/// let found = detect("0.5\n2\n", &options).unwrap();
/// assert_eq!(found.verdict(), Verdict::NoneFits);
/// assert_eq!(
///     Undetected::new(&found).unwrap().to_string(),
///     "no generator's draws can give these values (bare decimals are read as draws in [0, 1), bare integers as raw words and integer draws of their width)"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Undetected<'a> {
    found: &'a crate::detect::Detection,
    listed: Option<&'static str>,
}

impl<'a> Undetected<'a> {
    /// The message for `found`, unless it identifies one GEN.
    pub fn new(found: &'a crate::detect::Detection) -> Option<Undetected<'a>> {
        (found.verdict() != crate::detect::Verdict::Identified).then_some(Undetected {
            found,
            listed: None,
        })
    }

    /// Says where the fits are listed (`"on stdout"`).
    #[must_use]
    pub fn listed(mut self, place: &'static str) -> Self {
        self.listed = Some(place);
        self
    }

    /// The readings left open, in short: readings open for the same reason
    /// (the four PHP eras, read as `mt-rand`) named together, with `GEN` in
    /// the reason; at most four groups.
    fn open_short(&self) -> String {
        // The readings come ranked, likeliest first (detect's `rank`); a
        // group stands where its first member ranks.
        struct Group<'o> {
            names: Vec<&'o str>,
            open: &'o crate::detect::Open,
        }
        let mut groups: Vec<Group> = Vec::new();
        for o in &self.found.open {
            match groups.iter_mut().find(|g| {
                g.open.draw == o.draw
                    && g.open.why_any == o.why_any
                    && g.open.more_values == o.more_values
            }) {
                Some(g) => g.names.push(o.generator.name()),
                None => groups.push(Group {
                    names: vec![o.generator.name()],
                    open: o,
                }),
            }
        }
        let shown = groups.len().min(4);
        let mut parts: Vec<String> = groups[..shown]
            .iter()
            .map(|g| {
                let (names, draw) = (g.names.join(", "), &g.open.draw);
                let why = if g.names.len() == 1 {
                    &g.open.why
                } else {
                    &g.open.why_any
                };
                match g.open.more_values {
                    // The reason may already say it (too few bits); 0 is
                    // a recovery cut short, which the reason says.
                    Some(n) if n > 0 && !why.contains("more values") => {
                        format!("{names} {draw} ({why}; add about {n} more values to settle)")
                    }
                    _ => format!("{names} {draw} ({why})"),
                }
            })
            .collect();
        if groups.len() > shown {
            parts.push(format!(
                "{} more",
                groups[shown..].iter().map(|g| g.names.len()).sum::<usize>()
            ));
        }
        parts.join("; ")
    }
}

impl fmt::Display for Undetected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::detect::Verdict;
        let found = self.found;
        let listed = match self.listed {
            Some(place) => format!(" (listed {place})"),
            None => String::new(),
        };
        match found.verdict() {
            Verdict::Identified => Ok(()),
            Verdict::Ambiguous => write!(
                f,
                "{} unrelated generators fit every value{listed}; add values, or give them with their draw names (`DRAW = VALUE`) to tell them apart",
                found.decisive().count()
            ),
            Verdict::Underdetermined => {
                let weak: Vec<_> = found.fits.iter().filter(|f| !f.decisive).collect();
                if weak.is_empty() {
                    return write!(
                        f,
                        "no generator is pinned by these {} values; still open: {}; add values or raise --max-seconds",
                        found.values,
                        self.open_short()
                    );
                }
                let add: Vec<String> = weak
                    .iter()
                    .take(4)
                    .map(|fit| match fit.values_needed(found.values) {
                        Some(n) => format!(
                            "{} {} (about {n} values pin it)",
                            fit.generator.name(),
                            fit.draw
                        ),
                        None => format!(
                            "{} {} (its values reveal no exact bit: seed-search it)",
                            fit.generator.name(),
                            fit.draw
                        ),
                    })
                    .collect();
                write!(
                    f,
                    "{} generators fit{listed}, but these few values fit any state of them; add values: {}",
                    weak.len(),
                    add.join("; ")
                )?;
                if !found.open.is_empty() {
                    write!(f, "; still open: {}", self.open_short())?;
                }
                Ok(())
            }
            Verdict::NoneFits if found.tried == 0 => f.write_str(
                "no generator's draws can give these values (bare decimals are read as draws in [0, 1), bare integers as raw words and integer draws of their width)",
            ),
            Verdict::NoneFits => write!(
                f,
                "no generator fits every value ({} readings tried); check for a typo, a skipped value, or values from two sources",
                found.tried
            ),
        }
    }
}

/// The GENs that take a PCG stream, in the catalogue's order: `pcg32 and
/// megacrush`.
fn stream_gens() -> String {
    let names: Vec<&str> = all()
        .iter()
        .filter(|e| e.info().has_stream)
        .map(|e| e.name())
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// A stream given for a GEN that has none.
///
/// ```
/// use rngkit_analysis::message::{Spelling, stream_not_applicable};
/// let glibc = rngkit_analysis::registry::find("glibc").unwrap();
/// assert_eq!(
///     stream_not_applicable(glibc, &Spelling::CLI),
///     "--stream applies to pcg32 and megacrush only, not glibc"
/// );
/// ```
pub fn stream_not_applicable(entry: &Entry, spelling: &Spelling) -> String {
    format!(
        "{} applies to {} only, not {}",
        spelling.stream,
        stream_gens(),
        entry.name()
    )
}

/// `identify` asked of a GEN that has no identification.
///
/// ```
/// use rngkit_analysis::message::identify_unsupported;
/// let pcg32 = rngkit_analysis::registry::find("pcg32").unwrap();
/// let text = identify_unsupported(pcg32);
/// assert!(text.starts_with("identify supports unity, "), "{text}");
/// assert!(text.contains(", not pcg32 (its seeding takes a stream"), "{text}");
/// ```
pub fn identify_unsupported(entry: &Entry) -> String {
    let supported: Vec<&str> = all()
        .iter()
        .filter(|e| e.can_identify())
        .map(|e| e.name())
        .collect();
    format!(
        "identify supports {}, not {}{}",
        supported.join(", "),
        entry.name(),
        if entry.info().has_stream {
            " (its seeding takes a stream as well, and every state is the seeding of some \
             seed and stream: there is nothing to identify)"
        } else {
            ""
        }
    )
}

/// `identify` found no seed for the state.
///
/// ```
/// use rngkit_analysis::message::{Spelling, no_seed_found};
/// let unity = rngkit_analysis::registry::find("unity").unwrap();
/// assert_eq!(
///     no_seed_found(unity, Some(10), &Spelling::CLI),
///     "no seed gives this unity state within 10 steps"
/// );
/// assert!(no_seed_found(unity, None, &Spelling::CLI).ends_with("(see --max-advance)"));
/// ```
pub fn no_seed_found(entry: &Entry, max_advance: Option<u64>, spelling: &Spelling) -> String {
    let name = entry.name();
    match max_advance {
        Some(n) => format!("no seed gives this {name} state within {n} steps"),
        None => format!(
            "no seed gives this {name} state within the default bound (see {})",
            spelling.max_advance
        ),
    }
}

/// A distance that could not be measured, naming the GEN (not the
/// generator underneath) and, where a bound would help, how to give one.
///
/// ```
/// use rngkit_analysis::DistanceError;
/// use rngkit_analysis::message::{Spelling, distance_error};
///
/// let python = rngkit_analysis::registry::find("python").unwrap();
/// let err = DistanceError::NeedsBound { generator: "mt19937" };
/// assert_eq!(
///     distance_error(python, &err, &Spelling::CLI),
///     "python has no fast distance method (its period is prime); give --max N to search up to N steps"
/// );
/// ```
pub fn distance_error(entry: &Entry, error: &DistanceError, spelling: &Spelling) -> String {
    let name = entry.name();
    match error {
        DistanceError::NeedsBound { .. } => format!(
            "{name} has no fast distance method (its period is prime); give {} to search up to N steps",
            spelling.max
        ),
        DistanceError::Unsupported(_) => format!("{name} has no distance method"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::parse_observations;
    use crate::recover::{RecoverOptions, recover};
    use crate::registry::find;

    fn unresolved(gen_name: &str, text: &str, hints: &Hints<'_>) -> Unresolved {
        let entry = find(gen_name).unwrap();
        let obs = parse_observations(entry, text).unwrap();
        let options = RecoverOptions {
            threads: 1,
            ..RecoverOptions::default()
        };
        let recovered = recover(entry, &obs, &options).unwrap();
        Unresolved::new(entry, &obs, &recovered, hints).unwrap()
    }

    #[test]
    fn composite_draws_name_what_to_observe_and_the_seed_search() {
        let text = "inside-unit-circle = 0.1 0.2\ninside-unit-circle = 0.3 -0.4\n";
        let message = unresolved("unity", text, &Hints::default()).to_string();
        assert!(
            message.starts_with("at most 2^128 states fit: 2 of the 2 observations (line 1 `inside-unit-circle`, line 2 `inside-unit-circle`) reveal no exact bit"),
            "{message}"
        );
        assert!(
            message.contains("observe draws that reveal bits, such as `"),
            "{message}"
        );
        // Without timing the seed-search advice has no cost, but the same words.
        assert!(
            message.contains("; if the program seeded unity with a 32-bit seed, `rngkit seed-search unity` can find it; a generator seeded from the OS has no such seed"),
            "{message}"
        );
    }

    #[test]
    fn over_budget_with_about_one_state_says_it_is_out_of_reach() {
        let message = Unresolved {
            answer: Answer::OverBudget {
                count: Count::About(0),
                advice: "give more values".into(),
            },
            listed: None,
            agreement: None,
            more_characters: None,
        };
        assert_eq!(
            message.to_string(),
            "about one state fits the observations, but finding it is out of reach; give more values"
        );
        assert_eq!(message.kind(), UnresolvedKind::Several);
    }

    #[test]
    fn agreement_is_added_after_the_count() {
        let message = unresolved("unity", "u32 = 1900725526", &Hints::default()).agreement(2, 5);
        assert_eq!(
            message.to_string(),
            "2^96 states fit the observations; add observations to pin down one (they agree on the first 2 of the 5 draws asked for)"
        );
        // Listing is said only when the states were enumerated.
        let message =
            unresolved("unity", "u32 = 1900725526", &Hints::default()).listed("on stdout");
        assert!(!message.to_string().contains("listed"));
    }

    #[test]
    fn the_stream_gens_are_the_catalogues() {
        assert_eq!(stream_gens(), "pcg32 and megacrush");
    }
}

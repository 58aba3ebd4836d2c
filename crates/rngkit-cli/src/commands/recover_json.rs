//! `recover --format json`: the same answers as the text form (the state at
//! the position asked, the states listed, the predicted draws, the file
//! written), as one document; exit 1 and 3 as in the text form, their
//! message in the document and on stderr.

use std::path::PathBuf;
use std::process::ExitCode;

use rngkit::registry::{Draw, Engine};
use rngkit_analysis::message::{Agreed, Hints, Unresolved, UnresolvedKind};
use rngkit_analysis::observe::Observation;
use rngkit_analysis::recover::Recovered;
use rngkit_analysis::registry::Entry;

use crate::commands::predict::{agreeing_draws, predictions};
use crate::error::{CliError, EXIT_NO_ANSWER, EXIT_UNDERDETERMINED};
use crate::output::Output;
use crate::output::documents::{self, Recovery};
use crate::output::json::Json;
use crate::seeding::write_state_file;

/// The predicted draws as JSON values (the text form's lines, as numbers
/// where they are numbers).
fn values(lines: &[String]) -> Vec<Json> {
    lines
        .iter()
        .map(|l| match l.parse::<f64>() {
            Ok(x) if x.is_finite() && !l.starts_with('+') && !l.starts_with('.') => {
                Json::Num(l.clone())
            }
            _ => match l.as_str() {
                "true" => Json::Bool(true),
                "false" => Json::Bool(false),
                _ => Json::Str(l.clone()),
            },
        })
        .collect()
}

/// What `recover` was asked, as far as its JSON answer needs it.
pub struct Asked<'a> {
    pub entry: &'static Entry,
    /// `--at end`: the states after the observations, not before.
    pub at_end: bool,
    /// `-o FILE`.
    pub output: Option<&'a PathBuf>,
}

/// The state at the position `--at` asks for: `start`, before the
/// observations, or `end`, after them.
fn at(args: &Asked, start: &Engine, end: &Engine) -> Engine {
    if args.at_end {
        end.clone()
    } else {
        start.clone()
    }
}

fn print(doc: &Json) -> Result<(), CliError> {
    let mut out = Output::new();
    out.json(doc)?;
    out.finish()
}

/// Writes the document of `recovered` and returns the exit status.
pub fn answer(
    args: &Asked,
    obs: &[Observation],
    ends: &[Engine],
    recovered: &Recovered,
    predict: Option<&(i64, Draw)>,
    text: &str,
) -> Result<ExitCode, CliError> {
    let entry = args.entry;
    let mut agreement = None;
    let (answer, states, predicted) = match recovered {
        Recovered::Unique(rng) => {
            let predicted = match predict {
                Some((n, draw)) => Some(values(&predictions(entry, rng, &ends[0], *n, draw)?)),
                None => None,
            };
            let state = at(args, rng, &ends[0]);
            if let (Some(path), None) = (args.output, &predicted) {
                write_state_file(&state, path)?;
                let path = path.display().to_string();
                print(&documents::recover(
                    entry,
                    &Recovery::Written(&path),
                    &[state],
                    None,
                    None,
                ))?;
                return Ok(ExitCode::SUCCESS);
            }
            let states = if predicted.is_some() {
                vec![rng.clone()]
            } else {
                vec![state]
            };
            print(&documents::recover(
                entry,
                &Recovery::Unique,
                &states,
                predicted.as_deref(),
                None,
            ))?;
            return Ok(ExitCode::SUCCESS);
        }
        Recovered::Several { count, states } => {
            let listed: Vec<Engine> = states
                .iter()
                .zip(ends)
                .map(|(s, e)| at(args, s, e))
                .collect();
            let mut predicted = None;
            if let (Some((n, draw)), false) = (predict, states.is_empty()) {
                let (agree, horizon) = agreeing_draws(entry, states, ends, *n, draw)?;
                let asked = n.unsigned_abs() as usize;
                if agree.len() >= asked {
                    let agreed = Agreed {
                        count: *count,
                        asked,
                        agreeing: agree.len(),
                        horizon,
                    };
                    print(&documents::recover(
                        entry,
                        &Recovery::Agreed {
                            count: count.to_string(),
                        },
                        &listed,
                        Some(&values(&agree[..asked])),
                        Some(&agreed.to_string()),
                    ))?;
                    return Ok(ExitCode::SUCCESS);
                }
                agreement = Some((agree.len(), asked));
                predicted = Some(values(&agree));
            }
            (
                Recovery::Several {
                    count: count.to_string(),
                },
                listed,
                predicted,
            )
        }
        Recovered::OverBudget { count, .. } => (
            Recovery::OverBudget {
                count: count.to_string(),
            },
            Vec::new(),
            None,
        ),
        Recovered::NoneFits => (Recovery::NoneFits, Vec::new(), None),
    };
    let mut message = Unresolved::new(entry, obs, recovered, &Hints::full(Some(text)))
        .expect("one state was answered above")
        .listed("in \"states\"");
    if let Some((agreeing, asked)) = agreement {
        message = message.agreement(agreeing, asked);
    }
    let message_text = message.to_string();
    print(&documents::recover(
        entry,
        &answer,
        &states,
        predicted.as_deref(),
        Some(&message_text),
    ))?;
    Err(CliError {
        code: match message.kind() {
            UnresolvedKind::Several => EXIT_UNDERDETERMINED,
            UnresolvedKind::NoneFits => EXIT_NO_ANSWER,
        },
        message: message_text,
    })
}

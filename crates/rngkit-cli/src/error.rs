//! Errors and exit statuses: every failure is one `error:` line on stderr.

use std::fmt;
use std::process::ExitCode;

/// Exit status for a well-formed question without an answer.
pub const EXIT_NO_ANSWER: u8 = 1;
/// Exit status for bad usage or bad input.
pub const EXIT_USAGE: u8 = 2;
/// Exit status for valid input that pins no answer: several states fit,
/// or listing them would search more than the budget (`recover` says how
/// many remain and what to add).
pub const EXIT_UNDERDETERMINED: u8 = 3;

/// A failure with its exit status and one-line message.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// Bad usage or bad input (exit 2).
    pub fn usage(message: impl fmt::Display) -> Self {
        CliError {
            code: EXIT_USAGE,
            message: message.to_string(),
        }
    }

    /// A well-formed question without an answer (exit 1).
    #[allow(dead_code)]
    pub fn no_answer(message: impl fmt::Display) -> Self {
        CliError {
            code: EXIT_NO_ANSWER,
            message: message.to_string(),
        }
    }

    /// Prints the one-line message and returns the exit status.
    pub fn report(self) -> ExitCode {
        eprintln!("error: {}", one_line(&self.message));
        ExitCode::from(self.code)
    }

    /// Prints the message as `--format json` does (a JSON object on
    /// stderr, see [`crate::output::json::error`]) when `json`, else as
    /// [`CliError::report`] does; returns the exit status.
    pub fn report_as(self, json: bool) -> ExitCode {
        if !json {
            return self.report();
        }
        eprintln!(
            "{}",
            crate::output::json::error(&one_line(&self.message), self.code)
        );
        ExitCode::from(self.code)
    }
}

/// Collapses a message onto one line (file names and OS messages may carry
/// newlines), with the control characters it quotes from the input escaped
/// (`\u{1b}`, not a raw escape sequence on the user's terminal).
fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        if c.is_control() {
            line.extend(c.escape_debug());
        } else {
            line.push(c);
        }
    }
    line
}

/// Reports a clap error: help and version go to stdout with status 0; every
/// other error becomes one `error:` line with status 2.
pub fn report_clap(err: clap::Error, cli: &clap::Command, json: bool) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `rngkit` alone is bad usage like any other: one `error:` line
            // (the contract), naming the commands.
            let commands: Vec<String> = cli
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            CliError::usage(format_args!(
                "no command given; the commands are {} (see --help)",
                commands.join(", ")
            ))
            .report_as(json)
        }
        _ => {
            let rendered = err.render().to_string();
            // clap's message is the text before its "Usage:" block, sometimes
            // over several lines (the missing arguments are listed below the
            // headline); fold it onto one line.
            let text: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
                .collect();
            let joined = text.join(" ");
            let message = joined.trim_start_matches("error:").trim();
            let hint = match err.kind() {
                ErrorKind::UnknownArgument
                | ErrorKind::MissingRequiredArgument
                | ErrorKind::ArgumentConflict
                | ErrorKind::InvalidSubcommand => " (see --help)",
                _ => "",
            };
            CliError::usage(format_args!("{message}{hint}")).report_as(json)
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(err: std::io::Error) -> Self {
        CliError::usage(err)
    }
}

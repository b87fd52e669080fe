//! What a run prints and how it exits, errors shaped like clap's own.

use clap::error::ErrorKind;
use clap::CommandFactory;

use super::arguments::Cli;
use crate::bulk::BulkError;
use hexfair::generate::{GenerateError, NumberMode};
use hexfair::rules::Scope;

/// What a run prints and how it exits.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// A usage, help or version message in colour (ANSI), for `main` to print in place of
    /// the plain one when that stream is a terminal.
    pub coloured: Option<String>,
}

impl Outcome {
    pub(super) fn ok(stdout: String) -> Self {
        Outcome {
            code: 0,
            stdout,
            stderr: String::new(),
            coloured: None,
        }
    }

    /// A clap error (usage, help or version) as clap would print it.
    pub(super) fn from_clap(error: &clap::Error) -> Self {
        let styled = error.render();
        let coloured = styled.ansi().to_string();
        let (stdout, stderr) = if error.use_stderr() {
            (String::new(), styled.to_string())
        } else {
            (styled.to_string(), String::new())
        };
        Outcome {
            code: error.exit_code(),
            stdout,
            stderr,
            coloured: Some(coloured),
        }
    }

    /// Bad input found after parsing, shown like clap's own errors: the message, then the
    /// usage of `command`.
    pub(super) fn bad_input(command: &str, message: impl std::fmt::Display) -> Self {
        let mut cli = Cli::command();
        cli.build();
        let error = match cli.find_subcommand_mut(command) {
            Some(sub) => sub.error(ErrorKind::ValueValidation, message),
            None => cli.error(ErrorKind::ValueValidation, message),
        };
        Outcome::from_clap(&error)
    }

    /// Rules that cannot be met, by boards whose numbers are laid by `numbers`.
    pub(super) fn failed(command: &str, error: &GenerateError, numbers: NumberMode) -> Self {
        if let GenerateError::Unsupported(why) = error {
            return Outcome::bad_input(command, crate::refusal_words::settings_problem(why));
        }
        let mut why = super::words::refusal(error, true);
        // The spiral lays the tokens in a fixed order, so a rule on numbers that a shuffle
        // keeps may be beyond it: such a conflict is the spiral's, not the rules' alone.
        let on_numbers = match error {
            GenerateError::Infeasible { conflict, .. } => {
                conflict.is_empty() || conflict.iter().any(|r| r.scope() != Scope::Terrain)
            }
            _ => false,
        };
        if numbers == NumberMode::Spiral && on_numbers {
            why.push_str(" with its numbers on the letter spiral (--numbers spiral)");
        }
        Outcome {
            code: 3,
            stdout: String::new(),
            stderr: format!("error: {why}\n"),
            coloured: None,
        }
    }

    /// The system refused what a run needs (threads, randomness): exit status 1.
    pub(super) fn system_failed(message: String) -> Self {
        Outcome {
            code: 1,
            stdout: String::new(),
            stderr: format!("error: {message}\n"),
            coloured: None,
        }
    }

    /// A `generate --count` that could not make its boards.
    pub(super) fn bulk_failed(error: &BulkError, seed: u64, numbers: NumberMode) -> Self {
        match error {
            BulkError::Generate(error) => Outcome::failed("generate", error, numbers),
            BulkError::TooFew { distinct, tried } => Outcome {
                code: 3,
                stdout: String::new(),
                stderr: format!(
                    "error: these settings gave only {distinct} distinct boards from the first \
                     {tried} seeds derived from --seed {seed}; ask for fewer with --count\n"
                ),
                coloured: None,
            },
            BulkError::Threads(why) => {
                Outcome::system_failed(format!("the worker threads would not start: {why}"))
            }
        }
    }
}

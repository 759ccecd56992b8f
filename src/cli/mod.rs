//! The command line: one file per command, each thin.

pub mod convert;
pub mod corpus;
pub mod perft;
pub mod replay;
pub mod selfplay;
pub mod show;
pub mod source;
pub mod stats;
pub mod validate;
pub mod variants;
pub mod view;

use std::fmt;
use std::io::Write;

/// Why a command failed, and the exit code that says so.
#[derive(Debug)]
pub enum CliError {
    /// The input reads, and something in it is wrong: a move that does not
    /// replay, an invalid game in a corpus, a loss `--strict` refuses (exit 1).
    Findings(String),
    /// Input that cannot be used (unreadable, not a record, an unknown
    /// variant) or a wrong command line (exit 2).
    Input(String),
    /// Something broke inside the toolkit: a bug (exit 3).
    Internal(String),
}

impl CliError {
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Findings(_) => 1,
            CliError::Input(_) => 2,
            CliError::Internal(_) => 3,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Findings(m) | CliError::Input(m) | CliError::Internal(m) => f.write_str(m),
        }
    }
}

/// Finds a variant by id, or says which ids exist.
pub fn variant_arg(id: &str) -> Result<&'static roundtable::variant::Variant, CliError> {
    roundtable::variant::by_id(id).ok_or_else(|| {
        let ids: Vec<&str> = roundtable::variant::all().iter().map(|v| v.id).collect();
        CliError::Input(format!(
            "unknown variant `{id}`; known variants: {}",
            ids.join(", ")
        ))
    })
}

/// Reads a file as text (UTF-8, or Latin-1 when it is not), or says why not.
pub fn read_file(path: &str) -> Result<String, CliError> {
    std::fs::read(path)
        .map(|bytes| roundtable::render::diagnostic::decode(&bytes))
        .map_err(|e| CliError::Input(format!("cannot read `{path}`: {e}")))
}

/// Writes the output: to the file (through a temporary file, so that a
/// failure leaves nothing half-written) or to standard output.
pub fn emit(path: Option<&str>, text: &str) -> Result<(), CliError> {
    let mut out = Output::open(path)?;
    let written = out.write(text);
    out.finish(written)
}

/// Where the output goes: standard output, or a temporary file beside the
/// target, renamed over it only when the whole run has succeeded.
pub enum Output {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    File {
        file: std::io::BufWriter<std::fs::File>,
        tmp: String,
        path: String,
    },
}

impl Output {
    pub fn open(path: Option<&str>) -> Result<Output, CliError> {
        Ok(match path {
            None => Output::Stdout(std::io::BufWriter::new(std::io::stdout())),
            Some(path) => {
                let tmp = format!("{path}.roundtable-tmp");
                let file = std::fs::File::create(&tmp)
                    .map_err(|e| CliError::Input(format!("cannot write `{path}`: {e}")))?;
                Output::File {
                    file: std::io::BufWriter::new(file),
                    tmp,
                    path: path.to_string(),
                }
            }
        })
    }

    pub fn write(&mut self, text: &str) -> Result<(), CliError> {
        let done = match self {
            Output::Stdout(out) => out.write_all(text.as_bytes()),
            Output::File { file, .. } => file.write_all(text.as_bytes()),
        };
        done.map_err(|e| CliError::Input(format!("cannot write the output: {e}")))
    }

    /// Flushes and, for a file, puts it in place.
    fn commit(self) -> Result<(), CliError> {
        match self {
            Output::Stdout(mut out) => out
                .flush()
                .map_err(|e| CliError::Internal(format!("cannot write to standard output: {e}"))),
            Output::File { file, tmp, path } => {
                let done = file
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .and_then(|f| f.sync_all())
                    .and_then(|()| std::fs::rename(&tmp, &path));
                done.map_err(|e| {
                    let _ = std::fs::remove_file(&tmp);
                    CliError::Input(format!("cannot write `{path}`: {e}"))
                })
            }
        }
    }

    /// Puts the output in place when the run that wrote it succeeded;
    /// otherwise drops it and hands back the run's error.
    pub fn finish(self, run: Result<(), CliError>) -> Result<(), CliError> {
        match run {
            Ok(()) => self.commit(),
            Err(e) => {
                self.abandon();
                Err(e)
            }
        }
    }

    /// Drops what was written to a file (a failed run leaves no trace).
    fn abandon(self) {
        if let Output::File { file, tmp, .. } = self {
            drop(file);
            let _ = std::fs::remove_file(tmp);
        }
    }
}

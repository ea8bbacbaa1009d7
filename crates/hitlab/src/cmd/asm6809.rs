//! `hitlab asm6809`: the project's MC6809 assembler (`machine::vectrex::target::asm`) as a
//! command, so a Vectrex routine is built like the other machines' are with theirs:
//! `hitlab asm6809 template.asm -o template.bin`. An error is located as
//! `FILE:LINE:COL: message`, the column being where the failing statement starts.
//! `--symbols FILE` writes the labels as a NoICE file (`DEF name 0x0012`), which a
//! program file's `symbols:` and `--symbols` read.

use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;
use machine::vectrex::target::asm;

use crate::{Fault, Outcome, bad_input, usage};

/// The largest source read: far more than a 32 KB cartridge's worth of statements.
const MAX_SOURCE_BYTES: u64 = 4 << 20;

/// `hitlab asm6809`.
#[derive(Debug, Args)]
pub struct Asm6809Args {
    /// The source, in Motorola syntax.
    pub source: PathBuf,
    /// The image to write: the bytes from the first `org` on.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Also write the listing (address, bytes, source line).
    #[arg(long, value_name = "FILE")]
    pub listing: Option<PathBuf>,
    /// Also write the labels as a NoICE symbol file (`DEF name 0x0012`).
    #[arg(long, value_name = "FILE")]
    pub symbols: Option<PathBuf>,
}

pub fn run(args: &Asm6809Args) -> Result<Outcome, Fault> {
    let shown = args.source.display();
    let meta = std::fs::metadata(&args.source)
        .map_err(|e| bad_input(anyhow!("{shown}: cannot read: {e}")))?;
    if !meta.is_file() || meta.len() > MAX_SOURCE_BYTES {
        return Err(bad_input(anyhow!(
            "{shown}: not a source file of at most {MAX_SOURCE_BYTES} bytes"
        )));
    }
    let bytes =
        std::fs::read(&args.source).map_err(|e| bad_input(anyhow!("{shown}: cannot read: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|e| bad_input(anyhow!("{shown}: not UTF-8 text: {e}")))?;
    let built = asm::assemble(&text).map_err(|e| {
        let col = text
            .lines()
            .nth(e.line.saturating_sub(1))
            .and_then(|l| l.find(|c: char| !c.is_whitespace()))
            .map_or(1, |i| i + 1);
        bad_input(anyhow!("{shown}:{}:{col}: {}", e.line, e.message))
    })?;
    crate::atomic::write(&args.output, &built.image).map_err(usage)?;
    if let Some(listing) = &args.listing {
        crate::atomic::write(listing, built.listing.as_bytes()).map_err(usage)?;
    }
    if let Some(symbols) = &args.symbols {
        crate::atomic::write(symbols, built.noice().as_bytes()).map_err(usage)?;
    }
    crate::out::outln!(
        "{}: {} bytes at ${:04X}",
        args.output.display(),
        built.image.len(),
        built.origin
    );
    Ok(Outcome::Ok)
}

//! `hitlab`: the command-line front end.

use clap::{Parser, Subcommand};

/// Sprite collision methods of retro games, tested against models of their video chips.
#[derive(Debug, Parser)]
#[command(name = "hitlab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print every collision method with its exactness.
    Methods,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Methods => {
            for id in collide::MethodId::ALL {
                println!(
                    "{:<16} {:<32} {}",
                    id,
                    id.origin(),
                    id.exactness().describe()
                );
            }
        }
    }
    Ok(())
}

//! `hitlab run`: play a scene. Headless for now: it plays the scene and prints the
//! comparison summary.

use crate::cli::RunArgs;
use crate::cmd::compare::{flag_name, header, play};
use crate::report::summary_text;
use crate::{Fault, Outcome};

pub fn run(args: &RunArgs) -> Result<Outcome, Fault> {
    let (loaded, summary) = play(&args.scene, args.frames, &[], |_| {})?;
    println!("{}", header(&loaded, summary.frames));
    print!(
        "{}",
        summary_text(&summary, flag_name(&loaded.scene.target))
    );
    Ok(Outcome::Ok)
}

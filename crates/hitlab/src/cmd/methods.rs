//! `hitlab methods`: the catalogue, each method run once on a generated frame of sprites
//! drifting over a square world (half Good, half Bad), with what it found and what it cost.

use collide::truth::{Scope, box_pairs};
use collide::workload::UniformDrift;
use collide::{Found, Hardware, MethodConfig, MethodId};

use crate::cli::MethodsArgs;
use crate::{Fault, Outcome};

pub fn run(args: &MethodsArgs) -> Result<Outcome, Fault> {
    let n = args.objects.clamp(1, 100_000);
    let world = UniformDrift::new(n, 0x5EED);
    let truth = box_pairs(world.objects(), Scope::Game);
    let side = world.side_px();
    // The chip's flag, as a Genesis would report it for this frame.
    let frame = world.frame(Hardware {
        flag: Some(!truth.is_empty()),
        isr: None,
    });
    crate::out::outln!(
        "{n} objects of 8x8 px in a {side}x{side} px world, {} colliding pairs (box truth)\n",
        truth.len()
    );
    crate::out::outln!(
        "{:<16} {:<30} {:<32} {:>6} {:>6} {:>10} {:>10} {:>9}",
        "method",
        "from",
        "exact?",
        "pairs",
        "missed",
        "seed ops",
        "compares",
        "ns"
    );
    let config = MethodConfig::default();
    for &id in MethodId::ALL {
        let mut method = collide::build(id, &config);
        let mut found = Found::default();
        let start = std::time::Instant::now();
        method.find(&frame, &mut found);
        let ns = start.elapsed().as_nanos();
        let missed = truth
            .iter()
            .filter(|p| found.pairs.binary_search(p).is_err())
            .count();
        let flag_only = id == MethodId::HwFlag;
        let pairs = if flag_only {
            format!("flag {}", u8::from(found.flag == Some(true)))
        } else {
            found.pairs.len().to_string()
        };
        crate::out::outln!(
            "{:<16} {:<30} {:<32} {:>6} {:>6} {:>10} {:>10} {:>9}",
            id.as_str(),
            id.origin(),
            id.exactness().describe(),
            pairs,
            if flag_only {
                "-".into()
            } else {
                missed.to_string()
            },
            found.cost.seed_ops,
            found.cost.comparisons,
            ns
        );
    }
    crate::out::outln!("\n(one cold run each; `cargo bench -p collide` measures properly)");
    Ok(Outcome::Ok)
}

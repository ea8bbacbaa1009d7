//! Writing a finding: the shrunk frame as a scene file, the scenario `hitlab replay` fails
//! with, the routine image and the picture; then loading them back to check they reproduce
//! it. A hunt leaves its whole finding or nothing.

use std::path::Path;

use anyhow::anyhow;
use collide::MethodId;

use crate::{Fault, usage};

use super::explain::describe_kind;
use super::judge::{Finding, Hunted, Judge};
use super::picture::picture;
use super::space::{self, Frame, Space};
use super::written::Written;
use super::{Found, HuntArgs, shrink};

/// Plays the shrinker may make at most.
const SHRINK_LIMIT: u32 = 4_000;

/// Shrinks the frame found, writes it and checks it plays back the same.
pub(super) fn finish(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    name: &str,
    first: Frame,
    at: u32,
) -> Result<Found, Fault> {
    let kind = judge.judge(&first).map(|f| f.kind);
    // After Ctrl-C the shrinker plays no more, and the frame is written as far as it got.
    let (frame, shrink_plays) = shrink::shrink(space, &first, SHRINK_LIMIT, |f| {
        judge.judge(f).is_some_and(|g| Some(g.kind) == kind)
    });
    let report = judge.play(&frame).map_err(|e| anyhow!(e))?;
    let finding = judge
        .finding(&report)
        .ok_or_else(|| anyhow!("the shrunk frame no longer disagrees"))?;
    let stem = format!(
        "hunt-{}-{}",
        Path::new(name)
            .file_stem()
            .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned()),
        space.key
    );
    std::fs::create_dir_all(&args.out)
        .map_err(|e| usage(anyhow!("{}: cannot create: {e}", args.out.display())))?;
    // Everything written is removed again if a later file fails: a hunt leaves its whole
    // finding or nothing.
    let mut written = Written::default();
    for (file, bytes) in space.rom_files() {
        written.write(&args.out.join(file), bytes)?;
    }
    let shown = match &judge.hunted {
        Hunted::Method(m) => m.as_str(),
        Hunted::Code { like, .. } => like.map_or("half-pairs", MethodId::as_str),
    };
    let comment = format!(
        "Found by `hitlab hunt {} --target {} --seed {} --objects {}`: {} {}, against {}.",
        args.what,
        space.key,
        args.seed,
        args.objects,
        name,
        describe_kind(&finding),
        judge.hunted.truth()
    );
    let text = space.ron(&frame, &stem, Some(shown), &comment);
    let scene = args.out.join(format!("{stem}.ron"));
    written.write(&scene, text.as_bytes())?;
    let image = match &judge.hunted {
        Hunted::Code { image, .. } => {
            let file = format!("{stem}.bin");
            written.write(&args.out.join(&file), image)?;
            Some(file)
        }
        Hunted::Method(_) => None,
    };
    let scenario = args.out.join(format!("{stem}.scenario.ron"));
    let scenario_text = scenario_ron(&judge.hunted, &finding, &stem, image.as_deref(), &comment);
    written.write(&scenario, scenario_text.as_bytes())?;
    let reproduced = scene::loaded::load_scene(&scene)
        .ok()
        .and_then(|l| judge.play_scene(l).ok())
        .and_then(|r| judge.finding(&r))
        .is_some_and(|g| g.kind == finding.kind && g.pair == finding.pair)
        && scene::load_scenario(&scenario)
            .ok()
            .and_then(|l| scene::replay(l, |_| {}).ok())
            .is_some_and(|o| !o.failures.is_empty());
    // A routine's picture shows the routine's own row (panel and pairs), as its run of the
    // written scene gives them, not its Rust twin's.
    let routine_report = match &judge.hunted {
        Hunted::Code { .. } => scene::loaded::load_scene(&scene)
            .ok()
            .and_then(|l| judge.play_scene(l).ok())
            .filter(|r| !r.routines.is_empty()),
        Hunted::Method(_) => None,
    };
    let png = args.out.join(format!("{stem}.png"));
    let caption = format!(
        "{name} {}, against {}",
        describe_kind(&finding),
        judge.hunted.truth()
    );
    if let Err(e) = picture(
        &scene,
        &png,
        &judge.hunted,
        &report.objects,
        &finding,
        routine_report.as_ref(),
        &caption,
    ) {
        written.remove();
        return Err(e);
    }
    written.keep();
    Ok(Found {
        at,
        first_objects: first.objs.len(),
        frame,
        finding,
        objects: report.objects,
        shrink_plays,
        scene,
        scenario,
        png,
        reproduced,
    })
}

/// The scenario `hitlab replay` reruns the finding with: the scene written beside it, the
/// routine image when one was hunted, and the expectation the hunt saw fail.
pub(super) fn scenario_ron(
    hunted: &Hunted,
    finding: &Finding,
    stem: &str,
    image: Option<&str>,
    comment: &str,
) -> String {
    use space::ron_string;
    let pixel = hunted
        .rule()
        .is_some_and(|m| m.exactness() == collide::Exactness::PixelTable);
    let expect = match (hunted, image) {
        (Hunted::Method(MethodId::HwFlag), _) => "HardwareMatchesTruth".to_owned(),
        (Hunted::Code { .. }, Some(file)) => {
            format!(
                "RoutineExact(routine: {}, pixel: {pixel})",
                ron_string(file)
            )
        }
        (_, _) if finding.kind == "false alarm" => format!(
            "NoFalseAlarms(method: {}, pixel: {pixel})",
            ron_string(&hunted.name())
        ),
        (_, _) => format!(
            "NoMisses(method: {}, pixel: {pixel})",
            ron_string(&hunted.name())
        ),
    };
    let routine = image.map_or_else(String::new, |f| {
        format!("    routine: Some((file: {})),\n", ron_string(f))
    });
    let mut s = String::new();
    for line in comment.lines() {
        s.push_str("// ");
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("// `hitlab replay` on this file fails the expectation below as the hunt did.\n");
    s.push_str(&format!(
        "Scenario(\n    version: 1,\n    scene: Path({}),\n    frames: 1,\n{routine}    expect: [{expect}],\n)\n",
        ron_string(&format!("{stem}.ron"))
    ));
    s
}

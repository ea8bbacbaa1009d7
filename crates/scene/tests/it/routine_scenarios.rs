//! Scenarios with routine expectations: they pass when the routine does what they say, and
//! fail, naming the frame and the objects, when it does not.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str, body: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    // Tests run in parallel: each scenario file its own name.
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = root().join("tests");
    let p = dir.join(format!(".{name}-{}-{n}.ron", std::process::id()));
    std::fs::write(&p, body).unwrap();
    p
}

fn replay(body: &str) -> Result<Vec<String>, String> {
    let p = scratch("routine", body);
    let out = scene::load_scenario(&p)
        .map_err(|e| e.to_string())
        .and_then(|l| scene::replay(l, |_| {}).map_err(|e| e.to_string()))
        .map(|o| o.failures);
    std::fs::remove_file(&p).ok();
    out
}

fn scenario(routine: &str, expect: &str) -> String {
    format!(
        "Scenario(version: 1, scene: Path(\"../scenes/msx/bands.ron\"), frames: 60, {routine} expect: [{expect}])"
    )
}

#[test]
fn the_shipped_routine_scenario_passes() {
    let l = scene::load_scenario(&root().join("tests/msx_routine.ron")).expect("loads");
    let o = scene::replay(l, |_| {}).expect("plays");
    assert!(o.failures.is_empty(), "{:?}", o.failures);
}

#[test]
fn a_lossy_routine_fails_an_exactness_expectation() {
    let f = replay(&scenario("", "RoutineExact(routine: \"mask16 z80-asm\")")).unwrap();
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].contains("mask16 z80-asm missed"), "{f:?}");
}

#[test]
fn a_cycle_bound_too_tight_fails() {
    let f = replay(&scenario(
        "",
        "RoutineCyclesAtMost(routine: \"half-pairs z80\", median: Some(100))",
    ))
    .unwrap();
    assert!(f.iter().any(|m| m.contains("median")), "{f:?}");
}

#[test]
fn a_routine_that_never_ran_is_named() {
    let f = replay(&scenario("", "RoutineExact(routine: \"nothing.bin\")")).unwrap();
    assert_eq!(f, ["no routine named `nothing.bin` ran"]);
}

#[test]
fn a_routine_that_returns_at_once_misses() {
    let img = root()
        .join("tests")
        .join(format!(".ret-{}.bin", std::process::id()));
    std::fs::write(&img, [0xC9]).unwrap();
    let name = img.file_name().unwrap().to_string_lossy().into_owned();
    let f = replay(&scenario(
        &format!("routine: Some((file: \"{name}\")),"),
        &format!("RoutineExact(routine: \"{name}\")"),
    ));
    std::fs::remove_file(&img).ok();
    let f = f.unwrap();
    assert!(f.iter().any(|m| m.contains("missed")), "{f:?}");
}

#[test]
fn a_missing_image_or_a_bad_load_address_is_bad_input_with_its_place() {
    let e = replay(&scenario("routine: Some((file: \"no-such.bin\")),", "")).unwrap_err();
    assert!(e.contains("routine.file"), "{e}");
    let e = replay(&scenario(
        "routine: Some((file: \"../roms/msx/code/half-pairs.bin\", load: Some(0x3000))),",
        "",
    ))
    .unwrap_err();
    assert!(e.contains("routine.load") && e.contains("code area"), "{e}");
}

//! What the program benches share: one frame of a booted program as the harness runs it,
//! and its rate by the thread's CPU time (which a loaded machine does not inflate) beside
//! the wall clock, as a multiple of the machine's real frame rate.

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;
use machine::Machine;
use machine::program::NoProbe;

/// One `run_frame`, then the sprite view and the status the harness reads after it.
pub fn frame(m: &mut dyn Machine) -> u16 {
    m.program()
        .expect("booted")
        .run_frame(&mut NoProbe::default())
        .expect("runs");
    black_box(m.sprites());
    m.peek_verdict().status
}

/// Runs `step` for a second of CPU time and prints frames per CPU second and per wall
/// second against `frame_hz`.
pub fn measure(label: &str, frame_hz: f64, mut step: impl FnMut()) {
    measure_units(label, "frames", frame_hz, || {
        step();
        1
    });
}

/// Runs `step` for a second of CPU time, each call doing the `units` it returns, and prints
/// units per CPU second and per wall second against `real_per_second` (the machine's rate).
pub fn measure_units(
    label: &str,
    units: &str,
    real_per_second: f64,
    mut step: impl FnMut() -> u64,
) {
    let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
    let mut done = 0u64;
    while cpu_clock.elapsed().as_secs_f64() < 1.0 {
        done += step();
    }
    let cpu = done as f64 / cpu_clock.elapsed().as_secs_f64();
    let walls = done as f64 / wall.elapsed().as_secs_f64();
    println!(
        "{label}: {cpu:.0} {units} per CPU second = {:.1}x real time ({walls:.0} {units} per \
         wall second = {:.1}x)",
        cpu / real_per_second,
        walls / real_per_second
    );
}

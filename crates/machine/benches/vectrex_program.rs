//! A Vectrex program frame headless: `roms/vectrex/programs/objects.bin` on the project's
//! BIOS, one `run_frame` and the verdict read after it per iteration (the 6809 through
//! Wait_Recal, two objects drawn with Moveto_d and Draw_VLc, the Obj_Hit test; the VIA's
//! timers and the analog integrators caught up at each access, event and change of the
//! pins, as the board runs them). Also measured: `overrun` (busy
//! all frame). The line printed first gives frames per CPU second (thread CPU time) beside
//! frames per wall second, as a multiple of real time (50 frames a second), with the
//! picture off (segments kept, not rasterised) and on. A frame of `overrun` is longer than
//! a fiftieth of a second on the machine (about 41,000 cycles where `Wait_Recal` keeps
//! 30,000), so its real time is also given by cycles: 6809 cycles run per CPU second
//! against the Vectrex's 1.5 MHz.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use machine::Machine;
use machine::program::{NoProbe, ProgramImage};
use machine::vectrex::maze::Labyrinth;
use machine::vectrex::{VectrexMachine, VectrexSettings};

mod program_rate;
use program_rate::{frame, measure, measure_units};

const OBJECTS: &[u8] = include_bytes!("../../../roms/vectrex/programs/objects.bin");
const OVERRUN: &[u8] = include_bytes!("../../../roms/vectrex/programs/overrun.bin");

fn booted(cart: &[u8]) -> VectrexMachine {
    let lab = Arc::new(Labyrinth::new(1, 1, vec![0]).expect("one open tile"));
    let settings = VectrexSettings {
        labyrinth: String::new(),
        check_every: 1,
        walls: None,
    };
    let mut m = VectrexMachine::new(lab, &settings);
    m.boot(&ProgramImage {
        bytes: cart,
        ..ProgramImage::default()
    })
    .expect("the test cartridge boots");
    m
}

fn bench(c: &mut Criterion) {
    for picture in [false, true] {
        for (name, cart) in [("objects", OBJECTS), ("overrun", OVERRUN)] {
            let mut m = booted(cart);
            m.set_frame_output(picture);
            let label = format!(
                "vectrex program {name}, picture {}",
                if picture { "on" } else { "off" }
            );
            measure(&label, 50.0, || {
                frame(&mut m);
            });
        }
    }
    for name_cart in [("objects", OBJECTS), ("overrun", OVERRUN)] {
        cycles_rate(name_cart.0, name_cart.1);
    }
    let mut m = booted(OBJECTS);
    m.set_frame_output(false);
    let mut probe = NoProbe::default();
    let mut group = c.benchmark_group("vectrex_program");
    group.bench_function("objects_frame", |b| {
        b.iter(|| black_box(m.program().unwrap().run_frame(&mut probe).unwrap()));
    });
    group.finish();
}

/// The Vectrex's 6809 clock (1.5 MHz), what a cycle count is real time against.
const CPU_HZ: f64 = 1_500_000.0;

/// Whole frames (picture off) measured by the 6809 cycles they took against the 1.5 MHz
/// clock: real time for a program whose frames are not 30,000 cycles long.
fn cycles_rate(name: &str, cart: &[u8]) {
    let mut m = booted(cart);
    m.set_frame_output(false);
    let mut probe = NoProbe::default();
    measure_units(
        &format!("vectrex program {name}, by cycles"),
        "cycles",
        CPU_HZ,
        || m.program().unwrap().run_frame(&mut probe).unwrap().cycles,
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);

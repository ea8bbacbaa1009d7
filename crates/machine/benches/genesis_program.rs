//! A Genesis program frame headless: `roms/genesis/programs/vint-dma.bin` booted on the
//! board, one `run_frame` and the sprite view and status read after it per iteration (the 68000, the VDP line by line with its sprites
//! and collision flags, the VINT handler's DMA, the Z80 held in reset; that 68000 STOPs
//! between VINTs). Also measured: `z80-loop` (the Z80 busy all frame) and `lag` (the 68000
//! busy all frame), and, headless only, the programs that poll the VDP's ports in the
//! active display (`status-poll`, `display-mid`, `sprites-mid`, `dma-lines`). The line printed
//! first gives frames per CPU second (thread CPU time) beside frames per wall second, as a
//! multiple of real time (60 frames a second, NTSC), headless (picture off: the collision-
//! only mode, flags and sprite view computed) and with the picture (planes and sprites).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use machine::Machine;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{NoProbe, ProgramImage};

mod program_rate;
use program_rate::{frame, measure};

const ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/vint-dma.bin");
const Z80_ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/z80-loop.bin");
/// The 68000 busy the whole frame (a DBRA loop): the worst case for the CPU core.
const LAG_ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/lag.bin");
/// Programs that poll the status word or the HV counter while the beam draws.
const POLLERS: &[(&str, &[u8])] = &[
    (
        "status-poll",
        include_bytes!("../../../roms/genesis/programs/status-poll.bin"),
    ),
    (
        "display-mid",
        include_bytes!("../../../roms/genesis/programs/display-mid.bin"),
    ),
    (
        "sprites-mid",
        include_bytes!("../../../roms/genesis/programs/sprites-mid.bin"),
    ),
    (
        "dma-lines",
        include_bytes!("../../../roms/genesis/programs/dma-lines.bin"),
    ),
];

fn booted(rom: &[u8]) -> Genesis {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("the test ROM boots");
    m
}

fn measure_rom(name: &str, rom: &[u8], picture: bool) {
    let mut m = booted(rom);
    m.set_frame_output(picture);
    let label = format!(
        "genesis program {name}, picture {}",
        if picture { "on" } else { "off" }
    );
    measure(&label, 60.0, || {
        frame(&mut m);
    });
}

fn bench(c: &mut Criterion) {
    for picture in [false, true] {
        measure_rom("vint-dma", ROM, picture);
        measure_rom("z80-loop", Z80_ROM, picture);
        measure_rom("lag", LAG_ROM, picture);
    }
    for (name, rom) in POLLERS {
        measure_rom(name, rom, false);
    }
    let mut m = booted(ROM);
    m.set_frame_output(false);
    let mut probe = NoProbe::default();
    let mut group = c.benchmark_group("genesis_program");
    group.bench_function("vint_dma_frame", |b| {
        b.iter(|| black_box(m.program().unwrap().run_frame(&mut probe).unwrap()));
    });
    let mut lag = booted(LAG_ROM);
    lag.set_frame_output(false);
    group.bench_function("lag_frame", |b| {
        b.iter(|| black_box(lag.program().unwrap().run_frame(&mut probe).unwrap()));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

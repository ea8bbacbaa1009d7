//! A Genesis program frame headless: `roms/genesis/programs/vint-dma.bin` booted on the
//! board, one `run_frame` per iteration (the 68000, the VDP line by line with its sprites
//! and collision flags, the VINT handler's DMA, the Z80 held in reset; that 68000 STOPs
//! between VINTs). Also measured: `z80-loop` (the Z80 busy all frame) and `lag` (the 68000
//! busy all frame). The line printed
//! first gives frames per CPU second (thread CPU time) beside frames per wall second, as a
//! multiple of real time (60 frames a second, NTSC), headless (picture off: the collision-
//! only mode, flags and sprite view computed) and with the picture (planes and sprites).

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;
use criterion::{Criterion, criterion_group, criterion_main};
use machine::Machine;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{NoProbe, ProgramImage};

const ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/vint-dma.bin");
const Z80_ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/z80-loop.bin");
/// The 68000 busy the whole frame (a DBRA loop): the worst case for the CPU core.
const LAG_ROM: &[u8] = include_bytes!("../../../roms/genesis/programs/lag.bin");

fn booted(rom: &[u8]) -> Genesis {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("the test ROM boots");
    m
}

fn measure(name: &str, rom: &[u8], picture: bool) {
    let mut m = booted(rom);
    m.set_frame_output(picture);
    let mut probe = NoProbe::default();
    let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
    let mut frames = 0u64;
    while cpu_clock.elapsed().as_secs_f64() < 1.0 {
        m.program()
            .expect("booted")
            .run_frame(&mut probe)
            .expect("runs");
        frames += 1;
    }
    let cpu = frames as f64 / cpu_clock.elapsed().as_secs_f64();
    let walls = frames as f64 / wall.elapsed().as_secs_f64();
    println!(
        "genesis program {name}, picture {}: {cpu:.0} frames per CPU second = {:.1}x real time \
         ({walls:.0} frames per wall second = {:.1}x)",
        if picture { "on" } else { "off" },
        cpu / 60.0,
        walls / 60.0
    );
}

fn bench(c: &mut Criterion) {
    for picture in [false, true] {
        measure("vint-dma", ROM, picture);
        measure("z80-loop", Z80_ROM, picture);
        measure("lag", LAG_ROM, picture);
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

//! The X16 frame with seed 004's chain (`roms/vera/code/chain.bin`) on the rings (128
//! sprites of 16x16 on eight rings): per iteration the sprite attributes written through
//! the VERA's data port (ADDR0 at $1FC00 with increment 1, then 1,024 bytes to DATA0, as
//! the game's vertical-blank code writes them), the chip's frame run (480 lines composed,
//! the collision nibble committed to ISR at vblank), then the chain on the 65C02 through
//! the routine contract (object table written, the call, the pair list read and checked).
//! CPU + chip + routine, one frame per iteration.
//!
//! Criterion's throughput line ("elem/s") is the routine's emulated cycles per second (the
//! chip's work counted in the time but not in the cycles); the line printed first gives
//! the same as a multiple of the X16's 8 MHz, per second of the thread's CPU time (what the
//! board costs, whatever else shares the machine) and per wall second: the best of five
//! rounds of 20 frames.

#[path = "../tests/it/x16_common/mod.rs"]
mod x16_common;

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machine::routine::{Target, run_loaded};
use machine::x16::target::{ABI, CLOCK_HZ, X16Target};
use vera::registers::{ADDR_H, ADDR_L, ADDR_M, DATA0};
use vera::{Quirks, SPRITE_ATTR_ADDR, SPRITE_COUNT, Vera};
use x16_common::{CHAIN, Sprite, new_vera, render, rings_frame};

/// The rings frame used: all four quadrant bits in the ISR, every sprite kept (the chain's
/// most expensive kind of frame).
const FRAME: u32 = 546;

/// One frame on the chip: every sprite's eight attribute bytes (the unused ones zero,
/// disabled) through DATA0 with ADDR0 auto-incrementing, then the frame.
fn chip_frame(vera: &mut Vera, sprites: &[Sprite]) {
    let mut table = [0u8; SPRITE_COUNT * 8];
    for s in sprites {
        let at = usize::from(s.number) * 8;
        table[at..at + 8].copy_from_slice(&s.attributes());
    }
    vera.write_reg(ADDR_L, SPRITE_ATTR_ADDR as u8);
    vera.write_reg(ADDR_M, (SPRITE_ATTR_ADDR >> 8) as u8);
    // Increment 1 (bits 7-4 = 1), address bit 16.
    vera.write_reg(ADDR_H, 0x10 | (SPRITE_ATTR_ADDR >> 16) as u8);
    for b in table {
        vera.write_reg(DATA0, b);
    }
    vera.run_frame();
}

fn bench(c: &mut Criterion) {
    let mut vera = new_vera(Quirks::Hardware);
    let (sprites, objects) = rings_frame(FRAME);
    render(&mut vera, &sprites);
    let mut target = X16Target::new();
    target.board(&mut vera).load(CHAIN).unwrap();
    let once = run_loaded(&mut target.board(&mut vera), ABI.code, &objects).unwrap();
    let cycles = once.cycles;
    eprintln!(
        "x16 chain, rings frame {FRAME}: {cycles} cycles, {} pairs, ISR {:#04x}",
        once.pairs.len(),
        vera.isr()
    );

    // The port writes leave the chip as the test helper's direct VRAM writes do.
    let isr = vera.isr();
    chip_frame(&mut vera, &sprites);
    assert_eq!(
        vera.isr(),
        isr,
        "the frame through the ports is the same frame"
    );
    let frame = |target: &mut X16Target, vera: &mut Vera| {
        chip_frame(vera, &sprites);
        run_loaded(&mut target.board(vera), ABI.code, black_box(&objects))
            .unwrap()
            .cycles
    };

    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut emulated = 0;
        for _ in 0..20 {
            emulated += frame(&mut target, &mut vera);
        }
        per_cpu = per_cpu.max(emulated as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(emulated as f64 / wall.elapsed().as_secs_f64());
    }
    let clock = CLOCK_HZ as f64;
    println!(
        "x16 chip frame + chain, rings frame {FRAME}: {cycles} cycles a call; {:.1} M \
         emulated cycles per CPU second = {:.1}x the X16's 8 MHz; {:.1} M per wall second = \
         {:.1}x",
        per_cpu / 1e6,
        per_cpu / clock,
        per_wall / 1e6,
        per_wall / clock,
    );

    let mut group = c.benchmark_group("x16-65c02");
    group.throughput(Throughput::Elements(cycles));
    group.bench_function("chip frame + chain_rings_128", |b| {
        b.iter(|| black_box(frame(&mut target, &mut vera)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

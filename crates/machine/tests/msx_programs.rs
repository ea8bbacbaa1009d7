//! Whole cartridges on the MSX board under C-BIOS (specs/programs.md): the test programs
//! in `roms/msx/programs/`, booted through `Machine::boot` and run frame by frame.
//! Expected values come from the programs' sources and the TMS9918A data sheet, worked out
//! in the comments.

use machine::Machine;
use machine::msx::{Msx, MsxSettings};
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramError, ProgramImage};

const MOVER: &[u8] = include_bytes!("../../../roms/msx/programs/mover.rom");

/// Counts events, remembers the breakpoint hits.
#[derive(Default)]
struct Watch {
    bp: Breakpoints,
    hits: Vec<(u32, u64)>,
    interrupts: u32,
    returns: u32,
    vblanks: Vec<u64>,
}

impl Probe for Watch {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, _cpu: &dyn CpuView) {
        self.hits.push((pc, cycle));
    }
    fn on_event(&mut self, event: BoardEvent) {
        match event {
            BoardEvent::Interrupt { .. } => self.interrupts += 1,
            BoardEvent::Return { .. } => self.returns += 1,
            BoardEvent::Vblank { cycle } => self.vblanks.push(cycle),
            BoardEvent::Wait { .. } => {}
        }
    }
}

fn booted(rom: &[u8]) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

/// The mover's variables (mover.asm): COUNT, HIT, LAST_S0.
const COUNT: u32 = 0xE000;
const HIT: u32 = 0xE001;
/// The mover's INIT (the address in its header) and its H.TIMI handler `timi`.
const INIT: u32 = 0x4010;

#[test]
fn the_bios_starts_the_cartridge_and_the_mover_collides_on_the_known_frame() {
    let mut m = booted(MOVER);
    let mut watch = Watch::default();
    watch.bp.insert(INIT);
    let mut started = None;
    let mut seen = Vec::new();
    for frame in 0..600 {
        let board = m.program().expect("booted");
        let run = board.run_frame(&mut watch).expect("runs");
        // 228 T-states x 262 lines; the last instruction may run past the line's end by
        // less than the longest Z80 instruction with its M1 waits (23 + 2).
        assert!(
            run.cycles.abs_diff(59_736) < 26,
            "frame {frame}: {}",
            run.cycles
        );
        if started.is_none() && !watch.hits.is_empty() {
            started = Some(frame);
        }
        if started.is_some() {
            let count = board.cpu().peek(COUNT);
            let hit = board.cpu().peek(HIT);
            let c = m.peek_verdict().collided;
            seen.push((count, hit, c));
            // The display just shown has sprite 0 at X = COUNT (written by the hook in the
            // vblank before it): C is set when it overlaps sprite 1 at X = 100. The first
            // call is the exception: F is still set from the vblank INIT was called in, so
            // the interrupt is taken as soon as INIT enables it, in the middle of the
            // display, after the chip read the table for that frame.
            if count > 1 {
                assert_eq!(c, (85..=115).contains(&count), "frame {frame}, X = {count}");
                let sprites = m.sprites();
                assert_eq!(sprites[0].bbox.x, i32::from(count), "frame {frame}");
                assert_eq!(sprites[1].bbox.x, 100);
                assert_eq!(sprites[0].bbox.y, 100, "Y = 99 shows from line 100");
            }
        }
    }
    let started = started.expect("the BIOS called INIT at 4010h");
    assert!(started < 300, "C-BIOS boots within 5 s: {started}");
    assert_eq!(watch.hits.len(), 1, "INIT runs once");
    assert!(seen.iter().any(|s| s.0 == 120), "{seen:?}");
    // The hook first sees C (bit 5 of the S#0 the BIOS read) on its 86th call.
    assert!(seen.iter().any(|&(count, hit, _)| count == 86 && hit == 86));
    assert!(seen.iter().all(|&(count, hit, _)| count < 86 || hit == 86));
    // One frame interrupt per frame, each returned from.
    assert!(watch.interrupts >= 590 - started, "{}", watch.interrupts);
    assert!(watch.returns + 1 >= watch.interrupts);
    // Vblank every 59,736 T-states.
    for w in watch.vblanks.windows(2) {
        assert!((w[1] - w[0]).abs_diff(59_736) < 26);
    }
}

#[test]
fn bad_cartridges_and_bioses_are_refused() {
    let mut m = Msx::new(&MsxSettings::default());
    let img = |bytes| ProgramImage {
        bytes,
        ..ProgramImage::default()
    };
    assert!(matches!(
        m.boot(&img(&MOVER[..0x1000])),
        Err(ProgramError::Image { .. })
    ));
    let mut no_header = MOVER.to_vec();
    no_header[0] = 0;
    assert!(matches!(
        m.boot(&img(&no_header)),
        Err(ProgramError::Image { .. })
    ));
    let bios = [0u8; 0x4000];
    let r = m.boot(&ProgramImage {
        bytes: MOVER,
        system_rom: Some(&bios),
        ..ProgramImage::default()
    });
    assert!(matches!(r, Err(ProgramError::SystemRom { .. })), "{r:?}");
    let r = m.boot(&ProgramImage {
        bytes: MOVER,
        mapper: Some("zemina"),
        ..ProgramImage::default()
    });
    assert!(matches!(r, Err(ProgramError::Image { .. })));
    assert!(m.program().is_none());
}

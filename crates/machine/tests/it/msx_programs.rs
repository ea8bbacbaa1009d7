//! Whole cartridges on the MSX board under C-BIOS (specs/programs.md): the test programs
//! in `roms/msx/programs/`, booted through `Machine::boot` and run frame by frame.
//! Expected values come from the programs' sources and the TMS9918A data sheet, worked out
//! in the comments.

use machine::Machine;
use machine::msx::cart::{Cartridge, Mapper};
use machine::msx::{Msx, MsxSettings};
use machine::program::{
    BoardEvent, Breakpoints, CpuView, Harness, HarnessConfig, Probe, ProgramError, ProgramImage,
    Span,
};

const MOVER: &[u8] = include_bytes!("../../../../roms/msx/programs/mover.rom");
const S0POLL: &[u8] = include_bytes!("../../../../roms/msx/programs/s0poll.rom");
const MEGA: &[u8] = include_bytes!("../../../../roms/msx/programs/mega.rom");
const LAG: &[u8] = include_bytes!("../../../../roms/msx/programs/lag.rom");

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
            BoardEvent::Wait { .. } | BoardEvent::DisplayStart { .. } => {}
        }
    }
}

fn booted(rom: &[u8]) -> Msx {
    booted_as(rom, None)
}

fn booted_as(rom: &[u8], mapper: Option<&str>) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        mapper,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

/// Runs one frame (to the start of the next vertical blank).
fn frame(m: &mut Msx) {
    m.program()
        .expect("booted")
        .run_frame(&mut Watch::default())
        .expect("runs");
}

fn peek(m: &mut Msx, addr: u32) -> u8 {
    m.program().expect("booted").cpu().peek(addr)
}

fn peek_word(m: &mut Msx, addr: u32) -> u16 {
    u16::from_le_bytes([peek(m, addr), peek(m, addr + 1)])
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

/// s0poll.asm's record of the last whole display (LAST, 0E010h): C_AT, S5_AT (words), C_S0,
/// S5_S0, M.
const LAST: u32 = 0xE010;
/// Its frame counter.
const FRAMES: u32 = 0xE000;
/// T-states of one poll turn: in a,(99h) 11+1, ld b,a 4+1, inc de 6+1, add a,a 4+1, jr c
/// not taken 7+1, jp m 10+1, and 40h 7+1, jr z taken 12+1.
const POLL_TURN_T: u64 = 69;
/// From the end of the read that saw F to the end of the first read of the next display's
/// poll, minus one turn: the rest of the detecting turn (ld b,a 5, inc de 7, add a,a 5,
/// jr c taken 13 = 30) and `vblank` up to `jp poll` (ld a,(nn) 14, ld (nn),a 14, three
/// ld rr,nn 33, LDIR of 7 bytes 6 x 23 + 18 = 156, ld hl,nn 11, three ld (nn),hl 51,
/// ld hl,nn 11, inc (hl) 12, ld a,(hl) 8, and n 8, ld (nn),a 14, add a,n 8, ld b,a 5,
/// ld a,n 8, out 12, ld a,n 8, or n 8, out 12, ld a,b 5, out 12, ld de,nn 11, jp 11
/// = 432), each with the MSX's M1 waits; then DE counts the turns.
const VBLANK_T: u64 = 30 + 432;

/// The display line (0-191, counted as the chip numbers them) during which the read that
/// left DE = `de` ended, counted from the end of the read that saw F: the vertical blank
/// and border (lines 192-261, 70 lines) come first.
fn line_of_read(de: u16) -> i64 {
    ((VBLANK_T + POLL_TURN_T * u64::from(de)) / 228) as i64 - 70
}

#[test]
fn a_program_polling_s0_sees_c_and_5s_on_the_lines_they_happen() {
    // s0poll.asm: sprite 1 on lines 100-115, sprite 0 on lines 100+M..115+M (M = FRAMES
    // mod 32, set in the vertical blank before the display): they first overlap on line
    // 100 + M while M <= 15, never for M >= 16. Sprites 2-6 put five sprites on lines
    // 150-165: 5S with sprite 6 as the fifth, S#0 = 40h | 6 (TMS9918A data manual, section
    // 2.2: the fifth sprite's number in bits 4-0), on line 150 every frame.
    let mut m = booted(S0POLL);
    let mut records = Vec::new();
    for _ in 0..400 {
        frame(&mut m);
        let frames = peek(&mut m, FRAMES);
        records.push((
            frames,
            peek_word(&mut m, LAST),
            peek_word(&mut m, LAST + 2),
            peek(&mut m, LAST + 4),
            peek(&mut m, LAST + 5),
            peek(&mut m, LAST + 6),
        ));
    }
    // The poll starts once the BIOS has called INIT; skip its first, partial display.
    let start = records
        .iter()
        .position(|r| r.0 == 2)
        .expect("the poll counts frames");
    assert!(
        start < 300,
        "C-BIOS starts the cartridge within 5 s: {start}"
    );
    let polled = &records[start..];
    assert!(polled.len() > 200);
    let mut c_at = [None; 16];
    for (k, &(frames, c, s5, c_s0, s5_s0, mm)) in polled.iter().enumerate() {
        // One vertical blank per frame, each seen by the poll: the loop never misses F.
        assert_eq!(frames, (k as u8).wrapping_add(2), "frame {k}");
        assert_eq!(mm, frames.wrapping_sub(1) % 32, "the record's M");
        assert_eq!(s5_s0, 0x46, "M = {mm}: 5S and sprite 6");
        if mm >= 16 {
            // No C read this frame, so every turn up to 5S is 69 T-states. (While the
            // sprites overlap, each overlapping line sets C again after the poll read it,
            // and each such read takes the longer `seen_c` path.)
            let l5 = line_of_read(s5);
            assert!((150..=151).contains(&l5), "M = {mm}: 5S read on line {l5}");
        }
        if mm <= 15 {
            // F and 5S clear (read at the vertical blank, line < 150), C set.
            assert_eq!(c_s0 & 0xE0, 0x20, "M = {mm}: S#0 {c_s0:02X}");
            let line = line_of_read(c);
            let first = 100 + i64::from(mm);
            // Read within the line after the one that set it: the chip sets C as the line's
            // sprites are checked, the poll reads every 69 T-states of a 228-T line.
            assert!(
                (first..=first + 1).contains(&line),
                "M = {mm}: C read on line {line}, overlap from line {first}"
            );
            c_at[usize::from(mm)].get_or_insert(c);
        } else {
            assert_eq!(c, 0, "M = {mm}: the sprites do not meet");
        }
    }
    // Each line further down takes 228 / 69 = 3.3 more turns: over 15 lines, 49.6.
    let (first, last) = (c_at[0].unwrap(), c_at[15].unwrap());
    assert!((49..=51).contains(&(last - first)), "{first} .. {last}");
}

#[test]
fn the_megarom_takes_code_and_data_from_the_banks_it_switches() {
    // mega.asm: 64 KB, detected as ASCII16 from its LD (6000h),A and LD (7000h),A
    // (openMSX's vote: ASCII16 4, ASCII8 4 - 1, Konami SCC 3, Konami 1).
    assert_eq!(
        Cartridge::new(MEGA, None).unwrap().mapper(),
        Mapper::Ascii16
    );
    // The hook's n-th call shows sprite 0 at X = 2n mod 256 (bank 2's table, written by
    // bank 3's code) against sprite 1 at X = 100 (placed by bank 3's code): they overlap,
    // in boxes and pixels, for n = 43..57 and 171..185 (X = 86..114).
    let collisions = |mapper| {
        let mut m = booted_as(MEGA, mapper);
        let mut frames = Vec::new();
        let mut first_call = None;
        for k in 0..420u32 {
            frame(&mut m);
            let count = peek(&mut m, MEGA_COUNT);
            if count == 1 && first_call.is_none() {
                first_call = Some(k);
            }
            if m.peek_verdict().collided && first_call.is_some() {
                frames.push(k);
            }
            if mapper.is_none() && first_call.is_some() && (1..=200).contains(&count) {
                let s = m.sprites();
                assert_eq!(s[0].bbox.x, i32::from(count.wrapping_mul(2)), "frame {k}");
                assert_eq!((s[1].bbox.x, s[1].bbox.y), (100, 100), "frame {k}");
            }
        }
        (first_call, frames)
    };
    let (first, frames) = collisions(None);
    let first = first.expect("the hook runs");
    let want: Vec<u32> = (43..=57).chain(171..=185).map(|n| first - 1 + n).collect();
    assert_eq!(frames, want);
    // The same image through the wrong mapper: Konami's page-2 bank 2 is the decoy half
    // of 16 KB bank 1, and its register at 7000h switches 6000h-7FFFh instead; ASCII8's
    // 7000h picks the 8 KB bank at 8000h (bank 3: 16 KB bank 1's second half, #FF).
    for wrong in ["konami", "ascii8"] {
        let (_, frames) = collisions(Some(wrong));
        assert!(frames.is_empty(), "{wrong}: {frames:?}");
    }
}

/// mega.asm's hook call counter.
const MEGA_COUNT: u32 = 0xE000;

#[test]
fn a_hook_working_two_and_a_half_frames_lags_two_frames_in_five() {
    // lag.asm (its symbol file lag.sym): every fourth hook call runs `work`, 11 + 4,999 x
    // 30 + 25 = 150,006 T-states from `work` to `work_done` (2.51 frames of 59,736). The
    // chip begins two vertical blanks while it runs (those two frames lag); their F holds
    // INT low, so the handler's return is followed by one interrupt at once: four hook
    // calls for five frames, a period of five frames with two lagging.
    const WORK: u32 = 0x4074;
    const WORK_DONE: u32 = 0x407C;
    let sym = include_str!("../../../../roms/msx/programs/lag.sym");
    assert!(sym.contains("work\t\tEQU 04074H") && sym.contains("work_done\tEQU 0407CH"));
    let mut m = booted(LAG);
    let config = HarnessConfig {
        frames: 400,
        spans: vec![Span {
            name: "work".into(),
            from: WORK,
            to: WORK_DONE,
        }],
        ..HarnessConfig::default()
    };
    let mut h = Harness::new(&mut m, config).expect("booted");
    let mut recs = Vec::new();
    h.run(|r| recs.push(r.clone())).expect("runs");
    drop(h);
    let works: Vec<usize> = recs
        .iter()
        .enumerate()
        .filter(|(_, r)| r.spans[0].cycles.count > 0)
        .map(|(k, _)| k)
        .collect();
    assert!(works.len() > 40, "{works:?}");
    for pair in works.windows(2) {
        assert_eq!(pair[1] - pair[0], 5, "{works:?}");
    }
    for &k in &works {
        let w = recs[k].spans[0].cycles;
        assert_eq!((w.count, w.cycles), (1, 150_006), "frame {k}");
        // The handler holding it: the BIOS's handler around the hook, longer than the work.
        let int = recs[k].handlers.iter().find(|h| h.name == "int").unwrap();
        assert!(int.cycles.max > 150_006, "frame {k}: {:?}", int.cycles);
    }
    // From the first heavy call on, the frames it spans lag: the work starts in the call
    // deciding about frame w - 2 (it returns two vertical blanks later, in the call of
    // frame w), so frames w - 2 and w - 1 lag, and no other.
    let from = works[0] - 2;
    let lagged: Vec<usize> = (from..recs.len()).filter(|&k| recs[k].lag).collect();
    let want: Vec<usize> = works
        .iter()
        .flat_map(|&w| [w - 2, w - 1])
        .filter(|&k| k < recs.len())
        .collect();
    assert_eq!(lagged, want);
}

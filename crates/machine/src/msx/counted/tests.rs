//! Counting loops skipped as stepping runs them: whole frames of a board with skipping on
//! and off end in the same CPU (R included), chip and events, and where a loop's figures
//! can be worked out by hand from the instruction timings (Zilog Z80 CPU User Manual, plus
//! the MSX's wait state in every M1 cycle) and the chip's line steps (the board's module
//! docs), they are checked against those.

use tms9918::Vdp;

use super::super::board::MsxProgram;
use super::super::cart::Cartridge;
use crate::program::{BoardEvent, Breakpoints, CpuView, FrameRun, Probe};

/// Notes every event, and at the breakpoints the clock, DE and HL.
#[derive(Default)]
struct Seen {
    bp: Breakpoints,
    at: Vec<(u64, u32, u32)>,
    events: Vec<String>,
}

impl Probe for Seen {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, _pc: u32, cycle: u64, cpu: &dyn CpuView) {
        let r = |n| cpu.register(n).expect("a Z80 register");
        self.at.push((cycle, r("DE"), r("HL")));
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(format!("{event:?}"));
    }
}

/// A board running `code` from 0000h (slot 0, where the BIOS sits), the chip in Graphics
/// I with the display on, the frame interrupt off and 8x8 sprites (SAT 1B00h, sprite
/// patterns 3800h), and sprites 0 and 1 solid at X = 100, Y = 99: they overlap on lines
/// 100-107 (a sprite shows from line Y + 1).
fn board(code: &[u8], on: bool) -> (MsxProgram, Vdp) {
    let mut bios = vec![0u8; 0x8000];
    bios[..code.len()].copy_from_slice(code);
    let mut rom = vec![0u8; 0x4000];
    rom[..2].copy_from_slice(b"AB");
    let mut board = MsxProgram::new(&bios, Cartridge::new(&rom, None).expect("a cartridge"));
    board.set_idle_skip(on);
    let mut vdp = Vdp::new();
    for (n, v) in [0x00, 0xC0, 0x06, 0x80, 0x00, 0x36, 0x07, 0x04]
        .into_iter()
        .enumerate()
    {
        vdp.write_register(n as u8, v);
    }
    vdp.write_vram(0x3800, &[0xFF; 8]);
    vdp.write_vram(0x1B00, &[99, 100, 0, 15, 99, 100, 0, 8, 208]);
    (board, vdp)
}

/// `frames` frames of `code` with skipping `on`: each frame's run and what the probe saw
/// (breakpoints at `bp`), and the board at the end.
fn run(
    code: &[u8],
    on: bool,
    frames: usize,
    bp: &[u32],
) -> (Vec<(FrameRun, Seen)>, MsxProgram, Vdp) {
    let (mut board, mut vdp) = board(code, on);
    let mut out = Vec::new();
    for _ in 0..frames {
        let mut seen = Seen::default();
        for &pc in bp {
            seen.bp.insert(pc);
        }
        let run = board.run_frame(&mut vdp, &mut seen);
        out.push((run, seen));
    }
    (out, board, vdp)
}

/// Runs `code` both ways and checks that nothing differs; returns the run with skipping.
fn both_ways(code: &[u8], frames: usize, bp: &[u32]) -> (Vec<(FrameRun, Seen)>, MsxProgram, Vdp) {
    let (stepped, s_board, s_vdp) = run(code, false, frames, bp);
    let (skipped, k_board, k_vdp) = run(code, true, frames, bp);
    assert_eq!(s_board.idle_skipped_cycles(), 0);
    for (i, ((a, sa), (b, sb))) in stepped.iter().zip(&skipped).enumerate() {
        assert_eq!(a.cycles, b.cycles, "frame {i}: cycles");
        assert_eq!(a.idle_cycles, b.idle_cycles, "frame {i}: idle cycles");
        assert_eq!(sa.at, sb.at, "frame {i}: breakpoints");
        assert_eq!(sa.events, sb.events, "frame {i}: events");
    }
    assert_eq!(s_board.cpu, k_board.cpu, "the CPU at the end");
    assert_eq!(s_vdp.peek_status(), k_vdp.peek_status(), "S#0 at the end");
    assert_eq!(s_vdp.port().latched(), k_vdp.port().latched());
    (skipped, k_board, k_vdp)
}

/// Polls S#0 for C and counts the reads in DE and the reads that saw C in HL:
/// ```text
/// 0000 F3        di
/// 0001 21 00 00  ld hl,0
/// 0004 11 00 00  ld de,0
/// 0007 DB 99  p: in a,(99h)    11+1
/// 0009 13        inc de         6+1
/// 000A E6 20     and 20h        7+1
/// 000C 28 F9     jr z,p        12+1 taken, 7+1 not
/// 000E 23        inc hl         6+1
/// 000F 18 F6     jr p          12+1
/// ```
const POLL_C: &[u8] = &[
    0xF3, 0x21, 0x00, 0x00, 0x11, 0x00, 0x00, 0xDB, 0x99, 0x13, 0xE6, 0x20, 0x28, 0xF9, 0x23, 0x18,
    0xF6,
];

#[test]
fn a_skipped_poll_of_s0_sees_c_at_the_read_stepping_sees_it() {
    // The frame starts at T-state 0 with line 192; display line L starts 70 + L lines of
    // 228 T-states in, which is when the chip checks line L and sets C: lines 100-107.
    // The first IN starts at 5 + 11 + 11 = 27, a turn without C is 40 T-states; an IN
    // that starts before the chip's step reads S#0 as it was. C of line 100 is set at
    // 170 x 228 = 38,760: the first IN at or after it is turn 969 (27 + 969 x 40 =
    // 38,787), DE = 970, and `inc hl` starts 12 + 7 + 8 + 8 = 35 later, at 38,822 with
    // HL = 0. That read cleared C; the turn goes on (inc hl, jr: 20) to the next IN at
    // 38,842. Line 101's C comes at 38,988: 4 turns later the IN at 39,002 (the fifth
    // read since) sees it, DE = 975, `inc hl` at 39,037 with HL = 1. Each read clears C and
    // each of the 8 lines sets it again: 8 reads see C in the frame. A skip that let one
    // read miss its clearing, or read across a line step, would be a line off here.
    let (frames, board, _) = both_ways(POLL_C, 3, &[0x000E]);
    let first = &frames[0].1.at;
    assert_eq!(first.len(), 8, "{first:?}");
    assert_eq!(first[0], (38_822, 970, 0));
    assert_eq!(first[1], (39_037, 975, 1));
    // Lines 100-107 are 228 T-states apart, and a read comes every 40 T-states: each C
    // is seen by an IN starting within 40 T-states of its line's start (55 after one that
    // saw C), `inc hl` 35 after that.
    for (i, &(cycle, _, hl)) in first.iter().enumerate() {
        let line_start = (170 + i as u64) * 228;
        assert!(
            (line_start + 35..line_start + 55 + 35).contains(&cycle),
            "{i}: {cycle}"
        );
        assert_eq!(hl, i as u32);
    }
    // Most of each frame is the poll between two lines' steps, skipped.
    assert!(
        board.idle_skipped_cycles() > 3 * 40_000,
        "{}",
        board.idle_skipped_cycles()
    );
}

/// Delays that only count:
/// ```text
/// 0000 01 88 13  ld bc,5000   10+1
/// 0003 0B     l: dec bc        6+1
/// 0004 78        ld a,b        4+1
/// 0005 B1        or c          4+1
/// 0006 20 FB     jr nz,l      12+1 taken, 7+1 not
/// 0008 06 00     ld b,0        7+1
/// 000A 10 FE  m: djnz m       13+1 taken, 8+1 not
/// 000C 0E C8     ld c,200      7+1
/// 000E 0D     n: dec c         4+1
/// 000F 20 FD     jr nz,n      12+1 taken, 7+1 not
/// 0011 76        halt
/// ```
const DELAYS: &[u8] = &[
    0x01, 0x88, 0x13, 0x0B, 0x78, 0xB1, 0x20, 0xFB, 0x06, 0x00, 0x10, 0xFE, 0x0E, 0xC8, 0x0D, 0x20,
    0xFD, 0x76,
];

#[test]
fn count_downs_are_skipped_to_the_t_state() {
    // 11 + 4,999 x 30 + 25 = 150,006 to `ld b,0`; + 8 + 255 x 14 + 9 = 153,593 to
    // `ld c,200`; + 8 + 199 x 18 + 13 = 157,196: the HALT, in the third frame (from
    // 119,472 on).
    let (frames, board, _) = both_ways(DELAYS, 3, &[]);
    let wait = "Wait { cycle: 157196, pc: 17 }".to_string();
    assert!(
        frames[2].1.events.contains(&wait),
        "{:?}",
        frames[2].1.events
    );
    let cpu = &board.cpu;
    // BC = 0; A = B = 0 from the last `ld a,b`; F from the last `dec c` (1 -> 0): Z and N,
    // the carry kept from `or c` (clear).
    assert_eq!((cpu.b, cpu.c, cpu.a, cpu.f), (0, 0, 0, 0x42));
    assert!(cpu.halted);
    assert!(
        board.idle_skipped_cycles() > 140_000,
        "{}",
        board.idle_skipped_cycles()
    );
}

#[test]
fn a_skipped_count_down_moves_its_own_register_whichever_it_is() {
    // Three turns of 13 T-states and one M1 cycle each, counting down register field f
    // (DEC B / DEC C / ... / DEC A, opcode 05h | f << 3): that register goes 3 less, the
    // clock 39 on, R 3 on, and nothing else changes. Field 6, DEC (HL), names memory and
    // makes no counter at all.
    use super::{Counter, Kind, Reg8, Shape, Turns, decode};
    for field in 0..8u8 {
        let Some(reg) = Reg8::new(field) else {
            assert_eq!(field, 6, "only (HL) is no register");
            assert_eq!(
                decode([0x35, 0]).1,
                Kind::Other,
                "DEC (HL) counts no register"
            );
            continue;
        };
        assert_eq!(decode([0x05 | field << 3, 0]).1, Kind::DecReg(reg));
        let mut cpu = cpu_z80::Cpu::new();
        for (f, v) in [
            (0, 0x10),
            (1, 0x20),
            (2, 0x30),
            (3, 0x40),
            (4, 0x50),
            (5, 0x60),
        ] {
            cpu.set_reg_field(f, v);
        }
        cpu.a = 0x70;
        let before = cpu.clone();
        Turns {
            turns: 3,
            period: 13,
            m1: 1,
            shape: Shape::CountDown(Counter::Reg(reg)),
        }
        .apply(&mut cpu);
        let mut expected = before.clone();
        let was = expected.reg_field(field).expect("a register");
        expected.set_reg_field(field, was - 3);
        expected.t += 39;
        expected.r += 3;
        assert_eq!(cpu, expected, "field {field}");
    }
}

/// A burst counts an arrival off a head's wait only where `arrive` would have done that
/// alone: not while a turn is recorded, and only for a head whose recording failed (its
/// first failure: two arrivals).
#[test]
fn a_failed_head_passes_its_wait_and_no_other_does() {
    let cpu = cpu_z80::Cpu::new();
    let mut loops = super::CountedLoops::default();
    assert!(!loops.passes(0x4012));
    assert!(
        loops
            .arrive(0x4012, &cpu, |_| true, |_| 0, 0, 0, true)
            .is_none()
    );
    assert!(loops.recording());
    assert!(!loops.passes(0x4012), "a recording under way");
    loops.abort();
    assert!(loops.passes(0x4012));
    assert!(!loops.passes(0x4013));
    loops.pass(0x4012);
    assert!(loops.passes(0x4012));
    loops.pass(0x4012);
    assert!(
        !loops.passes(0x4012),
        "two arrivals after the first failure"
    );
}

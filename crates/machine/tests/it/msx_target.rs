//! The MSX board as a routine sees it: wait states, memory map, the chip on its ports,
//! VRAM access timing, and every way a call can fail.

use collide::{Group, Object, PxBox};
use machine::msx::target::{ABI, MsxTarget, T_PER_FRAME};
use machine::routine::{Addr, Routine, RoutineError, RoutineOutcome, Target, run_routine};
use tms9918::Vdp;

fn objects(n: u32) -> Vec<Object> {
    (0..n)
        .map(|i| Object::new(i, PxBox::new(i as i32 * 10, 0, 8, 8), Group::Good))
        .collect()
}

fn run_on(vdp: &mut Vdp, image: &[u8], n: u32) -> Result<RoutineOutcome, RoutineError> {
    let mut target = MsxTarget::new();
    let mut board = target.board(vdp);
    run_routine(&mut board, &Routine::at_start(&ABI, image), &objects(n))
}

fn run(image: &[u8]) -> Result<RoutineOutcome, RoutineError> {
    run_on(&mut Vdp::new(), image, 2)
}

const RET: u8 = 0xC9;
/// CALL nn with its M1 wait (17 + 1) and RET (10 + 1): the cost of an empty routine.
const CALL_RET: u64 = 18 + 11;

#[test]
fn an_empty_routine_costs_the_call_and_the_return() {
    assert_eq!(run(&[RET]).unwrap().cycles, CALL_RET);
}

#[test]
fn every_m1_cycle_has_one_wait_state() {
    // NOP: 4 + 1.
    assert_eq!(run(&[0x00, RET]).unwrap().cycles, CALL_RET + 5);
    // LD HL,$C000 / LD DE,$C100 / LD BC,3 (11 each) / LDIR: 23, 23, 18.
    let image = [
        0x21, 0x00, 0xC0, 0x11, 0x00, 0xC1, 0x01, 0x03, 0x00, 0xED, 0xB0, RET,
    ];
    assert_eq!(run(&image).unwrap().cycles, CALL_RET + 33 + 23 + 23 + 18);
}

#[test]
fn a_routine_that_never_returns_is_stopped_with_its_pc() {
    // $4000: NOP; $4001: JR $4001.
    let err = run(&[0x00, 0x18, 0xFE]).unwrap_err();
    match err {
        RoutineError::Runaway { pc, budget, .. } => {
            assert_eq!(pc, Addr(0x4001));
            assert_eq!(budget, 8 * T_PER_FRAME);
        }
        e => panic!("{e}"),
    }
    assert!(err.to_string().contains("PC at $4001"), "{err}");
}

#[test]
fn halt_with_interrupts_masked_is_an_error_naming_it() {
    let err = run(&[0x00, 0x76]).unwrap_err();
    assert_eq!(err, RoutineError::Halted { pc: Addr(0x4001) });
}

#[test]
fn executing_outside_the_image_and_ram_is_a_fault() {
    // JP $0038: the BIOS is not on the board.
    let err = run(&[0xC3, 0x38, 0x00]).unwrap_err();
    assert!(
        matches!(
            err,
            RoutineError::Fault {
                pc: Addr(0x0038),
                ..
            }
        ),
        "{err}"
    );
    // Running off the end of the image into #FF bytes.
    let err = run(&[0x00]).unwrap_err();
    assert!(
        matches!(
            err,
            RoutineError::Fault {
                pc: Addr(0x4001),
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_count_of_3000_is_an_overrun() {
    // LD HL,3000 / LD ($C800),HL / RET.
    let err = run(&[0x21, 0xB8, 0x0B, 0x22, 0x00, 0xC8, RET]).unwrap_err();
    assert_eq!(
        err,
        RoutineError::Overrun {
            count: 3000,
            capacity: 2048,
            at: Addr(0xC800)
        }
    );
}

#[test]
fn an_index_out_of_range_is_an_error() {
    // K = 1, pair (0, 5) with 2 objects: LD HL,1 / LD ($C800),HL / LD HL,$0500 /
    // LD ($C802),HL / RET.
    let image = [
        0x21, 0x01, 0x00, 0x22, 0x00, 0xC8, 0x21, 0x00, 0x05, 0x22, 0x02, 0xC8, RET,
    ];
    let err = run(&image).unwrap_err();
    assert_eq!(
        err,
        RoutineError::IndexOutOfRange {
            pair: 0,
            i: 0,
            j: 5,
            n: 2
        }
    );
}

#[test]
fn an_image_of_16_kb_plus_one_is_refused() {
    let image = vec![RET; 16 * 1024 + 1];
    let err = run(&image).unwrap_err();
    assert_eq!(
        err,
        RoutineError::ImageTooLarge {
            len: 16385,
            max: 16384,
            at: Addr(0x4000)
        }
    );
    // Exactly 16 KB fits.
    assert!(run(&vec![RET; 16 * 1024]).is_ok());
}

#[test]
fn rom_ignores_writes_and_unmapped_memory_reads_ff() {
    // LD A,$55 / LD ($4000),A / LD A,($8000) / LD ($C900),A / RET.
    let image = [
        0x3E, 0x55, 0x32, 0x00, 0x40, 0x3A, 0x00, 0x80, 0x32, 0x00, 0xC9, RET,
    ];
    let mut target = MsxTarget::new();
    let mut vdp = Vdp::new();
    let mut board = target.board(&mut vdp);
    run_routine(&mut board, &Routine::at_start(&ABI, &image), &[]).unwrap();
    let mut b = [0; 1];
    board.peek(0x4000, &mut b);
    assert_eq!(b[0], 0x3E);
    board.peek(0xC900, &mut b);
    assert_eq!(b[0], 0xFF);
}

#[test]
fn the_object_table_is_in_ram_for_the_routine() {
    // LD A,($C000) (N) / LD ($C900),A / LD A,($C00A) (x of record 1) / LD ($C901),A / RET.
    let image = [
        0x3A, 0x00, 0xC0, 0x32, 0x00, 0xC9, 0x3A, 0x0A, 0xC0, 0x32, 0x01, 0xC9, RET,
    ];
    let mut target = MsxTarget::new();
    let mut vdp = Vdp::new();
    let mut board = target.board(&mut vdp);
    run_routine(&mut board, &Routine::at_start(&ABI, &image), &objects(3)).unwrap();
    let mut b = [0; 2];
    board.peek(0xC900, &mut b);
    assert_eq!(b, [3, 10]);
}

/// A chip that has just rendered a frame where two sprites collided.
fn collided_chip() -> Vdp {
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x40);
    vdp.write_register(5, 0x36);
    vdp.write_register(6, 0x00);
    vdp.write_vram(0, &[0xFF; 8]);
    vdp.write_vram(0x1B00, &[20, 10, 0, 15, 20, 14, 0, 15, 208]);
    vdp.run_frame();
    vdp
}

#[test]
fn in_a_99_reads_s0_and_clears_its_flags() {
    let mut vdp = collided_chip();
    let before = vdp.peek_status();
    assert_eq!(before & 0xA0, 0xA0, "F and C set: {before:#04x}");
    // IN A,($99) / LD ($C900),A / IN A,($99) / LD ($C901),A / RET.
    let image = [
        0xDB, 0x99, 0x32, 0x00, 0xC9, 0xDB, 0x99, 0x32, 0x01, 0xC9, RET,
    ];
    let mut target = MsxTarget::new();
    let mut board = target.board(&mut vdp);
    run_routine(&mut board, &Routine::at_start(&ABI, &image), &[]).unwrap();
    let mut b = [0; 2];
    board.peek(0xC900, &mut b);
    assert_eq!(b[0], before);
    assert_eq!(b[1], before & 0x1F, "second read: F, 5S and C cleared");
    assert_eq!(vdp.peek_status(), before & 0x1F);
}

#[test]
fn the_chip_interrupt_reaches_the_cpu() {
    // R1 IE set and F set: EI / NOP takes the interrupt (IM 0, #FF on the bus: RST 38h),
    // and $0038 is not on the board.
    let mut vdp = collided_chip();
    vdp.write_register(1, 0x60);
    let err = run_on(&mut vdp, &[0xFB, 0x00, 0x00, RET], 0).unwrap_err();
    assert!(
        matches!(
            err,
            RoutineError::Fault {
                pc: Addr(0x0038),
                ..
            }
        ),
        "{err}"
    );
}

/// Sets up a VRAM write to $0000, waits `loops` x 30 T-states, then writes four bytes
/// with `OUT ($98),A` (12 T-states) and `pad` NOPs (5 each) between them.
fn vram_burst(loops: u16, pad: usize) -> Vec<u8> {
    let [lo, hi] = loops.to_le_bytes();
    let mut out = vec![0xD3, 0x98];
    out.extend(std::iter::repeat_n(0x00, pad));
    let mut image = vec![
        0xAF, // XOR A
        0xD3, 0x99, // OUT ($99),A
        0x3E, 0x40, // LD A,$40
        0xD3, 0x99, // OUT ($99),A: write to $0000
        0x01, lo, hi,   // LD BC,loops
        0x0B, // loop: DEC BC (7)
        0x78, // LD A,B (5)
        0xB1, // OR C (5)
        0x20, 0xFB, // JR NZ,loop (13)
        0x3E, 0x11, // LD A,$11
    ];
    for _ in 0..4 {
        image.extend(&out);
    }
    image.push(RET);
    image
}

#[test]
fn vram_accesses_are_free_in_vblank_and_limited_in_the_active_display() {
    // In the vertical border (the first 15,960 T-states of the call): no limit.
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x40);
    let out = run_on(&mut vdp, &vram_burst(10, 0), 0).unwrap();
    assert_eq!(out.chip_too_fast, 0);
    assert_eq!(&vdp.vram()[..5], &[0x11, 0x11, 0x11, 0x11, 0x00]);
    // After 600 x 30 T-states the display is on (Graphics I): writes 12 T-states apart
    // outrun the chip's access slots...
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x40);
    let out = run_on(&mut vdp, &vram_burst(600, 0), 0).unwrap();
    assert!(out.chip_too_fast >= 1, "{out:?}");
    // ...writes 32 T-states apart do not.
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x40);
    let out = run_on(&mut vdp, &vram_burst(600, 4), 0).unwrap();
    assert_eq!(out.chip_too_fast, 0);
    // Display blanked: no limit.
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x00);
    let out = run_on(&mut vdp, &vram_burst(600, 0), 0).unwrap();
    assert_eq!(out.chip_too_fast, 0);
}

//! The Vectrex board for routines: the contract's addresses, the memory map, every error
//! path, and the BIOS `Obj_Hit` family answered by the model exactly as the ROM's code
//! runs on the core (carry, flags, registers, stack bytes, cycles).

use crate::vectrex_common;

use collide::rng::SplitMix64;
use collide::{Group, Object, Pair, PxBox};
use cpu_6809::{Cpu, cc};
use machine::routine::{Addr, Routine, RoutineError, Target, run_routine};
use machine::vectrex::target::asm::assemble;
use machine::vectrex::target::{
    ABI, CODE, OBJ_HIT, OBJ_WILL_HIT, OBJ_WILL_HIT_U, STUB, VectrexTarget,
};
use vectrex_common::flat_with_bios;

fn image(src: &str) -> Vec<u8> {
    let a = assemble(&format!(" org $1000\n{src}")).unwrap_or_else(|e| panic!("{e}"));
    a.image
}

fn loaded(src: &str) -> VectrexTarget {
    let mut t = VectrexTarget::new();
    t.load(&image(src)).unwrap();
    t
}

#[test]
fn the_contract() {
    assert_eq!(ABI.machine, "vectrex");
    assert_eq!(ABI.code, 0x1000);
    assert_eq!(ABI.code_max, 0x7000);
    assert_eq!((ABI.obj, ABI.obj_capacity), (0xC900, 30));
    assert_eq!((ABI.out, ABI.out_capacity), (0xCA00, 120));
    assert_eq!(ABI.stack, 0xCBEA);
    assert_eq!(ABI.cycles_per_frame, 30_000);
    // The tables fit RAM below the stack and do not overlap.
    const { assert!(ABI.obj + 2 + 8 * 30 <= ABI.out) };
    const { assert!(ABI.out + ABI.out_bytes() <= 0xCB00) };
}

#[test]
fn an_empty_routine_costs_the_jsr_and_the_rts() {
    let mut t = loaded(" rts");
    let out = t.call(u32::from(CODE), 1000).unwrap();
    assert_eq!(out.cycles, 8 + 5);
    assert_eq!(t.cpu().dp, 0xC8);
    assert_eq!(t.cpu().s, 0xCBEA);
    assert_ne!(t.cpu().cc & cc::I, 0);
    assert_ne!(t.cpu().cc & cc::F, 0);
}

#[test]
fn a_routine_reads_objects_and_writes_pairs_big_endian() {
    // Pairs every object i with i + 1 when both are Good: reads the count (16-bit, big
    // endian) and group bytes through DP = $C8 and the table at $C900.
    let src = "
 ldx #$C902
 ldu #$CA02
 ldb $C901
 clra
 std <$F0
 decb
 stb <$F2
 clr <$F3
loop lda <$F3
 cmpa <$F2
 bge done
 lda 6,x
 ora 14,x
 bne next
 lda <$F3
 sta ,u+
 inca
 sta ,u+
 inc $CA01
next leax 8,x
 inc <$F3
 bra loop
done rts";
    let objs: Vec<Object> = (0..5)
        .map(|i| {
            let g = if i == 2 { Group::Bad } else { Group::Good };
            Object::new(i, PxBox::new(10 * i as i32, -3, 8, 8), g)
        })
        .collect();
    let mut t = VectrexTarget::new();
    let img = image(src);
    let out = run_routine(&mut t, &Routine::at_start(&ABI, &img), &objs).unwrap();
    assert_eq!(out.pairs, [Pair::new(0, 1), Pair::new(3, 4)]);
    assert!(out.cycles > 13);
    // The record's x and y are big-endian i16.
    let mut rec = [0; 8];
    t.peek(0xC902 + 8, &mut rec);
    assert_eq!(rec[..4], [0x00, 0x0A, 0xFF, 0xFD]);
}

#[test]
fn the_memory_map() {
    let mut t = loaded(
        "
 lda #$5A
 sta $C810      ; RAM
 lda $CC10      ; its mirror
 sta $C811
 lda #$11
 sta $1000      ; ROM: ignored
 lda #$77
 sta $D00B      ; VIA ACR
 lda $D01B      ; a mirror of it
 sta $C812
 lda $9000      ; unmapped
 sta $C813
 lda $F000      ; BIOS: not shipped
 sta $C814
 rts",
    );
    t.call(u32::from(CODE), 1000).unwrap();
    let mut got = [0; 5];
    t.peek(0xC810, &mut got);
    assert_eq!(got, [0x5A, 0x5A, 0x77, 0xFF, 0xFF]);
    assert_eq!(t.read(0x1000), 0x86, "ROM unchanged");
    assert_eq!(t.read(0xCC10), 0x5A);
    // The harness pokes RAM and its mirror, never ROM.
    t.poke(0xCC20, &[1, 2]);
    t.poke(0x1000, &[0]);
    assert_eq!(
        (t.read(0xC820), t.read(0xC821), t.read(0x1000)),
        (1, 2, 0x86)
    );
    // Past the image the cartridge reads $FF.
    assert_eq!(t.read(0x1000 + 0x100), 0xFF);
    assert_eq!(t.read(0x0000), 0xFF);
}

fn error_of(src: &str) -> RoutineError {
    let mut t = loaded(src);
    t.call(u32::from(CODE), 100_000).unwrap_err()
}

#[test]
fn every_stop_names_the_pc() {
    assert_eq!(
        error_of(" nop\n swi"),
        RoutineError::Fault {
            pc: Addr(0x1001),
            what: "software interrupt (SWI/SWI2/SWI3): its vector leads into the BIOS, which \
                   is not on the board"
                .into()
        }
    );
    assert!(matches!(
        error_of(" swi3"),
        RoutineError::Fault {
            pc: Addr(0x1000),
            ..
        }
    ));
    assert_eq!(
        error_of(" nop\n fcb $01"),
        RoutineError::UndefinedInstruction {
            pc: Addr(0x1001),
            opcode: 1
        }
    );
    assert_eq!(
        error_of(" fcb $10,$01"),
        RoutineError::UndefinedInstruction {
            pc: Addr(0x1000),
            opcode: 0x1001
        }
    );
    let e = error_of(" nop\n fcb $A6,$87"); // LDA with the undefined postbyte $87
    assert!(
        matches!(&e, RoutineError::Fault { pc: Addr(0x1001), what } if what.contains("$87")),
        "{e}"
    );
    let e = error_of(" jsr $F192"); // Wait_Recal: not modelled
    assert!(
        matches!(&e, RoutineError::Fault { pc: Addr(0xF192), what } if what.contains("BIOS")),
        "{e}"
    );
    assert!(e.to_string().contains("$F192"), "{e}");
    // A tail call: Obj_Hit returns to the routine's caller, the stub's trap. Stub JSR 8,
    // JMP 4, then the routine after the model's JSR: a miss at the first y test.
    let mut t = loaded(" ldx #$7F00\n jmp $F8FF");
    assert_eq!(
        t.call(u32::from(CODE), 1000).unwrap().cycles,
        8 + 3 + 4 + 80 - 8
    );
    let e = error_of(" jmp $2000"); // past the image
    assert!(
        matches!(
            e,
            RoutineError::Fault {
                pc: Addr(0x2000),
                ..
            }
        ),
        "{e}"
    );
    let e = error_of(" jmp $D000"); // the VIA
    assert!(
        matches!(
            e,
            RoutineError::Fault {
                pc: Addr(0xD000),
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(
        error_of(" nop\n sync"),
        RoutineError::Halted { pc: Addr(0x1001) }
    );
    assert_eq!(
        error_of(" cwai #$EF"),
        RoutineError::Halted { pc: Addr(0x1000) }
    );
    let mut t = loaded("l bra l");
    match t.call(u32::from(CODE), ABI.runaway_limit()) {
        Err(RoutineError::Runaway { pc, budget, .. }) => {
            assert_eq!(pc, Addr(0x1000));
            assert_eq!(budget, 240_000);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        t.call(0x1_0000, 10),
        Err(RoutineError::Fault {
            pc: Addr(STUB_U32),
            ..
        })
    ));
    // Code in RAM runs.
    let mut t = loaded(" ldd #$1239\n std $C900\n jmp $C900");
    assert_eq!(
        t.call(u32::from(CODE), 1000).unwrap().cycles,
        8 + 3 + 6 + 4 + 2 + 5
    );
}

const STUB_U32: u32 = STUB as u32;

/// The board's answer and the ROM's on the core: carry, every register, the stack bytes
/// the routine pushed, and the cycles of `JSR` + routine.
#[test]
fn obj_hit_on_the_board_is_the_rom_on_the_core() {
    let mut rng = SplitMix64(0x6809);
    let mut t = loaded(" jsr $F8FF\n rts");
    let mut flat = flat_with_bios();
    flat[0x1000..0x1004].copy_from_slice(&[0xBD, 0xF8, 0xFF, 0x39]);
    let mut cases = 0;
    while cases < 20_000 {
        let r = rng.next_u64().to_le_bytes();
        // Points near the centre half the time; now and then half-sizes of $80 and above,
        // whose byte rule the model follows too.
        let near = |c: u8, d: u8| c.wrapping_add(((d as i8) >> 3) as u8);
        let (py, px) = if r[6] & 1 == 0 {
            (near(r[0], r[2]), near(r[1], r[3]))
        } else {
            (r[2], r[3])
        };
        let (h, w) = if r[7] < 16 {
            (r[4], r[5])
        } else {
            (r[4] & 0x3F, r[5] & 0x3F)
        };
        let u = u16::from(r[7]) << 8 | u16::from(r[6]);
        let cc_in = r[7] & (cc::E | cc::H | cc::N | cc::Z | cc::V | cc::C);
        // The board.
        {
            let cpu = t.cpu_mut();
            cpu.y = u16::from_be_bytes([r[0], r[1]]);
            cpu.x = u16::from_be_bytes([py, px]);
            cpu.set_d(u16::from_be_bytes([h, w]));
            cpu.u = u;
            cpu.cc = cc_in;
        }
        let board_cycles = t.call(u32::from(CODE), 1000).unwrap().cycles;
        // The ROM on the core, called the same way (stub JSR at $CBEA, S = $CBEA).
        let mut cpu = Cpu::new();
        flat[0xCBEA..0xCBED].copy_from_slice(&[0xBD, 0x10, 0x00]);
        cpu.pc = 0xCBEA;
        cpu.s = 0xCBEA;
        cpu.dp = 0xC8;
        cpu.y = u16::from_be_bytes([r[0], r[1]]);
        cpu.x = u16::from_be_bytes([py, px]);
        cpu.set_d(u16::from_be_bytes([h, w]));
        cpu.u = u;
        cpu.cc = cc_in | cc::I | cc::F;
        let mut cycles = 0;
        while cpu.pc != 0xCBED {
            cycles += u64::from(cpu.step(&mut *flat).unwrap());
        }
        let b = t.cpu();
        assert_eq!(
            (b.a, b.b, b.x, b.y, b.u, b.s, b.dp, b.cc),
            (cpu.a, cpu.b, cpu.x, cpu.y, cpu.u, cpu.s, cpu.dp, cpu.cc),
            "registers, case {cases}: {r:02X?}"
        );
        assert_eq!(board_cycles, cycles, "cycles, case {cases}: {r:02X?}");
        let mut stack = [0; 12];
        t.peek(0xCBEA - 12, &mut stack);
        assert_eq!(
            stack,
            flat[0xCBEA - 12..0xCBEA],
            "stack bytes, case {cases}"
        );
        cases += 1;
    }
}

#[test]
fn the_bios_calls_cost_the_models_figures() {
    // JSR extended + routine: Obj_Hit hit 160, miss at the first y test 80;
    // Obj_Will_Hit hit 188; Obj_Will_Hit_u hit 184. Plus the stub's JSR and the RTS.
    let run = |entry: u16, u: u16, point: u16| {
        let [hi, lo] = entry.to_be_bytes();
        let mut t = VectrexTarget::new();
        t.load(&[0xBD, hi, lo, 0x39]).unwrap();
        t.poke(0xC880, &[1, 1]);
        let cpu = t.cpu_mut();
        cpu.y = 0x0000;
        cpu.x = point;
        cpu.set_d(0x0A0A);
        cpu.u = u;
        let c = t.call(u32::from(CODE), 1000).unwrap().cycles - 13;
        (
            t.cpu().cc & cc::C != 0,
            c,
            t.cpu().y,
            t.cpu().x,
            t.cpu().d(),
        )
    };
    assert_eq!(run(OBJ_HIT, 0, 0x0505), (true, 160, 0, 0x0505, 0x0A0A));
    assert_eq!(run(OBJ_HIT, 0, 0x2000).1, 80);
    assert_eq!(
        run(OBJ_WILL_HIT, 0x0101, 0x0505),
        (true, 188, 0, 0x0505, 0x0A0A)
    );
    // Moved by (20, 0) the box no longer holds the point.
    assert!(!run(OBJ_WILL_HIT, 0x1400, 0x0505).0);
    assert_eq!(
        run(OBJ_WILL_HIT_U, 0xC880, 0x0505),
        (true, 184, 0, 0x0505, 0x0A0A)
    );
    // A direct-page JSR costs 7: the board adds the same routine cycles after it.
    let mut t = VectrexTarget::new();
    t.load(&image(" jsr [$C882]\n rts")).unwrap();
    t.poke(0xC882, &[0xF8, 0xFF]);
    let cpu = t.cpu_mut();
    cpu.y = 0;
    cpu.x = 0x0505;
    cpu.set_d(0x0A0A);
    // JSR [n] is 7 + 5 (extended indirect): 12 instead of 8.
    assert_eq!(
        t.call(u32::from(CODE), 1000).unwrap().cycles - 13,
        160 - 8 + 12
    );
}

/// The routine runs on the program board's VIA: Timer 2, started with 16 cycles to run,
/// has not timed out at the next instruction and has after 24 more cycles of `NOP`s
/// (6522 data sheet: T2 counts down from the value written and sets IFR bit 5 at zero;
/// IER is 0, so bit 7 stays clear). A register file that reads back what was written
/// would give the IFR byte last written (0) both times.
#[test]
fn the_via_s_timers_count_during_a_call() {
    let mut t = loaded(
        "
 lda #$10
 sta $D008      ; T2 low latch: 16
 clr $D009      ; T2 high: the timer starts
 lda $D00D      ; IFR at once
 sta $C810
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 nop
 lda $D00D      ; IFR after 24 cycles more
 sta $C811
 rts",
    );
    t.call(u32::from(CODE), 1000).unwrap();
    let mut got = [0; 2];
    t.peek(0xC810, &mut got);
    assert_eq!(got, [0x00, 0x20]);
}

/// A routine call and a program's frames drive one board: a routine loaded on the board
/// a cartridge booted on reads the RAM the cartridge's frames wrote (objects.asm keeps
/// its table at $C880), and its cycles follow the frames' on the same clock.
#[test]
fn a_routine_runs_on_the_board_a_program_booted_on() {
    use machine::program::NoProbe;
    use machine::vectrex::board::VectrexBoard;
    const OBJECTS: &[u8] = include_bytes!("../../../../roms/vectrex/programs/objects.bin");
    let mut board = VectrexBoard::new(OBJECTS, None).unwrap();
    for _ in 0..3 {
        board.run_frame(&mut NoProbe::default()).unwrap();
    }
    let table: Vec<u8> = (0xC880..0xC88A).map(|a| board.read(a)).collect();
    let clock = board.cpu_6809().cycles;
    assert!(
        table.iter().any(|&b| b != 0),
        "the cartridge set its table up"
    );
    let mut t = VectrexTarget::from_board(board);
    t.load(&image(
        "
 ldx #$C880
 ldu #$C900
 ldb #10
copy lda ,x+
 sta ,u+
 decb
 bne copy
 rts",
    ))
    .unwrap();
    let out = t.call(u32::from(CODE), 10_000).unwrap();
    let mut copied = [0; 10];
    t.peek(0xC900, &mut copied);
    assert_eq!(copied[..], table[..]);
    assert_eq!(t.cpu().cycles, clock + out.cycles);
}

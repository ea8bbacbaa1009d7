//! Instructions checked by hand against the 6809 Programming Manual and the MC6809 data
//! sheet: DAA, MUL, SEX, ABX, CWAI and SYNC, SWI stacking and vectors, RTI, PSH/PUL
//! order, TFR/EXG, hardware interrupts, reset and faults.

use cpu_6809::{Bus, Cpu, Fault, State, cc};

/// Memory zero, `program` at $1000, S at $8000, vectors pointing at distinct handlers.
fn machine(program: &[u8]) -> (Cpu, Box<[u8; 0x10000]>) {
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0x1000..0x1000 + program.len()].copy_from_slice(program);
    // SWI3 SWI2 FIRQ IRQ SWI NMI RESET -> $F200 .. $FE00
    for (i, vec) in (0xFFF2..=0xFFFE).step_by(2).enumerate() {
        mem[vec] = 0xF2 + 2 * i as u8;
        mem[vec + 1] = 0x00;
    }
    let mut cpu = Cpu::new();
    cpu.pc = 0x1000;
    cpu.s = 0x8000;
    cpu.u = 0x7000;
    (cpu, mem)
}

fn run(cpu: &mut Cpu, mem: &mut [u8; 0x10000], steps: usize) -> u32 {
    (0..steps).map(|_| cpu.step(mem).unwrap()).sum()
}

#[test]
fn daa_adjusts_after_bcd_addition() {
    // (A, operand of ADDA) -> (A after DAA, C)
    for (a, add, want, carry) in [
        (0x19u8, 0x28u8, 0x47u8, false), // 0x41 with H: +6
        (0x99, 0x01, 0x00, true),        // 0x9A: +66, carry out
        (0x50, 0x60, 0x10, true),        // 0xB0: +60
        (0x99, 0x99, 0x98, true),        // 0x32 with C and H: +66
        (0x12, 0x34, 0x46, false),       // no correction
        (0x09, 0x00, 0x09, false),
    ] {
        let (mut cpu, mut mem) = machine(&[0x86, a, 0x8B, add, 0x19]);
        assert_eq!(run(&mut cpu, &mut mem, 3), 2 + 2 + 2);
        assert_eq!(cpu.a, want, "{a:02X}+{add:02X}");
        assert_eq!(cpu.cc & cc::C != 0, carry, "{a:02X}+{add:02X} C");
        assert_eq!(cpu.cc & cc::Z != 0, want == 0);
        assert_eq!(cpu.cc & cc::N != 0, want >= 0x80);
    }
}

#[test]
fn mul_sets_z_and_c_from_bit_7_of_b() {
    for (a, b, d, z, c) in [
        (0x80u8, 0x02u8, 0x0100u16, false, false),
        (0x0F, 0x0F, 0x00E1, false, true),
        (0x00, 0x55, 0x0000, true, false),
        (0xFF, 0xFF, 0xFE01, false, false),
        (0x10, 0x08, 0x0080, false, true),
    ] {
        let (mut cpu, mut mem) = machine(&[0x3D]);
        cpu.a = a;
        cpu.b = b;
        cpu.cc = cc::N | cc::V; // untouched
        assert_eq!(cpu.step(&mut *mem), Ok(11));
        assert_eq!(cpu.d(), d);
        assert_eq!(cpu.cc & cc::Z != 0, z);
        assert_eq!(cpu.cc & cc::C != 0, c);
        assert_eq!(cpu.cc & (cc::N | cc::V), cc::N | cc::V);
    }
}

#[test]
fn sex_extends_b_into_a() {
    for (b, a, n, z) in [
        (0x80u8, 0xFFu8, true, false),
        (0x7F, 0x00, false, false),
        (0x00, 0x00, false, true),
    ] {
        let (mut cpu, mut mem) = machine(&[0x1D]);
        cpu.a = 0x5A;
        cpu.b = b;
        cpu.cc = cc::V | cc::C;
        assert_eq!(cpu.step(&mut *mem), Ok(2));
        assert_eq!((cpu.a, cpu.b), (a, b));
        assert_eq!(cpu.cc & cc::N != 0, n);
        assert_eq!(cpu.cc & cc::Z != 0, z);
        assert_eq!(cpu.cc & (cc::V | cc::C), cc::V | cc::C, "V and C unchanged");
    }
}

#[test]
fn abx_adds_b_unsigned_without_flags() {
    let (mut cpu, mut mem) = machine(&[0x3A]);
    cpu.x = 0xFFF0;
    cpu.b = 0xA0;
    cpu.cc = 0x0F;
    assert_eq!(cpu.step(&mut *mem), Ok(3));
    assert_eq!(cpu.x, 0x0090);
    assert_eq!(cpu.cc, 0x0F);
}

/// The 12 bytes of an entire-state frame at S, lowest address first.
fn frame(cpu: &Cpu, mem: &[u8; 0x10000]) -> Vec<u8> {
    let s = usize::from(cpu.s);
    mem[s..s + 12].to_vec()
}

#[test]
fn swi_stacks_the_entire_state_and_vectors() {
    for (code, vector, cycles, masks_set) in [
        (&[0x3Fu8][..], 0xFA00u16, 19, true),
        (&[0x10, 0x3F], 0xF400, 20, false),
        (&[0x11, 0x3F], 0xF200, 20, false),
    ] {
        let (mut cpu, mut mem) = machine(code);
        cpu.a = 0x11;
        cpu.b = 0x22;
        cpu.dp = 0x33;
        cpu.x = 0x4455;
        cpu.y = 0x6677;
        cpu.u = 0x8899;
        cpu.cc = cc::N | cc::C;
        assert_eq!(cpu.step(&mut *mem), Ok(cycles), "{code:02X?}");
        assert_eq!(cpu.pc, vector);
        assert_eq!(cpu.s, 0x8000 - 12);
        let ret = 0x1000 + code.len() as u16;
        let [ph, pl] = ret.to_be_bytes();
        let stacked_cc = cc::E | cc::N | cc::C;
        assert_eq!(
            frame(&cpu, &mem),
            [
                stacked_cc, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, ph, pl
            ]
        );
        let masks = if masks_set { cc::I | cc::F } else { 0 };
        assert_eq!(cpu.cc, stacked_cc | masks, "{code:02X?}");
        let opcode = code.iter().fold(0u16, |acc, &b| (acc << 8) | u16::from(b));
        assert_eq!(cpu.last_opcode, opcode);
        assert_eq!(cpu.last_pc, 0x1000);
    }
}

#[test]
fn rti_pulls_what_swi_pushed() {
    // SWI from $1000 into a handler at $FA00 that is a bare RTI.
    let (mut cpu, mut mem) = machine(&[0x3F]);
    mem[0xFA00] = 0x3B;
    cpu.a = 1;
    cpu.b = 2;
    cpu.x = 0x1234;
    cpu.cc = cc::Z;
    assert_eq!(cpu.step(&mut *mem), Ok(19));
    cpu.a = 0xEE;
    cpu.x = 0;
    assert_eq!(cpu.step(&mut *mem), Ok(15));
    assert_eq!(
        (cpu.a, cpu.b, cpu.x, cpu.pc, cpu.s),
        (1, 2, 0x1234, 0x1001, 0x8000)
    );
    assert_eq!(cpu.cc, cc::E | cc::Z);

    // E clear: only CC and PC.
    let (mut cpu, mut mem) = machine(&[0x3B]);
    mem[0x8000..0x8003].copy_from_slice(&[cc::C, 0x20, 0x00]);
    cpu.a = 0x77;
    assert_eq!(cpu.step(&mut *mem), Ok(6));
    assert_eq!(
        (cpu.cc, cpu.pc, cpu.s, cpu.a),
        (cc::C, 0x2000, 0x8003, 0x77)
    );
}

#[test]
fn pshs_and_puls_all_registers_in_order() {
    // PSHS all; then clear everything; PULS all.
    let (mut cpu, mut mem) = machine(&[0x34, 0xFF, 0x35, 0xFF]);
    cpu.cc = 0x05;
    cpu.a = 0xA1;
    cpu.b = 0xB2;
    cpu.dp = 0xD3;
    cpu.x = 0x1122;
    cpu.y = 0x3344;
    cpu.u = 0x5566;
    assert_eq!(cpu.step(&mut *mem), Ok(5 + 12));
    assert_eq!(cpu.s, 0x8000 - 12);
    assert_eq!(
        frame(&cpu, &mem),
        [
            0x05, 0xA1, 0xB2, 0xD3, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x10, 0x02
        ]
    );
    // Make the stacked PC point past the PULS so the pull lands there.
    mem[0x7FFE..0x8000].copy_from_slice(&[0x20, 0x00]);
    (cpu.cc, cpu.a, cpu.b, cpu.dp, cpu.x, cpu.y, cpu.u) = (0, 0, 0, 0, 0, 0, 0);
    assert_eq!(cpu.step(&mut *mem), Ok(5 + 12));
    assert_eq!(
        (
            cpu.cc, cpu.a, cpu.b, cpu.dp, cpu.x, cpu.y, cpu.u, cpu.pc, cpu.s
        ),
        (
            0x05, 0xA1, 0xB2, 0xD3, 0x1122, 0x3344, 0x5566, 0x2000, 0x8000
        )
    );

    // PSHU stacks S in U's slot; PULU of S loads S.
    let (mut cpu, mut mem) = machine(&[0x36, 0x42, 0x37, 0x40]);
    cpu.a = 0x99;
    assert_eq!(cpu.step(&mut *mem), Ok(5 + 3));
    assert_eq!(cpu.u, 0x7000 - 3);
    assert_eq!(mem[0x6FFD..0x7000], [0x99, 0x80, 0x00]);
    mem[0x6FFD..0x6FFF].copy_from_slice(&[0x12, 0x34]);
    assert_eq!(cpu.step(&mut *mem), Ok(5 + 2));
    assert_eq!((cpu.s, cpu.u), (0x1234, 0x7000 - 1));
    assert!(cpu.nmi_armed, "loading S arms NMI");
}

#[test]
fn tfr_and_exg_between_registers() {
    // TFR A,B; TFR X,Y; EXG D,U: 6, 6, 8 cycles.
    let (mut cpu, mut mem) = machine(&[0x1F, 0x89, 0x1F, 0x12, 0x1E, 0x03]);
    cpu.a = 0x42;
    cpu.x = 0xBEEF;
    cpu.u = 0x1357;
    cpu.b = 0;
    assert_eq!(cpu.step(&mut *mem), Ok(6));
    assert_eq!(cpu.b, 0x42);
    assert_eq!(cpu.step(&mut *mem), Ok(6));
    assert_eq!(cpu.y, 0xBEEF);
    assert_eq!(cpu.step(&mut *mem), Ok(8));
    assert_eq!((cpu.d(), cpu.u), (0x1357, 0x4242));

    // Mixed sizes: 8 -> 16 is $FF:r8, 16 -> 8 is the low byte; EXG does both.
    let (mut cpu, mut mem) = machine(&[0x1F, 0x81, 0x1F, 0x29, 0x1E, 0x8B, 0x1E, 0xB3]);
    cpu.a = 0x12;
    cpu.y = 0xABCD;
    cpu.dp = 0x07;
    cpu.u = 0x4455;
    assert_eq!(cpu.step(&mut *mem), Ok(6));
    assert_eq!(cpu.x, 0xFF12);
    assert_eq!(cpu.step(&mut *mem), Ok(6));
    assert_eq!(cpu.b, 0xCD);
    assert_eq!(cpu.step(&mut *mem), Ok(8)); // EXG A,DP
    assert_eq!((cpu.a, cpu.dp), (0x07, 0x12));
    assert_eq!(cpu.step(&mut *mem), Ok(8)); // EXG DP,U
    assert_eq!((cpu.dp, cpu.u), (0x55, 0xFF12));

    // TFR CC,A and TFR A,CC; TFR to PC jumps.
    let (mut cpu, mut mem) = machine(&[0x1F, 0xA8, 0x1F, 0x15]);
    cpu.cc = 0xC5;
    cpu.x = 0x3000;
    run(&mut cpu, &mut mem, 2);
    assert_eq!((cpu.a, cpu.pc), (0xC5, 0x3000));

    // Undefined register codes are reported and change nothing.
    for pb in [0x16u8, 0x61, 0x8C, 0xF0, 0x7E] {
        let (mut cpu, mut mem) = machine(&[0x1F, pb]);
        assert_eq!(
            cpu.step(&mut *mem),
            Err(Fault::IllegalPostbyte {
                pc: 0x1000,
                postbyte: pb
            })
        );
        assert_eq!((cpu.pc, cpu.cycles), (0x1000, 0));
    }
}

#[test]
fn cwai_stacks_then_waits_for_an_unmasked_interrupt() {
    // CWAI #$EF clears I; the state is stacked at once with E set.
    let (mut cpu, mut mem) = machine(&[0x3C, 0xEF]);
    cpu.cc = cc::I | cc::F | cc::Z;
    cpu.a = 0x5A;
    assert_eq!(cpu.step(&mut *mem), Ok(16));
    assert_eq!(cpu.state, State::CwaiWait);
    assert_eq!(cpu.s, 0x8000 - 12);
    assert_eq!(mem[0x8000 - 12], cc::E | cc::F | cc::Z);
    assert_eq!(mem[0x8000 - 11], 0x5A);
    assert_eq!(mem[0x7FFE..0x8000], [0x10, 0x02]);
    // Waiting: one cycle per step, nothing moves.
    assert_eq!(cpu.step(&mut *mem), Ok(1));
    assert_eq!((cpu.state, cpu.pc), (State::CwaiWait, 0x1002));
    // FIRQ is masked (F kept set): still waiting.
    cpu.set_firq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(1));
    assert_eq!(cpu.state, State::CwaiWait);
    // IRQ is not: taken without stacking again.
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(4));
    assert_eq!(cpu.state, State::Running);
    assert_eq!(cpu.pc, 0xF800);
    assert_eq!(cpu.s, 0x8000 - 12);
    assert!(cpu.cc & cc::I != 0);
}

#[test]
fn sync_waits_for_any_line() {
    // Masked IRQ: SYNC ends and the next instruction (NOP) runs.
    let (mut cpu, mut mem) = machine(&[0x13, 0x12]);
    cpu.cc = cc::I;
    assert_eq!(cpu.step(&mut *mem), Ok(4));
    assert_eq!(cpu.step(&mut *mem), Ok(1));
    assert_eq!(cpu.state, State::SyncWait);
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(2));
    assert_eq!((cpu.state, cpu.pc, cpu.s), (State::Running, 0x1002, 0x8000));

    // Unmasked FIRQ: taken from the wait, PC and CC stacked.
    let (mut cpu, mut mem) = machine(&[0x13, 0x12]);
    assert_eq!(cpu.step(&mut *mem), Ok(4));
    cpu.set_firq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(10));
    assert_eq!(
        (cpu.state, cpu.pc, cpu.s),
        (State::Running, 0xF600, 0x8000 - 3)
    );
    assert_eq!(mem[0x7FFD..0x8000], [0x00, 0x10, 0x01]);
}

#[test]
fn hardware_interrupts_stack_mask_and_vector() {
    // IRQ: entire state, E set, I set, F untouched, 19 cycles.
    let (mut cpu, mut mem) = machine(&[0x12]);
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(19));
    assert_eq!((cpu.pc, cpu.s), (0xF800, 0x8000 - 12));
    assert_eq!(cpu.cc, cc::E | cc::I);
    // Still asserted but masked now: the handler runs.
    mem[0xF800] = 0x12;
    assert_eq!(cpu.step(&mut *mem), Ok(2));

    // FIRQ: PC and CC, E clear, I and F set, 10 cycles; beats IRQ.
    let (mut cpu, mut mem) = machine(&[0x12]);
    cpu.cc = cc::E;
    cpu.set_irq(true);
    cpu.set_firq(true);
    assert_eq!(cpu.step(&mut *mem), Ok(10));
    assert_eq!((cpu.pc, cpu.s), (0xF600, 0x8000 - 3));
    assert_eq!(mem[0x7FFD], 0);
    assert_eq!(cpu.cc, cc::I | cc::F);

    // NMI: ignored until S is loaded; then taken even with I and F set.
    let (mut cpu, mut mem) = machine(&[0x10, 0xCE, 0x90, 0x00, 0x12]);
    cpu.cc = cc::I | cc::F;
    cpu.nmi();
    assert!(!cpu.nmi_pending());
    assert_eq!(cpu.step(&mut *mem), Ok(4)); // LDS #$9000
    cpu.nmi();
    assert!(cpu.nmi_pending());
    assert_eq!(cpu.step(&mut *mem), Ok(19));
    assert_eq!((cpu.pc, cpu.s), (0xFC00, 0x9000 - 12));
    assert!(!cpu.nmi_pending(), "the edge is consumed");
    assert_eq!(mem[0x9000 - 2..0x9000], [0x10, 0x04]);
}

#[test]
fn reset_loads_the_vector_and_masks() {
    let (mut cpu, mut mem) = machine(&[]);
    cpu.dp = 0x12;
    cpu.cc = 0;
    cpu.nmi_armed = true;
    cpu.reset(&mut *mem);
    assert_eq!((cpu.pc, cpu.dp, cpu.cc), (0xFE00, 0, cc::I | cc::F));
    assert!(!cpu.nmi_armed);
    assert_eq!(cpu.state, State::Running);
}

#[test]
fn faults_name_the_instruction_and_change_nothing() {
    let (mut cpu, mut mem) = machine(&[0x12, 0x01]);
    assert_eq!(cpu.step(&mut *mem), Ok(2));
    let e = cpu.step(&mut *mem).unwrap_err();
    assert_eq!(
        e,
        Fault::IllegalOpcode {
            pc: 0x1001,
            opcode: 0x01
        }
    );
    assert_eq!(e.to_string(), "illegal opcode $01 at $1001");
    assert_eq!(
        (cpu.pc, cpu.cycles, cpu.last_pc, cpu.last_opcode),
        (0x1001, 2, 0x1001, 0x01)
    );

    let (mut cpu, mut mem) = machine(&[0x11, 0x10]);
    assert_eq!(
        cpu.step(&mut *mem),
        Err(Fault::IllegalOpcode {
            pc: 0x1000,
            opcode: 0x1110
        })
    );
    // LDA [,X+]: the postbyte is reported and X is not incremented.
    let (mut cpu, mut mem) = machine(&[0xA6, 0x90]);
    cpu.x = 0x4000;
    assert_eq!(
        cpu.step(&mut *mem),
        Err(Fault::IllegalPostbyte {
            pc: 0x1000,
            postbyte: 0x90
        })
    );
    assert_eq!((cpu.x, cpu.pc), (0x4000, 0x1000));
}

/// A bus that logs writes, to check the core drives any `Bus`, not only arrays.
#[derive(Debug)]
struct Logged {
    mem: Box<[u8; 0x10000]>,
    writes: Vec<(u16, u8)>,
}

impl Bus for Logged {
    fn read(&mut self, addr: u16) -> u8 {
        self.mem[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.writes.push((addr, value));
        self.mem[usize::from(addr)] = value;
    }
}

#[test]
fn a_subroutine_runs_to_a_trap_address() {
    // JSR $2000; (trap at $1003).  $2000: LDD #$1234; ADDD #$0101; STD $0300; RTS
    let (mut cpu, mem) = machine(&[0xBD, 0x20, 0x00]);
    let mut bus = Logged {
        mem,
        writes: Vec::new(),
    };
    bus.mem[0x2000..0x200A]
        .copy_from_slice(&[0xCC, 0x12, 0x34, 0xC3, 0x01, 0x01, 0xFD, 0x03, 0x00, 0x39]);
    let mut cycles = 0;
    while cpu.pc != 0x1003 {
        cycles += cpu.step(&mut bus).unwrap();
    }
    assert_eq!(cycles, 8 + 3 + 4 + 6 + 5);
    assert_eq!(cpu.cycles, u64::from(cycles));
    assert_eq!(
        bus.writes,
        [
            (0x7FFF, 0x03),
            (0x7FFE, 0x10),
            (0x0300, 0x13),
            (0x0301, 0x35)
        ]
    );
    assert_eq!(cpu.s, 0x8000);
}

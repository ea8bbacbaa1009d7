//! Clock counts from the 68000 user's manual (MC68000UM section 8, as tabulated in
//! "Yacht"), exercised one instruction at a time on [`Cpu`] with hand-made memory, and the
//! exception entries a harness reports (illegal instruction, address error, TRAP,
//! privilege violation), each seen through the public API with its PC.

use cpu_m68k::{Bus, Cpu, ExceptionKind};

/// 64 KiB of RAM mirrored over the 24-bit bus, counting accesses by size.
struct Ram {
    bytes: Vec<u8>,
    byte_writes: Vec<u32>,
    word_writes: Vec<u32>,
}

impl Ram {
    fn new() -> Self {
        Self {
            bytes: vec![0; 0x1_0000],
            byte_writes: Vec::new(),
            word_writes: Vec::new(),
        }
    }
    fn at(addr: u32) -> usize {
        (addr & 0xFFFF) as usize
    }
    fn word(&self, addr: u32) -> u16 {
        u16::from_be_bytes([self.bytes[Self::at(addr)], self.bytes[Self::at(addr + 1)]])
    }
    fn long(&self, addr: u32) -> u32 {
        (u32::from(self.word(addr)) << 16) | u32::from(self.word(addr + 2))
    }
    fn put_word(&mut self, addr: u32, value: u16) {
        let [h, l] = value.to_be_bytes();
        self.bytes[Self::at(addr)] = h;
        self.bytes[Self::at(addr + 1)] = l;
    }
    fn put_long(&mut self, addr: u32, value: u32) {
        self.put_word(addr, (value >> 16) as u16);
        self.put_word(addr + 2, value as u16);
    }
}

impl Bus for Ram {
    fn read_byte(&mut self, addr: u32) -> u8 {
        self.bytes[Self::at(addr)]
    }
    fn read_word(&mut self, addr: u32) -> u16 {
        assert_eq!(addr & 1, 0, "a word read at an odd address reached the bus");
        self.word(addr)
    }
    fn write_byte(&mut self, addr: u32, value: u8) {
        self.byte_writes.push(addr);
        self.bytes[Self::at(addr)] = value;
    }
    fn write_word(&mut self, addr: u32, value: u16) {
        assert_eq!(
            addr & 1,
            0,
            "a word write at an odd address reached the bus"
        );
        self.word_writes.push(addr);
        self.put_word(addr, value);
    }
}

const CODE: u32 = 0x1000;
const STACK: u32 = 0x8000;
/// Handler of exception vector `v`: `HANDLERS + 0x10 * v`.
const HANDLERS: u32 = 0x4000;

/// A CPU reset into `program` at `CODE`, with every exception vector pointing at its own
/// handler (a NOP) and the first two program words in the prefetch queue.
fn machine(program: &[u16]) -> (Cpu, Ram) {
    let mut ram = Ram::new();
    ram.put_long(0, STACK);
    ram.put_long(4, CODE);
    for v in 2..64 {
        ram.put_long(4 * v, HANDLERS + 0x10 * v);
        ram.put_word(HANDLERS + 0x10 * v, 0x4E71);
    }
    for (i, &w) in program.iter().enumerate() {
        ram.put_word(CODE + 2 * i as u32, w);
    }
    let mut cpu = Cpu::new();
    cpu.reset(&mut ram);
    assert_eq!(
        (cpu.pc(), cpu.ssp(), cpu.sr() & 0xFF00),
        (CODE, STACK, 0x2700)
    );
    cpu.set_prefetch([ram.word(CODE), ram.word(CODE + 2)]);
    (cpu, ram)
}

/// Clocks of the first instruction of `program` after `setup`.
fn clocks(program: &[u16], setup: impl FnOnce(&mut Cpu)) -> u32 {
    let (mut cpu, mut ram) = machine(program);
    setup(&mut cpu);
    let cycles = cpu.step(&mut ram);
    assert_eq!(cpu.last_exception(), None, "{program:04x?}");
    cycles
}

/// Operands spread over the 16-bit range: edge values and a fixed pseudo-random walk.
fn operands() -> Vec<u16> {
    let mut v = vec![
        0, 1, 2, 0x5555, 0xAAAA, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF,
    ];
    let mut x: u32 = 0x1234_5678;
    for _ in 0..200 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push(x as u16);
    }
    v
}

#[test]
fn mulu_is_38_plus_2_per_one_bit_of_the_source() {
    for src in operands() {
        // MULU.W D1,D0
        let c = clocks(&[0xC0C1], |cpu| {
            cpu.set_d(0, 0x1234);
            cpu.set_d(1, u32::from(src));
        });
        assert_eq!(c, 38 + 2 * src.count_ones(), "MULU source {src:#06x}");
    }
    // MULU.W #imm,D0: the immediate word adds its fetch (4 clocks).
    assert_eq!(clocks(&[0xC0FC, 0xFFFF], |_| {}), 38 + 2 * 16 + 4);
}

#[test]
fn muls_is_38_plus_2_per_bit_transition_of_the_source() {
    for src in operands() {
        // MULS.W D1,D0; n = the 01 or 10 pairs in the source with a 0 appended below bit 0.
        let c = clocks(&[0xC1C1], |cpu| {
            cpu.set_d(0, 0x1234);
            cpu.set_d(1, u32::from(src));
        });
        let with_zero = u32::from(src) << 1;
        let n = ((with_zero ^ (with_zero >> 1)) & 0xFFFF).count_ones();
        assert_eq!(c, 38 + 2 * n, "MULS source {src:#06x}");
    }
    assert_eq!(clocks(&[0xC1C1], |cpu| cpu.set_d(1, 0)), 38);
    assert_eq!(clocks(&[0xC1C1], |cpu| cpu.set_d(1, 0x5555)), 38 + 2 * 16);
}

#[test]
fn divu_and_divs_stay_within_the_manuals_maximum() {
    // The manual gives DIVU 140 and DIVS 158 clocks (register source) as maximums.
    let mut divu = Vec::new();
    let mut divs = Vec::new();
    for (i, divisor) in operands().into_iter().enumerate() {
        if divisor == 0 {
            continue;
        }
        let quotient = (i as u32 * 7919) & 0xFFFF;
        let dividend = quotient * u32::from(divisor) + (i as u32 % u32::from(divisor));
        if dividend >> 16 >= u32::from(divisor) {
            continue;
        }
        // DIVU.W D1,D0
        let (mut cpu, mut ram) = machine(&[0x80C1]);
        cpu.set_d(0, dividend);
        cpu.set_d(1, u32::from(divisor));
        let c = cpu.step(&mut ram);
        assert_eq!(cpu.d(0) & 0xFFFF, dividend / u32::from(divisor));
        assert_eq!(cpu.d(0) >> 16, dividend % u32::from(divisor));
        assert!(
            (76..=140).contains(&c),
            "DIVU {dividend:#x}/{divisor:#x}: {c}"
        );
        divu.push(c);

        // DIVS.W D1,D0 with a quotient that fits in 16 signed bits.
        let sdivisor = divisor as i16;
        let sdividend = i32::from(quotient as u16 as i16) * i32::from(sdivisor);
        let (mut cpu, mut ram) = machine(&[0x81C1]);
        cpu.set_d(0, sdividend as u32);
        cpu.set_d(1, u32::from(divisor));
        let c = cpu.step(&mut ram);
        if (sdividend / i32::from(sdivisor)).abs() < 0x7FFF {
            assert_eq!(cpu.sr() & 2, 0, "no overflow");
            assert_eq!(
                cpu.d(0) as u16 as i16,
                (sdividend / i32::from(sdivisor)) as i16
            );
            assert!(c <= 158, "DIVS {sdividend}/{sdivisor}: {c}");
            divs.push(c);
        }
    }
    // The time depends on the data: the counts are spread, not one constant.
    for times in [&divu, &divs] {
        let (min, max) = (times.iter().min().unwrap(), times.iter().max().unwrap());
        assert!(max - min >= 20, "{min}..{max}");
    }
    // A quotient that cannot fit ends the division early (V set, Dn unchanged).
    let (mut cpu, mut ram) = machine(&[0x80C1]);
    cpu.set_d(0, 0x0010_0000);
    cpu.set_d(1, 1);
    assert!(cpu.step(&mut ram) < 76);
    assert_eq!((cpu.sr() & 2, cpu.d(0)), (2, 0x0010_0000));
}

#[test]
fn shifts_and_rotates_are_6_plus_2n_for_words_and_8_plus_2n_for_longs() {
    // Register count: ASL/ASR/LSL/LSR/ROL/ROR/ROXL/ROXR Dx,Dy, count = Dx mod 64.
    let ops: [(&str, u16); 8] = [
        ("ASR", 0xE020),
        ("ASL", 0xE120),
        ("LSR", 0xE028),
        ("LSL", 0xE128),
        ("ROXR", 0xE030),
        ("ROXL", 0xE130),
        ("ROR", 0xE038),
        ("ROL", 0xE138),
    ];
    for (name, base) in ops {
        for count in [0u32, 1, 2, 7, 8, 15, 16, 31, 32, 63, 64 + 5] {
            let n = count % 64;
            for (size, bits, fixed) in [("b", 0x00, 6), ("w", 0x40, 6), ("l", 0x80, 8)] {
                // <op>.size D1,D0
                let opcode = base | bits | (1 << 9);
                let c = clocks(&[opcode], |cpu| {
                    cpu.set_d(0, 0x8765_4321);
                    cpu.set_d(1, count);
                });
                assert_eq!(c, fixed + 2 * n, "{name}.{size} by {count}");
            }
        }
        // Immediate count 1..8 (0 encodes 8): <op>.w #n,D0 and <op>.l #n,D0.
        for n in 1..=8u32 {
            let field = (n % 8) as u16;
            let imm = base & !0x0020;
            assert_eq!(clocks(&[imm | 0x40 | (field << 9)], |_| {}), 6 + 2 * n);
            assert_eq!(clocks(&[imm | 0x80 | (field << 9)], |_| {}), 8 + 2 * n);
        }
    }
    // Memory form: one bit, word, 8 clocks + the address: ASL.W (A0) = 8 + 4.
    assert_eq!(clocks(&[0xE1D0], |cpu| cpu.set_a(0, 0x6000)), 12);
}

#[test]
fn movem_is_a_base_plus_4_per_word_or_8_per_long_register() {
    // (opcode, extra words, clocks for n registers, what)
    type Case = (u16, Option<u16>, fn(u32) -> u32, &'static str);
    let cases: [Case; 10] = [
        (0x4890, None, |n| 8 + 4 * n, "MOVEM.W regs,(A0)"),
        (0x48A0, None, |n| 8 + 4 * n, "MOVEM.W regs,-(A0)"),
        (
            0x48A8,
            Some(0x0100),
            |n| 12 + 4 * n,
            "MOVEM.W regs,(d16,A0)",
        ),
        (0x48D0, None, |n| 8 + 8 * n, "MOVEM.L regs,(A0)"),
        (0x48E0, None, |n| 8 + 8 * n, "MOVEM.L regs,-(A0)"),
        (0x4C90, None, |n| 12 + 4 * n, "MOVEM.W (A0),regs"),
        (0x4C98, None, |n| 12 + 4 * n, "MOVEM.W (A0)+,regs"),
        (
            0x4CA8,
            Some(0x0100),
            |n| 16 + 4 * n,
            "MOVEM.W (d16,A0),regs",
        ),
        (0x4CD0, None, |n| 12 + 8 * n, "MOVEM.L (A0),regs"),
        (0x4CD8, None, |n| 12 + 8 * n, "MOVEM.L (A0)+,regs"),
    ];
    for (opcode, displacement, expected, what) in cases {
        for mask in [
            0x0001u16, 0x0003, 0x00FF, 0x7F00, 0x5A5A, 0x7FFE, 0xFFFE, 0xFFFF,
        ] {
            // A0 is the base register: leave it out of the list for -(A0) and (A0)+.
            let mask = if matches!(opcode & 0x38, 0x18 | 0x20) {
                mask & if opcode & 0x38 == 0x20 {
                    0xFF7F
                } else {
                    0xFEFF
                }
            } else {
                mask
            };
            let mut program = vec![opcode, mask];
            program.extend(displacement);
            let c = clocks(&program, |cpu| cpu.set_a(0, 0x6000));
            assert_eq!(c, expected(mask.count_ones()), "{what} {mask:#06x}");
        }
    }
}

#[test]
fn common_loop_instructions_take_the_manuals_clocks() {
    let cases: [(&[u16], u32, &str); 9] = [
        (&[0x4E71], 4, "NOP"),
        (&[0x7005], 4, "MOVEQ #5,D0"),
        (&[0xD041], 4, "ADD.W D1,D0"),
        (&[0xD081], 8, "ADD.L D1,D0"),
        (&[0x3010], 8, "MOVE.W (A0),D0"),
        (&[0x2080], 12, "MOVE.L D0,(A0)"),
        (&[0xB050], 8, "CMP.W (A0),D0"),
        (&[0x6000, 0x0010], 10, "BRA.W taken"),
        (&[0x6602], 8, "BNE.S not taken (Z set)"),
    ];
    for (program, expected, what) in cases {
        let c = clocks(program, |cpu| {
            cpu.set_a(0, 0x6000);
            cpu.set_sr(0x2704);
        });
        assert_eq!(c, expected, "{what}");
    }
    // DBRA D0: 10 when it branches, 14 when the count expires.
    assert_eq!(clocks(&[0x51C8, 0xFFFE], |cpu| cpu.set_d(0, 5)), 10);
    assert_eq!(clocks(&[0x51C8, 0xFFFE], |cpu| cpu.set_d(0, 0)), 14);
}

/// Steps once and returns the exception it reported, checking the CPU went to the
/// handler of that vector in supervisor mode.
fn expect_exception(cpu: &mut Cpu, ram: &mut Ram, kind: ExceptionKind, vector: u8) -> u32 {
    let sp = cpu.ssp();
    let cycles = cpu.step(ram);
    let e = cpu.last_exception().expect("an exception");
    assert_eq!((e.kind, e.vector), (kind, vector));
    assert_eq!(cpu.pc(), HANDLERS + 0x10 * u32::from(vector));
    assert!(cpu.is_supervisor());
    assert!(cpu.ssp() < sp, "a frame was stacked");
    assert_eq!(cpu.step(ram), 4, "the handler's NOP runs next");
    assert_eq!(cpu.last_exception(), None);
    cycles
}

#[test]
fn illegal_instruction_reports_its_pc_and_stacks_it() {
    // NOP; ILLEGAL ($4AFC)
    let (mut cpu, mut ram) = machine(&[0x4E71, 0x4AFC]);
    assert_eq!(cpu.step(&mut ram), 4);
    let sr = cpu.sr();
    let cycles = expect_exception(&mut cpu, &mut ram, ExceptionKind::IllegalInstruction, 4);
    assert_eq!(cpu.last_exception(), None);
    assert_eq!(cycles, 34, "the manual's illegal-instruction time");
    // Group-1 frame: SR, then the PC of the illegal instruction itself.
    assert_eq!(cpu.ssp(), STACK - 6);
    assert_eq!(ram.word(STACK - 6), sr);
    assert_eq!(ram.long(STACK - 4), CODE + 2);

    // An unassigned opcode is illegal too, reported at its own address.
    let (mut cpu, mut ram) = machine(&[0x4E71, 0x4E71, 0x4E7A]); // MOVEC: not on a 68000
    cpu.step(&mut ram);
    cpu.step(&mut ram);
    cpu.step(&mut ram);
    let e = cpu.last_exception().expect("illegal");
    assert_eq!(
        (e.kind, e.pc),
        (ExceptionKind::IllegalInstruction, CODE + 4)
    );
}

#[test]
fn odd_word_read_is_an_address_error_at_the_instruction() {
    // NOP; MOVE.W (A0),D0 with A0 odd.
    let (mut cpu, mut ram) = machine(&[0x4E71, 0x3010]);
    cpu.set_a(0, 0x6001);
    cpu.set_d(0, 0x1111_2222);
    cpu.step(&mut ram);
    let sp = cpu.ssp();
    cpu.step(&mut ram);
    let e = cpu.last_exception().expect("address error");
    assert_eq!(
        (e.kind, e.vector, e.pc),
        (ExceptionKind::AddressError, 3, CODE + 2)
    );
    assert_eq!(cpu.pc(), HANDLERS + 0x30);
    assert_eq!(cpu.ssp(), sp - 14, "the 68000's 14-byte group-0 frame");
    assert_eq!(cpu.d(0), 0x1111_2222, "the read did not happen");

    // A word write at an odd address, and a long read: the same report.
    for opcode in [0x3080, 0x2010] {
        let (mut cpu, mut ram) = machine(&[opcode]);
        cpu.set_a(0, 0x6003);
        cpu.step(&mut ram);
        let e = cpu.last_exception().expect("address error");
        assert_eq!((e.kind, e.pc), (ExceptionKind::AddressError, CODE));
        assert!(ram.word_writes.iter().all(|&a| a != 0x6002 && a != 0x6003));
    }
    // Byte accesses at odd addresses are fine.
    let (mut cpu, mut ram) = machine(&[0x1080]); // MOVE.B D0,(A0)
    cpu.set_a(0, 0x6003);
    cpu.step(&mut ram);
    assert_eq!(cpu.last_exception(), None);
    assert_eq!(ram.byte_writes, [0x6003]);
}

#[test]
fn trap_n_reports_its_number_and_returns_past_it() {
    for n in [0u8, 5, 15] {
        // TRAP #n
        let (mut cpu, mut ram) = machine(&[0x4E40 | u16::from(n)]);
        let cycles = expect_exception(&mut cpu, &mut ram, ExceptionKind::Trap(n), 32 + n);
        assert_eq!(cycles, 34, "the manual's TRAP time");
        // Stacked PC: the instruction after the TRAP.
        assert_eq!(ram.long(STACK - 4), CODE + 2);
    }
}

#[test]
fn privileged_instruction_in_user_mode_is_a_privilege_violation() {
    // MOVE #$2700,SR in user mode.
    let (mut cpu, mut ram) = machine(&[0x46FC, 0x2700]);
    cpu.set_usp(0x7000);
    cpu.set_sr(0x0000);
    assert!(!cpu.is_supervisor());
    assert_eq!(cpu.a(7), 0x7000, "A7 is the USP in user mode");
    let cycles = expect_exception(&mut cpu, &mut ram, ExceptionKind::PrivilegeViolation, 8);
    assert_eq!(cycles, 34, "the manual's privilege-violation time");
    assert_eq!(cpu.last_exception(), None);
    assert_eq!((cpu.usp(), cpu.a(7)), (0x7000, STACK - 6));
}

#[test]
fn stop_waits_for_an_interrupt_that_ends_it() {
    // STOP #$2000; then the level-4 autovector handler (vector 28).
    let (mut cpu, mut ram) = machine(&[0x4E72, 0x2000, 0x4E71]);
    cpu.step(&mut ram);
    assert!(cpu.is_stopped());
    assert_eq!(cpu.step(&mut ram), 0, "a stopped CPU does nothing");
    cpu.set_irq(4);
    let cycles = cpu.step(&mut ram);
    let e = cpu.last_exception().expect("interrupt");
    assert_eq!((e.kind, e.vector), (ExceptionKind::Interrupt(4), 28));
    assert!(!cpu.is_stopped());
    assert_eq!(cpu.pc(), HANDLERS + 0x10 * 28);
    assert_eq!(cpu.sr() & 0x0700, 0x0400, "mask raised to the level");
    assert_eq!(cycles, 44, "the manual's interrupt time");
    assert_eq!(cpu.irq(), 0, "taken, so acknowledged");
    // Masked: a level at or below the mask waits.
    let (mut cpu, mut ram) = machine(&[0x4E71, 0x4E71]);
    cpu.set_irq(7 - 1);
    assert_eq!(cpu.step(&mut ram), 4);
    assert_eq!(cpu.last_exception(), None);
    assert_eq!(cpu.cycles(), 4);
}

/// Records the data accesses at the VDP's ports ($C00000–$C00007), by size.
#[derive(Default)]
struct Ports {
    ram: Vec<u8>,
    log: Vec<(char, u32, u32)>,
}

impl Ports {
    fn port(addr: u32) -> bool {
        (0xC0_0000..0xC0_0008).contains(&addr)
    }
}

impl Bus for Ports {
    fn read_byte(&mut self, addr: u32) -> u8 {
        if Self::port(addr) {
            self.log.push(('b', addr, 0));
            return 0x12;
        }
        self.ram[(addr & 0xFFFF) as usize]
    }
    fn read_word(&mut self, addr: u32) -> u16 {
        if Self::port(addr) {
            self.log.push(('w', addr, 0));
            return 0x3456;
        }
        let a = (addr & 0xFFFF) as usize;
        u16::from_be_bytes([self.ram[a], self.ram[a + 1]])
    }
    fn write_byte(&mut self, addr: u32, value: u8) {
        if Self::port(addr) {
            self.log.push(('B', addr, value.into()));
        } else {
            self.ram[(addr & 0xFFFF) as usize] = value;
        }
    }
    fn write_word(&mut self, addr: u32, value: u16) {
        if Self::port(addr) {
            self.log.push(('W', addr, value.into()));
        } else {
            self.ram[(addr & 0xFFFF) as usize..][..2].copy_from_slice(&value.to_be_bytes());
        }
    }
}

#[test]
fn port_accesses_keep_their_size_and_longs_are_two_words_high_first() {
    let program: [u16; 16] = [
        0x23FC, 0x4000, 0x0003, 0x00C0, 0x0004, // MOVE.L #$40000003,($C00004).L
        0x33C1, 0x00C0, 0x0000, // MOVE.W D1,($C00000).L
        0x13C1, 0x00C0, 0x0001, // MOVE.B D1,($C00001).L
        0x3039, 0x00C0, 0x0004, // MOVE.W ($C00004).L,D0
        0x4E71, 0x4E71,
    ];
    let mut bus = Ports {
        ram: vec![0; 0x1_0000],
        log: Vec::new(),
    };
    bus.ram[0..8].copy_from_slice(&[0, 0, 0x80, 0, 0, 0, 0x10, 0]);
    for (i, w) in program.iter().enumerate() {
        bus.ram[0x1000 + 2 * i..][..2].copy_from_slice(&w.to_be_bytes());
    }
    let mut cpu = Cpu::new();
    cpu.reset(&mut bus);
    cpu.set_d(1, 0xABCD);
    for _ in 0..4 {
        cpu.step(&mut bus);
    }
    assert_eq!(
        bus.log,
        [
            ('W', 0xC0_0004, 0x4000),
            ('W', 0xC0_0006, 0x0003),
            ('W', 0xC0_0000, 0xABCD),
            ('B', 0xC0_0001, 0xCD),
            ('w', 0xC0_0004, 0),
        ]
    );
    assert_eq!(cpu.d(0), 0x3456);
    // The 24-bit bus: $FFC00004 is the same port.
    let mut bus2 = Ports {
        ram: bus.ram.clone(),
        log: Vec::new(),
    };
    bus2.ram[0x1000..0x1006].copy_from_slice(&[0x30, 0x39, 0xFF, 0xC0, 0x00, 0x04]);
    let mut cpu = Cpu::new();
    cpu.reset(&mut bus2);
    cpu.step(&mut bus2);
    assert_eq!(bus2.log, [('w', 0xC0_0004, 0)]);
}

#[test]
fn jump_to_an_odd_address_is_an_address_error_in_the_jump() {
    // JMP (A0) with A0 odd: the 68000 faults on the fetch at the target, within the JMP,
    // and stacks the group-0 frame (MC68000UM 6.3.9.1): from the stack pointer up, the
    // special status word (IR bits 15-5, R/W = 1 for a read, I/N = 0, function code 6 =
    // supervisor program), the access address, IR, SR, then a PC advanced 2 to 10 bytes
    // beyond the instruction's first word.
    let (mut cpu, mut ram) = machine(&[0x4ED0]);
    cpu.set_a(0, 0x3001);
    let sp = cpu.ssp();
    let sr = cpu.sr();
    cpu.step(&mut ram);
    let e = cpu.last_exception().expect("address error");
    assert_eq!((e.kind, e.pc), (ExceptionKind::AddressError, CODE));
    assert_eq!(cpu.pc(), HANDLERS + 0x30);
    let frame = sp - 14;
    assert_eq!(cpu.ssp(), frame);
    assert_eq!(ram.word(frame), (0x4ED0 & 0xFFE0) | 0x10 | 6);
    assert_eq!(ram.long(frame + 2), 0x3001);
    assert_eq!(ram.word(frame + 6), 0x4ED0);
    assert_eq!(ram.word(frame + 8), sr);
    let pc = ram.long(frame + 10);
    assert!((CODE + 2..=CODE + 10).contains(&pc), "stacked PC {pc:#x}");
}

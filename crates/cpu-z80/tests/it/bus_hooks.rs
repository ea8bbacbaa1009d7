//! The machine-facing hooks: M1 wait states (the MSX adds one to every M1 cycle) and the
//! port address and T-state handed to `input`/`output`.
//!
//! The T-state passed for an I/O access is the start of the I/O machine cycle's third
//! T-state (the automatic wait state), counted from the instruction's first T-state: per
//! UM0080's timing diagrams an I/O cycle follows the M1 (4 T-states) and operand reads (3
//! each) of the instruction, and the block forms insert one extra T-state after their second
//! M1 (and OUTI reads its byte first).

use crate::common;

use common::Machine;

fn with_waits(code: &[u8]) -> (cpu_z80::Cpu, Machine) {
    let mut m = Machine::new();
    m.m1_waits = 1;
    let cpu = m.load(0x1000, code);
    (cpu, m)
}

#[test]
fn nop_gets_one_wait() {
    let (mut cpu, mut m) = with_waits(&[0x00]);
    assert_eq!(cpu.step(&mut m), 5);
    assert_eq!(cpu.t, 5);
    assert_eq!(m.m1_count, 1);
}

#[test]
fn ldir_gets_a_wait_in_each_m1() {
    let (mut cpu, mut m) = with_waits(&[0xED, 0xB0]);
    cpu.set_bc(2);
    assert_eq!(cpu.step(&mut m), 23, "repeating LDIR: 21 + 2 waits");
    assert_eq!(cpu.pc, 0x1000);
    assert_eq!(cpu.step(&mut m), 18, "last LDIR: 16 + 2 waits");
    assert_eq!(cpu.pc, 0x1002);
    assert_eq!(m.m1_count, 4);
}

#[test]
fn indexed_bit_ops_wait_for_the_two_prefix_bytes_only() {
    // DD CB d op: the final opcode is read with a plain memory read, without M1 waits.
    let (mut cpu, mut m) = with_waits(&[0xDD, 0xCB, 0x01, 0x06]);
    assert_eq!(cpu.step(&mut m), 25);
    assert_eq!(m.m1_count, 2);
    let (mut cpu, mut m) = with_waits(&[0xFD, 0xCB, 0x01, 0x46]);
    assert_eq!(cpu.step(&mut m), 22);
    assert_eq!(m.m1_count, 2);
}

#[test]
fn prefixed_opcodes_wait_for_each_byte() {
    let cases: [(&[u8], u32); 5] = [
        (&[0xCB, 0x00], 10),
        (&[0xED, 0xA0], 18),
        (&[0xDD, 0x21, 0, 0], 16),
        (&[0xDD, 0x7E, 0], 21),
        (&[0xDD, 0xFD, 0x00], 15),
    ];
    for (code, want) in cases {
        let (mut cpu, mut m) = with_waits(code);
        assert_eq!(cpu.step(&mut m), want, "{code:02X?}");
    }
}

/// Runs `code` without and then with one wait per M1; returns the single port access of
/// each run, its time counted from the start of the instruction.
fn io_run(code: &[u8]) -> [(u16, u8, bool, u64); 2] {
    let mut out = [(0, 0, false, 0); 2];
    for waits in [0, 1] {
        let mut m = Machine::new();
        m.m1_waits = waits;
        let mut cpu = m.load(0x1000, code);
        cpu.t = 100;
        cpu.a = 0x12;
        cpu.set_bc(0x3456);
        cpu.set_hl(0x9000);
        m.mem[0x9000] = 0xA5;
        cpu.step(&mut m);
        assert_eq!(m.ports.len(), 1, "{code:02X?}");
        let (port, value, output, t) = m.ports[0];
        out[waits as usize] = (port, value, output, t - 100);
    }
    out
}

/// Code, port, value written (None for an input), T-state of the access, M1 cycles before it.
type IoCase = (&'static [u8], u16, Option<u8>, u64, u64);

#[test]
fn port_addresses_and_access_times() {
    let cases: [IoCase; 10] = [
        (&[0xDB, 0x78], 0x1278, None, 9, 1),
        (&[0xD3, 0x99], 0x1299, Some(0x12), 9, 1),
        (&[0xED, 0x78], 0x3456, None, 10, 2),
        (&[0xED, 0x40], 0x3456, None, 10, 2),
        (&[0xED, 0x79], 0x3456, Some(0x12), 10, 2),
        (&[0xED, 0x71], 0x3456, Some(0x00), 10, 2),
        (&[0xED, 0xA2], 0x3456, None, 11, 2),
        (&[0xED, 0xB2], 0x3456, None, 11, 2),
        // OUTI decrements B before putting BC on the bus.
        (&[0xED, 0xA3], 0x3356, Some(0xA5), 14, 2),
        (&[0xED, 0xBB], 0x3356, Some(0xA5), 14, 2),
    ];
    for (code, port, value, t, m1s) in cases {
        let [plain, waited] = io_run(code);
        assert_eq!(plain.0, port, "{code:02X?} port");
        assert_eq!(plain.2, value.is_some(), "{code:02X?} direction");
        if let Some(v) = value {
            assert_eq!(plain.1, v, "{code:02X?} value");
        }
        assert_eq!(plain.3, t, "{code:02X?} time");
        assert_eq!(waited.3, t + m1s, "{code:02X?} time with M1 waits");
    }
    // Under a DD prefix the access comes 4 T-states (and one M1) later.
    let [plain, waited] = io_run(&[0xDD, 0xDB, 0x78]);
    assert_eq!((plain.0, plain.3, waited.3), (0x1278, 13, 15));
}

#[test]
fn input_value_reaches_the_register_and_flags() {
    let mut m = Machine::new();
    m.port_in = 0x00;
    let mut cpu = m.load(0x1000, &[0xED, 0x50]);
    cpu.f = 0x01;
    cpu.step(&mut m);
    assert_eq!(cpu.d, 0);
    assert_eq!(cpu.f, 0x45, "Z and P set, carry kept");
}

//! Bus accesses that matter with side-effecting I/O such as the X16's VERA data ports
//! (`$9F23`/`$9F24` auto-increment on every read).

use crate::common;

use common::{Access, Ram};
use cpu_65c02::Cpu;

const DATA0: u16 = 0x9F23;

fn run_one(code: &[u8], setup: impl FnOnce(&mut Cpu, &mut Ram)) -> (Cpu, Ram, u32) {
    let mut ram = Ram::new();
    ram.load(0x0200, code);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    setup(&mut cpu, &mut ram);
    ram.log.clear();
    let cycles = cpu.step(&mut ram);
    (cpu, ram, cycles)
}

fn reads_in_page(ram: &Ram, page: u8) -> Vec<u16> {
    ram.log
        .iter()
        .filter_map(|a| match *a {
            Access::Read(addr) if (addr >> 8) as u8 == page => Some(addr),
            _ => None,
        })
        .collect()
}

#[test]
fn lda_abs_x_without_page_cross_reads_the_port_once() {
    let (cpu, ram, cycles) = run_one(&[0xBD, 0x23, 0x9F], |cpu, ram| {
        cpu.x = 0;
        ram.mem[usize::from(DATA0)] = 0x5A;
    });
    assert_eq!(cpu.a, 0x5A);
    assert_eq!(cycles, 4);
    assert_eq!(
        ram.log,
        [
            Access::Read(0x0200),
            Access::Read(0x0201),
            Access::Read(0x0202),
            Access::Read(DATA0)
        ]
    );
    assert_eq!(ram.reads_of(DATA0), 1);
}

#[test]
fn lda_abs_x_across_a_page_reads_no_wrong_page_address() {
    // $9EFF + $24 = $9F23: the unfixed address would be $9E23.
    let (cpu, ram, cycles) = run_one(&[0xBD, 0xFF, 0x9E], |cpu, ram| {
        cpu.x = 0x24;
        ram.mem[usize::from(DATA0)] = 0x77;
    });
    assert_eq!(cpu.a, 0x77);
    assert_eq!(cycles, 5);
    assert!(
        reads_in_page(&ram, 0x9E).is_empty(),
        "read the unfixed page: {:?}",
        ram.log
    );
    assert_eq!(ram.reads_of(DATA0), 1);
    // The fix-up cycle re-reads the last instruction byte.
    assert_eq!(
        ram.log,
        [
            Access::Read(0x0200),
            Access::Read(0x0201),
            Access::Read(0x0202),
            Access::Read(0x0202),
            Access::Read(DATA0)
        ]
    );

    // $9FF0 + $33 = $A023: nothing in page $9F (VERA) is touched.
    let (_, ram, _) = run_one(&[0xBD, 0xF0, 0x9F], |cpu, _| cpu.x = 0x33);
    assert!(
        reads_in_page(&ram, 0x9F).is_empty(),
        "read page $9F: {:?}",
        ram.log
    );
    assert_eq!(ram.reads_of(0xA023), 1);
}

#[test]
fn lda_zp_indirect_y_across_a_page_reads_no_wrong_page_address() {
    let (_, ram, cycles) = run_one(&[0xB1, 0x30], |cpu, ram| {
        cpu.y = 0x24;
        ram.load(0x30, &[0xFF, 0x9E]);
    });
    assert_eq!(cycles, 6);
    assert!(reads_in_page(&ram, 0x9E).is_empty(), "{:?}", ram.log);
    assert_eq!(ram.reads_of(DATA0), 1);
    // The fix-up cycle re-reads the pointer's high byte.
    assert_eq!(
        ram.log,
        [
            Access::Read(0x0200),
            Access::Read(0x0201),
            Access::Read(0x30),
            Access::Read(0x31),
            Access::Read(0x31),
            Access::Read(DATA0)
        ]
    );
}

#[test]
fn sta_zp_indirect_y_never_reads_its_target() {
    for y in [0u8, 0x24] {
        let (_, ram, cycles) = run_one(&[0x91, 0x30], |cpu, ram| {
            cpu.y = y;
            cpu.a = 0x42;
            ram.load(0x30, &(DATA0 - u16::from(y)).to_le_bytes());
        });
        assert_eq!(cycles, 6);
        assert_eq!(ram.reads_of(DATA0), 0, "{:?}", ram.log);
        assert_eq!(ram.log.last(), Some(&Access::Write(DATA0, 0x42)));
    }
}

#[test]
fn decimal_adc_and_sbc_repeat_the_operand_read() {
    for op in [0x6D, 0xED] {
        for (decimal, reads) in [(false, 1), (true, 2)] {
            let (_, ram, cycles) = run_one(&[op, 0x23, 0x9F], |cpu, _| {
                cpu.set_flag(cpu_65c02::flags::D, decimal);
            });
            assert_eq!(cycles, 4 + u32::from(decimal));
            assert_eq!(ram.reads_of(DATA0), reads, "{op:02X} decimal {decimal}");
        }
    }
}

#[test]
fn indexed_store_does_not_read_its_target() {
    for (code, x) in [([0x9D, 0x23, 0x9F], 0u8), ([0x9D, 0xFF, 0x9E], 0x24)] {
        let (_, ram, cycles) = run_one(&code, |cpu, _| {
            cpu.x = x;
            cpu.a = 0x42;
        });
        assert_eq!(cycles, 5);
        assert!(reads_in_page(&ram, 0x9F).is_empty(), "{:?}", ram.log);
        assert!(reads_in_page(&ram, 0x9E).is_empty(), "{:?}", ram.log);
        assert_eq!(ram.log.last(), Some(&Access::Write(DATA0, 0x42)));
    }
}

#[test]
fn rmw_reads_twice_then_writes_once() {
    for (code, x, cycles) in [
        (vec![0xEE, 0x23, 0x9F], 0u8, 6),
        (vec![0xFE, 0x23, 0x9F], 0, 7),
        (vec![0x1E, 0x23, 0x9F], 0, 6),
        (vec![0x1E, 0xFF, 0x9E], 0x24, 7),
    ] {
        let (_, ram, got) = run_one(&code, |cpu, ram| {
            cpu.x = x;
            ram.mem[usize::from(DATA0)] = 0x10;
        });
        assert_eq!(got, cycles, "{code:02X?}");
        let touching: Vec<Access> = ram
            .log
            .iter()
            .copied()
            .filter(|a| matches!(a, Access::Read(0x9E00..=0x9FFF) | Access::Write(..)))
            .collect();
        let expected = if code[0] == 0x1E { 0x20 } else { 0x11 };
        assert_eq!(
            touching,
            [
                Access::Read(DATA0),
                Access::Read(DATA0),
                Access::Write(DATA0, expected)
            ],
            "{code:02X?}"
        );
    }
}

#[test]
fn trb_tsb_rmb_smb_have_no_dummy_write() {
    for code in [[0x0C, 0x23, 0x9F], [0x1C, 0x23, 0x9F]] {
        let (_, ram, _) = run_one(&code, |cpu, _| cpu.a = 1);
        let writes = ram
            .log
            .iter()
            .filter(|a| matches!(a, Access::Write(..)))
            .count();
        assert_eq!(writes, 1, "{code:02X?}: {:?}", ram.log);
        assert_eq!(ram.reads_of(DATA0), 2);
    }
    for op in [0x07, 0x87] {
        let (_, ram, _) = run_one(&[op, 0x40], |_, _| {});
        let writes = ram
            .log
            .iter()
            .filter(|a| matches!(a, Access::Write(..)))
            .count();
        assert_eq!(writes, 1, "{op:02X}");
    }
}

#[test]
fn jmp_indirect_does_not_wrap_within_the_page() {
    let (cpu, ram, cycles) = run_one(&[0x6C, 0xFF, 0x12], |_, ram| {
        ram.mem[0x12FF] = 0x34;
        ram.mem[0x1300] = 0x56;
        ram.mem[0x1200] = 0x99;
    });
    assert_eq!(cpu.pc, 0x5634);
    assert_eq!(cycles, 6);
    assert_eq!(ram.reads_of(0x1200), 0);
}

#[test]
fn vpb_announces_exactly_the_two_reads_of_each_vector() {
    // W65C02S data sheet, VPB: low while the vector is fetched, for RESET, NMI, IRQ and
    // BRK alike; no other read is flagged. Each entry's log ends with the pull and the
    // vector's two bytes.
    let pulled = |ram: &Ram| -> Vec<Vec<Access>> {
        ram.log
            .iter()
            .enumerate()
            .filter(|(_, a)| **a == Access::VectorPull)
            .map(|(i, _)| ram.log[i + 1..(i + 3).min(ram.log.len())].to_vec())
            .collect()
    };
    let mut cpu = Cpu::new();
    let mut ram = Ram::new();
    ram.load(0xFFFA, &[0x00, 0x03, 0x00, 0x02, 0x00, 0x04]);
    ram.load(0x0200, &[0xEA, 0x00, 0x00]); // NOP ; BRK
    cpu.reset(&mut ram);
    assert_eq!(
        pulled(&ram),
        [vec![Access::Read(0xFFFC), Access::Read(0xFFFD)]]
    );
    ram.log.clear();
    cpu.step(&mut ram); // NOP: no vector
    assert!(pulled(&ram).is_empty());
    cpu.step(&mut ram); // BRK
    assert_eq!(
        pulled(&ram),
        [vec![Access::Read(0xFFFE), Access::Read(0xFFFF)]]
    );
    assert_eq!(cpu.pc, 0x0400);
    ram.log.clear();
    cpu.nmi();
    cpu.step(&mut ram);
    assert_eq!(
        pulled(&ram)[0],
        [Access::Read(0xFFFA), Access::Read(0xFFFB)]
    );
}

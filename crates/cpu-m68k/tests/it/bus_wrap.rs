//! The 68000's address bus has 24 lines (MC68000UM section 3): a long-word operand is two
//! word cycles, and the second one's address is the first plus 2 on those 24 lines, so a
//! long at `$FFFFFE` takes its low word from `$000000`. The bus here decodes all 32 bits
//! it is given and refuses any address above `$FFFFFF`, so a core that passes an unmasked
//! `$1000000` on (which a board decoding fewer bits would mirror, e.g. to `$FF0000`) fails.

use std::collections::HashMap;

use cpu_m68k::{Bus, Cpu};

/// Sparse memory over the full 24-bit space that records every word access's address.
#[derive(Default)]
struct Memory {
    bytes: HashMap<u32, u8>,
    word_reads: Vec<u32>,
    word_writes: Vec<u32>,
}

impl Memory {
    fn byte(&self, addr: u32) -> u8 {
        assert!(addr <= 0xFF_FFFF, "address {addr:#x} beyond the 24-bit bus");
        self.bytes.get(&addr).copied().unwrap_or(0)
    }
    fn put_word(&mut self, addr: u32, value: u16) {
        let [h, l] = value.to_be_bytes();
        self.bytes.insert(addr, h);
        self.bytes.insert(addr + 1, l);
    }
    fn word(&self, addr: u32) -> u16 {
        u16::from_be_bytes([self.byte(addr), self.byte(addr + 1)])
    }
}

impl Bus for Memory {
    fn read_byte(&mut self, addr: u32) -> u8 {
        self.byte(addr)
    }
    fn read_word(&mut self, addr: u32) -> u16 {
        self.word_reads.push(addr);
        self.word(addr)
    }
    fn write_byte(&mut self, addr: u32, value: u8) {
        assert!(addr <= 0xFF_FFFF, "address {addr:#x} beyond the 24-bit bus");
        self.bytes.insert(addr, value);
    }
    fn write_word(&mut self, addr: u32, value: u16) {
        assert!(addr <= 0xFF_FFFF, "address {addr:#x} beyond the 24-bit bus");
        self.word_writes.push(addr);
        self.put_word(addr, value);
    }
}

const CODE: u32 = 0x1000;

/// Memory with `program` at `CODE`, distinct words at `$FFFFFE`, `$000000` and `$FF0000`,
/// and a CPU about to run it.
fn machine(program: &[u16]) -> (Cpu, Memory) {
    let mut mem = Memory::default();
    for (i, &w) in program.iter().enumerate() {
        mem.put_word(CODE + 2 * i as u32, w);
    }
    mem.put_word(0xFF_FFFE, 0x1234);
    mem.put_word(0x00_0000, 0x5678);
    mem.put_word(0xFF_0000, 0xDEAD);
    let mut cpu = Cpu::new();
    cpu.set_ssp(0x8000);
    cpu.set_pc(CODE);
    (cpu, mem)
}

#[test]
fn a_long_read_at_fffffe_takes_its_low_word_from_000000() {
    // MOVE.L ($FFFFFE).L,D0
    let (mut cpu, mut mem) = machine(&[0x2039, 0x00FF, 0xFFFE]);
    mem.word_reads.clear();
    cpu.step(&mut mem);
    assert_eq!(cpu.d(0), 0x1234_5678);
    assert!(cpu.last_exception().is_none());
    let data: Vec<u32> = mem
        .word_reads
        .iter()
        .copied()
        .filter(|&a| !(CODE..CODE + 0x10).contains(&a))
        .collect();
    assert_eq!(
        data,
        [0xFF_FFFE, 0x00_0000],
        "high word first, then the wrap"
    );
}

#[test]
fn a_long_write_at_fffffe_puts_its_low_word_at_000000() {
    // MOVE.L D0,($FFFFFE).L
    let (mut cpu, mut mem) = machine(&[0x23C0, 0x00FF, 0xFFFE]);
    cpu.set_d(0, 0xCAFE_F00D);
    cpu.step(&mut mem);
    assert!(cpu.last_exception().is_none());
    assert_eq!(mem.word_writes, [0xFF_FFFE, 0x00_0000]);
    assert_eq!(mem.word(0xFF_FFFE), 0xCAFE);
    assert_eq!(mem.word(0x00_0000), 0xF00D);
    assert_eq!(
        mem.word(0xFF_0000),
        0xDEAD,
        "the mirror a 16-bit decode would hit"
    );
}

#[test]
fn a_long_pushed_across_address_zero_wraps_to_the_top() {
    // MOVE.L D0,-(A0) with A0 = 2: the long goes to $FFFFFE and $000000.
    let (mut cpu, mut mem) = machine(&[0x2100]);
    cpu.set_a(0, 2);
    cpu.set_d(0, 0x0102_0304);
    cpu.step(&mut mem);
    assert!(cpu.last_exception().is_none());
    assert_eq!(mem.word(0xFF_FFFE), 0x0102);
    assert_eq!(mem.word(0x00_0000), 0x0304);
}

//! [`Bus::access_cycle`]: the clock, within the step, at which each data access's bus
//! cycle begins. Expected clocks from Jorge Cwik's 68000 bus-cycle tables ("Yacht"),
//! which list each instruction's cycles in order (`np` a prefetch, `nr`/`nR` a word or a
//! long's high word read, `nw`/`nW` written, `n` two idle clocks), every bus cycle 4 clocks.

use cpu_m68k::{Bus, Cpu};

const CODE: u32 = 0x1000;
const DATA: u32 = 0xC0_0000;

/// 64 KB of memory at 0 and a data window at `DATA` that records the clock given before
/// each access to it.
struct Recorder {
    ram: Vec<u8>,
    clock: u32,
    /// (clock, write) of each access to the data window.
    seen: Vec<(u32, bool)>,
}

impl Recorder {
    fn note(&mut self, addr: u32, write: bool) {
        if addr >= DATA {
            self.seen.push((self.clock, write));
        }
    }
}

impl Bus for Recorder {
    fn read_byte(&mut self, addr: u32) -> u8 {
        self.note(addr, false);
        self.ram[(addr & 0xFFFF) as usize]
    }
    fn read_word(&mut self, addr: u32) -> u16 {
        self.note(addr, false);
        let a = (addr & 0xFFFF) as usize;
        u16::from_be_bytes([self.ram[a], self.ram[a + 1]])
    }
    fn write_byte(&mut self, addr: u32, _value: u8) {
        self.note(addr, true);
    }
    fn write_word(&mut self, addr: u32, _value: u16) {
        self.note(addr, true);
    }
    fn access_cycle(&mut self, clocks: u32) {
        self.clock = clocks;
    }
}

/// Runs `program` (A0 = `DATA`) one instruction and returns its clocks and the accesses
/// to the data window.
fn run(program: &[u16]) -> (u32, Vec<(u32, bool)>) {
    let mut ram = vec![0; 0x1_0000];
    ram[..8].copy_from_slice(&[0, 0, 0x80, 0, 0, 0, 0x10, 0]);
    for (i, w) in program.iter().enumerate() {
        let a = CODE as usize + 2 * i;
        ram[a..a + 2].copy_from_slice(&w.to_be_bytes());
    }
    let mut bus = Recorder {
        ram,
        clock: u32::MAX,
        seen: Vec::new(),
    };
    let mut cpu = Cpu::new();
    cpu.reset(&mut bus);
    cpu.set_a(0, DATA);
    let clocks = cpu.step(&mut bus);
    (clocks, bus.seen)
}

#[test]
fn a_word_write_through_an_address_register_starts_the_step() {
    // MOVE.W D0,(A0): nw np.
    assert_eq!(run(&[0x3080]), (8, vec![(0, true)]));
}

#[test]
fn a_long_write_is_two_word_cycles_four_clocks_apart() {
    // MOVE.L D0,(A0): nW nw np.
    assert_eq!(run(&[0x2080]), (12, vec![(0, true), (4, true)]));
}

#[test]
fn a_read_through_an_address_register_starts_the_step() {
    // MOVE.W (A0),D0: nr np.
    assert_eq!(run(&[0x3010]), (8, vec![(0, false)]));
}

#[test]
fn an_immediate_word_write_follows_the_extension_prefetch() {
    // MOVE.W #$1234,(A0): np nw np.
    assert_eq!(run(&[0x30BC, 0x1234]), (12, vec![(4, true)]));
}

#[test]
fn an_absolute_long_write_follows_both_address_prefetches() {
    // MOVE.W D0,($C00000).L: np np nw np.
    assert_eq!(run(&[0x33C0, 0x00C0, 0x0000]), (16, vec![(8, true)]));
}

#[test]
fn a_displacement_read_follows_its_extension_prefetch() {
    // MOVE.W 4(A0),D0: np nr np.
    assert_eq!(run(&[0x3028, 0x0004]), (12, vec![(4, false)]));
}

#[test]
fn an_absolute_long_read_follows_both_address_prefetches() {
    // MOVE.W ($C00008).L,D0: np np nr np.
    assert_eq!(run(&[0x3039, 0x00C0, 0x0008]), (16, vec![(8, false)]));
}

#[test]
fn a_long_read_is_two_word_cycles_four_clocks_apart() {
    // MOVE.L (A0),D0: nR nr np.
    assert_eq!(run(&[0x2010]), (12, vec![(0, false), (4, false)]));
}

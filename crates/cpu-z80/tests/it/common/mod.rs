//! A flat 64 KB machine for the tests, counting the M1 waits it asks for.

use cpu_z80::{Bus, Cpu};

/// RAM, a fixed value on every input port, a log of port accesses, and a configurable
/// number of wait states per M1 cycle.
pub struct Machine {
    pub mem: Vec<u8>,
    pub m1_waits: u32,
    pub m1_count: u32,
    pub port_in: u8,
    /// (port, value, is_output, t) of every access.
    pub ports: Vec<(u16, u8, bool, u64)>,
    pub ack_byte: u8,
}

impl Machine {
    pub fn new() -> Self {
        Self {
            mem: vec![0; 0x10000],
            m1_waits: 0,
            m1_count: 0,
            port_in: 0x5A,
            ports: Vec::new(),
            ack_byte: 0xFF,
        }
    }

    /// A CPU at `at` with `code` placed there, and the pointer registers set to harmless
    /// addresses away from it.
    pub fn load(&mut self, at: u16, code: &[u8]) -> Cpu {
        let start = usize::from(at);
        self.mem[start..start + code.len()].copy_from_slice(code);
        let mut cpu = Cpu::new();
        cpu.pc = at;
        cpu.sp = 0x8000;
        cpu.set_hl(0x9000);
        cpu.set_de(0xA000);
        cpu.set_bc(0x0102);
        cpu.ix = 0x9100;
        cpu.iy = 0x9200;
        cpu.a = 0x55;
        cpu.f = 0;
        cpu
    }
}

impl Bus for Machine {
    fn read(&mut self, addr: u16) -> u8 {
        self.mem[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.mem[usize::from(addr)] = value;
    }
    fn input(&mut self, port: u16, t: u64) -> u8 {
        self.ports.push((port, self.port_in, false, t));
        self.port_in
    }
    fn output(&mut self, port: u16, value: u8, t: u64) {
        self.ports.push((port, value, true, t));
    }
    fn m1_wait(&mut self) -> u32 {
        self.m1_count += 1;
        self.m1_waits
    }
    fn int_ack(&mut self) -> u8 {
        self.ack_byte
    }
}

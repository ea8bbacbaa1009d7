//! The Z80 subsystem (sources/genesis.md; Genesis Plus GX `z80_memory_w`/`z80_memory_r`,
//! `gen_zbusreq_w`, `gen_zreset_w`, `zbank_w`; Sega's Genesis Technical Overview, "Z80").
//!
//! - The Z80 runs at master / 15 (3,579,545 Hz): 228 T-states a 3,420-clock line, run
//!   line by line beside the 68000 while its reset is released and its bus not requested.
//! - Its map: 8 KB RAM at $0000 (mirrored at $2000); the YM2612 at $4000-$5FFF (writes
//!   accepted, no sound; reads give the status byte 0: not busy, no timer overflow); the
//!   bank register at $6000 (each write shifts bit 0 in from the top of a 9-bit register
//!   holding 68000 address bits A23-A15); the PSG at $7F11 (writes accepted); the 68000's
//!   space through the bank window at $8000-$FFFF: cartridge ROM reads, and work RAM
//!   ($E00000-$FFFFFF, mirrored every 64 KB) read and written, as GPGX's
//!   `zbank_memory_map` maps them; other 68000 addresses read $FF and writes are ignored
//!   (the bank window's access to the VDP and I/O, and the lock-up of $800000-$DFFFFF,
//!   are not modelled). I/O ports read $FF.
//! - The Z80 receives /INT at the start of vertical blank for one line (its only
//!   interrupt on the console).
//! - From the 68000 ($A00000-$A0FFFF): the same RAM, YM2612 and bank register, a byte
//!   bus (a word read returns the byte in both halves; a word write writes its high byte).
//!   The 68000 reaches it only while the bus is granted (requested, and the Z80 out of
//!   reset); otherwise reads give $FF and writes are lost (GPGX `z80_read_byte` and
//!   `z80_write_byte` under `zstate`; the Genesis Plus GX cross-check depends on it).
//! - $A11100 bus request: writing 1 to bit 8 (bit 0 of the byte at $A11100) asks for the
//!   bus; bit 8 of a read is 0 while the bus is granted (requested and the Z80 out of
//!   reset: a Z80 in reset never acknowledges), 1 otherwise. $A11200
//!   reset: bit 8 = 0 holds the Z80 in reset (power-on), 1 releases it; a release restarts
//!   it at $0000.

use cpu_z80::{Bus, Cpu};

/// Z80 RAM size.
pub const Z80_RAM_SIZE: usize = 0x2000;
/// Master clocks per Z80 T-state.
pub const MASTER_PER_Z80_T: u64 = 15;
/// Z80 T-states per line: 3,420 / 15.
pub const Z80_T_PER_LINE: u64 = 228;

/// The Z80, its RAM and its control lines.
#[derive(Clone)]
pub struct Z80Side {
    /// The CPU.
    pub cpu: Cpu,
    /// 8 KB of sound RAM.
    pub ram: Box<[u8; Z80_RAM_SIZE]>,
    /// The bank register (68000 A23-A15).
    pub bank: u16,
    /// The 68000 requested the bus.
    pub busreq: bool,
    /// The Z80 is held in reset.
    pub reset_held: bool,
    /// YM2612 writes seen (address port, data port), for tests and the trace.
    pub ym_writes: u64,
    /// PSG writes seen.
    pub psg_writes: u64,
}

impl Default for Z80Side {
    fn default() -> Self {
        Self {
            cpu: Cpu::new(),
            ram: Box::new([0; Z80_RAM_SIZE]),
            bank: 0,
            busreq: false,
            reset_held: true,
            ym_writes: 0,
            psg_writes: 0,
        }
    }
}

impl std::fmt::Debug for Z80Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Z80Side")
            .field("pc", &self.cpu.pc)
            .field("busreq", &self.busreq)
            .field("reset_held", &self.reset_held)
            .finish_non_exhaustive()
    }
}

impl Z80Side {
    /// Whether the Z80 is running (reset released, bus not requested).
    #[must_use]
    pub fn running(&self) -> bool {
        !self.reset_held && !self.busreq
    }

    /// Whether the 68000 has the Z80's bus.
    #[must_use]
    pub fn granted(&self) -> bool {
        self.busreq && !self.reset_held
    }

    /// A 68000 byte read of $A00000-$A0FFFF.
    #[must_use]
    pub fn read_68k(&self, addr: u32) -> u8 {
        if !self.granted() {
            return 0xFF;
        }
        let a = addr & 0xFFFF;
        match a {
            0x0000..=0x3FFF => self.ram[(a & 0x1FFF) as usize],
            // YM2612 status: not busy, no timer overflow.
            0x4000..=0x5FFF => 0,
            _ => 0xFF,
        }
    }

    /// A 68000 byte write to $A00000-$A0FFFF.
    pub fn write_68k(&mut self, addr: u32, value: u8) {
        if !self.granted() {
            return;
        }
        let a = (addr & 0xFFFF) as u16;
        match a {
            0x0000..=0x3FFF => self.ram[usize::from(a & 0x1FFF)] = value,
            0x4000..=0x5FFF => self.ym_writes += 1,
            0x6000..=0x60FF => self.bank = (self.bank >> 1) | (u16::from(value & 1) << 8),
            0x7F11 => self.psg_writes += 1,
            _ => {}
        }
    }

    /// The bus-request register read ($A11100): bit 0 of the byte, 0 while granted.
    #[must_use]
    pub fn busreq_read(&self) -> u8 {
        u8::from(!self.granted())
    }

    /// A write of the byte at $A11100.
    pub fn busreq_write(&mut self, value: u8) {
        self.busreq = value & 1 != 0;
    }

    /// A write of the byte at $A11200.
    pub fn reset_write(&mut self, value: u8) {
        let held = value & 1 == 0;
        if self.reset_held && !held {
            self.cpu.reset();
        }
        self.reset_held = held;
    }

    /// Runs the Z80 until its clock reaches `t_target` (when running); while it is
    /// stopped its clock runs on without it. `rom` and `work_ram` (64 KB) are the 68000's
    /// memories the bank window reaches.
    pub fn run_to(&mut self, t_target: u64, rom: &[u8], work_ram: &mut [u8]) {
        if !self.running() {
            self.cpu.t = self.cpu.t.max(t_target);
            return;
        }
        let mut bus = Z80Bus {
            ram: &mut self.ram,
            bank: &mut self.bank,
            rom,
            work_ram,
            ym_writes: &mut self.ym_writes,
            psg_writes: &mut self.psg_writes,
        };
        while self.cpu.t < t_target {
            self.cpu.step(&mut bus);
        }
    }
}

impl Z80Bus<'_> {
    /// The 68000 address a bank-window access reaches.
    fn window(&self, addr: u16) -> u32 {
        (u32::from(*self.bank) << 15) | u32::from(addr & 0x7FFF)
    }
}

/// The Z80's view of its bus.
struct Z80Bus<'a> {
    ram: &'a mut [u8; Z80_RAM_SIZE],
    bank: &'a mut u16,
    rom: &'a [u8],
    work_ram: &'a mut [u8],
    ym_writes: &'a mut u64,
    psg_writes: &'a mut u64,
}

impl Bus for Z80Bus<'_> {
    fn read(&mut self, addr: u16) -> u8 {
        match addr {
            0x0000..=0x3FFF => self.ram[usize::from(addr & 0x1FFF)],
            0x4000..=0x5FFF => 0,
            0x8000..=0xFFFF => {
                let a = self.window(addr);
                if a < 0x40_0000 {
                    self.rom.get(a as usize).copied().unwrap_or(0xFF)
                } else if a >= 0xE0_0000 {
                    self.work_ram
                        .get((a & 0xFFFF) as usize)
                        .copied()
                        .unwrap_or(0xFF)
                } else {
                    0xFF
                }
            }
            _ => 0xFF,
        }
    }

    fn write(&mut self, addr: u16, value: u8) {
        match addr {
            0x0000..=0x3FFF => self.ram[usize::from(addr & 0x1FFF)] = value,
            0x4000..=0x5FFF => *self.ym_writes += 1,
            0x6000..=0x60FF => *self.bank = (*self.bank >> 1) | (u16::from(value & 1) << 8),
            0x7F11 => *self.psg_writes += 1,
            0x8000..=0xFFFF => {
                let a = self.window(addr);
                if a >= 0xE0_0000
                    && let Some(b) = self.work_ram.get_mut((a & 0xFFFF) as usize)
                {
                    *b = value;
                }
            }
            _ => {}
        }
    }

    fn input(&mut self, _port: u16, _t: u64) -> u8 {
        0xFF
    }

    fn output(&mut self, _port: u16, _value: u8, _t: u64) {}
}

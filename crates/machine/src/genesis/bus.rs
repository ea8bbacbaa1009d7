//! The 68000's memory map, one implementation for both ways to drive the board: a routine
//! call ([`super::target`]) and a whole program ([`super::board`]). Sega's Genesis
//! Technical Overview ("Memory map"), Genesis Plus GX `m68k_memory_map` and the decode
//! below.
//!
//! | addresses | what |
//! |---|---|
//! | $000000-$3FFFFF | cartridge ROM (writes ignored; bytes past the image read $FF) |
//! | $400000-$7FFFFF | expansion (no Mega-CD): reads $FF, writes ignored |
//! | $800000-$9FFFFF | 32X space (no 32X): the console locks up |
//! | $A00000-$A0FFFF | the Z80's space ([`super::z80`]) |
//! | $A10000-$A1001F | I/O ([`super::io`]) |
//! | $A11100, $A11200 | Z80 bus request and reset |
//! | $A14000 | TMSS: the long word written is kept (the console has no TMSS lock, see io) |
//! | other $A10000-$A1FFFF | reads $FF, writes ignored |
//! | $A20000-$BFFFFF | the console locks up |
//! | $C00000-$DFFFFF | VDP where `address & $E700E0 == $C00000`, else the console locks up |
//! | $E00000-$FFFFFF | 64 KB work RAM, mirrored (A15-A0 decoded) |
//!
//! VDP ports: $00-$03 data, $04-$07 control/status, $08-$0F HV counter (a write locks
//! up), $10-$17 PSG (write-only: a read locks up), $18-$1F unused ($FFFF). A byte write to
//! the data or control port is a fault naming the PC (the console writes the byte to both
//! halves of the word port, never what a program means). A long-word access is two word
//! accesses, high word first.

use cpu_m68k::Bus;
use genesis::Vdp;

use super::io::Io;
use super::target::MASTER_PER_CYCLE;
use super::z80::{MASTER_PER_Z80_T, Z80Side};

/// The cartridge space: $000000-$3FFFFF.
pub const ROM_SPACE: u32 = 0x40_0000;
/// Work RAM's size.
pub const RAM_SIZE: usize = 0x1_0000;

/// Everything on the 68000's bus except the VDP.
#[derive(Clone)]
pub struct Memory {
    /// Cartridge ROM, from $000000.
    pub rom: Vec<u8>,
    /// Work RAM.
    pub ram: Box<[u8; RAM_SIZE]>,
    /// The Z80, its RAM and its lines.
    pub z80: Z80Side,
    /// The I/O chip.
    pub io: Io,
    /// The last long word written to $A14000.
    pub tmss: u32,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory")
            .field("rom_len", &self.rom.len())
            .field("z80", &self.z80)
            .field("io", &self.io)
            .field("tmss", &self.tmss)
            .finish_non_exhaustive()
    }
}

impl Memory {
    /// A board with `rom` and zeroed RAM.
    #[must_use]
    pub fn new(rom: Vec<u8>) -> Self {
        Self {
            rom,
            ram: Box::new([0; RAM_SIZE]),
            z80: Z80Side::default(),
            io: Io::default(),
            tmss: 0,
        }
    }

    /// A byte as the CPU would read it from ROM or RAM (and the Z80 RAM and I/O, which
    /// reading does not disturb); $FF elsewhere. No side effect.
    #[must_use]
    pub fn peek(&self, addr: u32) -> u8 {
        let addr = addr & 0xFF_FFFF;
        match addr {
            0..ROM_SPACE => self.rom.get(addr as usize).copied().unwrap_or(0xFF),
            0xA0_0000..=0xA0_FFFF => self.z80.read_68k(addr),
            0xA1_0000..=0xA1_001F => self.io.read(addr),
            0xE0_0000.. => self.ram[(addr & 0xFFFF) as usize],
            _ => 0xFF,
        }
    }

    /// A word as a DMA reads it from the 68000's bus (Genesis Plus GX `vdp_dma_68k_ext`,
    /// `vdp_dma_68k_ram`, `vdp_dma_68k_io`, commit 8ae4ef7): ROM; work RAM at $E00000 up
    /// and, since the VDP's DMA reads the 68000's internal area as work RAM wherever
    /// nothing else answers it, at $800000-$9FFFFF, $A10020-$DFFFFF too; the I/O chip's
    /// byte in both halves at $A10000-$A1001F. `None` where the answer is not documented:
    /// the expansion space ($400000-$7FFFFF, open bus) and the Z80's space (whose answer
    /// depends on the Z80's bus state).
    #[must_use]
    pub fn dma_word(&self, addr: u32) -> Option<u16> {
        let addr = addr & 0xFF_FFFE;
        match addr {
            0..ROM_SPACE | 0xE0_0000.. => {
                Some(u16::from_be_bytes([self.peek(addr), self.peek(addr + 1)]))
            }
            0xA1_0000..=0xA1_001F => {
                let b = self.io.read(addr | 1);
                Some(u16::from_be_bytes([b, b]))
            }
            0x80_0000..=0x9F_FFFF | 0xA1_0020..=0xDF_FFFF => {
                let a = (addr & 0xFFFF) as usize;
                Some(u16::from_be_bytes([self.ram[a], self.ram[a + 1]]))
            }
            _ => None,
        }
    }
}

/// An access the console would not complete, recorded by the bus for the step.
#[derive(Clone, Debug)]
pub struct BusFault {
    /// The address.
    pub addr: u32,
    /// Why.
    pub what: &'static str,
}

/// Where the HV counter's time comes from.
#[derive(Clone, Copy, Debug)]
pub enum HvClock {
    /// A routine call: the counter follows the cycles since the call started (at the
    /// start of vertical blank).
    Routine {
        /// The 68000 clock when the call started.
        start: u64,
    },
    /// A program: the VDP's line, and the 68000 clock (since boot, held cycles included)
    /// when that line started.
    Line {
        /// The 68000 clock at the start of the line being run.
        line_start: u64,
    },
}

/// What a VDP-area address decodes to.
enum VdpPort {
    Data,
    Control,
    Hv,
    Psg,
    Unused,
    Lockup,
}

#[inline]
fn vdp_port(addr: u32) -> VdpPort {
    if addr & 0xE7_00E0 != 0xC0_0000 {
        return VdpPort::Lockup;
    }
    match addr & 0x1F {
        0x00..=0x03 => VdpPort::Data,
        0x04..=0x07 => VdpPort::Control,
        0x08..=0x0F => VdpPort::Hv,
        0x10..=0x17 => VdpPort::Psg,
        _ => VdpPort::Unused,
    }
}

const LOCKUP_VDP_AREA: &str =
    "VDP-area address with A18-A16 or A7-A5 set: the console locks up (no device answers)";
const LOCKUP_SPACE: &str = "nothing answers at this address: the console locks up";

/// The 68000's view of the board for one stretch of execution.
pub struct GenesisBus<'a> {
    /// ROM, RAM, Z80, I/O.
    pub mem: &'a mut Memory,
    /// The chip.
    pub vdp: &'a mut Vdp,
    /// Where the HV counter's time comes from.
    pub hv: HvClock,
    /// The first lock-up of the step.
    pub fault: Option<BusFault>,
    /// The 68000 clock at the start of the instruction running now (cycles, held cycles
    /// included), set by [`GenesisBus::begin_instruction`].
    pub now: u64,
    /// The instruction running now reached something other than ROM and work RAM (the
    /// VDP, the Z80 side, I/O, an unmapped or lock-up address), or read a word past the
    /// ROM image: the board then looks at the chip's state after it (DMA, FIFO hold,
    /// interrupt level, faults) and where the next instruction is. Cleared by
    /// [`GenesisBus::begin_instruction`].
    pub touched: bool,
    /// The clock cycle within the instruction at which the current data access's bus
    /// cycle begins, as the 68000 reports it ([`Bus::access_cycle`]): a VDP port is
    /// sampled there, not at the instruction's start.
    access_clocks: u32,
}

impl<'a> GenesisBus<'a> {
    /// The bus for a routine call that started at 68000 clock `start`: the FIFO keeps no
    /// time, the Z80 does not run.
    pub fn routine(mem: &'a mut Memory, vdp: &'a mut Vdp, start: u64) -> Self {
        Self {
            mem,
            vdp,
            hv: HvClock::Routine { start },
            fault: None,
            now: start,
            touched: false,
            access_clocks: 0,
        }
    }

    /// The bus for a program in the line that started at 68000 clock `line_start`.
    pub fn program(mem: &'a mut Memory, vdp: &'a mut Vdp, line_start: u64) -> Self {
        Self {
            mem,
            vdp,
            hv: HvClock::Line { line_start },
            fault: None,
            now: line_start,
            touched: false,
            access_clocks: 0,
        }
    }

    /// An instruction starts at 68000 clock `now`.
    #[inline]
    pub fn begin_instruction(&mut self, now: u64) {
        self.now = now;
        self.touched = false;
        self.access_clocks = 0;
    }

    /// The Z80 clock (T-states) at the start of the instruction: the Z80 is caught up to
    /// it before the 68000 changes its bus request or reset, so it stops and starts
    /// where the 68000 says, not at a line boundary. 0 in a routine call (the Z80 does
    /// not run).
    fn z80_t_now(&self) -> u64 {
        match self.hv {
            HvClock::Routine { .. } => 0,
            HvClock::Line { .. } => self.now * MASTER_PER_CYCLE / MASTER_PER_Z80_T,
        }
    }

    /// Tells the VDP the time of the port access under way: the instruction's start plus
    /// the clocks before this bus cycle (a program's FIFO, DMA and read timing, status
    /// flags and HV counter; a routine call keeps none). The VDP adds what it has held
    /// the 68000 so far in the instruction.
    fn sync_vdp_clock(&mut self) {
        if let HvClock::Line { line_start } = self.hv {
            let cycle = self.now + u64::from(self.access_clocks);
            self.vdp.set_line_start(line_start * MASTER_PER_CYCLE);
            self.vdp.set_access_clock(cycle * MASTER_PER_CYCLE);
        }
    }
}

impl std::fmt::Debug for GenesisBus<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenesisBus")
            .field("hv", &self.hv)
            .field("now", &self.now)
            .field("fault", &self.fault)
            .finish_non_exhaustive()
    }
}

impl GenesisBus<'_> {
    fn fail(&mut self, addr: u32, what: &'static str) {
        if self.fault.is_none() {
            self.fault = Some(BusFault { addr, what });
        }
    }

    /// The HV counter word: the value latched by register 0 bit 1 while it is set
    /// (genesis `port` module), else the counter at the access's time.
    fn hv(&self) -> u16 {
        if let Some(latched) = self.vdp.hv_latched() {
            return latched;
        }
        match self.hv {
            HvClock::Routine { start } => {
                let regs = self.vdp.registers();
                super::target::hv_counter(
                    self.now + u64::from(self.access_clocks) - start,
                    regs.h_mode(),
                    regs.v_mode().height_px(),
                )
            }
            HvClock::Line { .. } => self.vdp.hv_counter(self.vdp.master_in_line()),
        }
    }

    fn vdp_read(&mut self, addr: u32) -> u16 {
        self.sync_vdp_clock();
        match vdp_port(addr) {
            VdpPort::Data if !self.vdp.read_target_valid() => {
                self.fail(
                    addr,
                    "data-port read with no read command set (the code register holds a \
                     write or an invalid code): the console's 68000 waits for it forever",
                );
                0xFFFF
            }
            VdpPort::Data => self.vdp.read_data(),
            VdpPort::Control => self.vdp.read_status(),
            VdpPort::Hv => self.hv(),
            VdpPort::Unused => 0xFFFF,
            VdpPort::Psg => {
                self.fail(
                    addr,
                    "read of the PSG (write-only): the console locks up (no device answers)",
                );
                0xFFFF
            }
            VdpPort::Lockup => {
                self.fail(addr, LOCKUP_VDP_AREA);
                0xFFFF
            }
        }
    }

    /// A byte read of the Z80/I-O area.
    fn read_a1(&mut self, addr: u32) -> u8 {
        match addr {
            0xA0_0000..=0xA0_FFFF => self.mem.z80.read_68k(addr),
            0xA1_0000..=0xA1_001F => self.mem.io.read(addr),
            0xA1_1100 => self.mem.z80.busreq_read() | 0xFE,
            _ => 0xFF,
        }
    }

    fn write_a1(&mut self, addr: u32, value: u8) {
        match addr {
            0xA0_0000..=0xA0_FFFF => self.mem.z80.write_68k(addr, value),
            0xA1_0000..=0xA1_001F => self.mem.io.write(addr, value),
            0xA1_1100 => {
                let t = self.z80_t_now();
                self.mem.z80.run_to(t, &self.mem.rom, &mut self.mem.ram[..]);
                self.mem.z80.busreq_write(value);
            }
            0xA1_1200 => {
                let t = self.z80_t_now();
                self.mem.z80.run_to(t, &self.mem.rom, &mut self.mem.ram[..]);
                self.mem.z80.reset_write(value);
            }
            0xA1_4000..=0xA1_4003 => {
                let shift = 8 * (3 - (addr & 3));
                self.mem.tmss = (self.mem.tmss & !(0xFF << shift)) | (u32::from(value) << shift);
            }
            _ => {}
        }
    }

    #[inline(never)]
    fn read_other(&mut self, addr: u32, byte: bool) -> u16 {
        // A read of the status word or the HV counter changes nothing the board looks at
        // after an instruction (no fault, hold, DMA or interrupt level: genesis `port`),
        // so it leaves the instruction on the short way; anything else does not.
        self.touched = !(0xC0_0000..=0xDF_FFFF).contains(&addr)
            || !matches!(vdp_port(addr), VdpPort::Control | VdpPort::Hv);
        match addr {
            0x40_0000..=0x7F_FFFF => 0xFFFF,
            0xA0_0000..=0xA1_FFFF => {
                if byte || addr <= 0xA0_FFFF {
                    // The Z80 side is a byte bus: a word read gives the byte twice.
                    let b = self.read_a1(addr);
                    u16::from_be_bytes([b, b])
                } else {
                    // Word registers: the register's byte in the half that holds it.
                    let hi = self.read_a1(addr);
                    let lo = self.read_a1(addr | 1);
                    u16::from_be_bytes([hi, lo])
                }
            }
            0xC0_0000..=0xDF_FFFF => self.vdp_read(addr & !1),
            _ => {
                self.fail(addr, LOCKUP_SPACE);
                0xFFFF
            }
        }
    }

    #[inline(never)]
    fn write_other(&mut self, addr: u32, value: u16, byte: bool) {
        self.touched = true;
        match addr {
            0x40_0000..=0x7F_FFFF => {}
            0xA0_0000..=0xA1_FFFF => {
                let [hi, lo] = value.to_be_bytes();
                if byte {
                    self.write_a1(addr, lo);
                } else if addr <= 0xA0_FFFF {
                    self.write_a1(addr, hi);
                } else {
                    self.write_a1(addr, hi);
                    self.write_a1(addr | 1, lo);
                }
            }
            0xC0_0000..=0xDF_FFFF => match vdp_port(addr) {
                VdpPort::Data | VdpPort::Control if byte => self.fail(
                    addr,
                    "byte write to a VDP port (the console writes the byte to both halves of \
                     the word port; use a word write)",
                ),
                VdpPort::Data => {
                    self.sync_vdp_clock();
                    self.vdp.write_data(value);
                }
                VdpPort::Control => {
                    self.sync_vdp_clock();
                    self.vdp.write_control(value);
                }
                VdpPort::Hv => self.fail(
                    addr,
                    "write to the HV counter: the console locks up (no device answers)",
                ),
                VdpPort::Psg | VdpPort::Unused => {}
                VdpPort::Lockup => self.fail(addr, LOCKUP_VDP_AREA),
            },
            _ => self.fail(addr, LOCKUP_SPACE),
        }
    }
}

/// A ROM word at least partly past the image: those bytes read $FF.
#[cold]
fn rom_word_past_image(rom: &[u8], a: usize) -> u16 {
    let hi = rom.get(a).copied().unwrap_or(0xFF);
    let lo = rom.get(a + 1).copied().unwrap_or(0xFF);
    u16::from_be_bytes([hi, lo])
}

impl Bus for GenesisBus<'_> {
    #[inline(always)]
    fn access_cycle(&mut self, clocks: u32) {
        self.access_clocks = clocks;
    }

    #[inline]
    fn read_byte(&mut self, addr: u32) -> u8 {
        if addr >= 0xE0_0000 {
            return self.mem.ram[(addr & 0xFFFF) as usize];
        }
        if addr < ROM_SPACE {
            return self.mem.rom.get(addr as usize).copied().unwrap_or(0xFF);
        }
        let word = self.read_other(addr, true);
        if addr & 1 == 0 {
            (word >> 8) as u8
        } else {
            word as u8
        }
    }

    #[inline]
    fn read_word(&mut self, addr: u32) -> u16 {
        if addr >= 0xE0_0000 {
            let a = (addr & 0xFFFF) as usize;
            return u16::from_be_bytes([self.mem.ram[a], self.mem.ram[a + 1]]);
        }
        if addr < ROM_SPACE {
            let a = addr as usize;
            // One bounds check for the usual word inside the image.
            if let Some(&[hi, lo]) = self.mem.rom.get(a..a + 2) {
                return u16::from_be_bytes([hi, lo]);
            }
            // Past the image: nothing holds code there, so the board looks again.
            self.touched = true;
            return rom_word_past_image(&self.mem.rom, a);
        }
        self.read_other(addr, false)
    }

    #[inline]
    fn write_byte(&mut self, addr: u32, value: u8) {
        if addr >= 0xE0_0000 {
            self.mem.ram[(addr & 0xFFFF) as usize] = value;
        } else if addr >= ROM_SPACE {
            self.write_other(addr, u16::from_be_bytes([value, value]), true);
        }
    }

    #[inline]
    fn write_word(&mut self, addr: u32, value: u16) {
        if addr >= 0xE0_0000 {
            let a = (addr & 0xFFFF) as usize;
            self.mem.ram[a..a + 2].copy_from_slice(&value.to_be_bytes());
        } else if addr >= ROM_SPACE {
            self.write_other(addr, value, false);
        }
    }
}

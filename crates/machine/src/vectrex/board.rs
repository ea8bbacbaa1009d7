//! The Vectrex as a whole program sees it (specs/programs.md, specs/vectrex.md): the
//! 6809 on the Vectrex memory map with the live VIA, the AY-3-8912's register port behind
//! it and the analog vector hardware the VIA drives.
//!
//! # The map
//! - **Cartridge** $0000-$7FFF: up to 32 KB as is; a 64 KB image is two 32 KB banks chosen
//!   by the VIA's PB6 line (high: the first bank, as the bank-switched homebrew boards
//!   wire it), the bank changing with the pin. Writes are ignored.
//! - **RAM** $C800-$CBFF, mirrored at $CC00-$CFFF.
//! - **VIA** (6522, `via6522`) at $D000-$D7FF, its sixteen registers repeated every 16
//!   bytes; $D800-$DFFF selects RAM and VIA at once on the machine: reads give the VIA's
//!   byte ANDed with RAM's (both drive the bus), writes go to both.
//! - **BIOS** $E000-$FFFF: the user's own 8 KB image (`--rom`), run exactly, cycles
//!   included. The project ships no BIOS: without an image, reaching $E000-$FFFF is a
//!   fault naming the BIOS routine the program called, and the board starts the cartridge
//!   at the first byte after its header, where the real BIOS's start-up jumps.
//!
//! # The VIA's wiring (Vectrex schematics; vecx `via_write`, `alg_sstep`)
//! Port A: the DAC and the AY's data bus. PB0 /mux enable, PB1-PB2 mux select, PB3 AY
//! BC1, PB4 AY BDIR, PB5 the joystick comparator (read high: sticks centred), PB6 the
//! cartridge bank line, PB7 /RAMP. CA2 /ZERO, CB2 /BLANK. The VIA's /IRQ drives the
//! 6809's IRQ line.
//!
//! # Timing
//! The 6809 runs at 1.5 MHz and is instruction-stepped: an instruction's bus accesses reach
//! the VIA at its first cycle and its cycles then tick the VIA's timers and the analog
//! integrators with the pins as the instruction left them, so a VIA write moves by up to
//! one instruction's cycles (2-20) against the hardware. The board's frame is the BIOS's:
//! Timer 2 timing out (`Wait_Recal` reloads it with 30,000 every frame). A program that
//! never arms Timer 2 (or lets it run out) gets frames of 30,000 cycles.

use cpu_6809::{Bus, Cpu, State, cc};
use vectrex::analog::{Analog, Pins};
use vectrex::display::Segment;
use via6522::Via;

use crate::program::{BoardEvent, CpuView, FrameRun, Input, Probe, ProgramError};
use crate::routine::Addr;

/// The cartridge window.
pub const CART_WINDOW: usize = 0x8000;
/// The largest cartridge: two banks.
pub const CART_MAX: usize = 0x1_0000;
/// The BIOS ROM's size.
pub const BIOS_SIZE: usize = 0x2000;
/// RAM.
const RAM_SIZE: usize = 0x400;
/// A frame when Timer 2 never times out.
pub const FRAME_CYCLES: u64 = 30_000;

/// The BIOS entry points a cartridge calls most, for naming a call the board cannot answer
/// without a BIOS image (addresses from the BIOS's published jump table, as Vectrex
/// toolchains' `VECTREX.I` lists them).
const BIOS_ENTRIES: &[(u16, &str)] = &[
    (0xF000, "Cold_Start"),
    (0xF192, "Wait_Recal"),
    (0xF2A5, "Intensity_5F"),
    (0xF2AB, "Intensity_a"),
    (0xF312, "Moveto_d"),
    (0xF354, "Reset0Ref"),
    (0xF373, "Print_Str_hwyx"),
    (0xF37A, "Print_Str_d"),
    (0xF3DD, "Draw_VL"),
    (0xF3CE, "Draw_VLc"),
    (0xF1F8, "Joy_Digital"),
    (0xF1BA, "Read_Btns"),
    (0xF8FF, "Obj_Hit"),
    (0xF8F3, "Obj_Will_Hit"),
    (0xF8E5, "Obj_Will_Hit_u"),
    (0xF517, "Random"),
    (0xF511, "Random_3"),
    (0xF3DF, "Draw_Line_d"),
    (0xF2FC, "Moveto_d_7F"),
    (0xF2C3, "Dot_d"),
    (0xF495, "Print_Str"),
    (0xF46E, "Draw_VL_mode"),
    (0xF1AF, "DP_to_C8"),
    (0xF1AA, "DP_to_D0"),
];

/// The AY-3-8912 as the VIA reaches it: a register file, the latched address, and the
/// button port (register 14, an input; bits low = pressed).
#[derive(Clone, Debug, Default)]
struct Psg {
    regs: [u8; 16],
    latched: u8,
    buttons: u8,
}

impl Psg {
    /// The bus cycle PB4 (BDIR) and PB3 (BC1) select, with port A as the data bus; returns
    /// the byte the chip drives onto port A on a read.
    fn bus(&mut self, port_b: u8, port_a: u8) -> Option<u8> {
        match (port_b & 0x10 != 0, port_b & 0x08 != 0) {
            (true, true) => {
                self.latched = port_a & 0x0F;
                None
            }
            (true, false) => {
                self.regs[usize::from(self.latched)] = port_a;
                None
            }
            (false, true) => Some(if self.latched == 14 {
                self.buttons
            } else {
                self.regs[usize::from(self.latched)]
            }),
            (false, false) => None,
        }
    }
}

/// A nested interrupt: where it will return to.
#[derive(Clone, Copy, Debug)]
struct Nested {
    pc: u16,
    s: u16,
}

/// The memory and devices on the 6809's bus.
#[derive(Clone, Debug)]
struct Devices {
    cart: Vec<u8>,
    ram: Box<[u8; RAM_SIZE]>,
    via: Via,
    psg: Psg,
    bios: Option<Box<[u8]>>,
}

impl Devices {
    fn cart_byte(&self, addr: u16) -> u8 {
        let bank = if self.cart.len() > CART_WINDOW && self.via.port_b() & 0x40 == 0 {
            CART_WINDOW
        } else {
            0
        };
        self.cart
            .get(bank + usize::from(addr))
            .copied()
            .unwrap_or(0xFF)
    }

    fn peek(&self, addr: u16) -> u8 {
        match addr {
            0x0000..=0x7FFF => self.cart_byte(addr),
            0xC800..=0xCFFF => self.ram[usize::from(addr) & (RAM_SIZE - 1)],
            0xD000..=0xD7FF => self.via.peek((addr & 0x0F) as u8),
            0xD800..=0xDFFF => {
                self.via.peek((addr & 0x0F) as u8) & self.ram[usize::from(addr) & (RAM_SIZE - 1)]
            }
            0xE000..=0xFFFF => self
                .bios
                .as_ref()
                .map_or(0xFF, |b| b[usize::from(addr - 0xE000)]),
            _ => 0xFF,
        }
    }

    /// After a write to the VIA: the AY sees the new port B strobes.
    fn psg_cycle(&mut self) {
        if let Some(byte) = self.psg.bus(self.via.port_b(), self.via.port_a()) {
            self.via.set_pins_a(byte);
        } else {
            self.via.set_pins_a(0xFF);
        }
    }
}

impl Bus for Devices {
    fn read(&mut self, addr: u16) -> u8 {
        match addr {
            0xD000..=0xD7FF => self.via.read((addr & 0x0F) as u8),
            0xD800..=0xDFFF => {
                self.via.read((addr & 0x0F) as u8) & self.ram[usize::from(addr) & (RAM_SIZE - 1)]
            }
            _ => self.peek(addr),
        }
    }

    fn write(&mut self, addr: u16, value: u8) {
        match addr {
            0xC800..=0xCFFF => self.ram[usize::from(addr) & (RAM_SIZE - 1)] = value,
            0xD000..=0xD7FF => {
                self.via.write((addr & 0x0F) as u8, value);
                self.psg_cycle();
            }
            0xD800..=0xDFFF => {
                self.ram[usize::from(addr) & (RAM_SIZE - 1)] = value;
                self.via.write((addr & 0x0F) as u8, value);
                self.psg_cycle();
            }
            _ => {}
        }
    }
}

/// The board with a program booted.
#[derive(Clone, Debug)]
pub struct VectrexBoard {
    cpu: Cpu,
    dev: Devices,
    analog: Analog,
    nested: Vec<Nested>,
    /// The segments of the last frame.
    frame: Vec<Segment>,
}

/// Where a cartridge's code begins: after the header the BIOS checks ("g GCE" and the
/// year, $80, the music pointer, then title lines of height, width, y, x and text ended by
/// $80, the list ended by a 0 byte).
///
/// # Errors
/// [`ProgramError::Image`] naming what is missing.
pub fn code_start(cart: &[u8]) -> Result<u16, ProgramError> {
    let bad = |what: &str| ProgramError::Image {
        what: format!("not a Vectrex cartridge: {what}"),
    };
    if !cart.starts_with(b"g GCE") {
        return Err(bad("it does not begin with the header's \"g GCE\""));
    }
    let mut at = cart
        .iter()
        .position(|&b| b == 0x80)
        .ok_or_else(|| bad("the copyright line has no $80 end"))?
        + 1
        + 2; // the music pointer
    loop {
        match cart.get(at) {
            None => return Err(bad("the header's title list runs off the image")),
            Some(0) => return u16::try_from(at + 1).map_err(|_| bad("the header is too long")),
            Some(_) => {
                // height, width, y, x, then the text up to $80.
                let text = at + 4;
                let end = cart
                    .get(text..)
                    .and_then(|t| t.iter().position(|&b| b == 0x80))
                    .ok_or_else(|| bad("a title line has no $80 end"))?;
                at = text + end + 1;
            }
        }
    }
}

impl VectrexBoard {
    /// A Vectrex with `cart` inserted and `bios` (8 KB) in its ROM socket, or none.
    ///
    /// # Errors
    /// [`ProgramError::Image`] for a cartridge over 64 KB or without a header when no BIOS
    /// is given; [`ProgramError::SystemRom`] for a BIOS that is not 8 KB or has no reset
    /// vector into itself.
    pub fn new(cart: &[u8], bios: Option<&[u8]>) -> Result<Self, ProgramError> {
        if cart.len() > CART_MAX {
            return Err(ProgramError::Image {
                what: format!(
                    "the cartridge is {} bytes; a Vectrex cartridge holds at most 64 KB (two \
                     32 KB banks on PB6)",
                    cart.len()
                ),
            });
        }
        let bios = match bios {
            Some(b) if b.len() != BIOS_SIZE => {
                return Err(ProgramError::SystemRom {
                    what: format!(
                        "the BIOS image is {} bytes; the Vectrex BIOS is 8192",
                        b.len()
                    ),
                });
            }
            Some(b) => {
                let reset = u16::from_be_bytes([b[BIOS_SIZE - 2], b[BIOS_SIZE - 1]]);
                if reset < 0xE000 {
                    return Err(ProgramError::SystemRom {
                        what: format!(
                            "its reset vector ${reset:04X} is not in the BIOS ($E000-$FFFF)"
                        ),
                    });
                }
                Some(b.to_vec().into_boxed_slice())
            }
            None => None,
        };
        let mut via = Via::new();
        // PB5, the joystick comparator, reads high with the sticks centred.
        via.set_pins_b(0xFF);
        let mut board = Self {
            cpu: Cpu::new(),
            dev: Devices {
                cart: cart.to_vec(),
                ram: Box::new([0; RAM_SIZE]),
                via,
                psg: Psg {
                    buttons: 0xFF,
                    ..Psg::default()
                },
                bios,
            },
            analog: Analog::new(),
            nested: Vec::new(),
            frame: Vec::new(),
        };
        if board.dev.bios.is_some() {
            board.cpu.reset(&mut board.dev);
        } else {
            board.cpu.pc = code_start(cart)?;
            board.cpu.cc = cc::I | cc::F;
            // Where the BIOS leaves the stack and direct page for a cartridge.
            board.cpu.s = 0xCBEA;
            board.cpu.dp = 0xD0;
        }
        Ok(board)
    }

    /// The segments the beam drew in the last frame.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.frame
    }

    /// The buttons on the AY's port (player 1: bits 0-3 low = pressed).
    pub fn set_input(&mut self, input: Input) {
        let mut b = 0xFF;
        for (bit, mask) in [Input::A, Input::B, Input::C, Input::START]
            .into_iter()
            .enumerate()
        {
            if input.pad1 & mask != 0 {
                b &= !(1 << bit);
            }
        }
        self.dev.psg.buttons = b;
    }

    fn pins(&self) -> Pins {
        Pins {
            port_a: self.dev.via.port_a(),
            port_b: self.dev.via.port_b(),
            ca2: self.dev.via.ca2(),
            cb2: self.dev.via.cb2(),
        }
    }

    /// Runs to the end of the frame: Timer 2's timeout, or [`FRAME_CYCLES`] when Timer 2
    /// is not counting towards one (at most 65,536 cycles when it is).
    ///
    /// # Errors
    /// [`ProgramError::Fault`] on an undefined opcode or postbyte, or the PC in the BIOS's
    /// space with no BIOS image.
    pub fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        let start = self.cpu.cycles;
        let limit = start + FRAME_CYCLES;
        let mut idle = 0;
        let watch = probe.breakpoints().any();
        loop {
            let irq = self.dev.via.irq();
            self.cpu.set_irq(irq);
            let taking = irq && self.cpu.cc & cc::I == 0;
            let pc = self.cpu.pc;
            if self.dev.bios.is_none() && pc >= 0xE000 && self.cpu.state == State::Running {
                return Err(self.no_bios(pc));
            }
            if watch && !taking && probe.breakpoints().contains(u32::from(pc)) {
                probe.on_pc(u32::from(pc), self.cpu.cycles, &*self);
            }
            if taking {
                probe.on_event(BoardEvent::Interrupt {
                    source: "irq",
                    cycle: self.cpu.cycles,
                    pc: u32::from(pc),
                });
                self.nested.push(Nested { pc, s: self.cpu.s });
            }
            let pins = self.pins();
            let waiting = self.cpu.state != State::Running;
            let t2_before = self.dev.via.ifr() & 0x20 != 0;
            let cycles = match self.cpu.step(&mut self.dev) {
                Ok(c) => c,
                Err(f) => {
                    return Err(ProgramError::Fault {
                        pc: Addr(u32::from(self.cpu.pc)),
                        what: f.to_string(),
                    });
                }
            };
            if waiting {
                idle += u64::from(cycles);
            } else if self.cpu.state != State::Running {
                probe.on_event(BoardEvent::Wait {
                    cycle: self.cpu.cycles - u64::from(cycles),
                    pc: u32::from(pc),
                });
            }
            self.dev.via.tick(cycles);
            self.analog.run(pins, cycles);
            if let Some(n) = self.nested.last()
                && !taking
                && self.cpu.pc == n.pc
                && self.cpu.s == n.s
            {
                self.nested.pop();
                probe.on_event(BoardEvent::Return {
                    cycle: self.cpu.cycles,
                });
            }
            let t2_rose = !t2_before && self.dev.via.ifr() & 0x20 != 0;
            if t2_rose || (self.cpu.cycles >= limit && !self.dev.via.t2_pending()) {
                break;
            }
        }
        self.frame = self.analog.take_segments();
        probe.on_event(BoardEvent::Vblank {
            cycle: self.cpu.cycles,
        });
        Ok(FrameRun {
            cycles: self.cpu.cycles - start,
            idle_cycles: idle,
        })
    }

    fn no_bios(&self, pc: u16) -> ProgramError {
        let name = BIOS_ENTRIES
            .iter()
            .find(|(a, _)| *a == pc)
            .map_or_else(String::new, |(_, n)| format!(" ({n})"));
        // The caller's JSR left its return address on top of the stack.
        let s = self.cpu.s;
        let ret = u16::from_be_bytes([self.dev.peek(s), self.dev.peek(s.wrapping_add(1))]);
        ProgramError::Fault {
            pc: Addr(u32::from(pc)),
            what: format!(
                "the program reached the BIOS at ${pc:04X}{name} (called from about ${:04X}); \
                 the project ships no Vectrex BIOS: give your own 8 KB image with --rom",
                ret.wrapping_sub(3)
            ),
        }
    }
}

impl CpuView for VectrexBoard {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_6809(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        let c = &self.cpu;
        let v = match name.to_ascii_uppercase().as_str() {
            "A" => u16::from(c.a),
            "B" => u16::from(c.b),
            "D" => c.d(),
            "X" => c.x,
            "Y" => c.y,
            "U" => c.u,
            "S" => c.s,
            "DP" => u16::from(c.dp),
            "CC" => u16::from(c.cc),
            "PC" => c.pc,
            _ => return None,
        };
        Some(u32::from(v))
    }

    fn pc(&self) -> u32 {
        u32::from(self.cpu.pc)
    }

    fn peek(&self, addr: u32) -> u8 {
        self.dev.peek((addr & 0xFFFF) as u16)
    }
}

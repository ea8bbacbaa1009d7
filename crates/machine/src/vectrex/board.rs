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
//!   included; without one, the project's own ([`super::bios`]), whose reset checks the
//!   cartridge's header and starts it. A cartridge that enters the project's BIOS anywhere
//!   but at one of its entry points has called a routine it lacks: a fault naming the
//!   routine and the caller.
//! - **Unmapped** $8000-$C7FF: reads $FF, ignores writes; the PC there is a fault naming
//!   it (the bus floats on the machine: no program means to run there).
//!
//! # The VIA's wiring (Vectrex schematics; vecx `via_write`, `alg_sstep`)
//! Port A: the DAC and the AY's data bus. PB0 /mux enable, PB1-PB2 mux select, PB3 AY
//! BC1, PB4 AY BDIR, PB5 the joystick comparator, PB6 the cartridge bank line, PB7
//! /RAMP. CA2 /ZERO, CB2 /BLANK. The VIA's /IRQ drives the 6809's IRQ line.
//!
//! The comparator (vecx `alg_update`): PB2-PB1 also pick one of the four joystick pots
//! (0 stick 1 X, 1 stick 1 Y, 2 stick 2 X, 3 stick 2 Y), whatever PB0 says, and PB5 reads
//! high while that pot's voltage is above the DAC's, both as unsigned bytes (the DAC's
//! signed byte + $80; a centred pot $80). The pots follow player 1's pad: left or down
//! $00, right or up $FF, else $80; stick 2 stays centred.
//!
//! # Timing
//! The 6809 runs at 1.5 MHz and is instruction-stepped: an instruction's bus accesses reach
//! the VIA at its first cycle and its cycles then tick the VIA's timers and the analog
//! integrators with the pins as the instruction left them, so a VIA write moves by up to
//! one instruction's cycles (2-20) against the hardware.
//!
//! Both are caught up lazily, with the same result as ticking them every instruction:
//! the VIA counts the cycles run since it was last ticked just before each access and
//! when its next event falls due ([`Via::quiet_cycles`]: a timeout, or every instruction
//! while the shift register moves /BLANK); the analog board is given the cycles run with
//! one set of pins when the pins next change, since the integrators' motion is linear
//! while they stand still (one [`Analog::run`] of n cycles is n runs of one). The board's frame is the BIOS's:
//! Timer 2 timing out (`Wait_Recal` reloads it with 30,000 every frame). A program that
//! never arms Timer 2 (or lets it run out) gets frames of 30,000 cycles.
//!
//! Wait_Recal's poll of Timer 2 (`BITB <$0D` / `BEQ`, where the BIOS holds those bytes) is
//! run in whole rounds up to the VIA's next event instead of round by round, with the same
//! cycles and timer states; `HITLAB_IDLE_SKIP=off` (or [`VectrexBoard::set_idle_skip`])
//! steps it, as it does [`crate::idle`]'s loops.
//!
//! # Routine calls
//! The routine runner ([`super::target`]) drives this same board in its routine layout
//! ([`VectrexBoard::for_routines`]: the image in the cartridge at $1000, an empty BIOS
//! socket): the same CPU, bus, VIA and analog board, one instruction at a time as a frame
//! steps them, the VIA's /IRQ on the CPU's line.

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

/// Wait_Recal's poll of Timer 2's flag (`bit <$0D`, `beq` back), at $F19E-$F1A1 in the
/// real BIOS and in the project's: the frame's wait.
const WAIT_RECAL_POLL: std::ops::RangeInclusive<u16> = 0xF19E..=0xF1A1;

/// One call of the BIOS's `Obj_Hit`, `Obj_Will_Hit` or `Obj_Will_Hit_u`: the operands
/// as the cartridge passed them and the carry it got back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjHitCall {
    /// The entry called ($F8FF, $F8F3 or $F8E5).
    pub entry: u16,
    /// Where it was called from (the `JSR`'s return address).
    pub ret: u16,
    /// Y: the box centre (y, x).
    pub centre: u16,
    /// X: the point (y, x).
    pub point: u16,
    /// D: half-height, half-width.
    pub half: u16,
    /// U: the offset or its address (the `Will_Hit` forms).
    pub u: u16,
    /// The carry on return: a hit.
    pub hit: bool,
}

/// A nested interrupt: where it will return to.
#[derive(Clone, Copy, Debug)]
struct Nested {
    pc: u16,
    s: u16,
}

/// The memory and devices on the 6809's bus.
#[derive(Clone, Debug)]
pub(super) struct Devices {
    cart: Vec<u8>,
    ram: Box<[u8; RAM_SIZE]>,
    via: Via,
    psg: Psg,
    bios: Box<[u8; BIOS_SIZE]>,
    /// The joystick pots, as unsigned bytes: stick 1 X, Y, stick 2 X, Y.
    pots: [u8; 4],
    /// Where the cartridge window starts in `cart`: the bank PB6 picks (0 or 32 KB).
    bank_base: usize,
    /// Cycles the CPU has run that the VIA has not yet counted: it is caught up before
    /// every access and at its next event, so its flags, pins and counters are the same
    /// as if it were ticked every instruction.
    via_pending: u32,
    /// The pending cycles at which the VIA must be caught up: its next timer or shift
    /// event (a flag or PB7 changes), 1 while the shift register moves CB2 bit by bit.
    via_deadline: u32,
    /// The VIA was accessed or caught up since the analog board's pins were last looked
    /// at: they may have changed.
    pins_changed: bool,
}

impl Devices {
    #[inline]
    fn cart_byte(&self, addr: u16) -> u8 {
        self.cart
            .get(self.bank_base + usize::from(addr))
            .copied()
            .unwrap_or(0xFF)
    }

    /// The bank PB6 picks, looked up again after anything that may move PB6.
    #[inline]
    fn update_bank(&mut self) {
        self.bank_base = if self.cart.len() > CART_WINDOW && self.via.port_b() & 0x40 == 0 {
            CART_WINDOW
        } else {
            0
        };
    }

    /// Counts `cycles` the CPU ran towards the VIA, catching it up at its next event.
    #[inline]
    fn run_via(&mut self, cycles: u32) {
        self.via_pending += cycles;
        if self.via_pending >= self.via_deadline {
            self.catch_up_via();
        }
    }

    /// Ticks the VIA by the cycles pending and finds its next event.
    fn catch_up_via(&mut self) {
        if self.via_pending > 0 {
            self.via.tick(std::mem::take(&mut self.via_pending));
            // PB7 or CB2 may have moved with a timeout or a shift.
            self.pins_changed = true;
            self.update_bank();
        }
        self.via_deadline = self.via.quiet_cycles();
    }

    /// A bus access to the VIA: caught up first, its next event looked up again after.
    #[inline]
    fn via_access<R>(&mut self, access: impl FnOnce(&mut Self) -> R) -> R {
        if self.via_pending > 0 {
            self.via.tick(std::mem::take(&mut self.via_pending));
        }
        let r = access(self);
        self.pins_changed = true;
        self.update_bank();
        self.via_deadline = self.via.quiet_cycles();
        r
    }

    /// A byte as the CPU would read it, without the VIA's read side effects.
    pub(super) fn peek(&self, addr: u16) -> u8 {
        match addr {
            0x0000..=0x7FFF => self.cart_byte(addr),
            0xC800..=0xCFFF => self.ram[usize::from(addr) & (RAM_SIZE - 1)],
            0xD000..=0xD7FF => self.via_peek(addr),
            0xD800..=0xDFFF => self.via_peek(addr) & self.ram[usize::from(addr) & (RAM_SIZE - 1)],
            0xE000..=0xFFFF => self.bios[usize::from(addr - 0xE000)],
            _ => 0xFF,
        }
    }

    /// The VIA register at `addr` as a read would find it now, the pending cycles
    /// counted, without side effects.
    fn via_peek(&self, addr: u16) -> u8 {
        let mut via = self.via.clone();
        via.tick(self.via_pending);
        via.read((addr & 0x0F) as u8)
    }

    /// After a write to the VIA: the AY sees the new port B strobes, and the comparator
    /// the new DAC byte and pot.
    fn psg_cycle(&mut self) {
        if let Some(byte) = self.psg.bus(self.via.port_b(), self.via.port_a()) {
            self.via.set_pins_a(byte);
        } else {
            self.via.set_pins_a(0xFF);
        }
        self.compare();
    }

    /// PB5: the pot PB2-PB1 pick against the DAC.
    fn compare(&mut self) {
        let pot = self.pots[usize::from((self.via.port_b() >> 1) & 3)];
        let above = pot > self.via.port_a() ^ 0x80;
        // PB6, the bank line, stays high: nothing on the board pulls it.
        self.via.set_pins_b(0xDF | if above { 0x20 } else { 0 });
    }
}

impl Bus for Devices {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        match addr {
            0x0000..=0x7FFF => self.cart_byte(addr),
            0xC800..=0xCFFF => self.ram[usize::from(addr) & (RAM_SIZE - 1)],
            0xE000..=0xFFFF => self.bios[usize::from(addr - 0xE000)],
            0xD000..=0xD7FF => self.via_access(|d| d.via.read((addr & 0x0F) as u8)),
            0xD800..=0xDFFF => {
                self.via_access(|d| d.via.read((addr & 0x0F) as u8))
                    & self.ram[usize::from(addr) & (RAM_SIZE - 1)]
            }
            _ => 0xFF,
        }
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        match addr {
            0xC800..=0xCFFF => self.ram[usize::from(addr) & (RAM_SIZE - 1)] = value,
            0xD000..=0xD7FF => self.via_access(|d| {
                d.via.write((addr & 0x0F) as u8, value);
                d.psg_cycle();
            }),
            0xD800..=0xDFFF => {
                self.ram[usize::from(addr) & (RAM_SIZE - 1)] = value;
                self.via_access(|d| {
                    d.via.write((addr & 0x0F) as u8, value);
                    d.psg_cycle();
                });
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
    /// The pins the analog board runs with, and the cycles run with them not yet given
    /// to it: the integrators' motion is linear while the pins stand still, so a run of
    /// instructions with the same pins is one [`Analog::run`], the same as one per
    /// instruction.
    analog_pins: Pins,
    analog_pending: u32,
    nested: Vec<Nested>,
    /// The segments of the last frame.
    frame: Vec<Segment>,
    /// The project's BIOS is in the socket (not the user's): its entry points are checked.
    own_bios: bool,
    /// Where the last instruction began (at power-on, the reset vector's target, as if
    /// the BIOS had run there): whether it ran in the BIOS follows from it.
    last_pc: u16,
    /// Wait_Recal is polling Timer 2 again: the program waits for the frame's end.
    polling: bool,
    /// The frame's calls of the BIOS's box test.
    obj_hit_calls: Vec<ObjHitCall>,
    /// A box test called and not yet returned, with the stack pointer at the call.
    obj_hit_open: Option<(ObjHitCall, u16)>,
    /// Wait_Recal's poll is fast-forwarded ([`crate::idle`]'s switch: on unless
    /// `HITLAB_IDLE_SKIP=off`).
    idle_skip: bool,
    /// Cycles fast-forwarded so since power-on.
    idle_skipped: u64,
}

/// Where a cartridge's code begins, by the header check the BIOS runs at power-on (the
/// project's `Cold_Start`, as the annotated BIOS's start-up compares the copyright line):
/// the 11-byte copyright line "g GCE " with any four-byte year and $80, the music pointer
/// at $000B, then title lines of height, width, y, x and text ended by $80, the list ended
/// by a 0 byte; the code starts after that 0.
///
/// # Errors
/// [`ProgramError::Image`] naming what is missing.
pub fn code_start(cart: &[u8]) -> Result<u16, ProgramError> {
    let bad = |what: &str| ProgramError::Image {
        what: format!("not a Vectrex cartridge: {what}"),
    };
    if !cart.starts_with(b"g GCE ") {
        return Err(bad("it does not begin with the header's \"g GCE \""));
    }
    if cart.get(10) != Some(&0x80) {
        return Err(bad(
            "the copyright line (\"g GCE \" and the year) does not end with $80 at $000A",
        ));
    }
    // After the music pointer ($000B-$000C).
    let mut at = 0x0D;
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
    /// A Vectrex with `cart` inserted and `bios` (8 KB) in its ROM socket, or the project's
    /// own BIOS; the 6809 starts at the BIOS's reset vector.
    ///
    /// # Errors
    /// [`ProgramError::Image`] for a cartridge over 64 KB, or without the header the BIOS
    /// checks when the project's BIOS runs it (the real one would start its built-in game);
    /// [`ProgramError::SystemRom`] for a BIOS that is not 8 KB or has no reset vector into
    /// itself.
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
                socket(b)
            }
            None => {
                code_start(cart)?;
                socket(super::bios::IMAGE)
            }
        };
        let own_bios = bios[..] == super::bios::IMAGE[..];
        let mut board = Self::assemble(cart.to_vec(), bios, own_bios);
        board.cpu.reset(&mut board.dev);
        board.last_pc = board.cpu.pc;
        Ok(board)
    }

    /// The board in the routine layout ([`super::target`]): no cartridge (it reads $FF),
    /// an empty BIOS socket (it reads $FF: the routine runner answers the box tests'
    /// entries with the model), RAM zero, the VIA after RESET; the 6809 not yet reset
    /// (every call sets its registers).
    #[must_use]
    pub fn for_routines() -> Self {
        Self::assemble(Vec::new(), Box::new([0xFF; BIOS_SIZE]), false)
    }

    /// The board with `cart` and `bios` in their sockets, at power-on but for the CPU's
    /// reset.
    fn assemble(cart: Vec<u8>, bios: Box<[u8; BIOS_SIZE]>, own_bios: bool) -> Self {
        let mut via = Via::new();
        // PB5 low: a centred pot ($80) is not above the DAC's power-on 0 ($80 unsigned).
        via.set_pins_b(0xDF);
        let mut board = Self {
            cpu: Cpu::new(),
            dev: Devices {
                cart,
                ram: Box::new([0; RAM_SIZE]),
                via,
                psg: Psg {
                    buttons: 0xFF,
                    ..Psg::default()
                },
                bios,
                pots: [0x80; 4],
                bank_base: 0,
                via_pending: 0,
                via_deadline: 0,
                pins_changed: true,
            },
            analog: Analog::new(),
            analog_pins: Pins {
                port_a: 0,
                port_b: 0,
                ca2: true,
                cb2: true,
            },
            analog_pending: 0,
            nested: Vec::new(),
            frame: Vec::new(),
            own_bios,
            last_pc: 0,
            polling: false,
            obj_hit_calls: Vec::new(),
            obj_hit_open: None,
            idle_skip: crate::idle::enabled_by_env(),
            idle_skipped: 0,
        };
        board.dev.update_bank();
        board.dev.catch_up_via();
        board.analog_pins = board.pins();
        board
    }

    /// Turns the fast-forwarding of Wait_Recal's poll on or off (on by default unless
    /// `HITLAB_IDLE_SKIP=off`); the frames, events and cycles are the same either way.
    pub fn set_idle_skip(&mut self, on: bool) {
        self.idle_skip = on;
    }

    /// Cycles of Wait_Recal's poll fast-forwarded since power-on.
    #[must_use]
    pub const fn idle_skipped_cycles(&self) -> u64 {
        self.idle_skipped
    }

    /// Puts a routine's image in the cartridge at `at` (the bytes before and after it read
    /// $FF), as a cartridge of `at` + its length.
    pub fn load_routine(&mut self, image: &[u8], at: u16) {
        let at = usize::from(at);
        let cart = &mut self.dev.cart;
        cart.clear();
        cart.resize(at, 0xFF);
        cart.extend_from_slice(image);
        self.dev.update_bank();
    }

    /// The 6809.
    #[must_use]
    pub const fn cpu_6809(&self) -> &Cpu {
        &self.cpu
    }

    /// The 6809 and the bus it sees, for a routine call ([`super::target`]).
    pub(super) fn cpu_and_bus(&mut self) -> (&mut Cpu, &mut Devices) {
        (&mut self.cpu, &mut self.dev)
    }

    /// A byte as the CPU would read it, without side effects.
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        self.dev.peek(addr)
    }

    /// Writes RAM at `addr` ($C800-$CFFF); anywhere else is ignored (the harness places
    /// a routine's inputs in RAM only).
    pub fn poke_ram(&mut self, addr: u16, value: u8) {
        if (0xC800..=0xCFFF).contains(&addr) {
            self.dev.ram[usize::from(addr) & (RAM_SIZE - 1)] = value;
        }
    }

    /// One instruction of a routine call: the VIA's /IRQ on the CPU's line, the
    /// instruction, then its cycles on the VIA's timers and the integrators, as in a
    /// program's frame ([`VectrexBoard::run_frame`]). Returns the cycles; the analog
    /// board's segments are dropped at each call's start ([`VectrexBoard::drop_segments`]).
    ///
    /// # Errors
    /// The core's fault (an undefined opcode or postbyte).
    #[inline]
    pub(super) fn step_routine(&mut self) -> Result<u32, cpu_6809::Fault> {
        self.cpu.set_irq(self.dev.via.irq());
        self.look_at_pins();
        let cycles = self.cpu.step(&mut self.dev)?;
        self.ran(cycles);
        Ok(cycles)
    }

    /// An instruction's start: the analog board is given the cycles it ran with the pins
    /// before, if the pins have moved since.
    #[inline]
    fn look_at_pins(&mut self) {
        if !self.dev.pins_changed {
            return;
        }
        self.dev.pins_changed = false;
        let pins = self.pins();
        if pins != self.analog_pins {
            self.run_analog();
            self.analog_pins = pins;
        }
    }

    /// `cycles` run with the pins as the instruction found them (the VIA's accesses at
    /// its first cycle, its cycles after them).
    #[inline]
    fn ran(&mut self, cycles: u32) {
        self.dev.run_via(cycles);
        self.analog_pending += cycles;
    }

    /// Gives the analog board the cycles it has not yet run.
    fn run_analog(&mut self) {
        if self.analog_pending > 0 {
            self.analog
                .run(self.analog_pins, std::mem::take(&mut self.analog_pending));
        }
    }

    /// Forgets what the beam drew since the last frame (a routine call's start: calls
    /// have no frames to show it in).
    pub(super) fn drop_segments(&mut self) {
        self.run_analog();
        drop(self.analog.take_segments());
    }

    /// The calls of `Obj_Hit`, `Obj_Will_Hit` and `Obj_Will_Hit_u` that returned in the
    /// last frame, in order.
    #[must_use]
    pub fn obj_hit_calls(&self) -> &[ObjHitCall] {
        &self.obj_hit_calls
    }

    /// Where the BIOS hands over to the cartridge: the byte after its header.
    #[must_use]
    pub fn handover_pc(&self) -> Option<u16> {
        code_start(&self.dev.cart).ok()
    }

    /// The segments the beam drew in the last frame.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.frame
    }

    /// Player 1's pad: the buttons on the AY's port (bits 0-3 low = pressed) and the
    /// directions on stick 1's pots (left, down $00; right, up $FF; else centred $80).
    pub fn set_input(&mut self, input: Input) {
        let axis = |low: u16, high: u16| match (input.pad1 & low != 0, input.pad1 & high != 0) {
            (true, false) => 0x00,
            (false, true) => 0xFF,
            _ => 0x80,
        };
        self.dev.pots[0] = axis(Input::LEFT, Input::RIGHT);
        self.dev.pots[1] = axis(Input::DOWN, Input::UP);
        self.dev.via_access(Devices::compare);
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
        self.obj_hit_calls.clear();
        loop {
            let irq = self.dev.via.irq();
            self.cpu.set_irq(irq);
            let taking = irq && self.cpu.cc & cc::I == 0;
            let pc = self.cpu.pc;
            let in_bios = pc >= 0xE000;
            if in_bios != (self.last_pc >= 0xE000) || (0x8000..0xC800).contains(&pc) {
                self.check_pc(pc)?;
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
            self.look_at_pins();
            // Wait_Recal polling again after a first look found Timer 2 still counting: the
            // program is waiting for the frame's end (a first look that finds it run out
            // is no wait: the frame overran).
            if !WAIT_RECAL_POLL.contains(&pc) {
                self.polling = false;
            } else if !self.polling
                && pc == *WAIT_RECAL_POLL.start()
                && self.last_pc == 0xF1A0
                && self.poll_is_wait_recals()
            {
                self.polling = true;
                probe.on_event(BoardEvent::Wait {
                    cycle: self.cpu.cycles,
                    pc: u32::from(pc),
                });
            }
            self.last_pc = pc;
            if self.idle_skip && self.polling && pc == *WAIT_RECAL_POLL.start() && !irq {
                let bp = probe.breakpoints();
                let watched = watch && WAIT_RECAL_POLL.clone().any(|a| bp.contains(a.into()));
                idle += self.skip_polls(watched);
            }
            let waiting = self.cpu.state != State::Running || self.polling;
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
            self.ran(cycles);
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
        // Everything caught up at the frame's end: the VIA and the beam as they stand.
        self.dev.catch_up_via();
        self.run_analog();
        self.frame = self.analog.take_segments();
        probe.on_event(BoardEvent::Vblank {
            cycle: self.cpu.cycles,
        });
        Ok(FrameRun {
            cycles: self.cpu.cycles - start,
            idle_cycles: idle,
        })
    }

    /// Whether the BIOS at $F19E holds `Wait_Recal`'s poll, `BITB <$0D` / `BEQ *-2`
    /// ($D5 $0D $27 $FC), as the project's BIOS and the published listing have it: a
    /// user's BIOS with other bytes there is stepped, never skipped.
    fn poll_is_wait_recals(&self) -> bool {
        const POLL: [u8; 4] = [0xD5, 0x0D, 0x27, 0xFC];
        WAIT_RECAL_POLL
            .clone()
            .zip(POLL)
            .all(|(at, byte)| self.dev.peek(at) == byte)
    }

    /// Runs whole rounds of Wait_Recal's poll (`bit <$0D` 4 cycles, `beq` 3) at once, up
    /// to the last round before the VIA's next event: nothing but the timers changes in
    /// them (the pins stand still, every read finds the flag clear), so the cycles are
    /// counted in one step, exactly as round by round. Returns the cycles run. Off with
    /// [`VectrexBoard::set_idle_skip`], as [`crate::idle`]'s skipping is.
    fn skip_polls(&mut self, watched: bool) -> u64 {
        const ROUND_CYCLES: u32 = 4 + 3;
        self.dev.catch_up_via();
        let Some(n) = self.dev.via.cycles_to_next_event() else {
            return 0;
        };
        if watched {
            return 0;
        }
        // Every skipped read happens before the event, and the event itself is left to
        // the rounds stepped one by one (the frame ends in the instruction it falls in).
        let skip = n.saturating_sub(1) / ROUND_CYCLES * ROUND_CYCLES;
        if skip == 0 {
            return 0;
        }
        self.cpu.cycles += u64::from(skip);
        self.idle_skipped += u64::from(skip);
        self.ran(skip);
        u64::from(skip)
    }

    /// The PC left or entered the BIOS, or is in unmapped space: a call into the
    /// project's BIOS must land on one of its entries.
    fn check_pc(&mut self, pc: u16) -> Result<(), ProgramError> {
        let in_bios = pc >= 0xE000;
        let c = &self.cpu;
        if in_bios && matches!(pc, 0xF8FF | 0xF8F3 | 0xF8E5) {
            let ret = u16::from_be_bytes([self.dev.peek(c.s), self.dev.peek(c.s.wrapping_add(1))]);
            let call = ObjHitCall {
                entry: pc,
                ret,
                centre: c.y,
                point: c.x,
                half: c.d(),
                u: c.u,
                hit: false,
            };
            self.obj_hit_open = Some((call, c.s));
        } else if let Some((mut call, s)) = self.obj_hit_open
            && !in_bios
            && pc == call.ret
            && c.s == s.wrapping_add(2)
        {
            call.hit = c.cc & cc::C != 0;
            self.obj_hit_calls.push(call);
            self.obj_hit_open = None;
        }
        if (0x8000..0xC800).contains(&pc) {
            return Err(ProgramError::Fault {
                pc: Addr(u32::from(pc)),
                what: format!(
                    "the program jumped to ${pc:04X}, where nothing is mapped ($8000-$C7FF)"
                ),
            });
        }
        // A return (RTS, RTI, PULS or PULU with PC) into the BIOS goes back to a routine
        // that called out, or that an interrupt left.
        let returned = matches!(self.dev.peek(self.last_pc), 0x39 | 0x3B | 0x35 | 0x37);
        if !in_bios || !self.own_bios || returned || super::bios::is_entry(pc) {
            return Ok(());
        }
        let name = super::bios::entry_name(pc).map_or_else(
            || " (not a BIOS entry point)".to_owned(),
            |n| format!(" ({n})"),
        );
        // The caller's JSR left its return address on top of the stack.
        let s = self.cpu.s;
        let ret = u16::from_be_bytes([self.dev.peek(s), self.dev.peek(s.wrapping_add(1))]);
        Err(ProgramError::Fault {
            pc: Addr(u32::from(pc)),
            what: format!(
                "the program called the BIOS at ${pc:04X}{name} (from about ${:04X}); the \
                 project's BIOS lacks that routine: give your own 8 KB image with --rom",
                ret.wrapping_sub(3)
            ),
        })
    }
}

/// An 8 KB BIOS image (its size checked by the caller) in the ROM socket.
fn socket(image: &[u8]) -> Box<[u8; BIOS_SIZE]> {
    let mut rom = Box::new([0xFF; BIOS_SIZE]);
    let n = image.len().min(BIOS_SIZE);
    rom[..n].copy_from_slice(&image[..n]);
    rom
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

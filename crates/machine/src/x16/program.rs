//! Whole programs on the X16 (specs/programs.md): a `.PRG` loaded where its header says,
//! started at its BASIC stub's `SYS` address, under the project's KERNAL
//! ([`super::kernal`]), the 65C02 and VERA interleaved line by line.
//!
//! # Loading
//! A `.PRG` is a 2-byte little-endian load address and the bytes to load there. It must fit
//! the fixed RAM ($0002-$9EFF): an image that reaches the I/O page at $9F00 or beyond is an
//! error. The start is [`ProgramImage::start`] when given, else the `SYS n` of the tokenised
//! BASIC line at $0801 (token $9E, then decimal digits, spaces allowed).
//!
//! # The state a program starts in (what the KERNAL leaves when BASIC runs `SYS`)
//! S = $FF (empty stack), P with I and D clear (the KERNAL runs with interrupts on),
//! A = X = Y = 0, RAM bank 0, ROM bank 0; VERA freshly reset, the palette at $1FA00 the
//! X16's default ([`vera::palette::DEFAULT_RGB12`]), which the KERNAL's screen_init
//! uploads; then the KERNAL's own start-up code has run ([`Program::start_kernal`]):
//! CINV/CBINV/NMINV hold its defaults, layer 1 is its 80x60 text screen (cleared, the
//! PETSCII set loaded), DC_VIDEO = $21 (VGA, layer 1 on, sprites off) and IEN = $01
//! (VSYNC). The beam is at the start of line 0.
//!
//! # Time
//! The frame is [`CYCLES_PER_FRAME`] = 133,466 CPU cycles over 525 VGA lines; line `k` of
//! frame `f` starts at cycle `f x 133,466 + floor(k x 133,466 / 525)` after boot, so no
//! fraction is lost across frames. The CPU runs whole instructions until the line's last
//! cycle is reached (in bursts between the instructions the board must see itself, see
//! [`super::burst`]), then the chip draws the line and the beam moves to the next one
//! (SCANLINE, LINE at IRQLINE, the vblank commit and VSYNC at line 480), and the IRQ input
//! follows VERA's IRQ output (ISR & IEN != 0). The board tells the probe
//! [`BoardEvent::DisplayStart`] at the first cycle of each line 0, where the active display
//! begins. VERA reads the sprite attribute table line by line: a handler still writing it
//! then moves its sprites on the lines drawn after each write (see [`vera::Vera::start_line`]). A `WAI` with the IRQ input low idles to the
//! end of the line; with it high (even with I set) the CPU resumes, as the W65C02S does.
//! The first frame after boot runs lines 0-479 only.
//!
//! # Pads
//! A program reads pad 1 through the KERNAL's `joystick_get` (the project KERNAL's, see
//! [`super::kernal`]); the harness's input ([`ProgramBoard::set_input`]) is stored before
//! each frame where it reads it. A program that reads the pads' lines on VIA 1 itself
//! finds them high: the pads are not wired to the VIA.
//!
//! # Keyboard, devices and files
//! VIA 1 and VIA 2, the I2C bus with the SMC and the RTC are on the I/O page
//! ([`super::io`]); text the program file types goes to the SMC's keyboard queue
//! ([`Program::type_text`]), where the KERNAL's VSYNC handler reads it. With a host
//! folder ([`Program::attach_host_fs`]) the board answers the KERNAL's serial-bus calls
//! as disk unit 8 ([`super::drive`]).
//!
//! # A `rom.bin` of the user's
//! Given one ([`ProgramImage::system_rom`], checked by [`handover::check_rom`]), the
//! board is the machine at power-on: the ROM's banks behind $0001, the CPU's RESET
//! sequence through bank 0's vector, VERA in its power-on state (its palette RAM holding
//! the default colours, everything else at reset), RAM zero, the YM2151
//! ([`super::ym2151`]), VERA's PCM and SPI registers with no card ([`vera::audio`]), the
//! VIAs, the I2C bus, the SMC and the RTC as above. The program is not put in memory:
//! unit 8 holds it as `:*` and BASIC is made to type `LOAD":*",8,1` and `RUN` when it
//! first waits for a line, as x16emu does ([`handover`]). The drive's eight serial-bus
//! calls are answered when the ROM's KERNAL bank shows ("MIST" at $FFF6 or $C008). Any
//! ROM address runs; the faults are STP and execution in the I/O page. Judging from the
//! handover starts at the program's `SYS` address.
//!
//! # Not modelled
//! Sound, the SD card's presence, the mouse's movements.

use cpu_65c02::{Cpu, State, flags};
use vera::Vera;

use super::burst::{Burst, BurstBus};
use super::bus::{IO, Memory, X16Bus, peek};
use super::drive::{Drive, NoFolder};
use super::handover::{self, Handover};
use super::idle::{Watching, Written, counting_loop, still};
use super::io::Io;
use super::kernal::{self, DEFAULT_BRK};
use super::saved::{Saved, saved_by_fields};
use super::target::{CYCLES_PER_FRAME, LINES_PER_FRAME};
use crate::idle::{IdleSkip, LoopCpu, backward, iterations};
use crate::program::{
    BoardEvent, Breakpoints, CpuView, FrameRun, Probe, ProgramBoard, ProgramError, ProgramImage,
};
use crate::routine::Addr;

/// Where a BASIC program (and its `SYS` stub) starts.
pub const BASIC_START: u16 = 0x0801;
/// The BASIC token of `SYS`.
const SYS_TOKEN: u8 = 0x9E;
/// The first of the KERNAL's serial-bus entries (SECOND, $FF93; TALK, $FFB4 the last).
const SERIAL_FIRST: u16 = 0xFF93;
/// The first scan line of vblank.
const VBLANK_LINE: u16 = 480;
/// CPU cycles per VGA line in 1/256 cycle (133,466 x 256 / 525, rounded down).
const LINE_CYCLES_256: u32 = (CYCLES_PER_FRAME * 256 / LINES_PER_FRAME) as u32;

/// The CPU and memory of a booted program, and where the beam is.
#[derive(Clone, Debug)]
pub struct Program {
    cpu: Cpu,
    mem: Memory,
    /// The VIAs, the I2C bus, the SMC and the RTC.
    io: Io,
    /// Unit 8 on a host folder, when one is given ([`super::drive`]).
    drive: Option<Box<Drive>>,
    /// The scan line the beam is on.
    line: u16,
    /// The CPU cycle line 0 of the current frame began on.
    frame_start: u64,
    /// The interrupted PC and S of each interrupt being handled, innermost last.
    handling: Vec<(u16, u8)>,
    /// Line 0 has begun and the probe has not been told yet.
    display_due: bool,
    /// Loops that only wait, fast-forwarded ([`crate::idle`]).
    skip: IdleSkip<Cpu>,
    /// The RAM the iteration under recording wrote ([`super::idle::Written`]).
    written: Written,
    /// The ROM is the project's KERNAL (else the user's `rom.bin`).
    own_kernal: bool,
    /// The keys that hand the program to the user's ROM's BASIC, until all are typed.
    handover: Option<Box<Handover>>,
    /// Where the program starts (its `SYS` or the given start), when known.
    start: Option<u16>,
}

saved_by_fields!(Program {
    saved: [mem],
    cloned: [
        cpu,
        io,
        drive,
        line,
        frame_start,
        handling,
        display_due,
        skip,
        written,
        own_kernal,
        handover,
        start,
    ],
});

fn image_error(what: String) -> ProgramError {
    ProgramError::Image { what }
}

/// The `SYS` address of the BASIC line at the start of `body` (loaded at $0801).
fn sys_address(body: &[u8]) -> Result<u16, ProgramError> {
    // Link (2 bytes) and line number (2 bytes), then the tokens up to a 0.
    let tokens = body.get(4..).unwrap_or(&[]);
    let end = tokens.iter().position(|&b| b == 0).unwrap_or(tokens.len());
    let line = &tokens[..end];
    let Some(sys) = line.iter().position(|&b| b == SYS_TOKEN) else {
        return Err(image_error(
            "the BASIC line at $0801 has no SYS: give the start address (--start)".to_owned(),
        ));
    };
    let digits: String = line[sys + 1..]
        .iter()
        .skip_while(|&&b| b == b' ')
        .take_while(|b| b.is_ascii_digit())
        .map(|&b| char::from(b))
        .collect();
    digits.parse::<u16>().map_err(|_| {
        image_error(format!(
            "the BASIC line at $0801 has SYS without an address in 0..65535 ({digits:?})"
        ))
    })
}

/// What [`Program::hook`] did before an instruction.
#[derive(Clone, Copy, Debug)]
struct Hooked {
    /// The hand-over typed into the keyboard buffer.
    typed: bool,
    /// The drive answered the call at the PC: the CPU does not run it.
    answered: bool,
}

impl Program {
    /// A working board from a [`Saved::saved`] copy (its banked RAM its own).
    pub(super) fn from_saved(saved: &Self) -> Self {
        let mut board = saved.clone();
        board.restore(saved);
        board
    }

    /// Loads a `.PRG` and sets the state the KERNAL leaves (see the module docs); the
    /// caller resets the chip.
    ///
    /// # Errors
    /// [`ProgramError::Image`] for a file too short, loading over the I/O page or past
    /// RAM, or without a start address (with the project's KERNAL);
    /// [`ProgramError::SystemRom`] for a `rom.bin` of the wrong size or whose RESET vector
    /// is outside the ROM.
    pub fn boot(image: &ProgramImage<'_>) -> Result<Self, ProgramError> {
        if let Some(rom) = image.system_rom {
            handover::check_rom(rom)?;
        }
        let bytes = image.bytes;
        if bytes.len() < 2 {
            return Err(image_error(format!(
                "{} bytes: a .PRG starts with a 2-byte load address",
                bytes.len()
            )));
        }
        let load = u16::from_le_bytes([bytes[0], bytes[1]]);
        let body = &bytes[2..];
        let end = usize::from(load) + body.len();
        if !(2..IO).contains(&load) {
            return Err(image_error(format!(
                "loads at {}: outside the fixed RAM $0002-$9EFF",
                Addr(u32::from(load))
            )));
        }
        if end > usize::from(IO) {
            return Err(image_error(format!(
                "{} bytes loaded at {} run to ${end:04X}, over the I/O page at $9F00 (the \
                 fixed RAM ends at $9EFF)",
                body.len(),
                Addr(u32::from(load))
            )));
        }
        let given = image
            .start
            .map(|s| {
                u16::try_from(s).map_err(|_| {
                    image_error(format!("start {}: beyond the 65C02's 64 KB", Addr(s)))
                })
            })
            .transpose()?;
        if let Some(rom) = image.system_rom {
            // BASIC's RUN starts a program with no SYS as BASIC: then no start is known.
            let start = given.or_else(|| {
                (load == BASIC_START)
                    .then(|| sys_address(body).ok())
                    .flatten()
            });
            return Ok(Self::on_rom(rom, bytes, given, start));
        }
        let start = match given {
            Some(s) => s,
            None if load == BASIC_START => sys_address(body)?,
            None => {
                return Err(image_error(format!(
                    "loads at {}, not $0801: no BASIC stub to take SYS from; give the start \
                     address (--start)",
                    Addr(u32::from(load))
                )));
            }
        };
        let mut mem = Memory::new(kernal::rom());
        // Nothing held until the harness says otherwise.
        let [byte0, byte1] = kernal::snes_bytes(0);
        mem.write_bank0(kernal::PAD_STATE, byte0);
        mem.write_bank0(kernal::PAD_STATE + 1, byte1);
        for (a, &b) in (load..).zip(body) {
            mem.write(a, b);
        }
        let mut cpu = Cpu::new();
        cpu.s = 0xFF;
        cpu.pc = start;
        cpu.set_flag(flags::I, false);
        cpu.set_flag(flags::D, false);
        Ok(Self {
            cpu,
            mem,
            io: Io::new(),
            drive: None,
            line: 0,
            frame_start: 0,
            handling: Vec::new(),
            display_due: true,
            skip: IdleSkip::default(),
            written: Written::default(),
            own_kernal: true,
            handover: None,
            start: Some(start),
        })
    }

    /// The board with the user's `rom`, the program `prg` held by unit 8 for the
    /// handover (see the module docs); the CPU at power-on, its RESET sequence run by
    /// [`Self::power_on`] once the chip is there.
    fn on_rom(rom: &[u8], prg: &[u8], sys: Option<u16>, start: Option<u16>) -> Self {
        let cpu = Cpu::new();
        let mut drive = Drive::new(Box::new(NoFolder));
        drive.hold_program(prg.to_vec());
        Self {
            cpu,
            mem: Memory::new(rom.to_vec().into_boxed_slice()),
            io: Io::new(),
            drive: Some(Box::new(drive)),
            line: 0,
            frame_start: 0,
            handling: Vec::new(),
            display_due: true,
            skip: IdleSkip::default(),
            written: Written::default(),
            own_kernal: false,
            handover: Some(Box::new(Handover::new(sys))),
            start,
        }
    }

    /// Whether the ROM is the project's KERNAL.
    #[must_use]
    pub const fn own_kernal(&self) -> bool {
        self.own_kernal
    }

    /// Where the program starts, when known (its `SYS`, or the start given).
    #[must_use]
    pub const fn start(&self) -> Option<u16> {
        self.start
    }

    /// The chip at reset, keeping its quirks and whether it writes the picture, with
    /// the default palette in its palette RAM: the FPGA's palette RAM holds it at
    /// power-on (VERA Programmer's Reference, "Palette"), and the KERNAL's screen_init
    /// uploads the same colours (x16-rom `graphics/palette.s`).
    fn fresh_chip(vera: &mut Vera) {
        let frame_output = vera.frame_output();
        *vera = Vera::new(vera.quirks());
        vera.set_frame_output(frame_output);
        vera.write_default_palette();
    }

    /// The machine at power-on, for the user's ROM: the chip with every register at its
    /// reset value and the default palette, then the CPU's RESET sequence
    /// ([`Cpu::reset`]: S lowered by three, I set, D clear, VPB asserted for the vector
    /// fetch, which maps ROM bank 0) through the board's bus.
    pub fn power_on(&mut self, vera: &mut Vera) {
        Self::fresh_chip(vera);
        vera.start_line(0);
        let mut bus = X16Bus {
            mem: &mut self.mem,
            vera,
            io: &mut self.io,
            now: self.cpu.cycles,
        };
        self.cpu.reset(&mut bus);
    }

    /// The chip as the KERNAL's init leaves it (see the module docs).
    pub fn reset_chip(vera: &mut Vera) {
        Self::fresh_chip(vera);
        vera.write_reg(vera::registers::DC_VIDEO, 0x21);
        vera.write_reg(vera::registers::IEN, 0x01);
        vera.start_line(0);
    }

    /// Runs the KERNAL's start-up code (RESET to its end, [`kernal::run_reset`]) on
    /// the loaded memory and the freshly reset chip, before the program's first cycle:
    /// the RAM vectors, the channels, the clocks, the text screen.
    ///
    /// # Errors
    /// [`ProgramError::Fault`] if the KERNAL's code does not reach its end.
    pub fn start_kernal(&mut self, vera: &mut Vera) -> Result<(), ProgramError> {
        kernal::run_reset(&mut self.mem, vera, &mut self.io)?;
        // The program's clock starts after the KERNAL's start-up code.
        self.io.restart_clock();
        // The harness's pad state (set_pad) is the board's, not the KERNAL's idle value.
        let [byte0, byte1] = kernal::snes_bytes(0);
        self.mem.write_bank0(kernal::PAD_STATE, byte0);
        self.mem.write_bank0(kernal::PAD_STATE + 1, byte1);
        Ok(())
    }

    /// The first cycle of the line after the beam's.
    fn line_end(&self) -> u64 {
        self.frame_start + (u64::from(self.line) + 1) * CYCLES_PER_FRAME / LINES_PER_FRAME
    }

    /// The first cycle from which something besides the CPU may change what a loop
    /// that touches neither VERA nor the YM2151 reads, or whether the CPU takes an
    /// interrupt: a VIA timer's next event; VERA's IRQ output, which changes by itself only
    /// when a line starts (`vera::Vera::start_line`): at line 480 (the vblank commit of
    /// VSYNC and SPRCOL), and at IRQLINE while IEN enables LINE, in which case the
    /// line's end counts. The lines in between are drawn after the CPU is moved on: a
    /// line reads VRAM and the attribute table, which the loop does not write. While the
    /// hand-over still types into the keyboard buffer, the line's end. The drive needs
    /// no such bound: it answers only calls at its jump-table entries, and an answer ends
    /// any recording ([`Self::hook`]), so no loop that reaches one is skipped.
    fn idle_until(&self, vera: &Vera, line_end: u64) -> u64 {
        let vera_until = if self.handover.is_some() || vera.ien() & vera::isr::LINE != 0 {
            line_end
        } else {
            // Line 480 of this frame, or of the next one when the beam is in vblank.
            let frame = if self.line < VBLANK_LINE {
                self.frame_start
            } else {
                self.frame_start + CYCLES_PER_FRAME
            };
            frame + u64::from(VBLANK_LINE) * CYCLES_PER_FRAME / LINES_PER_FRAME
        };
        vera_until.max(line_end).min(self.io.next_event())
    }

    /// The word at `addr` in RAM.
    fn word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.mem.read(addr), self.mem.read(addr.wrapping_add(1))])
    }

    /// Why the PC cannot run at `pc` (the I/O page, the KERNAL's traps), or `None`.
    fn trap(&self, pc: u16) -> Option<ProgramError> {
        let s = self.cpu.s;
        let stacked = |k: u8| 0x0100 | u16::from(s.wrapping_add(k));
        let (at, what) = if !self.own_kernal {
            // The user's ROM may run anywhere in its window; only the I/O page is no code.
            (pc, "execution in the I/O page".to_owned())
        } else if pc == DEFAULT_BRK {
            // Y, X, A pushed by the entry above the BRK's status and return address.
            let brk = self.word(stacked(5)).wrapping_sub(2);
            (
                brk,
                "BRK: the KERNAL would enter its monitor; the board stops".to_owned(),
            )
        } else if pc == kernal::BASIC_RETURN {
            (
                pc,
                "the program returned from its start (RTS with an empty stack): BASIC's SYS \
                 would resume, and this board has no BASIC; the board stops"
                    .to_owned(),
            )
        } else if let Some(name) = kernal::kernal_entry_name(pc) {
            let caller = self.word(stacked(1)).wrapping_sub(2);
            (
                caller,
                format!("KERNAL {name} (${pc:04X}) called: the board's KERNAL does not have it"),
            )
        } else if pc >= super::bus::ROM {
            (
                pc,
                "execution in the KERNAL ROM where it has no code".to_owned(),
            )
        } else {
            (pc, "execution in the I/O page".to_owned())
        };
        Some(ProgramError::Fault {
            pc: Addr(u32::from(at)),
            what,
        })
    }

    /// Stores pad 1 where the KERNAL's `joystick_get` reads it (see [`kernal::PAD_STATE`]).
    pub fn set_pad(&mut self, pad1: u16) {
        let [byte0, byte1] = kernal::snes_bytes(pad1);
        self.mem.write_bank0(kernal::PAD_STATE, byte0);
        self.mem.write_bank0(kernal::PAD_STATE + 1, byte1);
    }

    /// Types `text` on the keyboard: its keycodes go to the SMC's queue, where the
    /// KERNAL's interrupt handler reads them one a frame ([`super::keyboard`]).
    ///
    /// # Errors
    /// A character on no key of the keyboard.
    pub fn type_text(&mut self, text: &str) -> Result<(), String> {
        for code in super::keyboard::type_text(text)? {
            self.io.i2c.smc.push_key(code);
        }
        Ok(())
    }

    /// Puts a host folder behind unit 8 (the program held for the handover kept).
    pub fn attach_host_fs(&mut self, fs: Box<dyn crate::program::HostFs>) {
        match self.drive.as_deref_mut() {
            Some(drive) => drive.set_folder(fs),
            None => self.drive = Some(Box::new(Drive::new(fs))),
        }
    }

    /// Before the instruction at `pc`: the handover's typing, then the drive's calls.
    /// Says whether the board typed into RAM and whether it answered the instruction (the
    /// CPU does not run it).
    #[inline(never)]
    fn hook(&mut self, pc: u16) -> Hooked {
        let mut typed = false;
        if let Some(h) = self.handover.as_deref_mut() {
            typed = h.step(pc, self.cpu.flag(flags::I), &mut self.mem);
            if h.done() {
                self.handover = None;
            }
        }
        Hooked {
            typed,
            answered: pc >= SERIAL_FIRST && self.serial_call(pc),
        }
    }

    /// Whether the KERNAL's bank shows: ROM bank 0 under the project's KERNAL, the bank
    /// with x16emu's signature under the user's ROM.
    fn kernal_showing(&self) -> bool {
        if self.own_kernal {
            self.mem.rom_bank() == 0
        } else {
            handover::is_kernal(&self.mem)
        }
    }

    /// The KERNAL's serial-bus call at jump-table entry `pc`, answered by the drive when
    /// it is the drive's (see [`super::drive`]): the registers as the routine leaves
    /// them, STATUS ORed with the call's bits, and the routine's `RTS`, 6 cycles, the
    /// whole cost (the transfer itself is not timed; x16emu adds the host's time, which
    /// would make runs differ). Only with the KERNAL's bank mapped
    /// ([`Self::kernal_showing`]).
    fn serial_call(&mut self, pc: u16) -> bool {
        if !self.kernal_showing() {
            return false;
        }
        let Some(drive) = self.drive.as_deref_mut() else {
            return false;
        };
        let a = self.cpu.a;
        let answer = match pc {
            0xFF93 => drive.second(a),
            0xFF96 => drive.tksa(a),
            0xFFA5 => drive.acptr(),
            0xFFA8 => drive.ciout(a),
            0xFFAB => drive.untlk(),
            0xFFAE => drive.unlsn(),
            0xFFB1 => drive.listen(a),
            0xFFB4 => drive.talk(a),
            _ => None,
        };
        let Some((bits, byte)) = answer else {
            return false;
        };
        if pc == 0xFFA5 {
            self.cpu.a = byte;
            self.cpu.set_flag(flags::Z, byte == 0);
            self.cpu.set_flag(flags::N, byte & 0x80 != 0);
        }
        self.cpu.set_flag(flags::C, false);
        if bits != 0
            && let Some(at) = self.status_address()
        {
            let v = self.mem.read(at) | bits;
            self.mem.write(at, v);
        }
        // RTS: the return address pulled, plus one.
        let s = self.cpu.s;
        let ret = self.word(0x0100 | u16::from(s.wrapping_add(1)));
        self.cpu.s = s.wrapping_add(2);
        self.cpu.pc = ret.wrapping_add(1);
        self.cpu.cycles += 6;
        true
    }

    /// Where the KERNAL keeps STATUS: the operand of the `LDA abs` READST ($FFB7) jumps
    /// to, as x16emu finds it (`set_kernal_status`).
    fn status_address(&self) -> Option<u16> {
        if self.mem.read(0xFFB7) != 0x4C {
            return None;
        }
        let readst = self.word(0xFFB8);
        (readst >= super::bus::ROM && self.mem.read(readst) == 0xAD)
            .then(|| self.word(readst.wrapping_add(1)))
    }

    /// Runs to the start of the next vblank (see [`ProgramBoard::run_frame`]).
    ///
    /// # Errors
    /// [`ProgramError::Fault`] on STP, BRK, a KERNAL call, execution in I/O or the ROM.
    pub fn run_frame(
        &mut self,
        vera: &mut Vera,
        probe: &mut dyn Probe,
    ) -> Result<FrameRun, ProgramError> {
        let first = self.cpu.cycles;
        let mut idle = 0u64;
        let watching = probe.breakpoints().any();
        loop {
            if self.display_due {
                // VGA line 0 is the first line shown (VERA's active display is lines
                // 0-479, its vblank 480-524).
                self.display_due = false;
                probe.on_event(BoardEvent::DisplayStart {
                    cycle: self.frame_start,
                    line_cycles_256: LINE_CYCLES_256,
                });
            }
            let line_end = self.line_end();
            while self.cpu.cycles < line_end {
                if self.cpu.cycles >= self.io.next_event() {
                    self.io.sync(self.cpu.cycles);
                }
                let irq = vera.irq() || self.io.irq();
                self.cpu.set_irq(irq);
                match self.cpu.state() {
                    State::Running => {}
                    State::Waiting { .. } if !irq => {
                        // Nothing can wake the CPU before the line ends or a VIA timer
                        // falls due.
                        let mut until = line_end.min(self.io.next_event());
                        if until <= self.cpu.cycles {
                            until = line_end;
                        }
                        idle += until - self.cpu.cycles;
                        self.cpu.cycles = until;
                        if until >= line_end {
                            break;
                        }
                        continue;
                    }
                    State::Waiting { .. } => {}
                    State::Stopped { pc } => {
                        return Err(ProgramError::Fault {
                            pc: Addr(u32::from(pc)),
                            what: "STP: the clock stops".to_owned(),
                        });
                    }
                }
                let pc = self.cpu.pc;
                if self.handover.is_some() || (pc >= SERIAL_FIRST && self.drive.is_some()) {
                    // The hand-over types into RAM and the host's drive answers calls:
                    // effects a loop recording's bus never saw, so none survives them.
                    let hooked = self.hook(pc);
                    if hooked.typed || hooked.answered {
                        self.skip.abort();
                    }
                    if hooked.answered {
                        continue;
                    }
                }
                if (IO..super::bus::BANK_WINDOW).contains(&pc) {
                    return Err(self.trap(pc).unwrap_or_else(|| unreachable_fault(pc)));
                }
                if pc >= super::bus::ROM && self.own_kernal && !kernal::runs(pc) {
                    return Err(self.trap(pc).unwrap_or_else(|| unreachable_fault(pc)));
                }
                if watching && probe.breakpoints().contains(u32::from(pc)) {
                    let view = View {
                        cpu: &self.cpu,
                        mem: &self.mem,
                        io: &self.io,
                        vera,
                    };
                    probe.on_pc(u32::from(pc), self.cpu.cycles, &view);
                }
                let s = self.cpu.s;
                let was_running = self.cpu.state() == State::Running;
                let recording = self.skip.recording();
                let mut bus = X16Bus {
                    mem: &mut self.mem,
                    vera,
                    io: &mut self.io,
                    now: self.cpu.cycles,
                };
                if recording {
                    step_recorded(
                        &mut self.cpu,
                        &mut bus,
                        self.skip.log(),
                        &mut self.written,
                        pc,
                    );
                } else {
                    self.cpu.step(&mut bus);
                }
                self.events(pc, s, was_running, probe);
                if self.skip.enabled()
                    && (recording || backward(u32::from(pc), u32::from(self.cpu.pc)))
                {
                    let breakpoints = watching.then(|| probe.breakpoints());
                    let until = self.idle_until(vera, line_end);
                    self.skip_idle(pc, s, breakpoints, until);
                }
                if self.handover.is_none()
                    && !self.skip.recording()
                    && self.cpu.state() == State::Running
                {
                    self.burst(vera, probe, line_end, watching);
                }
            }
            if self.cpu.cycles < line_end {
                // Idled to the line's end.
                continue;
            }
            vera.draw_line(self.line);
            self.line += 1;
            if u64::from(self.line) == LINES_PER_FRAME {
                self.line = 0;
                self.frame_start += CYCLES_PER_FRAME;
                self.display_due = true;
            }
            vera.start_line(self.line);
            if self.line == VBLANK_LINE {
                probe.on_event(BoardEvent::Vblank { cycle: line_end });
                break;
            }
        }
        let cycles = self.cpu.cycles - first;
        Ok(FrameRun {
            cycles,
            idle_cycles: idle,
        })
    }

    /// After an instruction at `pc` (S was `s`): a backward branch that reaches the head
    /// of a loop that only waits ([`crate::idle`]) fast-forwards it by the whole
    /// iterations that end by `until` ([`Self::idle_until`]). The loop touches no chip
    /// but for accesses that change nothing (`x16::idle`), so VERA's IRQ output and the
    /// VIAs stay as they are until then, and nothing else writes memory before then. A
    /// loop that only counts in X or Y (`x16::idle::Counting`, recognised from its
    /// opcodes) is moved on by its turns that end by `until` and branch back, but the
    /// last. Not after an interrupt entry (S down by three: no instruction
    /// the board lets run moves it so, BRK being a fault) or a `WAI`, nor a loop with one
    /// of the probe's `breakpoints` among its instructions. A loop may call subroutines
    /// (S moves within the iteration and is back at the head).
    #[inline]
    fn skip_idle(&mut self, pc: u16, s: u8, breakpoints: Option<&Breakpoints>, until: u64) {
        if self.cpu.s == s.wrapping_sub(3) || self.cpu.state() != State::Running {
            self.skip.abort();
            return;
        }
        let head = self.cpu.pc;
        if !backward(u32::from(pc), u32::from(head)) {
            self.skip.recorded_step();
            return;
        }
        // Back at the head of the recording: the RAM it wrote must be as it found it.
        if self.skip.recording_head() == Some(u32::from(head)) && !self.written.restored(&self.mem)
        {
            self.skip.log().spoil();
        }
        let (mem, io) = (&self.mem, &self.io);
        if let Some(skip) = self
            .skip
            .at_head(u32::from(head), &self.cpu, |r| still(mem, io, r))
        {
            if !breakpoints.is_some_and(|b| skip.meets(b)) {
                let n = iterations(self.cpu.cycles, until, skip.period);
                if n > 0 {
                    self.cpu.skip(n, skip.period, skip.m1);
                    self.skip.count(n * skip.period);
                }
            }
        } else if let Some(counting) = counting_loop(mem, head, pc)
            // An IRQ the CPU would take before the next turn (asserted, I clear).
            && !(self.cpu.irq_asserted() && self.cpu.p & flags::I == 0)
            && !breakpoints.is_some_and(|b| {
                b.contains(u32::from(head)) || b.contains(u32::from(pc))
            })
        {
            // All but the last whole turn before `until`, and none past the last
            // that branches back: the turns after are stepped, so the DEX (or INX,
            // ...) they run leaves N and Z as stepping every turn would.
            let n = iterations(self.cpu.cycles, until, counting.period);
            let m = n.saturating_sub(1).min(counting.turns_back(&self.cpu));
            if m > 0 {
                // A recording under way would see the register jump.
                self.skip.abort();
                counting.apply(&mut self.cpu, m);
                self.cpu.skip(m, counting.period, 0);
                self.skip.count(m * counting.period);
            }
        }
    }

    /// Runs the core from the instruction after a step up to the next one the board
    /// must see itself ([`super::burst`]), then tells the probe and the idle skipping
    /// what the burst's last instruction did, as after a step: no instruction before it
    /// could be an event (none moved S by an interrupt entry, began a wait or reached
    /// the interrupted PC) or end a loop iteration (none branched backward).
    #[inline]
    fn burst(&mut self, vera: &mut Vera, probe: &mut dyn Probe, line_end: u64, watching: bool) {
        loop {
            let end = line_end.min(self.io.next_event());
            if self.cpu.cycles >= end {
                return;
            }
            // What the next step would sample; it stays until an access moves it.
            let irq = vera.irq() || self.io.irq();
            self.cpu.set_irq(irq);
            let mut burst = Burst::new(
                self.own_kernal.then_some(kernal::IMAGE),
                if self.drive.is_some() {
                    u32::from(SERIAL_FIRST)
                } else {
                    u32::MAX
                },
                self.handling
                    .last()
                    .map_or(u32::MAX, |&(back, _)| u32::from(back)),
                watching.then(|| probe.breakpoints()),
                self.skip.enabled().then_some(&mut self.skip),
            );
            let mut bus = X16Bus {
                mem: &mut self.mem,
                vera,
                io: &mut self.io,
                now: self.cpu.cycles,
            };
            self.cpu.run_to(
                &mut BurstBus {
                    bus: &mut bus,
                    irq,
                    end,
                    now: self.cpu.cycles,
                },
                &mut burst,
            );
            let Some((last_pc, last_s)) = burst.last() else {
                return;
            };
            self.events(last_pc, last_s, true, probe);
            if self.skip.enabled() && backward(u32::from(last_pc), u32::from(self.cpu.pc)) {
                let breakpoints = watching.then(|| probe.breakpoints());
                let until = self.idle_until(vera, line_end);
                self.skip_idle(last_pc, last_s, breakpoints, until);
            }
            // Ended at a loop head the board has now looked at: the next instruction
            // may begin the next burst at once, as the board would step it and burst
            // on, unless a recording began there (it is stepped on the watching bus) or
            // the hand-over types (it is stepped).
            let at_head = backward(u32::from(last_pc), u32::from(self.cpu.pc));
            if !at_head
                || self.skip.recording()
                || self.handover.is_some()
                || self.cpu.state() != State::Running
            {
                return;
            }
        }
    }

    /// Turns idle skipping on or off ([`crate::idle`]).
    pub fn set_idle_skip(&mut self, on: bool) {
        self.skip.set_enabled(on);
    }

    /// The cycles fast-forwarded through loops that only wait.
    #[must_use]
    pub fn idle_skipped_cycles(&self) -> u64 {
        self.skip.skipped_cycles()
    }

    /// Tells the probe what the instruction at `pc` (S was `s`) did.
    #[inline]
    fn events(&mut self, pc: u16, s: u8, was_running: bool, probe: &mut dyn Probe) {
        let cpu = &self.cpu;
        // Only an instruction that moved S (an interrupt taken, a return), began a wait
        // or reached the interrupted PC can be an event: the rest leave at once.
        if cpu.s == s
            && cpu.state() == State::Running
            && self.handling.last().is_none_or(|&(back, _)| back != cpu.pc)
        {
            return;
        }
        if let State::Waiting { pc: wai } = cpu.state() {
            if was_running {
                probe.on_event(BoardEvent::Wait {
                    cycle: cpu.cycles - 3,
                    pc: u32::from(wai),
                });
            }
            return;
        }
        // An IRQ taken: the ROM's IRQ vector followed (S down by three first, the rare
        // case) with the interrupted PC and a status with B clear pushed.
        if cpu.s == s.wrapping_sub(3) && cpu.pc == self.word(0xFFFE) {
            let p = self.mem.read(0x0100 | u16::from(cpu.s.wrapping_add(1)));
            let ret = self.word(0x0100 | u16::from(cpu.s.wrapping_add(2)));
            if p & flags::B == 0 && ret == pc {
                self.handling.push((pc, s));
                probe.on_event(BoardEvent::Interrupt {
                    source: "irq",
                    cycle: cpu.cycles - 7,
                    pc: u32::from(pc),
                });
                return;
            }
        }
        if let Some(&(back, stack)) = self.handling.last()
            && cpu.pc == back
            && cpu.s == stack
        {
            self.handling.pop();
            probe.on_event(BoardEvent::Return { cycle: cpu.cycles });
        }
    }

    /// The CPU.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The memory.
    #[must_use]
    pub const fn memory(&self) -> &Memory {
        &self.mem
    }
}

/// One step on the watching bus of a recording ([`crate::idle`]), kept out of line so
/// the board's own step loop is compiled as it was.
#[inline(never)]
fn step_recorded(
    cpu: &mut Cpu,
    bus: &mut X16Bus<'_>,
    log: &mut crate::idle::ReadLog,
    written: &mut Written,
    pc: u16,
) {
    // A recording's first step: nothing read yet (its opcode fetch is always noted).
    if log.reads().is_empty() {
        written.clear();
    }
    log.at(u32::from(pc));
    cpu.step(&mut Watching { bus, log, written });
}

fn unreachable_fault(pc: u16) -> ProgramError {
    ProgramError::Fault {
        pc: Addr(u32::from(pc)),
        what: "execution where the board has no code".to_owned(),
    }
}

/// The CPU, memory and chip read without side effects.
#[derive(Debug)]
pub struct View<'a> {
    /// The CPU.
    pub cpu: &'a Cpu,
    /// RAM and ROM.
    pub mem: &'a Memory,
    /// The VIAs and the I2C bus.
    pub io: &'a Io,
    /// The chip.
    pub vera: &'a Vera,
}

impl CpuView for View<'_> {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_65c02(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        let c = self.cpu;
        Some(u32::from(match name.to_ascii_uppercase().as_str() {
            "A" => c.a,
            "X" => c.x,
            "Y" => c.y,
            "S" => c.s,
            "P" => c.p,
            "PC" => return Some(u32::from(c.pc)),
            _ => return None,
        }))
    }
    fn pc(&self) -> u32 {
        u32::from(self.cpu.pc)
    }
    fn peek(&self, addr: u32) -> u8 {
        peek(self.mem, self.vera, self.io, (addr & 0xFFFF) as u16)
    }
}

impl ProgramBoard for super::X16 {
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        let (program, vera) = self.program_parts();
        match program {
            Some(program) => program.run_frame(vera, probe),
            None => Err(ProgramError::Unsupported { machine: "vera" }),
        }
    }
    fn cpu(&self) -> &dyn CpuView {
        self
    }
    fn peek_vram(&self, addr: u32) -> u8 {
        self.vera().read_vram(addr)
    }
    fn set_input(&mut self, input: crate::program::Input) {
        if let (Some(program), _) = self.program_parts() {
            program.set_pad(input.pad1);
        }
    }
    fn type_text(&mut self, text: &str) -> Result<(), String> {
        match self.program_parts() {
            (Some(program), _) => program.type_text(text),
            (None, _) => Err("no program booted".to_owned()),
        }
    }
    fn attach_host_fs(&mut self, fs: Box<dyn crate::program::HostFs>) -> Result<(), String> {
        match self.program_parts() {
            (Some(program), _) => {
                program.attach_host_fs(fs);
                Ok(())
            }
            (None, _) => Err("no program booted".to_owned()),
        }
    }
    fn cycles_per_frame(&self) -> u64 {
        CYCLES_PER_FRAME
    }
    fn handover_pc(&self) -> Option<u32> {
        // Under the user's ROM BASIC starts the program; under the project's KERNAL it
        // runs from its first cycle.
        self.booted()
            .filter(|p| !p.own_kernal())
            .and_then(Program::start)
            .map(u32::from)
    }
    fn set_idle_skip(&mut self, on: bool) {
        if let (Some(program), _) = self.program_parts() {
            program.set_idle_skip(on);
        }
    }
    fn idle_skipped_cycles(&self) -> u64 {
        self.booted().map_or(0, Program::idle_skipped_cycles)
    }
    fn no_interrupt_note(&self) -> Option<String> {
        // VERA raises SPRCOL only in a frame where sprites' collision masks share a bit
        // where their opaque pixels meet (VERA programmer's reference, "Sprite
        // collisions"): a program that enables nothing else waits for an event.
        let ien = self.vera().ien();
        (ien & 0x0F == vera::isr::SPRCOL).then(|| {
            "IEN enables only the sprite-collision interrupt (SPRCOL, $04), which VERA \
             raises only in a frame where two sprites' collision masks share a bit where \
             their opaque pixels meet, and no such frame came; enable VSYNC (IEN bit 0) \
             for a frame interrupt"
                .to_owned()
        })
    }
}

/// The booted program's CPU and memory (zero before a boot).
impl CpuView for super::X16 {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_65c02(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        let program = self.booted()?;
        View {
            cpu: &program.cpu,
            mem: &program.mem,
            io: &program.io,
            vera: self.vera(),
        }
        .register(name)
    }
    fn pc(&self) -> u32 {
        self.booted().map_or(0, |p| u32::from(p.cpu.pc))
    }
    fn peek(&self, addr: u32) -> u8 {
        self.booted().map_or(0, |p| {
            peek(&p.mem, self.vera(), &p.io, (addr & 0xFFFF) as u16)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sys_is_read_from_the_tokenised_line() {
        // 10 SYS 2061: link $080B, line 10, $9E, " 2061", 0.
        let body = [
            0x0B, 0x08, 0x0A, 0x00, 0x9E, b' ', b'2', b'0', b'6', b'1', 0,
        ];
        assert_eq!(sys_address(&body), Ok(2061));
        let no_sys = [0x0B, 0x08, 0x0A, 0x00, 0x99, b'1', 0];
        assert!(matches!(
            sys_address(&no_sys),
            Err(ProgramError::Image { .. })
        ));
    }

    #[test]
    fn a_rom_of_your_own_boots_from_its_reset_vector_holding_the_program_on_unit_8() {
        let mut rom = vec![0xEAu8; 2 * 0x4000];
        rom[0x3FFC..0x3FFE].copy_from_slice(&0xE123u16.to_le_bytes());
        // 10 SYS 2061.
        let prg = [
            0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
        ];
        let p = Program::boot(&ProgramImage {
            bytes: &prg,
            system_rom: Some(&rom),
            ..ProgramImage::default()
        })
        .unwrap();
        assert!(!p.own_kernal());
        let mut p = p;
        let mut vera = Vera::new(vera::Quirks::Hardware);
        // The ROM bank register left at 3: the vector fetch (VPB) maps bank 0.
        p.mem.write(super::super::bus::ROM_BANK, 3);
        let before = p.cpu().clone();
        p.power_on(&mut vera);
        assert_eq!((p.cpu().pc, p.start()), (0xE123, Some(2061)));
        assert!(p.cpu().flag(flags::I), "RESET sets I");
        assert!(!p.cpu().flag(flags::D), "RESET clears D");
        // W65C02S data sheet, "Reset": the sequence's three stack reads lower S by three.
        assert_eq!(p.cpu().s, before.s.wrapping_sub(3));
        assert_eq!(p.cpu().cycles, before.cycles + 7, "RESET takes 7 cycles");
        assert_eq!(p.memory().rom_bank(), 0, "the vector came from ROM bank 0");
        assert_eq!(p.memory().read(0x0801), 0, "BASIC loads it, not the board");
        let short = vec![0u8; 0x4000 + 1];
        let e = Program::boot(&ProgramImage {
            bytes: &prg,
            system_rom: Some(&short),
            ..ProgramImage::default()
        })
        .unwrap_err();
        assert!(matches!(e, ProgramError::SystemRom { .. }), "{e}");
    }

    #[test]
    fn a_skip_waits_for_vblank_once_the_handover_is_typed_even_with_the_drive_on() {
        // A rom.bin of NOPs: the board holds the program on unit 8 and types the handover.
        let mut rom = vec![0xEAu8; 0x4000];
        rom[0x3FFC..0x3FFE].copy_from_slice(&0xC000u16.to_le_bytes());
        let prg = [0x01, 0x08, 0, 0];
        let mut p = Program::boot(&ProgramImage {
            bytes: &prg,
            start: Some(0x0801),
            system_rom: Some(&rom),
            ..ProgramImage::default()
        })
        .unwrap();
        let mut vera = Vera::new(vera::Quirks::Hardware);
        p.power_on(&mut vera);
        let line_end = p.line_end();
        // Line 1 begins at floor(133,466 / 525) = 254; line 480 at floor(480 x 133,466 /
        // 525) = 122,026. IEN is 0 at power-on and the VIAs' timers are stopped.
        assert_eq!(line_end, 254);
        assert_eq!(p.idle_until(&vera, line_end), 254, "typing: line by line");
        p.handover = None;
        assert!(p.drive.is_some(), "unit 8 still answers");
        assert_eq!(p.idle_until(&vera, line_end), 122_026, "then to vblank");
    }

    #[test]
    fn images_over_io_are_refused() {
        let mut prg = vec![0x00, 0x90];
        prg.resize(2 + 0x1000, 0);
        let e = Program::boot(&ProgramImage {
            bytes: &prg,
            start: Some(0x9000),
            ..ProgramImage::default()
        })
        .unwrap_err();
        assert!(e.to_string().contains("$9F00"), "{e}");
    }
}

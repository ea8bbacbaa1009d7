//! The 65C02's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): reads of RAM and ROM are noted; a write to a bank register of the
//! value already there is noted as a read of it (`stz RAM_BANK` with bank 0 selected:
//! cc65's `kbhit`).
//!
//! # Memory the iteration puts back
//! cc65's code keeps its C stack in RAM: a call pushes its arguments and moves the stack
//! pointer at $22 down, the callee pops them and moves it back up, so a `while (clock()
//! == t)` turn writes RAM with other values and leaves it as it found it. The iteration
//! is still a pure function of what it read from outside itself, as long as each byte it
//! wrote holds at the turn's end what it held at its start ([`Written`]): a read of a
//! byte the turn has already written gets the turn's own value and is not noted; the
//! first write of a byte notes the value it held before as a read (a later arrival checks
//! memory still holds it); at the arrival back at the head every written byte must hold
//! that value again, else the recording is spoiled. Between the board's events nothing
//! but the CPU touches RAM and no interrupt is taken inside a turn (one taken would read
//! the vectors), so the values a turn leaves in between are seen by nobody. Not the bank
//! registers: a bank switched and back inside the turn would leave reads of the window
//! noted from a bank a later arrival does not look in.
//!
//! The I/O page besides VERA takes part when the access changes nothing, as decided from
//! the devices' state at that moment ([`Io::read_is_idle`], [`Io::write_is_idle`]): a
//! read of the open bus or of a VIA register whose read has no side effect and whose
//! value holds until the VIAs' next timer event (where the board stops skipping anyway),
//! noted as a read of the value; a write that leaves the VIA as it is (an output register
//! written with the value it holds, no handshake on its control line) or goes to the
//! open bus, noted as a write ([`WRITTEN`]) that a later arrival checks would still
//! change nothing. cc65's `kbhit` for the cx16 target of Debian's cc65 saves, clears
//! and restores $9F61 around its read of the keyboard count (the RAM bank port of an
//! older board, the open bus on this one) on every turn of its wait.
//!
//! Any other write, any access to VERA (its data ports move their address on a read,
//! its status changes on a line), the YM2151, and a read of the vectors (an interrupt's
//! entry) spoil the recording.

use cpu_65c02::Bus;

use super::bus::{BANK_WINDOW, IO, Memory, ROM, ROM_BANK, VERA_BASE, VERA_LAST, X16Bus};
use super::io::Io;
use crate::idle::{Read, ReadLog};

/// The first vector address (NMI at $FFFA, RESET, IRQ/BRK at $FFFE).
const VECTORS: u16 = 0xFFFA;
/// Marks a logged I/O write that changed nothing (the address above the 65C02's 16
/// bits): a later arrival checks that writing the value there would still change
/// nothing, not that a read finds it.
pub(super) const WRITTEN: u32 = 1 << 16;

/// Whether `addr` is on the I/O page.
#[inline]
fn io_page(addr: u16) -> bool {
    (IO..BANK_WINDOW).contains(&addr)
}

/// The most RAM bytes an iteration may write (the C stack's few, the hardware stack's
/// return addresses and status, a runtime's registers in page zero).
const MAX_WRITTEN: usize = 32;

/// The RAM bytes a recorded iteration has written, each with the value it held before
/// the first write (see the module docs).
#[derive(Clone, Debug, Default)]
pub(super) struct Written {
    at: [(u16, u8); MAX_WRITTEN],
    len: u8,
}

impl Written {
    /// Forgets the bytes of the last recording.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    fn noted(&self) -> &[(u16, u8)] {
        &self.at[..usize::from(self.len)]
    }

    /// Whether the iteration has written `addr`.
    fn has(&self, addr: u16) -> bool {
        self.noted().iter().any(|&(a, _)| a == addr)
    }

    /// Notes the first write of `addr`, which held `old`; false when full.
    fn note(&mut self, addr: u16, old: u8) -> bool {
        match self.at.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = (addr, old);
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Whether every byte written holds the value it held before the iteration.
    pub fn restored(&self, mem: &Memory) -> bool {
        self.noted().iter().all(|&(a, old)| mem.read(a) == old)
    }
}

/// [`X16Bus`] with the recording's log and the bytes it wrote beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut X16Bus<'a>,
    pub log: &'b mut ReadLog,
    pub written: &'b mut Written,
}

impl Bus for Watching<'_, '_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        // $FFFA-$FFFF: the NMI, RESET and IRQ/BRK vectors, read by an interrupt's entry
        // in the middle of the iteration.
        if addr >= VECTORS
            || io_page(addr)
                && ((VERA_BASE..=VERA_LAST).contains(&addr) || !self.bus.io.read_is_idle(addr))
        {
            self.log.spoil();
        }
        let value = self.bus.read(addr);
        // A byte the iteration wrote reads the iteration's own value.
        if !self.written.has(addr) {
            self.log.read(u32::from(addr), u16::from(value), false);
        }
        value
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        if io_page(addr) {
            if (VERA_BASE..=VERA_LAST).contains(&addr) || !self.bus.io.write_is_idle(addr, value) {
                self.log.spoil();
            } else {
                self.log
                    .read(u32::from(addr) | WRITTEN, u16::from(value), false);
            }
        } else if addr >= ROM {
            self.log.spoil();
        } else if addr <= ROM_BANK {
            let old = self.bus.mem.read(addr);
            self.log
                .write_same(u32::from(addr), u16::from(old), u16::from(value), false);
        } else if !self.written.has(addr) {
            let old = self.bus.mem.read(addr);
            // A later arrival checks the byte still holds what the iteration puts back.
            if self.written.note(addr, old) {
                self.log.read(u32::from(addr), u16::from(old), false);
            } else {
                self.log.spoil();
            }
        }
        self.bus.write(addr, value);
    }
}

/// Whether RAM and ROM (in the banks selected now) still hold what a recorded iteration
/// read, and the I/O page still answers its reads alike and takes its writes without
/// change.
pub(super) fn still(mem: &Memory, io: &Io, r: &Read) -> bool {
    let addr = r.addr as u16;
    let value = r.value as u8;
    if r.addr & WRITTEN != 0 {
        io.write_is_idle(addr, value)
    } else if io_page(addr) {
        !(VERA_BASE..=VERA_LAST).contains(&addr) && io.read_is_idle(addr) && io.peek(addr) == value
    } else {
        u16::from(mem.read(addr)) == r.value
    }
}

/// DEX, DEY, INX, INY: 2 cycles (W65C02S data sheet, Table 5-4).
const STEP_CYCLES: u64 = 2;
/// BNE: 2 cycles, 1 more when taken, 1 more again when the target is in another page
/// than the instruction after the branch (the same sheet, Table 5-7, notes).
const BNE_CYCLES: u64 = 2;

/// The index register a counting loop counts in.
#[derive(Clone, Copy, Debug)]
enum Index {
    X,
    Y,
}

/// A loop that only counts in X or Y: `loop: dex / bne loop` (also DEY, INX, INY), the
/// delay loop of a handler (lag.s, demo.s). Each turn moves the register by one and
/// branches back while it is not zero; the increment or decrement sets N and Z, which the
/// BNE reads, and nothing else changes (no memory but the two opcodes and the offset).
/// So `m` turns that all branch back are the register moved on by `m` and the clock by
/// `m` turns' cycles, the next stepped DEX (or INX, ...) setting N and Z as stepping
/// every turn would.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counting {
    /// Cycles of one turn.
    pub period: u64,
    index: Index,
    /// +1 or -1 (as a byte).
    add: u8,
}

impl Counting {
    /// Turns that still branch back to the head from where the CPU is (at the head).
    pub fn turns_back(&self, cpu: &cpu_65c02::Cpu) -> u64 {
        let r = match self.index {
            Index::X => cpu.x,
            Index::Y => cpu.y,
        };
        // Down from r: turns 1..r-1 leave it non-zero; up: until it wraps to 0.
        let to_zero = if self.add == 1 {
            256 - u64::from(r)
        } else {
            u64::from(r)
        };
        to_zero.saturating_sub(1)
    }

    /// Moves the register on by `turns` turns (the clock is the caller's).
    pub fn apply(&self, cpu: &mut cpu_65c02::Cpu, turns: u64) {
        let by = self.add.wrapping_mul(turns as u8);
        match self.index {
            Index::X => cpu.x = cpu.x.wrapping_add(by),
            Index::Y => cpu.y = cpu.y.wrapping_add(by),
        }
    }
}

/// The counting loop at `head` whose BNE at `pc` branched back to it, if the bytes there
/// (peeked) are one; see [`Counting`].
pub(super) fn counting_loop(mem: &Memory, head: u16, pc: u16) -> Option<Counting> {
    if pc != head.wrapping_add(1)
        || io_page(head)
        || mem.read(pc) != 0xD0
        || mem.read(pc.wrapping_add(1)) != 0xFD
    {
        return None;
    }
    let (index, add) = match mem.read(head) {
        0xCA => (Index::X, 0xFF),
        0x88 => (Index::Y, 0xFF),
        0xE8 => (Index::X, 1),
        0xC8 => (Index::Y, 1),
        _ => return None,
    };
    let next = pc.wrapping_add(2);
    let crossed = u64::from((next ^ head) & 0xFF00 != 0);
    Some(Counting {
        period: STEP_CYCLES + BNE_CYCLES + 1 + crossed,
        index,
        add,
    })
}

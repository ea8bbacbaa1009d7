//! The 65C02's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): reads of RAM and ROM are noted; a write to RAM (the bank registers
//! included) of the value already there is noted as a read of it (a KERNAL call's
//! return address pushed again, `stz RAM_BANK` with bank 0 selected: cc65's `kbhit`);
//! any other write, any access to the I/O page (VERA's data ports move their address on
//! a read) and a read of the vectors (an interrupt's entry) spoil the recording.

use cpu_65c02::Bus;

use super::bus::{BANK_WINDOW, IO, Memory, ROM, X16Bus};
use crate::idle::{Read, ReadLog};

/// The first vector address (NMI at $FFFA, RESET, IRQ/BRK at $FFFE).
const VECTORS: u16 = 0xFFFA;

/// [`X16Bus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut X16Bus<'a>,
    pub log: &'b mut ReadLog,
}

impl Bus for Watching<'_, '_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        // $FFFA-$FFFF: the NMI, RESET and IRQ/BRK vectors, read by an interrupt's entry
        // in the middle of the iteration.
        if (IO..BANK_WINDOW).contains(&addr) || addr >= VECTORS {
            self.log.spoil();
        }
        let value = self.bus.read(addr);
        self.log.read(u32::from(addr), u16::from(value), false);
        value
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        if (IO..BANK_WINDOW).contains(&addr) || addr >= ROM {
            self.log.spoil();
        } else {
            let old = self.bus.mem.read(addr);
            self.log
                .write_same(u32::from(addr), u16::from(old), u16::from(value), false);
        }
        self.bus.write(addr, value);
    }
}

/// Whether RAM and ROM (in the banks selected now) still hold what a recorded iteration
/// read.
pub(super) fn still(mem: &Memory, r: &Read) -> bool {
    let addr = r.addr as u16;
    !(IO..BANK_WINDOW).contains(&addr) && u16::from(mem.read(addr)) == r.value
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
        || (IO..BANK_WINDOW).contains(&head)
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

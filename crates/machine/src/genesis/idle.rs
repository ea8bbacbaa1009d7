//! The 68000's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): every read is noted; a write to work RAM of what it already holds
//! (a `bsr`'s return address pushed where the last turn pushed it) is noted as a read of
//! it, any other write spoils the recording. Accesses to
//! the VDP, the I/O chip or the Z80's space already take the board off the path where
//! loops are recorded (the bus marks them `touched`).

use cpu_m68k::Bus;

use super::bus::{GenesisBus, Memory};
use crate::idle::{Read, ReadLog};

/// Work RAM's first address ($E00000-$FFFFFF, mirrored).
const RAM_START: u32 = 0xE0_0000;

/// [`GenesisBus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut GenesisBus<'a>,
    pub log: &'b mut ReadLog,
}

impl Bus for Watching<'_, '_> {
    #[inline(always)]
    fn access_cycle(&mut self, clocks: u32) {
        // The VDP samples its ports at the access's own clock, recorded or not.
        self.bus.access_cycle(clocks);
    }

    #[inline]
    fn read_byte(&mut self, addr: u32) -> u8 {
        let value = self.bus.read_byte(addr);
        self.note(addr, u16::from(value), false);
        value
    }

    #[inline]
    fn read_word(&mut self, addr: u32) -> u16 {
        let value = self.bus.read_word(addr);
        self.note(addr, value, true);
        value
    }

    #[inline]
    fn write_byte(&mut self, addr: u32, value: u8) {
        if addr >= RAM_START {
            let old = self.bus.mem.peek(addr);
            self.log
                .write_same(addr, u16::from(old), u16::from(value), false);
        } else {
            self.log.spoil();
        }
        self.bus.write_byte(addr, value);
    }

    #[inline]
    fn write_word(&mut self, addr: u32, value: u16) {
        if addr >= RAM_START {
            let old = u16::from_be_bytes([
                self.bus.mem.peek(addr),
                self.bus.mem.peek(addr.wrapping_add(1)),
            ]);
            self.log.write_same(addr, old, value, true);
        } else {
            self.log.spoil();
        }
        self.bus.write_word(addr, value);
    }
}

impl Watching<'_, '_> {
    /// Notes a read; one of the VDP's area (a port whose value moves with the beam)
    /// spoils the recording.
    #[inline]
    fn note(&mut self, addr: u32, value: u16, word: bool) {
        if (0xC0_0000..0xE0_0000).contains(&(addr & 0xFF_FFFF)) {
            self.log.spoil();
        } else {
            self.log.read(addr, value, word);
        }
    }
}

/// Whether ROM or work RAM still holds what a recorded iteration read.
pub(super) fn still(mem: &Memory, r: &Read) -> bool {
    if r.word {
        u16::from_be_bytes([mem.peek(r.addr), mem.peek(r.addr.wrapping_add(1))]) == r.value
    } else {
        u16::from(mem.peek(r.addr)) == r.value
    }
}

/// ADDQ/SUBQ `#k,Dn` of byte or word size: 4 cycles; long: 8 (MC68000 User's Manual,
/// 8.2 "Instruction execution times", immediate instructions).
const QUICK_CYCLES: [u64; 3] = [4, 4, 8];
/// A byte-displacement BRA, taken: 10 cycles; DBcc with the condition false and the
/// counter not expired (the branch taken): 10 cycles (the same manual, 8.8 "Bcc, BRA,
/// BSR, DBcc").
const BRANCH_CYCLES: u64 = 10;

/// A loop that only counts: ADDQ and SUBQ to data registers and a `bra.s` or a `dbra`
/// back to the first of them (`count: addq.w #1,d7 / bra.s count` waiting for VINT,
/// `work: dbra d0,work` spending time). Each turn adds the same amount to each register
/// it names, modulo its size (DBRA: -1 to its register's low word), and no instruction
/// of it reads a flag (ADDQ and SUBQ to a data register set X, N, Z, V and C from their
/// own result; BRA and DBRA read none and set none), reads or writes memory but for the
/// opcode fetches, or can fault; so `m` turns that all branch back are the registers
/// moved on by `m` times their amounts and the clock by `m` times the turn's cycles,
/// and the flags are those the next stepped ADDQ or SUBQ sets.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counting {
    /// Cycles of one turn that branches back.
    pub period: u64,
    /// Per data register: what a turn adds to it (wrapping), and the mask of its size
    /// (0 for a register the loop does not name).
    step: [(u32, u32); 8],
    /// The DBRA's register, if the loop ends in one.
    counter: Option<usize>,
}

impl Counting {
    /// Turns that still branch back from where the CPU is (at the head): a DBRA's
    /// counter `w` branches back `w` more times (at -1 it falls through); a BRA always.
    pub fn turns_back(&self, cpu: &cpu_m68k::Cpu) -> u64 {
        self.counter
            .map_or(u64::MAX, |n| u64::from(cpu.d(n) as u16))
    }

    /// Moves the registers on by `turns` turns (the clock is the caller's).
    pub fn apply(&self, cpu: &mut cpu_m68k::Cpu, turns: u64) {
        // Modulo 2^32 is enough: every size divides it.
        let turns = turns as u32;
        for (n, &(add, mask)) in self.step.iter().enumerate() {
            if mask != 0 {
                let d = cpu.d(n);
                let moved = d.wrapping_add(add.wrapping_mul(turns));
                cpu.set_d(n, (d & !mask) | (moved & mask));
            }
        }
    }
}

/// The counting loop from `head` to the `bra.s` or `dbra` at `pc` back to it, if the
/// words there (ROM or work RAM, peeked) are one; see [`Counting`].
pub(super) fn counting_loop(mem: &Memory, head: u32, pc: u32) -> Option<Counting> {
    let word = |a: u32| u16::from_be_bytes([mem.peek(a), mem.peek(a.wrapping_add(1))]);
    let branch = word(pc);
    let mut counting = Counting {
        period: BRANCH_CYCLES,
        ..Counting::default()
    };
    let disp = if branch & 0xFF00 == 0x6000 {
        // $00 is a word displacement, $FF an odd one (an address error): neither here.
        match branch as u8 as i8 {
            0 | -1 => return None,
            d => i32::from(d),
        }
    } else if branch & 0xFFF8 == 0x51C8 {
        // DBF (DBRA) Dn, with its word displacement.
        let n = usize::from(branch & 7);
        counting.counter = Some(n);
        counting.step[n] = (0xFFFF, 0xFFFF);
        i32::from(word(pc.wrapping_add(2)) as i16)
    } else {
        return None;
    };
    if pc.wrapping_add(2).wrapping_add_signed(disp) & 0xFF_FFFF != head || head > pc {
        return None;
    }
    let mut at = head;
    while at < pc {
        let op = word(at);
        let size = usize::from((op >> 6) & 3);
        let n = usize::from(op & 7);
        // 0101 kkk s ss 000 rrr: ADDQ (s 0) or SUBQ (s 1) of size ss to Dn; not to the
        // DBRA's counter.
        if op & 0xF038 != 0x5000 || size == 3 || counting.counter == Some(n) {
            return None;
        }
        let k = match (op >> 9) & 7 {
            0 => 8,
            k => u32::from(k),
        };
        let add = if op & 0x100 == 0 { k } else { k.wrapping_neg() };
        let mask = [0xFF, 0xFFFF, 0xFFFF_FFFF][size];
        let (sum, m) = &mut counting.step[n];
        if *m != 0 && *m != mask {
            // Two sizes on one register: a byte's carry would not reach the word.
            return None;
        }
        *m = mask;
        *sum = sum.wrapping_add(add);
        counting.period += QUICK_CYCLES[size];
        at += 2;
    }
    Some(counting)
}

/// The counting loop last found in the cartridge ROM, kept so that a loop reached at
/// every line is decoded once: ROM cannot change, so the same head and branch are the
/// same loop. A loop in work RAM (which the program may rewrite) is decoded at each
/// arrival.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CountingCache {
    /// (head, branch) of the loop found in ROM, and the loop.
    found: Option<(u32, u32, Counting)>,
}

impl CountingCache {
    /// The counting loop from `head` to the branch at `pc` ([`counting_loop`]).
    #[inline]
    pub fn find(&mut self, mem: &Memory, head: u32, pc: u32) -> Option<Counting> {
        if let Some((h, b, c)) = self.found
            && h == head
            && b == pc
        {
            return Some(c);
        }
        let counting = counting_loop(mem, head, pc)?;
        if pc.wrapping_add(4) <= mem.rom.len() as u32 && head <= pc {
            self.found = Some((head, pc, counting));
        }
        Some(counting)
    }
}

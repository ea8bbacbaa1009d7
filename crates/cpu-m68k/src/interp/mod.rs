//! The project's own 68000 interpreter: registers held in the core, a decode table of
//! 65,536 entries built once ([`decode`]), and the 68000's two-word prefetch queue.
//!
//! # The prefetch model
//! The 68000 holds the opcode in IR and the next program word in IRC (MC68000UM section
//! 8; the SingleStepTests suite records both as its `prefetch`). Here `pc` is the address
//! of the word in IRC. Taking an extension word hands IRC to the instruction and reads the
//! following word into IRC (one bus cycle); every instruction ends by moving IRC to IR and
//! reading the next word (one bus cycle); a jump reads both words at its target. So an
//! instruction's bus cycles and its clock count come from the same steps as on the chip:
//! each bus access is 4 clocks, and the idle clocks between them are added where the
//! manual's timing tables (as broken down per bus cycle in "Yacht", Jorge Cwik's 68000
//! cycle table) place them.
//!
//! # Address errors
//! A word or long access at an odd address never reaches the bus: it costs its 4 clocks
//! and cuts the instruction short. The registers, flags and PC as they stood at that
//! moment are kept (what the rest of the handler computes is dropped), with the
//! corrections the 68000's microcode makes visible: an (An)+ of a long operand has not
//! counted on yet, a displacement word has been fetched but not yet counted in the PC,
//! and so on, instruction by instruction as the SingleStepTests record them. Then the
//! 14-byte group-0 frame is stacked and the handler at vector 3 entered.

pub mod decode;
mod dispatch;
mod ea;
mod exec;
pub use exec::condition_holds;
pub mod flags;
mod more;

use crate::Bus;
use decode::{Op, table};

/// The 68000's 24 address lines.
const ADDRESS_MASK: u32 = 0xFF_FFFF;

/// An exception the core entered, by vector, and the PC it reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entered {
    /// The vector number.
    pub vector: u8,
    /// The PC of the instruction that raised it (for an interrupt: of the instruction
    /// it came before).
    pub pc: u32,
    /// Whether it was an interrupt (a device may supply any vector).
    pub interrupt: bool,
}

/// A 68000 with its own interpreter (see the module documentation for its scope).
#[derive(Clone)]
pub struct Core {
    /// D0-D7.
    pub(crate) d: [u32; 8],
    /// A0-A7, A7 being the active stack pointer.
    pub(crate) a: [u32; 8],
    /// The stack pointer of the mode not active (USP in supervisor mode, SSP in user).
    pub(crate) other_sp: u32,
    /// The address of the word in IRC.
    pub(crate) pc: u32,
    /// IR and IRC: the opcode under way and the word after it.
    pub(crate) queue: [u16; 2],
    /// Whether the queue holds the words at `pc - 2` and `pc` (not right after
    /// [`Core::set_pc`]: the next step reads them first).
    pub(crate) queue_full: bool,
    /// Condition codes, each as a bool (X N Z V C).
    pub(crate) x: bool,
    pub(crate) n: bool,
    pub(crate) z: bool,
    pub(crate) v: bool,
    pub(crate) c: bool,
    /// The system byte: T, S, interrupt mask.
    pub(crate) t: bool,
    pub(crate) s: bool,
    pub(crate) mask: u8,
    /// Clock cycles of the step under way.
    pub(crate) clocks: u32,
    /// Total clock cycles.
    pub(crate) total: u64,
    /// The address of the instruction under way.
    pub(crate) start_pc: u32,
    /// An access at an odd address cut the instruction short: (address, write, program).
    pub(crate) fault: Option<(u32, bool, bool)>,
    /// When the fault came: the clock count with the aborted access, and `pc`.
    pub(crate) fault_clocks: u32,
    pub(crate) fault_pc: u32,
    /// The registers and condition codes when the fault came (what follows it in the
    /// handler never happened on the 68000).
    pub(crate) fault_d: [u32; 8],
    pub(crate) fault_a: [u32; 8],
    pub(crate) fault_ccr: u16,
    /// The last (An)+ of the instruction: the register and its value before; the 68000
    /// increments after the access, so an aborted access leaves it as it was.
    pub(crate) postincrement: Option<(u8, u32)>,
    /// How far `pc` runs ahead of the 68000's own after the last effective address: a
    /// displacement word (d16 and d8 modes) is fetched before the 68000 counts it.
    pub(crate) pc_lead: u32,
    /// The last effective address was PC-relative: its operand is read in program
    /// space (function code 2/6 in the address-error frame).
    pub(crate) program_read: bool,
    /// IR as the address-error frame stacks it: the opcode under way, unless the
    /// instruction had already moved the next one in (MOVE.W to -(An)).
    pub(crate) opcode: u16,
    pub(crate) irq: u8,
    pub(crate) stopped: bool,
    pub(crate) halted: bool,
    pub(crate) entered: Option<Entered>,
    /// The decode table, looked up once.
    table: &'static [Op; 65536],
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core")
            .field("d", &self.d)
            .field("a", &self.a)
            .field("pc", &format_args!("{:#08x}", self.pc()))
            .field("sr", &format_args!("{:#06x}", self.sr()))
            .field("prefetch", &self.prefetch())
            .field("cycles", &self.total)
            .finish_non_exhaustive()
    }
}

impl Default for Core {
    fn default() -> Self {
        Self::new()
    }
}

impl Core {
    /// Power-on state: supervisor mode, SR `$2700`, registers zero, queue empty.
    #[must_use]
    pub fn new() -> Self {
        Self {
            table: table(),
            d: [0; 8],
            a: [0; 8],
            other_sp: 0,
            pc: 0,
            queue: [0; 2],
            queue_full: false,
            x: false,
            n: false,
            z: false,
            v: false,
            c: false,
            t: false,
            s: true,
            mask: 7,
            clocks: 0,
            total: 0,
            start_pc: 0,
            fault: None,
            fault_clocks: 0,
            fault_pc: 0,
            fault_d: [0; 8],
            fault_a: [0; 8],
            fault_ccr: 0,
            postincrement: None,
            pc_lead: 0,
            program_read: false,
            opcode: 0,
            irq: 0,
            stopped: false,
            halted: false,
            entered: None,
        }
    }

    // ----------------------------------------------------------------------------------
    // Registers.

    /// The status register.
    #[must_use]
    #[inline]
    pub fn sr(&self) -> u16 {
        u16::from(self.t) << 15 | u16::from(self.s) << 13 | u16::from(self.mask) << 8 | self.ccr()
    }

    #[inline]
    pub(crate) fn ccr(&self) -> u16 {
        u16::from(self.x) << 4
            | u16::from(self.n) << 3
            | u16::from(self.z) << 2
            | u16::from(self.v) << 1
            | u16::from(self.c)
    }

    pub(crate) fn set_ccr(&mut self, ccr: u16) {
        self.x = ccr & 0x10 != 0;
        self.n = ccr & 8 != 0;
        self.z = ccr & 4 != 0;
        self.v = ccr & 2 != 0;
        self.c = ccr & 1 != 0;
    }

    /// Sets SR as MOVE to SR does: changing S swaps the active stack pointer.
    pub fn set_sr(&mut self, sr: u16) {
        self.set_ccr(sr);
        self.t = sr & 0x8000 != 0;
        self.mask = ((sr >> 8) & 7) as u8;
        let s = sr & 0x2000 != 0;
        if s != self.s {
            std::mem::swap(&mut self.a[7], &mut self.other_sp);
            self.s = s;
        }
    }

    /// D`n`.
    #[must_use]
    pub fn d(&self, n: usize) -> u32 {
        self.d[n]
    }
    /// Sets D`n`.
    pub fn set_d(&mut self, n: usize, v: u32) {
        self.d[n] = v;
    }
    /// A`n` (A7: the active stack pointer).
    #[must_use]
    pub fn a(&self, n: usize) -> u32 {
        self.a[n]
    }
    /// Sets A`n`.
    pub fn set_a(&mut self, n: usize, v: u32) {
        self.a[n] = v;
    }
    /// The supervisor stack pointer.
    #[must_use]
    #[inline]
    pub fn ssp(&self) -> u32 {
        if self.s { self.a[7] } else { self.other_sp }
    }
    /// Sets the supervisor stack pointer.
    pub fn set_ssp(&mut self, v: u32) {
        if self.s {
            self.a[7] = v;
        } else {
            self.other_sp = v;
        }
    }
    /// The user stack pointer.
    #[must_use]
    pub fn usp(&self) -> u32 {
        if self.s { self.other_sp } else { self.a[7] }
    }
    /// Sets the user stack pointer.
    pub fn set_usp(&mut self, v: u32) {
        if self.s {
            self.other_sp = v;
        } else {
            self.a[7] = v;
        }
    }
    /// The address of the next instruction.
    #[must_use]
    #[inline]
    pub fn pc(&self) -> u32 {
        self.pc.wrapping_sub(2)
    }
    /// The prefetch queue: the words at `pc` and `pc + 2` (none right after
    /// [`Core::set_pc`]).
    #[must_use]
    pub fn prefetch(&self) -> &[u16] {
        if self.queue_full { &self.queue } else { &[] }
    }
    /// Jumps to `pc` with the queue emptied: the next step reads it first (two word
    /// reads, 8 clocks, counted in that step).
    pub fn set_pc(&mut self, pc: u32) {
        self.pc = pc.wrapping_add(2);
        self.queue_full = false;
    }
    /// Fills the queue with `words`, as if read at `pc` and `pc + 2`.
    pub fn set_prefetch(&mut self, words: [u16; 2]) {
        self.queue = words;
        self.queue_full = true;
    }
    /// The reset sequence: supervisor mode, SR `$2700`, SSP from address 0 and PC from
    /// address 4, the queue read at PC. Its clock cycles are not counted.
    pub fn reset<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        self.fault = None;
        self.halted = false;
        self.stopped = false;
        self.irq = 0;
        self.entered = None;
        self.set_sr(0x2700);
        self.clocks = 0;
        self.a[7] = self.read_long(bus, 0);
        let pc = self.read_long(bus, 4);
        self.fill(bus, pc);
        self.queue_full = true;
        if self.fault.take().is_some() {
            self.halted = true;
        }
    }
    /// Clock cycles run so far.
    #[must_use]
    #[inline]
    pub fn cycles(&self) -> u64 {
        self.total
    }
    /// The exception the last step entered.
    #[must_use]
    #[inline]
    pub fn entered(&self) -> Option<Entered> {
        self.entered
    }
    /// Requests an interrupt at `level` (0: none).
    #[inline]
    pub fn set_irq(&mut self, level: u8) {
        self.irq = level & 7;
    }
    /// The requested interrupt level.
    #[must_use]
    #[inline]
    pub fn irq(&self) -> u8 {
        self.irq
    }
    /// Whether STOP is waiting for an interrupt.
    #[must_use]
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }
    /// Whether a double fault halted the core.
    #[must_use]
    #[inline]
    pub fn is_halted(&self) -> bool {
        self.halted
    }

    // ----------------------------------------------------------------------------------
    // Bus cycles: 4 clocks each; an odd word address cuts the instruction short.

    #[inline(always)]
    pub(crate) fn idle(&mut self, clocks: u32) {
        self.clocks += clocks;
    }

    #[inline(always)]
    fn odd(&mut self, addr: u32, write: bool, program: bool) -> bool {
        if addr & 1 != 0 {
            if self.fault.is_none() {
                let program = program || (self.program_read && !write);
                self.fault = Some((addr, write, program));
                // The aborted access takes its bus cycle's 4 clocks.
                self.fault_clocks = self.clocks + 4;
                self.fault_pc = self.pc.wrapping_sub(self.pc_lead);
                self.fault_d = self.d;
                self.fault_a = self.a;
                if let Some((reg, before)) = self.postincrement {
                    self.fault_a[usize::from(reg)] = before;
                }
                self.fault_ccr = self.ccr();
            }
            true
        } else {
            self.fault.is_some()
        }
    }

    #[inline(always)]
    pub(crate) fn read_byte<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32) -> u8 {
        if self.fault.is_some() {
            return 0;
        }
        bus.access_cycle(self.clocks);
        self.clocks += 4;
        bus.read_byte(addr & ADDRESS_MASK)
    }

    #[inline(always)]
    pub(crate) fn read_word<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32) -> u16 {
        if self.odd(addr, false, false) {
            return 0;
        }
        bus.access_cycle(self.clocks);
        self.clocks += 4;
        bus.read_word(addr & ADDRESS_MASK)
    }

    /// A long read: two word cycles, each address on the 24 lines on its own.
    #[inline(always)]
    pub(crate) fn read_long<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32) -> u32 {
        let high = self.read_word(bus, addr);
        let low = self.read_word(bus, addr.wrapping_add(2));
        u32::from(high) << 16 | u32::from(low)
    }

    #[inline(always)]
    pub(crate) fn write_byte<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32, v: u8) {
        if self.fault.is_some() {
            return;
        }
        bus.access_cycle(self.clocks);
        self.clocks += 4;
        bus.write_byte(addr & ADDRESS_MASK, v);
    }

    #[inline(always)]
    pub(crate) fn write_word<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32, v: u16) {
        if self.odd(addr, true, false) {
            return;
        }
        bus.access_cycle(self.clocks);
        self.clocks += 4;
        bus.write_word(addr & ADDRESS_MASK, v);
    }

    /// A long write, high word first.
    #[inline(always)]
    pub(crate) fn write_long<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32, v: u32) {
        self.write_word(bus, addr, (v >> 16) as u16);
        self.write_word(bus, addr.wrapping_add(2), v as u16);
    }

    /// A long write, low word first (-(An) destinations and pushes).
    #[inline(always)]
    pub(crate) fn write_long_low_first<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32, v: u32) {
        self.write_word(bus, addr.wrapping_add(2), v as u16);
        self.write_word(bus, addr, (v >> 16) as u16);
    }

    #[inline(always)]
    fn fetch<B: Bus + ?Sized>(&mut self, bus: &mut B, addr: u32) -> u16 {
        if self.odd(addr, false, true) {
            return 0;
        }
        self.clocks += 4;
        bus.read_word(addr & ADDRESS_MASK)
    }

    /// Takes the extension word in IRC and reads the next one into IRC.
    #[inline(always)]
    pub(crate) fn ext<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u16 {
        let w = self.queue[1];
        self.pc = self.pc.wrapping_add(2);
        self.queue[1] = self.fetch(bus, self.pc);
        w
    }

    /// Two extension words as a long.
    #[inline(always)]
    pub(crate) fn ext_long<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u32 {
        let high = self.ext(bus);
        u32::from(high) << 16 | u32::from(self.ext(bus))
    }

    /// The end of every instruction: IRC to IR, the next word into IRC.
    #[inline(always)]
    pub(crate) fn prefetch_next<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        self.queue[0] = self.queue[1];
        self.pc = self.pc.wrapping_add(2);
        self.queue[1] = self.fetch(bus, self.pc);
    }

    /// A jump: both queue words read at the target.
    #[inline(always)]
    pub(crate) fn fill<B: Bus + ?Sized>(&mut self, bus: &mut B, target: u32) {
        if self.odd(target, false, true) {
            return;
        }
        self.queue[0] = self.fetch(bus, target);
        self.pc = target.wrapping_add(2);
        self.queue[1] = self.fetch(bus, self.pc);
    }

    #[inline(always)]
    pub(crate) fn push_long<B: Bus + ?Sized>(&mut self, bus: &mut B, v: u32) {
        let sp = self.a[7].wrapping_sub(4);
        self.a[7] = sp;
        self.write_long_low_first(bus, sp, v);
    }

    #[inline(always)]
    pub(crate) fn pop_long<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u32 {
        let sp = self.a[7];
        let v = self.read_long(bus, sp);
        self.a[7] = sp.wrapping_add(4);
        v
    }

    // ----------------------------------------------------------------------------------
    // Stepping.

    /// Runs one instruction or one interrupt entry; returns its clock cycles. Inlined
    /// into the caller's loop: the usual step is a few tests and the handler's call.
    #[inline(always)]
    pub fn step<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u32 {
        self.entered = None;
        // One test for everything out of the ordinary (no branch per condition).
        if self.halted | !self.queue_full | (self.irq != 0) | self.stopped {
            return self.step_special(bus);
        }
        self.clocks = 0;
        self.instruction(bus);
        self.total += u64::from(self.clocks);
        self.clocks
    }

    /// A step with the core halted, stopped, its queue empty or an interrupt requested.
    #[inline(never)]
    fn step_special<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u32 {
        if self.halted {
            return 0;
        }
        self.clocks = 0;
        if !self.queue_full {
            let at = self.pc.wrapping_sub(2);
            self.fill(bus, at);
            self.queue_full = true;
        }
        if self.irq != 0 && (self.irq == 7 || self.irq > self.mask) {
            self.interrupt(bus);
        } else if self.stopped {
            return 0;
        } else {
            self.instruction_outlined(bus);
        }
        self.total += u64::from(self.clocks);
        self.clocks
    }

    /// [`Core::instruction`] as a call, for the unusual step (one copy of the handlers
    /// in the usual one).
    #[inline(never)]
    fn instruction_outlined<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        self.instruction(bus);
    }

    /// Runs the instruction in IR.
    #[inline(always)]
    fn instruction<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        self.start_pc = self.pc.wrapping_sub(2);
        self.opcode = self.queue[0];
        self.postincrement = None;
        self.pc_lead = 0;
        let op: Op = self.table[usize::from(self.queue[0])];
        dispatch::Handlers::<B>::TABLE[usize::from(op.handler)](self, bus, op);
        if self.fault.is_some() {
            self.address_error(bus);
        }
    }

    /// Group 1 and 2 exception processing (TRAP, illegal, privilege, CHK, zero divide,
    /// TRAPV): SR copied, S set and T cleared, PC and SR stacked, the vector read, the
    /// queue filled at the handler. `pc` is the PC stacked.
    #[cold]
    #[inline(never)]
    pub(crate) fn exception<B: Bus + ?Sized>(&mut self, bus: &mut B, vector: u8, pc: u32) {
        if self.fault.is_some() {
            // The instruction was aborted before it could raise this one.
            return;
        }
        let sr = self.sr();
        self.enter_supervisor();
        self.push_exception_frame(bus, pc, sr);
        self.vector_jump(bus, vector);
        self.entered = Some(Entered {
            vector,
            pc: self.start_pc,
            interrupt: false,
        });
    }

    pub(crate) fn enter_supervisor(&mut self) {
        if !self.s {
            std::mem::swap(&mut self.a[7], &mut self.other_sp);
            self.s = true;
        }
        self.t = false;
    }

    /// PC low word, SR, PC high word: the 68000's stacking order.
    fn push_exception_frame<B: Bus + ?Sized>(&mut self, bus: &mut B, pc: u32, sr: u16) {
        let sp = self.a[7].wrapping_sub(6);
        self.a[7] = sp;
        self.write_word(bus, sp.wrapping_add(4), pc as u16);
        self.write_word(bus, sp, sr);
        self.write_word(bus, sp.wrapping_add(2), (pc >> 16) as u16);
    }

    fn vector_jump<B: Bus + ?Sized>(&mut self, bus: &mut B, vector: u8) {
        let target = self.read_long(bus, u32::from(vector) * 4);
        if target & 1 != 0 {
            // A fault while entering an exception: the 68000 halts.
            self.halted = true;
            return;
        }
        self.idle(2);
        self.fill(bus, target);
    }

    #[cold]
    #[inline(never)]
    fn interrupt<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        let level = self.irq;
        // A STOP keeps its queue: what follows it is past its immediate word.
        let pc = if self.stopped {
            self.pc.wrapping_add(2)
        } else {
            self.pc.wrapping_sub(2)
        };
        let sr = self.sr();
        self.stopped = false;
        self.enter_supervisor();
        self.mask = level;
        // Internal cycles and the autovectored acknowledge before the stacking.
        self.idle(10);
        self.push_exception_frame(bus, pc, sr);
        self.idle(4);
        self.vector_jump(bus, 24 + level);
        self.irq = 0;
        self.entered = Some(Entered {
            vector: 24 + level,
            pc,
            interrupt: true,
        });
    }

    /// Group 0: the 14-byte frame (status word with the instruction register's bits,
    /// access address, IR, SR, PC).
    #[cold]
    #[inline(never)]
    fn address_error<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        let Some((addr, write, program)) = self.fault.take() else {
            return;
        };
        self.clocks = self.fault_clocks;
        self.d = self.fault_d;
        self.a = self.fault_a;
        let ccr = self.fault_ccr;
        self.set_ccr(ccr);
        let sr = self.sr();
        self.enter_supervisor();
        let function_code: u16 = if sr & 0x2000 != 0 { 4 } else { 0 } | if program { 2 } else { 1 };
        let status = (self.opcode & 0xFFE0) | u16::from(!write) << 4 | function_code;
        let pc = self.fault_pc;
        let sp = self.a[7].wrapping_sub(14);
        self.a[7] = sp;
        self.idle(8);
        self.write_word(bus, sp.wrapping_add(12), pc as u16);
        self.write_word(bus, sp.wrapping_add(8), sr);
        self.write_word(bus, sp.wrapping_add(10), (pc >> 16) as u16);
        self.write_word(bus, sp.wrapping_add(6), self.opcode);
        self.write_word(bus, sp.wrapping_add(4), addr as u16);
        self.write_word(bus, sp, status);
        self.write_word(bus, sp.wrapping_add(2), (addr >> 16) as u16);
        if self.fault.is_some() {
            self.halted = true;
            return;
        }
        self.vector_jump(bus, 3);
        self.entered = Some(Entered {
            vector: 3,
            pc: self.start_pc,
            interrupt: false,
        });
    }
}

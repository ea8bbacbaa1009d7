//! The register file, instruction stepping and the bus helpers every page shares.
//!
//! R counts M1 cycles in its low seven bits and keeps bit 7 (Young, section 6); a prefix byte
//! is an M1 cycle of its own, the opcode byte of DD CB d op is not. HALT leaves PC past
//! itself and repeats 4 T-state M1 cycles until an interrupt (UM0080, HALT; the
//! SingleStepTests data shows PC after the HALT).

use crate::Bus;

/// The Z80's programmer-visible registers and the internal latches that affect results.
///
/// Registers are public so a harness can set up a state and inspect it. 8-bit registers are
/// separate fields (the hot paths address them one at a time); the pairs have accessors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cpu {
    /// Accumulator.
    pub a: u8,
    /// Flags (see [`crate::flags`]).
    pub f: u8,
    /// B.
    pub b: u8,
    /// C.
    pub c: u8,
    /// D.
    pub d: u8,
    /// E.
    pub e: u8,
    /// H.
    pub h: u8,
    /// L.
    pub l: u8,
    /// The alternate AF', with A' in the high byte.
    pub af_: u16,
    /// The alternate BC'.
    pub bc_: u16,
    /// The alternate DE'.
    pub de_: u16,
    /// The alternate HL'.
    pub hl_: u16,
    /// Index register IX.
    pub ix: u16,
    /// Index register IY.
    pub iy: u16,
    /// Stack pointer.
    pub sp: u16,
    /// Program counter. Between steps it is the address of the next instruction (while
    /// halted, of the instruction after the HALT).
    pub pc: u16,
    /// Interrupt vector base (high byte of the mode 2 table address).
    pub i: u8,
    /// Memory refresh counter: bit 7 is kept, bits 0 to 6 count M1 cycles.
    pub r: u8,
    /// Interrupt enable flip-flop 1: maskable interrupts are accepted when set.
    pub iff1: bool,
    /// Interrupt enable flip-flop 2: holds IFF1 during an NMI handler; read by LD A,I/R.
    pub iff2: bool,
    /// Interrupt mode, 0, 1 or 2.
    pub im: u8,
    /// Set by HALT until an interrupt is accepted.
    pub halted: bool,
    /// The internal MEMPTR register, visible only through bits 3 and 5 of BIT n,(HL).
    pub wz: u16,
    /// The Q latch: F as set by the last instruction if it changed the flags, otherwise 0.
    /// SCF and CCF take bits 3 and 5 from it.
    pub q: u8,
    /// Set by EI for one instruction: maskable interrupts are not accepted right after it.
    pub ei: bool,
    /// Set for one instruction by LD A,I and LD A,R: an interrupt accepted right after them
    /// clears P/V, as on the NMOS Z80.
    pub p: bool,
    /// Level of the maskable interrupt input (/INT active).
    pub int_line: bool,
    /// A non-maskable interrupt edge has been seen and not yet accepted.
    pub nmi_pending: bool,
    /// T-states since creation, wait states included.
    pub t: u64,
    /// Q as it was when the current instruction began.
    pub(crate) q_prev: u8,
}

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

impl Cpu {
    /// A CPU in its power-on state: PC, I, R and the interrupt state cleared, IM 0, and AF
    /// and SP at 0xFFFF as most machines observe them; the other registers are also 0xFFFF.
    pub fn new() -> Self {
        Self {
            a: 0xFF,
            f: 0xFF,
            b: 0xFF,
            c: 0xFF,
            d: 0xFF,
            e: 0xFF,
            h: 0xFF,
            l: 0xFF,
            af_: 0xFFFF,
            bc_: 0xFFFF,
            de_: 0xFFFF,
            hl_: 0xFFFF,
            ix: 0xFFFF,
            iy: 0xFFFF,
            sp: 0xFFFF,
            pc: 0,
            i: 0,
            r: 0,
            iff1: false,
            iff2: false,
            im: 0,
            halted: false,
            wz: 0,
            q: 0,
            ei: false,
            p: false,
            int_line: false,
            nmi_pending: false,
            t: 0,
            q_prev: 0,
        }
    }

    /// The /RESET input: clears PC, I, R, the interrupt flip-flops and mode, and HALT.
    /// Other registers keep their values, as on the real chip.
    pub fn reset(&mut self) {
        self.pc = 0;
        self.i = 0;
        self.r = 0;
        self.iff1 = false;
        self.iff2 = false;
        self.im = 0;
        self.halted = false;
        self.ei = false;
        self.p = false;
        self.nmi_pending = false;
    }

    /// AF as a pair.
    pub fn af(&self) -> u16 {
        u16::from_be_bytes([self.a, self.f])
    }
    /// BC as a pair.
    pub fn bc(&self) -> u16 {
        u16::from_be_bytes([self.b, self.c])
    }
    /// DE as a pair.
    pub fn de(&self) -> u16 {
        u16::from_be_bytes([self.d, self.e])
    }
    /// HL as a pair.
    pub fn hl(&self) -> u16 {
        u16::from_be_bytes([self.h, self.l])
    }
    /// Sets AF.
    pub fn set_af(&mut self, v: u16) {
        [self.a, self.f] = v.to_be_bytes();
    }
    /// Sets BC.
    pub fn set_bc(&mut self, v: u16) {
        [self.b, self.c] = v.to_be_bytes();
    }
    /// Sets DE.
    pub fn set_de(&mut self, v: u16) {
        [self.d, self.e] = v.to_be_bytes();
    }
    /// Sets HL.
    pub fn set_hl(&mut self, v: u16) {
        [self.h, self.l] = v.to_be_bytes();
    }

    /// An 8-bit register by the 3-bit field the opcodes name it with (0 B, 1 C, 2 D, 3 E,
    /// 4 H, 5 L, 7 A; UM0080, "r" in the instruction tables); `None` for 6, which names the
    /// memory operand (HL), not a register. Only the low three bits of `field` count.
    #[inline]
    #[must_use]
    pub fn reg_field(&self, field: u8) -> Option<u8> {
        (field & 7 != 6).then(|| self.reg::<0>(field))
    }

    /// Sets the register [`Cpu::reg_field`] names; field 6 (the memory operand) changes
    /// nothing and gives false.
    #[inline]
    pub fn set_reg_field(&mut self, field: u8, v: u8) -> bool {
        let is_reg = field & 7 != 6;
        if is_reg {
            self.set_reg::<0>(field, v);
        }
        is_reg
    }

    /// A register pair by the 2-bit field of the 16-bit loads and arithmetic (0 BC, 1 DE,
    /// 2 HL, 3 SP; UM0080, "ss"). Only the low two bits of `field` count.
    #[inline]
    #[must_use]
    pub fn pair_field(&self, field: u8) -> u16 {
        self.rp::<0>(field)
    }

    /// Sets the pair [`Cpu::pair_field`] names.
    #[inline]
    pub fn set_pair_field(&mut self, field: u8, v: u16) {
        self.set_rp::<0>(field, v);
    }

    /// Q as it was when the instruction before began: what `SCF` and `CCF` would take
    /// their bits 3 and 5 from. An idle-loop skip that leaves a turn's scratch flags stale
    /// compares states without it.
    #[must_use]
    pub fn q_before(&self) -> u8 {
        self.q_prev
    }

    /// Sets [`Cpu::q_before`].
    pub fn set_q_before(&mut self, q: u8) {
        self.q_prev = q;
    }

    /// Sets the level of the /INT input. The interrupt is accepted at the next instruction
    /// boundary where IFF1 is set and the previous instruction was not EI; a device must
    /// hold the line until then.
    pub fn set_int(&mut self, active: bool) {
        self.int_line = active;
    }

    /// Signals a falling edge on /NMI; the CPU accepts it at the next instruction boundary.
    pub fn nmi(&mut self) {
        self.nmi_pending = true;
    }

    /// Executes one instruction, one 4 T-state refresh cycle while halted, or the acceptance
    /// of a pending interrupt, and returns the T-states it took, wait states
    /// included. [`Cpu::t`] advances by the same amount.
    #[inline]
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> u32 {
        let start = self.t;
        if self.nmi_pending || self.int_line || self.halted {
            // An interrupt may be taken, or the CPU idles in HALT: the checks, out of line.
            self.step_checked(bus);
        } else {
            self.ei = false;
            self.p = false;
            self.q_prev = self.q;
            self.q = 0;
            let op = self.fetch_op(bus);
            let cycles = self.exec_main::<0, B>(bus, op);
            self.t += u64::from(cycles);
        }
        (self.t - start) as u32
    }

    /// [`Cpu::step`] with an interrupt input active or the CPU halted.
    #[inline(never)]
    fn step_checked<B: Bus>(&mut self, bus: &mut B) {
        if self.nmi_pending || (self.int_line && self.iff1 && !self.ei) {
            self.accept_interrupt(bus);
        } else {
            self.ei = false;
            self.p = false;
            self.q_prev = self.q;
            self.q = 0;
            if self.halted {
                // A halted Z80 keeps running M1 cycles (so R counts on and the machine's M1
                // waits apply) and ignores what it reads; PC stays past the HALT.
                bus.read(self.pc);
                self.inc_r();
                self.t += 4 + u64::from(bus.m1_wait());
            } else {
                let op = self.fetch_op(bus);
                let cycles = self.exec_main::<0, B>(bus, op);
                self.t += u64::from(cycles);
            }
        }
    }

    /// Runs instructions until at least `t_states` T-states have passed or PC reaches an
    /// instruction boundary equal to `stop_at`; returns the T-states run.
    pub fn run<B: Bus>(&mut self, bus: &mut B, t_states: u64, stop_at: Option<u16>) -> u64 {
        let start = self.t;
        let end = start + t_states;
        // Two loops, so that a run without a stop does not compare PC after every
        // instruction.
        match stop_at {
            None => {
                while self.t < end {
                    self.step(bus);
                }
            }
            Some(stop) => {
                while self.t < end {
                    self.step(bus);
                    if self.pc == stop {
                        break;
                    }
                }
            }
        }
        self.t - start
    }

    #[inline(always)]
    pub(crate) fn inc_r(&mut self) {
        self.r = (self.r & 0x80) | (self.r.wrapping_add(1) & 0x7F);
    }

    /// An M1 cycle: reads the opcode at PC, advances PC and R, and adds the machine's waits.
    #[inline(always)]
    pub(crate) fn fetch_op<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let op = bus.read(self.pc);
        self.pc = self.pc.wrapping_add(1);
        self.inc_r();
        self.t += u64::from(bus.m1_wait());
        op
    }

    /// An operand byte at PC.
    #[inline(always)]
    pub(crate) fn imm8<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = bus.read(self.pc);
        self.pc = self.pc.wrapping_add(1);
        v
    }

    /// An operand word at PC, low byte first.
    #[inline(always)]
    pub(crate) fn imm16<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let lo = self.imm8(bus);
        let hi = self.imm8(bus);
        u16::from_le_bytes([lo, hi])
    }

    #[inline(always)]
    pub(crate) fn read16<B: Bus>(bus: &mut B, addr: u16) -> u16 {
        let lo = bus.read(addr);
        let hi = bus.read(addr.wrapping_add(1));
        u16::from_le_bytes([lo, hi])
    }

    #[inline(always)]
    pub(crate) fn write16<B: Bus>(bus: &mut B, addr: u16, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        bus.write(addr, lo);
        bus.write(addr.wrapping_add(1), hi);
    }

    /// Pushes high byte first, as the Z80 does.
    #[inline(always)]
    pub(crate) fn push<B: Bus>(&mut self, bus: &mut B, v: u16) {
        let [lo, hi] = v.to_le_bytes();
        // SP kept in a local across the writes: the compiler cannot tell that the bus's
        // memory is not the CPU's, and would reload SP after each.
        let sp = self.sp.wrapping_sub(2);
        self.sp = sp;
        bus.write(sp.wrapping_add(1), hi);
        bus.write(sp, lo);
    }

    #[inline(always)]
    pub(crate) fn pop<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let sp = self.sp;
        self.sp = sp.wrapping_add(2);
        let lo = bus.read(sp);
        let hi = bus.read(sp.wrapping_add(1));
        u16::from_le_bytes([lo, hi])
    }

    /// Sets F from an instruction that computes flags, which also loads the Q latch.
    #[inline(always)]
    pub(crate) fn set_f(&mut self, f: u8) {
        self.f = f;
        self.q = f;
    }

    /// HL, IX or IY by the prefix in effect (0 none, 1 DD, 2 FD).
    #[inline(always)]
    pub(crate) fn hlx<const X: u8>(&self) -> u16 {
        match X {
            0 => self.hl(),
            1 => self.ix,
            _ => self.iy,
        }
    }

    #[inline(always)]
    pub(crate) fn set_hlx<const X: u8>(&mut self, v: u16) {
        match X {
            0 => self.set_hl(v),
            1 => self.ix = v,
            _ => self.iy = v,
        }
    }

    /// Register by its 3-bit opcode field (6, the memory operand, is not a register here),
    /// with H and L replaced by the index register halves under a prefix.
    #[inline(always)]
    pub(crate) fn reg<const X: u8>(&self, r: u8) -> u8 {
        match r & 7 {
            0 => self.b,
            1 => self.c,
            2 => self.d,
            3 => self.e,
            4 => (self.hlx::<X>() >> 8) as u8,
            5 => self.hlx::<X>() as u8,
            _ => self.a,
        }
    }

    #[inline(always)]
    pub(crate) fn set_reg<const X: u8>(&mut self, r: u8, v: u8) {
        match r & 7 {
            0 => self.b = v,
            1 => self.c = v,
            2 => self.d = v,
            3 => self.e = v,
            4 => {
                let hl = self.hlx::<X>();
                self.set_hlx::<X>((hl & 0x00FF) | (u16::from(v) << 8));
            }
            5 => {
                let hl = self.hlx::<X>();
                self.set_hlx::<X>((hl & 0xFF00) | u16::from(v));
            }
            _ => self.a = v,
        }
    }

    /// The address of the memory operand: HL, or IX/IY plus the displacement byte read from
    /// the instruction (which also loads MEMPTR).
    #[inline(always)]
    pub(crate) fn mem_addr<const X: u8, B: Bus>(&mut self, bus: &mut B) -> u16 {
        if X == 0 {
            self.hl()
        } else {
            let d = self.imm8(bus) as i8;
            let addr = self.hlx::<X>().wrapping_add_signed(i16::from(d));
            self.wz = addr;
            addr
        }
    }

    /// Register pair by the 2-bit field of 16-bit loads and arithmetic (3 is SP).
    #[inline(always)]
    pub(crate) fn rp<const X: u8>(&self, p: u8) -> u16 {
        match p & 3 {
            0 => self.bc(),
            1 => self.de(),
            2 => self.hlx::<X>(),
            _ => self.sp,
        }
    }

    #[inline(always)]
    pub(crate) fn set_rp<const X: u8>(&mut self, p: u8, v: u16) {
        match p & 3 {
            0 => self.set_bc(v),
            1 => self.set_de(v),
            2 => self.set_hlx::<X>(v),
            _ => self.sp = v,
        }
    }

    /// Condition by the 3-bit field of JP/CALL/RET cc: NZ, Z, NC, C, PO, PE, P, M.
    #[inline(always)]
    pub(crate) fn cond(&self, c: u8) -> bool {
        use crate::flags::{CF, PF, SF, ZF};
        let f = self.f;
        match c & 7 {
            0 => f & ZF == 0,
            1 => f & ZF != 0,
            2 => f & CF == 0,
            3 => f & CF != 0,
            4 => f & PF == 0,
            5 => f & PF != 0,
            6 => f & SF == 0,
            _ => f & SF != 0,
        }
    }
}

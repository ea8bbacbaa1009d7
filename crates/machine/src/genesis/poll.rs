//! Loops that poll the VDP's status word or HV counter, fast-forwarded exactly
//! ([`crate::idle`] handles loops that read only memory; a port read makes its recording
//! fail). A poll's reads change as the beam moves (the H counter every few pixels, the
//! HBlank flag twice a line), so its iterations never repeat the whole CPU state; but most
//! of what they read is thrown away. The board finds, from the loop's code, which bits of
//! each port read can reach a branch or the state the next iteration starts from, and
//! fast-forwards while the chip says those bits cannot change
//! ([`genesis::Vdp::poll_changes_at`]).
//!
//! # The loop
//! A straight run of instructions from `head` to a `bra` or `bcc` at `back` that branches
//! to `head` (`.s` or `.w`), in the cartridge ROM (so its code cannot change), each of
//! them one of: `move.b/.w/.l <src>,Dn`, `moveq`, `btst #n,Dn` or `btst #n,<mem>`,
//! `lsl/lsr/asl/asr #n,Dn`, `andi #imm,Dn` (and `and #imm,Dn`), `cmp <src>,Dn`,
//! `cmpi #imm,Dn`, `tst Dn` or `tst <mem>`, `nop`, and `bcc` branches leaving the loop
//! (not taken while it polls). A source is a data register, an immediate, or memory at
//! (An), d16(An), abs.W or abs.L: ROM, work RAM (which nothing but the 68000 writes
//! between the board's line events, and the loop writes nothing), the status word or
//! the HV counter (word reads, or a byte of them). None of these instructions writes
//! memory or an address register, so the addresses read are the same every turn.
//!
//! # What matters
//! Bits are traced backwards through the body (the 68000's rules for each instruction,
//! M68000 Programmer's Reference Manual, section 4): a branch needs its condition's
//! flags; a flag needs the bits of the result it is set from; a result's bits need the
//! source bits they came from. What the next turn reads before writing it (a register's
//! bits, a flag) is needed at the end of the turn too, to a fixed point. This gives the
//! state the loop carries (live at `head`) and, per port read, the bits of its value
//! that matter (a V counter wait after `lsr.w #8` needs bits 15-8 of the HV word; the
//! carry and extend flags that `lsr` sets from the H counter are overwritten before
//! anything reads them).
//!
//! # The skip
//! At an arrival at `head` the board notes the carried state and asks the chip when the
//! bits that matter can next change. The next turn is stepped, instruction by
//! instruction, and must run the body in order back to `head` (anything else drops the
//! note). If it arrives with the carried state unchanged, every later turn whose reads
//! fall before that change runs exactly as that one did: same path, same carried state,
//! same cycles (`period`), no side effects (the chip said so: a status read that would
//! still clear bits 5 and 6 or a half-written command stops it). The board then moves
//! the clock on by all but the last of the turns that end by the line event it runs to
//! and steps the last, which leaves the registers and flags the loop overwrites (the
//! bits that do not matter) as the last turn's reads set them. So the state at the end
//! of the stepped turn is the one stepping every turn gives.
//!
//! A proven turn also stands for a turn whose reads give other values, if that turn,
//! run on the decoded instructions rather than on the 68000 (`turn`), takes no exit and
//! leaves the carried state as it was: it runs the same instructions, which take the
//! same cycles whatever their operands. So a wait for a V counter value (`cmp.b #N` on
//! the V byte, `bne` back), whose reads change at every line, is not stepped a turn
//! again at each line to be proven for the line's value: the lines before the one it
//! waits for are skipped at their first arrival at `head`.

use cpu_m68k::Cpu;
use genesis::{PolledPort, Vdp};

use super::bus::{Memory, ROM_SPACE};

mod turn;

/// Instructions a polling loop may have.
const MAX_INSNS: usize = 16;
/// Port reads a polling loop may make.
const MAX_READS: usize = 4;

const X: u8 = 0x10;
const N: u8 = 0x08;
const Z: u8 = 0x04;
const V: u8 = 0x02;
const C: u8 = 0x01;

/// Where an instruction's source operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    /// A data register.
    D(usize),
    /// An immediate.
    Imm(u32),
    /// ROM or work RAM at this address, which do not change while the loop runs.
    Mem(u32),
    /// Port read `i` of the loop, a byte (`Some(high)`: the word's high half) or the
    /// word.
    Port(usize, Option<bool>),
}

/// One decoded instruction: what it reads and writes, in the terms the tracing needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Insn {
    /// `move`/`moveq` to Dn: the low `mask` bits of Dn from `src`; N, Z from them, V, C
    /// cleared.
    Move { src: Src, n: usize, mask: u32 },
    /// `btst`: Z from bit `bit` of `src` (a register, or a byte of memory).
    Btst { src: Src, bit: u32 },
    /// A shift of Dn's low `mask` bits by `count` (left or right, arithmetic or
    /// logical).
    Shift {
        n: usize,
        mask: u32,
        count: u32,
        left: bool,
        arithmetic: bool,
    },
    /// `andi`: Dn's low `mask` bits and `imm`; N, Z from the result, V, C cleared.
    And { n: usize, mask: u32, imm: u32 },
    /// `cmp`/`cmpi`: N, Z, V, C from Dn's low `mask` bits and `src`'s.
    Cmp { src: Src, n: usize, mask: u32 },
    /// `tst`: N, Z from `src`'s low `mask` bits, V, C cleared.
    Tst { src: Src, mask: u32 },
    /// A branch: its condition code (`bra` 0; the flags it reads: [`condition_flags`]).
    Branch { cc: u16 },
    /// `nop`.
    Nop,
}

/// What the loop needs at a point: bits of each data register and the flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Need {
    d: [u32; 8],
    ccr: u8,
}

/// A port read of the loop and the bits of its word that matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PortRead {
    port: PolledPort,
    mask: u16,
}

/// A polling loop found in the code (see the module docs).
#[derive(Clone, Debug)]
struct PollLoop {
    head: u32,
    back: u32,
    /// Where each instruction starts, `head` first, `back` last.
    pcs: [u32; MAX_INSNS],
    /// The instructions, decoded.
    insns: [Insn; MAX_INSNS],
    len: usize,
    reads: [PortRead; MAX_READS],
    nreads: usize,
    /// What the loop carries from turn to turn.
    live: Need,
    /// The address registers its memory operands use, and their values.
    a_used: u8,
    a: [u32; 8],
    /// It reads work RAM (which only its own run keeps as it is).
    reads_ram: bool,
}

/// The carried state at an arrival at `head`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Carried {
    d: [u32; 8],
    sr: u16,
}

/// A turn the loop was seen to run: from this carried state, with these bits of its
/// reads, it goes round in `period` cycles and changes nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Proven {
    carried: Carried,
    /// Each port read's value, masked to the bits that matter.
    values: [u16; MAX_READS],
    period: u64,
}

/// A turn being stepped after an arrival at `head`.
#[derive(Clone, Copy, Debug)]
struct Armed {
    /// The 68000 clock at the arrival.
    cycle: u64,
    carried: Carried,
    /// Instructions of the body stepped so far, in order.
    next: usize,
    /// The master clock from which a read can differ in the bits that matter.
    changes_at: u64,
    /// The reads' values at the arrival, masked.
    values: [u16; MAX_READS],
}

/// The board's polling-loop state: the last loop found (or the last place none was),
/// and the turn being stepped.
#[derive(Clone, Debug, Default)]
pub(super) struct PollSkip {
    found: Option<PollLoop>,
    /// The (head, back) where the code is not a polling loop.
    not_a_loop: Option<(u32, u32)>,
    armed: Option<Armed>,
    /// The last turn proven for the loop found (kept across line events: it is used
    /// again only where the carried state and the masked reads are the same).
    proven: Option<Proven>,
}

impl PollSkip {
    /// Whether a turn is being stepped (the board then reports each instruction).
    #[inline]
    pub fn armed(&self) -> bool {
        self.armed.is_some()
    }

    /// Whether the loop last found runs from `head` to the branch at `back`: a polling
    /// loop in the ROM, which so cannot be the board's counting loop (that was looked for
    /// first, on the same unchanging code, and not found).
    #[inline]
    pub fn found_at(&self, head: u32, back: u32) -> bool {
        self.found
            .as_ref()
            .is_some_and(|l| l.head == head && l.back == back)
    }

    /// Forgets the turn being stepped (a line event, an instruction off the short way).
    #[inline]
    pub fn disarm(&mut self) {
        self.armed = None;
    }

    /// An instruction at `pc` was stepped on the short way.
    #[inline]
    pub fn stepped(&mut self, pc: u32) {
        let Some(armed) = self.armed.as_mut() else {
            return;
        };
        match &self.found {
            Some(l) if armed.next < l.len && l.pcs[armed.next] == pc => armed.next += 1,
            _ => self.armed = None,
        }
    }

    /// At an arrival at `head` by the branch at `back`, at 68000 clock `now`, in the line
    /// that began at master clock `line_start`: if the turn just stepped proves the loop
    /// (see the module docs), the whole turns to skip before `until` (all but the last
    /// that ends by it and by the chip's next change); then notes this arrival for the
    /// next turn. Returns the cycles to add to the 68000's clock. A loop with an
    /// instruction at a `blocked` address (a breakpoint) is stepped.
    pub fn arrive(
        &mut self,
        cpu: &Cpu,
        mem: &Memory,
        vdp: &Vdp,
        (head, back): (u32, u32),
        (now, until, line_start): (u64, u64, u64),
        blocked: impl Fn(u32) -> bool,
    ) -> u64 {
        let armed = self.armed.take();
        let fits = self.found.as_ref().is_some_and(|l| {
            l.head == head
                && l.back == back
                && (0..8).all(|i| l.a_used & (1 << i) == 0 || l.a[i] == cpu.a(i))
        });
        if !fits {
            if self.not_a_loop == Some((head, back)) {
                return 0;
            }
            self.found = analyse(mem, cpu, head, back);
            self.proven = None;
            if self.found.is_none() {
                self.not_a_loop = Some((head, back));
                return 0;
            }
        }
        let Some(l) = self.found.as_ref() else {
            return 0;
        };
        if l.pcs[..l.len].iter().any(|&pc| blocked(pc)) {
            // A breakpoint in the loop: the probe is told of every arrival there.
            return 0;
        }
        let carried = l.carried(cpu);
        let master = now * super::target::MASTER_PER_CYCLE;
        let values = l.values(vdp, master, line_start);
        if let Some(a) = armed
            && a.next == l.len
            && a.carried == carried
            && a.changes_at >= master
        {
            // The turn just stepped ran the body in order from this carried state, its
            // reads all before the chip's next change: proven.
            self.proven = Some(Proven {
                carried,
                values: a.values,
                period: now - a.cycle,
            });
        }
        let changes_at = l.changes_at(vdp, master, line_start);
        let mut skip = 0;
        let mut at = now;
        if let Some(p) = self.proven.as_mut()
            && p.carried == carried
            && changes_at > master
            && (p.values == values || l.goes_round_unchanged(&carried, &values, mem))
        {
            // The turn run on these values is the proven one: it stands for them too
            // (the next arrivals in the line compare instead of running it again).
            p.values = values;
            // Every read of a skipped turn and of the stepped one after it falls before the
            // change: a read at cycle c is at master clock 7c.
            let limit = match changes_at {
                u64::MAX => until,
                t => until.min(t.saturating_sub(1) / super::target::MASTER_PER_CYCLE + 1),
            };
            let turns = crate::idle::iterations(now, limit, p.period.max(1));
            if turns >= 2 {
                skip = (turns - 1) * p.period;
                at += skip;
            }
        }
        if l.reads_ram {
            // Work RAM may hold something else when the loop is next reached: prove
            // again.
            self.proven = None;
        }
        if skip == 0 && changes_at > master {
            // Step the next turn and see.
            self.armed = Some(Armed {
                cycle: at,
                carried,
                next: 0,
                changes_at,
                values,
            });
        }
        skip
    }
}

impl PollLoop {
    /// Each port read's value at master clock `at`, masked to the bits that matter.
    fn values(&self, vdp: &Vdp, at: u64, line_start: u64) -> [u16; MAX_READS] {
        std::array::from_fn(|i| {
            self.reads[..self.nreads]
                .get(i)
                .map_or(0, |r| vdp.poll_value(r.port, at, line_start) & r.mask)
        })
    }

    /// When a read of the loop can first differ, in the bits that matter, from one at
    /// master clock `at` (`at` itself when a read would change the chip).
    fn changes_at(&self, vdp: &Vdp, at: u64, line_start: u64) -> u64 {
        self.reads[..self.nreads]
            .iter()
            .map(|r| vdp.poll_changes_at(r.port, r.mask, at, line_start))
            .min()
            .unwrap_or(u64::MAX)
    }

    fn carried(&self, cpu: &Cpu) -> Carried {
        Carried {
            d: std::array::from_fn(|i| cpu.d(i) & self.live.d[i]),
            sr: cpu.sr() & (0xFF00 | u16::from(self.live.ccr)),
        }
    }
}

/// The flags a condition code reads (M68000 Programmer's Reference Manual, table 3-19).
fn condition_flags(cc: u16) -> u8 {
    match cc {
        0 | 1 => 0,
        2 | 3 => C | Z,
        4 | 5 => C,
        6 | 7 => Z,
        8 | 9 => V,
        10 | 11 => N,
        12 | 13 => N | V,
        _ => N | V | Z,
    }
}

/// The low bits an operation size covers: byte, word, long (size field 00, 01, 10).
fn size_mask(size: u16) -> Option<u32> {
    match size {
        0 => Some(0xFF),
        1 => Some(0xFFFF),
        2 => Some(0xFFFF_FFFF),
        _ => None,
    }
}

/// Decodes the loop from `head` to the branch at `back`, or `None` if it is not a
/// polling loop (see the module docs).
fn analyse(mem: &Memory, cpu: &Cpu, head: u32, back: u32) -> Option<PollLoop> {
    let rom_len = mem.rom.len() as u32;
    if head > back || back.checked_add(4)? > rom_len.min(ROM_SPACE) || head & 1 != 0 {
        return None;
    }
    let word = |a: u32| u16::from_be_bytes([mem.peek(a), mem.peek(a + 1)]);
    let mut l = PollLoop {
        head,
        back,
        pcs: [0; MAX_INSNS],
        insns: [Insn::Nop; MAX_INSNS],
        len: 0,
        reads: [PortRead {
            port: PolledPort::Status,
            mask: 0,
        }; MAX_READS],
        nreads: 0,
        live: Need::default(),
        a_used: 0,
        a: std::array::from_fn(|i| cpu.a(i)),
        reads_ram: false,
    };
    let mut at = head;
    while at <= back {
        if l.len == MAX_INSNS {
            return None;
        }
        l.pcs[l.len] = at;
        let (insn, next) = decode(&word, at, &mut l, mem)?;
        if let Insn::Branch { .. } = insn {
            let target = branch_target(&word, at)?;
            let is_bra = word(at) & 0x0F00 == 0;
            if at == back {
                if target != head {
                    return None;
                }
            } else if is_bra || (head..=back).contains(&target) {
                // Only exits may branch from inside the body.
                return None;
            }
        } else if at == back {
            return None;
        }
        l.insns[l.len] = insn;
        l.len += 1;
        at = next;
    }
    if l.len == 0 || l.pcs[l.len - 1] != back {
        return None;
    }
    // What each turn needs at its end is what the next needs at its start: to a fixed
    // point (needs only grow; 33 x 8 + 5 bits bound it).
    let masks = loop {
        let mut need = l.live;
        let mut masks = [0u16; MAX_READS];
        for insn in l.insns[..l.len].iter().rev() {
            trace_back(insn, &mut need, &mut masks);
        }
        if need == l.live {
            break masks;
        }
        l.live = need;
    };
    for (r, m) in l.reads.iter_mut().zip(masks) {
        r.mask = m;
    }
    Some(l)
}

/// The address a `bcc`/`bra` at `at` goes to.
fn branch_target(word: &impl Fn(u32) -> u16, at: u32) -> Option<u32> {
    let disp = match word(at) as u8 {
        0 => i32::from(word(at + 2) as i16),
        0xFF => return None,
        d => i32::from(d as i8),
    };
    Some((at + 2).wrapping_add_signed(disp) & 0xFF_FFFF)
}

/// A memory source operand (mode 2, 5, 7.0, 7.1) at extension `ext` of size `bytes`:
/// fixed memory or a port read; `None` for anything else. Returns the operand and the
/// extension words it took.
fn memory_src(
    word: &impl Fn(u32) -> u16,
    mode: u16,
    reg: usize,
    ext: u32,
    bytes: u32,
    l: &mut PollLoop,
    mem: &Memory,
) -> Option<(Src, u32)> {
    let (addr, words) = match (mode, reg) {
        (2, a) => {
            l.a_used |= 1 << a;
            (l.a[a], 0)
        }
        (5, a) => {
            l.a_used |= 1 << a;
            (l.a[a].wrapping_add_signed(i32::from(word(ext) as i16)), 1)
        }
        (7, 0) => (i32::from(word(ext) as i16) as u32, 1),
        (7, 1) => ((u32::from(word(ext)) << 16) | u32::from(word(ext + 2)), 2),
        _ => return None,
    };
    let addr = addr & 0xFF_FFFF;
    if bytes > 1 && addr & 1 != 0 {
        return None;
    }
    let rom_len = mem.rom.len() as u32;
    if addr >= 0xE0_0000 {
        l.reads_ram = true;
        return Some((Src::Mem(addr), words));
    }
    if addr.checked_add(bytes)? <= rom_len {
        return Some((Src::Mem(addr), words));
    }
    if addr & 0xE7_00E0 != 0xC0_0000 || bytes > 2 {
        return None;
    }
    let port = match addr & 0x1F {
        0x04..=0x07 => PolledPort::Status,
        0x08..=0x0F => PolledPort::Hv,
        _ => return None,
    };
    if l.nreads == MAX_READS {
        return None;
    }
    l.reads[l.nreads] = PortRead { port, mask: 0 };
    l.nreads += 1;
    let half = (bytes == 1).then_some(addr & 1 == 0);
    Some((Src::Port(l.nreads - 1, half), words))
}

/// A source operand at effective address `ea` (mode and register) of `bytes`.
fn source(
    word: &impl Fn(u32) -> u16,
    ea: u16,
    ext: u32,
    bytes: u32,
    l: &mut PollLoop,
    mem: &Memory,
) -> Option<(Src, u32)> {
    let (mode, reg) = (ea >> 3 & 7, usize::from(ea & 7));
    match (mode, reg) {
        (0, d) => Some((Src::D(d), 0)),
        (7, 4) if bytes == 4 => Some((
            Src::Imm((u32::from(word(ext)) << 16) | u32::from(word(ext + 2))),
            2,
        )),
        // A byte immediate is the extension word's low byte.
        (7, 4) => Some((Src::Imm(u32::from(word(ext))), 1)),
        _ => memory_src(word, mode, reg, ext, bytes, l, mem),
    }
}

/// Decodes the instruction at `at`: the instruction and the address after it.
fn decode(
    word: &impl Fn(u32) -> u16,
    at: u32,
    l: &mut PollLoop,
    mem: &Memory,
) -> Option<(Insn, u32)> {
    let op = word(at);
    let n = usize::from(op >> 9 & 7);
    let size = op >> 6 & 3;
    let ext = at + 2;
    let insn = match op >> 12 {
        0x4 if op == 0x4E71 => return Some((Insn::Nop, ext)),
        0x6 => {
            let cc = op >> 8 & 0xF;
            if cc == 1 {
                return None; // bsr
            }
            let len = if op & 0xFF == 0 { 4 } else { 2 };
            return Some((Insn::Branch { cc }, at + len));
        }
        0x7 if op & 0x100 == 0 => {
            // moveq: the byte sign-extended to 32 bits.
            return Some((
                Insn::Move {
                    src: Src::Imm(op as u8 as i8 as u32),
                    n,
                    mask: 0xFFFF_FFFF,
                },
                ext,
            ));
        }
        0x1..=0x3 => {
            // move.b (1), .l (2), .w (3) to Dn (destination mode 0).
            if op >> 6 & 7 != 0 {
                return None;
            }
            let (bytes, mask) = match op >> 12 {
                1 => (1, 0xFF),
                2 => (4, 0xFFFF_FFFF),
                _ => (2, 0xFFFF),
            };
            let (src, words) = source(word, op & 0x3F, ext, bytes, l, mem)?;
            return Some((Insn::Move { src, n, mask }, ext + 2 * words));
        }
        0x0 if op & 0xFFC0 == 0x0800 => {
            // btst #k,<ea>: a register's bit k mod 32, memory's byte's bit k mod 8.
            let k = u32::from(word(ext) & 0xFF);
            let ea = op & 0x3F;
            let (src, words) = source(word, ea, ext + 2, 1, l, mem)?;
            let bit = if let Src::D(_) = src { k % 32 } else { k % 8 };
            return Some((Insn::Btst { src, bit }, ext + 2 + 2 * words));
        }
        0x0 if op & 0xFF38 == 0x0200 || op & 0xFF38 == 0x0C00 => {
            // andi / cmpi #imm,Dn.
            let mask = size_mask(size)?;
            let d = usize::from(op & 7);
            let (imm, words) = if size == 2 {
                ((u32::from(word(ext)) << 16) | u32::from(word(ext + 2)), 2)
            } else {
                (u32::from(word(ext)) & mask, 1)
            };
            let insn = if op & 0x0C00 == 0x0C00 {
                Insn::Cmp {
                    src: Src::Imm(imm),
                    n: d,
                    mask,
                }
            } else {
                Insn::And { n: d, mask, imm }
            };
            return Some((insn, ext + 2 * words));
        }
        0xC if op & 0x01FF == 0x003C || op & 0x01FF == 0x007C || op & 0x01FF == 0x00BC => {
            // and #imm,Dn.
            let mask = size_mask(size)?;
            let (imm, words) = if size == 2 {
                ((u32::from(word(ext)) << 16) | u32::from(word(ext + 2)), 2)
            } else {
                (u32::from(word(ext)) & mask, 1)
            };
            return Some((Insn::And { n, mask, imm }, ext + 2 * words));
        }
        0xB if op & 0x0100 == 0 => {
            // cmp <ea>,Dn.
            let mask = size_mask(size)?;
            let bytes = [1, 2, 4][usize::from(size)];
            let (src, words) = source(word, op & 0x3F, ext, bytes, l, mem)?;
            return Some((Insn::Cmp { src, n, mask }, ext + 2 * words));
        }
        0x4 if op & 0xFF00 == 0x4A00 => {
            let mask = size_mask(size)?;
            let bytes = [1, 2, 4][usize::from(size)];
            let (src, words) = source(word, op & 0x3F, ext, bytes, l, mem)?;
            return Some((Insn::Tst { src, mask }, ext + 2 * words));
        }
        0xE if size != 3 && op & 0x0020 == 0 && op & 0x0010 == 0 => {
            // asl/asr (type 00) and lsl/lsr (01) #count,Dn.
            let mask = size_mask(size)?;
            let count = match u32::from(op >> 9 & 7) {
                0 => 8,
                c => c,
            };
            if count >= mask.count_ones() {
                return None;
            }
            Insn::Shift {
                n: usize::from(op & 7),
                mask,
                count,
                left: op & 0x100 != 0,
                arithmetic: op & 0x0008 == 0,
            }
        }
        _ => return None,
    };
    Some((insn, ext))
}

/// Adds `bits` of operand `src` to what is needed.
fn need_src(src: Src, bits: u32, need: &mut Need, masks: &mut [u16; MAX_READS]) {
    match src {
        Src::D(d) => need.d[d] |= bits,
        Src::Imm(_) | Src::Mem(_) => {}
        Src::Port(i, None) => masks[i] |= bits as u16,
        Src::Port(i, Some(true)) => masks[i] |= ((bits & 0xFF) as u16) << 8,
        Src::Port(i, Some(false)) => masks[i] |= (bits & 0xFF) as u16,
    }
}

/// Turns what is needed after `insn` into what is needed before it.
fn trace_back(insn: &Insn, need: &mut Need, masks: &mut [u16; MAX_READS]) {
    let msb = |mask: u32| mask ^ (mask >> 1);
    match *insn {
        Insn::Nop => {}
        Insn::Branch { cc } => need.ccr |= condition_flags(cc),
        Insn::Move { src, n, mask } => {
            let mut bits = need.d[n] & mask;
            if need.ccr & (N | Z) != 0 {
                bits = mask;
            }
            need.d[n] &= !mask;
            need.ccr &= !(N | Z | V | C);
            need_src(src, bits, need, masks);
        }
        Insn::Btst { src, bit } => {
            let wanted = need.ccr & Z != 0;
            need.ccr &= !Z;
            if wanted {
                need_src(src, 1 << bit, need, masks);
            }
        }
        Insn::Tst { src, mask } => {
            let wanted = need.ccr & (N | Z) != 0;
            need.ccr &= !(N | Z | V | C);
            if wanted {
                need_src(src, mask, need, masks);
            }
        }
        Insn::Cmp { src, n, mask } => {
            let wanted = need.ccr & (N | Z | V | C) != 0;
            need.ccr &= !(N | Z | V | C);
            if wanted {
                need.d[n] |= mask;
                need_src(src, mask, need, masks);
            }
        }
        Insn::And { n, mask, imm } => {
            let mut result = need.d[n] & mask;
            if need.ccr & N != 0 {
                result |= msb(mask);
            }
            if need.ccr & Z != 0 {
                result |= mask;
            }
            need.ccr &= !(N | Z | V | C);
            need.d[n] = (need.d[n] & !mask) | (result & imm);
        }
        Insn::Shift {
            n,
            mask,
            count,
            left,
            arithmetic,
        } => {
            let bits = mask.count_ones();
            let result = need.d[n] & mask;
            let mut input = if left {
                result >> count
            } else {
                (result << count) & mask
            };
            if !left && arithmetic && result & !(mask >> count) != 0 {
                // ASR copies the sign into the top `count` bits.
                input |= msb(mask);
            }
            if need.ccr & N != 0 {
                input |= if left {
                    msb(mask) >> count
                } else if arithmetic {
                    msb(mask)
                } else {
                    0
                };
            }
            if need.ccr & Z != 0 {
                input |= if left {
                    mask >> count
                } else {
                    mask & !((1 << count) - 1)
                };
            }
            if need.ccr & (X | C) != 0 {
                // The last bit shifted out.
                input |= if left {
                    1 << (bits - count)
                } else {
                    1 << (count - 1)
                };
            }
            if left && arithmetic && need.ccr & V != 0 {
                // ASL's V: whether the sign changed at any step: the top count + 1 bits.
                input |= mask & !(mask >> (count + 1));
            }
            need.ccr &= !(X | N | Z | V | C);
            need.d[n] = (need.d[n] & !mask) | input;
        }
    }
}

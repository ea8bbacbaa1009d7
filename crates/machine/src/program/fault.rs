//! What a fault tells the programmer (specs/programs.md, "What the user gets"): the PC with
//! its label from the program's symbols (`main+$12`), the faulting instruction
//! disassembled, and the last instructions the CPU executed before it, each with its
//! address, label and disassembly. The board's own message says what went wrong and, for
//! address and bus errors, the address accessed.
//!
//! # The last instructions, at no cost to a run
//! Runs are deterministic: the same image, settings and pad input give the same
//! instructions in the same order. So nothing is recorded while a program runs; when it
//! faults, [`last_instructions`] boots the program again (the caller gives a fresh
//! machine), runs it through the same calls with the same input to the one that faulted,
//! and during that last call only sets a breakpoint on every address of the CPU's space
//! ([`Breakpoints::every`]), so the board reports each instruction to a [`History`] that
//! keeps the last [`HISTORY_LEN`]. The boards' fast path for no breakpoint is untouched,
//! and a breakpoint does not change what the machine does, only what the probe is told.
//!
//! Each CPU's disassembler lives in its crate (`cpu_65c02::disasm`, `cpu_z80::disasm`,
//! `cpu_m68k::disasm`, `cpu_6809::disasm`); a board reaches it through [`CpuView::disasm`].

use std::collections::VecDeque;
use std::fmt::Write as _;

use super::harness::{HarnessConfig, HarnessError};
use super::{BoardEvent, Breakpoints, CpuView, Probe, ProgramError};
use crate::contract::Machine;

/// Instructions kept before a fault.
pub const HISTORY_LEN: usize = 16;

/// How far past a label an address is still named after it: farther, the label most
/// likely belongs to other code (a program's last label and the BIOS above it).
pub const LABEL_REACH: u32 = 0x1000;

/// One instruction the CPU executed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Executed {
    /// Its address.
    pub pc: u32,
    /// Its disassembly, as the bytes read when it ran.
    pub text: String,
}

/// The program's labels by address, to name a PC `label+$offset`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// Sorted by address; at one address, the label preferred first.
    by_addr: Vec<(u32, String)>,
}

impl Labels {
    /// The labels `(name, address)`. Where several name one address, a global label is
    /// preferred to a cheap local (`@loop`, `.loop`) and a shorter name to a longer.
    #[must_use]
    pub fn new<'a>(labels: impl IntoIterator<Item = (&'a str, u32)>) -> Self {
        let mut by_addr: Vec<(u32, String)> =
            labels.into_iter().map(|(n, a)| (a, n.to_owned())).collect();
        let local = |n: &str| n.starts_with('@') || n.starts_with('.');
        by_addr.sort_by(|(a, x), (b, y)| {
            a.cmp(b)
                .then(local(x).cmp(&local(y)))
                .then(x.len().cmp(&y.len()))
                .then(x.cmp(y))
        });
        by_addr.dedup_by_key(|(a, _)| *a);
        Self { by_addr }
    }

    /// Whether there is no label.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_addr.is_empty()
    }

    /// `addr` named after the nearest label at or below it within [`LABEL_REACH`]: `main`,
    /// `main+$12`; `None` when no label is that near.
    #[must_use]
    pub fn name(&self, addr: u32) -> Option<String> {
        let i = self.by_addr.partition_point(|(a, _)| *a <= addr);
        let (at, name) = self.by_addr.get(i.checked_sub(1)?)?;
        match addr - at {
            0 => Some(name.clone()),
            off if off < LABEL_REACH => Some(format!("{name}+${off:X}")),
            _ => None,
        }
    }
}

/// A probe that keeps the last [`HISTORY_LEN`] instructions while recording.
#[derive(Debug)]
pub struct History {
    every: Breakpoints,
    none: Breakpoints,
    recording: bool,
    last: VecDeque<Executed>,
}

impl History {
    /// A history over a CPU space of `cpu_space` bytes, not recording.
    #[must_use]
    pub fn new(cpu_space: u64) -> Self {
        Self {
            every: Breakpoints::every(cpu_space),
            none: Breakpoints::none(),
            recording: false,
            last: VecDeque::with_capacity(HISTORY_LEN + 1),
        }
    }

    /// Starts or stops recording (takes effect at the board's next `run_frame`).
    pub const fn record(&mut self, on: bool) {
        self.recording = on;
    }

    /// The instructions kept, oldest first.
    #[must_use]
    pub fn into_last(self) -> Vec<Executed> {
        self.last.into()
    }
}

impl Probe for History {
    fn breakpoints(&self) -> &Breakpoints {
        if self.recording {
            &self.every
        } else {
            &self.none
        }
    }

    fn on_pc(&mut self, pc: u32, _cycle: u64, cpu: &dyn CpuView) {
        if self.last.len() == HISTORY_LEN {
            self.last.pop_front();
        }
        self.last.push_back(Executed {
            pc,
            text: cpu.disasm(pc).0,
        });
    }

    fn on_event(&mut self, _event: BoardEvent) {}
}

/// Where a harness error leaves the CPU and how many `run_frame` calls lead to it, given
/// the calls the harness completed: the board's fault happens inside one more call; a
/// program that never takes or never leaves an interrupt is stopped after its last call.
/// `None` for an error that is not the program's doing.
#[must_use]
pub fn fault_point(e: &HarnessError, calls_run: u32) -> Option<(u32, u32)> {
    match e {
        HarnessError::Program {
            error: ProgramError::Fault { pc, .. },
            ..
        } => Some((pc.0, calls_run + 1)),
        HarnessError::NoInterrupt { pc, .. } | HarnessError::NoInterruptRaised { pc, .. } => {
            Some((*pc, calls_run))
        }
        HarnessError::NeverReturns { now, .. } => Some((*now, calls_run)),
        _ => None,
    }
}

/// The last instructions executed in the first `calls` `run_frame` calls of `machine`,
/// booted afresh with the same program as the run that faulted, the pads set and the keys
/// typed per call as the harness does ([`HarnessConfig::prepare_call`]). Stops at the board's fault.
#[must_use]
pub fn last_instructions(
    machine: &mut dyn Machine,
    config: &HarnessConfig,
    calls: u32,
) -> Vec<Executed> {
    let space = machine.program_limits().map_or(1 << 16, |l| l.cpu_space);
    let Some(board) = machine.program() else {
        return Vec::new();
    };
    let mut history = History::new(space);
    for call in 0..calls {
        if config.prepare_call(board, call).is_err() {
            break;
        }
        history.record(call + 1 == calls);
        if board.run_frame(&mut history).is_err() {
            break;
        }
    }
    history.into_last()
}

/// A fault's details: where, what instruction, what led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultReport {
    /// The PC the fault names.
    pub pc: u32,
    /// The instruction there, disassembled.
    pub instruction: String,
    /// The instructions executed before it, oldest first (the last one is the faulting
    /// instruction itself when the CPU faulted executing it).
    pub last: Vec<Executed>,
}

/// `$08A6`, or `$00FF0010` past 16 bits.
fn hex(addr: u32) -> String {
    if addr <= 0xFFFF {
        format!("${addr:04X}")
    } else {
        format!("${addr:06X}")
    }
}

impl FaultReport {
    /// The report for the fault at `pc` on `cpu` (the machine that faulted, as it stopped)
    /// with the history `last`.
    #[must_use]
    pub fn new(cpu: &dyn CpuView, pc: u32, last: Vec<Executed>) -> Self {
        Self {
            pc,
            instruction: cpu.disasm(pc).0,
            last,
        }
    }

    /// The lines to add to the fault's message, labels from `labels`:
    ///
    /// ```text
    /// PC $0812 (main+$12): STP
    /// the last 16 instructions executed:
    ///   $0810 main       LDA #$01
    ///   $0812 main+$2    STP
    /// ```
    #[must_use]
    pub fn describe(&self, labels: &Labels) -> String {
        let mut s = String::new();
        let _ = write!(s, "PC {}", hex(self.pc));
        if let Some(l) = labels.name(self.pc) {
            let _ = write!(s, " ({l})");
        }
        let _ = write!(s, ": {}", self.instruction);
        if self.last.is_empty() {
            return s;
        }
        let names: Vec<String> = self
            .last
            .iter()
            .map(|e| labels.name(e.pc).unwrap_or_default())
            .collect();
        let width = names.iter().map(String::len).max().unwrap_or(0);
        let _ = write!(
            s,
            "\nthe last {} instructions executed, oldest first:",
            self.last.len()
        );
        for (e, name) in self.last.iter().zip(&names) {
            let _ = write!(s, "\n  {} {name:width$}  {}", hex(e.pc), e.text);
        }
        s
    }
}

/// The instruction at `pc` for a 65C02.
pub(crate) fn disasm_65c02(cpu: &(impl CpuView + ?Sized), pc: u32) -> (String, usize) {
    let bytes: Vec<u8> = (0..3).map(|i| cpu.peek((pc + i) & 0xFFFF)).collect();
    cpu_65c02::disasm::disasm(&bytes, pc as u16)
}

/// The instruction at `pc` for a Z80.
pub(crate) fn disasm_z80(cpu: &(impl CpuView + ?Sized), pc: u32) -> (String, usize) {
    let bytes: Vec<u8> = (0..4).map(|i| cpu.peek((pc + i) & 0xFFFF)).collect();
    cpu_z80::disasm::disasm(&bytes, pc as u16)
}

/// The instruction at `pc` for a 6809 (the longest is five bytes).
pub(crate) fn disasm_6809(cpu: &(impl CpuView + ?Sized), pc: u32) -> (String, usize) {
    let bytes: Vec<u8> = (0..5).map(|i| cpu.peek((pc + i) & 0xFFFF)).collect();
    cpu_6809::disasm::disasm(&bytes, pc as u16)
}

/// The instruction at `pc` for a 68000 (the longest is ten bytes).
pub(crate) fn disasm_m68k(cpu: &(impl CpuView + ?Sized), pc: u32) -> (String, usize) {
    let bytes: Vec<u8> = (0..10).map(|i| cpu.peek((pc + i) & 0xFF_FFFF)).collect();
    cpu_m68k::disasm::disasm(&bytes, pc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_message_writes_addresses_one_way() {
        use crate::routine::Addr;
        let pc = 0x08A6;
        let errors = [
            HarnessError::Program {
                frame: 3,
                error: ProgramError::Fault {
                    pc: Addr(pc),
                    what: "STP".into(),
                },
            },
            HarnessError::NoInterrupt { frames: 9, pc },
            HarnessError::NoInterruptRaised {
                frames: 9,
                pc,
                why: "IEN is 0".into(),
            },
            HarnessError::NeverReturns {
                interrupt: "irq",
                cycle: 10,
                pc,
                frames: 9,
                now: pc,
            },
        ];
        let report = FaultReport {
            pc,
            instruction: "STP".into(),
            last: vec![Executed {
                pc: 0x0810,
                text: "LDA #$01".into(),
            }],
        };
        let labels = Labels::new([("main", 0x0810)]);
        assert!(report.describe(&labels).contains("PC $08A6"));
        for e in errors {
            // The error's own message names the PC, not only the report after it.
            let message = e.to_string();
            assert!(message.contains("$08A6"), "{message}");
            let text = format!("{message}\n{}", report.describe(&labels));
            assert!(!text.to_ascii_lowercase().contains("0x"), "{text}");
        }
    }

    #[test]
    fn a_pc_is_named_after_the_nearest_label_below_it() {
        let l = Labels::new([("main", 0x0810), ("@loop", 0x0820), ("loop2", 0x0820)]);
        assert_eq!(l.name(0x0810).as_deref(), Some("main"));
        assert_eq!(l.name(0x0812).as_deref(), Some("main+$2"));
        assert_eq!(l.name(0x0821).as_deref(), Some("loop2+$1"));
        assert_eq!(l.name(0x080F), None);
        assert_eq!(l.name(0x0820 + LABEL_REACH), None);
    }
}

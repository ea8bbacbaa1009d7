//! Differential test against an independent core, the crates.io `mc6809-core` 0.3.2.
//!
//! Seeded random cases: all 64 KiB of memory and every register random, one random
//! defined instruction (opcode from the data sheet's maps, operand bytes random; a case
//! whose postbyte the data sheet leaves undefined is drawn again) placed at a random PC.
//! Both cores run that one instruction from the same state; the test compares A B DP X Y
//! U S PC CC, all of memory (so every write) and the cycle count. One case in eight
//! also asserts IRQ, FIRQ or NMI before the step, so interrupt entry (stacking, masks,
//! vectors, cycles) is compared too.
//!
//! Every difference must match an entry of [`KNOWN`], which says which core the MC6809
//! data sheet (or Programming Manual) supports and why; any other difference fails the
//! test, and so does an entry that no case exercised.
//!
//! CWAI and SYNC are compared up to the wait they enter (stacking, CC, cycles); the
//! wait itself and the wake-up are tested in `hand_checks.rs`.

use cpu_6809::Cpu;
use cpu_6809::cycles::{PAGE0, PAGE1, PAGE2};
use mc6809_core::Memory;

/// SplitMix64: small, seeded, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn byte(&mut self) -> u8 {
        self.next() as u8
    }
    fn word(&mut self) -> u16 {
        self.next() as u16
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

struct Ram(Box<[u8; 0x10000]>);

impl Memory for Ram {
    fn read(&mut self, addr: u16) -> u8 {
        self.0[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, val: u8) {
        self.0[usize::from(addr)] = val;
    }
}

/// The machine state both cores are compared on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Regs {
    a: u8,
    b: u8,
    dp: u8,
    cc: u8,
    x: u16,
    y: u16,
    u: u16,
    s: u16,
    pc: u16,
}

/// What differed in one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    A,
    B,
    Dp,
    Cc,
    X,
    Y,
    U,
    S,
    Pc,
    Memory,
    Cycles,
}

/// Which side the data sheet / Programming Manual supports for a known difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Supports {
    /// This crate follows the data sheet; `mc6809-core` does not.
    ThisCore,
    /// The documents leave it undefined; the cores choose differently.
    Neither,
}

/// One case: the instruction bytes and the state before it.
struct Case {
    bytes: [u8; 5],
}

impl Case {
    /// The opcode with its page prefix, as `0x10nn` / `0x11nn` for the prefixed pages.
    fn opcode(&self) -> u16 {
        match self.bytes[0] {
            0x10 | 0x11 => u16::from_be_bytes([self.bytes[0], self.bytes[1]]),
            op => u16::from(op),
        }
    }
}

/// An expected difference: which instructions and fields, why, and who is right.
struct Known {
    name: &'static str,
    /// Whether a difference in this field of this case is the one described.
    applies: fn(&Case, Field) -> bool,
    reason: &'static str,
    supports: Supports,
}

/// The fields a TFR/EXG register code names.
fn code_fields(code: u8) -> &'static [Field] {
    match code {
        0x0 => &[Field::A, Field::B],
        0x1 => &[Field::X],
        0x2 => &[Field::Y],
        0x3 => &[Field::U],
        0x4 => &[Field::S],
        0x5 => &[Field::Pc],
        0x8 => &[Field::A],
        0x9 => &[Field::B],
        0xA => &[Field::Cc],
        _ => &[Field::Dp],
    }
}

/// TFR (`$1F`) or EXG (`$1E`) between an 8-bit and a 16-bit register, and `f` is a
/// register the instruction writes.
fn mixed_transfer_writes(case: &Case, f: Field) -> bool {
    let [op, pb, ..] = case.bytes;
    let (src, dst) = (pb >> 4, pb & 0x0F);
    let mixed = (src ^ dst) & 0x08 != 0;
    match op {
        0x1F => mixed && code_fields(dst).contains(&f),
        0x1E => mixed && (code_fields(dst).contains(&f) || code_fields(src).contains(&f)),
        _ => false,
    }
}

/// The expected differences with `mc6809-core` 0.3.2.
const KNOWN: &[Known] = &[
    Known {
        name: "TFR takes 6 cycles",
        applies: |case, f| case.bytes[0] == 0x1F && f == Field::Cycles,
        reason: "the MC6809 data sheet gives TFR 6 cycles (EXG 8); mc6809-core counts 7",
        supports: Supports::ThisCore,
    },
    Known {
        name: "CWAI counts 16 before its wait",
        applies: |case, f| case.bytes[0] == 0x3C && f == Field::Cycles,
        reason: "the data sheet's CWAI bus cycles are 16 up to the wait, then at least one \
                 waiting cycle and 3 for the vector (the map's 20); this core counts 16 at \
                 CWAI and 4 when the interrupt ends the wait, mc6809-core counts 21 at CWAI \
                 (and a full 19 or 10 again when the interrupt comes)",
        supports: Supports::ThisCore,
    },
    Known {
        name: "SYNC counts 4",
        applies: |case, f| case.bytes[0] == 0x13 && f == Field::Cycles,
        reason: "the data sheet's map gives SYNC at least 4 cycles; mc6809-core counts 2",
        supports: Supports::ThisCore,
    },
    Known {
        name: "TFR/EXG between 8- and 16-bit registers",
        applies: mixed_transfer_writes,
        reason: "the data sheet leaves mixed sizes undefined; this core gives an 8-bit source \
                 $FF in the high byte and a 16-bit source's low byte to an 8-bit register \
                 (as found on hardware: Atkinson's 6x09 reference, Dragon Update 1994), \
                 mc6809-core writes $FF / $FFFF",
        supports: Supports::Neither,
    },
];

fn regs_of(cpu: &Cpu) -> Regs {
    Regs {
        a: cpu.a,
        b: cpu.b,
        dp: cpu.dp,
        cc: cpu.cc,
        x: cpu.x,
        y: cpu.y,
        u: cpu.u,
        s: cpu.s,
        pc: cpu.pc,
    }
}

fn other_regs(cpu: &mc6809_core::Cpu) -> Regs {
    let r = cpu.registers();
    let [a, b] = r.d.to_be_bytes();
    Regs {
        a,
        b,
        dp: r.dp,
        cc: r.cc.to_byte(),
        x: r.x,
        y: r.y,
        u: r.u,
        s: r.s,
        pc: r.pc,
    }
}

/// A random defined opcode (bytes 0..1 or 0..2 of the instruction).
fn random_opcode(rng: &mut Rng) -> Vec<u8> {
    let pick = |rng: &mut Rng, table: &[u8; 256], exclude: &[u8]| loop {
        let op = rng.byte();
        if table[usize::from(op)] != 0 && !exclude.contains(&op) {
            return op;
        }
    };
    match rng.below(10) {
        0 => vec![0x10, pick(rng, &PAGE1, &[])],
        1 => vec![0x11, pick(rng, &PAGE2, &[])],
        _ => vec![pick(rng, &PAGE0, &[])],
    }
}

/// Outcome of one case: the differing fields (empty if none).
fn run_case(rng: &mut Rng, mem: &mut Box<[u8; 0x10000]>) -> Option<(Case, Vec<Field>, String)> {
    for chunk in mem.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next().to_le_bytes());
    }
    let pc = rng.word() % 0xFFE0;
    let op = random_opcode(rng);
    mem[usize::from(pc)..usize::from(pc) + op.len()].copy_from_slice(&op);
    let mut bytes = [0u8; 5];
    bytes.copy_from_slice(&mem[usize::from(pc)..usize::from(pc) + 5]);
    let mut mine = Cpu::new();
    mine.a = rng.byte();
    mine.b = rng.byte();
    mine.dp = rng.byte();
    mine.cc = rng.byte();
    mine.x = rng.word();
    mine.y = rng.word();
    mine.u = rng.word();
    mine.s = rng.word();
    mine.pc = pc;
    let before = regs_of(&mine);

    let mut other = mc6809_core::Cpu::new();
    {
        let mut r = other.registers_mut();
        r.d = mine.d();
        r.x = mine.x;
        r.y = mine.y;
        r.u = mine.u;
        r.s = mine.s;
        r.pc = mine.pc;
        r.dp = mine.dp;
        r.cc = mc6809_core::ConditionCodes::from_byte(mine.cc);
    }
    let mut other_mem = Ram(mem.clone());

    // One case in eight raises an interrupt line before the step (masks random).
    let line = rng.below(8);
    match line {
        0 => {
            mine.set_irq(true);
            other.set_irq(true);
        }
        1 => {
            mine.set_firq(true);
            other.set_firq(true);
        }
        2 if mine.s != 0 => {
            // Both cores arm NMI once S has been loaded (mc6809-core: S changed above).
            mine.nmi_armed = true;
            mine.nmi();
            other.trigger_nmi();
        }
        _ => {}
    }

    // An undefined postbyte: draw again.
    let Ok(cycles) = mine.step(&mut **mem) else {
        return None;
    };
    let other_cycles = other.step(&mut other_mem);
    assert!(
        !other.illegal(),
        "{:02X?}: mc6809-core calls it illegal",
        bytes
    );

    let (m, o) = (regs_of(&mine), other_regs(&other));
    let mut fields = Vec::new();
    let pairs: [(Field, u16, u16); 9] = [
        (Field::A, m.a.into(), o.a.into()),
        (Field::B, m.b.into(), o.b.into()),
        (Field::Dp, m.dp.into(), o.dp.into()),
        (Field::Cc, m.cc.into(), o.cc.into()),
        (Field::X, m.x, o.x),
        (Field::Y, m.y, o.y),
        (Field::U, m.u, o.u),
        (Field::S, m.s, o.s),
        (Field::Pc, m.pc, o.pc),
    ];
    for (f, a, b) in pairs {
        if a != b {
            fields.push(f);
        }
    }
    if mem[..] != other_mem.0[..] {
        fields.push(Field::Memory);
    }
    if u64::from(cycles) != other_cycles {
        fields.push(Field::Cycles);
    }
    let detail = format!(
        "before {before:02X?}\n  this core {m:02X?} {cycles} cycles\n  mc6809-core {o:02X?} {other_cycles} cycles"
    );
    Some((Case { bytes }, fields, detail))
}

#[test]
fn random_instructions_match_mc6809_core_except_known_differences() {
    const CASES: usize = 100_000;
    let mut rng = Rng(0x6809_0000_C0DE_F00D);
    let mut mem = Box::new([0u8; 0x10000]);
    let mut used = vec![0usize; KNOWN.len()];
    let mut unexplained = Vec::new();
    let mut ran = 0;
    while ran < CASES {
        let Some((case, fields, detail)) = run_case(&mut rng, &mut mem) else {
            continue;
        };
        ran += 1;
        if fields.is_empty() {
            continue;
        }
        // Every differing field must be explained by an entry.
        let mut explained = true;
        for &f in &fields {
            match KNOWN.iter().position(|k| (k.applies)(&case, f)) {
                Some(i) => used[i] += 1,
                None => explained = false,
            }
        }
        if !explained {
            unexplained.push(format!(
                "{:04X} {:02X?}: {:?}\n  {}",
                case.opcode(),
                case.bytes,
                fields,
                detail
            ));
        }
    }
    for (k, n) in KNOWN.iter().zip(&used) {
        println!("{:>6} x {} ({:?}): {}", n, k.name, k.supports, k.reason);
    }
    let unused: Vec<_> = KNOWN
        .iter()
        .zip(&used)
        .filter(|(_, n)| **n == 0)
        .map(|(k, _)| k.name)
        .collect();
    assert!(
        unused.is_empty(),
        "known differences never seen: {unused:?}"
    );
    let mut by_op = std::collections::BTreeMap::new();
    for u in &unexplained {
        *by_op.entry(u[..4].to_string()).or_insert(0usize) += 1;
    }
    assert!(
        unexplained.is_empty(),
        "{by_op:?}\n{} unexplained differences, first ones:\n{}",
        unexplained.len(),
        unexplained
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

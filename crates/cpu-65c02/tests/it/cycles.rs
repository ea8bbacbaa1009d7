//! Cycle counts of all 256 opcodes against the WDC W65C02S data sheet (opcode matrix,
//! Table 5-4, and the cycle counts and notes of Table 5-7), written out here by
//! mnemonic and addressing mode.
//!
//! Notes column: `p` = +1 when the indexed address crosses a page (reads, and the
//! ASL/LSR/ROL/ROR abs,X RMWs); `d` = +1 in decimal mode; `b` = conditional branch
//! (2 not taken, +1 taken, +1 more across a page); `a` = BRA (always taken, +1 across
//! a page); `bb` = BBR/BBS (+1 taken, +1 more across a page). Indexed modes without
//! `p` (stores, INC/DEC abs,X) take the same count with or without a page cross.

use crate::common;

use common::Ram;
use cpu_65c02::{Cpu, flags};

const TABLE: &str = "
00 BRK s 7
01 ORA (zp,X) 6
02 NOP # 2
03 NOP i 1
04 TSB zp 5
05 ORA zp 3
06 ASL zp 5
07 RMB0 zp 5
08 PHP s 3
09 ORA # 2
0A ASL A 2
0B NOP i 1
0C TSB abs 6
0D ORA abs 4
0E ASL abs 6
0F BBR0 zpr 5 bb
10 BPL r 2 b
11 ORA (zp),Y 5 p
12 ORA (zp) 5
13 NOP i 1
14 TRB zp 5
15 ORA zp,X 4
16 ASL zp,X 6
17 RMB1 zp 5
18 CLC i 2
19 ORA abs,Y 4 p
1A INC A 2
1B NOP i 1
1C TRB abs 6
1D ORA abs,X 4 p
1E ASL abs,X 6 p
1F BBR1 zpr 5 bb
20 JSR abs 6
21 AND (zp,X) 6
22 NOP # 2
23 NOP i 1
24 BIT zp 3
25 AND zp 3
26 ROL zp 5
27 RMB2 zp 5
28 PLP s 4
29 AND # 2
2A ROL A 2
2B NOP i 1
2C BIT abs 4
2D AND abs 4
2E ROL abs 6
2F BBR2 zpr 5 bb
30 BMI r 2 b
31 AND (zp),Y 5 p
32 AND (zp) 5
33 NOP i 1
34 BIT zp,X 4
35 AND zp,X 4
36 ROL zp,X 6
37 RMB3 zp 5
38 SEC i 2
39 AND abs,Y 4 p
3A DEC A 2
3B NOP i 1
3C BIT abs,X 4 p
3D AND abs,X 4 p
3E ROL abs,X 6 p
3F BBR3 zpr 5 bb
40 RTI s 6
41 EOR (zp,X) 6
42 NOP # 2
43 NOP i 1
44 NOP zp 3
45 EOR zp 3
46 LSR zp 5
47 RMB4 zp 5
48 PHA s 3
49 EOR # 2
4A LSR A 2
4B NOP i 1
4C JMP abs 3
4D EOR abs 4
4E LSR abs 6
4F BBR4 zpr 5 bb
50 BVC r 2 b
51 EOR (zp),Y 5 p
52 EOR (zp) 5
53 NOP i 1
54 NOP zp,X 4
55 EOR zp,X 4
56 LSR zp,X 6
57 RMB5 zp 5
58 CLI i 2
59 EOR abs,Y 4 p
5A PHY s 3
5B NOP i 1
5C NOP abs 8
5D EOR abs,X 4 p
5E LSR abs,X 6 p
5F BBR5 zpr 5 bb
60 RTS s 6
61 ADC (zp,X) 6 d
62 NOP # 2
63 NOP i 1
64 STZ zp 3
65 ADC zp 3 d
66 ROR zp 5
67 RMB6 zp 5
68 PLA s 4
69 ADC # 2 d
6A ROR A 2
6B NOP i 1
6C JMP (abs) 6
6D ADC abs 4 d
6E ROR abs 6
6F BBR6 zpr 5 bb
70 BVS r 2 b
71 ADC (zp),Y 5 pd
72 ADC (zp) 5 d
73 NOP i 1
74 STZ zp,X 4
75 ADC zp,X 4 d
76 ROR zp,X 6
77 RMB7 zp 5
78 SEI i 2
79 ADC abs,Y 4 pd
7A PLY s 4
7B NOP i 1
7C JMP (abs,X) 6
7D ADC abs,X 4 pd
7E ROR abs,X 6 p
7F BBR7 zpr 5 bb
80 BRA r 3 a
81 STA (zp,X) 6
82 NOP # 2
83 NOP i 1
84 STY zp 3
85 STA zp 3
86 STX zp 3
87 SMB0 zp 5
88 DEY i 2
89 BIT # 2
8A TXA i 2
8B NOP i 1
8C STY abs 4
8D STA abs 4
8E STX abs 4
8F BBS0 zpr 5 bb
90 BCC r 2 b
91 STA (zp),Y 6
92 STA (zp) 5
93 NOP i 1
94 STY zp,X 4
95 STA zp,X 4
96 STX zp,Y 4
97 SMB1 zp 5
98 TYA i 2
99 STA abs,Y 5
9A TXS i 2
9B NOP i 1
9C STZ abs 4
9D STA abs,X 5
9E STZ abs,X 5
9F BBS1 zpr 5 bb
A0 LDY # 2
A1 LDA (zp,X) 6
A2 LDX # 2
A3 NOP i 1
A4 LDY zp 3
A5 LDA zp 3
A6 LDX zp 3
A7 SMB2 zp 5
A8 TAY i 2
A9 LDA # 2
AA TAX i 2
AB NOP i 1
AC LDY abs 4
AD LDA abs 4
AE LDX abs 4
AF BBS2 zpr 5 bb
B0 BCS r 2 b
B1 LDA (zp),Y 5 p
B2 LDA (zp) 5
B3 NOP i 1
B4 LDY zp,X 4
B5 LDA zp,X 4
B6 LDX zp,Y 4
B7 SMB3 zp 5
B8 CLV i 2
B9 LDA abs,Y 4 p
BA TSX i 2
BB NOP i 1
BC LDY abs,X 4 p
BD LDA abs,X 4 p
BE LDX abs,Y 4 p
BF BBS3 zpr 5 bb
C0 CPY # 2
C1 CMP (zp,X) 6
C2 NOP # 2
C3 NOP i 1
C4 CPY zp 3
C5 CMP zp 3
C6 DEC zp 5
C7 SMB4 zp 5
C8 INY i 2
C9 CMP # 2
CA DEX i 2
CB WAI i 3
CC CPY abs 4
CD CMP abs 4
CE DEC abs 6
CF BBS4 zpr 5 bb
D0 BNE r 2 b
D1 CMP (zp),Y 5 p
D2 CMP (zp) 5
D3 NOP i 1
D4 NOP zp,X 4
D5 CMP zp,X 4
D6 DEC zp,X 6
D7 SMB5 zp 5
D8 CLD i 2
D9 CMP abs,Y 4 p
DA PHX s 3
DB STP i 3
DC NOP abs 4
DD CMP abs,X 4 p
DE DEC abs,X 7
DF BBS5 zpr 5 bb
E0 CPX # 2
E1 SBC (zp,X) 6 d
E2 NOP # 2
E3 NOP i 1
E4 CPX zp 3
E5 SBC zp 3 d
E6 INC zp 5
E7 SMB6 zp 5
E8 INX i 2
E9 SBC # 2 d
EA NOP i 2
EB NOP i 1
EC CPX abs 4
ED SBC abs 4 d
EE INC abs 6
EF BBS6 zpr 5 bb
F0 BEQ r 2 b
F1 SBC (zp),Y 5 pd
F2 SBC (zp) 5 d
F3 NOP i 1
F4 NOP zp,X 4
F5 SBC zp,X 4 d
F6 INC zp,X 6
F7 SMB7 zp 5
F8 SED i 2
F9 SBC abs,Y 4 pd
FA PLX s 4
FB NOP i 1
FC NOP abs 4
FD SBC abs,X 4 pd
FE INC abs,X 7
FF BBS7 zpr 5 bb
";

/// One row of [`TABLE`].
#[derive(Debug)]
struct Row {
    op: u8,
    name: String,
    mode: String,
    cycles: u32,
    notes: String,
}

fn table() -> Vec<Row> {
    let rows: Vec<Row> = TABLE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            Row {
                op: u8::from_str_radix(f[0], 16).unwrap(),
                name: f[1].to_owned(),
                mode: f[2].to_owned(),
                cycles: f[3].parse().unwrap(),
                notes: f.get(4).copied().unwrap_or("").to_owned(),
            }
        })
        .collect();
    assert_eq!(rows.len(), 256);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(usize::from(r.op), i, "table out of order at {}", r.name);
    }
    rows
}

const CODE: u16 = 0x0300;

/// Conditional branches: the flag each tests and whether it branches when the flag
/// is set.
fn branch_condition(op: u8) -> (u8, bool) {
    match op {
        0x10 => (flags::N, false),
        0x30 => (flags::N, true),
        0x50 => (flags::V, false),
        0x70 => (flags::V, true),
        0x90 => (flags::C, false),
        0xB0 => (flags::C, true),
        0xD0 => (flags::Z, false),
        0xF0 => (flags::Z, true),
        _ => unreachable!(),
    }
}

/// How to run one opcode.
#[derive(Clone, Copy, Default)]
struct Setup {
    cross_page: bool,
    decimal: bool,
    branch_taken: bool,
}

/// Runs `row`'s opcode once at [`CODE`] and returns the cycles `step` reports (checked
/// against the growth of `Cpu::cycles`).
fn run(row: &Row, setup: Setup) -> u32 {
    let mut ram = Ram::new();
    let mut cpu = Cpu::new();
    cpu.pc = CODE;
    cpu.s = 0xF0;
    cpu.p = flags::B | flags::U;
    // Operands: zp $10 holds a pointer to $0410 (or $04FF to cross with Y = 1); abs
    // operands are $0410 (or $04FF to cross with X = 1).
    let index = u8::from(setup.cross_page);
    let lo = if setup.cross_page { 0xFF } else { 0x10 };
    cpu.x = index;
    cpu.y = index;
    let mut code = [row.op, 0x10, 0x04];
    match row.mode.as_str() {
        "abs,X" | "abs,Y" => code[1] = lo,
        "(zp),Y" => ram.load(0x10, &[lo, 0x04]),
        "(zp)" | "(zp,X)" => ram.load(0x10, &[0x10, 0x04]),
        _ => {}
    }
    if setup.decimal {
        cpu.p |= flags::D;
    }
    match row.notes.as_str() {
        "b" | "a" | "bb" => {
            // Branch offset: +2 stays in page 3; -$80 lands in page 2.
            let at = if row.notes == "bb" { 2 } else { 1 };
            code[at] = if setup.cross_page { 0x80 } else { 0x02 };
            if row.notes == "b" {
                let (flag, when_set) = branch_condition(row.op);
                if setup.branch_taken == when_set {
                    cpu.p |= flag;
                }
            } else if row.notes == "bb" {
                code[1] = 0x20;
                let bbs = row.op & 0x80 != 0;
                let bit_set = setup.branch_taken == bbs;
                ram.load(0x20, &[if bit_set { 0xFF } else { 0x00 }]);
            }
        }
        _ => {}
    }
    ram.load(CODE, &code);
    let before = cpu.cycles;
    let cycles = cpu.step(&mut ram);
    assert_eq!(
        cpu.cycles - before,
        u64::from(cycles),
        "{}: cycles counter",
        row.name
    );
    cycles
}

#[test]
fn every_opcode_base_count() {
    for row in table() {
        let got = run(&row, Setup::default());
        assert_eq!(got, row.cycles, "${:02X} {} {}", row.op, row.name, row.mode);
    }
}

#[test]
fn indexed_page_crossing() {
    for row in table() {
        if !matches!(row.mode.as_str(), "abs,X" | "abs,Y" | "(zp),Y") {
            continue;
        }
        let extra = u32::from(row.notes.contains('p'));
        let setup = Setup {
            cross_page: true,
            ..Setup::default()
        };
        let got = run(&row, setup);
        assert_eq!(
            got,
            row.cycles + extra,
            "${:02X} {} {} across a page",
            row.op,
            row.name,
            row.mode
        );
    }
}

#[test]
fn decimal_mode_adds_a_cycle_to_adc_and_sbc_only() {
    for row in table() {
        let extra = u32::from(row.notes.contains('d'));
        let decimal = Setup {
            decimal: true,
            ..Setup::default()
        };
        assert_eq!(
            run(&row, decimal),
            row.cycles + extra,
            "${:02X} {} {} with D set",
            row.op,
            row.name,
            row.mode
        );
        if row.notes == "pd" {
            let both = Setup {
                decimal: true,
                cross_page: true,
                ..Setup::default()
            };
            assert_eq!(
                run(&row, both),
                row.cycles + 2,
                "${:02X} {} {} decimal across a page",
                row.op,
                row.name,
                row.mode
            );
        }
    }
}

#[test]
fn branches_taken_and_across_a_page() {
    let mut seen = 0;
    for row in table() {
        let (taken, across) = match row.notes.as_str() {
            "b" => (3, 4),
            "a" => (3, 4),
            "bb" => (6, 7),
            _ => continue,
        };
        seen += 1;
        let t = Setup {
            branch_taken: true,
            ..Setup::default()
        };
        let tx = Setup {
            branch_taken: true,
            cross_page: true,
            ..Setup::default()
        };
        assert_eq!(run(&row, t), taken, "${:02X} {} taken", row.op, row.name);
        assert_eq!(
            run(&row, tx),
            across,
            "${:02X} {} taken across a page",
            row.op,
            row.name
        );
    }
    assert_eq!(seen, 8 + 1 + 16);
}

#[test]
fn undefined_nops_have_the_data_sheet_lengths() {
    // Bytes each undefined opcode occupies: the next instruction starts there.
    for row in table() {
        if row.name != "NOP" || row.op == 0xEA {
            continue;
        }
        let len = match row.mode.as_str() {
            "i" => 1,
            "#" | "zp" | "zp,X" => 2,
            "abs" => 3,
            other => panic!("unexpected NOP mode {other}"),
        };
        let mut ram = Ram::new();
        ram.load(CODE, &[row.op, 0x10, 0x04]);
        let mut cpu = Cpu::new();
        cpu.pc = CODE;
        let a = cpu.clone();
        cpu.step(&mut ram);
        assert_eq!(cpu.pc, CODE + len, "${:02X} length", row.op);
        assert_eq!(
            (cpu.a, cpu.x, cpu.y, cpu.s, cpu.p),
            (a.a, a.x, a.y, a.s, a.p),
            "${:02X} changed registers",
            row.op
        );
        assert!(
            ram.log
                .iter()
                .all(|x| !matches!(x, common::Access::Write(..))),
            "${:02X} wrote",
            row.op
        );
    }
}

//! T-states of every opcode of every page, from the instruction tables of the Zilog Z80 CPU
//! User Manual (UM0080) and, for the undocumented opcodes, Sean Young's *The Undocumented
//! Z80 Documented*. Each table row is one high nibble; "a/b" gives the time when a condition
//! fails (or a block instruction ends) and when it holds (or the block instruction repeats);
//! "-" marks a prefix byte, which is not an instruction on its own.

use crate::common;

use common::Machine;

/// Unprefixed opcodes.
const MAIN: [&str; 16] = [
    "4 10 7 6 4 4 7 4 4 11 7 6 4 4 7 4",
    "8/13 10 7 6 4 4 7 4 12 11 7 6 4 4 7 4",
    "7/12 10 16 6 4 4 7 4 7/12 11 16 6 4 4 7 4",
    "7/12 10 13 6 11 11 10 4 7/12 11 13 6 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "7 7 7 7 7 7 4 7 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "4 4 4 4 4 4 7 4 4 4 4 4 4 4 7 4",
    "5/11 10 10 10 10/17 11 7 11 5/11 10 10 - 10/17 17 7 11",
    "5/11 10 10 11 10/17 11 7 11 5/11 4 10 11 10/17 - 7 11",
    "5/11 10 10 19 10/17 11 7 11 5/11 4 10 4 10/17 - 7 11",
    "5/11 10 10 4 10/17 11 7 11 5/11 6 10 4 10/17 - 7 11",
];

/// DD-prefixed opcodes (FD is the same with IY), prefix included. Opcodes that do not
/// involve HL run as unprefixed with 4 more T-states.
const INDEX: [&str; 16] = [
    "8 14 11 10 8 8 11 8 8 15 11 10 8 8 11 8",
    "12/17 14 11 10 8 8 11 8 16 15 11 10 8 8 11 8",
    "11/16 14 20 10 8 8 11 8 11/16 15 20 10 8 8 11 8",
    "11/16 14 17 10 23 23 19 8 11/16 15 17 10 8 8 11 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "19 19 19 19 19 19 8 19 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "8 8 8 8 8 8 19 8 8 8 8 8 8 8 19 8",
    "9/15 14 14 14 14/21 15 11 15 9/15 14 14 - 14/21 21 11 15",
    "9/15 14 14 15 14/21 15 11 15 9/15 8 14 15 14/21 - 11 15",
    "9/15 14 14 23 14/21 15 11 15 9/15 8 14 8 14/21 - 11 15",
    "9/15 14 14 8 14/21 15 11 15 9/15 10 14 8 14/21 - 11 15",
];

/// CB-prefixed opcodes.
const CB: [&str; 16] = [
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 12 8 8 8 8 8 8 8 12 8",
    "8 8 8 8 8 8 12 8 8 8 8 8 8 8 12 8",
    "8 8 8 8 8 8 12 8 8 8 8 8 8 8 12 8",
    "8 8 8 8 8 8 12 8 8 8 8 8 8 8 12 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
    "8 8 8 8 8 8 15 8 8 8 8 8 8 8 15 8",
];

/// DD CB d op and FD CB d op, by the final opcode byte.
const INDEX_CB: [&str; 16] = [
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20",
    "20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20",
    "20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20",
    "20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
    "23 23 23 23 23 23 23 23 23 23 23 23 23 23 23 23",
];

/// ED-prefixed opcodes; the undefined ones are 8 T-state NOPs.
const ED: [&str; 16] = [
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "12 12 15 20 8 14 8 9 12 12 15 20 8 14 8 9",
    "12 12 15 20 8 14 8 9 12 12 15 20 8 14 8 9",
    "12 12 15 20 8 14 8 18 12 12 15 20 8 14 8 18",
    "12 12 15 20 8 14 8 8 12 12 15 20 8 14 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "16 16 16 16 8 8 8 8 16 16 16 16 8 8 8 8",
    "16/21 16/21 16/21 16/21 8 8 8 8 16/21 16/21 16/21 16/21 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
    "8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
];

/// The entry for `op`: None for a prefix, else (fails/ends, holds/repeats).
fn entry(table: &[&str; 16], op: u8) -> Option<(u32, u32)> {
    let cell = table[usize::from(op >> 4)]
        .split(' ')
        .nth(usize::from(op & 15))
        .expect("16 cells a row");
    if cell == "-" {
        return None;
    }
    let mut parts = cell.split('/').map(|n| n.parse::<u32>().expect("number"));
    let a = parts.next().expect("a time");
    Some((a, parts.next().unwrap_or(a)))
}

/// The T-states of `code` run from a known state; `holds` picks the state in which every
/// condition is true (flags all set for Z/C/PE/M, clear for NZ/NC/PO/P; B or BC above 1 so
/// DJNZ and the block instructions go round again) or false.
fn time(code: &[u8], holds: bool, cond_on_set: bool) -> u32 {
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, code);
    cpu.f = if holds == cond_on_set { 0xFF } else { 0x00 };
    cpu.set_bc(if holds { 0x0202 } else { 0x0101 });
    let block_ld_cp = code.len() >= 2 && code[0] == 0xED && code[1] & 0xF2 == 0xB0;
    if block_ld_cp && !holds {
        cpu.set_bc(0x0001);
    }
    // CPIR must not find its byte; the table lists the search going on.
    cpu.a = 0x55;
    cpu.step(&mut m)
}

/// Checks every opcode of a page; `code` builds the bytes around the opcode.
fn check_page(name: &str, table: &[&str; 16], code: impl Fn(u8) -> Vec<u8>) -> Vec<String> {
    let mut errors = Vec::new();
    for op in 0..=255u8 {
        let Some((fails, holds)) = entry(table, op) else {
            continue;
        };
        let bytes = code(op);
        // Odd condition fields (Z, C, PE, M) hold when their flag is set.
        let y = (bytes[bytes.len() - 4] >> 3) & 1 == 1;
        let final_op = bytes[bytes.len() - 4];
        let on_set = if final_op == 0x10 { true } else { y };
        for (holds_now, want) in [(false, fails), (true, holds)] {
            let got = time(&bytes, holds_now, on_set);
            if got != want {
                errors.push(format!(
                    "{name} {op:02X} (condition {holds_now}): {got} want {want}"
                ));
            }
        }
    }
    errors
}

/// Operand bytes after the opcode: zeros, so jumps stay near and addresses are valid.
fn with_operands(prefix: &[u8], op: u8) -> Vec<u8> {
    let mut v = prefix.to_vec();
    v.extend([op, 0, 0, 0]);
    v
}

#[test]
fn every_opcode_takes_its_data_sheet_time() {
    let mut errors = Vec::new();
    errors.extend(check_page("", &MAIN, |op| with_operands(&[], op)));
    errors.extend(check_page("CB", &CB, |op| with_operands(&[0xCB], op)));
    errors.extend(check_page("ED", &ED, |op| with_operands(&[0xED], op)));
    errors.extend(check_page("DD", &INDEX, |op| with_operands(&[0xDD], op)));
    errors.extend(check_page("FD", &INDEX, |op| with_operands(&[0xFD], op)));
    errors.extend(check_page("DDCB", &INDEX_CB, |op| {
        with_operands(&[0xDD, 0xCB, 0x05], op)
    }));
    errors.extend(check_page("FDCB", &INDEX_CB, |op| {
        with_operands(&[0xFD, 0xCB, 0xFB], op)
    }));
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn a_dropped_prefix_costs_four_t_states() {
    // DD FD 21 nn: the DD is ignored; LD IY,nn takes its 14 after it.
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, &[0xDD, 0xFD, 0x21, 0x34, 0x12]);
    assert_eq!(cpu.step(&mut m), 18);
    assert_eq!(cpu.iy, 0x1234);
    // DD ED B0: LDIR under a useless prefix.
    let mut cpu = m.load(0x2000, &[0xDD, 0xED, 0xA0]);
    assert_eq!(cpu.step(&mut m), 20);
}

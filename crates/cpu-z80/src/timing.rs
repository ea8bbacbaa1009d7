//! Base T-states of each opcode on a plain Z80, without wait states, from the instruction
//! tables of the Zilog manual (UM0080) and, for the undocumented opcodes, Sean Young's
//! *The Undocumented Z80 Documented*.
//!
//! For conditional instructions the tables give the shorter (not taken) time; the core adds
//! [`JR_TAKEN`], [`RET_TAKEN`], [`CALL_TAKEN`] or [`BLOCK_REPEAT`] when the condition holds.
//! Each table covers the whole instruction including its prefix bytes.

/// Extra T-states of JR cc and DJNZ when the jump is taken.
pub const JR_TAKEN: u32 = 5;
/// Extra T-states of RET cc when the return is taken.
pub const RET_TAKEN: u32 = 6;
/// Extra T-states of CALL cc when the call is taken.
pub const CALL_TAKEN: u32 = 7;
/// Extra T-states of a block instruction that repeats (PC moves back to it).
pub const BLOCK_REPEAT: u32 = 5;

/// Unprefixed opcodes.
#[rustfmt::skip]
pub const MAIN: [u8; 256] = [
//  0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
    4, 10,  7,  6,  4,  4,  7,  4,  4, 11,  7,  6,  4,  4,  7,  4, // 0
    8, 10,  7,  6,  4,  4,  7,  4, 12, 11,  7,  6,  4,  4,  7,  4, // 1
    7, 10, 16,  6,  4,  4,  7,  4,  7, 11, 16,  6,  4,  4,  7,  4, // 2
    7, 10, 13,  6, 11, 11, 10,  4,  7, 11, 13,  6,  4,  4,  7,  4, // 3
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 4
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 5
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 6
    7,  7,  7,  7,  7,  7,  4,  7,  4,  4,  4,  4,  4,  4,  7,  4, // 7
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 8
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // 9
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // A
    4,  4,  4,  4,  4,  4,  7,  4,  4,  4,  4,  4,  4,  4,  7,  4, // B
    5, 10, 10, 10, 10, 11,  7, 11,  5, 10, 10,  0, 10, 17,  7, 11, // C
    5, 10, 10, 11, 10, 11,  7, 11,  5,  4, 10, 11, 10,  0,  7, 11, // D
    5, 10, 10, 19, 10, 11,  7, 11,  5,  4, 10,  4, 10,  0,  7, 11, // E
    5, 10, 10,  4, 10, 11,  7, 11,  5,  6, 10,  4, 10,  0,  7, 11, // F
];

/// Whether an unprefixed opcode has a (HL) operand, which DD/FD turn into (IX+d)/(IY+d).
pub const fn uses_hl_memory(op: u8) -> bool {
    match op {
        0x34..=0x36 => true,
        0x76 => false,
        0x40..=0xBF => op & 7 == 6 || (op < 0x80 && (op >> 3) & 7 == 6),
        _ => false,
    }
}

/// DD- and FD-prefixed opcodes: the prefix adds 4; a (IX+d) operand adds the displacement
/// read and the address calculation (8 T-states, or 5 for LD (IX+d),n where the
/// calculation overlaps the operand read). CB and ED entries are unused.
pub const INDEX: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let op = i as u8;
        let extra = if op == 0x36 {
            5
        } else if uses_hl_memory(op) {
            8
        } else {
            0
        };
        t[i] = MAIN[i] + 4 + extra;
        i += 1;
    }
    t
};

/// CB-prefixed opcodes: 8 for registers, 12 for BIT n,(HL), 15 for the other (HL) forms.
pub const CB: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i & 7 != 6 {
            8
        } else if i >> 6 == 1 {
            12
        } else {
            15
        };
        i += 1;
    }
    t
};

/// DD CB d op and FD CB d op: 20 for BIT, 23 for the rest.
pub const INDEX_CB: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i >> 6 == 1 { 20 } else { 23 };
        i += 1;
    }
    t
};

/// ED-prefixed opcodes; the undefined ones act as two NOPs (8 T-states).
#[rustfmt::skip]
pub const ED: [u8; 256] = {
    let mut t = [8u8; 256];
    let row: [u8; 8] = [12, 12, 15, 20, 8, 14, 8, 9];
    let mut i = 0x40;
    while i < 0x80 {
        t[i] = row[i & 7];
        i += 1;
    }
    t[0x67] = 18; // RRD
    t[0x6F] = 18; // RLD
    t[0x77] = 8; // NOP
    t[0x7F] = 8; // NOP
    let mut b = 0xA0;
    while b < 0xC0 {
        if b & 7 < 4 {
            t[b] = 16;
        }
        b += 1;
    }
    t
};

//! Base cycle counts per opcode, transcribed from the MC6809 data sheet's opcode map
//! ("~" column). A zero marks an opcode the data sheet does not define.
//!
//! The base count excludes what depends on the operands, which the executing code adds:
//! - indexed modes: the extra cycles of the postbyte (data sheet, indexed addressing
//!   table; see `indexed.rs`);
//! - PSHS/PULS/PSHU/PULU: one more cycle per byte stacked;
//! - long conditional branches on page `$10`: one more cycle when taken (5 / 6);
//! - RTI: 6 with E clear, 15 with E set (the table holds 6, the pull of the
//!   entire state adds 9);
//! - CWAI: the map gives "20" as the least total; the data sheet's bus cycle chart
//!   splits it as 16 cycles up to the wait (opcode, mask, two dead cycles, 12 bytes
//!   stacked), at least one cycle of waiting, and 3 for the vector fetch. The table holds
//!   16; each waiting [`crate::Cpu::step`] counts 1 and the step that takes the
//!   interrupt counts 4 (its cycle of waiting and the vector fetch), so CWAI with an
//!   interrupt already pending totals 20;
//! - SYNC: the table holds the map's least count, 4 (the bus cycle chart has 2 cycles
//!   before the wait; the map's figure includes the shortest wait); each further
//!   waiting step counts 1. An interrupt that ends the wait is then taken with its own
//!   entry cycles (19 or 10), a masked one lets the next instruction run.
//!
//! Prefix bytes `$10` and `$11` are zero here: they select the other two tables.

/// Page 0 (unprefixed opcodes), indexed by opcode.
#[rustfmt::skip]
pub const PAGE0: [u8; 256] = [
//  x0  x1  x2  x3  x4  x5  x6  x7  x8  x9  xA  xB  xC  xD  xE  xF
     6,  0,  0,  6,  6,  0,  6,  6,  6,  6,  6,  0,  6,  6,  3,  6, // 0x direct
     0,  0,  2,  4,  0,  0,  5,  9,  0,  2,  3,  0,  3,  2,  8,  6, // 1x
     3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3, // 2x branches
     4,  4,  4,  4,  5,  5,  5,  5,  0,  5,  3,  6, 16, 11,  0, 19, // 3x
     2,  0,  0,  2,  2,  0,  2,  2,  2,  2,  2,  0,  2,  2,  0,  2, // 4x A
     2,  0,  0,  2,  2,  0,  2,  2,  2,  2,  2,  0,  2,  2,  0,  2, // 5x B
     6,  0,  0,  6,  6,  0,  6,  6,  6,  6,  6,  0,  6,  6,  3,  6, // 6x indexed
     7,  0,  0,  7,  7,  0,  7,  7,  7,  7,  7,  0,  7,  7,  4,  7, // 7x extended
     2,  2,  2,  4,  2,  2,  2,  0,  2,  2,  2,  2,  4,  7,  3,  0, // 8x A immediate
     4,  4,  4,  6,  4,  4,  4,  4,  4,  4,  4,  4,  6,  7,  5,  5, // 9x A direct
     4,  4,  4,  6,  4,  4,  4,  4,  4,  4,  4,  4,  6,  7,  5,  5, // Ax A indexed
     5,  5,  5,  7,  5,  5,  5,  5,  5,  5,  5,  5,  7,  8,  6,  6, // Bx A extended
     2,  2,  2,  4,  2,  2,  2,  0,  2,  2,  2,  2,  3,  0,  3,  0, // Cx B immediate
     4,  4,  4,  6,  4,  4,  4,  4,  4,  4,  4,  4,  5,  5,  5,  5, // Dx B direct
     4,  4,  4,  6,  4,  4,  4,  4,  4,  4,  4,  4,  5,  5,  5,  5, // Ex B indexed
     5,  5,  5,  7,  5,  5,  5,  5,  5,  5,  5,  5,  6,  6,  6,  6, // Fx B extended
];

const fn page(entries: &[(u8, u8)]) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < entries.len() {
        t[entries[i].0 as usize] = entries[i].1;
        i += 1;
    }
    t
}

/// Page `$10`, indexed by the second opcode byte.
#[rustfmt::skip]
pub const PAGE1: [u8; 256] = page(&[
    // LBRN .. LBLE: 5, 6 when taken.
    (0x21, 5), (0x22, 5), (0x23, 5), (0x24, 5), (0x25, 5), (0x26, 5), (0x27, 5), (0x28, 5),
    (0x29, 5), (0x2A, 5), (0x2B, 5), (0x2C, 5), (0x2D, 5), (0x2E, 5), (0x2F, 5),
    (0x3F, 20), // SWI2
    (0x83, 5), (0x8C, 5), (0x8E, 4), // CMPD CMPY LDY immediate
    (0x93, 7), (0x9C, 7), (0x9E, 6), (0x9F, 6), // direct, STY
    (0xA3, 7), (0xAC, 7), (0xAE, 6), (0xAF, 6), // indexed
    (0xB3, 8), (0xBC, 8), (0xBE, 7), (0xBF, 7), // extended
    (0xCE, 4), (0xDE, 6), (0xDF, 6), (0xEE, 6), (0xEF, 6), (0xFE, 7), (0xFF, 7), // LDS STS
]);

/// Page `$11`, indexed by the second opcode byte.
#[rustfmt::skip]
pub const PAGE2: [u8; 256] = page(&[
    (0x3F, 20), // SWI3
    (0x83, 5), (0x8C, 5), // CMPU CMPS immediate
    (0x93, 7), (0x9C, 7), // direct
    (0xA3, 7), (0xAC, 7), // indexed
    (0xB3, 8), (0xBC, 8), // extended
]);

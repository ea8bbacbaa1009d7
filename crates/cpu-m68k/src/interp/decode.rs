//! The decode table: one entry per opcode word, built once. Each entry names the
//! operation and carries the fields the handler needs (size, effective addresses,
//! register), so no instruction is decoded twice. Opcode layouts: MC68000 Programmer's
//! Reference Manual, section 8 and its operation code map (table 8-1).

use std::sync::OnceLock;

use super::dispatch::handler_index;

/// What an opcode word does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kind {
    Move,
    Movea,
    Moveq,
    AddR,
    SubR,
    AndR,
    OrR,
    CmpR,
    AddM,
    SubM,
    AndM,
    OrM,
    EorM,
    Adda,
    Suba,
    Cmpa,
    AddI,
    SubI,
    AndI,
    OrI,
    EorI,
    CmpI,
    AddQ,
    SubQ,
    Clr,
    Neg,
    Not,
    Tst,
    Bcc,
    Bsr,
    Dbcc,
    Scc,
    Jmp,
    Jsr,
    Lea,
    Pea,
    Rts,
    ShiftReg,
    ShiftMem,
    Mulu,
    Muls,
    Exg,
    Swap,
    Ext,
    Nop,
    Link,
    Unlk,
    Trap,
    Illegal,
    LineA,
    LineF,
    Addx,
    Subx,
    Negx,
    Cmpm,
    Abcd,
    Sbcd,
    Nbcd,
    /// BTST/BCHG/BCLR/BSET: `ea2` bits 1-0 the operation, bit 2 a static bit number.
    Bit,
    /// `ea2`: the opmode (4: word to register ... 7: long to memory).
    Movep,
    Chk,
    Divu,
    Divs,
    /// `ea2`: 1 memory to registers.
    Movem,
    /// `ea2`: 1 USP to An.
    MoveUsp,
    MoveToSr,
    MoveToCcr,
    MoveFromSr,
    /// ORI/ANDI/EORI to CCR (size 1) or SR (size 2); `reg` 0 OR, 1 AND, 5 EOR.
    ImmSr,
    Reset,
    Stop,
    Rte,
    Rtr,
    Tas,
    Trapv,
}

/// One decoded opcode word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Op {
    /// The operation.
    pub kind: Kind,
    /// Operand size in bytes (1, 2, 4).
    pub size: u8,
    /// The effective address (mode << 3 | register), the source for MOVE.
    pub ea: u8,
    /// The register field (bits 11-9), or the condition for Bcc/DBcc/Scc, the data for
    /// MOVEQ/ADDQ/SUBQ/TRAP, the shift kind for shifts.
    pub reg: u8,
    /// MOVE's destination (mode << 3 | register); for shifts: bit 0 the direction (1:
    /// left), bit 1 a count in a register.
    pub ea2: u8,
    /// The handler that runs it, an index into the handler table of
    /// `interp::dispatch` (specialised on the fields above).
    pub handler: u16,
}

const fn op(kind: Kind, size: u8, ea: u8, reg: u8, ea2: u8) -> Op {
    Op {
        kind,
        size,
        ea,
        reg,
        ea2,
        handler: 0,
    }
}

/// The table, built on first use.
pub fn table() -> &'static [Op; 65536] {
    static TABLE: OnceLock<Box<[Op; 65536]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([op(Kind::Illegal, 0, 0, 0, 0); 65536]);
        for (word, entry) in t.iter_mut().enumerate() {
            let mut op = decode(word as u16);
            op.handler = handler_index(&op);
            *entry = op;
        }
        t
    })
}

// Effective address classes (PRM table 2-4).
const fn valid(ea: u8) -> bool {
    ea < 0x3D
}
const fn data(ea: u8) -> bool {
    valid(ea) && ea >> 3 != 1
}
const fn alterable(ea: u8) -> bool {
    ea < 0x3A
}
const fn data_alterable(ea: u8) -> bool {
    alterable(ea) && ea >> 3 != 1
}
const fn memory_alterable(ea: u8) -> bool {
    alterable(ea) && ea >> 3 >= 2
}
const fn control(ea: u8) -> bool {
    matches!(ea >> 3, 2 | 5 | 6) || (ea >= 0x38 && ea <= 0x3B)
}

/// The size field of most instructions (bits 7-6): 00 byte, 01 word, 10 long.
const fn size67(word: u16) -> u8 {
    match (word >> 6) & 3 {
        0 => 1,
        1 => 2,
        2 => 4,
        _ => 0,
    }
}

fn decode(word: u16) -> Op {
    use Kind::*;
    let ea = (word & 0x3F) as u8;
    let reg = ((word >> 9) & 7) as u8;
    let illegal = op(Illegal, 0, 0, 0, 0);
    match word >> 12 {
        0x0 => {
            if word & 0x0100 != 0 || word & 0x0F00 == 0x0800 {
                // MOVEP, then BTST/BCHG/BCLR/BSET.
                if word & 0x0138 == 0x0108 {
                    return op(Movep, 0, ea & 7, reg, ((word >> 6) & 7) as u8);
                }
                let kind = ((word >> 6) & 3) as u8;
                let fixed = word & 0x0100 == 0;
                let ok = if kind == 0 {
                    data(ea) && !(fixed && ea == 0x3C)
                } else {
                    data_alterable(ea)
                };
                if !ok {
                    return illegal;
                }
                let size = if ea >> 3 == 0 { 4 } else { 1 };
                return op(Bit, size, ea, reg, kind | u8::from(fixed) << 2);
            }
            let size = size67(word);
            if size == 0 {
                return illegal;
            }
            if ea == 0x3C {
                // ORI/ANDI/EORI to CCR and SR.
                return match word & 0x0FFF {
                    0x003C | 0x023C | 0x0A3C => op(ImmSr, 1, 0, reg, 0),
                    0x007C | 0x027C | 0x0A7C => op(ImmSr, 2, 0, reg, 0),
                    _ => illegal,
                };
            }
            let kind = match reg {
                0 => OrI,
                1 => AndI,
                2 => SubI,
                3 => AddI,
                5 => EorI,
                6 => CmpI,
                _ => return illegal,
            };
            if !data_alterable(ea) {
                return illegal;
            }
            op(kind, size, ea, 0, 0)
        }
        0x1..=0x3 => {
            let size = match word >> 12 {
                1 => 1,
                3 => 2,
                _ => 4,
            };
            let dst = ((word >> 3) & 0x38) as u8 | reg;
            if !valid(ea) || (size == 1 && ea >> 3 == 1) {
                return illegal;
            }
            if dst >> 3 == 1 {
                return if size == 1 {
                    illegal
                } else {
                    op(Movea, size, ea, reg, 0)
                };
            }
            if !data_alterable(dst) {
                return illegal;
            }
            op(Move, size, ea, reg, dst)
        }
        0x4 => decode_4(word, ea, reg),
        0x5 => {
            let size = size67(word);
            if size == 0 {
                // Scc / DBcc.
                let cond = ((word >> 8) & 15) as u8;
                if ea >> 3 == 1 {
                    return op(Dbcc, 2, ea, cond, 0);
                }
                return if data_alterable(ea) {
                    op(Scc, 1, ea, cond, 0)
                } else {
                    illegal
                };
            }
            if !alterable(ea) || (size == 1 && ea >> 3 == 1) {
                return illegal;
            }
            let data = if reg == 0 { 8 } else { reg };
            op(
                if word & 0x0100 != 0 { SubQ } else { AddQ },
                size,
                ea,
                data,
                0,
            )
        }
        0x6 => {
            let cond = ((word >> 8) & 15) as u8;
            match cond {
                1 => op(Bsr, 0, 0, 0, 0),
                _ => op(Bcc, 0, 0, cond, 0),
            }
        }
        0x7 => {
            if word & 0x0100 != 0 {
                illegal
            } else {
                op(Moveq, 4, 0, reg, 0)
            }
        }
        0x8 | 0x9 | 0xB | 0xC | 0xD => decode_alu(word, ea, reg),
        0xA => op(LineA, 0, 0, 0, 0),
        0xE => {
            let size = size67(word);
            let left = u8::from(word & 0x0100 != 0);
            if size == 0 {
                // Memory shifts: one bit, word size.
                if word & 0x0800 != 0 || !memory_alterable(ea) {
                    return illegal;
                }
                let kind = ((word >> 9) & 3) as u8;
                return op(ShiftMem, 2, ea, kind, left);
            }
            let kind = ((word >> 3) & 3) as u8;
            let register_count = u8::from(word & 0x0020 != 0) << 1;
            op(
                ShiftReg,
                size,
                ea & 7,
                kind,
                left | register_count | reg << 2,
            )
        }
        _ => op(LineF, 0, 0, 0, 0),
    }
}

fn decode_4(word: u16, ea: u8, reg: u8) -> Op {
    use Kind::*;
    let illegal = op(Illegal, 0, 0, 0, 0);
    match word {
        0x4E71 => return op(Nop, 0, 0, 0, 0),
        0x4E75 => return op(Rts, 0, 0, 0, 0),
        0x4AFC => return illegal,
        0x4E70 => return op(Reset, 0, 0, 0, 0),
        0x4E72 => return op(Stop, 0, 0, 0, 0),
        0x4E73 => return op(Rte, 0, 0, 0, 0),
        0x4E76 => return op(Trapv, 0, 0, 0, 0),
        0x4E77 => return op(Rtr, 0, 0, 0, 0),
        _ => {}
    }
    match word & 0xFFF0 {
        0x4E40 => return op(Trap, 0, 0, (word & 15) as u8, 0),
        0x4E60 => return op(MoveUsp, 4, ea & 7, 0, ((word >> 3) & 1) as u8),
        _ => {}
    }
    match word & 0xFFF8 {
        0x4E50 => return op(Link, 0, ea & 7, 0, 0),
        0x4E58 => return op(Unlk, 0, ea & 7, 0, 0),
        0x4840 => return op(Swap, 4, ea & 7, 0, 0),
        0x4880 => return op(Ext, 2, ea & 7, 0, 0),
        0x48C0 => return op(Ext, 4, ea & 7, 0, 0),
        _ => {}
    }
    if word & 0x0100 != 0 {
        return match (word >> 6) & 7 {
            7 if control(ea) => op(Lea, 4, ea, reg, 0),
            6 if data(ea) => op(Chk, 2, ea, reg, 0),
            _ => illegal,
        };
    }
    match word & 0x0FC0 {
        0x0E80 if control(ea) => return op(Jsr, 0, ea, 0, 0),
        0x0EC0 if control(ea) => return op(Jmp, 0, ea, 0, 0),
        0x0840 if control(ea) => return op(Pea, 4, ea, 0, 0),
        0x0800 if data_alterable(ea) => return op(Nbcd, 1, ea, 0, 0),
        0x0AC0 if data_alterable(ea) => return op(Tas, 1, ea, 0, 0),
        0x00C0 if data_alterable(ea) => return op(MoveFromSr, 2, ea, 0, 0),
        0x04C0 if data(ea) => return op(MoveToCcr, 2, ea, 0, 0),
        0x06C0 if data(ea) => return op(MoveToSr, 2, ea, 0, 0),
        0x0880 | 0x08C0 if control(ea) || ea >> 3 == 4 => {
            return op(Movem, if word & 0x40 != 0 { 4 } else { 2 }, ea, 0, 0);
        }
        0x0C80 | 0x0CC0 if (control(ea) || ea >> 3 == 3) => {
            return op(Movem, if word & 0x40 != 0 { 4 } else { 2 }, ea, 0, 1);
        }
        _ => {}
    }
    let size = size67(word);
    if size == 0 || !data_alterable(ea) {
        return illegal;
    }
    match (word >> 8) & 0xF {
        0x0 => op(Negx, size, ea, 0, 0),
        0x2 => op(Clr, size, ea, 0, 0),
        0x4 => op(Neg, size, ea, 0, 0),
        0x6 => op(Not, size, ea, 0, 0),
        0xA => op(Tst, size, ea, 0, 0),
        _ => illegal,
    }
}

/// OR, SUB, CMP/EOR, AND, ADD and their A/X/BCD/MUL/DIV neighbours.
fn decode_alu(word: u16, ea: u8, reg: u8) -> Op {
    use Kind::*;
    let illegal = op(Illegal, 0, 0, 0, 0);
    let top = word >> 12;
    let opmode = (word >> 6) & 7;
    if opmode == 3 || opmode == 7 {
        let long = opmode == 7;
        return match top {
            0x9 if valid(ea) => op(Suba, if long { 4 } else { 2 }, ea, reg, 0),
            0xB if valid(ea) => op(Cmpa, if long { 4 } else { 2 }, ea, reg, 0),
            0xD if valid(ea) => op(Adda, if long { 4 } else { 2 }, ea, reg, 0),
            0xC if data(ea) => op(if long { Muls } else { Mulu }, 2, ea, reg, 0),
            0x8 if data(ea) => op(if long { Divs } else { Divu }, 2, ea, reg, 0),
            _ => illegal,
        };
    }
    let size = size67(word);
    let to_memory = word & 0x0100 != 0;
    if !to_memory {
        if !valid(ea) || (size == 1 && ea >> 3 == 1) {
            return illegal;
        }
        let kind = match top {
            0x8 => OrR,
            0x9 => SubR,
            0xB => CmpR,
            0xC => AndR,
            _ => AddR,
        };
        if matches!(kind, OrR | AndR) && ea >> 3 == 1 {
            return illegal;
        }
        return op(kind, size, ea, reg, 0);
    }
    // Dn,<ea>; with mode 0/1 the register forms ADDX/SUBX/CMPM/ABCD/SBCD/EXG.
    if ea >> 3 < 2 {
        if top == 0xB && ea >> 3 == 0 {
            return op(EorM, size, ea, reg, 0);
        }
        if top == 0xC
            && (word & 0x01F8 == 0x0140 || word & 0x01F8 == 0x0148 || word & 0x01F8 == 0x0188)
        {
            return op(Exg, 4, ea, reg, ((word >> 3) & 0x1F) as u8);
        }
        if size == 0 {
            return illegal;
        }
        let kind = match top {
            0x8 if size == 1 => Sbcd,
            0xC if size == 1 => Abcd,
            0x9 => Subx,
            0xD => Addx,
            0xB => Cmpm,
            _ => return illegal,
        };
        // ea: the source register (bits 2-0) and bit 3 the memory form.
        return op(kind, size, ea & 0x0F, reg, 0);
    }
    if !memory_alterable(ea) {
        return illegal;
    }
    let kind = match top {
        0x8 => OrM,
        0x9 => SubM,
        0xB => EorM,
        0xC => AndM,
        _ => AddM,
    };
    op(kind, size, ea, reg, 0)
}

//! The handler table: one function per opcode word class, chosen once per opcode word
//! when the decode table is built, so that the common instructions run with their
//! operation, operand size and addressing modes fixed at compile time (const generics)
//! instead of switching on them at run time. Each specialised handler runs the same
//! code as the general one ([`exec`]) with those fields made constants; the compiler
//! folds the switches away. Opcode words of rarer kinds go to the general handler.

use super::Core;
use super::decode::{Kind, Op};
use super::exec;
use crate::Bus;

/// A handler: runs the instruction in IR, decoded as `op`.
pub(crate) type Handler<B> = fn(&mut Core, &mut B, Op);

/// The effective-address classes a handler is specialised on: modes 0-6 by mode (the
/// register comes from the opcode word at run time), mode 7 by its whole field
/// (absolute word and long, PC-relative, immediate).
const SOURCE_CLASSES: [u8; 12] = [
    0x00, 0x08, 0x10, 0x18, 0x20, 0x28, 0x30, 0x38, 0x39, 0x3A, 0x3B, 0x3C,
];
/// The alterable classes (destinations).
const DESTINATION_CLASSES: [u8; 9] = [0x00, 0x08, 0x10, 0x18, 0x20, 0x28, 0x30, 0x38, 0x39];

/// The index of `ea`'s class in [`SOURCE_CLASSES`] (and, for alterable modes, in
/// [`DESTINATION_CLASSES`]).
const fn class_index(ea: u8) -> usize {
    if ea >= 0x38 {
        7 + (ea - 0x38) as usize
    } else {
        (ea >> 3) as usize
    }
}

/// The effective address of a class with the register field of `ea`.
#[inline(always)]
const fn with_class(class: u8, ea: u8) -> u8 {
    if class >= 0x38 {
        class
    } else {
        class | (ea & 7)
    }
}

/// The index of an operand size (1, 2, 4).
const fn size_index(size: u8) -> usize {
    match size {
        1 => 0,
        2 => 1,
        _ => 2,
    }
}

/// The register-destination ALU kinds (`<ea>,Dn`), by index.
const ALU_REGISTER: [Kind; 5] = [Kind::AddR, Kind::SubR, Kind::AndR, Kind::OrR, Kind::CmpR];
/// The address-register kinds (`<ea>,An`).
const ALU_ADDRESS: [Kind; 3] = [Kind::Adda, Kind::Suba, Kind::Cmpa];
/// ADDQ and SUBQ.
const QUICK: [Kind; 2] = [Kind::AddQ, Kind::SubQ];
/// Kinds without an addressing mode worth specialising on, or rare ones with many modes:
/// one handler each, with the kind fixed.
const SINGLE: [Kind; 35] = [
    Kind::Moveq,
    Kind::Bcc,
    Kind::Bsr,
    Kind::Dbcc,
    Kind::Scc,
    Kind::Jmp,
    Kind::Jsr,
    Kind::Lea,
    Kind::Pea,
    Kind::Rts,
    Kind::ShiftReg,
    Kind::ShiftMem,
    Kind::Mulu,
    Kind::Muls,
    Kind::Swap,
    Kind::Ext,
    Kind::Nop,
    Kind::Link,
    Kind::Unlk,
    Kind::Bit,
    Kind::Movem,
    Kind::Clr,
    Kind::Not,
    Kind::Neg,
    Kind::Exg,
    Kind::AddM,
    Kind::SubM,
    Kind::AndM,
    Kind::OrM,
    Kind::EorM,
    Kind::AddI,
    Kind::SubI,
    Kind::AndI,
    Kind::OrI,
    Kind::CmpI,
];

const fn position(kinds: &[Kind], kind: Kind) -> Option<usize> {
    let mut i = 0;
    while i < kinds.len() {
        if kinds[i] as u8 == kind as u8 {
            return Some(i);
        }
        i += 1;
    }
    None
}

// Where each family starts in the table.
const GENERAL: usize = 0;
const MOVE: usize = 1;
const MOVE_COUNT: usize = 3 * SOURCE_CLASSES.len() * DESTINATION_CLASSES.len();
const MOVEA: usize = MOVE + MOVE_COUNT;
const MOVEA_COUNT: usize = 2 * SOURCE_CLASSES.len();
const ALU_R: usize = MOVEA + MOVEA_COUNT;
const ALU_R_COUNT: usize = ALU_REGISTER.len() * 3 * SOURCE_CLASSES.len();
const ALU_A: usize = ALU_R + ALU_R_COUNT;
const ALU_A_COUNT: usize = ALU_ADDRESS.len() * 2 * SOURCE_CLASSES.len();
const QUICK_BASE: usize = ALU_A + ALU_A_COUNT;
const QUICK_COUNT: usize = QUICK.len() * 3 * DESTINATION_CLASSES.len();
const TST: usize = QUICK_BASE + QUICK_COUNT;
const TST_COUNT: usize = 3 * SOURCE_CLASSES.len();
const SINGLE_BASE: usize = TST + TST_COUNT;
/// The number of handlers.
pub(crate) const HANDLERS: usize = SINGLE_BASE + SINGLE.len();

/// The handler for a decoded opcode word.
pub(crate) const fn handler_index(op: &Op) -> u16 {
    let source = class_index(op.ea);
    let size = size_index(op.size);
    let index = match op.kind {
        Kind::Move => {
            let destination = class_index(op.ea2);
            MOVE + (size * SOURCE_CLASSES.len() + source) * DESTINATION_CLASSES.len() + destination
        }
        Kind::Movea => MOVEA + (size - 1) * SOURCE_CLASSES.len() + source,
        Kind::Tst => TST + size * SOURCE_CLASSES.len() + source,
        kind => {
            if let Some(k) = position(&ALU_REGISTER, kind) {
                ALU_R + (k * 3 + size) * SOURCE_CLASSES.len() + source
            } else if let Some(k) = position(&ALU_ADDRESS, kind) {
                ALU_A + (k * 2 + size - 1) * SOURCE_CLASSES.len() + source
            } else if let Some(k) = position(&QUICK, kind) {
                QUICK_BASE + (k * 3 + size) * DESTINATION_CLASSES.len() + source
            } else if let Some(k) = position(&SINGLE, kind) {
                SINGLE_BASE + k
            } else {
                GENERAL
            }
        }
    };
    index as u16
}

fn general<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    exec::execute(cpu, bus, op);
}

fn move_handler<B: Bus + ?Sized, const SIZE: u8, const SOURCE: u8, const DESTINATION: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        size: SIZE,
        ea: with_class(SOURCE, op.ea),
        ea2: with_class(DESTINATION, op.ea2),
        ..op
    };
    exec::exec_move(cpu, bus, op);
}

fn movea_handler<B: Bus + ?Sized, const SIZE: u8, const SOURCE: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        size: SIZE,
        ea: with_class(SOURCE, op.ea),
        ..op
    };
    exec::exec_movea(cpu, bus, op);
}

fn tst_handler<B: Bus + ?Sized, const SIZE: u8, const SOURCE: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        size: SIZE,
        ea: with_class(SOURCE, op.ea),
        ..op
    };
    exec::exec_tst(cpu, bus, op);
}

fn alu_register_handler<B: Bus + ?Sized, const KIND: usize, const SIZE: u8, const SOURCE: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        kind: ALU_REGISTER[KIND],
        size: SIZE,
        ea: with_class(SOURCE, op.ea),
        ..op
    };
    exec::exec_alu_register(cpu, bus, op);
}

fn alu_address_handler<B: Bus + ?Sized, const KIND: usize, const SIZE: u8, const SOURCE: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        kind: ALU_ADDRESS[KIND],
        size: SIZE,
        ea: with_class(SOURCE, op.ea),
        ..op
    };
    exec::exec_alu_address(cpu, bus, op);
}

fn quick_handler<B: Bus + ?Sized, const KIND: usize, const SIZE: u8, const DESTINATION: u8>(
    cpu: &mut Core,
    bus: &mut B,
    op: Op,
) {
    let op = Op {
        kind: QUICK[KIND],
        size: SIZE,
        ea: with_class(DESTINATION, op.ea),
        ..op
    };
    exec::exec_quick(cpu, bus, op);
}

fn single_handler<B: Bus + ?Sized, const KIND: usize>(cpu: &mut Core, bus: &mut B, op: Op) {
    let op = Op {
        kind: SINGLE[KIND],
        ..op
    };
    exec::execute(cpu, bus, op);
}

// The table's rows, written out by macros: one array level per parameter, each level
// listing the classes in the order of the arrays above.
macro_rules! by_source {
    ($f:ident, $($p:expr),*) => {
        [
            $f::<B, $($p,)* 0x00>, $f::<B, $($p,)* 0x08>, $f::<B, $($p,)* 0x10>,
            $f::<B, $($p,)* 0x18>, $f::<B, $($p,)* 0x20>, $f::<B, $($p,)* 0x28>,
            $f::<B, $($p,)* 0x30>, $f::<B, $($p,)* 0x38>, $f::<B, $($p,)* 0x39>,
            $f::<B, $($p,)* 0x3A>, $f::<B, $($p,)* 0x3B>, $f::<B, $($p,)* 0x3C>,
        ]
    };
}
macro_rules! by_destination {
    ($f:ident, $($p:expr),*) => {
        [
            $f::<B, $($p,)* 0x00>, $f::<B, $($p,)* 0x08>, $f::<B, $($p,)* 0x10>,
            $f::<B, $($p,)* 0x18>, $f::<B, $($p,)* 0x20>, $f::<B, $($p,)* 0x28>,
            $f::<B, $($p,)* 0x30>, $f::<B, $($p,)* 0x38>, $f::<B, $($p,)* 0x39>,
        ]
    };
}
macro_rules! move_by_source {
    ($size:expr) => {
        [
            by_destination!(move_handler, $size, 0x00),
            by_destination!(move_handler, $size, 0x08),
            by_destination!(move_handler, $size, 0x10),
            by_destination!(move_handler, $size, 0x18),
            by_destination!(move_handler, $size, 0x20),
            by_destination!(move_handler, $size, 0x28),
            by_destination!(move_handler, $size, 0x30),
            by_destination!(move_handler, $size, 0x38),
            by_destination!(move_handler, $size, 0x39),
            by_destination!(move_handler, $size, 0x3A),
            by_destination!(move_handler, $size, 0x3B),
            by_destination!(move_handler, $size, 0x3C),
        ]
    };
}

/// Copies `rows` (a flattened array of handler arrays) into `table` from `at`.
const fn place<B: Bus + ?Sized, const N: usize>(
    mut table: [Handler<B>; HANDLERS],
    at: usize,
    rows: &[[Handler<B>; N]],
) -> [Handler<B>; HANDLERS] {
    let mut row = 0;
    while row < rows.len() {
        let mut i = 0;
        while i < N {
            table[at + row * N + i] = rows[row][i];
            i += 1;
        }
        row += 1;
    }
    table
}

/// The handlers for one bus type.
pub(crate) struct Handlers<B: ?Sized>(std::marker::PhantomData<B>);

impl<B: Bus + ?Sized> Handlers<B> {
    /// Every handler, by the index [`handler_index`] gives.
    pub(crate) const TABLE: [Handler<B>; HANDLERS] = {
        let mut table: [Handler<B>; HANDLERS] = [general::<B>; HANDLERS];
        table = place(table, MOVE, &move_by_source!(1));
        table = place(table, MOVE + MOVE_COUNT / 3, &move_by_source!(2));
        table = place(table, MOVE + 2 * MOVE_COUNT / 3, &move_by_source!(4));
        table = place(
            table,
            MOVEA,
            &[by_source!(movea_handler, 2), by_source!(movea_handler, 4)],
        );
        table = place(
            table,
            TST,
            &[
                by_source!(tst_handler, 1),
                by_source!(tst_handler, 2),
                by_source!(tst_handler, 4),
            ],
        );
        table = place(
            table,
            ALU_R,
            &[
                by_source!(alu_register_handler, 0, 1),
                by_source!(alu_register_handler, 0, 2),
                by_source!(alu_register_handler, 0, 4),
                by_source!(alu_register_handler, 1, 1),
                by_source!(alu_register_handler, 1, 2),
                by_source!(alu_register_handler, 1, 4),
                by_source!(alu_register_handler, 2, 1),
                by_source!(alu_register_handler, 2, 2),
                by_source!(alu_register_handler, 2, 4),
                by_source!(alu_register_handler, 3, 1),
                by_source!(alu_register_handler, 3, 2),
                by_source!(alu_register_handler, 3, 4),
                by_source!(alu_register_handler, 4, 1),
                by_source!(alu_register_handler, 4, 2),
                by_source!(alu_register_handler, 4, 4),
            ],
        );
        table = place(
            table,
            ALU_A,
            &[
                by_source!(alu_address_handler, 0, 2),
                by_source!(alu_address_handler, 0, 4),
                by_source!(alu_address_handler, 1, 2),
                by_source!(alu_address_handler, 1, 4),
                by_source!(alu_address_handler, 2, 2),
                by_source!(alu_address_handler, 2, 4),
            ],
        );
        table = place(
            table,
            QUICK_BASE,
            &[
                by_destination!(quick_handler, 0, 1),
                by_destination!(quick_handler, 0, 2),
                by_destination!(quick_handler, 0, 4),
                by_destination!(quick_handler, 1, 1),
                by_destination!(quick_handler, 1, 2),
                by_destination!(quick_handler, 1, 4),
            ],
        );
        table = place(
            table,
            SINGLE_BASE,
            &[[
                single_handler::<B, 0>,
                single_handler::<B, 1>,
                single_handler::<B, 2>,
                single_handler::<B, 3>,
                single_handler::<B, 4>,
                single_handler::<B, 5>,
                single_handler::<B, 6>,
                single_handler::<B, 7>,
                single_handler::<B, 8>,
                single_handler::<B, 9>,
                single_handler::<B, 10>,
                single_handler::<B, 11>,
                single_handler::<B, 12>,
                single_handler::<B, 13>,
                single_handler::<B, 14>,
                single_handler::<B, 15>,
                single_handler::<B, 16>,
                single_handler::<B, 17>,
                single_handler::<B, 18>,
                single_handler::<B, 19>,
                single_handler::<B, 20>,
                single_handler::<B, 21>,
                single_handler::<B, 22>,
                single_handler::<B, 23>,
                single_handler::<B, 24>,
                single_handler::<B, 25>,
                single_handler::<B, 26>,
                single_handler::<B, 27>,
                single_handler::<B, 28>,
                single_handler::<B, 29>,
                single_handler::<B, 30>,
                single_handler::<B, 31>,
                single_handler::<B, 32>,
                single_handler::<B, 33>,
                single_handler::<B, 34>,
            ]],
        );
        table
    };
}

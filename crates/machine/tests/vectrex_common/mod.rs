//! Shared by the Vectrex tests: the BIOS `Obj_Hit` routine as the ROM has it, to run on the
//! core where the board uses the model.

#![allow(dead_code)]

use machine::vectrex::target::asm::assemble;

/// `Obj_Hit` ($F8FF-$F92D) from the annotated BIOS disassembly.
pub const OBJ_HIT_SOURCE: &str = "
 org $F8FF
Obj_Hit pshs y
 pshs d,x,y
 tfr s,x
 clrb
LF906 abx
 lda 4,x
 adda ,x
 bvc LF90F
 lda #$7F
LF90F cmpa 2,x
 blt LF928
 lda 4,x
 suba ,x
 bvc LF91B
 lda #$80
LF91B cmpa 2,x
 bgt LF928
 incb
 cmpb #$02
 bcs LF906
 orcc #$01
 bra LF92A
LF928 andcc #$FE
LF92A puls d,x,y
 puls y,pc
";

/// The ROM bytes of `Obj_Hit`, as `crates/cpu-6809/tests/obj_hit.rs` has them.
pub const OBJ_HIT_BYTES: [u8; 0x2F] = [
    0x34, 0x20, 0x34, 0x36, 0x1F, 0x41, 0x5F, 0x3A, 0xA6, 0x04, 0xAB, 0x84, 0x28, 0x02, 0x86, 0x7F,
    0xA1, 0x02, 0x2D, 0x15, 0xA6, 0x04, 0xA0, 0x84, 0x28, 0x02, 0x86, 0x80, 0xA1, 0x02, 0x2E, 0x09,
    0x5C, 0xC1, 0x02, 0x25, 0xE2, 0x1A, 0x01, 0x20, 0x02, 0x1C, 0xFE, 0x35, 0x36, 0x35, 0xA0,
];

/// A flat 64 KiB with `Obj_Hit`'s ROM bytes at $F8FF.
pub fn flat_with_bios() -> Box<[u8; 0x10000]> {
    let a = assemble(OBJ_HIT_SOURCE).expect("the BIOS source assembles");
    assert_eq!(a.image, OBJ_HIT_BYTES);
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0xF8FF..0xF8FF + a.image.len()].copy_from_slice(&a.image);
    mem
}

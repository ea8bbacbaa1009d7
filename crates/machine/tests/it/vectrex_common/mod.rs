//! Shared by the Vectrex tests: the BIOS `Obj_Hit` routine as the ROM has it, and the
//! `Obj_Will_Hit` entries before it as `vectrex::bios`'s model documents them, to run on
//! the core where the board uses the model; and a probe that keeps each breakpoint hit.

#![allow(dead_code)]

use machine::vectrex::target::asm::assemble;

/// `Obj_Hit` ($F8FF-$F92D) from the annotated BIOS disassembly.
pub const OBJ_HIT_SOURCE: &str = include_str!("../../fixtures/obj_hit.asm");

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

/// `Obj_Will_Hit_u` ($F8E5) and `Obj_Will_Hit` ($F8F3), which end where `Obj_Hit` begins
/// and join its test at `LF903`. The ROM's bytes are not in the project: this is the
/// instruction sequence `crates/vectrex/src/bios/obj_hit.rs` documents (`Obj_Will_Hit`:
/// `TFR U,D`, `ADDA 4,S`, `ADDB 5,S`, `BRA`, `STD 4,S`, `BRA`; `Obj_Will_Hit_u`: `LDD 4,S`,
/// `ADDA ,U`, `ADDB 1,U`, `STD 4,S`, `BRA`; both after `Obj_Hit`'s two pushes), laid out
/// so the three entry points fall on their addresses. `4,S` is the pushed Y, the centre.
pub const OBJ_WILL_HIT_SOURCE: &str = "
 org $F8E5
Obj_Will_Hit_u pshs y
 pshs d,x,y
 ldd 4,s
 adda ,u
 addb 1,u
LF8EF std 4,s
 bra LF903
Obj_Will_Hit pshs y
 pshs d,x,y
 tfr u,d
 adda 4,s
 addb 5,s
 bra LF8EF
";

/// A flat 64 KiB with `Obj_Will_Hit_u`, `Obj_Will_Hit` and `Obj_Hit` at $F8E5-$F92D,
/// assembled as one source.
pub fn flat_with_bios_family() -> Box<[u8; 0x10000]> {
    // The entries fill $F8E5-$F8FE exactly: Obj_Hit follows without a gap.
    let entries = assemble(&format!("{OBJ_WILL_HIT_SOURCE}LF903 equ $F903\n"))
        .expect("the BIOS source assembles");
    assert_eq!(entries.image.len(), 0xF8FF - 0xF8E5);
    let a = assemble(&format!("{OBJ_WILL_HIT_SOURCE}{OBJ_HIT_SOURCE}"))
        .expect("the BIOS source assembles");
    assert_eq!(a.image[..0xF8FF - 0xF8E5], entries.image);
    assert_eq!(a.origin, 0xF8E5);
    assert_eq!(a.symbol("Obj_Will_Hit_u"), Some(0xF8E5));
    assert_eq!(a.symbol("Obj_Will_Hit"), Some(0xF8F3));
    assert_eq!(a.symbol("Obj_Hit"), Some(0xF8FF));
    assert_eq!(a.symbol("LF903"), Some(0xF903));
    assert_eq!(a.image.len(), 0xF92E - 0xF8E5);
    assert_eq!(a.image[0xF8FF - 0xF8E5..], OBJ_HIT_BYTES);
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0xF8E5..0xF92E].copy_from_slice(&a.image);
    mem
}

/// A probe that keeps each breakpoint hit, its PC and cycle, and nothing else.
#[derive(Default)]
pub struct PcHits {
    pub bp: machine::program::Breakpoints,
    pub hits: Vec<(u32, u64)>,
}

impl machine::program::Probe for PcHits {
    fn breakpoints(&self) -> &machine::program::Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, _cpu: &dyn machine::program::CpuView) {
        self.hits.push((pc, cycle));
    }
    fn on_event(&mut self, _event: machine::program::BoardEvent) {}
}

//! The project's own Vectrex BIOS (`roms/vectrex/bios/bios.asm`, assembled by the project's
//! assembler into the committed `bios.bin`), the BIOS a cartridge runs on when the user
//! gives no 8 KB image of their own.
//!
//! Its routines sit at the Executive's published entry addresses with the register and RAM
//! conventions of Bruce Tomlin's annotated BIOS disassembly (the source says which, and
//! each routine's cycle cost); `Obj_Hit`, `Obj_Will_Hit` and `Obj_Will_Hit_u` are the
//! byte-exact sequence `vectrex::bios` models. [`ENTRIES`] lists what it has; a cartridge
//! that enters $E000-$FFFF anywhere else has called a routine this BIOS lacks, and the
//! board stops with a fault naming it ([`KNOWN_ENTRIES`] gives the names) and the caller.

/// The assembled BIOS, $E000-$FFFF.
pub static IMAGE: &[u8; 0x2000] = include_bytes!("../../../../roms/vectrex/bios/bios.bin");

/// The entry points the project's BIOS has, at the addresses of the real one.
pub const ENTRIES: &[(u16, &str)] = &[
    (0xF000, "Cold_Start"),
    (0xF14C, "Init_VIA"),
    (0xF164, "Init_OS_RAM"),
    (0xF18B, "Init_OS"),
    (0xF192, "Wait_Recal"),
    (0xF1A2, "Set_Refresh"),
    (0xF1AA, "DP_to_D0"),
    (0xF1AF, "DP_to_C8"),
    (0xF1B4, "Read_Btns_Mask"),
    (0xF1BA, "Read_Btns"),
    (0xF29D, "Intensity_1F"),
    (0xF2A1, "Intensity_3F"),
    (0xF2A5, "Intensity_5F"),
    (0xF2A9, "Intensity_7F"),
    (0xF2AB, "Intensity_a"),
    (0xF2E6, "Recalibrate"),
    (0xF2FC, "Moveto_d_7F"),
    (0xF310, "Moveto_ix"),
    (0xF312, "Moveto_d"),
    (0xF34A, "Reset0Ref_D0"),
    (0xF354, "Reset0Ref"),
    (0xF36B, "Reset0Int"),
    (0xF3CE, "Draw_VLc"),
    (0xF3D2, "Draw_VL_b"),
    (0xF3D6, "Draw_VLcs"),
    (0xF3D8, "Draw_VL_ab"),
    (0xF3DA, "Draw_VL_a"),
    (0xF3DD, "Draw_VL"),
    (0xF3DF, "Draw_Line_d"),
    (0xF8E5, "Obj_Will_Hit_u"),
    (0xF8F3, "Obj_Will_Hit"),
    (0xF8FF, "Obj_Hit"),
];

/// Entry points of the real BIOS that the project's lacks, for naming a call to one
/// (addresses from the BIOS's published jump table, as Vectrex toolchains' `VECTREX.I`
/// lists them).
pub const KNOWN_ENTRIES: &[(u16, &str)] = &[
    (0xF06C, "Warm_Start"),
    (0xF1F5, "Joy_Analog"),
    (0xF1F8, "Joy_Digital"),
    (0xF256, "Sound_Byte"),
    (0xF272, "Clear_Sound"),
    (0xF2C3, "Dot_d"),
    (0xF2C5, "Dot_here"),
    (0xF308, "Moveto_ix_FF"),
    (0xF30C, "Moveto_ix_7F"),
    (0xF373, "Print_Str_hwyx"),
    (0xF378, "Print_Str_yx"),
    (0xF37A, "Print_Str_d"),
    (0xF385, "Print_List_hw"),
    (0xF38A, "Print_List"),
    (0xF3BC, "Mov_Draw_VL"),
    (0xF46E, "Draw_VL_mode"),
    (0xF495, "Print_Str"),
    (0xF511, "Random_3"),
    (0xF517, "Random"),
];

/// Whether the project's BIOS has an entry at `addr`.
#[must_use]
pub fn is_entry(addr: u16) -> bool {
    ENTRIES.iter().any(|&(a, _)| a == addr)
}

/// The name of the BIOS routine at `addr`, if it is an entry of the real BIOS.
#[must_use]
pub fn entry_name(addr: u16) -> Option<&'static str> {
    ENTRIES
        .iter()
        .chain(KNOWN_ENTRIES)
        .find(|&&(a, _)| a == addr)
        .map(|&(_, n)| n)
}

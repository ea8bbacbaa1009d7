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
    (0xF1F5, "Joy_Analog"),
    (0xF1F8, "Joy_Digital"),
    (0xF29D, "Intensity_1F"),
    (0xF2A1, "Intensity_3F"),
    (0xF2A5, "Intensity_5F"),
    (0xF2A9, "Intensity_7F"),
    (0xF2AB, "Intensity_a"),
    (0xF2C1, "Dot_ix"),
    (0xF2C3, "Dot_d"),
    (0xF2C5, "Dot_here"),
    (0xF2D5, "Dot_List"),
    (0xF2E6, "Recalibrate"),
    (0xF2FC, "Moveto_d_7F"),
    (0xF308, "Moveto_ix_FF"),
    (0xF30C, "Moveto_ix_7F"),
    (0xF30E, "Moveto_ix_a"),
    (0xF310, "Moveto_ix"),
    (0xF312, "Moveto_d"),
    (0xF34A, "Reset0Ref_D0"),
    (0xF354, "Reset0Ref"),
    (0xF36B, "Reset0Int"),
    (0xF373, "Print_Str_hwyx"),
    (0xF378, "Print_Str_yx"),
    (0xF37A, "Print_Str_d"),
    (0xF385, "Print_List_hw"),
    (0xF38A, "Print_List"),
    (0xF3AD, "Mov_Draw_VLc_a"),
    (0xF3B1, "Mov_Draw_VL_b"),
    (0xF3B5, "Mov_Draw_VLcs"),
    (0xF3B7, "Mov_Draw_VL_ab"),
    (0xF3B9, "Mov_Draw_VL_a"),
    (0xF3BC, "Mov_Draw_VL"),
    (0xF3BE, "Mov_Draw_VL_d"),
    (0xF3CE, "Draw_VLc"),
    (0xF3D2, "Draw_VL_b"),
    (0xF3D6, "Draw_VLcs"),
    (0xF3D8, "Draw_VL_ab"),
    (0xF3DA, "Draw_VL_a"),
    (0xF3DD, "Draw_VL"),
    (0xF3DF, "Draw_Line_d"),
    (0xF511, "Random_3"),
    (0xF517, "Random"),
    (0xF53F, "Clear_x_b"),
    (0xF542, "Clear_C8_RAM"),
    (0xF545, "Clear_x_256"),
    (0xF548, "Clear_x_d"),
    (0xF550, "Clear_x_b_80"),
    (0xF552, "Clear_x_b_a"),
    (0xF55A, "Dec_3_Counters"),
    (0xF55E, "Dec_6_Counters"),
    (0xF563, "Dec_Counters"),
    (0xF56D, "Delay_3"),
    (0xF571, "Delay_2"),
    (0xF575, "Delay_1"),
    (0xF579, "Delay_0"),
    (0xF57A, "Delay_b"),
    (0xF57D, "Delay_RTS"),
    (0xF584, "Abs_a_b"),
    (0xF58B, "Abs_b"),
    (0xF8E5, "Obj_Will_Hit_u"),
    (0xF8F3, "Obj_Will_Hit"),
    (0xF8FF, "Obj_Hit"),
];

/// Entry points of the real BIOS that the project's lacks, for naming a call to one
/// (addresses from the BIOS's published jump table, as Vectrex toolchains' `VECTREX.I`
/// lists them).
pub const KNOWN_ENTRIES: &[(u16, &str)] = &[
    (0xF06C, "Warm_Start"),
    (0xF256, "Sound_Byte"),
    (0xF259, "Sound_Byte_x"),
    (0xF25B, "Sound_Byte_raw"),
    (0xF272, "Clear_Sound"),
    (0xF27D, "Sound_Bytes"),
    (0xF284, "Sound_Bytes_x"),
    (0xF289, "Do_Sound"),
    (0xF28C, "Do_Sound_x"),
    (0xF2BE, "Dot_ix_b"),
    (0xF2DE, "Dot_List_Reset"),
    (0xF2F2, "Moveto_x_7F"),
    (0xF34F, "Check0Ref"),
    (0xF35B, "Reset_Pen"),
    (0xF38C, "Print_List_chk"),
    (0xF391, "Print_Ships_x"),
    (0xF393, "Print_Ships"),
    (0xF404, "Draw_VLp_FF"),
    (0xF408, "Draw_VLp_7F"),
    (0xF40C, "Draw_VLp_scale"),
    (0xF40E, "Draw_VLp_b"),
    (0xF410, "Draw_VLp"),
    (0xF434, "Draw_Pat_VL_a"),
    (0xF437, "Draw_Pat_VL"),
    (0xF439, "Draw_Pat_VL_d"),
    (0xF46E, "Draw_VL_mode"),
    (0xF495, "Print_Str"),
    (0xF533, "Init_Music_Buf"),
    (0xF57E, "Bitmask_a"),
    (0xF593, "Rise_Run_Angle"),
    (0xF5D9, "Get_Rise_Idx"),
    (0xF5EF, "Get_Rise_Run"),
    (0xF5FF, "Rise_Run_X"),
    (0xF601, "Rise_Run_Y"),
    (0xF603, "Rise_Run_Len"),
    (0xF610, "Rot_VL_ab"),
    (0xF616, "Rot_VL"),
    (0xF61F, "Rot_VL_Mode_a"),
    (0xF62B, "Rot_VL_Mode"),
    (0xF637, "Rot_VL_dft"),
    (0xF65B, "Xform_Run_a"),
    (0xF65D, "Xform_Run"),
    (0xF661, "Xform_Rise_a"),
    (0xF663, "Xform_Rise"),
    (0xF67F, "Move_Mem_a_1"),
    (0xF683, "Move_Mem_a"),
    (0xF687, "Init_Music_chk"),
    (0xF68D, "Init_Music"),
    (0xF692, "Init_Music_x"),
    (0xF7A9, "Select_Game"),
    (0xF84F, "Clear_Score"),
    (0xF85E, "Add_Score_a"),
    (0xF87C, "Add_Score_d"),
    (0xF8B7, "Strip_Zeros"),
    (0xF8C7, "Compare_Score"),
    (0xF8D8, "New_High_Score"),
    (0xF92E, "Explosion_Snd"),
    (0xFF9F, "Draw_Grid_VL"),
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

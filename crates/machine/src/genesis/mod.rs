//! The Sega Genesis / Mega Drive: a 68000 at 53,693,175 / 7 Hz, the VDP at $C00000.
pub mod target;

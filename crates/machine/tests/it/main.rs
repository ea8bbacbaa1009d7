//! The machine crate's integration tests, one binary (one link) for them all.

mod bios_on_the_6809;
mod contract;
mod genesis_lines;
mod genesis_ports;
mod genesis_programs;
mod genesis_routines;
mod genesis_z80_bank;
mod idle;
mod labyrinth;
mod msx_lines;
mod msx_picture;
mod msx_programs;
mod msx_routines;
mod msx_target;
mod program_harness;
mod vectrex_board;
mod vectrex_common;
mod vectrex_programs;
mod vectrex_walls;
mod x16_common;
mod x16_kernal;
mod x16_lines;
mod x16_programs;
mod x16_routines;

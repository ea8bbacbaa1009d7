//! The hitlab crate's integration tests, one binary (one link) for them all.

mod bounded_reads;
mod cli;
mod closed_stdout;
mod common;
mod compare_text;
mod exit_codes;
mod exit_table;
mod faults;
mod frame_probe;
mod hunt;
mod interrupt;
mod media;
mod program_commands;
mod program_inputs;
mod programs;
mod report;
mod roms_safety;
mod routine;
mod run;
mod shot_names;
mod special_outputs;
mod templates;
mod vectrex_words;
mod x16_c_programs;

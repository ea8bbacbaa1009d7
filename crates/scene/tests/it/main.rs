//! The scene crate's integration tests, one binary (one link) for them all.

mod columns_width;
mod docs_examples;
mod errors;
mod genesis_code;
mod labyrinth;
mod located;
mod motion_reach;
mod out_of_spec;
mod program_file;
mod program_fit;
mod program_ram;
mod roms;
mod routine_scenarios;
mod save_states;
mod scenes_load;
mod screen_areas;
mod target_code;

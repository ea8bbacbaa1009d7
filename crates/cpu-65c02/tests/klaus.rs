//! Klaus Dormann's 6502/65C02 functional tests, read at test time from the sources of
//! the `mos6502` dev-dependency (the binaries are GPL and are not part of this
//! repository). Each test runs until the program reaches its success trap (a
//! `JMP *`) and fails on any other trap (an instruction that jumps or branches to
//! itself), naming its address.
//!
//! Configuration of the shipped binaries, as the `mos6502` crate's own tests run them:
//! loaded at `$0000`, started at `$0400`; `6502_functional_test` is assembled with
//! decimal tests enabled (`disable_decimal = 0`) and succeeds at `$331C`;
//! `65C02_extended_opcodes_test` (WDC and Rockwell opcodes) succeeds at `$24F1`.

use std::path::PathBuf;
use std::process::Command;

use cpu_65c02::{Bus, Cpu, State};

struct Ram(Box<[u8; 0x10000]>);

impl Bus for Ram {
    fn read(&mut self, addr: u16) -> u8 {
        self.0[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.0[usize::from(addr)] = value;
    }
}

/// The directory of the `mos6502` package's sources, from `cargo metadata`.
fn mos6502_dir() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let out = Command::new(&cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            manifest,
        ])
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run `{cargo} metadata` to find the mos6502 sources: {e}")
        });
    assert!(
        out.status.success(),
        "`cargo metadata` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("`cargo metadata` printed invalid JSON");
    let package = meta["packages"]
        .as_array()
        .expect("`cargo metadata` has no packages")
        .iter()
        .find(|p| p["name"] == "mos6502")
        .expect("the mos6502 dev-dependency is not in `cargo metadata`");
    let path = package["manifest_path"]
        .as_str()
        .expect("mos6502 has no manifest_path");
    PathBuf::from(path)
        .parent()
        .expect("manifest_path has no parent")
        .to_owned()
}

fn load(name: &str) -> Ram {
    let path = mos6502_dir().join("tests/assets").join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read Klaus Dormann's test binary {}: {e}",
            path.display()
        )
    });
    assert_eq!(
        bytes.len(),
        0x10000,
        "{} is not a 64 KiB image",
        path.display()
    );
    let mut ram = Ram(Box::new([0; 0x10000]));
    ram.0.copy_from_slice(&bytes);
    ram
}

/// Runs from `$0400` until PC stops moving; asserts that it stopped at `success`.
fn run(name: &str, success: u16) -> (u64, u64) {
    let mut ram = load(name);
    assert_eq!(
        &ram.0[usize::from(success)..usize::from(success) + 3],
        &[0x4C, success as u8, (success >> 8) as u8],
        "{name}: no JMP * at the expected success address ${success:04X}"
    );
    let mut cpu = Cpu::new();
    cpu.pc = 0x0400;
    let mut instructions = 0u64;
    loop {
        let pc = cpu.pc;
        cpu.step(&mut ram);
        instructions += 1;
        assert_eq!(cpu.state(), State::Running, "{name}: WAI/STP at ${pc:04X}");
        if cpu.pc == pc {
            assert_eq!(
                pc, success,
                "{name}: trapped at ${pc:04X} (success is ${success:04X}), A={:02X} X={:02X} Y={:02X} P={:02X} S={:02X}, test case byte $0200={:02X}",
                cpu.a, cpu.x, cpu.y, cpu.p, cpu.s, ram.0[0x200]
            );
            return (instructions, cpu.cycles);
        }
        assert!(
            instructions < 200_000_000,
            "{name}: no trap after {instructions} instructions"
        );
    }
}

#[test]
fn functional_test_reaches_success() {
    let (instructions, cycles) = run("6502_functional_test.bin", 0x331C);
    eprintln!("6502_functional_test: {instructions} instructions, {cycles} cycles");
}

#[test]
fn extended_opcodes_test_reaches_success() {
    let (instructions, cycles) = run("65C02_extended_opcodes_test.bin", 0x24F1);
    eprintln!("65C02_extended_opcodes_test: {instructions} instructions, {cycles} cycles");
}

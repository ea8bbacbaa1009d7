//! Klaus Dormann's 6502/65C02 functional tests, read at test time from the sources of
//! the `mos6502` dev-dependency (the binaries are GPL and are not part of this
//! repository). Each test runs until the program reaches its success trap (a
//! `JMP *`) and fails on any other trap (an instruction that jumps or branches to
//! itself), naming its address.
//!
//! Configuration of the shipped binaries, as the `mos6502` crate's own tests run them:
//! loaded at `$0000`, started at `$0400`; `6502_functional_test` is assembled with
//! decimal tests enabled (`disable_decimal = 0`) and succeeds at `$331C`;
//! `65C02_extended_opcodes_test` (WDC and Rockwell opcodes) succeeds at `$24F1`;
//! `6502_interrupt_test` drives IRQ (bit 0, level) and NMI (bit 1, edge) through a
//! feedback port at `$BFFC` (a set bit asserts the line) and succeeds at `$06E8` (the
//! `JMP *` after its last check of the interrupt bookkeeping at `$0203`). That binary
//! is assembled for the NMOS part (`D_clear = 0`): its handlers check that the flags
//! they see equal the ones before the interrupt, D included, while the 65C02 clears D
//! on interrupt entry. The test masks D out of those six checks in memory (each
//! `EOR lst_f / AND #m8-fai / BNE *` becomes `AND #m8-fai-decmode`, the mask the
//! `D_clear = 1` build uses); `tests/ops.rs` checks that D is cleared.

use std::path::PathBuf;
use std::process::Command;

use cpu_65c02::{Boundary, Bus, Cpu, State};

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

/// RAM plus the interrupt test's feedback port at `$BFFC`.
struct Feedback {
    ram: Ram,
    port: u8,
}

impl Bus for Feedback {
    fn read(&mut self, addr: u16) -> u8 {
        if addr == 0xBFFC {
            self.port
        } else {
            self.ram.read(addr)
        }
    }
    fn write(&mut self, addr: u16, value: u8) {
        if addr == 0xBFFC {
            self.port = value & 0x7F;
        } else {
            self.ram.write(addr, value);
        }
    }
}

#[test]
fn interrupt_test_reaches_success() {
    const SUCCESS: u16 = 0x06E8;
    let mut bus = Feedback {
        ram: load("6502_interrupt_test.bin"),
        port: 0,
    };
    // The program's uninitialised data: zero page $0A-$0F and $0200-$0203.
    bus.ram.0[0x0A..=0x0F].fill(0);
    bus.ram.0[0x0200..=0x0203].fill(0);
    let check = [0x4D, 0xFE, 0x01, 0x29, 0xCB, 0xD0, 0xFE];
    let mut patched = 0;
    for at in 0x0400..0x1000 {
        if bus.ram.0[at..at + check.len()] == check {
            bus.ram.0[at + 4] = 0xCB & !0x08;
            patched += 1;
        }
    }
    assert_eq!(
        patched, 6,
        "the handlers' flag checks are not where expected"
    );
    assert_eq!(
        &bus.ram.0[0x06E8..0x06EB],
        &[0x4C, 0xE8, 0x06],
        "no JMP * at $06E8"
    );
    let mut cpu = Cpu::new();
    cpu.pc = 0x0400;
    let mut nmi_level = false;
    let mut instructions = 0u64;
    loop {
        let pc = cpu.pc;
        cpu.step(&mut bus);
        instructions += 1;
        // The port's lines as the next interrupt poll sees them.
        cpu.set_irq(bus.port & 0x01 != 0);
        let nmi = bus.port & 0x02 != 0;
        if nmi && !nmi_level {
            cpu.nmi();
        }
        nmi_level = nmi;
        assert_eq!(cpu.state(), State::Running, "WAI/STP at ${pc:04X}");
        if cpu.pc == pc {
            assert_eq!(
                pc, SUCCESS,
                "interrupt test trapped at ${pc:04X}, A={:02X} X={:02X} Y={:02X} P={:02X} S={:02X}, I_src=${:02X}",
                cpu.a, cpu.x, cpu.y, cpu.p, cpu.s, bus.ram.0[0x0203]
            );
            assert_eq!(bus.ram.0[0x0203], 0, "interrupts left pending");
            return;
        }
        assert!(
            instructions < 10_000_000,
            "no trap after {instructions} instructions"
        );
    }
}

/// Runs both tests from $0400 in slices of a million cycles, each slice by `slice` (given
/// the success trap), and checks that they reach their success traps in the cycles
/// [`Cpu::step`] takes (whose per-opcode cycles `cycles.rs` checks against the data sheet).
fn reaches_success_in_slices(slice: impl Fn(&mut Cpu, &mut Ram, u16)) {
    for (name, success) in [
        ("6502_functional_test.bin", 0x331C),
        ("65C02_extended_opcodes_test.bin", 0x24F1),
    ] {
        // Stepping runs the success `JMP *` (3 cycles) once to see PC stay; the trap
        // stops the slices before it.
        let expected = run(name, success).1 - 3;
        let mut ram = load(name);
        let mut cpu = Cpu::new();
        cpu.pc = 0x0400;
        while cpu.pc != success && cpu.cycles <= expected {
            slice(&mut cpu, &mut ram, success);
            assert_eq!(cpu.state(), State::Running, "{name}: WAI/STP");
        }
        assert_eq!(
            cpu.pc, success,
            "{name}: no success after {expected} cycles"
        );
        assert_eq!(cpu.cycles, expected, "{name}: cycles to success");
    }
}

/// [`Cpu::run`] (its loop without an interrupt poll, stopped by a trap address, each
/// opcode fetching the next) reaches the tests' success traps in the cycles step takes.
#[test]
fn run_reaches_success_in_the_cycles_step_takes() {
    reaches_success_in_slices(|cpu, ram, success| {
        cpu.run(ram, 1_000_000, Some(success));
    });
}

/// Ends a [`Cpu::run_to`] burst at a trap address or after a slice of cycles.
struct TrapOrSlice {
    trap: u16,
    end: u64,
}

impl<B: Bus> Boundary<B> for TrapOrSlice {
    fn reached(&mut self, pc: u16, _s: u8, cycles: u64, _bus: &mut B) -> bool {
        pc == self.trap || cycles >= self.end
    }
}

/// [`Cpu::run_to`] (a board's bursts) reaches the tests' success traps in the cycles step
/// takes.
#[test]
fn run_to_reaches_success_in_the_cycles_step_takes() {
    reaches_success_in_slices(|cpu, ram, success| {
        let mut boundary = TrapOrSlice {
            trap: success,
            end: cpu.cycles + 1_000_000,
        };
        cpu.run_to(ram, &mut boundary);
    });
}

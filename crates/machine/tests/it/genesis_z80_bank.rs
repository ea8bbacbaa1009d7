//! The Z80's bank window onto the 68000's bus (machine::genesis::z80; Genesis Plus GX
//! `zbank_memory_map`): cartridge ROM and work RAM, through the 9-bit bank register.
//! Expected values worked by hand from the Z80 program below.

use machine::genesis::z80::Z80Side;

/// Loads `code` at Z80 $0000 through the 68000's side (bus requested, reset released),
/// then gives the bus back.
fn z80_with(code: &[u8]) -> Z80Side {
    let mut z = Z80Side::default();
    z.reset_write(1);
    z.busreq_write(1);
    for (i, &b) in code.iter().enumerate() {
        z.write_68k(0xA0_0000 + i as u32, b);
    }
    z.busreq_write(0);
    z
}

#[test]
fn the_bank_window_reads_rom_and_reads_and_writes_work_ram() {
    // Bank $1FE (68000 $FF0000-$FF7FFF): nine writes of bit 0 to $6000, the lowest bit
    // first (each write shifts in at bit 8): 0, then eight 1s.
    let mut code = vec![0x21, 0x00, 0x60]; // LD HL,$6000
    code.extend([0x36, 0x00]); // LD (HL),0
    for _ in 0..8 {
        code.extend([0x36, 0x01]); // LD (HL),1
    }
    code.extend([0x3A, 0x10, 0x80]); // LD A,($8010): 68000 $FF0010
    code.extend([0x32, 0x00, 0x10]); // LD ($1000),A
    code.extend([0x3E, 0x5A]); // LD A,$5A
    code.extend([0x32, 0x20, 0x80]); // LD ($8020),A: 68000 $FF0020
    // Bank $000 (ROM $000000-$007FFF): nine 0s.
    for _ in 0..9 {
        code.extend([0x36, 0x00]);
    }
    code.extend([0x3A, 0x03, 0x80]); // LD A,($8003): ROM $000003
    code.extend([0x32, 0x01, 0x10]); // LD ($1001),A
    code.push(0x76); // HALT
    let mut z = z80_with(&code);
    assert_eq!(z.bank, 0);
    let rom = [0x00, 0x11, 0x22, 0x33];
    let mut ram = vec![0u8; 0x1_0000];
    ram[0x10] = 0xC3;
    z.run_to(2_000, &rom, &mut ram);
    assert_eq!(z.ram[0x1000], 0xC3, "work RAM read through the window");
    assert_eq!(ram[0x20], 0x5A, "work RAM written through the window");
    assert_eq!(z.ram[0x1001], 0x33, "ROM read through the window");
    assert_eq!(z.bank, 0);
}

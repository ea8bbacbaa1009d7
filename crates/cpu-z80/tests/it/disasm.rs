//! The disassembler against the Z80 CPU User Manual's encodings: the main page, CB, ED
//! and the DD/FD index prefixes for the common opcodes, and the committed MSX test
//! cartridge roms/msx/programs/fault.rom read as its source (fault.asm).

use cpu_z80::disasm::disasm;

#[test]
fn common_opcodes_read_as_the_manual_writes_them() {
    let cases: [(&[u8], &str, usize); 34] = [
        (&[0x00], "NOP", 1),
        (&[0x01, 0x34, 0x12], "LD BC,$1234", 3),
        (&[0x3E, 0x7F], "LD A,$7F", 2),
        (&[0x78], "LD A,B", 1),
        (&[0x7E], "LD A,(HL)", 1),
        (&[0x36, 0x10], "LD (HL),$10", 2),
        (&[0x32, 0x00, 0xE0], "LD ($E000),A", 3),
        (&[0x2A, 0x00, 0xE0], "LD HL,($E000)", 3),
        (&[0x80], "ADD A,B", 1),
        (&[0xFE, 0x64], "CP $64", 2),
        (&[0xE6, 0x0F], "AND $0F", 2),
        (&[0x23], "INC HL", 1),
        (&[0x05], "DEC B", 1),
        // Relative jumps from $4002 (after the two bytes at $4000).
        (&[0x20, 0xFE], "JR NZ,$4000", 2),
        (&[0x10, 0x02], "DJNZ $4004", 2),
        (&[0xC3, 0x00, 0x40], "JP $4000", 3),
        (&[0xCA, 0x10, 0x40], "JP Z,$4010", 3),
        (&[0xCD, 0x1A, 0x40], "CALL $401A", 3),
        (&[0xC9], "RET", 1),
        (&[0xD8], "RET C", 1),
        (&[0xF5], "PUSH AF", 1),
        (&[0xD3, 0x99], "OUT ($99),A", 2),
        (&[0xDB, 0x99], "IN A,($99)", 2),
        (&[0xFF], "RST $38", 1),
        (&[0x76], "HALT", 1),
        (&[0xF3], "DI", 1),
        (&[0xCB, 0x47], "BIT 0,A", 2),
        (&[0xCB, 0x3F], "SRL A", 2),
        (&[0xED, 0xB0], "LDIR", 2),
        (&[0xED, 0x56], "IM 1", 2),
        (&[0xED, 0x4D], "RETI", 2),
        (&[0xED, 0x79], "OUT (C),A", 2),
        (&[0xDD, 0x21, 0x00, 0xE0], "LD IX,$E000", 4),
        (&[0xFD, 0x7E, 0x03], "LD A,(IY+$03)", 3),
    ];
    for (bytes, text, len) in cases {
        assert_eq!(
            disasm(bytes, 0x4000),
            (text.to_owned(), len),
            "{bytes:02X?}"
        );
    }
    assert_eq!(disasm(&[0xDD, 0xE9], 0).0, "JP (IX)");
    assert_eq!(disasm(&[0xDD, 0xCB, 0x02, 0xC6], 0).0, "SET 0,(IX+$02)");
    assert_eq!(disasm(&[0xED, 0x00], 0).0, "NOP (undefined $ED $00)");
}

#[test]
fn the_fault_cartridge_reads_as_its_source() {
    // fault.asm from INIT at 4010h (fault.sym).
    let rom = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/msx/programs/fault.rom"),
    )
    .unwrap();
    let want = [
        ("LD B,$06", 2),
        ("DEC B", 1),
        ("JR NZ,$4012", 2),
        ("CALL $401A", 3),
        ("DI", 1),
        ("HALT", 1),
        ("LD A,$01", 2),
        ("RET", 1),
    ];
    let mut pc = 0x4010usize;
    for (text, len) in want {
        let at = pc - 0x4000;
        assert_eq!(
            disasm(&rom[at..], pc as u16),
            (text.to_owned(), len),
            "at ${pc:04X}"
        );
        pc += len;
    }
}

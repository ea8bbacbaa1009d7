//! The disassembler against the W65C02S data sheet's opcode matrix (Table 5-4) and, where
//! cc65 is installed, against `da65 --cpu 65C02`.

use cpu_65c02::disasm::disasm;

#[test]
fn every_addressing_mode_reads_as_the_data_sheet_writes_it() {
    // One opcode per mode of Table 5-4, operands $12 $34, at $0800.
    let cases: [(&[u8], &str, usize); 22] = [
        (&[0xEA], "NOP", 1),
        (&[0x0A], "ASL A", 1),
        (&[0xA9, 0x12], "LDA #$12", 2),
        (&[0xA5, 0x12], "LDA $12", 2),
        (&[0xB5, 0x12], "LDA $12,X", 2),
        (&[0xB6, 0x12], "LDX $12,Y", 2),
        (&[0xAD, 0x12, 0x34], "LDA $3412", 3),
        (&[0xBD, 0x12, 0x34], "LDA $3412,X", 3),
        (&[0xB9, 0x12, 0x34], "LDA $3412,Y", 3),
        (&[0x6C, 0x12, 0x34], "JMP ($3412)", 3),
        (&[0x7C, 0x12, 0x34], "JMP ($3412,X)", 3),
        (&[0xA1, 0x12], "LDA ($12,X)", 2),
        (&[0xB1, 0x12], "LDA ($12),Y", 2),
        (&[0xB2, 0x12], "LDA ($12)", 2),
        // Branches: the target from the next instruction ($0802) by the signed offset.
        (&[0xD0, 0xFE], "BNE $0800", 2),
        (&[0x80, 0x10], "BRA $0812", 2),
        // BBR/BBS: the zero-page byte, then the target from $0803.
        (&[0x0F, 0x12, 0x05], "BBR0 $12,$0808", 3),
        (&[0xFF, 0x12, 0xFD], "BBS7 $12,$0800", 3),
        (&[0x87, 0x12], "SMB0 $12", 2),
        (&[0xCB], "WAI", 1),
        (&[0xDB], "STP", 1),
        (&[0x03], "NOP (undefined $03)", 1),
    ];
    for (bytes, text, len) in cases {
        assert_eq!(
            disasm(bytes, 0x0800),
            (text.to_owned(), len),
            "{bytes:02X?}"
        );
    }
}

#[test]
fn mnemonics_and_operands_agree_with_da65() {
    // Each defined opcode alone with operand bytes $12 $34, as da65 reads it. da65 names a
    // branch's or jump's target by a label, so for those only the mnemonic is compared.
    let dir = env!("CARGO_TARGET_TMPDIR");
    if std::process::Command::new("da65")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("da65 not installed: skipped");
        return;
    }
    let file = std::path::Path::new(dir).join("da65-one.bin");
    let mut compared = 0;
    for op in 0..=255u8 {
        let bytes = [op, 0x12, 0x34];
        let (text, _) = disasm(&bytes, 0x1000);
        if text.contains("undefined") {
            continue;
        }
        std::fs::write(&file, bytes).unwrap();
        let out = std::process::Command::new("da65")
            .args([
                "--cpu",
                "65C02",
                "--start-addr",
                "0x1000",
                "--comments",
                "0",
            ])
            .arg(&file)
            .output()
            .unwrap();
        let listing = String::from_utf8_lossy(&out.stdout);
        // The first instruction line: no comment, directive or label definition; a label
        // before the instruction (`L1000:`) dropped.
        let first = listing
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with(';') && !l.contains(":="))
            .map(|l| l.split_once(':').map_or(l, |(_, rest)| rest).trim())
            .find(|l| !l.starts_with('.'))
            .unwrap_or_default()
            .to_ascii_uppercase();
        let ours: Vec<&str> = text.split_whitespace().collect();
        let theirs: Vec<&str> = first.split_whitespace().collect();
        assert_eq!(ours[0], theirs[0], "${op:02X}: {text} vs {first}");
        if theirs.len() > 1 && !theirs[1].contains('L') && ours[0] != "BRK" {
            assert_eq!(ours[1], theirs[1], "${op:02X}: {text} vs {first}");
        }
        compared += 1;
    }
    assert!(compared > 200, "{compared} opcodes compared");
}

//! The disassembler against the M68000 Programmer's Reference Manual's encodings, on the
//! committed Genesis test programs (roms/genesis/programs): their sources say what each
//! instruction is, and where binutils is installed `m68k-linux-gnu-objdump` agrees on
//! every instruction's mnemonic and length.

use std::path::{Path, PathBuf};

use cpu_m68k::disasm::disasm;

fn programs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/genesis/programs")
}

#[test]
fn the_fault_program_reads_as_its_source() {
    // fault.s from `start` ($0294 in fault.sym), assembled with
    // --register-prefix-optional: each line as the manual writes it.
    let image = std::fs::read(programs().join("fault.bin")).unwrap();
    let want = [
        ("LEA ($FF0001).L,A0", 6),
        ("MOVEQ #5,D0", 2),
        ("ADDQ.W #1,D1", 2),
        ("DBF D0,$029C", 4),
        ("BSR.S $02A8", 2),
        ("MOVE.W D1,(A0)", 2),
        ("BRA.S $0294", 2),
        ("MOVEQ #1,D2", 2),
        ("RTS", 2),
        ("RTE", 2),
        ("RTE", 2),
    ];
    let mut pc = 0x294usize;
    for (text, len) in want {
        assert_eq!(
            disasm(&image[pc..], pc as u32),
            (text.to_owned(), len),
            "at ${pc:04X}"
        );
        pc += len;
    }
}

#[test]
fn addressing_modes_read_as_the_manual_writes_them() {
    let cases: [(&[u8], &str); 10] = [
        // MOVE.W #$8174,($C00004).L
        (
            &[0x33, 0xFC, 0x81, 0x74, 0x00, 0xC0, 0x00, 0x04],
            "MOVE.W #$8174,($C00004).L",
        ),
        // MOVE.L (A0)+,(A1)+
        (&[0x22, 0xD8], "MOVE.L (A0)+,(A1)+"),
        // MOVE.W D0,-(A7)
        (&[0x3F, 0x00], "MOVE.W D0,-(A7)"),
        // MOVE.W $10(A0),D1 and -2(A0,D1.W)
        (&[0x32, 0x28, 0x00, 0x10], "MOVE.W ($10,A0),D1"),
        (&[0x32, 0x30, 0x10, 0xFE], "MOVE.W (-$2,A0,D1.W),D1"),
        // MOVE.W $1234.W,D0
        (&[0x30, 0x38, 0x12, 0x34], "MOVE.W ($1234).W,D0"),
        // LEA d16(PC),A0 at $1000: the extension word at $1002 + $46.
        (&[0x41, 0xFA, 0x00, 0x46], "LEA ($1048,PC),A0"),
        // MOVEM.L D0/A0,-(SP): the predecrement mask $8080.
        (&[0x48, 0xE7, 0x80, 0x80], "MOVEM.L D0/A0,-(A7)"),
        // LSL.W #2,D0
        (&[0xE5, 0x48], "LSL.W #2,D0"),
        // ILLEGAL
        (&[0x4A, 0xFC], "ILLEGAL"),
    ];
    for (bytes, text) in cases {
        assert_eq!(disasm(bytes, 0x1000).0, text, "{bytes:02X?}");
    }
    assert_eq!(disasm(&[0xA0, 0x00], 0).0, "DC.W $A000 (line A)");
}

#[test]
fn mnemonics_and_lengths_agree_with_objdump() {
    let objdump = "m68k-linux-gnu-objdump";
    if std::process::Command::new(objdump)
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("{objdump} not installed: skipped");
        return;
    }
    let mut compared = 0;
    for entry in std::fs::read_dir(programs()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "bin") {
            continue;
        }
        let image = std::fs::read(&path).unwrap();
        let out = std::process::Command::new(objdump)
            .args([
                "-D",
                "-b",
                "binary",
                "-m",
                "m68k:68000",
                "--start-address=0x200",
            ])
            .arg(&path)
            .output()
            .unwrap();
        let listing = String::from_utf8_lossy(&out.stdout);
        // `addr:\thex words\tmnemonic operands`; continuation lines carry no mnemonic.
        let rows: Vec<(usize, String)> = listing
            .lines()
            .filter_map(|l| {
                let mut parts = l.trim_start().splitn(3, '\t');
                let addr = usize::from_str_radix(parts.next()?.strip_suffix(':')?, 16).ok()?;
                let _hex = parts.next()?;
                let mnemonic = parts.next()?.split_whitespace().next()?.to_owned();
                Some((addr, mnemonic))
            })
            .collect();
        for pair in rows.windows(2) {
            let ((at, theirs), (next, _)) = (&pair[0], &pair[1]);
            if theirs.starts_with('.') {
                continue; // words objdump takes for data
            }
            let (text, len) = disasm(&image[*at..], *at as u32);
            let ours = text
                .split_whitespace()
                .next()
                .unwrap()
                .replace('.', "")
                .to_ascii_lowercase();
            // MOVE to or from SR and CCR: Motorola writes no size, objdump `movew`.
            let same = ours == *theirs || (ours == "move" && theirs == "movew");
            assert!(same, "{}: ${at:04X}: {text} vs {theirs}", path.display());
            // Data words (a table of VDP register words) read as an indexed EA whose
            // extension word has bit 8 set: the 68020's full format to objdump, a brief
            // one to the 68000, which ignores bit 8 (Programmer's Reference Manual, 2.4).
            let full_format = text.contains(".W)") || text.contains(".L)");
            if full_format && image[at + 2] & 1 != 0 && len != next - at {
                continue;
            }
            assert_eq!(len, next - at, "{}: ${at:04X}: {text}", path.display());
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} instructions compared");
}

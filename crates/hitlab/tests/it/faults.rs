//! Fault messages a programmer can act on (docs/programs.md, "When a program faults"): the
//! PC with its label, the instruction there disassembled, the last 16 instructions executed
//! with their labels, and for an address error the address accessed; addresses always
//! written `$08A6`. The subjects are the test programs that fault on purpose
//! (roms/vera/programs/fault.s, roms/msx/programs/fault.asm, roms/genesis/programs/fault.s);
//! the expected lines are read off their sources and label files by hand.

use crate::common;

/// `hitlab compare IMAGE --target T --symbols SYM`: the exit code and stderr.
fn fault_of(image: &str, target: &str, symbols: &str) -> (Option<i32>, String) {
    let o = common::hitlab(
        &common::root(),
        &["compare", image, "--target", target, "--symbols", symbols],
    );
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The lines of `text` from the one starting `first` on, with their spacing collapsed.
fn lines_from(text: &str, first: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with(first))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// `n` passes of a two-instruction loop, each line as the report writes it.
fn passes(n: usize, pair: [&str; 2]) -> Vec<String> {
    (0..n).flat_map(|_| pair.map(str::to_owned)).collect()
}

#[test]
fn an_x16_jump_into_the_i_o_page_names_the_jump_and_what_led_to_it() {
    // fault.lbl: start $080D, count $0818, setup $0821, ptr $0022. The image from $080D:
    // SEI; LDA #$80; STA $22; LDA #$9F; STA $23; LDX #6 ($0816); DEX ($0818); BNE ($0819);
    // JSR setup ($081B); JMP ($0022) ($081E); setup: LDA #$01 ($0821); RTS ($0823). The
    // jump lands on $9F80, the I/O page, where the board stops before executing it.
    let (code, err) = fault_of(
        "roms/vera/programs/fault.prg",
        "x16",
        "roms/vera/programs/fault.lbl",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("at PC $9F80: execution in the I/O page"),
        "{err}"
    );
    let mut want = vec!["the last 16 instructions executed, oldest first:".to_owned()];
    want.extend(passes(6, ["$0818 count DEX", "$0819 count+$1 BNE $0818"]));
    want.extend(
        [
            "$081B count+$3 JSR $0821",
            "$0821 setup LDA #$01",
            "$0823 setup+$2 RTS",
            "$081E count+$6 JMP ($0022)",
        ]
        .map(str::to_owned),
    );
    assert_eq!(lines_from(&err, "the last"), want, "{err}");
}

#[test]
fn an_msx_halt_with_interrupts_masked_names_the_halt_by_its_label() {
    // fault.sym: init 4010h, count 4012h, stop 4019h, setup 401Ah. From 4010h: LD B,6;
    // DEC B (4012h); JR NZ,count (4013h); CALL setup (4015h); DI (4018h); HALT (4019h);
    // setup: LD A,1 (401Ah); RET (401Ch). Of the 18 instructions the last 16 drop the
    // LD B,6 and the first DEC B.
    let (code, err) = fault_of(
        "roms/msx/programs/fault.rom",
        "msx",
        "roms/msx/programs/fault.sym",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("at PC $4019: CPU halted with interrupts masked"),
        "{err}"
    );
    assert!(err.contains("\nPC $4019 (stop): HALT\n"), "{err}");
    let mut want = vec![
        "the last 16 instructions executed, oldest first:".to_owned(),
        "$4013 count+$1 JR NZ,$4012".to_owned(),
    ];
    want.extend(passes(
        5,
        ["$4012 count DEC B", "$4013 count+$1 JR NZ,$4012"],
    ));
    want.extend(
        [
            "$4015 count+$3 CALL $401A",
            "$401A setup LD A,$01",
            "$401C setup+$2 RET",
            "$4018 count+$6 DI",
            "$4019 stop HALT",
        ]
        .map(str::to_owned),
    );
    assert_eq!(lines_from(&err, "the last"), want, "{err}");
}

#[test]
fn a_genesis_address_error_names_the_address_and_the_instruction() {
    // fault.sym (nm -n): start $0294, count $029C, setup $02A8. From $0294: LEA
    // ($FF0001).L,A0 (6 bytes); MOVEQ #5,D0 ($029A); ADDQ.W #1,D1 ($029C); DBF D0,count
    // ($029E, 4 bytes); BSR.S setup ($02A2); MOVE.W D1,(A0) ($02A4): a word write at the
    // odd address $FF0001, the address error the 68000 stacks with that address.
    let (code, err) = fault_of(
        "roms/genesis/programs/fault.bin",
        "genesis",
        "roms/genesis/programs/fault.sym",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("at PC $02A4: address error at $FF0001"),
        "{err}"
    );
    assert!(
        err.contains("\nPC $02A4 (count+$8): MOVE.W D1,(A0)\n"),
        "{err}"
    );
    let mut want = vec!["the last 16 instructions executed, oldest first:".to_owned()];
    want.extend(passes(
        6,
        ["$029C count ADDQ.W #1,D1", "$029E count+$2 DBF D0,$029C"],
    ));
    want.extend(
        [
            "$02A2 count+$6 BSR.S $02A8",
            "$02A8 setup MOVEQ #1,D2",
            "$02AA setup+$2 RTS",
            "$02A4 count+$8 MOVE.W D1,(A0)",
        ]
        .map(str::to_owned),
    );
    assert_eq!(lines_from(&err, "the last"), want, "{err}");
}

#[test]
fn a_program_that_takes_no_interrupt_is_told_where_it_spins() {
    // roms/genesis/programs/status-poll.s polls the status word with interrupts off: with
    // --give-up-frames 3 the harness stops it, and the message says where the CPU was.
    let (code, err) = {
        let o = common::hitlab(
            &common::root(),
            &[
                "compare",
                "roms/genesis/programs/status-poll.bin",
                "--target",
                "genesis",
                "--symbols",
                "roms/genesis/programs/status-poll.sym",
                "--give-up-frames",
                "3",
            ],
        );
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("no interrupt was taken in the first 3 frames"),
        "{err}"
    );
    assert!(err.contains("the last 16 instructions executed"), "{err}");
}

#[test]
fn fault_messages_write_addresses_one_way() {
    // Every fault path the test programs reach: no `0x`, and every hex number written `$`.
    for (image, target, symbols) in [
        (
            "roms/vera/programs/fault.prg",
            "x16",
            "roms/vera/programs/fault.lbl",
        ),
        (
            "roms/msx/programs/fault.rom",
            "msx",
            "roms/msx/programs/fault.sym",
        ),
        (
            "roms/genesis/programs/fault.bin",
            "genesis",
            "roms/genesis/programs/fault.sym",
        ),
    ] {
        let (_, err) = fault_of(image, target, symbols);
        assert!(!err.to_ascii_lowercase().contains("0x"), "{err}");
        assert!(!err.contains("0FFh") && !err.contains("H)"), "{err}");
    }
}

#[test]
fn a_vectrex_jump_into_unmapped_space_names_the_jump_by_its_label() {
    // fault.asm after its 24-byte header: start $0018: LDS #$CBEA; LDX #$8000 ($001C); STX
    // $C880 ($001F); LDB #6 ($0022); count: DECB ($0024); BNE count ($0025); JSR setup
    // ($0027); JMP [$C880] ($002A); setup: LDA #1 ($002E); RTS ($0030). The jump lands on
    // $8000, where nothing is mapped; of the 20 instructions the last 16 drop the first
    // four. fault.noi, written by the assembler, names start, count and setup.
    let (code, err) = fault_of(
        "roms/vectrex/programs/fault.bin",
        "vectrex",
        "roms/vectrex/programs/fault.noi",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "at PC $8000: the program jumped to $8000, where nothing is mapped ($8000-$C7FF)"
        ),
        "{err}"
    );
    let mut want = vec!["the last 16 instructions executed, oldest first:".to_owned()];
    want.extend(passes(6, ["$0024 count DECB", "$0025 count+$1 BNE $0024"]));
    want.extend(
        [
            "$0027 count+$3 JSR $002E",
            "$002E setup LDA #$01",
            "$0030 setup+$2 RTS",
            "$002A count+$6 JMP [$C880]",
        ]
        .map(str::to_owned),
    );
    assert_eq!(lines_from(&err, "the last"), want, "{err}");
}

#[test]
fn the_vectrex_fault_cartridge_and_its_labels_are_what_its_source_assembles_to() {
    // `hitlab roms --check` rebuilds them where it runs; this holds everywhere.
    let dir = common::root().join("roms/vectrex/programs");
    let source = std::fs::read_to_string(dir.join("fault.asm")).unwrap();
    let built = machine::vectrex::target::asm::assemble(&source).expect("assembles");
    assert_eq!(built.image, std::fs::read(dir.join("fault.bin")).unwrap());
    assert_eq!(
        built.noice(),
        std::fs::read_to_string(dir.join("fault.noi")).unwrap()
    );
    assert_eq!(
        built.noice(),
        "DEF start 0x0018\nDEF count 0x0024\nDEF setup 0x002E\n"
    );
}

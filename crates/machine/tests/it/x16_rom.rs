//! A `rom.bin` of the user's on the X16 board (crates/machine/src/x16/handover.rs), with
//! the project's test ROM (roms/vera/testrom/testrom.s) standing in for the real one: it
//! drives each device the way the X16 KERNAL's start-up does and keeps what each read in
//! its boot record at $0400, then waits at CHRIN for BASIC's first line, where the board
//! types `LOAD":*",8,1` and `RUN` as x16emu does. Expected values by hand from the data
//! sheets and the board's documented start (see each assertion).

use machine::program::{NoProbe, ProgramError, ProgramImage};
use machine::x16::VeraSettings;
use machine::{Machine, Settings};

const TEST_ROM: &[u8] = include_bytes!("../../../../roms/vera/testrom/testrom.bin");
const MOVER: &[u8] = include_bytes!("../../../../roms/vera/programs/mover.prg");
const MOVER_LBL: &str = include_str!("../../../../roms/vera/programs/mover.lbl");
/// testrom.s's boot record and echo log.
const BOOT: u32 = 0x0400;
const ECHO: u32 = 0x0500;

fn label(name: &str) -> u32 {
    MOVER_LBL
        .lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
            (n == format!(".{name}")).then(|| u32::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no label {name}"))
}

fn boot(rom: &[u8], prg: &[u8]) -> Result<Box<dyn Machine>, ProgramError> {
    let mut m = VeraSettings::default()
        .build(&machine::Resources::default())
        .expect("machine");
    m.boot(&ProgramImage {
        bytes: prg,
        system_rom: Some(rom),
        ..ProgramImage::default()
    })?;
    Ok(m)
}

fn peek(m: &mut Box<dyn Machine>, addr: u32) -> u8 {
    m.program().expect("booted").cpu().peek(addr)
}

#[test]
fn the_test_rom_finds_each_device_as_its_data_sheet_answers() {
    let mut m = boot(TEST_ROM, MOVER).expect("boot");
    m.program()
        .unwrap()
        .run_frame(&mut NoProbe::default())
        .unwrap();
    let record: Vec<u8> = (0..17).map(|k| peek(&mut m, BOOT + k)).collect();
    assert_eq!(
        record,
        [
            // IER of VIA 1 and 2 with every source disabled: bit 7 reads 1 (W65C22 data
            // sheet, "Interrupt Enable Register").
            0x80, 0x80,
            // The YM2151 read 8 cycles after a data write: busy (64 master clocks = 143
            // CPU cycles); after the poll: 0.
            0x80, 0x00,
            // No SD card: the byte received is $FF (MISO high); SPI_CTRL: selected, not
            // busy. AUDIO_CTRL: the FIFO empty (bit 6).
            0xFF, 0x01, 0x40, // The SMC's keycode register: 0, no key.
            0x00,
            // The RTC (MCP7940N registers $00-$06) at the board's power-on moment,
            // 2000-01-01 00:00:00, within its first second: ST, 0 min, 0 h (24-hour),
            // OSCRUN | VBATEN | Saturday (7), date 1, LPYR | January, year 00.
            0x80, 0x00, 0x00, 0x2F, 0x01, 0x21, 0x00,
            // Every I2C device acknowledged; RESET finished.
            0, 0xA5,
        ]
    );
    // BASIC's first line: the keys typed into the buffer, read back through CHRIN.
    let echo: Vec<u8> = (0..17).map(|k| peek(&mut m, ECHO + k)).collect();
    assert_eq!(echo, b"LOAD\":*\",8,1\rRUN\r");
    // LOADed by the ROM through unit 8 to the file's own address, $0801.
    for (k, &b) in MOVER[2..].iter().enumerate() {
        assert_eq!(
            peek(&mut m, 0x0801 + k as u32),
            b,
            "byte {k} of the program"
        );
    }
    // Judging from the handover starts at the BASIC stub's SYS 2061.
    assert_eq!(m.program().unwrap().handover_pc(), Some(2061));
}

#[test]
fn the_mover_started_by_the_test_rom_first_collides_on_frame_93() {
    // mover.s: sprite 0 moves 1 px per VSYNC handler from X 100 into sprite 1 at X 200,
    // first meeting it on the 93rd handler's frame. The test ROM starts it before the
    // first VSYNC (its start-up takes about 25,000 of the frame's 122,000 cycles before
    // vblank), so its handlers run from the first vblank on, as under the project's
    // KERNAL.
    let mut m = boot(TEST_ROM, MOVER).expect("boot");
    for _ in 0..96 {
        m.program()
            .unwrap()
            .run_frame(&mut NoProbe::default())
            .unwrap();
    }
    assert_eq!(peek(&mut m, label("hit_frame")), 93);
    assert_eq!(peek(&mut m, label("frame")), 95);
}

#[test]
fn a_rom_of_the_wrong_size_or_with_its_reset_vector_in_ram_is_refused() {
    let mut short = TEST_ROM.to_vec();
    short.pop();
    let mut in_ram = TEST_ROM.to_vec();
    in_ram[0x3FFC..0x3FFE].copy_from_slice(&0x0801u16.to_le_bytes());
    let too_big = vec![0u8; 33 * 0x4000];
    for (rom, says) in [
        (&short[..], "16383 bytes"),
        (&in_ram[..], "RESET vector"),
        (&too_big[..], "1 to 32 banks"),
    ] {
        let e = boot(rom, MOVER).err().expect("refused");
        assert!(matches!(e, ProgramError::SystemRom { .. }), "{e}");
        assert!(e.to_string().contains(says), "{e}");
    }
    // Two banks: the second is never mapped by this ROM, and the board boots.
    let mut two = TEST_ROM.to_vec();
    two.extend_from_slice(&[0xDB; 0x4000]);
    assert!(boot(&two, MOVER).is_ok());
}

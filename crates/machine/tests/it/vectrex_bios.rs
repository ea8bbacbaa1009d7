//! The project's Vectrex BIOS (`roms/vectrex/bios/bios.asm`) and the test cartridges that
//! call it (`roms/vectrex/programs/objects.asm`, `boxtest.asm`, `overrun.asm`): the images
//! are their sources assembled, the entries sit at the real BIOS's addresses, the
//! `Obj_Hit` family is the modelled one byte for byte, and every figure below is derived by
//! hand from the sources (their headers say how), the 6809 data sheet's cycle counts and
//! the board's VIA and analog rules.

use crate::vectrex_common;

use machine::program::{BoardEvent, Breakpoints, CpuView, Probe};
use machine::vectrex::bios::{ENTRIES, IMAGE};
use machine::vectrex::board::VectrexBoard;
use machine::vectrex::target::asm::{Assembly, assemble};
use vectrex::display::Point;

const BIOS_SOURCE: &str = include_str!("../../../../roms/vectrex/bios/bios.asm");
const BIOS_LISTING: &str = include_str!("../../../../roms/vectrex/bios/bios.lst");
const OBJECTS: &str = include_str!("../../../../roms/vectrex/programs/objects.asm");
const OBJECTS_BIN: &[u8] = include_bytes!("../../../../roms/vectrex/programs/objects.bin");
const BOXTEST: &str = include_str!("../../../../roms/vectrex/programs/boxtest.asm");
const BOXTEST_BIN: &[u8] = include_bytes!("../../../../roms/vectrex/programs/boxtest.bin");
const OVERRUN: &str = include_str!("../../../../roms/vectrex/programs/overrun.asm");
const OVERRUN_BIN: &[u8] = include_bytes!("../../../../roms/vectrex/programs/overrun.bin");

#[derive(Default)]
struct Events {
    bp: Breakpoints,
    vblanks: Vec<u64>,
    hits: Vec<(u32, u64)>,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, _cpu: &dyn CpuView) {
        self.hits.push((pc, cycle));
    }
    fn on_event(&mut self, event: BoardEvent) {
        if let BoardEvent::Vblank { cycle } = event {
            self.vblanks.push(cycle);
        }
    }
}

fn bios() -> Assembly {
    assemble(BIOS_SOURCE).expect("bios.asm assembles")
}

#[test]
fn the_committed_bios_is_its_source_assembled() {
    let a = bios();
    assert_eq!(a.origin, 0xE000);
    assert_eq!(a.image.len(), 0x2000);
    assert_eq!(a.image, IMAGE.as_slice());
    assert_eq!(a.listing, BIOS_LISTING);
    // The reset vector: Cold_Start.
    assert_eq!(&a.image[0x1FFE..], &[0xF0, 0x00]);
}

#[test]
fn every_entry_is_at_the_real_bios_address_and_every_routine_is_an_entry() {
    let a = bios();
    for &(addr, name) in ENTRIES {
        assert_eq!(a.symbol(name), Some(addr), "{name}");
    }
    // The source's routines are the capitalised labels; its own are lower case.
    let routines: Vec<&String> = a
        .symbols
        .keys()
        .filter(|k| k.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    assert_eq!(routines.len(), ENTRIES.len(), "{routines:?}");
    // Published addresses (VECTREX.I): a few checked by value, not through the table.
    assert_eq!(a.symbol("Wait_Recal"), Some(0xF192));
    assert_eq!(a.symbol("Moveto_d"), Some(0xF312));
    assert_eq!(a.symbol("Draw_VLc"), Some(0xF3CE));
    assert_eq!(a.symbol("Intensity_a"), Some(0xF2AB));
    assert_eq!(a.symbol("Obj_Hit"), Some(0xF8FF));
}

#[test]
fn the_obj_hit_family_is_the_modelled_sequence_byte_for_byte() {
    let flat = vectrex_common::flat_with_bios_family();
    assert_eq!(
        &IMAGE[0xF8E5 - 0xE000..0xF92E - 0xE000],
        &flat[0xF8E5..0xF92E]
    );
}

/// A cartridge: the header, then `code` at $0017.
fn cart(code: &[u8]) -> Vec<u8> {
    let mut c = vec![
        0x67, 0x20, 0x47, 0x43, 0x45, 0x20, 0x32, 0x30, 0x32, 0x36, 0x80, 0x00, 0x00, 0xF8, 0x50,
        0x20, 0xC0, 0x54, 0x80, 0x00,
    ];
    c.extend_from_slice(code);
    c
}

#[test]
fn wait_recal_restarts_timer_2_with_30000_each_frame() {
    // JSR Wait_Recal; BRA back: the frame is the BIOS's alone.
    let cart = cart(&[0xBD, 0xF1, 0x92, 0x20, 0xFB]);
    let mut board = VectrexBoard::new(&cart, None).unwrap();
    let mut probe = Events::default();
    // The instruction after Set_Refresh's `std <via_t2l`, which loads Timer 2.
    probe.bp.insert(0xF1A7);
    for _ in 0..6 {
        board.run_frame(&mut probe).unwrap();
    }
    // Timer 2 times out 30,001 cycles after the store (the VIA's N + 1); the poll
    // (`bitb <$0D` 4, `beq` 3) sees the flag 0 to 6 cycles later, and from the first cycle
    // of the `bitb` that sees it to the store's first cycle are bitb 4 + beq 3 + ldd 6 = 13
    // cycles: 30,014 to 30,020 cycles from one load to the next.
    let loads: Vec<u64> = probe.hits.iter().map(|&(_, c)| c).collect();
    assert!(loads.len() >= 5, "{loads:?}");
    for w in loads.windows(2) {
        let period = w[1] - w[0];
        assert!((30_014..=30_020).contains(&period), "period {period}");
    }
    // The board's frame ends where Timer 2 runs out: one load per frame.
    for w in probe.vblanks.windows(2).skip(1) {
        assert!((30_014 - 3..=30_020 + 3).contains(&(w[1] - w[0])), "{w:?}");
    }
    // Wait_Recal counts the frames in $C825-$C826: the power-on one and each since.
    assert_eq!(board.peek(0xC826), 6);
}

#[test]
fn moveto_d_and_draw_vlc_draw_the_list_at_the_scale() {
    let a = assemble(OBJECTS).unwrap();
    assert_eq!(a.image, OBJECTS_BIN);
    let mut board = VectrexBoard::new(OBJECTS_BIN, None).unwrap();
    let mut probe = Events::default();
    // The power-on frame ends in Cold_Start's Wait_Recal; the cartridge's set-up then
    // waits in its own for the end of the next; its first frame is the third.
    for _ in 0..3 {
        board.run_frame(&mut probe).unwrap();
    }
    // Scale $7F: Timer 1 holds /RAMP low for 128 cycles of the VIA; the board samples the
    // pins at each instruction's first cycle, so the beam moves from the instruction after
    // the store to T1 (`clr` 6 or `stb` 4 cycles) to the end of the first poll instruction
    // that begins before the timeout: 125 cycles in both routines (Moveto_d: clr 6, ldb 2,
    // then bitb 4 + beq 3 from cycle 8: the bitb at 127 ends at 131; Draw_Line_d: stb 4,
    // ldb 2, the bitb at 125 ends at 129). A list unit is 125 beam units.
    let u = 125;
    let lines: Vec<_> = board
        .segments()
        .iter()
        .filter(|s| s.from != s.to)
        .copied()
        .collect();
    assert_eq!(lines.len(), 8, "{lines:?}");
    // The first frame shows object 0 moved once, at (0, -59): its lower left corner
    // (-8, -67); up 16, right 16, down, left.
    let corner = Point {
        y: -8 * u,
        x: -67 * u,
    };
    let square = |c: Point| {
        [
            (
                c,
                Point {
                    y: c.y + 16 * u,
                    x: c.x,
                },
            ),
            (
                Point {
                    y: c.y + 16 * u,
                    x: c.x,
                },
                Point {
                    y: c.y + 16 * u,
                    x: c.x + 16 * u,
                },
            ),
            (
                Point {
                    y: c.y + 16 * u,
                    x: c.x + 16 * u,
                },
                Point {
                    y: c.y,
                    x: c.x + 16 * u,
                },
            ),
            (
                Point {
                    y: c.y,
                    x: c.x + 16 * u,
                },
                c,
            ),
        ]
    };
    for (got, want) in lines[..4].iter().zip(square(corner)) {
        assert_eq!((got.from, got.to), want);
        assert_eq!(got.intensity, 0x5F);
    }
    let corner = Point {
        y: -8 * u,
        x: 51 * u,
    };
    for (got, want) in lines[4..].iter().zip(square(corner)) {
        assert_eq!((got.from, got.to), want);
    }
}

/// Runs `frames` frames after the power-on one and the cartridge's set-up; per frame (the
/// cartridge's first is 1), the marks (byte 4 of each 5-byte record at $C880) and whether
/// `on_hit` was reached. Frame n's marks are the decision about frame n - 1's picture.
fn marks(image: &[u8], source: &str, records: u16, frames: usize) -> Vec<(Vec<u8>, bool)> {
    let on_hit = assemble(source).unwrap().symbol("on_hit").unwrap();
    let mut board = VectrexBoard::new(image, None).unwrap();
    let mut probe = Events::default();
    probe.bp.insert(u32::from(on_hit));
    board.run_frame(&mut probe).unwrap();
    board.run_frame(&mut probe).unwrap();
    let mut out = vec![(Vec::new(), false)];
    for _ in 0..frames {
        probe.hits.clear();
        board.run_frame(&mut probe).unwrap();
        let m = (0..records)
            .map(|r| board.peek(u32::from(0xC884 + 5 * r)))
            .collect();
        out.push((m, !probe.hits.is_empty()));
    }
    out
}

#[test]
fn objects_hits_with_obj_hit_in_the_frames_the_source_says() {
    // Two passes of 160 frames: hits for the frames n - 1 showing m = (n - 1) mod 160 in
    // 52..=68.
    let got = marks(OBJECTS_BIN, OBJECTS, 2, 330);
    for (frame, (m, reached)) in got.iter().enumerate().skip(1) {
        let n = (frame - 1) % 160;
        let hit = (52..=68).contains(&n);
        assert_eq!(*reached, hit, "frame {frame}");
        assert_eq!(m, &vec![u8::from(hit); 2], "frame {frame}");
    }
}

#[test]
fn boxtest_marks_object_1_and_misses_object_2() {
    let got = marks(BOXTEST_BIN, BOXTEST, 3, 170);
    assert_eq!(assemble(BOXTEST).unwrap().image, BOXTEST_BIN);
    for (frame, (m, reached)) in got.iter().enumerate().skip(1) {
        let n = (frame - 1) % 160;
        let one = (44..=76).contains(&n);
        assert_eq!(*reached, one, "frame {frame}");
        assert_eq!(m, &vec![u8::from(one), u8::from(one), 0], "frame {frame}");
    }
}

#[test]
fn overrun_frames_take_the_work_not_30000_cycles() {
    assert_eq!(assemble(OVERRUN).unwrap().image, OVERRUN_BIN);
    let mut board = VectrexBoard::new(OVERRUN_BIN, None).unwrap();
    let mut probe = Events::default();
    board.run_frame(&mut probe).unwrap();
    let mut cycles = vec![0];
    for _ in 1..=6 {
        cycles.push(board.run_frame(&mut probe).unwrap().cycles);
    }
    // Frame 1: the set-up, then the wait for Timer 2 (started by Cold_Start). Frame 2:
    // Wait_Recal restarts it and the work begins; it runs out 30,001 cycles after, in the
    // middle of the delay. From frame 3 on, one Timer 2 timeout per game frame: the
    // delay alone is 40,003 cycles; the BIOS calls add less than 1,500 (Recalibrate's two
    // moves at scale $FF about 2 x 300, the line at scale $7F about 190, the rest fewer
    // than 300).
    assert!(
        (30_001..30_030).contains(&cycles[2]),
        "frame 2: {}",
        cycles[2]
    );
    for (i, c) in cycles.iter().enumerate().skip(3) {
        assert!((40_003..41_503).contains(c), "frame {i}: {c} cycles");
    }
    // A game frame begins in each of the frames 2 to 6.
    assert_eq!(board.peek(0xC880), 5);
}

#[test]
fn a_program_that_never_restarts_timer_2_still_gets_frames() {
    // BRA * at the cartridge's start: nothing reloads Timer 2 after the BIOS's last
    // Wait_Recal. The frame then ends where Timer 2 runs out, and after that every 30,000
    // cycles (the board's frame when Timer 2 is not counting towards a timeout): never a
    // hang.
    let cart = cart(&[0x20, 0xFE]);
    let mut board = VectrexBoard::new(&cart, None).unwrap();
    let mut probe = Events::default();
    board.run_frame(&mut probe).unwrap(); // power-on
    // Cold_Start's Wait_Recal reloaded Timer 2 13 cycles after the poll's first look at the
    // flag (0-6 cycles after it rose): 30,014 to 30,020 cycles, as every Wait_Recal frame.
    let first = board.run_frame(&mut probe).unwrap().cycles;
    assert!((30_014..=30_020).contains(&first), "{first}");
    for _ in 0..3 {
        // The loop's BRA is 3 cycles: the frame ends at the first instruction boundary
        // at or past 30,000.
        let c = board.run_frame(&mut probe).unwrap().cycles;
        assert!((30_000..30_003).contains(&c), "{c}");
    }
}

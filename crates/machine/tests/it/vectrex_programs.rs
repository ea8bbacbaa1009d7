//! Whole cartridges on the Vectrex board: `roms/vectrex/programs/line.asm` drives the VIA
//! itself (no BIOS), so every figure below is derived by hand from its source, the 6809
//! data sheet's cycle counts and the VIA and analog rules (see the source's header).

use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramError};
use machine::vectrex::board::{VectrexBoard, code_start};
use machine::vectrex::target::asm::assemble;
use vectrex::display::Point;

const SOURCE: &str = include_str!("../../../../roms/vectrex/programs/line.asm");
const IMAGE: &[u8] = include_bytes!("../../../../roms/vectrex/programs/line.bin");

#[derive(Default)]
struct Events {
    bp: Breakpoints,
    vblanks: Vec<u64>,
    hits: Vec<u64>,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, _pc: u32, cycle: u64, _cpu: &dyn CpuView) {
        self.hits.push(cycle);
    }
    fn on_event(&mut self, event: BoardEvent) {
        if let BoardEvent::Vblank { cycle } = event {
            self.vblanks.push(cycle);
        }
    }
}

#[test]
fn the_committed_image_is_the_source_assembled() {
    let asm = assemble(SOURCE).expect("line.asm assembles");
    assert_eq!(asm.origin, 0);
    assert_eq!(asm.image, IMAGE);
}

#[test]
fn the_header_is_skipped_to_the_code_as_the_bios_does() {
    let asm = assemble(SOURCE).unwrap();
    assert_eq!(code_start(IMAGE).unwrap(), asm.symbol("start").unwrap());
}

#[test]
fn each_frame_draws_the_line_the_source_says() {
    let mut board = VectrexBoard::new(IMAGE, None).unwrap();
    let mut probe = Events::default();
    // The power-on frame: the project's BIOS sets up and waits for its first Timer 2
    // timeout, then starts the cartridge.
    board.run_frame(&mut probe).unwrap();
    assert!(board.segments().iter().all(|s| s.from == s.to));
    assert_eq!(board.peek(0xC880), 0);
    for frame in 1..=3u8 {
        board.run_frame(&mut probe).unwrap();
        let lines: Vec<_> = board.segments().iter().filter(|s| s.from != s.to).collect();
        assert_eq!(lines.len(), 1, "frame {frame}: one line");
        assert_eq!(lines[0].from, Point { y: 0, x: 0 });
        assert_eq!(lines[0].to, Point { y: 3488, x: 1744 });
        assert_eq!(lines[0].intensity, 64);
        assert_eq!(board.peek(0xC880), frame, "the frame counter");
    }
}

#[test]
fn frames_end_where_timer_2_times_out() {
    let asm = assemble(SOURCE).unwrap();
    let mut board = VectrexBoard::new(IMAGE, None).unwrap();
    let mut probe = Events::default();
    // The cycle each frame's Timer 2 load completes: a breakpoint on the instruction after
    // `sta via_t2h`.
    probe.bp.insert(u32::from(asm.symbol("loaded").unwrap()));
    // The power-on frame ends at the BIOS's own Timer 2 timeout, before the cartridge.
    board.run_frame(&mut probe).unwrap();
    assert!(probe.hits.is_empty());
    probe.vblanks.clear();
    for _ in 0..4 {
        board.run_frame(&mut probe).unwrap();
    }
    // In this model an access reaches the VIA at the instruction's first cycle and the
    // instruction's own cycles (`sta` extended: 5) then count, so the timeout comes
    // 30,001 cycles after the store's first cycle: 30,001 - 5 after the next instruction
    // begins.
    assert_eq!(probe.vblanks.len(), 4);
    for (load, end) in probe.hits.iter().zip(&probe.vblanks) {
        let from_load = end - load;
        // The frame ends after the instruction in which the flag rose: the poll loop's
        // longest instruction is 5 cycles (`lda` extended).
        assert!(
            (30_001 - 5..30_001 - 5 + 5).contains(&from_load),
            "frame ended {from_load} cycles after the load"
        );
    }
}

#[test]
fn a_call_the_project_bios_lacks_names_the_routine() {
    // A cartridge whose code calls Print_Str ($F495) with JSR extended from $0017.
    let mut cart = IMAGE[..usize::from(code_start(IMAGE).unwrap())].to_vec();
    assert_eq!(cart.len(), 0x17);
    cart.extend_from_slice(&[0xBD, 0xF4, 0x95]); // JSR $F495
    let mut board = VectrexBoard::new(&cart, None).unwrap();
    // The power-on frame, then the cartridge's first instruction.
    board.run_frame(&mut Events::default()).unwrap();
    let err = board.run_frame(&mut Events::default()).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, ProgramError::Fault { .. }), "{text}");
    assert!(
        text.contains("$F495") && text.contains("Print_Str") && text.contains("$0017"),
        "{text}"
    );
    assert!(text.contains("--rom"), "{text}");
    // A jump into the middle of a routine is no entry either.
    let mut cart = IMAGE[..0x17].to_vec();
    cart.extend_from_slice(&[0x7E, 0xF1, 0x94]); // JMP $F194, inside Wait_Recal
    let mut board = VectrexBoard::new(&cart, None).unwrap();
    board.run_frame(&mut Events::default()).unwrap();
    let text = board
        .run_frame(&mut Events::default())
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("$F194") && text.contains("not a BIOS entry"),
        "{text}"
    );
}

#[test]
fn a_jump_into_unmapped_space_is_a_fault_naming_it() {
    let mut cart = IMAGE[..0x17].to_vec();
    cart.extend_from_slice(&[0x7E, 0x90, 0x00]); // JMP $9000
    let mut board = VectrexBoard::new(&cart, None).unwrap();
    board.run_frame(&mut Events::default()).unwrap();
    let err = board.run_frame(&mut Events::default()).unwrap_err();
    assert!(matches!(err, ProgramError::Fault { .. }));
    assert!(err.to_string().contains("$9000"), "{err}");
}

#[test]
fn bad_cartridges_and_bioses_are_refused() {
    let no_header = [0x12u8; 64];
    assert!(
        VectrexBoard::new(&no_header, None)
            .unwrap_err()
            .to_string()
            .contains("g GCE")
    );
    let huge = vec![0u8; 0x1_0001];
    assert!(
        VectrexBoard::new(&huge, None)
            .unwrap_err()
            .to_string()
            .contains("64 KB")
    );
    let small_bios = [0u8; 4096];
    assert!(matches!(
        VectrexBoard::new(IMAGE, Some(&small_bios)),
        Err(ProgramError::SystemRom { .. })
    ));
    let mut bios = vec![0u8; 8192];
    bios[8190] = 0x10; // reset vector $1000: not in the BIOS
    assert!(matches!(
        VectrexBoard::new(IMAGE, Some(&bios)),
        Err(ProgramError::SystemRom { .. })
    ));
    // A header whose title list never ends.
    let mut open = IMAGE[..13].to_vec();
    open.extend_from_slice(&[0xF8, 0x50, 0x20, 0xC0, 0x41]);
    assert!(VectrexBoard::new(&open, None).is_err());
}

#[test]
fn a_bios_image_runs_from_its_reset_vector() {
    // A stand-in 8 KB ROM: reset at $E000, which jumps to the cartridge's code start.
    let start = code_start(IMAGE).unwrap();
    let mut bios = vec![0x12u8; 8192]; // NOP
    bios[0] = 0x7E; // JMP extended
    bios[1..3].copy_from_slice(&start.to_be_bytes());
    bios[8190..].copy_from_slice(&[0xE0, 0x00]);
    let mut board = VectrexBoard::new(IMAGE, Some(&bios)).unwrap();
    board.run_frame(&mut Events::default()).unwrap();
    assert_eq!(board.peek(0xC880), 1);
}

/// A stand-in BIOS whose frame loop has Wait_Recal's shape at the real addresses: Timer 2
/// loaded with 30,000 at $F195, then a poll of its flag at $F19E with a `BEQ` back at
/// $F1A0. `poll` is the poll's opcode at $F19E: `$D5` is the published `BITB <$0D`;
/// `$96` (`LDA <$0D`, the same 4 cycles, ending the loop on the same flag since no other
/// flag rises) is a user's BIOS with other bytes there.
fn bios_polling_with(poll: u8) -> Vec<u8> {
    let mut bios = vec![0x12u8; 8192]; // NOP
    let mut put = |at: u16, bytes: &[u8]| {
        let at = usize::from(at - 0xE000);
        bios[at..at + bytes.len()].copy_from_slice(bytes);
    };
    // $E000: LDA #$D0, TFR A,DP, JMP $F192.
    put(0xE000, &[0x86, 0xD0, 0x1F, 0x8B, 0x7E, 0xF1, 0x92]);
    // $F192: LDD #$3075, STD <$08 (T2 = $7530 = 30,000), LDB #$20, NOP x5, the poll,
    // BEQ $F19E, BRA $F192.
    put(0xF192, &[0xCC, 0x30, 0x75, 0xDD, 0x08, 0xC6, 0x20]);
    put(0xF199, &[0x12; 5]);
    put(0xF19E, &[poll, 0x0D, 0x27, 0xFC, 0x20, 0xEE]);
    put(0xFFFE, &[0xE0, 0x00]);
    bios
}

/// Frame lengths from the frame ends after the first.
fn frame_lengths(board: &mut VectrexBoard, frames: usize) -> Vec<u64> {
    let mut events = Events::default();
    for _ in 0..=frames {
        board.run_frame(&mut events).unwrap();
    }
    events.vblanks.windows(2).map(|w| w[1] - w[0]).collect()
}

#[test]
fn a_bios_with_other_bytes_at_the_poll_is_stepped_not_skipped() {
    // By hand: the STD's write loads T2 at its first cycle; LDD 3 is before it, then STD
    // 5, LDB 2 and five NOPs 10 take the poll to 17 cycles after the write. The flag rises
    // 30,001 cycles after the write (N + 1), in the poll round starting at 17 + 4,283 x 7
    // = 29,998 (its read still finds it clear): the frame ends after that 4-cycle read at
    // 30,002. Then BEQ taken 3, the poll finding the flag 4, BEQ not taken 3, BRA 3 and
    // LDD 3: the next write 30,018 cycles after the last, so every frame is 30,018.
    for (poll, skipped) in [(0xD5, true), (0x96, false)] {
        let bios = bios_polling_with(poll);
        let mut board = VectrexBoard::new(&[], Some(&bios)).unwrap();
        board.set_idle_skip(true);
        assert_eq!(
            frame_lengths(&mut board, 4),
            vec![30_018; 4],
            "poll ${poll:02X}"
        );
        // Only the published bytes are run in whole rounds.
        assert_eq!(
            board.idle_skipped_cycles() > 0,
            skipped,
            "poll ${poll:02X}: {} cycles skipped",
            board.idle_skipped_cycles()
        );
    }
}

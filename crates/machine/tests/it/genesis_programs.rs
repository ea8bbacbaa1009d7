//! Whole Genesis programs on the board (specs/programs.md): the test ROMs in
//! `roms/genesis/programs/`, booted through `Machine::boot` and run frame by frame. Every
//! expected value is derived by hand from the program's source and the VDP's documented
//! behaviour (genesis crate `line` and `dma` modules, sources/genesis.md), as each test says.

use machine::Machine;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramError, ProgramImage};

const VINT_DMA: &[u8] = include_bytes!("../../../../roms/genesis/programs/vint-dma.bin");
const STATUS_POLL: &[u8] = include_bytes!("../../../../roms/genesis/programs/status-poll.bin");
const HINT: &[u8] = include_bytes!("../../../../roms/genesis/programs/hint.bin");
const LAG: &[u8] = include_bytes!("../../../../roms/genesis/programs/lag.bin");
const Z80_LOOP: &[u8] = include_bytes!("../../../../roms/genesis/programs/z80-loop.bin");

/// A probe that keeps every event.
#[derive(Default)]
struct Events {
    bp: Breakpoints,
    events: Vec<BoardEvent>,
    hits: Vec<(u32, u32)>,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, pc: u32, _cycle: u64, cpu: &dyn CpuView) {
        self.hits.push((pc, cpu.register("D0").unwrap_or(0)));
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(event);
    }
}

fn boot(rom: &[u8]) -> Genesis {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("the test ROM boots");
    m
}

fn word(m: &mut Genesis, addr: u32) -> u16 {
    let cpu = m.program().unwrap().cpu();
    u16::from_be_bytes([cpu.peek(addr), cpu.peek(addr + 1)])
}

/// NTSC: line n since boot ends at 68000 cycle floor((n + 1) x 3,420 / 7).
fn line_end_cycle(lines: u64) -> u64 {
    lines * 3_420 / 7
}

#[test]
fn the_vint_handler_dmas_the_table_and_bit_5_follows_the_sprites() {
    let mut m = boot(VINT_DMA);
    let mut probe = Events::default();
    let mut runs = Vec::new();
    for _ in 0..=20 {
        runs.push(m.program().unwrap().run_frame(&mut probe).unwrap());
        // Frame k shows sprite 1 at X = 92 + k against sprite 0 at 100 (both 8 px wide,
        // rows 104-107 shared): they overlap for k = 1..=15, first on line 104.
        let k = runs.len() - 1;
        let v = m.peek_verdict();
        let overlap = (1..=15).contains(&k);
        assert_eq!(v.collided, overlap, "frame {k}");
        assert_eq!(v.first_collision_line, overlap.then_some(104), "frame {k}");
    }
    // The handler at VINT j (0-based, taken after frame j's display) logs frame j's status: $3600 (FIFO empty, fixed bits)
    // | $08 (vblank) | $20 when frame j collided; bit 7 already acknowledged. After
    // the DMA the 68000 was held to its end: bit 1 clear, bit 5 cleared by the first read.
    assert_eq!(word(&mut m, 0xFF_0000), 20, "VINTs taken");
    for j in 0..20u32 {
        let before = word(&mut m, 0xFF_0200 + 4 * j);
        let after = word(&mut m, 0xFF_0202 + 4 * j);
        let collided_before = (1..=15).contains(&j);
        assert_eq!(
            before,
            0x3608 | if collided_before { 0x20 } else { 0 },
            "VINT {j}"
        );
        assert_eq!(after, 0x3608, "VINT {j} after the DMA");
    }
    // The CPU STOPs before every vblank, so each frame ends exactly on a line boundary:
    // frame 0 (the power-on frame: the 68000 starts 143 cycles into line 159, and the
    // blank begins after line 191) after 33 lines, frame k after 33 + 262k, counted from
    // the power-on line's start.
    let mut total = 143;
    for (k, r) in runs.iter().enumerate() {
        total += r.cycles;
        assert_eq!(total, line_end_cycle(33 + 262 * k as u64), "frame {k}");
    }
    // Seven NTSC frames are exactly 7 x 262 x 3,420 / 7 = 896,040 cycles.
    let seven: u64 = runs[1..8].iter().map(|r| r.cycles).sum();
    assert_eq!(seven, 896_040);
    let vints = probe
        .events
        .iter()
        .filter(|e| matches!(e, BoardEvent::Interrupt { source: "vint", .. }))
        .count();
    let returns = probe
        .events
        .iter()
        .filter(|e| matches!(e, BoardEvent::Return { .. }))
        .count();
    assert_eq!((vints, returns), (20, 20));
    assert!(
        probe
            .events
            .iter()
            .any(|e| matches!(e, BoardEvent::Wait { .. }))
    );
    // The SAT in VRAM at $F000 holds the last DMA'd table: sprite 1's X = 220 + 20.
    let b = m.program().unwrap();
    assert_eq!([b.peek_vram(0xF00E), b.peek_vram(0xF00F)], [0, 240]);
}

#[test]
fn a_mid_frame_status_poll_sees_bit_5_on_the_line_of_the_collision() {
    let mut m = boot(STATUS_POLL);
    let mut probe = Events::default();
    for _ in 0..4 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    // Sprite 0 at (100, 100), sprite 1 at (96, 104), both 8x8 solid: they first overlap
    // on line 104. The chip draws a line's sprites as the line begins, so the
    // first status read with bit 5 happens on line 104 itself (V = $68); Genesis Plus GX
    // gives the same V (tests/crosscheck/gpgx_genesis.py).
    assert!(word(&mut m, 0xFF_0000) >= 2, "frames polled");
    assert_eq!(word(&mut m, 0xFF_0010), 104);
    // The status words: $3600 fixed bits and FIFO empty, $80 (F: the vblank flag stays set,
    // nothing acknowledges it with VINT off), $20 on the line after the collision; $04
    // (HBlank, H $93 to $05 in H32): the line's sprites are drawn as it begins at H $00,
    // and the poll sees bit 5 at its next read, still before H $05.
    // Whether that read still falls before H $05 (bit 2 set) depends on the poll loop's
    // phase in the line, which the power-on point fixes; the HBlank edges themselves are
    // tested on the port test ROM (`genesis_ports.rs`).
    assert_eq!(word(&mut m, 0xFF_0012) & !0x04, 0x3680 | 0x20);
    // The read before it came at the end of the line before, inside its horizontal blank.
    assert_eq!(word(&mut m, 0xFF_0014), 0x3680 | 0x04);
    // No interrupt is ever enabled: no interrupt event, and no board error.
    assert!(
        !probe
            .events
            .iter()
            .any(|e| matches!(e, BoardEvent::Interrupt { .. }))
    );
}

#[test]
fn hint_every_50_lines_comes_at_the_lines_register_10_gives() {
    let mut m = boot(HINT);
    let mut probe = Events::default();
    for _ in 0..4 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    // Register 10 = 49: the counter, reloaded in vblank, underflows in the hblank of lines
    // 49, 99, 149 and 199; the handler runs before the line ends and reads V = 49, 99,
    // 149, 199 (as on Genesis Plus GX). From 199 the counter reaches 24 at line 224, so
    // no fifth HINT.
    assert_eq!(word(&mut m, 0xFF_0030), 4, "HINTs in the last full frame");
    let vs: Vec<u16> = (0..4).map(|i| word(&mut m, 0xFF_0010 + 2 * i)).collect();
    assert_eq!(vs, [49, 99, 149, 199]);
    let hints = probe
        .events
        .iter()
        .filter(|e| matches!(e, BoardEvent::Interrupt { source: "hint", .. }))
        .count();
    assert!(hints >= 12);
}

#[test]
fn a_lagging_game_publishes_a_frame_every_second_vint() {
    let mut m = boot(LAG);
    let mut probe = Events::default();
    for _ in 0..30 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    // The work is 19,200 DBRA turns (10 cycles each, 14 the last) = 192,004 cycles: more
    // than one frame (128,006) and less than two, so after each VINT the game misses the
    // next one and publishes in time for the one after: DMAs at every second VINT.
    let published = word(&mut m, 0xFF_0002);
    assert!(published >= 10, "{published}");
    let at: Vec<u16> = (0..10).map(|i| word(&mut m, 0xFF_0010 + 2 * i)).collect();
    for pair in at.windows(2) {
        assert_eq!(pair[1] - pair[0], 2, "{at:?}");
    }
}

#[test]
fn the_z80_loop_counts_at_its_clock_between_vints() {
    let mut m = boot(Z80_LOOP);
    let mut probe = Events::default();
    for _ in 0..12 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    // A frame is 262 lines x 228 T-states = 59,736 T. The VINT handler holds the bus from
    // its MOVE.W #$100,$A11100 to its MOVE.W #0,$A11100: the instructions between their
    // starts take 20 (that MOVE) + 20 (BTST #0,abs.l) + 8 (BNE.S not taken) + 16
    // (MOVE.B abs.l,D1) + 20 + 20 (the two YM writes) = 104 68000 cycles = 104 x 7 / 15 =
    // 48.5 T. A turn of INC (HL) + JR is 23 T, so the byte advances (59,736 - 48.5) / 23 =
    // 2,595.1 a frame: 2,595 or 2,596, which is 35 or 36 modulo 256 (as on Genesis Plus
    // GX), between two VINTs a frame apart.
    let log: Vec<u16> = (0..10).map(|i| word(&mut m, 0xFF_0010 + 2 * i)).collect();
    for pair in log[1..].windows(2) {
        let d = pair[1].wrapping_sub(pair[0]) & 0xFF;
        assert!(d == 35 || d == 36, "{log:?}");
    }
}

#[test]
fn breakpoints_stop_at_the_handler_with_its_registers() {
    let mut m = boot(VINT_DMA);
    // The VINT autovector (30, at $78) gives the handler's address.
    let vint = u32::from_be_bytes(VINT_DMA[0x78..0x7C].try_into().unwrap());
    let mut probe = Events::default();
    probe.bp.insert(vint);
    for _ in 0..3 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    assert_eq!(probe.hits.len(), 2, "VINTs 1 and 2");
    assert!(probe.hits.iter().all(|&(pc, _)| pc == vint));
}

fn boot_err(rom: &[u8]) -> ProgramError {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .unwrap_err()
}

#[test]
fn a_rom_without_vectors_or_header_is_refused() {
    assert!(matches!(boot_err(&[0; 100]), ProgramError::Image { .. }));
    let mut no_sega = VINT_DMA.to_vec();
    no_sega[0x100..0x104].copy_from_slice(b"ABCD");
    assert!(matches!(boot_err(&no_sega), ProgramError::Image { .. }));
    let mut wild_pc = VINT_DMA.to_vec();
    wild_pc[4..8].copy_from_slice(&0x0010_0000u32.to_be_bytes());
    let err = boot_err(&wild_pc);
    assert!(err.to_string().contains("reset vector"), "{err}");
}

/// A ROM from VINT_DMA's header with `code` at its reset PC.
fn with_code(code: &[u16]) -> Vec<u8> {
    let mut rom = VINT_DMA[..0x200].to_vec();
    rom[4..8].copy_from_slice(&0x200u32.to_be_bytes());
    for w in code {
        rom.extend_from_slice(&w.to_be_bytes());
    }
    rom
}

fn run_err(rom: &[u8]) -> ProgramError {
    let mut m = boot(rom);
    let mut probe = Events::default();
    for _ in 0..3 {
        if let Err(e) = m.program().unwrap().run_frame(&mut probe) {
            return e;
        }
    }
    panic!("no fault");
}

#[test]
fn faults_name_the_pc() {
    // MOVE.B #1,$C00004: a byte write to the control port.
    let err = run_err(&with_code(&[0x13FC, 0x0001, 0x00C0, 0x0004]));
    assert_eq!(
        err.to_string().split(':').next(),
        Some("at PC $0200"),
        "{err}"
    );
    assert!(err.to_string().contains("byte write"), "{err}");
    // NOP; MOVE.W $000201,D0: an address error at $000202.
    let err = run_err(&with_code(&[0x4E71, 0x3039, 0x0000, 0x0201]));
    assert!(err.to_string().starts_with("at PC $0202"), "{err}");
    assert!(err.to_string().contains("address error"), "{err}");
    // ILLEGAL.
    let err = run_err(&with_code(&[0x4AFC]));
    assert!(err.to_string().contains("$4AFC"), "{err}");
    // A 68000 DMA from the expansion space, where nothing documented answers it:
    // registers 1 ($8114: DMA on), 19 = 1, 21-23 = source $400000 >> 1, then a VRAM
    // write command with CD5.
    let err = run_err(&with_code(&[
        0x33FC, 0x8114, 0x00C0, 0x0004, //
        0x33FC, 0x9301, 0x00C0, 0x0004, //
        0x33FC, 0x9500, 0x00C0, 0x0004, //
        0x33FC, 0x9600, 0x00C0, 0x0004, //
        0x33FC, 0x9720, 0x00C0, 0x0004, //
        0x23FC, 0x4000, 0x0080, 0x00C0, 0x0004, //
    ]));
    assert!(err.to_string().contains("DMA source $400000"), "{err}");
}

#[test]
fn a_program_that_never_enables_vint_runs_on_deterministically() {
    // BRA.S * at $200: no interrupt, no error, the same cycles every frame.
    let mut m = boot(&with_code(&[0x60FE]));
    let mut probe = Events::default();
    let a = m.program().unwrap().run_frame(&mut probe).unwrap();
    let b = m.program().unwrap().run_frame(&mut probe).unwrap();
    // BRA.S is 10 cycles from cycle 143 of the power-on line (line 159): frame 0 ends on
    // the first instruction boundary at or after cycle 16,122 (33 lines to the power-on
    // frame's blank), 16,123; frame 1 at or after 144,128 (295 lines), 144,133.
    assert_eq!(a.cycles, 16_123 - 143);
    assert_eq!(a.cycles + b.cycles, 144_133 - 143);
}

const DMA_LINES: &[u8] = include_bytes!("../../../../roms/genesis/programs/dma-lines.bin");

#[test]
fn a_dma_over_many_lines_lands_as_the_slots_come_and_holds_the_68000() {
    let mut m = boot(DMA_LINES);
    let mut probe = Events::default();
    let mut first_lines = Vec::new();
    for _ in 0..5 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
        first_lines.push(m.peek_verdict().first_collision_line);
    }
    // Frame 0 is the power-on frame (from line 159: no line 72); the program lets the
    // first line 72 it sees pass (frame 1's), so its first DMA comes in frame 2. The DMA starts early in line 72: 264 VRAM words at 2 slots each, 16 slots a line
    // (H32, active display) = 33 lines. Word k lands k / 8 lines after the start, so the
    // sprite table (words 257-264) lands during line 104 and, for sprite 1's X (word
    // 264), at the same point of line 105. In frame 2 the SAT held zeros before: line 104
    // and 105 start without sprite 1 where it belongs, so the sprites (overlapping on rows
    // 104-107) first meet on line 106. From frame 3 on the table is there from line 0:
    // line 104.
    assert_eq!(first_lines, [None, None, Some(106), Some(104), Some(104)]);
    assert!(word(&mut m, 0xFF_0000) >= 3, "frames with the DMA");
    // The 68000 is let go when the transfer's last word enters the FIFO (ares
    // `VDP::DMA::load`, `VDP::DMA::synchronize`): when word 260 is written, 8 slots before
    // the last word's (which lands in line 105, above), the 15th slot of line 104 (2,890
    // master clocks in), so its next instruction reads line 104. The status read 54
    // cycles later is still in that line's horizontal blank (bit 2, from 2,940), one slot
    // (3,170) having passed: the four words left still wait, the FIFO full (bit 8, bit 9
    // clear); F (vblank flag never acknowledged), bit 5 from line 104; DMA busy clear
    // (the transfer is over for the 68000).
    assert_eq!(word(&mut m, 0xFF_0010), 104);
    assert_eq!(
        word(&mut m, 0xFF_0012),
        0x3400 | 0x0100 | 0x80 | 0x20 | 0x04
    );
    // The fill runs beside the 68000: busy right after its data write, the data word
    // still in the FIFO (bits 8 and 9 clear), bit 5 set again by line 105. The 68000
    // reaches the data write about 206 cycles (1,442 master clocks) after it was let go
    // (MOVE.W abs.L,Dn 16, LSR.W #8 22, MOVE.W Dn,abs.L 16, MOVE.W abs.L,abs.L 28, four
    // MOVE.W #imm,abs.L 80, MOVE.L #imm,abs.L 28, the data write 16 into its MOVE.W), 912
    // clocks into line 105, where the transfer's last word still has its two slots
    // (1,010 and 1,330) to come; then the data word's two and the 128 bytes at one slot
    // each, 16 a line at fixed points: 132 slots, 8 lines and the 4 slots after 912 (738
    // clocks), so the poll that sees bit 1 clear reads the V counter 8 lines on, or 9.
    let fill_start = word(&mut m, 0xFF_0014);
    assert_eq!(fill_start, 105);
    assert_eq!(word(&mut m, 0xFF_0016), 0x3400 | 0x80 | 0x20 | 0x02);
    let lines = word(&mut m, 0xFF_0018) - fill_start;
    assert!(
        (8..=9).contains(&lines),
        "{lines} lines from line {fill_start}"
    );
    // A poll is 40 cycles (ADDQ.W 4, MOVE.W abs.L 16, BTST #imm 10, Bcc taken 10) = 280
    // master clocks, the first 118 cycles (826 clocks) after the data write; the fill
    // ends 27,360 + 738 = 28,098 clocks after it: (28,098 - 826) / 280 + 1 = 98.4, so
    // the 99th poll sees bit 1 clear (98 if the instructions above are a slot's time
    // shorter). (GPGX, whose fill starts at the data write: 97.)
    let polls = word(&mut m, 0xFF_001A);
    assert!((98..=99).contains(&polls), "{polls} polls");
    // 64 VRAM words written back to back (a MOVE.W and a DBRA: 18 cycles = 126 master
    // clocks each) in the active display: the FIFO reads a VRAM word out every 2 of the
    // line's 16 slots (H32), 8 a line, so the 64th waits until the 60th is done, 7.5
    // lines after the first: the V counter advances 7 or 8 lines (without the FIFO, 64 x
    // 126 = 8,064 clocks, 2 or 3 lines).
    let burst = word(&mut m, 0xFF_001E) - word(&mut m, 0xFF_001C);
    assert!((7..=8).contains(&burst), "{burst} lines");
    // The filled bytes: the data word at $C000-$C001 ($5A, $00), then $5A at a ^ 1 for the
    // 128 addresses a = $C001..$C080: $C000, $C003, $C002, .., $C07E, $C081 ($C080 would
    // be a = $C081, one past the length).
    let b = m.program().unwrap();
    assert_eq!(b.peek_vram(0xC000), 0x5A);
    assert_eq!(b.peek_vram(0xC001), 0x00);
    assert!((0xC002..=0xC07F).all(|a| b.peek_vram(a) == 0x5A));
    assert_eq!(
        [
            b.peek_vram(0xC080),
            b.peek_vram(0xC081),
            b.peek_vram(0xC082)
        ],
        [0x00, 0x5A, 0x00]
    );
}

/// A ROM from VINT_DMA's header with `code` at $000200 and the VINT vector (vector 30,
/// the long word at $000078) set to `vint`.
fn with_code_and_vint(code: &[u16], vint: u32) -> Vec<u8> {
    let mut rom = with_code(code);
    rom[0x78..0x7C].copy_from_slice(&vint.to_be_bytes());
    rom
}

/// The 68000 code that turns VINT on (MOVE.W #$8164,$C00004: register 1, display and
/// VINT enabled), 8 bytes at $000200.
const VINT_ON: [u16; 4] = [0x33FC, 0x8164, 0x00C0, 0x0004];

#[test]
fn an_interrupt_taken_in_stop_returns_past_the_stop() {
    // $200 VINT on; $208 STOP #$2000; $20C STOP #$2000; $210 BRA.S $208; $212 RTE, the
    // VINT handler. Each VINT wakes one STOP; its frame holds the address after that
    // STOP ($20C, then $210), where the RTE lands: the handler is the RTE alone.
    let code = [
        VINT_ON[0], VINT_ON[1], VINT_ON[2], VINT_ON[3], //
        0x4E72, 0x2000, 0x4E72, 0x2000, 0x60F6, 0x4E73,
    ];
    let mut m = boot(&with_code_and_vint(&code, 0x212));
    let mut probe = Events::default();
    for _ in 0..6 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    let mut entries = Vec::new();
    let mut returns = Vec::new();
    for e in &probe.events {
        match *e {
            BoardEvent::Interrupt {
                source: "vint",
                cycle,
                ..
            } => entries.push(cycle),
            BoardEvent::Return { cycle } => returns.push(cycle),
            _ => {}
        }
    }
    assert!(entries.len() >= 5, "{} VINTs", entries.len());
    assert_eq!(returns.len(), entries.len(), "every VINT returns");
    // The entry is 44 clocks (MC68000UM table 8-14: interrupt, autovectored) and RTE 20
    // (table 8-13): the return comes 64 clocks after the entry begins, each time.
    for (k, (&entry, &ret)) in entries.iter().zip(&returns).enumerate() {
        assert_eq!(ret - entry, 64, "VINT {k}");
    }
}

#[test]
fn a_reset_pc_below_0200_runs() {
    // BRA.S * at $0001F0, inside the header's last bytes: the 68000 runs it.
    let mut rom = with_code(&[0x4E71]);
    rom[4..8].copy_from_slice(&0x1F0u32.to_be_bytes());
    rom[0x1F0..0x1F2].copy_from_slice(&0x60FEu16.to_be_bytes());
    let mut m = boot(&rom);
    let mut probe = Events::default();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    assert_eq!(m.program().unwrap().cpu().pc(), 0x1F0);
}

#[test]
fn a_bad_reset_vector_says_what_is_wrong_with_it() {
    let reset = |pc: u32| {
        let mut rom = with_code(&[0x60FE]);
        rom[4..8].copy_from_slice(&pc.to_be_bytes());
        boot_err(&rom).to_string()
    };
    let odd = reset(0x201);
    assert!(
        odd.contains("reset vector") && odd.contains("is odd ($0201)"),
        "{odd}"
    );
    let ram = reset(0xFF_0000);
    assert!(
        ram.contains("reset vector") && ram.contains("work RAM"),
        "{ram}"
    );
    let past = reset(0x10_0000);
    assert!(past.contains("past the end of the ROM"), "{past}");
}

#[test]
fn a_bad_vint_vector_is_named() {
    // VINT on, then STOP: the first VINT is taken from the STOP ($208, resuming at $20C).
    let code = [
        VINT_ON[0], VINT_ON[1], VINT_ON[2], VINT_ON[3], 0x4E72, 0x2000,
    ];
    let err = run_err(&with_code_and_vint(&code, 0x213)).to_string();
    assert!(
        err.contains("VINT vector (vector 30, at $0078) is odd ($0213)"),
        "{err}"
    );
    assert!(err.starts_with("at PC $020C"), "{err}");
    let err = run_err(&with_code_and_vint(&code, 0x50_0000)).to_string();
    assert!(
        err.contains("VINT vector (vector 30, at $0078) points at $500000"),
        "{err}"
    );
}

#[test]
fn a_vint_handler_in_work_ram_runs() {
    // The program copies RTE to $FF0100 (MOVE.W #$4E73,$FF0100), turns VINT on and
    // STOPs in a loop; the VINT vector points at $FF0100.
    let code = [
        0x33FC, 0x4E73, 0x00FF, 0x0100, //
        VINT_ON[0], VINT_ON[1], VINT_ON[2], VINT_ON[3], //
        0x4E72, 0x2000, 0x60FA,
    ];
    let mut m = boot(&with_code_and_vint(&code, 0xFF_0100));
    let mut probe = Events::default();
    for _ in 0..4 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    let returns = probe
        .events
        .iter()
        .filter(|e| matches!(e, BoardEvent::Return { .. }))
        .count();
    assert!(returns >= 3, "{returns} returns");
}

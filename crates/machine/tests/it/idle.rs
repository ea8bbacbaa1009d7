//! Idle skipping changes nothing but the time taken (`machine::idle`): every test
//! program of every machine, run frame by frame with skipping on and off, gives the same
//! frames (cycles, idle cycles), the same board events at the same cycles, the same CPU
//! registers, work RAM, video memory, sprite view and verdict at every frame end.

use std::fmt::Write as _;

use machine::Machine;
use machine::genesis::GenesisSettings;
use machine::msx::MsxSettings;
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramImage};
use machine::registry::{Resources, Settings};
use machine::vectrex::VectrexSettings;
use machine::x16::VeraSettings;

/// Every board event, as text with its cycle.
#[derive(Default)]
struct Events {
    bp: Breakpoints,
    seen: Vec<String>,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, cpu: &dyn CpuView) {
        self.seen
            .push(format!("pc {pc:X} at {cycle} ({:X})", cpu.pc()));
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.seen.push(format!("{event:?}"));
    }
}

/// Registers of the three CPUs; each machine answers its own.
const REGISTERS: &[&str] = &[
    "D0", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7",
    "SR", "USP", "SSP", "AF", "BC", "DE", "HL", "IX", "IY", "SP", "I", "R", "IM", "IFF1", "A", "X",
    "Y", "S", "P", "PC",
];

/// Where a machine's CPU has its work RAM, and how much video memory its chip has.
struct Layout {
    ram: std::ops::Range<u32>,
    vram: u32,
}

/// FNV-1a over bytes: the state compared at each frame end, kept short.
fn fnv(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn boot(settings: &dyn Settings, image: &[u8]) -> Box<dyn Machine> {
    boot_on(settings, image, None)
}

/// [`boot`] under a system ROM of the user's when `rom` is given.
fn boot_on(settings: &dyn Settings, image: &[u8], rom: Option<&[u8]>) -> Box<dyn Machine> {
    let mut m = settings.build(&Resources::default()).expect("machine");
    m.boot(&ProgramImage {
        bytes: image,
        system_rom: rom,
        ..ProgramImage::default()
    })
    .expect("the test program boots");
    m
}

/// One line per frame: everything the frame left, with skipping `on` or off; and the
/// cycles skipped.
fn trace(
    settings: &dyn Settings,
    image: &[u8],
    layout: &Layout,
    frames: usize,
    on: bool,
    breakpoints: &[u32],
) -> (Vec<String>, u64) {
    trace_booted(boot(settings, image), layout, frames, on, breakpoints)
}

/// [`trace`] of a machine booted already.
fn trace_booted(
    mut m: Box<dyn Machine>,
    layout: &Layout,
    frames: usize,
    on: bool,
    breakpoints: &[u32],
) -> (Vec<String>, u64) {
    m.program().expect("booted").set_idle_skip(on);
    let mut lines = Vec::new();
    for _ in 0..frames {
        let mut probe = Events::default();
        for &pc in breakpoints {
            probe.bp.insert(pc);
        }
        let run = m.program().expect("booted").run_frame(&mut probe);
        let mut line = format!("{run:?} {:?}", probe.seen);
        let board = m.program().expect("booted");
        let cpu = board.cpu();
        for r in REGISTERS {
            if let Some(v) = cpu.register(r) {
                let _ = write!(line, " {r}={v:X}");
            }
        }
        let ram = fnv(layout.ram.clone().map(|a| cpu.peek(a)));
        let vram = fnv((0..layout.vram).map(|a| board.peek_vram(a)));
        let _ = write!(line, " ram={ram:016X} vram={vram:016X}");
        let _ = write!(line, " {:?} {:?}", m.peek_verdict(), m.sprites());
        let failed = run.is_err();
        lines.push(line);
        if failed {
            break;
        }
    }
    let skipped = m.program().expect("booted").idle_skipped_cycles();
    (lines, skipped)
}

/// Runs `image` both ways and compares frame by frame; returns the cycles skipped.
fn same_both_ways(
    name: &str,
    settings: &dyn Settings,
    image: &[u8],
    layout: &Layout,
    frames: usize,
) -> u64 {
    same_both_ways_stopping_at(name, settings, image, layout, frames, &[])
}

/// [`same_both_ways`] with the probe told at `breakpoints`.
fn same_both_ways_stopping_at(
    name: &str,
    settings: &dyn Settings,
    image: &[u8],
    layout: &Layout,
    frames: usize,
    breakpoints: &[u32],
) -> u64 {
    let (stepped, none) = trace(settings, image, layout, frames, false, breakpoints);
    let (skipped, cycles) = trace(settings, image, layout, frames, true, breakpoints);
    assert_eq!(none, 0, "{name}: nothing is skipped with skipping off");
    for (i, (a, b)) in stepped.iter().zip(&skipped).enumerate() {
        assert_eq!(a, b, "{name}: frame {i} differs with idle skipping on");
    }
    assert_eq!(stepped.len(), skipped.len(), "{name}: frames run");
    cycles
}

const GENESIS: &[(&str, &[u8])] = &[
    (
        "display-mid",
        include_bytes!("../../../../roms/genesis/programs/display-mid.bin"),
    ),
    (
        "dma-lines",
        include_bytes!("../../../../roms/genesis/programs/dma-lines.bin"),
    ),
    (
        "hint",
        include_bytes!("../../../../roms/genesis/programs/hint.bin"),
    ),
    (
        "lag",
        include_bytes!("../../../../roms/genesis/programs/lag.bin"),
    ),
    (
        "power-on",
        include_bytes!("../../../../roms/genesis/programs/power-on.bin"),
    ),
    (
        "sprites-mid",
        include_bytes!("../../../../roms/genesis/programs/sprites-mid.bin"),
    ),
    (
        "status-poll",
        include_bytes!("../../../../roms/genesis/programs/status-poll.bin"),
    ),
    (
        "vdp-ports",
        include_bytes!("../../../../roms/genesis/programs/vdp-ports.bin"),
    ),
    (
        "vdp-prefetch",
        include_bytes!("../../../../roms/genesis/programs/vdp-prefetch.bin"),
    ),
    (
        "vint-dma",
        include_bytes!("../../../../roms/genesis/programs/vint-dma.bin"),
    ),
    (
        "z80-loop",
        include_bytes!("../../../../roms/genesis/programs/z80-loop.bin"),
    ),
];

const MSX_RAMWAIT: &[u8] = include_bytes!("../../../../roms/msx/programs/ramwait.rom");
const X16_RAMWAIT: &[u8] = include_bytes!("../../../../roms/vera/programs/ramwait.prg");
const X16_RAMWAIT_LBL: &str = include_str!("../../../../roms/vera/programs/ramwait.lbl");

const MSX: &[(&str, &[u8])] = &[
    (
        "fault",
        include_bytes!("../../../../roms/msx/programs/fault.rom"),
    ),
    (
        "fifth",
        include_bytes!("../../../../roms/msx/programs/fifth.rom"),
    ),
    (
        "hunt_edge",
        include_bytes!("../../../../roms/msx/programs/hunt_edge.rom"),
    ),
    (
        "lag",
        include_bytes!("../../../../roms/msx/programs/lag.rom"),
    ),
    (
        "mega",
        include_bytes!("../../../../roms/msx/programs/mega.rom"),
    ),
    (
        "midon",
        include_bytes!("../../../../roms/msx/programs/midon.rom"),
    ),
    (
        "mover",
        include_bytes!("../../../../roms/msx/programs/mover.rom"),
    ),
    ("ramwait", MSX_RAMWAIT),
    (
        "rewrite",
        include_bytes!("../../../../roms/msx/programs/rewrite.rom"),
    ),
    (
        "s0poll",
        include_bytes!("../../../../roms/msx/programs/s0poll.rom"),
    ),
];

const X16: &[(&str, &[u8])] = &[
    (
        "demo",
        include_bytes!("../../../../roms/vera/programs/demo.prg"),
    ),
    (
        "enable",
        include_bytes!("../../../../roms/vera/programs/enable.prg"),
    ),
    (
        "hello",
        include_bytes!("../../../../roms/vera/programs/hello.prg"),
    ),
    (
        "lag",
        include_bytes!("../../../../roms/vera/programs/lag.prg"),
    ),
    (
        "line",
        include_bytes!("../../../../roms/vera/programs/line.prg"),
    ),
    (
        "mover",
        include_bytes!("../../../../roms/vera/programs/mover.prg"),
    ),
    ("ramwait", X16_RAMWAIT),
    (
        "rewrite",
        include_bytes!("../../../../roms/vera/programs/rewrite.prg"),
    ),
    (
        "sprites",
        include_bytes!("../../../../roms/vera/programs/sprites.prg"),
    ),
    (
        "tear",
        include_bytes!("../../../../roms/vera/programs/tear.prg"),
    ),
];

/// Frames each program runs both ways: past the start-up (the MSX BIOS takes about 40
/// frames to reach a cartridge) and through several of the programs' own cycles.
const FRAMES: usize = 90;

/// Frames each MSX program runs both ways: C-BIOS shows its logo for about 140 frames
/// before it starts a cartridge, and lag.asm's heavy hook comes first on the fourth call.
const MSX_FRAMES: usize = 240;

#[test]
fn genesis_programs_are_the_same_with_idle_skipping() {
    let layout = Layout {
        ram: 0xFF_0000..0x100_0000,
        vram: 0x1_0000,
    };
    let settings = GenesisSettings::default();
    for (name, rom) in GENESIS {
        same_both_ways(name, &settings, rom, &layout, FRAMES);
    }
}

#[test]
fn msx_programs_are_the_same_with_idle_skipping() {
    let layout = Layout {
        ram: 0..0x1_0000,
        vram: 0x4000,
    };
    let settings = MsxSettings::default();
    for (name, rom) in MSX {
        let skipped = same_both_ways(name, &settings, rom, &layout, MSX_FRAMES);
        // The programs that wait without HALT: s0poll and the poll loops of midon and
        // rewrite count their turns while they read S#0, midon's and rewrite's delays and
        // lag's work count down a pair; the BIOS's start-up takes about 40 of the frames.
        // Each spends most of its frames there (more than half of 59,736 T-states) once
        // the cartridge runs.
        if ["lag", "midon", "rewrite", "s0poll"].contains(name) {
            assert!(skipped > 60 * 30_000, "{name}: {skipped} T-states skipped");
        }
    }
}

#[test]
fn x16_programs_are_the_same_with_idle_skipping() {
    let layout = Layout {
        ram: 0..0x1_0000,
        vram: 0x2_0000,
    };
    let settings = VeraSettings::default();
    for (name, prg) in X16 {
        same_both_ways(name, &settings, prg, &layout, FRAMES);
    }
}

/// The cc65 programs wait in C: hello in `cgetc`, whose `kbhit` saves, clears and
/// restores $9F61 (the open bus on this board) around its read of the key count, sprites
/// in `while (clock () == t)`, which pushes its arguments on the C stack and pops them
/// (cc65's runtime moves the stack pointer at $22 and puts it back) around a call of the
/// KERNAL's RDTIM (PHP / SEI / PLP). Both turns change nothing the next turn reads, and are
/// fast-forwarded: most of each frame's 133,466 cycles after the first frames.
#[test]
fn the_cc65_programs_waits_are_skipped() {
    let layout = Layout {
        ram: 0..0x1_0000,
        vram: 0x2_0000,
    };
    for name in ["hello", "sprites"] {
        let prg = X16.iter().find(|(n, _)| *n == name).unwrap().1;
        let skipped = same_both_ways(name, &VeraSettings::default(), prg, &layout, 30);
        assert!(skipped > 25 * 100_000, "{name}: {skipped} cycles skipped");
    }
}

/// The Genesis `lag` program waits for its VINT in `tst.w $FF0006 / beq.s`: a poll of
/// RAM only the interrupt handler writes, which is fast-forwarded line by line.
#[test]
fn a_ram_poll_waiting_for_vint_is_skipped() {
    let layout = Layout {
        ram: 0xFF_0000..0x100_0000,
        vram: 0x1_0000,
    };
    let lag = GENESIS.iter().find(|(n, _)| *n == "lag").unwrap().1;
    let cycles = same_both_ways("lag", &GenesisSettings::default(), lag, &layout, 20);
    assert!(cycles > 0, "the wait loop was stepped throughout");
}

/// The MSX `ramwait` program polls its frame counter in RAM instead of halting
/// (ramwait.asm): the poll is fast-forwarded, and the program sees what mover.asm sees,
/// its hook first finding C on call 86.
#[test]
fn an_msx_poll_of_the_interrupts_counter_is_skipped() {
    let mut m = boot(&MsxSettings::default(), MSX_RAMWAIT);
    for _ in 0..300 {
        m.program()
            .expect("booted")
            .run_frame(&mut Events::default())
            .expect("runs");
    }
    let board = m.program().expect("booted");
    // COUNT, HIT (ramwait.asm).
    let (count, hit) = (board.cpu().peek(0xE000), board.cpu().peek(0xE001));
    assert!(count > 120, "frames counted: {count}");
    assert_eq!(hit, 86);
    // The poll is 32 T-states a turn in a frame of 59,736: most of each frame.
    let skipped = board.idle_skipped_cycles();
    assert!(skipped > 120 * 30_000, "{skipped}");
}

/// The X16 `ramwait` program polls its frame counter in RAM instead of WAI (ramwait.s):
/// the poll is fast-forwarded, and the collision comes on frame 93 as in mover.s.
#[test]
fn an_x16_poll_of_the_handlers_counter_is_skipped() {
    let label = |name: &str| {
        X16_RAMWAIT_LBL
            .lines()
            .find_map(|l| {
                let mut w = l.split_whitespace();
                let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
                (n == format!(".{name}")).then(|| u32::from_str_radix(addr, 16).ok())?
            })
            .expect("label")
    };
    let mut m = boot(&VeraSettings::default(), X16_RAMWAIT);
    for _ in 0..96 {
        m.program()
            .expect("booted")
            .run_frame(&mut Events::default())
            .expect("runs");
    }
    let board = m.program().expect("booted");
    // Handlers ran in calls 2-96; the one in call 95 saw SPRCOL with 93 behind it.
    assert_eq!(board.cpu().peek(label("frame")), 95);
    assert_eq!(board.cpu().peek(label("hit_frame")), 93);
    let skipped = board.idle_skipped_cycles();
    assert!(skipped > 90 * 100_000, "{skipped}");
}

/// Under a `rom.bin` of the user's (the project's test ROM, roms/vera/testrom/testrom.s)
/// the board holds the program on unit 8 and types the handover; once typed, with the
/// drive still answering, the RAM poll of ramwait.s is fast-forwarded to vblank as under
/// the project's KERNAL, and every frame is as stepped.
#[test]
fn an_x16_poll_under_a_rom_of_the_users_is_skipped_as_stepped() {
    const TEST_ROM: &[u8] = include_bytes!("../../../../roms/vera/testrom/testrom.bin");
    let layout = Layout {
        ram: 0..0x9F00,
        vram: 0x2_0000,
    };
    let settings = VeraSettings::default();
    let frames = 100;
    let run = |on| {
        let m = boot_on(&settings, X16_RAMWAIT, Some(TEST_ROM));
        trace_booted(m, &layout, frames, on, &[])
    };
    let (stepped, none) = run(false);
    let (skipped, cycles) = run(true);
    assert_eq!(none, 0);
    for (i, (a, b)) in stepped.iter().zip(&skipped).enumerate() {
        assert_eq!(a, b, "frame {i} differs with idle skipping on");
    }
    assert_eq!(stepped.len(), frames, "every frame runs");
    // The poll is most of each of the frames after the handover (133,466 cycles).
    assert!(cycles > 90 * 100_000, "{cycles}");
}

/// Breakpoints are told at every arrival either way: a loop with one among its
/// instructions is stepped, one without is still skipped (ramwait.asm: INIT at 4010h,
/// `main` at 4057h, the poll `wait` at 405Bh-4060h, the hook at 4079h).
#[test]
fn breakpoints_in_a_loop_are_told_at_every_turn() {
    let layout = Layout {
        ram: 0..0x1_0000,
        vram: 0x4000,
    };
    let settings = MsxSettings::default();
    let outside = [0x4010, 0x4057, 0x4079];
    let skipped =
        same_both_ways_stopping_at("ramwait", &settings, MSX_RAMWAIT, &layout, 160, &outside);
    assert!(skipped > 0, "breakpoints outside the poll leave it skipped");
    // `cp b` inside the poll.
    let inside = [0x405E];
    let skipped =
        same_both_ways_stopping_at("ramwait", &settings, MSX_RAMWAIT, &layout, 160, &inside);
    assert_eq!(skipped, 0, "a breakpoint inside the poll has it stepped");
}

/// The Genesis `power-on` program waits for VINT counting in `addq.w #1,d7 / bra.s`
/// (power-on.s): a loop that changes D7 and the flags every turn, moved on by whole turns
/// with D7 counted as stepping counts it (the handler logs it), and the clock to the same
/// cycle. The loop is 14 cycles a turn in a frame of 128,006 68000 cycles, most of it.
#[test]
fn a_counting_loop_waiting_for_vint_is_moved_on() {
    let layout = Layout {
        ram: 0xFF_0000..0x100_0000,
        vram: 0x1_0000,
    };
    let rom = GENESIS.iter().find(|(n, _)| *n == "power-on").unwrap().1;
    let cycles = same_both_ways("power-on", &GenesisSettings::default(), rom, &layout, 30);
    assert!(cycles > 25 * 100_000, "{cycles}");
}

const VECTREX: &[(&str, &[u8])] = &[
    (
        "boxtest",
        include_bytes!("../../../../roms/vectrex/programs/boxtest.bin"),
    ),
    (
        "fault",
        include_bytes!("../../../../roms/vectrex/programs/fault.bin"),
    ),
    (
        "hunt_edge",
        include_bytes!("../../../../roms/vectrex/programs/hunt_edge.bin"),
    ),
    (
        "joy",
        include_bytes!("../../../../roms/vectrex/programs/joy.bin"),
    ),
    (
        "line",
        include_bytes!("../../../../roms/vectrex/programs/line.bin"),
    ),
    (
        "objects",
        include_bytes!("../../../../roms/vectrex/programs/objects.bin"),
    ),
    (
        "overrun",
        include_bytes!("../../../../roms/vectrex/programs/overrun.bin"),
    ),
    (
        "text",
        include_bytes!("../../../../roms/vectrex/programs/text.bin"),
    ),
];

/// The Vectrex board fast-forwards the BIOS's Wait_Recal poll of Timer 2, a mechanism of
/// its own beside `machine::idle` with the same switch: each test cartridge on the
/// project's BIOS gives the same frames both ways. objects.asm spends most of each
/// 30,000-cycle frame in that poll; line.asm polls Timer 2 with its own code, which is
/// stepped (only the BIOS's power-on Wait_Recal before it is skipped).
#[test]
fn vectrex_programs_are_the_same_with_idle_skipping() {
    // RAM and its mirror; no video memory: `peek_vram` reads the CPU's map, whose
    // cartridge window stands in for it (the bank PB6 selects).
    let layout = Layout {
        ram: 0xC800..0xD000,
        vram: 0x8000,
    };
    let settings = VectrexSettings {
        labyrinth: String::new(),
        check_every: 1,
        walls: None,
    };
    for (name, cart) in VECTREX {
        let skipped = same_both_ways(name, &settings, cart, &layout, FRAMES);
        match *name {
            "objects" => assert!(skipped > 60 * 15_000, "{name}: {skipped} cycles skipped"),
            // Only the BIOS's power-on Wait_Recal, within frame 0, before the handover.
            "line" => assert!(skipped < 30_000, "{name}: its own poll is stepped"),
            _ => {}
        }
    }
}

/// The programs that poll the status word or the HV counter in the active display
/// (status-poll.s, display-mid.s, sprites-mid.s, dma-lines.s), each over 60 frames of
/// 127,840 68000 cycles: traces the same with the polls fast-forwarded, and most of
/// each frame's waiting skipped (the V counter waits after `lsr.w #8` to the line's
/// end, the HBlank-free status polls to the next HBlank edge). The programs run with
/// interrupts masked, so a wait skips past each line's hblank event, and a wait for a V
/// counter value is skipped from its first arrival in a line (its turn run on the line's
/// value): each line steps about two turns of its loop, so well over half of every
/// frame is skipped.
#[test]
fn polls_of_the_status_word_and_the_hv_counter_are_skipped() {
    let layout = Layout {
        ram: 0xFF_0000..0x100_0000,
        vram: 0x1_0000,
    };
    for (name, least) in [
        ("status-poll", 70),
        ("display-mid", 60),
        ("sprites-mid", 60),
        ("dma-lines", 55),
    ] {
        let rom = GENESIS.iter().find(|(n, _)| *n == name).unwrap().1;
        let cycles = same_both_ways(name, &GenesisSettings::default(), rom, &layout, 60);
        let percent = cycles * 100 / (60 * 127_840);
        eprintln!("{name}: {cycles} cycles skipped, {percent}% of 60 frames");
        assert!(percent >= least, "{name}: {percent}% skipped");
    }
}

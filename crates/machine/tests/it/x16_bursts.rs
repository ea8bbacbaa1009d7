//! The X16 board runs the 65C02 in bursts between the instructions it must see itself
//! (`machine::x16::program`, the burst module); a breakpoint on every address makes it see
//! every instruction, one step each. Both runs must tell the probe the same events on the
//! same cycles and end every frame in the same state (cycles, registers, ISR, the sprite
//! view), on the committed programs: VSYNC handlers that rewrite the sprites while the
//! frame is drawn and run the KERNAL's handler (its I2C keyboard read on VIA 1), a LINE
//! interrupt, a RAM poll, a busy main loop. Idle skipping is off in both, so the bursts
//! are the only difference.

use machine::Settings;
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramImage};
use machine::x16::VeraSettings;

/// Records the events, and counts the breakpoints reported.
#[derive(Default)]
struct Recorder {
    breakpoints: Breakpoints,
    events: Vec<BoardEvent>,
    stepped: u64,
}

impl Probe for Recorder {
    fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }
    fn on_pc(&mut self, _pc: u32, _cycle: u64, _cpu: &dyn CpuView) {
        self.stepped += 1;
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(event);
    }
}

/// What a frame ends with.
#[derive(Debug, PartialEq)]
struct FrameEnd {
    cycles: u64,
    idle_cycles: u64,
    registers: Vec<Option<u32>>,
    isr: u16,
}

fn run(prg: &[u8], frames: usize, every_pc: bool) -> (Vec<FrameEnd>, Recorder) {
    let mut m = VeraSettings::default()
        .build(&machine::Resources::default())
        .expect("machine");
    m.set_frame_output(false);
    m.boot(&ProgramImage {
        bytes: prg,
        ..ProgramImage::default()
    })
    .expect("boot");
    let mut probe = Recorder::default();
    if every_pc {
        for pc in 0..=0xFFFF {
            probe.breakpoints.insert(pc);
        }
    }
    let mut ends = Vec::new();
    for _ in 0..frames {
        let board = m.program().expect("booted");
        board.set_idle_skip(false);
        let run = board.run_frame(&mut probe).expect("frame");
        let cpu = board.cpu();
        let registers = ["A", "X", "Y", "S", "P", "PC"]
            .iter()
            .map(|r| cpu.register(r))
            .collect();
        ends.push(FrameEnd {
            cycles: run.cycles,
            idle_cycles: run.idle_cycles,
            registers,
            isr: m.peek_verdict().status,
        });
    }
    (ends, probe)
}

#[test]
fn bursts_tell_the_probe_what_stepping_every_instruction_tells_it() {
    for (name, prg) in [
        (
            "demo",
            &include_bytes!("../../../../roms/vera/programs/demo.prg")[..],
        ),
        (
            "line",
            include_bytes!("../../../../roms/vera/programs/line.prg"),
        ),
        (
            "lag",
            include_bytes!("../../../../roms/vera/programs/lag.prg"),
        ),
        (
            "ramwait",
            include_bytes!("../../../../roms/vera/programs/ramwait.prg"),
        ),
        (
            "tear",
            include_bytes!("../../../../roms/vera/programs/tear.prg"),
        ),
        (
            "rewrite",
            include_bytes!("../../../../roms/vera/programs/rewrite.prg"),
        ),
    ] {
        let (burst_ends, bursts) = run(prg, 12, false);
        let (step_ends, steps) = run(prg, 12, true);
        assert_eq!(bursts.stepped, 0, "{name}");
        assert!(
            steps.stepped > 1000,
            "{name}: {} instructions",
            steps.stepped
        );
        assert!(
            bursts
                .events
                .iter()
                .any(|e| matches!(e, BoardEvent::Interrupt { .. })),
            "{name}: no interrupt taken"
        );
        assert_eq!(bursts.events, steps.events, "{name}: events");
        assert_eq!(burst_ends, step_ends, "{name}: frame ends");
    }
}

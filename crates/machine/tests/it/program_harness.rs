//! The program harness against a fake board whose program is known by construction: a
//! handler taken once per frame, two 16x16 sprites, sprite 0 moving right 4 px a frame
//! towards sprite 1 standing at x = 60. Expected frames are worked out by hand from those
//! positions, never from the harness's output.

use std::sync::Arc;

use collide::{OpaqueMask, PxBox, Screen};
use machine::contract::{Machine, Region, Verdict};
use machine::program::Harness;
use machine::program::{
    BoardEvent, CpuView, FrameRun, HarnessConfig, HarnessError, MemoryHit, ObjectRule, ObjectRules,
    Probe, ProgramBoard, ProgramError, ProgramImage, Space, Span, Watch, WatchObject,
};
use machine::{HwSprite, SpriteView};

const FRAME_CYCLES: u64 = 1000;
const HANDLER: u32 = 0x1000;
const HIT_LABEL: u32 = 0x1100;
const HANDLER_END: u32 = 0x1180;
const MAIN_WAIT: u32 = 0x0900;
const MARKS: u32 = 0x0200;

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Behaviour {
    #[default]
    Normal,
    /// Frame 5's handler runs past the next vblank (returns 5 cycles into call 7).
    OverrunAt5,
    /// Never takes an interrupt.
    NoInterrupt,
    /// The handler of call 3 never returns.
    StuckAt3,
    /// Call 4 faults.
    FaultAt4,
    /// The handler of call 8 returns at +255, after the display began at +200.
    LateReturnAt8,
    /// Sprite 1 is dropped on all its 16 lines by a per-line sprite limit: the chip never
    /// sets its flag.
    Sprite1Dropped,
}

/// The display begins 200 cycles into each call; lines are 10 cycles.
const DISPLAY_START: u64 = 200;
const LINE_CYCLES: u64 = 10;
/// The main loop waits from +140 to the end of the call.
const WAIT_AT: u64 = 140;

#[derive(Default)]
struct Fake {
    booted: bool,
    behaviour: Behaviour,
    call: u32,
    cycle: u64,
    x: u32,
    mem: Vec<u8>,
    status: u8,
    stuck: bool,
    frame: Vec<u8>,
}

struct Cpu<'a>(&'a Fake);

impl CpuView for Cpu<'_> {
    fn register(&self, name: &str) -> Option<u32> {
        (name == "X").then_some(self.0.x)
    }
    fn pc(&self) -> u32 {
        if self.0.stuck { HANDLER } else { MAIN_WAIT }
    }
    fn peek(&self, addr: u32) -> u8 {
        self.0.mem.get(addr as usize).copied().unwrap_or(0)
    }
}

impl Fake {
    fn new(behaviour: Behaviour) -> Self {
        Self {
            behaviour,
            mem: vec![0; 0x1_0000],
            frame: vec![0; 64 * 48],
            ..Self::default()
        }
    }
    /// Sprite 0's x in the display of call `k`.
    fn x0(k: u32) -> i32 {
        4 * k as i32
    }
    fn boxes(&self) -> [PxBox; 2] {
        [
            PxBox::new(Self::x0(self.call.saturating_sub(1)), 0, 16, 16),
            PxBox::new(60, 0, 16, 16),
        ]
    }
}

impl ProgramBoard for Fake {
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        let k = self.call;
        let start = self.cycle;
        if self.behaviour == Behaviour::FaultAt4 && k == 4 {
            return Err(ProgramError::Fault {
                pc: machine::routine::Addr(0x1234),
                what: "BRK".into(),
            });
        }
        let overrun_return = self.behaviour == Behaviour::OverrunAt5 && k == 7;
        if overrun_return {
            // The handler of call 6 returns 5 cycles into this call.
            probe.on_event(BoardEvent::Return { cycle: start + 5 });
        }
        let takes = k > 0 && self.behaviour != Behaviour::NoInterrupt && !self.stuck;
        if takes {
            // The handler after frame k-1's display: the flag it reads is frame k-1's.
            probe.on_event(BoardEvent::Interrupt {
                source: "irq",
                cycle: start + 10,
                pc: MAIN_WAIT,
            });
            let cpu_hit = self.status & 1 != 0;
            probe.on_pc(HANDLER, start + 20, &Cpu(self));
            if cpu_hit {
                self.x = 0;
                probe.on_pc(HIT_LABEL, start + 60, &Cpu(self));
            }
            // Marks: both sprites' bytes are 1 when hit, 0 otherwise.
            self.mem[MARKS as usize] = u8::from(cpu_hit);
            self.mem[MARKS as usize + 1] = u8::from(cpu_hit);
            probe.on_pc(HANDLER_END, start + 100, &Cpu(self));
            if self.behaviour == Behaviour::StuckAt3 && k == 3 {
                self.stuck = true;
            } else if self.behaviour == Behaviour::OverrunAt5 && k == 6 {
                // Still inside at the vblank ending this call.
            } else if self.behaviour == Behaviour::LateReturnAt8 && k == 8 {
                display_start(probe, start);
                probe.on_event(BoardEvent::Return { cycle: start + 255 });
            } else {
                probe.on_event(BoardEvent::Return { cycle: start + 130 });
            }
        }
        let overran = self.behaviour == Behaviour::OverrunAt5 && k == 6;
        let waits = !(self.stuck || overran);
        if waits {
            probe.on_event(BoardEvent::Wait {
                cycle: start + WAIT_AT,
                pc: MAIN_WAIT,
            });
        }
        if !(self.behaviour == Behaviour::LateReturnAt8 && k == 8) {
            display_start(probe, start);
        }
        // The display of this call: sprite 0 at 4k.
        self.call += 1;
        let [a, b] = self.boxes();
        self.status =
            u8::from(a.intersection(&b).is_some() && self.behaviour != Behaviour::Sprite1Dropped);
        self.cycle += FRAME_CYCLES;
        probe.on_event(BoardEvent::Vblank { cycle: self.cycle });
        Ok(FrameRun {
            cycles: FRAME_CYCLES,
            idle_cycles: if waits { FRAME_CYCLES - WAIT_AT } else { 0 },
        })
    }
    fn cpu(&self) -> &dyn CpuView {
        // A view over self: the fake is its own CPU.
        self
    }
    fn peek_vram(&self, addr: u32) -> u8 {
        // VRAM mirrors the marks at 0x8000.
        self.mem
            .get((addr - 0x8000 + MARKS) as usize)
            .copied()
            .unwrap_or(0)
    }
    fn cycles_per_frame(&self) -> u64 {
        FRAME_CYCLES
    }
}

fn display_start(probe: &mut dyn Probe, start: u64) {
    probe.on_event(BoardEvent::DisplayStart {
        cycle: start + DISPLAY_START,
        line_cycles_256: (LINE_CYCLES * 256) as u32,
    });
}

impl CpuView for Fake {
    fn register(&self, name: &str) -> Option<u32> {
        Cpu(self).register(name)
    }
    fn pc(&self) -> u32 {
        Cpu(self).pc()
    }
    fn peek(&self, addr: u32) -> u8 {
        Cpu(self).peek(addr)
    }
}

impl Machine for Fake {
    fn key(&self) -> &'static str {
        "fake"
    }
    fn title(&self) -> String {
        "fake".into()
    }
    fn flag_name(&self) -> &'static str {
        "bit 0"
    }
    fn screen(&self) -> Screen {
        Screen::new(64, 48)
    }
    fn frame_rate_hz(&self) -> u32 {
        60
    }
    fn sprite_slots(&self) -> u32 {
        2
    }
    fn load(&mut self, _: Region, _: &[u8]) -> Result<(), String> {
        Err("no".into())
    }
    fn write_sprites(&mut self, _: &[HwSprite]) {}
    fn run_frame(&mut self) {}
    fn read_verdict(&mut self) -> Verdict {
        self.peek_verdict()
    }
    fn peek_verdict(&self) -> Verdict {
        Verdict {
            collided: self.status & 1 != 0,
            status: u16::from(self.status),
            ..Verdict::default()
        }
    }
    fn sprites(&self) -> Vec<SpriteView> {
        self.boxes()
            .iter()
            .enumerate()
            .map(|(i, b)| SpriteView {
                number: i as u32,
                bbox: *b,
                mask: Arc::new(OpaqueMask::from_fn(16, 16, |_, _| true)),
                collision_mask: 0,
                z: 3,
                not_drawn: if i == 1 && self.behaviour == Behaviour::Sprite1Dropped {
                    vec![(
                        machine::NotDrawn::LineLimit,
                        machine::Lines::from_increasing(0..16),
                    )]
                } else {
                    Vec::new()
                },
                drawn: true,
                // A palette of its own per sprite (2, 3, ...); no pattern or mask fields.
                lines: None,
                fields: machine::SpriteFields {
                    palette: Some(i as u8 + 2),
                    ..machine::SpriteFields::default()
                },
            })
            .collect()
    }
    fn panel_lines(&self, _: &Verdict) -> [String; 2] {
        [String::new(), String::new()]
    }
    fn frame_indexed(&self) -> &[u8] {
        &self.frame
    }
    fn palette_rgb(&self) -> Vec<u32> {
        vec![0; 2]
    }
    fn boot(&mut self, _: &ProgramImage<'_>) -> Result<(), ProgramError> {
        self.booted = true;
        Ok(())
    }
    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        if self.booted { Some(self) } else { None }
    }
}

fn config(frames: u32) -> HarnessConfig {
    HarnessConfig {
        frames,
        watches: vec![
            Watch::OnPc {
                name: "hit".into(),
                pc: HIT_LABEL,
                object: WatchObject::Reg("X".into()),
            },
            Watch::Memory {
                name: "marks".into(),
                space: Space::Cpu,
                at: MARKS,
                len: 2,
                stride: 1,
                hit: MemoryHit::NonZero,
            },
            Watch::Memory {
                name: "vram marks".into(),
                space: Space::Vram,
                at: 0x8001,
                len: 1,
                stride: 1,
                hit: MemoryHit::Equals(1),
            },
        ],
        spans: vec![Span {
            name: "body".into(),
            from: HANDLER,
            to: HANDLER_END,
        }],
        give_up_frames: 4,
        ..HarnessConfig::default()
    }
}

fn booted(b: Behaviour) -> Fake {
    let mut m = Fake::new(b);
    m.boot(&ProgramImage::default()).unwrap();
    m
}

fn run(m: &mut Fake, c: HarnessConfig) -> Result<Vec<machine::program::FrameRecord>, HarnessError> {
    let mut h = Harness::new(m, c)?;
    let mut out = Vec::new();
    h.run(|r| out.push(r.clone()))?;
    Ok(out)
}

/// Sprite 0 spans x 4k..4k+16, sprite 1 spans 60..76: they overlap when 4k + 16 > 60 and
/// 4k < 76, so in frames 11 < k < 19.
fn overlap(k: u32) -> bool {
    (12..=18).contains(&k)
}

#[test]
fn truth_chip_and_decisions_are_attributed_to_the_frame_they_are_about() {
    let mut m = booted(Behaviour::Normal);
    let recs = run(&mut m, config(24)).unwrap();
    assert_eq!(recs.len(), 24);
    for r in &recs {
        let k = r.frame;
        assert_eq!(r.objects.objects.len(), 2, "frame {k}");
        assert_eq!(r.objects.objects[0].bbox.x, 4 * k as i32, "frame {k}");
        assert_eq!(!r.box_pairs.is_empty(), overlap(k), "box truth, frame {k}");
        assert_eq!(
            !r.pixel_pairs.is_empty(),
            overlap(k),
            "pixel truth, frame {k}"
        );
        assert_eq!(r.verdict.collided, overlap(k), "chip, frame {k}");
        // The handler after frame k's display decides about frame k.
        let hit = &r.decisions[0];
        assert_eq!(hit.name, "hit");
        assert_eq!(
            hit.sprites,
            if overlap(k) { vec![0] } else { vec![] },
            "frame {k}"
        );
        let marks = &r.decisions[1];
        assert_eq!(
            marks.sprites,
            if overlap(k) { vec![0, 1] } else { vec![] },
            "frame {k}"
        );
        assert_eq!(
            r.decisions[2].sprites,
            if overlap(k) { vec![0] } else { vec![] }
        );
        assert_eq!(
            r.decided_objects,
            if overlap(k) { vec![0, 1] } else { vec![] }
        );
        // Acknowledge at +10, return at +130: 120 cycles; span +20 to +100: 80.
        assert_eq!(r.handlers.len(), 1);
        assert_eq!(r.handlers[0].name, "irq");
        assert_eq!(r.handlers[0].cycles.count, 1);
        assert_eq!(r.handlers[0].cycles.cycles, 120);
        assert_eq!(r.spans[0].cycles.cycles, 80);
        assert!(!r.lag, "frame {k}");
        assert_eq!(r.cycles, FRAME_CYCLES);
    }
}

#[test]
fn a_handler_running_into_the_next_vblank_makes_a_lag_frame() {
    let mut m = booted(Behaviour::OverrunAt5);
    let recs = run(&mut m, config(10)).unwrap();
    let lag: Vec<u32> = recs.iter().filter(|r| r.lag).map(|r| r.frame).collect();
    // Call 6 (deciding about frame 5) is still in its handler at its vblank and never
    // reaches the wait.
    assert_eq!(lag, vec![5]);
    // The handler taken at +10 of call 6 returns at +5 of call 7: 995 cycles, counted in
    // call 7 (frame 6) with that call's own handler (120).
    let h6 = &recs[6].handlers[0].cycles;
    assert_eq!((h6.count, h6.cycles, h6.max), (2, 995 + 120, 995));
    assert!(recs[5].handlers.is_empty());
}

#[test]
fn a_program_that_never_takes_an_interrupt_is_an_error() {
    let mut m = booted(Behaviour::NoInterrupt);
    let e = run(&mut m, config(10)).unwrap_err();
    assert_eq!(
        e,
        HarnessError::NoInterrupt {
            frames: 4,
            pc: MAIN_WAIT
        }
    );
    assert!(e.to_string().contains("never enables an interrupt"));
    // One hex style everywhere: `$0900`, as the board's faults write a PC.
    assert!(e.to_string().contains("(PC $0900)"), "{e}");
}

#[test]
fn a_handler_that_never_returns_is_an_error_not_a_hang() {
    let mut m = booted(Behaviour::StuckAt3);
    let e = run(&mut m, config(20)).unwrap_err();
    // Entered in call 3; four calls later (after call 6) it is still inside.
    assert!(
        matches!(
            e,
            HarnessError::NeverReturns {
                interrupt: "irq",
                frames: 4,
                pc: MAIN_WAIT,
                now: HANDLER,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn a_fault_names_the_pc_and_the_frame() {
    let mut m = booted(Behaviour::FaultAt4);
    let e = run(&mut m, config(20)).unwrap_err();
    assert_eq!(e.to_string(), "frame 3: at PC $1234: BRK");
}

#[test]
fn a_machine_not_booted_is_refused() {
    let mut m = Fake::new(Behaviour::Normal);
    assert!(matches!(
        Harness::new(&mut m, config(1)),
        Err(HarnessError::NotBooted("fake"))
    ));
}

#[test]
fn object_rules_merge_sprites_and_art_takes_no_part_in_truth() {
    let mut m = booted(Behaviour::Normal);
    let mut c = config(14);
    c.objects = ObjectRules {
        rules: vec![ObjectRule::by_number(1..=1, collide::Group::Art, false)],
        default_group: Some(collide::Group::Good),
    };
    let recs = run(&mut m, c.clone()).unwrap();
    assert!(recs[13].box_pairs.is_empty(), "Art never collides");
    c.objects = ObjectRules {
        rules: vec![ObjectRule::by_number(0..=1, collide::Group::Bad, true)],
        default_group: None,
    };
    let mut m = booted(Behaviour::Normal);
    let recs = run(&mut m, c).unwrap();
    // One object from both: x from 4k to 76 (frame 2: 8..76 = 68 wide).
    let o = &recs[2].objects;
    assert_eq!(o.objects.len(), 1);
    assert_eq!(o.objects[0].bbox, PxBox::new(8, 0, 68, 16));
    assert_eq!(o.sprites[0], vec![0, 1]);
    // Pixels: 8..24 and 60..76 opaque, 24..60 transparent.
    let mask = o.objects[0].mask.as_ref().unwrap();
    assert!(mask.get(0, 0) && mask.get(15, 15) && !mask.get(16, 0) && mask.get(52, 0));
}

#[test]
fn object_rules_choose_sprites_by_attribute() {
    // Sprite 1 is the fake's only sprite with palette 3: made Art by attribute, it takes
    // no part in truth, as when named by number above.
    let mut m = booted(Behaviour::Normal);
    let mut c = config(14);
    c.objects = ObjectRules {
        rules: vec![ObjectRule {
            palette: Some(3),
            ..ObjectRule::by_number(0..=u32::MAX, collide::Group::Art, false)
        }],
        default_group: Some(collide::Group::Good),
    };
    let recs = run(&mut m, c.clone()).unwrap();
    assert!(recs[13].box_pairs.is_empty(), "Art never collides");
    assert_eq!(recs[13].objects.objects[1].group, collide::Group::Art);
    assert_eq!(recs[13].objects.objects[0].group, collide::Group::Good);
    // Palette 3 within sprites 0..=0 selects nothing: both stay Good and meet.
    c.objects.rules[0].sprites = 0..=0;
    let mut m = booted(Behaviour::Normal);
    let recs = run(&mut m, c.clone()).unwrap();
    assert_eq!(recs[13].box_pairs.len(), 1);
    // The fake's sprites have no pattern field: choosing by it is an error naming the rule.
    c.objects.rules[0] = ObjectRule {
        pattern: Some(0..=0x100),
        ..ObjectRule::by_number(0..=u32::MAX, collide::Group::Bad, false)
    };
    let mut m = booted(Behaviour::Normal);
    let e = run(&mut m, c).unwrap_err();
    assert!(
        matches!(
            &e,
            HarnessError::Objects {
                machine: "fake",
                error: machine::program::ObjectsError {
                    rule: 0,
                    field: "pattern"
                },
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("objects.rules[0]"), "{e}");
}

#[test]
fn a_polling_program_lags_where_its_loop_label_is_not_reached() {
    // With the loop label at the fake's hit label, reached only by the handler deciding
    // about frames 12 to 18, every other frame lags; the wait events no longer count.
    let mut m = booted(Behaviour::Normal);
    let mut c = config(24);
    c.wait_pc = Some(HIT_LABEL);
    let recs = run(&mut m, c).unwrap();
    let lag: Vec<u32> = recs.iter().filter(|r| r.lag).map(|r| r.frame).collect();
    let want: Vec<u32> = (0..24).filter(|k| !overlap(*k)).collect();
    assert_eq!(lag, want);
}

#[test]
fn a_handler_running_into_the_display_is_named_with_its_lines() {
    // Call 8's handler returns at +255; the display began at +200, 10 cycles a line: 55
    // cycles late, on display line 5 (cycles 250-259), so 6 lines begun. It is frame 8's
    // display it ran into.
    let mut m = booted(Behaviour::LateReturnAt8);
    let recs = run(&mut m, config(10)).unwrap();
    let o = recs[8].overrun.expect("frame 8 overran");
    assert_eq!(o.handler, "irq");
    assert_eq!(o.display_cycle, 8 * FRAME_CYCLES + DISPLAY_START);
    assert_eq!((o.cycles, o.lines, o.to_vblank), (55, 6, false));
    assert!(
        o.line().contains("on display line 5 (6 lines late)"),
        "{}",
        o.line()
    );
    for r in recs.iter().filter(|r| r.frame != 8) {
        assert_eq!(r.overrun, None, "frame {}", r.frame);
    }
    // Returning before the next vblank, it is no lag.
    assert!(recs.iter().all(|r| !r.lag));

    // Call 6's handler has not returned by its vblank: through the whole display, 800
    // cycles from +200 to +1000, 80 lines.
    let mut m = booted(Behaviour::OverrunAt5);
    let recs = run(&mut m, config(10)).unwrap();
    let o = recs[6].overrun.expect("frame 6 overran");
    assert_eq!((o.cycles, o.lines, o.to_vblank), (800, 80, true));
    assert_eq!(recs[7].overrun, None, "returned at +5, before the display");
}

#[test]
fn busy_and_idle_cycles_are_apart() {
    // The fake waits from +140 to the end of each call.
    let mut m = booted(Behaviour::Normal);
    let recs = run(&mut m, config(4)).unwrap();
    for r in &recs {
        assert_eq!(r.cycles, FRAME_CYCLES);
        assert_eq!(r.idle_cycles, FRAME_CYCLES - WAIT_AT);
        assert_eq!(r.busy_cycles(), WAIT_AT);
    }
}

#[test]
fn judging_starts_at_a_frame_or_at_a_label() {
    use machine::program::JudgeFrom;
    let judged = |from| {
        let mut m = booted(Behaviour::Normal);
        let mut c = config(20);
        c.judge_from = from;
        let recs = run(&mut m, c).unwrap();
        recs.iter()
            .filter(|r| r.judged)
            .map(|r| r.frame)
            .collect::<Vec<_>>()
    };
    // The fake has no system software: the default judges from power-on.
    assert_eq!(judged(JudgeFrom::Handover), (0..20).collect::<Vec<_>>());
    assert_eq!(judged(JudgeFrom::Frame(15)), (15..20).collect::<Vec<_>>());
    // The hit label is first reached in call 13 (deciding about frame 12, the first
    // overlap): frames from 14, whose whole call comes after it.
    assert_eq!(
        judged(JudgeFrom::Pc(HIT_LABEL)),
        (14..20).collect::<Vec<_>>()
    );
    // Without a watch nothing is judged.
    let mut m = booted(Behaviour::Normal);
    let mut c = config(3);
    c.watches.clear();
    assert!(run(&mut m, c).unwrap().iter().all(|r| !r.judged));
}

#[test]
fn good_vs_bad_pairs_leave_two_good_objects_out_of_truth_but_not_out_of_the_chip() {
    use machine::program::PairRule;
    let mut m = booted(Behaviour::Normal);
    let mut c = config(14);
    c.pairs = PairRule::GoodVsBad;
    let recs = run(&mut m, c.clone()).unwrap();
    // Both sprites Good: frame 13's overlap is no pair that counts, but the chip saw it
    // and agrees with the pairs it can see.
    assert!(recs[13].box_pairs.is_empty() && recs[13].pixel_pairs.is_empty());
    assert_eq!(recs[13].chip_pairs.len(), 1);
    assert!(recs[13].chip_reasons.is_empty());
    c.objects = ObjectRules {
        rules: vec![ObjectRule::by_number(1..=1, collide::Group::Bad, false)],
        default_group: Some(collide::Group::Good),
    };
    let mut m = booted(Behaviour::Normal);
    let recs = run(&mut m, c).unwrap();
    assert_eq!(recs[13].pixel_pairs.len(), 1, "Good against Bad counts");
}

#[test]
fn the_chip_flagging_an_art_sprite_says_why() {
    let mut m = booted(Behaviour::Normal);
    let mut c = config(14);
    c.objects = ObjectRules {
        rules: vec![ObjectRule::by_number(1..=1, collide::Group::Art, false)],
        default_group: Some(collide::Group::Good),
    };
    let recs = run(&mut m, c).unwrap();
    assert!(recs[13].verdict.collided && recs[13].chip_pairs.is_empty());
    assert_eq!(
        recs[13].chip_reasons,
        vec!["chip saw sprites 0 and 1 meet: sprite 1 is Art, which takes no part in truth"]
    );
    assert!(
        recs[11].chip_reasons.is_empty(),
        "agrees: no overlap, no flag"
    );
}

#[test]
fn dumps_hold_memory_at_the_start_of_each_frames_vblank() {
    // The handler of call k writes the marks about frame k - 1 before frame k's display
    // ends: frame k's dump holds them.
    let mut m = booted(Behaviour::Normal);
    let mut c = config(20);
    c.dumps = vec![machine::program::Dump {
        name: "marks".into(),
        space: Space::Cpu,
        at: MARKS,
        len: 3,
    }];
    let recs = run(&mut m, c).unwrap();
    for r in &recs {
        let k = r.frame;
        let m = u8::from(k > 0 && overlap(k - 1));
        assert_eq!(r.dumps, vec![vec![m, m, 0]], "frame {k}");
    }
}

#[test]
fn the_chip_missing_a_pair_says_which_sprite_it_dropped() {
    // The machine's own check of its sprite view (the contract's `hardware_check`) gives
    // the reason, as for the TMS9918's fifth sprite on a line.
    let mut m = booted(Behaviour::Sprite1Dropped);
    let recs = run(&mut m, config(14)).unwrap();
    assert!(!recs[13].verdict.collided && !recs[13].chip_pairs.is_empty());
    assert_eq!(
        recs[13].chip_reasons,
        vec![
            "sprites 0 and 1: they meet on lines 0-15; sprite 1 dropped by the per-line sprite \
             limit on lines 0-15"
        ]
    );
}

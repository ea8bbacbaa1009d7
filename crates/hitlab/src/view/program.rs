//! A whole program's frame for the eye (specs/programs.md, "What the user gets"): the
//! chip's picture with the objects built from its sprite view, the truth pairs classified
//! against the program's own decisions, and a panel of what the frame cost. The window,
//! `run`, `record` and `shot --overlays` on a program all draw through [`render`].

use collide::Pair;
use machine::program::FrameRecord;
use scene::program::tally::score_frame;

use super::canvas::{Canvas, Rect};
use super::layout::{self, PanelAt};
use super::overlay::{self, FALSE_RGB, HIT_RGB, MISS_RGB};
use super::panel::{COLS, Line};
use super::picture::Picture;
use super::text::{fit, wrap};
use super::{Overlays, draw_panel};

/// Truth pairs when the program makes no decision to judge (no watch): what was true.
pub const TRUTH_RGB: u32 = 0xE0E0E0;

const HEAD_RGB: u32 = 0xFFFFFF;
const BODY_RGB: u32 = 0xC8C8C8;
const BAD_RGB: u32 = 0xFF5050;
const DIM_RGB: u32 = 0x808080;

/// The window's keys for a program, as `h` lists them: only those that do something for
/// a program (a program has one answer, its own, and no method structure or player to
/// drive).
pub const KEYS: &[(&str, &str)] = &[
    ("space", "pause / play (restart at the end)"),
    (".", "one frame"),
    (",", "one frame back"),
    ("o", "overlays on / off"),
    ("b 1", "object boxes"),
    ("p 2", "pairs: hit miss false alarm"),
    ("t 4", "text panel"),
    ("c", "CPU registers at the frame"),
    ("v", "sprite table as the chip read it"),
    ("w", "watches' decisions for the frame"),
    ("s", "screenshot (PNG)"),
    ("r", "record GIF, start / stop"),
    ("h", "this list"),
    ("q Esc", "quit"),
];

/// The colours of a program's overlays, as the help box explains them.
pub const LEGEND: [(&str, u32); 6] = [
    ("Good box", overlay::GOOD_RGB),
    ("Bad box", overlay::BAD_RGB),
    ("Art: takes no part", overlay::ART_RGB),
    ("hit (pixel truth, program marked)", HIT_RGB),
    ("miss (pixel truth, not marked)", MISS_RGB),
    ("false alarm / truth, no watch", FALSE_RGB),
];

/// What a box over the frame shows of the machine and the program (`c`, `v`, `w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inspect {
    /// The CPU's registers.
    Cpu,
    /// The sprite table as the chip read it.
    Sprites,
    /// Each watch's decisions.
    Watches,
}

/// The CPU's registers, read when the call deciding about the frame ended (the next
/// frame's vblank beginning), by the names the CPU's documentation gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    /// The CPU's name (`65C02`, `Z80`, `68000`).
    pub cpu: &'static str,
    /// Each register and its value.
    pub values: Vec<(&'static str, u32)>,
}

/// A register's value in the project's hex style, as wide as the register: the 8-bit
/// ones two digits, the 16-bit ones four, the 68000's data and address registers eight.
fn register_hex(cpu: &str, name: &str, v: u32) -> String {
    let byte = name.len() == 1 || matches!(name, "DP" | "CC" | "IM" | "IFF1");
    if cpu == "68000" {
        if name == "SR" {
            format!("${v:04X}")
        } else {
            format!("${v:08X}")
        }
    } else if byte && name != "PC" {
        format!("${v:02X}")
    } else {
        format!("${v:04X}")
    }
}

/// The lines of the box `what` shows for frame `r`; `regs` the CPU's registers.
#[must_use]
pub fn inspect_lines(what: Inspect, r: &FrameRecord, regs: &Registers) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    match what {
        Inspect::Cpu => {
            out.push((
                format!("{} after frame {}'s decisions", regs.cpu, r.frame),
                HEAD_RGB,
            ));
            // Four registers a line, so the box stays short.
            for row in regs.values.chunks(4) {
                let line: Vec<String> = row
                    .iter()
                    .map(|(n, v)| format!("{n:>3} {}", register_hex(regs.cpu, n, *v)))
                    .collect();
                out.push((line.join("  "), BODY_RGB));
            }
        }
        Inspect::Sprites => {
            out.push((
                format!(
                    "frame {}: {} sprites as the chip read them",
                    r.frame,
                    r.sprites.len()
                ),
                HEAD_RGB,
            ));
            out.push((
                "  #    x    y   size pattern pal mask z drawn".into(),
                DIM_RGB,
            ));
            for sp in &r.sprites {
                let opt = |v: Option<u32>| v.map_or_else(|| "-".to_owned(), |v| format!("${v:X}"));
                out.push((
                    format!(
                        "{:>3} {:>4} {:>4} {:>6} {:>7} {:>3} {:>4} {} {}",
                        sp.number,
                        sp.bbox.x,
                        sp.bbox.y,
                        format!("{}x{}", sp.bbox.w, sp.bbox.h),
                        opt(sp.fields.pattern),
                        opt(sp.fields.palette.map(u32::from)),
                        format!("%{:04b}", sp.collision_mask & 0xF),
                        sp.z,
                        if sp.drawn { "yes" } else { "no" },
                    ),
                    if sp.drawn { BODY_RGB } else { DIM_RGB },
                ));
            }
        }
        Inspect::Watches => {
            out.push((
                format!("frame {}: the program's watches", r.frame),
                HEAD_RGB,
            ));
            if r.decisions.is_empty() {
                out.push(("no watch (a program file names them)".into(), DIM_RGB));
            }
            if !r.judged && !r.decisions.is_empty() {
                out.push(("not judged yet".into(), DIM_RGB));
            }
            let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            for d in &r.decisions {
                let mut line = format!("{}: marked [{}]", d.name, list(&d.sprites));
                if !d.pairs.is_empty() {
                    let pairs: Vec<String> =
                        d.pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                    line.push_str(&format!(" pairs [{}]", pairs.join(" ")));
                }
                out.push((line, BODY_RGB));
            }
        }
    }
    out
}

/// What stays fixed while a program runs.
#[derive(Clone, Debug)]
pub struct ProgramInfo {
    /// The program file's or image's name.
    pub name: String,
    /// The machine's title.
    pub title: String,
    /// The chip's collision flag's name.
    pub flag_name: &'static str,
    /// Frames the run plays.
    pub end_frame: u32,
    /// Frames per second.
    pub rate_hz: u32,
    /// CPU cycles in one frame of the real machine: the budget.
    pub cycles_per_frame: u64,
    /// Whether the program's decisions are watched (a program file with watches).
    pub judged: bool,
}

/// How a truth pair is drawn: judged against the program's marks (hit when the program
/// marked both objects, miss otherwise), or plain truth when nothing is watched.
fn pair_rgb(r: &FrameRecord, p: Pair, judged: bool) -> u32 {
    if !judged {
        return TRUTH_RGB;
    }
    let marked = |i: u32| r.decided_objects.contains(&(i as usize));
    if marked(p.a) && marked(p.b) {
        HIT_RGB
    } else {
        MISS_RGB
    }
}

/// The objects, the pixel-truth pairs and the program's false alarms over a screen drawn
/// `k` times.
fn draw_overlays(c: &mut Canvas, r: &FrameRecord, info: &ProgramInfo, ov: Overlays, k: i64) {
    let objects = &r.objects.objects;
    if ov.boxes {
        overlay::boxes(c, objects, k);
    }
    if ov.pairs {
        for p in &r.pixel_pairs {
            overlay::pair(c, objects, *p, pair_rgb(r, *p, info.judged), k);
        }
        // A marked object in no pixel-truth pair is the program's false alarm.
        let true_hit = FrameRecord::objects_in(&r.pixel_pairs);
        for &o in r.decided_objects.iter().filter(|o| !true_hit.contains(o)) {
            if let Some(obj) = objects.get(o) {
                overlay::outline(c, &obj.bbox, FALSE_RGB, k);
            }
        }
    }
}

/// Sprite numbers of object pairs, `a-b` by object id.
fn pair_list(r: &FrameRecord, pairs: &[Pair]) -> String {
    let id = |i: u32| r.objects.objects.get(i as usize).map_or(i, |o| o.id);
    pairs
        .iter()
        .map(|p| format!("{}-{}", id(p.a), id(p.b)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The panel's lines for frame `r`.
#[must_use]
pub fn lines(r: &FrameRecord, info: &ProgramInfo) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    let mut push = |s: String, rgb: u32| out.push((fit(&s, COLS), rgb));
    push(info.name.clone(), HEAD_RGB);
    push(
        format!(
            "frame {} of {}, {} Hz",
            r.frame, info.end_frame, info.rate_hz
        ),
        BODY_RGB,
    );
    push(info.title.clone(), DIM_RGB);
    push(String::new(), BODY_RGB);
    push(
        format!(
            "chip {}: {} (status ${:04X})",
            info.flag_name,
            if r.verdict.collided { "set" } else { "clear" },
            r.verdict.status
        ),
        HEAD_RGB,
    );
    push(
        format!(
            "truth: {} pixel pairs, {} box pairs",
            r.pixel_pairs.len(),
            r.box_pairs.len()
        ),
        BODY_RGB,
    );
    if !r.pixel_pairs.is_empty() {
        push(format!(" pixel {}", pair_list(r, &r.pixel_pairs)), BODY_RGB);
    }
    let verdict = scene::program::tally::chip_vs_truth(r);
    if let Some(line) = scene::program::tally::chip_line(r) {
        // A blind frame is the program's doing (a cleared collision mask), not the chip's
        // error: only a difference is drawn as bad.
        let rgb = if matches!(verdict, scene::program::tally::ChipVsTruth::Differs) {
            BAD_RGB
        } else {
            BODY_RGB
        };
        for part in wrap(&line, COLS) {
            push(part, rgb);
        }
    }
    push(String::new(), BODY_RGB);
    if let Some(o) = &r.overrun {
        for part in wrap(&o.line(), COLS) {
            push(part, BAD_RGB);
        }
    }
    if info.judged && !r.judged {
        push("program decisions: not judged yet".into(), DIM_RGB);
    } else if info.judged {
        let marked: Vec<String> = r
            .decided_objects
            .iter()
            .filter_map(|&o| r.objects.objects.get(o).map(|o| o.id.to_string()))
            .collect();
        push(format!("program marked: {}", marked.join(" ")), HEAD_RGB);
        let s = score_frame(r).unwrap_or_default();
        let bad = s.by_pixel.1 + s.by_pixel.2 > 0;
        push(
            format!(
                " pixel: {} misses, {} false alarms",
                s.by_pixel.1, s.by_pixel.2
            ),
            if bad { BAD_RGB } else { HIT_RGB },
        );
        push(
            format!(" box: {} misses, {} false alarms", s.by_box.1, s.by_box.2),
            BODY_RGB,
        );
    } else {
        push("program decisions: no watch".into(), DIM_RGB);
    }
    push(String::new(), BODY_RGB);
    let budget = info.cycles_per_frame;
    for (kind, list) in [("handler", &r.handlers), ("span", &r.spans)] {
        for n in list {
            let over = n.cycles.cycles > budget;
            push(
                format!(
                    "{kind} {}: {} cycles, {:.1}%",
                    n.name,
                    n.cycles.cycles,
                    n.cycles.cycles as f64 * 100.0 / budget.max(1) as f64
                ),
                if over { BAD_RGB } else { BODY_RGB },
            );
        }
    }
    // Over only when the CPU never waited: a call can end a few cycles past the frame.
    let over = budget > 0 && r.idle_cycles == 0 && r.busy_cycles() >= budget;
    push(
        format!(
            "frame: {} busy + {} idle of {budget} cycles",
            r.busy_cycles(),
            r.idle_cycles
        ),
        if over { BAD_RGB } else { BODY_RGB },
    );
    if r.lag {
        push("LAG: the frame's work ran late".into(), BAD_RGB);
    } else {
        push("no lag".into(), HIT_RGB);
    }
    out
}

/// Frame `r` (whose chip picture is `picture`) at `scale` with `overlays`; the panel, when
/// shown, at `panel_at`.
#[must_use]
pub fn render(
    picture: &Picture,
    r: &FrameRecord,
    info: &ProgramInfo,
    overlays: Overlays,
    scale: usize,
    panel_at: PanelAt,
) -> Canvas {
    render_with(picture, r, info, overlays, scale, panel_at, None)
}

/// As [`render`], with `shown` the lines of an [`Inspect`] box over the frame.
#[must_use]
pub fn render_with(
    picture: &Picture,
    r: &FrameRecord,
    info: &ProgramInfo,
    overlays: Overlays,
    scale: usize,
    panel_at: PanelAt,
    shown: Option<&[Line]>,
) -> Canvas {
    let frame = picture.scaled(scale);
    if !overlays.on {
        return frame;
    }
    let panel = overlays.panel.then_some(panel_at);
    let (w, h) = layout::canvas_size(frame.w, frame.h, panel);
    let mut c = Canvas::new(w, h, 0);
    let (fw, fh) = (frame.w, frame.h);
    c.blit(&frame, 0, 0);
    // The objects are in screen pixels, from the screen's corner: on a tube, where the
    // screen lies on the picture, centred (so its size is the picture's less two margins),
    // and the overlays stay on it as they do in a scene's view.
    let (ox, oy) = picture.screen_origin_px();
    let mut screen = super::crop(
        &frame,
        ox,
        oy,
        fw.saturating_sub(2 * ox),
        fh.saturating_sub(2 * oy),
    );
    draw_overlays(
        &mut screen,
        r,
        info,
        overlays,
        picture.unit_px(scale) as i64,
    );
    c.blit(&screen, ox as i64, oy as i64);
    c.set_clip(Rect::new(0, 0, fw as i64, fh as i64));
    if let Some(box_lines) = shown {
        super::text_box(&mut c, fw, fh, box_lines);
    }
    if overlays.help {
        super::help_box(&mut c, fw, fh, KEYS, &LEGEND);
    }
    c.reset_clip();
    if let Some(at) = panel {
        draw_panel(&mut c, (fw, fh), at, |_| lines(r, info));
    }
    c
}

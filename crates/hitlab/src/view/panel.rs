//! The text panel beside the frame: frame number, the chip's flags against the truth, and
//! the selected method's pairs and cost this frame. Every line is a function of the frame's
//! report, so a screenshot of the window and `hitlab shot --overlays` print the same text.

use collide::{Cost, MethodId};

use super::guides::Guides;
use super::overlay::{FALSE_RGB, HIT_RGB, MISS_RGB};
use super::text::{fit, wrap};
use super::{Overlays, View};

/// Characters per panel line.
pub const COLS: usize = 40;
/// Lines in the panel at least (a taller window gives it more, for the pair list).
pub const LINES: usize = 30;

/// Headings.
const HEAD_RGB: u32 = 0xFFFFFF;
/// Body text.
const BODY_RGB: u32 = 0xC8C8C8;
/// The selected method.
const METHOD_RGB: u32 = 0xFFE060;
/// Something disagrees.
const BAD_RGB: u32 = 0xFF5050;
/// Dimmed text.
const DIM_RGB: u32 = 0x808080;

/// One panel line and its colour.
pub type Line = (String, u32);

/// A routine's line: its cycles as a share of the frame, or why it failed.
fn code_line(run: &scene::session::CodeRun, frame: Option<u64>) -> (String, u32) {
    match (run.cycles, &run.error) {
        (Some(c), None) => {
            let share = frame.map_or(String::new(), |f| {
                format!(", {:.1}% of the frame", c as f64 * 100.0 / f.max(1) as f64)
            });
            let same = match run.same_as_rust {
                Some(false) => " DIFFERS from Rust",
                _ => "",
            };
            (
                format!(" cpu: {c} cycles{share}{same}"),
                if same.is_empty() { BODY_RGB } else { BAD_RGB },
            )
        }
        (_, Some(e)) => (format!(" cpu: {e}"), BAD_RGB),
        (None, None) => (" cpu: did not run".into(), DIM_RGB),
    }
}

fn cost_lines(c: &Cost) -> [String; 2] {
    [
        format!(" cost {} seed ops, {} pair tests", c.seed_ops, c.pair_tests),
        format!(
            "  {} cmp {} AND {} reads {} writes",
            c.comparisons, c.mask_ands, c.table_reads, c.list_writes
        ),
    ]
}

/// The panel's `rows` lines (at least [`LINES`]), each at most [`COLS`] characters.
#[must_use]
pub fn lines(view: &View<'_>, overlays: Overlays, rows: usize) -> Vec<Line> {
    let rows = rows.max(LINES);
    let r = view.report;
    let info = view.info;
    let mut out: Vec<Line> = Vec::new();
    let push = |out: &mut Vec<Line>, s: String, rgb: u32| out.push((fit(&s, COLS), rgb));
    push(&mut out, info.name.clone(), HEAD_RGB);
    push(
        &mut out,
        format!("frame {}, {} Hz", r.frame, info.rate_hz),
        BODY_RGB,
    );
    push(&mut out, String::new(), BODY_RGB);
    let [status, bits] = r.status_lines.clone();
    push(&mut out, status, HEAD_RGB);
    push(&mut out, bits, BODY_RGB);
    push(
        &mut out,
        format!(
            "truth: {} pixel pairs, {} box pairs",
            r.pixel_truth.len(),
            r.box_truth.len()
        ),
        BODY_RGB,
    );
    let mut reasons: Vec<Line> = Vec::new();
    if r.hardware.agrees(&r.verdict) {
        push(
            &mut out,
            format!("{} agrees with pixel truth", info.flag_subject),
            HIT_RGB,
        );
    } else {
        push(
            &mut out,
            format!("{} DIFFERS from pixel truth", info.flag_subject),
            BAD_RGB,
        );
        if let Some(why) = r.hardware.reasons.first() {
            for l in wrap(why, COLS - 1).into_iter().take(2) {
                reasons.push((format!(" {l}"), BAD_RGB));
            }
        }
    }
    for (s, c) in reasons {
        push(&mut out, s, c);
    }
    if let Some(cycles) = r.frame_cycles {
        let over = cycles > 30_000;
        push(
            &mut out,
            format!(
                "6809: {cycles} of 30000 cycles{}",
                if over { " OVER" } else { "" }
            ),
            if over { BAD_RGB } else { BODY_RGB },
        );
    }
    if let Some(w) = &r.walls {
        let line = if let (true, Some(m)) = (w.checked, w.measured) {
            // Measured on the 6809 this frame: the same figures `compare` totals.
            format!(
                "walls: tiles {}, Obj_Hit {} cycles",
                m.maze_tiles_cycles, m.obj_hit_walls_cycles
            )
        } else if w.checked {
            format!(
                "walls: tiles {}, Obj_Hit {} counted",
                w.maze_tiles.cycles_6809, w.obj_hit_walls.cycles_6809
            )
        } else {
            format!("walls unchecked: {} steps through", w.through_walls)
        };
        push(&mut out, line, BODY_RGB);
    }
    push(&mut out, String::new(), BODY_RGB);

    let Some(m) = r.shown(view.method) else {
        push(&mut out, "no method selected".into(), DIM_RGB);
        return out;
    };
    push(
        &mut out,
        format!(
            "method {} of {}: {} [m]",
            view.method + 1,
            r.shown_len(),
            m.label()
        ),
        METHOD_RGB,
    );
    if let Some(run) = &m.code {
        let (line, rgb) = code_line(run, r.cycles_per_frame);
        push(&mut out, line, rgb);
    }
    match own_routine(m) {
        // The user's own code follows no seed: it is named by its file, not by the origin
        // and exactness of the twin it runs beside.
        Some(name) => push(&mut out, fit(&format!(" routine {name}"), COLS), BODY_RGB),
        None => {
            push(&mut out, format!(" {}", m.id.origin()), BODY_RGB);
            push(
                &mut out,
                format!(" {}", m.id.exactness().describe()),
                BODY_RGB,
            );
        }
    }
    let t = &super::overlay::in_scope(m.id, &m.vs_pixel, &r.objects);
    if m.id == MethodId::HwFlag {
        let flag = match m.found.flag {
            Some(true) => "set",
            Some(false) => "clear",
            None => "unknown",
        };
        push(
            &mut out,
            format!(" flag {flag}: no pairs, only that"),
            BODY_RGB,
        );
    } else {
        push(
            &mut out,
            format!(
                " found {}: {} hit, {} false; {} missed",
                m.found.pairs.len(),
                t.hits.len(),
                t.false_alarms.len(),
                t.misses.len()
            ),
            BODY_RGB,
        );
    }
    let b = &super::overlay::in_scope(m.id, &m.vs_box, &r.objects);
    push(
        &mut out,
        format!(
            " vs boxes: {} hit, {} false, {} missed",
            b.hits.len(),
            b.false_alarms.len(),
            b.misses.len()
        ),
        BODY_RGB,
    );
    for l in cost_lines(&m.found.cost) {
        push(&mut out, l, BODY_RGB);
    }
    let guides = Guides::of(m.id, &r.objects, view.screen, &r.verdict, info.columns);
    for l in wrap(&format!("structure: {}", guides.describe()), COLS - 1)
        .into_iter()
        .take(2)
    {
        push(&mut out, format!(" {l}"), BODY_RGB);
    }
    push(&mut out, String::new(), BODY_RGB);

    // Pairs, worst first, in the space left above the keys line.
    let name = |i: u32| {
        info.names
            .get(i as usize)
            .map_or_else(|| format!("#{i}"), Clone::clone)
    };
    let mut listed: Vec<Line> = Vec::new();
    for (list, tag, rgb) in [
        (&t.misses, "miss ", MISS_RGB),
        (&t.false_alarms, "false", FALSE_RGB),
        (&t.hits, "hit  ", HIT_RGB),
    ] {
        for p in list {
            listed.push((format!(" {tag} {} ~ {}", name(p.a), name(p.b)), rgb));
        }
    }
    let room = rows.saturating_sub(out.len() + 2);
    if listed.len() > room {
        let keep = room.saturating_sub(1);
        let more = listed.len() - keep;
        listed.truncate(keep);
        listed.push((format!(" ... {more} more pairs"), DIM_RGB));
    }
    for (s, c) in listed {
        push(&mut out, s, c);
    }
    while out.len() < rows - 1 {
        out.push((String::new(), BODY_RGB));
    }
    let on = |b: bool, k: &str| if b { k.to_uppercase() } else { k.to_owned() };
    out.push((
        fit(
            &format!(
                "overlays {} {}{}{}{}  h: keys",
                if overlays.on { "on " } else { "off" },
                on(overlays.boxes, "b"),
                on(overlays.pairs, "p"),
                on(overlays.guides, "g"),
                on(overlays.panel, "t"),
            ),
            COLS,
        ),
        DIM_RGB,
    ));
    out.truncate(rows);
    out
}

/// The file name of a routine the user gave, for a row that runs one; `None` for a Rust
/// method and for the machine's builtin translations of the seeds
/// (`machine::TargetCode::builtins`), which follow their method's seed.
fn own_routine(m: &scene::session::MethodFrame) -> Option<&str> {
    let run = m.code.as_ref()?;
    (!run.builtin).then_some(run.name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Options, Player};

    #[test]
    fn every_method_and_routine_fits_the_panel() {
        for (scene, title, screen) in [
            ("vera/rings.ron", "X16 rings", (640, 480)),
            ("msx/bands.ron", "MSX band masks", (256, 192)),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../scenes")
                .join(scene);
            let mut p = Player::open(&path, &Options::default()).expect("scene");
            for _ in 0..40 {
                p.step(None);
            }
            let r = p.report().clone();
            for method in 0..r.shown_len() {
                let view = View {
                    info: p.info(),
                    report: &r,
                    method,
                    screen: collide::Screen {
                        w_px: screen.0,
                        h_px: screen.1,
                    },
                };
                let label = r.shown(method).expect("a row").label();
                for rows in [LINES, 50] {
                    let l = lines(&view, Overlays::ALL, rows);
                    assert_eq!(l.len(), rows);
                    assert!(l.iter().all(|(s, _)| s.chars().count() <= COLS), "{l:?}");
                    assert!(l[0].0.starts_with(title));
                    assert!(l.iter().any(|(s, _)| s.contains(label)), "{label}: {l:?}");
                    assert!(l[rows - 1].0.contains("h: keys"));
                }
                if r.shown(method).is_some_and(|m| m.code.is_some()) {
                    let l = lines(&view, Overlays::ALL, LINES);
                    assert!(
                        l.iter()
                            .any(|(s, _)| s.contains("cycles") && s.contains("% of the frame")),
                        "a routine shows its cycles: {l:?}"
                    );
                }
            }
        }
    }

    /// A row running `name`, builtin or the user's.
    fn code_row(name: &str, builtin: bool) -> scene::session::MethodFrame {
        scene::session::MethodFrame {
            id: MethodId::HwFlag,
            found: collide::Found::default(),
            vs_box: Default::default(),
            vs_pixel: Default::default(),
            vs_good_bad: Default::default(),
            code: Some(scene::session::CodeRun {
                name: name.to_owned(),
                builtin,
                cycles: Some(100),
                duplicates: 0,
                chip_too_fast: 0,
                error: None,
                same_as_rust: Some(true),
            }),
        }
    }

    #[test]
    fn a_builtin_routine_follows_its_seed_and_a_users_is_named_by_its_file() {
        // The machine's own routine, as `TargetCode::builtins` names it.
        assert_eq!(own_routine(&code_row("hw-flag z80-asm", true)), None);
        // A user's file named like a builtin (no extension) is still the user's.
        assert_eq!(
            own_routine(&code_row("hw-flag z80", false)),
            Some("hw-flag z80")
        );
        assert_eq!(own_routine(&code_row("mine.bin", false)), Some("mine.bin"));
    }

    #[test]
    fn the_machines_builtins_come_marked_builtin() {
        let mut m = machine::msx::Msx::new(&machine::msx::MsxSettings::default());
        let all = scene::session::code::builtins_for(&mut m, MethodId::ALL);
        assert!(!all.is_empty());
        assert!(all.iter().all(|r| r.builtin), "{all:?}");
    }
}

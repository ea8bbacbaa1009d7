//! The text panel beside the frame: frame number, the chip's flags against the truth, and
//! the selected method's pairs and cost this frame. Every line is a function of the frame's
//! report, so a screenshot of the window and `hitlab shot --overlays` print the same text.

use collide::{Cost, MethodId};
use scene::format::Target;
use scene::machine::Verdict;

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

/// The chip's status as read at vblank, in the chip's own terms.
fn flags(target: &Target, v: &Verdict) -> (String, String) {
    let bit = |b: bool| u8::from(b);
    match target {
        Target::Msx(_) => (
            format!("MSX TMS9918A  S#0 0x{:02X}", v.status),
            format!(
                " C={} 5S={} 5th sprite {}",
                bit(v.collided),
                bit(v.overflow == Some(true)),
                v.fifth_sprite.unwrap_or(0)
            ),
        ),
        Target::Genesis(_) => (
            format!("Genesis VDP  status 0x{:02X}", v.status),
            format!(
                " SCOL(5)={} SOVR(6)={}",
                bit(v.collided),
                bit(v.overflow == Some(true))
            ),
        ),
        Target::Vera(_) => (
            format!("X16 VERA  ISR 0x{:02X}", v.status),
            format!(
                " collisions %{:04b} SPRCOL={}",
                v.collision_mask.unwrap_or(0),
                bit(v.status & 0x04 != 0)
            ),
        ),
        Target::Vectrex(_) => (
            "Vectrex".into(),
            format!(" Obj_Hit {}", if v.collided { "hit" } else { "no hit" }),
        ),
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
    let (status, bits) = flags(&info.target, &r.verdict);
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
        push(&mut out, "chip agrees with pixel truth".into(), HIT_RGB);
    } else {
        push(&mut out, "chip DIFFERS from pixel truth".into(), BAD_RGB);
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
        let line = if w.checked {
            format!(
                "walls: tiles {} cyc, Obj_Hit {} cyc",
                w.maze_tiles.cycles_6809, w.obj_hit_walls.cycles_6809
            )
        } else {
            format!("walls unchecked: {} steps through", w.through_walls)
        };
        push(&mut out, line, BODY_RGB);
    }
    push(&mut out, String::new(), BODY_RGB);

    let Some(m) = r.methods.get(view.method) else {
        push(&mut out, "no method selected".into(), DIM_RGB);
        return out;
    };
    push(
        &mut out,
        format!(
            "method {} of {}: {} [m]",
            view.method + 1,
            r.methods.len(),
            m.id
        ),
        METHOD_RGB,
    );
    push(&mut out, format!(" {}", m.id.origin()), BODY_RGB);
    push(
        &mut out,
        format!(" {}", m.id.exactness().describe()),
        BODY_RGB,
    );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Options, Player};

    #[test]
    fn every_method_fits_the_panel() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes/vera/rings.ron");
        let mut p = Player::open(&path, &Options::default()).expect("scene");
        for _ in 0..40 {
            p.step(None);
        }
        let r = p.report().clone();
        for method in 0..r.methods.len() {
            let view = View {
                info: p.info(),
                report: &r,
                method,
                screen: collide::Screen {
                    w_px: 640,
                    h_px: 480,
                },
            };
            for rows in [LINES, 50] {
                let l = lines(&view, Overlays::ALL, rows);
                assert_eq!(l.len(), rows);
                assert!(l.iter().all(|(s, _)| s.chars().count() <= COLS), "{l:?}");
                assert!(l[0].0.starts_with("X16 rings"));
                assert!(
                    l.iter()
                        .any(|(s, _)| s.contains(r.methods[method].id.as_str()))
                );
                assert!(l[rows - 1].0.contains("h: keys"));
            }
        }
    }
}

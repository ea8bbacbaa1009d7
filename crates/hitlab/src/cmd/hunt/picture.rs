//! The picture of a finding: the frame as the window shows it, the pair marked, a caption.

use std::path::Path;

use collide::Object;
use scene::session::FrameReport;

use crate::Fault;
use crate::media::write_canvas_png;
use crate::play::{Options, Player};
use crate::view::canvas::{Canvas, Rect};
use crate::view::overlay::{FALSE_RGB, MISS_RGB};
use crate::view::{Overlays, View};

use super::judge::{Finding, Hunted};

/// The frame as the window shows it, at scale 2, with the pair outlined and joined: in
/// magenta for a miss, amber for a false alarm. For a routine, `routine_report` is the
/// written scene's frame with the routine run beside its Rust twin: the panel and the pair
/// overlay show the routine's row (its name, cycles, and its own hits, misses and false
/// alarms), not the twin's.
pub(super) fn picture(
    scene: &Path,
    png: &Path,
    hunted: &Hunted,
    objects: &[Object],
    finding: &Finding,
    routine_report: Option<&FrameReport>,
    caption: &str,
) -> Result<(), Fault> {
    let method = hunted.rule();
    let mut player = Player::open(
        scene,
        &Options {
            method,
            frames: None,
        },
    )?;
    player.scale = 2;
    player.overlays = Overlays::ALL;
    let at = player.panel_at();
    let view = match routine_report {
        Some(r) => View {
            info: player.info(),
            report: r,
            // The rows are the methods, then the routines: the routine's is the first
            // after the methods.
            method: r.methods.len(),
            screen: player.machine().screen(),
        },
        None => View {
            info: player.info(),
            report: player.report(),
            method: player.method,
            screen: player.machine().screen(),
        },
    };
    let mut c = crate::view::render(&player.picture(), &view, player.overlays, player.scale, at);
    // The panel's text goes into the PNG beside its picture, for whoever reads the file
    // without reading pixels.
    let panel: Vec<String> =
        crate::view::panel::lines(&view, player.overlays, crate::view::panel_rows(c.h, at))
            .into_iter()
            .map(|(l, _)| l.trim_end().to_owned())
            .collect();
    let s = player.machine().screen();
    let k = 2i64;
    c.set_clip(Rect::new(
        0,
        0,
        i64::from(s.w_px) * k,
        i64::from(s.h_px) * k,
    ));
    let finding_rgb = if finding.kind == "false alarm" {
        FALSE_RGB
    } else {
        MISS_RGB
    };
    if let Some((a, b)) = finding.pair {
        let centre = |o: &Object| {
            (
                (i64::from(o.bbox.x) * 2 + i64::from(o.bbox.w)) * k / 2,
                (i64::from(o.bbox.y) * 2 + i64::from(o.bbox.h)) * k / 2,
            )
        };
        let (oa, ob) = (objects.get(a as usize), objects.get(b as usize));
        for o in [oa, ob].into_iter().flatten() {
            let r = Rect::new(
                i64::from(o.bbox.x) * k - 3,
                i64::from(o.bbox.y) * k - 3,
                i64::from(o.bbox.w) * k + 6,
                i64::from(o.bbox.h) * k + 6,
            );
            c.outline(r, 2, finding_rgb);
        }
        if let (Some(oa), Some(ob)) = (oa, ob) {
            c.line(centre(oa), centre(ob), finding_rgb);
        }
    }
    c.reset_clip();
    let c = captioned(&c, &format!("hunt: {caption}"));
    let meta = vec![
        ("Title".to_owned(), player.info().name.clone()),
        ("Source".to_owned(), scene.display().to_string()),
        ("Panel".to_owned(), panel.join("\n").trim_end().to_owned()),
    ];
    write_canvas_png(png, &c, &meta)?;
    Ok(())
}

/// `c` with a strip below it saying what the hunt found, in words: the method's finding,
/// or for a routine image the routine's own.
pub(super) fn captioned(c: &Canvas, caption: &str) -> Canvas {
    let glyph = crate::view::text::GLYPH_PX;
    let cols = (c.w / glyph).saturating_sub(2).max(1);
    let lines = crate::view::text::wrap(caption, cols);
    let strip = (lines.len() + 1) * (glyph + 4);
    let mut out = Canvas::new(c.w, c.h + strip, 0x00_10_10_10);
    out.blit(c, 0, 0);
    for (i, line) in lines.iter().enumerate() {
        let y = c.h + glyph / 2 + i * (glyph + 4);
        crate::view::text::draw(&mut out, glyph as i64, y as i64, line, MISS_RGB);
    }
    out
}

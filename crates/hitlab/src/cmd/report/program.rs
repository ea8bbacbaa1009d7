//! `hitlab report` on a whole program (specs/programs.md, "What the user gets"): the
//! program's totals, a table of its handlers and spans against the frame budget, a chart of
//! their cycles frame by frame with the budget line, and the lag frames.

use std::fmt::Write as _;

use anyhow::Result;
use machine::program::FrameRecord;

use super::charts;
use super::html::{STYLE, escape, figure, num};
use super::series::{Track, track};
use super::timeline::{self, Tick};
use crate::cmd::program::{Played, text};
use crate::code_report::grouped;
use crate::view::Overlays;
use crate::view::canvas::Canvas;
use crate::view::layout::PanelAt;
use crate::view::picture::Picture;
use crate::view::program::ProgramInfo;

/// Per-frame numbers of a program run.
#[derive(Clone, Debug, Default)]
pub struct ProgramSeries {
    /// Frame numbers played.
    pub frames: Vec<u32>,
    /// Cycles of each handler source, in the order first seen.
    pub handlers: Vec<Track>,
    /// Cycles of each span.
    pub spans: Vec<Track>,
    /// CPU cycles of the call that ran each frame's display in which the CPU worked.
    pub frame_cycles: Track,
    /// Frames whose display began with a handler still running, and the lines it ran
    /// into the display.
    pub overruns: Vec<(u32, u32)>,
    /// Frames that lagged.
    pub lag: Vec<u32>,
    /// Frames with pixel truth pairs, and whether the chip's flag was set in them.
    pub truth_and_chip: Vec<(u32, bool, bool)>,
    /// Frames the chip's flag differs from pixel truth in, and frames it could not see
    /// the pairs in (collision masks sharing no bit).
    pub chip_differs: Vec<u32>,
    /// See `chip_differs`.
    pub chip_blind: Vec<u32>,
    /// Each frame on the timeline.
    pub ticks: Vec<Tick>,
    /// The pictures of the first miss and the first false alarm.
    pub pictures: Vec<Shown>,
}

/// A frame's picture on the page.
#[derive(Clone, Debug)]
pub struct Shown {
    /// What it shows ("the first miss").
    pub what: &'static str,
    /// The frame.
    pub frame: u32,
    /// The PNG as a `data:` URI.
    pub uri: String,
    /// The pairs and objects it outlines, in words.
    pub caption: String,
}

/// The chip's picture of each frame, kept until the frame's record arrives (the record of
/// frame `k` comes after the call that drew frame `k + 1`), and the pictures of the first
/// miss and first false alarm drawn with the window's overlays.
#[derive(Debug)]
pub struct Pictures {
    info: ProgramInfo,
    /// The picture of the frame after the last record's.
    next: Option<Picture>,
    miss: Option<Shown>,
    false_alarm: Option<Shown>,
}

impl Pictures {
    /// For the program `p`.
    #[must_use]
    pub fn new(p: &scene::program::LoadedProgram) -> Self {
        let name = p
            .path
            .file_name()
            .map_or_else(|| "program".into(), |n| n.to_string_lossy().into_owned());
        Self {
            info: ProgramInfo {
                name,
                title: String::new(),
                flag_name: "",
                end_frame: p.config.frames,
                rate_hz: 60,
                cycles_per_frame: 0,
                judged: !p.config.watches.is_empty(),
            },
            next: None,
            miss: None,
            false_alarm: None,
        }
    }

    /// Frame `r` is complete; `m` holds the picture of frame `r.frame + 1`.
    pub fn add(&mut self, r: &FrameRecord, m: &dyn machine::Machine) {
        let this = self.next.replace(Picture::of_machine(m));
        if self.info.title.is_empty() {
            self.info.title = m.title();
            self.info.flag_name = m.flag_name();
            self.info.rate_hz = m.frame_rate_hz();
        }
        let (Some(picture), Some(score)) = (this, scene::program::tally::score_frame(r)) else {
            return;
        };
        let wanted = [
            (score.by_pixel.1 > 0, &mut self.miss, "the first miss"),
            (
                score.by_pixel.2 > 0,
                &mut self.false_alarm,
                "the first false alarm",
            ),
        ];
        for (now, slot, what) in wanted {
            if now && slot.is_none() {
                let overlays = Overlays {
                    panel: false,
                    guides: false,
                    ..Overlays::ALL
                };
                let canvas = crate::view::program::render(
                    &picture,
                    r,
                    &self.info,
                    overlays,
                    ZOOM,
                    PanelAt::Right,
                );
                let canvas = around(&canvas, r, ZOOM);
                if let Ok(uri) = timeline::png_data_uri(&canvas) {
                    *slot = Some(Shown {
                        what,
                        frame: r.frame,
                        uri,
                        caption: caption(r),
                    });
                }
            }
        }
    }

    /// The pictures taken.
    #[must_use]
    pub fn done(self) -> Vec<Shown> {
        self.miss.into_iter().chain(self.false_alarm).collect()
    }
}

/// The pictures' scale: sprites are a few pixels of a 320-pixel screen.
const ZOOM: usize = 3;
/// Screen pixels shown around the pair and the marked objects.
const MARGIN_PX: i64 = 24;

/// The part of `c` (the frame drawn at `zoom`) around the objects in the frame's pixel
/// pairs and those the program marked, with a margin: where the reader has to look.
fn around(c: &Canvas, r: &FrameRecord, zoom: usize) -> Canvas {
    let objects = &r.objects.objects;
    let mut wanted: Vec<usize> = FrameRecord::objects_in(&r.pixel_pairs);
    wanted.extend(&r.decided_objects);
    let boxes: Vec<_> = wanted.iter().filter_map(|&o| objects.get(o)).collect();
    let (Some(x0), Some(y0), Some(x1), Some(y1)) = (
        boxes.iter().map(|o| i64::from(o.bbox.x)).min(),
        boxes.iter().map(|o| i64::from(o.bbox.y)).min(),
        boxes.iter().map(|o| o.bbox.x_end()).max(),
        boxes.iter().map(|o| o.bbox.y_end()).max(),
    ) else {
        return c.clone();
    };
    let k = zoom as i64;
    let (w, h) = (c.w as i64, c.h as i64);
    let left = ((x0 - MARGIN_PX) * k).clamp(0, w);
    let top = ((y0 - MARGIN_PX) * k).clamp(0, h);
    let right = ((x1 + MARGIN_PX) * k).clamp(left, w);
    let bottom = ((y1 + MARGIN_PX) * k).clamp(top, h);
    if right == left || bottom == top {
        return c.clone();
    }
    let mut out = Canvas::new((right - left) as usize, (bottom - top) as usize, 0);
    out.blit(c, -left, -top);
    out
}

/// The frame's pairs and marks in words, by object id.
fn caption(r: &FrameRecord) -> String {
    let id = |i: usize| r.objects.objects.get(i).map_or(i as u32, |o| o.id);
    let pairs: Vec<String> = r
        .pixel_pairs
        .iter()
        .map(|p| format!("{}-{}", id(p.a as usize), id(p.b as usize)))
        .collect();
    let marked: Vec<String> = r
        .decided_objects
        .iter()
        .map(|&o| id(o).to_string())
        .collect();
    format!(
        "pixel truth pairs {} (outlined: green when the program marked both, red when not);          the program marked {} (orange: marked but in no pair)",
        if pairs.is_empty() {
            "none".into()
        } else {
            pairs.join(", ")
        },
        if marked.is_empty() {
            "nothing".into()
        } else {
            marked.join(", ")
        }
    )
}

impl ProgramSeries {
    /// Adds one frame.
    pub fn add(&mut self, r: &FrameRecord) {
        let at = self.frames.len();
        self.frames.push(r.frame);
        for h in &r.handlers {
            track(&mut self.handlers, &h.name).set(at, Some(h.cycles.cycles));
        }
        for s in &r.spans {
            track(&mut self.spans, &s.name).set(at, Some(s.cycles.cycles));
        }
        // Busy cycles: a frame spent waiting for its interrupt is not over its budget.
        self.frame_cycles.name = "the frame (busy)".into();
        self.frame_cycles.set(at, Some(r.busy_cycles()));
        if let Some(o) = &r.overrun {
            self.overruns.push((r.frame, o.lines));
        }
        if r.lag {
            self.lag.push(r.frame);
        }
        match scene::program::tally::chip_vs_truth(r) {
            scene::program::tally::ChipVsTruth::Agrees => {}
            scene::program::tally::ChipVsTruth::Blind { .. } => self.chip_blind.push(r.frame),
            scene::program::tally::ChipVsTruth::Differs => self.chip_differs.push(r.frame),
        }
        self.ticks.push(Tick::of(r));
        let truth = !r.pixel_pairs.is_empty();
        if truth || r.verdict.collided {
            self.truth_and_chip
                .push((r.frame, truth, r.verdict.collided));
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Frames as a short list: `1-15, 40` (runs joined), at most `max` runs.
fn frame_runs(frames: &[u32], max: usize) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &f in frames {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == f => *end = f,
            _ => runs.push((f, f)),
        }
    }
    let mut parts: Vec<String> = runs
        .iter()
        .take(max)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if runs.len() > max {
        parts.push(format!("and {} more runs", runs.len() - max));
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// One row of the cycles table: its kind (`handler`, `span`, or none for the frame), its
/// per-frame cycles, its runs over the whole play (a handler can run several times in a
/// frame, a span none), which the mean is per, and its frames over budget when not those
/// over the budget line (the frame's: a call can end a few cycles past the frame without
/// being over, see [`scene::program::tally::Tally::over_budget`]).
type Row<'a> = (&'a str, &'a Track, u64, Option<usize>);

fn cycles_table(out: &mut String, tracks: &[Row<'_>], budget: u64) {
    out.push_str(
        "<table class=\"cycles\">\n<tr><th>handler / span</th><th>frames</th><th>mean cycles</th>\
         <th>max cycles</th><th>max of budget</th><th>frames over budget</th></tr>\n",
    );
    for (kind, t, runs, over) in tracks {
        let n = t.values.iter().flatten().count() as u64;
        let over =
            over.unwrap_or_else(|| t.values.iter().flatten().filter(|&&c| c > budget).count());
        let what = format!("{kind} {}", t.name);
        let _ = write!(out, "<tr><td>{}</td>", escape(what.trim_start()));
        num(out, &n.to_string(), false);
        num(out, &grouped(t.total() / (*runs).max(1)), false);
        let red = over > 0 && t.max() > budget;
        num(out, &grouped(t.max()), red);
        num(
            out,
            &format!("{:.1}%", t.max() as f64 * 100.0 / budget.max(1) as f64),
            red,
        );
        num(out, &over.to_string(), over > 0);
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

/// The page.
///
/// # Errors
/// A chart that cannot be drawn.
pub fn page(
    p: &scene::program::LoadedProgram,
    played: &Played,
    s: &ProgramSeries,
) -> Result<String> {
    let name = p
        .path
        .file_name()
        .map_or_else(|| "program".into(), |n| n.to_string_lossy().into_owned());
    let budget = played.cycles_per_frame;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>hitlab report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&name)
    );
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"sub\">{}, {} frames on {}; frame budget {} CPU cycles</p>\n</header>",
        escape(&name),
        escape(&p.path.display().to_string()),
        played.tally.frames,
        escape(&played.title),
        grouped(budget)
    );
    let failures = played.tally.failures(&p.expect);
    if !p.expect.is_empty() {
        out.push_str("<section id=\"expect\">\n<h2>Expectations</h2>\n");
        if failures.is_empty() {
            let _ = writeln!(out, "<p>All {} held.</p>", p.expect.len());
        } else {
            out.push_str("<ul class=\"differ\">\n");
            for f in &failures {
                let _ = writeln!(out, "<li>FAIL {}</li>", escape(f));
            }
            out.push_str("</ul>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("<section id=\"compare\">\n<h2>Comparison</h2>\n");
    let _ = writeln!(out, "<pre>{}</pre>", escape(text(p, played).trim_end()));
    let _ = writeln!(
        out,
        "<p>Pixel truth or the chip's flag ({}) in frames: {}</p>",
        escape(played.flag_name),
        escape(&frame_runs(
            &s.truth_and_chip.iter().map(|t| t.0).collect::<Vec<_>>(),
            20
        ))
    );
    let _ = writeln!(
        out,
        "<p class=\"differ\">Chip differs from pixel truth in frames: {}</p>",
        escape(&frame_runs(&s.chip_differs, 20))
    );
    if !s.chip_blind.is_empty() {
        let _ = writeln!(
            out,
            "<p>The chip could not see the pairs (collision masks sharing no bit) in frames: {}</p>",
            escape(&frame_runs(&s.chip_blind, 20))
        );
    }
    out.push_str("</section>\n<section id=\"timeline\">\n<h2>Frame by frame</h2>\n");
    figure(
        &mut out,
        "program-timeline",
        "timeline",
        "wide",
        &timeline::svg(&s.ticks),
        "Per frame: pixel truth pairs that count, the chip's flag and where it differs from \
         truth, the objects the program marked, its misses and false alarms against pixel \
         truth (grey: frame not judged), a handler still running when the display began, \
         lag. Darker: more pairs or objects (up to 4).",
    );
    for shown in &s.pictures {
        let _ = writeln!(
            out,
            "<figure class=\"shot\" data-kind=\"program-picture\"><img style=\"max-width: 100%; image-rendering: pixelated\" src=\"{}\" alt=\"{} (frame {})\"/>\n<figcaption>{}, frame {}: {}</figcaption></figure>",
            shown.uri,
            escape(shown.what),
            shown.frame,
            escape(&capitalised(shown.what)),
            shown.frame,
            escape(&shown.caption)
        );
    }
    out.push_str("</section>\n<section id=\"cycles\">\n<h2>Cycles per frame</h2>\n");
    let t = &played.tally;
    let runs = |m: &std::collections::BTreeMap<String, (u64, u64, u64)>, name: &str| {
        m.get(name).map_or(0, |r| r.0)
    };
    let mut rows: Vec<Row<'_>> = s
        .handlers
        .iter()
        .map(|h| ("handler", h, runs(&t.handlers, &h.name), None))
        .collect();
    rows.extend(
        s.spans
            .iter()
            .map(|sp| ("span", sp, runs(&t.spans, &sp.name), None)),
    );
    let frames = s.frame_cycles.values.iter().flatten().count() as u64;
    rows.push(("", &s.frame_cycles, frames, Some(t.over_budget.0 as usize)));
    cycles_table(&mut out, &rows, budget);
    if !s.overruns.is_empty() {
        let most = s.overruns.iter().map(|o| o.1).max().unwrap_or(0);
        let frames: Vec<u32> = s.overruns.iter().map(|o| o.0).collect();
        let _ = writeln!(
            out,
            "<p class=\"differ\">A handler was still running when the display began in {} frames ({}), up to {most} lines into it: the sprites it wrote after that are drawn from the line they landed on.</p>",
            frames.len(),
            escape(&frame_runs(&frames, 20))
        );
    }
    let mut lines: Vec<&Track> = s.handlers.iter().collect();
    lines.extend(s.spans.iter());
    if !lines.is_empty() {
        let most = lines.iter().map(|t| t.max()).max().unwrap_or(0);
        // Handlers far below the budget would be a flat line at its foot: the budget line
        // is left out and said in the caption, the scale is the handlers' own.
        let small = most.saturating_mul(4) < budget;
        let svg = charts::cycles(
            "handlers and spans",
            &s.frames,
            &lines,
            0,
            (!small).then_some(budget),
            charts::WIDE,
            charts::Legend::Right,
        )?;
        let over = lines.iter().any(|t| t.max() > budget);
        let caption = if small {
            format!(
                "CPU cycles of each interrupt handler (acknowledge to return) and span, frame by frame, on their own scale: the largest, {} cycles, is {:.1}% of the frame budget of {} cycles.",
                grouped(most),
                most as f64 * 100.0 / budget.max(1) as f64,
                grouped(budget)
            )
        } else {
            "CPU cycles of each interrupt handler (acknowledge to return) and span, frame by frame, against the frame budget.".to_owned()
        };
        figure(
            &mut out,
            "program-cycles",
            "handlers and spans",
            if over { "wide missed" } else { "wide" },
            &svg,
            &caption,
        );
    }
    out.push_str("</section>\n<section id=\"lag\">\n<h2>Lag frames</h2>\n");
    let _ = writeln!(
        out,
        "<p>{} of {} frames lagged: {}</p>",
        s.lag.len(),
        s.frames.len(),
        escape(&frame_runs(&s.lag, 40))
    );
    out.push_str("</section>\n<footer>hitlab report</footer>\n</body>\n</html>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_runs_join_neighbours() {
        assert_eq!(frame_runs(&[1, 2, 3, 7, 9, 10], 10), "1-3, 7, 9-10");
        assert_eq!(frame_runs(&[], 10), "none");
        assert_eq!(frame_runs(&[1, 3, 5], 2), "1, 3, and 1 more runs");
    }
}

//! `hitlab report` on a whole program (specs/programs.md, "What the user gets"): the
//! program's totals, a table of its handlers and spans against the frame budget, a chart of
//! their cycles frame by frame with the budget line, and the lag frames.

use std::fmt::Write as _;

use anyhow::Result;
use machine::program::FrameRecord;

use super::charts;
use super::html::{STYLE, escape, figure, num};
use super::series::{Track, track};
use crate::cmd::program::{Played, text};
use crate::code_report::grouped;

/// Per-frame numbers of a program run.
#[derive(Clone, Debug, Default)]
pub struct ProgramSeries {
    /// Frame numbers played.
    pub frames: Vec<u32>,
    /// Cycles of each handler source, in the order first seen.
    pub handlers: Vec<Track>,
    /// Cycles of each span.
    pub spans: Vec<Track>,
    /// CPU cycles of the call that ran each frame's display.
    pub frame_cycles: Track,
    /// Frames that lagged.
    pub lag: Vec<u32>,
    /// Frames with pixel truth pairs, and whether the chip's flag was set in them.
    pub truth_and_chip: Vec<(u32, bool, bool)>,
    /// Frames the chip's flag differs from pixel truth in, and frames it could not see
    /// the pairs in (collision masks sharing no bit).
    pub chip_differs: Vec<u32>,
    /// See `chip_differs`.
    pub chip_blind: Vec<u32>,
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
        self.frame_cycles.name = "the frame".into();
        self.frame_cycles.set(at, Some(r.cycles));
        if r.lag {
            self.lag.push(r.frame);
        }
        match scene::program::tally::chip_vs_truth(r) {
            scene::program::tally::ChipVsTruth::Agrees => {}
            scene::program::tally::ChipVsTruth::Blind { .. } => self.chip_blind.push(r.frame),
            scene::program::tally::ChipVsTruth::Differs => self.chip_differs.push(r.frame),
        }
        let truth = !r.pixel_pairs.is_empty();
        if truth || r.verdict.collided {
            self.truth_and_chip
                .push((r.frame, truth, r.verdict.collided));
        }
    }
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

fn cycles_table(out: &mut String, tracks: &[(&str, &Track)], budget: u64) {
    out.push_str(
        "<table class=\"cycles\">\n<tr><th>handler / span</th><th>frames</th><th>mean cycles</th>\
         <th>max cycles</th><th>max of budget</th><th>frames over budget</th></tr>\n",
    );
    for (kind, t) in tracks {
        let n = t.values.iter().flatten().count() as u64;
        let over = t.values.iter().flatten().filter(|&&c| c > budget).count();
        let what = format!("{kind} {}", t.name);
        let _ = write!(out, "<tr><td>{}</td>", escape(what.trim_start()));
        num(out, &n.to_string(), false);
        num(out, &grouped(t.total() / n.max(1)), false);
        num(out, &grouped(t.max()), t.max() > budget);
        num(
            out,
            &format!("{:.1}%", t.max() as f64 * 100.0 / budget.max(1) as f64),
            t.max() > budget,
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
    out.push_str("</section>\n<section id=\"cycles\">\n<h2>Cycles per frame</h2>\n");
    let mut rows: Vec<(&str, &Track)> = s.handlers.iter().map(|t| ("handler", t)).collect();
    rows.extend(s.spans.iter().map(|t| ("span", t)));
    rows.push(("", &s.frame_cycles));
    cycles_table(&mut out, &rows, budget);
    let mut lines: Vec<&Track> = s.handlers.iter().collect();
    lines.extend(s.spans.iter());
    if !lines.is_empty() {
        let svg = charts::cycles(
            "handlers and spans",
            &s.frames,
            &lines,
            0,
            Some(budget),
            charts::WIDE,
            charts::Legend::Right,
        )?;
        let over = lines.iter().any(|t| t.max() > budget);
        figure(
            &mut out,
            "program-cycles",
            "handlers and spans",
            if over { "wide missed" } else { "wide" },
            &svg,
            "CPU cycles of each interrupt handler (acknowledge to return) and span, frame by frame, against the frame budget.",
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

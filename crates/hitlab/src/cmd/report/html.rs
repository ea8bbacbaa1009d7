//! The page: the compare tables as HTML tables and the charts as inline SVG, in one file
//! with nothing outside it. It is also well-formed XML, so a plain XML reader can check it.

use std::fmt::Write as _;

use anyhow::Result;
use collide::MethodId;
use scene::summary::{MethodTotals, RoutineTotals, Summary};

use super::charts;
use super::series::Series;
use crate::code_report::grouped;

/// What the page is about.
#[derive(Debug)]
pub struct Heading<'a> {
    /// The scene's name.
    pub name: &'a str,
    /// The line under it: path, frames, machine.
    pub line: &'a str,
    /// What the machine's collision verdict is called ("S#0 bit 5 (C)").
    pub flag_name: &'a str,
}

pub(super) const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 24px auto; max-width: 1180px; color: #222; background: #fafafa; }
h1 { margin-bottom: 4px; }
h2 { margin-top: 36px; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
p.sub { margin-top: 0; color: #555; }
pre { background: #fff; border: 1px solid #ddd; padding: 8px 10px; overflow-x: auto; font-size: 13px; }
table { border-collapse: collapse; background: #fff; font-size: 13px; margin: 8px 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; }
th { background: #eee; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.bad { background: #fde2e2; color: #a00; font-weight: bold; }
td.good { color: #1a7a1a; }
div.bar { background: #eee; width: 120px; height: 10px; display: inline-block; vertical-align: middle; margin-left: 6px; position: relative; }
div.bar span { display: block; height: 10px; background: #1f77b4; }
div.bar span.over { background: #d62728; }
.grid { display: grid; grid-template-columns: repeat(2, 1fr); gap: 12px; }
figure { margin: 0; background: #fff; border: 1px solid #ddd; padding: 4px; }
figure.wide { margin-bottom: 12px; }
figure.missed { border: 2px solid #e06c00; }
figure svg { width: 100%; height: auto; display: block; }
figcaption { font-size: 12px; color: #555; padding: 2px 6px 4px; }
ul.notes { font-size: 13px; color: #444; }
footer { margin-top: 40px; font-size: 12px; color: #888; }
";

/// `&`, `<`, `>` and quotes as entities.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A total per frame as `compare` prints it.
fn per_frame(total: u64, frames: u32) -> String {
    if frames == 0 {
        return "0".into();
    }
    let x = total as f64 / f64::from(frames);
    if x >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// A right-aligned number cell, marked bad when `bad`.
pub(super) fn num(out: &mut String, text: &str, bad: bool) {
    let class = if bad { "n bad" } else { "n" };
    let _ = write!(out, "<td class=\"{class}\">{}</td>", escape(text));
}

/// Hits/misses/false alarms, marked bad on a miss.
fn tally(out: &mut String, hits: u64, misses: u64, false_alarms: u64) {
    num(out, &format!("{hits}/{misses}/{false_alarms}"), misses > 0);
}

/// The lines `compare` prints above its table: truth, hardware, cycles, walls.
fn preamble(s: &Summary, flag_name: &str) -> String {
    let text = crate::report::summary_text(s, flag_name);
    let head = text.split("\n\n").next().unwrap_or_default();
    let mut out = head.trim_end().to_owned();
    let walls = crate::code_report::walls_text(s);
    if !walls.trim().is_empty() {
        out.push('\n');
        out.push_str(walls.trim_end());
    }
    out
}

fn method_row(out: &mut String, id: MethodId, t: &MethodTotals, frames: u32) {
    let flag = id == MethodId::HwFlag;
    out.push_str("<tr>");
    let _ = write!(
        out,
        "<td>{}</td><td>{}</td>",
        escape(id.as_str()),
        escape(id.exactness().describe())
    );
    let pairs = if flag {
        format!("{}f", t.flag_frames)
    } else {
        t.pairs.to_string()
    };
    num(out, &pairs, false);
    if flag {
        // A flag reports no pairs: its "misses" are every pair, and say nothing.
        num(
            out,
            &format!("{}/{}/{}", t.box_hits, t.box_misses, t.box_false_alarms),
            false,
        );
        num(
            out,
            &format!(
                "{}/{}/{}",
                t.pixel_hits, t.pixel_misses, t.pixel_false_alarms
            ),
            false,
        );
        num(out, "-", false);
    } else {
        tally(out, t.box_hits, t.box_misses, t.box_false_alarms);
        tally(out, t.pixel_hits, t.pixel_misses, t.pixel_false_alarms);
        num(out, &t.good_bad_misses.to_string(), t.good_bad_misses > 0);
    }
    num(out, &per_frame(t.cost.seed_ops, frames), false);
    num(out, &per_frame(t.cost.comparisons, frames), false);
    out.push_str("</tr>\n");
}

fn methods_table(out: &mut String, s: &Summary) {
    out.push_str(
        "<table class=\"methods\">\n<tr><th>method</th><th>exact?</th><th>pairs</th>\
         <th>box hit/miss/false</th><th>pixel hit/miss/false</th><th>G-B miss</th>\
         <th>seed ops/f</th><th>compares/f</th></tr>\n",
    );
    for id in &s.order {
        method_row(out, *id, &s.methods[id], s.frames);
    }
    out.push_str("</table>\n");
}

/// The median's share of the frame as a number cell with a bar.
fn share_cell(out: &mut String, median: Option<u64>, frame: Option<u64>) {
    let (Some(m), Some(f)) = (median, frame.filter(|&f| f > 0)) else {
        num(out, "-", false);
        return;
    };
    let pct = m as f64 * 100.0 / f as f64;
    let over = pct > 100.0;
    let _ = write!(
        out,
        "<td class=\"n{}\">{pct:.1}%<div class=\"bar\"><span{} style=\"width: {:.1}%\"></span></div></td>",
        if over { " bad" } else { "" },
        if over { " class=\"over\"" } else { "" },
        pct.min(100.0)
    );
}

fn routine_row(out: &mut String, t: &RoutineTotals, s: &Summary) {
    let m = &t.totals;
    let stats = t.cycle_stats();
    out.push_str("<tr>");
    let _ = write!(out, "<td>{}</td>", escape(&t.name));
    num(out, &m.pairs.to_string(), false);
    tally(out, m.box_hits, m.box_misses, m.box_false_alarms);
    tally(out, m.pixel_hits, m.pixel_misses, m.pixel_false_alarms);
    if t.rust_compared == 0 {
        num(out, "-", false);
    } else {
        let same = u64::from(s.frames).saturating_sub(t.rust_disagreements);
        num(
            out,
            &format!("{same}/{}", s.frames),
            t.rust_disagreements > 0,
        );
    }
    let budget = s.cycles_per_frame;
    for pick in [
        |c: &scene::summary::CycleStats| c.median,
        |c: &scene::summary::CycleStats| c.p99,
        |c: &scene::summary::CycleStats| c.max,
    ] {
        let v = stats.as_ref().map(pick);
        num(
            out,
            &v.map_or_else(|| "-".into(), grouped),
            matches!((v, budget), (Some(v), Some(b)) if v > b),
        );
    }
    share_cell(out, stats.map(|c| c.median), budget);
    num(out, &t.errors.to_string(), t.errors > 0);
    out.push_str("</tr>\n");
}

fn routines_table(out: &mut String, s: &Summary) {
    let _ = writeln!(
        out,
        "<p>The methods as code for the machine's CPU, {} cycles per frame.</p>",
        s.cycles_per_frame.map_or_else(|| "?".into(), grouped)
    );
    out.push_str(
        "<table class=\"routines\">\n<tr><th>routine</th><th>pairs</th>\
         <th>box hit/miss/false</th><th>pixel hit/miss/false</th><th>= Rust</th>\
         <th>median</th><th>p99</th><th>max</th><th>share</th><th>errors</th></tr>\n",
    );
    for t in &s.routines {
        routine_row(out, t, s);
    }
    out.push_str("</table>\n");
    let mut notes = Vec::new();
    for t in &s.routines {
        if let Some((f, e)) = &t.first_error {
            notes.push(format!("{}: frame {f}: {e}", t.name));
        }
        if let Some(f) = t.first_rust_disagreement {
            notes.push(format!(
                "{}: differs from the Rust {} first on frame {f}",
                t.name, t.method
            ));
        }
        if t.duplicates > 0 || t.chip_too_fast > 0 {
            notes.push(format!(
                "{}: {} duplicate pairs, {} chip accesses faster than the chip allows",
                t.name, t.duplicates, t.chip_too_fast
            ));
        }
    }
    notes.push(
        "= Rust: frames on which the routine found exactly the pairs of the Rust method of \
         the same id; cycles per frame count the CALL and the return; share = median / frame."
            .into(),
    );
    out.push_str("<ul class=\"notes\">\n");
    for n in notes {
        let _ = writeln!(out, "<li>{}</li>", escape(&n));
    }
    out.push_str("</ul>\n");
}

/// One chart in its figure, which names what it shows for readers and tests alike.
pub(super) fn figure(
    out: &mut String,
    kind: &str,
    name: &str,
    class: &str,
    svg: &str,
    caption: &str,
) {
    let _ = writeln!(
        out,
        "<figure class=\"chart{}{class}\" data-kind=\"{kind}\" data-name=\"{}\">",
        if class.is_empty() { "" } else { " " },
        escape(name)
    );
    out.push_str(svg.trim());
    let _ = writeln!(
        out,
        "\n<figcaption>{}</figcaption>\n</figure>",
        escape(caption)
    );
}

/// The CPU cycles the whole frame took, where the machine counts them.
fn frame_cycles(out: &mut String, series: &Series, budget: Option<u64>) -> Result<()> {
    let t = &series.frame_cycles;
    let over = budget.map_or(0, |b| t.values.iter().flatten().filter(|&&c| c > b).count());
    let svg = charts::cycles(
        &format!("the whole frame: at most {}", grouped(t.max())),
        &series.frames,
        &[t],
        0,
        budget,
        charts::WIDE,
        charts::Legend::Right,
    )?;
    let caption = format!(
        "The CPU cycles each frame of the game took, {over} of {} frames over the budget.",
        series.frame_count()
    );
    figure(
        out,
        "frame-cycles",
        "the frame",
        if over > 0 { "wide missed" } else { "wide" },
        &svg,
        &caption,
    );
    Ok(())
}

fn cycles_section(out: &mut String, s: &Summary, series: &Series) -> Result<()> {
    out.push_str("<section id=\"cycles\">\n<h2>Cycles per frame</h2>\n");
    let budget = series.cycles_per_frame;
    if !series.frame_cycles.values.is_empty() {
        frame_cycles(out, series, budget)?;
    }
    if series.cycles.is_empty() {
        match s.walls.and_then(|w| w.measured) {
            Some(m) => {
                let _ = writeln!(
                    out,
                    "<p>No pair routine ran; the wall routines of \
                     <code>roms/vectrex/code/walls.bin</code> ran on the 6809 for {} wall \
                     decisions (their cycles are in <a href=\"#compare\">the comparison</a>'s \
                     walls lines).</p>\n</section>",
                    m.decisions + m.errors
                );
            }
            None => {
                out.push_str("<p>No target-code routine ran on this machine.</p>\n</section>\n");
            }
        }
        return Ok(());
    }
    let _ = writeln!(
        out,
        "<p>Each routine's CPU cycles on every frame, against the machine's frame budget \
         (the red line{}). A line above it would not fit in a frame.</p>",
        budget.map_or_else(String::new, |b| format!(", {} cycles", grouped(b)))
    );
    let all: Vec<_> = series.cycles.iter().collect();
    let svg = charts::cycles(
        "every routine",
        &series.frames,
        &all,
        0,
        budget,
        charts::WIDE,
        charts::Legend::Right,
    )?;
    figure(
        out,
        "cycles-all",
        "every routine",
        "wide",
        &svg,
        "All routines on one scale.",
    );
    out.push_str("<div class=\"grid\">\n");
    for (i, t) in series.cycles.iter().enumerate() {
        let stats = s.routines.iter().find(|r| r.name == t.name);
        let median = stats.and_then(RoutineTotals::cycle_stats).map(|c| c.median);
        let title = match (median, budget.filter(|&b| b > 0)) {
            (Some(m), Some(b)) => format!(
                "{}: median {} ({:.1}% of a frame)",
                t.name,
                grouped(m),
                m as f64 * 100.0 / b as f64
            ),
            (Some(m), None) => format!("{}: median {}", t.name, grouped(m)),
            (None, _) => format!("{}: never completed", t.name),
        };
        let svg = charts::cycles(
            &title,
            &series.frames,
            &[t],
            i,
            budget,
            charts::SMALL,
            charts::Legend::Inside,
        )?;
        let gaps = t.gaps(series.frame_count());
        let mut caption = if gaps == 0 {
            format!("{}: every frame completed", t.name)
        } else {
            format!(
                "{}: {gaps} of {} frames failed or did not run (gaps in the line)",
                t.name,
                series.frame_count()
            )
        };
        let over_frames =
            budget.map_or(0, |b| t.values.iter().flatten().filter(|&&c| c > b).count());
        if over_frames > 0 {
            let _ = write!(caption, "; over the budget on {over_frames} frames");
        }
        caption.push('.');
        let over = over_frames > 0;
        figure(
            out,
            "cycles",
            &t.name,
            if over { "missed" } else { "" },
            &svg,
            &caption,
        );
    }
    out.push_str("</div>\n</section>\n");
    Ok(())
}

fn misses_section(out: &mut String, s: &Summary, series: &Series) -> Result<()> {
    out.push_str("<section id=\"misses\">\n<h2>Misses per frame</h2>\n");
    out.push_str(
        "<p>Box-truth pairs each method missed on every frame (orange), over the pairs \
         box truth has (grey). A method that misses nothing stays on the floor.</p>\n\
         <div class=\"grid\">\n",
    );
    for t in &series.misses {
        let totals = s
            .order
            .iter()
            .find(|id| id.as_str() == t.name)
            .map(|id| (*id, &s.methods[id]));
        let flag = matches!(totals, Some((MethodId::HwFlag, _)));
        let title = if flag {
            format!("{}: a flag, no pairs", t.name)
        } else {
            format!(
                "{}: {} missed of {}",
                t.name,
                t.total(),
                series.box_truth.total()
            )
        };
        let svg = charts::misses(&title, &series.frames, t, &series.box_truth, charts::SMALL)?;
        let caption = match totals {
            Some((_, _)) if flag => {
                "The chip's flag names no pair, so every box-truth pair counts as missed."
                    .to_owned()
            }
            Some((_, m)) if m.frames_with_misses > 0 => format!(
                "Missed on {} of {} frames, first on frame {}.",
                m.frames_with_misses,
                series.frame_count(),
                m.first_miss_frame.unwrap_or(0)
            ),
            _ => "No box-truth pair missed.".to_owned(),
        };
        let missed = !flag && t.total() > 0;
        figure(
            out,
            "misses",
            &t.name,
            if missed { "missed" } else { "" },
            &svg,
            &caption,
        );
    }
    out.push_str("</div>\n</section>\n");
    Ok(())
}

/// The whole page.
pub fn page(h: &Heading<'_>, s: &Summary, series: &Series) -> Result<String> {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>hitlab report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(h.name)
    );
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"sub\">{}</p>\n</header>",
        escape(h.name),
        escape(h.line)
    );
    out.push_str("<section id=\"compare\">\n<h2>Comparison</h2>\n");
    let _ = writeln!(out, "<pre>{}</pre>", escape(&preamble(s, h.flag_name)));
    methods_table(&mut out, s);
    if !s.routines.is_empty() {
        out.push_str("<h3>Target code</h3>\n");
        routines_table(&mut out, s);
    }
    out.push_str("</section>\n");
    cycles_section(&mut out, s, series)?;
    misses_section(&mut out, s, series)?;
    out.push_str("<footer>hitlab report</footer>\n</body>\n</html>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
    }

    #[test]
    fn per_frame_matches_compare() {
        assert_eq!(per_frame(672 * 60, 60), "672");
        assert_eq!(per_frame(85, 1), "85.0");
        assert_eq!(per_frame(5, 0), "0");
    }
}

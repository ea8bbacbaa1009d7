//! The report's charts, drawn by plotters into SVG strings.

use anyhow::{Result, anyhow};
use plotters::prelude::*;

use super::series::Track;
use crate::code_report::grouped;

/// A small chart's size in pixels.
pub const SMALL: (u32, u32) = (560, 250);
/// The overview chart's size.
pub const WIDE: (u32, u32) = (1136, 320);

/// The frame budget line's colour (the test finds the line by it).
pub const BUDGET: RGBColor = RGBColor(0xD6, 0x27, 0x28);
/// Box-truth pairs, drawn behind a method's misses.
const TRUTH: RGBColor = RGBColor(0xA0, 0xA0, 0xA0);
/// A method's misses.
const MISS: RGBColor = RGBColor(0xE0, 0x6C, 0x00);

/// Line colours of the routines, in turn (none of them the budget's red).
const LINES: [RGBColor; 8] = [
    RGBColor(0x1F, 0x77, 0xB4),
    RGBColor(0x2C, 0xA0, 0x2C),
    RGBColor(0x94, 0x67, 0xBD),
    RGBColor(0x8C, 0x56, 0x4B),
    RGBColor(0x17, 0xBE, 0xCF),
    RGBColor(0xBC, 0xBD, 0x22),
    RGBColor(0xE3, 0x77, 0xC2),
    RGBColor(0x7F, 0x7F, 0x7F),
];

/// The colour of routine number `i`.
#[must_use]
pub fn line_colour(i: usize) -> RGBColor {
    LINES[i % LINES.len()]
}

/// The frames as an x range plotters can draw (at least one frame wide).
fn x_range(frames: &[u32]) -> std::ops::Range<u32> {
    let first = frames.first().copied().unwrap_or(0);
    let last = frames.last().copied().unwrap_or(first);
    first..last.max(first + 1)
}

/// Plotters' errors carry the backend's; only their words matter here.
fn drawing<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing a chart: {e}")
}

/// One line of values, broken at frames without one; a lone value is a dot.
fn draw_track<DB: DrawingBackend>(
    chart: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordu32, plotters::coord::types::RangedCoordu64>,
    >,
    runs: &[Vec<(u32, u64)>],
    colour: RGBColor,
    label: &str,
) -> Result<()> {
    let style = ShapeStyle::from(colour).stroke_width(2);
    for (i, run) in runs.iter().enumerate() {
        let series = if run.len() == 1 {
            chart
                .draw_series(run.iter().map(|&p| Circle::new(p, 2, style.filled())))
                .map_err(drawing)?
        } else {
            chart
                .draw_series(LineSeries::new(run.iter().copied(), style))
                .map_err(drawing)?
        };
        if i == 0 {
            series
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
        }
    }
    Ok(())
}

/// Where a chart's legend goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legend {
    /// In the plot's top right corner, above the lines (the y axis leaves room for it).
    Inside,
    /// Right of the plot, for a legend too long to sit above the lines.
    Right,
}

/// The legend's width in pixels for `labels` at 13 pixels (plotters' own estimate of a
/// glyph's width, plus the line sample and padding).
fn legend_width<'a>(labels: impl IntoIterator<Item = &'a str>) -> u32 {
    let chars = labels.into_iter().map(str::len).max().unwrap_or(0);
    u32::try_from(chars).unwrap_or(40).min(40) * 6 + 40
}

/// The top of a y axis with room above `max` for a legend inside the plot.
fn headroom(max: u64, legend: Legend) -> u64 {
    match legend {
        Legend::Inside => max + max / 2 + 1,
        Legend::Right => max + max / 10 + 1,
    }
}

/// A key of `entries` (label, colour) drawn down the left edge of `area`.
fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(String, RGBColor)],
) -> Result<()> {
    for (i, (label, colour)) in entries.iter().enumerate() {
        let y = 24 + 18 * i32::try_from(i).unwrap_or(0);
        area.draw(&PathElement::new(
            vec![(6, y), (26, y)],
            ShapeStyle::from(*colour).stroke_width(2),
        ))
        .map_err(drawing)?;
        area.draw(&Text::new(
            label.clone(),
            (32, y - 6),
            ("sans-serif", 13).into_font().color(&BLACK),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// Cycles per frame of `routines` against the machine's frame `budget`, one line each,
/// with colours from `first_colour` on.
pub fn cycles(
    title: &str,
    frames: &[u32],
    routines: &[&Track],
    first_colour: usize,
    budget: Option<u64>,
    size: (u32, u32),
    legend: Legend,
) -> Result<String> {
    let mut entries: Vec<(String, RGBColor)> = Vec::new();
    if let Some(b) = budget {
        entries.push((format!("frame budget {} cycles", grouped(b)), BUDGET));
    }
    for (i, t) in routines.iter().enumerate() {
        entries.push((t.name.clone(), line_colour(first_colour + i)));
    }
    let top = routines
        .iter()
        .map(|t| t.max())
        .chain(budget)
        .max()
        .unwrap_or(0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let (plot, key) = match legend {
            Legend::Inside => (root.clone(), None),
            Legend::Right => {
                let below = root.titled(title, ("sans-serif", 17)).map_err(drawing)?;
                let key_width = legend_width(entries.iter().map(|e| e.0.as_str()));
                let (plot, key) = below.split_horizontally(size.0.saturating_sub(key_width));
                (plot, Some(key))
            }
        };
        let mut builder = ChartBuilder::on(&plot);
        if legend == Legend::Inside {
            builder.caption(title, ("sans-serif", 17));
        }
        let mut chart = builder
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(62)
            .build_cartesian_2d(x_range(frames), 0u64..headroom(top, legend))
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc("frame")
            .y_desc("CPU cycles")
            .y_label_formatter(&|v| grouped(*v))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(drawing)?;
        if let Some(b) = budget {
            let x = x_range(frames);
            let style = ShapeStyle::from(BUDGET).stroke_width(2);
            chart
                .draw_series(LineSeries::new([(x.start, b), (x.end, b)], style))
                .map_err(drawing)?
                .label(entries[0].0.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
        }
        for (i, t) in routines.iter().enumerate() {
            draw_track(
                &mut chart,
                &t.runs(frames),
                line_colour(first_colour + i),
                &t.name,
            )?;
        }
        match key {
            Some(key) => draw_key(&key, &entries)?,
            None => chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.3))
                .label_font(("sans-serif", 13))
                .draw()
                .map_err(drawing)?,
        }
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// Runs of counts as steps: each frame's value held flat from that frame to the next.
fn steps(runs: &[Vec<(u32, u64)>]) -> Vec<Vec<(u32, u64)>> {
    runs.iter()
        .map(|run| {
            let mut out = Vec::with_capacity(run.len() * 2);
            for &(f, v) in run {
                if let Some(&(_, prev)) = out.last()
                    && prev != v
                {
                    out.push((f, v));
                    out.push((f + 1, v));
                    continue;
                }
                if out.is_empty() {
                    out.push((f, v));
                }
                out.push((f + 1, v));
            }
            out
        })
        .collect()
}

/// Box-truth misses per frame of one method, over the frame's box-truth pairs.
pub fn misses(
    title: &str,
    frames: &[u32],
    method: &Track,
    truth: &Track,
    size: (u32, u32),
) -> Result<String> {
    let top = method.max().max(truth.max()).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 17))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(
                {
                    // Each frame's count holds for the width of that frame.
                    let x = x_range(frames);
                    x.start..frames.last().map_or(x.end, |&l| x.end.max(l + 1))
                },
                0u64..headroom(top, Legend::Inside),
            )
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc("frame")
            .y_desc("pairs")
            .y_labels(
                usize::try_from(headroom(top, Legend::Inside))
                    .unwrap_or(10)
                    .min(10)
                    + 1,
            )
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(drawing)?;
        draw_track(
            &mut chart,
            &steps(&truth.runs(frames)),
            TRUTH,
            "box-truth pairs",
        )?;
        draw_track(&mut chart, &steps(&method.runs(frames)), MISS, "missed")?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_become_steps() {
        let runs = vec![vec![(0, 1), (1, 1), (2, 2), (3, 1)], vec![(7, 4)]];
        assert_eq!(
            steps(&runs),
            vec![
                vec![(0, 1), (1, 1), (2, 1), (2, 2), (3, 2), (3, 1), (4, 1)],
                vec![(7, 4), (8, 4)],
            ]
        );
    }
}

//! The program report's per-frame timeline and its pictures (specs/programs.md, "What the
//! user gets"): one strip per thing that happens in a frame (pixel truth pairs, the chip's
//! flag, the program's marks, misses, false alarms, handlers running into the display,
//! lag), frame by frame, so a run reads at a glance; and the chip's picture of the first
//! miss and of the first false alarm with the pair outlined, embedded as PNG.

use std::fmt::Write as _;

use machine::program::FrameRecord;
use scene::program::tally::{ChipVsTruth, chip_vs_truth, score_frame};

use super::html::escape;
use crate::view::canvas::Canvas;

/// One frame's marks on the timeline.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tick {
    /// Frame number.
    pub frame: u32,
    /// Pixel truth pairs among the pairs that count.
    pub truth: u32,
    /// The chip's collision flag set.
    pub chip: bool,
    /// The chip differs from truth (not blind).
    pub differs: bool,
    /// Objects the program marked.
    pub marked: u32,
    /// Pixel misses and false alarms; `None` when the frame is not judged.
    pub score: Option<(u32, u32)>,
    /// Lines a handler ran into the display.
    pub overrun: u32,
    /// The frame lagged.
    pub lag: bool,
}

impl Tick {
    /// The tick of `r`.
    #[must_use]
    pub fn of(r: &FrameRecord) -> Self {
        Self {
            frame: r.frame,
            truth: r.pixel_pairs.len() as u32,
            chip: r.verdict.collided,
            differs: matches!(chip_vs_truth(r), ChipVsTruth::Differs),
            marked: r.decided_objects.len() as u32,
            score: score_frame(r).map(|s| (s.by_pixel.1, s.by_pixel.2)),
            overrun: r.overrun.map_or(0, |o| o.lines),
            lag: r.lag,
        }
    }
}

const ROW_PX: usize = 16;
const LABEL_PX: usize = 150;
const PLOT_PX: usize = 1000;

/// The rows: name, colour, and whether (and how strongly, 0-1) a tick lights it; `None` for
/// a frame where the row does not apply (not judged).
type RowFn = fn(&Tick) -> Option<f64>;

fn rows() -> [(&'static str, &'static str, RowFn); 8] {
    [
        ("pixel truth pairs", "#3a7bd5", |t| {
            Some(f64::from(t.truth.min(4)) / 4.0)
        }),
        ("chip flag", "#555555", |t| {
            Some(f64::from(u8::from(t.chip)))
        }),
        ("chip differs", "#d62728", |t| {
            Some(f64::from(u8::from(t.differs)))
        }),
        ("program marked", "#2ca02c", |t| {
            t.score.map(|_| f64::from(t.marked.min(4)) / 4.0)
        }),
        ("misses", "#d62728", |t| {
            t.score.map(|s| f64::from(s.0.min(4)) / 4.0)
        }),
        ("false alarms", "#ff7f0e", |t| {
            t.score.map(|s| f64::from(s.1.min(4)) / 4.0)
        }),
        ("handler into display", "#9467bd", |t| {
            Some(f64::from(u8::from(t.overrun > 0)))
        }),
        ("lag", "#8c564b", |t| Some(f64::from(u8::from(t.lag)))),
    ]
}

/// The timeline as an SVG: a row per kind of event, a column per frame (darker for more
/// pairs or objects, up to 4), grey where the frame is not judged.
#[must_use]
pub fn svg(ticks: &[Tick]) -> String {
    let rows = rows();
    let n = ticks.len().max(1);
    let w = LABEL_PX + PLOT_PX + 10;
    let h = rows.len() * ROW_PX + 30;
    let col = PLOT_PX as f64 / n as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    for (i, (name, colour, lit)) in rows.iter().enumerate() {
        let y = i * ROW_PX;
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect x=\"{LABEL_PX}\" y=\"{y}\" width=\"{PLOT_PX}\" height=\"{}\" fill=\"#f4f4f4\"/>",
            LABEL_PX - 6,
            y + ROW_PX - 4,
            escape(name),
            ROW_PX - 2
        );
        // Runs of equal value drawn as one rectangle: a 36,000-frame run stays small.
        let mut at = 0;
        while at < ticks.len() {
            let v = lit(&ticks[at]);
            let mut end = at + 1;
            while end < ticks.len() && lit(&ticks[end]) == v {
                end += 1;
            }
            let x = LABEL_PX as f64 + at as f64 * col;
            let width = ((end - at) as f64 * col).max(0.5);
            match v {
                None => {
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x:.2}\" y=\"{y}\" width=\"{width:.2}\" height=\"{}\" fill=\"#cccccc\"><title>frames {}-{}: not judged</title></rect>",
                        ROW_PX - 2,
                        ticks[at].frame,
                        ticks[end - 1].frame
                    );
                }
                Some(o) if o > 0.0 => {
                    let _ = writeln!(
                        s,
                        "<rect x=\"{x:.2}\" y=\"{y}\" width=\"{width:.2}\" height=\"{}\" fill=\"{colour}\" fill-opacity=\"{:.2}\"><title>{}: frames {}-{}</title></rect>",
                        ROW_PX - 2,
                        0.35 + 0.65 * o,
                        escape(name),
                        ticks[at].frame,
                        ticks[end - 1].frame
                    );
                }
                Some(_) => {}
            }
            at = end;
        }
    }
    // Frame numbers under the rows: first, middle, last.
    let y = rows.len() * ROW_PX + 14;
    if let (Some(first), Some(last)) = (ticks.first(), ticks.last()) {
        let mid = &ticks[ticks.len() / 2];
        for (t, x, anchor) in [
            (first, LABEL_PX as f64, "start"),
            (
                mid,
                LABEL_PX as f64 + (ticks.len() / 2) as f64 * col,
                "middle",
            ),
            (last, (LABEL_PX + PLOT_PX) as f64, "end"),
        ] {
            let _ = writeln!(
                s,
                "<text x=\"{x:.1}\" y=\"{y}\" text-anchor=\"{anchor}\">frame {}</text>",
                t.frame
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// A canvas as a PNG `data:` URI.
///
/// # Errors
/// The encoder failed.
pub fn png_data_uri(c: &Canvas) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, c.w as u32, c.h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header()?;
        wr.write_image_data(&c.to_rgb_bytes())?;
        wr.finish()?;
    }
    Ok(format!("data:image/png;base64,{}", base64(&bytes)))
}

/// Standard base64 with padding (RFC 4648 section 4).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_follows_the_rfc_vectors() {
        // RFC 4648 section 10.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }
}

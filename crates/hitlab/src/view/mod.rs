//! The picture the window shows, made without a window: the target's frame at an integer
//! scale, the overlays, the text panel. The window, `hitlab shot` and `hitlab record` all
//! draw through [`render`], so a screenshot equals the window pixel for pixel. Nothing here
//! opens a window.

pub mod canvas;
pub mod guides;
pub mod layout;
pub mod overlay;
pub mod panel;
pub mod picture;
pub mod program;
pub mod text;
pub mod tube;

use collide::Screen;
use scene::session::FrameReport;

use canvas::{Canvas, Rect};
use guides::Guides;
use layout::PanelAt;
use picture::Picture;
use text::GLYPH_PX;

/// Panel background.
const PANEL_RGB: u32 = 0x181820;
/// Margin around the panel text.
const PANEL_PAD_PX: usize = 6;
/// Text line pitch.
const LINE_PX: usize = 10;
/// Panel width.
pub const PANEL_W_PX: usize = panel::COLS * GLYPH_PX + 2 * PANEL_PAD_PX;
/// Panel height.
pub const PANEL_H_PX: usize = panel::LINES * LINE_PX + 2 * PANEL_PAD_PX;

/// Which overlays are shown. `on` is the master switch (`o`); the others keep their state
/// while it is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlays {
    /// Master switch.
    pub on: bool,
    /// Object boxes by group.
    pub boxes: bool,
    /// The method's pairs against pixel truth.
    pub pairs: bool,
    /// The method's structure (bands, columns, quadrants, maps, strips).
    pub guides: bool,
    /// The text panel.
    pub panel: bool,
    /// The key list over the frame (window only).
    pub help: bool,
}

impl Overlays {
    /// Everything but the key list.
    pub const ALL: Self = Self {
        on: true,
        boxes: true,
        pairs: true,
        guides: true,
        panel: true,
        help: false,
    };
    /// Only the chip's frame.
    pub const NONE: Self = Self {
        on: false,
        ..Self::ALL
    };
}

/// What stays fixed while a scene plays.
#[derive(Clone, Debug)]
pub struct Info {
    /// The scene's name.
    pub name: String,
    /// The scene walks a labyrinth (its nodes are the structure overlay).
    pub labyrinth: bool,
    /// Frames per second.
    pub rate_hz: u32,
    /// Frames the scene plays.
    pub end_frame: u32,
    /// Object names by object index.
    pub names: Vec<String>,
    /// `columns` method: column slots.
    pub columns: u8,
    /// What gives the machine's collision answer, as the panel names it: "chip" for a
    /// sprite chip, the routine's name where there is none (the Vectrex's "Obj_Hit").
    pub flag_subject: String,
}

/// One frame to draw.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The scene.
    pub info: &'a Info,
    /// The frame.
    pub report: &'a FrameReport,
    /// Index of the selected row in the report's methods, then its routines.
    pub method: usize,
    /// The active area.
    pub screen: Screen,
}

/// The frame at `scale` with `overlays`; the panel, when shown, at `panel_at`.
#[must_use]
pub fn render(
    picture: &Picture,
    view: &View<'_>,
    overlays: Overlays,
    scale: usize,
    panel_at: PanelAt,
) -> Canvas {
    let frame = picture.scaled(scale);
    if !overlays.on {
        return frame;
    }
    let panel = overlays.panel.then_some(panel_at);
    let (w, h) = layout::canvas_size(frame.w, frame.h, panel);
    let mut c = Canvas::new(w, h, 0);
    c.blit(&frame, 0, 0);
    // The overlays go over the screen, wherever it lies on the picture (a vector tube is
    // larger than its screen), in screen pixels of `k` picture pixels.
    let k = picture.unit_px(scale);
    let (ox, oy) = picture.screen_origin_px();
    let (sw, sh) = (
        usize::from(view.screen.w_px) * k,
        usize::from(view.screen.h_px) * k,
    );
    let mut s = crop(&frame, ox, oy, sw, sh);
    draw_overlays(&mut s, view, overlays, k as i64);
    c.blit(&s, ox as i64, oy as i64);
    if overlays.help {
        c.set_clip(Rect::new(0, 0, frame.w as i64, frame.h as i64));
        help_box(&mut c, frame.w, frame.h, KEYS, &LEGEND);
        c.reset_clip();
    }
    if let Some(at) = panel {
        draw_panel(&mut c, (frame.w, frame.h), at, |rows| {
            panel::lines(view, overlays, rows)
        });
    }
    c
}

/// The lines of text the panel at `at` of a canvas `canvas_h_px` high has room for.
#[must_use]
pub fn panel_rows(canvas_h_px: usize, at: PanelAt) -> usize {
    let ph = match at {
        PanelAt::Right => canvas_h_px,
        PanelAt::Below => PANEL_H_PX,
    };
    ph.saturating_sub(2 * PANEL_PAD_PX) / LINE_PX
}

/// The text panel of a canvas holding a frame of `frame_px` (scaled), at `at`: the lines
/// `lines` gives for the rows the panel has room for.
fn draw_panel(
    c: &mut Canvas,
    frame_px: (usize, usize),
    at: PanelAt,
    lines: impl FnOnce(usize) -> Vec<panel::Line>,
) {
    let (x0, y0, pw, ph) = match at {
        PanelAt::Right => (frame_px.0, 0, PANEL_W_PX, c.h),
        PanelAt::Below => (0, frame_px.1, c.w, PANEL_H_PX),
    };
    c.fill(
        Rect::new(x0 as i64, y0 as i64, pw as i64, ph as i64),
        PANEL_RGB,
    );
    let pad = PANEL_PAD_PX as i64;
    for (i, (line, rgb)) in lines(panel_rows(c.h, at)).iter().enumerate() {
        text::draw(
            c,
            x0 as i64 + pad,
            y0 as i64 + pad + (i * LINE_PX) as i64,
            line,
            *rgb,
        );
    }
}

/// The `w` x `h` part of `src` from `(x, y)` (black where it runs off `src`).
fn crop(src: &Canvas, x: usize, y: usize, w: usize, h: usize) -> Canvas {
    let mut out = Canvas::new(w, h, 0);
    out.blit(src, -(x as i64), -(y as i64));
    out
}

/// The method's structure, the boxes and the pairs, over a screen drawn `k` times.
fn draw_overlays(c: &mut Canvas, view: &View<'_>, overlays: Overlays, k: i64) {
    let r = view.report;
    let method = r.shown(view.method);
    if let (true, Some(m)) = (overlays.guides, method) {
        Guides::of(m.id, &r.objects, view.screen, &r.verdict, view.info.columns).draw(
            c,
            view.screen,
            k,
            &r.objects,
        );
    }
    if overlays.guides && view.info.labyrinth {
        guides::labyrinth_nodes(c, view.screen, k);
    }
    if overlays.boxes {
        overlay::boxes(c, &r.objects, k);
    }
    if let (true, Some(m)) = (overlays.pairs, method) {
        let shown = overlay::in_scope(m.id, &m.vs_pixel, &r.objects);
        overlay::pairs(c, &r.objects, &shown, k);
    }
}

/// The window's keys for a scene, as `h` lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("space", "pause / play (restart at the end)"),
    (".", "one frame"),
    ("m M", "next / previous method"),
    ("o", "overlays on / off"),
    ("b 1", "boxes by group"),
    ("p 2", "pairs: hit miss false alarm"),
    ("g 3", "method structure"),
    ("t 4", "text panel"),
    ("s", "screenshot (PNG)"),
    ("r", "record GIF, start / stop"),
    ("arrows", "drive the scene's player"),
    ("h", "this list"),
    ("q Esc", "quit"),
];

/// The colours of the overlays, as the help box explains them. Grey boxes are Art and the
/// targets already hit (seed 004's hit pattern), which never collide again.
pub(crate) const LEGEND: [(&str, u32); 7] = [
    ("Good box", overlay::GOOD_RGB),
    ("Bad box", overlay::BAD_RGB),
    ("Art or already hit: never collides", overlay::ART_RGB),
    ("hit (found, pixel truth)", overlay::HIT_RGB),
    ("miss (truth, not found)", overlay::MISS_RGB),
    ("false alarm (found only)", overlay::FALSE_RGB),
    ("method structure", guides::GUIDE_RGB),
];

/// Columns the keys take before their meaning.
const KEY_COLS: usize = 7;

/// The help box's size in pixels: wide enough for its longest line.
fn help_box_size(keys: &[(&str, &str)], legend: &[(&str, u32)]) -> (usize, usize) {
    let key_cols = keys.iter().map(|(_, what)| KEY_COLS + what.chars().count());
    // A legend line is a 16-px swatch, then its text.
    let legend_cols = legend.iter().map(|(what, _)| 2 + what.chars().count());
    let cols = key_cols.chain(legend_cols).max().unwrap_or(0);
    let lines = keys.len() + legend.len() + 1;
    (cols * GLYPH_PX + 16, lines * LINE_PX + 12)
}

/// The key list `keys` and the colour legend `legend`, in a box over the frame.
pub(crate) fn help_box(
    c: &mut Canvas,
    frame_w: usize,
    frame_h: usize,
    keys: &[(&str, &str)],
    legend: &[(&str, u32)],
) {
    let (bw, bh) = help_box_size(keys, legend);
    let x0 = (frame_w.saturating_sub(bw) / 2) as i64;
    let y0 = (frame_h.saturating_sub(bh) / 2) as i64;
    let r = Rect::new(x0, y0, bw as i64, bh as i64);
    c.shade(r, 0x000000, 208);
    c.outline(r, 1, 0xFFFFFF);
    let (x, mut y) = (x0 + 8, y0 + 6);
    for (key, what) in keys {
        text::draw(c, x, y, key, 0xFFE060);
        text::draw(c, x + (KEY_COLS * GLYPH_PX) as i64, y, what, 0xFFFFFF);
        y += LINE_PX as i64;
    }
    y += LINE_PX as i64;
    for (what, rgb) in legend {
        c.fill(Rect::new(x, y, 12, 7), *rgb);
        text::draw(c, x + 16, y, what, 0xFFFFFF);
        y += LINE_PX as i64;
    }
}

/// Lines of text in a box at the frame's top left (the program's CPU, sprite table or
/// watches), as many as the frame has room for.
pub(crate) fn text_box(c: &mut Canvas, frame_w: usize, frame_h: usize, lines: &[panel::Line]) {
    let rows = frame_h.saturating_sub(12) / LINE_PX;
    let shown = &lines[..lines.len().min(rows)];
    let cols = shown
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let bw = (cols * GLYPH_PX + 16).min(frame_w);
    let bh = shown.len() * LINE_PX + 12;
    let r = Rect::new(0, 0, bw as i64, bh as i64);
    c.shade(r, 0x000000, 208);
    c.outline(r, 1, 0xFFFFFF);
    for (i, (line, rgb)) in shown.iter().enumerate() {
        text::draw(c, 8, 6 + (i * LINE_PX) as i64, line, *rgb);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_box_holds_its_longest_line() {
        for (keys, legend) in [(KEYS, &LEGEND[..]), (program::KEYS, &program::LEGEND[..])] {
            let (w, _) = help_box_size(keys, legend);
            let inner = w - 16;
            for (_, what) in keys {
                assert!((KEY_COLS + what.len()) * GLYPH_PX <= inner, "{what}");
            }
            for (what, _) in legend {
                assert!(16 + what.len() * GLYPH_PX <= inner, "{what}");
            }
        }
    }
}

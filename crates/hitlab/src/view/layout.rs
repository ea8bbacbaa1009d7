//! Where the panel goes and how large the frame is drawn, so that the whole picture (frame
//! and panel) fits the display the window opens on. The panel is never the part that is
//! lost: it goes to the right of the frame when both fit side by side, below it when only
//! that fits, and the frame is drawn smaller until one of the two does.
//!
//! The display's size comes from `HITLAB_DISPLAY` (`WIDTHxHEIGHT`, e.g. `1920x1080`). The
//! window asks the X server otherwise (`crate::window::display`); pictures written to
//! files, and a window whose X server does not say, are fitted to 1280x1024, the smallest
//! display a user of these machines' tools still meets, so the same command writes the
//! same file on any machine.

use super::{PANEL_H_PX, PANEL_W_PX};

/// The display a picture is fitted to when `HITLAB_DISPLAY` does not name one.
pub const DEFAULT_DISPLAY_PX: (usize, usize) = (1280, 1024);

/// What a window manager takes from the display around a window: its border on each
/// side, and the title bar above it.
pub const DECORATION_PX: (usize, usize) = (16, 40);

/// Largest scale chosen by itself (a larger one only when asked with `--scale`).
pub const MAX_AUTO_SCALE: usize = 4;

/// Where the text panel is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelAt {
    /// To the right of the frame.
    Right,
    /// Below the frame.
    Below,
}

/// The canvas size of a frame of `frame_w_px` x `frame_h_px` (already scaled) with the
/// panel at `panel`, or without a panel.
#[must_use]
pub fn canvas_size(frame_w_px: usize, frame_h_px: usize, panel: Option<PanelAt>) -> (usize, usize) {
    match panel {
        None => (frame_w_px, frame_h_px),
        Some(PanelAt::Right) => (frame_w_px + PANEL_W_PX, frame_h_px.max(PANEL_H_PX)),
        Some(PanelAt::Below) => (frame_w_px.max(PANEL_W_PX), frame_h_px + PANEL_H_PX),
    }
}

/// The room a window has on a display of `display_px`, decorations taken off.
#[must_use]
pub fn room_px(display_px: (usize, usize)) -> (usize, usize) {
    (
        display_px.0.saturating_sub(DECORATION_PX.0),
        display_px.1.saturating_sub(DECORATION_PX.1),
    )
}

/// Where the panel goes for a frame of `frame_px` (scaled) in `room`: right when that
/// fits, below when only that fits; when neither fits, the side that loses less.
#[must_use]
pub fn panel_at(frame_px: (usize, usize), room: (usize, usize)) -> PanelAt {
    let fits = |at| {
        let (w, h) = canvas_size(frame_px.0, frame_px.1, Some(at));
        w <= room.0 && h <= room.1
    };
    if fits(PanelAt::Right) {
        return PanelAt::Right;
    }
    if fits(PanelAt::Below) {
        return PanelAt::Below;
    }
    // Neither fits: keep the panel where more of the picture stays on the display.
    let lost = |at| {
        let (w, h) = canvas_size(frame_px.0, frame_px.1, Some(at));
        w.saturating_sub(room.0) * h + h.saturating_sub(room.1) * w
    };
    if lost(PanelAt::Below) < lost(PanelAt::Right) {
        PanelAt::Below
    } else {
        PanelAt::Right
    }
}

/// The largest scale up to [`MAX_AUTO_SCALE`] at which the frame (`frame_at(scale)` gives
/// its size) and the panel fit `room`, side by side or one above the other; 1 when even
/// that does not fit.
#[must_use]
pub fn fit_scale(frame_at: impl Fn(usize) -> (usize, usize), room: (usize, usize)) -> usize {
    (1..=MAX_AUTO_SCALE)
        .rev()
        .find(|&k| {
            let f = frame_at(k);
            let (w, h) = canvas_size(f.0, f.1, Some(panel_at(f, room)));
            w <= room.0 && h <= room.1
        })
        .unwrap_or(1)
}

/// Why `HITLAB_DISPLAY` could not be read.
#[derive(Debug)]
pub struct BadDisplay(String);

impl std::fmt::Display for BadDisplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "HITLAB_DISPLAY={:?}: expected WIDTHxHEIGHT in pixels, e.g. 1920x1080",
            self.0
        )
    }
}

impl std::error::Error for BadDisplay {}

/// Parses `WIDTHxHEIGHT`.
///
/// # Errors
/// Anything else, or a side under 64 px.
pub fn parse_display(s: &str) -> Result<(usize, usize), BadDisplay> {
    let bad = || BadDisplay(s.to_owned());
    let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if w < 64 || h < 64 {
        return Err(bad());
    }
    Ok((w, h))
}

/// The display pictures are fitted to: `HITLAB_DISPLAY`, or [`DEFAULT_DISPLAY_PX`] (with
/// a warning when `HITLAB_DISPLAY` is set but is no `WIDTHxHEIGHT`).
#[must_use]
pub fn display_px() -> (usize, usize) {
    match std::env::var("HITLAB_DISPLAY") {
        Ok(s) if !s.trim().is_empty() => parse_display(&s).unwrap_or_else(|e| {
            eprintln!(
                "hitlab: {e}; fitting to {}x{}",
                DEFAULT_DISPLAY_PX.0, DEFAULT_DISPLAY_PX.1
            );
            DEFAULT_DISPLAY_PX
        }),
        _ => DEFAULT_DISPLAY_PX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_goes_right_when_it_fits_and_below_when_only_that_fits() {
        // By hand: the panel is 40 columns of 8 px + 2 * 6 = 332 wide, 30 lines of
        // 10 px + 12 = 312 high; a 1280x1024 display leaves 1264x984.
        assert_eq!((PANEL_W_PX, PANEL_H_PX), (332, 312));
        let room = room_px((1280, 1024));
        assert_eq!(room, (1264, 984));
        // 932 + 332 = 1264: just fits beside.
        assert_eq!(panel_at((932, 600), room), PanelAt::Right);
        // 933 + 332 = 1265: one pixel too wide beside; 600 + 312 = 912 fits below.
        assert_eq!(panel_at((933, 600), room), PanelAt::Below);
    }

    #[test]
    fn a_genesis_frame_fits_1280x1024_at_scale_3_with_its_panel_below() {
        // 320x224: x4 is 1280 + 332 wide beside (too wide), 896 + 312 = 1208 high below
        // (too high); x3 is 960 + 332 = 1292 beside (too wide), 672 + 312 = 984 below:
        // fits exactly.
        let room = room_px((1280, 1024));
        let k = fit_scale(|k| (320 * k, 224 * k), room);
        assert_eq!(k, 3);
        assert_eq!(panel_at((960, 672), room), PanelAt::Below);
        // A larger display lets it grow: 1920x1080 leaves 1904x1040, x4 beside is
        // 1612 wide and 896 high.
        assert_eq!(fit_scale(|k| (320 * k, 224 * k), room_px((1920, 1080))), 4);
    }

    #[test]
    fn the_display_is_read_as_width_by_height() {
        assert_eq!(parse_display("1920x1080").unwrap(), (1920, 1080));
        assert_eq!(parse_display(" 800X600 ").unwrap(), (800, 600));
        for bad in ["", "1920", "x1080", "1920x", "axb", "10x10", "-1x600"] {
            assert!(parse_display(bad).is_err(), "{bad:?}");
        }
    }
}

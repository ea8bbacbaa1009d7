//! Phase 1, the per-line sprite scan: which visited entries cover the line (by their
//! cached Y and height), and the sprite-count limit (16 in H32, 20 in H40). Finding one
//! more sprite in range than the limit sets status bit 6; that sprite and every later one
//! in range are not drawn on the line (CMD: "parses the 21st sprite"; GPGX R 4511-4514;
//! BE 955-958, 976-979). The pixel budget never sets bit 6 (BE since ea0f3c7, GPGX).
//!
//! The scan is answered from an index of the link list built when the frame starts and
//! again after any write to the sprite table during the frame (`frame.rs`), which is
//! equivalent to walking the list on every line; the index keeps link order within a
//! line.

use super::link::{LinkList, MAX_VISITS};
use crate::registers::VMode;

/// Tallest sprite in lines.
const MAX_SPRITE_LINES: usize = 32;
/// Most active lines.
const MAX_LINES: usize = VMode::V30.height_px() as usize;

/// Visit numbers in range of each active line, in link order.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// `start[l]..start[l + 1]` indexes `entries` for line `l`.
    start: [u16; MAX_LINES + 1],
    entries: [u8; MAX_VISITS * MAX_SPRITE_LINES],
    lines: usize,
}

impl Default for LineIndex {
    fn default() -> Self {
        Self {
            start: [0; MAX_LINES + 1],
            entries: [0; MAX_VISITS * MAX_SPRITE_LINES],
            lines: 0,
        }
    }
}

/// The result of scanning one line.
#[derive(Clone, Copy, Debug)]
pub struct LineScan<'a> {
    /// Visits the chip will fetch and draw on this line (at most the limit).
    pub listed: &'a [u8],
    /// Visits in range beyond the limit: not drawn. Non-empty means status bit 6.
    pub dropped: &'a [u8],
}

impl LineScan<'_> {
    /// The sprite-count limit was exceeded on this line.
    #[must_use]
    pub fn overflow(&self) -> bool {
        !self.dropped.is_empty()
    }
}

impl LineIndex {
    /// Indexes `list` for lines `0..height` (a counting sort by line).
    pub fn build(&mut self, list: &LinkList, height: u16) {
        let lines = usize::from(height).min(MAX_LINES);
        self.lines = lines;
        let mut count = [0u16; MAX_LINES + 1];
        for v in list.visits() {
            let (top, bottom) = clip_lines(v.y_px, v.h_px, lines);
            for c in &mut count[top..bottom] {
                *c += 1;
            }
        }
        let mut acc = 0u16;
        for (start, &n) in self.start.iter_mut().zip(&count).take(lines + 1) {
            *start = acc;
            acc += n;
        }
        let mut fill = self.start;
        for (i, v) in list.visits().iter().enumerate() {
            let (top, bottom) = clip_lines(v.y_px, v.h_px, lines);
            for f in &mut fill[top..bottom] {
                self.entries[usize::from(*f)] = i as u8;
                *f += 1;
            }
        }
    }

    /// Scans line `line` against the per-line `limit`.
    #[must_use]
    pub fn scan(&self, line: u16, limit: usize) -> LineScan<'_> {
        let l = usize::from(line);
        if l >= self.lines {
            return LineScan {
                listed: &[],
                dropped: &[],
            };
        }
        let all = &self.entries[usize::from(self.start[l])..usize::from(self.start[l + 1])];
        let split = all.len().min(limit);
        LineScan {
            listed: &all[..split],
            dropped: &all[split..],
        }
    }
}

/// Active lines `top..bottom` a sprite covers; empty when it covers none.
fn clip_lines(y_px: i32, h_px: u16, lines: usize) -> (usize, usize) {
    let top = y_px.clamp(0, lines as i32) as usize;
    let bottom = (y_px + i32::from(h_px)).clamp(0, lines as i32) as usize;
    (top, bottom.max(top))
}

//! The steady-state path: one pass from the frame's objects straight into the strips.
//!
//! Frames of a game are alike: the boxes of this frame fit, with a little room, the strip
//! layout of the last one, and each strip holds about as many boxes as it did. So the last
//! frame's layout and per-strip counts (plus slack) are taken as given, and one pass reads
//! every object, checks it, converts it to 16-bit lane coordinates and writes it into its
//! strips, tracking the frame's true bounds and the strips' true counts as it goes. If the
//! bounds leave the layout or a strip outgrows its room, the pass is thrown away and the
//! frame is redone from scratch (`Strips::run`): the result is exact either way, only the
//! time differs. Indices are clamped, so a thrown-away pass cannot write out of bounds.

use crate::cost::Cost;
use crate::object::Object;

use super::lanes::Rec;
use super::strips::{Layout, Strips};

impl Strips<u16> {
    /// Stages the frame with last frame's layout; `None` when it does not fit (nothing is
    /// counted in `cost` then). With fewer than two boxes the layout has no strips.
    pub fn stage_fused(&mut self, objects: &[Object], cost: &mut Cost) -> Option<Layout> {
        let l = self.guess?;
        if self.caps.len() != l.strips + 1 {
            return None;
        }
        let (outside, kept) = self.fill(objects, &l);
        if kept < 2 {
            self.guess = None;
            return Some(Layout { strips: 0, ..l });
        }
        if outside {
            return None;
        }
        let mut copies = 0u64;
        let mut used = 0usize;
        self.counts.clear();
        let ends = &self.cursor[..l.strips + 1];
        for ((&end, &start), &cap) in ends.iter().zip(&self.starts).zip(&self.caps) {
            let count = end - start;
            if count > cap {
                return None;
            }
            copies += u64::from(count);
            used += usize::from(count != 0);
            self.counts.push(count);
        }
        cost.list_writes += copies;
        if l.still_suits(copies, kept, used) {
            self.remember(l);
        } else {
            self.guess = None;
        }
        Some(l)
    }

    /// The single pass: every object read once, kept boxes written into their strips.
    /// Returns whether some kept box fell outside the layout, and how many were kept.
    ///
    /// No index is clamped and none can go out of bounds: strip indices come from 16-bit
    /// coordinates and `cursor` covers every 16-bit strip (strips past the layout point
    /// past all regions), and `recs` has room for every object past the last region.
    fn fill(&mut self, objects: &[Object], l: &Layout) -> (bool, usize) {
        let k = l.shift;
        let every_strip = (1usize << 16 >> k) + 2;
        self.starts.clear();
        let mut sum = 0u32;
        for &cap in &self.caps {
            self.starts.push(sum);
            sum += cap + 1;
        }
        self.starts.push(sum);
        self.cursor.clear();
        self.cursor
            .extend_from_slice(&self.starts[..self.caps.len()]);
        self.cursor.resize(every_strip.max(self.caps.len()), sum);
        let room = sum as usize + objects.len() + 1;
        if self.recs.len() < room {
            self.recs.resize(room, Rec::default());
        }
        let strip_h = 1u32 << k;
        let (cursor, recs) = (&mut self.cursor[..], &mut self.recs[..]);
        let (mut reach_x, mut reach_y) = (0i64, 0i64);
        let mut kept = 0usize;
        for (i, o) in objects.iter().enumerate() {
            let bx = o.bbox;
            let keep = o.collides() & (bx.w != 0) & (bx.h != 0);
            kept += usize::from(keep);
            let rx = i64::from(bx.x) - l.min_x;
            let ry = i64::from(bx.y) - l.min_y;
            let rx1 = rx + i64::from(bx.w);
            let ry1 = ry + i64::from(bx.h);
            // In the layout iff every bit of these lies below x_bits / y_bits (a negative
            // coordinate sets them all); dropped boxes do not count.
            let mask = -i64::from(keep);
            reach_x |= (rx | rx1) & mask;
            reach_y |= (ry | ry1) & mask;
            let top = ry as u16;
            let s0 = usize::from(top >> k);
            let s1 = usize::from(top.wrapping_add(bx.h).wrapping_sub(1) >> k);
            let rec = Rec::<u16> {
                x: (rx as u32 & 0xffff) | (rx1 as u32) << 16,
                y: (ry as u32 & 0xffff) | (ry1 as u32) << 16,
                idx: i as u32,
            };
            let live = u32::from(keep);
            recs[cursor[s0] as usize] = rec;
            cursor[s0] += live;
            if u32::from(bx.h) <= strip_h {
                // The second strip's copy, kept only when the box crosses into it.
                recs[cursor[s0 + 1] as usize] = rec;
                cursor[s0 + 1] += live & u32::from(s1 > s0);
            } else if keep {
                for s in s0 + 1..=s1 {
                    recs[cursor[s] as usize] = rec;
                    cursor[s] += 1;
                }
            }
        }
        let outside = (reach_x as u64) >> l.x_bits != 0 || (reach_y as u64) >> l.y_bits != 0;
        (outside, kept)
    }
}

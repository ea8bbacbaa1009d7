//! Which hardware sprites make one object of a program's frame (specs/programs.md, "What
//! the harness observes"): by sprite number ranges, by attribute (palette, pattern, VERA
//! collision mask, as the chip read them this frame), or one object per visible sprite.
//!
//! The chip's sprite view ([`SpriteView`]) is the only input, so the objects are what the
//! chip drew, in the chip's own numbering: an object's id is its lowest sprite number.

use std::ops::RangeInclusive;
use std::sync::Arc;

use collide::{Group, Object, OpaqueMask, PxBox};

use crate::view::{MaskPool, SpriteView};

/// One rule: the sprites it selects belong to `group`; `merge` makes them one object (a
/// metasprite), otherwise each is an object of its own. A sprite is selected when its
/// number is in `sprites` and every attribute given matches (a program telling enemies
/// by their palette or bitmap, or a hit by a cleared collision mask).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectRule {
    /// Sprite numbers, inclusive.
    pub sprites: RangeInclusive<u32>,
    /// The palette ([`crate::SpriteFields::palette`]) equals this.
    pub palette: Option<u8>,
    /// The pattern ([`crate::SpriteFields::pattern`]) lies in this range.
    pub pattern: Option<RangeInclusive<u32>>,
    /// The collision mask ([`crate::SpriteFields::collision_mask`]) equals this.
    pub collision_mask: Option<u8>,
    /// The object's group.
    pub group: Group,
    /// All the visible sprites selected form one object.
    pub merge: bool,
}

impl ObjectRule {
    /// Sprites `sprites` in `group`, chosen by number alone.
    #[must_use]
    pub const fn by_number(sprites: RangeInclusive<u32>, group: Group, merge: bool) -> Self {
        Self {
            sprites,
            palette: None,
            pattern: None,
            collision_mask: None,
            group,
            merge,
        }
    }

    /// Whether the rule selects `s`, or the name of the attribute it chooses by that the
    /// chip's sprites lack.
    fn selects(&self, s: &SpriteView) -> Result<bool, &'static str> {
        let f = &s.fields;
        let mut selected = self.sprites.contains(&s.number);
        if let Some(palette) = self.palette {
            selected &= f.palette.ok_or("palette")? == palette;
        }
        if let Some(pattern) = &self.pattern {
            selected &= pattern.contains(&f.pattern.ok_or("pattern")?);
        }
        if let Some(mask) = self.collision_mask {
            selected &= f.collision_mask.ok_or("collision_mask")? == mask;
        }
        Ok(selected)
    }
}

/// A rule chooses by an attribute the machine's sprites do not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "objects.rules[{rule}] chooses sprites by {field}, which this machine's sprites do not have"
)]
pub struct ObjectsError {
    /// The rule's index.
    pub rule: usize,
    /// The attribute.
    pub field: &'static str,
}

/// How objects are built from the sprite view: the first rule naming a sprite decides;
/// sprites no rule names are one object each in `default_group`, or left out when
/// `default_group` is `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectRules {
    /// The rules, first match wins.
    pub rules: Vec<ObjectRule>,
    /// The group of sprites no rule names (`None`: they are not objects).
    pub default_group: Option<Group>,
}

impl Default for ObjectRules {
    /// One object per visible sprite, all Good (every pair can collide).
    fn default() -> Self {
        Self {
            rules: Vec::new(),
            default_group: Some(Group::Good),
        }
    }
}

/// The objects of one frame and the sprites each was built from.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FrameObjects {
    /// The objects, in order of their lowest sprite number.
    pub objects: Vec<Object>,
    /// For each object, its sprite numbers.
    pub sprites: Vec<Vec<u32>>,
}

impl Clone for FrameObjects {
    fn clone(&self) -> Self {
        Self {
            objects: self.objects.clone(),
            sprites: self.sprites.clone(),
        }
    }

    /// Field by field, so that the lists keep their storage (the harness copies a frame's
    /// objects into the next frame's record when the sprite view is the same).
    fn clone_from(&mut self, source: &Self) {
        self.objects.clone_from(&source.objects);
        self.sprites.clone_from(&source.sprites);
    }
}

impl FrameObjects {
    /// The index of the object sprite `number` belongs to.
    #[must_use]
    pub fn object_of_sprite(&self, number: u32) -> Option<usize> {
        self.sprites.iter().position(|s| s.contains(&number))
    }
}

/// Whether the chip shows `s` at all this frame: on-screen box and at least one opaque pixel
/// drawn, or (for a sprite the chip hid) not an object.
fn visible(s: &SpriteView) -> bool {
    s.drawn && !s.bbox.is_empty()
}

/// Storage [`build_into`] works in, kept by a caller that builds every frame so that a
/// frame allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct BuildScratch {
    /// Per visible sprite chosen: (rule index or `usize::MAX`, merge key), its group and
    /// its index in the view.
    keyed: Vec<((usize, u32), Group, usize)>,
    /// The objects and their sprite numbers put in order of id, when they were not built
    /// in it.
    built: Vec<Object>,
    numbers: Vec<Vec<u32>>,
    /// The built objects' indices in order of id.
    order: Vec<(u32, usize)>,
    /// Masks of merged objects let go of while the frame before still shared them.
    masks: MaskPool,
}

/// Builds the frame's objects from the chip's sprite view.
///
/// # Errors
/// [`ObjectsError`] when a rule chooses by an attribute the sprites of the view lack.
pub fn build(sprites: &[SpriteView], rules: &ObjectRules) -> Result<FrameObjects, ObjectsError> {
    let mut out = FrameObjects::default();
    build_into(sprites, rules, &mut BuildScratch::default(), &mut out)?;
    Ok(out)
}

/// [`build`] into `out`, working in `scratch`: the storage of both is kept, and so is an
/// object's mask where it is the one its sprite already showed (a frame whose sprites
/// move but keep their patterns rewrites boxes, not masks).
///
/// # Errors
/// As [`build`]; `out` is then left partly filled.
pub fn build_into(
    sprites: &[SpriteView],
    rules: &ObjectRules,
    scratch: &mut BuildScratch,
    out: &mut FrameObjects,
) -> Result<(), ObjectsError> {
    // Key: (rule index or usize::MAX, merge key); a key's members in sprite order.
    let keyed = &mut scratch.keyed;
    keyed.clear();
    for (at, s) in sprites.iter().enumerate().filter(|(_, s)| visible(s)) {
        let mut rule = None;
        for (i, r) in rules.rules.iter().enumerate() {
            if r.selects(s)
                .map_err(|field| ObjectsError { rule: i, field })?
            {
                rule = Some((i, r));
                break;
            }
        }
        let (key, group) = match rule {
            Some((i, r)) if r.merge => ((i, 0), r.group),
            Some((i, r)) => ((i, s.number), r.group),
            None => match rules.default_group {
                Some(g) => ((usize::MAX, s.number), g),
                None => continue,
            },
        };
        keyed.push((key, group, at));
    }
    // As a stable sort by key: a key's members keep their order (the view's index breaks
    // ties); keys in order, as a map's would be.
    // Sprites in number order under one rule each come sorted already.
    if !keyed.is_sorted_by_key(|&(key, _, at)| (key, at)) {
        keyed.sort_unstable_by_key(|&(key, _, at)| (key, at));
    }
    // One object per key, in key order, over the objects and lists `out` holds.
    let mut n = 0;
    for run in keyed.chunk_by(|a, b| a.0 == b.0) {
        if out.sprites.len() == n {
            out.sprites.push(Vec::new());
        }
        let numbers = &mut out.sprites[n];
        numbers.clear();
        if out.objects.len() == n {
            out.objects
                .push(Object::new(0, PxBox::new(0, 0, 0, 0), run[0].1));
        }
        let o = &mut out.objects[n];
        // The group of the key's first sprite.
        if let [(_, group, at)] = *run {
            // One sprite, one object (every sprite under the default rule).
            let s = &sprites[at];
            numbers.push(s.number);
            o.id = s.number;
            o.group = group;
            o.bbox = s.bbox;
            o.collision_mask = s.collision_mask;
            if !o.mask.as_ref().is_some_and(|m| Arc::ptr_eq(m, &s.mask)) {
                o.mask = Some(Arc::clone(&s.mask));
            }
        } else {
            numbers.extend(run.iter().map(|&(.., at)| sprites[at].number));
            let members = run.iter().map(|&(.., at)| &sprites[at]);
            merge_into(o, members, numbers, run[0].1, &mut scratch.masks);
        }
        n += 1;
    }
    out.objects.truncate(n);
    out.sprites.truncate(n);
    // In order of id, as a stable sort: the build order breaks ties (a sprite the chip
    // showed in two states is two objects of one id). Keys of sprite numbers under one
    // rule, the usual case, are built in it already.
    if out.objects.is_sorted_by_key(|o| o.id) {
        return Ok(());
    }
    scratch.order.clear();
    scratch
        .order
        .extend(out.objects.iter().enumerate().map(|(i, o)| (o.id, i)));
    scratch.order.sort_unstable();
    scratch.built.clear();
    scratch
        .built
        .extend(scratch.order.iter().map(|&(_, i)| out.objects[i].clone()));
    std::mem::swap(&mut scratch.built, &mut out.objects);
    // Each list moved to its place, the lists' storage traded with the scratch's.
    scratch.numbers.resize_with(n, Vec::new);
    for (k, &(_, i)) in scratch.order.iter().enumerate() {
        std::mem::swap(&mut scratch.numbers[k], &mut out.sprites[i]);
    }
    std::mem::swap(&mut scratch.numbers, &mut out.sprites);
    Ok(())
}

/// Makes `o` the object of several sprites (`members`, their numbers `numbers`): the
/// union of their boxes, the union of their opaque pixels, the VERA collision masks or-ed.
/// `o` rewrites its own mask in place when nothing else holds it. (One sprite's object
/// shares the sprite's mask, set by [`build_into`] itself.)
fn merge_into<'a>(
    o: &mut Object,
    members: impl Iterator<Item = &'a SpriteView> + Clone,
    numbers: &[u32],
    group: Group,
    pool: &mut MaskPool,
) {
    o.id = numbers.iter().copied().min().unwrap_or(0);
    o.group = group;
    let mut all = members;
    let x0 = all.clone().map(|s| s.bbox.x).min().unwrap_or(0);
    let y0 = all.clone().map(|s| s.bbox.y).min().unwrap_or(0);
    let x1 = all.clone().map(|s| s.bbox.x_end()).max().unwrap_or(0);
    let y1 = all.clone().map(|s| s.bbox.y_end()).max().unwrap_or(0);
    let w = u16::try_from(x1 - i64::from(x0)).unwrap_or(u16::MAX);
    let h = u16::try_from(y1 - i64::from(y0)).unwrap_or(u16::MAX);
    // Each member's opaque pixels laid over the union at its place, a word at a time, on
    // a clear mask of the union's size: in the object's own mask if nothing else holds
    // it, else in one the pool lends (the frame before's objects share the old one).
    let fill = |mask: &mut OpaqueMask| {
        mask.set_row_bits(w, h, &[]);
        for s in all.clone() {
            mask.or_mask_at(
                &s.mask,
                i64::from(s.bbox.x) - i64::from(x0),
                i64::from(s.bbox.y) - i64::from(y0),
            );
        }
    };
    match o.mask.as_mut().and_then(Arc::get_mut) {
        Some(own) => fill(own),
        None => o.mask = Some(pool.lend(fill)),
    }
    o.bbox = PxBox::new(x0, y0, w, h);
    o.collision_mask = all.by_ref().fold(0, |m, s| m | s.collision_mask);
}

/// How many records an object table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableCount {
    /// Always this many.
    Fixed(u32),
    /// As many as the byte at this address says, read each frame.
    Byte(u32),
}

/// Where a record keeps its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// A half-size byte at this offset (both axes): the box reaches that far either side
    /// of the centre, both ends included (as `Obj_Hit`'s bounds).
    Half(u32),
    /// A full-size byte at this offset (both axes), the centre in its middle.
    Full(u32),
}

/// Objects a program keeps in its own RAM, for a machine without sprites (the Vectrex) or
/// a game that keeps its own table (specs/programs.md): `count` records of `stride` bytes
/// from `at`, each with its centre's y and x bytes, its size, and a live flag (a record
/// whose flag byte is 0 is no object). A coordinate is `unit_px` pixels from `origin_px`,
/// y growing down, or up when `y_up` (the Vectrex's Cartesian coordinates).
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectTable {
    /// The first record.
    pub at: u32,
    /// How many records.
    pub count: TableCount,
    /// Bytes from one record to the next (from 1).
    pub stride: u32,
    /// Offset of the centre's y byte.
    pub y: u32,
    /// Offset of the centre's x byte.
    pub x: u32,
    /// The size's byte.
    pub size: TableSize,
    /// Offset of the live flag, if records have one.
    pub live: Option<u32>,
    /// The coordinates are signed bytes.
    pub signed: bool,
    /// Pixels per coordinate unit (the scale the program draws its objects at).
    pub unit_px: f64,
    /// Where coordinate (0, 0) is on the screen, in pixels (x, y).
    pub origin_px: (i32, i32),
    /// Coordinates grow upwards.
    pub y_up: bool,
    /// The objects' group.
    pub group: Group,
}

impl ObjectTable {
    /// The most records a table can name: a count byte's largest value.
    pub const MAX_RECORDS: u32 = 255;

    /// The addresses the table's records can reach, first and last (the count byte is not
    /// included), for checking them against the machine's RAM.
    #[must_use]
    pub fn reach(&self) -> (u64, u64) {
        let records = match self.count {
            TableCount::Fixed(n) => n,
            TableCount::Byte(_) => Self::MAX_RECORDS,
        };
        let size_at = match self.size {
            TableSize::Half(o) | TableSize::Full(o) => o,
        };
        let last_field = [self.y, self.x, size_at, self.live.unwrap_or(0)]
            .into_iter()
            .max()
            .unwrap_or(0);
        let last = u64::from(self.at)
            + u64::from(records.saturating_sub(1)) * u64::from(self.stride)
            + u64::from(last_field);
        (u64::from(self.at), last)
    }

    /// This frame's objects, read with `peek`; an object's id is its record's index, which
    /// a memory watch's byte `i` marks.
    pub fn build(&self, peek: impl Fn(u32) -> u8) -> FrameObjects {
        let mut out = FrameObjects::default();
        self.build_into(peek, &mut out);
        out
    }

    /// [`ObjectTable::build`] into `out`, its storage kept.
    pub fn build_into(&self, peek: impl Fn(u32) -> u8, out: &mut FrameObjects) {
        let records = match self.count {
            TableCount::Fixed(n) => n,
            TableCount::Byte(a) => u32::from(peek(a)),
        };
        let coord = |b: u8| {
            if self.signed {
                f64::from(b as i8)
            } else {
                f64::from(b)
            }
        };
        let px = |v: f64| (v * self.unit_px).round() as i32;
        out.objects.clear();
        let mut n = 0;
        for i in 0..records {
            let rec = self.at.wrapping_add(i.wrapping_mul(self.stride));
            if self.live.is_some_and(|o| peek(rec.wrapping_add(o)) == 0) {
                continue;
            }
            let cx = self.origin_px.0 + px(coord(peek(rec.wrapping_add(self.x))));
            let dy = px(coord(peek(rec.wrapping_add(self.y))));
            let cy = self.origin_px.1 + if self.y_up { -dy } else { dy };
            let (lo, len) = match self.size {
                TableSize::Half(o) => {
                    let h = px(f64::from(peek(rec.wrapping_add(o))));
                    (h, 2 * h + 1)
                }
                TableSize::Full(o) => {
                    let s = px(f64::from(peek(rec.wrapping_add(o))));
                    (s / 2, s)
                }
            };
            let len = u16::try_from(len.max(0)).unwrap_or(u16::MAX);
            out.objects.push(Object::new(
                i,
                PxBox::new(cx - lo, cy - lo, len, len),
                self.group,
            ));
            // The record's index stands for the sprite number watches mark it by.
            match out.sprites.get_mut(n) {
                Some(kept) => {
                    kept.clear();
                    kept.push(i);
                }
                None => out.sprites.push(vec![i]),
            }
            n += 1;
        }
        out.sprites.truncate(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::mask_from_rows;

    /// Sprite `number` at (`x`, 0), 8x2, with opaque rows `rows`.
    fn sprite(number: u32, x: i32, rows: [u64; 2]) -> SpriteView {
        let mut s = SpriteView::blank(number, PxBox::new(x, 0, 8, 2));
        s.mask = Arc::new(mask_from_rows(8, 2, &rows));
        s
    }

    /// A sprite shown in two states (two entries of one number, one object): frame `k`'s
    /// states differ from frame `k + 1`'s.
    fn frame(k: u64) -> Vec<SpriteView> {
        vec![
            sprite(3, 0, [k & 0xFF, 0x01]),
            sprite(3, 4, [0x80, (k * 7) & 0xFF]),
        ]
    }

    /// Frame `k`'s object mask, worked out by hand: the two states' rows over the 12 x 2
    /// union, the second 4 px to the right.
    fn union(k: u64) -> OpaqueMask {
        mask_from_rows(
            12,
            2,
            &[(k & 0xFF) | 0x80 << 4, 0x01 | ((k * 7) & 0xFF) << 4],
        )
    }

    fn mask_of(objects: &FrameObjects) -> &OpaqueMask {
        objects.objects[0].mask.as_deref().unwrap()
    }

    #[test]
    fn merged_masks_lent_again_are_each_frame_s_union_and_leave_the_frame_before_s_alone() {
        let rules = ObjectRules::default();
        let (mut scratch, mut out) = (BuildScratch::default(), FrameObjects::default());
        let mut before: Option<(u64, FrameObjects)> = None;
        for k in 1..40 {
            let sprites = frame(k);
            build_into(&sprites, &rules, &mut scratch, &mut out).unwrap();
            assert_eq!(out.objects.len(), 1);
            assert_eq!(*mask_of(&out), union(k), "frame {k}");
            assert_eq!(out, build(&sprites, &rules).unwrap(), "frame {k}");
            // The frame before's objects, which share their masks with nothing built since,
            // still show that frame.
            if let Some((j, objects)) = &before {
                assert_eq!(*mask_of(objects), union(*j), "frame {j}");
            }
            // Held for one frame, as the harness holds the frame before.
            before = Some((k, out.clone()));
        }
        // Two masks take turns: the one the frame before holds and the one being built.
        let frames: Vec<_> = (40..50).map(frame).collect();
        let mut held = out.objects[0].mask.clone();
        drop(before);
        let allocations = allocation_counter::measure(|| {
            for sprites in &frames {
                build_into(sprites, &rules, &mut scratch, &mut out).unwrap();
                held = out.objects[0].mask.clone();
            }
        })
        .count_total;
        assert_eq!(allocations, 0, "the merged masks come from the pool");
        assert_eq!(*mask_of(&out), union(49));
        drop(held);
    }
}

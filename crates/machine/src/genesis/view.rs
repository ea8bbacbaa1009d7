//! The VDP's sprite view as the driver's [`SpriteView`]s (specs/genesis-vdp.md "Output"):
//! each state of a sprite once, its box and mask clipped to the lines it was shown on, and
//! the lines not drawn by reason. Refilled in place each frame so that the program
//! harness, which asks every frame, allocates nothing while the sprites stay the same.

use collide::PxBox;
use genesis::Vdp;

use crate::view::{LineSpan, Lines, NotDrawn, SpriteView};

/// The VDP's sprite view as the driver's [`SpriteView`]s, each sprite once; a sprite
/// whose attributes changed during the display once per state, its box and mask clipped
/// to the lines that state was shown on ([`SpriteView::lines`]).
#[must_use]
pub fn chip_sprites(vdp: &Vdp) -> Vec<SpriteView> {
    let mut out = Vec::new();
    chip_sprites_into(vdp, &mut out);
    out
}

/// [`chip_sprites`] into `out`, each entry refilled in place: a mask showing the same rows
/// as before is kept, and the lists of lines not drawn keep their storage, so a frame
/// whose sprites did not change allocates nothing.
pub fn chip_sprites_into(vdp: &Vdp, out: &mut Vec<SpriteView>) {
    let mut seen = [false; 80];
    // Entries `out[..n]` are this frame's; the rest are last frame's, to be refilled.
    let mut n = 0;
    for v in vdp.sprites() {
        // A link cycle visits an entry again; the software layer sees each sprite (each
        // state of it) once. A state is known by its number and lines, which the entries
        // already filled in carry.
        let again = match v.lines {
            None => std::mem::replace(&mut seen[usize::from(v.number) % 80], true),
            Some((first, last)) => {
                let span = Some(LineSpan { first, last });
                out[..n]
                    .iter()
                    .any(|o| o.lines == span && o.number == u32::from(v.number))
            }
        };
        if again {
            continue;
        }
        // The rows of the sprite this entry covers.
        let (first_row, rows) = match v.lines {
            Some((first, last)) => {
                let top = (i32::from(first) - v.y_px).clamp(0, i32::from(v.h_px));
                let end = (i32::from(last) + 1 - v.y_px).clamp(top, i32::from(v.h_px));
                (top as u16, (end - top) as u16)
            }
            None => (0, v.h_px),
        };
        let bbox = PxBox::new(v.x_px, v.y_px + i32::from(first_row), v.w_px, rows);
        let s = SpriteView::refill_at(out, n, u32::from(v.number), bbox);
        n += 1;
        let mask_rows = v
            .mask_rows
            .get(usize::from(first_row)..usize::from(first_row + rows))
            .unwrap_or(&[]);
        s.set_mask_rows(v.w_px, rows, mask_rows);
        s.collision_mask = 0;
        s.z = 0;
        set_not_drawn(&mut s.not_drawn, v, first_row, rows);
        s.drawn = v.any_drawn();
        s.lines = v.lines.map(|(first, last)| LineSpan { first, last });
        s.fields = crate::view::SpriteFields {
            palette: Some(v.palette),
            pattern: Some(u32::from(v.pattern)),
            collision_mask: None,
            priority: Some(u8::from(v.priority)),
            link: Some(v.link),
        };
    }
    out.truncate(n);
}

/// Refills `not_drawn` with the chip's ranges on rows `first_row..first_row + rows` of
/// `v`, one entry a reason in the order the reasons are first met (the chip's ranges come
/// in line order, so each reason's lines come increasing), keeping the entries' storage.
fn set_not_drawn(
    not_drawn: &mut Vec<(NotDrawn, Lines)>,
    v: &genesis::SpriteView,
    first_row: u16,
    rows: u16,
) {
    let in_rows = |line: i32| {
        let row = line - v.y_px;
        row >= i32::from(first_row) && row < i32::from(first_row + rows)
    };
    // Entries `not_drawn[..used]` are this entry's reasons; the rest keep their storage
    // for a reason met later.
    let mut used = 0;
    for nd in v.not_drawn.iter().filter(|nd| in_rows(nd.line)) {
        let reason = match nd.reason {
            genesis::Reason::OffScreen => NotDrawn::OffScreen,
            genesis::Reason::LineLimit => NotDrawn::LineLimit,
            genesis::Reason::PixelBudget => NotDrawn::PixelBudget,
            genesis::Reason::Masked => NotDrawn::Masked,
            genesis::Reason::DisplayDisabled => NotDrawn::DisplayDisabled,
        };
        match not_drawn[..used].iter().position(|(r, _)| *r == reason) {
            Some(i) => not_drawn[i].1.push(nd.line),
            None if used < not_drawn.len() => {
                let (r, lines) = &mut not_drawn[used];
                *r = reason;
                lines.set_increasing([nd.line]);
                used += 1;
            }
            None => {
                not_drawn.push((reason, Lines::from_increasing([nd.line])));
                used += 1;
            }
        }
    }
    not_drawn.truncate(used);
}

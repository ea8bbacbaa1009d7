//! Text in the public-domain 8x8 bitmap font of the `font8x8` crate (ASCII only; anything
//! else is drawn as `?`).

use font8x8::legacy::BASIC_LEGACY;

use super::canvas::Canvas;

/// Glyph width and height in pixels.
pub const GLYPH_PX: usize = 8;

/// The rows of `c`'s glyph (bit 0 = leftmost pixel).
fn glyph(c: char) -> [u8; 8] {
    let i = if c.is_ascii() {
        c as usize
    } else {
        '?' as usize
    };
    BASIC_LEGACY[i]
}

/// Draws `s` with its top-left corner at `(x, y)` in `rgb`; background pixels untouched.
/// Returns the x after the last glyph.
pub fn draw(canvas: &mut Canvas, x: i64, y: i64, s: &str, rgb: u32) -> i64 {
    let mut cx = x;
    for c in s.chars() {
        for (row, bits) in glyph(c).iter().enumerate() {
            let mut rest = *bits;
            while rest != 0 {
                let col = i64::from(rest.trailing_zeros());
                rest &= rest - 1;
                canvas.set(cx + col, y + row as i64, rgb);
            }
        }
        cx += GLYPH_PX as i64;
    }
    cx
}

/// `s` cut to `cols` characters, the last one a `~` when something was cut.
#[must_use]
pub fn fit(s: &str, cols: usize) -> String {
    if s.chars().count() <= cols {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(cols.saturating_sub(1)).collect();
    out.push('~');
    out
}

/// `s` broken into lines of at most `cols` characters, at spaces where possible.
#[must_use]
pub fn wrap(s: &str, cols: usize) -> Vec<String> {
    let cols = cols.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split(' ') {
        let (ln, wn) = (line.chars().count(), word.chars().count());
        if ln > 0 && ln + 1 + wn > cols {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > cols {
            let head: String = line.chars().take(cols).collect();
            line = line.chars().skip(cols).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_come_from_the_font() {
        let mut c = Canvas::new(16, 8, 0);
        let end = draw(&mut c, 0, 0, "I", 0xFFFFFF);
        assert_eq!(end, 8);
        let lit: usize = BASIC_LEGACY['I' as usize]
            .iter()
            .map(|b| b.count_ones() as usize)
            .sum();
        assert!(lit > 0);
        assert_eq!(c.px.iter().filter(|&&p| p != 0).count(), lit);
        // Bit 0 is the leftmost pixel.
        for (row, bits) in BASIC_LEGACY['I' as usize].iter().enumerate() {
            for col in 0..8 {
                assert_eq!(c.get(col, row) == Some(0xFFFFFF), bits >> col & 1 == 1);
            }
        }
    }

    #[test]
    fn fitting_and_wrapping() {
        assert_eq!(fit("abcdef", 4), "abc~");
        assert_eq!(fit("abc", 4), "abc");
        assert_eq!(
            wrap("one two three four", 9),
            vec!["one two", "three", "four"]
        );
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
    }
}

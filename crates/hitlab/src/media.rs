//! Screenshots (PNG) and recordings (GIF).
//!
//! A chip's own frame is written palette-exact: an indexed PNG whose palette is the chip's
//! (`PLTE` in palette order, so the indices are the chip's), and GIF frames of the chip's
//! indices over a global palette that is the chip's palette (GIF holds up to 256 entries:
//! MSX 16, Genesis 64, VERA 256). Pictures with overlays are RGB: PNGs as RGB, GIF frames
//! each with a local palette of exactly the colours they use (at most 256 in practice; a
//! frame with more is quantised, and the recording says so).

use std::collections::HashMap;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::atomic::Pending;

use crate::view::canvas::{Canvas, rgb_bytes};
use crate::view::picture::Picture;

/// Text chunks written into a PNG: keyword and text (`tEXt` when the text is Latin-1, as
/// that chunk requires; `iTXt`, UTF-8, otherwise).
pub type Meta = Vec<(String, String)>;

fn palette_bytes(palette: &[u32]) -> Vec<u8> {
    palette.iter().flat_map(|&p| rgb_bytes(p)).collect()
}

/// Indices of an indexed picture enlarged `scale` times.
fn scaled_indices(w: usize, h: usize, pixels: &[u8], scale: usize) -> Vec<u8> {
    let k = scale.max(1);
    let mut out = Vec::with_capacity(w * h * k * k);
    for y in 0..h {
        let row: Vec<u8> = pixels[y * w..(y + 1) * w]
            .iter()
            .flat_map(|&i| std::iter::repeat_n(i, k))
            .collect();
        for _ in 0..k {
            out.extend_from_slice(&row);
        }
    }
    out
}

fn encoder<'a>(
    out: &'a mut Vec<u8>,
    w: usize,
    h: usize,
    meta: &Meta,
) -> Result<png::Encoder<'a, &'a mut Vec<u8>>> {
    let (Ok(w), Ok(h)) = (u32::try_from(w), u32::try_from(h)) else {
        bail!("picture too large for PNG: {w}x{h}");
    };
    let mut enc = png::Encoder::new(out, w, h);
    enc.set_depth(png::BitDepth::Eight);
    for (k, v) in meta {
        if v.chars().all(|c| u32::from(c) <= 0xFF) {
            enc.add_text_chunk(k.clone(), v.clone())?;
        } else {
            enc.add_itxt_chunk(k.clone(), v.clone())?;
        }
    }
    Ok(enc)
}

/// Writes the target's picture enlarged `scale` times: indexed with the chip's palette, or
/// RGB for a target that draws its own.
///
/// # Errors
/// The file cannot be written.
pub fn write_picture_png(path: &Path, picture: &Picture, scale: usize, meta: &Meta) -> Result<()> {
    match picture {
        Picture::Indexed {
            w,
            h,
            pixels,
            palette,
        } => {
            let k = scale.max(1);
            let mut bytes = Vec::new();
            let mut enc = encoder(&mut bytes, w * k, h * k, meta)?;
            enc.set_color(png::ColorType::Indexed);
            let mut pal = palette.clone();
            pal.truncate(256);
            if pal.is_empty() {
                pal.push(0);
            }
            enc.set_palette(palette_bytes(&pal));
            let mut wr = enc.write_header()?;
            wr.write_image_data(&scaled_indices(*w, *h, pixels, k))?;
            wr.finish()?;
            crate::atomic::write(path, &bytes)
        }
        Picture::Rgb { .. } => write_canvas_png(path, &picture.scaled(scale), meta),
    }
}

/// Writes an RGB canvas as it is.
///
/// # Errors
/// The file cannot be written.
pub fn write_canvas_png(path: &Path, canvas: &Canvas, meta: &Meta) -> Result<()> {
    let mut bytes = Vec::new();
    let mut enc = encoder(&mut bytes, canvas.w, canvas.h, meta)?;
    enc.set_color(png::ColorType::Rgb);
    let mut wr = enc.write_header()?;
    wr.write_image_data(&canvas.to_rgb_bytes())?;
    wr.finish()?;
    crate::atomic::write(path, &bytes)
}

/// GIF frame delays in 1/100 s for `rate_hz`: frame `i` lasts until `(i + 1) / rate`,
/// rounded down to the GIF's unit, so 60 Hz plays 1, 2, 2, 1, 2, 2... and keeps time.
#[must_use]
pub fn delay_cs(i: u32, rate_hz: u32) -> u16 {
    let r = u64::from(rate_hz.max(1));
    let at = |n: u64| n * 100 / r;
    (at(u64::from(i) + 1) - at(u64::from(i))) as u16
}

/// A GIF being written, one frame at a time. Frames are compressed as they come and kept
/// until [`Gif::finish`], which writes the file with a logical screen as large as the
/// largest frame: a program that changes the picture size mid-run (the Genesis's H32 and
/// H40, V28 and V30) is recorded frame by frame at each frame's own size, each frame
/// drawn at the top left on a cleared screen.
pub struct Gif {
    frames_lzw: Vec<gif::Frame<'static>>,
    /// The file under its temporary name until [`Gif::finish`].
    pending: Pending,
    out: Option<BufWriter<File>>,
    path: PathBuf,
    w: u16,
    h: u16,
    rate_hz: u32,
    global: Option<Vec<u8>>,
    /// Frames that had more than 256 colours and were quantised.
    pub quantised: u32,
}

impl std::fmt::Debug for Gif {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gif")
            .field("path", &self.path)
            .field("frames", &self.frames_lzw.len())
            .finish_non_exhaustive()
    }
}

fn gif_size(w: usize, h: usize) -> Result<(u16, u16)> {
    match (u16::try_from(w), u16::try_from(h)) {
        (Ok(w), Ok(h)) => Ok((w, h)),
        _ => bail!("picture too large for GIF: {w}x{h}"),
    }
}

impl Gif {
    /// Starts a looping GIF of at least `w` x `h`. With `palette`, frames are the chip's
    /// indices in that palette; without, frames are RGB canvases.
    ///
    /// # Errors
    /// The file cannot be created, the size exceeds 65535, or the palette 256 entries.
    pub fn create(
        path: &Path,
        w: usize,
        h: usize,
        palette: Option<&[u32]>,
        rate_hz: u32,
    ) -> Result<Self> {
        let (gw, gh) = gif_size(w, h)?;
        if palette.is_some_and(|p| p.len() > 256) {
            bail!("a GIF palette holds 256 colours");
        }
        let (pending, out) = Pending::create(path)?;
        Ok(Self {
            frames_lzw: Vec::new(),
            pending,
            out: Some(out),
            path: path.to_owned(),
            w: gw,
            h: gh,
            rate_hz,
            global: palette.map(palette_bytes),
            quantised: 0,
        })
    }

    fn write(&mut self, mut frame: gif::Frame<'_>) -> Result<()> {
        frame.delay = delay_cs(self.frames(), self.rate_hz);
        // The next frame may be smaller: it is drawn on a cleared screen, never over
        // this one's edges.
        frame.dispose = gif::DisposalMethod::Background;
        self.w = self.w.max(frame.width);
        self.h = self.h.max(frame.height);
        frame.make_lzw_pre_encoded();
        self.frames_lzw.push(gif::Frame {
            buffer: std::borrow::Cow::Owned(frame.buffer.into_owned()),
            palette: frame.palette,
            ..frame
        });
        Ok(())
    }

    /// Frames added so far.
    #[must_use]
    pub fn frames(&self) -> u32 {
        u32::try_from(self.frames_lzw.len()).unwrap_or(u32::MAX)
    }

    /// Adds a frame of the target's picture enlarged `scale` times: its indices when the
    /// GIF has the chip's palette, else its colours; at the picture's own size.
    ///
    /// # Errors
    /// The picture is too large for a GIF.
    pub fn push_picture(&mut self, picture: &Picture, scale: usize) -> Result<()> {
        match (picture, self.global.is_some()) {
            (Picture::Indexed { w, h, pixels, .. }, true) => {
                let k = scale.max(1);
                let (fw, fh) = gif_size(w * k, h * k)?;
                let idx = scaled_indices(*w, *h, pixels, k);
                self.write(gif::Frame::from_indexed_pixels(fw, fh, idx, None))
            }
            _ => self.push_canvas(&picture.scaled(scale)),
        }
    }

    /// Adds an RGB frame at its own size with a local palette of its own colours.
    ///
    /// # Errors
    /// The canvas is too large for a GIF.
    pub fn push_canvas(&mut self, canvas: &Canvas) -> Result<()> {
        let (fw, fh) = gif_size(canvas.w, canvas.h)?;
        let (w, h) = (canvas.w, canvas.h);
        // Black first: nearly every frame has it anyway.
        let mut colours: Vec<u32> = vec![0];
        let mut index: HashMap<u32, u8> = HashMap::from([(0, 0)]);
        let mut idx = vec![0u8; w * h];
        let mut over = false;
        // Runs of one colour are the rule: look the map up only when the colour changes.
        let mut last = (0u32, 0u8);
        for y in 0..h {
            let row = &canvas.px[y * canvas.w..(y + 1) * canvas.w];
            for (x, &p) in row.iter().enumerate() {
                if p != last.0 {
                    let i = match index.get(&p) {
                        Some(&i) => i,
                        None if colours.len() < 256 => {
                            let i = colours.len() as u8;
                            colours.push(p);
                            index.insert(p, i);
                            i
                        }
                        None => {
                            over = true;
                            0
                        }
                    };
                    last = (p, i);
                }
                idx[y * w + x] = last.1;
            }
        }
        if over {
            self.quantised += 1;
            let mut rgb = Vec::with_capacity(w * h * 3);
            for y in 0..h {
                for x in 0..w {
                    rgb.extend_from_slice(&rgb_bytes(canvas.get(x, y).unwrap_or(0)));
                }
            }
            return self.write(gif::Frame::from_rgb_speed(fw, fh, &rgb, 10));
        }
        let mut frame = gif::Frame::from_indexed_pixels(fw, fh, idx, None);
        frame.palette = Some(palette_bytes(&colours));
        self.write(frame)
    }

    /// Where the GIF goes.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the file (its screen the largest frame's size) and puts it in place;
    /// returns the frames written.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(mut self) -> Result<u32> {
        let frames = self.frames();
        let path = self.path.clone();
        let cannot = || format!("{}: cannot write the GIF", path.display());
        let out = self.out.take().context("the GIF was finished twice")?;
        let global = self.global.take().unwrap_or_default();
        let mut enc = gif::Encoder::new(out, self.w, self.h, &global).with_context(cannot)?;
        enc.set_repeat(gif::Repeat::Infinite).with_context(cannot)?;
        for f in &self.frames_lzw {
            enc.write_lzw_pre_encoded_frame(f).with_context(cannot)?;
        }
        let out = enc.into_inner().with_context(cannot)?;
        self.pending.commit(out)?;
        Ok(frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_keep_the_machine_s_time() {
        let sixty: Vec<u16> = (0..6).map(|i| delay_cs(i, 60)).collect();
        assert_eq!(sixty, vec![1, 2, 2, 1, 2, 2]);
        assert_eq!(
            (0..60).map(|i| u32::from(delay_cs(i, 60))).sum::<u32>(),
            100
        );
        assert!((0..50).all(|i| delay_cs(i, 50) == 2));
    }

    /// A picture that grows from 256x224 to 320x240 mid-recording (the Genesis going
    /// from H32/V28 to H40/V30): each frame at its own size, the screen the largest.
    #[test]
    fn a_recording_follows_the_picture_size() {
        let dir = std::env::temp_dir().join(format!("hitlab-gif-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("modes.gif");
        let palette = [0x000000, 0xFFFFFF];
        let mut g = Gif::create(&path, 256, 224, Some(&palette), 60).unwrap();
        for (w, h) in [(256, 224), (320, 224), (320, 240), (256, 224)] {
            let pic = Picture::Indexed {
                w,
                h,
                pixels: vec![1; w * h],
                palette: palette.to_vec(),
            };
            g.push_picture(&pic, 1).unwrap();
        }
        assert_eq!(g.finish().unwrap(), 4);
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(File::open(&path).unwrap()).unwrap();
        assert_eq!((d.width(), d.height()), (320, 240));
        let mut sizes = Vec::new();
        while let Some(f) = d.read_next_frame().unwrap() {
            assert!(f.buffer.iter().all(|&i| i == 1));
            sizes.push((f.width, f.height));
        }
        assert_eq!(sizes, [(256, 224), (320, 224), (320, 240), (256, 224)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn indices_scale_as_squares() {
        assert_eq!(
            scaled_indices(2, 1, &[1, 2], 2),
            vec![1, 1, 2, 2, 1, 1, 2, 2]
        );
    }
}

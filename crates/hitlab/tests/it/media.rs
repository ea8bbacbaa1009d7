//! `hitlab shot` and `hitlab record`: palette-exact pictures of the session's frames.

use crate::common;

use common::{hitlab, read_png, rgb_words, scene, scratch, session_frames, stdout};

#[test]
fn shot_is_the_session_frame_indexed_with_the_chip_palette() {
    for (rel, frame) in [("msx/bands.ron", 37u32), ("vera/rings.ron", 21)] {
        let dir = scratch(&format!("shot-{}", rel.replace('/', "-")));
        let path = scene(rel);
        let o = hitlab(
            &dir,
            &[
                "shot",
                path.to_str().unwrap(),
                "--frame",
                &frame.to_string(),
                "-o",
                "f.png",
            ],
        );
        assert!(o.status.success(), "{o:?}");
        let frames = session_frames(&path, frame + 1);
        let (indices, palette, hash) = &frames[frame as usize];
        assert!(stdout(&o).contains(hash.as_str()), "{}", stdout(&o));
        let png = read_png(&dir.join("f.png"));
        assert_eq!(png.color, png::ColorType::Indexed);
        assert_eq!(&png.data, indices, "{rel} frame {frame}: indices");
        assert_eq!(
            rgb_words(png.palette.as_deref().expect("PLTE")),
            *palette,
            "{rel}: palette in the chip's order"
        );
        assert!(
            png.text
                .iter()
                .any(|(k, v)| k == "FrameHash" && v == &format!("blake3:{hash}")),
            "{:?}",
            png.text
        );
        // The hash covers what was written.
        assert_eq!(blake3::hash(&png.data).to_hex().to_string(), *hash);
    }
}

#[test]
fn shot_at_a_scale_repeats_each_index_in_a_square() {
    let dir = scratch("shot-scale");
    let path = scene("msx/bands.ron");
    let o = hitlab(
        &dir,
        &[
            "shot",
            path.to_str().unwrap(),
            "--frame",
            "5",
            "--scale",
            "3",
            "-o",
            "f.png",
        ],
    );
    assert!(o.status.success(), "{o:?}");
    let (indices, _, _) = &session_frames(&path, 6)[5];
    let png = read_png(&dir.join("f.png"));
    assert_eq!((png.w, png.h), (256 * 3, 192 * 3));
    for y in 0..png.h as usize {
        for x in 0..png.w as usize {
            assert_eq!(
                png.data[y * 768 + x],
                indices[(y / 3) * 256 + x / 3],
                "({x}, {y})"
            );
        }
    }
}

#[test]
fn shot_with_overlays_is_rgb_with_the_panel_beside_the_frame() {
    let dir = scratch("shot-overlays");
    let path = scene("msx/bands.ron");
    let args = |o: &'static str| {
        vec![
            "shot".to_owned(),
            path.to_str().unwrap().to_owned(),
            "--frame".into(),
            "30".into(),
            "--method".into(),
            "mask16".into(),
            "-o".into(),
            o.into(),
        ]
    };
    let mut with = args("o.png");
    with.extend(["--overlays".into(), "--scale".into(), "1".into()]);
    for a in [with, args("p.png")] {
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        assert!(hitlab(&dir, &refs).status.success(), "{refs:?}");
    }
    let o = read_png(&dir.join("o.png"));
    let p = read_png(&dir.join("p.png"));
    assert_eq!(o.color, png::ColorType::Rgb);
    assert!(o.w > 256 && o.h >= 192, "{}x{}", o.w, o.h);
    assert!(o.text.iter().any(|(k, v)| k == "Method" && v == "mask16"));
    // Where no overlay is drawn the frame shows through: the bottom-right pixel of the
    // frame is the backdrop in both pictures (no box reaches it on frame 30).
    let pal = rgb_words(p.palette.as_deref().unwrap());
    let at_plain = |x: usize, y: usize| pal[usize::from(p.data[y * 256 + x])];
    let at_over = |x: usize, y: usize| {
        let i = (y * o.w as usize + x) * 3;
        u32::from(o.data[i]) << 16 | u32::from(o.data[i + 1]) << 8 | u32::from(o.data[i + 2])
    };
    assert_eq!(at_over(255, 191), at_plain(255, 191));
    // The overlays changed something, and the panel is not blank.
    assert!((0..192).any(|y| (0..256).any(|x| at_over(x, y) != at_plain(x, y))));
    assert!((0..100).any(|y| (300..400).any(|x| at_over(x, y) != at_over(300, 100))));
}

/// One GIF frame: indices, the palette in force, delay in 1/100 s.
type GifFrame = (Vec<u8>, Vec<u32>, u16);

/// A GIF's size and every frame.
fn read_gif(path: &std::path::Path) -> (u16, u16, Vec<GifFrame>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts
        .read_info(std::fs::File::open(path).expect("gif exists"))
        .expect("gif header");
    let (w, h) = (dec.width(), dec.height());
    let global = dec.global_palette().map(rgb_words).unwrap_or_default();
    let mut out = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("gif frame") {
        let pal = f
            .palette
            .as_deref()
            .map_or_else(|| global.clone(), rgb_words);
        out.push((f.buffer.to_vec(), pal, f.delay));
    }
    (w, h, out)
}

#[test]
fn record_writes_n_frames_of_the_chip_s_indices_at_its_rate() {
    let dir = scratch("record");
    let path = scene("msx/bands.ron");
    let o = hitlab(
        &dir,
        &[
            "record",
            path.to_str().unwrap(),
            "--frames",
            "24",
            "-o",
            "r.gif",
        ],
    );
    assert!(o.status.success(), "{o:?}");
    let (w, h, frames) = read_gif(&dir.join("r.gif"));
    assert_eq!((w, h), (256, 192));
    let want = session_frames(&path, 24);
    assert_eq!(frames.len(), 24);
    for (i, ((idx, pal, _), (widx, wpal, _))) in frames.iter().zip(&want).enumerate() {
        assert_eq!(idx, widx, "frame {i}");
        // GIF pads the palette to a power of two; the chip's 16 colours come first.
        assert_eq!(&pal[..wpal.len()], &wpal[..], "frame {i} palette");
    }
    let total_cs: u32 = frames.iter().map(|f| u32::from(f.2)).sum();
    assert_eq!(total_cs, 40, "24 frames at 60 Hz last 0.4 s");
}

#[test]
fn record_with_overlays_keeps_every_colour_of_the_window() {
    let dir = scratch("record-overlays");
    let path = scene("vera/rings.ron");
    let o = hitlab(
        &dir,
        &[
            "record",
            path.to_str().unwrap(),
            "--frames",
            "3",
            "--overlays",
            "-o",
            "r.gif",
        ],
    );
    assert!(o.status.success(), "{o:?}");
    assert!(!stdout(&o).contains("quantised"), "{}", stdout(&o));
    let (w, h, frames) = read_gif(&dir.join("r.gif"));
    assert!(w > 640 && h >= 480, "{w}x{h}");
    assert_eq!(frames.len(), 3);
    // The last frame equals `shot --overlays` of frame 2, colour for colour.
    assert!(
        hitlab(
            &dir,
            &[
                "shot",
                path.to_str().unwrap(),
                "--frame",
                "2",
                "--overlays",
                "-o",
                "s.png"
            ],
        )
        .status
        .success()
    );
    let shot = read_png(&dir.join("s.png"));
    assert_eq!((shot.w, shot.h), (u32::from(w), u32::from(h)));
    let (idx, pal, _) = &frames[2];
    for (i, &k) in idx.iter().enumerate() {
        let c = &shot.data[i * 3..i * 3 + 3];
        let want = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
        assert_eq!(pal[usize::from(k)], want, "pixel {i}");
    }
}

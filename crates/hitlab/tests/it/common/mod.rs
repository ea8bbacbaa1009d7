//! Helpers shared by the binary's tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// A scene of the repository.
pub fn scene(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenes")
        .join(rel)
}

/// The repository's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A path in the repository, as text for a command line.
pub fn repo(rel: &str) -> String {
    root().join(rel).display().to_string()
}

/// A fresh folder for one test's files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// `hitlab ARGS` with no display, in `dir`.
pub fn hitlab(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        // Pictures are fitted to the default 1280x1024 display, whatever the caller's.
        .env_remove("HITLAB_DISPLAY")
        .output()
        .expect("run hitlab")
}

/// Stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The session's frames 0..n of `scene`: indices, palette and hash of each.
pub fn session_frames(scene_path: &std::path::Path, n: u32) -> Vec<(Vec<u8>, Vec<u32>, String)> {
    let loaded = scene::loaded::load_scene(scene_path).expect("scene loads");
    let mut session = scene::start(loaded, &[]).expect("scene starts");
    (0..n)
        .map(|_| {
            let r = session.step(None);
            let m = session.machine();
            (m.frame_indexed().to_vec(), m.palette_rgb(), r.frame_hash)
        })
        .collect()
}

/// A PNG's header, palette (RGB bytes, if any), text chunks and pixel bytes, untransformed.
pub struct Png {
    pub w: u32,
    pub h: u32,
    pub color: png::ColorType,
    pub palette: Option<Vec<u8>>,
    pub text: Vec<(String, String)>,
    pub data: Vec<u8>,
}

pub fn read_png(path: &std::path::Path) -> Png {
    let mut dec = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).expect("png exists"),
    ));
    dec.set_transformations(png::Transformations::IDENTITY);
    let mut reader = dec.read_info().expect("png header");
    let mut data = vec![0; reader.output_buffer_size().expect("size")];
    let frame = reader.next_frame(&mut data).expect("png data");
    data.truncate(frame.buffer_size());
    let info = reader.info();
    Png {
        w: info.width,
        h: info.height,
        color: info.color_type,
        palette: info.palette.as_ref().map(|p| p.to_vec()),
        text: info
            .uncompressed_latin1_text
            .iter()
            .map(|t| (t.keyword.clone(), t.text.clone()))
            .chain(
                info.utf8_text
                    .iter()
                    .map(|t| (t.keyword.clone(), t.get_text().expect("iTXt text"))),
            )
            .collect(),
        data,
    }
}

/// Palette entries as `0x00RRGGBB`.
pub fn rgb_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(3)
        .map(|c| u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]))
        .collect()
}

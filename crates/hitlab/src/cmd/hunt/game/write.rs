//! Writing a program hunt's finding: the program file with the shrunk input and the
//! expectation that fails (everything else as the user wrote it, file paths made relative
//! to the output directory), then played back through `hitlab
//! replay`'s own path to check it fails the same way, and a PNG of the frame.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use machine::program::Input;
use scene::program::LoadedProgram;

use super::ron_fields::fields;

const BUTTONS: [(u16, &str); 8] = [
    (Input::UP, "Up"),
    (Input::DOWN, "Down"),
    (Input::LEFT, "Left"),
    (Input::RIGHT, "Right"),
    (Input::A, "A"),
    (Input::B, "B"),
    (Input::C, "C"),
    (Input::START, "Start"),
];

/// The input list as a program file writes it, eight calls a line.
pub(crate) fn input_ron(input: &[Input]) -> String {
    let mut s = String::from("[\n");
    for line in input.chunks(8) {
        s.push_str("        ");
        for i in line {
            let held: Vec<&str> = BUTTONS
                .iter()
                .filter(|(b, _)| i.pad1 & b != 0)
                .map(|(_, n)| *n)
                .collect();
            let _ = write!(s, "[{}], ", held.join(", "));
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    s.push_str("    ]");
    s
}

/// `p` as the written file names it: relative to `dir`, the folder the file is written
/// in (program files name their files relative to themselves, programs.md), so the finding
/// moves with its folder and the tree it sits in; absolute when the two share no root.
fn ron_path(dir: &Path, p: &Path) -> String {
    let abs = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_owned());
    let shown = std::fs::canonicalize(dir)
        .ok()
        .and_then(|d| relative(&d, &abs))
        .unwrap_or(abs);
    crate::cmd::hunt::space::ron_string(&shown.display().to_string())
}

/// `to` relative to the folder `from`, both absolute: `..` for each of `from`'s components
/// past the common prefix, then the rest of `to`.
fn relative(from: &Path, to: &Path) -> Option<PathBuf> {
    if !from.is_absolute() || !to.is_absolute() {
        return None;
    }
    let f: Vec<_> = from.components().collect();
    let t: Vec<_> = to.components().collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    // Only the root in common: another drive or tree, named whole.
    if common <= 1 {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in common..f.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c);
    }
    Some(out)
}

/// The program file's text for the finding, to be written in the folder `dir`: `frames`,
/// `input` and `expect` replaced, the image, symbol file, system ROM and host folder named
/// relative to `dir`; for a bare image, a program file of its own.
pub(crate) fn program_text(
    dir: &Path,
    p: &LoadedProgram,
    frames: u32,
    input: &[Input],
    expect: &str,
    comment: &str,
) -> Result<String, String> {
    let mut out = String::new();
    for line in comment.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let replaced = format!(
        "frames: {frames},\n    input: {},\n    expect: [{expect}],\n",
        input_ron(input)
    );
    let Some(src) = &p.source else {
        let _ = write!(
            out,
            "Program(\n    version: 1,\n    image: {},\n    target: {},\n    {replaced})\n",
            ron_path(dir, &p.image_path),
            crate::cmd::hunt::space::ron_string(p.target)
        );
        return Ok(out);
    };
    let (fs, open, close) = fields(src).ok_or("the program file's text cannot be read back")?;
    // The text up to the struct's parenthesis, then the hunt's fields, then the user's
    // others as written.
    out.push_str(&src[..=open]);
    let _ = write!(out, "\n    image: {},\n", ron_path(dir, &p.image_path));
    if let Some((file, format)) = &p.symbols {
        let _ = writeln!(
            out,
            "    symbols: Some((file: {}, format: {format:?})),",
            ron_path(dir, file)
        );
    }
    if let Some(rom) = &p.system_rom_path {
        let _ = writeln!(out, "    system_rom: Some({}),", ron_path(dir, rom));
    }
    if let Some(folder) = &p.fsroot {
        let _ = writeln!(out, "    fsroot: Some({}),", ron_path(dir, folder));
    }
    let _ = write!(out, "    {replaced}");
    let mut at = open + 1;
    let drop = [
        "frames",
        "input",
        "expect",
        "image",
        "symbols",
        "system_rom",
        "fsroot",
    ];
    for f in &fs {
        if drop.contains(&f.name.as_str()) {
            out.push_str(&src[at..f.start]);
            at = f.end;
            // The comma after the dropped field goes with it.
            let rest = &src[at..close];
            let trimmed = rest.trim_start();
            if trimmed.starts_with(',') {
                at += rest.len() - trimmed.len() + 1;
            }
        }
    }
    out.push_str(&src[at..close]);
    out.truncate(out.trim_end().len());
    out.push_str("\n)\n");
    Ok(out)
}

/// The written program file's path, `hunt-<program>.prg.ron`.
pub(crate) fn program_path(out: &Path, p: &LoadedProgram) -> PathBuf {
    out.join(format!("hunt-{}.prg.ron", stem(p)))
}

/// The state file's path, `hunt-<program>.state`.
pub(crate) fn state_path(out: &Path, p: &LoadedProgram) -> PathBuf {
    out.join(format!("hunt-{}.state", stem(p)))
}

/// The picture's path, `hunt-<program>.png`.
pub(crate) fn png_path(out: &Path, p: &LoadedProgram) -> PathBuf {
    out.join(format!("hunt-{}.png", stem(p)))
}

/// The program's name without `.prg.ron` (or an image's extension).
fn stem(p: &LoadedProgram) -> String {
    let name = p
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name
        .strip_suffix(".prg.ron")
        .or_else(|| name.rsplit_once('.').map(|(s, _)| s))
        .unwrap_or(&name);
    stem.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_folder_is_named_from_the_folder_written_in_once() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let tmp = std::env::temp_dir().join(format!("hitlab-fsroot-{}", std::process::id()));
        let (src, out) = (tmp.join("src"), tmp.join("out"));
        std::fs::create_dir_all(src.join("disk")).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::fs::copy(
            root.join("roms/vera/programs/hunt_edge.prg"),
            src.join("game.prg"),
        )
        .unwrap();
        let file = src.join("game.prg.ron");
        std::fs::write(
            &file,
            "Program(version: 1, image: \"game.prg\", target: \"x16\", fsroot: Some(\"disk\"), frames: 5)",
        )
        .unwrap();
        let p = scene::program::load(&file).unwrap();
        let text = program_text(&out, &p, 5, &[], "NoMiss", "").unwrap();
        std::fs::remove_dir_all(&tmp).ok();
        assert_eq!(text.matches("fsroot").count(), 1, "{text}");
        assert!(text.contains("fsroot: Some(\"../src/disk\")"), "{text}");
        assert!(text.contains("image: \"../src/game.prg\""), "{text}");
    }

    #[test]
    fn paths_are_named_from_the_folder_written_in() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b));
        assert_eq!(
            r("/w/repo/out", "/w/repo/roms/msx/a.rom"),
            Some(PathBuf::from("../roms/msx/a.rom"))
        );
        assert_eq!(r("/w/repo", "/w/repo/a.rom"), Some(PathBuf::from("a.rom")));
        assert_eq!(
            r("/w/repo/out/deep", "/w/x.rom"),
            Some(PathBuf::from("../../../x.rom"))
        );
        assert_eq!(r("/a/out", "/b/x.rom"), None);
        assert_eq!(r("out", "/b/x.rom"), None);
    }
}

//! Every input has a largest size, checked before it is read whole: `/dev/zero` in any
//! file's place is refused as bad input (exit 3) at once.

use crate::common;

use common::{hitlab, scratch, stdout};

fn refused(dir: &std::path::Path, args: &[&str], want: &str) {
    let start = std::time::Instant::now();
    let o = hitlab(dir, args);
    let all = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(3), "{args:?}: {all}");
    assert!(all.contains(want), "{args:?}: want `{want}` in {all}");
    assert!(
        start.elapsed().as_secs() < 20,
        "{args:?} took {:?}",
        start.elapsed()
    );
}

#[test]
fn dev_zero_is_refused_in_every_place_a_file_is_read() {
    let dir = scratch("dev_zero");
    let msx = "target: Msx((size16: true))";
    let files = [
        (
            "rom.ron",
            format!("Scene(version: 1, name: \"r\", {msx},\n roms: [(file: \"/dev/zero\", to: Vram(0))],\n objects: [])"),
        ),
        (
            "path.ron",
            format!("Scene(version: 1, name: \"p\", {msx},\n paths: [(name: \"z\", file: \"/dev/zero\")],\n objects: [])"),
        ),
        (
            "maze.ron",
            "Scene(version: 1, name: \"m\", target: Vectrex((labyrinth: \"/dev/zero\")),\n objects: [])".to_owned(),
        ),
        (
            "scenario.ron",
            "Scenario(version: 1, scene: Path(\"/dev/zero\"), frames: 1, expect: [])".to_owned(),
        ),
    ];
    for (name, body) in &files {
        std::fs::write(dir.join(name), body).unwrap();
    }
    refused(&dir, &["compare", "/dev/zero"], "more than");
    refused(&dir, &["compare", "rom.ron"], "roms[0].file");
    refused(&dir, &["compare", "path.ron"], "paths[0].file");
    refused(&dir, &["compare", "maze.ron"], "labyrinth");
    refused(&dir, &["replay", "scenario.ron"], "more than");
    refused(&dir, &["replay", "/dev/zero"], "more than");
    refused(
        &dir,
        &["frame", "--target", "msx", "--vram", "/dev/zero"],
        "16384 bytes",
    );
}

#[test]
fn a_scene_asking_for_more_sprites_than_the_chip_has_is_refused_before_building_them() {
    let dir = scratch("too_many_sprites");
    let object = "(name: \"o\", group: Bad, count: 1024, sprites: [(w: 16, h: 16, pattern: 0, colour: 1)], motion: Still(at: (0, 0)))";
    let objects = vec![object; 2000].join(",\n");
    std::fs::write(
        dir.join("many.ron"),
        format!(
            "Scene(version: 1, name: \"many\", target: Msx((size16: true)),\n objects: [{objects}])"
        ),
    )
    .unwrap();
    refused(&dir, &["compare", "many.ron"], "the chip has 32");
}

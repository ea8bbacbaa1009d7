//! cc65's samples that load a driver from disk (Debian's cc65 2.19, `cl65 -t cx16 -O`,
//! skipped without cc65), under the project's KERNAL with unit 8 on a folder in memory.
//! Expected text comes from the samples' sources (what they print, where) and the PETSCII
//! screen codes; which driver files exist from Debian's package: it ships
//! `target/cx16/drv/mou/cx16-std.mou` and no TGI driver for the cx16 at all.

use machine::Machine;
use machine::program::NoProbe;

use crate::x16_files::Folder;
use crate::x16_kernal::{booted, cc65_sample, run, text};

/// Debian's mouse driver for the cx16, the `mouse_stddrv` of cc65's cx16 library.
const MOUSE_DRIVER: &str = "/usr/share/cc65/target/cx16/drv/mou/cx16-std.mou";

/// Frames until the program returns from its start (the board's error), at most `limit`.
fn frames_to_return(m: &mut Box<dyn Machine>, limit: usize) -> Option<(usize, String)> {
    let board = m.program().unwrap();
    (0..limit).find_map(|frame| {
        board
            .run_frame(&mut NoProbe::default())
            .err()
            .map(|e| (frame, e.to_string()))
    })
}

#[test]
fn mandelbrot_finds_no_graphics_driver_on_the_disk_and_says_so() {
    // mandelbrot.c (DYN_DRV 1): clrscr, "initializing... mompls\r\n", then
    // tgi_load_driver(tgi_stddrv), "cx16-320x8b.tgi" in cc65 2.19's cx16 library. Debian's
    // cc65 ships no such file, so open() fails: TGI_ERR_CANNOT_LOAD (2), printed with
    // tgi_geterrormsg; doesclrscrafterexit() is 0 on the cx16, so exit(EXIT_FAILURE)
    // returns from the program's start at once. A machine with the same disk does the same.
    let Some(prg) = cc65_sample("mandelbrot") else {
        return;
    };
    let folder = Folder {
        read_only: true,
        ..Folder::default()
    };
    let mut m = booted(&prg, None);
    m.program()
        .unwrap()
        .attach_host_fs(Box::new(folder.clone()))
        .expect("a drive");
    let (frame, e) = frames_to_return(&mut m, 10).expect("mandelbrot returns");
    assert!(e.contains("returned from its start"), "{e}");
    // At once: clearing the 80 x 60 screen and asking the drive take about a frame.
    assert!(frame <= 1, "returned in frame {frame}");
    let rows = text(&mut m);
    assert_eq!(rows[0], "initializing... mompls", "{rows:#?}");
    assert_eq!(rows[1], "Error #2 initializing graphics.", "{rows:#?}");
    assert_eq!(rows[2], "Cannot load driver", "{rows:#?}");
    let asked = folder.asked.lock().unwrap().clone();
    assert!(asked.contains(&"cx16-320x8b.tgi".to_owned()), "{asked:?}");
}

#[test]
fn enumdevdir_finds_no_disk_device_without_a_folder_and_returns() {
    // enumdevdir.c: getfirstdevice() probes the serial bus's disk units; with no host
    // folder nothing answers (the KERNAL's STATUS $80, device not present), so the loop
    // prints no "Device %d:" line, and doesclrscrafterexit() is 0: main returns at once.
    let Some(prg) = cc65_sample("enumdevdir") else {
        return;
    };
    let mut m = booted(&prg, None);
    let (frame, e) = frames_to_return(&mut m, 10).expect("enumdevdir returns");
    assert!(e.contains("returned from its start"), "{e}");
    assert_eq!(frame, 0);
    let rows = text(&mut m);
    assert!(rows.iter().all(String::is_empty), "{rows:#?}");
}

#[test]
fn mousedemo_loads_its_driver_from_the_disk_and_shows_the_pointer_state() {
    let Some(prg) = cc65_sample("mousedemo") else {
        return;
    };
    let Ok(driver) = std::fs::read(MOUSE_DRIVER) else {
        eprintln!("{MOUSE_DRIVER} is not installed: mousedemo not run");
        return;
    };
    let folder = Folder {
        read_only: true,
        ..Folder::default()
    };
    folder
        .files
        .lock()
        .unwrap()
        .insert("cx16-std.mou".to_owned(), driver);
    let mut m = booted(&prg, None);
    m.program()
        .unwrap()
        .attach_host_fs(Box::new(folder.clone()))
        .expect("a drive");
    // mousedemo.c (DYN_DRV 1): clrscr, then DoWarning names mouse_stddrv and waits.
    run(&mut m, 10);
    let rows = text(&mut m);
    assert_eq!(
        rows[..6],
        [
            "Warning: This program needs",
            "the driver with the name",
            "    cx16-std.mou",
            "on a disk! Press 'y' if you have it;",
            "or, any other key to exit.",
            "",
        ],
        "{rows:#?}"
    );
    // 'y' loads the driver through unit 8 (mouse_load_driver: open, read, close) and
    // installs it; a failure would print "mouse_load_driver: ..." and exit.
    m.program()
        .unwrap()
        .type_text("y")
        .expect("y is on the keyboard");
    if let Some((frame, e)) = frames_to_return(&mut m, 60) {
        let asked = folder.asked.lock().unwrap().clone();
        panic!(
            "returned in frame {frame}: {e}\n{:#?}\nasked {asked:?}",
            text(&mut m)
        );
    }
    let asked = folder.asked.lock().unwrap().clone();
    assert!(asked.contains(&"cx16-std.mou".to_owned()), "{asked:?}");
    let rows = text(&mut m);
    // clrscr, the help line at the top.
    assert_eq!(
        rows[0], " d)ebug  h)ide   q)uit   s)how   j)ail",
        "{rows:#?}"
    );
    // The loop's state at (0, 2): X and Y, then B1 and B2 with no button down ('^',
    // PETSCII's up arrow, $5E).
    assert!(rows[2].starts_with(" X  = "), "{rows:#?}");
    assert!(rows[3].starts_with(" Y  = "), "{rows:#?}");
    assert_eq!(rows[4], " B1 = ↑", "{rows:#?}");
    assert_eq!(rows[5], " B2 = ↑", "{rows:#?}");
    // The pointer inside the 80 x 60 screen's 640 x 480 pixels.
    for (row, limit) in [(2, 640), (3, 480)] {
        let at: i32 = rows[row][6..].trim().parse().expect("a number");
        assert!((0..limit).contains(&at), "{rows:#?}");
    }
    // ShowState at (0, 7): not jailed, and hidden (Invisible starts true).
    assert_eq!(rows[7], "Pointer is invisible.", "{rows:#?}");
    // The centre's co-ordinates at (80 / 2 - 3, 60 / 2 - 1), "%3u,%3u" of 40 * 8 + 4 and
    // 30 * 8 + 4; the next line, 40 columns on, the cross ($DB, a PETSCII graphic).
    assert_eq!(rows[29], format!("{}324,244", " ".repeat(37)), "{rows:#?}");
    assert_eq!(rows[30], format!("{}·", " ".repeat(40)), "{rows:#?}");
    // 's' shows the pointer: the driver puts sprite 0 at the pointer's place through
    // the KERNAL's sprite_set_position, which gives it z-depth 3 (attribute byte 6, bits
    // 3-2, at VRAM $1FC06) and turns sprites on (DC_VIDEO bit 6).
    let hidden = m.program().unwrap().peek_vram(0x1FC06);
    m.program()
        .unwrap()
        .type_text("s")
        .expect("s is on the keyboard");
    run(&mut m, 10);
    assert_eq!(text(&mut m)[7], "Pointer is visible.");
    let board = m.program().unwrap();
    let shown = board.peek_vram(0x1FC06);
    assert_eq!(
        (hidden & 0x0C, shown & 0x0C),
        (0, 0x0C),
        "{hidden:02X} {shown:02X}"
    );
    assert_eq!(board.cpu().peek(0x9F29) & 0x40, 0x40, "sprites on");
    // 'q' quits: mouse_uninstall, and main returns from the program's start.
    m.program()
        .unwrap()
        .type_text("q")
        .expect("q is on the keyboard");
    let (_, e) = frames_to_return(&mut m, 10).expect("mousedemo returns after q");
    assert!(e.contains("returned from its start"), "{e}");
}

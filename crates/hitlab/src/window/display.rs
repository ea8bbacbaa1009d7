//! The size of the display a window opens on, asked of the X server named by `DISPLAY`:
//! the work area of the current desktop when the window manager publishes one
//! (`_NET_WORKAREA`, indexed by `_NET_CURRENT_DESKTOP`, as the freedesktop.org Extended
//! Window Manager Hints define them: the screen less docks and panels), otherwise the
//! screen's size from the connection setup (`width_in_pixels` x `height_in_pixels` of the
//! default screen, X11 protocol "Connection Setup").
//!
//! The X protocol is spoken in Rust (x11rb's `RustConnection`), so no libX11 is needed for
//! the question; with no X server, or one that does not answer within [`ASK_TIMEOUT`],
//! there is no answer and pictures are fitted to the default display
//! ([`crate::view::layout::DEFAULT_DISPLAY_PX`]).

use std::time::Duration;

use crate::view::layout;

/// How long the X server is given to answer before the default display is used: a wedged
/// server must not keep the window from opening.
pub const ASK_TIMEOUT: Duration = Duration::from_secs(2);

/// Where a display's size came from, for the line `run` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The current desktop's `_NET_WORKAREA`.
    WorkArea,
    /// The X screen's size.
    Screen,
}

impl Source {
    /// In words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::WorkArea => "the X desktop's work area",
            Self::Screen => "the X screen",
        }
    }
}

/// The display a window is fitted to, and where its size came from in words:
/// `HITLAB_DISPLAY` when set, else the X server's answer ([`ask`]), else
/// [`layout::DEFAULT_DISPLAY_PX`].
#[must_use]
pub fn for_window() -> ((usize, usize), &'static str) {
    if std::env::var("HITLAB_DISPLAY").is_ok_and(|s| !s.trim().is_empty()) {
        return (layout::display_px(), "HITLAB_DISPLAY");
    }
    match ask() {
        Some((px, source)) => (px, source.words()),
        None => (
            layout::DEFAULT_DISPLAY_PX,
            "the default; the X server did not say",
        ),
    }
}

/// The size of the display named by `DISPLAY` and where it came from, or `None` with no
/// X server (or none answering in [`ASK_TIMEOUT`]).
#[must_use]
pub fn ask() -> Option<((usize, usize), Source)> {
    let name = std::env::var("DISPLAY").ok().filter(|d| !d.is_empty())?;
    let (tx, rx) = std::sync::mpsc::channel();
    // The question runs on its own thread so that a server that accepts the connection
    // but never answers cannot hang the command; the thread is left behind then.
    std::thread::Builder::new()
        .name("x11-display-size".to_owned())
        .spawn(move || {
            let _ = tx.send(ask_x(&name));
        })
        .ok()?;
    rx.recv_timeout(ASK_TIMEOUT).ok().flatten()
}

#[cfg(target_os = "linux")]
fn ask_x(name: &str) -> Option<((usize, usize), Source)> {
    use x11rb::connection::Connection as _;

    if !plausible(name) {
        return None;
    }
    let (conn, screen_num) = x11rb::connect(Some(name)).ok()?;
    let screen = conn.setup().roots.get(screen_num)?;
    let screen_px = (
        usize::from(screen.width_in_pixels),
        usize::from(screen.height_in_pixels),
    );
    match work_area(&conn, screen.root) {
        // A work area larger than the screen, or empty, is a window manager's mistake.
        Some((w, h)) if w > 0 && h > 0 && w <= screen_px.0 && h <= screen_px.1 => {
            Some(((w, h), Source::WorkArea))
        }
        _ => Some((screen_px, Source::Screen)),
    }
    // The connection closes when `conn` is dropped here.
}

/// Whether `name` is a display name whose number can be a display: X servers listen on
/// TCP port 6000 + N, so N above 59535 names none (and x11rb's parser overflows on it).
#[cfg(target_os = "linux")]
fn plausible(name: &str) -> bool {
    let Some((_, after)) = name.rsplit_once(':') else {
        return false;
    };
    let number = after.split('.').next().unwrap_or("");
    number.parse::<u32>().is_ok_and(|n| n <= 65_535 - 6_000)
}

#[cfg(not(target_os = "linux"))]
fn ask_x(_name: &str) -> Option<((usize, usize), Source)> {
    None
}

/// The width and height of the current desktop's work area, if the window manager
/// publishes one: `_NET_WORKAREA` holds x, y, width, height for each desktop.
#[cfg(target_os = "linux")]
fn work_area(conn: &impl x11rb::connection::Connection, root: u32) -> Option<(usize, usize)> {
    use x11rb::protocol::xproto::{AtomEnum, ConnectionExt as _};

    let atom = |name: &[u8]| -> Option<u32> {
        let a = conn.intern_atom(true, name).ok()?.reply().ok()?.atom;
        (a != u32::from(AtomEnum::NONE)).then_some(a)
    };
    let desktop = atom(b"_NET_CURRENT_DESKTOP")
        .and_then(|a| {
            let r = conn
                .get_property(false, root, a, AtomEnum::CARDINAL, 0, 1)
                .ok()?
                .reply()
                .ok()?;
            r.value32()?.next()
        })
        .unwrap_or(0);
    let area = atom(b"_NET_WORKAREA")?;
    let r = conn
        .get_property(
            false,
            root,
            area,
            AtomEnum::CARDINAL,
            desktop.checked_mul(4)?,
            4,
        )
        .ok()?
        .reply()
        .ok()?;
    let v: Vec<u32> = r.value32()?.collect();
    match v[..] {
        [_, _, w, h] => Some((usize::try_from(w).ok()?, usize::try_from(h).ok()?)),
        _ => None,
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::Read as _;
    use std::process::{Child, Command, Stdio};

    /// An Xvfb with one screen of `size`, on a display number it picks itself; `None`
    /// where Xvfb is not installed.
    struct Xvfb {
        child: Child,
        display: String,
    }

    impl Xvfb {
        fn start(size: &str) -> Option<Self> {
            let mut child = Command::new("Xvfb")
                .args(["-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp"])
                // Without it the server resets when its last client leaves, and the
                // work area a test sets goes with it.
                .arg("-noreset")
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .ok()?;
            // Xvfb writes the display number and a newline once it accepts connections.
            let mut out = child.stdout.take()?;
            let mut number = String::new();
            let mut byte = [0u8; 1];
            while out.read(&mut byte).ok()? == 1 && byte[0] != b'\n' {
                number.push(char::from(byte[0]));
            }
            if number.trim().is_empty() {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            Some(Self {
                child,
                display: format!(":{}", number.trim()),
            })
        }
    }

    impl Drop for Xvfb {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// Sets the root window's `_NET_WORKAREA` the way a window manager does.
    fn set_work_area(display: &str, area: [u32; 4]) {
        use x11rb::connection::Connection as _;
        use x11rb::protocol::xproto::{AtomEnum, ConnectionExt as _, PropMode};
        use x11rb::wrapper::ConnectionExt as _;
        let (conn, n) = x11rb::connect(Some(display)).expect("connect");
        let root = conn.setup().roots[n].root;
        let atom = conn
            .intern_atom(false, b"_NET_WORKAREA")
            .unwrap()
            .reply()
            .unwrap()
            .atom;
        conn.change_property32(PropMode::REPLACE, root, atom, AtomEnum::CARDINAL, &area)
            .unwrap();
        conn.sync().unwrap();
    }

    #[test]
    fn the_x_screen_and_its_work_area_are_read_from_the_server() {
        let Some(small) = Xvfb::start("1024x768x24") else {
            eprintln!("skipped: Xvfb is not installed");
            return;
        };
        // No window manager: no work area, the screen's size.
        assert_eq!(ask_x(&small.display), Some(((1024, 768), Source::Screen)));
        // A panel of 28 px at the top, as a window manager publishes it.
        set_work_area(&small.display, [0, 28, 1024, 740]);
        assert_eq!(ask_x(&small.display), Some(((1024, 740), Source::WorkArea)));
        // One larger than the screen is not believed.
        set_work_area(&small.display, [0, 0, 4096, 740]);
        assert_eq!(ask_x(&small.display), Some(((1024, 768), Source::Screen)));
        drop(small);

        let Some(large) = Xvfb::start("1920x1080x24") else {
            eprintln!("skipped: Xvfb did not start a second time");
            return;
        };
        assert_eq!(ask_x(&large.display), Some(((1920, 1080), Source::Screen)));
    }

    #[test]
    fn no_x_server_is_no_answer() {
        // A display number no server listens on (the socket does not exist).
        assert_eq!(ask_x(":59000"), None);
        assert_eq!(ask_x("not a display name"), None);
        // Numbers no X server can listen on are refused before connecting.
        assert!(!plausible(":65000"));
        assert!(!plausible(":"));
        assert!(plausible(":0"));
        assert!(plausible("localhost:10.0"));
    }
}

//! The window (minifb): the only code that opens one. It presents what
//! [`crate::view::render`] draws, unscaled (the integer scale is already in the picture), at
//! the machine's frame rate, and turns keys into calls on what plays ([`Shown`]: a scene or
//! a program).

pub mod display;
mod keys;
mod recorder;

use std::io::Write as _;
use std::time::{Duration, Instant};

use minifb::{Scale, ScaleMode, Window, WindowOptions};

use crate::cmd::record::start_gif;
use crate::media::write_canvas_png;
use crate::shown::Shown;
use crate::view::canvas::Canvas;
use crate::view::program::Inspect;
use keys::{Action, Presses, arrows};
use recorder::Recorder;

/// The window could not be opened; the reason, as the system gave it.
#[derive(Debug)]
pub struct NoWindow(pub String);

/// When a run ends by itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exit {
    /// Quit once this many frames were shown.
    pub after_frames: Option<u32>,
    /// How long the last frame stays on screen before quitting.
    pub hold: Duration,
}

/// Play state between frames.
#[derive(Debug, Default)]
struct State {
    paused: bool,
    /// Arrow keys took over the scene's player (until then its recording plays).
    live: bool,
    recording: Option<Recorder>,
}

/// Plays `player` in a window until `q`, Esc, the window's close button, or `exit`; gives
/// back the program's failure when a program failed while it played (the window closes).
///
/// # Errors
/// The window cannot be opened (no display, no X server, ...).
pub fn run(player: &mut dyn Shown, exit: Exit) -> Result<Option<crate::Fault>, NoWindow> {
    let (w, h) = player.full_size();
    let title = format!("hitlab: {}", player.name());
    let mut win = Window::new(
        &title,
        w,
        h,
        WindowOptions {
            scale: Scale::X1,
            scale_mode: ScaleMode::UpperLeft,
            ..WindowOptions::default()
        },
    )
    .map_err(|e| NoWindow(e.to_string()))?;
    win.set_target_fps(player.rate_hz() as usize);
    let (presses, feed) = Presses::new();
    win.set_input_callback(feed);
    crate::out::outln!(
        "hitlab: {} at scale {}, {} Hz; h lists the keys, q quits",
        player.name(),
        player.scale(),
        player.rate_hz()
    );
    let mut st = State::default();
    let mut canvas = player.render();
    let mut shown_title = String::new();
    let mut last_stepped = true;
    let mut failed = None;
    loop {
        if crate::long_run::stopped() {
            break;
        }
        let t = window_title(&title, player, &st, exit.after_frames.is_some());
        if t != shown_title {
            win.set_title(&t);
            shown_title = t;
        }
        if let Err(e) = win.update_with_buffer(&canvas.px, canvas.w, canvas.h) {
            eprintln!("hitlab: the window closed: {e}");
            break;
        }
        if last_stepped {
            record_frame(&mut st, &canvas);
        }
        let frame = player.frame();
        if exit.after_frames.is_some_and(|n| frame + 1 >= n) {
            hold(&mut win, &canvas, frame, exit.hold);
            break;
        }
        if !win.is_open() {
            break;
        }
        let mut step_once = false;
        let mut redraw = false;
        let mut quit = false;
        let actions = presses.borrow_mut().take();
        for a in actions {
            match a {
                Action::Quit => quit = true,
                Action::Step => {
                    step_once = true;
                    st.paused = true;
                }
                a => redraw |= apply(a, player, &mut st, &canvas, exit),
            }
        }
        if quit {
            break;
        }
        let dirs = arrows(|k| win.is_key_down(k));
        st.live |= dirs.0 != 0;
        // After the keys: `space` at the end started the scene again.
        let at_end = exit.after_frames.is_none() && player.frame() + 1 >= player.end_frame();
        last_stepped = (step_once || !st.paused) && !at_end;
        if last_stepped {
            if let Err(fault) = player.step(st.live.then_some(dirs)) {
                failed = Some(fault);
                break;
            }
            redraw = true;
        } else if at_end && !st.paused {
            st.paused = true;
        }
        if redraw {
            canvas = player.render();
        }
    }
    if let Some(gif) = st.recording.take() {
        finish_recording(gif);
    }
    Ok(failed)
}

/// Carries out a key's action; true when the picture must be drawn again.
fn apply(a: Action, player: &mut dyn Shown, st: &mut State, canvas: &Canvas, exit: Exit) -> bool {
    match a {
        Action::Pause => {
            let at_end = exit.after_frames.is_none() && player.frame() + 1 >= player.end_frame();
            if at_end {
                if let Err(e) = player.restart() {
                    eprintln!("hitlab: cannot restart: {}", e);
                }
                st.paused = false;
                return true;
            }
            st.paused = !st.paused;
            false
        }
        Action::StepBack => {
            st.paused = true;
            player.step_back().unwrap_or_else(|e| {
                eprintln!("hitlab: cannot step back: {e}");
                false
            })
        }
        Action::NextMethod => {
            player.cycle_method(1);
            true
        }
        Action::PrevMethod => {
            player.cycle_method(-1);
            true
        }
        Action::Overlays => {
            let ov = player.overlays_mut();
            ov.on = !ov.on;
            true
        }
        Action::Boxes => {
            let ov = player.overlays_mut();
            toggle(&mut ov.boxes, &mut ov.on)
        }
        Action::Pairs => {
            let ov = player.overlays_mut();
            toggle(&mut ov.pairs, &mut ov.on)
        }
        Action::Guides => {
            let ov = player.overlays_mut();
            toggle(&mut ov.guides, &mut ov.on)
        }
        Action::Panel => {
            let ov = player.overlays_mut();
            toggle(&mut ov.panel, &mut ov.on)
        }
        Action::Help => {
            // Drawn over the frame, with the keys of what plays (a program's differ).
            let ov = player.overlays_mut();
            ov.help = !ov.help;
            if ov.help {
                ov.on = true;
            }
            true
        }
        Action::Registers => player.inspect(Inspect::Cpu),
        Action::Sprites => player.inspect(Inspect::Sprites),
        Action::Watches => player.inspect(Inspect::Watches),
        Action::Screenshot => {
            let path = capture_name(player, "png");
            match write_canvas_png(path.as_ref(), canvas, &player.meta()) {
                Ok(()) => crate::out::outln!("screenshot {path}"),
                Err(e) => eprintln!("hitlab: screenshot failed: {e:#}"),
            }
            false
        }
        Action::Record => {
            if let Some(gif) = st.recording.take() {
                finish_recording(gif);
            } else {
                let path = capture_name(player, "gif");
                // The window's size, whatever the overlays: toggling them while recording
                // keeps one picture size.
                let on = player.overlays().on;
                player.overlays_mut().on = true;
                let started = start_gif(&*player, path.as_ref());
                player.overlays_mut().on = on;
                match started {
                    Ok(gif) => {
                        crate::out::outln!("recording {path} (r stops)");
                        st.recording = Some(Recorder::start(gif));
                        record_frame(st, canvas);
                    }
                    Err(e) => eprintln!("hitlab: cannot record: {}", e),
                }
            }
            true
        }
        Action::Step | Action::Quit => false,
    }
}

/// Flips an overlay; with the overlays off, turns them on with this one shown instead of
/// flipping it unseen.
fn toggle(flag: &mut bool, on: &mut bool) -> bool {
    if *on {
        *flag = !*flag;
    } else {
        *on = true;
        *flag = true;
    }
    true
}

/// Adds the picture on screen to the recording; stops it if the encoder has failed.
fn record_frame(st: &mut State, canvas: &Canvas) {
    if let Some(rec) = &st.recording
        && !rec.push(canvas)
        && let Some(rec) = st.recording.take()
    {
        finish_recording(rec);
    }
}

fn finish_recording(rec: Recorder) {
    let path = rec.path().display().to_string();
    match rec.finish() {
        Ok(n) => crate::out::outln!("recorded {path} ({n} frames)"),
        Err(e) => eprintln!("hitlab: {path}: {e:#}"),
    }
}

/// Keeps the last frame on screen for `hold`, after saying which frame it is: a capture
/// taken after that line shows frame `frame`.
fn hold(win: &mut Window, canvas: &Canvas, frame: u32, hold: Duration) {
    crate::out::outln!(
        "hitlab: presented frame {frame} ({}x{}), holding {} ms",
        canvas.w,
        canvas.h,
        hold.as_millis()
    );
    let _ = std::io::stdout().flush();
    let start = Instant::now();
    while start.elapsed() < hold && win.is_open() {
        if win
            .update_with_buffer(&canvas.px, canvas.w, canvas.h)
            .is_err()
        {
            break;
        }
    }
}

fn window_title(base: &str, player: &dyn Shown, st: &State, exiting: bool) -> String {
    let mut t = base.to_owned();
    let at_end = !exiting && player.frame() + 1 >= player.end_frame();
    if at_end {
        t.push_str(" (end: space restarts)");
    } else if st.paused {
        t.push_str(" (paused)");
    }
    if st.recording.is_some() {
        t.push_str(" REC");
    }
    t
}

/// Where the window's `s` and `r` keys write: the working folder, under a name the
/// repository ignores (`/hitlab-*.png`, `/hitlab-*.gif`), so a capture taken in a checkout
/// never shows up as a change to commit.
fn capture_name(player: &dyn Shown, ext: &str) -> String {
    format!("hitlab-{}-{}.{ext}", player.stem(), player.frame())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_go_to_names_the_repository_ignores() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let player = crate::play::Player::open(
            &root.join("scenes/msx/fifth.ron"),
            &crate::play::Options {
                method: None,
                frames: None,
            },
        )
        .expect("scene opens");
        let ignore = std::fs::read_to_string(root.join(".gitignore")).expect(".gitignore");
        for ext in ["png", "gif"] {
            let name = capture_name(&player, ext);
            assert_eq!(name, format!("hitlab-fifth-0.{ext}"));
            assert!(ignore.lines().any(|l| l == format!("/hitlab-*.{ext}")));
        }
    }
}

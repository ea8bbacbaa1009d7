//! The window's keys (listed on screen by `h`: [`crate::view::KEYS`] for a scene,
//! [`crate::view::program::KEYS`] for a program).

use std::cell::RefCell;
use std::rc::Rc;

use minifb::{InputCallback, Key};
use scene::motion::Dirs;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pause or play; at the end of the scene, start again.
    Pause,
    /// Play one frame.
    Step,
    /// Step back one frame (a program, from its save states).
    StepBack,
    /// Select the next method.
    NextMethod,
    /// Select the previous method.
    PrevMethod,
    /// All overlays on or off.
    Overlays,
    /// Object boxes.
    Boxes,
    /// The method's pairs.
    Pairs,
    /// The method's structure.
    Guides,
    /// The text panel.
    Panel,
    /// The key list.
    Help,
    /// A program's CPU registers.
    Registers,
    /// A program's sprite table as the chip read it.
    Sprites,
    /// A program's watches and their decisions.
    Watches,
    /// Write a PNG of the window.
    Screenshot,
    /// Start or stop a GIF of the window.
    Record,
    /// Close the window.
    Quit,
}

/// The action of a key pressed (`shift` held or not).
#[must_use]
pub fn action(key: Key, shift: bool) -> Option<Action> {
    Some(match key {
        Key::Space => Action::Pause,
        Key::Period | Key::NumPadDot => Action::Step,
        Key::Comma => Action::StepBack,
        Key::M if shift => Action::PrevMethod,
        Key::M => Action::NextMethod,
        Key::O => Action::Overlays,
        Key::B | Key::Key1 => Action::Boxes,
        Key::P | Key::Key2 => Action::Pairs,
        Key::G | Key::Key3 => Action::Guides,
        Key::T | Key::Key4 => Action::Panel,
        Key::H => Action::Help,
        Key::C => Action::Registers,
        Key::V => Action::Sprites,
        Key::W => Action::Watches,
        Key::S => Action::Screenshot,
        Key::R => Action::Record,
        Key::Q | Key::Escape => Action::Quit,
        _ => return None,
    })
}

/// The joypad directions of the arrow keys held.
#[must_use]
pub fn arrows(down: impl Fn(Key) -> bool) -> Dirs {
    let mut d = 0;
    for (key, bit) in [
        (Key::Up, Dirs::UP),
        (Key::Down, Dirs::DOWN),
        (Key::Left, Dirs::LEFT),
        (Key::Right, Dirs::RIGHT),
    ] {
        if down(key) {
            d |= bit;
        }
    }
    Dirs(d)
}

/// Key presses as the window system delivers them, queued between frames. Polling key
/// levels once a frame loses a tap whose press and release arrive within one frame; the
/// callback sees every press. An auto-repeated press (the key already down) counts only for
/// keys that repeat (`.`).
#[derive(Debug, Default)]
pub struct Presses {
    held: Vec<Key>,
    queue: Vec<(Key, bool)>,
}

impl Presses {
    /// The shared queue and the callback that fills it.
    #[must_use]
    pub fn new() -> (Rc<RefCell<Presses>>, Box<dyn InputCallback>) {
        let shared = Rc::new(RefCell::new(Presses::default()));
        (shared.clone(), Box::new(Feed(shared)))
    }

    /// The actions pressed since the last call, in order.
    pub fn take(&mut self) -> Vec<Action> {
        self.queue
            .drain(..)
            .filter_map(|(k, shift)| action(k, shift))
            .collect()
    }

    fn key(&mut self, key: Key, down: bool) {
        let was = self.held.contains(&key);
        if down {
            let shift = self.held.contains(&Key::LeftShift) || self.held.contains(&Key::RightShift);
            if !was {
                self.held.push(key);
            }
            if !was || action(key, shift) == Some(Action::Step) {
                self.queue.push((key, shift));
            }
        } else {
            self.held.retain(|&k| k != key);
        }
    }
}

struct Feed(Rc<RefCell<Presses>>);

impl InputCallback for Feed {
    fn add_char(&mut self, _uni_char: u32) {}

    fn set_key_state(&mut self, key: Key, state: bool) {
        self.0.borrow_mut().key(key, state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listed_keys_do_what_the_list_says() {
        assert_eq!(action(Key::Space, false), Some(Action::Pause));
        assert_eq!(action(Key::Period, false), Some(Action::Step));
        assert_eq!(action(Key::M, false), Some(Action::NextMethod));
        assert_eq!(action(Key::M, true), Some(Action::PrevMethod));
        assert_eq!(action(Key::O, false), Some(Action::Overlays));
        assert_eq!(action(Key::Key2, false), Some(Action::Pairs));
        assert_eq!(action(Key::S, false), Some(Action::Screenshot));
        assert_eq!(action(Key::R, false), Some(Action::Record));
        assert_eq!(action(Key::Escape, false), Some(Action::Quit));
        assert_eq!(action(Key::C, false), Some(Action::Registers));
        assert_eq!(action(Key::V, false), Some(Action::Sprites));
        assert_eq!(action(Key::W, false), Some(Action::Watches));
        assert_eq!(action(Key::Z, false), None);
        assert_eq!(arrows(|k| k == Key::Left || k == Key::Up).delta(), (-1, -1));
    }

    #[test]
    fn a_tap_within_one_frame_is_kept_and_repeats_only_step() {
        let (shared, mut feed) = Presses::new();
        feed.set_key_state(Key::H, true);
        feed.set_key_state(Key::H, false);
        feed.set_key_state(Key::LeftShift, true);
        feed.set_key_state(Key::M, true);
        feed.set_key_state(Key::M, true);
        feed.set_key_state(Key::Period, true);
        feed.set_key_state(Key::Period, true);
        assert_eq!(
            shared.borrow_mut().take(),
            vec![Action::Help, Action::PrevMethod, Action::Step, Action::Step]
        );
        assert!(shared.borrow_mut().take().is_empty());
    }
}

//! The status word: bits 5/6 cleared by a read, bits 3 and 7, display disabled.

use crate::common;
use common::*;
use genesis::{
    Reason, STATUS_COLLISION, STATUS_OVERFLOW, STATUS_PAL, STATUS_VBLANK, STATUS_VINT_PENDING, Vdp,
};

/// A scene with a collision on line 10 and 21 sprites on line 100.
fn busy_scene(v: &mut Vdp) {
    write_cells(v, 1, &[solid(1)]);
    let mut sprites = vec![Spr::at(10, 10, 1, 1, 1), Spr::at(12, 10, 1, 1, 1)];
    sprites.extend((0..21).map(|i| Spr::at(12 * i, 100, 1, 1, 1)));
    write_chain(v, &sprites);
}

#[test]
fn a_fresh_chip_reads_vblank_and_fifo_empty() {
    let mut v = Vdp::new();
    assert_eq!(v.peek_status(), 0x3400 | 0x0200 | STATUS_VBLANK);
    assert_eq!(v.read_status(), 0x3608);
    v.set_pal(true);
    assert_eq!(v.peek_status() & STATUS_PAL, STATUS_PAL);
}

#[test]
fn reading_status_clears_bits_5_and_6_only() {
    let mut v = chip(true, false);
    busy_scene(&mut v);
    v.run_frame();
    let want = STATUS_COLLISION | STATUS_OVERFLOW | STATUS_VBLANK | STATUS_VINT_PENDING;
    assert_eq!(v.peek_status() & 0xFF, want);
    assert_eq!(v.peek_status() & 0xFF, want, "peek has no side effect");
    assert_eq!(v.read_status() & 0xFF, want);
    assert_eq!(
        v.read_status() & 0xFF,
        STATUS_VBLANK | STATUS_VINT_PENDING,
        "5 and 6 cleared, 3 and 7 kept"
    );
    assert_eq!(v.first_collision_line(), Some(10));
    assert_eq!(v.first_overflow_line(), Some(100));
}

#[test]
fn bits_5_and_6_are_sticky_until_read() {
    let mut v = chip(true, false);
    busy_scene(&mut v);
    v.run_frame();
    // A quiet frame: the flags stay (no read), the first lines are per frame.
    write_chain(&mut v, &[Spr::at(10, 10, 1, 1, 1)]);
    v.run_frame();
    let s = v.peek_status();
    assert_ne!(s & STATUS_COLLISION, 0);
    assert_ne!(s & STATUS_OVERFLOW, 0);
    assert_eq!(v.first_collision_line(), None);
    assert_eq!(v.first_overflow_line(), None);
    v.read_status();
    v.run_frame();
    assert_eq!(v.peek_status() & (STATUS_COLLISION | STATUS_OVERFLOW), 0);
}

#[test]
fn vint_pending_is_cleared_by_acknowledge_not_by_reading() {
    let mut v = chip(true, false);
    v.run_frame();
    assert_ne!(v.read_status() & STATUS_VINT_PENDING, 0);
    assert_ne!(v.read_status() & STATUS_VINT_PENDING, 0);
    v.acknowledge_vint();
    assert_eq!(v.peek_status() & STATUS_VINT_PENDING, 0);
    v.run_frame();
    assert_ne!(v.peek_status() & STATUS_VINT_PENDING, 0);
}

#[test]
fn display_disabled_gives_no_flags() {
    let mut v = chip(true, false);
    v.write_register(7, 0x21);
    busy_scene(&mut v);
    v.write_register(1, 0x04);
    v.run_frame();
    assert_eq!(
        v.peek_status() & 0xFF,
        STATUS_VBLANK | STATUS_VINT_PENDING,
        "no collision, no overflow"
    );
    assert_eq!(v.first_collision_line(), None);
    assert_eq!(v.first_overflow_line(), None);
    assert!(
        v.frame_indexed().iter().all(|&p| p == 0x21),
        "backdrop only"
    );
    // Every sprite is listed, none drawn, active rows marked display-disabled.
    assert_eq!(v.sprites().len(), 23);
    for s in v.sprites() {
        assert!(!s.any_drawn());
    }
    assert!(listed(&v.sprites()[0], 10, 0, Reason::DisplayDisabled));
    // Enabling the display shows both.
    v.write_register(1, 0x44);
    v.run_frame();
    assert_eq!(
        v.peek_status() & 0xFF,
        STATUS_COLLISION | STATUS_OVERFLOW | STATUS_VBLANK | STATUS_VINT_PENDING
    );
}

#[test]
fn vblank_bit_follows_the_frame() {
    let mut v = chip(true, false);
    v.run_frame();
    assert_ne!(v.peek_status() & STATUS_VBLANK, 0, "frame ends in vblank");
    v.write_register(1, 0x04);
    v.run_frame();
    assert_ne!(v.peek_status() & STATUS_VBLANK, 0);
}

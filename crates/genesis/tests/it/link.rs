//! Link-list traversal (specs/genesis-vdp.md "traversal").

use crate::common;
use common::*;
use genesis::{STATUS_COLLISION, STATUS_OVERFLOW};

fn numbers(v: &genesis::Vdp) -> Vec<u8> {
    v.sprites().iter().map(|s| s.number).collect()
}

#[test]
fn a_link_cycle_terminates() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1)]);
    let mut s0 = Spr::at(10, 10, 1, 1, 1);
    s0.link = 1;
    let mut s1 = Spr::at(50, 50, 1, 1, 1);
    s1.link = 1;
    write_entry(&mut v, 0, &s0);
    write_entry(&mut v, 1, &s1);
    v.run_frame();
    // 80 entries visited in H40: sprite 0 then sprite 1 seventy-nine times.
    let n = numbers(&v);
    assert_eq!(n.len(), 80);
    assert_eq!(n[0], 0);
    assert!(n[1..].iter().all(|&x| x == 1));
    // Each visit is a sprite to the chip: 79 copies of sprite 1 on its lines exceed the
    // 20-per-line limit and draw over one another.
    let s = v.peek_status();
    assert_ne!(s & STATUS_OVERFLOW, 0);
    assert_ne!(s & STATUS_COLLISION, 0);
    assert_eq!(v.first_overflow_line(), Some(50));
}

#[test]
fn a_cycle_in_h32_stops_after_64_entries() {
    let mut v = chip(false, false);
    let mut a = Spr::at(10, 10, 1, 1, 1);
    a.link = 1;
    let mut b = Spr::at(10, 10, 1, 1, 1);
    b.link = 0;
    write_entry(&mut v, 0, &a);
    write_entry(&mut v, 1, &{
        let mut c = b;
        c.link = 2;
        c
    });
    write_entry(&mut v, 2, &{
        let mut c = b;
        c.link = 1;
        c
    });
    v.run_frame();
    assert_eq!(v.sprites().len(), 64);
}

#[test]
fn link_zero_ends_the_list() {
    let mut v = chip(true, false);
    write_chain(
        &mut v,
        &[
            Spr::at(0, 0, 1, 1, 1),
            Spr::at(0, 0, 1, 1, 1),
            Spr::at(0, 0, 1, 1, 1),
        ],
    );
    // Entry 3 exists in VRAM but nothing links to it.
    write_entry(&mut v, 3, &Spr::at(0, 0, 1, 1, 1));
    v.run_frame();
    assert_eq!(numbers(&v), vec![0, 1, 2]);
}

#[test]
fn links_follow_any_order() {
    let mut v = chip(true, false);
    for (n, link) in [(0u8, 7u8), (7, 3), (3, 79), (79, 0)] {
        let mut s = Spr::at(0, 0, 1, 1, 1);
        s.link = link;
        write_entry(&mut v, n, &s);
    }
    v.run_frame();
    assert_eq!(numbers(&v), vec![0, 7, 3, 79]);
}

#[test]
fn a_link_beyond_the_table_ends_the_list() {
    let mut v = chip(true, false);
    let mut s = Spr::at(0, 0, 1, 1, 1);
    s.link = 80;
    write_entry(&mut v, 0, &s);
    v.run_frame();
    assert_eq!(numbers(&v), vec![0]);

    // In H32 the table has 64 entries: link 64 ends it, link 63 is followed.
    let mut v = chip(false, false);
    s.link = 64;
    write_entry(&mut v, 0, &s);
    v.run_frame();
    assert_eq!(numbers(&v), vec![0]);
    s.link = 63;
    write_entry(&mut v, 0, &s);
    v.run_frame();
    assert_eq!(numbers(&v), vec![0, 63]);
}

#[test]
fn sprite_0_is_always_visited() {
    let mut v = chip(true, false);
    v.run_frame();
    assert_eq!(numbers(&v), vec![0]);
    // All-zero entry: 8x8 at raw (0, 0), far off-screen.
    let s = &v.sprites()[0];
    assert_eq!((s.x_px, s.y_px, s.w_px, s.h_px), (-128, -128, 8, 8));
}

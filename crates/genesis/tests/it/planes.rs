//! Planes A and B with scrolling and priority, under and over a sprite (the rules in the
//! `planes` module docs, from CMD genvdp.txt), worked by hand on one line.

use genesis::Vdp;

#[test]
fn planes_scroll_and_priority_compose_with_a_sprite() {
    let mut vdp = Vdp::new();
    vdp.set_planes(true);
    // Display on; A at $C000, B at $E000; SAT at $F000; H32; 32x32 planes; hscroll table
    // at $F800, whole screen; auto-increment 2.
    for (n, v) in [
        (1, 0x44),
        (2, 0x30),
        (4, 0x07),
        (5, 0x78),
        (12, 0),
        (16, 0),
        (13, 0x3E),
    ] {
        vdp.write_register(n, v);
    }
    vdp.write_register(15, 2);
    vdp.write_vram(0x0020, &[0x22; 32]); // cell 1: colour 2
    vdp.write_vram(0x0040, &[0x33; 32]); // cell 2: colour 3
    vdp.write_vram(0xE000, &[0x00, 0x01]); // B (0,0): cell 1, low priority
    vdp.write_vram(0xC002, &[0x80, 0x02]); // A (1,0): cell 2, high priority
    vdp.write_vram(0xF800, &[0x00, 0x00, 0x00, 0x04]); // A scroll 0, B scroll 4
    // Sprite 0: 8x8 at (12, 0), cell 1, low priority, link 0.
    vdp.write_vram(0xF000, &[0x00, 128, 0x00, 0x00, 0x00, 0x01, 0x00, 140]);
    vdp.run_frame();
    // B's cell moves right by 4: x 4-11 colour 2. A's cell at x 8-15, high priority: 3
    // over B and over the low-priority sprite (x 12-19), which shows at 16-19.
    let mut expected = [0u8; 24];
    expected[4..8].fill(2);
    expected[8..16].fill(3);
    expected[16..20].fill(2);
    assert_eq!(&vdp.frame_indexed()[..24], &expected[..]);
    // Line 8: nothing but the backdrop (all cells are one row high; the sprite is 8 lines).
    let w = usize::from(vdp.width_px());
    assert!(
        vdp.frame_indexed()[8 * w..8 * w + 24]
            .iter()
            .all(|&p| p == 0)
    );
}

#[test]
fn the_window_replaces_plane_a_on_its_lines() {
    let mut vdp = Vdp::new();
    vdp.set_planes(true);
    // Window on lines 0-7 (register 18 = 1, DOWN = 0), name table at $B000 (register 3 =
    // $2C); plane A at $C000 with cell 2 at (0,0); the window with cell 1 at (0,0).
    for (n, v) in [
        (1, 0x44),
        (2, 0x30),
        (3, 0x2C),
        (4, 0x07),
        (12, 0),
        (16, 0),
        (18, 1),
    ] {
        vdp.write_register(n, v);
    }
    vdp.write_vram(0x0020, &[0x22; 32]);
    vdp.write_vram(0x0040, &[0x33; 32]);
    vdp.write_vram(0xC000, &[0x00, 0x02]);
    vdp.write_vram(0xB000, &[0x00, 0x01]);
    vdp.write_register(5, 0x78);
    vdp.run_frame();
    // Line 0 shows the window's cell (colour 2), not plane A's (colour 3).
    assert!(vdp.frame_indexed()[..8].iter().all(|&p| p == 2));
}

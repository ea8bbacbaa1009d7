//! The write FIFO: data-port writes in the active display are read out at the VDP's
//! external access slots (Genesis Plus GX `fifo_timing_h32` / `fifo_timing_h40`, moved
//! to a line that starts at H counter 0: H32 slots at 50, 210, 370, 690, 850, 1,010,
//! 1,330, 1,490, 1,650, 1,970, 2,130, 2,290, 2,590, 2,610, 2,890, 3,170 master clocks;
//! H40 at 40, 168, 296, 552, 680, 808, ...), a VRAM word at the second slot after the
//! later of its arrival and the previous entry's read-out; the fifth write while four
//! wait holds the 68000 until the oldest is read out. Expected values worked by hand
//! from those tables.

use genesis::{STATUS_FIFO_EMPTY, STATUS_FIFO_FULL, Vdp};

fn regs(vdp: &mut Vdp, words: &[u16]) {
    for &w in words {
        vdp.write_control(w);
    }
}

/// Display on (register 1 = $44, mode 5), auto-increment 2, on line 0: active display.
fn active(h40: bool) -> Vdp {
    let mut vdp = Vdp::new();
    regs(
        &mut vdp,
        &[0x8144, 0x8F02, if h40 { 0x8C81 } else { 0x8C00 }],
    );
    assert!(vdp.in_active_display());
    vdp
}

#[test]
fn a_fifth_vram_write_waits_for_the_oldest_in_h32() {
    let mut vdp = active(false);
    vdp.set_master_clock(1_000);
    regs(&mut vdp, &[0x4000, 0x0000]);
    // Four VRAM words, two slots each after 1,000: read out at 1,330 (slots 1,010 and
    // 1,330), 1,650, 2,130, 2,590.
    for w in 0..4 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 0);
    let s = vdp.peek_status();
    assert_eq!(
        (s & STATUS_FIFO_EMPTY, s & STATUS_FIFO_FULL),
        (0, STATUS_FIFO_FULL)
    );
    // The fifth waits until 1,330: 330 clocks.
    vdp.write_data(4);
    assert_eq!(vdp.take_fifo_wait(), 330);
    // Its slots follow the fourth's: 2,610 and 2,890. At 2,800 one entry waits.
    vdp.set_master_clock(2_800);
    let s = vdp.peek_status();
    assert_eq!((s & STATUS_FIFO_EMPTY, s & STATUS_FIFO_FULL), (0, 0));
    vdp.set_master_clock(2_889);
    assert_eq!(vdp.peek_status() & STATUS_FIFO_EMPTY, 0);
    vdp.set_master_clock(2_890);
    assert_ne!(vdp.peek_status() & STATUS_FIFO_EMPTY, 0);
    // The words themselves are in VRAM at once (the model writes on entry).
    assert_eq!(&vdp.vram()[6..10], &[0, 3, 0, 4]);
}

#[test]
fn cram_writes_take_one_slot_in_h40() {
    let mut vdp = active(true);
    vdp.set_master_clock(0);
    regs(&mut vdp, &[0xC000, 0x0000]);
    // One slot each: four read out at 40, 168, 296, 552; the fifth waits until 40, the
    // sixth until 168 (another 128 after the first hold).
    for w in 0..5 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 40);
    vdp.write_data(5);
    assert_eq!(vdp.take_fifo_wait(), 128);
}

#[test]
fn writes_in_blank_or_without_a_clock_do_not_wait() {
    // Display off: vertical blank rules, no FIFO.
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8104, 0x8F02, 0x4000, 0x0000]);
    vdp.set_master_clock(0);
    for w in 0..10 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 0);
    assert_ne!(vdp.peek_status() & STATUS_FIFO_EMPTY, 0);
    // Active display but no clock given (the direct API): no FIFO either.
    let mut vdp = active(false);
    regs(&mut vdp, &[0x4000, 0x0000]);
    for w in 0..10 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 0);
    // A clock given, then taken away: writes complete at once again.
    vdp.set_master_clock(0);
    vdp.clear_master_clock();
    for w in 0..10 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 0);
    assert_ne!(vdp.peek_status() & STATUS_FIFO_EMPTY, 0);
}

#[test]
fn the_nth_slot_after_a_clock_walks_the_table_into_later_lines() {
    use genesis::HMode;
    use genesis::fifo::{next_slot, nth_slot_after};
    // H32, a line starting at master clock 6,840 (line 2): the first slot after its
    // start is at 50, the 16th (the table's last) at 3,170, the 17th the next line's
    // first, at 3,420 + 50.
    let ls = 6_840;
    assert_eq!(nth_slot_after(ls, ls, HMode::H32, 1), ls + 50);
    assert_eq!(nth_slot_after(ls, ls, HMode::H32, 16), ls + 3_170);
    assert_eq!(nth_slot_after(ls, ls, HMode::H32, 17), ls + 3_420 + 50);
    // Strictly after: from the slot at 690 itself, the next is 850, the third 1,330.
    assert_eq!(nth_slot_after(ls + 690, ls, HMode::H32, 1), ls + 850);
    assert_eq!(nth_slot_after(ls + 690, ls, HMode::H32, 3), ls + 1_330);
    // Two lines on: 16 x 2 slots after 3,170 of the line before is 3,170 two lines on.
    assert_eq!(
        nth_slot_after(ls + 3_170, ls, HMode::H32, 32),
        ls + 2 * 3_420 + 3_170
    );
    // H40: past the last slot (2,992) the next is the next line's 40; the 19th after
    // the line's start is the next line's 40 too (18 a line).
    assert_eq!(
        nth_slot_after(ls + 3_000, ls, HMode::H40, 1),
        ls + 3_420 + 40
    );
    assert_eq!(nth_slot_after(ls, ls, HMode::H40, 19), ls + 3_420 + 40);
    // A clock before the line's start counts from the start; the first is next_slot.
    assert_eq!(nth_slot_after(ls - 500, ls, HMode::H40, 1), ls + 40);
    assert_eq!(next_slot(ls + 2_600, ls, HMode::H40), ls + 2_992);
}

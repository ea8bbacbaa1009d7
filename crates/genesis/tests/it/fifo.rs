//! The write FIFO: data-port writes in the active display wait for the VDP's slots, 214
//! master clocks apart in H32 and 190 in H40 (Genesis Plus GX `fifo_latency`), twice that
//! for a VRAM word; the fifth write while four wait holds the 68000 (genesis `fifo`
//! module). Expected values worked by hand from those figures.

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
    // Four VRAM words at 428 clocks each: done at 1,428, 1,856, 2,284, 2,712.
    for w in 0..4 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 0);
    let s = vdp.peek_status();
    assert_eq!(
        (s & STATUS_FIFO_EMPTY, s & STATUS_FIFO_FULL),
        (0, STATUS_FIFO_FULL)
    );
    // The fifth waits until 1,428: 428 clocks.
    vdp.write_data(4);
    assert_eq!(vdp.take_fifo_wait(), 428);
    // Its slot follows the fourth: done at 3,140. At 3,000 one entry waits.
    vdp.set_master_clock(3_000);
    let s = vdp.peek_status();
    assert_eq!((s & STATUS_FIFO_EMPTY, s & STATUS_FIFO_FULL), (0, 0));
    vdp.set_master_clock(3_140);
    assert_ne!(vdp.peek_status() & STATUS_FIFO_EMPTY, 0);
    // The words themselves are in VRAM at once (the model writes on entry).
    assert_eq!(&vdp.vram()[6..10], &[0, 3, 0, 4]);
}

#[test]
fn cram_writes_take_one_slot_in_h40() {
    let mut vdp = active(true);
    vdp.set_master_clock(0);
    regs(&mut vdp, &[0xC000, 0x0000]);
    // 190 clocks each: four done at 190..760; the fifth waits 190, the sixth until 380
    // (another 190 after the first hold).
    for w in 0..5 {
        vdp.write_data(w);
    }
    assert_eq!(vdp.take_fifo_wait(), 190);
    vdp.write_data(5);
    assert_eq!(vdp.take_fifo_wait(), 190);
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

//! When a poll's read next changes (genesis `poll`), from the rules of the status word
//! (HBlank from H32 master clock 2,940 to 100; bits 5 and 6 cleared by a read) and of the
//! H counter (H32: a pixel every 10 master clocks, the counter is the pixel position's
//! bits 8-1, so it steps every 20 clocks until $93).

use genesis::{PolledPort, Vdp};

const HBLANK: u16 = 1 << 2;
const COLLISION: u16 = 1 << 5;

/// Display on (mode 5), H32, on line 0 (active), the line starting at master clock 0,
/// the board keeping time.
fn timed() -> Vdp {
    let mut vdp = Vdp::new();
    for w in [0x8144, 0x8C00] {
        vdp.write_control(w);
    }
    vdp.set_line_start(0);
    vdp.set_access_clock(0);
    vdp
}

#[test]
fn the_hblank_bit_changes_at_its_edges_and_other_bits_wait_for_a_line_event() {
    let vdp = timed();
    // Bit 2 clear from 100 to 2,940: a poll of it changes at 2,940, then at the line's
    // end (3,420: a line event); before 100, at 100.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, HBLANK, 1_000, 0),
        2_940
    );
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, HBLANK, 3_000, 0),
        3_420
    );
    assert_eq!(vdp.poll_changes_at(PolledPort::Status, HBLANK, 50, 0), 100);
    assert_eq!(vdp.poll_value(PolledPort::Status, 1_000, 0) & HBLANK, 0);
    assert_eq!(
        vdp.poll_value(PolledPort::Status, 3_000, 0) & HBLANK,
        HBLANK
    );
    // Bit 5 alone: only a line start sets it.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, COLLISION, 1_000, 0),
        u64::MAX
    );
}

#[test]
fn a_status_read_that_would_clear_something_is_not_a_pure_poll() {
    let mut vdp = timed();
    // The first half of a command: the next status read abandons it.
    vdp.write_control(0x4000);
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, COLLISION, 500, 0),
        500
    );
    vdp.read_status();
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, COLLISION, 500, 0),
        u64::MAX
    );
}

#[test]
fn the_hv_counter_changes_with_the_bits_polled() {
    let vdp = timed();
    // The V counter alone: the line's, until its end.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Hv, 0xFF00, 100, 0),
        u64::MAX
    );
    // H bit 0: the H counter steps every 20 clocks: from 100 (H $05) to 120 (H $06).
    assert_eq!(vdp.poll_changes_at(PolledPort::Hv, 0x0001, 100, 0), 120);
    // H bit 7: from H $05 to H $80, 2,560 clocks in.
    assert_eq!(vdp.poll_changes_at(PolledPort::Hv, 0x0080, 100, 0), 2_560);
    assert_eq!(vdp.poll_value(PolledPort::Hv, 100, 0), 0x0005);
}

const FIFO_EMPTY: u16 = 1 << 9;
const FIFO_FULL: u16 = 1 << 8;
const DMA_BUSY: u16 = 1 << 1;

#[test]
fn the_fifo_bits_change_as_each_entry_is_read_out() {
    let mut vdp = timed();
    // Auto-increment 2, a VRAM write command at 1,000 master clocks, then four VRAM
    // words: each takes two H32 slots after the later of its arrival and the previous
    // entry's read-out (genesis `fifo`, GPGX `fifo_timing_h32` moved to H counter 0:
    // slots 1,010, 1,330, 1,490, 1,650, 1,970, 2,130, 2,290, 2,590): read out at 1,330,
    // 1,650, 2,130 and 2,590.
    vdp.write_control(0x8F02);
    vdp.set_access_clock(1_000);
    vdp.write_control(0x4000);
    vdp.write_control(0x0000);
    for w in 0..4 {
        vdp.write_data(w);
    }
    let fifo = FIFO_EMPTY | FIFO_FULL;
    // Four wait at 1,000: full, not empty, until the first is out at 1,330.
    assert_eq!(
        vdp.poll_value(PolledPort::Status, 1_000, 0) & fifo,
        FIFO_FULL
    );
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, fifo, 1_000, 0),
        1_330
    );
    assert_eq!(
        vdp.poll_value(PolledPort::Status, 1_329, 0) & fifo,
        FIFO_FULL
    );
    // From 1,330 three wait: neither bit; the next change is the next entry out.
    assert_eq!(vdp.poll_value(PolledPort::Status, 1_330, 0) & fifo, 0);
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, fifo, 1_330, 0),
        1_650
    );
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, fifo, 2_200, 0),
        2_590
    );
    // At 2,590 the last is out: empty, and nothing but a line event changes it.
    assert_eq!(
        vdp.poll_value(PolledPort::Status, 2_590, 0) & fifo,
        FIFO_EMPTY
    );
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, fifo, 2_590, 0),
        u64::MAX
    );
    // A poll of another bit does not stop at the entries' read-outs.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, COLLISION, 1_000, 0),
        u64::MAX
    );
}

#[test]
fn a_running_fill_makes_a_busy_poll_unpredictable_but_not_a_poll_of_other_bits() {
    let mut vdp = timed();
    // DMA on (register 1 = $54), fill (register 23 = $80), length 4, VRAM write at $C000
    // with CD5 ($4000, $0083): the fill is armed by the command and status bit 1 reads
    // set from then (genesis `dma`, GPGX `vdp_68k_ctrl_w`), whatever time the read is at.
    for w in [0x8154, 0x8F01, 0x9304, 0x9400, 0x9780, 0x4000, 0x0083] {
        vdp.write_control(w);
    }
    assert_ne!(vdp.poll_value(PolledPort::Status, 500, 0) & DMA_BUSY, 0);
    assert_ne!(vdp.poll_value(PolledPort::Status, 3_000, 0) & DMA_BUSY, 0);
    // Its end depends on the slots the fill is given: a poll of bit 1 is stepped.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, DMA_BUSY, 500, 0),
        500
    );
    // Bit 5 alone still waits for a line event; bit 2 for its edge at 2,940.
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, COLLISION, 500, 0),
        u64::MAX
    );
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, HBLANK, 500, 0),
        2_940
    );
    // The fill's data word, then the whole fill run: bit 1 reads clear.
    vdp.write_data(0x5A00);
    vdp.finish_dma();
    assert_eq!(vdp.poll_value(PolledPort::Status, 500, 0) & DMA_BUSY, 0);
    assert_eq!(
        vdp.poll_changes_at(PolledPort::Status, DMA_BUSY, 500, 0),
        u64::MAX
    );
}

#[test]
fn hint_is_enabled_by_register_0_bit_4_alone() {
    // Register 0 bit 4 (IE1) enables the horizontal interrupt (Sega's VDP manual,
    // register 0); the other bits of the register leave it as it is.
    let mut vdp = timed();
    assert!(!vdp.hint_enabled(), "power-on: register 0 is 0");
    vdp.write_control(0x8010);
    assert!(vdp.hint_enabled());
    vdp.write_control(0x80EF);
    assert!(!vdp.hint_enabled(), "every bit but IE1");
    vdp.write_control(0x8014);
    assert!(vdp.hint_enabled());
}

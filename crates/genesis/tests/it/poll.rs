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

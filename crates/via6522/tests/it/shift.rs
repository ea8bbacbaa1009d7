//! The shift register in mode 6 (shift out under Φ2), the one the Vectrex BIOS patterns
//! lines with through CB2: a bit every second cycle, most significant first, the flag with
//! the eighth, the byte rotated back to itself.

use via6522::Via;
use via6522::regs::ifr;

const SR: u8 = 10;
const ACR: u8 = 11;

#[test]
fn mode_6_shifts_a_bit_every_second_cycle_onto_cb2() {
    let mut via = Via::new();
    via.write(ACR, 0x18);
    via.write(SR, 0b1010_0011);
    let mut seen = String::new();
    let mut flagged_at = None;
    for c in 1..=20 {
        via.tick(1);
        if c % 2 == 0 && c <= 16 {
            seen.push(if via.cb2() { '1' } else { '0' });
        }
        if flagged_at.is_none() && via.ifr() & ifr::SR != 0 {
            flagged_at = Some(c);
        }
    }
    assert_eq!(seen, "10100011");
    assert_eq!(flagged_at, Some(16));
    assert_eq!(via.read(SR), 0b1010_0011, "rotated back to itself");
    assert_eq!(via.ifr() & ifr::SR, 0, "reading SR clears the flag");
}

#[test]
fn a_full_byte_holds_cb2_high_between_shifts() {
    let mut via = Via::new();
    via.write(ACR, 0x18);
    via.write(SR, 0xFF);
    for _ in 0..16 {
        via.tick(1);
    }
    assert!(via.cb2(), "the last bit stays on the pin");
    via.tick(100);
    assert!(via.cb2());
    assert_eq!(via.cycles_to_next_event(), None, "stopped after eight bits");
}

#[test]
fn disabled_shift_register_leaves_cb2_to_the_pcr() {
    let mut via = Via::new();
    via.write(12, 0xC0); // CB2 manual low
    via.write(SR, 0xFF);
    via.tick(16);
    assert!(!via.cb2());
    assert_eq!(via.ifr() & ifr::SR, 0);
}

#[test]
fn a_board_may_skip_no_cycle_while_bits_move_and_to_the_timeout_after() {
    let mut via = Via::new();
    assert_eq!(via.quiet_cycles(), u32::MAX, "nothing due at power-on");
    via.write(4, 40); // T1CL
    via.write(5, 0); // T1CH: flags N + 1 = 41 cycles on (as timers.rs counts it)
    assert_eq!(
        via.quiet_cycles(),
        41,
        "the timer's timeout, as cycles_to_next_event"
    );
    via.write(ACR, 0x18);
    via.write(SR, 0xFF);
    assert_eq!(
        via.quiet_cycles(),
        1,
        "CB2 may change with every cycle of a shift"
    );
    for _ in 0..16 {
        via.tick(1);
    }
    assert_eq!(
        via.quiet_cycles(),
        41 - 16,
        "eight bits out: only the timer is left"
    );
}

//! Timer 1 and Timer 2 against the data sheet's rules: the flag N + 1 cycles after the load
//! (the "N + 1.5 cycles" seen from the next whole cycle), N + 2 cycles per free-run period,
//! one flag per one-shot load, flags cleared by the reads and writes the register table
//! names.

use via6522::Via;
use via6522::regs::ifr;

const T1CL: u8 = 4;
const T1CH: u8 = 5;
const T1LH: u8 = 7;
const T2CL: u8 = 8;
const T2CH: u8 = 9;
const ACR: u8 = 11;
const IFR: u8 = 13;
const IER: u8 = 14;

/// The cycles (counted from the load) on which the flag `bit` rose, over `cycles` cycles,
/// the flag cleared through the IFR after each.
fn flag_times(via: &mut Via, bit: u8, cycles: u32) -> Vec<u32> {
    let mut at = Vec::new();
    for c in 1..=cycles {
        via.tick(1);
        if via.ifr() & bit != 0 {
            at.push(c);
            via.write(IFR, bit);
        }
    }
    at
}

#[test]
fn timer_1_one_shot_flags_once_n_plus_1_cycles_after_the_load() {
    let mut via = Via::new();
    via.write(T1CL, 10);
    via.write(T1CH, 0);
    assert_eq!(via.t1_counter(), 10);
    via.tick(10);
    assert_eq!(via.t1_counter(), 0);
    assert_eq!(via.ifr() & ifr::T1, 0, "not yet at N cycles");
    via.tick(1);
    assert_ne!(via.ifr() & ifr::T1, 0, "at N + 1 cycles");
    assert_eq!(via.t1_counter(), 0xFFFF, "rolled over");
    // Reading T1C-L clears the flag; the counter goes on and never flags again.
    let _ = via.read(T1CL);
    assert_eq!(via.ifr() & ifr::T1, 0);
    via.tick(200_000);
    assert_eq!(via.ifr() & ifr::T1, 0, "one-shot: one flag per load");
}

#[test]
fn timer_1_free_run_flags_every_n_plus_2_cycles() {
    let mut via = Via::new();
    via.write(ACR, 0x40);
    via.write(T1CL, 5);
    via.write(T1CH, 0);
    assert_eq!(flag_times(&mut via, ifr::T1, 30), vec![6, 13, 20, 27]);
}

#[test]
fn pb7_is_low_from_the_one_shot_load_to_its_timeout() {
    let mut via = Via::new();
    via.write(ACR, 0x80);
    via.write(T1CL, 3);
    assert_ne!(via.port_b() & 0x80, 0, "high before the load");
    via.write(T1CH, 0);
    for c in 1..=3 {
        via.tick(1);
        assert_eq!(via.port_b() & 0x80, 0, "low on cycle {c}");
    }
    via.tick(1);
    assert_ne!(via.port_b() & 0x80, 0, "high at the timeout");
}

#[test]
fn pb7_is_a_square_wave_in_free_run() {
    let mut via = Via::new();
    via.write(ACR, 0xC0);
    via.write(T1CL, 2);
    via.write(T1CH, 0);
    let mut levels = String::new();
    for _ in 0..12 {
        via.tick(1);
        levels.push(if via.port_b() & 0x80 != 0 { '1' } else { '0' });
    }
    // Timeouts on cycles 3, 7 and 11 (N + 1, then every N + 2) toggle the pin.
    assert_eq!(levels, "001111000011");
}

#[test]
fn writing_t1_latch_high_clears_the_flag_without_reloading() {
    let mut via = Via::new();
    via.write(T1CL, 1);
    via.write(T1CH, 0);
    via.tick(2);
    assert_ne!(via.ifr() & ifr::T1, 0);
    via.write(T1LH, 0x12);
    assert_eq!(via.ifr() & ifr::T1, 0);
    assert_eq!(via.t1_counter(), 0xFFFF, "the counter is not reloaded");
}

#[test]
fn timer_2_one_shot_flags_once_and_keeps_counting() {
    let mut via = Via::new();
    via.write(T2CL, 0x30);
    via.write(T2CH, 0x75); // $7530 = 30,000: the Vectrex BIOS's frame.
    via.tick(30_000);
    assert_eq!(via.ifr() & ifr::T2, 0);
    via.tick(1);
    assert_ne!(via.ifr() & ifr::T2, 0, "30,001 cycles after the load");
    let _ = via.read(T2CL);
    assert_eq!(via.ifr() & ifr::T2, 0, "reading T2C-L clears it");
    via.tick(100);
    assert_eq!(via.t2_counter(), 0xFFFF - 100);
    via.tick(300_000);
    assert_eq!(via.ifr() & ifr::T2, 0, "one flag per load");
}

#[test]
fn timer_2_counts_pb6_falling_edges_in_pulse_mode() {
    let mut via = Via::new();
    via.write(ACR, 0x20);
    via.write(T2CL, 3);
    via.write(T2CH, 0);
    via.tick(1000);
    assert_eq!(via.t2_counter(), 3, "Φ2 does not count");
    for pulse in 1..=3 {
        via.set_pins_b(0xBF);
        via.set_pins_b(0xFF);
        let flagged = via.ifr() & ifr::T2 != 0;
        assert_eq!(flagged, pulse == 3, "pulse {pulse}");
    }
}

#[test]
fn irq_follows_enabled_flags_and_ifr_bit_7() {
    let mut via = Via::new();
    via.write(IER, 0x80 | ifr::T1);
    assert_eq!(via.read(IER), 0x80 | ifr::T1, "IER reads with bit 7 set");
    // Timer 2's flag alone: not enabled, no IRQ, IFR bit 7 clear.
    via.write(T2CL, 0);
    via.write(T2CH, 0);
    via.tick(1);
    assert_eq!(via.read(IFR), ifr::T2);
    assert!(!via.irq());
    via.write(T1CL, 0);
    via.write(T1CH, 0);
    via.tick(1);
    assert!(via.irq());
    assert_eq!(via.read(IFR), 0x80 | ifr::T1 | ifr::T2);
    // Writing a 1 clears that flag only.
    via.write(IFR, ifr::T1);
    assert!(!via.irq());
    assert_eq!(via.read(IFR), ifr::T2);
    // IER with bit 7 clear disables the bits given.
    via.write(IER, 0x80 | ifr::T2);
    assert!(via.irq());
    via.write(IER, ifr::T2);
    assert!(!via.irq());
}

#[test]
fn the_next_event_is_the_armed_timeout() {
    let mut via = Via::new();
    assert_eq!(via.cycles_to_next_event(), None);
    via.write(T2CL, 100);
    via.write(T2CH, 0);
    via.write(T1CL, 40);
    via.write(T1CH, 0);
    assert_eq!(via.cycles_to_next_event(), Some(41));
    via.tick(41);
    assert_eq!(via.cycles_to_next_event(), Some(101 - 41));
}

//! Ports, control lines and their flags (data sheet: "Port A", "Port B", "CA1, CA2, CB1,
//! CB2 control", the interrupt flag table).

use via6522::Via;
use via6522::regs::ifr;

const ORB: u8 = 0;
const ORA: u8 = 1;
const DDRB: u8 = 2;
const DDRA: u8 = 3;
const PCR: u8 = 12;
const ORA_NH: u8 = 15;

#[test]
fn port_b_reads_its_output_register_on_outputs_and_the_pins_on_inputs() {
    let mut via = Via::new();
    via.write(DDRB, 0x0F);
    via.write(ORB, 0xA5);
    via.set_pins_b(0x3C);
    assert_eq!(via.read(ORB), 0x35);
    assert_eq!(via.port_b(), 0x35);
}

#[test]
fn port_a_drives_its_outputs_and_reads_its_inputs() {
    let mut via = Via::new();
    via.write(DDRA, 0xF0);
    via.write(ORA, 0x5A);
    via.set_pins_a(0x0C);
    assert_eq!(via.port_a(), 0x5C);
    assert_eq!(via.read(ORA_NH), 0x5C);
}

#[test]
fn after_reset_every_pin_is_an_input() {
    let mut via = Via::new();
    via.set_pins_a(0x12);
    via.set_pins_b(0x34);
    assert_eq!(via.read(ORA), 0x12);
    assert_eq!(via.read(ORB), 0x34);
    assert_eq!(via.read(13), 0, "no flags");
    assert!(via.ca2() && via.cb2(), "control lines float high");
}

#[test]
fn ca2_and_cb2_follow_the_manual_output_modes() {
    let mut via = Via::new();
    via.write(PCR, 0b1100_1100); // CB2 110 (low), CA2 110 (low)
    assert!(!via.ca2());
    assert!(!via.cb2());
    via.write(PCR, 0b1110_1110); // 111: high
    assert!(via.ca2());
    assert!(via.cb2());
}

#[test]
fn ca1_flags_its_chosen_edge_and_reading_ora_clears_it() {
    let mut via = Via::new();
    via.set_ca1(false); // falling edge, PCR bit 0 = 0
    assert_ne!(via.ifr() & ifr::CA1, 0);
    let _ = via.read(ORA_NH);
    assert_ne!(via.ifr() & ifr::CA1, 0, "no handshake: not cleared");
    let _ = via.read(ORA);
    assert_eq!(via.ifr() & ifr::CA1, 0);
    via.set_ca1(true);
    assert_eq!(
        via.ifr() & ifr::CA1,
        0,
        "a rising edge is not the chosen one"
    );
    via.write(PCR, 0x01);
    via.set_ca1(false);
    via.set_ca1(true);
    assert_ne!(via.ifr() & ifr::CA1, 0, "PCR bit 0 set: rising edge");
}

#[test]
fn an_independent_cb2_input_keeps_its_flag_through_an_orb_access() {
    let mut via = Via::new();
    via.write(PCR, 0b0010_0000); // CB2 001: independent interrupt input, falling edge
    via.set_cb1(false);
    via.set_cb2(false);
    assert_eq!(via.ifr() & (ifr::CB1 | ifr::CB2), ifr::CB1 | ifr::CB2);
    let _ = via.read(ORB);
    assert_eq!(via.ifr() & (ifr::CB1 | ifr::CB2), ifr::CB2);
}

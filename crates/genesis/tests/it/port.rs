//! The port protocol a 68000 uses: command words, address setup, auto-increment,
//! register writes, reads, and the pending half reset.

use crate::common;
use common::*;
use genesis::Vdp;

/// The two command words for `code` (C5-C0) at `addr`.
fn command(code: u8, addr: u16) -> (u16, u16) {
    let first = (u16::from(code & 3) << 14) | (addr & 0x3FFF);
    let second = (u16::from(code >> 2) << 4) | (addr >> 14);
    (first, second)
}

/// A chip in mode 5 (register 1 bit 2, as every Mega Drive program sets first): in mode 4
/// the control port takes no second command word and registers 11-23 are masked.
fn mode5() -> Vdp {
    let mut v = Vdp::new();
    v.write_control(0x8104);
    v
}

fn set(v: &mut Vdp, code: u8, addr: u16) {
    let (a, b) = command(code, addr);
    v.write_control(a);
    v.write_control(b);
}

const VRAM_WRITE: u8 = 0x01;
const CRAM_WRITE: u8 = 0x03;
const VSRAM_WRITE: u8 = 0x05;
const VRAM_READ: u8 = 0x00;
const CRAM_READ: u8 = 0x08;
const VSRAM_READ: u8 = 0x04;

#[test]
fn a_register_write_through_the_control_port() {
    let mut v = mode5();
    v.write_control(0x8C81);
    v.write_control(0x8F02);
    assert_eq!(v.register(12), 0x81);
    assert_eq!(v.register(15), 2);
    assert_eq!(v.registers().h_mode(), genesis::HMode::H40);
    // Register 30 does not exist: nothing changes.
    let before = *v.registers().as_bytes();
    v.write_control(0x9E55);
    assert_eq!(*v.registers().as_bytes(), before);
}

#[test]
fn vram_address_setup_and_auto_increment() {
    let mut v = mode5();
    v.write_register(15, 2);
    set(&mut v, VRAM_WRITE, 0x1234);
    assert_eq!(v.port_state().address, 0x1234);
    assert!(!v.port_state().pending);
    v.write_data(0xABCD);
    v.write_data(0x0102);
    assert_eq!(&v.vram()[0x1234..0x1238], &[0xAB, 0xCD, 0x01, 0x02]);
    assert_eq!(v.port_state().address, 0x1238);

    // Increment 4 leaves gaps.
    v.write_register(15, 4);
    set(&mut v, VRAM_WRITE, 0x2000);
    v.write_data(0x1111);
    v.write_data(0x2222);
    assert_eq!(
        &v.vram()[0x2000..0x2008],
        &[0x11, 0x11, 0, 0, 0x22, 0x22, 0, 0]
    );

    // Increment 0 rewrites the same word.
    v.write_register(15, 0);
    set(&mut v, VRAM_WRITE, 0x3000);
    v.write_data(0x1111);
    v.write_data(0x2233);
    assert_eq!(&v.vram()[0x3000..0x3004], &[0x22, 0x33, 0, 0]);
}

#[test]
fn an_odd_address_writes_the_word_byte_swapped_into_its_pair() {
    let mut v = mode5();
    v.write_register(15, 1);
    set(&mut v, VRAM_WRITE, 0x4001);
    v.write_data(0xA1B2);
    assert_eq!(&v.vram()[0x4000..0x4002], &[0xB2, 0xA1]);
    assert_eq!(v.port_state().address, 0x4002);
}

#[test]
fn address_bits_15_and_14_come_from_the_second_word() {
    let mut v = mode5();
    v.write_register(15, 2);
    set(&mut v, VRAM_WRITE, 0xC010);
    assert_eq!(command(VRAM_WRITE, 0xC010), (0x4010, 0x0003));
    v.write_data(0x5566);
    assert_eq!(&v.vram()[0xC010..0xC012], &[0x55, 0x66]);
    // The next first half keeps A15-A14 from the last second half.
    v.write_control(0x4020);
    assert!(v.port_state().pending);
    assert_eq!(v.port_state().address, 0xC020);
}

#[test]
fn the_address_wraps_at_64k() {
    let mut v = mode5();
    v.write_register(15, 2);
    set(&mut v, VRAM_WRITE, 0xFFFE);
    v.write_data(0x0102);
    v.write_data(0x0304);
    assert_eq!(v.vram()[0xFFFE], 1);
    assert_eq!(&v.vram()[0..2], &[3, 4]);
}

#[test]
fn a_status_read_abandons_a_half_written_command() {
    let mut v = mode5();
    v.write_control(0x4000);
    assert!(v.port_state().pending);
    v.read_status();
    assert!(!v.port_state().pending);
    // The next word is a register write, not a second half.
    v.write_control(0x8F04);
    assert_eq!(v.register(15), 4);
}

#[test]
fn cram_and_vsram_writes_and_reads() {
    let mut v = mode5();
    v.write_register(15, 2);
    set(&mut v, CRAM_WRITE, 0x0002);
    v.write_data(0x0EEE);
    v.write_data(0xFFFF);
    assert_eq!(v.cram()[1], 0x0EEE);
    assert_eq!(v.cram()[2], 0x0EEE, "unused bits read as 0");
    set(&mut v, CRAM_READ, 0x0002);
    assert_eq!(v.read_data(), 0x0EEE);

    set(&mut v, VSRAM_WRITE, 0x0004);
    v.write_data(0x0123);
    assert_eq!(v.vsram()[2], 0x0123);
    set(&mut v, VSRAM_READ, 0x0004);
    assert_eq!(v.read_data(), 0x0123);
}

#[test]
fn vram_reads_return_the_word_and_advance() {
    let mut v = mode5();
    v.write_vram(0x0100, &[0xDE, 0xAD, 0xBE, 0xEF]);
    v.write_register(15, 2);
    set(&mut v, VRAM_READ, 0x0100);
    assert_eq!(v.read_data(), 0xDEAD);
    assert_eq!(v.read_data(), 0xBEEF);
}

#[test]
fn the_port_and_the_direct_api_have_the_same_effect() {
    let mut by_port = chip(true, false);
    let mut direct = chip(true, false);
    let mut bytes = Vec::new();
    for i in 0..20u16 {
        let mut s = Spr::at(i32::from(i) * 13, i32::from(i) * 9, 2, 2, 1);
        s.link = (i + 1) as u8 % 20;
        bytes.extend_from_slice(&s.encode());
    }
    let tiles: Vec<u8> = (0..128u32).map(|i| (i * 37 % 256) as u8).collect();
    port_write_vram(&mut by_port, SAT, &bytes);
    port_write_vram(&mut by_port, 32, &tiles);
    direct.write_vram(SAT, &bytes);
    direct.write_vram(32, &tiles);
    assert_eq!(by_port.vram(), direct.vram());
    assert_eq!(by_port.sat_cache(), direct.sat_cache());
    by_port.run_frame();
    direct.run_frame();
    assert_eq!(by_port.frame_indexed(), direct.frame_indexed());
    assert_eq!(by_port.sprites(), direct.sprites());
    assert_eq!(by_port.peek_status(), direct.peek_status());
}

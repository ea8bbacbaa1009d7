//! The Z80 side: the control port (address set-up, register writes), the data port with
//! its auto-increment and 16 KiB wrap, status reads, and the direct API's equivalence.

use crate::common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tms9918::Vdp;

fn set_write_address(vdp: &mut Vdp, addr: u16) {
    vdp.write_control((addr & 0xFF) as u8);
    vdp.write_control(0x40 | (addr >> 8) as u8);
}

fn set_read_address(vdp: &mut Vdp, addr: u16) {
    vdp.write_control((addr & 0xFF) as u8);
    vdp.write_control((addr >> 8) as u8 & 0x3F);
}

#[test]
fn write_setup_then_data_writes_auto_increment() {
    let mut vdp = Vdp::new();
    set_write_address(&mut vdp, 0x1234);
    assert_eq!(vdp.port().pointer(), 0x1234);
    for b in [0xA1, 0xB2, 0xC3] {
        vdp.write_data(b);
    }
    assert_eq!(vdp.port().pointer(), 0x1237);
    assert_eq!(
        [
            vdp.peek_vram(0x1234),
            vdp.peek_vram(0x1235),
            vdp.peek_vram(0x1236)
        ],
        [0xA1, 0xB2, 0xC3]
    );
    assert_eq!(vdp.peek_vram(0x1237), 0);
    assert_eq!(vdp.peek_vram(0x1233), 0);
}

#[test]
fn read_setup_prefetches_and_reads_auto_increment() {
    let mut vdp = Vdp::new();
    vdp.write_vram(0x2000, &[1, 2, 3, 4]);
    set_read_address(&mut vdp, 0x2000);
    // The set-up already fetched 0x2000 into the read buffer.
    assert_eq!(vdp.port().pointer(), 0x2001);
    assert_eq!(vdp.read_data(), 1);
    assert_eq!(vdp.read_data(), 2);
    assert_eq!(vdp.read_data(), 3);
    assert_eq!(vdp.port().pointer(), 0x2004);
}

#[test]
fn auto_increment_wraps_at_16k() {
    let mut vdp = Vdp::new();
    set_write_address(&mut vdp, 0x3FFE);
    for b in [0x11, 0x22, 0x33, 0x44] {
        vdp.write_data(b);
    }
    assert_eq!(vdp.peek_vram(0x3FFE), 0x11);
    assert_eq!(vdp.peek_vram(0x3FFF), 0x22);
    assert_eq!(vdp.peek_vram(0x0000), 0x33);
    assert_eq!(vdp.peek_vram(0x0001), 0x44);
    assert_eq!(vdp.port().pointer(), 0x0002);

    set_read_address(&mut vdp, 0x3FFF);
    assert_eq!(vdp.read_data(), 0x22);
    assert_eq!(vdp.read_data(), 0x33);
    assert_eq!(vdp.read_data(), 0x44);

    // Direct writes wrap the same way.
    let mut direct = Vdp::new();
    direct.write_vram(0x3FFE, &[0x11, 0x22, 0x33, 0x44]);
    assert_eq!(direct.vram(), vdp.vram());
}

#[test]
fn only_14_address_bits_count() {
    let mut vdp = Vdp::new();
    // Second byte 0x7F: write bit plus address bits 13-8 all set.
    vdp.write_control(0xFF);
    vdp.write_control(0x7F);
    vdp.write_data(0x5A);
    assert_eq!(vdp.peek_vram(0x3FFF), 0x5A);
    vdp.write_vram(0xC000 | 0x0010, &[0x77]);
    assert_eq!(vdp.peek_vram(0x0010), 0x77);
}

#[test]
fn register_write_through_the_control_port() {
    let mut vdp = Vdp::new();
    vdp.write_control(0xE3);
    vdp.write_control(0x81);
    // R1 has no bit 2 on the TMS9918 (openMSX value mask 0xFB).
    assert_eq!(vdp.registers().get(1), 0xE3);
    vdp.write_control(0xFF);
    vdp.write_control(0x81);
    assert_eq!(vdp.registers().get(1), 0xFB);
    // Register numbers are three bits: 0x8F writes R7.
    vdp.write_control(0x4C);
    vdp.write_control(0x8F);
    assert_eq!(vdp.registers().get(7), 0x4C);
    // R5 keeps 7 bits, R6 three.
    vdp.write_control(0xFF);
    vdp.write_control(0x85);
    vdp.write_control(0xFF);
    vdp.write_control(0x86);
    assert_eq!(
        (vdp.registers().get(5), vdp.registers().get(6)),
        (0x7F, 0x07)
    );

    let mut direct = Vdp::new();
    direct.write_register(1, 0xE3);
    direct.write_register(1, 0xFF);
    direct.write_register(15, 0x4C);
    direct.write_register(5, 0xFF);
    direct.write_register(6, 0xFF);
    assert_eq!(direct.registers(), vdp.registers());
}

/// openMSX `VDP::writeIO`, MSX1: the register write also loads the pointer's high bits from
/// the second byte, and the first byte goes straight into the low bits.
#[test]
fn tms99x8_pointer_details_follow_openmsx() {
    let mut vdp = Vdp::new();
    set_write_address(&mut vdp, 0x2345);
    vdp.write_control(0x67);
    assert_eq!(
        vdp.port().pointer(),
        0x2367,
        "first byte lands in the low bits at once"
    );
    vdp.write_control(0x87); // R7 = 0x67
    assert_eq!(vdp.registers().get(7), 0x67);
    assert_eq!(vdp.port().pointer(), 0x0767);
}

#[test]
fn status_read_resets_the_control_latch() {
    let mut vdp = Vdp::new();
    vdp.write_control(0x55); // a lone first byte
    assert!(vdp.port().latched());
    vdp.read_status();
    assert!(!vdp.port().latched());
    // The next two bytes are a fresh pair: a write set-up at 0x0100, not the second half
    // of the abandoned one.
    set_write_address(&mut vdp, 0x0100);
    vdp.write_data(0x99);
    assert_eq!(vdp.peek_vram(0x0100), 0x99);
    assert_eq!(vdp.registers(), &tms9918::Registers::new());

    // Without the read, the first byte of the "pair" completes the old one instead.
    let mut stuck = Vdp::new();
    stuck.write_control(0x55);
    set_write_address(&mut stuck, 0x0100);
    stuck.write_data(0x99);
    assert_ne!(stuck.peek_vram(0x0100), 0x99);
}

#[test]
fn data_port_access_resets_the_latch_too() {
    let mut vdp = Vdp::new();
    vdp.write_control(0x12);
    vdp.read_data();
    assert!(!vdp.port().latched());
    vdp.write_control(0x34);
    vdp.write_data(0x01);
    assert!(!vdp.port().latched());
}

#[test]
fn read_after_write_returns_the_byte_written() {
    let mut vdp = Vdp::new();
    set_write_address(&mut vdp, 0x0400);
    vdp.write_data(0xC7);
    // The read buffer is shared with writes (openMSX, tested on a V9938).
    assert_eq!(vdp.read_data(), 0xC7);
}

#[test]
fn status_read_returns_s0_and_peek_has_no_side_effect() {
    let mut vdp = chip(false, false, 1);
    write_sat(&mut vdp, &[entry(100, 0, 0, 2, false)]);
    vdp.run_frame();
    assert_eq!(vdp.peek_status(), 0x80 | 1);
    assert_eq!(vdp.peek_status(), 0x80 | 1);
    assert_eq!(vdp.read_status(), 0x80 | 1);
    assert_eq!(vdp.peek_status(), 1);
}

#[test]
fn load_vram_takes_exactly_16k() {
    let mut vdp = Vdp::new();
    let err = vdp.load_vram(&[0; 100]).unwrap_err();
    assert_eq!((err.expected, err.got), (16384, 100));
    assert!(err.to_string().contains("16384"));
    let image: Vec<u8> = (0..16384u32).map(|i| (i * 7) as u8).collect();
    vdp.load_vram(&image).unwrap();
    assert_eq!(&vdp.vram()[..], &image[..]);
}

/// Random register and memory writes, once through the ports and once through the direct
/// API: the two chips agree on memory, registers, the frame, the sprites and S#0.
#[test]
fn direct_api_has_the_same_effect_as_the_ports() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7359_1801);
    for _ in 0..50 {
        let mut ports = Vdp::new();
        let mut direct = Vdp::new();
        for _ in 0..40 {
            if rng.random_bool(0.3) {
                let n: u8 = rng.random_range(0..8);
                let v: u8 = if n == 1 {
                    0xC0 | rng.random::<u8>()
                } else {
                    rng.random()
                };
                out_register(&mut ports, n, v);
                direct.write_register(n, v);
            } else {
                let addr: u16 = rng.random_range(0..0x4000);
                let len = rng.random_range(0..600);
                let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
                out_vram(&mut ports, addr, &bytes);
                direct.write_vram(addr, &bytes);
            }
        }
        assert_eq!(ports.vram(), direct.vram());
        assert_eq!(ports.registers(), direct.registers());
        ports.run_frame();
        direct.run_frame();
        assert_eq!(ports.frame_indexed(), direct.frame_indexed());
        assert_eq!(ports.sprites(), direct.sprites());
        assert_eq!(ports.read_status(), direct.read_status());
    }
}

#[test]
fn a_status_read_in_the_middle_of_an_overlap_sees_c_again_on_the_next_line() {
    // Two solid 8x8 sprites, both on lines 50-57 (Y = 49), at X = 100 and 104: they overlap
    // on each of those 8 lines. The chip checks every line as it shows it (TMS9918A data
    // manual 2.2: C is set when two sprites overlap; a status read clears it), so after a
    // read on line 52 the next line sets C again; after line 57 nothing does.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(49, 100, 0, 15, false), entry(49, 104, 0, 8, false)],
    );
    let mut seen = Vec::new();
    for line in 0..192u16 {
        vdp.run_line(line);
        if vdp.read_status() & 0x20 != 0 {
            seen.push(line);
        }
    }
    assert_eq!(seen, (50..=57).collect::<Vec<u16>>());
}

#[test]
fn an_access_replacing_a_waiting_one_is_carried_out_once_at_its_address() {
    // The chip keeps one CPU request; a newer one overwrites it and the chip carries it out
    // once, at the address the first would have used (openMSX
    // `VDP::scheduleCpuVramAccess`, `too_fast_vram_access real`).
    let mut vdp = Vdp::new();
    vdp.write_vram(0x1000, &[0x11, 0x22, 0x33]);
    out_vram(&mut vdp, 0x1000, &[]);
    // Write, then a write too soon: the first value never lands, the pointer moves once.
    vdp.write_data(0xAA);
    vdp.write_data_replacing(0xBB);
    assert_eq!((vdp.peek_vram(0x1000), vdp.peek_vram(0x1001)), (0xBB, 0x22));
    assert_eq!(vdp.port().pointer(), 0x1001);
    // Write, then a read too soon: the read returns the byte the write carried, the write
    // is lost, the read is carried out at its address.
    vdp.write_data(0xCC);
    assert_eq!(vdp.read_data_replacing(), 0xCC);
    assert_eq!(vdp.peek_vram(0x1001), 0x22, "the write was lost");
    assert_eq!(vdp.port().pointer(), 0x1002);
    assert_eq!(vdp.read_data(), 0x22, "the buffer holds the read's byte");
    // Read, then a read too soon: the second returns the same stale buffer.
    out_vram(&mut vdp, 0x1000, &[]);
    vdp.write_control(0x00);
    vdp.write_control(0x10); // read set-up at 0x1000: prefetch 0xBB
    let first = vdp.read_data(); // 0xBB, refills with 0x1001's 0x22
    let second = vdp.read_data_replacing();
    assert_eq!((first, second), (0xBB, 0xBB));
    assert_eq!(vdp.port().pointer(), 0x1002);
}

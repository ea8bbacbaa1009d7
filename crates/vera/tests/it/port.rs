//! The register-port protocol: how a 65C02 reaches VRAM and the interrupt registers.

use crate::common;

use common::*;
use vera::registers::{
    ADDR_H, ADDR_L, ADDR_M, CTRL, DATA0, DATA1, DC_HSCALE, DC_VIDEO, DC_VSCALE, IEN, IRQLINE_L, ISR,
};
use vera::{Quirks, Vera};

#[test]
fn data0_writes_land_in_vram_and_step_the_address() {
    let mut vera = Vera::default();
    set_addr0(&mut vera, 0x1_2345, 1);
    for b in [0xDE, 0xAD, 0xBE, 0xEF] {
        vera.write_reg(DATA0, b);
    }
    assert_eq!(
        (0..4)
            .map(|i| vera.read_vram(0x1_2345 + i))
            .collect::<Vec<_>>(),
        [0xDE, 0xAD, 0xBE, 0xEF]
    );
    assert_eq!(vera.read_reg(ADDR_L), 0x49);
    assert_eq!(vera.read_reg(ADDR_M), 0x23);
    assert_eq!(vera.read_reg(ADDR_H), 0x11);
}

#[test]
fn every_increment_index_and_decr() {
    let amounts = [
        0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 40, 80, 160, 320, 640,
    ];
    for (index, &amount) in amounts.iter().enumerate() {
        for decr in [false, true] {
            let mut vera = Vera::default();
            vera.write_reg(ADDR_L, 0x00);
            vera.write_reg(ADDR_M, 0x40);
            vera.write_reg(ADDR_H, ((index as u8) << 4) | (u8::from(decr) << 3));
            vera.write_reg(DATA0, 0x11);
            vera.write_reg(DATA0, 0x22);
            let second = if decr {
                0x4000 - amount
            } else {
                0x4000 + amount
            };
            let addr = u32::from(vera.read_reg(ADDR_L)) | (u32::from(vera.read_reg(ADDR_M)) << 8);
            let expected_addr = if decr {
                0x4000 - 2 * amount
            } else {
                0x4000 + 2 * amount
            };
            assert_eq!(addr, expected_addr, "index {index} decr {decr}");
            assert_eq!(vera.read_vram(second), 0x22, "index {index} decr {decr}");
            if amount != 0 {
                assert_eq!(vera.read_vram(0x4000), 0x11);
            }
        }
    }
}

#[test]
fn the_address_wraps_at_128_kib_both_ways() {
    let mut vera = Vera::default();
    set_addr0(&mut vera, 0x1_FFFF, 1);
    vera.write_reg(DATA0, 0xA1);
    vera.write_reg(DATA0, 0xA2);
    assert_eq!(vera.read_vram(0x1_FFFF), 0xA1);
    assert_eq!(vera.read_vram(0x0_0000), 0xA2);
    // Decrement by 640 from 0x00100 wraps to 0x1FE80.
    set_addr0(&mut vera, 0x0_0100, 15);
    vera.write_reg(ADDR_H, 0xF8);
    vera.write_reg(DATA0, 0x01);
    assert_eq!(vera.read_reg(ADDR_H) & 1, 1);
    assert_eq!(vera.read_reg(ADDR_M), 0xFE);
    assert_eq!(vera.read_reg(ADDR_L), 0x80);
}

#[test]
fn data0_reads_return_the_byte_fetched_ahead() {
    let mut vera = Vera::default();
    vera.write_vram(0x300, &[1, 2, 3, 4]);
    set_addr0(&mut vera, 0x300, 1);
    assert_eq!(vera.peek_reg(DATA0), 1, "setting the address fetches");
    assert_eq!(vera.read_reg(DATA0), 1);
    assert_eq!(vera.read_reg(DATA0), 2);
    assert_eq!(vera.read_reg(ADDR_L), 0x02);
    // A write through port 0 at port 1's address does not refresh port 1's latch.
    vera.write_reg(CTRL, 1);
    vera.write_reg(ADDR_L, 0x03);
    vera.write_reg(ADDR_M, 0x03);
    vera.write_reg(ADDR_H, 0x00);
    vera.write_reg(CTRL, 0);
    set_addr0(&mut vera, 0x303, 0);
    vera.write_reg(DATA0, 0x99);
    assert_eq!(vera.read_vram(0x303), 0x99);
    assert_eq!(vera.read_reg(DATA1), 4, "stale latch, as on the hardware");
    assert_eq!(
        vera.read_reg(DATA1),
        0x99,
        "increment 0: the next fetch sees it"
    );
}

#[test]
fn addrsel_selects_which_address_the_registers_show() {
    let mut vera = Vera::default();
    set_addr0(&mut vera, 0x1_0010, 2);
    vera.write_reg(CTRL, 1);
    vera.write_reg(ADDR_L, 0x20);
    vera.write_reg(ADDR_M, 0x00);
    vera.write_reg(ADDR_H, 0x1E); // increment 1, DECR, nibble bits stored
    assert_eq!(vera.read_reg(CTRL), 1);
    assert_eq!(vera.read_reg(ADDR_H), 0x1E);
    vera.write_reg(DATA1, 0x55);
    vera.write_reg(DATA0, 0x66);
    assert_eq!(vera.read_vram(0x0_0020), 0x55);
    assert_eq!(vera.read_vram(0x1_0010), 0x66);
    assert_eq!(vera.read_reg(ADDR_L), 0x1F, "port 1 stepped down by 1");
    vera.write_reg(CTRL, 0);
    assert_eq!(vera.read_reg(ADDR_L), 0x12, "port 0 stepped up by 2");
    assert_eq!(vera.read_reg(ADDR_H), 0x21);
}

#[test]
fn attribute_writes_through_data0_drive_the_sprites() {
    let mut vera = Vera::default();
    enable_sprites(&mut vera);
    solid8(&mut vera, 0x1000, 8, 8, 4);
    // Byte by byte, as a program copying an attribute entry would.
    write_sprite(&mut vera, 17, &Attr::new8(0x1000, 0x123, 0x45, 0x9));
    vera.run_frame();
    let view = &vera.sprites()[0];
    assert_eq!(
        (view.number, view.x_px, view.y_px, view.collision_mask),
        (17, 0x123, 0x45, 0x90)
    );
    assert_eq!(pixel(&vera, 0x123, 0x45), 4);
}

fn collision_frame(vera: &mut Vera) {
    solid8(vera, 0x1000, 8, 8, 4);
    write_sprite(vera, 0, &Attr::new8(0x1000, 10, 10, 0xC));
    write_sprite(vera, 1, &Attr::new8(0x1000, 12, 12, 0x4));
    enable_sprites(vera);
    vera.run_frame();
}

#[test]
fn isr_writes_clear_only_bits_2_to_0_on_hardware() {
    let mut vera = Vera::new(Quirks::Hardware);
    collision_frame(&mut vera);
    assert_eq!(vera.read_reg(ISR), 0x45);
    vera.write_reg(ISR, 0xF0);
    assert_eq!(vera.read_reg(ISR), 0x45, "bits 7-4 are read-only");
    vera.write_reg(ISR, 0xFF);
    assert_eq!(vera.read_reg(ISR), 0x40);
    vera.write_isr(0xFF);
    assert_eq!(vera.isr(), 0x40, "the direct API follows the same rule");
}

#[test]
fn isr_writes_clear_bits_7_to_4_on_the_emulator() {
    let mut vera = Vera::new(Quirks::X16Emu);
    collision_frame(&mut vera);
    assert_eq!(vera.read_reg(ISR), 0x45);
    vera.write_reg(ISR, 0x40);
    assert_eq!(vera.read_reg(ISR), 0x05);
    vera.write_reg(ISR, 0x05);
    assert_eq!(vera.read_reg(ISR), 0x00);
}

#[test]
fn irq_is_isr_and_ien() {
    let mut vera = Vera::default();
    assert!(!vera.irq());
    vera.write_reg(IEN, 0x04); // SPRCOL only
    assert_eq!(vera.ien(), 0x04);
    enable_sprites(&mut vera);
    vera.run_frame(); // no sprites: VSYNC only
    assert_eq!(vera.isr(), 0x01);
    assert!(!vera.irq(), "VSYNC pending but not enabled");
    collision_frame(&mut vera);
    assert!(vera.irq());
    vera.write_reg(ISR, 0x01);
    assert!(vera.irq(), "acknowledging VSYNC leaves SPRCOL");
    vera.write_reg(ISR, 0x04);
    assert!(!vera.irq());
    assert_eq!(
        vera.isr(),
        0x40,
        "the nibble stays; it raises no IRQ by itself"
    );
    vera.set_ien(0x01);
    assert!(!vera.irq());
    vera.run_frame();
    assert!(vera.irq(), "VSYNC at every vblank");
    vera.write_isr(0x01);
    assert!(!vera.irq());
}

#[test]
fn ien_bits_7_and_6_are_not_enables() {
    let mut vera = Vera::default();
    vera.write_reg(IEN, 0xFF);
    assert_eq!(vera.ien(), 0x0F);
    assert_eq!(
        vera.read_reg(IEN),
        0x8F,
        "IRQ line bit 8 reads back; scan line 0"
    );
    vera.write_reg(IEN, 0x00);
    vera.run_frame();
    // Between frames the chip is at the start of vblank: scan line 480 = 0x1E0.
    assert_eq!(vera.read_reg(IEN), 0x40);
    assert_eq!(vera.read_reg(IRQLINE_L), 0xE0);
    assert_eq!(vera.isr() & 0xF0, 0);
    vera.set_ien(0x80);
    assert!(!vera.irq(), "bit 7 & ISR bit 7 would be a false IRQ");
}

#[test]
fn dcsel_selects_the_composer_registers() {
    let mut vera = Vera::default();
    vera.write_reg(CTRL, 0x02); // DCSEL = 1
    vera.write_reg(DC_VIDEO, 0x41); // DC_HSTART, not DC_VIDEO
    assert_eq!(vera.dc_video() & 0x40, 0);
    vera.write_reg(CTRL, 0x00);
    vera.write_reg(DC_VIDEO, 0xC1);
    assert_eq!(vera.read_reg(DC_VIDEO), 0x41, "bit 7 is read-only");
    vera.write_reg(DC_HSCALE, 64);
    vera.write_reg(DC_VSCALE, 32);
    assert_eq!((vera.hscale(), vera.vscale()), (64, 32));
}

#[test]
fn direct_api_and_register_writes_give_the_same_frame() {
    let mut by_port = Vera::default();
    collision_frame(&mut by_port);

    let mut direct = Vera::default();
    direct.write_vram(0x1000, &[4; 64]);
    direct.write_vram(0x1_FC00, &Attr::new8(0x1000, 10, 10, 0xC).bytes());
    direct.write_vram(0x1_FC08, &Attr::new8(0x1000, 12, 12, 0x4).bytes());
    direct.set_dc_video(VGA_SPRITES);
    direct.run_frame();

    assert_eq!(by_port.isr(), direct.isr());
    assert_eq!(by_port.frame_indexed(), direct.frame_indexed());
    assert_eq!(by_port.sprites(), direct.sprites());
    assert_eq!(by_port.vram(), direct.vram());
}

//! Port rules at the chip, each from Genesis Plus GX `vdp_ctrl.c` (commit 8ae4ef7): the
//! HBlank flag's edges (`HBLANK_H32_START_MCYCLE` ..  `HBLANK_H40_END_MCYCLE`, moved from
//! GPGX's line, which starts at H $85 / $A5, to this model's, which starts at H $00:
//! +2,660 / +2,640 master clocks), the HV latch (`vdp_reg_w` register 0), and mode 4's
//! control port (`vdp_68k_ctrl_w`: no second word; `vdp_reg_w`: registers 11-23 masked).

use genesis::{STATUS_HBLANK, Vdp};

fn regs(vdp: &mut Vdp, words: &[u16]) {
    for &w in words {
        vdp.write_control(w);
    }
}

fn hblank_at(vdp: &mut Vdp, master_in_line: u64) -> bool {
    vdp.set_master_clock(10 * 3_420 + master_in_line);
    vdp.peek_status() & STATUS_HBLANK != 0
}

#[test]
fn hblank_reads_set_from_h_93_or_b3_to_h_05() {
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8144]);
    vdp.set_line_start(10 * 3_420);
    // H32: GPGX 280..860 -> 2,940..3,520 = 2,940 to the line's end, then 0..100.
    assert!(!hblank_at(&mut vdp, 2_939));
    assert!(hblank_at(&mut vdp, 2_940));
    assert!(hblank_at(&mut vdp, 0));
    assert!(hblank_at(&mut vdp, 99));
    assert!(!hblank_at(&mut vdp, 100));
    // H40: GPGX 228..872 -> 2,868..3,512: 2,868 to the end, then 0..92.
    regs(&mut vdp, &[0x8C81]);
    assert!(!hblank_at(&mut vdp, 2_867));
    assert!(hblank_at(&mut vdp, 2_868));
    assert!(hblank_at(&mut vdp, 91));
    assert!(!hblank_at(&mut vdp, 92));
    // Without a clock (a routine call) the bit reads 0.
    vdp.clear_master_clock();
    assert_eq!(vdp.peek_status() & STATUS_HBLANK, 0);
}

#[test]
fn register_0_bit_1_latches_the_hv_counter_in_mode_5_only() {
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8104, 0x8004]);
    vdp.set_line_start(0);
    vdp.set_master_clock(1_000);
    regs(&mut vdp, &[0x8006]);
    // H32, 1,000 clocks in: pixel 100, H counter $32; line 0: V $00.
    assert_eq!(vdp.hv_latched(), Some(0x0032));
    vdp.set_master_clock(2_000);
    regs(&mut vdp, &[0x8006]); // the bit unchanged: the latch holds
    assert_eq!(vdp.hv_latched(), Some(0x0032));
    regs(&mut vdp, &[0x8004]);
    assert_eq!(vdp.hv_latched(), None);
    // Mode 4: no latch.
    regs(&mut vdp, &[0x8100, 0x8006]);
    assert_eq!(vdp.hv_latched(), None);
}

#[test]
fn mode_4_takes_no_second_word_and_masks_registers_11_to_23() {
    let mut vdp = Vdp::new();
    // Register 1 = 0: mode 4. $4123 is a first word (A = $0123, code 01); no second is
    // awaited, so $8F04 after it is a register write.
    regs(&mut vdp, &[0x4123]);
    assert!(!vdp.port_state().pending);
    regs(&mut vdp, &[0x8A05, 0x8F04]);
    assert_eq!(vdp.register(10), 5);
    assert_eq!(vdp.register(15), 0);
    // Mode 5: both.
    regs(&mut vdp, &[0x8104, 0x8F04, 0x4123]);
    assert_eq!(vdp.register(15), 4);
    assert!(vdp.port_state().pending);
    // A register write updates the address and code first: A = $0F04, code bits 1-0 10.
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8104, 0x4000, 0x0010, 0x8F04]);
    let p = vdp.port_state();
    assert_eq!((p.address, p.code), (0x0F04, 0x04 | 0x02));
}

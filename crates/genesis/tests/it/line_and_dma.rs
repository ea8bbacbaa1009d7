//! The chip line by line and its DMA, driven through the ports as a 68000 would. Expected
//! values come from the register and command layouts in CMD genvdp.txt and the rules in
//! the `line` and `dma` module docs (GPGX `dma_timing`), worked by hand.

use genesis::{STATUS_DMA_BUSY, STATUS_VBLANK, STATUS_VINT_PENDING, Vdp};

fn regs(vdp: &mut Vdp, words: &[u16]) {
    for &w in words {
        vdp.write_control(w);
    }
}

#[test]
fn vint_is_raised_at_the_first_blank_line_and_acknowledged() {
    let mut vdp = Vdp::new();
    // Display on, VINT on (register 1 = $64), V28.
    regs(&mut vdp, &[0x8164]);
    for line in 0..224 {
        assert!(!vdp.start_line().vblank, "line {line}");
        assert_eq!(vdp.irq_level(), 0);
        vdp.hblank();
        vdp.next_line();
    }
    assert!(vdp.start_line().vblank);
    assert_eq!(vdp.irq_level(), 6);
    assert_ne!(vdp.peek_status() & STATUS_VINT_PENDING, 0);
    assert_ne!(vdp.peek_status() & STATUS_VBLANK, 0);
    // V counter at line 224: $E0.
    assert_eq!(vdp.hv_counter(0) >> 8, 0xE0);
    vdp.acknowledge_interrupt(6);
    assert_eq!(vdp.irq_level(), 0);
}

#[test]
fn register_10_spaces_hints_n_plus_1_lines_apart() {
    let mut vdp = Vdp::new();
    // HINT on (register 0 = $14), display on, register 10 = 9.
    regs(&mut vdp, &[0x8014, 0x8144, 0x8A09]);
    // Run a first frame so the counter is reloaded in vblank.
    for _ in 0..262 {
        vdp.step_line();
    }
    let mut hint_lines = Vec::new();
    for line in 0..262u16 {
        if vdp.step_line().hint {
            hint_lines.push(line);
        }
    }
    // Lines 9, 19, ..., 219 (counter 9 -> -1 every 10 lines); line 224 is the 5th line
    // after 219: no HINT; then reloads.
    let expected: Vec<u16> = (0..22).map(|k| 9 + 10 * k).collect();
    assert_eq!(hint_lines, expected);
}

#[test]
fn the_v_counter_jumps_from_ea_to_e5_in_v28() {
    let mut vdp = Vdp::new();
    for _ in 0..0xEA {
        vdp.step_line();
    }
    assert_eq!(vdp.v_counter(), 0xEA);
    vdp.step_line();
    assert_eq!(vdp.v_counter(), 0xE5);
    for _ in 0xEB..261 {
        vdp.step_line();
    }
    assert_eq!((vdp.line(), vdp.v_counter()), (261, 0xFF));
}

#[test]
fn a_68000_dma_takes_its_words_as_the_slots_come_and_lets_the_68000_go_four_early() {
    let mut vdp = Vdp::new();
    // DMA on, display off (register 1 = $14), auto-increment 2, length 6 words, source
    // $FF0100 ($7F8080 as a word address), then a VRAM write at $C000 with CD5: $4000 |
    // $0000, $0083.
    regs(
        &mut vdp,
        &[
            0x8114, 0x8F02, 0x9306, 0x9400, 0x9580, 0x9680, 0x977F, 0x4000, 0x0083,
        ],
    );
    let dma = vdp.take_dma_68k().expect("a 68000 DMA");
    assert_eq!((dma.source, dma.words), (0xFF_0100, 6));
    assert_eq!(dma.source_of(2), 0xFF_0104);
    // Nothing moves at the command: busy, the 68000 held, no word due yet.
    assert_ne!(vdp.read_status() & STATUS_DMA_BUSY, 0);
    assert!(vdp.dma_holds_68k());
    assert_eq!(vdp.dma_68k_due(), None);
    // Display off: 167 slots a line in H32; a VRAM word takes 2, so 6 words need 12
    // slots: ceil(12 x 3,420 / 167) = 246 master clocks. The 68000 goes once the last
    // word is in the four-entry FIFO (ares `VDP::DMA::run`, `VDP::DMA::load`,
    // `VDP::DMA::synchronize`): when 2 words are written, 4 slots: ceil(4 x 3,420 / 167)
    // = 82.
    assert_eq!(vdp.dma_clocks_to_finish(), 246);
    assert_eq!(vdp.dma_clocks_to_release(), 82);
    // 20 clocks give 20 x 167 / 3,420 = 0 slots; 41 give 2: the first word.
    vdp.advance_dma(20);
    assert_eq!(vdp.dma_68k_due(), None);
    vdp.advance_dma(21);
    assert_eq!(vdp.dma_68k_due(), Some(0xFF_0100));
    vdp.dma_write(0x1234);
    assert_eq!(vdp.dma_68k_due(), None);
    assert_eq!(&vdp.vram()[0xC000..0xC004], &[0x12, 0x34, 0, 0]);
    // Registers 19-20 count down (5 left), 21-22 up ($8081).
    assert_eq!([vdp.register(19), vdp.register(21)], [5, 0x81]);
    // 81 clocks: 13,527 / 3,420 = 3 slots, the second word half done.
    vdp.advance_dma(40);
    assert_eq!(vdp.dma_68k_due(), None);
    assert!(vdp.dma_holds_68k());
    assert!(vdp.dma_busy());
    // 82: 4 slots, the second word written, and the other four go into the FIFO at once:
    // the 68000 goes, status bit 1 reads clear, and they are written as their slots come.
    vdp.advance_dma(1);
    for k in 1..6 {
        assert_eq!(vdp.dma_68k_due(), Some(0xFF_0100 + 2 * k), "word {k}");
        vdp.dma_write(0x1111 * k as u16);
    }
    assert_eq!(vdp.dma_68k_due(), None);
    assert!(!vdp.dma_holds_68k());
    assert!(!vdp.dma_busy());
    assert!(vdp.dma_active());
    assert_eq!(
        &vdp.vram()[0xC000..0xC00C],
        &[0x12, 0x34, 0x11, 0x11, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    // 8 slots more, 14 / 3,420 of one already had: ceil((8 x 3,420 - 14) / 167) = 164
    // clocks; at 163, 7 slots: three of the four words.
    assert_eq!(vdp.dma_clocks_to_finish(), 164);
    vdp.advance_dma(163);
    assert_eq!(
        &vdp.vram()[0xC000..0xC00C],
        &[
            0x12, 0x34, 0x11, 0x11, 0x22, 0x22, 0x33, 0x33, 0x44, 0x44, 0, 0
        ]
    );
    vdp.advance_dma(1);
    assert!(!vdp.dma_active());
    assert_eq!(
        &vdp.vram()[0xC000..0xC00C],
        &[
            0x12, 0x34, 0x11, 0x11, 0x22, 0x22, 0x33, 0x33, 0x44, 0x44, 0x55, 0x55
        ]
    );
    // Registers 19-20 end at 0; 21-22 hold the source after the 6 words ($7F8086).
    assert_eq!([vdp.register(19), vdp.register(20)], [0, 0]);
    assert_eq!([vdp.register(21), vdp.register(22)], [0x86, 0x80]);
}

#[test]
fn a_cram_word_takes_one_slot_and_a_vram_word_two() {
    // Display on, DMA on (register 1 = $54), H40 (register 12 = $81): line 0 is active,
    // 18 slots a line at their positions (Genesis Plus GX `fifo_timing_h40` moved to a
    // line starting at H counter 0): 18 CRAM words end at the line's 18th slot, 2,992
    // master clocks in; 9 VRAM words (two slots each) too.
    for (length, command) in [(0x9312, [0xC000, 0x0080]), (0x9309, [0x4000, 0x0080])] {
        let mut vdp = Vdp::new();
        regs(&mut vdp, &[0x8154, 0x8C81, 0x8F02, length, 0x9400, 0x9500]);
        regs(&mut vdp, &[0x9600, 0x9700, command[0], command[1]]);
        assert!(vdp.in_active_display());
        assert_eq!(vdp.dma_slots_per_line(), 18);
        assert_eq!(vdp.dma_clocks_to_finish(), 2_992, "{length:04X}");
    }
}

#[test]
fn finish_dma_completes_a_transfer_at_once() {
    let mut vdp = Vdp::new();
    regs(
        &mut vdp,
        &[
            0x8114, 0x8F02, 0x9302, 0x9400, 0x9500, 0x9600, 0x9700, 0x4000, 0x0080,
        ],
    );
    vdp.finish_dma();
    assert_eq!(vdp.dma_68k_due(), Some(0));
    vdp.dma_write(1);
    assert_eq!(vdp.dma_68k_due(), Some(2));
    vdp.dma_write(2);
    assert!(!vdp.dma_busy());
    assert_eq!(&vdp.vram()[0..4], &[0, 1, 0, 2]);
}

#[test]
fn the_source_wraps_in_its_128_kb_window() {
    let mut vdp = Vdp::new();
    // Source word address $00FFFF (byte $01FFFE), 2 words: the second from $000000.
    regs(
        &mut vdp,
        &[
            0x8114, 0x9302, 0x9400, 0x95FF, 0x96FF, 0x9700, 0x4000, 0x0080,
        ],
    );
    let dma = vdp.take_dma_68k().unwrap();
    assert_eq!((dma.source_of(0), dma.source_of(1)), (0x01_FFFE, 0x00_0000));
}

#[test]
fn no_dma_without_register_1_bit_4() {
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8104, 0x9301, 0x4000, 0x0080]);
    assert!(vdp.take_dma_68k().is_none());
    assert!(!vdp.dma_busy());
}

#[test]
fn a_fill_writes_the_high_byte_after_the_data_word_one_slot_each() {
    let mut vdp = Vdp::new();
    // Fill (register 23 = $80), length 4, auto-increment 1, VRAM write at $1000 with CD5;
    // display off, H32: 167 slots a line, one per filled byte.
    regs(
        &mut vdp,
        &[0x8114, 0x8F01, 0x9304, 0x9400, 0x9780, 0x5000, 0x0080],
    );
    vdp.write_data(0xAB00);
    // The data word at once ($AB at $1000, $00 at $1001), address -> $1001.
    assert_eq!(&vdp.vram()[0x1000..0x1006], &[0xAB, 0, 0, 0, 0, 0]);
    assert_ne!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    assert!(!vdp.dma_holds_68k());
    // ceil(4 x 3,420 / 167) = 82 clocks; 41 give 2 slots: $AB at $1001 ^ 1 = $1000 and
    // $1002 ^ 1 = $1003.
    assert_eq!(vdp.dma_clocks_to_finish(), 82);
    vdp.advance_dma(41);
    assert_eq!(
        &vdp.vram()[0x1000..0x1006],
        &[0xAB, 0x00, 0x00, 0xAB, 0x00, 0x00]
    );
    assert_eq!(vdp.register(19), 2);
    assert!(vdp.dma_busy());
    // Then $1002 and $1005.
    vdp.advance_dma(41);
    assert_eq!(
        &vdp.vram()[0x1000..0x1006],
        &[0xAB, 0x00, 0xAB, 0xAB, 0x00, 0xAB]
    );
    assert_eq!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
}

#[test]
fn a_copy_moves_two_slots_a_byte_line_by_line() {
    let mut vdp = Vdp::new();
    let bytes: Vec<u8> = (1..=16).collect();
    vdp.write_vram(0x2000, &bytes);
    // Copy (register 23 = $C0), length 16, source $2000, auto-increment 1, to $3000: the
    // command is a VRAM read code with CD5 ($0000 | $3000, $00C0). Display on (register 1
    // = $54), H32, line 0: 16 slots a line, 2 per copied byte, so 8 bytes a line; the
    // 32nd slot is the second line's last, at 3,420 + 3,170 (GPGX `fifo_timing_h32`'s
    // 3,350 + 2,660 - 3,420 in this model's line). The copy is byte addressed, byte
    // `s ^ 1` to `d ^ 1`: with both even, the bytes keep their order.
    regs(
        &mut vdp,
        &[
            0x8154, 0x8F01, 0x9310, 0x9400, 0x9500, 0x9620, 0x97C0, 0x3000, 0x00C0,
        ],
    );
    assert_eq!(vdp.dma_clocks_to_finish(), 3_420 + 3_170);
    vdp.advance_dma(3_420);
    assert_eq!(&vdp.vram()[0x3000..0x3009], &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!([vdp.register(19), vdp.register(21)], [8, 0x08]);
    assert_ne!(vdp.read_status() & STATUS_DMA_BUSY, 0);
    vdp.advance_dma(3_420);
    assert_eq!(&vdp.vram()[0x3000..0x3010], bytes.as_slice());
    assert_eq!([vdp.register(21), vdp.register(22)], [0x10, 0x20]);
    assert_eq!(vdp.read_status() & STATUS_DMA_BUSY, 0);
}

#[test]
fn the_h40_counter_slows_during_horizontal_sync() {
    use genesis::HMode;
    use genesis::line::h_counter;
    // H32: a pixel every 10 master clocks, the counter every 20: $93 at 2,940-2,959, then
    // $E9; the line ends on $FF.
    assert_eq!(h_counter(2_959, HMode::H32), 0x93);
    assert_eq!(h_counter(2_960, HMode::H32), 0xE9);
    assert_eq!(h_counter(3_419, HMode::H32), 0xFF);
    // H40: 8 clocks a pixel up to internal $16C (byte $B6) and across $1C9-$1CC: pixel
    // 0x140 (byte $A0) at 2,560, $1CD (byte $E6) at 2,952.
    assert_eq!(h_counter(2_559, HMode::H40), 0x9F);
    assert_eq!(h_counter(2_560, HMode::H40), 0xA0);
    assert_eq!(h_counter(2_919, HMode::H40), 0xB6);
    assert_eq!(h_counter(2_920, HMode::H40), 0xE4);
    assert_eq!(h_counter(2_952, HMode::H40), 0xE6);
    // Then 15 EDCLK ticks of 5 clocks (7.5 pixels): tick 753 at 3,027 is pixel 376 =
    // internal $1D4, byte $EA; an even dot clock would read $E7 there.
    assert_eq!(h_counter(3_027, HMode::H40), 0xEA);
    // The slow section is 314 + 10 clocks for 33 pixels: $1EE (byte $F7) starts at
    // 2,952 + 324 = 3,276; 18 pixels of 8 clocks end the line at 3,420 on $FF.
    assert_eq!(h_counter(3_275, HMode::H40), 0xF6);
    assert_eq!(h_counter(3_276, HMode::H40), 0xF7);
    assert_eq!(h_counter(3_419, HMode::H40), 0xFF);
    assert_eq!(h_counter(3_420, HMode::H40), 0x00);
}

/// The transfer of `a_68000_dma_takes_its_words_as_the_slots_come_and_lets_the_68000_go_four_early`
/// (display off, 6 VRAM words from $FF0100 to $C000) up to the 68000's release: words 0
/// and 1 written, words 2-5 ($2222, $3333, $4444, $5555) in the FIFO waiting for their
/// slots.
fn released_with_four_words_queued() -> Vdp {
    let mut vdp = Vdp::new();
    regs(
        &mut vdp,
        &[
            0x8114, 0x8F02, 0x9306, 0x9400, 0x9580, 0x9680, 0x977F, 0x4000, 0x0083,
        ],
    );
    vdp.take_dma_68k().expect("a 68000 DMA");
    // 41 clocks: 2 slots, word 0; 82: 4 slots, word 1, and the 68000 goes.
    vdp.advance_dma(41);
    vdp.dma_write(0x0000);
    vdp.advance_dma(41);
    for k in 1..6 {
        vdp.dma_write(0x1111 * k);
    }
    assert!(vdp.dma_active() && !vdp.dma_holds_68k());
    assert_eq!(&vdp.vram()[0xC004..0xC006], &[0, 0], "word 2 still waits");
    vdp
}

#[test]
fn a_data_port_write_behind_queued_dma_words_stores_them_first() {
    let mut vdp = released_with_four_words_queued();
    // The FIFO writes in order: the four transfer words ahead of the port's word reach
    // VRAM first, at $C004-$C00B (the addresses they entered with), and the port's word
    // lands where the transfer left the address: $C000 + 6 words x 2 = $C00C. The
    // transfer is then over.
    vdp.write_data(0xBEEF);
    assert_eq!(
        &vdp.vram()[0xC004..0xC00E],
        &[0x22, 0x22, 0x33, 0x33, 0x44, 0x44, 0x55, 0x55, 0xBE, 0xEF]
    );
    assert!(!vdp.dma_active());
    assert_eq!(vdp.dma_clocks_to_finish(), 0);
}

#[test]
fn a_data_port_read_behind_queued_dma_words_sees_them() {
    let mut vdp = released_with_four_words_queued();
    // A VRAM read command at $C006 (first word CD1-0 = 00 and A13-0 = $0006, second
    // word A15-14 = 3): the read comes behind the queued words, so it returns word 3 as
    // the transfer wrote it, then word 4 at $C008 (auto-increment 2).
    regs(&mut vdp, &[0x0006, 0x0003]);
    assert_eq!(vdp.read_data(), 0x3333);
    assert_eq!(vdp.read_data(), 0x4444);
    assert!(!vdp.dma_active());
}

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
fn a_68000_dma_is_handed_to_the_board_with_its_source_and_length() {
    let mut vdp = Vdp::new();
    // DMA on (register 1 bit 4), auto-increment 2, length 3 words, source $FF0100 ($7F8080
    // as a word address), then a VRAM write at $C000 with CD5: $4000 | $0000, $0083.
    regs(
        &mut vdp,
        &[
            0x8114, 0x8F02, 0x9303, 0x9400, 0x9580, 0x9680, 0x977F, 0x4000, 0x0083,
        ],
    );
    let dma = vdp.take_dma_68k().expect("a 68000 DMA");
    assert_eq!((dma.source, dma.words), (0xFF_0100, 3));
    assert_eq!(dma.source_of(2), 0xFF_0104);
    for w in [0x1234, 0x5678, 0x9ABC] {
        vdp.dma_write(w);
    }
    assert_eq!(
        &vdp.vram()[0xC000..0xC006],
        &[0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC]
    );
    // Registers 19-20 end at 0; 21-22 hold the source after the 3 words ($7F8083).
    assert_eq!([vdp.register(19), vdp.register(20)], [0, 0]);
    assert_eq!([vdp.register(21), vdp.register(22)], [0x83, 0x80]);
    // Busy for 3 words = 6 bytes of budget; in blank (display off) 167 bytes a line in
    // H32: ceil(6 x 3,420 / 167) = 123 master clocks.
    assert_ne!(vdp.read_status() & STATUS_DMA_BUSY, 0);
    assert!(vdp.dma_holds_68k());
    assert_eq!(vdp.dma_clocks_to_finish(), 123);
    vdp.advance_dma(122);
    assert!(vdp.dma_busy());
    vdp.advance_dma(1);
    assert!(!vdp.dma_busy());
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
fn a_fill_writes_the_high_byte_after_the_data_word() {
    let mut vdp = Vdp::new();
    // Fill (register 23 = $80), length 4, auto-increment 1, VRAM write at $1000 with CD5.
    regs(
        &mut vdp,
        &[0x8114, 0x8F01, 0x9304, 0x9400, 0x9780, 0x5000, 0x0080],
    );
    vdp.write_data(0xAB00);
    // The data word at $1000 ($AB at $1000, $00 at $1001), address -> $1001; then four
    // fills of $AB at address ^ 1: $1000, $1003, $1002, $1005.
    assert_eq!(
        &vdp.vram()[0x1000..0x1006],
        &[0xAB, 0x00, 0xAB, 0xAB, 0x00, 0xAB]
    );
    assert_ne!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    assert!(!vdp.dma_holds_68k());
}

#[test]
fn a_copy_moves_bytes_within_vram() {
    let mut vdp = Vdp::new();
    vdp.write_vram(0x2000, &[1, 2, 3, 4]);
    // Copy (register 23 = $C0), length 4, source $2000, auto-increment 1, to $3000: the
    // command is a VRAM read code with CD5 ($0000 | $3000, $00C0).
    regs(
        &mut vdp,
        &[
            0x8114, 0x8F01, 0x9304, 0x9400, 0x9500, 0x9620, 0x97C0, 0x3000, 0x00C0,
        ],
    );
    assert_eq!(&vdp.vram()[0x3000..0x3004], &[1, 2, 3, 4]);
    assert_eq!([vdp.register(21), vdp.register(22)], [0x04, 0x20]);
}

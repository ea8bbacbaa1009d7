//! Port traffic a program gets wrong, answered as the chip does where it is documented
//! (Genesis Plus GX `vdp_68k_ctrl_w`, `vdp_68k_data_r_m5`, `vdp_dma_fill`, commit
//! 8ae4ef7; CMD genvdp.txt "DMA"), and never with a panic or a hang.

use genesis::{STATUS_DMA_BUSY, Vdp};

fn regs(vdp: &mut Vdp, words: &[u16]) {
    for &w in words {
        vdp.write_control(w);
    }
}

#[test]
fn a_dma_length_of_0_is_65536() {
    // Fill with length registers 0 from $0000, increment 1, display off: 65,536 bytes,
    // one slot each; at 205 slots a line (H40 blank) that is 320 lines, more than a frame.
    let mut vdp = Vdp::new();
    regs(
        &mut vdp,
        &[
            0x8114, 0x8C81, 0x8F01, 0x9300, 0x9400, 0x9780, 0x4000, 0x0080,
        ],
    );
    vdp.write_data(0x7700);
    assert_eq!(
        vdp.dma_clocks_to_finish(),
        (65_536u64 * 3_420).div_ceil(205) as u32
    );
    // Across the frame boundary the fill runs on: a line at a time, 262 lines, it is still
    // busy; 320 lines and it is done, with every byte written.
    for _ in 0..262 {
        vdp.advance_dma(3_420);
        vdp.step_line();
    }
    assert_ne!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    for _ in 262..321 {
        vdp.advance_dma(3_420);
        vdp.step_line();
    }
    assert_eq!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    assert!(vdp.vram().iter().all(|&b| b == 0x77));
    // Registers 19-20 end at 0; 21-22 advanced by 65,536: back where they were.
    assert_eq!([vdp.register(19), vdp.register(20)], [0, 0]);
    assert_eq!([vdp.register(21), vdp.register(22)], [0, 0]);
}

#[test]
fn a_68000_dma_of_65536_words_is_asked_for_whole() {
    let mut vdp = Vdp::new();
    regs(
        &mut vdp,
        &[
            0x8114, 0x9300, 0x9400, 0x9500, 0x9680, 0x977F, 0x4000, 0x0080,
        ],
    );
    let dma = vdp.take_dma_68k().expect("a 68000 DMA");
    assert_eq!((dma.source, dma.words), (0xFF_0000, 65_536));
    // 65,536 words are the whole 128 KB window ($FE0000-$FFFFFF): from $FF0000 the
    // source wraps at $FFFFFE to $FE0000 and ends at $FEFFFE.
    assert_eq!(dma.source_of(32_767), 0xFF_FFFE);
    assert_eq!(dma.source_of(32_768), 0xFE_0000);
    assert_eq!(dma.source_of(65_535), 0xFE_FFFE);
}

#[test]
fn a_data_port_access_with_no_command_set() {
    // At power-on the code register is 0: a VRAM read at $0000, a valid read.
    let mut vdp = Vdp::new();
    assert!(vdp.read_target_valid());
    vdp.write_vram(0, &[0xAB, 0xCD]);
    vdp.write_register(15, 2);
    assert_eq!(vdp.read_data(), 0xABCD);
    // A write with that code writes nothing (no target), and moves the address on by
    // register 15.
    vdp.write_data(0x1234);
    assert_eq!(&vdp.vram()[0..4], &[0xAB, 0xCD, 0, 0]);
    assert_eq!(vdp.port_state().address, 4);
    // A read with a write code never completes on the console: the chip says so, and
    // its read returns 0 without a panic.
    regs(&mut vdp, &[0x8104, 0x4000, 0x0000]);
    assert!(!vdp.read_target_valid());
    assert_eq!(vdp.read_data(), 0);
}

#[test]
fn a_copy_or_fill_to_an_invalid_target_writes_nothing() {
    let mut vdp = Vdp::new();
    vdp.write_vram(0x1000, &[1, 2, 3, 4]);
    let before = vdp.vram().to_vec();
    // Fill with a VRAM read code (0000) and CD5: nothing written, the address advances.
    regs(
        &mut vdp,
        &[0x8114, 0x8F01, 0x9304, 0x9400, 0x9780, 0x0000, 0x0080],
    );
    vdp.write_data(0x5500);
    vdp.finish_dma();
    assert_eq!(vdp.vram().to_vec(), before);
    assert_eq!(vdp.port_state().address, 5);
    // Copy without CD4 (second word $0080): nothing copied; the time and registers run.
    regs(&mut vdp, &[0x9304, 0x9500, 0x9610, 0x97C0, 0x2000, 0x0080]);
    assert_ne!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    vdp.finish_dma();
    assert_eq!(vdp.vram().to_vec(), before);
    assert_eq!([vdp.register(21), vdp.register(22)], [4, 0x10]);
}

#[test]
fn random_port_traffic_never_hangs() {
    // Any words at the ports, with the DMA bits on: every transfer finishes.
    let mut seed = 0x2545_F491u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for _ in 0..200 {
        let mut vdp = Vdp::new();
        regs(&mut vdp, &[0x8114, 0x8C81]);
        for _ in 0..64 {
            let w = next() as u16;
            match next() % 4 {
                0 | 1 => vdp.write_control(w),
                2 => vdp.write_data(w),
                _ => {
                    if vdp.read_target_valid() {
                        vdp.read_data();
                    }
                }
            }
            vdp.finish_dma();
            while let Some(_src) = vdp.dma_68k_due() {
                vdp.dma_write(0);
            }
        }
        assert!(!vdp.dma_holds_68k());
    }
}

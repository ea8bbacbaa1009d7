//! The read-ahead buffer and the DMA's wait for the write FIFO, timed at the access slots
//! (ares `VDP::readDataPort`, `VDP::Prefetch::run`, `VDP::slot`, `VDP::FIFO::run`,
//! `VDP::DMA::run`, commit 02180ba: a read returns the word fetched ahead at the slots
//! after the read command or the previous read, the FIFO's words taking each slot first;
//! a DMA's units come after the words queued before it). Expected clocks worked by hand
//! from the H32 slot table (master clocks from H counter 0: 50, 210, 370, 690, 850,
//! 1,010, 1,330, 1,490, 1,650, 1,970, 2,130, 2,290, 2,590, 2,610, 2,890, 3,170).

use genesis::{STATUS_DMA_BUSY, Vdp};

fn regs(vdp: &mut Vdp, words: &[u16]) {
    for &w in words {
        vdp.write_control(w);
    }
}

/// Display on (mode 5, DMA enabled), H32, auto-increment 2, on line 0: active display,
/// the line starting at master clock 0.
fn active() -> Vdp {
    let mut vdp = Vdp::new();
    regs(&mut vdp, &[0x8154, 0x8F02, 0x8C00]);
    assert!(vdp.in_active_display());
    vdp.set_line_start(0);
    vdp
}

#[test]
fn a_vram_read_right_after_its_command_waits_for_two_slots() {
    let mut vdp = active();
    vdp.write_vram(0x0100, &[0x12, 0x34, 0x56, 0x78]);
    vdp.set_access_clock(1_000);
    // VRAM read at $0100: the buffer's two bytes come at the slots 1,010 and 1,330.
    regs(&mut vdp, &[0x0100, 0x0000]);
    assert_eq!(vdp.read_ahead_ready_at(), 1_330);
    vdp.set_access_clock(1_020);
    assert_eq!(vdp.read_data(), 0x1234);
    assert_eq!(vdp.take_fifo_wait(), 310);
    // The next word is fetched at the two slots after the read: 1,490 and 1,650.
    assert_eq!(vdp.read_ahead_ready_at(), 1_650);
    vdp.set_access_clock(1_700);
    assert_eq!(vdp.read_data(), 0x5678);
    assert_eq!(vdp.take_fifo_wait(), 0, "the word was there already");
}

#[test]
fn a_cram_read_takes_one_slot() {
    let mut vdp = active();
    vdp.set_access_clock(1_000);
    // CRAM read at 0 (code 1000): one slot, 1,010.
    regs(&mut vdp, &[0x0000, 0x0020]);
    assert_eq!(vdp.read_ahead_ready_at(), 1_010);
    vdp.set_access_clock(1_004);
    vdp.read_data();
    assert_eq!(vdp.take_fifo_wait(), 6);
}

#[test]
fn a_read_waits_behind_the_writes_in_the_fifo() {
    let mut vdp = active();
    vdp.set_access_clock(1_000);
    // Two VRAM words: out at 1,330 (slots 1,010, 1,330) and 1,650 (1,490, 1,650).
    regs(&mut vdp, &[0x4000, 0x0000]);
    vdp.write_data(0xABCD);
    vdp.write_data(0xEF01);
    // A VRAM read command at 1,100: its fetch takes the two slots after 1,650.
    vdp.set_access_clock(1_100);
    regs(&mut vdp, &[0x0000, 0x0000]);
    assert_eq!(vdp.read_ahead_ready_at(), 2_130);
    vdp.set_access_clock(1_200);
    assert_eq!(vdp.read_data(), 0xABCD, "the word the write stored");
    assert_eq!(vdp.take_fifo_wait(), 930);
}

#[test]
fn a_write_while_the_read_waits_goes_first() {
    let mut vdp = active();
    vdp.write_vram(0x0200, &[0x11, 0x22]);
    vdp.set_access_clock(1_000);
    // VRAM read at $0200: due at 1,330.
    regs(&mut vdp, &[0x0200, 0x0000]);
    assert_eq!(vdp.read_ahead_ready_at(), 1_330);
    // A data-port write at 1,005 (a read code: it stores nothing, but takes the slots
    // of a word, 1,010 and 1,330) pushes the fetch to 1,490 and 1,650.
    vdp.set_access_clock(1_005);
    vdp.write_data(0xFFFF);
    assert_eq!(vdp.read_ahead_ready_at(), 1_650);
    assert_eq!(&vdp.vram()[0x200..0x202], &[0x11, 0x22]);
}

#[test]
fn in_vertical_blank_the_buffer_fills_at_once() {
    let mut vdp = Vdp::new();
    // Display off: no slot limit.
    regs(&mut vdp, &[0x8104, 0x8F02]);
    vdp.set_line_start(0);
    vdp.set_access_clock(1_000);
    regs(&mut vdp, &[0x0000, 0x0000]);
    vdp.read_data();
    assert_eq!(vdp.take_fifo_wait(), 0);
}

#[test]
fn a_fill_starts_after_its_data_word_is_out_of_the_fifo() {
    let mut vdp = active();
    vdp.set_access_clock(1_000);
    // Fill 2 bytes at $1000: length 2, register 23 = $80, increment 1.
    regs(&mut vdp, &[0x8F01, 0x9302, 0x9400, 0x9780, 0x5000, 0x0080]);
    vdp.write_data(0x7700);
    // The data word takes the slots 1,010 and 1,330; the two bytes 1,490 and 1,650:
    // 650 clocks from 1,000.
    assert_eq!(vdp.dma_clocks_to_finish(), 650);
    // The word itself went to $1000-$1001 and the address on to $1001; the first byte
    // (at $1001 ^ 1) is not written before 1,490, the second ($1002 ^ 1) at 1,650.
    vdp.advance_dma(489);
    assert_eq!(
        vdp.port_state().address,
        0x1001,
        "no fill byte before 1,490"
    );
    vdp.advance_dma(1);
    assert_eq!(vdp.port_state().address, 0x1002);
    vdp.advance_dma(159);
    assert_eq!(vdp.vram()[0x1003], 0);
    assert_ne!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    vdp.advance_dma(1);
    assert_eq!(vdp.vram()[0x1003], 0x77);
    assert_eq!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
}

#[test]
fn a_68000_dma_waits_for_room_in_a_full_fifo_and_lets_the_68000_go_when_its_word_is_in() {
    let mut vdp = active();
    vdp.set_access_clock(1_000);
    regs(&mut vdp, &[0x4000, 0x0000]);
    // Four VRAM words: out at 1,330, 1,650, 2,130, 2,590.
    for w in 0..4 {
        vdp.write_data(w);
    }
    // A 68000 transfer of one word to VRAM at 1,100: its word enters the FIFO when the
    // first of the four is out (1,330, 230 clocks on), and the 68000 goes then (ares
    // `VDP::DMA::run` loads a word while the FIFO is not full; `VDP::DMA::load`'s last
    // word releases the bus). The word itself is written at its two slots after 2,590:
    // 2,610 and 2,890, 1,790 clocks on.
    vdp.set_access_clock(1_100);
    regs(
        &mut vdp,
        &[0x9301, 0x9400, 0x9500, 0x9600, 0x9700, 0x4100, 0x0080],
    );
    assert!(vdp.take_dma_68k().is_some());
    assert!(vdp.dma_holds_68k());
    assert_eq!(vdp.dma_clocks_to_release(), 230);
    assert_eq!(vdp.dma_clocks_to_finish(), 1_790);
    vdp.advance_dma(229);
    assert_eq!(vdp.dma_68k_due(), None);
    vdp.advance_dma(1);
    assert_eq!(vdp.dma_68k_due(), Some(0));
    vdp.dma_write(0xABCD);
    assert!(!vdp.dma_holds_68k());
    assert_eq!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
    // The FIFO holds the three words left and the transfer's: full (bit 8) at 1,330,
    // neither full nor empty from 2,590 (the transfer's word alone), empty (bit 9) from
    // 2,890.
    for (at, fifo_bits) in [
        (1_330, 0x0100),
        (2_589, 0x0000),
        (2_590, 0x0000),
        (2_890, 0x0200),
    ] {
        vdp.set_access_clock(at);
        assert_eq!(vdp.peek_status() & 0x0300, fifo_bits, "at {at}");
    }
}

#[test]
fn a_fill_of_65536_bytes_runs_across_frames_and_ends() {
    let mut vdp = active();
    vdp.set_access_clock(0);
    // Length 0 (65,536 bytes), increment 1, from $0000, data $A5xx: the data word's two
    // slots (50, 210) and the 65,536 bytes, one slot each.
    regs(&mut vdp, &[0x8F01, 0x9300, 0x9400, 0x9780, 0x4000, 0x0080]);
    vdp.write_data(0xA500);
    // A frame gives 224 active lines x 16 slots and 38 blank lines x 167 (H32):
    // 9,930 slots. 65,538 slots: six frames (59,580), then the seventh's active display
    // (3,584) and 2,374 slots of its blank, 167 a line: 14.2 lines. So the fill ends in
    // the seventh frame's blank line 14 (line 238), 1,810 lines from the start.
    let mut lines = 0u64;
    while vdp.dma_busy() {
        assert!(lines < 3 * 262 * 7, "the fill never ended");
        vdp.set_line_start(lines * 3_420);
        vdp.start_line();
        vdp.advance_dma(3_420);
        vdp.hblank();
        vdp.next_line();
        lines += 1;
    }
    assert_eq!(lines - 1, 6 * 262 + 224 + 14, "the line the fill ends in");
    // Every byte holds $A5 (the fill wraps at 64 KiB and wrote them all).
    assert!(vdp.vram().iter().all(|&b| b == 0xA5));
    assert_eq!(vdp.peek_status() & STATUS_DMA_BUSY, 0);
}

//! The VDP's read-ahead and the write FIFO in front of DMA as a program sees them:
//! `roms/genesis/programs/vdp-prefetch.bin` (68000 assembly, `vdp-prefetch.s`) runs once
//! from reset with the display on (H40) and writes one word per result from $FF0100 up.
//!
//! Expected values: the words read back, and the status bits the two agree on, are those
//! of a recorded Genesis Plus GX run (`tests/crosscheck/gpgx_vdp_prefetch.txt`, written by
//! `tests/crosscheck/gpgx_vdp_ports.py --rom vdp-prefetch --record`), each also worked by
//! hand in the comments. GPGX does not time the read-ahead, nor make a DMA or a fill wait
//! for the FIFO, so the times (HV counter words read before and after) are worked from
//! the hardware rules instead (ares `VDP::readDataPort`, `VDP::Prefetch::run`,
//! `VDP::FIFO::run` and `VDP::DMA::run`, commit fc83454; the H40 access slots of genesis
//! `fifo`): from the HV counter read before, the slots the accesses wait for give the
//! counter read after, to within the 68000 cycle the hold is rounded to.
//!
//! The 68000's bus cycles, as SingleStepTests/680x0 records them: `MOVE.W (An),Dn` reads
//! at cycle 0 (8 cycles); `MOVE.W #imm,(An)` writes at cycle 4 (12); `MOVE.L #imm,(An)`
//! writes its words at cycles 8 and 12 (20). A held access delays the rest of its
//! instruction by the hold.

use crate::genesis_ports::{recorded, rom_results};
use genesis::fifo::ACCESS_SLOTS_H40;

const VDP_PREFETCH: &[u8] = include_bytes!("../../../../roms/genesis/programs/vdp-prefetch.bin");
const GPGX: &str = include_str!("../../../../tests/crosscheck/gpgx_vdp_prefetch.txt");

/// Master clocks in a 68000 cycle and in a line.
const CYCLE: u32 = 7;
const LINE: u32 = 3_420;

/// Runs the ROM until it marks its results done and returns them, result 1 first.
fn results() -> Vec<u16> {
    rom_results(VDP_PREFETCH, 42).0
}

/// GPGX's results from the recorded run.
fn gpgx() -> Vec<u16> {
    recorded(GPGX)
}

/// Results `first..=last` (1-based, as numbered in vdp-prefetch.s).
fn range(r: &[u16], first: usize, last: usize) -> &[u16] {
    &r[first - 1..last]
}

/// The first H40 access slot strictly after master clock `t` (counted from a line start
/// at H counter 0; `t` may run into the following lines).
fn slot_after(t: u32) -> u32 {
    let (line, pos) = (t / LINE, t % LINE);
    match ACCESS_SLOTS_H40.iter().find(|&&s| s > pos) {
        Some(&s) => line * LINE + s,
        None => (line + 1) * LINE + ACCESS_SLOTS_H40[0],
    }
}

/// The second slot after `t`: a VRAM word's two byte accesses.
fn two_slots_after(t: u32) -> u32 {
    slot_after(slot_after(t))
}

/// The H counter (low byte of an HV word) at master clock `t` of the line, in the active
/// part of an H40 line ($00-$B6): one step every 16 master clocks from the line start.
fn h40(t: u32) -> u16 {
    let h = t % LINE / 16;
    assert!(h <= 0xB6, "clock {t} is past the active part");
    h as u16
}

/// Checks the H counter `after` read at the end of an access sequence against `predict`,
/// which gives the clock of that read from the clock `c0` of the read before. The read
/// before took H counter `before`, so `c0` is one of its 16 clocks; the hold is rounded
/// up to a 68000 cycle (up to 6 clocks more).
fn check(what: &str, before: u16, after: u16, predict: impl Fn(u32) -> u32) {
    let c0 = u32::from(before & 0xFF) * 16;
    assert!(
        before & 0xFF <= 0xB6,
        "{what}: H ${before:04X} outside the active part"
    );
    let lo = h40(predict(c0));
    let hi = h40(predict(c0 + 15) + 6);
    let h = after & 0xFF;
    assert!(
        (lo..=hi).contains(&h),
        "{what}: H ${h:02X} after, the slots give ${lo:02X}-${hi:02X} (H ${:02X} before)",
        before & 0xFF
    );
}

#[test]
fn the_words_read_back_and_the_status_bits_agree_with_gpgx() {
    let r = results();
    let g = gpgx();
    assert_eq!(g.len(), r.len(), "the recorded run's results");
    // The words: 1, a read right after its command ($8000 = $1111); 4-7, four back to
    // back; 10-13, four written then read back at once (a read waits behind the writes,
    // so it reads what they stored); 16, the read after a data-port write with the read
    // code (nothing stored, the address on to $8002: $2222); 22-25, four words written
    // and then 2 DMA words over the last two ($C1C1 $C2C2 after $B1B1 $B2B2: the FIFO's
    // words go out first); 30-37, three words, then a 4-byte fill at $8310 with
    // increment 1: the data word $E500 at $8310, then $E5 at $8310, $8313, $8312, $8315;
    // 39-42, a 4-byte copy from $8000 to $8400.
    let words = [
        (1, 1),
        (4, 7),
        (10, 13),
        (16, 16),
        (22, 25),
        (30, 37),
        (39, 42),
    ];
    for (first, last) in words {
        assert_eq!(
            range(&r, first, last),
            range(&g, first, last),
            "{first}-{last}"
        );
    }
    assert_eq!(range(&r, 4, 7), [0x1111, 0x2222, 0x3333, 0x4444]);
    assert_eq!(range(&r, 22, 25), [0xB1B1, 0xB2B2, 0xC1C1, 0xC2C2]);
    assert_eq!(
        range(&r, 30, 37),
        [0xD1D1, 0xD2D2, 0xD3D3, 0, 0xE500, 0xE5E5, 0x00E5, 0]
    );
    // 26: right after a fill's data word, with three words ahead of it: busy (bit 1),
    // the FIFO neither empty nor full (the first word has gone by then). 38: right after
    // a copy's command: busy, the FIFO empty.
    assert_eq!([r[26 - 1], r[38 - 1]], [g[26 - 1], g[38 - 1]]);
    assert_eq!([r[26 - 1], r[38 - 1]], [0x0002, 0x0202]);
    // 19: right after a 68000 DMA of 2 words behind 4 FIFO words: bit 1 clear, the
    // transfer over for the 68000, and the FIFO not empty (bit 9 clear), as on GPGX. The
    // 68000 goes when the DMA's last word enters the FIFO, which is then full again (the
    // last two of the four and the DMA's two): bit 8 (GPGX's transfer does not wait for
    // the FIFO: clear there).
    assert_eq!(r[19 - 1] & 0x0202, g[19 - 1] & 0x0202);
    assert_eq!(r[19 - 1], 0x0100);
}

#[test]
fn a_read_waits_for_the_read_ahead() {
    let r = results();
    // 2-3: HV, read command (its second word 20 cycles on), the read (28 cycles on), HV.
    // The read's word is fetched at the two slots after the command.
    check("a read after its command", r[2 - 1], r[3 - 1], |c0| {
        let ready = two_slots_after(c0 + 20 * CYCLE);
        ready.max(c0 + 28 * CYCLE) + 8 * CYCLE
    });
    // 8-9: read command (its second word 8 cycles before the HV read), HV, four reads
    // back to back, HV. Each read takes the buffer's word and starts the next fetch: two
    // slots after the read.
    check("four reads back to back", r[8 - 1], r[9 - 1], |c0| {
        let mut ready = two_slots_after(c0 - 8 * CYCLE);
        let mut t = c0 + 8 * CYCLE;
        for _ in 0..4 {
            let done = ready.max(t);
            ready = two_slots_after(done);
            t = done + 8 * CYCLE;
        }
        t
    });
}

/// When each of `writes` (their clocks, in order) is read out of the FIFO: at the second
/// slot after the later of its arrival and the previous word's (VRAM words).
fn fifo_out(writes: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for &w in writes {
        let after = out.last().map_or(w, |&d| d.max(w));
        out.push(two_slots_after(after));
    }
    out
}

#[test]
fn reads_and_their_fetch_wait_behind_the_fifo() {
    let r = results();
    // 14-15: HV, four VRAM writes (12 cycles each, the write at 4), a read command (its
    // second word at 12), the read (20 cycles after the command's start), HV. The fetch
    // waits until the four words are out, then takes its two slots.
    check("a read behind four writes", r[14 - 1], r[15 - 1], |c0| {
        let writes: Vec<u32> = (0..4).map(|k| c0 + (8 + 4 + 12 * k) * CYCLE).collect();
        let drained = *fifo_out(&writes).last().unwrap();
        let command = c0 + (8 + 48) * CYCLE;
        let ready = two_slots_after(drained.max(command + 12 * CYCLE));
        ready.max(command + 20 * CYCLE) + 8 * CYCLE
    });
    // 17-18: HV, read command, a data-port write with the read code (4 cycles into its
    // instruction, 28 after the command's start), the read (12 cycles later), HV. The
    // write takes two slots (a word to no target), and a fetch not yet done waits for
    // them.
    check(
        "a write while the read is pending",
        r[17 - 1],
        r[18 - 1],
        |c0| {
            let command = c0 + 8 * CYCLE;
            let mut ready = two_slots_after(command + 12 * CYCLE);
            let write = command + 24 * CYCLE;
            if ready > write {
                let out = two_slots_after(write);
                ready = two_slots_after(out);
            }
            ready.max(command + 32 * CYCLE) + 8 * CYCLE
        },
    );
}

/// H40 H counter steps from the HV word `before` to `after`, less than a line apart (the
/// sequence $00-$B6, $E4-$FF: 211 steps).
fn h40_steps(before: u16, after: u16) -> u32 {
    let index = |hv: u16| {
        let h = u32::from(hv & 0xFF);
        if h <= 0xB6 { h } else { h - 0xE4 + 0xB7 }
    };
    (index(after) + 211 - index(before)) % 211
}

/// The least and the most master clocks from any point to the `k`-th H40 slot after it.
fn k_slots_bounds(k: usize) -> (u32, u32) {
    let slots: Vec<u32> = (0..3)
        .flat_map(|l| ACCESS_SLOTS_H40.iter().map(move |&s| s + l * LINE))
        .collect();
    let n = ACCESS_SLOTS_H40.len();
    // Right after a slot: the k-th comes k gaps on (least with the closest slots); right
    // after the slot before a wide gap: the most.
    let least = (0..n).map(|i| slots[i + k - 1] - slots[i]).min().unwrap();
    let most = (0..n).map(|i| slots[i + k] - slots[i]).max().unwrap();
    (least, most)
}

#[test]
fn a_dma_and_a_fill_wait_for_the_fifo_to_drain() {
    let r = results();
    // H steps are 16 master clocks, up to 20 in horizontal sync (which holds 28 steps
    // of the 211): a span of c clocks is at least (c - 112) / 16 steps, at most c / 16 + 1.
    let steps = |lo: u32, hi: u32| ((lo - 112) / 16, hi / 16 + 1);

    // 20-21: HV, four VRAM writes (the first 12 cycles on), a 68000 DMA of 2 words to
    // VRAM (its command 56 cycles on, the instruction over at 76), a status read, HV. The
    // DMA's last word enters the FIFO when the second of the four is out, at the fourth
    // slot after the first write (a write arriving after the FIFO has emptied can leave
    // one slot unused: the fifth at most), and the 68000 goes then (ares `VDP::DMA::run`,
    // `VDP::DMA::load`, `VDP::DMA::synchronize`), not before its instruction is over; then
    // it reads status and HV (8 cycles each). (GPGX starts the transfer at its command and
    // holds the 68000 for its 4 slots: 79 steps.)
    let (least, _) = k_slots_bounds(4);
    let (_, most) = k_slots_bounds(5);
    let (lo, hi) = steps(
        (12 * CYCLE + least).max(76 * CYCLE) + 8 * CYCLE,
        (12 * CYCLE + most).max(76 * CYCLE) + 8 * CYCLE + 6,
    );
    let n = h40_steps(r[20 - 1], r[21 - 1]);
    assert!(
        (lo..=hi).contains(&n),
        "{n} H steps, {lo}-{hi} by the slots"
    );

    // 27: a fill of 4 bytes whose data word is the fourth word in the FIFO: it starts
    // when the four are out (8 slots) and takes 4 slots. The first write is 12 cycles
    // after the HV read, the first status poll 130 cycles after it, then one every 40
    // cycles: the fill ends at the twelfth slot after the first write (the thirteenth
    // at most, as above), so the poll that sees bit 1 clear is the one at or after it:
    // the (end - 118 cycles) / 40 cycles-th after the first, rounded up. (GPGX starts
    // the fill at its data word: 3 polls.)
    let (least, _) = k_slots_bounds(12);
    let (_, most) = k_slots_bounds(13);
    let poll = |end: u32| (end - 118 * CYCLE).div_ceil(40 * CYCLE) + 1;
    let polls = u32::from(r[27 - 1]);
    assert!(
        (poll(least)..=poll(most)).contains(&polls),
        "{polls} polls, {}-{} by the slots",
        poll(least),
        poll(most)
    );
    // 28-29: from the HV read before the writes to the one after the last poll (42
    // cycles after that poll, which is less than a poll after the fill's end).
    let n = h40_steps(r[28 - 1], r[29 - 1]);
    let (lo, hi) = steps(12 * CYCLE + least, 12 * CYCLE + most + 82 * CYCLE);
    assert!(
        (lo..=hi).contains(&n),
        "{n} H steps, {lo}-{hi} by the slots"
    );
}

//! The TMS9918A's CPU access slots: when a VRAM access the Z80 makes through #98 (or the
//! prefetch of a read set-up) gets its turn, and which accesses come too fast (see
//! [`super::target`]'s module docs, "VRAM access timing": openMSX `src/video/VDP.cc`
//! `scheduleCpuVramAccess` and `src/video/VDPAccessSlots.cc`, the MSX1 tables).

use tms9918::Vdp;

use super::target::{ACTIVE_LINES, LINES_PER_FRAME, T_PER_LINE};

/// VDP ticks per line (openMSX's `TICKS_PER_LINE`): 342 TMS9918 cycles x 4.
const TICKS_PER_LINE: u64 = 1368;
/// VDP ticks per Z80 T-state.
const TICKS_PER_T: u64 = TICKS_PER_LINE / T_PER_LINE;
/// openMSX's `Delta::D28`: an MSX1 VDP's CPU access needs a slot at least this many ticks on.
const ACCESS_DELAY_TICKS: u64 = 28;

/// openMSX `slotsMsx1ScreenOff`: the CPU slots of a line with the display blanked or in
/// the vertical border, in ticks, with the next line's first slots after 1368.
const SLOTS_SCREEN_OFF: &[u16] = &[
    4, 12, 20, 28, 36, 44, 52, 60, 68, 76, 84, 92, 100, 108, 116, 124, 132, 140, 148, 156, 164,
    172, 180, 188, 196, 204, 220, 236, 252, 268, 284, 300, 316, 332, 348, 364, 380, 396, 412, 428,
    444, 460, 476, 492, 508, 524, 540, 556, 572, 588, 604, 620, 636, 652, 668, 684, 700, 716, 732,
    748, 764, 780, 796, 812, 828, 844, 860, 876, 892, 908, 924, 940, 956, 972, 988, 1004, 1020,
    1036, 1052, 1068, 1084, 1100, 1116, 1132, 1148, 1164, 1180, 1196, 1212, 1228, 1236, 1244, 1252,
    1260, 1268, 1276, 1284, 1292, 1300, 1308, 1316, 1324, 1332, 1340, 1348, 1356, 1364, 1372, 1380,
    1388, 1396, 1404, 1412, 1420, 1428, 1436, 1444, 1452, 1460, 1468, 1476, 1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Gfx12`: Graphics I and II, active display.
const SLOTS_GFX12: &[u16] = &[
    4, 12, 20, 28, 116, 124, 132, 140, 220, 348, 476, 604, 732, 860, 988, 1116, 1236, 1244, 1364,
    1372, 1380, 1388, 1396, 1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Gfx3`: multicolor, active display.
const SLOTS_GFX3: &[u16] = &[
    4, 12, 20, 28, 116, 124, 132, 140, 220, 228, 260, 292, 324, 348, 356, 388, 420, 452, 476, 484,
    516, 548, 580, 604, 612, 644, 676, 708, 732, 740, 772, 804, 836, 860, 868, 900, 932, 964, 988,
    996, 1028, 1060, 1092, 1116, 1124, 1156, 1188, 1220, 1236, 1244, 1364, 1372, 1380, 1388, 1396,
    1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Text`: text mode, active display.
const SLOTS_TEXT: &[u16] = &[
    4, 12, 20, 28, 36, 44, 52, 60, 68, 76, 84, 92, 100, 108, 116, 124, 132, 140, 148, 156, 164,
    172, 180, 188, 196, 204, 212, 220, 228, 244, 268, 292, 316, 340, 364, 388, 412, 436, 460, 484,
    508, 532, 556, 580, 604, 628, 652, 676, 700, 724, 748, 772, 796, 820, 844, 868, 892, 916, 940,
    964, 988, 1012, 1036, 1060, 1084, 1108, 1132, 1156, 1180, 1196, 1204, 1212, 1220, 1228, 1236,
    1244, 1252, 1260, 1268, 1276, 1284, 1292, 1300, 1308, 1316, 1324, 1332, 1340, 1348, 1356, 1364,
    1372, 1380, 1388, 1396, 1404, 1412, 1420, 1428, 1436, 1444, 1452, 1460, 1468, 1476, 1484, 1492,
    1500, 1508,
];

/// R1 bit 3, M2: multicolor mode.
const R1_M2: u8 = 0x08;

/// The slot table for an access on `line` (0-261, 0-191 displayed) with the chip's current
/// registers, as openMSX's `getTab` picks it.
fn slots_for(line: u64, vdp: &Vdp) -> &'static [u16] {
    let regs = vdp.registers();
    if line >= ACTIVE_LINES || !regs.display_enabled() {
        return SLOTS_SCREEN_OFF;
    }
    if regs.text_mode() {
        SLOTS_TEXT
    } else if regs.get(1) & R1_M2 != 0 {
        SLOTS_GFX3
    } else {
        SLOTS_GFX12
    }
}

/// The VRAM access check of one call (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct VramTiming {
    /// The call's first T-state.
    start: u64,
    /// When the pending access gets its slot, in ticks since the call's start.
    pending_until: u64,
    pub too_fast: u64,
}

impl VramTiming {
    pub fn new(start: u64) -> Self {
        Self {
            start,
            pending_until: 0,
            too_fast: 0,
        }
    }

    /// Counts from `start` on, the start of a new vertical blank (tick 0 of line 192), an
    /// access still waiting for its slot kept.
    pub fn rebase(&mut self, start: u64) {
        let moved = start.saturating_sub(self.start) * TICKS_PER_T;
        self.pending_until = self.pending_until.saturating_sub(moved);
        self.start = start;
    }

    /// A CPU access to VRAM at T-state `t`; true when it came while the last one still
    /// waited for its slot (too fast: on the chip it replaces that one).
    pub fn access(&mut self, t: u64, vdp: &Vdp) -> bool {
        let ticks = t.saturating_sub(self.start) * TICKS_PER_T;
        if ticks < self.pending_until {
            self.too_fast += 1;
            return true;
        }
        let line = (ticks / TICKS_PER_LINE + ACTIVE_LINES) % LINES_PER_FRAME;
        let pos = ticks % TICKS_PER_LINE;
        let want = pos + ACCESS_DELAY_TICKS;
        let slot = slots_for(line, vdp)
            .iter()
            .map(|&s| u64::from(s))
            .find(|&s| s >= want)
            .unwrap_or(want);
        self.pending_until = ticks - pos + slot;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Accesses `gap` T-states apart from `first` on, `n` of them: how many were too fast.
    fn burst(vdp: &Vdp, first: u64, gap: u64, n: u64) -> u64 {
        let mut timing = VramTiming::new(1000);
        for k in 0..n {
            timing.access(1000 + first + k * gap, vdp);
        }
        timing.too_fast
    }

    fn screen(r1: u8) -> Vdp {
        let mut vdp = Vdp::new();
        vdp.write_register(1, r1);
        vdp
    }

    const BORDER_T: u64 = (LINES_PER_FRAME - ACTIVE_LINES) * T_PER_LINE;

    #[test]
    fn the_border_and_a_blanked_display_take_any_pace() {
        for phase in 0..T_PER_LINE {
            assert_eq!(
                burst(&screen(0x40), phase, 12, 40),
                0,
                "border, phase {phase}"
            );
            assert_eq!(burst(&screen(0x00), BORDER_T + phase, 12, 40), 0, "blanked");
        }
    }

    #[test]
    fn graphics_mode_needs_29_t_states_in_the_active_display() {
        let vdp = screen(0x40);
        let mut fast = 0;
        for phase in 0..T_PER_LINE {
            assert_eq!(burst(&vdp, BORDER_T + phase, 29, 40), 0, "phase {phase}");
            fast += u64::from(burst(&vdp, BORDER_T + phase, 12, 4) > 0);
            assert!(burst(&vdp, BORDER_T + phase, 12, 40) > 0, "phase {phase}");
        }
        assert!(fast > T_PER_LINE / 2, "{fast}");
    }

    #[test]
    fn an_access_waits_for_its_slot() {
        // Line 0 of the display, tick 0: the first slot at or after tick 28 is 28, so an
        // access 5 T-states (30 ticks) later is fine; Graphics II then has no slot between
        // 140 and 220: accesses at ticks 120 (slot 220) and 198 collide.
        let vdp = screen(0x40);
        let mut t = VramTiming::new(0);
        t.access(BORDER_T, &vdp);
        t.access(BORDER_T + 5, &vdp);
        assert_eq!(t.too_fast, 0);
        t.access(BORDER_T + 20, &vdp);
        t.access(BORDER_T + 33, &vdp);
        assert_eq!(t.too_fast, 1);
    }
}

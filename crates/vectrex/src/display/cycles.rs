//! 6809 cycle costs of the BIOS drawing routines.
//!
//! Counted instruction by instruction from Bruce Tomlin's annotated BIOS disassembly
//! (`BIOS.ASM`, lines 678-1030 and 1342-1737) with the 6809 data-sheet timings (direct
//! page `<` stores 4, `CLR`/`INC` direct 6, extended loads/stores 5, `JSR` extended 8,
//! `RTS` 5, short branches 3 taken or not). Every figure includes the caller's `JSR`
//! where the routine is called; continuation costs say so.
//!
//! **Exact**: every instruction outside a wait loop. **Estimate**: how many times a loop
//! polls VIA timer 1 before it sees the timeout flag. vecx steps the VIA once per CPU
//! cycle after each instruction and sets the flag after `scale + 1` decrements of T1; the
//! model does the same ([`polls`]). A real 6522 may see the flag one cycle earlier or
//! later, which moves a vector's cost by one poll iteration (7 cycles) at most.
//! `Moveto_d` as listed branches unconditionally (`BRA LF345`) past its settling delay for
//! long moves, so that delay is never charged (the listing reassembles to the ROM).

/// One frame: `Wait_Recal` reloads T2 with $7530 = 30,000 cycles (20 ms, 50 Hz).
pub const FRAME_BUDGET_CYCLES: u64 = 30_000;

/// The 6809 clock (Hz).
pub const CPU_HZ: u64 = 1_500_000;

/// `JSR` extended: every routine call.
pub const JSR: u32 = 8;

/// `Intensity_a` ($F2AB): `JSR` 8, `STA <port_a` 4, `STA Vec_Brightness` 5, `LDD #$0504`
/// 3, `STA <port_b` 4, `STB <port_b` 4 twice, `LDB #$01` 2, `STB <port_b` 4, `RTS` 5.
pub const INTENSITY_A: u32 = JSR + 4 + 5 + 3 + 4 + 4 + 4 + 2 + 4 + 5;

/// `Reset0Ref` ($F354) without the call: `LDD #$00CC` 3, `STB <cntl` 4, `STA <shift` 4,
/// then Reset_Pen: `LDD #$0302` 3, `CLR <port_a` 6, `STA <port_b` 4, `STB <port_b` 4
/// twice, `LDB #$01` 2, `STB <port_b` 4, `RTS` 5.
pub const RESET0REF_BODY: u32 = 3 + 4 + 4 + 3 + 6 + 4 + 4 + 4 + 2 + 4 + 5;

/// `Reset0Ref` called with `JSR`.
pub const RESET0REF: u32 = JSR + RESET0REF_BODY;

/// `Check0Ref` reached by `JMP Check0Ref` (4): `LDA Vec_0Ref_Enable` 5, `BEQ` 3; then
/// either `RTS` 5 or the body of `Reset0Ref`.
pub const CHECK0REF_HEAD: u32 = 4 + 5 + 3;

/// `Moveto_d` ($F312) up to and including the write that starts T1: `JSR` 8,
/// `STA <port_a` 4, `CLR <port_b` 6, `PSHS D` 7, `LDA #$CE` 2, `STA <cntl` 4,
/// `CLR <shift` 6, `INC <port_b` 6, `STB <port_a` 4, `CLR <t1_hi` 6.
pub const MOVETO_D_START: u32 = JSR + 4 + 6 + 7 + 2 + 4 + 6 + 6 + 4 + 6;

/// `Moveto_d` after T1 starts, before the first poll, without `Abs_a_b`'s body:
/// `PULS D` 7, `JSR Abs_a_b` 8, `STB -1,S` 5, `ORA -1,S` 5, `LDB #$40` 2, `CMPA #$40` 2,
/// `BRA LF345` 3.
pub const MOVETO_D_AFTER_START: u32 = 7 + 8 + 5 + 5 + 2 + 2 + 3;

/// `Abs_a_b` ($F584) for two non-negative bytes: `TSTA` 2, `BPL` 3, `TSTB` 2, `BPL` 3,
/// `RTS` 5. A negative byte adds `NEGA`/`NEGB` 2 + `BVC` 3; $80 adds `DECA`/`DECB` 2.
#[must_use]
pub fn abs_a_b(a: i8, b: i8) -> u32 {
    let one = |v: i8| match v {
        i8::MIN => 7,
        v if v < 0 => 5,
        _ => 0,
    };
    2 + 3 + 2 + 3 + 5 + one(a) + one(b)
}

/// The T1 poll loop `BITB <int_flags` 4 + `BEQ` 3.
pub const POLL_PERIOD: u32 = 7;

/// A `BITB`/`BEQ` poll loop's final `RTS` (in `Moveto_d`).
pub const RTS: u32 = 5;

/// `Draw_Line_d` ($F3DF) entered at `Draw_VL` ($F3DD) up to the write that starts T1:
/// `LDD ,X` 5, `STA <port_a` 4, `CLR <port_b` 6, `LEAX 2,X` 5, `NOP` 2, `INC <port_b` 6,
/// `STB <port_a` 4, `LDD #$FF00` 3, `STA <shift` 4, `STB <t1_hi` 4.
pub const DRAW_VL_START: u32 = 5 + 4 + 6 + 5 + 2 + 6 + 4 + 3 + 4 + 4;

/// The same entered one instruction earlier at `Draw_VL_a` ($F3DA): `STA $C823` 5.
pub const DRAW_VL_A_START: u32 = 5 + DRAW_VL_START;

/// `Mov_Draw_VL` ($F3BC) up to the write that starts T1: `LDD ,X` 5, `STA <port_a` 4,
/// `CLR <port_b` 6, `LEAX 2,X` 5, `NOP` 2, `INC <port_b` 6, `STB <port_a` 4, `LDD #$0000`
/// 3, `BRA LF3ED` 3, `STA <shift` 4, `STB <t1_hi` 4.
pub const MOV_DRAW_VL_START: u32 = 5 + 4 + 6 + 5 + 2 + 6 + 4 + 3 + 3 + 4 + 4;

/// Cycles from the T1 write (`STB <t1_hi`, 4) to the first poll of a vector: the write
/// itself and `LDD #$0040` 3.
pub const VECTOR_FIRST_POLL: u32 = 4 + 3;

/// After a vector's poll loop: `NOP` 2, `STA <shift` 4, `LDA $C823` 5, `DECA` 2, `BPL` 3.
pub const VECTOR_END: u32 = 2 + 4 + 5 + 2 + 3;

/// `Draw_VLc` ($F3CE) before `Draw_VL_a`: `JSR` 8, `LDA ,X+` 6, `BRA` 3.
pub const DRAW_VLC_ENTRY: u32 = JSR + 6 + 3;

/// `Draw_VLcs` ($F3D6) before `Draw_VL_a`: `JSR` 8, `LDD ,X++` 8, `STB <t1_lo` 4.
pub const DRAW_VLCS_ENTRY: u32 = JSR + 8 + 4;

/// `Mov_Draw_VLc_a` ($F3AD) before `Mov_Draw_VL`: `JSR` 8, `LDA ,X+` 6, `BRA` 3,
/// `STA $C823` 5.
pub const MOV_DRAW_VLC_A_ENTRY: u32 = JSR + 6 + 3 + 5;

/// `Mov_Draw_VLcs` ($F3B5) before `Mov_Draw_VL`: `JSR` 8, `LDD ,X++` 8, `STB <t1_lo` 4,
/// `STA $C823` 5.
pub const MOV_DRAW_VLCS_ENTRY: u32 = JSR + 8 + 4 + 5;

/// `Draw_VL_mode` ($F46E) entry: `JSR` 8, `LDA Vec_0Ref_Enable` 5, `PSHS A` 6,
/// `CLR Vec_0Ref_Enable` 7.
pub const DRAW_VL_MODE_ENTRY: u32 = JSR + 5 + 6 + 7;

/// Each `Draw_VL_mode` item: `LDA ,X+` 6, `BPL` 3.
pub const MODE_FETCH: u32 = 6 + 3;

/// Mode < 0: `BSR Draw_Pat_VL` 7 ... `BRA LF476` 3.
pub const MODE_PATTERN_CALL: u32 = 7 + 3;

/// Mode 0: `BNE` 3, `JSR Mov_Draw_VL` 8 ... `BRA LF476` 3.
pub const MODE_MOVE_CALL: u32 = 3 + 8 + 3;

/// Mode >= 2: `BNE` 3, `DECA` 2, `BEQ` 3, `JSR Draw_VL` 8 ... `BRA LF476` 3.
pub const MODE_DRAW_CALL: u32 = 3 + 2 + 3 + 8 + 3;

/// Mode 1: `BNE` 3, `DECA` 2, `BEQ` 3, `PULS A` 6, `STA Vec_0Ref_Enable` 5 (then
/// `JMP Check0Ref`).
pub const MODE_END: u32 = 3 + 2 + 3 + 6 + 5;

/// `Draw_Pat_VL` ($F437) up to the write that starts T1: `LDD ,X` 5, `STA <port_a` 4,
/// `CLR <port_b` 6, `LEAX 2,X` 5, `INC <port_b` 6, `STB <port_a` 4, `LDA Vec_Pattern` 5,
/// `LDB #$40` 2, `STA <shift` 4, `CLR <t1_hi` 6.
pub const DRAW_PAT_VL_START: u32 = 5 + 4 + 6 + 5 + 6 + 4 + 5 + 2 + 4 + 6;

/// `Draw_Pat_VL`'s first poll (`BITB >int_flags`, extended, 5) comes right after the T1
/// write (`CLR <t1_hi`, 6).
pub const PAT_FIRST_POLL: u32 = 6;

/// Its second poll: after `BITB >` 5, `BEQ` 3, `STA <shift` 4, `NOP` 2.
pub const PAT_SECOND_POLL: u32 = PAT_FIRST_POLL + 5 + 3 + 4 + 2;

/// Then every `LDA Vec_Pattern` 5 + `STA <shift` 4 + `NOP` 2 + `BITB <` 4 + `BEQ` 3.
pub const PAT_POLL_PERIOD: u32 = 18;

/// Short line (T1 out at the first poll): `BITB >` 5, `BEQ` 3, `CLR <shift` 6,
/// `LDA $C823` 5, `BNE` 3.
pub const PAT_SHORT_END: u32 = 5 + 3 + 6 + 5 + 3;

/// Longer line: `BITB >` 5, `BEQ` 3, then `STA <shift` 4, `NOP` 2, `BITB <` 4, `BEQ` 3 for
/// the second poll; after the last poll `LDA $C823` 5, `CLR <shift` 6, `TSTA` 2, `BNE` 3.
pub const PAT_LONG_HEAD: u32 = 5 + 3 + 4 + 2 + 4 + 3;
/// See [`PAT_LONG_HEAD`].
pub const PAT_LONG_END: u32 = 5 + 6 + 2 + 3;

/// Back for the next patterned vector: `DECA` 2, `STA $C823` 5.
pub const PAT_NEXT: u32 = 2 + 5;

/// `Wait_Recal` from the T2 reload on (`Set_Refresh`: `LDD $C83D` 6, `STD <t2_lo` 5,
/// `JMP Recalibrate` 4) through `Recalibrate`'s fixed instructions: `LDX #Recal_Points`
/// 3, `BSR Moveto_ix_FF` 7, `LDB #$FF` 2, `BRA` 3, `STB <t1_lo` 4, `LDD ,X++` 8;
/// `JSR Reset0Int` 8 + 16; `BSR Moveto_ix` 7, `LDD ,X++` 8; `BRA Reset0Ref` 3. The two
/// moves (to $7F7F and $8080 at scale $FF) and the final `Reset0Ref` body are added by the
/// caller; the frame's cycles start at the T2 reload.
pub const RECALIBRATE_FIXED: u32 = 6 + 5 + 4 + 3 + 7 + 2 + 3 + 4 + 8 + (8 + 16) + 7 + 8 + 3;

/// Polls a `BITB`/`BEQ` loop makes until it sees T1's timeout: the first poll happens
/// `first` cycles after the T1 write began (the write's own cycles included), the next
/// ones every `period` cycles; the flag is up once `scale + 1` cycles have passed (vecx's
/// VIA model). Always at least one poll.
#[must_use]
pub fn polls(scale: u8, first: u32, period: u32) -> u32 {
    let due = u32::from(scale) + 1;
    if first >= due {
        1
    } else {
        1 + (due - first).div_ceil(period)
    }
}

/// Cycles of one solid or blank vector through `Draw_Line_d`'s T1 wait: the `LDD #$0040`
/// before the loop, the polls, and [`VECTOR_END`] (not counting the start sequence).
#[must_use]
pub fn vector_wait_and_end(scale: u8) -> u32 {
    3 + POLL_PERIOD * polls(scale, VECTOR_FIRST_POLL, POLL_PERIOD) + VECTOR_END
}

/// `Moveto_d` ($F312) with the call, for a move of (`y`, `x`) at `scale`.
#[must_use]
pub fn moveto_d(scale: u8, y: i8, x: i8) -> u32 {
    let first = 6 + MOVETO_D_AFTER_START + abs_a_b(y, x);
    MOVETO_D_START
        + MOVETO_D_AFTER_START
        + abs_a_b(y, x)
        + POLL_PERIOD * polls(scale, first, POLL_PERIOD)
        + RTS
}

/// Polls of `Draw_Pat_VL`'s irregular loop (first at 6, second at 20, then every 18).
#[must_use]
pub fn pattern_polls(scale: u8) -> u32 {
    let due = u32::from(scale) + 1;
    if PAT_FIRST_POLL >= due {
        1
    } else if PAT_SECOND_POLL >= due {
        2
    } else {
        2 + (due - PAT_SECOND_POLL).div_ceil(PAT_POLL_PERIOD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routine_totals() {
        assert_eq!(INTENSITY_A, 43);
        assert_eq!(RESET0REF, 51);
        assert_eq!(DRAW_VL_A_START, 48);
        // A vector at scale $7F: the flag is up after 128 cycles; polls at 7, 14, ...,
        // so the 19th poll (at 133) sees it.
        assert_eq!(polls(0x7F, 7, 7), 19);
        assert_eq!(DRAW_VL_A_START + vector_wait_and_end(0x7F), 200);
        // A tiny scale: one poll.
        assert_eq!(polls(0, 7, 7), 1);
        assert_eq!(polls(6, 7, 7), 1);
        assert_eq!(polls(7, 7, 7), 2);
    }

    #[test]
    fn moveto_d_costs() {
        // Scale $7F, small positive move: 53 before T1, 32 + 15 after, first poll at
        // 6 + 47 = 53 < 128: polls at 53, 60, ..., 130 -> 12 polls.
        assert_eq!(abs_a_b(10, 10), 15);
        assert_eq!(abs_a_b(-1, -128), 15 + 5 + 7);
        assert_eq!(polls(0x7F, 53, 7), 12);
        assert_eq!(moveto_d(0x7F, 10, 10), 53 + 32 + 15 + 84 + 5);
    }

    #[test]
    fn pattern_poll_schedule() {
        assert_eq!(pattern_polls(5), 1);
        assert_eq!(pattern_polls(6), 2);
        assert_eq!(pattern_polls(19), 2);
        assert_eq!(pattern_polls(20), 3);
        assert_eq!(pattern_polls(37), 3);
        assert_eq!(pattern_polls(38), 4);
    }
}

//! The shift register (ACR bits 4-2).
//!
//! Modelled: mode 0 (disabled), the Φ2 modes 2 (shift in) and 6 (shift out: the mode the
//! Vectrex BIOS uses to pattern lines through CB2 = /BLANK), and the CB1 modes 3 and 7
//! (one bit per CB1 rising edge). In the Φ2 modes the shift clock toggles every cycle and
//! a bit moves on every second cycle, so eight bits take sixteen cycles from the read or
//! write of SR that starts them, and the flag rises with the eighth (data sheet, "Shift
//! register ... under control of Φ2"; vecx `via_sstep0` shifts on the same cycles). Shift-
//! out rotates: the bit leaving bit 7 comes back into bit 0 (MAME
//! `via6522_device::shift_out`).
//!
//! Not modelled: the Timer 2 rate modes 1, 4 and 5 hold the register still (no machine
//! this crate serves uses them).

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShiftRegister {
    value: u8,
    mode: u8,
    /// Bits shifted since the start; 8 = stopped.
    shifted: u8,
    /// The shift clock's phase: a bit moves when it is set.
    phase: bool,
    /// CB2 as the register drives it.
    out: bool,
    /// CB2's input level in the shift-in modes.
    input: bool,
}

impl ShiftRegister {
    pub(crate) fn set_mode(&mut self, acr: u8) {
        self.mode = (acr >> 2) & 7;
    }

    pub(crate) fn set(&mut self, value: u8) {
        self.value = value;
    }

    pub(crate) const fn value(&self) -> u8 {
        self.value
    }

    /// A read or write of SR: eight more bits in the modes that shift.
    pub(crate) fn start(&mut self, acr: u8, cb2_in: bool) {
        self.set_mode(acr);
        self.input = cb2_in;
        if matches!(self.mode, 2 | 3 | 6 | 7) {
            self.shifted = 0;
            self.phase = false;
        } else {
            self.shifted = 8;
        }
    }

    /// Whether the register owns CB2 (the shift-out modes 4-7).
    pub(crate) const fn drives_cb2(&self) -> bool {
        self.mode >= 4
    }

    pub(crate) const fn out_bit(&self) -> bool {
        self.out
    }

    fn shift_one(&mut self) {
        if self.mode >= 4 {
            self.out = self.value & 0x80 != 0;
            self.value = self.value.rotate_left(1);
        } else {
            self.value = (self.value << 1) | u8::from(self.input);
        }
        self.shifted += 1;
    }

    /// Runs `n` Φ2 cycles; returns whether the eighth bit moved (the flag rises).
    pub(crate) fn shift_phi2(&mut self, n: u32) -> bool {
        if !matches!(self.mode, 2 | 6) || self.shifted >= 8 {
            return false;
        }
        for _ in 0..n {
            if self.phase {
                self.shift_one();
                if self.shifted == 8 {
                    self.phase = false;
                    return true;
                }
            }
            self.phase = !self.phase;
        }
        false
    }

    /// One CB1 rising edge in the external-clock modes; returns whether the flag rises.
    pub(crate) fn shift_cb1(&mut self) -> bool {
        if !matches!(self.mode, 3 | 7) || self.shifted >= 8 {
            return false;
        }
        self.shift_one();
        self.shifted == 8
    }

    /// Whether bits move on Φ2 (modes 2 and 6, not yet eight shifted).
    #[inline]
    pub(crate) const fn shifting_phi2(&self) -> bool {
        matches!(self.mode, 2 | 6) && self.shifted < 8
    }

    pub(crate) fn cycles_to_done(&self) -> Option<u32> {
        if !self.shifting_phi2() {
            return None;
        }
        Some(u32::from(8 - self.shifted) * 2 - u32::from(self.phase))
    }
}

//! The AY-3-8910 (YM2149 on most MSX) as the CPU sees it: the register file on #A0
//! (address latch), #A1 (write) and #A2 (read), and joystick ports A and B on its I/O
//! port A (R14), selected by R15 bit 6 (MSX Technical Handbook, chapter 5, "PSG"; openMSX
//! `src/sound/AY8910.cc` register masks, `src/MSXPSG.cc` `readA`). Sound is not produced.

use crate::program::Input;

/// openMSX `AY8910::regMask`: the bits each register keeps.
const REG_MASK: [u8; 16] = [
    0xFF, 0x0F, 0xFF, 0x0F, 0xFF, 0x0F, 0x1F, 0xFF, 0x1F, 0x1F, 0x1F, 0xFF, 0xFF, 0x0F, 0xFF, 0xFF,
];

/// The PSG's registers and the joystick lines.
#[derive(Clone, Debug, Default)]
pub struct Psg {
    latch: u8,
    regs: [u8; 16],
    /// Joystick port A lines pressed, MSX order: bit 0 up, 1 down, 2 left, 3 right,
    /// 4 trigger A, 5 trigger B.
    port_a: u8,
}

impl Psg {
    /// The pad mapped to joystick port A.
    pub fn set_input(&mut self, input: Input) {
        let map = [
            (Input::UP, 0),
            (Input::DOWN, 1),
            (Input::LEFT, 2),
            (Input::RIGHT, 3),
            (Input::A, 4),
            (Input::B, 5),
        ];
        self.port_a = map
            .iter()
            .filter(|(bit, _)| input.pad1 & bit != 0)
            .fold(0, |acc, (_, n)| acc | 1 << n);
    }

    /// #A0: selects a register.
    pub fn write_address(&mut self, v: u8) {
        self.latch = v & 0x0F;
    }

    /// #A1: writes the selected register.
    pub fn write_data(&mut self, v: u8) {
        let n = usize::from(self.latch);
        self.regs[n] = v & REG_MASK[n];
    }

    /// #A2: reads the selected register. R14 is the joystick port R15 bit 6 selects, its
    /// lines active low (bits 0-5); bit 6 (keyboard layout, JIS) reads 1 and bit 7
    /// (cassette input) 0.
    #[must_use]
    pub fn read_data(&self) -> u8 {
        match self.latch {
            14 => {
                let pressed = if self.regs[15] & 0x40 == 0 {
                    self.port_a
                } else {
                    0
                };
                0x40 | (!pressed & 0x3F)
            }
            n => self.regs[usize::from(n)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joystick_a_reads_active_low_on_r14() {
        let mut psg = Psg::default();
        psg.set_input(Input {
            pad1: Input::LEFT | Input::A,
        });
        psg.write_address(15);
        psg.write_data(0x0F);
        psg.write_address(14);
        // Left is bit 2, trigger A bit 4: both low.
        assert_eq!(psg.read_data(), 0x40 | 0x3F & !0x14);
        psg.write_address(15);
        psg.write_data(0x4F);
        psg.write_address(14);
        assert_eq!(psg.read_data(), 0x7F, "port B has nothing plugged");
        psg.write_address(1);
        psg.write_data(0xFF);
        assert_eq!(psg.read_data(), 0x0F, "R1 keeps 4 bits");
    }
}

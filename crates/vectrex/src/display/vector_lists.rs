//! The vector-list routines: `Draw_VLc`, `Draw_VLcs`, `Mov_Draw_VL` (and its `c_a` / `cs`
//! entries) and `Draw_VL_mode`, reading the lists from a memory image.

use super::cycles;
use super::frame::PATTERN_SOLID;
use super::{Display, DisplayError};
use crate::memory::Memory;

/// The X register walking a list: every read is checked, and a walk that has read the
/// whole address space is stopped.
struct ListReader<'m, 'a> {
    mem: &'m Memory<'a>,
    x: u16,
    start: u16,
    read: u32,
}

impl<'m, 'a> ListReader<'m, 'a> {
    fn new(mem: &'m Memory<'a>, x: u16) -> Self {
        Self {
            mem,
            x,
            start: x,
            read: 0,
        }
    }

    fn byte(&mut self) -> Result<u8, DisplayError> {
        if self.read >= 0x1_0000 {
            return Err(DisplayError::Runaway { start: self.start });
        }
        let b = self.mem.read(self.x)?;
        self.x = self.x.wrapping_add(1);
        self.read += 1;
        Ok(b)
    }

    fn pair(&mut self) -> Result<(i8, i8), DisplayError> {
        let dy = self.byte()? as i8;
        let dx = self.byte()? as i8;
        Ok((dy, dx))
    }
}

impl Display {
    /// `Draw_VLc` ($F3CE): `count, dy, dx, dy, dx, ...` at `addr`, count = vectors - 1.
    /// Returns X after the list.
    pub fn draw_vlc(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::DRAW_VLC_ENTRY);
        let count = list.byte()?;
        self.draw_vl_loop(&mut list, Some(count))?;
        Ok(list.x)
    }

    /// `Draw_VLcs` ($F3D6): `count, scale, dy, dx, ...`; the scale byte is stored in
    /// VIA T1 and stays set afterwards.
    pub fn draw_vlcs(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::DRAW_VLCS_ENTRY);
        let count = list.byte()?;
        self.pen.scale = list.byte()?;
        self.draw_vl_loop(&mut list, Some(count))?;
        Ok(list.x)
    }

    /// `Mov_Draw_VL` ($F3BC): `dy, dx, dy, dx, ...` with the count in $C823
    /// ([`Display::set_vec_misc_count`]): the first pair is a move with the beam off,
    /// then $C823 more pairs are drawn.
    pub fn mov_draw_vl(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::JSR);
        self.mov_draw_vl_body(&mut list)?;
        Ok(list.x)
    }

    /// `Mov_Draw_VLc_a` ($F3AD): `count, dy, dx, ...`; a move, then `count` vectors.
    pub fn mov_draw_vlc_a(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::MOV_DRAW_VLC_A_ENTRY);
        self.vec_misc_count = list.byte()?;
        self.mov_draw_vl_body(&mut list)?;
        Ok(list.x)
    }

    /// `Mov_Draw_VLcs` ($F3B5): `count, scale, dy, dx, ...`; a move, then `count` vectors.
    pub fn mov_draw_vlcs(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::MOV_DRAW_VLCS_ENTRY);
        self.vec_misc_count = list.byte()?;
        self.pen.scale = list.byte()?;
        self.mov_draw_vl_body(&mut list)?;
        Ok(list.x)
    }

    /// `Draw_VL_mode` ($F46E): `mode, dy, dx` triplets: bit 7 set draws a patterned line
    /// (pattern $C829), 0 moves, 1 ends the list, 2..=$7F draws. The zero-reference reset
    /// is held off until the end. Returns X after the terminator.
    pub fn draw_vl_mode(&mut self, mem: &Memory<'_>, addr: u16) -> Result<u16, DisplayError> {
        let mut list = ListReader::new(mem, addr);
        self.charge(cycles::DRAW_VL_MODE_ENTRY);
        let saved = self.vec_0ref_enable;
        self.vec_0ref_enable = 0;
        let walked = self.draw_vl_mode_items(&mut list);
        self.vec_0ref_enable = saved;
        walked?;
        self.charge(cycles::MODE_END);
        self.check0ref();
        Ok(list.x)
    }

    fn draw_vl_mode_items(&mut self, list: &mut ListReader<'_, '_>) -> Result<(), DisplayError> {
        loop {
            let mode = list.byte()?;
            self.charge(cycles::MODE_FETCH);
            match mode {
                0x80..=0xFF => {
                    self.charge(cycles::MODE_PATTERN_CALL);
                    self.draw_pat_vl(list)?;
                }
                0 => {
                    self.charge(cycles::MODE_MOVE_CALL);
                    self.mov_draw_vl_body(list)?;
                }
                1 => return Ok(()),
                _ => {
                    self.charge(cycles::MODE_DRAW_CALL);
                    self.draw_vl_loop(list, None)?;
                }
            }
        }
    }

    /// The `Draw_VL_a` / `Draw_VL` loop: `store` enters at `Draw_VL_a` with A (stored in
    /// $C823), `None` at `Draw_VL` with $C823 as it is. At most 129 vectors.
    fn draw_vl_loop(
        &mut self,
        list: &mut ListReader<'_, '_>,
        store: Option<u8>,
    ) -> Result<(), DisplayError> {
        let mut store = store;
        loop {
            let start = match store {
                Some(a) => {
                    self.vec_misc_count = a;
                    cycles::DRAW_VL_A_START
                }
                None => cycles::DRAW_VL_START,
            };
            let (dy, dx) = list.pair()?;
            self.ramp(dy, dx, PATTERN_SOLID);
            self.charge(start + cycles::vector_wait_and_end(self.pen.scale));
            let a = self.vec_misc_count.wrapping_sub(1);
            if (a as i8) < 0 {
                break;
            }
            store = Some(a);
        }
        self.check0ref();
        Ok(())
    }

    /// `Mov_Draw_VL` from $F3BC: a blank vector, then `Draw_VL_a` while $C823 - 1 >= 0.
    fn mov_draw_vl_body(&mut self, list: &mut ListReader<'_, '_>) -> Result<(), DisplayError> {
        let (dy, dx) = list.pair()?;
        self.ramp(dy, dx, 0);
        self.charge(cycles::MOV_DRAW_VL_START + cycles::vector_wait_and_end(self.pen.scale));
        let a = self.vec_misc_count.wrapping_sub(1);
        if (a as i8) < 0 {
            self.check0ref();
            Ok(())
        } else {
            self.draw_vl_loop(list, Some(a))
        }
    }

    /// `Draw_Pat_VL` ($F437): patterned vectors while $C823 is non-zero (at most 256).
    /// A line so short that T1 is out at the first poll returns without `Check0Ref`.
    fn draw_pat_vl(&mut self, list: &mut ListReader<'_, '_>) -> Result<(), DisplayError> {
        loop {
            let (dy, dx) = list.pair()?;
            self.ramp(dy, dx, self.vec_pattern);
            let polls = cycles::pattern_polls(self.pen.scale);
            let short = polls == 1;
            self.charge(
                cycles::DRAW_PAT_VL_START
                    + if short {
                        cycles::PAT_SHORT_END
                    } else {
                        cycles::PAT_LONG_HEAD
                            + cycles::PAT_POLL_PERIOD * (polls - 2)
                            + cycles::PAT_LONG_END
                    },
            );
            if self.vec_misc_count != 0 {
                self.vec_misc_count -= 1;
                self.charge(cycles::PAT_NEXT);
                continue;
            }
            if short {
                self.charge(cycles::RTS);
            } else {
                self.check0ref();
            }
            return Ok(());
        }
    }

    /// `JMP Check0Ref`: reset the pen if `Vec_0Ref_Enable` is set.
    fn check0ref(&mut self) {
        self.charge(cycles::CHECK0REF_HEAD);
        if self.vec_0ref_enable != 0 {
            self.pen.at = super::Point::default();
            self.charge(cycles::RESET0REF_BODY);
        } else {
            self.charge(cycles::RTS);
        }
    }
}

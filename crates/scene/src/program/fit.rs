//! Whether a loaded program fits its machine (specs/programs.md, "What the user gets": bad
//! input gets a clear error naming the file and the field): the settings the machine takes
//! (a start address, a system ROM, a mapper), the symbol file's toolchain against the CPU,
//! and every address, register and length the program file names against the CPU's space,
//! register set, video memory and sprites ([`ProgramLimits`]). Checked before the board is
//! booted, so nothing the user names is allocated or run unbounded.
//!
//! A setting the machine does not have is a usage error (exit 2, as a method the machine
//! lacks); a value it cannot use is a bad file (exit 3). Both keep their place in the
//! program file (`file:line:col: field: message`); for a bare image they name the option.

use machine::program::{ProgramLimits, Watch, WatchObject};

use super::{BootError, LoadedProgram};
use crate::error::LoadError;

fn hex(a: u64) -> String {
    if a > 0xFFFF {
        format!("${a:06X}")
    } else {
        format!("${a:04X}")
    }
}

/// The size of an address space in the words users use.
fn space_name(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", bytes >> 10)
    }
}

/// Whether a setting is one the machine lacks or a value it cannot use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    NotTaken,
    Bad,
}

impl LoadedProgram {
    /// The error for `field` of the program file (or the command-line `option` for a bare
    /// image).
    fn refuse(&self, field: &str, option: &str, kind: Kind, message: String) -> BootError {
        match &self.source {
            Some(text) => {
                let e = LoadError::at_field(&self.path, text, field, message);
                match kind {
                    Kind::NotTaken => BootError::NotTaken(e),
                    Kind::Bad => BootError::Field(e),
                }
            }
            None => BootError::Option(format!("{option}: {message}")),
        }
    }

    /// Refuses an object table that reaches beyond the machine's RAM (or, where the
    /// machine states none, its CPU space), or whose count byte is outside it.
    pub(super) fn check_object_table(
        &self,
        limits: &ProgramLimits,
        ram: &[(u32, u32)],
    ) -> Result<(), BootError> {
        let Some(t) = &self.config.object_table else {
            return Ok(());
        };
        let inside = |first: u64, last: u64| {
            if ram.is_empty() {
                last < limits.cpu_space
            } else {
                ram.iter()
                    .any(|&(a, b)| u64::from(a) <= first && last <= u64::from(b))
            }
        };
        let where_ = || {
            if ram.is_empty() {
                format!("the {}'s address space", limits.cpu)
            } else {
                let r: Vec<String> = ram
                    .iter()
                    .map(|&(a, b)| format!("{}-{}", hex(a.into()), hex(b.into())))
                    .collect();
                format!("RAM ({})", r.join(", "))
            }
        };
        let (first, last) = t.reach();
        if !inside(first, last) {
            return Err(self.refuse(
                "object_table.at",
                "object_table",
                Kind::Bad,
                format!(
                    "the table's records reach {}-{}, outside {}",
                    hex(first),
                    hex(last),
                    where_()
                ),
            ));
        }
        if let machine::program::TableCount::Byte(a) = t.count
            && !inside(a.into(), a.into())
        {
            return Err(self.refuse(
                "object_table.count_at",
                "object_table",
                Kind::Bad,
                format!("the count byte {} is outside {}", hex(a.into()), where_()),
            ));
        }
        Ok(())
    }

    /// Refuses `target` when the machine cannot run programs.
    pub(super) fn no_program_board(&self) -> BootError {
        let message = format!(
            "the {} cannot run whole programs (genesis, msx and x16 can)",
            self.target
        );
        self.refuse("target", "--target", Kind::NotTaken, message)
    }

    /// Checks the program against the machine's limits and sprite count.
    ///
    /// # Errors
    /// The first setting, address, register or length that does not fit, at its place.
    pub fn check_fit(&self, limits: &ProgramLimits, sprites: u32) -> Result<(), BootError> {
        let machine = self.target;
        let cpu = limits.cpu;
        let space = limits.cpu_space;
        let beyond = |a: u32| u64::from(a) >= space;
        let beyond_msg = |a: u32| {
            format!(
                "{} is beyond the {cpu}'s {} address space (up to {})",
                hex(u64::from(a)),
                space_name(space),
                hex(space - 1)
            )
        };
        if let Some(start) = self.start {
            if !limits.start {
                return Err(self.refuse(
                    "start",
                    "--start",
                    Kind::NotTaken,
                    format!(
                        "the {machine} starts a cartridge through its BIOS, from the \
                         cartridge's header; it takes no start address"
                    ),
                ));
            }
            if beyond(start) {
                return Err(self.refuse("start", "--start", Kind::Bad, beyond_msg(start)));
            }
        }
        if self.system_rom.is_some() && !limits.system_rom {
            return Err(self.refuse(
                "system_rom",
                "--rom",
                Kind::NotTaken,
                format!(
                    "the {machine} takes no system ROM or BIOS: the console runs the \
                     cartridge from its own vectors"
                ),
            ));
        }
        if let Some(mapper) = &self.mapper {
            if limits.mappers.is_empty() {
                return Err(self.refuse(
                    "mapper",
                    "--mapper",
                    Kind::NotTaken,
                    format!("the {machine} has no cartridge mappers"),
                ));
            }
            if !limits
                .mappers
                .iter()
                .any(|m| m.eq_ignore_ascii_case(mapper))
            {
                return Err(self.refuse(
                    "mapper",
                    "--mapper",
                    Kind::Bad,
                    format!(
                        "unknown mapper `{mapper}`; the {machine} board has {}",
                        limits.mappers.join(", ")
                    ),
                ));
            }
        }
        if let Some((file, format)) = &self.symbols
            && !format.cpus().contains(&cpu)
        {
            return Err(self.refuse(
                "symbols",
                "--symbols",
                Kind::Bad,
                format!(
                    "{} is a {} file, written for {} programs; the {machine} runs a {cpu}",
                    file.display(),
                    format.describe(),
                    format.cpus().join(" or ")
                ),
            ));
        }
        for (w, &i) in self.config.watches.iter().zip(&self.watch_origin) {
            self.check_watch(w, i, limits, sprites)?;
        }
        for (i, s) in self.config.spans.iter().enumerate() {
            for (field, a) in [("from", s.from), ("to", s.to)] {
                if beyond(a) {
                    let f = format!("spans[{i}].{field}");
                    return Err(self.refuse(&f, &f, Kind::Bad, beyond_msg(a)));
                }
            }
        }
        if let Some(w) = self.config.wait_pc.filter(|&a| beyond(a)) {
            return Err(self.refuse("wait", "wait", Kind::Bad, beyond_msg(w)));
        }
        Ok(())
    }

    fn check_watch(
        &self,
        w: &Watch,
        i: usize,
        limits: &ProgramLimits,
        sprites: u32,
    ) -> Result<(), BootError> {
        let cpu = limits.cpu;
        let bad = |field: &str, message: String| {
            let f = format!("watches[{i}].{field}");
            self.refuse(&f, &f, Kind::Bad, message)
        };
        let beyond = |a: u64, space: u64, what: &str| {
            format!(
                "{} is beyond the {what} ({}, up to {})",
                hex(a),
                space_name(space),
                hex(space - 1)
            )
        };
        match w {
            Watch::OnPc { pc, object, .. } => {
                if u64::from(*pc) >= limits.cpu_space {
                    return Err(bad(
                        "label",
                        beyond(
                            u64::from(*pc),
                            limits.cpu_space,
                            &format!("{cpu}'s address space"),
                        ),
                    ));
                }
                self.check_object(object, i, limits)
            }
            Watch::Memory {
                space,
                at,
                len,
                stride,
                ..
            } => {
                if *len > sprites {
                    return Err(bad(
                        "len",
                        format!(
                            "{len} sprites: the {} has {sprites} (byte i marks sprite i)",
                            self.target
                        ),
                    ));
                }
                let (size, what) = match space {
                    machine::program::Space::Cpu => {
                        (limits.cpu_space, format!("{cpu}'s address space"))
                    }
                    machine::program::Space::Vram => {
                        (limits.vram_bytes, format!("{}'s video memory", self.target))
                    }
                };
                let last = u64::from(*at) + u64::from(*stride) * u64::from(len.saturating_sub(1));
                if u64::from(*at) >= size {
                    return Err(bad("at", beyond(u64::from(*at), size, &what)));
                }
                if last >= size {
                    return Err(bad(
                        "len",
                        format!(
                            "{len} marks {stride} bytes apart from {} end at {}, {}",
                            hex(u64::from(*at)),
                            hex(last),
                            beyond(last, size, &what)
                        ),
                    ));
                }
                Ok(())
            }
        }
    }

    fn check_object(
        &self,
        o: &WatchObject,
        i: usize,
        limits: &ProgramLimits,
    ) -> Result<(), BootError> {
        let field = format!("watches[{i}].object");
        match o {
            WatchObject::Reg(r) if !limits.has_register(r) => Err(self.refuse(
                &field,
                &field,
                Kind::Bad,
                format!(
                    "register `{r}`: the {} has {}",
                    limits.cpu,
                    limits.registers.join(", ")
                ),
            )),
            WatchObject::Reg(_) => Ok(()),
            WatchObject::Mem(a) if u64::from(*a) >= limits.cpu_space => Err(self.refuse(
                &field,
                &field,
                Kind::Bad,
                format!(
                    "{} is beyond the {}'s {} address space",
                    hex(u64::from(*a)),
                    limits.cpu,
                    space_name(limits.cpu_space)
                ),
            )),
            WatchObject::Mem(_) => Ok(()),
            WatchObject::Pair(a, b) => {
                self.check_object(a, i, limits)?;
                self.check_object(b, i, limits)
            }
        }
    }
}

//! Save states of the X16's boards: a copy that shares what never changes (the ROMs) and
//! copies only the RAM banks written ([`super::banked`]), put back into the board's own
//! buffers.

/// A part of a board a save state keeps.
pub(super) trait Saved {
    /// The copy for a save state; only [`Saved::restore`] reads it back.
    fn saved(&self) -> Self;
    /// Puts back a [`Saved::saved`] copy, into this part's own buffers where it has them.
    fn restore(&mut self, saved: &Self);
}

/// [`Saved`] for a struct: the fields in `saved` by their own [`Saved`], the rest cloned
/// (`clone_from`, into the existing buffers). Every field is named in the copy and in the
/// restore: a field added and not listed does not compile, so none is forgotten.
macro_rules! saved_by_fields {
    ($ty:ty { saved: [$($s:ident),* $(,)?], cloned: [$($c:ident),* $(,)?] $(,)? }) => {
        impl $crate::x16::saved::Saved for $ty {
            fn saved(&self) -> Self {
                Self {
                    $($s: $crate::x16::saved::Saved::saved(&self.$s),)*
                    $($c: self.$c.clone(),)*
                }
            }

            fn restore(&mut self, saved: &Self) {
                let Self { $($s,)* $($c,)* } = saved;
                $($crate::x16::saved::Saved::restore(&mut self.$s, $s);)*
                $(self.$c.clone_from($c);)*
            }
        }
    };
}

pub(super) use saved_by_fields;

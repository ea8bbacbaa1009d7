//! The one interface every method implements, and the catalogue of methods
//! (specs/methods.md, "Methods from the seeds" and "Modern methods").

use std::fmt;
use std::str::FromStr;

use crate::cost::Cost;
use crate::geometry::Screen;
use crate::object::Object;

/// A colliding pair: indices into the frame's object slice, `a < b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair {
    /// The lower index.
    pub a: u32,
    /// The higher index.
    pub b: u32,
}

impl Pair {
    /// The pair of indices `i` and `j` in order; `i != j`.
    #[inline]
    #[must_use]
    pub fn new(i: u32, j: u32) -> Self {
        debug_assert_ne!(i, j);
        if i < j {
            Self { a: i, b: j }
        } else {
            Self { a: j, b: i }
        }
    }
}

/// What the chip itself reported for the frame, for methods that read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hardware {
    /// The chip's collision flag (Genesis status bit 5, MSX C), if the chip has one.
    pub flag: Option<bool>,
    /// VERA's ISR after the frame (bits 7-4 = collision nibble), if the chip is VERA.
    pub isr: Option<u8>,
}

impl Hardware {
    /// Whether the chip says *some* sprites collided: the flag where the chip has one, else
    /// VERA's collision nibble (ISR bits 7-4) being non-zero; `None` when the chip reported
    /// neither.
    #[must_use]
    pub fn collision(&self) -> Option<bool> {
        self.flag.or(self.isr.map(|isr| isr & 0xF0 != 0))
    }
}

/// The input of one method run: the frame's objects and what the chip said.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    /// The frame's objects; [`Pair`] indices point into this slice.
    pub objects: &'a [Object],
    /// The machine's visible screen, for band and map methods.
    pub screen: Screen,
    /// The chip's own verdict for this frame.
    pub hardware: Hardware,
}

/// What one method found in one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Colliding pairs, unique, `a < b`; sorted once [`Found::canonicalize`] ran.
    pub pairs: Vec<Pair>,
    /// What the method did to find them.
    pub cost: Cost,
    /// For methods that know only *that* something collided (`hw-flag`): the verdict.
    pub flag: Option<bool>,
}

impl Found {
    /// Empties the record for the next frame, keeping the allocation.
    pub fn clear(&mut self) {
        self.pairs.clear();
        self.cost = Cost::default();
        self.flag = None;
    }

    /// Sorts the pairs; [`Method::find`] calls it after every run.
    pub fn canonicalize(&mut self) {
        self.pairs.sort_unstable();
        debug_assert!(
            self.pairs.windows(2).all(|w| w[0] != w[1]),
            "duplicate pair"
        );
    }
}

/// A software collision method.
///
/// `run` appends every pair it reports exactly once (`a < b`, any order) and counts its own
/// work in `found.cost`. Methods keep their buffers between frames, hence `&mut self`.
pub trait Method: Send {
    /// The method's catalogue id.
    fn id(&self) -> MethodId;

    /// Runs over one frame, appending to `found` (which the caller cleared).
    fn run(&mut self, frame: &Frame<'_>, found: &mut Found);

    /// Clears `found`, runs, and sorts the pairs.
    fn find(&mut self, frame: &Frame<'_>, found: &mut Found) {
        found.clear();
        self.run(frame, found);
        found.canonicalize();
    }
}

/// How far a method's pairs can be trusted (specs/methods.md, column "exact?").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exactness {
    /// Exactly the brute-force box pairs, for every input.
    Exact,
    /// Exactly the brute-force box pairs whose overlap has an on-screen pixel: a band or map
    /// method clamps every object to the screen first, so an object with no on-screen pixel
    /// never collides under it (specs/methods.md, "Band and map methods"). Boxes are products
    /// of intervals, so two overlapping objects that each have an on-screen pixel also overlap
    /// on screen: the only misses are pairs with an object wholly off screen.
    OnScreen,
    /// Exact for Good x Bad pairs; Good-Good and Bad-Bad pairs are never reported.
    GoodBadOnly,
    /// The seed's comparisons transcribed as written, off by one where edges meet: the
    /// strict `<` / `>` of seed 002's four cases with `x2 = x + width` miss overlapping boxes
    /// whose edges coincide (two sprites on one row, identical boxes); it never reports a
    /// pair whose boxes do not overlap.
    SeedLiteral,
    /// Documented misses (the method's docs say when).
    Lossy,
    /// Exact on frames where the chip's flag is set; misses whatever the chip misses.
    /// `quadrants` reads VERA's ISR instead of a flag and, as its seed does for projectiles
    /// against targets, tests only Good x Bad pairs among the sprites the ISR keeps.
    HardwareGated,
    /// Knows *that* something collided, never *which*: reports no pairs.
    FlagOnly,
    /// Pixel-exact for the two bitmaps its table was built from.
    PixelTable,
}

impl Exactness {
    /// A short phrase for tables.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::OnScreen => "exact on screen",
            Self::GoodBadOnly => "exact for Good-Bad pairs",
            Self::SeedLiteral => "as written: misses equal edges",
            Self::Lossy => "lossy",
            Self::HardwareGated => "misses what the chip misses",
            Self::FlagOnly => "flag only, no pairs",
            Self::PixelTable => "pixel-exact for its bitmaps",
        }
    }
}

macro_rules! method_ids {
    ($($variant:ident = $name:literal, $seed:literal, $exact:ident;)*) => {
        /// Every method of the catalogue.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum MethodId {
            $(
                #[doc = concat!("`", $name, "` (", $seed, ")")]
                $variant,
            )*
        }

        impl MethodId {
            /// Every method, in catalogue order.
            pub const ALL: &'static [MethodId] = &[$(MethodId::$variant),*];

            /// The id as written in scenarios and on the command line.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self { $(MethodId::$variant => $name,)* }
            }

            /// Where the method comes from.
            #[must_use]
            pub fn origin(self) -> &'static str {
                match self { $(MethodId::$variant => $seed,)* }
            }

            /// How far its pairs can be trusted.
            #[must_use]
            pub fn exactness(self) -> Exactness {
                match self { $(MethodId::$variant => Exactness::$exact,)* }
            }
        }

        impl FromStr for MethodId {
            type Err = UnknownMethod;
            fn from_str(s: &str) -> Result<Self, UnknownMethod> {
                match s {
                    $($name => Ok(MethodId::$variant),)*
                    _ => Err(UnknownMethod(s.to_owned())),
                }
            }
        }
    };
}

method_ids! {
    HwFlag = "hw-flag", "seed 002 Method 0", FlagOnly;
    AllPairs4Case = "all-pairs-4case", "seed 002 Method 1, first form", SeedLiteral;
    AllPairsReject = "all-pairs-reject", "seed 002 Method 1, second form", Exact;
    HalfPairs = "half-pairs", "seed 002 Method 1, third form", Exact;
    HwGated = "hw-gated", "seed 002 Method 1 + 0", HardwareGated;
    GoodVsBad = "good-vs-bad", "seed 002 Method 2", GoodBadOnly;
    Columns = "columns", "seed 002 Method 3 (Fonzie)", Lossy;
    Mask16 = "mask16", "seeds 000/001, 16-bit mask", Lossy;
    Mask8 = "mask8", "seeds 000/001, 8-bit mask", Lossy;
    Mask16Filled = "mask16-filled", "beyond the seeds", OnScreen;
    Quadrants = "quadrants", "seed 004 step 1", HardwareGated;
    Spatial16 = "spatial16", "seed 004 step 3b", OnScreen;
    PixelTable = "pixel-table", "seed 004 step 3c", PixelTable;
    SortSweep = "sort-sweep", "modern: sort and sweep", Exact;
    Grid = "grid", "modern: uniform grid", Exact;
}

impl fmt::Display for MethodId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so width and alignment (`{:<16}`) apply in tables.
        f.pad(self.as_str())
    }
}

/// A method id that is not in the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMethod(pub String);

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown method `{}`; known methods:", self.0)?;
        for id in MethodId::ALL {
            write!(f, " {id}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownMethod {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_pad() {
        for &id in MethodId::ALL {
            assert_eq!(id.as_str().parse::<MethodId>(), Ok(id));
        }
        assert_eq!(format!("{:<8}|", MethodId::Grid), "grid    |");
        assert!("nope".parse::<MethodId>().is_err());
    }

    #[test]
    fn the_chip_verdict_falls_back_on_vera_s_nibble() {
        let h = |flag, isr| Hardware { flag, isr };
        assert_eq!(h(Some(false), Some(0xF0)).collision(), Some(false));
        assert_eq!(h(None, Some(0x10)).collision(), Some(true));
        assert_eq!(h(None, Some(0x0F)).collision(), Some(false));
        assert_eq!(h(None, None).collision(), None);
    }
}

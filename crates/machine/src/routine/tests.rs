//! The runner's error paths, on a fake target whose "routine" is a Rust closure over RAM.

use collide::{Group, Object, Pair, PxBox};

use super::*;

const ABI: Abi = Abi {
    machine: "fake",
    code: 0x4000,
    code_max: 0x100,
    obj: 0xC000,
    obj_capacity: 255,
    out: 0xC800,
    out_capacity: 16,
    stack: 0xF000,
    byte_order: ByteOrder::Little,
    cycles_per_frame: 1000,
};

/// What the fake routine does when called.
enum Behaviour {
    /// Writes these raw bytes at OUT and returns after this many cycles.
    Writes(Vec<u8>, u64),
    /// Loops at this PC forever.
    Loops(u32),
    /// Halts at this PC.
    Halts(u32),
}

struct Fake {
    mem: Vec<u8>,
    behaviour: Behaviour,
    loaded: usize,
}

impl Fake {
    fn new(behaviour: Behaviour) -> Self {
        Self {
            mem: vec![0; 0x10000],
            behaviour,
            loaded: 0,
        }
    }

    fn writing(pairs: &[(u8, u8)]) -> Self {
        let mut bytes = (pairs.len() as u16).to_le_bytes().to_vec();
        for &(i, j) in pairs {
            bytes.extend([i, j]);
        }
        Self::new(Behaviour::Writes(bytes, 123))
    }
}

impl Target for Fake {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        self.loaded = image.len();
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            self.mem[(addr as usize + k) & 0xFFFF] = b;
        }
    }

    fn peek(&mut self, addr: u32, out: &mut [u8]) {
        for (k, b) in out.iter_mut().enumerate() {
            *b = self.mem[(addr as usize + k) & 0xFFFF];
        }
    }

    fn call(&mut self, _entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        match &self.behaviour {
            Behaviour::Writes(bytes, cycles) => {
                let bytes = bytes.clone();
                let cycles = *cycles;
                self.poke(ABI.out, &bytes);
                Ok(CallOutcome {
                    cycles,
                    chip_too_fast: 0,
                })
            }
            Behaviour::Loops(pc) => Err(RoutineError::Runaway {
                pc: Addr(*pc),
                cycles: budget + 1,
                budget,
            }),
            Behaviour::Halts(pc) => Err(RoutineError::Halted { pc: Addr(*pc) }),
        }
    }
}

fn objects(n: usize) -> Vec<Object> {
    (0..n)
        .map(|i| Object::new(i as u32, PxBox::new(i as i32, 0, 8, 8), Group::Good))
        .collect()
}

fn run(fake: &mut Fake, n: usize) -> Result<RoutineOutcome, RoutineError> {
    run_routine(fake, &Routine::at_start(&ABI, &[0; 4]), &objects(n))
}

#[test]
fn pairs_are_normalised_sorted_and_duplicates_counted() {
    let mut fake = Fake::writing(&[(3, 1), (0, 2), (1, 3), (2, 0), (1, 3)]);
    let out = run(&mut fake, 4).unwrap();
    assert_eq!(out.pairs, vec![Pair::new(0, 2), Pair::new(1, 3)]);
    assert_eq!(out.duplicates, 3);
    assert_eq!(out.cycles, 123);
}

#[test]
fn the_object_table_is_written_in_byte_order() {
    let mut fake = Fake::writing(&[]);
    let objs = vec![Object::new(7, PxBox::new(-2, 300, 16, 255), Group::Art)];
    run_routine(&mut fake, &Routine::at_start(&ABI, &[0]), &objs).unwrap();
    assert_eq!(
        &fake.mem[0xC000..0xC00A],
        &[1, 0, 0xFE, 0xFF, 0x2C, 0x01, 16, 255, ART, 7]
    );
}

#[test]
fn an_image_too_big_is_an_error() {
    let mut fake = Fake::writing(&[]);
    let image = vec![0; 0x101];
    let err = run_routine(&mut fake, &Routine::at_start(&ABI, &image), &[]).unwrap_err();
    assert_eq!(
        err,
        RoutineError::ImageTooLarge {
            len: 0x101,
            max: 0x100,
            at: Addr(0x4000)
        }
    );
    assert!(err.to_string().contains("257 bytes"), "{err}");
    assert!(err.to_string().contains("$4000"), "{err}");
}

#[test]
fn an_entry_outside_the_image_is_an_error() {
    let mut fake = Fake::writing(&[]);
    let routine = Routine {
        image: &[0; 4],
        entry: 0x4004,
    };
    let err = run_routine(&mut fake, &routine, &[]).unwrap_err();
    assert!(
        matches!(err, RoutineError::EntryOutsideImage { .. }),
        "{err}"
    );
}

#[test]
fn a_runaway_names_the_pc() {
    let mut fake = Fake::new(Behaviour::Loops(0x4012));
    let err = run(&mut fake, 2).unwrap_err();
    assert_eq!(
        err,
        RoutineError::Runaway {
            pc: Addr(0x4012),
            cycles: 8001,
            budget: 8000
        }
    );
    assert!(err.to_string().contains("PC at $4012"), "{err}");
}

#[test]
fn a_halt_names_the_pc() {
    let mut fake = Fake::new(Behaviour::Halts(0x4003));
    let err = run(&mut fake, 2).unwrap_err();
    assert!(err.to_string().contains("$4003"), "{err}");
}

#[test]
fn a_count_above_capacity_is_an_overrun() {
    let mut fake = Fake::new(Behaviour::Writes(3000u16.to_le_bytes().to_vec(), 5));
    let err = run(&mut fake, 2).unwrap_err();
    assert_eq!(
        err,
        RoutineError::Overrun {
            count: 3000,
            capacity: 16,
            at: Addr(0xC800)
        }
    );
    assert!(err.to_string().contains("3000"), "{err}");
}

#[test]
fn an_index_out_of_range_names_the_pair() {
    let mut fake = Fake::writing(&[(0, 1), (1, 4)]);
    let err = run(&mut fake, 4).unwrap_err();
    assert_eq!(
        err,
        RoutineError::IndexOutOfRange {
            pair: 1,
            i: 1,
            j: 4,
            n: 4
        }
    );
    assert!(err.to_string().contains("pair 1 (1, 4)"), "{err}");
}

#[test]
fn a_self_pair_is_an_error() {
    let mut fake = Fake::writing(&[(2, 2)]);
    let err = run(&mut fake, 4).unwrap_err();
    assert_eq!(err, RoutineError::SelfPair { pair: 0, index: 2 });
}

#[test]
fn values_that_do_not_fit_are_typed_errors() {
    let mut fake = Fake::writing(&[]);
    let cases = [
        (PxBox::new(0, 0, 256, 8), 0, "w", 256),
        (PxBox::new(40_000, 0, 8, 8), 0, "x", 40_000),
        (PxBox::new(0, -40_000, 8, 8), 0, "y", -40_000),
        (PxBox::new(0, 0, 8, 300), 0, "h", 300),
    ];
    for (bbox, id, name, value) in cases {
        let objs = vec![
            Object::new(0, PxBox::new(0, 0, 8, 8), Group::Good),
            Object::new(id, bbox, Group::Bad),
        ];
        let err = run_routine(&mut fake, &Routine::at_start(&ABI, &[0]), &objs).unwrap_err();
        assert_eq!(
            err,
            RoutineError::RecordField {
                index: 1,
                field: name,
                value,
                range: if name == "w" || name == "h" {
                    "u8 (0..=255)"
                } else {
                    "i16 (-32768..=32767)"
                },
            }
        );
    }
    let objs = vec![Object::new(256, PxBox::new(0, 0, 8, 8), Group::Good)];
    let err = run_routine(&mut fake, &Routine::at_start(&ABI, &[0]), &objs).unwrap_err();
    assert!(err.to_string().contains("object 0: sprite 256"), "{err}");
}

#[test]
fn too_many_objects_is_an_error() {
    let mut fake = Fake::writing(&[]);
    let err = run(&mut fake, 256).unwrap_err();
    assert!(
        matches!(
            err,
            RoutineError::TooManyObjects {
                count: 256,
                capacity: 255,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn decoding_a_short_body_is_an_overrun_not_a_panic() {
    let err = decode_pairs(&ABI, 3, &[0, 1], 4).unwrap_err();
    assert!(matches!(err, RoutineError::Overrun { .. }), "{err}");
}

#[test]
fn decoding_random_lists_never_panics_and_keeps_its_promises() {
    let mut rng = collide::rng::SplitMix64(7);
    for _ in 0..20_000 {
        let n = rng.below(20) as usize;
        let count = if rng.below(10) == 0 {
            rng.below(65536) as u16
        } else {
            rng.below(20) as u16
        };
        let body: Vec<u8> = (0..rng.below(48)).map(|_| rng.below(24) as u8).collect();
        if let Ok(d) = decode_pairs(&ABI, count, &body, n) {
            assert!(d.pairs.windows(2).all(|w| w[0] < w[1]));
            assert!(d.pairs.iter().all(|p| p.a < p.b && (p.b as usize) < n));
            assert_eq!(d.pairs.len() + d.duplicates, usize::from(count));
        }
    }
}

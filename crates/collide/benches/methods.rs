//! Every collision method on the uniform-drift workload (specs/performance.md) at 80, 128,
//! 1,000 and 10,000 objects: n boxes of 8x8 px in a world of side 16 * ceil(sqrt(n)) px,
//! drifting up to 2 px per frame per axis and wrapping; half Good, half Bad.
//!
//! Each iteration runs one method over one frame, cycling through a few pre-generated frames
//! so that no frame is timed twice in a row. Before timing, the pair lists of the exact
//! methods are asserted equal on every frame. The chip is taken to have reported a
//! collision everywhere (flag set, ISR $F0), so the gated methods do their full work.
//!
//! The seed's ordered-pair methods (`all-pairs-4case`, `all-pairs-reject`) visit n(n-1)
//! pairs: at 10,000 objects one frame takes seconds, so they are skipped there.

use std::hint::black_box;

use collide::workload::UniformDrift;
use collide::{Found, Frame, Hardware, MethodConfig, MethodId, Object, build};
use criterion::{BenchmarkId, Criterion, SamplingMode, criterion_group, criterion_main};

const SIZES: [usize; 4] = [80, 128, 1_000, 10_000];

/// Frames generated per size (one drift step apart).
const FRAMES: usize = 8;

const METHODS: [MethodId; 15] = [
    MethodId::HwFlag,
    MethodId::AllPairs4Case,
    MethodId::AllPairsReject,
    MethodId::HalfPairs,
    MethodId::HwGated,
    MethodId::GoodVsBad,
    MethodId::Columns,
    MethodId::Mask16,
    MethodId::Mask8,
    MethodId::Mask16Filled,
    MethodId::Quadrants,
    MethodId::Spatial16,
    MethodId::PixelTable,
    MethodId::SortSweep,
    MethodId::Grid,
];

/// Methods that must agree pair for pair. `mask16-filled` and `spatial16` are exact on
/// screen, and every object of this workload has an on-screen pixel.
const EXACT: [MethodId; 6] = [
    MethodId::HalfPairs,
    MethodId::SortSweep,
    MethodId::Grid,
    MethodId::AllPairsReject,
    MethodId::Mask16Filled,
    MethodId::Spatial16,
];

/// Skipped at 10,000 objects: n(n-1) ordered pairs per frame.
const TOO_SLOW_AT_10K: [MethodId; 2] = [MethodId::AllPairs4Case, MethodId::AllPairsReject];

const HARDWARE: Hardware = Hardware {
    flag: Some(true),
    isr: Some(0xF0),
};

fn frames(n: usize) -> (UniformDrift, Vec<Vec<Object>>) {
    let mut w = UniformDrift::new(n, 0x5EED_0000 + n as u64);
    let frames = (0..FRAMES)
        .map(|_| {
            w.step();
            w.objects().to_vec()
        })
        .collect();
    (w, frames)
}

fn assert_exact_methods_agree(n: usize, world: &UniformDrift, frames: &[Vec<Object>]) {
    let config = MethodConfig::default();
    for objects in frames {
        let frame = Frame {
            objects,
            screen: world.screen(),
            hardware: HARDWARE,
        };
        let mut reference: Option<Found> = None;
        for id in EXACT {
            let mut found = Found::default();
            build(id, &config).find(&frame, &mut found);
            match &reference {
                None => reference = Some(found),
                Some(r) => assert_eq!(r.pairs, found.pairs, "{id} disagrees at n = {n}"),
            }
        }
    }
}

fn methods(c: &mut Criterion) {
    let config = MethodConfig::default();
    for n in SIZES {
        let (world, frames) = frames(n);
        assert_exact_methods_agree(n, &world, &frames);
        let mut group = c.benchmark_group(format!("uniform_drift/{n}"));
        if n >= 1_000 {
            group.sample_size(10).sampling_mode(SamplingMode::Flat);
        }
        for id in METHODS {
            if n >= 10_000 && TOO_SLOW_AT_10K.contains(&id) {
                continue;
            }
            let mut method = build(id, &config);
            let mut found = Found::default();
            let mut k = 0;
            group.bench_function(BenchmarkId::from_parameter(id), |b| {
                b.iter(|| {
                    k = (k + 1) % FRAMES;
                    let frame = Frame {
                        objects: &frames[k],
                        screen: world.screen(),
                        hardware: HARDWARE,
                    };
                    method.find(&frame, &mut found);
                    black_box(found.pairs.len())
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, methods);
criterion_main!(benches);

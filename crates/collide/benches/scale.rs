//! The modern methods at scale (specs/performance.md): `grid` and `sort-sweep` at 1k, 10k and
//! 100k boxes on uniform drift and on the one-column pile-up, one frame per iteration after
//! the scene has moved. Timed is `Method::run`, the method's own work from the frame's
//! objects to its unsorted pairs; the pair count is asserted equal between the two methods.
//! `cargo run --release -p collide --example versus` gives the side-by-side table with the
//! peers; these benches keep the fine-grained numbers.

use std::hint::black_box;

use collide::methods::{Grid, SortSweep};
use collide::workload_scale::{Scene, Workload};
use collide::{Found, Frame, Hardware, Method, Screen};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn frame(objects: &[collide::Object]) -> Frame<'_> {
    Frame {
        objects,
        screen: Screen::new(320, 224),
        hardware: Hardware::default(),
    }
}

fn scale(c: &mut Criterion) {
    for workload in [Workload::Uniform, Workload::Pileup] {
        let mut group = c.benchmark_group(format!("scale/{workload}"));
        group.sample_size(20);
        for n in [1_000usize, 10_000, 100_000] {
            let mut scene = Scene::new(workload, n, 42);
            scene.step();
            let mut methods: Vec<(&str, Box<dyn Method>)> = vec![
                ("grid", Box::new(Grid::new())),
                ("sort-sweep", Box::new(SortSweep::new())),
            ];
            let mut found = Found::default();
            let counts: Vec<usize> = methods
                .iter_mut()
                .map(|(_, m)| {
                    m.find(&frame(scene.objects()), &mut found);
                    found.pairs.len()
                })
                .collect();
            assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
            group.throughput(Throughput::Elements(n as u64));
            for (name, method) in &mut methods {
                group.bench_function(BenchmarkId::new(*name, n), |b| {
                    b.iter(|| {
                        found.clear();
                        method.run(&frame(black_box(scene.objects())), &mut found);
                        black_box(found.pairs.len())
                    });
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, scale);
criterion_main!(benches);

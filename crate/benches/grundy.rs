//! Grundy value tables, the block method against the previous one (native):
//!   cargo bench -p impartial-benches --bench grundy
//! For 2^20 side by side, and the same in wasm, see examples/grundy_values.rs.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use impartial::grundy::values::ReferenceTable;
use impartial::grundy::GrundyTable;
use std::hint::black_box;
use std::time::Duration;

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy values");
    group.sample_size(10);
    // The previous method needs about 1.5 s for 2^18.
    group.measurement_time(Duration::from_secs(20));
    for exp in [16u32, 18] {
        let n = 1 << exp;
        let id = format!("2^{exp}");
        group.bench_with_input(BenchmarkId::new("block", &id), &n, |b, &n| {
            b.iter(|| GrundyTable::new(black_box(n)))
        });
        group.bench_with_input(BenchmarkId::new("reference", &id), &n, |b, &n| {
            b.iter(|| ReferenceTable::new(black_box(n)))
        });
    }
    group.bench_function(BenchmarkId::new("block", "2^20"), |b| {
        b.iter(|| GrundyTable::new(black_box(1 << 20)))
    });
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);

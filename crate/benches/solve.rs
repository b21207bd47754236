//! Native solve times: `cargo bench -p impartial-benches --bench solve`.

use criterion::{criterion_group, criterion_main, Criterion};
use impartial::chomp::{Position, Solution};
use std::hint::black_box;

fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp solve");
    group.sample_size(10);
    group.bench_function("10x10 remoteness", |b| {
        b.iter(|| Solution::solve(black_box(10), 10, &mut |_, _| {}).unwrap())
    });
    group.bench_function("12x12 remoteness", |b| {
        b.iter(|| Solution::solve(black_box(12), 12, &mut |_, _| {}).unwrap())
    });
    group.bench_function("13x13 bits", |b| {
        b.iter(|| Solution::solve_with(black_box(13), 13, 0, &mut |_, _| {}).unwrap())
    });
    group.bench_function("14x14 bits", |b| {
        b.iter(|| Solution::solve_with(black_box(14), 14, 0, &mut |_, _| {}).unwrap())
    });
    group.finish();

    let solved = Solution::solve(10, 10, &mut |_, _| {}).unwrap();
    let full = Position::rectangle(10, 10).unwrap();
    c.bench_function("winning move 10x10 (warm)", |b| {
        b.iter(|| impartial::chomp::analyze(&solved, black_box(&full)).unwrap())
    });
}

criterion_group!(benches, solves);
criterion_main!(benches);

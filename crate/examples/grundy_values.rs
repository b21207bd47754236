//! Times the sparse-space Grundy table and prints the seed's "type" table.
//!   cargo run --release --example grundy_values -- [n]     (default 2^20)

use impartial::grundy::GrundyTable;
use std::time::Instant;

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1 << 20);
    let start = Instant::now();
    let table = GrundyTable::new(n);
    let took = start.elapsed();
    let values = table.values();
    let zeros = values.iter().filter(|&&v| v == 0).count();
    let max = values.iter().max().copied().unwrap_or(0);
    println!(
        "G(0..={n}) in {:.1} ms: largest value {max}, {zeros} losing single heaps, {} rare heaps (mask {:#b})",
        took.as_secs_f64() * 1e3,
        table.rare_heaps().len(),
        table.mask()
    );
    println!("type = {:?}", &values[..51]);
}

//! Times the block Grundy table against the previous method (same run,
//! alternating, so machine load hits both alike), checks that they agree and
//! prints the seed's "type" table.
//!   cargo run --release --example grundy_values -- [n] [repetitions]
//! (defaults 2^20 and 3; n may be written 2^18).

use impartial::grundy::values::ReferenceTable;
use impartial::grundy::GrundyTable;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args
        .next()
        .and_then(|a| match a.strip_prefix("2^") {
            Some(e) => e.parse().ok().filter(|&e| e < 32).map(|e: u32| 1 << e),
            None => a.parse().ok(),
        })
        .unwrap_or(1 << 20);
    let reps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);

    let mut ratios = Vec::new();
    let mut table = None;
    for rep in 1..=reps {
        let start = Instant::now();
        let reference = ReferenceTable::new(n);
        let old = start.elapsed().as_secs_f64() * 1e3;
        let start = Instant::now();
        let new = GrundyTable::new(n);
        let took = start.elapsed().as_secs_f64() * 1e3;
        let same = new.values() == reference.values();
        println!(
            "rep {rep}: G(0..={n}) reference {old:.0} ms, block {took:.0} ms, ratio {:.2}x{}",
            old / took,
            if same { "" } else { "  MISMATCH" }
        );
        if !same {
            std::process::exit(1);
        }
        ratios.push(old / took);
        table = Some(new);
    }
    ratios.sort_by(f64::total_cmp);
    if let (Some(table), Some(median)) = (table, ratios.get(ratios.len() / 2)) {
        let values = table.values();
        let zeros = values.iter().filter(|&&v| v == 0).count();
        let max = values.iter().max().copied().unwrap_or(0);
        println!(
            "median speed-up {median:.2}x; largest value {max}, {zeros} losing single heaps, {} rare heaps (mask {:#b})",
            table.rare_heaps().len(),
            table.mask()
        );
        println!("type = {:?}", &values[..51.min(values.len())]);
    }
}

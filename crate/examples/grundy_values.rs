//! Times the block Grundy table against the previous method (same run,
//! alternating, so machine load hits both alike), checks that they agree and
//! prints the seed's "type" table.
//!   cargo run --release --example grundy_values -- [n] [repetitions] [--json] [--new-only]
//! (defaults 2^20 and 3; n may be written 2^18). With --json, one line per
//! run: {"method", "n", "ms", "checksum"} (what scripts/grundy-wasm-bench.mjs
//! reads); --new-only leaves the previous method out.

use impartial::grundy::values::ReferenceTable;
use impartial::grundy::GrundyTable;
use std::time::Instant;

/// The checksum scripts/grundy-wasm-bench.mjs computes in wasm too.
fn checksum(values: &[u16]) -> u32 {
    values
        .iter()
        .fold(0u32, |h, &v| h.wrapping_mul(31).wrapping_add(v as u32))
}

fn main() {
    let (flags, mut args): (Vec<String>, Vec<String>) =
        std::env::args().skip(1).partition(|a| a.starts_with("--"));
    let json = flags.iter().any(|f| f == "--json");
    let old_too = !flags.iter().any(|f| f == "--new-only");
    args.resize(2, String::new());
    let n: u32 = match args[0].strip_prefix("2^") {
        Some(e) => e.parse().ok().filter(|&e| e < 32).map(|e: u32| 1 << e),
        None => args[0].parse().ok(),
    }
    .unwrap_or(1 << 20);
    let reps: usize = args[1].parse().unwrap_or(3);
    let line = |method: &str, ms: f64, values: &[u16]| {
        if json {
            println!(
                r#"{{"method":"{method}","n":{n},"ms":{ms:.1},"checksum":{}}}"#,
                checksum(values)
            );
        }
    };

    let mut ratios = Vec::new();
    let mut table = None;
    for rep in 1..=reps {
        let reference = old_too.then(|| {
            let start = Instant::now();
            let reference = ReferenceTable::new(n);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            line("reference", ms, reference.values());
            (reference, ms)
        });
        let start = Instant::now();
        let new = GrundyTable::new(n);
        let took = start.elapsed().as_secs_f64() * 1e3;
        line("block", took, new.values());
        if let Some((reference, old)) = reference {
            let same = new.values() == reference.values();
            if !json {
                println!(
                    "rep {rep}: G(0..={n}) reference {old:.0} ms, block {took:.0} ms, ratio {:.2}x{}",
                    old / took,
                    if same { "" } else { "  MISMATCH" }
                );
            }
            if !same {
                eprintln!("the two methods differ for G(0..={n})");
                std::process::exit(1);
            }
            ratios.push(old / took);
        } else if !json {
            println!("rep {rep}: G(0..={n}) block {took:.0} ms");
        }
        table = Some(new);
    }
    ratios.sort_by(f64::total_cmp);
    if let (false, Some(table)) = (json, table) {
        let values = table.values();
        let zeros = values.iter().filter(|&&v| v == 0).count();
        let max = values.iter().max().copied().unwrap_or(0);
        if let Some(median) = ratios.get(ratios.len() / 2) {
            println!("median speed-up {median:.2}x");
        }
        println!(
            "largest value {max}, {zeros} losing single heaps, {} rare heaps (mask {:#b}), {} of 256 or more",
            table.rare_heaps().len(),
            table.mask(),
            table.wide_heaps().len()
        );
        println!("type = {:?}", &values[..51.min(values.len())]);
    }
}

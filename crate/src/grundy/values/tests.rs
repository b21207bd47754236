use super::*;

fn short_chunks() -> GrundyTable {
    GrundyTable {
        chunk: 1024,
        ..GrundyTable::default()
    }
}

#[test]
fn block_table_matches_plain_loop_to_30000() {
    let n = 30_000;
    let plain = plain_values(n);
    assert_eq!(GrundyTable::new(n).values(), &plain[..]);
    // Short chunks: the mask is re-chosen many times and blocks are cut short
    // at every chunk end.
    let mut table = short_chunks();
    table.extend_to(n);
    assert_eq!(table.values(), &plain[..]);
    assert_eq!(table.mask() & 0xff, 0xfe, "the mask of Flammenkamp's table");
}

#[test]
fn block_table_matches_reference_to_2_pow_17() {
    let n = 1 << 17;
    let reference = ReferenceTable::new(n);
    let table = GrundyTable::new(n);
    assert_eq!(table.values(), reference.values());
    assert_eq!(table.mask(), reference.mask());
    assert_eq!(table.rare_heaps(), reference.rare_heaps());
}

/// Some 10 to 20 s (the test profile is optimised):
/// `cargo test -p impartial --lib grundy::values -- --ignored`.
#[test]
#[ignore]
fn block_table_matches_reference_to_2_pow_20() {
    let n = 1 << 20;
    let reference = ReferenceTable::new(n);
    let table = GrundyTable::new(n);
    assert_eq!(table.values(), reference.values());
    assert_eq!(table.rare_heaps(), reference.rare_heaps());
    assert_eq!(table.rare_heaps().len(), 1274);
}

#[test]
fn any_stopping_points_give_the_same_table() {
    // Blocks start wherever the previous call stopped, cut short by n.
    let n = 12_000;
    let plain = plain_values(n);
    let mut table = short_chunks();
    let mut at = 2;
    for step in [1, 5, 63, 64, 65, 100, 1000, 17, 4000].iter().cycle() {
        at = (at + step).min(n);
        table.extend_to(at);
        assert_eq!(table.values(), &plain[..=at as usize]);
        if at == n {
            break;
        }
    }
}

#[test]
fn extending_resumes_where_it_stopped() {
    let mut table = short_chunks();
    table.extend_to(100);
    table.extend_to(5000);
    assert_eq!(table.values(), &plain_values(5000)[..]);
    let mut calls = Vec::new();
    let stopped = table.extend_with(20_000, &mut |done| {
        calls.push(done);
        calls.len() < 3
    });
    assert_eq!(stopped, Err(Cancelled));
    assert_eq!(calls, [5 * 1024, 6 * 1024, 7 * 1024]);
    assert_eq!(table.max_heap(), 7 * 1024 - 1);
    table.extend_to(20_000);
    assert_eq!(table.values(), &plain_values(20_000)[..]);
    // Asking for less than is known changes nothing.
    table.extend_to(10);
    assert_eq!(table.max_heap(), 20_000);
}

#[test]
fn values_past_the_limit_match_the_plain_loop() {
    // With the byte limit lowered, values from the limit on are kept apart
    // early (G reaches 16 first at heap 321, 128 at 13,133): thousands of
    // wide heaps, and heaps decided by each path. Below 4 and 2 wide heaps
    // are small enough for splits that meet one inside a block of 64.
    let plain = plain_values(30_000);
    // (Below 64 most heaps are wide, and each heap past the limit walks
    // them all: a shorter table says as much in a tenth of the time.)
    for (limit, first, n) in [
        (2, 5, 5_000),
        (4, 18, 5_000),
        (8, 138, 10_000),
        (16, 321, 10_000),
        (32, 1056, 10_000),
        (64, 4019, 30_000),
        (128, 13_133, 30_000),
    ] {
        assert_eq!(plain.iter().position(|&g| g >= limit), Some(first));
        let mut table = GrundyTable {
            limit,
            ..short_chunks()
        };
        table.extend_to(first as u32 - 1);
        assert!(table.wide_heaps().is_empty());
        table.extend_to(first as u32);
        assert_eq!(table.wide_heaps(), [first as u32]);
        assert_eq!(table.values(), &plain[..=first]);
        let before = table.paths;
        let mut calls = 0;
        let stopped = table.extend_with(n, &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(stopped, Err(Cancelled));
        table.extend_to(n);
        assert_eq!(table.values(), &plain[..=n as usize], "limit {limit}");
        let wide: Vec<u32> = (0..=n).filter(|&m| plain[m as usize] >= limit).collect();
        assert_eq!(table.wide_heaps(), wide);
        assert!(table
            .rare_heaps()
            .iter()
            .all(|&r| plain[r as usize] < limit));
        // (With values below 2 or 4 there is little to choose from.)
        if limit >= 8 {
            assert_eq!(table.mask() & 0xff, 0xfe);
        }
        // Rare heaps counted as the published tables do, wide ones included.
        let rare: Vec<u32> = (0..=n)
            .filter(|&m| rare_class(plain[m as usize], table.mask()))
            .collect();
        assert!(rare.iter().any(|&r| plain[r as usize] >= limit));
        assert_eq!(table.all_rare(), (rare.len(), rare.last().copied()));
        // Once wide heaps are there, each way to a value was taken (the
        // first wide heap itself is decided past the limit, with none yet).
        let (after, paths) = (table.paths, format!("{:?}", table.paths));
        assert_eq!(before.past_limit, 1);
        assert!(after.past_limit > before.past_limit, "{paths}");
        assert!(after.bytes > before.bytes + 50, "{paths}");
        assert!(after.met > n / 3, "{paths}");
    }
    // Both ways to the splits that meet a wide heap, for the rare and for
    // the wide heaps (natively).
    let ways = wide::WAYS.get();
    #[cfg(not(target_arch = "wasm32"))]
    assert!(ways.iter().all(|&n| n > 10), "{ways:?}");
}

#[test]
fn small_tables() {
    for n in 0..300 {
        assert_eq!(GrundyTable::new(n).values(), &plain_values(n.max(2))[..]);
    }
}

#[test]
fn known_single_heap_losses() {
    // OEIS A002188: heaps where G = 0 (losing single heaps), a published fact.
    let table = GrundyTable::new(2000);
    let zeros: Vec<u32> = (0..=2000).filter(|&n| table.get(n) == Some(0)).collect();
    assert_eq!(
        zeros,
        vec![
            0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
            340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682, 685,
            923, 926, 929, 932, 1222
        ]
    );
}

#[test]
fn wanted_set_operations() {
    let mut w = scan::Wanted::default();
    assert_eq!(w.first(), None);
    for v in [200u8, 3, 255, 0, 3] {
        w.insert(v);
    }
    assert!(w.has(255) && w.has(0) && !w.has(1));
    assert_eq!(w.first(), Some(0));
    assert!(!w.is_empty());
}

#[test]
fn scan_finds_exactly_the_values_of_some_split() {
    // Every value below 256 asked of heap m: the ones left are exactly those
    // no split produces.
    let g: Vec<u8> = plain_values(5000).iter().map(|&v| v as u8).collect();
    let far = g.len() + 7;
    let mut reversed = vec![0; far + 1];
    for (x, &v) in g.iter().enumerate() {
        reversed[far - x] = v;
    }
    for m in [3usize, 4, 17, 33, 34, 35, 36, 100, 1000, 4999, 5000] {
        let mut wanted = scan::Wanted::default();
        for v in 0..=255u8 {
            wanted.insert(v);
        }
        let first = scan::first_missing(&g, &reversed, far, m, false, &mut wanted);
        let produced: std::collections::HashSet<u8> =
            (1..=(m - 1) / 2).map(|a| g[a] ^ g[m - a]).collect();
        for v in 0..=255u8 {
            assert_eq!(wanted.has(v), !produced.contains(&v), "heap {m} value {v}");
        }
        assert_eq!(first, (0..=255u8).find(|v| !produced.contains(v)));
    }
}

#[test]
fn bit_sets_of_values() {
    let mut seen = [1u8; 256];
    for v in [0, 5, 63, 64, 200, 255] {
        seen[v] = 0;
    }
    let set = unseen(&seen, 4);
    assert_eq!(set, [1 | 1 << 5 | 1 << 63, 1, 0, 1 << 8 | 1 << 63]);
    assert_eq!(unseen(&seen, 2), [set[0], set[1], u64::MAX, u64::MAX]);
    assert_eq!(first(&set), Some(0));
    assert_eq!(below(0), [0; 4]);
    assert_eq!(below(65), [u64::MAX, 1, 0, 0]);
    assert_eq!(below(256), [u64::MAX; 4]);
    // The set is 0, 5, 63, 64, 200, 255.
    assert_eq!(candidates::<4>(&set), ([0, 5, 63, 64], 4));
    assert_eq!(
        candidates::<8>(&set),
        ([0, 5, 63, 64, 200, 255, 255, 255], 6)
    );
    assert_eq!(candidates::<3>(&[0, 0, 1 << 3, 0]), ([131; 3], 1));
    assert_eq!(candidates::<2>(&[0; 4]), ([0, 0], 0));
}

#[test]
fn scan_order_reads_every_group_once() {
    for half in [0, 17, 100, 1000, 5000, 65_536, 1 << 20, 3_000_001] {
        // Read one group, then four at a time, then one…: both ways.
        let mut order = scan::Order::new(half);
        let mut seen = vec![false; half / 16];
        let mut mark = |k: usize| {
            assert_eq!(k % 16, 0);
            assert!(!seen[k / 16], "group {} twice (half {half})", k / 16);
            seen[k / 16] = true;
        };
        while let Some(k) = order.next() {
            mark(k);
            if let Some(ks) = order.take::<4>() {
                ks.into_iter().for_each(&mut mark);
            }
        }
        assert_eq!(order.left(), 0);
        assert!(seen.iter().all(|&s| s), "half {half}");
    }
}

#[test]
fn scan_order_spreads_over_the_cache() {
    // The first reads of a big heap's scan are far apart, yet not a power
    // of two apart: they land in different sets of a 64-set cache of 64-byte
    // lines instead of evicting each other.
    let mut order = scan::Order::new(4_000_000);
    let first: Vec<usize> = (0..128).filter_map(|_| order.next()).collect();
    let sets: std::collections::HashSet<usize> = first.iter().map(|k| k / 64 % 64).collect();
    assert!(sets.len() >= 48, "{} sets", sets.len());
    let mut sorted = first.clone();
    sorted.sort_unstable();
    let widest_gap = sorted.windows(2).map(|w| w[1] - w[0]).max();
    assert!(widest_gap < Some(3 * 2_000_000 / 128), "{widest_gap:?}");
}

#[test]
fn work_follows_the_cost_of_each_heap() {
    // What the table's times give in wasm: G(0..2^23) is about 48% of
    // G(0..2^24), G(0..2^20) about 5.6% (measured 8.05, 0.94 and 16.9 s).
    let top = work_to(1 << 24);
    let share = |n: u32| work_to(n) as f64 / top as f64;
    assert!((0.46..0.49).contains(&share(1 << 23)), "{}", share(1 << 23));
    assert!((0.05..0.06).contains(&share(1 << 20)), "{}", share(1 << 20));
    assert_eq!(work_to(0), 0);
    assert_eq!(work_to(1000), 1000);
    // No step at the first value past a byte: a heap there costs as much as
    // its neighbours.
    let w = u64::from(FIRST_WIDE_HEAP);
    let step = work_to(FIRST_WIDE_HEAP + 1) - work_to(FIRST_WIDE_HEAP);
    assert_eq!(
        step,
        work_to(FIRST_WIDE_HEAP) - work_to(FIRST_WIDE_HEAP - 1)
    );
    assert!(step < 2 && w < work_to(FIRST_WIDE_HEAP));
    // Every heap the game offers, and more, without overflow; work only grows.
    assert!(work_to(u32::MAX) > work_to(crate::grundy::heaps::MAX_HEAP));
    assert!((0..40).map(|k| work_to(k * 500_000)).is_sorted());
}

/// G(7,250,049) = 256, the first value past a byte; every smaller heap's
/// value fits in one (a few seconds natively, so it runs with the others).
#[test]
fn first_wide_heap_is_the_first_value_past_a_byte() {
    let table = GrundyTable::new(FIRST_WIDE_HEAP);
    let values = table.values();
    assert!(values[..FIRST_WIDE_HEAP as usize].iter().all(|&g| g < 256));
    assert_eq!(table.get(FIRST_WIDE_HEAP), Some(256));
    assert_eq!(table.wide_heaps(), [FIRST_WIDE_HEAP]);
}

/// The whole range the game offers, against the previous method, which
/// computes values of any size the same way throughout: past heap 7,250,049
/// the block method keeps that one value apart and decides the 1,273 heaps
/// whose splits meet it with its bad splits set right (`wide::Fix`). About two minutes
/// natively, most of it the previous method:
/// `cargo test --release -p impartial --lib grundy::values -- --ignored`.
#[test]
#[ignore]
fn block_table_matches_reference_to_2_pow_24() {
    let n = crate::grundy::heaps::MAX_HEAP;
    let table = GrundyTable::new(n);
    let reference = ReferenceTable::new(n);
    assert_eq!(table.values(), reference.values());
    assert_eq!(table.wide_heaps(), [FIRST_WIDE_HEAP]);
    assert_eq!(table.rare_heaps(), reference.rare_heaps());
    // The heaps 7,250,049 + r, r rare (but not 0), and no other.
    let met = table.rare_heaps().iter().filter(|&&r| r > 0).count();
    assert_eq!(table.paths.met as usize, met);
}

/// Natively on x86-64 the vector loops run; this runs the portable ones
/// (what other processors use) on the same tables.
#[cfg(target_arch = "x86_64")]
#[test]
fn portable_loops_give_the_same_tables() {
    simd::PORTABLE.set(true);
    let n = 30_000;
    let plain = plain_values(n);
    assert_eq!(GrundyTable::new(n).values(), &plain[..]);
    let mut table = GrundyTable {
        limit: 128,
        ..short_chunks()
    };
    table.extend_to(n);
    assert_eq!(table.values(), &plain[..]);
    assert_eq!(
        GrundyTable::new(1 << 17).values(),
        ReferenceTable::new(1 << 17).values()
    );
    simd::PORTABLE.set(false);
}

/// Natively on x86-64 with AVX-512 the byte table's loops of
/// `bytes512.rs` run; this runs the 16-byte loops of `simd.rs` (what the
/// browser and processors without AVX-512 run) on the same tables.
#[cfg(target_arch = "x86_64")]
#[test]
fn loops_without_avx512_give_the_same_tables() {
    avx512::NO_AVX512.set(true);
    let n = 30_000;
    assert_eq!(GrundyTable::new(n).values(), &plain_values(n)[..]);
    for code in ["0.354", "0.376", "4.07"] {
        let (plain, mut table) = octal_table(code);
        table.extend_shape(12_000, &mut |_| true).unwrap();
        assert_eq!(table.values(), &plain[..], "{code}");
    }
    avx512::NO_AVX512.set(false);
}

/// The scan's three ways (AVX-512, 16-byte vectors, portable) leave the
/// same wanted values, for random wanted sets (a value or forty), budgets
/// and leads, on Grundy's values and 0.354's: each reads the same groups
/// in the same order until nothing is wanted.
#[cfg(target_arch = "x86_64")]
#[test]
fn scan_paths_agree() {
    let grundy: Vec<u8> = plain_values(6000).iter().map(|&v| v as u8).collect();
    let (octal, _) = octal_table("0.354");
    let octal: Vec<u8> = octal.iter().map(|&v| v as u8).collect();
    let mut rng = crate::rng::Rng::new(31);
    for g in [&grundy, &octal] {
        let far = g.len() + 3;
        let mut reversed = vec![0; far + 1];
        for (x, &v) in g.iter().enumerate() {
            reversed[far - x] = v;
        }
        for case in 0..300 {
            let h = 3 + (rng.next_u64() % (g.len() as u64 - 3)) as usize;
            let mut wanted = scan::Wanted::default();
            for _ in 0..[1, 2, 5, 40][case % 4] {
                wanted.insert((rng.next_u64() % [32, 128, 256][case % 3]) as u8);
            }
            let budget = match rng.next_u64() % 3 {
                0 => usize::MAX,
                _ => (rng.next_u64() % 40) as usize,
            };
            let lead = [0, 4, 64][case % 3];
            let equal = case % 2 == 0;
            let run = |portable: bool, no_avx512: bool| {
                simd::PORTABLE.set(portable);
                avx512::NO_AVX512.set(no_avx512);
                let mut left = wanted.clone();
                scan::first_missing_within(g, &reversed, far, h, equal, budget, lead, &mut left);
                simd::PORTABLE.set(false);
                avx512::NO_AVX512.set(false);
                left.words
            };
            let (wide, narrow, portable) = (run(false, false), run(false, true), run(true, false));
            assert_eq!(wide, portable, "heap {h}, case {case}");
            assert_eq!(narrow, portable, "heap {h}, case {case}");
        }
    }
}

/// The AVX-512 checked walk marks the same hits as the plain loop, for
/// random windows, values and candidates (some repeated, as a heap with
/// fewer candidates repeats its last).
#[cfg(target_arch = "x86_64")]
#[test]
fn checked_walk_marks_the_hits_of_the_plain_loop() {
    fn case<const K: usize>(rng: &mut crate::rng::Rng) {
        let g: Vec<u8> = (0..4096).map(|_| (rng.next_u64() % 24) as u8).collect();
        let m0 = 1024 + (rng.next_u64() % 2048) as usize;
        let checked: Vec<(u32, u8)> = (0..rng.next_u64() % 100)
            .map(|_| {
                let r = BLOCK as u32 + (rng.next_u64() % (m0 - BLOCK) as u64) as u32;
                (r, (rng.next_u64() % 24) as u8)
            })
            .collect();
        let cand: [[u8; BLOCK]; K] =
            core::array::from_fn(|_| core::array::from_fn(|_| (rng.next_u64() % 24) as u8));
        let mut hit = [[0u8; BLOCK]; K];
        if !bytes512::check(&g, m0, &checked, &cand, &mut hit) {
            return;
        }
        for k in 0..K {
            for j in 0..BLOCK {
                let expected = checked
                    .iter()
                    .any(|&(r, u)| u ^ g[m0 + j - r as usize] == cand[k][j]);
                assert_eq!(hit[k][j] != 0, expected, "candidate {k}, heap {j}");
            }
        }
    }
    let mut rng = crate::rng::Rng::new(5);
    for _ in 0..50 {
        case::<FIRST_CANDIDATES>(&mut rng);
        case::<CANDIDATES>(&mut rng);
    }
}

/// An octal rule's plain values to 12,000 and its table of the block
/// method, mask re-chosen every 1,024 heaps.
fn octal_table(code: &str) -> (Vec<u16>, GrundyTable) {
    use crate::grundy::rule::{plain_values_u16, Rule};
    let rule = Rule::parse(code).unwrap();
    let plain = plain_values_u16(&rule, 12_000);
    (plain, empty_octal_table(code))
}

/// [`octal_table`]'s table alone, for a test that has the plain values.
fn empty_octal_table(code: &str) -> GrundyTable {
    let rule = crate::grundy::rule::Rule::parse(code).unwrap();
    let shape = crate::grundy::sequence::shape(&rule).unwrap();
    GrundyTable {
        chunk: 1024,
        ..GrundyTable::for_shape(shape)
    }
}

#[test]
fn octal_rules_by_the_block_method_match_the_plain_mex() {
    // Takes that leave two heaps, equal or not, with moves that leave one
    // heap or none (0.354, 0.376: two takes that split, 4.07: one that takes
    // nothing), rules without a sparse space (Kayles), without a split
    // (0.333), and codes drawn at random.
    let mut codes: Vec<String> = [
        "0.6", "0.354", "0.376", "4.07", "0.77", "0.07", "0.16", "0.137", "0.333", "4.7",
    ]
    .map(String::from)
    .to_vec();
    let mut rng = crate::rng::Rng::new(7);
    for _ in 0..12 {
        let mut code = String::from(if rng.next_u64().is_multiple_of(2) {
            "0."
        } else {
            "4."
        });
        for _ in 0..1 + rng.next_u64() % 5 {
            code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
        }
        codes.push(code);
    }
    for code in &codes {
        let (plain, mut table) = octal_table(code);
        match table.extend_shape(12_000, &mut |_| true) {
            Ok(()) => assert_eq!(table.values(), &plain[..], "{code}"),
            // Past a byte the caller goes on with the u16 table (below).
            Err(Stopped::TooLarge { heap }) => {
                assert!(plain[heap as usize] >= 256, "{code}: stopped at {heap}");
                assert_eq!(table.values(), &plain[..heap as usize], "{code}");
            }
            Err(e) => panic!("{code}: {e:?}"),
        }
    }
}

#[test]
fn octal_values_past_the_limit_match_the_plain_mex() {
    // With the byte limit lowered to 16 or 64, octal rules pass it early:
    // their wide heaps are kept apart as Grundy's are, with a partner a take
    // for each of them (0.376, 0.774, 0.776: several takes that split),
    // moves that leave a wide heap alone (0.6, 0.774), equal heaps (0.4,
    // 0.354), a take of nothing (4.07), the heap's parity (0.207, 0.104:
    // the table gives up at the first wide heap), and codes drawn at
    // random. Every
    // value is the plain mex's, with AVX-512 and without; rules whose
    // splits meet wide heaps too often stop, and the u16 table goes on.
    let mut codes: Vec<String> = [
        "0.6", "0.354", "0.376", "4.07", "0.774", "0.776", "0.64", "0.137", "0.4", "4.7", "0.207",
        "0.104",
    ]
    .map(String::from)
    .to_vec();
    let mut rng = crate::rng::Rng::new(31);
    for _ in 0..10 {
        let mut code = String::from(["0.", "4."][(rng.next_u64() % 2) as usize]);
        for _ in 0..1 + rng.next_u64() % 4 {
            code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
        }
        codes.push(code);
    }
    let n = 8000;
    let (mut met, mut past, mut wide_total, mut stopped) = (0, 0, 0, 0);
    for (i, code) in codes.iter().enumerate() {
        let (plain, _) = octal_table(code);
        let plain = &plain[..=n];
        for (limit, no_avx512) in [(16, false), (64, false), (64, i % 2 == 0)] {
            avx512::NO_AVX512.set(no_avx512);
            let mut table = empty_octal_table(code);
            table.limit = limit;
            let (head, rest) = match table.extend_shape(n as u32, &mut |_| true) {
                Ok(()) => (table.values().len(), None),
                Err(Stopped::TooLarge { heap }) => {
                    stopped += 1;
                    assert_eq!(table.max_heap() + 1, heap, "{code} limit {limit}");
                    let mut rest = table.clone().into_sparse();
                    rest.extend_to(n as u32);
                    (heap as usize, Some(rest))
                }
                Err(e) => panic!("{code}: {e:?}"),
            };
            avx512::NO_AVX512.set(false);
            let diff = table.values().iter().zip(plain).position(|(a, b)| a != b);
            assert_eq!(diff, None, "{code} limit {limit}");
            assert_eq!(table.values().len(), head);
            if let Some(rest) = rest {
                assert!(rest.values() == plain, "{code} limit {limit}, past {head}");
            }
            let wide: Vec<u32> = (0..head as u32)
                .filter(|&m| plain[m as usize] >= limit)
                .collect();
            assert_eq!(table.wide_heaps(), wide, "{code} limit {limit}");
            let flipped = |m: u32| table.parity().is_some_and(|p| (m % 2) as u8 != p);
            let rare: Vec<u32> = (0..head as u32)
                .filter(|&m| rare_class(plain[m as usize], table.mask()) != flipped(m))
                .collect();
            assert_eq!(table.all_rare(), (rare.len(), rare.last().copied()));
            met += table.paths.met;
            past += table.paths.past_limit;
            wide_total += wide.len();
        }
    }
    // Each way to a value was taken, many times, and each way to the
    // splits that meet a wide heap (natively: the study module reads
    // windows only).
    let ways = wide::WAYS.get();
    #[cfg(not(target_arch = "wasm32"))]
    assert!(ways.iter().all(|&n| n > 10), "{ways:?}");
    assert!(wide_total > 5_000, "{wide_total}");
    assert!(past as usize == wide_total, "{past} {wide_total}");
    assert!(met > 20_000, "{met}");
    assert!(stopped > 3, "{stopped}");
}

#[test]
fn another_rule_leaves_the_byte_method_when_wide_heaps_crowd() {
    // With the byte limit lowered to 32, 0.6's wide heaps crowd (a third
    // of its heaps past 2^14): the byte method stops by 2^15 (at 4,096,
    // with 256 splits a heap that meet one), and the u16 table goes on
    // from its values. Both agree with the
    // u16 table run from heap 0 (itself checked against the plain mex
    // elsewhere). 0.774's (43 of 256 and more below 40,000, from heap
    // 2,700) thin out, and the byte method goes on.
    let shape = |code| {
        crate::grundy::sequence::shape(&crate::grundy::rule::Rule::parse(code).unwrap()).unwrap()
    };
    let mut reference = SparseTable::from_values(shape("0.6"), vec![0]);
    reference.extend_to(40_000);
    let mut table = GrundyTable::for_shape(shape("0.6"));
    table.limit = 32;
    let Err(Stopped::TooLarge { heap }) = table.extend_shape(40_000, &mut |_| true) else {
        panic!("0.6 went on");
    };
    assert!(heap <= 1 << 15 && heap == table.max_heap() + 1, "{heap}");
    assert!(table.wide_heaps().len() > 100);
    // The Grundy-table call says it stopped, not that it got there.
    assert_eq!(table.extend_with(40_000, &mut |_| true), Err(Cancelled));
    assert!(table.values() == &reference.values()[..heap as usize]);
    let mut rest = table.into_sparse();
    rest.extend_to(40_000);
    assert!(rest.values() == reference.values());
    let mut table = GrundyTable::for_shape(shape("0.774"));
    table.extend_shape(40_000, &mut |_| true).unwrap();
    let mut reference = SparseTable::from_values(shape("0.774"), vec![0]);
    reference.extend_to(40_000);
    assert!(table.values() == reference.values());
    assert!(!table.wide_heaps().is_empty());
}

#[test]
fn octal_rules_with_the_heaps_parity_match_the_plain_mex() {
    // Rules whose sparse space needs the heap's parity (their takes that
    // split all odd or all even): the block method joins it to the mask,
    // the classes of the heaps of the other parity flipped, and every value
    // stays the plain mex's, with AVX-512 and without. Its rare heaps are
    // those the definition gives, far fewer than with a mask alone.
    for (code, parity) in [
        ("0.104", 1),
        ("0.106", 1),
        ("0.205", 1),
        ("0.207", 1),
        ("0.217", 1),
        ("0.324", 1),
        ("0.325", 1),
    ] {
        let (plain, _) = octal_table(code);
        for no_avx512 in [false, true] {
            avx512::NO_AVX512.set(no_avx512);
            let mut table = empty_octal_table(code);
            table.extend_shape(12_000, &mut |_| true).unwrap();
            avx512::NO_AVX512.set(false);
            let diff = table.values().iter().zip(&plain).position(|(a, b)| a != b);
            assert_eq!(diff, None, "{code}");
            assert_eq!(table.values().len(), plain.len(), "{code}");
            assert_eq!(table.parity(), Some(parity), "{code}");
            let rare: Vec<u32> = (0..=12_000u32)
                .filter(|&m| {
                    let flipped = (m % 2) as u8 != parity;
                    rare_class(plain[m as usize], table.mask()) != flipped
                })
                .collect();
            assert_eq!(table.rare_heaps(), rare, "{code}");
            assert!(rare.len() < 400, "{code}: {}", rare.len());
        }
    }
    // A rule whose takes that split have both parities never takes it.
    let mut table = empty_octal_table("0.376");
    table.extend_shape(5_000, &mut |_| true).unwrap();
    assert!(!table.may_take_parity() && table.parity().is_none());
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn another_rule_leaves_the_byte_method_when_pairs_of_wide_heaps_crowd() {
    // With the byte limit lowered to 128, 0.776's wide heaps come early
    // (831 by heap 4,096); with WIDE_WINDOWS lowered to 4 the windows its
    // blocks read for the splits of two wide heaps pass it before the
    // splits that meet a wide heap do (a test of their own, above): it
    // leaves the byte method for the u16 table, with the same values as
    // the u16 table run from heap 0. (Natively: the study module reads
    // the windows however many.)
    let shape = |code| {
        crate::grundy::sequence::shape(&crate::grundy::rule::Rule::parse(code).unwrap()).unwrap()
    };
    TEST_WIDE_WINDOWS.set(Some(4));
    let mut table = GrundyTable::for_shape(shape("0.776"));
    table.limit = 128;
    let stopped = table.extend_shape(20_000, &mut |_| true);
    TEST_WIDE_WINDOWS.set(None);
    let Err(Stopped::TooLarge { heap }) = stopped else {
        panic!("0.776 went on");
    };
    assert!(
        table.met.crowded,
        "left for the splits that met a wide heap"
    );
    let windows = wide::pair_windows(table.wide_heaps(), &table.shape.two, heap as usize);
    assert!(windows > 4 * BLOCK, "{windows}");
    let mut reference = SparseTable::from_values(shape("0.776"), vec![0]);
    reference.extend_to(20_000);
    assert!(table.values() == &reference.values()[..heap as usize]);
    let mut rest = table.into_sparse();
    rest.extend_to(20_000);
    assert!(rest.values() == reference.values());
}

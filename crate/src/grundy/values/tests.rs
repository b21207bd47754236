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
fn values_too_large_for_the_limit_go_to_the_reference_method() {
    // With the byte limit lowered to 16 the hand-over happens early (G
    // reaches 16 first at heap 321); everything after it must still match.
    let n = 12_000;
    let plain = plain_values(n);
    assert_eq!(plain.iter().position(|&g| g >= 16), Some(321));
    let mut table = GrundyTable {
        limit: 16,
        ..short_chunks()
    };
    table.extend_to(320);
    assert!(table.wide.is_none());
    table.extend_to(321);
    assert!(table.wide.is_some());
    assert_eq!(table.values(), &plain[..=321]);
    table.extend_to(3000);
    assert_eq!(table.values(), &plain[..=3000]);
    let mut calls = 0;
    let stopped = table.extend_with(n, &mut |_| {
        calls += 1;
        calls < 2
    });
    assert_eq!(stopped, Err(Cancelled));
    table.extend_to(n);
    assert_eq!(table.values(), &plain[..]);
    assert_eq!(table.get(n), Some(plain[n as usize]));
    assert_eq!(table.get(n + 1), None);
    assert_eq!(table.mask() & 0xff, 0xfe);
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
        let spread = scan::bit_reversal(if m > 1000 { 4 } else { 0 });
        let first = scan::first_missing(&g, &reversed, far, &spread, m, &mut wanted);
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
    let set = unseen(&seen);
    assert_eq!(set, [1 | 1 << 5 | 1 << 63, 1, 0, 1 << 8 | 1 << 63]);
    assert_eq!(first(&set), Some(0));
    assert_eq!(below(0), [0; 4]);
    assert_eq!(below(65), [u64::MAX, 1, 0, 0]);
    assert_eq!(below(256), [u64::MAX; 4]);
    assert_eq!(candidates(&set).1, CANDIDATES.min(6));
    assert_eq!(candidates(&[0, 0, 1 << 3, 0]), ([131; CANDIDATES], 1));
}

#[test]
fn scan_order_reads_every_group_once() {
    for (bits, half) in [
        (0, 0),
        (0, 100),
        (3, 100),
        (3, 1000),
        (6, 1000),
        (10, 5000),
        (2, 17),
    ] {
        let spread = scan::bit_reversal(bits);
        let mut order = scan::Order::new(&spread, half);
        let mut seen = vec![false; half / 16];
        while let Some(k) = order.next() {
            assert_eq!(k % 16, 0);
            assert!(!seen[k / 16], "group {} twice", k / 16);
            seen[k / 16] = true;
        }
        assert!(seen.iter().all(|&s| s), "bits {bits} half {half}");
    }
}

#[test]
fn work_follows_the_cost_of_each_heap() {
    // One unit a heap while values fit in a byte, WIDE_COST after.
    assert_eq!(work_to(0), 0);
    assert_eq!(work_to(FIRST_WIDE_HEAP), FIRST_WIDE_HEAP);
    assert_eq!(work_to(FIRST_WIDE_HEAP + 1), FIRST_WIDE_HEAP + WIDE_COST);
    // The largest heap offered fits without saturating, and work only grows.
    let top = work_to(crate::grundy::heaps::MAX_HEAP);
    assert!(top < u32::MAX && top > crate::grundy::heaps::MAX_HEAP);
    assert!((0..40).map(|k| work_to(k * 500_000)).is_sorted());
}

/// The hand-over to the reference method happens where the constant says
/// (about 10 s natively in release: `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn first_wide_heap_is_the_first_value_past_a_byte() {
    let table = GrundyTable::new(FIRST_WIDE_HEAP);
    let values = table.values();
    assert!(values[..FIRST_WIDE_HEAP as usize].iter().all(|&g| g < 256));
    assert!(values[FIRST_WIDE_HEAP as usize] >= 256);
}

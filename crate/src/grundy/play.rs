//! Moves from Grundy values: the nim-sum of the heaps' values decides the
//! game (Sprague–Grundy), and the computer's levels.

use super::heaps::{check_sizes, is_over, splits_of, GrundyError, Split};
use super::values::GrundyTable;
use std::collections::HashMap;

/// How the computer plays Grundy's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrundyLevel {
    /// A winning move when there is one (the quickest win when the position
    /// is small enough to search), else the move that resists longest.
    Perfect,
    /// The seed's computer: a winning move when there is one, else a random
    /// split.
    Seed,
    /// Any legal split, uniformly.
    Random,
}

impl GrundyLevel {
    /// Reads `perfect`, `seed` (or `original`) and `random`.
    pub fn parse(text: &str) -> Option<GrundyLevel> {
        match text {
            "perfect" => Some(GrundyLevel::Perfect),
            "seed" | "original" => Some(GrundyLevel::Seed),
            "random" => Some(GrundyLevel::Random),
            _ => None,
        }
    }
}

/// Positions searched exactly for the remoteness before falling back to the
/// "fewest winning replies" rule.
const REMOTENESS_BUDGET: usize = 200_000;

/// Total matches up to which the remoteness is searched at all. Every move
/// adds a heap, so a game lasts fewer moves than it has matches: this bounds
/// the search's recursion depth (a heap of 20,000 would otherwise recurse
/// 20,000 deep and overflow the wasm stack before the budget stops it).
const REMOTENESS_MAX_MATCHES: u64 = 64;

/// Total matches up to which the fallback counts the opponent's winning
/// replies for every move (quadratic in the total).
const REPLY_COUNT_LIMIT: u64 = 3000;

/// What the page shows about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyAnalysis {
    /// G of each heap, in order.
    pub values: Vec<u16>,
    /// Their xor: 0 means the player to move loses against perfect play.
    pub nim_sum: u16,
    /// A winning move, if the position is won.
    pub winning: Option<Split>,
}

/// Makes sure the table knows every heap of `heaps` (any number of heaps:
/// the count of a start is checked when it is read).
pub fn ensure_table(table: &mut GrundyTable, heaps: &[u32]) -> Result<(), GrundyError> {
    check_sizes(heaps)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > table.max_heap() {
        table.extend_to(largest);
    }
    Ok(())
}

/// The xor of the heaps' Grundy values.
pub fn nim_sum(table: &GrundyTable, heaps: &[u32]) -> Result<u16, GrundyError> {
    heaps.iter().try_fold(0u16, |x, &h| {
        table
            .get(h)
            .map(|g| x ^ g)
            .ok_or(GrundyError::NotComputed { size: h })
    })
}

/// Values, nim-sum and a winning move (extending the table if needed).
pub fn analyze(table: &mut GrundyTable, heaps: &[u32]) -> Result<GrundyAnalysis, GrundyError> {
    ensure_table(table, heaps)?;
    let values: Vec<u16> = heaps.iter().map(|&h| table.values()[h as usize]).collect();
    let nim_sum = values.iter().fold(0, |x, &g| x ^ g);
    let winning = first_winning_move(table, heaps, nim_sum);
    Ok(GrundyAnalysis {
        values,
        nim_sum,
        winning,
    })
}

/// A winning move, or `None` when the position is lost (nim-sum 0).
pub fn winning_move(table: &mut GrundyTable, heaps: &[u32]) -> Result<Option<Split>, GrundyError> {
    Ok(analyze(table, heaps)?.winning)
}

/// The first winning move: a heap whose value drops when xor-ed with the
/// nim-sum, split into two parts whose values xor to that smaller value
/// (it exists because G(h) is the mex of those xors).
pub(crate) fn first_winning_move(
    table: &GrundyTable,
    heaps: &[u32],
    nim_sum: u16,
) -> Option<Split> {
    if nim_sum == 0 {
        return None;
    }
    let g = table.values();
    heaps.iter().enumerate().find_map(|(heap, &h)| {
        let target = g[h as usize] ^ nim_sum;
        if target >= g[h as usize] {
            return None;
        }
        splits_of(h)
            .find(|&(big, small)| g[big as usize] ^ g[small as usize] == target)
            .map(|(big, small)| Split { heap, big, small })
    })
}

/// Every winning move (for hints and tests); at most `limit` of them.
pub fn winning_moves(table: &GrundyTable, heaps: &[u32], limit: usize) -> Vec<Split> {
    let g = table.values();
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
    if nim_sum == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for (heap, &h) in heaps.iter().enumerate() {
        let target = g[h as usize] ^ nim_sum;
        for (big, small) in splits_of(h) {
            if g[big as usize] ^ g[small as usize] == target {
                moves.push(Split { heap, big, small });
                if moves.len() >= limit {
                    return moves;
                }
            }
        }
    }
    moves
}

/// The computer's move, `None` when no heap can be split. `seed` drives
/// the random choices, so a game can be replayed.
pub fn computer_move(
    table: &mut GrundyTable,
    heaps: &[u32],
    level: GrundyLevel,
    seed: u64,
) -> Result<Option<Split>, GrundyError> {
    ensure_table(table, heaps)?;
    if is_over(heaps) {
        return Ok(None);
    }
    let mut rng = XorShift::new(seed);
    let analysis = analyze(table, heaps)?;
    Ok(Some(match level {
        GrundyLevel::Random => random_split(heaps, &mut rng),
        GrundyLevel::Seed => match analysis.winning {
            Some(mv) => mv,
            None => random_split(heaps, &mut rng),
        },
        GrundyLevel::Perfect => match Remoteness::new(table).best_move(heaps) {
            Some(mv) => mv,
            None => match analysis.winning {
                Some(mv) => mv,
                None => longest_resistance(table, heaps),
            },
        },
    }))
}

/// A uniformly random legal split.
fn random_split(heaps: &[u32], rng: &mut XorShift) -> Split {
    let count: u64 = heaps
        .iter()
        .map(|&h| u64::from(h.saturating_sub(1) / 2))
        .sum();
    let mut pick = rng.below(count.max(1));
    for (heap, &h) in heaps.iter().enumerate() {
        let here = u64::from(h.saturating_sub(1) / 2);
        if pick < here {
            let small = pick as u32 + 1;
            return Split {
                heap,
                big: h - small,
                small,
            };
        }
        pick -= here;
    }
    // Unreachable while some heap can be split (checked by the caller).
    Split {
        heap: 0,
        big: heaps[0].saturating_sub(1),
        small: 1,
    }
}

/// In a lost position too big to search: the move leaving the opponent the
/// fewest winning replies (so a human has to find a rarer move), or, past
/// [`REPLY_COUNT_LIMIT`] matches, taking one match off the largest heap,
/// which keeps the most moves in the game.
fn longest_resistance(table: &GrundyTable, heaps: &[u32]) -> Split {
    let total: u64 = heaps.iter().map(|&h| u64::from(h)).sum();
    let largest = (0..heaps.len()).max_by_key(|&i| heaps[i]).unwrap_or(0);
    let fallback = Split {
        heap: largest,
        big: heaps[largest] - 1,
        small: 1,
    };
    if total > REPLY_COUNT_LIMIT {
        return fallback;
    }
    let mut best = (usize::MAX, fallback);
    for (heap, &h) in heaps.iter().enumerate() {
        for (big, small) in splits_of(h) {
            let mv = Split { heap, big, small };
            let next = super::heaps::apply(heaps, mv).unwrap_or_default();
            let replies = winning_moves(table, &next, best.0);
            if replies.len() < best.0 {
                best = (replies.len(), mv);
            }
        }
    }
    best.1
}

/// Exact remoteness (moves to the end under best play: the winner hurries,
/// the loser resists) by memoised search over sorted heap lists, with heaps
/// of 1 and 2 dropped since they never move; gives up past a budget.
struct Remoteness<'a> {
    values: &'a [u16],
    memo: HashMap<Vec<u32>, u32>,
}

impl<'a> Remoteness<'a> {
    fn new(table: &'a GrundyTable) -> Self {
        Remoteness {
            values: table.values(),
            memo: HashMap::new(),
        }
    }

    fn key(heaps: &[u32]) -> Vec<u32> {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 2).collect();
        key.sort_unstable();
        key
    }

    fn won(&self, key: &[u32]) -> bool {
        key.iter().fold(0, |x, &h| x ^ self.values[h as usize]) != 0
    }

    /// The move to play: the quickest win, or the longest loss.
    fn best_move(&mut self, heaps: &[u32]) -> Option<Split> {
        let total: u64 = heaps.iter().map(|&h| u64::from(h)).sum();
        if total > REMOTENESS_MAX_MATCHES {
            return None;
        }
        let won = self.won(&Self::key(heaps));
        let mut best: Option<(u32, Split)> = None;
        for (heap, &h) in heaps.iter().enumerate() {
            for (big, small) in splits_of(h) {
                let mv = Split { heap, big, small };
                let next = Self::key(&super::heaps::apply(heaps, mv).ok()?);
                if won && self.won(&next) {
                    continue;
                }
                let r = self.remoteness(&next)?;
                let better = match best {
                    None => true,
                    Some((b, _)) => (won && r < b) || (!won && r > b),
                };
                if better {
                    best = Some((r, mv));
                }
            }
        }
        best.map(|(_, mv)| mv)
    }

    fn remoteness(&mut self, key: &[u32]) -> Option<u32> {
        if key.is_empty() {
            return Some(0);
        }
        if let Some(&r) = self.memo.get(key) {
            return Some(r);
        }
        if self.memo.len() >= REMOTENESS_BUDGET {
            return None;
        }
        let won = self.won(key);
        let mut best: Option<u32> = None;
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for (big, small) in splits_of(key[i]) {
                let mut next: Vec<u32> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend([big, small].into_iter().filter(|&x| x > 2));
                next.sort_unstable();
                if won && self.won(&next) {
                    continue;
                }
                let r = self.remoteness(&next)?;
                best = Some(match best {
                    None => r,
                    Some(b) if won => b.min(r),
                    Some(b) => b.max(r),
                });
            }
        }
        let r = best.map_or(0, |b| b + 1);
        self.memo.insert(key.to_vec(), r);
        Some(r)
    }
}

/// A tiny deterministic generator (xorshift64*): the seed comes from the
/// page, so no randomness source is needed in the crate.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> Self {
        XorShift(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[cfg(test)]
mod tests {
    use super::super::heaps::{apply, check_split};
    use super::*;

    /// Plain recursion on sorted heap lists: the independent referee.
    fn brute_won(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
        let key = Remoteness::key(heaps);
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut won = false;
        'all: for (i, &h) in key.iter().enumerate() {
            for (big, small) in splits_of(h) {
                let next = apply(
                    &key,
                    Split {
                        heap: i,
                        big,
                        small,
                    },
                )
                .unwrap();
                if !brute_won(&next, memo) {
                    won = true;
                    break 'all;
                }
            }
        }
        memo.insert(key, won);
        won
    }

    #[test]
    fn nim_sum_decides_every_small_position() {
        let mut table = GrundyTable::new(40);
        let mut memo = HashMap::new();
        let mut positions: Vec<Vec<u32>> = (1..=30).map(|h| vec![h]).collect();
        for a in 1..=14 {
            for b in 1..=a {
                positions.push(vec![a, b]);
                for c in 1..=b.min(8) {
                    positions.push(vec![a, b, c]);
                }
            }
        }
        for heaps in positions {
            let won = brute_won(&heaps, &mut memo);
            let mv = winning_move(&mut table, &heaps).unwrap();
            assert_eq!(mv.is_some(), won, "{heaps:?}");
            if let Some(mv) = mv {
                check_split(&heaps, mv).unwrap();
                assert!(!brute_won(&apply(&heaps, mv).unwrap(), &mut memo));
                assert!(mv.big > mv.small && mv.small > 0);
            }
        }
    }

    #[test]
    fn winning_move_on_big_heaps() {
        let mut table = GrundyTable::default();
        let heaps = [1 << 20, 7, 3];
        let mv = winning_move(&mut table, &heaps)
            .unwrap()
            .expect("G(2^20) is not 0");
        let next = apply(&heaps, mv).unwrap();
        assert_eq!(nim_sum(&table, &next).unwrap(), 0);
        // G(7) = 0 and G(3) = 1: split the 3 into 2 + 1 (both of value 0).
        assert_eq!(
            winning_move(&mut table, &[7, 3]).unwrap(),
            Some(Split {
                heap: 1,
                big: 2,
                small: 1
            })
        );
        // Published losing single heaps (OEIS A002188 zeros): no winning move.
        for h in [1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 1222] {
            assert_eq!(winning_move(&mut table, &[h]).unwrap(), None, "{h}");
        }
    }

    #[test]
    fn computer_levels_play_legal_moves() {
        let mut table = GrundyTable::new(100);
        for level in [GrundyLevel::Perfect, GrundyLevel::Seed, GrundyLevel::Random] {
            for seed in 0..20 {
                let mut heaps = vec![20];
                while let Some(mv) = computer_move(&mut table, &heaps, level, seed).unwrap() {
                    check_split(&heaps, mv).unwrap();
                    heaps = apply(&heaps, mv).unwrap();
                }
                assert!(is_over(&heaps));
            }
        }
    }

    #[test]
    fn perfect_computer_wins_won_positions_and_resists_lost_ones() {
        let mut table = GrundyTable::new(60);
        // From a won position the perfect player always moves to a lost one.
        for h in [3, 5, 6, 8, 9, 11, 12, 13, 30, 31] {
            let mv = computer_move(&mut table, &[h], GrundyLevel::Perfect, 1)
                .unwrap()
                .unwrap();
            let next = apply(&[h], mv).unwrap();
            assert_eq!(nim_sum(&table, &next).unwrap(), 0, "{h}");
        }
        // In a lost position it picks the longest resistance: check against
        // the remoteness of every move.
        let heaps = [20];
        let mv = computer_move(&mut table, &heaps, GrundyLevel::Perfect, 1)
            .unwrap()
            .unwrap();
        let mut rem = Remoteness::new(&table);
        let chosen = rem
            .remoteness(&Remoteness::key(&apply(&heaps, mv).unwrap()))
            .unwrap();
        for (big, small) in splits_of(20) {
            let next = Remoteness::key(&[big, small]);
            assert!(rem.remoteness(&next).unwrap() <= chosen);
        }
    }

    #[test]
    fn perfect_computer_on_big_heaps_stays_shallow() {
        // wasm gives the worker about 1 MiB of stack: the perfect level must
        // answer big positions, won and lost, within that.
        let answer = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(|| {
                let mut table = GrundyTable::new(20_000);
                let won = computer_move(&mut table, &[20_000], GrundyLevel::Perfect, 3)
                    .unwrap()
                    .unwrap();
                let lost = computer_move(&mut table, &[1222, 7], GrundyLevel::Perfect, 3)
                    .unwrap()
                    .unwrap();
                (won, lost)
            })
            .unwrap()
            .join()
            .unwrap();
        let mut table = GrundyTable::new(20_000);
        let next = apply(&[20_000], answer.0).unwrap();
        assert_eq!(nim_sum(&table, &next).unwrap(), 0);
        check_split(&[1222, 7], answer.1).unwrap();
        assert!(winning_move(&mut table, &[1222, 7]).unwrap().is_none());
    }

    #[test]
    fn bad_positions_are_errors() {
        let mut table = GrundyTable::default();
        assert!(winning_move(&mut table, &[]).is_err());
        assert!(winning_move(&mut table, &[0, 3]).is_err());
        assert!(winning_move(&mut table, &[super::super::MAX_HEAP + 1]).is_err());
        assert_eq!(
            computer_move(&mut table, &[1, 2, 2], GrundyLevel::Perfect, 0).unwrap(),
            None
        );
    }
}

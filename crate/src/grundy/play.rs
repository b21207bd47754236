//! Moves of heap games under any [`Rule`]. In normal play the nim-sum of the
//! heaps' Grundy values decides the game (Sprague–Grundy); in misère play
//! (the last mover loses) values do not add up, so every position the game
//! can reach is solved by a memoised search at its start, except Nim's,
//! which Bouton's rule answers at any size. Also the computer's levels.

use super::heaps::{check_sizes, GrundyError, HeapMove, MISERE_MAX_POSITIONS, MISERE_MAX_TOKENS};
use super::rule::Rule;
use super::table::ValueTable;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// How the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrundyLevel {
    /// A winning move when there is one (the quickest win when the position
    /// is small enough to search), else the move that resists longest.
    Perfect,
    /// The seed's computer: a winning move when there is one, else a random
    /// move.
    Seed,
    /// Any legal move, uniformly.
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

/// Positions searched exactly for the remoteness in normal play before
/// falling back to the "fewest winning replies" rule: Grundy's game's, a
/// quarter for other rules, whose positions have more moves (Kayles 30, 30
/// took 3 s natively at the full budget).
const REMOTENESS_BUDGET: usize = 200_000;

/// Total tokens on live heaps up to which the remoteness is searched at
/// all (the search's keys and depth are bounded by it, as in misère play: a
/// heap of 20,000 would otherwise recurse 20,000 deep and overflow the wasm
/// stack before the budget stops it).
const REMOTENESS_MAX_MATCHES: u64 = MISERE_MAX_TOKENS;

/// Total tokens up to which the fallback counts the opponent's winning
/// replies for every move (quadratic in the total).
const REPLY_COUNT_LIMIT: u64 = 3000;

/// What decides a game of heaps: the Grundy values of its rule (normal
/// play), or the outcome of every position it can reach (misère play).
/// Every method takes a list of heaps in which heaps with no move may be
/// left: they count for nothing.
#[derive(Debug, Clone)]
pub struct Solver {
    table: ValueTable,
    misere: bool,
    /// Misère play: the outcome and remoteness of every position reachable
    /// from the game's start (see [`Search`]), by their sorted live heaps.
    memo: Memo,
}

/// Positions searched, by [`key`].
type Memo = HashMap<u128, u8, BuildHasherDefault<KeyHasher>>;

/// A hasher for the 128-bit keys: one multiplication (the default hasher
/// took most of a search's time).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u128(&mut self, n: u128) {
        let folded = (n as u64) ^ ((n >> 64) as u64).rotate_left(32);
        self.0 = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 32
    }
}

/// A position's outcome and remoteness in one byte: `remoteness << 1 | won`.
/// A game from at most 64 tokens lasts at most 127 moves (each move lowers
/// twice the tokens less the heaps), so it fits.
type Packed = u8;

fn won(v: Packed) -> bool {
    v & 1 == 1
}

/// The better of two values for the player choosing: a win before a loss,
/// the quicker win, the longer loss.
fn better(a: Packed, b: Packed) -> Packed {
    match (won(a), won(b)) {
        (true, false) => a,
        (false, true) => b,
        (true, true) => a.min(b),
        _ => a.max(b),
    }
}

/// The heaps of `list` that can move, sorted: a position as the searches
/// key it.
fn sorted_live(rule: &Rule, list: &[u32]) -> Vec<u32> {
    let mut key: Vec<u32> = list.iter().copied().filter(|&h| rule.has_move(h)).collect();
    key.sort_unstable();
    key
}

/// A sorted list of at most 64 tokens as 128 bits: each heap in unary, a 0
/// between heaps.
fn key(sorted: &[u32]) -> u128 {
    sorted.iter().fold(0u128, |k, &h| {
        k.wrapping_shl(h + 1) | 1u128.wrapping_shl(h).wrapping_sub(1)
    })
}

/// Tokens on the heaps that can move.
fn live_tokens(rule: &Rule, list: &[u32]) -> u64 {
    list.iter()
        .filter(|&&h| rule.has_move(h))
        .map(|&h| u64::from(h))
        .sum()
}

/// The exact outcome and remoteness (moves to the end, the winner hurrying,
/// the loser resisting) of sorted live heaps, by memoised search. In normal
/// play the values say who wins, so the winner's losing moves are skipped;
/// in misère play every move is searched, so one search from a game's start
/// solves every position it can reach. Gives up past `budget` positions.
struct Search<'a> {
    rule: Rule,
    /// Normal play's values; `None` in misère play.
    table: Option<&'a ValueTable>,
    memo: &'a mut Memo,
    budget: usize,
    /// Bit `n`: whether a heap of `n` (below 128) can move.
    alive: u128,
}

impl<'a> Search<'a> {
    fn new(rule: Rule, table: Option<&'a ValueTable>, memo: &'a mut Memo, budget: usize) -> Self {
        let alive = (0..128).fold(0, |m, n| m | u128::from(rule.has_move(n)) << n);
        Search {
            rule,
            table,
            memo,
            budget,
            alive,
        }
    }

    fn live(&self, n: u32) -> bool {
        if n < 128 {
            self.alive >> n & 1 == 1
        } else {
            self.rule.has_move(n)
        }
    }

    fn nim_sum(&self, heaps: &[u32]) -> Option<u32> {
        self.table
            .map(|t| heaps.iter().fold(0, |x, &h| x ^ t.get(h).unwrap_or(0)))
    }

    /// The value of the best move from the position `sorted` (its live
    /// heaps, sorted) and the move, trying heaps in the order of `order`
    /// (the same heaps, maybe with dead ones, as the game lists them; the
    /// move's `heap` indexes it). `None` past the budget or without a move.
    fn best(&mut self, order: &[u32], sorted: &[u32]) -> Option<(Packed, HeapMove)> {
        let rule = self.rule;
        let wins = self.nim_sum(sorted).map(|x| x != 0);
        let mut best: Option<(Packed, HeapMove)> = None;
        let mut next = Vec::with_capacity(sorted.len() + 1);
        let mut over = false;
        for (i, &h) in order.iter().enumerate() {
            if order[..i].contains(&h) || !self.live(h) {
                continue;
            }
            let j = sorted.partition_point(|&x| x < h);
            rule.find_option(h, &mut |o| {
                // The child: heap j replaced by the parts that can move, in order.
                next.clear();
                next.extend(
                    sorted
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != j)
                        .map(|(_, &x)| x),
                );
                for part in [o.big, o.small] {
                    if self.live(part) {
                        let at = next.partition_point(|&x| x < part);
                        next.insert(at, part);
                    }
                }
                if wins == Some(true) && self.nim_sum(&next) != Some(0) {
                    return false;
                }
                let Some(c) = self.visit(&next) else {
                    over = true;
                    return true;
                };
                // Here, through this move: won when it leaves a lost position.
                let v = ((c >> 1) + 1) << 1 | Packed::from(!won(c));
                if best.is_none_or(|(b, _)| better(b, v) != b) {
                    best = Some((v, HeapMove::of(i, o)));
                }
                false
            });
            if over {
                return None;
            }
        }
        best
    }

    fn visit(&mut self, sorted: &[u32]) -> Option<Packed> {
        if sorted.is_empty() {
            // No move: lost in normal play, won in misère.
            return Some(Packed::from(self.table.is_none()));
        }
        let k = key(sorted);
        if let Some(&v) = self.memo.get(&k) {
            return Some(v);
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        let (v, _) = self.best(sorted, sorted)?;
        self.memo.insert(k, v);
        Some(v)
    }
}

/// Misère Nim by Bouton's rule, 0 when the player to move loses: with
/// every heap of at most 1, that player wins when their number is even;
/// otherwise as in normal play (the nim-sum).
fn bouton(list: impl Iterator<Item = u32>) -> u32 {
    let (mut nim, mut ones, mut big) = (0, 0, false);
    for h in list {
        nim ^= h;
        ones += u32::from(h == 1);
        big |= h > 1;
    }
    if big {
        nim
    } else {
        u32::from(ones % 2 == 0)
    }
}

/// Misère Nim's winning move, by Bouton's rule: with one heap above 1,
/// leave it at 0 or 1 so that an odd number of 1s is left; with more, as in
/// normal play; with none, take a 1.
fn bouton_move(list: &[u32], x: u32) -> Option<HeapMove> {
    let mut big = list.iter().enumerate().filter(|&(_, &h)| h > 1);
    let ones = list.iter().filter(|&&h| h == 1).count();
    let (heap, leave) = match (big.next(), big.next()) {
        (None, _) => (list.iter().position(|&h| h == 1)?, 0),
        (Some((i, _)), None) => (i, u32::from(ones % 2 == 0)),
        _ => {
            let i = list.iter().position(|&h| h ^ x < h)?;
            (i, list[i] ^ x)
        }
    };
    Some(HeapMove {
        heap,
        take: list[heap] - leave,
        big: leave,
        small: 0,
    })
}

impl Solver {
    /// A solver for `rule`, in misère play when `misere`.
    #[inline(never)]
    pub fn new(rule: Rule, misere: bool) -> Solver {
        Solver {
            table: ValueTable::new(rule),
            misere,
            memo: Memo::default(),
        }
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.table.rule()
    }

    /// Whether the last mover loses.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The values of normal play (grown by [`Solver::prepare`]).
    pub fn table(&self) -> &ValueTable {
        &self.table
    }

    fn bouton(&self) -> bool {
        self.misere && self.rule() == Rule::Nim
    }

    /// Readies a game from `list`: in normal play the values up to its
    /// largest heap, `progress(heaps_done)` called now and then (false stops
    /// it: [`GrundyError::Cancelled`]); in misère play every position it can
    /// reach, within [`MISERE_MAX_TOKENS`] and [`MISERE_MAX_POSITIONS`].
    #[inline(never)]
    pub fn prepare(
        &mut self,
        list: &[u32],
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), GrundyError> {
        if !list.is_empty() {
            check_sizes(list)?;
        }
        let rule = self.rule();
        if !self.misere {
            let largest = list.iter().copied().max().unwrap_or(0);
            return self
                .table
                .extend_with(largest, progress)
                .map_err(|_| GrundyError::Cancelled);
        }
        self.memo.clear();
        let tokens = live_tokens(&rule, list);
        if self.bouton() {
            return Ok(());
        }
        if tokens > MISERE_MAX_TOKENS {
            return Err(GrundyError::MisereTokens { tokens });
        }
        let mut search = Search::new(rule, None, &mut self.memo, MISERE_MAX_POSITIONS);
        let sorted = sorted_live(&rule, list);
        if search.visit(&sorted).is_none() {
            self.memo.clear();
            return Err(GrundyError::MiserePositions);
        }
        Ok(())
    }

    /// The Grundy value of a heap in normal play (0 past the table).
    #[inline(never)]
    pub fn g(&self, n: u32) -> u32 {
        self.table.get(n).unwrap_or(0)
    }

    /// 0 exactly when the player to move loses: the nim-sum of the heaps'
    /// values in normal play; in misère play 1 when that player wins.
    #[inline(never)]
    pub fn x(&self, list: &[u32]) -> u32 {
        if self.bouton() {
            bouton(list.iter().copied())
        } else if self.misere {
            let sorted = sorted_live(&self.rule(), list);
            // Every position of a game was solved at its start.
            let v = self.memo.get(&key(&sorted));
            u32::from(v.is_some_and(|&v| won(v)) || sorted.is_empty())
        } else {
            list.iter().fold(0, |x, &h| x ^ self.g(h))
        }
    }

    /// [`Solver::x`] after `mv` from `list`, whose own is `x`: in normal
    /// play from three values, without building the position.
    #[inline(never)]
    pub fn x_after(&self, list: &[u32], x: u32, mv: HeapMove) -> u32 {
        let left = list
            .iter()
            .enumerate()
            .map(|(i, &h)| if i == mv.heap { mv.big } else { h });
        if self.bouton() {
            bouton(left.chain([mv.small]))
        } else if self.misere {
            self.x(&left.chain([mv.small]).collect::<Vec<u32>>())
        } else {
            x ^ self.g(list[mv.heap]) ^ self.g(mv.big) ^ self.g(mv.small)
        }
    }

    /// What one [`Solver::x_after`] costs, in heaps looked at: 1 in normal
    /// play, every heap in misère play.
    pub fn scan_cost(&self, list: &[u32]) -> u64 {
        if self.misere {
            list.len() as u64 + 1
        } else {
            1
        }
    }

    /// The first winning move (by heap, then in the order of
    /// [`Rule::options`]), `None` when the player to move loses. In normal
    /// play only heaps whose value must drop are searched, where the mex
    /// guarantees a move; Nim's is computed, and misère Nim's by Bouton's
    /// rule.
    #[inline(never)]
    pub fn winning(&self, list: &[u32]) -> Option<HeapMove> {
        let x = self.x(list);
        if x == 0 {
            return None;
        }
        if self.bouton() {
            return bouton_move(list, x);
        }
        let rule = self.rule();
        for (heap, &h) in list.iter().enumerate() {
            let target = self.g(h) ^ x;
            if !self.misere && target >= self.g(h) {
                continue;
            }
            if rule == Rule::Nim && !self.misere {
                let (take, big, small) = (h - target, target, 0);
                return Some(HeapMove {
                    heap,
                    take,
                    big,
                    small,
                });
            }
            let mut wins = |o| self.x_after(list, x, HeapMove::of(heap, o)) == 0;
            if let Some(o) = rule.find_option(h, &mut wins) {
                return Some(HeapMove::of(heap, o));
            }
        }
        None
    }

    /// How many winning moves `list` has, counted up to `limit`.
    fn winning_count(&self, list: &[u32], limit: usize) -> usize {
        let x = self.x(list);
        let mut count = 0;
        for (heap, &h) in list.iter().enumerate() {
            if x == 0 || count >= limit {
                break;
            }
            self.rule().find_option(h, &mut |o| {
                count += usize::from(self.x_after(list, x, HeapMove::of(heap, o)) == 0);
                count >= limit
            });
        }
        count
    }

    /// The computer's move, `None` when no heap can move. `seed` drives
    /// the random choices, so a game can be replayed.
    #[inline(never)]
    pub fn computer_move(
        &mut self,
        list: &[u32],
        level: GrundyLevel,
        seed: u64,
    ) -> Result<Option<HeapMove>, GrundyError> {
        let rule = self.rule();
        let counts: Vec<u64> = list.iter().map(|&h| rule.option_count(h)).collect();
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return Ok(None);
        }
        let winning = self.winning(list);
        Ok(Some(match (level, winning) {
            (GrundyLevel::Seed, Some(mv)) => mv,
            (GrundyLevel::Perfect, _) => match self.searched(list).or(winning) {
                Some(mv) => mv,
                None => self.longest_resistance(list),
            },
            _ => {
                let mut pick = XorShift::new(seed).below(total);
                let mut heap = 0;
                while pick >= counts[heap] {
                    pick -= counts[heap];
                    heap += 1;
                }
                HeapMove::of(heap, rule.nth_option(list[heap], pick).unwrap_or_default())
            }
        }))
    }

    /// The quickest win or the longest loss, by search: misère play's
    /// solved positions, or normal play's remoteness for small positions
    /// (`None` past their bounds, and for misère Nim).
    fn searched(&mut self, list: &[u32]) -> Option<HeapMove> {
        let rule = self.rule();
        if self.bouton() || (!self.misere && live_tokens(&rule, list) > REMOTENESS_MAX_MATCHES) {
            return None;
        }
        let mut fresh = Memo::default();
        let (table, memo, budget) = match (self.misere, rule) {
            (true, _) => (None, &mut self.memo, MISERE_MAX_POSITIONS),
            (false, Rule::Grundy) => (Some(&self.table), &mut fresh, REMOTENESS_BUDGET),
            _ => (Some(&self.table), &mut fresh, REMOTENESS_BUDGET / 4),
        };
        let sorted = sorted_live(&rule, list);
        Search::new(rule, table, memo, budget)
            .best(list, &sorted)
            .map(|(_, mv)| mv)
    }

    /// In a lost position too big to search: the move leaving the opponent
    /// the fewest winning replies (so a human has to find a rarer move),
    /// or, past [`REPLY_COUNT_LIMIT`] tokens (and in misère Nim), the first
    /// move of the largest heap (for Grundy's game one match split off,
    /// which keeps the most moves in the game).
    fn longest_resistance(&self, list: &[u32]) -> HeapMove {
        let rule = self.rule();
        let total: u64 = list.iter().map(|&h| u64::from(h)).sum();
        let largest = (0..list.len()).max_by_key(|&i| list[i]).unwrap_or(0);
        let first = rule.nth_option(list[largest], 0).unwrap_or_default();
        let mut best = (usize::MAX, HeapMove::of(largest, first));
        if total > REPLY_COUNT_LIMIT || self.bouton() {
            return best.1;
        }
        for (heap, &h) in list.iter().enumerate() {
            rule.find_option(h, &mut |o| {
                let mut next = list.to_vec();
                next[heap] = o.big;
                next.push(o.small);
                let replies = self.winning_count(&next, best.0);
                if replies < best.0 {
                    best = (replies, HeapMove::of(heap, o));
                }
                false
            });
        }
        best.1
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
pub(crate) mod tests {
    use super::super::heaps::{apply, check_split, MAX_HEAP};
    use super::super::Split;
    use super::*;

    /// Whether the player to move wins, by plain recursion over every move
    /// of every heap (no values, nothing set aside): the independent
    /// referee, in normal or misère play.
    pub(crate) fn brute(
        rule: &Rule,
        misere: bool,
        heaps: &[u32],
        memo: &mut HashMap<Vec<u32>, bool>,
    ) -> bool {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut won = false;
        'all: for i in 0..key.len() {
            for o in rule.options(key[i]) {
                any = true;
                let mut next = key.clone();
                next[i] = o.big;
                next.push(o.small);
                if !brute(rule, misere, &next, memo) {
                    won = true;
                    break 'all;
                }
            }
        }
        let won = won || (misere && !any);
        memo.insert(key, won);
        won
    }

    /// Every non-increasing list of heaps of at most `total` tokens.
    pub(crate) fn positions(total: u32, most: usize) -> Vec<Vec<u32>> {
        fn rec(left: u32, top: u32, most: usize, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if !prefix.is_empty() {
                out.push(prefix.clone());
            }
            if prefix.len() == most {
                return;
            }
            for h in (1..=top.min(left)).rev() {
                prefix.push(h);
                rec(left - h, h, most, prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        rec(total, total, most, &mut Vec::new(), &mut out);
        out
    }

    /// The list after `mv` (checked by the rule), parts in place.
    fn after(rule: &Rule, heaps: &[u32], mv: HeapMove) -> Vec<u32> {
        super::super::heaps::check_move(rule, heaps, mv).unwrap();
        let mut next = heaps.to_vec();
        next[mv.heap] = mv.big;
        next.push(mv.small);
        next.retain(|&h| h > 0);
        next
    }

    const RULES: &[&str] = &[
        "grundy", "nim", "kayles", "dawson", "0.333", "4.07", "0.6", "0.51",
    ];

    #[test]
    fn winning_moves_win_in_both_plays_against_a_plain_recursion() {
        for text in RULES {
            let rule = Rule::parse(text).unwrap();
            for misere in [false, true] {
                let mut memo = HashMap::new();
                for heaps in positions(13, 4) {
                    let mut s = Solver::new(rule, misere);
                    s.prepare(&heaps, &mut |_| true).unwrap();
                    let won = brute(&rule, misere, &heaps, &mut memo);
                    let what = format!("{text} misère {misere} {heaps:?}");
                    assert_eq!(s.x(&heaps) != 0, won, "{what}");
                    let mv = s.winning(&heaps);
                    // Misère: with no move at all the player to move has won.
                    let stuck = heaps.iter().all(|&h| !rule.has_move(h));
                    assert_eq!(mv.is_some(), won && !stuck, "{what}");
                    if let Some(mv) = mv {
                        assert!(
                            !brute(&rule, misere, &after(&rule, &heaps, mv), &mut memo),
                            "{what} {mv:?}"
                        );
                    }
                    // Every move's outcome, from the position's x.
                    let x = s.x(&heaps);
                    for (heap, &h) in heaps.iter().enumerate() {
                        for o in rule.options(h) {
                            let mv = HeapMove::of(heap, o);
                            let next = after(&rule, &heaps, mv);
                            assert_eq!(
                                s.x_after(&heaps, x, mv) == 0,
                                !brute(&rule, misere, &next, &mut memo),
                                "{what} {mv:?}"
                            );
                        }
                    }
                    // Every level plays a legal move; the perfect one wins when it can.
                    for level in [GrundyLevel::Perfect, GrundyLevel::Seed, GrundyLevel::Random] {
                        match s.computer_move(&heaps, level, 7).unwrap() {
                            None => assert!(heaps.iter().all(|&h| !rule.has_move(h)), "{what}"),
                            Some(mv) => {
                                let next = after(&rule, &heaps, mv);
                                if won && level != GrundyLevel::Random {
                                    assert!(
                                        !brute(&rule, misere, &next, &mut memo),
                                        "{what} {level:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn misere_classics_have_their_known_answers() {
        let matches = Rule::parse("0.333").unwrap();
        let mut s = Solver::new(matches, true);
        // Take 1 to 3, the last match loses: the player to move loses
        // exactly on 1, 5, 9, … (n ≡ 1 mod 4); from 21 the first player loses,
        // from 20 takes 3.
        for n in 1..=40u32 {
            s.prepare(&[n], &mut |_| true).unwrap();
            assert_eq!(s.x(&[n]) == 0, n % 4 == 1, "{n}");
        }
        s.prepare(&[21], &mut |_| true).unwrap();
        assert_eq!(s.winning(&[21]), None);
        s.prepare(&[20], &mut |_| true).unwrap();
        let mv = s.winning(&[20]).unwrap();
        assert_eq!((mv.take, mv.big), (3, 17));
        // Marienbad: Nim 1, 3, 5, 7 misère is lost for the first player
        // (nim-sum 0 with heaps above 1), by Bouton's rule and by search.
        let mut nim = Solver::new(Rule::Nim, true);
        nim.prepare(&[1, 3, 5, 7], &mut |_| true).unwrap();
        assert_eq!(nim.winning(&[1, 3, 5, 7]), None);
        assert!(!brute(&Rule::Nim, true, &[1, 3, 5, 7], &mut HashMap::new()));
        // After 7 → 6 the nim-sum is 1: take the 1 (leaving 3, 5, 6).
        let mv = nim.winning(&[1, 3, 5, 6]).unwrap();
        assert_eq!((mv.heap, mv.take, mv.big), (0, 1, 0));
        // One heap above 1: leave an odd number of 1s.
        let mv = nim.winning(&[1, 1, 9]).unwrap();
        assert_eq!((mv.heap, mv.big), (2, 1));
        let mv = nim.winning(&[1, 9]).unwrap();
        assert_eq!((mv.heap, mv.big), (1, 0));
        assert_eq!(nim.winning(&[1, 1, 1]), None);
        // Bouton's rule at any size.
        let big = [1 << 24, (1 << 24) - 1, 1];
        nim.prepare(&big, &mut |_| true).unwrap();
        let mv = nim.winning(&big).unwrap();
        assert_eq!(nim.x_after(&big, nim.x(&big), mv), 0);
    }

    #[test]
    fn misere_play_is_bounded_with_codes() {
        use crate::error::Coded;
        let kayles = Rule::parse("kayles").unwrap();
        let mut s = Solver::new(kayles, true);
        let e = s.prepare(&[40, 25], &mut |_| true).unwrap_err();
        assert_eq!(
            (e.code(), e.params()[0].1.clone()),
            ("misere.tokens", 65u64.into())
        );
        let e = s.prepare(&[60], &mut |_| true).unwrap_err();
        assert_eq!(e.code(), "misere.positions");
        // Heaps with no move do not count: Grundy's 1s and 2s.
        let mut g = Solver::new(Rule::Grundy, true);
        let mut many = vec![2; 1000];
        many.push(20);
        g.prepare(&many, &mut |_| true).unwrap();
        assert_eq!(
            g.x(&many) != 0,
            brute(&Rule::Grundy, true, &[20], &mut HashMap::new())
        );
    }

    #[test]
    fn nim_sum_decides_every_small_position() {
        let mut s = Solver::new(Rule::Grundy, false);
        s.prepare(&[40], &mut |_| true).unwrap();
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
            let won = brute(&Rule::Grundy, false, &heaps, &mut memo);
            let mv = s.winning(&heaps);
            assert_eq!(mv.is_some(), won, "{heaps:?}");
            if let Some(mv) = mv {
                let split = Split {
                    heap: mv.heap,
                    big: mv.big,
                    small: mv.small,
                };
                check_split(&heaps, split).unwrap();
                assert_eq!(mv.take, 0);
                assert!(!brute(
                    &Rule::Grundy,
                    false,
                    &apply(&heaps, split).unwrap(),
                    &mut memo
                ));
            }
        }
    }

    #[test]
    fn winning_move_on_big_heaps() {
        let mut s = Solver::new(Rule::Grundy, false);
        let heaps = [1 << 20, 7, 3];
        s.prepare(&heaps, &mut |_| true).unwrap();
        let mv = s.winning(&heaps).expect("G(2^20) is not 0");
        assert_eq!(s.x_after(&heaps, s.x(&heaps), mv), 0);
        // G(7) = 0 and G(3) = 1: split the 3 into 2 + 1 (both of value 0).
        assert_eq!(
            s.winning(&[7, 3]),
            Some(HeapMove {
                heap: 1,
                take: 0,
                big: 2,
                small: 1
            })
        );
        // Published losing single heaps (OEIS A002188 zeros): no winning move.
        for h in [1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 1222] {
            assert_eq!(s.winning(&[h]), None, "{h}");
        }
        // Nim's move is computed, whatever the heaps.
        let mut nim = Solver::new(Rule::Nim, false);
        let big = [1 << 24, 5, 3];
        nim.prepare(&big, &mut |_| true).unwrap();
        let mv = nim.winning(&big).unwrap();
        assert_eq!((mv.heap, mv.big, mv.take), (0, 6, (1 << 24) - 6));
    }

    #[test]
    fn perfect_computer_wins_won_positions_and_resists_lost_ones() {
        let mut s = Solver::new(Rule::Grundy, false);
        s.prepare(&[60], &mut |_| true).unwrap();
        // From a won position the perfect player always moves to a lost one.
        for h in [3, 5, 6, 8, 9, 11, 12, 13, 30, 31] {
            let mv = s
                .computer_move(&[h], GrundyLevel::Perfect, 1)
                .unwrap()
                .unwrap();
            assert_eq!(s.x_after(&[h], s.x(&[h]), mv), 0, "{h}");
        }
        // In a lost position it picks the longest resistance: check against
        // the remoteness of every move.
        let remoteness = |list: &[u32]| {
            let mut memo = Memo::default();
            let mut search = Search::new(Rule::Grundy, Some(s.table()), &mut memo, usize::MAX);
            search.visit(&sorted_live(&Rule::Grundy, list)).unwrap() >> 1
        };
        let mv = s
            .clone()
            .computer_move(&[20], GrundyLevel::Perfect, 1)
            .unwrap()
            .unwrap();
        let chosen = remoteness(&[mv.big, mv.small]);
        for o in Rule::Grundy.options(20).collect::<Vec<_>>() {
            assert!(remoteness(&[o.big, o.small]) <= chosen);
        }
        // In misère play too, from the solved positions.
        let kayles = Rule::parse("kayles").unwrap();
        let mut m = Solver::new(kayles, true);
        m.prepare(&[9, 4], &mut |_| true).unwrap();
        let mut memo = HashMap::new();
        let mv = m
            .computer_move(&[9, 4], GrundyLevel::Perfect, 1)
            .unwrap()
            .unwrap();
        let next = after(&kayles, &[9, 4], mv);
        assert_eq!(!brute(&kayles, true, &next, &mut memo), m.x(&[9, 4]) != 0);
    }

    #[test]
    fn perfect_computer_on_big_heaps_stays_shallow() {
        // wasm gives the worker about 1 MiB of stack: the perfect level must
        // answer big positions, won and lost, within that.
        let answer = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(|| {
                let mut s = Solver::new(Rule::Grundy, false);
                s.prepare(&[20_000], &mut |_| true).unwrap();
                let won = s
                    .computer_move(&[20_000], GrundyLevel::Perfect, 3)
                    .unwrap()
                    .unwrap();
                let lost = s
                    .computer_move(&[1222, 7], GrundyLevel::Perfect, 3)
                    .unwrap()
                    .unwrap();
                let mut m = Solver::new(Rule::parse("0.333").unwrap(), true);
                m.prepare(&[64], &mut |_| true).unwrap();
                let misere = m
                    .computer_move(&[64], GrundyLevel::Perfect, 3)
                    .unwrap()
                    .unwrap();
                (won, lost, misere)
            })
            .unwrap()
            .join()
            .unwrap();
        let mut s = Solver::new(Rule::Grundy, false);
        s.prepare(&[20_000], &mut |_| true).unwrap();
        assert_eq!(s.x_after(&[20_000], s.x(&[20_000]), answer.0), 0);
        assert!(s.winning(&[1222, 7]).is_none());
        assert_eq!(answer.1.take, 0);
        // 64 ≡ 0 mod 4: take 3, leaving 61 ≡ 1.
        assert_eq!(answer.2.big, 61);
    }

    #[test]
    fn bad_positions_are_errors() {
        let mut s = Solver::new(Rule::Grundy, false);
        assert!(s.prepare(&[0, 3], &mut |_| true).is_err());
        assert!(s.prepare(&[MAX_HEAP + 1], &mut |_| true).is_err());
        assert_eq!(
            s.computer_move(&[1, 2, 2], GrundyLevel::Perfect, 0)
                .unwrap(),
            None
        );
    }

    /// The solver guide's misère figures: `cargo test --release -p
    /// impartial --lib grundy::play::tests::misere_figures -- --ignored
    /// --nocapture`.
    #[test]
    #[ignore]
    fn misere_figures() {
        let cases: &[(&str, &[u32])] = &[
            ("0.333", &[64]),
            ("kayles", &[30]),
            ("kayles", &[10, 10, 10]),
            ("kayles", &[36]),
            ("dawson", &[40]),
            ("4.07", &[30]),
            ("grundy", &[40]),
            ("grundy", &[64]),
        ];
        for &(text, heaps) in cases {
            let mut s = Solver::new(Rule::parse(text).unwrap(), true);
            let t = std::time::Instant::now();
            let solved = s.prepare(heaps, &mut |_| true);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            let t = std::time::Instant::now();
            let mv = solved
                .is_ok()
                .then(|| s.computer_move(heaps, GrundyLevel::Perfect, 1));
            let reply = t.elapsed().as_secs_f64() * 1e6;
            println!(
                "{text} {heaps:?}: {} positions, {ms:.1} ms, {:?}; perfect move {mv:?} in {reply:.0} µs",
                s.memo.len(),
                solved.err()
            );
        }
    }
}

//! Sums of games: Chomp bars, heap games of any rule (Grundy's game,
//! Kayles, the matches game, any octal code) and Nim heaps side by side.
//! A move is made in one component; whoever cannot move in any loses.
//!
//! The Sprague–Grundy theorem says a sum is worth the xor (nim-sum) of its
//! components' nimbers: the player to move wins exactly when it is not 0,
//! by a move that makes it 0. The Grundy text's theorem 3.4 is the case of a
//! component of nimber 0 (a losing component is neutral), and its "types"
//! are nimbers (two components of the same type cancel). [`Values`] gives
//! every component its nimber from the Chomp table and each heap rule's
//! value table, and finds the move that makes the nim-sum 0.

pub mod record;
pub mod session;

use crate::chomp::{parse_rows, Move, NimberTable, Position, PositionError};
use crate::error::{Coded, Params};
use crate::grundy::{GrundyError, HeapMove, Heaps, Rule, RuleError, ValueTable};
use crate::turns::GamePosition;
use std::fmt;

/// Most components in a sum.
pub const MAX_COMPONENTS: usize = 8;
/// Largest Nim heap: its tokens are drawn one by one.
pub const MAX_NIM: u32 = 60;
/// Largest Grundy heap at the start: its matches are drawn one by one.
pub const MAX_GRUNDY: u32 = 60;
/// Largest heap of another rule at the start: its tokens are drawn one by one.
pub const MAX_HEAP: u32 = 60;
/// Longest side of a Chomp bar in a sum (its nimber table must fit
/// [`crate::chomp::MAX_NIMBER_POSITIONS`] too).
pub const MAX_CHOMP_SIDE: usize = 10;

/// One game of the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// A Chomp bar (the poison alone has no move left).
    Chomp(Position),
    /// Heaps of one heap game, its rule carried by the heaps (Grundy's game:
    /// one heap at the start, a split makes two; Kayles: a row of pins a
    /// move may cut in two). Always normal play: a misère sum is not worth
    /// the nim-sum of its parts.
    Heaps(Heaps),
    /// A Nim heap: a move takes any number of tokens, at least one.
    Nim(u32),
}

impl Component {
    /// True when no move is left in this component.
    pub fn is_over(&self) -> bool {
        match self {
            Component::Chomp(p) => p.is_terminal(),
            Component::Heaps(h) => h.is_over(),
            Component::Nim(n) => *n == 0,
        }
    }

    /// Its kind, as the page and links name it: `grundy` for Grundy's
    /// game, `heaps` for another heap rule.
    pub fn kind(&self) -> &'static str {
        match self {
            Component::Chomp(_) => "chomp",
            Component::Heaps(h) if h.rule() == Rule::Grundy => "grundy",
            Component::Heaps(_) => "heaps",
            Component::Nim(_) => "nim",
        }
    }
}

/// A move of the sum: the component (0-based) and the move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumMove {
    /// Eats square (`row`, `col`) of a Chomp bar.
    Chomp {
        /// The component.
        component: usize,
        /// Row of the square, from 1.
        row: usize,
        /// Column of the square, from 1.
        col: usize,
    },
    /// A move of a heap game in live heap `heap` (0-based, among the
    /// component's heaps that have a move): take `take` tokens and leave
    /// `big` and `small` (a split of Grundy's game takes none).
    Heap {
        /// The component.
        component: usize,
        /// The heap, among the component's live heaps.
        heap: usize,
        /// Tokens taken.
        take: u32,
        /// The larger part (0: none).
        big: u32,
        /// The smaller part (0: at most one part).
        small: u32,
    },
    /// Leaves `leave` tokens of a Nim heap.
    Nim {
        /// The component.
        component: usize,
        /// Tokens left, fewer than there were.
        leave: u32,
    },
}

impl SumMove {
    /// The component the move is made in.
    pub fn component(&self) -> usize {
        match *self {
            SumMove::Chomp { component, .. }
            | SumMove::Heap { component, .. }
            | SumMove::Nim { component, .. } => component,
        }
    }
}

/// Why a sum or one of its moves was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumError {
    /// No component at all.
    Empty,
    /// More than [`MAX_COMPONENTS`] components.
    TooMany {
        /// Components given.
        count: usize,
    },
    /// A Nim heap past [`MAX_NIM`] or not a whole number.
    BadNim {
        /// The text given.
        text: String,
    },
    /// A Grundy heap past [`MAX_GRUNDY`].
    GrundyTooBig {
        /// Its size.
        size: u32,
    },
    /// A heap of another rule past [`MAX_HEAP`].
    HeapTooBig {
        /// Its size.
        size: u32,
    },
    /// A heap game of the `heaps` list written without its rule.
    HeapRule {
        /// The text given (its first 20 characters).
        text: String,
    },
    /// A heap game's rule that cannot be read (see [`RuleError`]).
    BadRule(RuleError),
    /// A Chomp bar that cannot be read, or past [`MAX_CHOMP_SIDE`].
    BadChomp {
        /// The text given.
        text: String,
    },
    /// There is no such component, or it is another game.
    NoComponent {
        /// The component asked for, from 1.
        component: usize,
        /// The kind of move asked for (`chomp`, `grundy`, `nim`).
        kind: &'static str,
    },
    /// A Nim move that leaves as many tokens as there were, or more.
    NimTake {
        /// Tokens in the heap.
        size: u32,
        /// Tokens the move would leave.
        leave: u32,
    },
    /// A record's move that is not a game of the sum and a move of it.
    RecordSyntax {
        /// Its place in the record, from 1.
        index: usize,
        /// The move as written (its first 20 characters).
        text: String,
    },
    /// A record's move that cannot be played where it comes.
    RecordIllegal {
        /// Its place in the record, from 1.
        index: usize,
        /// The move as written.
        text: String,
    },
}

impl fmt::Display for SumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumError::Empty => f.write_str("the sum has no game: give at least one Chomp bar, heap game or Nim heap"),
            SumError::TooMany { count } => write!(f, "the sum has {count} games: at most {MAX_COMPONENTS} are played side by side"),
            SumError::BadNim { text } => write!(f, "the Nim heap \"{text}\" is not a whole number from 0 to {MAX_NIM}"),
            SumError::GrundyTooBig { size } => write!(f, "a Grundy heap of {size} matches is too big to draw here: at most {MAX_GRUNDY}"),
            SumError::HeapTooBig { size } => write!(f, "a heap of {size} tokens is too big to draw here: at most {MAX_HEAP}"),
            SumError::HeapRule { text } => write!(f, "the heap game \"{text}\" has no rule: write its rule, a colon and its heaps, such as kayles:5+3 (the games after it keep that rule until another is written)"),
            SumError::BadRule(e) => e.fmt(f),
            SumError::BadChomp { text } => write!(f, "the Chomp bar \"{text}\" is not rows×columns (such as 3x4) or row lengths (such as 4,4,2) of at most {MAX_CHOMP_SIDE} × {MAX_CHOMP_SIDE}"),
            SumError::NoComponent { component, kind } => write!(f, "game {component} of the sum is not a {kind} game"),
            SumError::NimTake { size, leave } => write!(f, "a Nim heap of {size} cannot be left with {leave}: take at least one token"),
            SumError::RecordSyntax { index, text } => write!(f, "move {index} of the record is \"{text}\": write each move as its game's number, a colon and the move, such as 1:2,3 (a Chomp square), 2:6+3 (a Grundy split), 3:7-2=3+2 (another heap game's move: take 2 of 7, leaving 3 + 2) or 4:1 (the Nim tokens left)"),
            SumError::RecordIllegal { index, text } => write!(f, "move {index} of the record ({text}) cannot be played there: the moves before it are kept"),
        }
    }
}

impl std::error::Error for SumError {}

impl Coded for SumError {
    fn code(&self) -> &'static str {
        match self {
            SumError::Empty => "sum.empty",
            SumError::TooMany { .. } => "sum.too_many",
            SumError::BadNim { .. } => "sum.bad_nim",
            SumError::GrundyTooBig { .. } => "sum.grundy_too_big",
            SumError::HeapTooBig { .. } => "sum.heap_too_big",
            SumError::HeapRule { .. } => "sum.heap_rule",
            SumError::BadRule(e) => e.code(),
            SumError::BadChomp { .. } => "sum.bad_chomp",
            SumError::NoComponent { .. } => "sum.no_component",
            SumError::NimTake { .. } => "sum.nim_take",
            SumError::RecordSyntax { .. } => "sum.record_syntax",
            SumError::RecordIllegal { .. } => "sum.record_illegal",
        }
    }

    fn params(&self) -> Params {
        match self {
            SumError::Empty => vec![],
            SumError::TooMany { count } => {
                vec![("count", (*count).into()), ("max", MAX_COMPONENTS.into())]
            }
            SumError::BadNim { text } => {
                vec![("text", text.clone().into()), ("max", MAX_NIM.into())]
            }
            SumError::GrundyTooBig { size } => {
                vec![("size", (*size).into()), ("max", MAX_GRUNDY.into())]
            }
            SumError::HeapTooBig { size } => {
                vec![("size", (*size).into()), ("max", MAX_HEAP.into())]
            }
            SumError::HeapRule { text } => vec![("text", text.clone().into())],
            SumError::BadRule(e) => e.params(),
            SumError::BadChomp { text } => {
                vec![
                    ("text", text.clone().into()),
                    ("max", MAX_CHOMP_SIDE.into()),
                ]
            }
            SumError::NoComponent { component, kind } => {
                vec![("component", (*component).into()), ("kind", (*kind).into())]
            }
            SumError::NimTake { size, leave } => {
                vec![("size", (*size).into()), ("leave", (*leave).into())]
            }
            SumError::RecordSyntax { index, text } | SumError::RecordIllegal { index, text } => {
                vec![("index", (*index).into()), ("text", text.clone().into())]
            }
        }
    }
}

/// Codes of [`SumError`].
pub const CODES: &[&str] = &[
    "sum.empty",
    "sum.too_many",
    "sum.bad_nim",
    "sum.grundy_too_big",
    "sum.heap_too_big",
    "sum.heap_rule",
    "sum.bad_chomp",
    "sum.no_component",
    "sum.nim_take",
    "sum.record_syntax",
    "sum.record_illegal",
];

/// A refused move, whatever game it was in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Refused by the sum (no such component, a Nim move taking nothing).
    Sum(SumError),
    /// Refused by Chomp's rules.
    Chomp(PositionError),
    /// Refused by the heap game's rules (Grundy's game's or another's).
    Grundy(GrundyError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Sum(e) => e.fmt(f),
            MoveError::Chomp(e) => e.fmt(f),
            MoveError::Grundy(e) => e.fmt(f),
        }
    }
}

impl Coded for MoveError {
    fn code(&self) -> &'static str {
        match self {
            MoveError::Sum(e) => e.code(),
            MoveError::Chomp(e) => e.code(),
            MoveError::Grundy(e) => e.code(),
        }
    }
    fn params(&self) -> Params {
        match self {
            MoveError::Sum(e) => e.params(),
            MoveError::Chomp(e) => e.params(),
            MoveError::Grundy(e) => e.params(),
        }
    }
}

/// The games side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumPosition {
    /// The components, in the order shown.
    pub components: Vec<Component>,
}

impl SumPosition {
    /// The position after `mv`, or why it cannot be played.
    pub fn play(&self, mv: SumMove) -> Result<SumPosition, MoveError> {
        let i = mv.component();
        let wrong = |kind| {
            MoveError::Sum(SumError::NoComponent {
                component: i + 1,
                kind,
            })
        };
        let next = match (mv, self.components.get(i)) {
            (SumMove::Chomp { row, col, .. }, Some(Component::Chomp(p))) => {
                Component::Chomp(p.play(Move { row, col }).map_err(MoveError::Chomp)?)
            }
            (
                SumMove::Heap {
                    heap,
                    take,
                    big,
                    small,
                    ..
                },
                Some(Component::Heaps(h)),
            ) => Component::Heaps(
                h.apply_move(HeapMove {
                    heap,
                    take,
                    big,
                    small,
                })
                .map_err(MoveError::Grundy)?,
            ),
            (SumMove::Nim { leave, .. }, Some(Component::Nim(n))) => {
                if leave >= *n {
                    return Err(MoveError::Sum(SumError::NimTake { size: *n, leave }));
                }
                Component::Nim(leave)
            }
            (SumMove::Chomp { .. }, _) => return Err(wrong("chomp")),
            (SumMove::Heap { .. }, _) => return Err(wrong("heaps")),
            (SumMove::Nim { .. }, _) => return Err(wrong("nim")),
        };
        let mut components = self.components.clone();
        components[i] = next;
        Ok(SumPosition { components })
    }

    /// Every legal move, component by component.
    pub fn moves(&self) -> Vec<SumMove> {
        let mut out = Vec::new();
        for (component, c) in self.components.iter().enumerate() {
            match c {
                Component::Chomp(p) => out.extend(p.moves().map(|m| SumMove::Chomp {
                    component,
                    row: m.row,
                    col: m.col,
                })),
                Component::Heaps(h) => {
                    let rule = h.rule();
                    for (heap, &n) in h.live().iter().enumerate() {
                        out.extend(rule.options(n).map(|o| SumMove::Heap {
                            component,
                            heap,
                            take: o.take,
                            big: o.big,
                            small: o.small,
                        }));
                    }
                }
                Component::Nim(n) => {
                    out.extend((0..*n).map(|leave| SumMove::Nim { component, leave }))
                }
            }
        }
        out
    }
}

impl GamePosition for SumPosition {
    type Move = SumMove;
    fn is_over(&self) -> bool {
        self.components.iter().all(Component::is_over)
    }
    fn after(&self, mv: &SumMove) -> SumPosition {
        // Not `expect`: it would format the error with `Debug`, whose
        // machinery for this error alone (structs, escaped strings, Unicode
        // tables) weighed 2.9 KB of the study module's 150 gzipped.
        self.play(*mv)
            .unwrap_or_else(|_| unreachable!("moves in a game were checked when played"))
    }
}

/// The tables that give each component its nimber: one Chomp table for a
/// box holding every bar of the sum, and each heap rule's values up to its
/// largest heap.
pub struct Values {
    chomp: Option<NimberTable>,
    heaps: Vec<ValueTable>,
}

impl Values {
    /// Tables for the components of `start` (every later position fits them:
    /// moves only shrink bars and heaps).
    #[inline(never)]
    pub fn new(start: &SumPosition) -> Result<Values, SumError> {
        let (mut rows, mut cols) = (0, 0);
        let mut heaps: Vec<ValueTable> = Vec::new();
        for c in &start.components {
            match c {
                Component::Chomp(p) => {
                    rows = rows.max(p.height());
                    cols = cols.max(p.width());
                }
                Component::Heaps(h) => {
                    let top = h.live().iter().copied().max().unwrap_or(0);
                    let rule = h.rule();
                    let at = match heaps.iter().position(|t| t.rule() == rule) {
                        Some(at) => at,
                        None => {
                            heaps.push(ValueTable::new(rule));
                            heaps.len() - 1
                        }
                    };
                    heaps[at].extend_to(top);
                }
                Component::Nim(_) => {}
            }
        }
        let chomp = if rows > 0 {
            let table = NimberTable::new(rows, cols).map_err(|_| SumError::BadChomp {
                text: format!("{rows}x{cols}"),
            })?;
            Some(table)
        } else {
            None
        };
        Ok(Values { chomp, heaps })
    }

    /// The value table of `rule`, made by [`Values::new`] for each rule of the sum.
    fn table(&self, rule: Rule) -> Option<&ValueTable> {
        self.heaps.iter().find(|t| t.rule() == rule)
    }

    /// The Grundy value of a heap of `n` under `rule` (0 past the tables:
    /// never asked, since heaps only shrink).
    pub fn heap(&self, rule: Rule, n: u32) -> u32 {
        value_in(self.table(rule), n)
    }

    /// The nimber of one component.
    pub fn of(&self, c: &Component) -> u32 {
        match c {
            Component::Chomp(p) => self
                .chomp
                .as_ref()
                .and_then(|t| t.get(p).ok())
                .map_or(0, u32::from),
            Component::Heaps(h) => {
                let table = self.table(h.rule());
                h.live().iter().fold(0, |x, &n| x ^ value_in(table, n))
            }
            Component::Nim(n) => *n,
        }
    }

    /// The nim-sum of a position: 0 exactly when the player to move loses.
    pub fn nim_sum(&self, p: &SumPosition) -> u32 {
        p.components.iter().fold(0, |x, c| x ^ self.of(c))
    }

    /// Every move that makes the nim-sum 0 (none when it is 0 already; by
    /// the mex, a component of nimber g has a move to every value below g,
    /// so there is one whenever it is not; a move to a larger value may
    /// make it 0 too, and is listed), in the order of
    /// [`SumPosition::moves`]. Each component is searched for the one
    /// nimber it must go to, so the cost is one look-up per move, whatever
    /// the number of components and heaps (`grundy=50x4096` has 98,304
    /// moves).
    pub fn winning_moves(&self, p: &SumPosition) -> Vec<SumMove> {
        let sum = self.nim_sum(p);
        let mut out = Vec::new();
        if sum == 0 {
            return out;
        }
        for (component, c) in p.components.iter().enumerate() {
            let g = self.of(c);
            let target = g ^ sum;
            match c {
                Component::Chomp(bar) => out.extend(bar.moves().filter_map(|m| {
                    let child = bar.play(m).ok()?;
                    (self.of(&Component::Chomp(child)) == target).then_some(SumMove::Chomp {
                        component,
                        row: m.row,
                        col: m.col,
                    })
                })),
                Component::Heaps(h) => {
                    let rule = h.rule();
                    let table = self.table(rule);
                    let value = |n: u32| value_in(table, n);
                    for (heap, &n) in h.live().iter().enumerate() {
                        // The move must turn this heap's value into the one
                        // that leaves the component at `target`.
                        let want = value(n) ^ g ^ target;
                        out.extend(rule.options(n).filter_map(|o| {
                            (value(o.big) ^ value(o.small) == want).then_some(SumMove::Heap {
                                component,
                                heap,
                                take: o.take,
                                big: o.big,
                                small: o.small,
                            })
                        }));
                    }
                }
                // A Nim heap only goes down; other games may also move up
                // to the value that makes the sum 0 (a Kayles row of 4, worth
                // 1, has a move to 3).
                Component::Nim(_) if target < g => out.push(SumMove::Nim {
                    component,
                    leave: target,
                }),
                Component::Nim(_) => {}
            }
        }
        out
    }
}

/// G(n) read from a rule's table (0 past it, or with no table).
fn value_in(table: Option<&ValueTable>, n: u32) -> u32 {
    table.and_then(|t| t.get(n)).unwrap_or(0)
}

/// Moves left in one component.
fn moves_in(c: &Component) -> u64 {
    match c {
        Component::Chomp(p) => p.moves().count() as u64,
        Component::Heaps(h) => {
            let rule = h.rule();
            h.live().iter().map(|&n| rule.option_count(n)).sum()
        }
        Component::Nim(n) => u64::from(*n),
    }
}

impl SumPosition {
    /// For each legal move, in the order of [`SumPosition::moves`], the
    /// number of moves left after it; computed from the component the move
    /// is made in, so it costs one step per move (a Chomp bar's replies
    /// are counted on the bar).
    pub fn moves_left(&self) -> Vec<(SumMove, u64)> {
        let each: Vec<u64> = self.components.iter().map(moves_in).collect();
        let total: u64 = each.iter().sum();
        self.moves()
            .into_iter()
            .map(|mv| {
                let i = mv.component();
                let here = match (mv, &self.components[i]) {
                    (SumMove::Chomp { row, col, .. }, Component::Chomp(p)) => p
                        .play(Move { row, col })
                        .map_or(0, |q| q.moves().count() as u64),
                    (
                        SumMove::Heap {
                            heap, big, small, ..
                        },
                        Component::Heaps(h),
                    ) => {
                        let rule = h.rule();
                        let n = h.live().get(heap).copied().unwrap_or(0);
                        each[i] - rule.option_count(n)
                            + rule.option_count(big)
                            + rule.option_count(small)
                    }
                    (SumMove::Nim { leave, .. }, _) => u64::from(leave),
                    _ => 0,
                };
                (mv, total - each[i] + here)
            })
            .collect()
    }
}

/// Reads one Chomp bar: `3x4` (rows × columns) or row lengths `4,4,2`
/// (spaces also separate them), at most [`MAX_CHOMP_SIDE`] on each side.
#[inline(never)]
pub fn parse_chomp(text: &str) -> Result<Position, SumError> {
    let bad = || SumError::BadChomp {
        text: text.chars().take(40).collect(),
    };
    let t = text.trim();
    let position = match t.split_once(['x', 'X', '×', '*']) {
        Some((r, c)) => {
            let side = |s: &str| {
                s.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=MAX_CHOMP_SIDE).contains(&n))
            };
            let (rows, cols) = side(r).zip(side(c)).ok_or_else(bad)?;
            Position::rectangle(rows, cols).map_err(|_| bad())?
        }
        None => parse_rows(t).map_err(|_| bad())?.position,
    };
    if position.height() > MAX_CHOMP_SIDE || position.width() > MAX_CHOMP_SIDE {
        return Err(bad());
    }
    Ok(position)
}

/// Reads Grundy components: separated by `,` or `;`, each one heap or
/// several joined by `+` (`13+7` is one component of two heaps).
#[inline(never)]
pub fn parse_grundy(text: &str) -> Result<Vec<Heaps>, MoveError> {
    let mut out = Vec::new();
    for word in text
        .split([',', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
    {
        let heaps = Heaps::parse(word).map_err(MoveError::Grundy)?;
        if let Some(&size) = heaps.live().iter().find(|&&n| n > MAX_GRUNDY) {
            return Err(MoveError::Sum(SumError::GrundyTooBig { size }));
        }
        out.push(heaps);
    }
    Ok(out)
}

/// Reads heap games of any rule: separated by `,` or `;`, each its rule, a
/// colon and its heaps joined by `+` (`kayles:5+3`, `0.333:9`); after the
/// first, a game written without a rule keeps the one before it
/// (`kayles:5+3,7` is two games of Kayles); `0` is a game with no token
/// left. Always normal play.
#[inline(never)]
pub fn parse_heaps(text: &str) -> Result<Vec<Heaps>, MoveError> {
    let mut out = Vec::new();
    let mut rule = None;
    for word in text
        .split([',', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
    {
        let heaps = match word.split_once(':') {
            Some((name, heaps)) => {
                let r =
                    Rule::parse(name.trim()).map_err(|e| MoveError::Sum(SumError::BadRule(e)))?;
                rule = Some(r);
                heaps
            }
            None => word,
        };
        let Some(rule) = rule else {
            return Err(MoveError::Sum(SumError::HeapRule {
                text: word.chars().take(20).collect(),
            }));
        };
        // `0`: a game whose last token was taken (a position written back).
        let heaps = if heaps.trim() == "0" {
            Heaps::empty(rule, false)
        } else {
            Heaps::parse_for(rule, false, heaps).map_err(MoveError::Grundy)?
        };
        let max = if rule == Rule::Grundy {
            MAX_GRUNDY
        } else {
            MAX_HEAP
        };
        let mut sizes = heaps
            .live()
            .iter()
            .chain(heaps.aside().iter().map(|(n, _)| n));
        if let Some(&size) = sizes.find(|&&n| n > max) {
            return Err(MoveError::Sum(if rule == Rule::Grundy {
                SumError::GrundyTooBig { size }
            } else {
                SumError::HeapTooBig { size }
            }));
        }
        out.push(heaps);
    }
    Ok(out)
}

/// Writes heap games as [`parse_heaps`] reads them, each game's rule
/// written when it is not the one before it: `kayles:5+3,7,0.333:9`.
pub fn format_heaps<'a>(games: impl Iterator<Item = &'a Heaps>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut rule = None;
    for h in games {
        let heaps = match format_grundy(h) {
            none if none.is_empty() => "0".to_string(),
            heaps => heaps,
        };
        if rule == Some(h.rule()) {
            out.push(heaps);
        } else {
            rule = Some(h.rule());
            let name = h
                .rule()
                .known_name()
                .map_or_else(|| h.rule().name(), String::from);
            out.push(format!("{name}:{heaps}"));
        }
    }
    out.join(",")
}

/// Reads Nim heaps separated by `,`, `;` or spaces.
#[inline(never)]
pub fn parse_nim(text: &str) -> Result<Vec<u32>, SumError> {
    let mut out = Vec::new();
    for w in text.split([',', ';', ' ']).filter(|w| !w.is_empty()) {
        match w.parse::<u32>() {
            Ok(n) if n <= MAX_NIM && w.bytes().all(|b| b.is_ascii_digit()) => out.push(n),
            _ => {
                return Err(SumError::BadNim {
                    text: w.chars().take(20).collect(),
                })
            }
        }
    }
    Ok(out)
}

/// Writes a Grundy component as [`parse_grundy`] reads it: `13+7+2x3`.
pub fn format_grundy(h: &Heaps) -> String {
    h.format().replace(',', "+")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(chomp: &[&str], grundy: &str, nim: &str) -> SumPosition {
        let mut components: Vec<Component> = chomp
            .iter()
            .map(|t| Component::Chomp(parse_chomp(t).unwrap()))
            .collect();
        components.extend(
            parse_grundy(grundy)
                .unwrap()
                .into_iter()
                .map(Component::Heaps),
        );
        components.extend(parse_nim(nim).unwrap().into_iter().map(Component::Nim));
        SumPosition { components }
    }

    /// A sum of Nim heaps and heap games of any rule (`parse_heaps`' text).
    fn heap_sum(heaps: &str, nim: &str) -> SumPosition {
        let mut components: Vec<Component> = parse_heaps(heaps)
            .unwrap()
            .into_iter()
            .map(Component::Heaps)
            .collect();
        components.extend(parse_nim(nim).unwrap().into_iter().map(Component::Nim));
        SumPosition { components }
    }

    #[test]
    fn heap_games_of_any_rule_are_decided_by_their_values() {
        // Against a plain search of the whole sum, memoised on the position.
        fn wins(p: &SumPosition, seen: &mut std::collections::HashMap<String, bool>) -> bool {
            let key = format!("{p:?}");
            if let Some(&w) = seen.get(&key) {
                return w;
            }
            let w = p
                .moves()
                .into_iter()
                .any(|m| !wins(&p.play(m).unwrap(), seen));
            seen.insert(key, w);
            w
        }
        let mut seen = std::collections::HashMap::new();
        for (heaps, nim) in [
            ("kayles:5+3,7", "1"),
            ("kayles:4,dawson:6", ""),
            ("0.333:9,kayles:3", "2"),
            ("4.07:6,0.333:5", ""),
            ("dawson:8,grundy:7", "3"),
            ("nim:3+2,0.6:5", ""),
            ("kayles:6,kayles:6", ""),
        ] {
            let p = heap_sum(heaps, nim);
            let v = Values::new(&p).unwrap();
            assert_eq!(wins(&p, &mut seen), v.nim_sum(&p) != 0, "{heaps} {nim}");
            // Every winning move leaves 0, and every move that leaves 0 is listed.
            let by_play: Vec<SumMove> = p
                .moves()
                .into_iter()
                .filter(|&mv| v.nim_sum(&p.play(mv).unwrap()) == 0)
                .collect();
            assert_eq!(v.winning_moves(&p), by_play, "{heaps} {nim}");
            let left: Vec<(SumMove, u64)> = p
                .moves()
                .into_iter()
                .map(|mv| (mv, p.play(mv).unwrap().moves().len() as u64))
                .collect();
            assert_eq!(p.moves_left(), left, "{heaps} {nim}");
        }
        // The guides' lesson 5: a Kayles row of 5, 9 matches and a Nim heap
        // of 2 (4 xor 1 xor 2 = 7) are won only in Kayles, by two pins.
        let p = heap_sum("kayles:5,0.333:9", "2");
        let v = Values::new(&p).unwrap();
        assert_eq!(v.nim_sum(&p), 7);
        let wins: Vec<(usize, u32, u32, u32)> = v
            .winning_moves(&p)
            .into_iter()
            .map(|m| match m {
                SumMove::Heap {
                    component,
                    take,
                    big,
                    small,
                    ..
                } => (component, take, big, small),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(wins, [(0, 2, 3, 0), (0, 2, 2, 1)]);
        // Kayles' values from Winning Ways: G(1..=7) = 1 2 3 1 4 3 2.
        let p = heap_sum("kayles:1,2,3,4,5,6,7", "");
        let v = Values::new(&p).unwrap();
        let each: Vec<u32> = p.components.iter().map(|c| v.of(c)).collect();
        assert_eq!(each, [1, 2, 3, 1, 4, 3, 2]);
    }

    #[test]
    fn heap_games_are_read_with_their_rules_and_written_back() {
        let games = parse_heaps("kayles:5+3, 7; 0.333:9,dawson:1").unwrap();
        let rules: Vec<String> = games.iter().map(|h| h.rule().name()).collect();
        assert_eq!(rules, ["0.77", "0.77", "0.333", "0.07"]);
        assert_eq!(games[0].live(), [5, 3]);
        // A heap of Dawson's Kayles of 1 has no move: set aside, worth 0.
        assert!(games[3].is_over());
        assert_eq!(format_heaps(games.iter()), "kayles:5+3,7,0.333:9,dawson:1");
        assert_eq!(
            format_heaps(parse_heaps(&format_heaps(games.iter())).unwrap().iter()),
            format_heaps(games.iter())
        );
        let code = |text: &str| parse_heaps(text).unwrap_err().code();
        assert_eq!(code("5,kayles:3"), "sum.heap_rule");
        assert_eq!(code("0.8:5"), "rule.digit");
        assert_eq!(code("abc:5"), "rule.syntax");
        assert_eq!(code(":5"), "rule.empty");
        assert_eq!(code("kayles:61"), "sum.heap_too_big");
        assert_eq!(code("grundy:61"), "sum.grundy_too_big");
        assert_eq!(code("kayles:x"), "heaps.not_a_number");
        assert_eq!(code("kayles:3+0"), "heaps.empty_heap");
        // `0` alone is a game with no token left (a finished game written back).
        assert!(parse_heaps("kayles:0").unwrap()[0].is_over());
        // The move of another rule is checked by that rule.
        let p = heap_sum("kayles:5", "");
        let mv = |take, big, small| SumMove::Heap {
            component: 0,
            heap: 0,
            take,
            big,
            small,
        };
        assert!(p.play(mv(3, 2, 0)).is_err());
        assert!(p.play(mv(0, 3, 2)).is_err());
        let q = p.play(mv(1, 2, 2)).unwrap();
        assert_eq!(q.moves().len(), 2 * 2);
    }

    #[test]
    fn nimbers_of_components_and_their_xor() {
        // The worksheet's 2 × 3 bar has nimber 4; G(8) = 2 (Grundy text's type
        // table); a Nim heap of 3 is 3: 4 xor 2 xor 3 = 5.
        let p = sum(&["2x3"], "8", "3");
        let v = Values::new(&p).unwrap();
        let each: Vec<u32> = p.components.iter().map(|c| v.of(c)).collect();
        assert_eq!(each, [4, 2, 3]);
        assert_eq!(v.nim_sum(&p), 5);
        let wins = v.winning_moves(&p);
        assert!(!wins.is_empty());
        for mv in wins {
            assert_eq!(v.nim_sum(&p.play(mv).unwrap()), 0);
        }
        // Equal nimbers cancel; a losing component is neutral.
        let p = sum(&["2x3"], "7,9,15", "4");
        let v = Values::new(&p).unwrap();
        assert_eq!(v.nim_sum(&p), 0);
        assert!(v.winning_moves(&p).is_empty());
    }

    #[test]
    fn the_nim_sum_decides_every_small_sum() {
        // Against a plain search of the whole sum: the player to move wins
        // exactly when the nim-sum is not 0.
        fn wins(p: &SumPosition) -> bool {
            p.moves().into_iter().any(|m| !wins(&p.play(m).unwrap()))
        }
        for (chomp, grundy, nim) in [
            (&["2x2"][..], "5", "2"),
            (&["3,1"][..], "6", "1"),
            (&["2x3"][..], "4", ""),
            (&[][..], "5,6", "3"),
            (&["1x3", "2,1"][..], "", "2"),
        ] {
            let p = sum(chomp, grundy, nim);
            let v = Values::new(&p).unwrap();
            assert_eq!(wins(&p), v.nim_sum(&p) != 0, "{chomp:?} {grundy} {nim}");
        }
    }

    #[test]
    fn winning_moves_and_moves_left_agree_with_playing_every_move() {
        // The plain definitions: play each move and look at what it leaves.
        for (chomp, grundy, nim) in [
            (&["2x3"][..], "8", "3"),
            (&["3,1", "2x2"][..], "6+9,7", "1,5"),
            (&["1x1"][..], "13+7+4", "0"),
            (&[][..], "11,11,12", "2,3"),
            (&["3x4", "2,1"][..], "", "6"),
        ] {
            let p = sum(chomp, grundy, nim);
            let v = Values::new(&p).unwrap();
            let by_play: Vec<SumMove> = p
                .moves()
                .into_iter()
                .filter(|&mv| v.nim_sum(&p.play(mv).unwrap()) == 0)
                .collect();
            assert_eq!(v.winning_moves(&p), by_play, "{chomp:?} {grundy} {nim}");
            let left: Vec<(SumMove, u64)> = p
                .moves()
                .into_iter()
                .map(|mv| (mv, p.play(mv).unwrap().moves().len() as u64))
                .collect();
            assert_eq!(p.moves_left(), left, "{chomp:?} {grundy} {nim}");
        }
    }

    #[test]
    fn moves_are_checked_and_refusals_coded() {
        let p = sum(&["2x3"], "7", "3");
        let nim = |component, leave| SumMove::Nim { component, leave };
        assert_eq!(p.play(nim(2, 3)).unwrap_err().code(), "sum.nim_take");
        assert_eq!(p.play(nim(0, 1)).unwrap_err().code(), "sum.no_component");
        assert_eq!(p.play(nim(9, 1)).unwrap_err().code(), "sum.no_component");
        let chomp = SumMove::Chomp {
            component: 0,
            row: 1,
            col: 1,
        };
        assert_eq!(p.play(chomp).unwrap_err().code(), "move.poison");
        let split = SumMove::Heap {
            component: 1,
            heap: 0,
            take: 0,
            big: 4,
            small: 4,
        };
        assert!(p.play(split).is_err());
        let split = SumMove::Heap {
            component: 1,
            heap: 0,
            take: 0,
            big: 4,
            small: 3,
        };
        let q = p.play(split).unwrap();
        assert_eq!(
            format_grundy(match &q.components[1] {
                Component::Heaps(h) => h,
                _ => unreachable!(),
            }),
            "4+3"
        );
        assert_eq!(p.moves().len(), 5 + 3 + 3);
        assert!(!p.is_over());
        assert!(sum(&["1x1"], "2+1", "0").is_over());
    }

    #[test]
    fn texts_are_read_and_bad_ones_named() {
        assert_eq!(parse_chomp("3x4").unwrap().rows(), [4, 4, 4]);
        assert_eq!(parse_chomp(" 4, 4, 2 ").unwrap().rows(), [4, 4, 2]);
        for bad in [
            "11x2",
            "0x3",
            "3,4",
            "x",
            "",
            "abc",
            "1,1,1,1,1,1,1,1,1,1,1",
        ] {
            assert_eq!(
                parse_chomp(bad).unwrap_err().code(),
                "sum.bad_chomp",
                "{bad}"
            );
        }
        assert_eq!(parse_grundy("13+7, 5").unwrap().len(), 2);
        assert_eq!(parse_grundy("61").unwrap_err().code(), "sum.grundy_too_big");
        assert_eq!(parse_grundy("a").unwrap_err().code(), "heaps.not_a_number");
        assert_eq!(parse_nim("3, 0;7").unwrap(), [3, 0, 7]);
        assert_eq!(parse_nim("61").unwrap_err().code(), "sum.bad_nim");
        assert_eq!(parse_nim("-1").unwrap_err().code(), "sum.bad_nim");
    }
}

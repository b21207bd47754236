//! Sums of games: Chomp bars, Grundy's-game heaps and Nim heaps side by side.
//! A move is made in one component; whoever cannot move in any loses.
//!
//! The Sprague–Grundy theorem says a sum is worth the xor (nim-sum) of its
//! components' nimbers: the player to move wins exactly when it is not 0,
//! by a move that makes it 0. The Grundy text's theorem 3.4 is the case of a
//! component of nimber 0 (a losing component is neutral), and its "types"
//! are nimbers (two components of the same type cancel). [`Values`] gives
//! every component its nimber from the Chomp and Grundy tables, and finds
//! the move that makes the nim-sum 0.

pub mod record;
pub mod session;

use crate::chomp::{parse_rows, Move, NimberTable, Position, PositionError};
use crate::error::{Coded, Params};
use crate::grundy::{GrundyError, GrundyTable, Heaps, Split};
use crate::turns::GamePosition;
use std::fmt;

/// Most components in a sum.
pub const MAX_COMPONENTS: usize = 8;
/// Largest Nim heap: its tokens are drawn one by one.
pub const MAX_NIM: u32 = 60;
/// Largest Grundy heap at the start: its matches are drawn one by one.
pub const MAX_GRUNDY: u32 = 60;
/// Longest side of a Chomp bar in a sum (its nimber table must fit
/// [`crate::chomp::MAX_NIMBER_POSITIONS`] too).
pub const MAX_CHOMP_SIDE: usize = 10;

/// One game of the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// A Chomp bar (the poison alone has no move left).
    Chomp(Position),
    /// Heaps of Grundy's game (one at the start; a split makes two).
    Grundy(Heaps),
    /// A Nim heap: a move takes any number of tokens, at least one.
    Nim(u32),
}

impl Component {
    /// True when no move is left in this component.
    pub fn is_over(&self) -> bool {
        match self {
            Component::Chomp(p) => p.is_terminal(),
            Component::Grundy(h) => h.is_over(),
            Component::Nim(n) => *n == 0,
        }
    }

    /// Its kind, as the page and links name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Component::Chomp(_) => "chomp",
            Component::Grundy(_) => "grundy",
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
    /// Splits live heap `heap` (0-based, among the component's heaps of 3 or
    /// more) into `big + small`.
    Grundy {
        /// The component.
        component: usize,
        /// The heap, among the component's live heaps.
        heap: usize,
        /// The larger part.
        big: u32,
        /// The smaller part.
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
            | SumMove::Grundy { component, .. }
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
            SumError::Empty => f.write_str("the sum has no game: give at least one Chomp bar, Grundy heap or Nim heap"),
            SumError::TooMany { count } => write!(f, "the sum has {count} games: at most {MAX_COMPONENTS} are played side by side"),
            SumError::BadNim { text } => write!(f, "the Nim heap \"{text}\" is not a whole number from 0 to {MAX_NIM}"),
            SumError::GrundyTooBig { size } => write!(f, "a Grundy heap of {size} matches is too big to draw here: at most {MAX_GRUNDY}"),
            SumError::BadChomp { text } => write!(f, "the Chomp bar \"{text}\" is not rows×columns (such as 3x4) or row lengths (such as 4,4,2) of at most {MAX_CHOMP_SIDE} × {MAX_CHOMP_SIDE}"),
            SumError::NoComponent { component, kind } => write!(f, "game {component} of the sum is not a {kind} game"),
            SumError::NimTake { size, leave } => write!(f, "a Nim heap of {size} cannot be left with {leave}: take at least one token"),
            SumError::RecordSyntax { index, text } => write!(f, "move {index} of the record is \"{text}\": write each move as its game's number, a colon and the move, such as 1:2,3 (a Chomp square), 2:6+3 (a Grundy split) or 3:1 (the Nim tokens left)"),
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
    /// Refused by Grundy's game's rules.
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
                SumMove::Grundy {
                    heap, big, small, ..
                },
                Some(Component::Grundy(h)),
            ) => Component::Grundy(
                h.apply(Split { heap, big, small })
                    .map_err(MoveError::Grundy)?,
            ),
            (SumMove::Nim { leave, .. }, Some(Component::Nim(n))) => {
                if leave >= *n {
                    return Err(MoveError::Sum(SumError::NimTake { size: *n, leave }));
                }
                Component::Nim(leave)
            }
            (SumMove::Chomp { .. }, _) => return Err(wrong("chomp")),
            (SumMove::Grundy { .. }, _) => return Err(wrong("grundy")),
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
                Component::Grundy(h) => {
                    for (heap, &n) in h.live().iter().enumerate() {
                        out.extend(crate::grundy::splits_of(n).map(|(big, small)| {
                            SumMove::Grundy {
                                component,
                                heap,
                                big,
                                small,
                            }
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
        self.play(*mv)
            .expect("moves in a game were checked when played")
    }
}

/// The tables that give each component its nimber: one Chomp table for a
/// box holding every bar of the sum, and Grundy's values up to its largest heap.
pub struct Values {
    chomp: Option<NimberTable>,
    grundy: GrundyTable,
}

impl Values {
    /// Tables for the components of `start` (every later position fits them:
    /// moves only shrink bars and heaps).
    #[inline(never)]
    pub fn new(start: &SumPosition) -> Result<Values, SumError> {
        let (mut rows, mut cols, mut heap) = (0, 0, 0);
        for c in &start.components {
            match c {
                Component::Chomp(p) => {
                    rows = rows.max(p.height());
                    cols = cols.max(p.width());
                }
                Component::Grundy(h) => {
                    heap = heap.max(h.live().iter().copied().max().unwrap_or(0))
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
        Ok(Values {
            chomp,
            grundy: GrundyTable::new(heap),
        })
    }

    /// The Grundy value of a heap of Grundy's game (0 past the table: never
    /// asked, since heaps only shrink).
    pub fn heap(&self, n: u32) -> u32 {
        u32::from(self.grundy.get(n).unwrap_or(0))
    }

    /// The nimber of one component.
    pub fn of(&self, c: &Component) -> u32 {
        match c {
            Component::Chomp(p) => self
                .chomp
                .as_ref()
                .and_then(|t| t.get(p).ok())
                .map_or(0, u32::from),
            Component::Grundy(h) => h.live().iter().fold(0, |x, &n| x ^ self.heap(n)),
            Component::Nim(n) => *n,
        }
    }

    /// The nim-sum of a position: 0 exactly when the player to move loses.
    pub fn nim_sum(&self, p: &SumPosition) -> u32 {
        p.components.iter().fold(0, |x, c| x ^ self.of(c))
    }

    /// Every move that makes the nim-sum 0 (none when it is 0 already; by
    /// the mex, a component of nimber g has a move to every value below g,
    /// so there is one whenever it is not), in the order of
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
            if target >= g {
                continue;
            }
            match c {
                Component::Chomp(bar) => out.extend(bar.moves().filter_map(|m| {
                    let child = bar.play(m).ok()?;
                    (self.of(&Component::Chomp(child)) == target).then_some(SumMove::Chomp {
                        component,
                        row: m.row,
                        col: m.col,
                    })
                })),
                Component::Grundy(h) => {
                    for (heap, &n) in h.live().iter().enumerate() {
                        // The split must turn this heap's value into the one
                        // that leaves the component at `target`.
                        let want = self.heap(n) ^ g ^ target;
                        out.extend(crate::grundy::splits_of(n).filter_map(|(big, small)| {
                            (self.heap(big) ^ self.heap(small) == want).then_some(SumMove::Grundy {
                                component,
                                heap,
                                big,
                                small,
                            })
                        }));
                    }
                }
                Component::Nim(_) => out.push(SumMove::Nim {
                    component,
                    leave: target,
                }),
            }
        }
        out
    }
}

/// Moves left in one component.
fn moves_in(c: &Component) -> u64 {
    match c {
        Component::Chomp(p) => p.moves().count() as u64,
        Component::Grundy(h) => h.live().iter().map(|&n| u64::from(splits(n))).sum(),
        Component::Nim(n) => u64::from(*n),
    }
}

/// Splits of a heap of `n` matches.
fn splits(n: u32) -> u32 {
    n.saturating_sub(1) / 2
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
                        SumMove::Grundy {
                            heap, big, small, ..
                        },
                        Component::Grundy(h),
                    ) => {
                        let n = h.live().get(heap).copied().unwrap_or(0);
                        each[i] - u64::from(splits(n))
                            + u64::from(splits(big))
                            + u64::from(splits(small))
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
                .map(Component::Grundy),
        );
        components.extend(parse_nim(nim).unwrap().into_iter().map(Component::Nim));
        SumPosition { components }
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
        let split = SumMove::Grundy {
            component: 1,
            heap: 0,
            big: 4,
            small: 4,
        };
        assert!(p.play(split).is_err());
        let split = SumMove::Grundy {
            component: 1,
            heap: 0,
            big: 4,
            small: 3,
        };
        let q = p.play(split).unwrap();
        assert_eq!(
            format_grundy(match &q.components[1] {
                Component::Grundy(h) => h,
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

//! The course of a game, the same for every game: whose turn it is, the
//! moves played so far with undo and redo, and who won.
//!
//! Player 1 is the person at the page; player 2 is the computer, or a second
//! person on the same device. In a demo the computer plays both sides, and
//! turns, undo and redo go as between two people.

use crate::error::{Coded, Params, Report};
use serde::Serialize;
use std::fmt;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The person at the page.
    One,
    /// The computer, or a second person.
    Two,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 1 or 2, as the page numbers players.
    pub fn number(self) -> u8 {
        match self {
            Player::One => 1,
            Player::Two => 2,
        }
    }
}

impl Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

/// A position of some game: all the course of a game needs to know of it.
pub trait GamePosition: Clone {
    /// A move of the game.
    type Move: Clone;
    /// True when the player to move has no move: the game is over, even
    /// before any move was played (a 1×1 Chomp bar, heaps of 2 and 1).
    fn is_over(&self) -> bool;
    /// Who wins a game that is over: true when the player left without a
    /// move loses (normal play, every game here). A misère variant, where
    /// that player wins, answers false; nothing else changes.
    fn stuck_player_loses(&self) -> bool {
        true
    }
    /// The position after `mv`, which was checked legal when it was played.
    fn after(&self, mv: &Self::Move) -> Self;
}

/// A move that was played, by whom, and what was known of it.
#[derive(Clone, Debug)]
pub struct Played<M, N> {
    /// The move.
    pub mv: M,
    /// Who played it.
    pub by: Player,
    /// What the game knew of the move when it was played.
    pub note: N,
}

/// The course of one game. Only moves are kept; positions are replayed from
/// the start when undo or redo jumps, so a long game costs memory in
/// proportion to its moves, not to moves × position size.
#[derive(Clone, Debug)]
pub struct Turns<P: GamePosition, N> {
    start: P,
    first: Player,
    against_computer: bool,
    demo: bool,
    plies: Vec<Played<P::Move, N>>,
    /// `plies[..cursor]` are on the board; the rest can be redone.
    cursor: usize,
    /// The position after `plies[..cursor]`, and the one before it.
    current: P,
    previous: Option<P>,
    /// After a jump to the computer's turn in the middle of a game: the
    /// computer waits until asked, so looking back does not drop the future.
    hold: bool,
    /// Where each undo in a row came from (ply and `hold`), most recent
    /// last: redo goes back there, so undo then redo changes nothing even
    /// where the person's next turn is further on (from a jump to the
    /// computer's turn). Any other change forgets them.
    undone_from: Vec<(usize, bool)>,
}

impl<P: GamePosition, N: Clone> Turns<P, N> {
    /// A game from `start`, `first` to move; `against_computer` when player 2
    /// is the computer.
    pub fn new(start: P, first: Player, against_computer: bool) -> Self {
        Turns {
            current: start.clone(),
            previous: None,
            start,
            first,
            against_computer,
            demo: false,
            plies: Vec::new(),
            cursor: 0,
            hold: false,
            undone_from: Vec::new(),
        }
    }

    /// The position on the board.
    pub fn position(&self) -> &P {
        &self.current
    }

    /// The position before the last move, if any.
    pub fn previous(&self) -> Option<&P> {
        self.previous.as_ref()
    }

    /// Where the game started.
    pub fn start(&self) -> &P {
        &self.start
    }

    /// Who moved first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Moves on the board, in order.
    pub fn played(&self) -> &[Played<P::Move, N>] {
        &self.plies[..self.cursor]
    }

    /// Every move of the game line: those on the board, then those undone.
    pub fn line(&self) -> &[Played<P::Move, N>] {
        &self.plies
    }

    /// The position after the first `ply` moves of the game line, if there
    /// are that many.
    pub fn position_at(&self, ply: usize) -> Option<P> {
        let moves = self.plies.get(..ply)?;
        Some(moves.iter().fold(self.start.clone(), |p, m| p.after(&m.mv)))
    }

    /// Moves that were undone and can be redone, in order.
    pub fn undone(&self) -> &[Played<P::Move, N>] {
        &self.plies[self.cursor..]
    }

    /// The last move on the board.
    pub fn last(&self) -> Option<&Played<P::Move, N>> {
        self.played().last()
    }

    /// Number of moves on the board.
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// Who moves after `ply` moves.
    pub fn player_at(&self, ply: usize) -> Player {
        if ply.is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Who moves now.
    pub fn to_move(&self) -> Player {
        self.player_at(self.cursor)
    }

    /// True when the game is played against the computer (not in a demo).
    pub fn vs_computer(&self) -> bool {
        self.against_computer && !self.demo
    }

    /// True in a demo: the computer plays both sides.
    pub fn demo(&self) -> bool {
        self.demo
    }

    /// Enters or leaves the demo. Left on the computer's turn, the game goes
    /// on at once: the computer's next move drops the rest of the demo's
    /// line, so it goes now, and an address written meanwhile (its `at`)
    /// does not bring the computer back waiting at a jump.
    pub fn set_demo(&mut self, on: bool) {
        self.demo = on;
        self.hold = false;
        self.undone_from.clear();
        if self.computer_to_move() {
            self.plies.truncate(self.cursor);
        }
    }

    /// True when the computer's turn was reached by a jump and the computer
    /// waits to be asked (the page shows a button instead of asking at once).
    pub fn computer_waits(&self) -> bool {
        self.hold && self.computer_to_move()
    }

    /// True when nobody can move any more.
    pub fn over(&self) -> bool {
        self.current.is_over()
    }

    /// The winner once the game is over, moves played or not: the player
    /// to move has none, and loses (or wins, where the position says so).
    pub fn winner(&self) -> Option<Player> {
        let stuck = self.to_move();
        self.over().then(|| {
            if self.current.stuck_player_loses() {
                stuck.other()
            } else {
                stuck
            }
        })
    }

    /// True when the computer is to move in a game against it.
    pub fn computer_to_move(&self) -> bool {
        self.vs_computer() && !self.over() && self.to_move() == Player::Two
    }

    /// True when the computer may move now: its turn, or any turn in a demo.
    pub fn computer_may_move(&self) -> bool {
        !self.over() && (self.demo || self.computer_to_move())
    }

    /// Plays `mv`, which leads to `after`; the moves that were undone are dropped.
    pub fn push(&mut self, mv: P::Move, after: P, note: N) {
        let by = self.to_move();
        self.plies.truncate(self.cursor);
        self.plies.push(Played { mv, by, note });
        self.hold = false;
        self.undone_from.clear();
        self.cursor += 1;
        self.previous = Some(std::mem::replace(&mut self.current, after));
    }

    /// Where undo goes: against the computer, back to the person's previous
    /// turn; otherwise one move back.
    pub fn undo_target(&self) -> Option<usize> {
        (0..self.cursor)
            .rev()
            .find(|&i| !self.vs_computer() || self.player_at(i) == Player::One)
    }

    /// Where redo goes: back where the last undo came from; otherwise,
    /// against the computer, forward to the person's next turn (or the
    /// end), else one move forward.
    pub fn redo_target(&self) -> Option<usize> {
        if let Some(&(ply, _)) = self.undone_from.last() {
            return Some(ply);
        }
        let end = self.plies.len();
        (self.cursor + 1..=end)
            .find(|&i| !self.vs_computer() || self.player_at(i) == Player::One || i == end)
    }

    /// Goes back; false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(target) = self.undo_target() else {
            return false;
        };
        let mut from = std::mem::take(&mut self.undone_from);
        from.push((self.cursor, self.hold));
        self.go_to(target);
        self.undone_from = from;
        true
    }

    /// Goes forward again (back where the last undo came from, the computer
    /// waiting again if it was); false when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        let Some(target) = self.redo_target() else {
            return false;
        };
        let mut from = std::mem::take(&mut self.undone_from);
        let hold = from.pop().is_some_and(|(_, hold)| hold);
        self.go_to(target);
        self.hold = hold;
        self.undone_from = from;
        true
    }

    /// Shows the position after `ply` moves (0: the start); later moves stay
    /// available to redo until a new move is played. False when out of
    /// range, and then nothing changes.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if ply > self.plies.len() {
            return false;
        }
        self.undone_from.clear();
        let mut position = self.start.clone();
        let mut previous = None;
        for p in &self.plies[..ply] {
            let next = position.after(&p.mv);
            previous = Some(std::mem::replace(&mut position, next));
        }
        self.current = position;
        self.previous = previous;
        self.cursor = ply;
        self.hold = false;
        true
    }

    /// Jumps to the position after `ply` moves of the game line, to look at
    /// it or play on from it (a new move drops the moves after it, as after
    /// undo). On the computer's turn the computer waits to be asked. False
    /// when out of range, and nothing changes (a computer waiting goes on waiting).
    pub fn jump(&mut self, ply: usize) -> bool {
        if !self.go_to(ply) {
            return false;
        }
        self.hold = true;
        true
    }

    /// Back to the start, every move forgotten.
    pub fn restart(&mut self) {
        self.plies.clear();
        self.go_to(0);
    }

    /// Whose turn it is and what undo and redo would do.
    pub fn view(&self) -> TurnsView {
        TurnsView {
            redo_count: self.undone().len(),
            to_move: self.to_move(),
            first: self.first,
            vs_computer: self.vs_computer(),
            computer_to_move: self.computer_to_move(),
            demo: self.demo,
            over: self.over(),
            winner: self.winner(),
            can_undo: self.undo_target().is_some(),
            can_redo: self.redo_target().is_some(),
            computer_waits: self.computer_waits(),
        }
    }
}

/// Whose turn it is and what the game buttons may do: the part of every
/// game's snapshot that is about the course of the game (written into it
/// field by field, or flattened by serde).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TurnsView {
    /// How many undone moves can be redone.
    pub redo_count: usize,
    /// Who moves now.
    pub to_move: Player,
    /// Who moved first.
    pub first: Player,
    /// True when player 2 is the computer (and not in a demo).
    pub vs_computer: bool,
    /// True when the computer is to move: the page asks for its move.
    pub computer_to_move: bool,
    /// True in a demo (the computer plays both sides).
    pub demo: bool,
    /// True when the player to move has no move.
    pub over: bool,
    /// The winner, once the game is over (at its start too, when the
    /// player to move has no move).
    pub winner: Option<Player>,
    /// Whether Undo does something.
    pub can_undo: bool,
    /// Whether Redo does something.
    pub can_redo: bool,
    /// True when the computer's turn was reached by a jump: the computer
    /// moves only when asked.
    pub computer_waits: bool,
}

crate::flat::fields!(TurnsView {
    redo_count,
    to_move,
    first,
    vs_computer,
    computer_to_move,
    demo,
    over,
    winner,
    can_undo,
    can_redo,
    computer_waits,
});

/// Undo, redo, restart, the demo and a jump in the record change a game's
/// line the same way in every game, then describe the result: a session says
/// where its line is and how it describes itself, and gets these five.
pub trait GameLine {
    /// The game's position.
    type Position: GamePosition;
    /// What the game notes with each move.
    type Note: Clone;
    /// What the views are sent after each change.
    type Snapshot;

    /// The line of the game being played (`TurnError::NoGame` before one).
    fn game_line(&mut self) -> Result<&mut Turns<Self::Position, Self::Note>, Report>;

    /// The game as it now stands, for the views.
    fn describe(&mut self) -> Result<Self::Snapshot, Report>;

    /// Takes back the person's last move (and the computer's reply).
    fn undo(&mut self) -> Result<Self::Snapshot, Report> {
        self.game_line()?.undo();
        self.describe()
    }

    /// Plays again what was undone.
    fn redo(&mut self) -> Result<Self::Snapshot, Report> {
        self.game_line()?.redo();
        self.describe()
    }

    /// Back to the start, every move forgotten.
    fn restart(&mut self) -> Result<Self::Snapshot, Report> {
        self.game_line()?.restart();
        self.describe()
    }

    /// Enters or leaves the demo.
    fn set_demo(&mut self, on: bool) -> Result<Self::Snapshot, Report> {
        self.game_line()?.set_demo(on);
        self.describe()
    }

    /// Shows the position after `ply` moves of the game line (the moves after
    /// it stay until a new one is played); on the computer's turn the
    /// computer waits to be asked.
    fn go_to(&mut self, ply: usize) -> Result<Self::Snapshot, Report> {
        if !self.game_line()?.jump(ply) {
            return Err(Report::of(&TurnError::Stale));
        }
        self.describe()
    }
}

/// Why a session cannot do what was asked right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// No game has been started in this session.
    NoGame,
    /// The game is over.
    GameOver,
    /// It is the computer's turn, not the person's.
    ComputerToMove,
    /// In a demo the computer plays both sides.
    Demo,
    /// The computer was asked to move when it is not its turn.
    NotComputers,
    /// The request was made for another position (after a move, undo or new
    /// game): it is dropped.
    Stale,
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TurnError::NoGame => "no game has been started",
            TurnError::GameOver => "the game is over: start a new game or undo",
            TurnError::ComputerToMove => "wait: it is the computer's turn",
            TurnError::Demo => "in the demo the computer plays both sides: leave the demo to play",
            TurnError::NotComputers => "it is not the computer's turn",
            TurnError::Stale => "the position changed before this request was answered",
        })
    }
}

impl std::error::Error for TurnError {}

impl Coded for TurnError {
    fn code(&self) -> &'static str {
        match self {
            TurnError::NoGame => "session.no_game",
            TurnError::GameOver => "turn.game_over",
            TurnError::ComputerToMove => "turn.computer",
            TurnError::Demo => "turn.demo",
            TurnError::NotComputers => "turn.not_computer",
            TurnError::Stale => "session.stale",
        }
    }

    fn params(&self) -> Params {
        vec![]
    }
}

/// Codes of [`TurnError`].
pub const CODES: &[&str] = &[
    "session.no_game",
    "turn.game_over",
    "turn.computer",
    "turn.demo",
    "turn.not_computer",
    "session.stale",
];

impl<P: GamePosition, N: Clone> Turns<P, N> {
    /// Why player 1 (or player 2 in a game between two people) may not move now.
    pub fn check_person_may_move(&self) -> Result<(), TurnError> {
        if self.over() {
            Err(TurnError::GameOver)
        } else if self.demo {
            Err(TurnError::Demo)
        } else if self.computer_to_move() {
            Err(TurnError::ComputerToMove)
        } else {
            Ok(())
        }
    }

    /// Why the computer may not move now; `at_ply` is the number of moves on
    /// the board when the request was made.
    pub fn check_computer_may_move(&self, at_ply: usize) -> Result<(), TurnError> {
        if at_ply != self.cursor {
            Err(TurnError::Stale)
        } else if self.over() {
            Err(TurnError::GameOver)
        } else if !self.computer_may_move() {
            Err(TurnError::NotComputers)
        } else {
            Ok(())
        }
    }
}

/// Checks a game that is over at its start (`game`: the pairs that start
/// it), against the computer and between two people, either player first:
/// the player to move has no move and loses, from the first snapshot on;
/// nothing to undo, and restart gives the same. `start` starts a session.
#[cfg(test)]
pub(crate) fn check_over_at_its_start<G>(
    game: &[(&str, &str)],
    start: impl Fn(&[(&str, &str)]) -> (G, G::Snapshot),
    view: impl Fn(&G::Snapshot) -> TurnsView,
) where
    G: GameLine,
    G::Snapshot: PartialEq + fmt::Debug,
{
    for level in ["perfect", "human"] {
        for (first, winner) in [("human", Player::Two), ("computer", Player::One)] {
            let mut pairs = game.to_vec();
            pairs.extend([("first", first), ("level", level)]);
            let (mut s, snap) = start(&pairs);
            let (v, what) = (view(&snap), format!("{game:?} {level} {first}"));
            assert!(v.over && !v.computer_to_move, "{what}");
            assert_eq!(
                (v.winner, v.to_move),
                (Some(winner), winner.other()),
                "{what}"
            );
            assert!(!v.can_undo && !v.can_redo, "{what}");
            assert_eq!(s.undo().unwrap(), snap, "{what}");
            assert_eq!(s.restart().unwrap(), snap, "{what}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A countdown: a move takes 1 or 2; 0 is over.
    impl GamePosition for u32 {
        type Move = u32;
        fn is_over(&self) -> bool {
            *self == 0
        }
        fn after(&self, take: &u32) -> u32 {
            self - take
        }
    }

    fn play(t: &mut Turns<u32, ()>, take: u32) {
        let after = t.position() - take;
        t.push(take, after, ());
    }

    #[test]
    fn turns_alternate_and_the_last_mover_wins() {
        let mut t: Turns<u32, ()> = Turns::new(3, Player::One, true);
        assert_eq!(t.to_move(), Player::One);
        assert!(!t.computer_to_move());
        play(&mut t, 1);
        assert_eq!(t.to_move(), Player::Two);
        assert!(t.computer_to_move());
        assert_eq!(t.previous(), Some(&3));
        play(&mut t, 2);
        assert!(t.over());
        assert_eq!(t.winner(), Some(Player::Two));
        assert!(!t.computer_to_move());
        assert!(!t.computer_may_move());
    }

    #[test]
    fn a_game_over_at_its_start_is_lost_by_the_player_to_move() {
        // Nobody has moved, yet the player to move has no move: that player
        // loses and the other wins, against the computer, between two people
        // and in a demo alike; undo has nothing to take back and restart
        // gives the same.
        for (first, vs_computer, demo) in [
            (Player::One, true, false),
            (Player::Two, true, false),
            (Player::One, false, false),
            (Player::Two, false, false),
            (Player::One, true, true),
        ] {
            let mut t: Turns<u32, ()> = Turns::new(0, first, vs_computer);
            t.set_demo(demo);
            let want = Some(first.other());
            assert!(t.over() && !t.computer_to_move() && !t.computer_may_move());
            assert_eq!((t.winner(), t.view().winner), (want, want), "{first:?}");
            assert!(!t.undo() && !t.view().can_undo);
            assert_eq!(t.winner(), want);
            t.restart();
            assert_eq!((t.ply(), t.winner()), (0, want));
        }
        // Before the end, nobody has won.
        let t: Turns<u32, ()> = Turns::new(1, Player::One, true);
        assert_eq!(t.winner(), None);
    }

    /// A position whose player left without a move wins (misère play): the
    /// winner rule is the position's, so such a variant is this one answer.
    #[derive(Clone, Debug, PartialEq)]
    struct Stuck(u32);

    impl GamePosition for Stuck {
        type Move = u32;
        fn is_over(&self) -> bool {
            self.0 == 0
        }
        fn stuck_player_loses(&self) -> bool {
            false
        }
        fn after(&self, take: &u32) -> Stuck {
            Stuck(self.0 - take)
        }
    }

    #[test]
    fn the_winner_follows_the_positions_rule_for_the_player_left_without_a_move() {
        let mut t: Turns<Stuck, ()> = Turns::new(Stuck(2), Player::One, false);
        t.push(2, Stuck(0), ());
        assert_eq!(t.winner(), Some(Player::Two));
        let start: Turns<Stuck, ()> = Turns::new(Stuck(0), Player::One, true);
        assert_eq!(start.winner(), Some(Player::One));
    }

    #[test]
    fn undo_against_the_computer_skips_its_reply() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::One, true);
        for take in [1, 2, 1, 2] {
            play(&mut t, take);
        }
        assert_eq!(t.ply(), 4);
        assert!(t.undo());
        assert_eq!(t.ply(), 2);
        assert_eq!(t.to_move(), Player::One);
        assert_eq!((t.position(), t.previous()), (&6, Some(&8)));
        assert!(t.undo());
        assert_eq!(t.ply(), 0);
        assert!(!t.undo());
        assert!(t.redo());
        assert_eq!(t.ply(), 2);
        assert!(t.redo());
        assert_eq!(t.ply(), 4);
        assert!(!t.redo());
        // A new move after undo drops the future.
        t.undo();
        play(&mut t, 2);
        assert_eq!(t.undone().len(), 0);
        assert_eq!(t.position(), &4);
    }

    #[test]
    fn computer_first_cannot_be_undone_past_its_opening() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::Two, true);
        assert!(t.computer_to_move());
        play(&mut t, 1);
        assert_eq!(t.undo_target(), None);
        play(&mut t, 1);
        play(&mut t, 1);
        assert_eq!(t.undo_target(), Some(1));
    }

    #[test]
    fn two_people_and_demos_undo_one_move_at_a_time() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::One, false);
        play(&mut t, 1);
        play(&mut t, 1);
        assert!(!t.computer_to_move());
        assert_eq!(t.undo_target(), Some(1));
        let mut d: Turns<u32, ()> = Turns::new(9, Player::One, true);
        d.set_demo(true);
        assert!(!d.vs_computer());
        assert!(d.computer_may_move());
        play(&mut d, 1);
        play(&mut d, 1);
        assert_eq!(d.undo_target(), Some(1));
        assert!(d.go_to(0));
        assert_eq!(d.redo_target(), Some(1));
        assert!(!d.go_to(3));
        d.restart();
        assert_eq!((d.ply(), d.undone().len()), (0, 0));
    }

    #[test]
    fn a_jump_keeps_the_future_and_the_computer_waits_there() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::One, true);
        for take in [1, 2, 1, 2] {
            play(&mut t, take);
        }
        // Back to the computer's turn after the person's first move.
        assert!(t.jump(1));
        assert_eq!((t.position(), t.undone().len()), (&8, 3));
        assert!(t.computer_to_move() && t.computer_waits());
        assert!(t.view().computer_waits);
        assert_eq!(t.check_computer_may_move(1), Ok(()));
        assert_eq!(t.position_at(4), Some(3));
        assert_eq!(t.position_at(5), None);
        assert_eq!(t.line().len(), 4);
        // Undo, redo or a move stop the waiting; a move drops the future.
        assert!(t.jump(3));
        assert!(t.computer_waits());
        play(&mut t, 1);
        assert!(!t.computer_waits());
        assert_eq!(t.line().len(), 4);
        assert!(t.jump(0) && !t.computer_waits());
        assert!(!t.jump(9));
        // A jump refused (out of range) leaves the computer waiting where it was.
        assert!(t.jump(1) && t.computer_waits());
        assert!(!t.jump(9));
        assert!(t.computer_waits() && t.ply() == 1);
    }

    #[test]
    fn a_demo_left_on_the_computers_turn_is_a_game_at_its_lines_end() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::One, true);
        t.set_demo(true);
        for take in [1, 2, 1, 2] {
            play(&mut t, take);
        }
        // Stepped back to player 2's turn, then left: the computer plays from
        // there, so the line ends there and the game is not one to come back
        // to at a jump (where it would wait).
        assert!(t.undo() && t.undo() && t.undo());
        assert_eq!((t.ply(), t.line().len()), (1, 4));
        t.set_demo(false);
        assert_eq!((t.ply(), t.line().len(), t.position()), (1, 1, &8));
        assert!(t.computer_to_move() && !t.computer_waits());
        assert_eq!(crate::params::resume_ply(&t), None);
        // Left on the person's turn, the line stays to be redone.
        let mut p: Turns<u32, ()> = Turns::new(9, Player::One, true);
        p.set_demo(true);
        for take in [1, 2, 1, 2] {
            play(&mut p, take);
        }
        assert!(p.go_to(2));
        p.set_demo(false);
        assert_eq!((p.ply(), p.line().len()), (2, 4));
        assert!(!p.computer_to_move());
        assert_eq!(crate::params::resume_ply(&p), Some(2));
    }

    #[test]
    fn a_refused_jump_changes_nothing() {
        let mut t: Turns<u32, ()> = Turns::new(9, Player::One, true);
        for take in [1, 2, 1, 2] {
            play(&mut t, take);
        }
        assert!(t.jump(1) && t.computer_waits());
        let before = t.view();
        // Past the line: refused, and the computer still waits.
        assert!(!t.jump(7));
        assert_eq!(t.view(), before);
        assert_eq!((t.ply(), t.position()), (1, &8));
    }

    #[test]
    fn undo_then_redo_comes_back_where_it_was() {
        let mut t: Turns<u32, ()> = Turns::new(20, Player::One, true);
        for take in [1, 2, 1, 2, 1, 2] {
            play(&mut t, take);
        }
        // From a jump to the computer's turn: 1 → 0 → 1, the computer waiting again.
        assert!(t.jump(1));
        let at = t.view();
        assert!(t.undo());
        assert_eq!(t.ply(), 0);
        assert!(t.redo());
        assert_eq!((t.ply(), t.view()), (1, at));
        // Several undos, then as many redos, retrace the same plies.
        assert!(t.jump(5));
        let mut trail = vec![(t.ply(), t.view())];
        while t.undo() {
            trail.push((t.ply(), t.view()));
        }
        assert_eq!(
            trail.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
            [5, 4, 2, 0]
        );
        trail.pop();
        while let Some(want) = trail.pop() {
            assert!(t.redo());
            assert_eq!((t.ply(), t.view()), want);
        }
        // Then redo goes on as before: to the person's next turn.
        assert!(t.redo());
        assert_eq!(t.ply(), 6);
        // Anything else in between forgets where the undos came from.
        assert!(t.jump(3));
        assert!(t.undo());
        play(&mut t, 1);
        assert!(!t.redo());
    }
}

//! The turn loop: the bot of the player who decides now picks a move, the state checks and
//! applies it, until someone wins on their turn or the turn cap ends the game with no winner.

use super::bots::{BotKind, Scratch};
use super::moves::Move;
use super::producers::{Producer, JITTER, LOOSE_JITTER};
use super::state::{Phase, State};
use super::table::{OpeningFault, PlayError, Table, MAX_SEATS};
use crate::balance::players::TableModel;
use crate::generate::random::Random;
use crate::model::bits::{bit, has};

/// A turn with more moves than this is ended for the bot: a guard against a bot that would
/// trade for ever (no test has seen it needed).
pub const MOVES_PER_TURN: u32 = 200;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's seat (0-based turn order), `None` at the turn cap.
    pub winner: Option<usize>,
    /// Every seat's final points, hidden victory point cards included.
    pub points: [u8; MAX_SEATS],
    pub turns: u32,
    /// Opening settlements given to the game that the rules refused (the game played a
    /// legal one instead); a bot's own moves are checked in debug builds only.
    pub refused: u32,
    /// Turns (or special building phases) ended for the bot after [`MOVES_PER_TURN`] moves.
    pub cut_turns: u32,
}

/// Whether `opening` (two settlements a seat, in the order placed) can open a game of
/// `seats` on `table`: placed in snake order, each settlement on a start corner and free of
/// the distance rule (Almanac, "Set-up Phase", "Distance Rule"). The error says which
/// settlement fails and why.
pub fn check_opening(
    table: &Table,
    seats: usize,
    opening: &[[u8; 2]; MAX_SEATS],
) -> Result<(), PlayError> {
    let mut blocked = 0;
    for step in 0..2 * seats {
        let round = usize::from(step >= seats);
        let seat = if round == 0 {
            step
        } else {
            2 * seats - 1 - step
        };
        let corner = usize::from(opening[seat][round]);
        let fault = if corner >= table.corners {
            Some(OpeningFault::OffBoard)
        } else if !has(table.start, corner) {
            Some(OpeningFault::NotStart)
        } else if has(blocked, corner) {
            Some(OpeningFault::DistanceRule)
        } else {
            None
        };
        if let Some(fault) = fault {
            return Err(PlayError::Opening {
                seat,
                round,
                corner,
                fault,
            });
        }
        blocked |= bit(corner) | table.corner_neighbours[corner];
    }
    Ok(())
}

/// One game on a table.
pub struct Game<'t> {
    pub table: &'t Table,
    pub state: State,
    rng: Random,
    bots: [BotKind; MAX_SEATS],
    /// Who sits at the table: each game draws every seat's style from it.
    model: TableModel,
    /// The bots' working memory, kept from game to game on this table.
    scratch: Scratch,
    refused: u32,
    cut_turns: u32,
    /// Each seat's two opening settlements when the opening is given (a fair start), in the
    /// order placed; `None`: the bots choose.
    opening: Option<[[u8; 2]; MAX_SEATS]>,
    /// The opening as the first game [`Game::play`]ed played it, for the games after it.
    opened: Option<Opened>,
}

/// Where every game on a table stands after its opening. No die is rolled and no card
/// drawn before the first turn, and at a table of identical greedy players
/// ([`TableModel::is_fixed`]) both bots place their settlements and roads from the board
/// alone (or the given opening), so every game opens the same way whatever its seed: only
/// the shuffled deck differs. Later games copy the opening rather than choose it
/// again, which was about a seventh of a game's work (greedy bots, base board).
#[derive(Clone)]
struct Opened {
    state: State,
    refused: u32,
    cut_turns: u32,
}

impl<'t> Game<'t> {
    /// A game for `seats` players, each played by `bots[seat]`, its dice and deck from
    /// `seed`. The caller checks `seats` against the table ([`super::PlayTest::new`] does).
    pub fn new(table: &'t Table, seats: usize, bots: [BotKind; MAX_SEATS], seed: u64) -> Game<'t> {
        let mut game = Game {
            table,
            state: State::new(table, seats),
            rng: Random::new(seed),
            bots,
            model: TableModel::Greedy,
            scratch: Scratch::default(),
            refused: 0,
            cut_turns: 0,
            opening: None,
            opened: None,
        };
        game.reset(seed);
        game
    }

    /// Games that open with these settlements, two a seat in the order placed (a fair
    /// start's), the bots placing only the roads; or, in words, why the rules refuse one
    /// ([`check_opening`]).
    pub fn with_opening(mut self, opening: [[u8; 2]; MAX_SEATS]) -> Result<Game<'t>, PlayError> {
        check_opening(self.table, self.state.seats, &opening)?;
        self.opening = Some(opening);
        self.opened = None;
        Ok(self)
    }

    /// Games at a table of `model`'s players: from this game on, each game draws every
    /// seat's style (after the deck is shuffled; [`TableModel::draw`]).
    pub fn with_model(mut self, model: TableModel) -> Game<'t> {
        self.model = model;
        self.opened = None;
        self.draw_styles();
        self
    }

    /// Starts again from the opening with a new seed, keeping the seats, bots and model.
    pub fn reset(&mut self, seed: u64) {
        self.state = State::new(self.table, self.state.seats);
        self.rng = Random::new(seed);
        let len = self.state.deck_len;
        self.rng.shuffle(&mut self.state.deck[..len]);
        self.refused = 0;
        self.cut_turns = 0;
        self.draw_styles();
    }

    /// Every seat's style, and for a table of producers its producer (drawn after the
    /// style; the other models draw no producer, so their games use the dice as before).
    fn draw_styles(&mut self) {
        for seat in 0..self.state.seats {
            let style = self.model.draw(&mut self.rng);
            self.scratch.set_style(seat, style);
            let producer = match self.model {
                TableModel::Producers => Some(Producer::draw(&mut self.rng, JITTER)),
                TableModel::ProducersLoose => Some(Producer::draw(&mut self.rng, LOOSE_JITTER)),
                _ => None,
            };
            self.scratch.set_producer(seat, producer);
        }
    }

    /// How the player in `seat` opens this game, if as a producer
    /// ([`TableModel::Producers`]).
    pub fn producer(&self, seat: usize) -> Option<Producer> {
        self.scratch.producer(seat)
    }

    /// One decision; `false` once the game is over.
    pub fn step(&mut self) -> bool {
        self.step_watched(|_, _, _| {})
    }

    /// [`Game::step`], showing `watch` each move a bot chooses before it is applied (the
    /// tests hold it to the legal moves).
    pub fn step_watched(&mut self, mut watch: impl FnMut(&Table, &State, Move)) -> bool {
        if self.state.is_over() {
            return false;
        }
        let actor = self.state.actor;
        let setup_settlement = self.state.phase == (Phase::Setup { road: false });
        let given = if let (Some(opening), true) = (&self.opening, setup_settlement) {
            let round = usize::from(self.state.setup_step >= self.state.seats);
            Move::BuildSettlement(opening[actor][round])
        } else if self.state.turn_moves >= MOVES_PER_TURN
            && self.state.is_legal(self.table, Move::EndTurn)
        {
            self.cut_turns += 1;
            Move::EndTurn
        } else {
            let chosen =
                self.bots[actor].decide(self.table, &self.state, &mut self.rng, &mut self.scratch);
            watch(self.table, &self.state, chosen);
            // A bot builds its moves from the rules (the tests hold it to them, and debug
            // builds check each one), so checking each again in release was a twentieth of
            // a game.
            self.state.apply_legal(self.table, chosen, &mut self.rng);
            return !self.state.is_over();
        };
        watch(self.table, &self.state, given);
        if self.state.apply(self.table, given, &mut self.rng).is_err() {
            // A given opening the rules refuse: release builds play on (counted, and
            // reported by the play-test), debug builds stop here so the tests find it.
            debug_assert!(
                false,
                "the rules refused {given:?} in {:?}",
                self.state.phase
            );
            self.refused += 1;
            self.state.legal(self.table, &mut self.scratch.moves);
            match self.scratch.moves.as_slice().first() {
                Some(&m) => {
                    let _ = self.state.apply(self.table, m, &mut self.rng);
                }
                // No legal move at all (a board too small for the opening): no winner.
                None => self.state.phase = Phase::Over,
            }
        }
        !self.state.is_over()
    }

    /// Plays to the end: the same game as [`Game::step`] to the end, the opening copied
    /// from the first game played at a fixed table ([`Opened`]).
    pub fn play(&mut self) -> Outcome {
        self.open();
        while self.step() {}
        self.outcome()
    }

    /// Plays the opening of a game not yet begun, or copies it from the first.
    fn open(&mut self) {
        let fresh = self.state.phase == (Phase::Setup { road: false })
            && self.state.setup_step == 0
            && self.state.turn_moves == 0;
        if !fresh || !self.model.is_fixed() {
            return;
        }
        match &self.opened {
            Some(opened) => {
                let deck = self.state.deck;
                self.state.clone_from(&opened.state);
                self.state.deck = deck;
                self.refused += opened.refused;
                self.cut_turns += opened.cut_turns;
            }
            None => {
                let (refused, cut_turns) = (self.refused, self.cut_turns);
                while matches!(self.state.phase, Phase::Setup { .. }) && self.step() {}
                self.opened = Some(Opened {
                    state: self.state.clone(),
                    refused: self.refused - refused,
                    cut_turns: self.cut_turns - cut_turns,
                });
            }
        }
    }

    pub fn outcome(&self) -> Outcome {
        let mut points = [0; MAX_SEATS];
        for (seat, p) in points.iter_mut().enumerate().take(self.state.seats) {
            *p = self.state.points(seat);
        }
        Outcome {
            winner: self.state.winner(),
            points,
            turns: self.state.turns,
            refused: self.refused,
            cut_turns: self.cut_turns,
        }
    }
}

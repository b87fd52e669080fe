//! The board on the table, being entered: the entry as it stands and each one before it
//! (for Undo), what a tap lays, and why the last tap laid nothing. Each tap is one
//! [`Step`] of the engine's [`Entry`], which refuses what the box cannot make; a refused
//! tap changes nothing but the reason shown. The play worker replays the page's taps
//! through it ([`EntryMove::read`] reads each tap's code, [`EntryMove::code`] writes it).

use hexfair::board::entry::{Entry, Refusal, Step};
use hexfair::board::Board;
use hexfair::model::{CellId, HarbourKind, Resource, Terrain};
use hexfair::share::conform::{problems, Problem};

use crate::app::protocol::play::TYPED_TAP;

/// Taps Undo can take back: a whole base board takes about 40, the largest about 200.
pub const MAX_UNDO: usize = 300;

/// What a tap on the frame lays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Terrain(Terrain),
    Number(u8),
    Harbour(HarbourKind),
    /// The hex tapped is where the letter spiral starts (letter A): the tokens are laid
    /// along it, the box's letters or the numbers typed.
    Spiral,
    /// Takes off what a tap reaches: a hex's token, else its terrain; a harbour.
    TakeOff,
}

/// A move on the entry screen.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryMove {
    Pick(Tool),
    TapHex(CellId),
    TapPlace(usize),
    /// The numbers the table reads off its board in spiral order, as typed (empty: the
    /// box's letters).
    TypeSpiral(String),
    Undo,
}

impl Tool {
    /// The tool's code in a tap and in the screen's markup (`data-tool`): stable, as the
    /// page keeps taps on the device between visits.
    pub fn code(self) -> String {
        match self {
            Tool::Terrain(t) => format!("terrain-{}", t.name()),
            Tool::Number(n) => format!("number-{n}"),
            Tool::Harbour(k) => format!("harbour-{}", k.resource().map_or("any", |r| r.name())),
            Tool::Spiral => "spiral".to_string(),
            Tool::TakeOff => "take-off".to_string(),
        }
    }

    /// The tool a code names, if it names one.
    pub fn read(code: &str) -> Option<Tool> {
        match code {
            "spiral" => return Some(Tool::Spiral),
            "take-off" => return Some(Tool::TakeOff),
            _ => {}
        }
        let (kind, what) = code.split_once('-')?;
        match kind {
            "terrain" => Terrain::ALL
                .into_iter()
                .find(|t| t.name() == what)
                .map(Tool::Terrain),
            "number" => what
                .parse()
                .ok()
                .filter(|n| (2..=12).contains(n) && *n != 7)
                .map(Tool::Number),
            "harbour" if what == "any" => Some(Tool::Harbour(HarbourKind::Generic)),
            "harbour" => Resource::parse(what).map(|r| Tool::Harbour(HarbourKind::Special(r))),
            _ => None,
        }
    }
}

impl EntryMove {
    /// The move's code: what the screen's markup puts on its target (`data-tap`) and the
    /// page sends back when it is tapped. `pick:terrain-forest`, `hex:4`, `place:2`,
    /// `typed:6 3 8`, `undo`.
    pub fn code(&self) -> String {
        match self {
            EntryMove::Pick(tool) => format!("pick:{}", tool.code()),
            EntryMove::TapHex(cell) => format!("hex:{}", cell.index()),
            EntryMove::TapPlace(place) => format!("place:{place}"),
            EntryMove::TypeSpiral(text) => format!("{TYPED_TAP}{text}"),
            EntryMove::Undo => "undo".to_string(),
        }
    }

    /// The move a code names, if it names one (a tap kept from another version of the page
    /// may not: it is passed over).
    pub fn read(code: &str) -> Option<EntryMove> {
        if code == "undo" {
            return Some(EntryMove::Undo);
        }
        if let Some(text) = code.strip_prefix(TYPED_TAP) {
            return Some(EntryMove::TypeSpiral(text.to_string()));
        }
        let (kind, what) = code.split_once(':')?;
        match kind {
            "pick" => Tool::read(what).map(EntryMove::Pick),
            "hex" => what.parse().ok().map(|i| EntryMove::TapHex(CellId::new(i))),
            "place" => what.parse().ok().map(EntryMove::TapPlace),
            _ => None,
        }
    }
}

/// Why the last tap laid nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The box cannot make it.
    Box(Refusal),
    /// The numbers typed for the spiral are not numbers from 2 to 12: the word that is not.
    NotANumber(String),
    /// The whole board breaks its layout's set-up (sea inland, a 6 on gold, McGuire's tokens
    /// off the harbour's spiral): a scenario's rules, not the table's, so it is not shown.
    SetUp(Vec<Problem>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entering {
    /// The entry now, last, after each one Undo goes back to.
    history: Vec<Entry>,
    pub tool: Tool,
    /// The numbers typed for the spiral.
    pub typed: String,
    pub refused: Option<Refused>,
}

impl Entering {
    /// An entry under way, its first tool the first terrain still to lay.
    pub fn new(entry: Entry) -> Entering {
        let tool = next_tool(&entry, None).unwrap_or(Tool::TakeOff);
        Entering {
            history: vec![entry],
            tool,
            typed: String::new(),
            refused: None,
        }
    }

    pub fn entry(&self) -> &Entry {
        self.history
            .last()
            .expect("an entry always has its first state")
    }

    /// Whether Undo has a step to take back.
    pub fn can_undo(&self) -> bool {
        self.history.len() > 1
    }

    /// The board, once everything is in.
    pub fn board(&self) -> Option<Board> {
        self.entry().board()
    }

    /// The board to show, once everything is in, or this entry with why its board breaks its
    /// layout's set-up.
    pub fn shown(self) -> Result<Board, Entering> {
        let Some(board) = self.board() else {
            return Err(self);
        };
        match problems(&board) {
            found if found.is_empty() => Ok(board),
            found => Err(Entering {
                refused: Some(Refused::SetUp(found)),
                ..self
            }),
        }
    }

    /// This entry after `step`.
    pub fn moved(mut self, step: EntryMove) -> Entering {
        self.refused = None;
        let entry = self.entry();
        let tried = match step {
            EntryMove::Pick(tool) => {
                self.tool = tool;
                return self;
            }
            EntryMove::TypeSpiral(text) => {
                self.typed = text;
                return self;
            }
            EntryMove::Undo => {
                if self.can_undo() {
                    self.history.pop();
                }
                return self;
            }
            EntryMove::TapHex(cell) => match self.tool {
                Tool::Terrain(terrain) => entry.apply(Step::Terrain { cell, terrain }),
                Tool::Number(number) => entry.apply(Step::Number { cell, number }),
                Tool::TakeOff if entry.numbers.get(cell.index()).is_some_and(Option::is_some) => {
                    // A printed token stays: its hex's terrain is what can come off then.
                    entry
                        .apply(Step::ClearNumber { cell })
                        .or_else(|_| entry.apply(Step::ClearHex { cell }))
                }
                Tool::TakeOff => entry.apply(Step::ClearHex { cell }),
                Tool::Spiral => match spiral_numbers(entry, &self.typed) {
                    Ok(numbers) => entry.lay_spiral(cell, &numbers),
                    Err(word) => {
                        self.refused = Some(Refused::NotANumber(word));
                        return self;
                    }
                },
                Tool::Harbour(_) => return self,
            },
            EntryMove::TapPlace(place) => match self.tool {
                Tool::Harbour(kind) => entry.apply(Step::Harbour { place, kind }),
                Tool::TakeOff => entry.apply(Step::ClearHarbour { place }),
                _ => return self,
            },
        };
        match tried {
            Ok(next) if next == *entry => {}
            Ok(next) => {
                if let Some(tool) = next_tool(&next, Some(self.tool)) {
                    self.tool = tool;
                }
                self.history.push(next);
                // Undo goes back this far: the whole of any board's entry, and a few
                // hundred kilobytes of entries in memory at most.
                if self.history.len() > MAX_UNDO + 1 {
                    self.history.remove(0);
                }
            }
            Err(refusal) => self.refused = Some(Refused::Box(refusal)),
        }
        self
    }
}

/// The numbers typed for the spiral (empty: the box's letters in order), or the first word
/// that is not a number from 2 to 12.
fn spiral_numbers(entry: &Entry, typed: &str) -> Result<Vec<u8>, String> {
    let words: Vec<&str> = typed
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(entry.letters().unwrap_or_default().to_vec());
    }
    words
        .into_iter()
        .map(|w| match w.parse::<u8>() {
            Ok(n) if (2..=12).contains(&n) && n != 7 => Ok(n),
            _ => Err(w.to_string()),
        })
        .collect()
}

/// The tool the next tap most likely wants, once `used` has laid its last piece: the next
/// piece of its kind still in the box; terrain done, the spiral (where the tokens follow
/// letters) or the first token; tokens done, the first harbour. `None`: keep the tool.
/// With no tool yet, the first piece still to lay.
fn next_tool(entry: &Entry, used: Option<Tool>) -> Option<Tool> {
    let missing = entry.missing();
    let left = |placed: usize, in_box: usize| placed < in_box;
    let terrain = missing
        .terrain
        .iter()
        .find(|c| left(c.placed, c.in_box))
        .map(|c| Tool::Terrain(c.piece));
    let number = missing
        .numbers
        .iter()
        .find(|c| left(c.placed, c.in_box))
        .map(|c| Tool::Number(c.piece));
    let harbour = missing
        .harbours
        .iter()
        .find(|c| left(c.placed, c.in_box))
        .map(|c| Tool::Harbour(c.piece));
    let tokens = || {
        let none_laid = missing.numbers.iter().all(|c| c.placed == 0);
        match entry.letters() {
            Some(_) if none_laid => Some(Tool::Spiral),
            _ => number,
        }
    };
    let still = |tool: Tool| match tool {
        Tool::Terrain(t) => missing
            .terrain
            .iter()
            .any(|c| c.piece == t && left(c.placed, c.in_box)),
        Tool::Number(n) => missing
            .numbers
            .iter()
            .any(|c| c.piece == n && left(c.placed, c.in_box)),
        Tool::Harbour(k) => missing
            .harbours
            .iter()
            .any(|c| c.piece == k && left(c.placed, c.in_box)),
        Tool::Spiral => missing.numbers.iter().any(|c| left(c.placed, c.in_box)),
        Tool::TakeOff => true,
    };
    match used {
        None => terrain.or_else(tokens).or(harbour),
        Some(tool) if still(tool) => None,
        Some(Tool::Terrain(_)) => terrain.or_else(tokens).or(harbour),
        Some(Tool::Number(_)) | Some(Tool::Spiral) => number.or(harbour),
        Some(Tool::Harbour(_)) => harbour,
        Some(Tool::TakeOff) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexfair::catalogue::LayoutId;

    fn tap_all(entering: Entering, cells: impl IntoIterator<Item = usize>) -> Entering {
        cells
            .into_iter()
            .fold(entering, |e, c| e.moved(EntryMove::TapHex(CellId::new(c))))
    }

    #[test]
    fn a_kind_laid_out_moves_the_tool_to_the_next_and_undo_takes_taps_back() {
        let entering = Entering::new(Entry::new(LayoutId::Base).unwrap());
        let Tool::Terrain(first) = entering.tool else {
            panic!("terrain first: {:?}", entering.tool)
        };
        let in_box = entering.entry().missing().terrain[0].in_box;
        let laid = tap_all(entering.clone(), 0..in_box);
        assert_ne!(laid.tool, Tool::Terrain(first), "that terrain is all laid");
        assert_eq!(
            laid.entry().terrain.iter().flatten().count(),
            in_box,
            "one hex a tap"
        );
        // Tapped again with the same terrain: nothing to undo for it.
        let same = laid
            .clone()
            .moved(EntryMove::Pick(Tool::Terrain(first)))
            .moved(EntryMove::TapHex(CellId::new(0)));
        assert_eq!(same.history.len(), laid.history.len());
        // One more of it is refused and changes nothing but the reason.
        let refused = same.moved(EntryMove::TapHex(CellId::new(in_box)));
        assert!(matches!(
            refused.refused,
            Some(Refused::Box(Refusal::NoTerrainLeft { .. }))
        ));
        assert_eq!(refused.entry(), laid.entry());
        let undone = (0..in_box).fold(laid, |e, _| e.moved(EntryMove::Undo));
        assert_eq!(undone.entry(), entering.entry());
        assert!(!undone.can_undo());
        assert_eq!(
            undone.clone().moved(EntryMove::Undo).entry(),
            entering.entry()
        );
    }

    #[test]
    fn numbers_typed_for_the_spiral_are_read_or_the_wrong_word_named() {
        let entry = Entry::new(LayoutId::Base).unwrap();
        assert_eq!(
            spiral_numbers(&entry, "  "),
            Ok(entry.letters().unwrap().to_vec())
        );
        assert_eq!(spiral_numbers(&entry, "5, 2 6;3"), Ok(vec![5, 2, 6, 3]));
        assert_eq!(spiral_numbers(&entry, "5 7 6"), Err("7".to_string()));
        assert_eq!(spiral_numbers(&entry, "5 x"), Err("x".to_string()));
        let typed = Entering::new(entry)
            .moved(EntryMove::TypeSpiral("5 13".into()))
            .moved(EntryMove::Pick(Tool::Spiral))
            .moved(EntryMove::TapHex(CellId::new(0)));
        assert_eq!(typed.refused, Some(Refused::NotANumber("13".into())));
        assert!(!typed.can_undo());
    }

    #[test]
    fn every_move_reads_back_from_its_code_and_a_strange_code_is_none() {
        let kinds =
            std::iter::once(HarbourKind::Generic).chain(Resource::ALL.map(HarbourKind::Special));
        let tools = Terrain::ALL
            .into_iter()
            .map(Tool::Terrain)
            .chain([2, 3, 4, 5, 6, 8, 9, 10, 11, 12].map(Tool::Number))
            .chain(kinds.map(Tool::Harbour))
            .chain([Tool::Spiral, Tool::TakeOff]);
        let moves = tools.map(EntryMove::Pick).chain([
            EntryMove::TapHex(CellId::new(18)),
            EntryMove::TapPlace(3),
            EntryMove::TypeSpiral("5 2: 6".into()),
            EntryMove::Undo,
        ]);
        for step in moves {
            assert_eq!(
                EntryMove::read(&step.code()),
                Some(step.clone()),
                "{}",
                step.code()
            );
        }
        for strange in [
            "",
            "hex:",
            "hex:-1",
            "pick:number-7",
            "pick:terrain-lava",
            "jump:3",
            "undo:1",
        ] {
            assert_eq!(EntryMove::read(strange), None, "{strange}");
        }
    }

    mod any_taps {
        use super::*;
        use proptest::prelude::*;

        fn any_move(hexes: usize, places: usize) -> impl Strategy<Value = EntryMove> {
            let terrain = prop::sample::select(Terrain::ALL.to_vec());
            let kind = prop::sample::select(
                std::iter::once(HarbourKind::Generic)
                    .chain(Resource::ALL.map(HarbourKind::Special))
                    .collect::<Vec<_>>(),
            );
            prop_oneof![
                terrain.prop_map(|t| EntryMove::Pick(Tool::Terrain(t))),
                (2u8..=12).prop_map(|n| EntryMove::Pick(Tool::Number(n))),
                kind.prop_map(|k| EntryMove::Pick(Tool::Harbour(k))),
                Just(EntryMove::Pick(Tool::Spiral)),
                Just(EntryMove::Pick(Tool::TakeOff)),
                (0..hexes + 2).prop_map(|c| EntryMove::TapHex(CellId::new(c))),
                (0..hexes + 2).prop_map(|c| EntryMove::TapHex(CellId::new(c))),
                (0..hexes + 2).prop_map(|c| EntryMove::TapHex(CellId::new(c))),
                (0..places + 2).prop_map(EntryMove::TapPlace),
                "[0-9 ,x]{0,12}".prop_map(EntryMove::TypeSpiral),
                Just(EntryMove::Undo),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]
            /// Whatever is tapped, in any order, the entry is one the box can make, its
            /// counts are what is on the board, and Undo walks back through boards the box
            /// can make to the empty frame.
            #[test]
            fn any_taps_leave_an_entry_the_box_can_make(
                (empty, moves) in prop::sample::select(
                    hexfair::catalogue::LayoutId::every()
                        .into_iter()
                        .filter_map(|id| Entry::new(id).ok())
                        .collect::<Vec<_>>()
                )
                .prop_flat_map(|empty| {
                    let (hexes, places) = (empty.terrain.len(), empty.harbours.len());
                    (Just(empty), prop::collection::vec(any_move(hexes, places), 0..150))
                }),
            ) {
                let mut entering = Entering::new(empty.clone());
                for step in moves {
                    entering = entering.moved(step);
                    let entry = entering.entry().clone();
                    prop_assert_eq!(entry.clone().checked(), Some(entry.clone()));
                    let missing = entry.missing();
                    let laid = entry.terrain.iter().zip(&empty.terrain)
                        .filter(|(now, printed)| now.is_some() && printed.is_none()).count();
                    prop_assert_eq!(missing.terrain.iter().map(|c| c.placed).sum::<usize>(), laid);
                    prop_assert!(missing.terrain.iter().all(|c| c.placed <= c.in_box));
                    prop_assert!(missing.numbers.iter().all(|c| c.placed <= c.in_box));
                    prop_assert!(missing.harbours.iter().all(|c| c.placed <= c.in_box));
                    prop_assert_eq!(entering.board().is_some(), missing.none());
                }
                while entering.can_undo() {
                    entering = entering.moved(EntryMove::Undo);
                    prop_assert!(entering.entry().clone().checked().is_some());
                }
                prop_assert_eq!(entering.entry(), &empty);
            }
        }
    }
}

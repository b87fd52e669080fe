//! What is placed where: terrain, number tokens, harbours and the robber on a layout.

pub mod entry;

use crate::catalogue::{HarbourPlan, HarbourSpot, Layout, LayoutId};
use crate::generate::harbours::{dealt_kinds, mcguire_harbours};
use crate::geometry::Hex;
use crate::model::CellId;
use crate::model::{HarbourKind, Resource, Terrain};

/// A harbour on the board: where it is and what it trades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Harbour {
    pub spot: HarbourSpot,
    pub kind: HarbourKind,
}

/// A generated board. `terrain` and `numbers` are indexed by [`CellId`] in the layout's
/// board-text order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub layout: LayoutId,
    pub terrain: Vec<Terrain>,
    pub numbers: Vec<Option<u8>>,
    pub harbours: Vec<Harbour>,
    pub robber: Option<CellId>,
    pub pirate: Option<Hex>,
}

impl Board {
    pub fn layout(&self) -> &'static Layout {
        Layout::get(self.layout)
    }

    /// The numbers that ride with a token on its hex: printed beside it, or stacked on the
    /// hexes of a number wherever it fell (Rivers of Catan: the 2 on the 12's hex).
    pub fn second_numbers(&self) -> Vec<(CellId, u8)> {
        self.layout().second_numbers(&self.numbers)
    }

    /// Whether a cell is land (anything but sea).
    pub fn is_land(&self, cell: CellId) -> bool {
        self.terrain[cell] != Terrain::Sea
    }

    /// The harbour kinds reachable from each corner.
    pub fn corner_harbours(&self) -> Vec<Option<HarbourKind>> {
        let mut out = vec![None; self.layout().topology.corners.len()];
        for h in &self.harbours {
            for c in h.spot.corners {
                out[c] = Some(h.kind);
            }
        }
        out
    }

    /// The terrain string of the board text format: one letter a cell, rows top to bottom.
    pub fn terrain_text(&self) -> String {
        self.terrain.iter().map(|t| t.letter()).collect()
    }

    /// The numbers of the board text format: comma-separated, `-` for a cell with none.
    pub fn numbers_text(&self) -> String {
        self.numbers
            .iter()
            .map(|n| n.map_or_else(|| "-".to_string(), |n| n.to_string()))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The harbours of the board text format (see [`parse_harbours`]): one entry a harbour
    /// place of the layout, in its order, comma-separated. `None` on a layout whose harbours
    /// have no places of their own (New World lays them next to land after the map).
    pub fn harbours_text(&self) -> Option<String> {
        let layout = self.layout();
        if layout.harbours == HarbourPlan::NextToLand {
            return None;
        }
        Some(
            dealt_kinds(layout, self)
                .into_iter()
                .map(harbour_entry)
                .collect::<Vec<_>>()
                .join(","),
        )
    }

    /// The board laid out as rows, for a terminal: `M10 P2 F9 / ...`.
    pub fn pretty_rows(&self) -> String {
        let layout = self.layout();
        let mut out = String::new();
        let widest = layout.rows.iter().copied().max().unwrap_or(0);
        let mut cell = 0;
        for &width in &layout.rows {
            out.push_str(&" ".repeat((widest - width) * 2));
            let row: Vec<String> = (cell..cell + width)
                .map(|c| match self.numbers[c] {
                    Some(n) => format!("{}{:<2}", self.terrain[c].letter(), n),
                    None => format!("{}- ", self.terrain[c].letter()),
                })
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
            cell += width;
        }
        out
    }
}

/// Why a board text could not be read; the faces say it in their words. Places count from 1,
/// as a person reads the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The terrain has another number of letters than the layout has hexes.
    TerrainCount {
        letters: usize,
        layout: LayoutId,
        hexes: usize,
    },
    /// The letter at this place is no terrain's.
    TerrainLetter { at: usize, letter: char },
    /// The numbers have another number of entries than the layout has hexes.
    NumberCount {
        entries: usize,
        layout: LayoutId,
        hexes: usize,
    },
    /// The entry at this place is no number token (2-6, 8-12) and not `-`.
    Number { at: usize, text: String },
    /// The layout's harbours have no places to type: New World lays them next to land after
    /// the map is laid.
    HarbourPlaces { layout: LayoutId },
    /// The harbours have another number of entries than the layout has harbour places.
    HarbourCount {
        entries: usize,
        layout: LayoutId,
        places: usize,
    },
    /// The entry at this place is neither `3` nor a 2:1 harbour's letter.
    Harbour { at: usize, text: String },
    /// The layout prints the kind of the harbour at this place, and the entry is another.
    HarbourPrinted {
        at: usize,
        layout: LayoutId,
        printed: HarbourKind,
        read: HarbourKind,
    },
    /// More harbours of this kind than the layout's box holds (the first such kind in the
    /// order of the entries).
    HarbourBox {
        layout: LayoutId,
        kind: HarbourKind,
        entries: usize,
        in_box: usize,
    },
}

/// A harbour's entry in the board text: `3` for 3:1, and for a 2:1 harbour the letter of
/// the terrain that yields its resource, as `--terrain` writes it: `F` lumber (forest), `P`
/// wool (pasture), `W` grain (fields), `H` brick (hills), `M` ore (mountains). The
/// resources' own initials would read against the terrain letters of the same text (`W` is
/// fields there, `G` gold, `O` oasis, `B` the quarry yielding brick), so a harbour takes the
/// letter its resource already has on the board.
pub fn harbour_entry(kind: HarbourKind) -> String {
    match kind {
        HarbourKind::Generic => "3".to_string(),
        HarbourKind::Special(resource) => Terrain::producing(resource).letter().to_string(),
    }
}

/// The harbour kind of an entry of the board text ([`harbour_entry`]; letters in either case).
fn harbour_kind(entry: &str) -> Option<HarbourKind> {
    if entry == "3" {
        return Some(HarbourKind::Generic);
    }
    let mut letters = entry.chars();
    let letter = letters.next()?;
    if letters.next().is_some() {
        return None;
    }
    Resource::ALL
        .into_iter()
        .find(|&r| Terrain::producing(r).letter() == letter.to_ascii_uppercase())
        .map(HarbourKind::Special)
}

/// Reads the terrain string of the board text format for `layout`.
pub fn parse_terrain(layout: &Layout, text: &str) -> Result<Vec<Terrain>, ParseError> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if letters.len() != layout.cells.len() {
        return Err(ParseError::TerrainCount {
            letters: letters.len(),
            layout: layout.id,
            hexes: layout.cells.len(),
        });
    }
    letters
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            Terrain::from_letter(c).ok_or(ParseError::TerrainLetter {
                at: i + 1,
                letter: c,
            })
        })
        .collect()
}

/// Reads the numbers CSV of the board text format for `layout`.
pub fn parse_numbers(layout: &Layout, text: &str) -> Result<Vec<Option<u8>>, ParseError> {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    if fields.len() != layout.cells.len() {
        // Nothing at all is no entries, not one empty one.
        let entries = if text.trim().is_empty() {
            0
        } else {
            fields.len()
        };
        return Err(ParseError::NumberCount {
            entries,
            layout: layout.id,
            hexes: layout.cells.len(),
        });
    }
    fields
        .into_iter()
        .enumerate()
        .map(|(i, f)| match f {
            "-" | "" => Ok(None),
            _ => match f.parse::<u8>() {
                Ok(n) if (2..=12).contains(&n) && n != 7 => Ok(Some(n)),
                _ => Err(ParseError::Number {
                    at: i + 1,
                    text: f.to_string(),
                }),
            },
        })
        .collect()
}

/// Reads the harbours of the board text format for `layout` and places them as its plan
/// does, without asking whether the layout's box holds them ([`parse_harbours`] does).
///
/// One entry a harbour place of the layout, in the order of its board file's `harbour`
/// lines (`Layout::harbours`), comma-separated as the numbers are ([`harbour_entry`]). The
/// places are the frame's: fixed on every layout but New World, which has none to type. On
/// McGuire's board the entry of the frame place that faces the inland harbour is the
/// harbour that moves into it, beside the extra 3:1 it always gets there; where it lies
/// follows from `terrain` (the sea tile), as the generator places it.
pub fn read_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    text: &str,
) -> Result<Vec<Harbour>, ParseError> {
    Ok(place(layout, terrain, harbour_entries(layout, text)?))
}

/// [`read_harbours`], refusing harbours the layout's box cannot make: a kind other than the
/// one printed at a place, or more harbours of a kind than the box holds
/// (`Layout::harbour_kinds`: the base game's nine are four 3:1 and one 2:1 of each resource,
/// as its board file `boards/base/base-3-4.board` has them from its sources).
pub fn parse_harbours(
    layout: &Layout,
    terrain: &[Terrain],
    text: &str,
) -> Result<Vec<Harbour>, ParseError> {
    let kinds = harbour_entries(layout, text)?;
    for (i, (&read, printed)) in kinds.iter().zip(&layout.printed_harbours).enumerate() {
        if let Some(printed) = *printed {
            if printed != read {
                return Err(ParseError::HarbourPrinted {
                    at: i + 1,
                    layout: layout.id,
                    printed,
                    read,
                });
            }
        }
    }
    let in_box = layout.harbour_kinds();
    let count =
        |list: &[HarbourKind], kind: HarbourKind| list.iter().filter(|&&k| k == kind).count();
    for &kind in &kinds {
        let (entries, in_box) = (count(&kinds, kind), count(&in_box, kind));
        if entries > in_box {
            return Err(ParseError::HarbourBox {
                layout: layout.id,
                kind,
                entries,
                in_box,
            });
        }
    }
    Ok(place(layout, terrain, kinds))
}

/// The kinds the entries name, one a harbour place of the layout.
fn harbour_entries(layout: &Layout, text: &str) -> Result<Vec<HarbourKind>, ParseError> {
    let places = match &layout.harbours {
        HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots) => spots.len(),
        HarbourPlan::NextToLand => return Err(ParseError::HarbourPlaces { layout: layout.id }),
    };
    // Nothing at all is no entries, as for the numbers; a layout without harbours takes that.
    let fields: Vec<&str> = if text.trim().is_empty() {
        Vec::new()
    } else {
        text.split(',').map(str::trim).collect()
    };
    if fields.len() != places {
        return Err(ParseError::HarbourCount {
            entries: fields.len(),
            layout: layout.id,
            places,
        });
    }
    fields
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            harbour_kind(f).ok_or(ParseError::Harbour {
                at: i + 1,
                text: f.to_string(),
            })
        })
        .collect()
}

/// The harbours of `kinds` at the layout's places (McGuire's moved inland by the terrain).
fn place(layout: &Layout, terrain: &[Terrain], kinds: Vec<HarbourKind>) -> Vec<Harbour> {
    match &layout.harbours {
        HarbourPlan::McGuire(spots) => mcguire_harbours(layout, terrain, spots, kinds),
        HarbourPlan::Fixed(spots) => spots
            .iter()
            .zip(kinds)
            .map(|(&spot, kind)| Harbour { spot, kind })
            .collect(),
        HarbourPlan::NextToLand => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;
    use proptest::prelude::*;

    const BASE_BEGINNER: &str = "MPFWHPHWFDFMFMWPHWP";

    fn base_terrain() -> Vec<Terrain> {
        parse_terrain(Layout::get(LayoutId::Base), BASE_BEGINNER).unwrap()
    }

    #[test]
    fn harbour_entries_are_three_and_the_terrain_letters() {
        let entries: Vec<String> = [HarbourKind::Generic]
            .into_iter()
            .chain(Resource::ALL.map(HarbourKind::Special))
            .map(harbour_entry)
            .collect();
        assert_eq!(entries, ["3", "F", "P", "W", "H", "M"]);
        assert_eq!(
            harbour_kind("p"),
            Some(HarbourKind::Special(Resource::Wool))
        );
        for bad in ["", "-", "2", "3:1", "G", "PP", "wool"] {
            assert_eq!(harbour_kind(bad), None, "{bad}");
        }
    }

    #[test]
    fn base_harbours_are_read_at_the_frame_places_in_order() {
        let layout = Layout::get(LayoutId::Base);
        let HarbourPlan::Fixed(spots) = &layout.harbours else {
            panic!("base has fixed places")
        };
        let text = "3, P ,3,W,3,H,M,3,f";
        let harbours = parse_harbours(layout, &base_terrain(), text).unwrap();
        assert_eq!(harbours.len(), 9);
        assert_eq!(harbours.iter().map(|h| h.spot).collect::<Vec<_>>(), *spots);
        assert_eq!(harbours[1].kind, HarbourKind::Special(Resource::Wool));
        assert_eq!(harbours[8].kind, HarbourKind::Special(Resource::Lumber));
        let board = Board {
            harbours,
            ..crate::generate::assemble(layout, base_terrain(), vec![None; 19], Vec::new())
        };
        assert_eq!(board.harbours_text().unwrap(), "3,P,3,W,3,H,M,3,F");
    }

    #[test]
    fn harbour_errors_say_what_is_wrong_and_where() {
        let base = LayoutId::Base;
        let layout = Layout::get(base);
        let terrain = base_terrain();
        let parse = |text: &str| parse_harbours(layout, &terrain, text);
        assert_eq!(
            parse(""),
            Err(ParseError::HarbourCount {
                entries: 0,
                layout: base,
                places: 9
            })
        );
        assert_eq!(
            parse("3,3,3,3,F,P,W,H"),
            Err(ParseError::HarbourCount {
                entries: 8,
                layout: base,
                places: 9
            })
        );
        assert_eq!(
            parse("3,3,3,3,F,P,X,H,M"),
            Err(ParseError::Harbour {
                at: 7,
                text: "X".into()
            })
        );
        assert_eq!(
            parse("3,3,3,3,F,P,W,H,"),
            Err(ParseError::Harbour {
                at: 9,
                text: String::new()
            })
        );
        // Five 3:1 harbours where the box has four (and no ore harbour).
        assert_eq!(
            parse("3,3,3,3,F,P,W,H,3"),
            Err(ParseError::HarbourBox {
                layout: base,
                kind: HarbourKind::Generic,
                entries: 5,
                in_box: 4
            })
        );
        // Two wool harbours: the 5-6 box has two, the base box one.
        assert_eq!(
            parse("3,3,3,P,F,P,W,H,M"),
            Err(ParseError::HarbourBox {
                layout: base,
                kind: HarbourKind::Special(Resource::Wool),
                entries: 2,
                in_box: 1
            })
        );
        // Read without the box, the same entries are a board's harbours.
        assert_eq!(
            read_harbours(layout, &terrain, "3,3,3,3,F,P,W,H,3")
                .unwrap()
                .len(),
            9
        );
        let new_world = LayoutId::NewWorld;
        assert_eq!(
            parse_harbours(Layout::get(new_world), &[], "3"),
            Err(ParseError::HarbourPlaces { layout: new_world })
        );
    }

    #[test]
    fn printed_harbours_are_held_to_their_kind() {
        // Every harbour of the Fog Islands for three is printed.
        let id = LayoutId::parse("fog-islands-3").unwrap();
        let layout = Layout::get(id);
        let board = generate(&Settings::new(id, RuleSet::standard()), 5).unwrap();
        let text = board.harbours_text().unwrap();
        assert_eq!(
            parse_harbours(layout, &board.terrain, &text),
            Ok(board.harbours.clone())
        );
        let mut entries: Vec<&str> = text.split(',').collect();
        let first = entries.iter().position(|&e| e != "3").unwrap();
        let second = entries.iter().position(|&e| e == "3").unwrap();
        entries.swap(first, second);
        let at = first.min(second) + 1;
        assert!(
            matches!(
                parse_harbours(layout, &board.terrain, &entries.join(",")),
                Err(ParseError::HarbourPrinted { at: a, layout: l, .. }) if a == at && l == id
            ),
            "{entries:?}"
        );
    }

    #[test]
    fn mcguire_moves_the_entry_of_the_place_facing_the_inland_harbour() {
        let layout = Layout::get(LayoutId::McGuire);
        let board = generate(&Settings::new(LayoutId::McGuire, RuleSet::standard()), 3).unwrap();
        let text = board.harbours_text().unwrap();
        assert_eq!(text.split(',').count(), 9, "one entry a frame place");
        assert_eq!(
            board.harbours.len(),
            10,
            "one moved inland with an extra 3:1"
        );
        assert_eq!(
            parse_harbours(layout, &board.terrain, &text),
            Ok(board.harbours)
        );
    }

    #[test]
    fn new_world_has_no_harbours_text() {
        let board = generate(&Settings::new(LayoutId::NewWorld, RuleSet::standard()), 1).unwrap();
        assert_eq!(board.harbours_text(), None);
    }

    /// Every board with harbour places of its own (all but New World's two).
    fn placed_layouts() -> Vec<LayoutId> {
        LayoutId::every()
            .into_iter()
            .filter(|&id| Layout::get(id).harbours != HarbourPlan::NextToLand)
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn harbours_text_reads_back_as_the_boards_harbours(pick in any::<prop::sample::Index>(), seed in any::<u64>()) {
            let layouts = placed_layouts();
            let id = layouts[pick.index(layouts.len())];
            let board = generate(&Settings::new(id, RuleSet::standard()), seed).expect("a board");
            let text = board.harbours_text().expect("a layout with places");
            prop_assert_eq!(
                parse_harbours(Layout::get(id), &board.terrain, &text),
                Ok(board.harbours.clone()),
                "{} {}", id, text
            );
        }
    }

    #[test]
    fn every_layout_with_places_reads_its_harbours_back() {
        for id in placed_layouts() {
            let board = generate(&Settings::new(id, RuleSet::standard()), 29).unwrap();
            let text = board.harbours_text().unwrap();
            assert_eq!(
                parse_harbours(Layout::get(id), &board.terrain, &text),
                Ok(board.harbours.clone()),
                "{id}"
            );
        }
    }

    #[test]
    fn parse_errors_say_what_is_wrong_and_where() {
        let layout = Layout::get(LayoutId::Base);
        let base = LayoutId::Base;
        assert_eq!(
            parse_terrain(layout, "MPF"),
            Err(ParseError::TerrainCount {
                letters: 3,
                layout: base,
                hexes: 19
            })
        );
        assert_eq!(
            parse_terrain(layout, &"X".repeat(19)),
            Err(ParseError::TerrainLetter { at: 1, letter: 'X' })
        );
        assert_eq!(
            parse_numbers(layout, &["7"; 19].join(",")),
            Err(ParseError::Number {
                at: 1,
                text: "7".into()
            })
        );
        assert_eq!(
            parse_numbers(layout, ""),
            Err(ParseError::NumberCount {
                entries: 0,
                layout: base,
                hexes: 19
            })
        );
        assert_eq!(
            parse_numbers(layout, "8"),
            Err(ParseError::NumberCount {
                entries: 1,
                layout: base,
                hexes: 19
            })
        );
    }
}

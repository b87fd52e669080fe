//! The expansion a table plays on a board: the base game or Cities & Knights. The board and
//! its set-up rules are the base game's either way; what changes is what a spot is worth,
//! because the opening's pieces and a city's yield differ.
//!
//! Facts from "Catan: Cities & Knights — Game Rules & Almanac" (Catan GmbH / Mayfair, 2007
//! and later printings; "Städte & Ritter" in German), summarised with sources in
//! `../shared/reference/cities-knights.md`:
//! - set-up: each player places one settlement and then, in reverse order, one **city**
//!   (everyone starts with 3 victory points);
//! - production: a settlement takes 1 card from each adjacent hex whose number is rolled, as
//!   in the base game; a city takes 2 from fields (grain) and hills (brick), but from forest,
//!   pasture and mountains 1 resource and 1 **commodity**: paper, cloth and coin.
//!
//! The island is the base game's (3-4 players) or the 5-6 extension's, so Cities & Knights is
//! offered on the boards that are those islands: base, five-six and McGuire's base-island
//! set-up (`generate::Settings::problem` refuses it elsewhere).

use serde::{Deserialize, Serialize};

use super::Resource;

/// The game played on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    /// The base game (and its 5-6 extension).
    #[default]
    BaseGame,
    /// Catan: Cities & Knights.
    CitiesAndKnights,
}

/// A piece placed in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Piece {
    Settlement,
    City,
}

/// What a city on forest, pasture or mountains takes beside the resource under Cities &
/// Knights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Commodity {
    Paper,
    Cloth,
    Coin,
}

impl Expansion {
    /// Link codes: an expansion's code is its place here. Append only; the base game's code
    /// is never written (a link without one is a base-game link).
    pub const CODES: [Expansion; 2] = [Expansion::BaseGame, Expansion::CitiesAndKnights];

    /// The stable name, as the command line and links spell it.
    pub fn name(self) -> &'static str {
        match self {
            Expansion::BaseGame => "base-game",
            Expansion::CitiesAndKnights => "cities-and-knights",
        }
    }

    pub fn parse(name: &str) -> Option<Expansion> {
        Expansion::CODES.into_iter().find(|e| e.name() == name)
    }

    pub fn code(self) -> u64 {
        Expansion::CODES
            .iter()
            .position(|&e| e == self)
            .expect("every expansion has a code") as u64
    }

    pub fn of_code(code: u64) -> Option<Expansion> {
        Expansion::CODES.get(usize::try_from(code).ok()?).copied()
    }

    /// The two pieces each seat places in the opening, in the order placed (the snake
    /// draft's first and second round).
    pub fn opening(self) -> [Piece; 2] {
        match self {
            Expansion::BaseGame => [Piece::Settlement, Piece::Settlement],
            Expansion::CitiesAndKnights => [Piece::Settlement, Piece::City],
        }
    }
}

impl std::fmt::Display for Expansion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Commodity {
    /// The commodity a Cities & Knights city takes beside `resource`, if any (forest: paper,
    /// pasture: cloth, mountains: coin; fields and hills give a second resource instead).
    pub fn beside(resource: Resource) -> Option<Commodity> {
        match resource {
            Resource::Lumber => Some(Commodity::Paper),
            Resource::Wool => Some(Commodity::Cloth),
            Resource::Ore => Some(Commodity::Coin),
            Resource::Grain | Resource::Brick => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_go_both_ways() {
        for e in Expansion::CODES {
            assert_eq!(Expansion::parse(e.name()), Some(e));
            assert_eq!(Expansion::of_code(e.code()), Some(e));
        }
        assert_eq!(Expansion::CitiesAndKnights.code(), 1, "frozen");
        assert_eq!(Expansion::of_code(2), None);
    }

    #[test]
    fn a_cities_and_knights_opening_ends_with_a_city() {
        assert_eq!(Expansion::BaseGame.opening(), [Piece::Settlement; 2]);
        assert_eq!(
            Expansion::CitiesAndKnights.opening(),
            [Piece::Settlement, Piece::City]
        );
        let with_commodity = Resource::ALL
            .into_iter()
            .filter(|&r| Commodity::beside(r).is_some())
            .count();
        assert_eq!(with_commodity, 3);
    }
}

//! The game's vocabulary: resources, terrain, number tokens and harbour trades.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five resources, in the order the board text and the score tables use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    Lumber,
    Wool,
    Grain,
    Brick,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Brick,
        Resource::Ore,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Brick => "brick",
            Resource::Ore => "ore",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn parse(name: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a tile position holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    Forest,
    Pasture,
    Fields,
    Hills,
    Mountains,
    Desert,
    Sea,
    Gold,
    /// The Fishermen of Catan's lake: land that yields nothing and takes no token. Last, so
    /// that no older terrain changes its index (links write terrain as indices into bags).
    Lake,
    /// The Rivers of Catan's swamp, where a river meets the sea: yields nothing, takes no
    /// token (catan-randomizer's `riverSwampland` tiles). Last for the same reason.
    Swamp,
    /// The Caravans' oasis, where the camel caravans start: yields nothing, takes no token
    /// (Traders & Barbarians, "The Caravans": it replaces the desert). The four rule hexes
    /// below come after every older terrain for the same reason as the lake.
    Oasis,
    /// The castle: Barbarian Attack's, where captured knights go, and the trade castle of
    /// "Traders & Barbarians" (a trade hex, building half and sea half). Yields nothing.
    Castle,
    /// The marble quarry of "Traders & Barbarians": a trade hex that yields nothing.
    Quarry,
    /// The glassworks of "Traders & Barbarians": a trade hex that yields nothing.
    Glassworks,
    /// The trade castle where an official combination gives it a token and lets it yield
    /// wool, counting as pasture (catan.com, "Combination of Barbarian Attack / The Rivers of
    /// Catan / The Caravans with Traders & Barbarians"). The three yielding trade hexes come
    /// after every older terrain for the same reason as the lake.
    CastleYieldingWool,
    /// The marble quarry counting as hills: a token, and brick (catan.com, the combinations
    /// of The Rivers of Catan and of The Caravans with Traders & Barbarians).
    QuarryYieldingBrick,
    /// The glassworks counting as forest: a token, and lumber (catan.com, the three
    /// combinations with Traders & Barbarians).
    GlassworksYieldingLumber,
}

impl Terrain {
    pub const ALL: [Terrain; 17] = [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Sea,
        Terrain::Gold,
        Terrain::Lake,
        Terrain::Swamp,
        Terrain::Oasis,
        Terrain::Castle,
        Terrain::Quarry,
        Terrain::Glassworks,
        Terrain::CastleYieldingWool,
        Terrain::QuarryYieldingBrick,
        Terrain::GlassworksYieldingLumber,
    ];

    /// The hexes that yield nothing but carry a scenario's rules (Traders & Barbarians): the
    /// oasis, the castle and the two trade hexes.
    pub const RULE_HEXES: [Terrain; 4] = [
        Terrain::Oasis,
        Terrain::Castle,
        Terrain::Quarry,
        Terrain::Glassworks,
    ];

    /// The letter of the board text format (F P W H M D S G, then L Z O C Q V: V for
    /// vitrum, glass, as G is gold; then the yielding trade hexes K, B and T: K for the
    /// castle (Kastell, as C is the castle that yields nothing), B for the quarry's brick, T
    /// for the glassworks' timber).
    pub fn letter(self) -> char {
        match self {
            Terrain::Forest => 'F',
            Terrain::Pasture => 'P',
            Terrain::Fields => 'W',
            Terrain::Hills => 'H',
            Terrain::Mountains => 'M',
            Terrain::Desert => 'D',
            Terrain::Sea => 'S',
            Terrain::Gold => 'G',
            Terrain::Lake => 'L',
            Terrain::Swamp => 'Z',
            Terrain::Oasis => 'O',
            Terrain::Castle => 'C',
            Terrain::Quarry => 'Q',
            Terrain::Glassworks => 'V',
            Terrain::CastleYieldingWool => 'K',
            Terrain::QuarryYieldingBrick => 'B',
            Terrain::GlassworksYieldingLumber => 'T',
        }
    }

    pub fn from_letter(letter: char) -> Option<Terrain> {
        Terrain::ALL
            .into_iter()
            .find(|t| t.letter() == letter.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Sea => "sea",
            Terrain::Gold => "gold",
            Terrain::Lake => "lake",
            Terrain::Swamp => "swamp",
            Terrain::Oasis => "oasis",
            Terrain::Castle => "castle",
            Terrain::Quarry => "quarry",
            Terrain::Glassworks => "glassworks",
            Terrain::CastleYieldingWool => "castle-yielding-wool",
            Terrain::QuarryYieldingBrick => "quarry-yielding-brick",
            Terrain::GlassworksYieldingLumber => "glassworks-yielding-lumber",
        }
    }

    /// Read from a table by the terrain's index rather than by a `match`: since the yielding
    /// trade hexes (9b22a9d) the `match` compiles to a jump table, an indirect jump on every
    /// hex, which the balance search's score takes for each cell and twice for each pair of
    /// neighbours, and which mispredicts on random boards (`hexfair bench`: 2.7-2.9 M search
    /// candidates a second with the `match`, 5.6-5.9 M with the table).
    #[inline(always)]
    pub fn resource(self) -> Option<Resource> {
        const BY_INDEX: [Option<Resource>; Terrain::ALL.len()] = {
            let mut table = [None; Terrain::ALL.len()];
            let mut i = 0;
            while i < table.len() {
                table[i] = Terrain::ALL[i].resource_by_match();
                i += 1;
            }
            table
        };
        BY_INDEX[self as usize]
    }

    /// What [`Terrain::resource`] reads, spelled out (and its table built from).
    const fn resource_by_match(self) -> Option<Resource> {
        match self {
            Terrain::Forest | Terrain::GlassworksYieldingLumber => Some(Resource::Lumber),
            Terrain::Pasture | Terrain::CastleYieldingWool => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills | Terrain::QuarryYieldingBrick => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert
            | Terrain::Sea
            | Terrain::Gold
            | Terrain::Lake
            | Terrain::Swamp
            | Terrain::Oasis
            | Terrain::Castle
            | Terrain::Quarry
            | Terrain::Glassworks => None,
        }
    }

    /// The terrain that yields `resource`.
    pub fn producing(resource: Resource) -> Terrain {
        match resource {
            Resource::Lumber => Terrain::Forest,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Brick => Terrain::Hills,
            Resource::Ore => Terrain::Mountains,
        }
    }

    /// Whether a number token goes on this terrain.
    pub fn takes_number(self) -> bool {
        !matches!(
            self,
            Terrain::Desert | Terrain::Sea | Terrain::Lake | Terrain::Swamp
        ) && !self.rule_hex()
    }

    /// The hex a terrain is drawn as: a yielding trade hex is its building (it yields and
    /// takes a token, but a player sees the castle, the quarry or the glassworks).
    pub fn drawn_as(self) -> Terrain {
        match self {
            Terrain::CastleYieldingWool => Terrain::Castle,
            Terrain::QuarryYieldingBrick => Terrain::Quarry,
            Terrain::GlassworksYieldingLumber => Terrain::Glassworks,
            other => other,
        }
    }

    /// Whether this is one of the [`Terrain::RULE_HEXES`].
    pub fn rule_hex(self) -> bool {
        Terrain::RULE_HEXES.contains(&self)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The numbers printed on the tile itself rather than on a token: the Fishermen of
    /// Catan's lake yields fish on 2, 3, 11 and 12 (Traders & Barbarians, "The Fishermen of
    /// Catan"; the board file cites the rules summaries).
    pub fn printed_numbers(self) -> &'static [u8] {
        match self {
            Terrain::Lake => &[2, 3, 11, 12],
            _ => &[],
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Relative chance of a number being rolled on two dice, in 36ths: pip(n) = 6 - |7 - n|.
pub fn pips(number: u8) -> u8 {
    6u8.saturating_sub(number.abs_diff(7))
}

/// Pips of an optional token (a hex without a token yields nothing).
pub fn token_pips(number: Option<u8>) -> u8 {
    number.map_or(0, pips)
}

/// 6 and 8, the red tokens.
pub fn is_red(number: u8) -> bool {
    number == 6 || number == 8
}

/// A harbour's trade: 3:1 for anything, or 2:1 for one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HarbourKind {
    Generic,
    Special(Resource),
}

impl HarbourKind {
    pub fn ratio(self) -> u8 {
        match self {
            HarbourKind::Generic => 3,
            HarbourKind::Special(_) => 2,
        }
    }

    pub fn resource(self) -> Option<Resource> {
        match self {
            HarbourKind::Generic => None,
            HarbourKind::Special(r) => Some(r),
        }
    }

    /// `3:1` or `2:1 ore`.
    pub fn label(self) -> String {
        match self {
            HarbourKind::Generic => "3:1".to_string(),
            HarbourKind::Special(r) => format!("2:1 {r}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_table_follows_the_match() {
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            assert_eq!(t as usize, i, "{t:?} out of place in Terrain::ALL");
            assert_eq!(t.resource(), t.resource_by_match(), "{t:?}");
        }
    }

    #[test]
    fn pip_table() {
        let expected = [
            (2, 1),
            (3, 2),
            (4, 3),
            (5, 4),
            (6, 5),
            (8, 5),
            (9, 4),
            (10, 3),
            (11, 2),
            (12, 1),
        ];
        for (n, p) in expected {
            assert_eq!(pips(n), p, "pips({n})");
        }
        assert_eq!(token_pips(None), 0);
    }

    #[test]
    fn terrain_letters_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_letter(t.letter()), Some(t));
        }
        assert_eq!(Terrain::from_letter('x'), None);
        assert_eq!(Terrain::from_letter('w'), Some(Terrain::Fields));
        for r in Resource::ALL {
            assert_eq!(Terrain::producing(r).resource(), Some(r));
        }
    }
}

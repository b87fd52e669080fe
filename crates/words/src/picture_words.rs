//! The board's things in the page's words: terrain, resources, harbours, printed pieces, and
//! every group of the engine's picture ([`Label`]) for the board's titles and the PNG. The
//! engine hands over data; nothing here reads words back.

use hexfair::catalogue::{LayoutId, PieceKind};
use hexfair::model::{HarbourKind, Resource, Terrain};
use hexfair::picture::{Fog, Label, PictureWords};

use crate::names::board_title;
use crate::table::{Key, Words};

/// A terrain as a player says it ("Fields").
pub fn terrain_name(words: &Words, terrain: Terrain) -> String {
    let key = match terrain {
        Terrain::Forest => Key::TerrainForest,
        Terrain::Pasture => Key::TerrainPasture,
        Terrain::Fields => Key::TerrainFields,
        Terrain::Hills => Key::TerrainHills,
        Terrain::Mountains => Key::TerrainMountains,
        Terrain::Desert => Key::TerrainDesert,
        Terrain::Sea => Key::TerrainSea,
        Terrain::Gold => Key::TerrainGold,
        Terrain::Lake => Key::TerrainLake,
        Terrain::Swamp => Key::TerrainSwamp,
        Terrain::Oasis => Key::TerrainOasis,
        Terrain::Castle => Key::TerrainCastle,
        Terrain::Quarry => Key::TerrainQuarry,
        Terrain::Glassworks => Key::TerrainGlassworks,
        Terrain::CastleYieldingWool => Key::TerrainCastleYieldingWool,
        Terrain::QuarryYieldingBrick => Key::TerrainQuarryYieldingBrick,
        Terrain::GlassworksYieldingLumber => Key::TerrainGlassworksYieldingLumber,
    };
    words.get(key).to_string()
}

/// A resource, as a player says it.
pub fn resource_name(words: &Words, resource: Resource) -> String {
    words
        .get(match resource {
            Resource::Lumber => Key::ResourceLumber,
            Resource::Wool => Key::ResourceWool,
            Resource::Grain => Key::ResourceGrain,
            Resource::Brick => Key::ResourceBrick,
            Resource::Ore => Key::ResourceOre,
        })
        .to_string()
}

/// A harbour by its trade ("3:1", "2:1 Ore"), in the page's words.
pub fn harbour_name(words: &Words, kind: HarbourKind) -> String {
    match kind {
        HarbourKind::Special(resource) => words.fill(
            Key::HarbourSpecial,
            &[("resource", &resource_name(words, resource))],
        ),
        HarbourKind::Generic => words.get(Key::HarbourGeneric).to_string(),
    }
}

/// A printed piece as the board names it ("village, 3", "victory point, 2"), in the page's
/// words, from its kind and number; `None` for a kind the page has no words for.
pub fn piece_name(words: &Words, kind: PieceKind, number: Option<u8>) -> Option<String> {
    let key = match kind {
        PieceKind::Village => Key::PieceVillage,
        PieceKind::StartSettlement => Key::PieceStartSettlement,
        PieceKind::StartShip => Key::PieceStartShip,
        PieceKind::Fortress => Key::PieceFortress,
        PieceKind::NoStart => Key::PieceNoStart,
        PieceKind::VictoryPoint => Key::PieceVictoryPoint,
        PieceKind::DevelopmentCard => Key::PieceDevelopmentCard,
        PieceKind::Wasteland | PieceKind::Strait => return None,
    };
    let n = number.map(|n| n.to_string()).unwrap_or_default();
    let piece = words.fill(key, &[("n", &n)]);
    Some(match key {
        // Their texts have no slot: the number follows.
        Key::PieceVictoryPoint | Key::PieceDevelopmentCard if !n.is_empty() => {
            format!("{piece}, {n}")
        }
        _ => piece,
    })
}

impl PictureWords for Words {
    fn label(&self, label: &Label) -> String {
        match label {
            Label::Hex {
                fog: Fog::FaceDown, ..
            } => self.get(Key::FogFaceDown).to_string(),
            // "Fields, 6"; the lake with its printed numbers, "Lake, 2, 3, 11 and 12".
            Label::Hex {
                terrain, numbers, ..
            } => {
                let terrain = terrain_name(self, *terrain);
                if numbers.is_empty() {
                    terrain
                } else {
                    let numbers: Vec<String> = numbers.iter().map(u8::to_string).collect();
                    format!("{terrain}, {}", self.listed(&numbers))
                }
            }
            Label::Harbour { kind, printed } => {
                let harbour =
                    self.fill(Key::SpotHarbour, &[("harbour", &harbour_name(self, *kind))]);
                if *printed {
                    self.fill(Key::PrintedOnBoard, &[("piece", &harbour)])
                } else {
                    harbour
                }
            }
            Label::FishingGround { number } => self.fill(Key::FishingGround, &[("n", number)]),
            Label::River {
                number,
                bridge_sites,
            } => self.fill(Key::River, &[("n", number), ("count", bridge_sites)]),
            // A piece a board file may name that the page has no words for yet is named by
            // its kind's stable name.
            Label::Piece { kind, number } => {
                piece_name(self, *kind, *number).unwrap_or_else(|| {
                    let name = kind.name().replace('-', " ");
                    number.map_or_else(|| name.clone(), |n| format!("{name}, {n}"))
                })
            }
            Label::Robber => self.get(Key::Robber).to_string(),
            Label::PirateShip => self.get(Key::PirateShip).to_string(),
        }
    }

    /// The board's title and its rows of terrain letters and numbers (the engine's letters
    /// and digits, which need no words).
    fn description(&self, layout: LayoutId, rows: &str) -> String {
        self.fill(
            Key::BoardDescription,
            &[("board", &board_title(self, layout)), ("rows", &rows)],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boards_things_are_said_in_players_words() {
        let words = Words::english();
        for terrain in Terrain::ALL {
            assert_ne!(terrain_name(&words, terrain), terrain.name());
        }
        assert_eq!(
            terrain_name(&words, Terrain::CastleYieldingWool),
            "Castle, yields wool"
        );
        assert_eq!(
            harbour_name(&words, HarbourKind::Special(Resource::Ore)),
            "2:1 Ore"
        );
        assert_eq!(harbour_name(&words, HarbourKind::Generic), "3:1");
        assert_eq!(
            piece_name(&words, PieceKind::Village, Some(3)).as_deref(),
            Some("village, 3")
        );
        assert_eq!(
            piece_name(&words, PieceKind::VictoryPoint, Some(2)).as_deref(),
            Some("victory point, 2")
        );
        assert_eq!(piece_name(&words, PieceKind::Wasteland, None), None);
    }
}

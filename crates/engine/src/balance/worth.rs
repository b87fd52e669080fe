//! What a hex's pips are worth to an opening piece, by the game the table plays: the one
//! place spot values read the expansion ([`crate::model::Expansion`]).
//!
//! Worths are in quarter pips a pip, so the base game's spot values (every resource alike,
//! 4 a pip, divided by 4 once per spot) are exactly what they were, and Cities & Knights can
//! weigh resources apart with small whole numbers.
//!
//! Cities & Knights (rules: `model::expansion`; sources there and in
//! `../shared/reference/cities-knights.md`). What each resource buys there:
//! road = brick + lumber, settlement = brick + lumber + wool + grain, city = 3 ore + 2 grain,
//! city wall = 2 brick, knight = wool + ore, its promotion = wool + ore again, activating it
//! = grain; commodities buy city improvements (progress cards, metropolises worth 2 points).
//! There are no development cards. Hence, against the base game's 4:
//! - ore 5, grain 5, wool 5: they build the cities (3 ore, 2 grain) that the 13-point race
//!   and the barbarians' strength turn on, and the knights (wool and ore, promoted with both
//!   again, activated with grain) without which every barbarian attack costs a city;
//! - lumber 4: roads and settlements, as in the base game;
//! - brick 3: roads, settlements and at most three city walls; expansion by settlements
//!   matters less where a city is worth the most and starts on the board;
//! - a commodity 5: 36 cards (12 each) against 95 resources, and the only way to the city
//!   improvements, progress cards and metropolises; worth at least the most wanted resource.
//!
//! So a C&K city on fields is worth 10 a pip, on pasture or mountains 10 (5 + a commodity's
//! 5), on forest 9 (4 + 5), on hills 6; a settlement its resource card alone: 5 on fields,
//! pasture and mountains, 4 on forest, 3 on hills. A hex yielding no resource but carrying a
//! token (gold, on boards that have it) is worth 4 a pip to a settlement, as in the base game.

use crate::model::{Commodity, Expansion, Piece, Resource};

/// Quarter pips a pip: the base game's unit, every resource alike.
pub const QUARTERS: u32 = 4;

/// What a commodity is worth under Cities & Knights, in quarter pips a pip.
const COMMODITY: u32 = 5;

/// What one card of `resource` is worth under Cities & Knights, in quarter pips a pip.
fn cities_and_knights(resource: Resource) -> u32 {
    match resource {
        Resource::Ore | Resource::Grain | Resource::Wool => 5,
        Resource::Lumber => 4,
        Resource::Brick => 3,
    }
}

/// How many times the base game's seat weight a point of snake-draft spread costs the
/// seat-fair search at a table of `expansion`. Under Cities & Knights the second pick is a
/// city, about twice a settlement's worth, so seats' values are larger and a point of
/// spread is a smaller part of them, and evening them to within a point costs more of the
/// score: at the base game's weight 96 of 100 balanced base boards had every seat within a
/// point at 3 and 4 seats (base game: 100), at twice it 99, at three times 100, the median
/// five-factor score 0.0060, 0.0064 and 0.0073 (base game 0.0052); five-six boards 100 of
/// 100 at every weight (`cargo run --release --example seat_fairness 100`; docs/balance.md,
/// "Cities & Knights tables").
pub fn seat_weight(expansion: Expansion) -> f64 {
    match expansion {
        Expansion::BaseGame => 1.0,
        Expansion::CitiesAndKnights => 3.0,
    }
}

/// What a pip of a hex yielding `resource` (`None`: a token on land yielding no resource)
/// is worth to `piece` at a table of `expansion`, in quarter pips: a settlement takes one
/// card a pip, a city two (under Cities & Knights a commodity instead of the second card on
/// forest, pasture and mountains).
pub fn pip_worth(expansion: Expansion, piece: Piece, resource: Option<Resource>) -> u32 {
    let card = match (expansion, resource) {
        (Expansion::BaseGame, _) | (_, None) => QUARTERS,
        (Expansion::CitiesAndKnights, Some(r)) => cities_and_knights(r),
    };
    let second = match (expansion, resource.and_then(Commodity::beside)) {
        (Expansion::CitiesAndKnights, Some(_)) => COMMODITY,
        _ => card,
    };
    match piece {
        Piece::Settlement => card,
        Piece::City => card + second,
    }
}

/// Quarter pips as whole pips, to the nearest (halves up): exact for the base game.
pub fn in_pips(quarters: u32) -> u32 {
    (quarters + QUARTERS / 2) / QUARTERS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Terrain;

    #[test]
    fn the_base_game_counts_every_pip_alike() {
        for r in Resource::ALL.map(Some).into_iter().chain([None]) {
            assert_eq!(pip_worth(Expansion::BaseGame, Piece::Settlement, r), 4);
            assert_eq!(pip_worth(Expansion::BaseGame, Piece::City, r), 8);
        }
        assert_eq!(in_pips(4 * 13), 13);
    }

    #[test]
    fn a_cities_and_knights_city_counts_its_commodity() {
        let city = |t: Terrain| pip_worth(Expansion::CitiesAndKnights, Piece::City, t.resource());
        assert_eq!(city(Terrain::Fields), 10);
        assert_eq!(city(Terrain::Hills), 6);
        assert_eq!(city(Terrain::Forest), 9);
        assert_eq!(city(Terrain::Pasture), 10);
        assert_eq!(city(Terrain::Mountains), 10);
        // A city is worth more than a settlement everywhere, and ore and grain (the city's
        // own cost) more than brick.
        for r in Resource::ALL {
            let settlement = pip_worth(Expansion::CitiesAndKnights, Piece::Settlement, Some(r));
            assert!(pip_worth(Expansion::CitiesAndKnights, Piece::City, Some(r)) > settlement);
        }
        assert_eq!(
            in_pips(10 * 5 + 6 * 4),
            19,
            "a 6 on fields and a 5 on hills"
        );
    }
}

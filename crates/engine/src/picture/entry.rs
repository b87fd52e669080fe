//! A board being entered, as a picture: the layout's frame with each hex in its terrain once
//! laid (blank until then) and its token, and each harbour place with its harbour or empty.
//! Every hex and harbour place is a group of its own, which the app makes a tap target.

use super::harbours::{kind_group, spot_badge};
use super::tiles::{token, SEA_EDGE};
use super::{
    bounding_box, hex_points, icon_place, pixel, plain_group, sea_group, terrain_colour,
    terrain_icon, Group, Picture, Shape, HARBOUR_RADIUS, SEA_MARGIN, TOKEN_DROP,
};
use crate::board::entry::Entry;
use crate::catalogue::{HarbourPlan, HarbourSpot, Layout};
use crate::model::{CellId, Terrain};

/// A hex or harbour place with nothing on it yet: a pale tile with a dark rim, which reads
/// as a gap to fill in either theme.
const EMPTY_FILL: &str = "#efe9d8";
const EMPTY_RIM: &str = "#8a7d5c";
/// A harbour place's tap target reaches this far round its badge's centre: 44 CSS px across
/// or more wherever the page shows a base board (`tests/browser/entry.test.mjs`), where the
/// badge alone is 33 px on a phone.
pub const PLACE_TARGET: f64 = 37.0;

/// The picture of `entry`, turned `turns` sixths clockwise. Hex groups carry the data
/// `cell`, `terrain` (empty while not laid) and `number`; harbour places are groups of class
/// `harbour-place` carrying `place`, with the harbour's own group inside once it is placed.
pub fn draw_entry(entry: &Entry, turns: usize) -> Picture {
    let layout = Layout::get(entry.layout);
    let hexes: Vec<Group> = CellId::all(layout.cells.len())
        .map(|cell| hex(entry, layout, cell, turns))
        .collect();
    let spots = places(layout);
    let places: Vec<Group> = spots
        .iter()
        .zip(&entry.harbours)
        .enumerate()
        .map(|(place, (spot, &kind))| {
            let badge = spot_badge(layout, spot, kind, turns);
            let target = Shape::Circle {
                cx: badge.centre.0,
                cy: badge.centre.1,
                r: PLACE_TARGET,
                fill: "transparent",
                stroke: "none",
                stroke_width: 0.0,
            };
            let (shapes, children) = match kind {
                Some(kind) => {
                    let printed = layout.printed_harbours[place].is_some();
                    (Vec::new(), vec![kind_group(kind, printed, &badge)])
                }
                None => {
                    let mut shapes = badge.disc(("#f5e6c4", 6.0), EMPTY_FILL, (EMPTY_RIM, 2.0));
                    shapes.push(Shape::Text {
                        at: (badge.centre.0, badge.centre.1 + 9.0),
                        text: "?".to_string(),
                        size: HARBOUR_RADIUS,
                        bold: true,
                        fill: EMPTY_RIM,
                        class: "ratio",
                    });
                    (shapes, Vec::new())
                }
            };
            Group {
                class: "harbour-place",
                data: vec![("place", place.to_string())],
                label: None,
                cell: None,
                shapes: std::iter::once(target).chain(shapes).collect(),
                children,
            }
        })
        .collect();
    let extents = layout
        .cells
        .iter()
        .flat_map(|&h| hex_points(h, turns))
        .chain(spots.iter().flat_map(|spot| {
            let (x, y) = spot_badge(layout, spot, None, turns).centre;
            let r = PLACE_TARGET;
            [(x - r, y - r), (x + r, y + r)]
        }));
    let view_box = bounding_box(extents, SEA_MARGIN);
    let sea = sea_group(view_box);
    Picture {
        view_box,
        layout: entry.layout,
        rows: String::new(),
        groups: vec![
            sea,
            plain_group("land", hexes),
            plain_group("harbours", places),
        ],
    }
}

/// The frame's harbour places, in the entry's order.
fn places(layout: &Layout) -> &[HarbourSpot] {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) | HarbourPlan::McGuire(spots) => spots,
        HarbourPlan::NextToLand => &[],
    }
}

fn hex(entry: &Entry, layout: &Layout, cell: CellId, turns: usize) -> Group {
    let hex = layout.cells[cell];
    let centre = pixel(hex.center(), turns);
    let terrain = entry.terrain[cell];
    let number = entry.numbers[cell];
    let mut shapes = vec![Shape::Polygon {
        points: hex_points(hex, turns),
        fill: terrain.map_or(EMPTY_FILL, terrain_colour),
        stroke: match terrain {
            None => EMPTY_RIM,
            Some(Terrain::Sea) => SEA_EDGE,
            Some(_) => "#f7f3e8",
        },
        stroke_width: 3.0,
    }];
    if let Some(terrain) = terrain {
        let (at, scale) = icon_place(centre, number.is_some(), false);
        shapes.extend(terrain_icon(terrain, at, scale));
    }
    Group {
        class: "hex",
        data: vec![
            ("cell", cell.to_string()),
            ("terrain", terrain.map_or("", |t| t.name()).to_string()),
            ("number", number.map(|n| n.to_string()).unwrap_or_default()),
        ],
        label: None,
        cell: Some(cell),
        shapes,
        children: number
            .map(|n| token(centre.0, centre.1 + TOKEN_DROP, n))
            .into_iter()
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::entry::Step;
    use crate::catalogue::LayoutId;
    use crate::model::HarbourKind;

    #[test]
    fn every_hex_and_harbour_place_of_an_enterable_board_is_drawn_to_tap() {
        for id in LayoutId::every() {
            let Ok(entry) = Entry::new(id) else { continue };
            let picture = draw_entry(&entry, 0);
            let land = &picture.groups[1].children;
            assert_eq!(land.len(), entry.terrain.len(), "{id}");
            assert!(land
                .iter()
                .enumerate()
                .all(|(i, g)| g.cell == Some(CellId::new(i))));
            let places = &picture.groups[2].children;
            assert_eq!(
                places.len(),
                entry.harbours.len(),
                "{id}: a place for each harbour"
            );
        }
    }

    #[test]
    fn what_is_laid_shows_and_the_rest_is_blank() {
        let entry = Entry::new(LayoutId::Base)
            .unwrap()
            .apply(Step::Terrain {
                cell: CellId::new(3),
                terrain: Terrain::Hills,
            })
            .unwrap()
            .apply(Step::Number {
                cell: CellId::new(3),
                number: 8,
            })
            .unwrap()
            .apply(Step::Harbour {
                place: 2,
                kind: HarbourKind::Generic,
            })
            .unwrap();
        let picture = draw_entry(&entry, 1);
        let land = &picture.groups[1].children;
        let fill = |g: &Group| match &g.shapes[0] {
            Shape::Polygon { fill, .. } => *fill,
            _ => unreachable!("a hex is drawn first"),
        };
        assert_eq!(fill(&land[3]), terrain_colour(Terrain::Hills));
        assert_eq!(land[3].children.len(), 1, "its token");
        assert_eq!(fill(&land[0]), EMPTY_FILL);
        assert!(land[0].children.is_empty());
        let places = &picture.groups[2].children;
        assert_eq!(places[2].children[0].class, "harbour");
        assert!(places[0].children.is_empty());
    }
}

//! Turns a [`Description`] into a [`Layout`]: places the map's cells, derives the geometry,
//! builds the zones and their bags, resolves cell names into ids, and checks that the parts
//! agree (bags fill their zones, harbours face land, pieces sit on the board). A mistake is
//! reported with the line that made it.

use super::description::*;
use super::fault::*;
use super::layout::{
    FishingGround, HarbourPlan, HarbourSpot, Layout, LayoutId, Piece, RobberStart, Spiral, Stack,
    Zone,
};
use super::Constraint;
use crate::geometry::{Hex, Topology};
use crate::model::{pips, CellId, CornerId, EdgeId, Terrain};
use crate::order;

/// The zone a fixed cell goes to: cells printed alike (same group, terrain and numbers)
/// share one, so that a zone's bag holds what its cells show.
#[derive(Clone, PartialEq, Eq)]
struct FixedKey {
    group: Option<char>,
    terrain: Terrain,
    numbers: Vec<u8>,
}

struct Compiler<'d> {
    d: &'d Description,
    /// Cell id of each map position (row, position), `None` for gaps.
    ids: Vec<Vec<Option<CellId>>>,
}

impl Compiler<'_> {
    fn fail(&self, line: usize, fault: impl Into<BoardFault>) -> BoardError {
        BoardError {
            file: self.d.file.to_string(),
            line,
            fault: fault.into(),
        }
    }

    fn cell(&self, line: usize, r: CellRef) -> Result<CellId, BoardError> {
        self.ids
            .get(r.row - 1)
            .and_then(|row| row.get(r.position - 1))
            .copied()
            .flatten()
            .ok_or_else(|| {
                self.fail(
                    line,
                    MapFault::NoSuchCell {
                        row: r.row,
                        position: r.position,
                    },
                )
            })
    }
}

pub fn compile(id: LayoutId, d: &Description) -> Result<Layout, BoardError> {
    let mut c = Compiler { d, ids: Vec::new() };
    let middle = (d.rows.len() / 2) as i32;
    let mut cells = Vec::new();
    let mut codes: Vec<(usize, &CellCode)> = Vec::new();
    let mut rows = Vec::new();
    for (index, row) in d.rows.iter().enumerate() {
        let y = index as i32 - middle;
        let mut ids = Vec::new();
        for (i, code) in row.codes.iter().enumerate() {
            ids.push(code.as_ref().map(|code| {
                cells.push(Hex::from_doubled(row.x0 + 2 * i as i32, y));
                codes.push((row.line, code));
                CellId::new(cells.len() - 1)
            }));
        }
        rows.push(ids.iter().flatten().count());
        c.ids.push(ids);
    }
    let topology = Topology::of(&cells);

    // Zones: the described zones that hold shuffled cells, in the order described, then one
    // zone for each kind of printed cell, in map order.
    let group_of = |code: &CellCode| match code {
        CellCode::Zone(letter) | CellCode::Pinned { zone: letter, .. } => Some(*letter),
        CellCode::Sea => None,
        CellCode::Fixed { zone, .. } => *zone,
    };
    let mut zone_specs: Vec<(Option<&ZoneDescription>, Option<FixedKey>)> = Vec::new();
    let mut cell_zone = vec![usize::MAX; cells.len()];
    for &(line, code) in &codes {
        if let Some(letter) = group_of(code) {
            if !d.zones.iter().any(|z| z.letter == letter) {
                return Err(c.fail(line, ZoneFault::NotDescribed { zone: letter }));
            }
        }
    }
    for zone in &d.zones {
        let has_cells = codes.iter().any(|(_, code)| {
            matches!(code, CellCode::Zone(l) | CellCode::Pinned { zone: l, .. } if *l == zone.letter)
        });
        if has_cells {
            zone_specs.push((Some(zone), None));
        } else if !zone.terrain.is_empty() {
            return Err(c.fail(zone.line, ZoneFault::NoCells { zone: zone.letter }));
        }
    }
    let mut pins = Vec::new();
    for (cell, &(line, code)) in codes.iter().enumerate() {
        let key = match code {
            CellCode::Zone(letter) | CellCode::Pinned { zone: letter, .. } => {
                let zone = zone_specs
                    .iter()
                    .position(|(z, _)| z.is_some_and(|z| z.letter == *letter))
                    .expect("listed above");
                if zone_specs[zone].0.is_some_and(|z| z.fixed) {
                    return Err(c.fail(line, ZoneFault::FixedUnprinted { zone: *letter }));
                }
                cell_zone[cell] = zone;
                if let CellCode::Pinned { terrain, .. } = code {
                    pins.push((line, CellId::new(cell), *terrain));
                }
                continue;
            }
            CellCode::Sea => FixedKey {
                group: None,
                terrain: Terrain::Sea,
                numbers: Vec::new(),
            },
            CellCode::Fixed {
                zone,
                terrain,
                numbers,
            } => {
                // A printed land hex may go without a number (the Forgotten Tribe's islands,
                // which nobody settles); sea, desert and lake never take one.
                if !numbers.is_empty() && !terrain.takes_number() {
                    return Err(c.fail(line, MapFault::TakesNoNumber { terrain: *terrain }));
                }
                FixedKey {
                    group: *zone,
                    terrain: *terrain,
                    numbers: numbers.clone(),
                }
            }
        };
        let group = key
            .group
            .and_then(|l| d.zones.iter().find(|z| z.letter == l));
        let zone = match zone_specs
            .iter()
            .position(|(_, k)| k.as_ref() == Some(&key))
        {
            Some(zone) => zone,
            None => {
                zone_specs.push((group, Some(key)));
                zone_specs.len() - 1
            }
        };
        cell_zone[cell] = zone;
    }

    let mut zones = Vec::new();
    let mut extra_numbers = Vec::new();
    for (index, (described, fixed)) in zone_specs.iter().enumerate() {
        let zone_cells: Vec<CellId> = CellId::all(cells.len())
            .filter(|&c| cell_zone[c] == index)
            .collect();
        let flags = |f: fn(&ZoneDescription) -> bool| described.is_some_and(f);
        let (name, terrain_bag, token_bag, spiral, printed_tokens) = match (described, fixed) {
            (_, Some(key)) => {
                let n = zone_cells.len();
                // Rivers of Catan prints a second number on some hexes; the first is the token.
                extra_numbers.extend(zone_cells.iter().flat_map(|&cell| {
                    key.numbers
                        .iter()
                        .skip(1)
                        .map(move |&number| (cell, number))
                }));
                (
                    described.map_or("sea", |z| z.name),
                    vec![key.terrain; n],
                    key.numbers.first().map_or(Vec::new(), |&t| vec![t; n]),
                    None,
                    None,
                )
            }
            (Some(z), None) => {
                let terrain_bag: Vec<Terrain> = z
                    .terrain
                    .iter()
                    .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
                    .collect();
                if terrain_bag.len() != zone_cells.len() {
                    return Err(c.fail(
                        z.line,
                        ZoneFault::TerrainCount {
                            zone: z.letter,
                            cells: zone_cells.len(),
                            terrain: terrain_bag.len(),
                        },
                    ));
                }
                let numbered = terrain_bag.iter().filter(|t| t.takes_number()).count();
                let (mut tokens, path) = match &z.tokens {
                    Tokens::None => (Vec::new(), None),
                    Tokens::Shuffled(t) | Tokens::Printed(t) => (t.clone(), None),
                    Tokens::Path(t) => (t.clone(), Some(t.clone())),
                };
                let printed_tokens = match &z.tokens {
                    Tokens::Printed(t) if numbered != zone_cells.len() => {
                        return Err(c.fail(
                            z.line,
                            ZoneFault::PrintedTokensUnnumbered { zone: z.letter },
                        ))
                    }
                    Tokens::Printed(t) => Some(t.clone()),
                    _ => None,
                };
                if tokens.len() != numbered {
                    return Err(c.fail(
                        z.line,
                        ZoneFault::TokenCount {
                            zone: z.letter,
                            numbered,
                            tokens: tokens.len(),
                        },
                    ));
                }
                // The bag in rising order: the order the generator draws from (the same
                // bags as before boards were data).
                order::sort(&mut tokens);
                let spiral = path.map(|letters| Spiral {
                    tokens: letters,
                    starts: zone_cells
                        .iter()
                        .copied()
                        .filter(|&cell| {
                            topology.cell_neighbors[cell]
                                .iter()
                                .filter(|n| zone_cells.contains(n))
                                .count()
                                == 3
                        })
                        .collect(),
                });
                (z.name, terrain_bag, tokens, spiral, printed_tokens)
            }
            (None, None) => unreachable!("every zone is described or printed"),
        };
        zones.push(Zone {
            name,
            letter: described.map(|z| z.letter),
            cells: zone_cells,
            terrain_bag,
            token_bag,
            spiral,
            printed_tokens,
            fixed: fixed.is_some(),
            fog: flags(|z| z.fog),
            robber_free: flags(|z| z.no_robber),
            pirate_free: flags(|z| z.no_pirate),
        });
    }

    let spot = |line: usize, cell: CellId, side: usize| {
        let sea = cells[cell].neighbor(side);
        if let Some(beyond) = topology_cell(&cells, sea) {
            let zone = &zones[cell_zone[beyond]];
            if !zone.terrain_bag.iter().all(|&t| t == Terrain::Sea) {
                return Err(c.fail(line, HarbourFault::SideNotSea { side }));
            }
        }
        spot_between(&topology, &cells, sea, cell)
            .ok_or_else(|| c.fail(line, HarbourFault::SeaApart))
    };

    let mut spots = Vec::new();
    let mut printed_harbours = Vec::new();
    for place in &d.harbour_places {
        let cell = c.cell(place.line, place.cell)?;
        spots.push(spot(place.line, cell, place.side)?);
        printed_harbours.push(place.kind);
    }
    let (harbours, harbour_bag) = match &d.harbours {
        None if spots.is_empty() => (HarbourPlan::Fixed(Vec::new()), Vec::new()),
        None => return Err(c.fail(d.harbour_places[0].line, HarbourFault::PlacesWithoutLine)),
        Some(h) => {
            let dealt = printed_harbours.iter().filter(|k| k.is_none()).count();
            match h.plan {
                HarbourPlanDescription::NextToLand => {
                    if !spots.is_empty() {
                        return Err(c.fail(h.line, HarbourFault::NextToLandPlaces));
                    }
                    (HarbourPlan::NextToLand, h.bag.clone())
                }
                HarbourPlanDescription::Fixed if !h.bag.is_empty() || dealt > 0 => {
                    return Err(c.fail(h.line, HarbourFault::FixedWithBag));
                }
                HarbourPlanDescription::Fixed => (HarbourPlan::Fixed(spots), Vec::new()),
                plan => {
                    if h.bag.len() != dealt {
                        return Err(c.fail(
                            h.line,
                            HarbourFault::BagSize {
                                bag: h.bag.len(),
                                places: dealt,
                            },
                        ));
                    }
                    if plan == HarbourPlanDescription::McGuire {
                        (HarbourPlan::McGuire(spots), h.bag.clone())
                    } else {
                        (HarbourPlan::Fixed(spots), h.bag.clone())
                    }
                }
            }
        }
    };

    let robber = match d.robber.value {
        Robber::Desert => RobberStart::Desert,
        Robber::Nowhere => RobberStart::Nowhere,
        Robber::Cell(r) => RobberStart::Cell(c.cell(d.robber.line, r)?),
    };
    let pirate = match d.pirate.value {
        Pirate::Nowhere => None,
        Pirate::Cell(r) => Some(cells[c.cell(d.pirate.line, r)?]),
        Pirate::Doubled(x, y) => {
            if (x - y).rem_euclid(2) != 0 {
                return Err(c.fail(d.pirate.line, PieceFault::PirateOffGrid { x, y }));
            }
            Some(Hex::from_doubled(x, y))
        }
    };

    let land: usize = zones
        .iter()
        .flat_map(|z| &z.terrain_bag)
        .filter(|&&t| t != Terrain::Sea)
        .count();
    let mut constraints = Vec::new();
    for At { line, value } in &d.constraints {
        constraints.push(match value {
            ConstraintDescription::RedNotOnGold => Constraint::RedNotOnGold,
            ConstraintDescription::GoldApart => Constraint::GoldApart,
            ConstraintDescription::SeaOnBorder => Constraint::SeaOnBorder,
            ConstraintDescription::SpiralFromHarbour => Constraint::SpiralFromHarbour,
            ConstraintDescription::InlandOnly(terrain) => Constraint::InlandOnly(*terrain),
            ConstraintDescription::LargestIsland { least, most } => Constraint::LargestIsland {
                least: (land * least).div_ceil(100),
                most: land * most / 100,
            },
            ConstraintDescription::NumbersOn {
                numbers,
                cells: refs,
            } => Constraint::NumbersBarred {
                numbers: numbers.clone(),
                cells: refs
                    .iter()
                    .map(|&r| c.cell(*line, r))
                    .collect::<Result<_, _>>()?,
            },
            ConstraintDescription::NumbersNextTo { numbers, terrain } => {
                let printed: Vec<CellId> = CellId::all(cells.len())
                    .filter(|&cell| {
                        zones[cell_zone[cell]].fixed
                            && zones[cell_zone[cell]].terrain_bag[0] == *terrain
                    })
                    .collect();
                if printed.is_empty() {
                    return Err(c.fail(*line, ConstraintFault::NothingNextTo { terrain: *terrain }));
                }
                let mut near: Vec<CellId> = printed
                    .iter()
                    .flat_map(|&cell| topology.cell_neighbors[cell].iter().copied())
                    .filter(|n| !printed.contains(n))
                    .collect();
                order::sort(&mut near);
                near.dedup();
                Constraint::NumbersBarred {
                    numbers: numbers.clone(),
                    cells: near,
                }
            }
        });
    }

    // Printed tokens under shuffled terrain: each cell bars every other number of its zone.
    for zone in &zones {
        let Some(printed) = &zone.printed_tokens else {
            continue;
        };
        for (&cell, &token) in zone.cells.iter().zip(printed) {
            let mut others: Vec<u8> = zone
                .token_bag
                .iter()
                .copied()
                .filter(|&t| t != token)
                .collect();
            others.dedup();
            constraints.push(Constraint::NumbersBarred {
                numbers: others,
                cells: vec![cell],
            });
        }
    }

    // Printed terrain over drawn tokens: each pinned cell holds its terrain, one of its
    // zone's bag.
    for &(line, cell, terrain) in &pins {
        let zone = cell_zone[cell];
        let pinned = pins
            .iter()
            .filter(|&&(_, c, t)| cell_zone[c] == zone && t == terrain)
            .count();
        let in_bag = zones[zone]
            .terrain_bag
            .iter()
            .filter(|&&t| t == terrain)
            .count();
        if pinned > in_bag {
            return Err(c.fail(
                line,
                ZoneFault::PinnedOverBag {
                    terrain,
                    pinned,
                    in_bag,
                },
            ));
        }
        constraints.push(Constraint::TerrainAt { cell, terrain });
    }

    let all_tokens: Vec<u8> = zones
        .iter()
        .flat_map(|z| z.token_bag.iter().copied())
        .collect();
    let mut pips_by_number = [0u8; 13];
    for n in 2..=12u8 {
        pips_by_number[usize::from(n)] = pips(n);
    }
    let mut stacks = Vec::new();
    for At { line, value } in &d.stacks {
        let under = all_tokens.iter().filter(|&&t| t == value.on).count();
        if under != value.tokens.len() {
            return Err(c.fail(
                *line,
                StackFault::Unmatched {
                    stacked: value.tokens.len(),
                    on: value.on,
                    under,
                },
            ));
        }
        // A hex's pips then follow from its number alone, whichever stacked token it got.
        let first = pips(value.tokens[0]);
        if value.tokens.iter().any(|&t| pips(t) != first) {
            return Err(c.fail(*line, StackFault::Uneven));
        }
        if all_tokens.iter().any(|t| value.tokens.contains(t)) {
            return Err(c.fail(*line, StackFault::InZone));
        }
        pips_by_number[usize::from(value.on)] += first;
        stacks.push(Stack {
            tokens: value.tokens.clone(),
            on: value.on,
        });
    }

    let edge_of = |line: usize, cell: CellId, side: usize| -> Result<EdgeId, BoardError> {
        let [a, b] = topology.side_corners(cell, side);
        let pair = (a.min(b), a.max(b));
        topology
            .edges
            .binary_search(&pair)
            .map(EdgeId::new)
            .map_err(|_| c.fail(line, PieceFault::NotAnEdge))
    };
    let mut pieces = Vec::new();
    for At { line, value } in &d.corner_pieces {
        let cell = c.cell(*line, value.cell)?;
        pieces.push(Piece {
            kind: value.kind,
            corner: Some(topology.cell_corners[cell][value.corner]),
            edge: None,
            number: value.number,
        });
    }
    for At { line, value } in &d.edge_pieces {
        let cell = c.cell(*line, value.cell)?;
        pieces.push(Piece {
            kind: value.kind,
            corner: None,
            edge: Some(edge_of(*line, cell, value.side)?),
            number: value.number,
        });
    }
    let mut fishing = Vec::new();
    for At { line, value } in &d.fishing {
        let cell = c.cell(*line, value.cell)?;
        let place = spot(*line, cell, value.side)?;
        fishing.push(FishingGround {
            sea: place.sea,
            faces: cell,
            corners: place.corners,
            number: value.number,
        });
    }
    let mut rivers = Vec::new();
    for At { line, value } in &d.rivers {
        rivers.push(
            value
                .iter()
                .map(|&(r, side)| edge_of(*line, c.cell(*line, r)?, side))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }

    // Wonders of Catan: nobody settles on the marked wasteland and strait corners either.
    let no_start: Vec<CornerId> = pieces
        .iter()
        .filter(|p| p.kind.is_no_start_mark())
        .filter_map(|p| p.corner)
        .collect();
    let groups: Vec<Option<char>> = codes.iter().map(|(_, code)| group_of(code)).collect();
    if let Some(letters) = &d.starts.value {
        if let Some(l) = letters
            .iter()
            .find(|l| !d.zones.iter().any(|z| z.letter == **l))
        {
            return Err(c.fail(d.starts.line, ZoneFault::NotDescribed { zone: *l }));
        }
    }
    let start_corners = topology
        .corner_cells
        .iter()
        .enumerate()
        .map(|(corner, touching)| {
            !no_start.contains(&CornerId::new(corner))
                && touching.iter().any(|&cell| match &d.starts.value {
                    None => zones[cell_zone[cell]]
                        .terrain_bag
                        .iter()
                        .any(|&t| t != Terrain::Sea),
                    Some(letters) => groups[cell].is_some_and(|g| letters.contains(&g)),
                })
        })
        .collect();

    let mut layout = Layout {
        id,
        cells,
        rows,
        topology,
        zones,
        cell_zone,
        harbours,
        harbour_bag,
        printed_harbours,
        pirate,
        robber,
        constraints,
        centre_cells: Vec::new(),
        start_corners,
        pieces,
        fishing,
        rivers,
        extra_numbers,
        stacks,
        pips_by_number,
        walked_spirals: std::sync::OnceLock::new(),
    };
    layout.centre_cells = centre_cells(&layout);
    Ok(layout)
}

/// The cells nearest the centre of the first zone's cells (one, or two when the centre
/// falls between hexes, as on the 5-6 island).
fn centre_cells(layout: &Layout) -> Vec<CellId> {
    let zone = &layout.zones[0].cells;
    let pixel = |c: CellId| layout.cells[c].center().to_pixel(1.0);
    let n = zone.len() as f64;
    let (cx, cy) = zone.iter().fold((0.0, 0.0), |(x, y), &c| {
        (x + pixel(c).0 / n, y + pixel(c).1 / n)
    });
    let distance = |c: CellId| (pixel(c).0 - cx).hypot(pixel(c).1 - cy);
    let best = zone
        .iter()
        .map(|&c| distance(c))
        .fold(f64::INFINITY, f64::min);
    zone.iter()
        .copied()
        .filter(|&c| distance(c) < best + 1e-6)
        .collect()
}

fn topology_cell(cells: &[Hex], hex: Hex) -> Option<CellId> {
    cells.iter().position(|&h| h == hex).map(CellId::new)
}

/// The place between sea hex `sea` and land cell `faces`: their two shared corners.
fn spot_between(
    topology: &Topology,
    cells: &[Hex],
    sea: Hex,
    faces: CellId,
) -> Option<HarbourSpot> {
    let corners: Vec<CornerId> = topology.cell_corners[faces]
        .iter()
        .copied()
        .filter(|&c| sea.corners().contains(&topology.corners[c]))
        .collect();
    (corners.len() == 2 && sea.distance(cells[faces]) == 1).then(|| HarbourSpot {
        sea,
        faces,
        corners: [corners[0], corners[1]],
    })
}

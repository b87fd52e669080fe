//! Whether a board is one its layout can hold, and one its settings could have made.
//!
//! The generator only ever makes such boards; this module is for boards that arrive from
//! outside (a share link, the command line's board text), which must be checked before
//! they are shown or scored. Each problem is a [`Problem`], data the faces put in their own
//! words; an empty list means the board fits.

use crate::board::Board;
use crate::catalogue::{Constraint, HarbourPlan, HarbourSpot, Layout, LayoutId, Zone};
use crate::generate::harbours::{coastal_spots, dealt_kinds, mcguire_harbours};
use crate::generate::legal::{constraint_holds_at, largest_island};
use crate::generate::settings::Settings;
use crate::generate::settings::SettingsProblem;
use crate::generate::spiral::{
    lay_spiral, spiral_from_harbour, spiral_paths, tokens_follow_harbour_spiral,
};
use crate::model::CellId;
use crate::model::{HarbourKind, Terrain};
use crate::rules::{PartialBoard, Rule};

/// Why a board is not one its layout can hold, or not one its settings could have made.
/// Hexes and harbours are named by their place (`CellId`, a harbour's index in the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The terrain or numbers name another number of hexes than the layout has.
    HexCount {
        layout: LayoutId,
        hexes: usize,
        given: usize,
    },
    /// A hex whose terrain takes a number has none.
    NoNumber {
        hex: CellId,
        terrain: Terrain,
    },
    /// A hex whose terrain takes no number carries one.
    NumberNotTaken {
        hex: CellId,
        terrain: Terrain,
        number: u8,
    },
    /// A bag's pieces differ from what the board holds: `has` of `piece` where the game has
    /// `wants`.
    Count {
        bag: Bag,
        piece: Piece,
        has: usize,
        wants: usize,
    },
    /// Sea inland, where the layout allows it only on its border.
    SeaInland {
        hex: CellId,
    },
    /// A 6 or an 8 on gold.
    RedOnGold {
        hex: CellId,
        terrain: Terrain,
    },
    /// A terrain the layout allows only inland, on its border.
    InlandOnly {
        hex: CellId,
        terrain: Terrain,
    },
    /// Another terrain where the layout prints `printed`.
    NotPrinted {
        hex: CellId,
        terrain: Terrain,
        printed: Terrain,
    },
    /// Gold beside gold.
    GoldBeside {
        hex: CellId,
        terrain: Terrain,
    },
    /// A number the layout bars from this hex.
    NumberBarred {
        hex: CellId,
        terrain: Terrain,
        number: u8,
    },
    /// The largest island's land hexes, out of the layout's range.
    IslandSize {
        largest: usize,
        least: usize,
        most: usize,
    },
    /// Numbers that do not follow the spiral from the inland harbour.
    HarbourSpiral,
    RobberMisplaced,
    PirateMisplaced,
    /// Harbours off the frame's harbour places.
    HarboursOffPlaces,
    /// Harbours of other kinds than those printed on the board.
    HarboursNotPrinted,
    /// Harbours not where McGuire's set-up puts them.
    HarboursNotMcGuire,
    /// The harbour at this index is not between sea and land.
    HarbourOffCoast(usize),
    /// The harbour at this index touches one before it.
    HarbourTouches(usize),
    /// Fewer harbours than the coast has room for.
    HarbourRoomLeft,
    /// Harbours that are not from the game's harbours.
    HarboursNotTheGames,
    /// The settings name another layout than the board's.
    LayoutMismatch {
        named: LayoutId,
        board: LayoutId,
    },
    /// Settings that do not go together.
    Settings(SettingsProblem),
    /// The numbers of a zone do not follow the letter spiral the settings claim.
    Spiral {
        zone: &'static str,
    },
    /// An active rule the board breaks.
    RuleBroken(Rule),
    /// A table the layout is not made for.
    Seats {
        seats: usize,
        layout: LayoutId,
    },
}

/// The bag a [`Problem::Count`] counts: a zone's terrain or tokens, or the game's harbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bag {
    Terrain(&'static str),
    Numbers(&'static str),
    Harbours,
}

/// A piece of a bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Terrain(Terrain),
    Number(u8),
    Harbour(HarbourKind),
}

/// Pieces in the order their problems are listed: terrain and numbers by their own order,
/// harbours 2:1 by resource name, then 3:1 (the order of their link names, "2:1 brick" to
/// "3:1", which this list always had).
impl Ord for Piece {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |piece: &Piece| match *piece {
            Piece::Terrain(terrain) => (0, Some(terrain), 0, ""),
            Piece::Number(number) => (1, None, number, ""),
            Piece::Harbour(HarbourKind::Special(resource)) => (2, None, 0, resource.name()),
            Piece::Harbour(HarbourKind::Generic) => (2, None, 1, ""),
        };
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Piece {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// What keeps terrain and tokens from being a board of `layout`: the wrong number of hexes,
/// zones that do not hold exactly their bags, tokens on hexes that take none (or missing),
/// and the layout's own constraints (where sea may go, 6 and 8 off gold, island sizes, the
/// McGuire spiral).
pub fn deal_problems(layout: &Layout, terrain: &[Terrain], numbers: &[Option<u8>]) -> Vec<Problem> {
    let cells = layout.cells.len();
    if terrain.len() != cells || numbers.len() != cells {
        return vec![Problem::HexCount {
            layout: layout.id,
            hexes: cells,
            given: terrain.len(),
        }];
    }
    let mut problems = Vec::new();
    for (cell, (&t, &n)) in CellId::all(terrain.len()).zip(terrain.iter().zip(numbers)) {
        match (layout.takes_number(cell, t), n) {
            (true, None) => problems.push(Problem::NoNumber {
                hex: cell,
                terrain: t,
            }),
            (false, Some(n)) => problems.push(Problem::NumberNotTaken {
                hex: cell,
                terrain: t,
                number: n,
            }),
            _ => {}
        }
    }
    for zone in &layout.zones {
        bag_problems(
            &mut problems,
            Bag::Terrain(zone.name),
            zone.terrain_bag.iter().map(|&t| Piece::Terrain(t)),
            zone.cells.iter().map(|&c| Piece::Terrain(terrain[c])),
        );
        bag_problems(
            &mut problems,
            Bag::Numbers(zone.name),
            zone.token_bag.iter().map(|&n| Piece::Number(n)),
            zone.cells
                .iter()
                .filter_map(|&c| numbers[c])
                .map(Piece::Number),
        );
    }
    if !problems.is_empty() {
        // The constraints below assume the right pieces: say what is missing first.
        return problems;
    }
    let terrain_view: Vec<Option<Terrain>> = terrain.iter().map(|&t| Some(t)).collect();
    let view = PartialBoard::complete(&terrain_view, numbers);
    for (cell, &t) in CellId::all(terrain.len()).zip(terrain) {
        for constraint in &layout.constraints {
            if constraint_holds_at(layout, constraint, &view, cell) {
                continue;
            }
            let hex = cell;
            problems.push(match constraint {
                Constraint::SeaOnBorder => Problem::SeaInland { hex },
                Constraint::RedNotOnGold => Problem::RedOnGold { hex, terrain: t },
                Constraint::InlandOnly(_) => Problem::InlandOnly { hex, terrain: t },
                Constraint::TerrainAt { terrain, .. } => Problem::NotPrinted {
                    hex,
                    terrain: t,
                    printed: *terrain,
                },
                Constraint::GoldApart => Problem::GoldBeside { hex, terrain: t },
                Constraint::NumbersBarred { .. } => Problem::NumberBarred {
                    hex,
                    terrain: t,
                    number: numbers[cell].unwrap_or_default(),
                },
                // Checked on the whole board below.
                Constraint::LargestIsland { .. } | Constraint::SpiralFromHarbour => continue,
            });
        }
    }
    for constraint in &layout.constraints {
        match *constraint {
            Constraint::LargestIsland { least, most } => {
                let largest = largest_island(layout, terrain);
                if !(least..=most).contains(&largest) {
                    problems.push(Problem::IslandSize {
                        largest,
                        least,
                        most,
                    });
                }
            }
            Constraint::SpiralFromHarbour
                if !tokens_follow_harbour_spiral(layout, terrain, numbers) =>
            {
                problems.push(Problem::HarbourSpiral);
            }
            _ => {}
        }
    }
    problems
}

/// [`deal_problems`], then the harbours (where the layout puts them, the kinds its bag
/// holds), the robber and the pirate.
pub fn problems(board: &Board) -> Vec<Problem> {
    let layout = board.layout();
    let mut problems = deal_problems(layout, &board.terrain, &board.numbers);
    if !problems.is_empty() {
        return problems;
    }
    harbours_problems(&mut problems, layout, board);
    let robber = layout.robber_start(&board.terrain);
    if board.robber != robber {
        problems.push(Problem::RobberMisplaced);
    }
    if board.pirate != layout.pirate {
        problems.push(Problem::PirateMisplaced);
    }
    problems
}

/// [`problems`], then whether `settings` could have made the board: the same layout,
/// settings that go together, the number deal they name, and every active rule kept.
pub fn claim_problems(settings: &Settings, board: &Board) -> Vec<Problem> {
    if settings.layout != board.layout {
        return vec![Problem::LayoutMismatch {
            named: settings.layout,
            board: board.layout,
        }];
    }
    let mut problems = problems(board);
    if !problems.is_empty() {
        return problems;
    }
    if let Some(problem) = settings.problem() {
        problems.push(Problem::Settings(problem));
    }
    let layout = board.layout();
    if settings.spiral() && !spiral_from_harbour(layout) {
        for zone in layout.zones.iter().filter(|z| z.spiral.is_some()) {
            if !follows_a_spiral(layout, zone, board) {
                problems.push(Problem::Spiral { zone: zone.name });
            }
        }
    }
    problems.extend(
        settings
            .rules
            .broken_by(board)
            .into_iter()
            .map(Problem::RuleBroken),
    );
    problems
}

/// Why a table of `seats` players does not suit the layout, if it does not: the snake
/// draft and the fair start are for the players the layout is made for (3 or 4, 5 or 6).
pub fn seats_problem(layout: LayoutId, seats: usize) -> Option<Problem> {
    (!layout.seats().contains(&seats)).then_some(Problem::Seats { seats, layout })
}

/// Whether a zone's tokens lie along one of the spirals its corners start.
fn follows_a_spiral(layout: &Layout, zone: &Zone, board: &Board) -> bool {
    spiral_paths(layout, zone, &board.terrain)
        .iter()
        .any(|path| {
            let mut expected = board.numbers.clone();
            lay_spiral(zone, path, &board.terrain, &mut expected);
            expected == board.numbers
        })
}

/// Says how the items differ from the bag, piece by piece.
fn bag_problems(
    problems: &mut Vec<Problem>,
    of: Bag,
    bag: impl Iterator<Item = Piece>,
    items: impl Iterator<Item = Piece>,
) {
    let bag: Vec<Piece> = bag.collect();
    let items: Vec<Piece> = items.collect();
    let mut seen = items.clone();
    seen.extend_from_slice(&bag);
    let count = |list: &[Piece], p: Piece| list.iter().filter(|&&x| x == p).count();
    // Few kinds (terrains, numbers, harbours), so counting each kind by a pass is cheap.
    for piece in super::kinds(&seen) {
        let (has, wants) = (count(&items, piece), count(&bag, piece));
        if has != wants {
            problems.push(Problem::Count {
                bag: of,
                piece,
                has,
                wants,
            });
        }
    }
}

/// What keeps the board's harbours from being the layout's: their places, the kinds printed
/// on the board, the kinds its box holds (the `check` of a typed board's harbours).
pub fn harbour_problems(board: &Board) -> Vec<Problem> {
    let mut problems = Vec::new();
    harbours_problems(&mut problems, board.layout(), board);
    problems
}

fn harbours_problems(problems: &mut Vec<Problem>, layout: &Layout, board: &Board) {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => {
            let placed: Vec<HarbourSpot> = board.harbours.iter().map(|h| h.spot).collect();
            if placed != *spots {
                problems.push(Problem::HarboursOffPlaces);
            }
            let kinds = board.harbours.iter().map(|h| h.kind);
            let printed = kinds
                .clone()
                .zip(&layout.printed_harbours)
                .all(|(kind, printed)| printed.is_none_or(|p| p == kind));
            if !printed {
                problems.push(Problem::HarboursNotPrinted);
            }
            harbour_bag_problems(problems, layout, layout.dealt_harbours(kinds).into_iter());
        }
        HarbourPlan::McGuire(spots) => {
            let dealt = dealt_kinds(layout, board);
            let expected = mcguire_harbours(layout, &board.terrain, spots, dealt.clone());
            if board.harbours != expected {
                problems.push(Problem::HarboursNotMcGuire);
            }
            harbour_bag_problems(problems, layout, dealt.into_iter());
        }
        HarbourPlan::NextToLand => {
            let candidates = coastal_spots(layout, &board.terrain);
            for (i, h) in board.harbours.iter().enumerate() {
                if !candidates.contains(&h.spot) {
                    problems.push(Problem::HarbourOffCoast(i));
                } else if board.harbours[..i]
                    .iter()
                    .any(|o| !clear_of(&o.spot, &h.spot))
                {
                    problems.push(Problem::HarbourTouches(i));
                }
            }
            let room_left = board.harbours.len() < layout.harbour_bag.len()
                && candidates
                    .iter()
                    .any(|c| board.harbours.iter().all(|h| clear_of(&h.spot, c)));
            if room_left {
                problems.push(Problem::HarbourRoomLeft);
            }
            let kinds: Vec<HarbourKind> = board.harbours.iter().map(|h| h.kind).collect();
            if kinds.len() == layout.harbour_bag.len() {
                harbour_bag_problems(problems, layout, kinds.into_iter());
            } else if !is_sub_bag(&kinds, &layout.harbour_bag) {
                problems.push(Problem::HarboursNotTheGames);
            }
        }
    }
}

fn harbour_bag_problems(
    problems: &mut Vec<Problem>,
    layout: &Layout,
    kinds: impl Iterator<Item = HarbourKind>,
) {
    bag_problems(
        problems,
        Bag::Harbours,
        layout.harbour_bag.iter().map(|&k| Piece::Harbour(k)),
        kinds.map(Piece::Harbour),
    );
}

fn is_sub_bag(items: &[HarbourKind], bag: &[HarbourKind]) -> bool {
    let mut left = bag.to_vec();
    items
        .iter()
        .all(|k| match left.iter().position(|b| b == k) {
            Some(at) => {
                left.swap_remove(at);
                true
            }
            None => false,
        })
}

/// Two harbours may share neither their sea hex nor a corner.
fn clear_of(a: &HarbourSpot, b: &HarbourSpot) -> bool {
    a.sea != b.sea && a.corners.iter().all(|x| !b.corners.contains(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Harbour;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, NumberMode};
    use crate::rules::{Rule, RuleSet};

    /// The board's harbours with one moved.
    fn moved(board: &Board, index: usize, spot: HarbourSpot) -> Vec<Harbour> {
        let mut harbours = board.harbours.clone();
        harbours[index].spot = spot;
        harbours
    }

    fn board(layout: LayoutId, seed: u64) -> Board {
        generate(&Settings::new(layout, RuleSet::standard()), seed).unwrap()
    }

    #[test]
    fn gold_side_by_side_is_named_under_gold_apart() {
        use crate::generate::legal::layout_with;
        let layout = layout_with(LayoutId::Seafarers, vec![Constraint::GoldApart]);
        let gold = |t: &[Terrain], c: CellId| t[c] == Terrain::Gold;
        let touching = |t: &[Terrain]| {
            layout
                .topology
                .adjacent_pairs
                .iter()
                .any(|&(a, b)| gold(t, a) && gold(t, b))
        };
        let mut named = 0;
        for seed in 0..40 {
            let b = board(LayoutId::Seafarers, seed);
            if touching(&b.terrain) {
                continue;
            }
            assert_eq!(deal_problems(&layout, &b.terrain, &b.numbers), vec![]);
            // Move a gold hex next to the other gold, within its zone (the bags stay whole).
            let golds: Vec<CellId> = CellId::all(b.terrain.len())
                .filter(|&c| gold(&b.terrain, c))
                .collect();
            let moved = golds.iter().find_map(|&a| {
                golds.iter().filter(|&&g| g != a).find_map(|&g| {
                    layout.topology.cell_neighbors[g]
                        .iter()
                        .copied()
                        .find(|&n| {
                            n != a
                                && layout.cell_zone[n] == layout.cell_zone[a]
                                && b.terrain[n].takes_number()
                        })
                        .map(|n| (a, n))
                })
            });
            let Some((a, n)) = moved else { continue };
            let mut terrain = b.terrain.clone();
            terrain.swap(a.index(), n.index());
            let problems = deal_problems(&layout, &terrain, &b.numbers);
            assert!(
                problems.iter().any(|p| p
                    == &Problem::GoldBeside {
                        hex: n,
                        terrain: Terrain::Gold
                    }),
                "{problems:?}"
            );
            named += 1;
        }
        assert!(named > 0, "some board could be broken this way");
    }

    #[test]
    fn a_barred_number_is_named() {
        use crate::generate::legal::layout_with;
        let b = board(LayoutId::Base, 4);
        let find = |number| CellId::new(b.numbers.iter().position(|&n| n == Some(number)).unwrap());
        let (six, quiet) = (find(6), find(3));
        let barring = |cells: Vec<CellId>| {
            layout_with(
                LayoutId::Base,
                vec![Constraint::NumbersBarred {
                    numbers: vec![6, 8],
                    cells,
                }],
            )
        };
        assert_eq!(
            deal_problems(&barring(vec![quiet]), &b.terrain, &b.numbers),
            vec![]
        );
        assert_eq!(
            deal_problems(&barring(vec![quiet, six]), &b.terrain, &b.numbers),
            vec![Problem::NumberBarred {
                hex: six,
                terrain: b.terrain[six],
                number: 6
            }]
        );
    }

    #[test]
    fn generated_boards_fit_their_layouts_and_settings() {
        // Seeds split across the catalogue: the first seven boards took 20 each.
        for layout in LayoutId::every() {
            for seed in 0..5 {
                let settings = Settings::new(layout, RuleSet::standard());
                let b = generate(&settings, seed).unwrap();
                assert_eq!(claim_problems(&settings, &b), vec![], "{layout} {seed}");
            }
            let settings = Settings {
                numbers: NumberMode::Spiral,
                ..Settings::new(layout, RuleSet::default())
            };
            if settings.problem().is_none() && layout != LayoutId::McGuire {
                let b = generate(&settings, 3).unwrap();
                assert!(claim_problems(&settings, &b).is_empty(), "{layout} spiral");
            }
        }
    }

    #[test]
    fn five_deserts_are_not_a_base_board() {
        let mut b = board(LayoutId::Base, 1);
        for cell in 0..19 {
            if b.terrain[cell] == Terrain::Forest {
                b.terrain[cell] = Terrain::Desert;
                b.numbers[cell] = None;
            }
        }
        let problems = problems(&b);
        assert!(
            problems.iter().any(|p| *p
                == Problem::Count {
                    bag: Bag::Terrain(Layout::get(LayoutId::Base).zones[0].name),
                    piece: Piece::Terrain(Terrain::Desert),
                    has: 5,
                    wants: 1
                }),
            "{problems:?}"
        );
    }

    #[test]
    fn sea_and_a_numbered_desert_are_named() {
        let mut b = board(LayoutId::Base, 2);
        let forest = b
            .terrain
            .iter()
            .position(|&t| t == Terrain::Forest)
            .unwrap();
        b.terrain[forest] = Terrain::Sea;
        b.numbers[forest] = None;
        assert!(problems(&b).iter().any(|p| matches!(
            p,
            Problem::Count {
                piece: Piece::Terrain(Terrain::Sea),
                has: 1,
                wants: 0,
                ..
            }
        )));

        let mut b = board(LayoutId::Base, 2);
        let desert = b
            .terrain
            .iter()
            .position(|&t| t == Terrain::Desert)
            .unwrap();
        b.numbers[desert] = Some(6);
        let found = problems(&b);
        assert!(
            found.contains(&Problem::NumberNotTaken {
                hex: CellId::new(desert),
                terrain: Terrain::Desert,
                number: 6
            }),
            "{found:?}"
        );
    }

    #[test]
    fn red_on_gold_breaks_new_world() {
        for seed in 0..50 {
            let mut b = board(LayoutId::NewWorldFiveSix, seed);
            let gold = b.terrain.iter().position(|&t| t == Terrain::Gold).unwrap();
            let Some(red) = b.numbers.iter().position(|&n| n == Some(6)) else {
                continue;
            };
            if red == gold || b.terrain[red] == Terrain::Gold {
                continue;
            }
            b.numbers.swap(gold, red);
            assert!(
                problems(&b)
                    .iter()
                    .any(|p| matches!(p, Problem::RedOnGold { .. })),
                "seed {seed}"
            );
            return;
        }
        panic!("no New World board to move a 6 onto gold");
    }

    #[test]
    fn misplaced_harbours_are_refused() {
        let b = board(LayoutId::Base, 4);
        let mut swapped = b.clone();
        swapped.harbours.swap(0, 1);
        let kinds_differ = b.harbours[0].kind != b.harbours[1].kind;
        assert!(problems(&swapped).contains(&Problem::HarboursOffPlaces));
        assert!(kinds_differ || problems(&swapped).len() == 1);

        let mut doubled = b.clone();
        doubled.harbours[0].kind = doubled.harbours[1].kind;
        if b.harbours[0].kind != b.harbours[1].kind {
            assert!(problems(&doubled).iter().any(|p| matches!(
                p,
                Problem::Count {
                    bag: Bag::Harbours,
                    ..
                }
            )));
        }

        let m = board(LayoutId::McGuire, 5);
        let mut misplaced = m.clone();
        let last = m.harbours.len() - 1;
        let elsewhere = Layout::get(LayoutId::Base).harbours.clone();
        if let HarbourPlan::Fixed(spots) = elsewhere {
            misplaced.harbours = moved(&m, last, spots[0]);
            assert!(problems(&misplaced).contains(&Problem::HarboursNotMcGuire));
        }
    }

    #[test]
    fn new_world_harbours_must_be_coastal_and_apart() {
        let b = board(LayoutId::NewWorld, 6);
        let mut on_top = b.clone();
        on_top.harbours[1].spot = on_top.harbours[0].spot;
        assert!(problems(&on_top).contains(&Problem::HarbourTouches(1)));

        let layout = Layout::get(LayoutId::NewWorld);
        let (a, c) = *layout
            .topology
            .adjacent_pairs
            .iter()
            .find(|&&(a, c)| b.terrain[a] != Terrain::Sea && b.terrain[c] != Terrain::Sea)
            .expect("two land hexes side by side");
        let mut inland = b.clone();
        inland.harbours[0].spot = layout.spot(layout.cells[a], c).unwrap();
        assert!(problems(&inland).contains(&Problem::HarbourOffCoast(0)));

        let mut fewer = b.clone();
        fewer.harbours.pop();
        assert!(problems(&fewer).contains(&Problem::HarbourRoomLeft));
    }

    #[test]
    fn claimed_rules_and_spiral_are_checked() {
        let b = board(LayoutId::Base, 8);
        let strict = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(10)]));
        assert!(claim_problems(&strict, &b).contains(&Problem::RuleBroken(Rule::MaxCornerPips(10))));

        let spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::new(LayoutId::Base, RuleSet::default())
        };
        assert!(claim_problems(&spiral, &b)
            .iter()
            .any(|p| matches!(p, Problem::Spiral { .. })));

        let new_world_spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::new(LayoutId::NewWorld, RuleSet::default())
        };
        assert!(!claim_problems(&new_world_spiral, &board(LayoutId::NewWorld, 1)).is_empty());

        let other = Settings::new(LayoutId::FiveSix, RuleSet::default());
        assert_eq!(
            claim_problems(&other, &b),
            vec![Problem::LayoutMismatch {
                named: LayoutId::FiveSix,
                board: LayoutId::Base
            }]
        );
    }

    #[test]
    fn harbour_pieces_are_listed_in_the_order_of_their_link_names() {
        use crate::model::Resource;
        let mut pieces: Vec<Piece> = std::iter::once(HarbourKind::Generic)
            .chain(Resource::ALL.map(HarbourKind::Special))
            .map(Piece::Harbour)
            .collect();
        pieces.sort();
        let labels: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Harbour(kind) => kind.label(),
                _ => unreachable!(),
            })
            .collect();
        let mut sorted = labels.clone();
        sorted.sort();
        assert_eq!(labels, sorted);
    }

    #[test]
    fn the_robber_starts_on_the_desert() {
        let mut b = board(LayoutId::Base, 9);
        b.robber = Some(CellId::new((b.robber.unwrap().index() + 1) % 19));
        assert!(problems(&b).contains(&Problem::RobberMisplaced));
    }
}

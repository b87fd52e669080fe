//! Whether a board is one its layout can hold, and one its settings could have made.
//!
//! The generator only ever makes such boards; this module is for boards that arrive from
//! outside (a share link, the command line's board text), which must be checked before
//! they are shown or scored. Each problem is a sentence for people; an empty list means the
//! board fits.

use crate::board::Board;
use crate::catalogue::{Constraint, HarbourPlan, HarbourSpot, Layout, LayoutId, Zone};
use crate::generate::harbours::{coastal_spots, dealt_kinds, mcguire_harbours};
use crate::generate::legal::{constraint_holds_at, largest_island};
use crate::generate::settings::Settings;
use crate::generate::spiral::{
    lay_spiral, spiral_from_harbour, spiral_paths, tokens_follow_harbour_spiral,
};
use crate::model::CellId;
use crate::model::{HarbourKind, Terrain};
use crate::rules::PartialBoard;

/// What keeps terrain and tokens from being a board of `layout`: the wrong number of hexes,
/// zones that do not hold exactly their bags, tokens on hexes that take none (or missing),
/// and the layout's own constraints (where sea may go, 6 and 8 off gold, island sizes, the
/// McGuire spiral).
pub fn deal_problems(layout: &Layout, terrain: &[Terrain], numbers: &[Option<u8>]) -> Vec<String> {
    let cells = layout.cells.len();
    if terrain.len() != cells || numbers.len() != cells {
        return vec![format!(
            "the {} layout has {cells} hexes, not {}",
            layout.id,
            terrain.len()
        )];
    }
    let mut problems = Vec::new();
    for (cell, (&t, &n)) in CellId::all(terrain.len()).zip(terrain.iter().zip(numbers)) {
        match (layout.takes_number(cell, t), n) {
            (true, None) => problems.push(format!("hex {} ({t}) has no number", cell.index() + 1)),
            (false, Some(n)) => problems.push(format!(
                "hex {} ({t}) carries a {n}, but takes none",
                cell.index() + 1
            )),
            _ => {}
        }
    }
    for zone in &layout.zones {
        bag_problems(
            &mut problems,
            zone.name,
            &zone.terrain_bag,
            zone.cells.iter().map(|&c| terrain[c]),
        );
        bag_problems(
            &mut problems,
            &format!("{} (numbers)", zone.name),
            &zone.token_bag,
            zone.cells.iter().filter_map(|&c| numbers[c]),
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
            let hex = cell.index() + 1;
            problems.push(match constraint {
                Constraint::SeaOnBorder => {
                    format!("hex {hex} is sea, which this layout allows only on its border")
                }
                Constraint::RedNotOnGold => format!("hex {hex} ({t}) may not carry a 6 or 8"),
                Constraint::InlandOnly(_) => {
                    format!("hex {hex} is {t}, which this layout allows only inland")
                }
                Constraint::TerrainAt { terrain, .. } => {
                    format!("hex {hex} is {t}, but this layout prints {terrain} there")
                }
                Constraint::GoldApart => format!("hex {hex} ({t}) is beside another gold hex"),
                Constraint::NumbersBarred { .. } => format!(
                    "hex {hex} ({t}) may not carry a {}",
                    numbers[cell].unwrap_or_default()
                ),
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
                    problems.push(format!(
                        "its largest island has {largest} land hexes; this layout needs \
                         {least} to {most}"
                    ));
                }
            }
            Constraint::SpiralFromHarbour
                if !tokens_follow_harbour_spiral(layout, terrain, numbers) =>
            {
                problems
                    .push("its numbers do not follow the spiral from the inland harbour".into());
            }
            _ => {}
        }
    }
    problems
}

/// [`deal_problems`], then the harbours (where the layout puts them, the kinds its bag
/// holds), the robber and the pirate.
pub fn problems(board: &Board) -> Vec<String> {
    let layout = board.layout();
    let mut problems = deal_problems(layout, &board.terrain, &board.numbers);
    if !problems.is_empty() {
        return problems;
    }
    harbour_problems(&mut problems, layout, board);
    let robber = layout.robber_start(&board.terrain);
    if board.robber != robber {
        problems.push("its robber is not where the layout puts it".into());
    }
    if board.pirate != layout.pirate {
        problems.push("its pirate is not where the layout puts it".into());
    }
    problems
}

/// [`problems`], then whether `settings` could have made the board: the same layout,
/// settings that go together, the number deal they name, and every active rule kept.
pub fn claim_problems(settings: &Settings, board: &Board) -> Vec<String> {
    if settings.layout != board.layout {
        return vec![format!(
            "it names the {} layout for a {} board",
            settings.layout, board.layout
        )];
    }
    let mut problems = problems(board);
    if !problems.is_empty() {
        return problems;
    }
    if let Some(problem) = settings.problem() {
        problems.push(problem);
    }
    let layout = board.layout();
    if settings.spiral() && !spiral_from_harbour(layout) {
        for zone in layout.zones.iter().filter(|z| z.spiral.is_some()) {
            if !follows_a_spiral(layout, zone, board) {
                problems.push(format!(
                    "the numbers of the {} do not follow the letter spiral it claims",
                    zone.name
                ));
            }
        }
    }
    problems.extend(
        settings
            .rules
            .broken_by(board)
            .into_iter()
            .map(|r| format!("it breaks the rule {}", r.name())),
    );
    problems
}

/// Why a table of `seats` players does not suit the layout, if it does not: the snake
/// draft and the fair start are for the players the layout is made for (3 or 4, 5 or 6).
pub fn seats_problem(layout: LayoutId, seats: usize) -> Option<String> {
    let range = layout.seats();
    (!range.contains(&seats)).then(|| {
        format!(
            "it seats {seats} players, but a {layout} board is for {} or {}",
            range.start(),
            range.end()
        )
    })
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

/// Says how the items differ from the bag, kind by kind.
fn bag_problems<T: Copy + Ord + ToString>(
    problems: &mut Vec<String>,
    what: &str,
    bag: &[T],
    items: impl Iterator<Item = T>,
) {
    let items: Vec<T> = items.collect();
    let mut seen = items.clone();
    seen.extend_from_slice(bag);
    let count = |list: &[T], t: T| list.iter().filter(|&&x| x == t).count();
    // Few kinds (terrains, numbers, harbours), so counting each kind by a pass is cheap.
    for t in super::kinds(&seen) {
        let (has, wants) = (count(&items, t), count(bag, t));
        if has != wants {
            problems.push(format!(
                "the {what} has {has} × {} where the game has {wants}",
                t.to_string()
            ));
        }
    }
}

fn harbour_problems(problems: &mut Vec<String>, layout: &Layout, board: &Board) {
    match &layout.harbours {
        HarbourPlan::Fixed(spots) => {
            let placed: Vec<HarbourSpot> = board.harbours.iter().map(|h| h.spot).collect();
            if placed != *spots {
                problems.push("its harbours are not on the frame's harbour places".into());
            }
            let kinds = board.harbours.iter().map(|h| h.kind);
            let printed = kinds
                .clone()
                .zip(&layout.printed_harbours)
                .all(|(kind, printed)| printed.is_none_or(|p| p == kind));
            if !printed {
                problems.push("its harbours are not the types printed on the board".into());
            }
            harbour_bag_problems(problems, layout, layout.dealt_harbours(kinds).into_iter());
        }
        HarbourPlan::McGuire(spots) => {
            let dealt = dealt_kinds(layout, board);
            let expected = mcguire_harbours(layout, &board.terrain, spots, dealt.clone());
            if board.harbours != expected {
                problems.push("its harbours are not where McGuire's set-up puts them".into());
            }
            harbour_bag_problems(problems, layout, dealt.into_iter());
        }
        HarbourPlan::NextToLand => {
            let candidates = coastal_spots(layout, &board.terrain);
            for (i, h) in board.harbours.iter().enumerate() {
                if !candidates.contains(&h.spot) {
                    problems.push(format!("harbour {} is not between sea and land", i + 1));
                } else if board.harbours[..i]
                    .iter()
                    .any(|o| !clear_of(&o.spot, &h.spot))
                {
                    problems.push(format!("harbour {} touches another harbour", i + 1));
                }
            }
            let room_left = board.harbours.len() < layout.harbour_bag.len()
                && candidates
                    .iter()
                    .any(|c| board.harbours.iter().all(|h| clear_of(&h.spot, c)));
            if room_left {
                problems.push("it has fewer harbours than the coast has room for".into());
            }
            let kinds: Vec<HarbourKind> = board.harbours.iter().map(|h| h.kind).collect();
            if kinds.len() == layout.harbour_bag.len() {
                harbour_bag_problems(problems, layout, kinds.into_iter());
            } else if !is_sub_bag(&kinds, &layout.harbour_bag) {
                problems.push("its harbours are not from the game's harbours".into());
            }
        }
    }
}

fn harbour_bag_problems(
    problems: &mut Vec<String>,
    layout: &Layout,
    kinds: impl Iterator<Item = HarbourKind>,
) {
    let labels = |k: HarbourKind| k.label();
    let bag: Vec<String> = layout.harbour_bag.iter().map(|&k| labels(k)).collect();
    bag_problems(
        problems,
        "harbours",
        &bag.iter().map(String::as_str).collect::<Vec<_>>(),
        kinds
            .map(labels)
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str),
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
            assert_eq!(
                deal_problems(&layout, &b.terrain, &b.numbers),
                Vec::<String>::new()
            );
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
                problems
                    .iter()
                    .any(|p| p
                        == &format!("hex {} (gold) is beside another gold hex", n.index() + 1)),
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
            Vec::<String>::new()
        );
        assert_eq!(
            deal_problems(&barring(vec![quiet, six]), &b.terrain, &b.numbers),
            vec![format!(
                "hex {} ({}) may not carry a 6",
                six.index() + 1,
                b.terrain[six]
            )]
        );
    }

    #[test]
    fn generated_boards_fit_their_layouts_and_settings() {
        // Seeds split across the catalogue: the first seven boards took 20 each.
        for layout in LayoutId::every() {
            for seed in 0..5 {
                let settings = Settings::new(layout, RuleSet::standard());
                let b = generate(&settings, seed).unwrap();
                assert_eq!(
                    claim_problems(&settings, &b),
                    Vec::<String>::new(),
                    "{layout} {seed}"
                );
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
            problems
                .iter()
                .any(|p| p.contains("5 × desert where the game has 1")),
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
        assert!(problems(&b)
            .iter()
            .any(|p| p.contains("1 × sea where the game has 0")));

        let mut b = board(LayoutId::Base, 2);
        let desert = b
            .terrain
            .iter()
            .position(|&t| t == Terrain::Desert)
            .unwrap();
        b.numbers[desert] = Some(6);
        let found = problems(&b);
        assert!(
            found.iter().any(|p| p.contains("(desert) carries a 6")),
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
                    .any(|p| p.contains("may not carry a 6 or 8")),
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
        assert!(problems(&swapped)
            .iter()
            .any(|p| p.contains("frame's harbour places")));
        assert!(kinds_differ || problems(&swapped).len() == 1);

        let mut doubled = b.clone();
        doubled.harbours[0].kind = doubled.harbours[1].kind;
        if b.harbours[0].kind != b.harbours[1].kind {
            assert!(problems(&doubled)
                .iter()
                .any(|p| p.contains("the harbours has")));
        }

        let m = board(LayoutId::McGuire, 5);
        let mut misplaced = m.clone();
        let last = m.harbours.len() - 1;
        let elsewhere = Layout::get(LayoutId::Base).harbours.clone();
        if let HarbourPlan::Fixed(spots) = elsewhere {
            misplaced.harbours = moved(&m, last, spots[0]);
            assert!(problems(&misplaced).iter().any(|p| p.contains("McGuire")));
        }
    }

    #[test]
    fn new_world_harbours_must_be_coastal_and_apart() {
        let b = board(LayoutId::NewWorld, 6);
        let mut on_top = b.clone();
        on_top.harbours[1].spot = on_top.harbours[0].spot;
        assert!(problems(&on_top)
            .iter()
            .any(|p| p.contains("touches another")));

        let layout = Layout::get(LayoutId::NewWorld);
        let (a, c) = *layout
            .topology
            .adjacent_pairs
            .iter()
            .find(|&&(a, c)| b.terrain[a] != Terrain::Sea && b.terrain[c] != Terrain::Sea)
            .expect("two land hexes side by side");
        let mut inland = b.clone();
        inland.harbours[0].spot = layout.spot(layout.cells[a], c).unwrap();
        assert!(problems(&inland)
            .iter()
            .any(|p| p.contains("not between sea and land")));

        let mut fewer = b.clone();
        fewer.harbours.pop();
        assert!(problems(&fewer)
            .iter()
            .any(|p| p.contains("fewer harbours")));
    }

    #[test]
    fn claimed_rules_and_spiral_are_checked() {
        let b = board(LayoutId::Base, 8);
        let strict = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(10)]));
        assert!(claim_problems(&strict, &b)
            .iter()
            .any(|p| p.contains("max-corner-pips=10")));

        let spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::new(LayoutId::Base, RuleSet::default())
        };
        assert!(claim_problems(&spiral, &b)
            .iter()
            .any(|p| p.contains("letter spiral")));

        let new_world_spiral = Settings {
            numbers: NumberMode::Spiral,
            ..Settings::new(LayoutId::NewWorld, RuleSet::default())
        };
        assert!(!claim_problems(&new_world_spiral, &board(LayoutId::NewWorld, 1)).is_empty());

        let other = Settings::new(LayoutId::FiveSix, RuleSet::default());
        assert!(claim_problems(&other, &b)[0].contains("five-six layout for a base board"));
    }

    #[test]
    fn the_robber_starts_on_the_desert() {
        let mut b = board(LayoutId::Base, 9);
        b.robber = Some(CellId::new((b.robber.unwrap().index() + 1) % 19));
        assert!(problems(&b).iter().any(|p| p.contains("robber")));
    }
}

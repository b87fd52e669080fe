//! Settlement spots and seats: what each corner is worth, how an opening snake draft shares
//! the board out, and a fair start (McGuire's step 4: one player places two settlements for
//! every colour, all equally good).
//!
//! A spot's value, used by the draft and the fair start: its pips (the expected resources
//! per 36 rolls), plus 1 for each resource beyond the first it touches (variety), plus a
//! harbour bonus of 1 for a 3:1 harbour and 2 for a 2:1 harbour. Pips dominate, as they do
//! at the table; variety and harbours break near-ties.

use serde::Serialize;

use crate::board::Board;
use crate::catalogue::Layout;
use crate::generate::random::Random;
use crate::model::NodeId;
use crate::model::{HarbourKind, Resource};
use crate::rules::{corner_pips, corner_resources};

/// One settlement spot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spot {
    pub corner: NodeId,
    pub pips: u32,
    pub resources: Vec<Resource>,
    pub harbour: Option<String>,
    pub value: u32,
}

/// The value of a spot from its parts (see the module comment).
pub fn spot_value(pips: u32, distinct_resources: usize, harbour: Option<HarbourKind>) -> u32 {
    let variety = distinct_resources.saturating_sub(1) as u32;
    let harbour_bonus = match harbour {
        None => 0,
        Some(HarbourKind::Generic) => 1,
        Some(HarbourKind::Special(_)) => 2,
    };
    pips + variety + harbour_bonus
}

/// Every corner touching land, with its pips, resources, harbour and value.
pub fn spots(board: &Board) -> Vec<Spot> {
    let layout = board.layout();
    let harbours = board.corner_harbours();
    (0..layout.corners.len())
        .filter(|&c| {
            layout.corner_cells[c]
                .iter()
                .any(|&cell| board.is_land(cell))
        })
        .map(|c| {
            let pips = corner_pips(layout, board, c);
            let resources = corner_resources(layout, board, c);
            Spot {
                corner: c,
                pips,
                value: spot_value(pips, resources.len(), harbours[c]),
                harbour: harbours[c].map(|h| h.label()),
                resources,
            }
        })
        .collect()
}

/// Corners one edge apart: a settlement forbids its neighbours (the distance rule).
pub fn corner_neighbours(layout: &Layout) -> Vec<Vec<NodeId>> {
    let mut out = vec![Vec::new(); layout.corners.len()];
    for &(a, b) in &layout.edges {
        out[a].push(b);
        out[b].push(a);
    }
    out
}

/// Each seat's two settlements and their total value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Seat {
    pub seat: usize,
    pub settlements: [NodeId; 2],
    pub value: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Seating {
    pub seats: Vec<Seat>,
    /// Best seat's value minus worst seat's.
    pub spread: u32,
}

impl Seating {
    fn new(mut seats: Vec<Seat>) -> Seating {
        seats.sort_by_key(|s| s.seat);
        let spread = seats.iter().map(|s| s.value).max().unwrap_or(0)
            - seats.iter().map(|s| s.value).min().unwrap_or(0);
        Seating { seats, spread }
    }
}

/// Whether `corner` is free and keeps the distance rule against `taken`.
fn allowed(corner: NodeId, taken: &[NodeId], neighbours: &[Vec<NodeId>]) -> bool {
    !taken.contains(&corner) && neighbours[corner].iter().all(|n| !taken.contains(n))
}

/// The opening snake draft (seats 1..N, then N..1), each seat taking the most valuable free
/// spot the distance rule allows (the lowest corner id among equals).
pub fn snake_draft(board: &Board, seats: usize) -> Seating {
    let neighbours = corner_neighbours(board.layout());
    let mut spots = spots(board);
    spots.sort_by(|a, b| b.value.cmp(&a.value).then(a.corner.cmp(&b.corner)));
    let order: Vec<usize> = (0..seats).chain((0..seats).rev()).collect();
    let mut taken: Vec<NodeId> = Vec::new();
    let mut picks: Vec<Vec<&Spot>> = vec![Vec::new(); seats];
    for seat in order {
        if let Some(spot) = spots
            .iter()
            .find(|s| allowed(s.corner, &taken, &neighbours))
        {
            taken.push(spot.corner);
            picks[seat].push(spot);
        }
    }
    Seating::new(
        picks
            .iter()
            .enumerate()
            .filter(|(_, p)| p.len() == 2)
            .map(|(seat, p)| Seat {
                seat: seat + 1,
                settlements: [p[0].corner, p[1].corner],
                value: p[0].value + p[1].value,
            })
            .collect(),
    )
}

/// A fair start: two settlements per seat, keeping the distance rule, with the smallest
/// spread of seat values (and, among equal spreads, the most value in all). Found by
/// annealing over swaps between seats and moves to free spots, from the snake draft.
pub fn fair_start(board: &Board, seats: usize) -> Seating {
    let neighbours = corner_neighbours(board.layout());
    let all = spots(board);
    // Spot values by corner, read thousands of times in the loop below.
    let mut values = vec![0u32; board.layout().corners.len()];
    for spot in &all {
        values[spot.corner] = spot.value;
    }
    let value_of = |corner: NodeId| values[corner];
    let draft = snake_draft(board, seats);
    let mut placed: Vec<[NodeId; 2]> = draft.seats.iter().map(|s| s.settlements).collect();
    // Only the seats the draft could give two settlements take part: on a board with too
    // little land (a user's board text may be nearly all sea) that is fewer than asked, or
    // none, and then the draft is the answer.
    let seated = placed.len();
    // Candidate spots: the better half, which a fair start would draw from.
    let mut candidates: Vec<NodeId> = all.iter().map(|s| s.corner).collect();
    candidates.sort_by_key(|&c| std::cmp::Reverse(value_of(c)));
    candidates.truncate((all.len() / 2).max(4 * seats));
    if seated == 0 {
        return draft;
    }
    let cost = |placed: &[[NodeId; 2]]| -> i64 {
        let values: Vec<i64> = placed
            .iter()
            .map(|p| i64::from(value_of(p[0]) + value_of(p[1])))
            .collect();
        let spread = values.iter().max().unwrap_or(&0) - values.iter().min().unwrap_or(&0);
        spread * 1000 - values.iter().sum::<i64>()
    };
    let mut rng = Random::new(0xFA1E);
    let mut current = cost(&placed);
    let mut best = (current, placed.clone());
    let steps = 20_000;
    for step in 0..steps {
        let temperature = 400.0 * (1.0 - f64::from(step) / f64::from(steps)) + 1.0;
        let before = placed.clone();
        let (seat, slot) = (rng.index(seated), rng.index(2));
        if rng.below(2) == 0 {
            // Swap with another seat's settlement.
            let (other, other_slot) = (rng.index(seated), rng.index(2));
            let a = placed[seat][slot];
            placed[seat][slot] = placed[other][other_slot];
            placed[other][other_slot] = a;
        } else {
            // Move to a free spot that keeps the distance rule.
            let taken: Vec<NodeId> = placed
                .iter()
                .flatten()
                .copied()
                .filter(|&c| c != placed[seat][slot])
                .collect();
            let spot = candidates[rng.index(candidates.len())];
            if !allowed(spot, &taken, &neighbours) {
                continue;
            }
            placed[seat][slot] = spot;
        }
        let next = cost(&placed);
        if rng.accept((next - current) as f64, temperature) {
            current = next;
            if current < best.0 {
                best = (current, placed.clone());
            }
        } else {
            placed = before;
        }
    }
    Seating::new(
        best.1
            .iter()
            .enumerate()
            .map(|(i, p)| Seat {
                seat: i + 1,
                settlements: *p,
                value: value_of(p[0]) + value_of(p[1]),
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::solve::{generate, Settings};

    fn keeps_distance_rule(board: &Board, seating: &Seating) -> bool {
        let neighbours = corner_neighbours(board.layout());
        let all: Vec<NodeId> = seating.seats.iter().flat_map(|s| s.settlements).collect();
        all.iter().enumerate().all(|(i, &c)| {
            all.iter()
                .enumerate()
                .all(|(j, &d)| i == j || (c != d && !neighbours[c].contains(&d)))
        })
    }

    #[test]
    fn spot_values_add_up() {
        assert_eq!(spot_value(12, 3, None), 14);
        assert_eq!(spot_value(5, 1, Some(HarbourKind::Generic)), 6);
        assert_eq!(
            spot_value(5, 2, Some(HarbourKind::Special(Resource::Ore))),
            8
        );
        let board = generate(&Settings::default(), 2).unwrap();
        let spots = spots(&board);
        assert_eq!(spots.len(), 54, "every base corner touches land");
        assert_eq!(spots.iter().map(|s| s.pips).sum::<u32>(), 58 * 6);
        assert_eq!(spots.iter().filter(|s| s.harbour.is_some()).count(), 18);
    }

    #[test]
    fn snake_draft_takes_the_best_first_and_keeps_distance() {
        for seats in 3..=4 {
            let board = generate(&Settings::default(), 8).unwrap();
            let draft = snake_draft(&board, seats);
            assert_eq!(draft.seats.len(), seats);
            assert!(keeps_distance_rule(&board, &draft));
            let best = spots(&board).iter().map(|s| s.value).max().unwrap();
            let first = draft.seats[0].settlements[0];
            assert_eq!(
                spots(&board)
                    .iter()
                    .find(|s| s.corner == first)
                    .unwrap()
                    .value,
                best
            );
        }
        let five_six = generate(
            &Settings::new(LayoutId::FiveSix, crate::rules::RuleSet::standard()),
            1,
        )
        .unwrap();
        let draft = snake_draft(&five_six, 6);
        assert!(keeps_distance_rule(&five_six, &draft));
    }

    /// A board written in the text format, read back the way `hexfair score` reads it: no
    /// harbours, the robber on the first desert.
    fn from_text(id: LayoutId, terrain: &str, numbers: &str) -> Board {
        let layout = Layout::get(id);
        crate::generate::solve::assemble(
            layout,
            crate::board::parse_terrain(layout, terrain).unwrap(),
            crate::board::parse_numbers(layout, numbers).unwrap(),
            Vec::new(),
        )
    }

    /// Everything `hexfair score` and `check` compute from a board, for boards a user may
    /// type but no layout deals.
    fn report_on(board: &Board, seats: usize) -> (Vec<Spot>, Seating, Seating) {
        let scorer = crate::balance::score::Scorer::new(board.layout);
        let score = scorer.score_board(board);
        assert!(score.is_finite() && score >= 0.0, "score {score}");
        let _ = crate::rules::resource_pips(board);
        let _ = crate::rules::RuleSet::new(crate::rules::Rule::ALL).broken_by(board);
        let draft = snake_draft(board, seats);
        let fair = fair_start(board, seats);
        assert!(keeps_distance_rule(board, &draft));
        assert!(keeps_distance_rule(board, &fair));
        (spots(board), draft, fair)
    }

    #[test]
    fn boards_with_little_or_no_land_have_few_or_no_seats() {
        let sea = |land: char, at: usize| -> String {
            (0..19).map(|i| if i == at { land } else { 'S' }).collect()
        };
        let no_numbers = ["-"; 19].join(",");
        let mut one_six = ["-"; 19];
        one_six[9] = "6";
        // All sea: no spot, so no seat.
        let (all, draft, fair) =
            report_on(&from_text(LayoutId::Base, &sea('S', 0), &no_numbers), 4);
        assert!(all.is_empty());
        assert!(draft.seats.is_empty() && fair.seats.is_empty());
        assert_eq!(fair.spread, 0);
        // One forest hex: six spots, of which no more than three keep the distance rule.
        // Four seats take one each in the first round and none gets a second; one seat
        // alone gets two, and the fair start works with that one.
        let island = from_text(LayoutId::Base, &sea('F', 9), &one_six.join(","));
        let (all, draft, fair) = report_on(&island, 4);
        assert_eq!(all.len(), 6);
        assert!(draft.seats.is_empty() && fair.seats.is_empty());
        let (_, draft, fair) = report_on(&island, 1);
        assert_eq!(draft.seats.len(), 1);
        assert_eq!(fair.seats.len(), 1);
        assert_eq!(fair.seats[0].value, 10, "two spots of 5 pips each");
        // All desert: every corner is a spot worth nothing.
        let (all, _, fair) = report_on(&from_text(LayoutId::Base, &"D".repeat(19), &no_numbers), 4);
        assert_eq!(all.len(), 54);
        assert!(all.iter().all(|s| s.value == 0));
        assert_eq!(fair.seats.len(), 4);
        assert_eq!(fair.spread, 0);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

        /// Any board the text format can express: any layout, any letter on any hex
        /// (`sea_share` tenths of them sea, so nearly empty boards come up too), any
        /// token or none on any hex, any seat count the command line takes and more.
        #[test]
        fn any_text_board_scores_and_seats_without_panicking(
            layout in 0..LayoutId::ALL.len(),
            sea_share in 0u8..=10,
            letters in proptest::collection::vec((0u8..10, 0usize..8), 63),
            tokens in proptest::collection::vec(0usize..11, 63),
            seats in 0usize..=8,
        ) {
            let id = LayoutId::ALL[layout];
            let cells = Layout::get(id).cells.len();
            let terrain: String = letters[..cells]
                .iter()
                .map(|&(roll, t)| if roll < sea_share { 'S' } else { crate::model::Terrain::ALL[t].letter() })
                .collect();
            let numbers = tokens[..cells]
                .iter()
                .map(|&t| [2, 3, 4, 5, 6, 8, 9, 10, 11, 12].get(t).map_or("-".to_string(), u8::to_string))
                .collect::<Vec<_>>()
                .join(",");
            let board = from_text(id, &terrain, &numbers);
            let (all, draft, fair) = report_on(&board, seats);
            proptest::prop_assert!(draft.seats.len() <= seats && fair.seats.len() == draft.seats.len());
            let land_corners = (0..Layout::get(id).corners.len())
                .filter(|&c| Layout::get(id).corner_cells[c].iter().any(|&h| board.is_land(h)))
                .count();
            proptest::prop_assert_eq!(all.len(), land_corners);
        }
    }

    #[test]
    fn fair_start_is_fairer_than_the_draft() {
        for seed in 0..5 {
            let board = generate(&Settings::default(), seed).unwrap();
            let draft = snake_draft(&board, 4);
            let fair = fair_start(&board, 4);
            assert!(keeps_distance_rule(&board, &fair));
            assert!(
                fair.spread <= draft.spread,
                "seed {seed}: fair {} vs draft {}",
                fair.spread,
                draft.spread
            );
            assert!(fair.spread <= 1, "seed {seed}: spread {}", fair.spread);
        }
    }
}

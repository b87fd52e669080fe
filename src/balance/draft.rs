//! The opening as a table of varied players drafts it (issue 27), for the seat-fair search.
//!
//! Why: the seat-fair search evens out one snake draft, the greedy bot's, in which every
//! seat takes the spot worth most; people value spots differently and do not always take
//! the best, so a board even for that draft is not even for them. Played on varied tables
//! (every seat of every game its own [`Style`], opening by a softmax over its own spot
//! worths: [`TableModel::Varied`]), a board's seat effect follows how strong each seat's
//! two settlements come out over many such drafts: on 80 seat-fair base boards, each seat's
//! mean opening strength over 600 drafts correlates with its share of 8,000 varied-table
//! games at r = 0.81 once the seat order is taken out of both, about as well as two halves
//! of those games agree with each other (r = 0.68, so the games' own noise is the limit);
//! on random boards r = 0.84 (`cargo run --release --example draft_proxy 160 8000 600`).
//! Choosing, among boards as good on paper, the one whose drafts are most even brings
//! seat-fair boards flagged beyond chance from 18 to 3 in 100 (docs/play.md, "Fair at a real
//! table").
//!
//! A seat's strength is what its two settlements produce, valued as a player of no
//! particular taste would: [`resource_worth`] of each resource's pips plus a pip (12) for each
//! resource it has at all. The draft places settlements only: roads do not change which
//! spots the opening takes. Everything is integer, so native and wasm agree.

use super::players::{
    harbour_code, resource_worth, softmax_pick, CornerYield, PlayerWorth, Style, TableModel,
};
use super::spots::corner_neighbours;
use crate::board::Board;
use crate::catalogue::{Layout, LayoutId};
use crate::generate::random::Random;
use crate::model::bits::{bit, Bits};
use crate::model::{pips, CornerId};

/// Drafts judged a board: enough that the draws' own noise is small beside the differences
/// between boards (see [`OFFSETS`] for how they were chosen).
pub const DRAFTS: u32 = 160;

/// The tables drafts are drawn from, in turn: varied players, and like-minded ones, for whom
/// a board matters more (docs/balance.md has the figures).
const MODELS: [TableModel; 2] = [TableModel::Varied, TableModel::Alike];

/// The most seats a draft is for.
const MAX_SEATS: usize = 6;

/// Each seat's mean opening strength on random boards of standard rules, less the mean of
/// all seats, in hundredths of a worth unit (12 a pip): what the turn order alone gives a
/// seat in these drafts, so a board is judged by what it adds. 400 random boards, 2,000
/// drafts each from seeds of their own: `cargo run --release --example draft_offsets 400
/// 2000`. Layouts without a row (those the game simulator does not play) are not judged.
const OFFSETS: &[(LayoutId, usize, [i64; MAX_SEATS])] = &[
    (LayoutId::Base, 3, [91, 23, -113, 0, 0, 0]),
    (LayoutId::Base, 4, [132, 72, -44, -160, 0, 0]),
    (LayoutId::McGuire, 3, [87, 22, -109, 0, 0, 0]),
    (LayoutId::McGuire, 4, [100, 53, -29, -124, 0, 0]),
    (LayoutId::FiveSix, 5, [260, 123, -18, -135, -230, 0]),
    (LayoutId::FiveSix, 6, [304, 172, 31, -81, -167, -259]),
];

/// The seat order's offsets for `layout` at `seats`, if measured.
fn offsets(layout: LayoutId, seats: usize) -> Option<&'static [i64; MAX_SEATS]> {
    OFFSETS
        .iter()
        .find(|(l, s, _)| *l == layout && *s == seats)
        .map(|(_, _, o)| o)
}

/// Whether a layout's boards are judged by varied drafts: every seat count it is for has
/// offsets.
pub fn judges(layout: LayoutId) -> bool {
    layout.seats().all(|n| offsets(layout, n).is_some())
}

/// Varied drafts on board after board of one layout with the same harbours; the scratch
/// space is kept, so judging a board allocates nothing.
pub struct VariedDraft {
    layout: &'static Layout,
    /// The corners a settlement may open on, in corner order; below they are named by
    /// their place in this list.
    corners: Vec<CornerId>,
    /// Each corner's neighbours and itself: what a settlement there blocks.
    blocks: Vec<Bits>,
    /// Each corner's harbour ([`harbour_code`]).
    harbours: Vec<u8>,
    /// Each corner's pips by resource, of the deal being judged.
    yields: Vec<[u8; 5]>,
    /// Both, as the spot worths read them.
    spots: Vec<CornerYield>,
}

impl VariedDraft {
    /// Drafts for `layout`; `None` if it has more start corners than a set holds (no
    /// layout with offsets comes near).
    pub fn new(layout: &'static Layout) -> Option<VariedDraft> {
        let topology = &layout.topology;
        let corners: Vec<CornerId> = CornerId::all(topology.corners.len())
            .filter(|&c| layout.may_start(c))
            .collect();
        if corners.len() > 128 {
            return None;
        }
        let mut place = vec![None; topology.corners.len()];
        for (i, &c) in corners.iter().enumerate() {
            place[c] = Some(i);
        }
        let neighbours = corner_neighbours(layout);
        let blocks = corners
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                neighbours[c]
                    .iter()
                    .filter_map(|&n| place[n])
                    .fold(bit(i), |set, j| set | bit(j))
            })
            .collect();
        Some(VariedDraft {
            layout,
            harbours: vec![0; corners.len()],
            yields: vec![[0; 5]; corners.len()],
            spots: Vec::with_capacity(corners.len()),
            corners,
            blocks,
        })
    }

    /// Reads a board's yields and harbours.
    fn read(&mut self, board: &Board) {
        let (terrain, numbers) = (&board.terrain, &board.numbers);
        self.harbours.fill(0);
        for h in &board.harbours {
            for c in h.spot.corners {
                if let Ok(i) = self.corners.binary_search(&c) {
                    self.harbours[i] = harbour_code(Some(h.kind));
                }
            }
        }
        let cells = &self.layout.topology.corner_cells;
        for (yields, &c) in self.yields.iter_mut().zip(&self.corners) {
            *yields = [0; 5];
            for &cell in &cells[c] {
                if let (Some(r), Some(n)) = (terrain[cell].resource(), numbers[cell]) {
                    yields[r.index()] += pips(n);
                }
            }
        }
        self.spots.clear();
        let read = self.yields.iter().zip(&self.harbours);
        self.spots
            .extend(read.map(|(&yields, &harbour)| CornerYield::new(yields, harbour)));
    }

    /// Each seat's total opening strength over `drafts` varied drafts for `seats`, the
    /// draws from `seed` (the same seed for every board compared, so they differ by their
    /// boards rather than their draws).
    fn strengths(&self, seats: usize, drafts: u32, seed: u64) -> [u64; MAX_SEATS] {
        let mut rng = Random::new(seed);
        let mut total = [0u64; MAX_SEATS];
        let all: Bits = if self.corners.len() == 128 {
            Bits::MAX
        } else {
            (1 << self.corners.len()) - 1
        };
        for d in 0..drafts {
            let model = MODELS[d as usize % MODELS.len()];
            let mut styles = [Style::GREEDY; MAX_SEATS];
            for style in styles.iter_mut().take(seats) {
                *style = model.draw(&mut rng);
            }
            let mut have = [[0u32; 5]; MAX_SEATS];
            let mut blocked: Bits = 0;
            for seat in (0..seats).chain((0..seats).rev()) {
                let (style, held) = (&styles[seat], &have[seat]);
                let free = all & !blocked;
                let worth = PlayerWorth::new(*held, *style);
                let of = |i: usize| worth.of_corner(self.spots[i]);
                let pick = softmax_pick(free, of, style.temperature, &mut rng);
                let Some(i) = pick else {
                    break;
                };
                blocked |= self.blocks[i];
                for (h, &y) in have[seat].iter_mut().zip(&self.yields[i]) {
                    *h += u32::from(y);
                }
            }
            for (sum, held) in total.iter_mut().zip(&have).take(seats) {
                // A pip (12) for each resource the seat has at all.
                let variety = 12 * held.iter().filter(|&&p| p > 0).count() as u32;
                *sum += u64::from(held.iter().map(|&p| resource_worth(p)).sum::<u32>() + variety);
            }
        }
        total
    }

    /// How uneven a deal's varied drafts are: for each seat count the layout is for, the
    /// strongest seat's strength beyond what the turn order gives it minus the weakest's,
    /// summed in a common unit. 0 for a layout without offsets.
    pub fn unevenness(&mut self, board: &Board, drafts: u32, seed: u64) -> i64 {
        self.read(board);
        let id = self.layout.id;
        id.seats()
            .filter_map(|n| {
                let offsets = offsets(id, n)?;
                let strengths = self.strengths(n, drafts, seed);
                let all: i64 = strengths.iter().map(|&s| s as i64).sum();
                // Seat s's mean less the seats' mean less its offset, times 100 n drafts.
                let beyond = (0..n).map(|s| {
                    100 * (n as i64 * strengths[s] as i64 - all)
                        - n as i64 * i64::from(drafts) * offsets[s]
                });
                let (most, least) =
                    beyond.fold((i64::MIN, i64::MAX), |(hi, lo), b| (hi.max(b), lo.min(b)));
                // In units of 100 x 60 drafts x a worth unit, whatever n (60 is a multiple
                // of every seat count).
                Some((most - least) * (60 / n as i64))
            })
            .sum()
    }

    /// Each seat's mean opening strength less the seats' mean, in worth units: what
    /// [`OFFSETS`] hold (for the example that measures them).
    pub fn mean_strengths(
        &mut self,
        board: &Board,
        seats: usize,
        drafts: u32,
        seed: u64,
    ) -> Vec<f64> {
        self.read(board);
        let strengths = self.strengths(seats, drafts, seed);
        let all: u64 = strengths.iter().sum();
        (0..seats)
            .map(|s| (strengths[s] as f64 - all as f64 / seats as f64) / f64::from(drafts))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    fn board(layout: LayoutId, seed: u64) -> Board {
        generate(&Settings::new(layout, RuleSet::standard()), seed).unwrap()
    }

    #[test]
    fn a_board_is_read_with_its_harbours_and_richest_corner() {
        for layout in [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire] {
            let mut draft = VariedDraft::new(Layout::get(layout)).unwrap();
            let board = board(layout, 11);
            draft.read(&board);
            assert!(draft.harbours.iter().any(|&h| h > 1), "a 2:1 harbour read");
            assert!(draft.harbours.contains(&1), "a 3:1 harbour read");
            let most = draft.yields.iter().flatten().copied().max().unwrap();
            assert!((5..=15).contains(&most), "{layout}: {most}");
        }
    }

    #[test]
    fn the_simulated_layouts_are_judged_and_no_other() {
        for layout in LayoutId::every() {
            let simulated =
                [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire].contains(&layout);
            assert_eq!(judges(layout), simulated, "{layout}");
        }
    }

    #[test]
    fn drafts_follow_their_seed_and_the_board() {
        let mut draft = VariedDraft::new(Layout::get(LayoutId::Base)).unwrap();
        let (a, b) = (board(LayoutId::Base, 1), board(LayoutId::Base, 2));
        let once = draft.unevenness(&a, DRAFTS, 9);
        assert_ne!(draft.unevenness(&b, DRAFTS, 9), once);
        assert_eq!(
            draft.unevenness(&a, DRAFTS, 9),
            once,
            "read again, the same"
        );
    }

    #[test]
    fn a_seat_s_strength_follows_what_it_drafted() {
        // Over many drafts the snake order shows: at 4 seats the last seat, which picks
        // twice in a row, is the weakest on random boards (the offsets' pattern), and the
        // strengths add up to nothing.
        let mut draft = VariedDraft::new(Layout::get(LayoutId::Base)).unwrap();
        let mut sums = [0.0; 4];
        for seed in 0..40 {
            let means = draft.mean_strengths(&board(LayoutId::Base, seed), 4, 200, seed);
            assert!(means.iter().sum::<f64>().abs() < 1e-9);
            for (s, m) in sums.iter_mut().zip(&means) {
                *s += m;
            }
        }
        let weakest = (0..4).min_by(|&a, &b| sums[a].total_cmp(&sums[b])).unwrap();
        assert_eq!(weakest, 3, "{sums:?}");
    }
}

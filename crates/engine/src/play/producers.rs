//! An opening outside the board choice's model (docs/play.md, "Openings outside the
//! choice's model"): each seat opens greedily by production and resource variety, as the
//! independent simulator's bots did, not by the style and softmax of
//! [`crate::balance::players`] that the balanced search's choice drafts with.
//!
//! A spot's worth to a producer is its pips (every resource alike, no diminishing returns,
//! harbours ignored), in twelfths of a pip, plus the seat's taste for variety for each
//! resource at the spot it does not yet produce. Each seat of each game draws that taste,
//! 0 to 2 pips (0 to 24 twelfths, uniform); each pick adds to every spot a jitter of 0 to 11
//! twelfths (under a pip, uniform) and takes the highest, the lowest corner among equals. So
//! a spot more than a pip behind the best is never taken (a softmax at a pip takes one two
//! pips behind e^-2 as often as the best), and the model has no resource or harbour tastes.
//!
//! Integer arithmetic and the game's own [`Random`], so a seed plays the same games natively
//! and in wasm.

use super::table::Table;
use crate::generate::random::Random;
use crate::model::bits::{ids, Bits};

/// One pip, in a producer's worth units.
pub const PIP: u32 = 12;

/// The most a producer's taste for variety adds a resource new to it: two pips.
pub const VARIETY_MAX: u32 = 2 * PIP;

/// Each pick's jitter is below this at a table of producers: under a pip.
pub const JITTER: u32 = PIP;

/// Each pick's jitter is below this at a table of loose producers
/// ([`TableModel::ProducersLoose`](crate::balance::players::TableModel::ProducersLoose)):
/// under three pips, so openings differ from game to game about as much as a varied
/// table's.
pub const LOOSE_JITTER: u32 = 3 * PIP;

/// One seat's producer for one game: its taste for variety and how far its picks stray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Producer {
    /// What a resource at a spot that the seat does not yet produce adds, in twelfths of a
    /// pip.
    pub variety: u32,
    /// Each pick adds to each spot's worth a jitter below this (at least 1: 0 to
    /// `jitter - 1`).
    pub jitter: u32,
}

impl Producer {
    /// A seat's producer whose picks jitter below `jitter`: its taste for variety drawn
    /// uniform in 0 to [`VARIETY_MAX`].
    pub fn draw(rng: &mut Random, jitter: u32) -> Producer {
        Producer {
            variety: rng.below(u64::from(VARIETY_MAX) + 1) as u32,
            jitter: jitter.max(1),
        }
    }

    /// What a settlement at `corner` is worth to this producer, producing `have` (pips by
    /// resource): 12 a pip of the corner, plus [`Producer::variety`] for each resource there
    /// it does not yet produce.
    pub fn worth(&self, table: &Table, have: &[u32; 5], corner: usize) -> u32 {
        let yields = table.corner_yield(corner);
        let pips: u32 = yields.iter().map(|&p| u32::from(p)).sum();
        let new = (0..5).filter(|&r| yields[r] > 0 && have[r] == 0).count() as u32;
        PIP * pips + self.variety * new
    }

    /// The corner of `spots` with the highest worth plus a jitter below
    /// [`Producer::jitter`] drawn for each spot (the lowest corner among equals); `None` if `spots` is empty.
    pub fn pick(
        &self,
        table: &Table,
        spots: Bits,
        have: &[u32; 5],
        rng: &mut Random,
    ) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for c in ids(spots) {
            let value = self.worth(table, have, c) + rng.below(u64::from(self.jitter)) as u32;
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((c, value));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The most any corner of `spots` is worth to this producer, no jitter (0 for none):
    /// where its opening road points.
    pub fn best_worth(&self, table: &Table, spots: Bits, have: &[u32; 5]) -> u32 {
        ids(spots)
            .map(|c| self.worth(table, have, c))
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::players::TableModel;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::model::bits::bit;
    use crate::play::game::{check_opening, Game};
    use crate::play::state::Phase;
    use crate::play::table::MAX_SEATS;
    use crate::play::BotKind;
    use crate::rules::RuleSet;

    fn table(seed: u64) -> Table {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), seed).unwrap();
        Table::new(&board).unwrap()
    }

    /// Pips and distinct resources at a corner, read from the board's cells (not from the
    /// table's yields the model reads).
    fn by_hand(table: &Table, corner: usize) -> (u32, u32) {
        let mut pips = 0;
        let mut kinds = [false; 5];
        for cell in table.cells_at(corner) {
            let r = table.cell_resource[cell];
            if r != crate::play::table::NONE {
                pips += u32::from(table.cell_pips[cell]);
                kinds[usize::from(r)] = true;
            }
        }
        (pips, kinds.iter().filter(|&&k| k).count() as u32)
    }

    #[test]
    fn variety_decides_between_five_pips_of_one_and_four_of_three() {
        // Two spots: A (corner 0) five pips of lumber, B (corner 20) four pips of lumber,
        // wool and grain. A producer with no taste for variety takes A (60 against 48); one
        // of a pip takes B (60 + 12 = 72 against 48 + 3 x 12 = 84); one of a pip who already
        // produces all three resources of B takes A (60 against 48).
        let mut table = table(4);
        table.corner_yields[0] = [5, 0, 0, 0, 0];
        table.corner_yields[20] = [2, 1, 1, 0, 0];
        let spots = bit(0) | bit(20);
        let mut rng = Random::new(1);
        for _ in 0..200 {
            let plain = Producer {
                variety: 0,
                jitter: JITTER,
            };
            assert_eq!(plain.pick(&table, spots, &[0; 5], &mut rng), Some(0));
            let varied = Producer {
                variety: PIP,
                jitter: JITTER,
            };
            assert_eq!(varied.pick(&table, spots, &[0; 5], &mut rng), Some(20));
            assert_eq!(
                varied.pick(&table, spots, &[3, 3, 3, 0, 0], &mut rng),
                Some(0)
            );
        }
        assert_eq!(
            Producer {
                variety: PIP,
                jitter: JITTER
            }
            .worth(&table, &[0; 5], 20),
            84
        );
        assert_eq!(
            Producer {
                variety: PIP,
                jitter: JITTER
            }
            .worth(&table, &[0, 2, 0, 0, 0], 20),
            72
        );
        assert_eq!(
            Producer {
                variety: 0,
                jitter: JITTER
            }
            .pick(&table, 0, &[0; 5], &mut rng),
            None
        );
    }

    #[test]
    fn the_first_seat_takes_the_best_spot_by_production_and_variety() {
        // On real boards, the first pick of a game is the spot with the most pips plus the
        // seat's variety for each resource there (counted by hand from the cells), or one
        // within the jitter of it; where the best leads by a pip or more, always the best.
        let mut clear = 0;
        for seed in 0..30 {
            let table = table(seed);
            for g in 0..20u64 {
                let mut game = Game::new(&table, 4, [BotKind::Weighted; MAX_SEATS], 100 * seed + g)
                    .with_model(TableModel::Producers);
                let variety = game.producer(0).expect("a producer in seat 1").variety;
                assert!(variety <= VARIETY_MAX);
                let worth = |c: usize| {
                    let (pips, kinds) = by_hand(&table, c);
                    PIP * pips + variety * kinds
                };
                let corners: Vec<usize> = ids(table.start).collect();
                let best = corners.iter().map(|&c| worth(c)).max().unwrap();
                let second = corners
                    .iter()
                    .map(|&c| worth(c))
                    .filter(|&w| w < best)
                    .max()
                    .unwrap_or(0);
                game.step();
                let first = ids(game.state.players[0].settlements).next().unwrap();
                assert!(
                    worth(first) + JITTER > best,
                    "board {seed} game {g}: corner {first} worth {} against the best {best}",
                    worth(first)
                );
                let ties = corners.iter().filter(|&&c| worth(c) == best).count();
                if ties == 1 && best - second >= JITTER {
                    assert_eq!(worth(first), best, "board {seed} game {g}");
                    clear += 1;
                }
            }
        }
        assert!(clear > 100, "only {clear} games with a clear best spot");
    }

    #[test]
    fn producers_open_legally_in_snake_order_and_in_many_ways() {
        // Two settlements a seat, placed in snake order on start corners, the distance rule
        // kept ([`check_opening`]), at 3 to 6 seats, for producers and loose producers; the
        // openings differ between games.
        for (layout, seats) in [
            (LayoutId::Base, 3),
            (LayoutId::Base, 4),
            (LayoutId::McGuire, 4),
            (LayoutId::FiveSix, 5),
            (LayoutId::FiveSix, 6),
        ] {
            let board = generate(&Settings::new(layout, RuleSet::standard()), 11).unwrap();
            let table = Table::new(&board).unwrap();
            for model in [TableModel::Producers, TableModel::ProducersLoose] {
                let mut game =
                    Game::new(&table, seats, [BotKind::Weighted; MAX_SEATS], 0).with_model(model);
                let mut openings = std::collections::HashSet::new();
                for g in 0..100 {
                    game.reset(g);
                    let mut opening = [[0u8; 2]; MAX_SEATS];
                    let mut placed = [0usize; MAX_SEATS];
                    let mut order = Vec::new();
                    while matches!(game.state.phase, Phase::Setup { .. }) {
                        let before: Vec<Bits> =
                            game.state.players.iter().map(|p| p.settlements).collect();
                        assert!(game.step());
                        for seat in 0..seats {
                            let new = game.state.players[seat].settlements & !before[seat];
                            if new != 0 {
                                opening[seat][placed[seat]] = new.trailing_zeros() as u8;
                                placed[seat] += 1;
                                order.push(seat);
                            }
                        }
                    }
                    let snake: Vec<usize> = (0..seats).chain((0..seats).rev()).collect();
                    assert_eq!(order, snake, "{layout} {seats} {model:?} game {g}");
                    check_opening(&table, seats, &opening)
                        .unwrap_or_else(|e| panic!("{layout} {seats} {model:?} game {g}: {e:?}"));
                    openings.insert(opening);
                }
                assert!(
                    openings.len() >= 10,
                    "{layout} {seats} {model:?}: {} openings in 100 games",
                    openings.len()
                );
            }
        }
    }

    #[test]
    fn picks_stray_within_the_jitter() {
        // Under a pip at a table of producers, under three at a loose one: a spot that far
        // behind the best is never taken, and nearer ones are, sometimes.
        let table = table(7);
        let have = [0; 5];
        let mut rng = Random::new(2);
        for jitter in [JITTER, LOOSE_JITTER] {
            let producer = Producer {
                variety: PIP,
                jitter,
            };
            let best = producer.best_worth(&table, table.start, &have);
            let mut strayed = 0;
            for _ in 0..2000 {
                let c = producer.pick(&table, table.start, &have, &mut rng).unwrap();
                let worth = producer.worth(&table, &have, c);
                assert!(worth + jitter > best, "{worth} against {best}");
                strayed += usize::from(worth < best);
            }
            if jitter == LOOSE_JITTER {
                assert!(strayed > 100, "{strayed} of 2000 below the best");
            }
        }
    }

    #[test]
    fn tastes_for_variety_cover_zero_to_two_pips() {
        let mut rng = Random::new(3);
        let drawn: Vec<u32> = (0..5000)
            .map(|_| Producer::draw(&mut rng, JITTER).variety)
            .collect();
        assert_eq!(drawn.iter().min(), Some(&0));
        assert_eq!(drawn.iter().max(), Some(&VARIETY_MAX));
        let mean = drawn.iter().sum::<u32>() as f64 / drawn.len() as f64;
        assert!((mean - 12.0).abs() < 0.5, "{mean}");
    }
}

//! What a settlement spot is worth to the greedy bot in a player's [`Style`], and a memory
//! of it.
//!
//! A spot's worth depends only on the table, the corner and what the player already
//! produces, which changes only when the player builds; yet the bot asks for it hundreds of
//! times a game (every road it might build is judged by the spots it leads to). So each
//! seat keeps the worths it has worked out until its buildings change ([`SpotWorth`]).

use super::state::Player;
use super::table::Table;
use crate::balance::players::{self, PlayerWorth, Style};
use crate::model::bits::{bit, has, ids, Bits};

/// Pips a player's buildings produce of each resource (a city's twice).
pub(super) fn production(table: &Table, p: &Player) -> [u32; 5] {
    let mut out = [0; 5];
    for c in ids(p.settlements | p.cities) {
        let times = 1 + u32::from(has(p.cities, c));
        for (r, pips) in table.corner_yield(c).iter().enumerate() {
            out[r] += times * u32::from(*pips);
        }
    }
    out
}

/// What a settlement at `corner` adds for a player producing `have` (pips by resource), in
/// `style` ([`players::spot_worth`] of the corner's yields and harbour).
pub(super) fn spot_value(table: &Table, have: &[u32; 5], corner: usize, style: &Style) -> u32 {
    players::spot_worth(
        table.corner_yield(corner),
        table.corner_harbour[corner],
        have,
        style,
    )
}

/// The worth of spots to one seat with the buildings it had when last asked, each worked
/// out the first time it is asked for. Kept for one table (a [`super::Game`]'s): across its
/// games too, as the greedy openings repeat.
#[derive(Clone, Copy)]
pub struct SpotWorth {
    /// Whose worths: the player's style.
    style: Style,
    /// The buildings the worths are for.
    settlements: Bits,
    cities: Bits,
    /// What those buildings produce.
    have: [u32; 5],
    /// The corners whose worth is in `worth`.
    known: Bits,
    /// The worths' table, for `have` and `style` once `gains_built`: built in place when
    /// first asked after a change.
    gains: PlayerWorth,
    gains_built: bool,
    worth: [u32; 128],
}

impl Default for SpotWorth {
    /// No buildings, which produce nothing, and no worth known yet.
    fn default() -> Self {
        SpotWorth {
            style: Style::GREEDY,
            settlements: 0,
            cities: 0,
            have: [0; 5],
            known: 0,
            gains: PlayerWorth::new([0; 5], Style::GREEDY),
            gains_built: false,
            worth: [0; 128],
        }
    }
}

impl SpotWorth {
    /// Worths for a player of `style` from now on (those kept are dropped if it differs).
    pub fn set_style(&mut self, style: Style) {
        if style != self.style {
            self.style = style;
            self.known = 0;
            self.gains_built = false;
        }
    }

    pub fn style(&self) -> &Style {
        &self.style
    }

    /// Worths for `p` as it stands: those kept if its buildings have not changed.
    pub fn update(&mut self, table: &Table, p: &Player) {
        if (p.settlements, p.cities) != (self.settlements, self.cities) {
            self.settlements = p.settlements;
            self.cities = p.cities;
            self.have = production(table, p);
            self.known = 0;
            self.gains_built = false;
        }
    }

    /// What a settlement at `corner` adds for the player.
    #[inline]
    pub fn of(&mut self, table: &Table, corner: usize) -> u32 {
        if has(self.known, corner) {
            self.worth[corner]
        } else {
            self.work_out(table, corner)
        }
    }

    /// [`SpotWorth::of`] of a corner not yet known. Apart from the kept worth's read, which
    /// the bots' road choices make hundreds of times a game: inlined with it, building the
    /// table (hundreds of bytes) gave every read that frame's cost.
    #[inline(never)]
    fn work_out(&mut self, table: &Table, corner: usize) -> u32 {
        self.build_gains();
        let worth = self.gains.of_corner(table.corner_spots[corner]);
        self.worth[corner] = worth;
        self.known |= bit(corner);
        worth
    }

    /// Builds the worths' table for the buildings and style as they stand, if not yet built.
    #[inline(always)]
    fn build_gains(&mut self) {
        if !self.gains_built {
            self.gains.rebuild(self.have, self.style);
            self.gains_built = true;
        }
    }

    /// Works out the worth of every corner of `spots` not yet known, in one loop: the
    /// opening's picks weigh every free start spot, most of them not yet known (a seat's
    /// style is new each game), and one at a time each paid a call and the table's check.
    #[inline]
    pub fn know(&mut self, table: &Table, spots: Bits) {
        let unknown = spots & !self.known;
        if unknown != 0 {
            self.work_out_all(table, unknown);
        }
    }

    /// [`SpotWorth::know`] of corners not yet known, apart from the check (most asks find
    /// every corner known, as [`SpotWorth::of`]'s do).
    #[inline(never)]
    fn work_out_all(&mut self, table: &Table, unknown: Bits) {
        self.build_gains();
        for c in ids(unknown) {
            self.worth[c] = self.gains.of_corner(table.corner_spots[c]);
        }
        self.known |= unknown;
    }

    /// The most valuable corner of `spots` (the lowest among equals).
    pub fn best(&mut self, table: &Table, spots: Bits) -> Option<(usize, u32)> {
        self.know(table, spots);
        let mut best = None;
        for c in ids(spots) {
            let value = self.worth[c];
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((c, value));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LayoutId;
    use crate::generate::{generate, Settings};
    use crate::rules::RuleSet;

    #[test]
    fn kept_worths_are_the_worths_worked_out_afresh() {
        let board = generate(&Settings::new(LayoutId::Base, RuleSet::standard()), 4).unwrap();
        let table = Table::new(&board).unwrap();
        let mut kept = SpotWorth::default();
        let mut p = Player::default();
        // Buildings added one by one, a city among them, each asked for every corner twice.
        for (step, corner) in [0usize, 20, 33, 20, 47].into_iter().enumerate() {
            if step == 3 {
                p.settlements &= !bit(corner);
                p.cities |= bit(corner);
            } else {
                p.settlements |= bit(corner);
            }
            kept.update(&table, &p);
            let have = production(&table, &p);
            for _ in 0..2 {
                for c in 0..table.corners {
                    assert_eq!(
                        kept.of(&table, c),
                        spot_value(&table, &have, c, &Style::GREEDY),
                        "corner {c}"
                    );
                }
            }
        }
    }
}

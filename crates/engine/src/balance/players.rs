//! Who sits at a simulated table: a table model draws, for every seat of every game, a
//! player's style (what it wants of each resource, of variety and of harbours) and how it
//! opens (the spot it values most, or one chosen at random among its near-best).
//!
//! Why: with one fixed bot in every seat, every game on a board opens the same way, so a
//! board's "seat effect" is the effect of one snake draft under one valuation, and a board
//! chosen to be even for it is even for that draft only (measured: Pearson r = 0.20
//! between two simulators' seat effects). People differ, and the figures a table is shown
//! must hold across players who differ.
//!
//! Everything is integer arithmetic on tables fixed here, so a seed plays the same games
//! natively and in wasm (the platform's `exp` may differ in the last bit between the two).

use std::sync::OnceLock;

use crate::generate::random::Random;
use crate::model::bits::{ids, Bits};
use crate::model::HarbourKind;

/// Weights are in 256ths: 256 is "as the greedy bot".
pub const UNIT: u32 = 256;

/// One pip of a resource, in the greedy bot's spot-worth units (12 a pip for the first
/// five pips of a resource: `spot_worth::resource_worth`) times [`UNIT`].
pub const PIP: u32 = 12 * UNIT;

/// A player's style: the weights its spot worths are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// How much it wants each resource (lumber, wool, grain, brick, ore), in 256ths.
    pub resource: [u32; 5],
    /// What a resource it does not yet produce adds to a spot, in the greedy bot's units
    /// (12 = a pip).
    pub variety: u32,
    /// How much it wants harbours, in 256ths.
    pub harbour: u32,
    /// The softmax temperature of its opening picks, in worth units times [`UNIT`]
    /// ([`PIP`] = one pip); 0 always takes its best spot.
    pub temperature: u32,
}

impl Style {
    /// The greedy bot: every resource alike, 12 (a pip) for a resource lacked, harbours as
    /// they are, always its best spot. Its spot worths are the greedy bot's times [`UNIT`],
    /// so it chooses exactly as the greedy bot always has.
    pub const GREEDY: Style = Style {
        resource: [UNIT; 5],
        variety: 12,
        harbour: UNIT,
        temperature: 0,
    };
}

impl Default for Style {
    fn default() -> Self {
        Style::GREEDY
    }
}

/// Lognormal weights exp(sigma z) in 256ths, z at the midpoints of 32 equal slices of the
/// standard normal distribution (z_i = Phi^-1((i + 0.5) / 32)): a draw picks one slice at
/// random. Worked out by Python's `statistics.NormalDist().inv_cdf` and `math.exp`; the
/// test `lognormal_tables_are_exp_of_normal_quantiles` checks them.
const LOGNORMAL_035: [u16; 32] = [
    120, 142, 156, 166, 176, 184, 191, 199, 206, 212, 219, 226, 232, 239, 246, 253, 260, 267, 274,
    282, 290, 299, 309, 319, 330, 342, 357, 373, 394, 420, 460, 544,
];
const LOGNORMAL_015: [u16; 32] = [
    185, 199, 207, 213, 218, 222, 226, 230, 233, 236, 239, 243, 246, 249, 252, 255, 258, 261, 264,
    267, 270, 274, 277, 281, 285, 290, 295, 301, 308, 317, 329, 354,
];

/// What `pips` of one resource are worth to a player: 12 a pip for the first 5, 6 a pip up
/// to 10, 3 a pip beyond. Returns diminish because one resource alone builds nothing (every
/// cost takes two to four kinds) and the bank takes 4 for 1.
pub fn resource_worth(pips: u32) -> u32 {
    12 * pips.min(5) + 6 * pips.clamp(5, 10).saturating_sub(5) + 3 * pips.saturating_sub(10)
}

/// Pips beyond which every further pip of a resource adds the same to [`resource_worth`]
/// (3).
const STEADY_PIPS: usize = 10;

/// `GAINED[h][y]`: what `y` more pips add to [`resource_worth`] of `h` pips, for `h` up to
/// [`STEADY_PIPS`] (beyond, as at [`STEADY_PIPS`]) and `y` up to 15 (what a corner of three
/// hexes of 5 pips yields at most): a [`PlayerWorth`] is built from its rows.
const GAINED: [[u32; 16]; STEADY_PIPS + 1] = {
    const fn worth(pips: usize) -> u32 {
        let mut worth = 0;
        let mut pip = 1;
        while pip <= pips {
            worth += if pip <= 5 {
                12
            } else if pip <= 10 {
                6
            } else {
                3
            };
            pip += 1;
        }
        worth
    }
    let mut out = [[0; 16]; STEADY_PIPS + 1];
    let mut have = 0;
    while have <= STEADY_PIPS {
        let mut more = 0;
        while more < 16 {
            out[have][more] = worth(have + more) - worth(have);
            more += 1;
        }
        have += 1;
    }
    out
};

/// A corner's harbour as one number: 0 none, 1 a 3:1 harbour, `2 << r` a 2:1 harbour of
/// resource `r`.
pub fn harbour_code(kind: Option<HarbourKind>) -> u8 {
    match kind {
        None => 0,
        Some(HarbourKind::Generic) => 1,
        Some(HarbourKind::Special(r)) => 2 << r.index(),
    }
}

/// What a settlement on a corner yielding `yields` (pips by resource) with harbour
/// `harbour` ([`harbour_code`]) adds for a player producing `have`, in `style`: the worth of
/// each resource's pips with the corner's over without ([`resource_worth`]), weighted by
/// what the style wants of it; `style.variety` for each resource the player lacks; and its
/// harbour, weighted: 8 for 3:1, 4 + 3 a pip of its resource produced for 2:1. In
/// [`UNIT`]ths of the greedy bot's units ([`Style::GREEDY`] is the greedy bot's worth times
/// 256). The one formula of a spot's worth to a player: the simulator's bots and the
/// seat-fair search's draft ([`super::draft`]) both ask it.
pub fn spot_worth(yields: [u8; 5], harbour: u8, have: &[u32; 5], style: &Style) -> u32 {
    let mut value = 0;
    for r in 0..5 {
        if yields[r] > 0 {
            value += resource_gain(have[r], u32::from(yields[r]), r, style);
        }
    }
    value + style.harbour * harbour_gain(harbour, have, &yields)
}

/// What `pips` more of resource `r` add for a player producing `have` of it, in `style`:
/// the weighted worth with them over without, and the style's variety if it had none.
#[inline(always)]
fn resource_gain(have: u32, pips: u32, r: usize, style: &Style) -> u32 {
    let variety = if have == 0 { style.variety } else { 0 };
    style.resource[r] * (resource_worth(have + pips) - resource_worth(have) + variety)
}

/// A harbour's worth before the style weighs it: 8 for 3:1, 4 + 3 a pip of its resource
/// produced (`have` with the corner's `yields`) for 2:1.
#[inline(always)]
fn harbour_gain(harbour: u8, have: &[u32; 5], yields: &[u8; 5]) -> u32 {
    match harbour {
        0 => 0,
        1 => 8,
        special => {
            let r = special.trailing_zeros() as usize - 1;
            4 + 3 * (have[r] + u32::from(yields[r]))
        }
    }
}

/// [`spot_worth`] for one player as it stands, tabled: what `y` pips of each resource at a
/// spot add (the resource's weight times its worth with them over without, and the style's
/// variety if the player lacks it), and what each kind of harbour adds. Built once for a
/// pick, then read for every free spot: the drafts of the seat-fair search weigh about 45
/// spots a pick, millions of picks a board, and the simulator's openings every free start
/// spot. [`spot_worth`] stays the one formula; a test holds the two equal.
#[derive(Clone, Copy)]
pub struct PlayerWorth {
    have: [u32; 5],
    style: Style,
    /// `gain[r][y]`: what `y` pips of resource `r` add; a corner touches at most three
    /// hexes of 5 pips each, so 15 is the most a corner yields of one resource (more is
    /// worked out by [`spot_worth`]'s formula, never in a catalogue board).
    gain: [[u32; 16]; 5],
    /// The harbour's worth by [`harbour_kind`]: `harbour_base[k]` plus `harbour_per_pip[k]`
    /// for each pip the corner yields of the 2:1 harbour's resource. Without a branch on
    /// the kind: which corners have harbours follows no pattern the processor could learn.
    harbour_base: [u32; 8],
    harbour_per_pip: [u32; 8],
}

/// A harbour code ([`harbour_code`]) as an index: 0 a 3:1 harbour, `1 + r` a 2:1 harbour
/// of resource `r`, 7 none.
#[inline(always)]
fn harbour_kind(harbour: u8) -> usize {
    (u32::from(harbour) | 0x80).trailing_zeros() as usize
}

impl PlayerWorth {
    /// The table for `have` and `style`, each resource's row from [`GAINED`]'s row for
    /// what the player has of it (working out [`resource_worth`] for each entry was a third
    /// of the drafts' picks, and adding it up pip by pip a quarter of the openings' worths).
    pub fn new(have: [u32; 5], style: Style) -> PlayerWorth {
        let mut worth = PlayerWorth {
            have,
            style,
            gain: [[0; 16]; 5],
            harbour_base: [0; 8],
            harbour_per_pip: [0; 8],
        };
        for r in 0..5 {
            worth.fill_row(r);
        }
        worth.fill_harbours();
        worth
    }

    /// The table for `have` and `style` in place of this one: where it is kept, building
    /// it elsewhere and copying it in was a quarter of the building. A resource's row is
    /// filled again only if what the player has of it or the style changed (a settlement
    /// changes what the player has of up to three).
    pub fn rebuild(&mut self, have: [u32; 5], style: Style) {
        let restyled = style != self.style;
        let before = std::mem::replace(&mut self.have, have);
        self.style = style;
        for r in 0..5 {
            if restyled || have[r] != before[r] {
                self.fill_row(r);
            }
        }
        self.fill_harbours();
    }

    /// `gain[r]` for the player's `have` and `style`, from [`GAINED`]'s row for what it has.
    fn fill_row(&mut self, r: usize) {
        let weight = self.style.resource[r];
        let variety = if self.have[r] == 0 {
            self.style.variety
        } else {
            0
        };
        let gained = &GAINED[(self.have[r] as usize).min(STEADY_PIPS)];
        let row = &mut self.gain[r];
        // No pips add nothing, not even variety.
        row[0] = 0;
        for (cell, &more) in row.iter_mut().zip(gained).skip(1) {
            *cell = weight * (more + variety);
        }
    }

    fn fill_harbours(&mut self) {
        let (have, weight) = (&self.have, self.style.harbour);
        self.harbour_base = [0; 8];
        self.harbour_per_pip = [0; 8];
        self.harbour_base[harbour_kind(1)] = weight * harbour_gain(1, have, &[0; 5]);
        for r in 0..5 {
            let kind = harbour_kind(2 << r);
            self.harbour_base[kind] = weight * harbour_gain(2 << r, have, &[0; 5]);
            self.harbour_per_pip[kind] = weight * 3;
        }
    }

    /// [`spot_worth`] of a corner yielding `yields` with harbour `harbour`.
    #[inline(always)]
    pub fn of(&self, yields: [u8; 5], harbour: u8) -> u32 {
        self.of_corner(CornerYield::new(yields, harbour))
    }

    /// [`PlayerWorth::of`] a corner read for it once: a look-up a resource and one for its
    /// harbour, where working out the harbour's kind and checking every yield against the
    /// table's reach was twice that.
    #[inline(always)]
    pub fn of_corner(&self, corner: CornerYield) -> u32 {
        if !corner.within {
            return spot_worth(corner.yields, corner.harbour, &self.have, &self.style);
        }
        let mut value = 0;
        for (row, &y) in self.gain.iter().zip(&corner.yields) {
            // Under 16 (`within`): the mask only spares the check.
            value += row[usize::from(y) & 15];
        }
        let kind = usize::from(corner.kind) & 7;
        value + self.harbour_base[kind] + self.harbour_per_pip[kind] * u32::from(corner.traded)
    }
}

/// A corner as a [`PlayerWorth`] reads it: its yields and harbour ([`harbour_code`]), and
/// worked out from them once, the harbour's kind ([`harbour_kind`]) and what the corner
/// yields of a 2:1 harbour's resource (0 with any other kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CornerYield {
    yields: [u8; 5],
    harbour: u8,
    kind: u8,
    traded: u8,
    /// Whether every yield is under 16 pips, within a [`PlayerWorth`]'s rows (every
    /// catalogue board's corner: three hexes of 5 pips at most); if not, its worth is worked
    /// out by [`spot_worth`]'s formula.
    within: bool,
}

impl CornerYield {
    pub fn new(yields: [u8; 5], harbour: u8) -> CornerYield {
        let kind = harbour_kind(harbour);
        let traded = match kind {
            1..=5 => yields[kind - 1],
            _ => 0,
        };
        CornerYield {
            yields,
            harbour,
            kind: kind as u8,
            traded,
            within: yields.iter().all(|&y| y < 16),
        }
    }
}

/// How the players at a simulated table differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TableModel {
    /// Every seat of every game draws a player of its own: resource and harbour weights
    /// lognormal with sigma 0.35, a taste for variety of 0 to 2 pips, and opening picks by
    /// a softmax over its own spot worths at a temperature of 1 pip. The model of a
    /// measurement in an independent simulator (docs/play.md, "Table models").
    #[default]
    Varied,
    /// Players more alike: sigma 0.15, variety 0.75 to 1.25 pips, temperature half a pip.
    Alike,
    /// The greedy bot in every seat, every game: no style, the best spot always, so every
    /// game on a board opens the same way (the players of `play::fair`'s race).
    Greedy,
    /// Openings outside the style model: each seat opens greedily by production and
    /// resource variety (`play::producers`: pips plus a taste for variety of 0 to 2 pips
    /// drawn a seat and game, a jitter under a pip a pick), as the independent simulator's
    /// bots did. No style, no softmax: the balanced search's choice never drafts with it, so
    /// it checks that choice from outside. After the opening the seat plays as the greedy
    /// bot's style ([`Style::GREEDY`]); measured with the weighted-random bot.
    /// Not among [`TableModel::ALL`] (no measured seat order, not offered by the app).
    Producers,
    /// [`TableModel::Producers`] whose picks stray further: a jitter under three pips, so
    /// that openings differ from game to game about as much as at a varied table.
    ProducersLoose,
    /// Players with a plan, held out of every choice (no search or draft sees it, so its
    /// figures check the choice from outside): each seat of each game draws one of three
    /// plans, cities (ore and grain weighted 1.5, brick and lumber 0.75), roads (brick and
    /// lumber 1.5, ore and grain 0.75) or no plan (every resource 1), the two ways of
    /// building players name and the third between them; wool 1, harbours 1, a pip for a
    /// resource lacked, and opening picks by a softmax at a quarter of a pip. No simulator's
    /// measurement fitted these weightings.
    Planners,
}

impl TableModel {
    /// The tables the app and the command line seat, each with its measured seat order.
    pub const ALL: [TableModel; 3] = [TableModel::Varied, TableModel::Alike, TableModel::Greedy];

    /// Every model, [`TableModel::Producers`] (a check from outside the choice's model,
    /// for the measurements) included.
    pub const EVERY: [TableModel; 6] = [
        TableModel::Varied,
        TableModel::Alike,
        TableModel::Greedy,
        TableModel::Producers,
        TableModel::ProducersLoose,
        TableModel::Planners,
    ];

    /// The stable name (`--table`, reports, links between tools).
    pub fn name(self) -> &'static str {
        match self {
            TableModel::Varied => "varied",
            TableModel::Alike => "alike",
            TableModel::Greedy => "greedy",
            TableModel::Producers => "producers",
            TableModel::ProducersLoose => "producers-loose",
            TableModel::Planners => "planners",
        }
    }

    pub fn parse(name: &str) -> Option<TableModel> {
        TableModel::EVERY.into_iter().find(|m| m.name() == name)
    }

    /// Whether every game on a board opens the same way (no style, no random pick), so a
    /// game may copy its opening from the first ([`super::Game::play`]).
    pub fn is_fixed(self) -> bool {
        self == TableModel::Greedy
    }

    /// One seat's player for one game. The greedy model draws nothing, so its games use the
    /// dice and deck exactly as before table models were; producers draw no style either
    /// (their opening is drawn by the simulator, `play::producers`).
    pub fn draw(self, rng: &mut Random) -> Style {
        let (weights, variety_from, variety_span, temperature) = match self {
            TableModel::Greedy | TableModel::Producers | TableModel::ProducersLoose => {
                return Style::GREEDY
            }
            TableModel::Planners => {
                const HIGH: u32 = UNIT * 3 / 2;
                const LOW: u32 = UNIT * 3 / 4;
                // Lumber, wool, grain, brick, ore.
                let resource = match rng.index(3) {
                    0 => [LOW, UNIT, HIGH, LOW, HIGH],
                    1 => [HIGH, UNIT, LOW, HIGH, LOW],
                    _ => [UNIT; 5],
                };
                return Style {
                    resource,
                    harbour: UNIT,
                    variety: 12,
                    temperature: PIP / 4,
                };
            }
            TableModel::Varied => (&LOGNORMAL_035, 0, 24, PIP),
            TableModel::Alike => (&LOGNORMAL_015, 9, 6, PIP / 2),
        };
        let mut weight = || u32::from(weights[rng.index(weights.len())]);
        let resource = [weight(), weight(), weight(), weight(), weight()];
        let harbour = weight();
        Style {
            resource,
            harbour,
            variety: variety_from + rng.below(u64::from(variety_span as u32) + 1) as u32,
            temperature,
        }
    }
}

/// exp(-k / 16) in 2^32ths for k = 0..256: a softmax weight at 16 steps a temperature, out
/// to 16 temperatures (e^-16, one in nine million, is as good as never). Built by repeated
/// multiplication in integers, so it is the same on every target; built at first use rather
/// than at compile time, as a constant table was 2 KB of the page's wasm (1.8 KB gzip) and
/// the page's first download is at its budget (docs/download.md).
fn softmax_table() -> &'static [u64; 256] {
    static TABLE: OnceLock<[u64; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        // round(2^32 exp(-1/16))
        const RATIO: u64 = 4_034_748_382;
        let mut table = [0u64; 256];
        table[0] = 1 << 32;
        for k in 1..256 {
            table[k] = (table[k - 1] * RATIO) >> 32;
        }
        table
    })
}

/// A softmax weight's step at one temperature: `below * 16 / temperature` by a multiply
/// and a shift rather than a division. The division was a sixth of the seat-fair search's
/// drafts (perf, `hexfair generate --mode balanced --play-games 0`): a pick weighs every
/// free spot at the picker's one temperature.
struct Steps {
    temperature: u32,
    /// ceil(2^40 / temperature).
    reciprocal: u64,
}

impl Steps {
    fn new(temperature: u32) -> Steps {
        let temperature = temperature.max(1);
        Steps {
            temperature,
            reciprocal: (1u64 << 40).div_ceil(u64::from(temperature)),
        }
    }

    /// The table step of a spot worth `below` less than the best, `None` past the
    /// table's 16 temperatures (weight 0).
    #[inline(always)]
    fn of(&self, below: u32) -> Option<usize> {
        if u64::from(below) >= 16 * u64::from(self.temperature) {
            return None;
        }
        let numerator = u64::from(below) * 16;
        // Exact: numerator < 256 t, so numerator x reciprocal overshoots
        // numerator / t by less than 256 t / 2^40, which is under 1 / t (the least gap to
        // the next whole number) for every t below 2^16; larger temperatures divide.
        let step = if self.temperature < 1 << 16 {
            (numerator * self.reciprocal) >> 40
        } else {
            numerator / u64::from(self.temperature)
        };
        Some(step as usize)
    }
}

/// One of the corners `spots` drawn by a softmax over their `worth` at `temperature`: the
/// best most often, one a temperature worse e^-1 times as often. `None` if `spots` is empty.
/// Each spot's worth is asked once and its weight worked out once (the drafts of the
/// seat-fair search make millions of picks). One array of 512 bytes holds each spot's worth
/// and then its step in the table: clearing arrays of ids and weights beside it was a fifth
/// of a pick's time.
pub fn softmax_pick(
    spots: Bits,
    mut worth: impl FnMut(usize) -> u32,
    temperature: u32,
    rng: &mut Random,
) -> Option<usize> {
    // Worths, then table steps ([`NEVER`] for a weight of 0), in the order of `ids(spots)`.
    const NEVER: u32 = u32::MAX;
    let mut slots = [0u32; 128];
    let mut count = 0;
    let mut best = 0;
    for id in ids(spots) {
        let w = worth(id);
        best = best.max(w);
        slots[count] = w;
        count += 1;
    }
    if count == 0 {
        return None;
    }
    let table = softmax_table();
    let steps = Steps::new(temperature);
    let mut total = 0;
    for slot in &mut slots[..count] {
        *slot = steps.of(best - *slot).map_or(NEVER, |step| {
            total += table[step];
            step as u32
        });
    }
    let weight = |slot: u32| {
        if slot == NEVER {
            0
        } else {
            table[slot as usize]
        }
    };
    let mut pick = rng.below(total);
    for (id, &slot) in ids(spots).zip(&slots[..count]) {
        if pick < weight(slot) {
            return Some(id);
        }
        pick -= weight(slot);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard normal quantile by bisection on erf's complement (std has no erf; the
    /// series below is Abramowitz-Stegun 7.1.26, good to 1.5e-7, plenty for 256ths).
    fn normal_cdf(z: f64) -> f64 {
        let x = z.abs() / std::f64::consts::SQRT_2;
        let t = 1.0 / (1.0 + 0.327_591_1 * x);
        let poly = t
            * (0.254_829_592
                + t * (-0.284_496_736
                    + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
        let erf = 1.0 - poly * (-x * x).exp();
        0.5 * (1.0 + erf.copysign(z))
    }

    fn quantile(p: f64) -> f64 {
        let (mut low, mut high) = (-10.0, 10.0);
        for _ in 0..100 {
            let mid = (low + high) / 2.0;
            if normal_cdf(mid) < p {
                low = mid;
            } else {
                high = mid;
            }
        }
        low
    }

    #[test]
    fn lognormal_tables_are_exp_of_normal_quantiles() {
        for (table, sigma) in [(&LOGNORMAL_035, 0.35), (&LOGNORMAL_015, 0.15)] {
            for (i, &w) in table.iter().enumerate() {
                let z = quantile((i as f64 + 0.5) / 32.0);
                let want = 256.0 * (sigma * z).exp();
                assert!(
                    (f64::from(w) - want).abs() <= 0.6,
                    "sigma {sigma}, slice {i}: {w} against {want}"
                );
            }
        }
    }

    #[test]
    fn the_softmax_table_is_exp() {
        for (k, &w) in softmax_table().iter().enumerate() {
            let want = (-(k as f64) / 16.0).exp() * 4_294_967_296.0;
            assert!(
                (w as f64 - want).abs() <= 1e-6 * 4_294_967_296.0,
                "step {k}"
            );
        }
    }

    #[test]
    fn a_player_worth_is_spot_worth() {
        let mut rng = Random::new(21);
        let harbours = [0u8, 1, 2, 4, 8, 16, 32];
        // Also one table rebuilt again and again, as the simulator keeps it: nothing of
        // the last player's may stay, whether the style changes or only some of what the
        // player has (half the time each).
        let mut rebuilt = PlayerWorth::new([0; 5], Style::GREEDY);
        let (mut style, mut have) = (Style::GREEDY, [0u32; 5]);
        for _ in 0..3000 {
            let model = [TableModel::Varied, TableModel::Alike, TableModel::Greedy][rng.index(3)];
            if rng.index(2) == 0 {
                style = model.draw(&mut rng);
            }
            for pips in &mut have {
                if rng.index(2) == 0 {
                    *pips = rng.below(3) as u32 * rng.below(14) as u32;
                }
            }
            let worth = PlayerWorth::new(have, style);
            rebuilt.rebuild(have, style);
            for _ in 0..20 {
                // Up to 20 pips of a resource: past the table's 15 too.
                let yields: [u8; 5] =
                    std::array::from_fn(|_| rng.below(21) as u8 * rng.below(2) as u8);
                let harbour = harbours[rng.index(harbours.len())];
                let want = spot_worth(yields, harbour, &have, &style);
                let context =
                    format!("{style:?}, have {have:?}, yields {yields:?}, harbour {harbour}");
                assert_eq!(worth.of(yields, harbour), want, "{context}");
                assert_eq!(rebuilt.of(yields, harbour), want, "{context}");
            }
        }
    }

    #[test]
    fn steps_divide_exactly() {
        let temperatures = (1..=4096).chain([PIP / 2, PIP, 65_535, 65_536, 1 << 20, u32::MAX / 16]);
        for t in temperatures {
            let steps = Steps::new(t);
            let last = 16 * u64::from(t) - 1;
            // Every step's first and last worth, and the table's far end.
            let belows =
                (0..256u64).flat_map(|k| [k * u64::from(t) / 16, (k + 1) * u64::from(t) / 16]);
            for below in belows.chain([last]).filter(|&b| b <= last) {
                let want = (below * 16 / u64::from(t)) as usize;
                assert_eq!(steps.of(below as u32), Some(want), "t {t}, below {below}");
            }
            if last < u64::from(u32::MAX) {
                assert_eq!(steps.of(last as u32 + 1), None, "t {t}");
            }
        }
    }

    #[test]
    fn softmax_picks_follow_their_weights() {
        // Spots a pip apart at a temperature of a pip: shares 1 : e^-1 : e^-2.
        let spots: Bits = 0b111 << 7;
        let worth = |c: usize| (10 - c as u32) * PIP;
        let mut rng = Random::new(5);
        let mut counts = [0u32; 3];
        let n = 60_000;
        for _ in 0..n {
            let id = softmax_pick(spots, worth, PIP, &mut rng).unwrap();
            counts[id - 7] += 1;
        }
        let e = std::f64::consts::E;
        let total = 1.0 + 1.0 / e + 1.0 / (e * e);
        for (i, &c) in counts.iter().enumerate() {
            let want = e.powi(-(i as i32)) / total;
            let got = f64::from(c) / f64::from(n);
            assert!((got - want).abs() < 0.01, "spot {i}: {got} against {want}");
        }
        assert_eq!(softmax_pick(0, worth, PIP, &mut rng), None);
        // Far below the best: never.
        let far = |c: usize| if c == 1 { 40 * PIP } else { 0 };
        for _ in 0..1000 {
            assert_eq!(softmax_pick(0b110, far, PIP, &mut rng), Some(1));
        }
    }

    #[test]
    fn styles_vary_as_documented() {
        let mut rng = Random::new(9);
        assert_eq!(TableModel::Greedy.draw(&mut rng), Style::GREEDY);
        for (model, low, high, variety) in [
            (TableModel::Varied, 120, 544, 0..=24),
            (TableModel::Alike, 185, 354, 9..=15),
        ] {
            let styles: Vec<Style> = (0..2000).map(|_| model.draw(&mut rng)).collect();
            let weights: Vec<u32> = styles.iter().flat_map(|s| s.resource).collect();
            assert_eq!(*weights.iter().min().unwrap(), low, "{model:?}");
            assert_eq!(*weights.iter().max().unwrap(), high, "{model:?}");
            // The median weight is 1: half below 256, half above.
            let below = weights.iter().filter(|&&w| w < UNIT).count();
            assert!((below as f64 / weights.len() as f64 - 0.5).abs() < 0.03);
            assert!(styles.iter().all(|s| variety.contains(&s.variety)));
            assert_eq!(
                styles.iter().map(|s| s.variety).min(),
                Some(*variety.start())
            );
            assert_eq!(styles.iter().map(|s| s.variety).max(), Some(*variety.end()));
            assert!(styles.iter().all(|s| s.temperature > 0));
            // Two seats rarely want the same: styles differ.
            assert!(styles.windows(2).filter(|w| w[0] == w[1]).count() < 5);
        }
    }

    #[test]
    fn planners_draw_each_of_three_plans() {
        // Cities want ore and grain twice what they want brick and lumber; roads the other
        // way; no plan wants all alike. Each a third of the time; the rest of the style as
        // the greedy bot's, opening by a softmax at a quarter of a pip.
        const CITIES: [u32; 5] = [192, 256, 384, 192, 384];
        const ROADS: [u32; 5] = [384, 256, 192, 384, 192];
        let mut rng = Random::new(3);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            let style = TableModel::Planners.draw(&mut rng);
            let plan = [CITIES, ROADS, [UNIT; 5]]
                .iter()
                .position(|&p| p == style.resource)
                .unwrap_or_else(|| panic!("not a plan: {style:?}"));
            counts[plan] += 1;
            assert_eq!(
                (style.variety, style.harbour, style.temperature),
                (12, UNIT, PIP / 4)
            );
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn names_round_trip() {
        for m in TableModel::EVERY {
            assert_eq!(TableModel::parse(m.name()), Some(m));
        }
        assert_eq!(TableModel::parse("chaotic"), None);
        assert_eq!(TableModel::default(), TableModel::Varied);
    }
}

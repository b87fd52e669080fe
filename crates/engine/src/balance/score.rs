//! The five-factor balance score of ../shared/reference/002 (Catan Board Generator): each
//! factor measures one kind of imbalance, is divided by the largest value seen over many
//! random boards, and the five are averaged into a score from 0 (even) to about 1.
//!
//! A sixth factor, harbour access ([`Factors::harbour_distribution`]), is measured and
//! limited the same way and reported with the five, but it is not averaged into the score:
//! harbours are the one part of a board the search cannot move (their spots are fixed by
//! the frame), so every balanced board would carry most of what is left of it, and a
//! search that also had to even it out found boards a third worse on the five (a median
//! five-factor score of 0.0067 against 0.0055 on base, 100 seeds; docs/balance.md). What
//! harbours do to the seats is counted where it matters to a player, in the spot values
//! the seat-fair search evens out ([`crate::balance::spots`]).
//!
//! Corners are settlement spots; a corner "sees" the land hexes touching it. Three dividing
//! lines run through the island's centre without touching any corner: the horizontal one
//! and the two at +-60 degrees. On the hex lattice of `hex` (centre (2q + r, 3r), corners at
//! y = 3r +- 1 or +- 2) the lines are y = 0 and y = +-3x about the centre, so which side a
//! corner is on is an exact integer test, and no corner ever lies on a line.
//!
//! Every factor is linear in per-cell weights that depend only on the layout: a cell's
//! weight on a line is (its corners on one side) - (its corners on the other). So scoring
//! a board is a few passes over the cells and the adjacent pairs, with no allocation.

use serde::Serialize;

use crate::balance::spots::traded_pips;
use crate::board::{Board, Harbour};
use crate::catalogue::{Layout, LayoutId};
use crate::model::Terrain;

/// The number of factors.
pub const FACTORS: usize = 6;
/// The factors averaged into the score: the first five.
pub const SCORED: usize = 5;

/// The six raw factors (or their limits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Factors {
    /// Per line and resource: (corner, hex of that resource) pairs on one side minus the
    /// other, squared and summed.
    pub resource_distribution: f64,
    /// Per line: pips of (corner, numbered hex) pairs on one side minus the other, squared
    /// and summed.
    pub probability_distribution_on_board: f64,
    /// 5 x the edges shared by two hexes of the same resource.
    pub resource_clustering: f64,
    /// 5 x the edges shared by two hexes with the same number.
    pub probability_clustering: f64,
    /// Per resource: (its pips - its hexes x the mean pips a numbered hex), squared, summed.
    pub probability_distribution_per_resource: f64,
    /// How unevenly the harbours pay: the variance, over the harbours, of each harbour's
    /// traded pips at its better corner ([`crate::balance::spots::traded_pips`]: all the
    /// pips there for 3:1, 3 x its resource's pips for 2:1). A harbour beside rich tiles of
    /// what it trades, while another trades nothing, makes its corner a prize; the measure
    /// is quinnrenaghan/catan-board-gen's "harbor strength distribution" (its README's
    /// sixth metric), with the trade arithmetic of `spots`. A board without harbours (the
    /// board text) scores 0 here.
    pub harbour_distribution: f64,
}

impl Factors {
    pub const NAMES: [&'static str; FACTORS] = [
        "resource_distribution",
        "probability_distribution_on_board",
        "resource_clustering",
        "probability_clustering",
        "probability_distribution_per_resource",
        "harbour_distribution",
    ];

    pub fn as_array(&self) -> [f64; FACTORS] {
        [
            self.resource_distribution,
            self.probability_distribution_on_board,
            self.resource_clustering,
            self.probability_clustering,
            self.probability_distribution_per_resource,
            self.harbour_distribution,
        ]
    }

    pub fn from_array(a: [f64; FACTORS]) -> Factors {
        Factors {
            resource_distribution: a[0],
            probability_distribution_on_board: a[1],
            resource_clustering: a[2],
            probability_clustering: a[3],
            probability_distribution_per_resource: a[4],
            harbour_distribution: a[5],
        }
    }

    /// The five-factor score (002): the mean of the first five factors over their limits
    /// (the harbour factor is reported, not averaged in: see the module comment).
    pub fn score(&self, limits: &Factors) -> f64 {
        self.normalised(limits)[..SCORED].iter().sum::<f64>() / SCORED as f64
    }

    /// Each factor divided by its limit; a factor that cannot vary (limit 0) counts 0.
    pub fn normalised(&self, limits: &Factors) -> [f64; FACTORS] {
        let (a, b) = (self.as_array(), limits.as_array());
        std::array::from_fn(|i| if b[i] > 0.0 { a[i] / b[i] } else { 0.0 })
    }
}

/// The scenario boards' limits, measured the same way (`cargo run --release --bin hexfair -- limits
/// --layout NAME --boards 500000`, seed 1), in the order of [`Factors::from_array`]. On a board
/// whose tiles are all printed (the Pirate Islands) every board is the printed one, so its
/// limits are that board's own factors; a limit of 0 (a factor that cannot vary) counts as 0.
const MEASURED: [(&str, [f64; FACTORS]); 31] = [
    (
        "new-shores-3",
        [4500.0, 57312.0, 70.0, 30.0, 129.02892561983475, 145.1875],
    ),
    (
        "new-shores-4",
        [
            5480.0,
            88336.0,
            95.0,
            40.0,
            182.06172839506172,
            125.65432098765432,
        ],
    ),
    (
        "new-shores-5-6",
        [
            10428.0,
            111808.0,
            130.0,
            70.0,
            310.34626038781164,
            112.06611570247934,
        ],
    ),
    (
        "four-islands-3",
        [
            5472.0,
            32328.0,
            80.0,
            45.0,
            110.79999999999998,
            119.87654320987654,
        ],
    ),
    (
        "four-islands-4",
        [
            6588.0,
            27828.0,
            90.0,
            50.0,
            127.79584120982987,
            121.35802469135803,
        ],
    ),
    (
        "four-islands-5-6",
        [
            10560.0,
            52396.0,
            120.0,
            80.0,
            284.294921875,
            123.68595041322314,
        ],
    ),
    (
        "fog-islands-3",
        [5496.0, 69776.0, 70.0, 30.0, 152.55555555555554, 140.1875],
    ),
    (
        "fog-islands-4",
        [
            6332.0,
            56452.0,
            80.0,
            40.0,
            190.8395061728395,
            126.17283950617283,
        ],
    ),
    (
        "fog-islands-5-6",
        [
            10836.0,
            198648.0,
            115.0,
            70.0,
            330.81994459833794,
            126.98765432098766,
        ],
    ),
    (
        "through-the-desert-3",
        [4968.0, 58824.0, 70.0, 50.0, 114.76033057851242, 144.984375],
    ),
    (
        "through-the-desert-4",
        [
            6536.0,
            58156.0,
            85.0,
            55.0,
            174.83950617283952,
            122.8395061728395,
        ],
    ),
    (
        "through-the-desert-5-6",
        [
            10728.0,
            154728.0,
            125.0,
            75.0,
            316.34626038781164,
            123.15702479338843,
        ],
    ),
    (
        "forgotten-tribe-3-4",
        [6192.0, 83556.0, 80.0, 40.0, 264.9506172839506, 0.0],
    ),
    (
        "forgotten-tribe-5-6",
        [11412.0, 51300.0, 145.0, 90.0, 347.89655172413796, 0.0],
    ),
    (
        "cloth-for-catan-3-4",
        [6040.0, 32436.0, 80.0, 45.0, 154.0, 132.22222222222223],
    ),
    (
        "cloth-for-catan-5-6",
        [8296.0, 47876.0, 90.0, 55.0, 230.0, 124.01652892561984],
    ),
    (
        "pirate-islands-3-4",
        [3276.0, 83556.0, 20.0, 0.0, 102.20138888888886, 53.4375],
    ),
    (
        "pirate-islands-5-6",
        [7560.0, 194832.0, 45.0, 0.0, 48.205078125, 68.24691358024691],
    ),
    (
        "wonders-of-catan-3-4",
        [
            7020.0,
            79020.0,
            90.0,
            55.0,
            157.7283950617284,
            122.44444444444444,
        ],
    ),
    (
        "wonders-of-catan-5-6",
        [
            9684.0,
            102024.0,
            135.0,
            80.0,
            239.3640816326531,
            117.45454545454545,
        ],
    ),
    (
        "fishermen-3-4",
        [
            4032.0,
            20844.0,
            85.0,
            40.0,
            111.92592592592594,
            130.02469135802468,
        ],
    ),
    (
        "rivers-3-4",
        [
            2592.0,
            16812.0,
            55.0,
            35.0,
            85.23183391003461,
            113.28395061728395,
        ],
    ),
    (
        "caravans-3-4",
        [
            4032.0,
            20844.0,
            85.0,
            40.0,
            111.92592592592594,
            130.02469135802468,
        ],
    ),
    (
        "traders-and-barbarians-3-4",
        [3384.0, 10980.0, 75.0, 40.0, 65.0, 42.39506172839506],
    ),
    (
        "barbarian-attack-3-4",
        [
            3672.0,
            216.0,
            85.0,
            0.0,
            106.10380622837368,
            50.54320987654321,
        ],
    ),
    (
        "fishermen-inland-3-4",
        [
            4104.0,
            23724.0,
            90.0,
            40.0,
            107.25925925925927,
            124.66666666666667,
        ],
    ),
    (
        "rivers-stacked-3-4",
        [
            2808.0,
            25416.0,
            60.0,
            40.0,
            80.4152249134948,
            132.88888888888889,
        ],
    ),
    (
        "rivers-caravans-3-4",
        [2664.0, 20916.0, 50.0, 40.0, 50.8125, 122.0246913580247],
    ),
    (
        "barbarian-attack-traders-3-4",
        [
            3672.0,
            216.0,
            80.0,
            0.0,
            97.51557093425603,
            48.69135802469136,
        ],
    ),
    (
        "rivers-traders-3-4",
        [
            2520.0,
            24948.0,
            55.0,
            40.0,
            80.4152249134948,
            123.77777777777777,
        ],
    ),
    (
        "caravans-traders-3-4",
        [
            4536.0,
            18648.0,
            95.0,
            40.0,
            107.03703703703705,
            139.9506172839506,
        ],
    ),
];

/// The limits: the largest value of each factor over 500,000 random boards without rules
/// (keeping only the layout's own constraints), measured with
/// `cargo run --release --bin hexfair -- limits --layout L --boards 500000` (seed 1, the default, so
/// reproducible).
/// Base was measured the same way (it was the source's own maxima, 4536, 40932, 90, 40,
/// 109.93). The source (002, whose README draws three dividing lines) computes one
/// diagonal split twice with the sides swapped and never the other diagonal, so its pip
/// maximum (40,932) belongs to a horizontal-plus-doubled-diagonal score. Our factors are
/// taken on the three exact lines (`corner_sides`), where the largest pip split over
/// 500,000 boards is 24,264: divided by 40,932, that factor weighed about 0.6 of the others.
pub fn limits(layout: LayoutId) -> Factors {
    let a = match layout {
        LayoutId::Base => [
            4_104.0,
            24_264.0,
            85.0,
            40.0,
            107.259_259_259_259_27,
            124.222_222_222_222_23,
        ],
        LayoutId::FiveSix => [
            7_220.0,
            58_436.0,
            130.0,
            75.0,
            219.510_204_081_632_68,
            117.173_553_719_008_27,
        ],
        LayoutId::Seafarers => [
            5_728.0,
            96_040.0,
            100.0,
            40.0,
            197.617_283_950_617_26,
            122.172_839_506_172_83,
        ],
        LayoutId::SeafarersFiveSix => [
            9_604.0,
            111_808.0,
            140.0,
            75.0,
            298.819_944_598_337_94,
            120.049_586_776_859_5,
        ],
        LayoutId::NewWorld => [
            6_988.0,
            122_260.0,
            85.0,
            50.0,
            133.882_797_731_568_99,
            126.444_444_444_444_44,
        ],
        LayoutId::NewWorldFiveSix => [
            10_764.0,
            285_732.0,
            135.0,
            90.0,
            294.473_372_781_065_05,
            120.380_165_289_256_2,
        ],
        // The letter spiral never puts equal numbers side by side, so that factor cannot
        // vary on McGuire boards: its limit is 0 and it counts as 0 (see `normalised`).
        LayoutId::McGuire => [3_960.0, 2_376.0, 85.0, 0.0, 109.259_259_259_259_25, 79.09],
        other => match MEASURED.iter().find(|(name, _)| *name == other.name()) {
            Some((_, measured)) => *measured,
            // A board added at run time (`catalogue::add_board`) borrows the limits of the
            // Seafarers frame of its size.
            None if *other.seats().end() >= 5 => return limits(LayoutId::SeafarersFiveSix),
            None => return limits(LayoutId::Seafarers),
        },
    };
    Factors::from_array(a)
}

/// Which side of each dividing line every corner is on (-1 or +1; 0 would be on the line,
/// which the lattice rules out), relative to the centroid of the layout's cells, scaled by
/// their count to stay in integers.
pub fn corner_sides(layout: &Layout) -> Vec<[i32; 3]> {
    let n = layout.cells.len() as i64;
    let (sx, sy) = layout.cells.iter().fold((0i64, 0i64), |(x, y), h| {
        let c = h.center();
        (x + i64::from(c.x), y + i64::from(c.y))
    });
    layout
        .topology
        .corners
        .iter()
        .map(|p| {
            let (x, y) = (n * i64::from(p.x) - sx, n * i64::from(p.y) - sy);
            [
                y.signum() as i32,
                (y - 3 * x).signum() as i32,
                (y + 3 * x).signum() as i32,
            ]
        })
        .collect()
}

/// The largest value of each factor over `boards` random boards that keep only the
/// layout's own constraints (the way the limits are derived).
pub fn measure_limits(id: LayoutId, boards: u32, seed: u64) -> Factors {
    measure_limits_with_progress(id, boards, seed, &mut |_, _| {})
}

/// Mixed into the seed of the harbours' stream in [`measure_limits`].
const HARBOUR_STREAM: u64 = 0x4841_5242_4F55_5253;

/// Boards between two calls of a progress callback: often enough for a smooth bar, rarely
/// enough to cost nothing next to drawing and scoring the boards.
const PROGRESS_EVERY: u32 = 4096;

/// [`measure_limits`], telling `progress` (boards measured, boards in all) as it goes.
pub fn measure_limits_with_progress(
    id: LayoutId,
    boards: u32,
    seed: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Factors {
    let layout = Layout::get(id);
    let scorer = Scorer::new(id);
    let settings = crate::generate::Settings::new(id, crate::rules::RuleSet::default());
    let mut rng = crate::generate::random::Random::new(seed);
    let mut harbour_rng = crate::generate::random::Random::new(seed ^ HARBOUR_STREAM);
    let mut most = [0.0f64; FACTORS];
    for done in 1..=boards {
        let (t, n) = crate::generate::rejection_sample(layout, &settings, &mut rng, u32::MAX)
            .expect("layouts are satisfiable");
        // The harbours are dealt from a stream of their own, so the boards (and the other
        // factors' limits) are those measured before harbours counted.
        let mut kinds = layout.harbour_bag.clone();
        harbour_rng.shuffle(&mut kinds);
        let harbours = crate::generate::place_harbours(layout, &t, kinds, &mut harbour_rng);
        let f = scorer.factors(&t, &n, &harbours).as_array();
        (0..FACTORS).for_each(|i| most[i] = most[i].max(f[i]));
        if done % PROGRESS_EVERY == 0 || done == boards {
            progress(u64::from(done), u64::from(boards));
        }
    }
    Factors::from_array(most)
}

/// Precomputed per-layout weights; scoring a board allocates nothing.
pub struct Scorer {
    layout: &'static Layout,
    /// For each cell, its weight on each of the three dividing lines.
    line_weights: Vec<[i32; 3]>,
    /// Mean pips a numbered hex carries (58/18 on the base board).
    mean_pips: f64,
    limits: Factors,
}

impl Scorer {
    pub fn new(id: LayoutId) -> Scorer {
        let layout = Layout::get(id);
        let sides = corner_sides(layout);
        let line_weights = layout
            .topology
            .cell_corners
            .iter()
            .map(|corners| {
                corners.iter().fold([0i32; 3], |mut acc, &c| {
                    (0..3).for_each(|l| acc[l] += sides[c][l]);
                    acc
                })
            })
            .collect();
        let tokens = layout.token_bag();
        let mean_pips = tokens
            .iter()
            .map(|&t| f64::from(layout.number_pips(Some(t))))
            .sum::<f64>()
            / tokens.len() as f64;
        Scorer {
            layout,
            line_weights,
            mean_pips,
            limits: limits(id),
        }
    }

    pub fn limits(&self) -> &Factors {
        &self.limits
    }

    /// The six raw factors of a deal and its harbours.
    pub fn factors(
        &self,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        harbours: &[Harbour],
    ) -> Factors {
        Factors {
            harbour_distribution: self.harbour_distribution(terrain, numbers, harbours),
            ..self.scored_factors(terrain, numbers)
        }
    }

    /// The five factors of the score (the harbour factor left at 0).
    fn scored_factors(&self, terrain: &[Terrain], numbers: &[Option<u8>]) -> Factors {
        let mut resource_lines = [[0i32; 5]; 3];
        let mut pip_lines = [0i32; 3];
        let mut resource_pips = [0i32; 5];
        let mut resource_hexes = [0i32; 5];
        for (cell, w) in self.line_weights.iter().enumerate() {
            let p = i32::from(self.layout.number_pips(numbers[cell]));
            for l in 0..3 {
                pip_lines[l] += p * w[l];
            }
            if let Some(r) = terrain[cell].resource() {
                let r = r.index();
                for l in 0..3 {
                    resource_lines[l][r] += w[l];
                }
                resource_pips[r] += p;
                resource_hexes[r] += 1;
            }
        }
        let mut same_resource = 0;
        let mut same_number = 0;
        for &(a, b) in &self.layout.topology.adjacent_pairs {
            let (ra, rb) = (terrain[a].resource(), terrain[b].resource());
            same_resource += i32::from(ra.is_some() && ra == rb);
            same_number += i32::from(numbers[a].is_some() && numbers[a] == numbers[b]);
        }
        let squares = |v: &[i32]| v.iter().map(|&d| f64::from(d * d)).sum::<f64>();
        Factors {
            resource_distribution: resource_lines.iter().map(|l| squares(l)).sum(),
            probability_distribution_on_board: squares(&pip_lines),
            resource_clustering: f64::from(5 * same_resource),
            probability_clustering: f64::from(5 * same_number),
            probability_distribution_per_resource: (0..5)
                .map(|r| {
                    // x * x rather than powi, which may lower to a library call.
                    let off =
                        f64::from(resource_pips[r]) - f64::from(resource_hexes[r]) * self.mean_pips;
                    off * off
                })
                .sum(),
            harbour_distribution: 0.0,
        }
    }

    /// The variance of the harbours' strengths (see [`Factors::harbour_distribution`]),
    /// from whole numbers: n x (sum of squares) - (sum)^2 is exact, and one division
    /// rounds it the same way everywhere.
    fn harbour_distribution(
        &self,
        terrain: &[Terrain],
        numbers: &[Option<u8>],
        harbours: &[Harbour],
    ) -> f64 {
        if harbours.len() < 2 {
            return 0.0;
        }
        let (mut sum, mut squares) = (0i64, 0i64);
        for h in harbours {
            let strength = h
                .spot
                .corners
                .iter()
                .map(|&c| traded_pips(self.layout, terrain, numbers, h.kind, c))
                .max()
                .map_or(0, i64::from);
            sum += strength;
            squares += strength * strength;
        }
        let n = harbours.len() as i64;
        (n * squares - sum * sum) as f64 / (n * n) as f64
    }

    /// The 0-1 score: the mean of the five scored factors, each over its limit.
    pub fn score(&self, terrain: &[Terrain], numbers: &[Option<u8>]) -> f64 {
        self.scored_factors(terrain, numbers).score(&self.limits)
    }

    pub fn factors_of(&self, board: &Board) -> Factors {
        self.factors(&board.terrain, &board.numbers, &board.harbours)
    }

    pub fn score_board(&self, board: &Board) -> f64 {
        self.score(&board.terrain, &board.numbers)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod limit_tests;

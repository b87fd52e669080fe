//! The fingerprint corpus: a fixed list of cases (every board of the catalogue x rules x
//! number placement x seed x search mode, plus locks, seats and share tokens), each written as one line of text
//! holding everything the engine decided: terrain and numbers, harbours, robber and pirate,
//! and the exact bit patterns of the score and its five factors (or the error, in words).
//! Lines are grouped, and each group is reduced to a 64-bit digest; the golden file holds
//! one digest per group. Native and wasm32 builds compute the same corpus and compare it
//! with the same golden file, so native == golden == wasm.
//!
//! Kept cheap on purpose (a few seconds natively): rule sets that need the exact search run
//! on fewer seeds, and no case hits the solver's node budget.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use hexfair::balance::score::Scorer;
use hexfair::balance::search::{find, Mode};
use hexfair::balance::spots::{fair_start, snake_draft, spots, Seating};
use hexfair::board::Board;
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::{generate, GenerateError, Lock, NumberMode, Settings, SettingsProblem};
use hexfair::model::CellId;
use hexfair::play::fair::find_fair;
use hexfair::play::fair_start::find_start;
use hexfair::play::{BotKind, PlayTest, TableModel};
use hexfair::rules::{Rule, RuleSet};
use hexfair::share::{board_token, decode_token};

/// One group of cases: its name (as in the golden file) and each case's line.
pub struct Group {
    pub name: String,
    pub lines: Vec<String>,
}

impl Group {
    /// FNV-1a (64-bit) over the lines, each ended by a newline: plain integer arithmetic,
    /// the same on every target.
    pub fn digest(&self) -> u64 {
        let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
        for line in &self.lines {
            for byte in line.bytes().chain([b'\n']) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3);
            }
        }
        hash
    }

    /// The group's line in the golden file.
    pub fn golden_line(&self) -> String {
        format!("{} {} {:016x}", self.name, self.lines.len(), self.digest())
    }
}

/// Rule sets, each with the number of seeds it runs on (cheap sets, whose boards rejection
/// sampling finds, on many; sets that need the exact search on a few) and whether it also
/// runs under the spiral. The number rules do not: under the spiral they leave few boards or
/// none on the 5-6 layouts, and proving there are none takes seconds.
fn rule_sets() -> Vec<(&'static str, RuleSet, u64, bool)> {
    vec![
        ("none", RuleSet::default(), 250, true),
        ("standard", RuleSet::standard(), 250, true),
        (
            "numbers",
            RuleSet::new([
                Rule::NoAdjacentRed,
                Rule::NoAdjacentExtreme,
                Rule::NoAdjacentSameNumber,
                Rule::MaxCornerPips(12),
            ]),
            8,
            false,
        ),
        (
            "terrain",
            RuleSet::new([Rule::NoAdjacentLumberBrick, Rule::MaxTerrainCluster(2)]),
            8,
            true,
        ),
        (
            "resources",
            RuleSet::new([
                Rule::NoAdjacentRed,
                Rule::DistinctNumbersPerResource,
                Rule::MinResourcePips(8),
            ]),
            4,
            false,
        ),
    ]
}

/// `n` seeds: small ones (as the app's are) interleaved with ones spread over all 64 bits
/// (which take more room in a share token).
fn seeds(n: u64) -> impl Iterator<Item = u64> {
    (0..n).map(|i| {
        if i % 2 == 0 {
            i / 2
        } else {
            i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
    })
}

/// How many of a group's `n` seeds a board runs: the boards from before the catalogue all
/// of them (their groups in the golden file are frozen), every other board a fifth, so the
/// catalogue's 22 other boards cost about what three of the first seven do.
fn seed_count(layout: LayoutId, n: u64) -> u64 {
    if LayoutId::PRE_CATALOGUE.contains(&layout) {
        n
    } else {
        n.div_ceil(5)
    }
}

/// The number placements a layout offers.
fn placements(layout: LayoutId) -> Vec<NumberMode> {
    if Layout::get(layout).has_spiral() {
        vec![NumberMode::Random, NumberMode::Spiral]
    } else {
        vec![NumberMode::Random]
    }
}

fn bits(x: f64) -> String {
    format!("{:016x}", x.to_bits())
}

/// Everything about a board, with the score and factors as exact bit patterns.
fn describe(board: &Board) -> String {
    let scorer = Scorer::new(board.layout);
    let factors = scorer.factors_of(board).as_array();
    let harbours: Vec<String> = board
        .harbours
        .iter()
        .map(|h| {
            format!(
                "{},{}>{}:{}",
                h.spot.sea.q,
                h.spot.sea.r,
                h.spot.faces,
                h.kind.label()
            )
        })
        .collect();
    format!(
        "terrain={} numbers={} harbours=[{}] robber={} pirate={} score={} factors={}",
        board.terrain_text(),
        board.numbers_text(),
        harbours.join(" "),
        debug_like(board.robber),
        debug_like(board.pirate.map(|h| format!("({}, {})", h.q, h.r))),
        bits(scorer.score_board(board)),
        factors.map(bits).join(",")
    )
}

/// `Some(x)` or `None`, as `{:?}` writes an option, without Debug: the wasm builds print
/// nothing for `{:?}` (`-Zfmt-debug=none`, scripts/env.sh), and the digests are the same text
/// on every target.
fn debug_like(value: Option<impl std::fmt::Display>) -> String {
    match value {
        Some(value) => format!("Some({value})"),
        None => "None".to_string(),
    }
}

fn case_name(settings: &Settings, mode: Mode, seed: u64) -> String {
    let mut name = format!(
        "{} rules={} numbers={} mode={mode} seed={seed}",
        settings.layout,
        settings.rules.names().replace(", ", ","),
        settings.numbers.name()
    );
    for lock in &settings.locks {
        let _ = write!(name, " lock={}:{}", lock.cell, lock.terrain.letter());
    }
    name
}

/// The groups being filled, by name (kept sorted, so the golden file is too).
#[derive(Default)]
struct Corpus {
    groups: BTreeMap<String, Vec<String>>,
}

impl Corpus {
    fn push(&mut self, group: &str, line: String) {
        self.groups.entry(group.to_string()).or_default().push(line);
    }

    /// Records a board (or why there is none) in `group`, and its share token in the
    /// layout's token group. A token must decode to the board it was made from.
    fn record(
        &mut self,
        group: &str,
        settings: &Settings,
        mode: Mode,
        seed: u64,
        found: Result<(Board, f64), String>,
    ) {
        let name = case_name(settings, mode, seed);
        match found {
            Ok((board, score)) => {
                self.push(
                    group,
                    format!("{name}: {} found={}", describe(&board), bits(score)),
                );
                let token = board_token(settings, mode, seed, &board);
                let link = decode_token(&token)
                    .unwrap_or_else(|e| panic!("{name}: its token {token} is refused: {e:?}"));
                assert_eq!(
                    link.board.as_ref(),
                    Some(&board),
                    "{name}: token {token} decodes to another board"
                );
                assert_eq!(
                    (link.mode, link.seed),
                    (mode, seed),
                    "{name}: token {token}"
                );
                self.push(
                    &format!("tokens/{}", settings.layout),
                    format!("{name}: {token}"),
                );
            }
            Err(error) => self.push(group, format!("{name}: error: {error}")),
        }
    }

    fn generate(&mut self, group: &str, settings: &Settings, seed: u64) {
        let found = generate(settings, seed)
            .map(|board| {
                let score = Scorer::new(settings.layout).score_board(&board);
                (board, score)
            })
            .map_err(|e| refusal(&e));
        self.record(group, settings, Mode::Random, seed, found);
    }

    fn search(&mut self, group: &str, settings: &Settings, mode: Mode, candidates: u32, seed: u64) {
        let found = find(settings, mode, candidates, seed)
            .map(|f| {
                assert_eq!(f.candidates, candidates.max(1));
                (f.board, f.score)
            })
            .map_err(|e| refusal(&e));
        self.record(group, settings, mode, seed, found);
    }

    /// The fair-in-play search's board (with its token, in its own group: the `tokens/*`
    /// groups stay as they were), and the games it chose the board on.
    fn fair(&mut self, group: &str, settings: &Settings, mode: Mode, seed: u64, seats: usize) {
        let name = case_name(settings, mode, seed);
        let line = match find_fair(settings, mode, seed, seats).expect("a simulated board") {
            Ok(f) => {
                let wins: Vec<String> = f.games.seats.iter().map(|s| s.wins.to_string()).collect();
                let token = board_token(settings, mode, seed, &f.found.board);
                format!(
                    "{name} seats={seats}: {} found={} games={} wins={} token={token}",
                    describe(&f.found.board),
                    bits(f.found.score),
                    f.games.games,
                    wins.join(",")
                )
            }
            Err(e) => format!("{name} seats={seats}: error: {}", refusal(&e)),
        };
        self.push(group, line);
    }

    fn into_groups(self) -> Vec<Group> {
        self.groups
            .into_iter()
            .map(|(name, lines)| Group { name, lines })
            .collect()
    }
}

fn seating(s: &Seating) -> String {
    let seats: Vec<String> = s
        .seats
        .iter()
        .map(|seat| {
            format!(
                "{}:{}+{}={}",
                seat.seat, seat.settlements[0], seat.settlements[1], seat.value
            )
        })
        .collect();
    format!("[{}] spread={}", seats.join(" "), s.spread)
}

/// Runs every case and returns the groups in name order.
pub fn run() -> Vec<Group> {
    let mut corpus = Corpus::default();
    for layout in LayoutId::every() {
        let seeds = |n: u64| seeds(seed_count(layout, n));
        // Boards straight from the generator.
        for (rules_name, rules, n, with_spiral) in rule_sets() {
            for numbers in placements(layout) {
                let settings = Settings {
                    numbers,
                    ..Settings::new(layout, rules.clone())
                };
                if numbers == NumberMode::Spiral && !with_spiral {
                    continue;
                }
                let group = format!("generate/{layout}/{rules_name}/{}", numbers.name());
                for seed in seeds(n) {
                    corpus.generate(&group, &settings, seed);
                }
            }
        }

        // The balance search, each mode, both placements.
        for numbers in placements(layout) {
            let settings = Settings {
                numbers,
                ..Settings::new(layout, RuleSet::standard())
            };
            let group = format!("search/{layout}/{}", numbers.name());
            for mode in [Mode::Balanced, Mode::Unbalanced, Mode::Target(0.3)] {
                for seed in seeds(6) {
                    corpus.search(&group, &settings, mode, 300, seed);
                }
            }
        }

        // Locked hexes: three cells of one board kept while the rest is drawn again.
        let base_settings = Settings::new(layout, RuleSet::standard());
        let first = generate(&base_settings, 7).expect("standard rules hold on every layout");
        let cells = Layout::get(layout).cells.len();
        let locked = Settings {
            locks: [0, cells / 2, cells - 1]
                .map(|c| Lock::of(&first, CellId::new(c)))
                .to_vec(),
            ..base_settings.clone()
        };
        let group = format!("locks/{layout}");
        for seed in seeds(20) {
            corpus.generate(&group, &locked, seed);
        }
        for seed in seeds(2) {
            corpus.search(&group, &locked, Mode::Balanced, 300, seed);
        }

        // Settlement spots, the snake draft and the fair start (an annealing of its own).
        let group = format!("seats/{layout}");
        for seed in seeds(6) {
            let board =
                generate(&base_settings, seed).expect("standard rules hold on every layout");
            let values: Vec<String> = spots(&board)
                .iter()
                .map(|s| format!("{}:{}", s.corner, s.value))
                .collect();
            corpus.push(&group, format!("seed={seed} spots={}", values.join(",")));
            for seats in layout.seats() {
                corpus.push(
                    &group,
                    format!(
                        "seed={seed} seats={seats} draft={}",
                        seating(&snake_draft(&board, seats))
                    ),
                );
            }
            if seed < 2 {
                let seats = *layout.seats().end();
                corpus.push(
                    &group,
                    format!(
                        "seed={seed} seats={seats} fair={}",
                        seating(&fair_start(&board, seats))
                    ),
                );
            }
        }
    }

    // Play-tests: every seat's wins, games without a winner and the exact bits of the
    // mean points, for each board the simulator plays, at each of its seat counts and with
    // both bots: the simulator's dice, deck, steals and weighted choices all in one line.
    for layout in [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire] {
        let group = format!("playtest/{layout}");
        for seed in seeds(2) {
            let board = generate(&Settings::new(layout, RuleSet::standard()), seed)
                .expect("standard rules hold");
            for seats in layout.seats() {
                for bot in [BotKind::Greedy, BotKind::Weighted] {
                    let report = PlayTest::new(&board, seats, bot, 60, seed)
                        .expect("a base-game board")
                        .run();
                    corpus.push(
                        &group,
                        format!(
                            "seed={seed} seats={seats} bot={} {}",
                            bot.name(),
                            played(&report)
                        ),
                    );
                }
            }
        }
    }

    // Table models: every seat's style and softmax opening drawn game by game from the
    // game's own random numbers, on each board the simulator plays, at each seat count,
    // both models that draw and every bot.
    for layout in [LayoutId::Base, LayoutId::FiveSix, LayoutId::McGuire] {
        let group = format!("tables/{layout}");
        for seed in seeds(2) {
            let board = generate(&Settings::new(layout, RuleSet::standard()), seed)
                .expect("standard rules hold");
            for seats in layout.seats() {
                for model in [TableModel::Varied, TableModel::Alike] {
                    for bot in [BotKind::Greedy, BotKind::Weighted, BotKind::Lookahead] {
                        let report = PlayTest::new(&board, seats, bot, 40, seed)
                            .expect("a base-game board")
                            .with_model(model)
                            .run();
                        corpus.push(
                            &group,
                            format!(
                                "seed={seed} seats={seats} table={} bot={} {}",
                                model.name(),
                                bot.name(),
                                played(&report)
                            ),
                        );
                    }
                }
            }
        }
    }

    // The fair-in-play search: the seat-fair search, the walk near its board, and the games
    // that race the candidates.
    for (layout, seats) in [(LayoutId::Base, 4), (LayoutId::FiveSix, 5)] {
        let settings = Settings::new(layout, RuleSet::standard());
        corpus.fair(
            &format!("fair/{layout}"),
            &settings,
            Mode::Balanced,
            1,
            seats,
        );
    }
    corpus.fair("fair/base", &Settings::default(), Mode::Target(0.2), 2, 3);

    // The fair start chosen by play: the walk over starts, the races and the moves toward
    // even, on a base board at four seats and on McGuire's (start corners only) at three.
    for (layout, seats, seed) in [(LayoutId::Base, 4, 1), (LayoutId::McGuire, 3, 2)] {
        let board = generate(&Settings::new(layout, RuleSet::standard()), seed)
            .expect("standard rules hold");
        let found = find_start(&board, seats, seed).expect("a simulated board");
        let wins = |r: &hexfair::play::PlayReport| {
            r.seats
                .iter()
                .map(|s| s.wins.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        corpus.push(
            &format!("fair_start/{layout}"),
            format!(
                "seed={seed} seats={seats} start={} compared={} games={} wins={} fair_start_wins={}",
                seating(&found.start),
                found.compared,
                found.games.games,
                wins(&found.games),
                wins(&found.fair_start_games)
            ),
        );
    }

    // A longer search (several restarts) on the base board.
    for mode in [Mode::Balanced, Mode::Target(0.2)] {
        for seed in seeds(2) {
            corpus.search("search/base/long", &Settings::default(), mode, 6000, seed);
        }
    }

    // Settings no board can meet: the error text must not depend on the target either.
    let impossible = [
        (
            LayoutId::FiveSix,
            RuleSet::new([Rule::RedOnDistinctResources]),
            NumberMode::Random,
        ),
        (
            LayoutId::FiveSix,
            RuleSet::new([Rule::NoAdjacentSameTerrain, Rule::DesertCenter]),
            NumberMode::Random,
        ),
        (
            LayoutId::NewWorldFiveSix,
            RuleSet::new([Rule::DesertCenter]),
            NumberMode::Random,
        ),
        (LayoutId::NewWorld, RuleSet::standard(), NumberMode::Spiral),
    ];
    for (layout, rules, numbers) in impossible {
        let settings = Settings {
            numbers,
            ..Settings::new(layout, rules)
        };
        corpus.generate("errors", &settings, 1);
    }
    corpus.into_groups()
}

/// Compares the groups with the golden file's text; `Err` says which groups differ, in
/// words, with the cases of the first differing group to compare against a native dump.
pub fn compare(groups: &[Group], golden: &str) -> Result<(), String> {
    let expected: BTreeMap<&str, &str> = golden
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .collect();
    let mut differing = Vec::new();
    let mut report = String::new();
    for group in groups {
        let line = group.golden_line();
        let (_, computed) = line.split_once(' ').expect("name, count, digest");
        match expected.get(group.name.as_str()) {
            Some(&want) if want == computed => {}
            Some(&want) => {
                let _ = writeln!(
                    report,
                    "  {}: golden {want}, computed {computed}",
                    group.name
                );
                differing.push(group);
            }
            None => {
                let _ = writeln!(
                    report,
                    "  {}: not in the golden file (computed {computed})",
                    group.name
                );
                differing.push(group);
            }
        }
    }
    let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
    let mut missing = 0;
    for name in expected.keys().filter(|name| !names.contains(name)) {
        let _ = writeln!(report, "  {name}: in the golden file but not computed");
        missing += 1;
    }
    if differing.is_empty() && missing == 0 {
        return Ok(());
    }
    let mut message = format!(
        "{} of {} fingerprint groups differ from tests/determinism/golden.txt ({}):\n{report}",
        differing.len() + missing,
        groups.len(),
        if cfg!(target_arch = "wasm32") {
            "wasm32"
        } else {
            "native"
        }
    );
    if let Some(first) = differing.first() {
        let _ = writeln!(message, "\nThe cases of {}:", first.name);
        for line in &first.lines {
            let _ = writeln!(message, "  {line}");
        }
    }
    message.push_str(
        "\nNative and wasm must agree with the golden file. To see every case natively: \
         HEXFAIR_DETERMINISM_DUMP=/tmp/cases.txt cargo test --release --test determinism. \
         If the engine's output changed on purpose (generator, search, scoring, token format), \
         rewrite the file with HEXFAIR_BLESS=1 cargo test --release --test determinism and say \
         why in the commit: a changed board breaks seed links (v1), a changed token format \
         must keep decoding the old tokens.",
    );
    Err(message)
}

/// A play-test's results in a corpus line: games without a winner, and every seat's wins and
/// the exact bits of its mean points.
fn played(report: &hexfair::play::PlayReport) -> String {
    let seats: Vec<String> = report
        .seats
        .iter()
        .map(|s| format!("{}:{}", s.wins, bits(s.mean_points)))
        .collect();
    format!("no_winner={} seats=[{}]", report.no_winner, seats.join(" "))
}

/// A refusal as the corpus records it (by the rules' stable names), spelt as the digests in
/// golden.txt were made: frozen with them, and run in wasm too, where the command line's
/// words (crates/cli/src/refusal_words.rs) do not go, so written here again.
fn refusal(error: &GenerateError) -> String {
    let names = |rules: &[Rule]| {
        rules
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match error {
        // The one such case of the corpus, in the words its digest was made with.
        GenerateError::Unsupported(SettingsProblem::NoSpiral { layout }) => {
            format!("the {layout} layout has no spiral set-up; use random numbers")
        }
        GenerateError::Unsupported(why) => format!("{why:?}"),
        GenerateError::Infeasible { layout, conflict } if conflict.is_empty() => {
            format!("no {layout} board can be laid out with these settings")
        }
        GenerateError::Infeasible { layout, conflict } => {
            format!("no {layout} board can keep {}", names(conflict))
        }
        GenerateError::BudgetExhausted {
            layout,
            rules,
            locked,
            nodes,
        } => {
            let digits = nodes.to_string();
            let mut grouped = String::new();
            for (i, d) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    grouped.push(',');
                }
                grouped.push(d);
            }
            format!(
                "gave up after searching {grouped} positions without finding a {layout} board or \
                 proving that none exists (rules: {}; locked hexes: {locked})",
                names(rules)
            )
        }
    }
}

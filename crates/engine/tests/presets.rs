//! Each table preset's boards show what its name says: over 20 seeds, its measure beats the
//! 90th percentile of the generator's random boards (1,000 of them, other seeds), for every
//! preset board, and the presets that keep the board even score below the random median.

use hexfair::balance::presets::{ore_share, per_resource, Preset};
use hexfair::balance::score::Scorer;
use hexfair::balance::search::{find, Mode, DEFAULT_CANDIDATES};
use hexfair::board::Board;
use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::{generate, Settings};
use hexfair::share::{board_token, decode_token};

/// The preset's measure of a board: higher is more of what the name says.
fn measure(preset: Preset, scorer: &Scorer, board: &Board) -> f64 {
    match preset {
        Preset::BoomOrBust => per_resource(scorer, &scorer.factors_of(board)),
        _ => preset.measure(Layout::get(board.layout), &board.terrain, &board.numbers),
    }
}

fn percentile(mut values: Vec<f64>, at: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * at) as usize]
}

#[test]
fn every_preset_shows_its_character_on_every_seed() {
    let settings = Settings::default();
    let scorer = Scorer::new(LayoutId::Base);
    let random: Vec<Board> = (0..1000)
        .map(|i| generate(&settings, 50_000 + i).unwrap())
        .collect();
    let random_median_score =
        percentile(random.iter().map(|b| scorer.score_board(b)).collect(), 0.5);
    for preset in Preset::ALL {
        let bar = percentile(
            random.iter().map(|b| measure(preset, &scorer, b)).collect(),
            0.9,
        );
        for seed in 0..20 {
            let found = find(&settings, Mode::Preset(preset), DEFAULT_CANDIDATES, seed).unwrap();
            let board = &found.board;
            assert!(
                settings.rules.broken_by(board).is_empty(),
                "{preset:?} seed {seed}"
            );
            let got = measure(preset, &scorer, board);
            assert!(
                got > bar,
                "{preset:?} seed {seed}: {got} not above random's 90th percentile {bar}"
            );
            if matches!(
                preset,
                Preset::RichAndPoor | Preset::HotSpot | Preset::ScarceOre
            ) {
                assert!(
                    found.score < random_median_score,
                    "{preset:?} seed {seed}: score {}",
                    found.score
                );
            }
            // A preset rides in its board's link and comes back.
            let link =
                decode_token(&board_token(&settings, Mode::Preset(preset), seed, board)).unwrap();
            assert_eq!(
                (link.mode, link.board.as_ref()),
                (Mode::Preset(preset), Some(board))
            );
        }
    }
}

#[test]
fn scarce_ore_puts_ore_in_the_bottom_tenth_of_random_boards() {
    // Scarce ore as docs/balance.md ("Table presets") states it: ore's pip share below
    // random boards' bottom tenth, on ore's own pips.
    let settings = Settings::default();
    let random: Vec<f64> = (0..1000)
        .map(|i| {
            let b = generate(&settings, 70_000 + i).unwrap();
            ore_share(b.layout(), &b.terrain, &b.numbers)
        })
        .collect();
    let bottom_tenth = percentile(random, 0.1);
    for seed in 0..20 {
        let b = find(
            &settings,
            Mode::Preset(Preset::ScarceOre),
            DEFAULT_CANDIDATES,
            seed,
        )
        .unwrap()
        .board;
        let share = ore_share(b.layout(), &b.terrain, &b.numbers);
        assert!(
            share < bottom_tenth,
            "seed {seed}: ore share {share} vs {bottom_tenth}"
        );
    }
}

#[test]
fn preset_names_and_codes_are_frozen() {
    let names: Vec<&str> = Preset::CODES.iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        ["scarce-ore", "boom-or-bust", "rich-and-poor", "hot-spot"]
    );
    for p in Preset::ALL {
        assert_eq!(Mode::parse(p.name()), Some(Mode::Preset(p)));
        assert_eq!(Preset::of_code(p.code()), Some(p));
    }
    assert_eq!(Mode::parse("balanced"), Some(Mode::Balanced));
    assert_eq!(Mode::parse("scarce ore"), None);
}

//! The balance search against plain best-of-K sampling at the same budget, over 100 seeds
//! (the bar of the balance issue), and the variety of what it finds.

use hexfair::balance::search::{best_of_random, find, terrain_distance, Mode, DEFAULT_CANDIDATES};
use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::rules::RuleSet;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2 - 1] + v[v.len() / 2]) / 2.0
}

#[test]
fn balanced_median_is_at_most_an_eighth_of_best_of_random() {
    let settings = Settings::default();
    let searched = median(
        (0..100)
            .map(|seed| {
                find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed)
                    .unwrap()
                    .score
            })
            .collect(),
    );
    let sampled = median(
        (0..100)
            .map(|seed| best_of_random(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed))
            .collect(),
    );
    eprintln!("balanced: search median {searched:.4}, best-of-{DEFAULT_CANDIDATES} random median {sampled:.4}");
    assert!(
        searched <= sampled / 8.0,
        "search {searched} vs random {sampled}"
    );
}

#[test]
fn unbalanced_median_is_at_least_three_quarters() {
    let settings = Settings::default();
    let searched = median(
        (0..100)
            .map(|seed| {
                find(&settings, Mode::Unbalanced, DEFAULT_CANDIDATES, seed)
                    .unwrap()
                    .score
            })
            .collect(),
    );
    let worst_random = best_of_random(&settings, Mode::Unbalanced, DEFAULT_CANDIDATES, 1);
    eprintln!("unbalanced: search median {searched:.4}, worst of {DEFAULT_CANDIDATES} random {worst_random:.4}");
    assert!(searched >= 0.75, "{searched}");
    assert!(searched > worst_random);
}

#[test]
fn consecutive_seeds_stay_as_different_as_random_boards() {
    let settings = Settings::default();
    let balanced: Vec<_> = (0..60)
        .map(|seed| {
            find(&settings, Mode::Balanced, DEFAULT_CANDIDATES, seed)
                .unwrap()
                .board
        })
        .collect();
    let random: Vec<_> = (0..60)
        .map(|seed| generate(&settings, seed).unwrap())
        .collect();
    let mean = |boards: &[hexfair::board::Board]| {
        boards
            .windows(2)
            .map(|w| terrain_distance(&w[0], &w[1]) as f64)
            .sum::<f64>()
            / (boards.len() - 1) as f64
    };
    let (b, r) = (mean(&balanced), mean(&random));
    eprintln!("mean terrain Hamming distance between consecutive seeds: balanced {b:.2}, random {r:.2} (of 19 hexes)");
    assert!(b >= 0.85 * r, "balanced boards {b} vs random {r}");
}

#[test]
fn every_board_can_be_balanced() {
    for layout in LayoutId::every() {
        let settings = Settings::new(layout, RuleSet::standard());
        let balanced = find(&settings, Mode::Balanced, 3000, 3).unwrap();
        let random = generate(&settings, 3).unwrap();
        let scorer = hexfair::balance::score::Scorer::new(layout);
        let layout_data = hexfair::catalogue::Layout::get(layout);
        // A board whose every hex is printed (the Pirate Islands) has only its harbours to
        // deal: its terrain and numbers stay, and the score can fall no further.
        if layout_data.all_printed() {
            assert_eq!(
                (&balanced.board.terrain, &balanced.board.numbers),
                (&random.terrain, &random.numbers),
                "{layout}"
            );
            assert!(balanced.score <= scorer.score_board(&random), "{layout}");
        } else {
            assert!(balanced.score < scorer.score_board(&random), "{layout}");
        }
        assert!(
            settings.rules.broken_by(&balanced.board).is_empty(),
            "{layout}"
        );
        assert!(
            hexfair::generate::obeys(
                layout_data,
                &settings.rules,
                &balanced.board.terrain,
                &balanced.board.numbers
            ),
            "{layout}"
        );
    }
}

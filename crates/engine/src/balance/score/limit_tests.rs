use super::*;

#[test]
fn every_layout_scores_random_boards_between_0_and_1() {
    // Boards split across the catalogue: the first seven boards took 200 each.
    for id in LayoutId::every() {
        let scorer = Scorer::new(id);
        let settings = crate::generate::Settings::new(id, crate::rules::RuleSet::default());
        let mut rng = crate::generate::random::Random::new(3);
        for _ in 0..50 {
            let (t, n) =
                crate::generate::rejection_sample(Layout::get(id), &settings, &mut rng, u32::MAX)
                    .unwrap();
            let s = scorer.score(&t, &n);
            assert!(s.is_finite() && (0.0..=1.0).contains(&s), "{id}: {s}");
        }
    }
}

#[test]
fn progress_counts_every_board_and_leaves_the_limits_alone() {
    let mut seen = Vec::new();
    let limits = measure_limits_with_progress(LayoutId::Base, 10_000, 3, &mut |done, all| {
        seen.push((done, all))
    });
    assert_eq!(limits, measure_limits(LayoutId::Base, 10_000, 3));
    assert_eq!(seen, [(4096, 10_000), (8192, 10_000), (10_000, 10_000)]);
}

#[test]
fn recorded_limits_match_a_fresh_measurement_on_a_smaller_run() {
    // The recorded limits came from 500,000 boards with seed 1; the first 20,000 of the
    // same stream can only reach up to them.
    for id in [
        LayoutId::Base,
        LayoutId::FiveSix,
        LayoutId::Seafarers,
        LayoutId::NewWorld,
    ] {
        let measured = measure_limits(id, 20_000, 1).as_array();
        let recorded = limits(id).as_array();
        for i in 0..FACTORS {
            assert!(
                measured[i] <= recorded[i],
                "{id} {}: {} > {}",
                Factors::NAMES[i],
                measured[i],
                recorded[i]
            );
            assert!(
                measured[i] >= 0.6 * recorded[i],
                "{id} {}: {} far below {}",
                Factors::NAMES[i],
                measured[i],
                recorded[i]
            );
        }
    }
}

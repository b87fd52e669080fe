use hexfair::layout::*;
use hexfair::random::Random;
use hexfair::rules::*;
use hexfair::solve::*;
fn main() {
    for id in LayoutId::ALL {
        let t = std::time::Instant::now();
        let s = Settings::new(id, RuleSet::standard());
        let r = generate(&s, 5);
        let layout = Layout::get(id);
        let mut rng = Random::new(9);
        let ok = (0..20000)
            .filter(|_| {
                let (t, n) = random_placement(layout, &s, &mut rng);
                obeys(layout, &s.rules, &t, &n)
            })
            .count();
        println!(
            "{id}: {:?} in {:?}; rejection acceptance {:.4}",
            r.as_ref()
                .map(|b| b.terrain_text().len())
                .map_err(|e| e.to_string()),
            t.elapsed(),
            ok as f64 / 20000.0
        );
    }
}

use hexfair::layout::*;
use hexfair::rules::*;
use hexfair::solve::*;
fn main() {
    let rules = RuleSet::new([
        Rule::NoAdjacentExtreme,
        Rule::NoAdjacentSameNumber,
        Rule::MaxCornerPips(12),
    ]);
    for numbers in [NumberMode::Random, NumberMode::Spiral] {
        let t = std::time::Instant::now();
        let mut fails = 0;
        for seed in 0..20 {
            if let Err(e) = generate(
                &Settings {
                    layout: LayoutId::SeafarersFiveSix,
                    rules: rules.clone(),
                    numbers,
                },
                seed,
            ) {
                fails += 1;
                if seed == 0 {
                    println!("{e}");
                }
            }
        }
        println!("{numbers:?}: {fails}/20 failed in {:?}", t.elapsed() / 20);
    }
}

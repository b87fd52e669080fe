//! Measures how large the largest island of a random New World map is, to set the
//! thresholds in `layout.rs`: `cargo run --release --example island_sizes`.

use hexfair::catalogue::{Layout, LayoutId};
use hexfair::generate::random::Random;
use hexfair::generate::{largest_island, random_deal, Settings};
use hexfair::rules::RuleSet;

fn main() {
    const MAPS: u32 = 200_000;
    for id in [LayoutId::NewWorld, LayoutId::NewWorldFiveSix] {
        let layout = Layout::get(id);
        let settings = Settings::new(id, RuleSet::default());
        let land = layout
            .terrain_bag()
            .iter()
            .filter(|t| **t != hexfair::model::Terrain::Sea)
            .count();
        let mut rng = Random::new(1);
        let mut by_size = vec![0u32; land + 1];
        for _ in 0..MAPS {
            let (terrain, _) = random_deal(layout, &settings, &mut rng);
            by_size[largest_island(layout, &terrain)] += 1;
        }
        println!("{id}: {land} land hexes; largest island size, share of maps, cumulative share");
        let mut cumulative = 0;
        for (size, &count) in by_size.iter().enumerate().filter(|(_, &c)| c > 0) {
            cumulative += count;
            println!(
                "  {size:>2}  {:.3}  {:.3}",
                f64::from(count) / f64::from(MAPS),
                f64::from(cumulative) / f64::from(MAPS)
            );
        }
        let (least, most) =
            hexfair::generate::legal::island_bounds(layout).expect("New World bounds");
        let pass: u32 = by_size[least..=most].iter().sum();
        println!(
            "  bounds {least}..={most}: {:.1}% of random maps pass",
            100.0 * f64::from(pass) / f64::from(MAPS)
        );
    }
}

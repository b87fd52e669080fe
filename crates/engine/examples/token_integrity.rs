//! How often a typo in a share link shows another board (or another table of seats): every single-character
//! substitution of tokens of every board, for today's v3 tokens and for the frozen v2
//! golden tokens. `cargo run --release --example token_integrity [SEEDS]`.

use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::rules::RuleSet;
use hexfair::share::{board_token_seated, decode_token};

const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// (tried, decoded to the same link, decoded to another board or table)
fn substitutions(token: &str) -> (u64, u64, u64) {
    let decoded = decode_token(token).expect("a valid token");
    let original = (decoded.board, decoded.seats);
    let chars: Vec<char> = token.chars().collect();
    let (mut tried, mut same, mut other) = (0, 0, 0);
    for i in 1..chars.len() {
        for c in ALPHABET.chars().filter(|&c| c != chars[i]) {
            let mut changed = chars.clone();
            changed[i] = c;
            tried += 1;
            if let Ok(link) = decode_token(&changed.iter().collect::<String>()) {
                if (link.board, link.seats) == original {
                    same += 1;
                } else {
                    other += 1;
                }
            }
        }
    }
    (tried, same, other)
}

fn report(name: &str, tokens: impl Iterator<Item = String>) {
    let (mut tried, mut same, mut other) = (0, 0, 0);
    for token in tokens {
        let (t, s, o) = substitutions(&token);
        tried += t;
        same += s;
        other += o;
    }
    println!(
        "{name}: {tried} substitutions, {} refused, {same} same board, {other} another board \
         (1 in {})",
        tried - same - other,
        tried
            .checked_div(other)
            .map_or_else(|| "none".to_string(), |n| n.to_string())
    );
}

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    // Every other seed at a table of fewer players (3, or 5), whose token carries seats.
    report(
        "v3",
        LayoutId::every().into_iter().flat_map(|layout| {
            (0..seeds).map(move |seed| {
                let settings = Settings::new(layout, RuleSet::standard());
                let board = generate(&settings, seed).expect("default rules hold");
                let seats = if seed % 2 == 0 {
                    *layout.seats().end()
                } else {
                    *layout.seats().start()
                };
                board_token_seated(&settings, Mode::Balanced, seed, &board, seats)
            })
        }),
    );
    report(
        "v2 (golden tokens)",
        include_str!("../tests/golden/tokens-v2.txt")
            .lines()
            .map(|l| l.split('\t').next().unwrap_or_default().to_string()),
    );
}

//! Tampered share tokens: a link that was changed in transit (a character swapped, added,
//! dropped, the end cut off, or several of these) must be refused with an error, or decode to
//! exactly the link it was made from. It must never show another board, and never panic.
//!
//! Exhaustive over single-character edits and bounded over random multi-character ones
//! (a fixed seed, so every run tries the same), for tokens of every board at each player
//! count under a spread of rules, placements, modes and seeds; run on every change. (Tokens of the current version:
//! v2 tokens, with their 12-bit checksum, still decode for old links' sake, and about one
//! single edit in 80,000 of one shows another board; nothing can change that now.)

use hexfair::balance::search::{find, Mode};
use hexfair::catalogue::LayoutId;
use hexfair::generate::random::Random;
use hexfair::generate::{NumberMode, Settings};
use hexfair::rules::{Rule, RuleSet};
use hexfair::share::{board_token_seated, decode, decode_token, Link, LinkError};

/// The token alphabet (base64url), and characters that do not belong in a token.
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const STRANGERS: [char; 6] = ['=', '.', '~', ' ', '+', 'é'];
/// Random multi-character mutations tried on each token.
const RANDOM_MUTATIONS: usize = 400;

/// Links over every board of the catalogue at each player count (a table of fewer players
/// than the board's most carries its seats in the token), one link a table: the variants
/// (every mode, both placements, rules with and without parameters, small seeds and seeds
/// that fill 64 bits) are taken in turn, so the tokens are split across the boards rather
/// than multiplied by them.
fn links() -> Vec<Link> {
    let variants = [
        (RuleSet::default(), NumberMode::Random, Mode::Random, 0),
        (RuleSet::standard(), NumberMode::Random, Mode::Balanced, 42),
        (
            RuleSet::new([Rule::NoAdjacentSameNumber, Rule::MaxCornerPips(12)]),
            NumberMode::Random,
            Mode::Unbalanced,
            u64::MAX - 3,
        ),
        (
            RuleSet::new([Rule::MaxTerrainCluster(3), Rule::NoAdjacentLumberBrick]),
            NumberMode::Random,
            Mode::Target(0.35),
            1 << 40,
        ),
        (
            RuleSet::standard(),
            NumberMode::Spiral,
            Mode::Target(0.2),
            9,
        ),
    ];
    let mut out = Vec::new();
    for (i, (layout, seats)) in LayoutId::tables().into_iter().enumerate() {
        // The variant whose turn it is, or the next one the board can take (the spiral is
        // not offered everywhere, and strict rules may not hold on a mostly printed board).
        let found = (0..variants.len()).find_map(|step| {
            let (rules, numbers, mode, seed) = variants[(i + step) % variants.len()].clone();
            let settings = Settings {
                numbers,
                ..Settings::new(layout, rules)
            };
            if settings.problem().is_some() {
                return None;
            }
            let board = find(&settings, mode, 200, seed).ok()?.board;
            Some(Link {
                settings,
                mode,
                seed,
                board: Some(board),
                seats,
            })
        });
        out.push(found.unwrap_or_else(|| panic!("{layout}: no variant makes a board")));
    }
    out
}

/// Every single-character edit of `token`: substitutions (by token characters and by
/// strangers), insertions, deletions, and every truncation.
fn single_edits(token: &str) -> Vec<(String, String)> {
    let chars: Vec<char> = token.chars().collect();
    let replacements: Vec<char> = ALPHABET.chars().chain(STRANGERS).collect();
    let mut out = Vec::new();
    let edited = |i: usize, with: &[char], skip: usize| -> String {
        chars[..i]
            .iter()
            .chain(with)
            .chain(&chars[(i + skip).min(chars.len())..])
            .collect()
    };
    for i in 0..chars.len() {
        for &c in replacements.iter().filter(|&&c| c != chars[i]) {
            out.push((format!("character {i} set to '{c}'"), edited(i, &[c], 1)));
        }
        out.push((format!("character {i} deleted"), edited(i, &[], 1)));
        out.push((
            format!("cut to {i} characters"),
            chars[..i].iter().collect(),
        ));
    }
    for i in 0..=chars.len() {
        for c in ALPHABET.chars() {
            out.push((format!("'{c}' inserted at {i}"), edited(i, &[c], 0)));
        }
    }
    out
}

/// `count` random edits of two to five characters each (substitutions, insertions and
/// deletions mixed), from a fixed seed.
fn random_edits(token: &str, seed: u64, count: usize) -> Vec<(String, String)> {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let mut rng = Random::new(seed);
    (0..count)
        .map(|n| {
            let mut chars: Vec<char> = token.chars().collect();
            let edits = 2 + rng.index(4);
            for _ in 0..edits {
                let c = alphabet[rng.index(alphabet.len())];
                match rng.below(3) {
                    0 if !chars.is_empty() => {
                        let i = rng.index(chars.len());
                        chars[i] = c;
                    }
                    1 if !chars.is_empty() => {
                        chars.remove(rng.index(chars.len()));
                    }
                    _ => chars.insert(rng.index(chars.len() + 1), c),
                }
            }
            (
                format!("random edit {n} ({edits} changes)"),
                chars.into_iter().collect(),
            )
        })
        .collect()
}

/// The same outcome whether the token is read alone or from a link's query string.
fn same_outcome(token: &Result<Link, LinkError>, query: &Result<Option<Link>, LinkError>) -> bool {
    match (token, query) {
        (Ok(a), Ok(Some(b))) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

/// What one link's tampered tokens gave: how many were tried and refused, and each that
/// decoded to another link.
#[derive(Default)]
struct Outcome {
    tried: usize,
    refused: usize,
    misread: Vec<String>,
}

/// Tries every single edit and `RANDOM_MUTATIONS` random ones (from seed `n`) on `link`'s token.
fn tamper(n: usize, link: &Link) -> Outcome {
    let mut outcome = Outcome::default();
    let board = link.board.as_ref().expect("a board link");
    let token = board_token_seated(&link.settings, link.mode, link.seed, board, link.seats);
    assert_eq!(
        decode_token(&token).as_ref(),
        Ok(link),
        "{token} round-trips"
    );
    let mut edits = single_edits(&token);
    edits.extend(random_edits(&token, n as u64, RANDOM_MUTATIONS));
    for (what, tampered) in edits {
        let result = decode_token(&tampered);
        // The query path reads the same token; checking every edit through it too
        // would double the time for little: every 16th.
        if outcome.tried % 16 == 0 {
            let query = decode(&format!("?b={tampered}"));
            assert!(
                same_outcome(&result, &query),
                "{token} with {what}: as a token {result:?}, in a link {query:?}"
            );
        }
        outcome.tried += 1;
        match result {
            Err(_) => outcome.refused += 1,
            Ok(decoded) if decoded == *link => {}
            Ok(decoded) => outcome.misread.push(format!(
                "{token} ({} {}, seed {}) with {what}: {tampered} decodes to {}",
                link.settings.layout,
                link.mode,
                link.seed,
                if decoded.board == link.board {
                    format!("the same board with other settings: {:?}", decoded.settings)
                } else {
                    "another board".to_string()
                }
            )),
        }
    }
    outcome
}

#[test]
fn tampered_tokens_are_refused_or_decode_to_the_same_link() {
    // Each token's edits are independent work: the links are dealt out to a thread a core
    // (this file was the test run's longest single step on one core).
    let links = links();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|first| {
                let links = &links;
                scope.spawn(move || {
                    (first..links.len())
                        .step_by(threads)
                        .map(|n| tamper(n, &links[n]))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("a tampering thread"))
            .collect()
    });
    let tried: usize = outcomes.iter().map(|o| o.tried).sum();
    let refused: usize = outcomes.iter().map(|o| o.refused).sum();
    let misread: Vec<&str> = outcomes
        .iter()
        .flat_map(|o| &o.misread)
        .map(String::as_str)
        .collect();
    eprintln!("{tried} tampered tokens: {refused} refused, the rest decode to the same link");
    assert!(
        misread.is_empty(),
        "{} of {tried} tampered tokens decode to another link ({refused} refused):\n{}",
        misread.len(),
        misread.join("\n")
    );
    assert!(refused * 10 > tried * 9, "{refused} of {tried} refused");
}

//! One hash of every move, dice roll and final position of many games, for checking that a
//! change to the simulator plays every game exactly as before (`cargo run --release
//! --example play_hash [GAMES]`, run before and after the change: the printed hashes must
//! be equal). Covers base, five-six and McGuire boards, 3 to 6 seats, every table model and
//! bot, games with a given opening, and games played through `step` and through `play`
//! (which copies a fixed table's opening).

use std::fmt::Write;

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::play::state::Phase;
use hexfair::play::table::MAX_SEATS;
use hexfair::play::{BotKind, Game, Table, TableModel};
use hexfair::rules::RuleSet;

/// FNV-1a over bytes.
struct Hash(u64);

impl Hash {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The opening the identical greedy players choose on `table`, as a given opening.
fn greedy_opening(table: &Table, seats: usize) -> [[u8; 2]; MAX_SEATS] {
    let mut game = Game::new(table, seats, [BotKind::Greedy; MAX_SEATS], 1);
    let mut opening = [[0u8; 2]; MAX_SEATS];
    while matches!(game.state.phase, Phase::Setup { .. }) {
        let step = game.state.setup_step;
        let seat = game.state.actor;
        let placing = game.state.phase == (Phase::Setup { road: false });
        game.step();
        if placing {
            opening[seat][usize::from(step >= seats)] = game.state.last_settlement as u8;
        }
    }
    opening
}

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let mut text = String::new();
    let mut all = Hash(0xcbf2_9ce4_8422_2325);
    for (layout, seats, board_seed) in [
        (LayoutId::Base, 4, 1),
        (LayoutId::Base, 3, 2),
        (LayoutId::Base, 4, 3),
        (LayoutId::FiveSix, 5, 1),
        (LayoutId::FiveSix, 6, 2),
        (LayoutId::McGuire, 4, 1),
    ] {
        let board =
            generate(&Settings::new(layout, RuleSet::standard()), board_seed).expect("a board");
        let table = Table::new(&board).expect("a playable board");
        let opening = greedy_opening(&table, seats);
        for model in TableModel::EVERY {
            for bot in [BotKind::Greedy, BotKind::Weighted, BotKind::Lookahead] {
                for given in [false, true] {
                    let n = if bot == BotKind::Lookahead {
                        games / 10
                    } else {
                        games
                    };
                    let mut h = Hash(0xcbf2_9ce4_8422_2325);
                    let mut game = Game::new(&table, seats, [bot; MAX_SEATS], 0).with_model(model);
                    if given {
                        game = game.with_opening(opening).expect("a legal opening");
                    }
                    for i in 0..n {
                        game.reset(u64::from(i) * 7919 + 3);
                        // Odd games through `play`, even ones move by move.
                        if i % 2 == 1 {
                            let outcome = game.play();
                            text.clear();
                            let _ = write!(text, "{outcome:?}");
                            h.bytes(text.as_bytes());
                        } else {
                            loop {
                                let mut more = true;
                                let alive = game.step_watched(|_, state, m| {
                                    text.clear();
                                    let _ = write!(text, "{m:?}{}", state.last_roll);
                                    more = true;
                                });
                                h.bytes(text.as_bytes());
                                if !(alive && more) {
                                    break;
                                }
                            }
                            text.clear();
                            let _ = write!(text, "{:?}", game.outcome());
                            h.bytes(text.as_bytes());
                        }
                        text.clear();
                        // Field by field, so that a field added to `Player` to make it
                        // faster leaves the hash as it was.
                        for p in &game.state.players {
                            let _ = write!(
                                text,
                                "{:?}{:?}{:?}{}{}{}{}{}{}{}{}",
                                p.hand,
                                p.devs,
                                p.new_devs,
                                p.knights,
                                p.settlements,
                                p.cities,
                                p.roads,
                                p.road_corners,
                                p.harbours,
                                p.road_length,
                                p.points
                            );
                        }
                        let _ = write!(
                            text,
                            "{:?}{}{}",
                            game.state.bank, game.state.robber, game.state.deck_len
                        );
                        h.bytes(text.as_bytes());
                    }
                    println!(
                        "{layout} {seats} seats board {board_seed}, {} table, {} bots, opening given {given}: {n} games, hash {:016x}",
                        model.name(),
                        bot.name(),
                        h.0
                    );
                    all.bytes(&h.0.to_le_bytes());
                }
            }
        }
    }
    println!("all: {:016x}", all.0);
}

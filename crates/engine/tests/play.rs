//! The simulator over many games: invariants checked at every step, every bot move legal,
//! and the greedy bot stronger than the weighted-random one.

use hexfair::catalogue::LayoutId;
use hexfair::generate::{generate, Settings};
use hexfair::play::bots::BotKind;
use hexfair::play::moves::MoveList;
use hexfair::play::table::MAX_SEATS;
use hexfair::play::{Game, Table, TableModel};
use hexfair::rules::RuleSet;
use proptest::prelude::*;

fn table(layout: LayoutId, seed: u64) -> Table {
    let board = generate(&Settings::new(layout, RuleSet::standard()), seed).unwrap();
    Table::new(&board).unwrap()
}

/// Each seat's bot from the bits of `mix`, two a seat: 1 greedy, 2 look-ahead, else
/// weighted-random.
fn bots(mix: u16) -> [BotKind; MAX_SEATS] {
    std::array::from_fn(|seat| match mix >> (2 * seat) & 3 {
        1 => BotKind::Greedy,
        2 => BotKind::Lookahead,
        _ => BotKind::Weighted,
    })
}

/// `bot` in every seat.
fn all(bot: BotKind) -> u16 {
    let code = match bot {
        BotKind::Greedy => 1,
        BotKind::Lookahead => 2,
        BotKind::Weighted => 0,
    };
    (0..MAX_SEATS).fold(0, |mix, seat| mix | code << (2 * seat))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Cards conserved between hands, bank and deck (19 or 24 of each resource, every
    /// development card somewhere), pieces within limits, the distance rule kept, and the
    /// points counted as they were won equal to points added up: after every move.
    #[test]
    fn invariants_hold_after_every_move(
        board_seed in 0u64..500,
        game_seed in any::<u64>(),
        game_board in 0usize..3,
        extra_seat in any::<bool>(),
        mix in any::<u16>(),
        model in 0usize..5,
    ) {
        // Every board the simulator plays: base, the 5-6 extension's, and McGuire's (no
        // robber, a sea hex on the island's edge).
        let (layout, seats) = match game_board {
            0 => (LayoutId::Base, 3 + usize::from(extra_seat)),
            1 => (LayoutId::McGuire, 3 + usize::from(extra_seat)),
            _ => (LayoutId::FiveSix, 5 + usize::from(extra_seat)),
        };
        let table = table(layout, board_seed);
        let mut game =
            Game::new(&table, seats, bots(mix), game_seed).with_model(TableModel::EVERY[model]);
        while game.step() {
            if let Err(why) = game.state.check(&table) {
                prop_assert!(false, "turn {}: {why:?}", game.state.turns);
            }
        }
        game.state.check(&table).unwrap();
        let outcome = game.outcome();
        if let Some(winner) = outcome.winner {
            prop_assert!(outcome.points[winner] >= 10);
        }
        prop_assert_eq!(outcome.refused, 0);
    }
}

#[test]
fn every_bot_move_is_legal_over_thousands_of_games() {
    let mut listed = MoveList::default();
    let mut moves = 0u64;
    for (i, (layout, seats)) in [
        (LayoutId::Base, 3),
        (LayoutId::Base, 4),
        (LayoutId::FiveSix, 5),
        (LayoutId::FiveSix, 6),
    ]
    .into_iter()
    .enumerate()
    {
        let table = table(layout, 40 + i as u64);
        for (mix, model) in [
            all(BotKind::Weighted),
            all(BotKind::Greedy),
            all(BotKind::Lookahead),
            0b10_01_00_10_01_00,
        ]
        .into_iter()
        .flat_map(|mix| TableModel::EVERY.map(|model| (mix, model)))
        {
            let mut game = Game::new(&table, seats, bots(mix), 0).with_model(model);
            for g in 0..100 {
                game.reset(g);
                while game.step_watched(|table, state, chosen| {
                    state.legal(table, &mut listed);
                    assert!(
                        listed.as_slice().contains(&chosen),
                        "{layout} game {g}: {chosen:?} is not among the legal moves {:?} in {:?}",
                        listed.as_slice(),
                        state.phase
                    );
                    moves += 1;
                }) {}
                assert_eq!(game.outcome().refused, 0);
            }
        }
    }
    assert!(moves > 100_000, "{moves} moves checked");
}

#[test]
fn the_greedy_bot_beats_the_weighted_random_bot() {
    // 2,000 games on 20 boards, the greedy bot's seat rotated through the four.
    let (mut wins, mut games) = (0, 0);
    for board in 0..20 {
        let table = table(LayoutId::Base, 100 + board);
        for g in 0..100u64 {
            let greedy_seat = (g % 4) as usize;
            let mut game = Game::new(&table, 4, bots(1 << (2 * greedy_seat)), board * 1000 + g);
            let outcome = game.play();
            wins += u32::from(outcome.winner == Some(greedy_seat));
            games += 1;
        }
    }
    let share = f64::from(wins) / f64::from(games);
    eprintln!("greedy wins {share:.3} of {games} games against three weighted-random bots");
    // Measured: 0.88 (docs/play.md).
    assert!(share > 0.8, "greedy won {share:.3}, its fair share is 0.25");
}

/// Each seat's two opening settlements, once the opening is over.
fn opening(game: &mut Game) -> Vec<u128> {
    while matches!(game.state.phase, hexfair::play::state::Phase::Setup { .. }) {
        game.step();
    }
    (0..game.state.seats)
        .map(|s| game.state.players[s].settlements)
        .collect()
}

#[test]
fn varied_tables_open_in_many_ways_and_a_greedy_table_in_one() {
    let table = table(LayoutId::Base, 7);
    let greedy_first = {
        let mut game = Game::new(&table, 4, [BotKind::Greedy; MAX_SEATS], 0);
        opening(&mut game)[0]
    };
    for (model, least, most) in [
        (TableModel::Greedy, 1, 1),
        (TableModel::Alike, 20, 200),
        (TableModel::Varied, 150, 200),
    ] {
        let mut seen = std::collections::HashSet::new();
        let mut first_as_greedy = 0;
        for g in 0..200 {
            let mut game = Game::new(&table, 4, [BotKind::Greedy; MAX_SEATS], g).with_model(model);
            let settlements = opening(&mut game);
            // Seat 1's first pick is the one settlement it has after its first turn of
            // placing; the greedy table's seat 1 has the same two every game.
            first_as_greedy += u32::from(settlements[0] & greedy_first != 0);
            seen.insert(settlements);
        }
        assert!(
            (least..=most).contains(&seen.len()),
            "{model:?}: {} distinct openings in 200 games",
            seen.len()
        );
        if model == TableModel::Varied {
            // Near-best spots are drawn, not only the best: seat 1 shares a settlement
            // with the greedy opening in some games, not in all.
            assert!(
                (20..=180).contains(&first_as_greedy),
                "seat 1 as the greedy bot in {first_as_greedy} of 200 games"
            );
        }
    }
}

#[test]
fn the_look_ahead_bot_beats_the_greedy_bot_at_every_table() {
    // 1,000 games a table on 25 boards no tuning saw (seeds 2,000 on), the look-ahead bot's
    // seat rotated through the four; docs/play.md has the figures on 4,000.
    for model in TableModel::ALL {
        let (mut wins, mut games) = (0u32, 0u32);
        for board in 0..25 {
            let table = table(LayoutId::Base, 2_000 + board);
            for g in 0..40u64 {
                let seat = (g % 4) as usize;
                let mix = all(BotKind::Greedy) & !(3 << (2 * seat)) | 2 << (2 * seat);
                let mut game = Game::new(&table, 4, bots(mix), board * 1000 + g).with_model(model);
                wins += u32::from(game.play().winner == Some(seat));
                games += 1;
            }
        }
        let share = f64::from(wins) / f64::from(games);
        eprintln!("{model:?}: the look-ahead bot wins {share:.3} of {games} against three greedy");
        assert!(
            share > 0.28,
            "{model:?}: {share:.3}, its fair share is 0.25"
        );
    }
}

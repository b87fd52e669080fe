//! The command line's English for play: the tables and bots of a report, the table presets,
//! and why a board, a seat count or an opening cannot be played or laid out. The engine
//! returns each as data; the page says them in its own languages.

use hexfair::balance::presets::Preset;
use hexfair::catalogue::LayoutId;
use hexfair::play::playtest::MAX_GAMES;
use hexfair::play::{BotKind, OpeningFault, PlayError, TableModel};

/// The table model in words, for reports.
pub fn table_words(model: TableModel) -> &'static str {
    match model {
        TableModel::Varied => {
            "varied players (each seat of each game its own style: resource and harbour \
             weights lognormal, sigma 0.35; variety 0-2 pips; opens at random among its \
             near-best spots, softmax at 1 pip)"
        }
        TableModel::Alike => {
            "like-minded players (styles lognormal, sigma 0.15; variety 0.75-1.25 pips; \
             softmax at half a pip)"
        }
        TableModel::Greedy => {
            "identical greedy players (the same valuation, always the best spot: every \
             game on a board opens the same way)"
        }
        TableModel::Producers => {
            "producers (each seat opens on the spot with the most pips plus its taste for \
             variety, 0-2 pips a resource new to it, a jitter under a pip: outside the \
             style model)"
        }
        TableModel::ProducersLoose => {
            "loose producers (as producers, a jitter under three pips: outside the style \
             model)"
        }
        TableModel::Planners => {
            "players with a plan (cities: ore and grain 1.5, brick and lumber 0.75; roads: \
             the other way; or none), softmax at a quarter of a pip: held out of every choice"
        }
    }
}

/// The bots' play after the opening in words, for reports (the opening is the table
/// model's: [`table_words`]).
pub fn bot_words(bot: BotKind) -> &'static str {
    match bot {
        BotKind::Greedy => {
            "then greedy value bots (build toward the best next target; trade with the \
             bank and harbours; rob the leader)"
        }
        BotKind::Weighted => "then weighted-random bots (any legal move, building favoured)",
        BotKind::Lookahead => {
            "then look-ahead bots (each build, card bought and bank trade weighed by the \
             position it leads to; cards, robber and discards as the greedy bot)"
        }
    }
}

/// A table preset's name and what it gives the table, in players' words.
pub fn preset_words(preset: Preset) -> (&'static str, &'static str) {
    match preset {
        Preset::ScarceOre => (
            "Scarce ore",
            "ore on poor numbers: the prize everyone trades for",
        ),
        Preset::BoomOrBust => ("Boom or bust", "some resources flood, others trickle"),
        Preset::RichAndPoor => (
            "Rich and poor corners",
            "great spots and barren ones, little between",
        ),
        Preset::HotSpot => ("Hot spot", "one outstanding corner on an even board"),
    }
}

/// Why a board, a seat count or an opening cannot be played.
pub fn play_error(error: &PlayError) -> String {
    match error {
        PlayError::NotPlayed { layout } => format!(
            "the {layout} board is not played: the simulator knows only the base game's rules \
             ({}, {} and {}), not those of {} boards",
            LayoutId::Base,
            LayoutId::FiveSix,
            LayoutId::McGuire,
            layout.game()
        ),
        PlayError::TooLarge {
            layout,
            corners,
            edges,
        } => format!("the {layout} board is too large to play ({corners} corners, {edges} edges)"),
        PlayError::Seats { layout, seats } => {
            let range = layout.seats();
            format!(
                "the {layout} board is played by {} to {} players, not {seats}",
                range.start(),
                range.end()
            )
        }
        PlayError::Games { games } => {
            format!("a play-test plays 1 to {MAX_GAMES} games, not {games}")
        }
        PlayError::OpeningSeats { placed, seats } => {
            format!("the opening places {placed} seats, the play-test has {seats}")
        }
        PlayError::Opening {
            seat,
            round,
            corner,
            fault,
        } => {
            let which = ["first", "second"][(*round).min(1)];
            let why = match fault {
                OpeningFault::OffBoard => "is not on the board",
                OpeningFault::NotStart => "is not a start corner of the board",
                OpeningFault::DistanceRule => {
                    "breaks the distance rule (it is taken, or next to a settlement placed \
                     before it)"
                }
            };
            format!(
                "the opening's {which} settlement of seat {}, corner {corner}, {why}",
                seat + 1
            )
        }
        PlayError::NoRoom { layout, seats } => {
            format!("the {layout} board has no room for {seats} seats with two settlements each")
        }
    }
}

//! The catalogue of boards: each board is one description file under `boards/<family>/`
//! (the `.board` format: frame, zones, bags, harbours, robber and pirate, start zones,
//! constraints and printed pieces), parsed and compiled into a [`Layout`] at first use. The
//! page has neither the parser nor the compiler: build.rs compiles every board with this
//! module's own code (`encode.rs`) and the page decodes each layout at first use
//! (`decode.rs`). Adding a board means adding its file to `board_list.rs`, and a link code in
//! `share`.

// The parser and compiler: the command line's, the tests' and build.rs's, not the page's.
#[cfg(not(target_arch = "wasm32"))]
mod compile;
mod constraint;
#[cfg(any(target_arch = "wasm32", test))]
mod decode;
mod description;
#[cfg(not(target_arch = "wasm32"))]
mod fault;
mod layout;
#[cfg(not(target_arch = "wasm32"))]
mod parse;
mod piece_kind;
mod store;

pub use constraint::Constraint;
pub use description::*;
#[cfg(not(target_arch = "wasm32"))]
pub use fault::*;
pub use layout::*;
pub use piece_kind::PieceKind;
#[cfg(not(target_arch = "wasm32"))]
pub use store::add_board;

use crate::order;

/// The layout of the board named `name` (its unique name, e.g. `new-shores-4`).
pub fn board(name: &str) -> Option<&'static Layout> {
    LayoutId::parse(name).map(Layout::get)
}

/// The board of `scenario` for a table of `players`: the board whose player counts include
/// it (so 3 players take the 3-4 board where there is no 3-player one, 5 and 6 the 5-6
/// board). Legacy boards are never chosen.
pub fn scenario(name: &str, players: usize) -> Option<LayoutId> {
    LayoutId::offered()
        .into_iter()
        .find(|id| id.scenario() == name && id.seats().contains(&players))
}

/// The scenario names a player may pick, in catalogue order.
pub fn scenarios() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for id in LayoutId::offered() {
        if !names.contains(&id.scenario()) {
            names.push(id.scenario());
        }
    }
    names
}

/// One game's boards for a picker: each scenario with its boards by player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBoards {
    /// `base`, `seafarers`, `traders-barbarians` or `house-rules`.
    pub game: &'static str,
    pub title: &'static str,
    /// Each scenario and its boards, fewest players first.
    pub scenarios: Vec<(&'static str, Vec<LayoutId>)>,
}

/// The boards a player may pick, grouped by game, then scenario, then player count, in
/// catalogue order.
pub fn listing() -> Vec<GameBoards> {
    let mut games: Vec<GameBoards> = Vec::new();
    for id in LayoutId::offered() {
        let at = match games.iter().position(|g| g.game == id.game()) {
            Some(at) => at,
            None => {
                games.push(GameBoards {
                    game: id.game(),
                    title: game_title(id.game()),
                    scenarios: Vec::new(),
                });
                games.len() - 1
            }
        };
        let scenarios = &mut games[at].scenarios;
        match scenarios
            .iter_mut()
            .find(|(name, _)| *name == id.scenario())
        {
            Some((_, boards)) => boards.push(id),
            None => scenarios.push((id.scenario(), vec![id])),
        }
    }
    for game in &mut games {
        for (_, boards) in &mut game.scenarios {
            order::sort_by_key(boards, |id| *id.seats().start());
        }
    }
    games
}

/// A game's name for people.
pub fn game_title(game: &str) -> &'static str {
    match game {
        "base" => "Catan",
        "seafarers" => "Seafarers",
        "traders-barbarians" => "Traders & Barbarians",
        "house-rules" => "House rules",
        _ => "Other boards",
    }
}

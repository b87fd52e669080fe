//! What the app and its search worker say to each other: a request names the settings, the
//! mode and the seed; the answer is the found board's share token (the board itself, exactly)
//! or the reason there is none. Plain JSON strings, so the worker is a thin shell around
//! [`answer`], which is tested natively.

use serde::{Deserialize, Serialize};

use crate::board::Terrain;
use crate::layout::LayoutId;
use crate::rules::{Rule, RuleSet};
use crate::search::{find, Mode, DEFAULT_CANDIDATES};
use crate::share;
use crate::solve::{Lock, NumberMode, Settings};

/// What the worker says once it listens.
pub const READY: &str = "ready";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub layout: String,
    pub rules: Vec<String>,
    pub numbers: String,
    pub mode: String,
    pub target: Option<f64>,
    pub seed: u64,
    /// (cell, terrain letter, token) of each locked hex.
    pub locks: Vec<(usize, char, Option<u8>)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    pub id: u64,
    /// The found board as a share token.
    pub token: Option<String>,
    /// Why there is no board, in words.
    pub error: Option<String>,
}

impl Request {
    pub fn new(id: u64, settings: &Settings, mode: Mode, seed: u64) -> Request {
        let (mode_name, target) = match mode {
            Mode::Target(t) => ("target".to_string(), Some(t)),
            other => (other.name(), None),
        };
        Request {
            id,
            layout: settings.layout.name().to_string(),
            rules: settings.rules.rules().iter().map(|r| r.name()).collect(),
            numbers: settings.numbers.name().to_string(),
            mode: mode_name,
            target,
            seed,
            locks: settings
                .locks
                .iter()
                .map(|l| (l.cell, l.terrain.letter(), l.number))
                .collect(),
        }
    }

    /// The settings, mode and seed the request names.
    pub fn read(&self) -> Result<(Settings, Mode, u64), String> {
        let layout = LayoutId::parse(&self.layout)
            .ok_or_else(|| format!("unknown layout '{}'", self.layout))?;
        let rules = self
            .rules
            .iter()
            .map(|r| Rule::parse(r))
            .collect::<Result<Vec<_>, _>>()?;
        let numbers = NumberMode::parse(&self.numbers)
            .ok_or_else(|| format!("unknown placement '{}'", self.numbers))?;
        let mode = match (self.mode.as_str(), self.target) {
            ("random", _) => Mode::Random,
            ("balanced", _) => Mode::Balanced,
            ("unbalanced", _) => Mode::Unbalanced,
            ("target", Some(t)) => Mode::Target(t),
            (other, _) => return Err(format!("unknown mode '{other}'")),
        };
        let locks = self
            .locks
            .iter()
            .map(|&(cell, letter, number)| {
                let terrain = Terrain::from_letter(letter)
                    .ok_or_else(|| format!("unknown terrain '{letter}'"))?;
                Ok(Lock {
                    cell,
                    terrain,
                    number,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let settings = Settings {
            numbers,
            locks,
            ..Settings::new(layout, RuleSet::new(rules))
        };
        Ok((settings, mode, self.seed))
    }
}

/// Answers one request (JSON in, JSON out); never panics on bad input.
pub fn answer(request: &str) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Err(e) => Answer {
            id: 0,
            token: None,
            error: Some(format!("unreadable request: {e}")),
        },
        Ok(request) => match request.read() {
            Err(why) => Answer {
                id: request.id,
                token: None,
                error: Some(why),
            },
            Ok((settings, mode, seed)) => match find(&settings, mode, DEFAULT_CANDIDATES, seed) {
                Ok(found) => Answer {
                    id: request.id,
                    token: Some(share::board_token(&settings, mode, seed, &found.board)),
                    error: None,
                },
                Err(e) => Answer {
                    id: request.id,
                    token: None,
                    error: Some(e.to_string()),
                },
            },
        },
    };
    serde_json::to_string(&reply).expect("plain JSON")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::decode_token;
    use crate::solve::generate;

    #[test]
    fn a_request_comes_back_as_the_board_the_search_finds() {
        let settings = Settings::default();
        let board = generate(&settings, 3).unwrap();
        let locked = Settings {
            locks: vec![Lock::of(&board, 4)],
            ..settings
        };
        let request = Request::new(7, &locked, Mode::Target(0.2), 99);
        let reply: Answer =
            serde_json::from_str(&answer(&serde_json::to_string(&request).unwrap())).unwrap();
        assert_eq!(reply.id, 7);
        let link = decode_token(reply.token.as_deref().unwrap()).unwrap();
        let expected = find(&locked, Mode::Target(0.2), DEFAULT_CANDIDATES, 99)
            .unwrap()
            .board;
        assert_eq!(link.board, Some(expected));
        assert_eq!(request.read().unwrap().0, locked);
    }

    #[test]
    fn failures_and_garbage_are_answered_in_words() {
        let impossible = Settings::new(LayoutId::Base, RuleSet::new([Rule::MaxCornerPips(8)]));
        let reply: Answer = serde_json::from_str(&answer(
            &serde_json::to_string(&Request::new(2, &impossible, Mode::Balanced, 1)).unwrap(),
        ))
        .unwrap();
        assert_eq!(reply.id, 2);
        assert!(reply.error.unwrap().contains("max-corner-pips=8"));
        let reply: Answer = serde_json::from_str(&answer("{not json")).unwrap();
        assert!(reply.error.unwrap().contains("unreadable request"));
    }
}

//! The command line's English for what the engine refuses: settings that do not go together,
//! a board that does not fit, a link that cannot be read, a rule that cannot be read. The
//! engine returns each as data; the page says them in its own languages (src/app/names.rs).

use hexfair::board::ParseError;
use hexfair::generate::SettingsProblem;
use hexfair::rules::{Rule, RuleError, MAX_PARAMETER};
use hexfair::share::{Bag, Damage, LinkError, Piece, Problem, Unknown};

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Why settings do not go together.
pub fn settings_problem(problem: &SettingsProblem) -> String {
    match problem {
        SettingsProblem::NoSpiral { layout } => {
            format!("the {layout} layout has no spiral set-up; use random numbers")
        }
        SettingsProblem::GameNotPlayed { layout, .. } => format!(
            "Cities & Knights is played on the base, five-six and mcguire boards, not on {layout}"
        ),
        SettingsProblem::LockNotDistinct { cell, layout } => {
            format!("locked hex {cell} is not a distinct hex of the {layout} layout")
        }
        SettingsProblem::LockToken { cell } => {
            format!("locked hex {cell} has a token that does not fit its terrain")
        }
        SettingsProblem::LocksOverTerrain { terrain, zone } => {
            format!("the locked hexes hold more {terrain} than the {zone} has")
        }
        SettingsProblem::LocksOverNumber { number, zone } => {
            format!("the locked hexes hold more {number}s than the {zone} has")
        }
    }
}

/// Why a board does not fit its layout, its game or the settings it claims. Hexes and
/// harbours are counted from 1, as the board text and the picture number them.
pub fn board_problem(problem: &Problem) -> String {
    let at = |hex: &hexfair::model::CellId| hex.index() + 1;
    match problem {
        Problem::HexCount {
            layout,
            hexes,
            given,
        } => format!("the {layout} layout has {hexes} hexes, not {given}"),
        Problem::NoNumber { hex, terrain } => format!("hex {} ({terrain}) has no number", at(hex)),
        Problem::NumberNotTaken {
            hex,
            terrain,
            number,
        } => format!(
            "hex {} ({terrain}) carries a {number}, but takes none",
            at(hex)
        ),
        Problem::Count {
            bag,
            piece,
            has,
            wants,
        } => {
            let bag = match bag {
                Bag::Terrain(zone) => zone.to_string(),
                Bag::Numbers(zone) => format!("{zone} (numbers)"),
                Bag::Harbours => "harbours".into(),
            };
            let piece = match piece {
                Piece::Terrain(terrain) => terrain.to_string(),
                Piece::Number(number) => number.to_string(),
                Piece::Harbour(kind) => kind.label(),
            };
            format!("the {bag} has {has} × {piece} where the game has {wants}")
        }
        Problem::SeaInland { hex } => format!(
            "hex {} is sea, which this layout allows only on its border",
            at(hex)
        ),
        Problem::RedOnGold { hex, terrain } => {
            format!("hex {} ({terrain}) may not carry a 6 or 8", at(hex))
        }
        Problem::InlandOnly { hex, terrain } => format!(
            "hex {} is {terrain}, which this layout allows only inland",
            at(hex)
        ),
        Problem::NotPrinted {
            hex,
            terrain,
            printed,
        } => format!(
            "hex {} is {terrain}, but this layout prints {printed} there",
            at(hex)
        ),
        Problem::GoldBeside { hex, terrain } => {
            format!("hex {} ({terrain}) is beside another gold hex", at(hex))
        }
        Problem::NumberBarred {
            hex,
            terrain,
            number,
        } => format!("hex {} ({terrain}) may not carry a {number}", at(hex)),
        Problem::IslandSize {
            largest,
            least,
            most,
        } => format!(
            "its largest island has {largest} land hexes; this layout needs {least} to {most}"
        ),
        Problem::HarbourSpiral => {
            "its numbers do not follow the spiral from the inland harbour".into()
        }
        Problem::RobberMisplaced => "its robber is not where the layout puts it".into(),
        Problem::PirateMisplaced => "its pirate is not where the layout puts it".into(),
        Problem::HarboursOffPlaces => "its harbours are not on the frame's harbour places".into(),
        Problem::HarboursNotPrinted => "its harbours are not the types printed on the board".into(),
        Problem::HarboursNotMcGuire => {
            "its harbours are not where McGuire's set-up puts them".into()
        }
        Problem::HarbourOffCoast(i) => format!("harbour {} is not between sea and land", i + 1),
        Problem::HarbourTouches(i) => format!("harbour {} touches another harbour", i + 1),
        Problem::HarbourRoomLeft => "it has fewer harbours than the coast has room for".into(),
        Problem::HarboursNotTheGames => "its harbours are not from the game's harbours".into(),
        Problem::LayoutMismatch { named, board } => {
            format!("it names the {named} layout for a {board} board")
        }
        Problem::Settings(problem) => settings_problem(problem),
        Problem::Spiral { zone } => {
            format!("the numbers of the {zone} do not follow the letter spiral it claims")
        }
        Problem::RuleBroken(rule) => format!("it breaks the rule {}", rule.name()),
        Problem::Seats { seats, layout } => {
            let range = layout.seats();
            format!(
                "it seats {seats} players, but a {layout} board is for {} or {}",
                range.start(),
                range.end()
            )
        }
    }
}

/// Why a board text could not be read.
pub fn board_text_error(error: &ParseError) -> String {
    let counted =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match error {
        ParseError::TerrainCount {
            letters,
            layout,
            hexes,
        } => format!(
            "the terrain has {}, but the {layout} layout has {hexes} hexes",
            counted(*letters, "letter", "letters")
        ),
        ParseError::TerrainLetter { at, letter } => {
            // Every letter the format has, the Traders & Barbarians hexes too.
            let letters: Vec<String> = hexfair::model::Terrain::ALL
                .iter()
                .map(|t| t.letter().to_string())
                .collect();
            format!(
                "terrain letter {at} is '{letter}'; expected one of {}",
                letters.join(" ")
            )
        }
        ParseError::NumberCount {
            entries,
            layout,
            hexes,
        } => format!(
            "the numbers have {}, but the {layout} layout has {hexes} hexes",
            counted(*entries, "entry", "entries")
        ),
        ParseError::Number { at, text } => {
            format!("number {at} is '{text}'; expected 2-6, 8-12 or -")
        }
        ParseError::HarbourPlaces { layout } => format!(
            "the {layout} layout lays its harbours next to land after the map, so they have no \
             places to type; leave --harbours out"
        ),
        ParseError::HarbourCount {
            entries,
            layout,
            places,
        } => format!(
            "the harbours have {}, but the {layout} layout has {}",
            counted(*entries, "entry", "entries"),
            counted(*places, "harbour place", "harbour places")
        ),
        ParseError::Harbour { at, text } => format!(
            "harbour {at} is '{text}'; expected 3 (3:1) or a 2:1 harbour's terrain letter: \
             F lumber, P wool, W grain, H brick, M ore"
        ),
        ParseError::HarbourPrinted {
            at,
            layout,
            printed,
            read,
        } => format!(
            "harbour {at} is {}, but the {layout} board prints {} there",
            read.label(),
            printed.label()
        ),
        ParseError::HarbourBox {
            layout,
            kind,
            entries,
            in_box,
        } => format!(
            "the harbours have {entries} × {}, but the {layout} box has {in_box}",
            kind.label()
        ),
    }
}

/// Why a text is not a rule.
pub fn rule_error(error: &RuleError) -> String {
    match error {
        RuleError::Unknown(text) => format!(
            "unknown rule '{text}'; expected one of {}",
            Rule::usage_names()
        ),
        RuleError::TakesNoValue(kind) => format!("rule '{}' takes no value", kind.kind_name()),
        RuleError::NeedsValue(kind) => {
            let name = kind.kind_name();
            format!("rule '{name}' needs a value, as in {name}=N")
        }
        RuleError::Value { kind, value } => format!(
            "rule '{}' needs a whole number from 0 to {MAX_PARAMETER}, not '{value}'",
            kind.kind_name()
        ),
    }
}

/// Why a link could not be read, to follow "the link could not be read: ".
pub fn link_error(error: &LinkError) -> String {
    match error {
        LinkError::NoToken => "it has no board token after 'b='".into(),
        LinkError::CutShort => "it is cut short or changed at its end".into(),
        LinkError::SeedTooLarge => format!("its seed is larger than the largest, {}", u64::MAX),
        LinkError::UnknownRule(name) => {
            format!("it names a rule this version does not know, '{name}'")
        }
        LinkError::RuleValue { error, .. } => rule_error(error),
        LinkError::Unknown(unknown) => unknown_words(unknown),
        LinkError::Damaged(damage) => damage_words(damage),
    }
}

fn unknown_words(unknown: &Unknown) -> String {
    match unknown {
        Unknown::TokenVersion(version) => {
            format!("its token version '{version}' is not one this app knows")
        }
        Unknown::LinkVersion(version) => format!("version '{version}' is not one this app knows"),
        Unknown::LayoutCode => "its layout is unknown".into(),
        Unknown::LayoutName(name) => format!("unknown layout '{name}'"),
        Unknown::NumberCode => "its number placement is unknown".into(),
        Unknown::NumberName(name) => format!("unknown number placement '{name}'"),
        Unknown::RuleCode => "it names a rule this version does not know".into(),
        Unknown::Preset => "it names a table preset this version does not know".into(),
        Unknown::Game => "it names a game this version does not know".into(),
        Unknown::Setting => "it holds a setting this version does not know".into(),
    }
}

fn damage_words(damage: &Damage) -> String {
    match damage {
        Damage::QueryTooLong => "it is far longer than any Hexfair link".into(),
        Damage::TokenTooLong => "it is longer than any board token".into(),
        Damage::Characters => "its token has characters that do not belong".into(),
        Damage::PastEnd => "it has characters past the end of its board".into(),
        Damage::Check => "its check does not match, so it was changed or cut short".into(),
        Damage::LongerThanToken => "it is longer than a board token".into(),
        Damage::Value => "its token is damaged".into(),
        Damage::NoVersion => "it has no version".into(),
        Damage::NoSeed => "it has no seed".into(),
        Damage::SeedNotWhole => "its seed is not a whole number".into(),
        Damage::EmptyParts => "it announces extra settings but holds none".into(),
        Damage::PartsOutOfOrder => "its extra settings are out of order".into(),
        Damage::UsualSeatsSpelled => "it spells out the usual number of seats".into(),
        Damage::BaseGameSpelled => "it spells out the base game".into(),
        Damage::RulesOutOfOrder => "its rules are out of order".into(),
        Damage::PresetBesideMode => "it names a table preset beside another mode".into(),
        Damage::TooManyHarbours => "it has more harbours than the layout".into(),
        Damage::HarbourKind => "a harbour's kind is unknown".into(),
        Damage::HarbourFacesNothing => "a harbour faces nothing".into(),
        Damage::HarbourOffCoast => "a harbour is not on a coast".into(),
        Damage::NoBoard => "it carries no board".into(),
        // A table the layout is not made for is said alone, as it always was.
        Damage::Board {
            first: first @ Problem::Seats { .. },
            ..
        } => board_problem(first),
        Damage::Board { first, more } => format!(
            "its board is not one Hexfair makes: {}{}",
            board_problem(first),
            if *more { ", among others" } else { "" }
        ),
    }
}

#[cfg(test)]
mod tests;

//! The worker's messages as the browser carries them (serde-wasm-bindgen values), under
//! wasm-bindgen-test: what goes in comes out, 64-bit numbers exactly, and a value that is not
//! a message is answered in words. The same messages through serde_json are tested natively
//! in src/app/protocol/search.rs.
#![cfg(target_arch = "wasm32")]

use hexfair::balance::presets::Preset;
use hexfair::balance::search::Mode;
use hexfair::catalogue::LayoutId;
use hexfair::generate::{Lock, NumberMode, Settings};
use hexfair::model::{CellId, Terrain};
use hexfair::rules::{Rule, RuleSet};
use hexfair_app::app::protocol::search::{
    reply_to, Answer, FromWorker, Refusal, Request, ToWorker,
};
use hexfair_app::app::worker::{from_message, to_message};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// A request with every kind of field filled: rules with and without a parameter, spiral
/// numbers, a lock with a token and one without, a 64-bit id and seed.
fn request(mode: Mode) -> ToWorker {
    let lock = |cell, terrain, number| Lock {
        cell,
        terrain,
        number,
    };
    ToWorker::Search(Request {
        id: u64::MAX,
        settings: Settings {
            numbers: NumberMode::Spiral,
            locks: vec![
                lock(CellId::new(0), Terrain::Desert, None),
                lock(CellId::new(7), Terrain::Hills, Some(5)),
            ],
            ..Settings::new(
                LayoutId::FiveSix,
                RuleSet::new([Rule::NoAdjacentSameNumber, Rule::MaxCornerPips(11)]),
            )
        },
        mode,
        seed: (1 << 60) + 1,
    })
}

fn field(value: &JsValue, path: &[&str]) -> JsValue {
    path.iter().fold(value.clone(), |v, key| {
        js_sys::Reflect::get(&v, &JsValue::from_str(key)).unwrap()
    })
}

#[wasm_bindgen_test]
fn messages_round_trip_as_browser_values() {
    for mode in [
        Mode::Balanced,
        Mode::Target(0.1 + 0.2),
        Mode::Preset(Preset::ScarceOre),
    ] {
        let message = request(mode);
        let value = to_message(&message).unwrap();
        assert_eq!(from_message::<ToWorker>(value.clone()), Ok(message));
        // Seeds past 2^53 are BigInts, exact; a target is a plain number.
        assert!(field(&value, &["search", "seed"]).is_bigint());
        assert_eq!(
            field(&value, &["search", "settings", "layout"]).as_string(),
            Some("five-six".into())
        );
    }
    let answers = [
        FromWorker::Ready,
        FromWorker::Progress {
            id: 1,
            done: 500,
            total: 1000,
        },
        FromWorker::Answer(Answer {
            id: u64::MAX,
            result: Err(Refusal::Infeasible {
                layout: LayoutId::Base,
                conflict: vec![Rule::MaxCornerPips(8)],
            }),
        }),
        FromWorker::Answer(Answer {
            id: 2,
            result: Err(Refusal::GaveUp {
                layout: LayoutId::FiveSix,
                rules: vec![Rule::DesertCenter],
                locked: 3,
                positions: 1 << 60,
            }),
        }),
    ];
    for message in answers {
        let value = to_message(&message).unwrap();
        assert_eq!(from_message::<FromWorker>(value), Ok(message));
    }
    // "ready" is a plain string, which a page reads before it knows anything else.
    assert_eq!(
        to_message(&FromWorker::Ready).unwrap().as_string(),
        Some("ready".into())
    );
}

#[wasm_bindgen_test]
fn a_search_through_browser_values_answers_with_the_board() {
    let ToWorker::Search(mut search) = request(Mode::Balanced);
    // The fields above serialise; this asks for a board the five-six layout surely has.
    search.settings = Settings::new(LayoutId::FiveSix, RuleSet::standard());
    let message = to_message(&ToWorker::Search(search)).unwrap();
    let reply = to_message(&reply_to(from_message::<ToWorker>(message))).unwrap();
    let Ok(FromWorker::Answer(answer)) = from_message::<FromWorker>(reply) else {
        panic!("not an answer");
    };
    assert_eq!(answer.id, u64::MAX);
    let board = answer.board().unwrap();
    assert_eq!(board.layout, LayoutId::FiveSix);
}

#[wasm_bindgen_test]
fn what_is_not_a_message_is_answered_in_words() {
    let not_ours = [
        JsValue::from_str("hexfair-request\nid=1"),
        JsValue::from_f64(7.0),
        JsValue::NULL,
        js_sys::JSON::parse(r#"{"search":{"id":1,"seed":2}}"#).unwrap(),
        js_sys::JSON::parse(
            r#"{"search":{"id":1,"seed":2,"mode":"balanced","settings":{"layout":"moon","rules":[],"numbers":"random","locks":[]}}}"#,
        )
        .unwrap(),
    ];
    for value in not_ours {
        let FromWorker::Answer(answer) = reply_to(from_message::<ToWorker>(value.clone())) else {
            panic!("not an answer");
        };
        // Request 0, which no request of the page's is: the one sign of a request not read.
        assert_eq!(answer.id, 0);
        assert!(answer.result.is_err(), "{value:?}");
    }
    // Numbers that fit a JavaScript number are read as well as BigInts.
    let plain = js_sys::JSON::parse(
        r#"{"search":{"id":3,"seed":2,"mode":"random","settings":{"layout":"base","rules":["no-adjacent-red"],"numbers":"random","locks":[]}}}"#,
    )
    .unwrap();
    let Ok(ToWorker::Search(request)) = from_message::<ToWorker>(plain) else {
        panic!("a plain request");
    };
    assert_eq!((request.id, request.seed), (3, 2));
}

/// The play worker's messages (src/app/protocol/play.rs) cross the same way: a play-test request
/// with 64-bit id and seed, a QR request, and every reply.
#[wasm_bindgen_test]
fn play_messages_round_trip_as_browser_values() {
    use hexfair_app::app::protocol::play::{FromPlayer, PlayRequest, Tally, ToPlayer};
    let requests = [
        ToPlayer::PlayTest(PlayRequest {
            id: u64::MAX,
            token: "3AUAAhvH1SIcXgMWjM".into(),
            seats: 4,
            games: 2_000,
            seed: (1 << 60) + 1,
        }),
        ToPlayer::QrCode {
            url: "https://example.org/hexfair/?b=3AUA".into(),
        },
    ];
    for message in requests {
        let value = to_message(&message).unwrap();
        assert_eq!(from_message::<ToPlayer>(value), Ok(message));
    }
    let replies = [
        FromPlayer::Ready,
        FromPlayer::Progress {
            id: u64::MAX,
            done: 50,
            total: 2_000,
        },
        FromPlayer::Played {
            id: 7,
            result: Ok(Tally {
                games: 2_000,
                no_winner: 1,
                wins: vec![480, 520, 500, 499],
            }),
        },
        FromPlayer::Played {
            id: 8,
            result: Err("the base board is played by 3 to 4 players, not 5".into()),
        },
        FromPlayer::QrCode {
            url: "u".into(),
            svg: None,
        },
    ];
    for message in replies {
        let value = to_message(&message).unwrap();
        assert_eq!(from_message::<FromPlayer>(value), Ok(message));
    }
}

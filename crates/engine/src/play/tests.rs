//! The rules in named situations, each set up on a real board's table and checked through
//! the moves' own legality and effects.

use super::moves::Move;
use super::state::*;
use super::table::{harbour_bit, DevCard, Table, MAX_SEATS, NONE};
use crate::catalogue::LayoutId;
use crate::generate::random::Random;
use crate::generate::{generate, Settings};
use crate::model::bits::{bit, has, ids};
use crate::model::HarbourKind;
use crate::rules::RuleSet;

fn table(layout: LayoutId) -> Table {
    let board = generate(&Settings::new(layout, RuleSet::standard()), 11).unwrap();
    Table::new(&board).unwrap()
}

/// A game past its opening, `player`'s turn after the roll.
fn main_phase(table: &Table, seats: usize, player: usize) -> State {
    let mut state = State::new(table, seats);
    state.setup_step = 2 * seats;
    state.phase = Phase::Main;
    state.current = player;
    state.actor = player;
    state
}

/// Cards from the bank to `player`, as a real game would move them.
fn give(state: &mut State, player: usize, cards: &[u8; 5]) {
    for (r, &n) in cards.iter().enumerate() {
        state.bank[r] -= n;
        state.players[player].hand[r] += n;
    }
}

/// A path of `len` edges from `start`, each to a corner not yet on it (lowest edge first).
fn path(table: &Table, start: usize, len: usize) -> (Vec<usize>, Vec<usize>) {
    let (mut corners, mut edges) = (vec![start], Vec::new());
    while edges.len() < len {
        let here = *corners.last().unwrap();
        let next = ids(table.corner_edges[here])
            .find(|&e| !corners.contains(&table.across(e, here)))
            .expect("the path goes on");
        edges.push(next);
        corners.push(table.across(next, here));
    }
    (corners, edges)
}

fn roads(state: &mut State, table: &Table, player: usize, edges: &[usize]) {
    for &e in edges {
        state.place_road(table, player, e);
    }
}

#[test]
fn distance_rule_forbids_a_settlement_next_to_another() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (corners, edges) = path(&t, 0, 3);
    s.place_settlement(&t, 1, corners[3]);
    roads(&mut s, &t, 0, &edges);
    give(&mut s, 0, &SETTLEMENT_COST);
    // corners[2] is next to player 1's settlement: forbidden; corners[1] is two away.
    assert!(!s.is_legal(&t, Move::BuildSettlement(corners[2] as u8)));
    assert!(s.is_legal(&t, Move::BuildSettlement(corners[1] as u8)));
    assert!(!has(s.settlement_spots(&t, 0), corners[3]));
    assert!(!has(s.start_spots(&t), corners[2]));
}

#[test]
fn connection_rule_needs_an_own_road_or_building_and_stops_at_a_rival() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (corners, edges) = path(&t, 0, 4);
    s.place_settlement(&t, 0, corners[0]);
    give(&mut s, 0, &[5, 0, 0, 5, 0]);
    // Not touching anything of player 0's.
    assert!(!s.is_legal(&t, Move::BuildRoad(edges[1] as u8)));
    assert!(s.is_legal(&t, Move::BuildRoad(edges[0] as u8)));
    s.apply(&t, Move::BuildRoad(edges[0] as u8), &mut Random::new(1))
        .unwrap();
    assert!(s.is_legal(&t, Move::BuildRoad(edges[1] as u8)));
    s.apply(&t, Move::BuildRoad(edges[1] as u8), &mut Random::new(1))
        .unwrap();
    // A rival's settlement at the road's end: the road may not be continued through it.
    s.place_settlement(&t, 2, corners[2]);
    assert!(!s.is_legal(&t, Move::BuildRoad(edges[2] as u8)));
    // Nor on an edge already taken, nor an edge id off the board.
    assert!(!s.is_legal(&t, Move::BuildRoad(edges[0] as u8)));
    assert!(!s.is_legal(&t, Move::BuildRoad(200)));
}

#[test]
fn longest_road_goes_to_five_in_a_row_and_a_settlement_breaks_it() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (corners, edges) = path(&t, 0, 7);
    roads(&mut s, &t, 0, &edges[..4]);
    assert_eq!(s.players[0].road_length, 4);
    assert_eq!(s.longest_road, NONE);
    roads(&mut s, &t, 0, &edges[4..]);
    assert_eq!(s.players[0].road_length, 7);
    assert_eq!(s.longest_road, 0);
    assert_eq!(s.players[0].points, 2);
    // Player 1 settles on the road's fourth corner: 3 + 4, both under 5.
    s.place_settlement(&t, 1, corners[3]);
    assert_eq!(s.players[0].road_length, 4);
    assert_eq!(
        s.longest_road, NONE,
        "broken below 5: the card is set aside"
    );
    assert_eq!(s.players[0].points, 0);
    assert_eq!(s.points(0), s.players[0].points);
}

#[test]
fn longest_road_tie_keeps_the_holder() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (_, first) = path(&t, 0, 5);
    let far = t.corners - 1;
    let (_, second) = path(&t, far, 6);
    assert!(first.iter().all(|e| !second.contains(e)), "disjoint roads");
    roads(&mut s, &t, 0, &first);
    roads(&mut s, &t, 1, &second[..5]);
    assert_eq!((s.players[0].road_length, s.players[1].road_length), (5, 5));
    assert_eq!(s.longest_road, 0, "a tie keeps it with its holder");
    roads(&mut s, &t, 1, &second[5..]);
    assert_eq!(s.longest_road, 1, "a longer road takes it");
    assert_eq!((s.players[0].points, s.players[1].points), (0, 2));
}

#[test]
fn longest_road_counts_a_branch_once() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (corners, edges) = path(&t, 0, 4);
    roads(&mut s, &t, 0, &edges);
    // A spur off the middle corner adds a branch, not length.
    let spur = ids(t.corner_edges[corners[2]] & !s.roads).next().unwrap();
    s.place_road(&t, 0, spur);
    assert_eq!(s.players[0].road_length, 4);
}

#[test]
fn largest_army_needs_three_knights_and_more_than_the_holder() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let mut rng = Random::new(3);
    let play_knight = |s: &mut State, player: usize, rng: &mut Random| {
        s.current = player;
        s.actor = player;
        s.phase = Phase::Main;
        s.dev_played = false;
        s.players[player].devs[DevCard::Knight.index()] += 1;
        s.deck_len -= 1; // the card came from the deck
        s.apply(&t, Move::PlayKnight, rng).unwrap();
        let cell = *t.land.iter().find(|&&c| c != s.robber).unwrap();
        let victims = s.victims(&t, usize::from(cell), player);
        let victim = ids(u128::from(victims)).next().map_or(NONE, |v| v as u8);
        s.apply(&t, Move::MoveRobber { cell, victim }, rng).unwrap();
    };
    for _ in 0..2 {
        play_knight(&mut s, 0, &mut rng);
    }
    assert_eq!(s.largest_army, NONE);
    play_knight(&mut s, 0, &mut rng);
    assert_eq!(s.largest_army, 0);
    assert_eq!(s.players[0].points, 2);
    for _ in 0..3 {
        play_knight(&mut s, 1, &mut rng);
    }
    assert_eq!(s.largest_army, 0, "3 knights do not take it from 3");
    play_knight(&mut s, 1, &mut rng);
    assert_eq!(s.largest_army, 1);
    assert_eq!((s.players[0].points, s.players[1].points), (0, 2));
}

#[test]
fn a_seven_makes_everyone_above_seven_cards_discard_half() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    give(&mut s, 0, &[2, 2, 2, 2, 1]); // 9: discards 4
    give(&mut s, 1, &[2, 2, 2, 1, 0]); // 7: keeps them
    give(&mut s, 2, &[8, 0, 0, 0, 0]); // 8: discards 4
    s.phase = Phase::Roll;
    s.dice(&t, 7);
    assert_eq!(s.phase, Phase::Discard);
    assert_eq!(&s.discards[..4], &[4, 0, 4, 0]);
    let mut rng = Random::new(1);
    // Player 1 has nothing to discard: a discard of theirs is refused.
    assert_eq!(s.actor, 0);
    for r in [0, 0, 1, 1] {
        s.apply(&t, Move::Discard(r), &mut rng).unwrap();
    }
    assert_eq!(s.actor, 2);
    for _ in 0..4 {
        s.apply(&t, Move::Discard(0), &mut rng).unwrap();
    }
    assert_eq!(s.players[0].cards(), 5);
    assert_eq!(s.players[2].cards(), 4);
    assert_eq!(s.phase, Phase::Robber);
    assert_eq!(s.actor, 0);
    s.check(&t).unwrap();
}

#[test]
fn the_robber_moves_to_another_land_cell_and_steals_one_card() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let cell = usize::from(*t.land.iter().find(|&&c| c != s.robber).unwrap());
    let corner = usize::from(t.cell_corners[cell][0]);
    s.place_settlement(&t, 1, corner);
    give(&mut s, 1, &[0, 0, 3, 0, 0]);
    s.phase = Phase::Robber;
    let mut rng = Random::new(9);
    let stay = Move::MoveRobber {
        cell: s.robber,
        victim: NONE,
    };
    assert!(
        s.robber == NONE || !s.is_legal(&t, stay),
        "the robber must move"
    );
    let cell = cell as u8;
    assert!(
        !s.is_legal(&t, Move::MoveRobber { cell, victim: NONE }),
        "someone there has a card: steal"
    );
    assert!(!s.is_legal(&t, Move::MoveRobber { cell, victim: 2 }));
    assert!(!s.is_legal(
        &t,
        Move::MoveRobber {
            cell: 200,
            victim: NONE
        }
    ));
    s.apply(&t, Move::MoveRobber { cell, victim: 1 }, &mut rng)
        .unwrap();
    assert_eq!(s.players[0].hand, [0, 0, 1, 0, 0]);
    assert_eq!(s.players[1].hand, [0, 0, 2, 0, 0]);
    assert_eq!(s.robber, cell);
    // The robber's cell produces nothing.
    let number = (2..=12).find(|&n| t.producing[n].contains(&cell));
    if let Some(n) = number {
        let before = s.players[1].hand;
        s.dice(&t, n as u8);
        assert_eq!(s.players[1].hand, before);
    }
}

#[test]
fn decks_are_shuffled_from_the_printed_cards() {
    for (layout, seats, size) in [(LayoutId::Base, 4, 25), (LayoutId::FiveSix, 6, 34)] {
        let t = table(layout);
        let s = State::new(&t, seats);
        assert_eq!(s.deck_len, size);
        let knights = s.deck[..size].iter().filter(|&&k| k == 0).count();
        assert_eq!(knights, usize::from(t.rules.deck[0]));
        assert_eq!(s.bank, [t.rules.bank; 5]);
    }
}

#[test]
fn bank_trades_buy_cards_over_rate() {
    for harbours in 0..64u8 {
        let p = Player {
            harbours,
            ..Player::default()
        };
        for r in 0..5 {
            for cards in 0..=u8::MAX {
                assert_eq!(
                    p.buys(r, cards),
                    cards / p.rate(r),
                    "{harbours} {r} {cards}"
                );
            }
        }
    }
}

#[test]
fn harbours_trade_at_two_three_or_four_to_one() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    assert_eq!(s.players[0].rate(4), 4);
    let generic = (0..t.corners)
        .find(|&c| t.corner_harbour[c] == harbour_bit(HarbourKind::Generic))
        .unwrap();
    s.place_settlement(&t, 0, generic);
    assert_eq!(s.players[0].rate(4), 3);
    let special = (0..t.corners)
        .find(|&c| t.corner_harbour[c] > 1 && !has(s.blocked, c))
        .unwrap();
    let r = t.corner_harbour[special].trailing_zeros() as usize - 1;
    s.place_settlement(&t, 0, special);
    assert_eq!(s.players[0].rate(r), 2);
    assert_eq!(s.players[0].rate((r + 1) % 5), 3);
    // Two of the harbour's resource buy one card; one does not.
    let mut cards = [0; 5];
    cards[r] = 2;
    give(&mut s, 0, &cards);
    let get = ((r + 1) % 5) as u8;
    let trade = Move::Trade { give: r as u8, get };
    s.apply(&t, trade, &mut Random::new(1)).unwrap();
    assert_eq!(s.players[0].hand[r], 0);
    assert_eq!(s.players[0].hand[usize::from(get)], 1);
    assert!(!s.is_legal(&t, trade));
}

#[test]
fn pieces_run_out_at_15_roads_5_settlements_and_4_cities() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (_, edges) = path(&t, 0, 16);
    roads(&mut s, &t, 0, &edges[..15]);
    give(&mut s, 0, &[1, 0, 0, 1, 0]);
    assert!(
        !s.is_legal(&t, Move::BuildRoad(edges[15] as u8)),
        "16th road"
    );
    // Five settlements spread out, and a sixth spot open on the player's road.
    let mut s = main_phase(&t, 4, 0);
    let mut spread = Vec::new();
    for c in 0..t.corners {
        if spread.len() < 5 && !has(s.blocked, c) && has(t.buildable, c) {
            s.place_settlement(&t, 0, c);
            spread.push(c);
        }
    }
    let sixth = (0..t.corners)
        .find(|&c| !has(s.blocked, c) && has(t.buildable, c))
        .expect("room for a sixth settlement");
    let reaching = ids(t.corner_edges[sixth] & t.land_edges)
        .next()
        .expect("a land edge");
    s.place_road(&t, 0, reaching);
    give(&mut s, 0, &SETTLEMENT_COST);
    assert!(
        has(s.settlement_spots(&t, 0), sixth),
        "open and on its road"
    );
    assert_eq!(s.players[0].settlements_left(), 0);
    assert!(
        !s.is_legal(&t, Move::BuildSettlement(sixth as u8)),
        "6th settlement"
    );
    // A city gives its settlement back to the box: then the spot may be built on.
    give(&mut s, 0, &CITY_COST);
    s.apply(&t, Move::BuildCity(spread[0] as u8), &mut Random::new(1))
        .unwrap();
    assert!(s.is_legal(&t, Move::BuildSettlement(sixth as u8)));
    for &c in &spread[1..4] {
        give(&mut s, 0, &CITY_COST);
        s.apply(&t, Move::BuildCity(c as u8), &mut Random::new(1))
            .unwrap();
    }
    assert_eq!(s.players[0].cities_left(), 0);
    give(&mut s, 0, &CITY_COST);
    assert!(
        !s.is_legal(&t, Move::BuildCity(spread[4] as u8)),
        "5th city"
    );
}

#[test]
fn a_short_bank_pays_nobody_unless_only_one_player_is_owed() {
    let t = table(LayoutId::Base);
    let (n, cell) = (2..=12)
        .find_map(|n| t.producing[n].first().map(|&c| (n, usize::from(c))))
        .unwrap();
    let r = usize::from(t.cell_resource[cell]);
    let [a, _, c, _, e, _] = t.cell_corners[cell].map(usize::from);
    let setup = |owners: &[(usize, usize)]| {
        let mut s = main_phase(&t, 4, 0);
        s.robber = NONE;
        for &(player, corner) in owners {
            s.place_settlement(&t, player, corner);
        }
        // The bank keeps one card of the resource; the rest are in player 3's hand.
        let mut cards = [0; 5];
        cards[r] = t.rules.bank - 1;
        give(&mut s, 3, &cards);
        s
    };
    let mut s = setup(&[(0, a), (1, c)]);
    s.dice(&t, n as u8);
    assert_eq!(
        (s.players[0].hand[r], s.players[1].hand[r]),
        (0, 0),
        "two owed, one card: none"
    );
    let mut s = setup(&[(0, a), (0, e)]);
    s.dice(&t, n as u8);
    assert_eq!(
        s.players[0].hand[r], 1,
        "one player owed 2: gets what is left"
    );
    assert_eq!(s.bank[r], 0);
    s.check(&t).unwrap();
}

#[test]
fn cities_produce_two() {
    let t = table(LayoutId::Base);
    let (n, cell) = (2..=12)
        .find_map(|n| t.producing[n].first().map(|&c| (n, usize::from(c))))
        .unwrap();
    let r = usize::from(t.cell_resource[cell]);
    let mut s = main_phase(&t, 4, 0);
    s.robber = NONE;
    let corner = usize::from(t.cell_corners[cell][0]);
    s.place_settlement(&t, 0, corner);
    give(&mut s, 0, &CITY_COST);
    s.apply(&t, Move::BuildCity(corner as u8), &mut Random::new(1))
        .unwrap();
    // Two of the cell's resource for each of the corner's cells that rolls `n` with it.
    let cells = t.producing[n]
        .iter()
        .filter(|&&c| {
            has(t.cell_corner_set[usize::from(c)], corner)
                && usize::from(t.cell_resource[usize::from(c)]) == r
        })
        .count() as u8;
    let before = s.players[0].hand;
    s.dice(&t, n as u8);
    assert!(cells >= 1);
    assert_eq!(s.players[0].hand[r], before[r] + 2 * cells);
}

#[test]
fn special_building_phase_lets_others_build_but_not_trade_or_play() {
    let t = table(LayoutId::FiveSix);
    assert!(t.rules.special_building);
    let mut s = main_phase(&t, 5, 2);
    let mut rng = Random::new(4);
    let (_, edges) = path(&t, 0, 2);
    s.place_settlement(&t, 3, path(&t, 0, 0).0[0]);
    give(&mut s, 3, &[1, 0, 0, 1, 4]);
    s.players[3].devs[DevCard::Knight.index()] = 1;
    s.deck_len -= 1;
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!((s.phase, s.actor, s.current), (Phase::SpecialBuild, 3, 2));
    assert!(!s.is_legal(&t, Move::Trade { give: 4, get: 1 }));
    assert!(!s.is_legal(&t, Move::PlayKnight));
    assert!(s.is_legal(&t, Move::BuildRoad(edges[0] as u8)));
    s.apply(&t, Move::BuildRoad(edges[0] as u8), &mut rng)
        .unwrap();
    for expected in [4, 0, 1] {
        s.apply(&t, Move::EndTurn, &mut rng).unwrap();
        assert_eq!((s.phase, s.actor), (Phase::SpecialBuild, expected));
    }
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!((s.phase, s.current, s.actor), (Phase::Roll, 3, 3));
    // The base game has no such phase.
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 2);
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!((s.phase, s.current), (Phase::Roll, 3));
}

#[test]
fn a_development_card_waits_a_turn_and_one_is_played_a_turn() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 3, 0);
    let mut rng = Random::new(2);
    // The deck's top two cards are knights (swapped there, keeping the deck's counts).
    let knight = DevCard::Knight.index() as u8;
    for top in [s.deck_len - 1, s.deck_len - 2] {
        let at = s.deck[..=top].iter().rposition(|&k| k == knight).unwrap();
        s.deck.swap(at, top);
    }
    for _ in 0..2 {
        give(&mut s, 0, &DEV_COST);
        s.apply(&t, Move::BuyDev, &mut rng).unwrap();
    }
    assert_eq!(s.players[0].new_devs[0], 2);
    assert!(!s.is_legal(&t, Move::PlayKnight), "bought this turn");
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    s.current = 0;
    s.actor = 0;
    s.dev_played = false;
    s.phase = Phase::Main;
    assert!(s.is_legal(&t, Move::PlayKnight));
    s.apply(&t, Move::PlayKnight, &mut rng).unwrap();
    let cell = *t.land.iter().find(|&&c| c != s.robber).unwrap();
    s.apply(&t, Move::MoveRobber { cell, victim: NONE }, &mut rng)
        .unwrap();
    assert_eq!(s.players[0].devs[0], 1);
    assert!(!s.is_legal(&t, Move::PlayKnight), "one a turn");
}

#[test]
fn the_opening_goes_in_snake_order_and_pays_the_second_settlement() {
    let t = table(LayoutId::Base);
    let mut s = State::new(&t, 3);
    let mut rng = Random::new(1);
    let mut order = Vec::new();
    let mut second = None;
    while let Phase::Setup { .. } = s.phase {
        let spot = ids(s.start_spots(&t)).next().unwrap();
        order.push(s.actor);
        if s.setup_step == 3 {
            second = Some((s.actor, spot));
        }
        s.apply(&t, Move::BuildSettlement(spot as u8), &mut rng)
            .unwrap();
        let edge = ids(t.corner_edges[spot] & !s.roads).next().unwrap();
        s.apply(&t, Move::BuildRoad(edge as u8), &mut rng).unwrap();
    }
    assert_eq!(order, vec![0, 1, 2, 2, 1, 0]);
    let (player, spot) = second.unwrap();
    let producing = t
        .cells_at(spot)
        .filter(|&c| t.cell_resource[c] != NONE)
        .count();
    assert_eq!(s.players[player].cards() as usize, producing);
    assert_eq!((s.phase, s.current), (Phase::Roll, 0));
    s.check(&t).unwrap();
}

#[test]
fn ten_points_win_only_on_the_players_own_turn() {
    let t = table(LayoutId::FiveSix);
    let mut s = main_phase(&t, 5, 0);
    let mut rng = Random::new(1);
    // Player 1: five settlements and longest road, 7 points.
    let (_, edges) = path(&t, 0, 5);
    roads(&mut s, &t, 1, &edges);
    for _ in 0..5 {
        let spot = ids(s.start_spots(&t)).next().unwrap();
        s.place_settlement(&t, 1, spot);
    }
    assert_eq!((s.points(1), s.players[1].points), (7, 7));
    // Three victory point cards on top of the deck (swapped there, keeping its counts).
    let vp = DevCard::VictoryPoint.index() as u8;
    for top in (s.deck_len - 3..s.deck_len).rev() {
        let at = s.deck[..=top].iter().rposition(|&k| k == vp).unwrap();
        s.deck.swap(at, top);
    }
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!((s.phase, s.actor), (Phase::SpecialBuild, 1));
    for _ in 0..3 {
        give(&mut s, 1, &DEV_COST);
        s.apply(&t, Move::BuyDev, &mut rng).unwrap();
    }
    assert_eq!((s.points(1), s.players[1].points), (10, 10));
    s.check(&t).unwrap();
    for builder in 2..5 {
        s.apply(&t, Move::EndTurn, &mut rng).unwrap();
        assert_eq!(
            (s.phase, s.actor, s.winner()),
            (Phase::SpecialBuild, builder, None),
            "10 points in player 0's turn: no win yet"
        );
    }
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!(s.winner(), Some(1), "player 1's own turn has come");
    assert!(s.is_over());
}

#[test]
fn a_card_bought_in_the_special_building_phase_is_played_in_the_buyers_next_turn() {
    let t = table(LayoutId::FiveSix);
    let mut s = main_phase(&t, 5, 0);
    let mut rng = Random::new(6);
    let knight = DevCard::Knight.index() as u8;
    let top = s.deck_len - 1;
    let at = s.deck[..=top].iter().rposition(|&k| k == knight).unwrap();
    s.deck.swap(at, top);
    s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    assert_eq!((s.phase, s.actor), (Phase::SpecialBuild, 1));
    give(&mut s, 1, &DEV_COST);
    s.apply(&t, Move::BuyDev, &mut rng).unwrap();
    for _ in 0..4 {
        s.apply(&t, Move::EndTurn, &mut rng).unwrap();
    }
    assert_eq!((s.phase, s.current), (Phase::Roll, 1));
    assert!(s.is_legal(&t, Move::PlayKnight));
}

#[test]
fn the_turn_cap_ends_a_game_with_no_winner() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 3);
    s.turns = TURN_CAP;
    s.apply(&t, Move::EndTurn, &mut Random::new(1)).unwrap();
    assert!(s.is_over());
    assert_eq!(s.winner(), None);
}

/// A card of `kind` moved from the deck to `player`'s playable cards.
fn hold(state: &mut State, player: usize, kind: DevCard) {
    let at = state.deck[..state.deck_len]
        .iter()
        .position(|&k| usize::from(k) == kind.index())
        .unwrap();
    state.deck_len -= 1;
    state.deck.swap(at, state.deck_len);
    state.players[player].devs[kind.index()] += 1;
}

#[test]
fn any_development_card_may_be_played_before_the_roll_and_free_roads_return_to_it() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let mut rng = Random::new(3);
    s.phase = Phase::Roll;
    let (corners, edges) = path(&t, 0, 2);
    s.place_settlement(&t, 0, corners[0]);
    for kind in [
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ] {
        hold(&mut s, 0, kind);
    }
    give(&mut s, 2, &[0, 3, 0, 0, 0]);
    for m in [
        Move::PlayRoadBuilding,
        Move::PlayYearOfPlenty(0, 1),
        Move::PlayMonopoly(1),
    ] {
        assert!(s.is_legal(&t, m), "{m:?} before the roll");
    }
    s.apply(&t, Move::PlayRoadBuilding, &mut rng).unwrap();
    assert_eq!(s.phase, Phase::FreeRoads);
    for &e in &edges {
        s.apply(&t, Move::BuildRoad(e as u8), &mut rng).unwrap();
    }
    assert_eq!(s.phase, Phase::Roll, "the roll is still to come");
    assert!(!s.is_legal(&t, Move::PlayMonopoly(1)), "one a turn");
    s.apply(&t, Move::Roll, &mut rng).unwrap();
    assert_ne!(s.phase, Phase::Roll);
    s.check(&t).unwrap();
}

#[test]
fn mcguire_has_no_robber_a_seven_only_makes_players_discard() {
    let t = table(LayoutId::McGuire);
    assert!(!t.robber && table(LayoutId::Base).robber);
    let mut s = main_phase(&t, 4, 0);
    let mut rng = Random::new(4);
    give(&mut s, 1, &[2, 2, 2, 2, 1]);
    s.dice(&t, 7);
    assert_eq!((s.phase, s.actor), (Phase::Discard, 1));
    for r in 0..4 {
        s.apply(&t, Move::Discard(r), &mut rng).unwrap();
    }
    assert_eq!((s.phase, s.actor), (Phase::Main, 0), "no robber to move");
    assert_eq!(s.robber, NONE);
    hold(&mut s, 0, DevCard::Knight);
    s.apply(&t, Move::PlayKnight, &mut rng).unwrap();
    assert_eq!(s.phase, Phase::Main, "a knight moves no robber");
    assert_eq!(s.players[0].knights, 1);
    s.check(&t).unwrap();
}

#[test]
fn no_road_runs_along_open_sea() {
    let t = table(LayoutId::McGuire);
    let sea = ids(!t.land_edges & (bit(t.edges) - 1))
        .next()
        .expect("McGuire's sea hex has edges away from land");
    let corner = usize::from(t.edge_corners[sea][0]);
    let corner = if has(t.buildable, corner) {
        corner
    } else {
        usize::from(t.edge_corners[sea][1])
    };
    assert!(has(t.buildable, corner), "the sea edge meets the island");
    let mut s = main_phase(&t, 4, 0);
    s.place_settlement(&t, 0, corner);
    give(&mut s, 0, &ROAD_COST);
    assert!(!s.is_legal(&t, Move::BuildRoad(sea as u8)));
    assert!(!has(s.road_spots(&t, 0), sea));
    s.phase = Phase::Setup { road: true };
    s.last_settlement = corner;
    assert!(!s.is_legal(&t, Move::BuildRoad(sea as u8)));
    assert!(s.setup_road_spots(&t) != 0, "a land edge is left");
    s.place_road(&t, 0, sea);
    assert_eq!(s.check(&t), Err(Broken::RoadAtSea));
}

#[test]
fn a_long_main_turn_leaves_the_special_builders_their_own_moves() {
    let t = table(LayoutId::FiveSix);
    let mut s = main_phase(&t, 5, 0);
    s.turn_moves = super::game::MOVES_PER_TURN + 50;
    s.apply(&t, Move::EndTurn, &mut Random::new(1)).unwrap();
    assert_eq!((s.phase, s.actor), (Phase::SpecialBuild, 1));
    assert_eq!(s.turn_moves, 0, "player 1's phase starts its own count");
}

#[test]
fn a_turn_cut_at_the_move_limit_is_counted() {
    use super::bots::BotKind;
    use super::game::{Game, MOVES_PER_TURN};
    let t = table(LayoutId::Base);
    let mut game = Game::new(&t, 4, [BotKind::Greedy; MAX_SEATS], 7);
    while game.state.phase != Phase::Main {
        game.step();
    }
    assert_eq!(game.outcome().cut_turns, 0);
    game.state.turn_moves = MOVES_PER_TURN;
    game.step();
    assert_eq!(game.outcome().cut_turns, 1);
    assert_eq!(game.state.phase, Phase::Roll, "the next player's turn");
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "more than 256 moves")]
fn a_move_list_past_its_capacity_stops_a_debug_build() {
    let mut list = super::moves::MoveList::default();
    for _ in 0..257 {
        list.push(Move::EndTurn);
    }
}

/// The release build's side of the same (CI tests release builds): the move past the
/// capacity is dropped and those before it kept.
#[test]
#[cfg(not(debug_assertions))]
fn a_move_list_past_its_capacity_drops_the_move_in_a_release_build() {
    let mut list = super::moves::MoveList::default();
    for i in 0..257u16 {
        list.push(Move::Discard((i % 5) as u8));
    }
    assert_eq!(list.as_slice().len(), 256);
    assert_eq!(list.as_slice()[255], Move::Discard((255 % 5) as u8));
}

#[test]
fn check_finds_awards_owners_road_lengths_robber_and_discards_out_of_place() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let (corners, edges) = path(&t, 0, 5);
    s.place_settlement(&t, 0, corners[0]);
    roads(&mut s, &t, 0, &edges);
    s.check(&t).unwrap();
    type Breaks = fn(&mut State);
    type Finds = fn(&Broken) -> bool;
    let broken: [(&str, Breaks, Finds); 8] = [
        (
            "a longest road nobody earned",
            |s| {
                s.longest_road = 1;
                s.players[1].points += 2;
                s.players[0].points -= 2;
            },
            |b| {
                matches!(
                    b,
                    Broken::AwardHeld {
                        award: Award::LongestRoad,
                        holder: 1,
                        ..
                    }
                )
            },
        ),
        (
            "a largest army of no knights",
            |s| {
                s.largest_army = 2;
                s.players[2].points += 2;
            },
            |b| {
                matches!(
                    b,
                    Broken::AwardHeld {
                        award: Award::LargestArmy,
                        holder: 2,
                        ..
                    }
                )
            },
        ),
        (
            "an owner without a building",
            |s| s.owner[40] = 3,
            |b| {
                matches!(
                    b,
                    Broken::Owner {
                        corner: 40,
                        owner: 3,
                        builder: None
                    }
                )
            },
        ),
        (
            "a stale road length",
            |s| s.players[0].road_length = 4,
            |b| {
                matches!(
                    b,
                    Broken::RoadLength {
                        player: 0,
                        kept: 4,
                        ..
                    }
                )
            },
        ),
        (
            "road corners kept apart from the roads",
            |s| s.players[0].road_corners = 0,
            |b| matches!(b, Broken::RoadCorners { player: 0 }),
        ),
        (
            "a road graph kept apart from the roads",
            |s| s.players[0].road_graph = Default::default(),
            |b| matches!(b, Broken::RoadGraph { player: 0 }),
        ),
        (
            "the robber at sea",
            |s| s.robber = 200,
            |b| matches!(b, Broken::RobberAtSea { cell: 200 }),
        ),
        (
            "a discard owed after the 7",
            |s| s.discards[2] = 1,
            |b| matches!(b, Broken::DiscardsOwed { .. }),
        ),
    ];
    for (what, breaks, finds) in broken {
        let mut wrong = s.clone();
        breaks(&mut wrong);
        match wrong.check(&t) {
            Err(found) => assert!(finds(&found), "{what}: found {found:?}"),
            Ok(()) => panic!("{what} passes the check"),
        }
    }
}

/// The look-ahead bot's choice for the player who decides now.
fn look_ahead(t: &Table, s: &State) -> Move {
    let mut scratch = super::bots::Scratch::default();
    super::BotKind::Lookahead.decide(t, s, &mut Random::new(1), &mut scratch)
}

/// A corner of a producing land cell with no harbour and room around it, for one settlement.
fn quiet_corner(t: &Table) -> usize {
    (0..t.corners)
        .find(|&c| has(t.buildable, c) && t.corner_harbour[c] == 0 && t.corner_pips(c) >= 6)
        .expect("a corner without a harbour")
}

#[test]
fn the_look_ahead_bot_builds_the_city_its_hand_pays_for() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let corner = quiet_corner(&t);
    s.place_settlement(&t, 0, corner);
    give(&mut s, 0, &CITY_COST);
    assert_eq!(look_ahead(&t, &s), Move::BuildCity(corner as u8));
}

#[test]
fn the_look_ahead_bot_trades_when_the_trade_pays_for_a_city_and_not_for_nothing() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    let corner = quiet_corner(&t);
    s.place_settlement(&t, 0, corner);
    // A grain short of a city, with four wool to trade at 4:1 (lumber, wool, grain, brick,
    // ore).
    give(&mut s, 0, &[0, 4, 1, 0, 3]);
    assert_eq!(look_ahead(&t, &s), Move::Trade { give: 1, get: 2 });
    // Four wool and nothing a trade would complete: the turn ends with the cards kept.
    let mut idle = main_phase(&t, 4, 0);
    idle.place_settlement(&t, 0, corner);
    give(&mut idle, 0, &[0, 4, 0, 0, 0]);
    assert_eq!(look_ahead(&t, &idle), Move::EndTurn);
}

#[test]
fn the_look_ahead_bot_does_not_see_the_next_development_card() {
    let t = table(LayoutId::Base);
    let mut s = main_phase(&t, 4, 0);
    s.place_settlement(&t, 0, quiet_corner(&t));
    give(&mut s, 0, &DEV_COST);
    // The same position with a victory point or a knight on top of the deck.
    let top = s.deck_len - 1;
    let mut choices = Vec::new();
    for kind in [DevCard::VictoryPoint, DevCard::Knight] {
        let mut with = s.clone();
        with.deck[top] = kind.index() as u8;
        choices.push(look_ahead(&t, &with));
    }
    assert_eq!(choices[0], choices[1]);
    assert_eq!(choices[0], Move::BuyDev, "a card is worth its cost to it");
}

#[test]
fn a_road_spot_is_one_of_the_road_spots() {
    use super::bots::BotKind;
    use super::game::Game;
    for (layout, seats) in [(LayoutId::Base, 4), (LayoutId::FiveSix, 6)] {
        let t = table(layout);
        let mut game = Game::new(&t, seats, [BotKind::Weighted; MAX_SEATS], 3);
        for _ in 0..3 {
            while game.step() {
                for player in 0..seats {
                    let spots = game.state.road_spots(&t, player);
                    for e in 0..t.edges {
                        assert_eq!(game.state.is_road_spot(&t, player, e), has(spots, e));
                    }
                }
            }
            game.reset(game.state.turns.into());
        }
    }
}

//! `lefty`: ants walk straight in a direction given by their start square's parity; on
//! hitting water they follow the wall keeping it on their left, trying left, straight,
//! right, back (the official LeftyBot). A blocked ant waits and turns.

use std::collections::HashMap;

use grid::{Dir, Pos};

use super::Knowledge;
use crate::bot::{Bot, GameSettings, Order, TurnInput};

/// Wall follower.
#[derive(Clone, Debug, Default)]
pub struct LeftyBot {
    know: Option<Knowledge>,
    straight: HashMap<Pos, Dir>,
    lefty: HashMap<Pos, Dir>,
}

impl Bot for LeftyBot {
    fn name(&self) -> &'static str {
        "lefty"
    }

    fn setup(&mut self, settings: &GameSettings) {
        self.know = Some(Knowledge::new(settings));
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        let Some(k) = self.know.as_mut() else {
            return Vec::new();
        };
        k.update(input);
        let mut orders = Vec::new();
        let mut new_straight = HashMap::new();
        let mut new_lefty = HashMap::new();
        for i in 0..k.my_ants.len() {
            let ant = k.my_ants[i];
            if !self.straight.contains_key(&ant) && !self.lefty.contains_key(&ant) {
                let d = match (ant.row % 2 == 0, ant.col % 2 == 0) {
                    (true, true) => Dir::N,
                    (true, false) => Dir::S,
                    (false, true) => Dir::E,
                    (false, false) => Dir::W,
                };
                self.straight.insert(ant, d);
            }
            if let Some(&d) = self.straight.get(&ant) {
                let n = k.destination(ant, d);
                if k.passable(n) {
                    if k.unoccupied(n) && !k.is_taken(n) {
                        orders.push(Order { pos: ant, dir: d });
                        new_straight.insert(n, d);
                        k.take(n);
                    } else {
                        new_straight.insert(ant, d.left());
                        k.take(ant);
                    }
                    continue;
                }
                self.lefty.insert(ant, d.right());
            }
            if let Some(&d) = self.lefty.get(&ant) {
                for nd in [d.left(), d, d.right(), d.opposite()] {
                    let n = k.destination(ant, nd);
                    if k.passable(n) {
                        if k.unoccupied(n) && !k.is_taken(n) {
                            orders.push(Order { pos: ant, dir: nd });
                            new_lefty.insert(n, nd);
                            k.take(n);
                        } else {
                            new_straight.insert(ant, d.right());
                            k.take(ant);
                        }
                        break;
                    }
                }
            }
        }
        self.straight = new_straight;
        self.lefty = new_lefty;
        orders
    }
}

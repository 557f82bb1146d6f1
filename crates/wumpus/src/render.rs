//! Text rendering of a game (spec §6, not normative): the true board beside the agent's
//! knowledge.

use crate::agent::Knowledge;
use crate::game::Game;
use crate::world::{Heading, Tile};

fn arrow(h: Heading) -> char {
    match h {
        Heading::North => '^',
        Heading::East => '>',
        Heading::South => 'v',
        Heading::West => '<',
    }
}

/// Knowledge legend for [`render`].
pub const LEGEND: &str = "knowledge: # wall, ? unknown, . safe, o visited, p possible pit, P certain pit, w possible wumpus, G gold";

fn knowledge_char(k: &Knowledge, x: i32, y: i32) -> char {
    let Some(c) = k.cell((x, y)) else { return ' ' };
    if (x, y) == k.position {
        arrow(k.heading)
    } else if c.wall {
        '#'
    } else if c.gold {
        'G'
    } else if c.certain_pit {
        'P'
    } else if c.possible_wumpus {
        'w'
    } else if c.possible_pit {
        'p'
    } else if c.visited {
        'o'
    } else if c.safe {
        '.'
    } else {
        '?'
    }
}

/// The board (walls, pits, gold, living wumpi, hunter) and, beside it, the knowledge.
pub fn render(game: &Game, knowledge: Option<&Knowledge>) -> String {
    let w = game.world();
    let mut out = String::new();
    for y in 0..w.height() as i32 {
        for x in 0..w.width() as i32 {
            let c = (x, y);
            let ch = if c == game.hunter_pos() {
                arrow(game.hunter_heading())
            } else if game.wumpi().iter().any(|wu| wu.alive && wu.pos == c) {
                'W'
            } else if game.gold_on_floor() && c == w.gold() {
                'G'
            } else {
                match w.tile(c) {
                    Tile::Wall => '#',
                    Tile::Pit => 'P',
                    Tile::Floor => '.',
                }
            };
            out.push(ch);
        }
        if let Some(k) = knowledge {
            out.push_str("   ");
            for x in 0..k.width as i32 {
                out.push(knowledge_char(k, x, y));
            }
        }
        out.push('\n');
    }
    if let Some(k) = knowledge {
        for n in &k.notes {
            out.push_str(n);
            out.push('\n');
        }
    }
    out
}

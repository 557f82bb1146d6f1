//! The end of a turn and of the game: histories (spec §4.10), the cutoff tracker (§4.11),
//! significant turns (§4.12), game over and the lone-survivor bonus.

use super::{Cutoff, Dominator, Engine, HILL_POINTS, RAZE_POINTS, competition_ranks};

impl Engine {
    /// Histories (§4.10), cutoff tracker (§4.11) and significant turns (§4.12).
    pub fn end_turn(&mut self) {
        let turn = self.turn as usize;
        for p in 0..self.players.len() {
            let alive = self.is_alive(p);
            let pl = &mut self.players[p];
            let (score, hive) = (pl.score, pl.hive as i32);
            push_history(&mut pl.score_history, score, alive, turn);
            push_history(&mut pl.hive_history, hive, alive, turn);
        }
        self.update_cutoff();
        self.significant_turns();
    }

    fn update_cutoff(&mut self) {
        let n = self.players.len();
        let mut counts = vec![0_u64; n];
        let mut present = vec![false; n];
        for &a in &self.live_ants {
            let o = usize::from(self.ants[a as usize].owner);
            counts[o] += 1;
            present[o] = true;
        }
        for h in &self.hills {
            if h.end_turn.is_none() {
                let o = usize::from(h.owner);
                counts[o] += u64::from(self.players[o].hive);
                present[o] = true;
            }
        }
        let food = self.live_food.len() as u64;
        let total = counts.iter().sum::<u64>() + food;
        let threshold = total as f64 * self.rules.cutoff_percent;
        let mut winner = None;
        for p in 0..n {
            if present[p] && counts[p] as f64 >= threshold {
                winner = Some(Dominator::Player(p as u8));
                break;
            }
        }
        if winner.is_none() && food as f64 >= threshold {
            winner = Some(Dominator::Food);
        }
        match winner {
            Some(w) if w == self.cutoff_owner => {
                if !self.hill_kill {
                    self.cutoff_turns += 1;
                }
            }
            Some(w) => {
                self.cutoff_owner = w;
                self.cutoff_turns = 1;
            }
            None => {
                self.cutoff_owner = Dominator::Nobody;
                self.cutoff_turns = 0;
            }
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// Significant turns (§4.12), evaluated on the current scores.
    pub fn significant_turns(&mut self) {
        let scores = self.scores();
        let ranks = competition_ranks(&scores);
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<bool> = scores.iter().map(|&s| s == best).collect();
        if self.last_ranks.as_ref() != Some(&ranks) {
            self.ranking_turn = self.turn;
            self.last_ranks = Some(ranks);
        }
        if self.last_leaders.as_ref() != Some(&leaders) {
            self.winning_turn = self.turn;
            self.last_leaders = Some(leaders);
        }
    }

    /// The game-over test (§4.13); sets the cutoff reason when true.
    pub fn game_over(&mut self) -> bool {
        let alive = self.alive_count();
        let reason = if alive == 0 {
            Some(Cutoff::Extermination)
        } else if alive == 1 {
            Some(Cutoff::LoneSurvivor)
        } else if self.cutoff_turns >= self.rules.cutoff_turn {
            Some(if self.cutoff_owner == Dominator::Food {
                Cutoff::FoodNotGathered
            } else {
                Cutoff::AntsNotRazing
            })
        } else if self.rank_stabilized() {
            Some(Cutoff::RankStabilized)
        } else {
            None
        };
        if reason.is_some() {
            self.cutoff = reason;
        }
        reason.is_some()
    }

    fn rank_stabilized(&self) -> bool {
        let n = self.players.len();
        let mut unrazed = vec![0_i32; n];
        for h in &self.hills {
            if h.end_turn.is_none() {
                unrazed[usize::from(h.owner)] += 1;
            }
        }
        let total: i32 = unrazed.iter().sum();
        for p in 0..n {
            if !self.is_alive(p) || unrazed[p] == 0 {
                continue;
            }
            let sp = self.players[p].score;
            let max_p = sp + HILL_POINTS * (total - unrazed[p]);
            for (o, &unrazed_o) in unrazed.iter().enumerate() {
                if o == p {
                    continue;
                }
                let so = self.players[o].score;
                let min_o = so - unrazed_o;
                if (sp < so && max_p >= min_o) || (sp == so && max_p > min_o) {
                    return false;
                }
            }
        }
        true
    }

    /// End-of-game processing (§4.15).
    pub fn finish(&mut self) {
        let alive: Vec<usize> = (0..self.players.len())
            .filter(|&p| self.is_alive(p))
            .collect();
        if let [w] = alive[..] {
            for h in &mut self.hills {
                if usize::from(h.owner) == w {
                    continue;
                }
                if h.killed_by.is_none() && h.end_turn.is_none() {
                    self.bonus[w] += HILL_POINTS;
                    h.killed_by = Some(w as u8);
                }
                if !h.raze_penalised {
                    self.bonus[usize::from(h.owner)] += RAZE_POINTS;
                    h.raze_penalised = true;
                }
            }
            for (p, b) in self.bonus.iter().enumerate() {
                self.players[p].score += b;
            }
        }
        self.significant_turns();
        if self.cutoff.is_none() {
            self.cutoff = Some(Cutoff::TurnLimit);
        }
    }

    /// Final scores (bonus included once [`Engine::finish`] ran).
    pub fn final_scores(&self) -> Vec<i32> {
        self.scores()
    }

    /// True when hill `h` counts as razed (by an ant or by the lone-survivor bonus).
    pub fn hill_razed(&self, h: usize) -> bool {
        self.hills[h].killed_by.is_some()
    }
}
fn push_history(hist: &mut Vec<i32>, value: i32, alive: bool, turn: usize) {
    if alive {
        hist.push(value);
    } else if hist.last() != Some(&value) {
        let last = hist.last().copied().unwrap_or(value);
        while hist.len() < turn {
            hist.push(last);
        }
        hist.push(value);
    }
}

//! Resource management (thesis §6.6): per-task-type quotas, reset every turn to the profile's
//! `defaultAllocation.*` percentages and then adjusted by four rules, each of which raises one
//! task type and takes the same total evenly from others (`incrementResources`).
//!
//! Values the thesis leaves open (our choices, all in percentage points):
//! * **HalfTimeReached**: after `turns / 2`, attackHills += `attackHills.halfTimeBoost`, taken
//!   from explore and gatherFood.
//! * **PercentExplored**: while explored% < `explore.forceThresholdPercent`, explore +=
//!   `round(forceGain × (threshold − explored%))`, taken from attackHills and defendHills.
//! * **PopulationSize**: gatherFood += 20 below 10 ants, 10 below 30, 5 below 60 ([`POPULATION_STEPS`]),
//!   taken from attackHills, defendHills and explore.
//! * **RelativeInfluence**: "dominant" = own influence total ≥ [`DOMINANCE_FACTOR`] × enemy
//!   total and at least 10 own ants; then explore += `explore.dominantPositionBoost` and
//!   attackHills += `attackHills.dominantPositionBoost`, taken from defendHills and gatherFood.
//!
//! The quota of a task type is `ceil(percent × ants / 100)` ants. Ants a task type leaves
//! unused flow on to exploration (see [`Population::spill_to_explore`]), so no ant idles.

use std::collections::BTreeMap;

use crate::profile::Profile;
use crate::world::AntId;

/// The task types resources are allocated to (thesis `Task.Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaskType {
    /// Food gathering.
    GatherFood,
    /// Exploration.
    Explore,
    /// Attacking enemy hills.
    AttackHills,
    /// Defending own hills.
    DefendHill,
    /// Open-field combat (not quota-limited).
    Combat,
    /// Moving hatchlings off the hill (not quota-limited).
    ClearHill,
}

impl TaskType {
    /// The four quota-managed types.
    pub const MANAGED: [TaskType; 4] = [
        TaskType::GatherFood,
        TaskType::Explore,
        TaskType::AttackHills,
        TaskType::DefendHill,
    ];

    fn slot(self) -> Option<usize> {
        TaskType::MANAGED.iter().position(|&t| t == self)
    }
}

/// Squared-distance-free thresholds of the PopulationSize rule: (fewer than N ants, boost).
pub const POPULATION_STEPS: [(usize, u32); 3] = [(10, 20), (30, 10), (60, 5)];
/// Own/enemy influence ratio that counts as a dominant position.
pub const DOMINANCE_FACTOR: f32 = 2.0;
/// Minimum own ants for a dominant position.
pub const DOMINANCE_MIN_ANTS: usize = 10;

/// Percentages per managed task type; they always sum to 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    percent: [u32; 4],
}

impl Allocation {
    /// The profile's default allocation.
    pub fn from_profile(p: &Profile) -> Self {
        Self {
            percent: [p.gather_food, p.explore, p.attack_hills, p.defend_hills],
        }
    }

    /// The percentage of a task type (0 for unmanaged types).
    pub fn get(&self, t: TaskType) -> u32 {
        t.slot().map_or(0, |s| self.percent[s])
    }

    /// Sum of all percentages.
    pub fn total(&self) -> u32 {
        self.percent.iter().sum()
    }

    /// The thesis's `incrementResources`: adds up to `increment` to `task` and removes the
    /// same total evenly from `from` (never below 0; what one cannot give, the others give;
    /// the increment shrinks when they have nothing left). Returns the amount moved.
    pub fn increment(&mut self, task: TaskType, increment: u32, from: &[TaskType]) -> u32 {
        let Some(target) = task.slot() else {
            return 0;
        };
        let donors: Vec<usize> = from
            .iter()
            .filter_map(|t| t.slot())
            .filter(|&s| s != target)
            .collect();
        let mut left = increment;
        while left > 0 {
            let givers: Vec<usize> = donors
                .iter()
                .copied()
                .filter(|&s| self.percent[s] > 0)
                .collect();
            if givers.is_empty() {
                break;
            }
            let share = (left / givers.len() as u32).max(1);
            for s in givers {
                let take = share.min(self.percent[s]).min(left);
                self.percent[s] -= take;
                left -= take;
                if left == 0 {
                    break;
                }
            }
        }
        let moved = increment - left;
        self.percent[target] += moved;
        moved
    }
}

/// The inputs the four rules look at.
#[derive(Clone, Copy, Debug)]
pub struct Situation {
    /// Current turn.
    pub turn: u32,
    /// Game length in turns.
    pub turns: u32,
    /// Percentage of the map ever seen.
    pub percent_explored: f64,
    /// Number of own ants.
    pub ants: usize,
    /// Own influence total.
    pub own_influence: f32,
    /// Enemy influence total.
    pub enemy_influence: f32,
}

impl Situation {
    /// The RelativeInfluence rule's notion of a dominant position.
    pub fn dominant(&self) -> bool {
        self.ants >= DOMINANCE_MIN_ANTS
            && self.own_influence >= DOMINANCE_FACTOR * self.enemy_influence
    }
}

/// HalfTimeReachedRule.
pub fn half_time_rule(a: &mut Allocation, p: &Profile, s: &Situation) {
    if s.turn > s.turns / 2 {
        a.increment(
            TaskType::AttackHills,
            p.attack_half_time_boost,
            &[TaskType::Explore, TaskType::GatherFood],
        );
    }
}

/// PercentExploredRule.
pub fn percent_explored_rule(a: &mut Allocation, p: &Profile, s: &Situation) {
    let threshold = f64::from(p.explore_force_threshold_percent);
    if s.percent_explored < threshold {
        let gain = (p.explore_force_gain * (threshold - s.percent_explored)).round() as u32;
        a.increment(
            TaskType::Explore,
            gain,
            &[TaskType::AttackHills, TaskType::DefendHill],
        );
    }
}

/// PopulationSizeRule.
pub fn population_size_rule(a: &mut Allocation, _p: &Profile, s: &Situation) {
    if let Some(&(_, boost)) = POPULATION_STEPS.iter().find(|(n, _)| s.ants < *n) {
        a.increment(
            TaskType::GatherFood,
            boost,
            &[
                TaskType::AttackHills,
                TaskType::DefendHill,
                TaskType::Explore,
            ],
        );
    }
}

/// RelativeInfluenceRule.
pub fn relative_influence_rule(a: &mut Allocation, p: &Profile, s: &Situation) {
    if s.dominant() {
        a.increment(
            TaskType::Explore,
            p.explore_dominant_boost,
            &[TaskType::DefendHill, TaskType::GatherFood],
        );
        a.increment(
            TaskType::AttackHills,
            p.attack_dominant_boost,
            &[TaskType::DefendHill, TaskType::GatherFood],
        );
    }
}

/// The thesis's `ResourceAllocator.allocateResources()`: profile defaults, then the four rules.
pub fn allocate(p: &Profile, s: &Situation) -> Allocation {
    let mut a = Allocation::from_profile(p);
    half_time_rule(&mut a, p, s);
    percent_explored_rule(&mut a, p, s);
    population_size_rule(&mut a, p, s);
    relative_influence_rule(&mut a, p, s);
    a
}

/// Per-turn employment of ants (thesis `Population`): which ant works for which task type,
/// and the quotas (`maxResourcesPerTask` / `usedResourcesPerTask`).
#[derive(Clone, Debug, Default)]
pub struct Population {
    max: [usize; 4],
    used: [usize; 4],
    busy: BTreeMap<AntId, TaskType>,
}

impl Population {
    /// Resets the turn: no ant busy, quotas from the allocation for `ants` ants.
    pub fn reset(&mut self, alloc: &Allocation, ants: usize) {
        self.busy.clear();
        self.used = [0; 4];
        for (i, t) in TaskType::MANAGED.iter().enumerate() {
            self.max[i] = (alloc.get(*t) as usize * ants).div_ceil(100);
        }
    }

    /// Quota of a task type this turn (`usize::MAX` for unmanaged types).
    pub fn max(&self, t: TaskType) -> usize {
        t.slot().map_or(usize::MAX, |s| self.max[s])
    }

    /// Ants employed by a task type this turn.
    pub fn used(&self, t: TaskType) -> usize {
        t.slot().map_or(0, |s| self.used[s])
    }

    /// Free places of a task type this turn.
    pub fn free(&self, t: TaskType) -> usize {
        self.max(t).saturating_sub(self.used(t))
    }

    /// True when the ant already works this turn.
    pub fn is_busy(&self, ant: AntId) -> bool {
        self.busy.contains_key(&ant)
    }

    /// Marks a mission member busy without a quota check (it was admitted earlier).
    pub fn keep(&mut self, ant: AntId, t: TaskType) {
        if self.busy.insert(ant, t).is_none()
            && let Some(s) = t.slot()
        {
            self.used[s] += 1;
        }
    }

    /// Employs an unemployed ant for `t` if the quota allows; returns success.
    pub fn employ(&mut self, ant: AntId, t: TaskType) -> bool {
        if self.is_busy(ant) || self.free(t) == 0 {
            return false;
        }
        self.keep(ant, t);
        true
    }

    /// Frees an ant (e.g. released by a mission) so later tasks may use it.
    pub fn release(&mut self, ant: AntId) {
        if let Some(t) = self.busy.remove(&ant)
            && let Some(s) = t.slot()
        {
            self.used[s] -= 1;
        }
    }

    /// Gives exploration the places the other managed types left unused this turn.
    pub fn spill_to_explore(&mut self) {
        let e = TaskType::Explore.slot().unwrap_or(1);
        let unused: usize = (0..4)
            .filter(|&s| s != e)
            .map(|s| self.max[s].saturating_sub(self.used[s]))
            .sum();
        self.max[e] += unused;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn situation() -> Situation {
        Situation {
            turn: 10,
            turns: 1000,
            percent_explored: 90.0,
            ants: 100,
            own_influence: 100.0,
            enemy_influence: 100.0,
        }
    }

    #[test]
    fn increment_moves_evenly_and_keeps_the_sum() {
        let mut a = Allocation::from_profile(&Profile::default());
        assert_eq!(
            a.increment(
                TaskType::AttackHills,
                20,
                &[TaskType::Explore, TaskType::GatherFood]
            ),
            20
        );
        assert_eq!(a.get(TaskType::AttackHills), 45);
        assert_eq!(a.get(TaskType::Explore), 15);
        assert_eq!(a.get(TaskType::GatherFood), 15);
        // Donors run dry: only what they have moves.
        let moved = a.increment(
            TaskType::DefendHill,
            90,
            &[TaskType::Explore, TaskType::GatherFood],
        );
        assert_eq!(moved, 30);
        assert_eq!(a.get(TaskType::Explore), 0);
        assert_eq!(a.total(), 100);
    }

    #[test]
    fn no_rule_fires_in_a_neutral_situation() {
        let p = Profile::default();
        assert_eq!(allocate(&p, &situation()), Allocation::from_profile(&p));
    }

    #[test]
    fn half_time_rule_boosts_attack_after_half_time() {
        let p = Profile::default();
        let mut s = situation();
        s.turn = 500;
        assert_eq!(allocate(&p, &s).get(TaskType::AttackHills), 25);
        s.turn = 501;
        let a = allocate(&p, &s);
        assert_eq!(a.get(TaskType::AttackHills), 45);
        assert_eq!(a.get(TaskType::Explore) + a.get(TaskType::GatherFood), 30);
        assert_eq!(a.total(), 100);
    }

    #[test]
    fn percent_explored_rule_forces_exploration() {
        let p = Profile::default();
        let mut s = situation();
        s.percent_explored = 80.0;
        assert_eq!(allocate(&p, &s).get(TaskType::Explore), 25);
        s.percent_explored = 20.0;
        let a = allocate(&p, &s);
        // 0.25 × (80 − 20) = 15.
        assert_eq!(a.get(TaskType::Explore), 40);
        assert_eq!(a.get(TaskType::GatherFood), 25);
        assert_eq!(a.total(), 100);
    }

    #[test]
    fn population_size_rule_steps() {
        let p = Profile::default();
        let mut s = situation();
        for (ants, food) in [(5, 45), (10, 35), (29, 35), (30, 30), (60, 25)] {
            s.ants = ants;
            s.own_influence = 0.0;
            assert_eq!(
                allocate(&p, &s).get(TaskType::GatherFood),
                food,
                "{ants} ants"
            );
        }
    }

    #[test]
    fn relative_influence_rule_needs_dominance() {
        let p = Profile::by_name("aggressive").unwrap();
        let mut s = situation();
        s.own_influence = 199.0;
        assert!(!s.dominant());
        assert_eq!(allocate(&p, &s), Allocation::from_profile(&p));
        s.own_influence = 200.0;
        assert!(s.dominant());
        let a = allocate(&p, &s);
        assert_eq!(a.get(TaskType::Explore), 25);
        assert_eq!(a.get(TaskType::AttackHills), 50);
        assert_eq!(a.total(), 100);
        s.ants = 9;
        assert!(!s.dominant());
    }

    #[test]
    fn quotas_and_spill_over() {
        let mut pop = Population::default();
        let a = Allocation::from_profile(&Profile::default());
        pop.reset(&a, 10);
        assert_eq!(pop.max(TaskType::GatherFood), 3);
        assert!(pop.employ(1, TaskType::GatherFood));
        assert!(
            !pop.employ(1, TaskType::Explore),
            "busy ants are not employed twice"
        );
        assert!(pop.employ(2, TaskType::GatherFood));
        assert!(pop.employ(3, TaskType::GatherFood));
        assert!(!pop.employ(4, TaskType::GatherFood), "quota reached");
        pop.release(3);
        assert!(pop.employ(4, TaskType::GatherFood));
        assert!(pop.employ(9, TaskType::Combat), "combat is not limited");
        pop.spill_to_explore();
        assert_eq!(pop.max(TaskType::Explore), 3 + 3 + 3);
    }
}

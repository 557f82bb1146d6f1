//! The tunable behaviour of the pipeline: [`Config::post_mortem`] (the post mortem read
//! literally), [`Config::xathis`] (the rebuild of the original) and [`Config::champion`],
//! settable by name for bot specs.

/// Tunable behaviour; [`Config::post_mortem`] is the post mortem read literally,
/// [`Config::xathis`] the rebuild of the original, [`Config::champion`] the improved bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Explore values from the real vision (tiles not seen this turn age) instead of
    /// "reachable within 10 steps".
    pub vision_explore: bool,
    /// Remember enemy hills out of sight until seen razed.
    pub remember_hills: bool,
    /// New missions from a hill pick a scored border tile (contested front, near known
    /// enemy hills, few missions already heading there) instead of a random one.
    pub scored_border: bool,
    /// An ant on a mission only leaves it for exploring when the explore value is large
    /// (stops the cave oscillation).
    pub sticky_missions: bool,
    /// Combat group limits grow with the time left instead of being fixed.
    pub adaptive_groups: bool,
    /// With 30+ own ants, up to 8 (not 4) ants within 30 (not 20) steps are sent to an
    /// enemy hill.
    pub hill_rush: bool,
    /// Fights are also aggressive where own ants outnumber the enemy ants close to the
    /// fight two to one (not only with 14+ own ants close).
    pub relative_aggression: bool,
    /// Combat evaluation applies the focus rule per enemy player (enemies of different
    /// players also fight each other) instead of treating all enemies as one side.
    pub per_player_combat: bool,
    /// Food: ants within this many steps of a food are sent (post mortem: 10).
    pub food_depth: u16,
    /// [`Config::food_depth`] once two or more enemy players have been seen (4-player
    /// games).
    pub multi_food_depth: u16,
    /// Relative aggression: own ants near the fight must outnumber the enemy ants near it
    /// by this ratio, in tenths (20 = two to one).
    pub aggression_ratio10: u32,
    /// Relative aggression only while a single enemy player has been seen (it wins duels
    /// but loses 4-player games, where a third player profits from the trades).
    pub relative_only_in_duels: bool,
    /// Food as a matching: every food lists its nearest free own ants (BFS to `food_depth`),
    /// then (ant, food) pairs are taken shortest first, each ant and each food at most once:
    /// our reading of the post mortem's "I search from all foods via bfs and make the first
    /// ant found move" as one search from all foods at once (on by default in both bots).
    /// Off: foods in turn, the first free ant of each, so an ant nearer to a later food can
    /// be taken by an earlier one. The contested-food rule is the same.
    pub food_matching: bool,
    /// Hills in combat: the fight evaluation adds [`crate::combat::HILL_VALUE`] per own ant
    /// alive on an enemy hill and subtracts it per enemy ant alive on an own hill, and a
    /// dangered ant within [`HILL_FIGHT2`](super::HILL_FIGHT2) (squared distance) of a hill fights even without
    /// support (instead of escaping and leaving the hill to a lone raider).
    pub hill_combat: bool,
    /// Ants an enemy can reach next turn are left to the fight, defence and escape steps
    /// instead of being sent to food or enemy hills first (post mortem: food and hills come
    /// first, so an ant can walk into a fight nobody searched).
    pub fight_first: bool,
    /// With `fight_first`, the food step may still take an ant an enemy can reach, but only
    /// with a step no enemy can reach next turn (fight-first keeps such ants from every
    /// food, which cedes the food near the front).
    pub safe_food: bool,
    /// A contested food (an enemy ant at least as close as the nearest own ant) without a
    /// second own ant close enough to avenge the first is approached by steps no enemy can
    /// reach next turn instead of being given up (the post mortem: "normally I try to avoid
    /// one on one ant exchanges, but if I have another ant near the food I will sacrifice
    /// the closer ant").
    pub contest_food: bool,
    /// [`Config::contest_food`] once two or more enemy players have been seen (4-player
    /// games); before that, and in 2-player games, `contest_food` alone decides.
    pub multi_contest_food: bool,
    /// Once two or more enemy players have been seen (4-player games), the defence step runs
    /// before the enemy-hill and food steps instead of after the fight (ants an enemy can
    /// reach next turn are still left to the fight), so the ant that would meet a raider of
    /// an own hill is not sent to a food first; and a raider without a free ant on or beside
    /// its path is met by the nearest free ant within its distance plus two steps of the hill
    /// (not within its distance of the path's tile next to the hill).
    pub multi_defence: bool,
    /// Once two or more enemy players have been seen (4-player games), the enemy-hill step
    /// leaves the ants that are no farther from a threatened own hill than its nearest
    /// raider (an enemy ant within the defence step's reach), so the ants at home are still
    /// free when the defence step looks for a defender (the food step may still take them;
    /// with [`Config::hill_first`] the enemy-hill step runs first and this has no effect).
    pub multi_home_guard: bool,
    /// Once two or more enemy players have been seen (4-player games), the enemy ants this
    /// many steps or fewer from an own hill are met by the defence step before the
    /// enemy-hill and food steps and the fight, with any own ant, an enemy can reach it or
    /// not, that moves by a step at most one enemy can reach next turn (so a raider is not
    /// left alone while the ants near the hill fight elsewhere); 0: off. The defence step
    /// after the fight leaves those raiders out.
    pub multi_hill_alarm: u16,
    /// [`Config::multi_hill_alarm`] acts only for raiders without another enemy ant within
    /// 4 rows and columns (a lone raider; groups are left to the fight).
    pub alarm_lone_raiders: bool,
    /// The defence step acts while the own hills number at most this many (post mortem: 4,
    /// "if I have more than 4 hills I don't defend"); once two or more enemy players have
    /// been seen (4-player games) the limit is [`Config::multi_defend_hills`].
    pub defend_hills: u16,
    /// [`Config::defend_hills`] once two or more enemy players have been seen.
    pub multi_defend_hills: u16,
    /// With `fight_first`, the enemy-hill step still takes ants an enemy can reach (the post
    /// mortem's order: raiders walk to the hill before the fight is searched).
    pub hill_first: bool,
    /// The enemy-hill step moves an ant an enemy can reach next turn only by a step no
    /// enemy can reach (else the ant is left to the later steps).
    pub safe_hill: bool,
    /// Defence: the defender walks to the tile of the enemy's path this many percent of the
    /// way from the hill to the enemy (post mortem: 50, "the tile of the path that has ½ of
    /// the enemy dist").
    pub defence_percent: u16,
    /// Combat groups leave out own moves into the reach of enemies outside the group (the
    /// group limits can leave enemies of a large fight unseen by the search).
    pub exposure_check: bool,
    /// [`Config::adaptive_groups`] with 60 ms or more left: the most own move combinations
    /// one combat group may have (the fixed limit is 2048).
    pub group_combos: u64,
    /// [`Config::adaptive_groups`] with 60 ms or more left: the most enemy ants in one
    /// combat group (the fixed limit is 8).
    pub group_enemies: usize,
    /// A combat group that is not aggressive and has more enemy ants than own ants close
    /// to it is searched with [`crate::combat::Fight::keep_away`].
    pub keep_away: bool,
    /// Own ants within this squared distance of a dangered ant count as close to the
    /// fight (post mortem: 77, the view radius).
    pub close2: u32,
    /// A fight is aggressive when some ant in it has at least this many close own ants
    /// (post mortem: 14).
    pub aggressive_count: usize,
    /// A dangered ant with an own ant within this squared distance is supported and
    /// fights; without support it escapes (20).
    pub support2: u32,
    /// Weight of the distance term of the combat evaluation, in percent (100: the post
    /// mortem's "minus the summed distances").
    pub dist_percent: u32,
    /// Free ants this many steps or fewer from an enemy ant walk toward it (the approach
    /// step; post mortem: 12).
    pub approach_depth: u16,
    /// Two free ants chase every enemy ant that stands alone (the post mortem's
    /// `attackDetachedEnemies`).
    pub chase_detached: bool,
    /// Enemy ants this many steps or fewer from an own hill are fought at any price: a fight
    /// with one of them is aggressive, own ants fight it without support, and the defence
    /// step looks this far (0: off; the defence step always looks 15 steps).
    pub guard_depth: u16,
    /// The combat search lets an own ant step out of every enemy's reach to make room for
    /// a group ant that takes its square ([`crate::combat::Fight::make_room`]).
    pub make_room: bool,
    /// Enemy ants that stood still longer than this many turns are assumed to stay this
    /// turn as well (post mortem: 5; 0: every enemy ant may move).
    pub still_turns: u16,
    /// Own hills are reinforced when enemy ants come this many steps close (0: off): see
    /// `recall_margin`.
    pub recall_depth: u16,
    /// Recall: free ants from up to twice `recall_depth` steps walk home while the own ants
    /// within `recall_depth` of the hills do not outnumber the enemy ants there by this many.
    pub recall_margin: u16,
    /// From the turn a second enemy player has been seen (4-player games), this percent of
    /// the own ants is kept near the own hills as a standing garrison (0: off; see
    /// `Brain::garrison`).
    pub multi_garrison_percent: u16,
    /// From the turn a second enemy player has been seen (4-player games), a free ant does
    /// not approach an enemy ant where the own ants within [`Config::close2`] of that enemy
    /// already outnumber the enemy ants there by this many (0: off; see
    /// `Brain::approach_enemies`).
    pub multi_approach_surplus: u16,
    /// The defence step leaves alone the enemy ants that are fewer steps from a hill of
    /// their own player in sight than from the own hill (ants at home, not raiders).
    pub defend_raiders_only: bool,
    /// From the turn a second enemy player has been seen (4-player games), the defence step
    /// meets only the enemy ants within this many steps of an own hill (0: the 2-player
    /// depth, `DEFENCE_DEPTH` = 15).
    pub multi_defence_depth: u16,
    /// From the turn a second enemy player has been seen (4-player games), relative
    /// aggression ([`Config::relative_aggression`], at the ratio
    /// [`Config::multi_hill_ratio10`]) also applies to the fights with an own ant within
    /// this squared distance of an enemy hill in sight (0: off), so a raid that is not
    /// outnumbered by the hill's defenders trades its way onto the hill instead of waiting
    /// beside it.
    pub multi_hill_aggression2: u32,
    /// The relative aggression ratio, in tenths, of the fights within
    /// [`Config::multi_hill_aggression2`] of an enemy hill once two enemy players have been
    /// seen (0: [`Config::aggression_ratio10`]): 10 trades one for one where the own ants
    /// beside an enemy hill are at least as many as the enemy ants there.
    pub multi_hill_ratio10: u32,
    /// From the turn a second enemy player has been seen (4-player games), and while the
    /// own ants number at least this many per own hill, every own hill keeps one ant
    /// beside it (0: off; see `Brain::sentinels`), so a lone raider meets an ant at the
    /// hill instead of an empty hill.
    pub multi_sentinels: u16,
    /// From the turn a second enemy player has been seen (4-player games), the combat
    /// evaluation charges every enemy ant left alive within this many steps of an own hill,
    /// the more the closer (0: off; [`crate::combat::Fight::hill_danger`]), so the ants
    /// beside a hill meet raiders one step out instead of stepping back from them.
    pub multi_hill_danger: u16,
    /// With [`Config::chase_detached`], only lone enemy ants within this many steps of an
    /// own hill are chased (0: all).
    pub chase_home_depth: u16,
    /// A free ant that would approach an enemy stays instead where the enemy ants within
    /// [`Config::close2`] of it outnumber the own ants there (itself included).
    pub approach_hold: bool,
    /// Like [`Config::approach_hold`], but the outnumbered ant steps to the free square
    /// farthest from the enemy ants (ties: the escape step's choice) instead of staying.
    pub approach_retreat: bool,
    /// A dangered ant with more enemy ants than own ants (itself included) within
    /// [`Config::close2`] is left to the escape step (safe moves toward own ants) instead of
    /// the fight search, unless it is near an own hill or its enemy is guarded.
    pub escape_outnumbered: bool,
    /// Combat: value of every pair of group ants within attack range of each other after
    /// the move, in steps of the distance term ([`crate::combat::Fight::cohesion`]; 0: off).
    pub cohesion: u32,
    /// Combat: weight, in percent, of the deaths the own moves cause against enemy ants
    /// that all stay ([`crate::combat::Fight::stay_percent`]; 0: off, as in the post mortem).
    pub stay_percent: u32,
    /// The stay term's weight once two or more enemy players have been seen (4-player
    /// games), in percent; [`Config::stay_percent`] applies before that.
    pub multi_stay_percent: u32,
    /// Weight of the next-turn threat in the combat evaluation, in percent of a death
    /// ([`crate::combat::Fight::threat_percent`]; 0: off, as in the post mortem).
    pub threat_percent: u32,
    /// The threat charges own ants only, without crediting threatened enemy ants.
    pub threat_own_only: bool,
    /// Outnumbered own ants near the enemy call the nearest free ants from up to this many
    /// steps (0: off; see the reinforcement step in `enemies`).
    pub reinforce_depth: u16,
    /// The approach step's paths break ties toward the straight line to the enemy (squared
    /// Euclidean distance) instead of by tile index ([`crate::paths::AStar::straight`]).
    pub approach_straight: bool,
    /// The combat search first searches the group's escape (every ant out of every enemy's
    /// reach where it can, the others staying) and keeps it when the turn's time runs out
    /// before something better is found ([`crate::combat::Fight::escape_fallback`]); without
    /// it an unfinished search keeps the best of the combinations it reached, which try the
    /// escapes last.
    pub escape_fallback: bool,
    /// Equally good choices of direction (explore sums, the BFS steps toward an enemy hill,
    /// an outnumbered front, a lone enemy or home, shortest paths) are broken at random
    /// (seeded by the game's player seed) instead of in a fixed order; the fixed order sends
    /// ants north first. The food step keeps the BFS order.
    pub random_ties: bool,
    /// Upper bound on the time used per turn, in milliseconds.
    pub max_turn_ms: u64,
    /// Safety margin kept below `turntime`, in milliseconds.
    pub margin_ms: u64,
}

impl Config {
    /// The post mortem's bot read literally (the `xathis-postmortem` bot): its pipeline,
    /// rules and constants and nothing else.
    pub fn post_mortem() -> Self {
        Self {
            vision_explore: false,
            remember_hills: false,
            scored_border: false,
            sticky_missions: false,
            adaptive_groups: false,
            relative_aggression: false,
            hill_rush: false,
            per_player_combat: false,
            food_depth: FOOD_DEPTH,
            multi_food_depth: FOOD_DEPTH,
            aggression_ratio10: 20,
            relative_only_in_duels: false,
            food_matching: true,
            hill_combat: false,
            fight_first: false,
            exposure_check: false,
            group_combos: super::fight::OWN_COMBOS * 8,
            group_enemies: super::fight::MAX_ENEMIES + 3,
            keep_away: false,
            close2: super::scratch::CLOSE2,
            aggressive_count: super::fight::AGGRESSIVE_COUNT,
            support2: super::scratch::SUPPORT2,
            dist_percent: 100,
            approach_depth: super::APPROACH_DEPTH,
            chase_detached: true,
            guard_depth: 0,
            make_room: false,
            still_turns: super::scratch::STILL_TURNS,
            safe_food: false,
            contest_food: false,
            multi_contest_food: false,
            multi_defence: false,
            multi_home_guard: false,
            multi_hill_alarm: 0,
            alarm_lone_raiders: false,
            defend_hills: super::fight::DEFEND_HILLS,
            multi_defend_hills: super::fight::DEFEND_HILLS,
            hill_first: false,
            safe_hill: false,
            defence_percent: 50,
            recall_depth: 0,
            recall_margin: 2,
            multi_garrison_percent: 0,
            multi_approach_surplus: 0,
            defend_raiders_only: false,
            multi_defence_depth: 0,
            multi_hill_aggression2: 0,
            multi_hill_ratio10: 0,
            multi_sentinels: 0,
            multi_hill_danger: 0,
            threat_percent: 0,
            threat_own_only: false,
            reinforce_depth: 0,
            approach_straight: false,
            escape_fallback: false,
            chase_home_depth: 0,
            approach_hold: false,
            approach_retreat: false,
            escape_outnumbered: false,
            cohesion: 0,
            stay_percent: 0,
            multi_stay_percent: 0,
            random_ties: false,
            max_turn_ms: 75,
            margin_ms: 60,
        }
    }

    /// The rebuild of the 2011 winner (`xathis-style`): the post mortem's bot with what the
    /// original's recorded games show it does beyond the text: ants an enemy can reach are
    /// left to the fight (food by safe steps only), no chase of lone enemy ants, every enemy
    /// ant free to move in the combat search with the escape kept when a search is cut, the
    /// stay term, combat groups as large as the time allows, no preferred direction, and
    /// missions kept until there is much to explore (see docs/ants-bots.md, "The rebuild's
    /// defaults").
    pub fn xathis() -> Self {
        Self {
            fight_first: true,
            safe_food: true,
            chase_detached: false,
            still_turns: 0,
            escape_fallback: true,
            stay_percent: 25,
            multi_stay_percent: 25,
            adaptive_groups: true,
            random_ties: true,
            sticky_missions: true,
            ..Self::post_mortem()
        }
    }

    /// The improved bot (`champion`): [`Config::xathis`] with relative aggression in duels
    /// and, once two enemy players have been seen, a doubled stay term, contested foods
    /// approached by safe steps, food sent for from twice as far, the home guard, the defence
    /// narrowed to enemy ants within 10 steps of an own hill, and fights beside an enemy hill
    /// that trade at even numbers (vision explore and hills in combat were measured and left
    /// off; see docs/ants-bots.md).
    pub fn champion() -> Self {
        Self {
            relative_aggression: true,
            relative_only_in_duels: true,
            multi_stay_percent: 50,
            multi_contest_food: true,
            multi_food_depth: 2 * FOOD_DEPTH,
            multi_home_guard: true,
            multi_defence_depth: 10,
            multi_hill_aggression2: 100,
            multi_hill_ratio10: 10,
            ..Self::xathis()
        }
    }
}

impl Config {
    /// Sets one field by name from text (`food_matching=true`, `max_turn_ms=120`): the
    /// parameters of a bot spec such as `champion(max_turn_ms=120,food_matching=false)`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn flag(v: &str) -> Result<bool, String> {
            match v {
                "true" | "on" | "1" => Ok(true),
                "false" | "off" | "0" => Ok(false),
                _ => Err(format!("`{v}` is not a boolean (true/false)")),
            }
        }
        fn int<T: std::str::FromStr>(v: &str) -> Result<T, String> {
            v.parse()
                .map_err(|_| format!("`{v}` is not a valid number"))
        }
        match key {
            "vision_explore" => self.vision_explore = flag(value)?,
            "remember_hills" => self.remember_hills = flag(value)?,
            "scored_border" => self.scored_border = flag(value)?,
            "sticky_missions" => self.sticky_missions = flag(value)?,
            "adaptive_groups" => self.adaptive_groups = flag(value)?,
            "hill_rush" => self.hill_rush = flag(value)?,
            "relative_aggression" => self.relative_aggression = flag(value)?,
            "per_player_combat" => self.per_player_combat = flag(value)?,
            "food_depth" => self.food_depth = int(value)?,
            "multi_food_depth" => self.multi_food_depth = int(value)?,
            "aggression_ratio10" => self.aggression_ratio10 = int(value)?,
            "relative_only_in_duels" => self.relative_only_in_duels = flag(value)?,
            "food_matching" => self.food_matching = flag(value)?,
            "hill_combat" => self.hill_combat = flag(value)?,
            "fight_first" => self.fight_first = flag(value)?,
            "exposure_check" => self.exposure_check = flag(value)?,
            "group_combos" => self.group_combos = int(value)?,
            "group_enemies" => self.group_enemies = int(value)?,
            "keep_away" => self.keep_away = flag(value)?,
            "close2" => self.close2 = int(value)?,
            "aggressive_count" => self.aggressive_count = int(value)?,
            "support2" => self.support2 = int(value)?,
            "dist_percent" => self.dist_percent = int(value)?,
            "approach_depth" => self.approach_depth = int(value)?,
            "chase_detached" => self.chase_detached = flag(value)?,
            "guard_depth" => self.guard_depth = int(value)?,
            "make_room" => self.make_room = flag(value)?,
            "still_turns" => self.still_turns = int(value)?,
            "safe_food" => self.safe_food = flag(value)?,
            "contest_food" => self.contest_food = flag(value)?,
            "multi_contest_food" => self.multi_contest_food = flag(value)?,
            "multi_defence" => self.multi_defence = flag(value)?,
            "multi_home_guard" => self.multi_home_guard = flag(value)?,
            "multi_hill_alarm" => self.multi_hill_alarm = int(value)?,
            "alarm_lone_raiders" => self.alarm_lone_raiders = flag(value)?,
            "defend_hills" => self.defend_hills = int(value)?,
            "multi_defend_hills" => self.multi_defend_hills = int(value)?,
            "hill_first" => self.hill_first = flag(value)?,
            "safe_hill" => self.safe_hill = flag(value)?,
            "defence_percent" => self.defence_percent = int(value)?,
            "recall_depth" => self.recall_depth = int(value)?,
            "recall_margin" => self.recall_margin = int(value)?,
            "multi_garrison_percent" => self.multi_garrison_percent = int(value)?,
            "multi_approach_surplus" => self.multi_approach_surplus = int(value)?,
            "defend_raiders_only" => self.defend_raiders_only = flag(value)?,
            "multi_defence_depth" => self.multi_defence_depth = int(value)?,
            "multi_hill_aggression2" => self.multi_hill_aggression2 = int(value)?,
            "multi_hill_ratio10" => self.multi_hill_ratio10 = int(value)?,
            "multi_sentinels" => self.multi_sentinels = int(value)?,
            "multi_hill_danger" => self.multi_hill_danger = int(value)?,
            "threat_percent" => self.threat_percent = int(value)?,
            "threat_own_only" => self.threat_own_only = flag(value)?,
            "reinforce_depth" => self.reinforce_depth = int(value)?,
            "approach_straight" => self.approach_straight = flag(value)?,
            "escape_fallback" => self.escape_fallback = flag(value)?,
            "chase_home_depth" => self.chase_home_depth = int(value)?,
            "approach_hold" => self.approach_hold = flag(value)?,
            "approach_retreat" => self.approach_retreat = flag(value)?,
            "escape_outnumbered" => self.escape_outnumbered = flag(value)?,
            "cohesion" => self.cohesion = int(value)?,
            "stay_percent" => self.stay_percent = int(value)?,
            "multi_stay_percent" => self.multi_stay_percent = int(value)?,
            "random_ties" => self.random_ties = flag(value)?,
            "max_turn_ms" => self.max_turn_ms = int(value)?,
            "margin_ms" => self.margin_ms = int(value)?,
            _ => {
                return Err(format!(
                    "unknown parameter `{key}`; known: {}",
                    Self::PARAMS.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The parameter names [`Config::set`] accepts.
    pub const PARAMS: [&'static str; 65] = [
        "vision_explore",
        "remember_hills",
        "scored_border",
        "sticky_missions",
        "adaptive_groups",
        "hill_rush",
        "relative_aggression",
        "per_player_combat",
        "food_depth",
        "multi_food_depth",
        "aggression_ratio10",
        "relative_only_in_duels",
        "food_matching",
        "hill_combat",
        "fight_first",
        "exposure_check",
        "group_combos",
        "group_enemies",
        "keep_away",
        "close2",
        "aggressive_count",
        "support2",
        "dist_percent",
        "approach_depth",
        "chase_detached",
        "guard_depth",
        "make_room",
        "still_turns",
        "safe_food",
        "contest_food",
        "multi_contest_food",
        "multi_defence",
        "multi_home_guard",
        "multi_hill_alarm",
        "alarm_lone_raiders",
        "defend_hills",
        "multi_defend_hills",
        "hill_first",
        "safe_hill",
        "defence_percent",
        "recall_depth",
        "recall_margin",
        "multi_garrison_percent",
        "multi_approach_surplus",
        "defend_raiders_only",
        "multi_defence_depth",
        "multi_hill_aggression2",
        "multi_hill_ratio10",
        "multi_sentinels",
        "multi_hill_danger",
        "threat_percent",
        "threat_own_only",
        "reinforce_depth",
        "approach_straight",
        "escape_fallback",
        "chase_home_depth",
        "approach_hold",
        "approach_retreat",
        "escape_outnumbered",
        "cohesion",
        "stay_percent",
        "multi_stay_percent",
        "random_ties",
        "max_turn_ms",
        "margin_ms",
    ];
}

/// Food: ants within this many steps are sent.
const FOOD_DEPTH: u16 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_parameters_set_by_name() {
        let mut c = Config::champion();
        c.set("max_turn_ms", "120").unwrap();
        c.set("food_matching", "false").unwrap();
        assert_eq!(c.max_turn_ms, 120);
        assert!(!c.food_matching);
        assert!(c.set("max_turn_ms", "lots").unwrap_err().contains("number"));
        assert!(
            c.set("food_matching", "maybe")
                .unwrap_err()
                .contains("boolean")
        );
        let err = c.set("nosuch", "1").unwrap_err();
        assert!(
            err.contains("unknown parameter") && err.contains("margin_ms"),
            "{err}"
        );
        // Every listed parameter is settable: numbers take "7", flags "true".
        for key in Config::PARAMS {
            if c.set(key, "7").is_err() {
                c.set(key, "true").unwrap();
            }
        }
        assert_eq!(c.aggressive_count, 7);
        assert_eq!(c.still_turns, 7);
        assert!(c.keep_away);
        assert!(c.make_room);
    }
}

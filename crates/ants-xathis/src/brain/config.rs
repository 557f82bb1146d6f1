//! The tunable behaviour of the pipeline and its three presets: [`Config::post_mortem`] (the
//! post mortem read literally), [`Config::xathis`] (the rebuild of the original) and
//! [`Config::champion`] (the improved bot).
//!
//! Every field is declared once, in the table at the end of this file: its doc comment, its
//! value in each preset, the one-line description and the allowed range of its bot-spec
//! parameter. The table generates the struct, the presets, the parameter lists of the three
//! catalogue entries ([`Config::POST_MORTEM_PARAMS`], [`Config::XATHIS_PARAMS`],
//! [`Config::CHAMPION_PARAMS`]) and [`Config::apply`], which sets the parameters a spec
//! gives through [`botspec::Args`] (so `champion(fight_first=false)` is parsed and
//! range-checked like every other bot parameter).

use botspec::{Args, Param, SpecError};

/// Generates [`Config`] and everything derived from it from one table. Each row is
///
/// ```text
/// /// doc comment of the field
/// name: type = post_mortem, xathis, champion; "spec description" [, lo..=hi];
/// ```
///
/// with literal preset values (their text is the spec default) and an inclusive range for
/// numbers (booleans take `true` / `false`).
macro_rules! config {
    (@set $cfg:ident, $args:ident, $key:ident, $lo:literal, $hi:literal) => {
        $cfg.$key = $args.get_in(stringify!($key), $lo..=$hi)?
    };
    (@set $cfg:ident, $args:ident, $key:ident) => {
        $cfg.$key = $args.get(stringify!($key))?
    };
    (@about $about:literal, $lo:literal, $hi:literal) => {
        concat!($about, " (", stringify!($lo), "..=", stringify!($hi), ")")
    };
    (@about $about:literal) => {
        $about
    };
    ($(
        $(#[doc = $doc:literal])*
        $key:ident: $ty:ty = $post_mortem:literal, $xathis:literal, $champion:literal;
            $about:literal $(, $lo:literal ..= $hi:literal)?;
    )*) => {
        /// Tunable behaviour of the pipeline; [`Config::post_mortem`] is the post mortem read
        /// literally, [`Config::xathis`] the rebuild of the original, [`Config::champion`] the
        /// improved bot.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Config {
            $($(#[doc = $doc])* pub $key: $ty,)*
        }

        impl Config {
            /// The post mortem's bot read literally (the `xathis-postmortem` bot): its
            /// pipeline, rules and constants and nothing else.
            pub fn post_mortem() -> Self {
                Self { $($key: $post_mortem,)* }
            }

            /// The rebuild of the 2011 winner (`xathis-style`): the post mortem's bot with
            /// what the original's recorded games show it does beyond the text: ants an enemy
            /// can reach are left to the fight (food by safe steps only), no chase of lone
            /// enemy ants, every enemy ant free to move in the combat search with the escape
            /// kept when a search is cut, the stay term, combat groups as large as the time
            /// allows, no preferred direction, and missions kept until there is much to
            /// explore.
            pub fn xathis() -> Self {
                Self { $($key: $xathis,)* }
            }

            /// The improved bot (`champion`): [`Config::xathis`] with relative aggression in
            /// duels and, once two enemy players have been seen, a doubled stay term,
            /// contested foods approached by safe steps, food sent for from twice as far, the
            /// home guard, the defence narrowed to enemy ants within 10 steps of an own hill,
            /// and fights beside an enemy hill that trade at even numbers.
            pub fn champion() -> Self {
                Self { $($key: $champion,)* }
            }

            /// The spec parameters of `xathis-postmortem`: every field, with its
            /// [`Config::post_mortem`] value as default, then `visualize`.
            pub const POST_MORTEM_PARAMS: &'static [Param] = &[$(Param {
                key: stringify!($key),
                default: stringify!($post_mortem),
                about: config!(@about $about $(, $lo, $hi)?),
            },)* crate::bots::VISUALIZE];

            /// The spec parameters of `xathis-style`: every field, with its
            /// [`Config::xathis`] value as default, then `visualize`.
            pub const XATHIS_PARAMS: &'static [Param] = &[$(Param {
                key: stringify!($key),
                default: stringify!($xathis),
                about: config!(@about $about $(, $lo, $hi)?),
            },)* crate::bots::VISUALIZE];

            /// The spec parameters of `champion`: every field, with its
            /// [`Config::champion`] value as default, then `visualize`.
            pub const CHAMPION_PARAMS: &'static [Param] = &[$(Param {
                key: stringify!($key),
                default: stringify!($champion),
                about: config!(@about $about $(, $lo, $hi)?),
            },)* crate::bots::VISUALIZE];

            /// Sets every field the spec gives (`champion(max_turn_ms=120)`), parsed by
            /// [`botspec`] and checked against its range; `args` must be resolved against
            /// one of the parameter lists above.
            pub fn apply(&mut self, args: &Args) -> Result<(), SpecError> {
                $(
                    if args.given(stringify!($key))?.is_some() {
                        config!(@set self, args, $key $(, $lo, $hi)?);
                    }
                )*
                Ok(())
            }
        }
    };
}

// The rows are in spec order: positional values fill it, and the canonical spec (the name a
// variant such as `champion(fight_first=false,max_turn_ms=120)` plays under) lists the given
// parameters in it.
config! {
    /// An ant on a mission only leaves it for exploring when the explore value is large
    /// (stops the cave oscillation).
    sticky_missions: bool = false, true, true;
        "an ant leaves its mission only for a large explore value";
    /// Combat group limits grow with the time left instead of being fixed.
    adaptive_groups: bool = false, true, true;
        "combat group limits grow with the time left";
    /// Fights are also aggressive where own ants outnumber the enemy ants close to the
    /// fight by [`Config::aggression_ratio10`] (not only with 14+ own ants close).
    relative_aggression: bool = false, false, true;
        "aggressive also where own ants outnumber the enemy 2:1 near the fight";
    /// Food: ants within this many steps of a food are sent (post mortem: 10).
    food_depth: u16 = 10, 10, 10;
        "ants within this many steps of a food are sent", 0..=100;
    /// [`Config::food_depth`] once two or more enemy players have been seen (4-player
    /// games).
    multi_food_depth: u16 = 10, 10, 20;
        "food_depth once two or more enemy players have been seen (4-player games)", 0..=100;
    /// Relative aggression: own ants near the fight must outnumber the enemy ants near it
    /// by this ratio, in tenths (20 = two to one).
    aggression_ratio10: u32 = 20, 20, 20;
        "relative aggression ratio in tenths (20 = two to one)", 1..=100;
    /// Relative aggression only while a single enemy player has been seen (it wins duels
    /// but loses 4-player games, where a third player profits from the trades).
    relative_only_in_duels: bool = false, false, true;
        "relative aggression only while one enemy player has been seen";
    /// Food as a matching: every food lists its nearest free own ants (BFS to `food_depth`),
    /// then (ant, food) pairs are taken shortest first, each ant and each food at most once:
    /// our reading of the post mortem's "I search from all foods via bfs and make the first
    /// ant found move" as one search from all foods at once. Off: foods in turn, the first
    /// free ant of each, so an ant nearer to a later food can be taken by an earlier one. The
    /// contested-food rule is the same.
    food_matching: bool = true, true, true;
        "food as a matching of ants to foods, shortest pairs first";
    /// Ants an enemy can reach next turn are left to the fight, defence and escape steps
    /// instead of being sent to food or enemy hills first (post mortem: food and hills come
    /// first, so an ant can walk into a fight nobody searched).
    fight_first: bool = false, true, true;
        "ants an enemy can reach are left to the fight steps";
    /// [`Config::adaptive_groups`] with 60 ms or more left: the most own move combinations
    /// one combat group may have (the fixed limit is 2048).
    group_combos: u64 = 16384, 16384, 16384;
        "adaptive groups with 60 ms left: most own move combinations per group", 1..=65536;
    /// [`Config::adaptive_groups`] with 60 ms or more left: the most enemy ants in one
    /// combat group (the fixed limit is 8).
    group_enemies: usize = 11, 11, 11;
        "adaptive groups with 60 ms left: most enemy ants per group", 1..=32;
    /// Own ants within this squared distance of a dangered ant count as close to the
    /// fight (post mortem: 77, the view radius).
    close2: u32 = 77, 77, 77;
        "squared distance within which own ants count as close to a fight", 0..=400;
    /// A fight is aggressive when some ant in it has at least this many close own ants
    /// (post mortem: 14).
    aggressive_count: usize = 14, 14, 14;
        "a fight is aggressive with this many close own ants", 0..=400;
    /// A dangered ant with an own ant within this squared distance is supported and
    /// fights; without support it escapes (post mortem: 20).
    support2: u32 = 20, 20, 20;
        "squared distance of the own ant that makes a dangered ant fight", 0..=400;
    /// Weight of the distance term of the combat evaluation, in percent (100: the post
    /// mortem's "minus the summed distances").
    dist_percent: u32 = 100, 100, 100;
        "weight of the distance term of the combat evaluation, in percent", 0..=1000;
    /// Free ants this many steps or fewer from an enemy ant walk toward it (the approach
    /// step; post mortem: 12).
    approach_depth: u16 = 12, 12, 12;
        "free ants this many steps from an enemy ant walk toward it", 0..=100;
    /// Two free ants chase every enemy ant that stands alone (the post mortem's
    /// `attackDetachedEnemies`).
    chase_detached: bool = true, false, false;
        "two free ants chase every enemy ant standing alone";
    /// Enemy ants that stood still longer than this many turns are assumed to stay this
    /// turn as well (post mortem: 5; 0: every enemy ant may move).
    still_turns: u16 = 5, 0, 0;
        "enemies still longer than this many turns are assumed to stay (0: all move)", 0..=1000;
    /// With `fight_first`, the food step may still take an ant an enemy can reach, but only
    /// with a step no enemy can reach next turn (fight-first keeps such ants from every
    /// food, which cedes the food near the front).
    safe_food: bool = false, true, true;
        "with fight first, food may take a dangered ant by a step no enemy can reach";
    /// Once two or more enemy players have been seen (4-player games), a contested food (an
    /// enemy ant at least as close as the nearest own ant) without a second own ant close
    /// enough to avenge the first is approached by steps no enemy can reach next turn instead
    /// of being given up (the post mortem: "normally I try to avoid one on one ant exchanges,
    /// but if I have another ant near the food I will sacrifice the closer ant").
    multi_contest_food: bool = false, false, true;
        "once two or more enemy players have been seen, a contested food without a second own ant near is approached by safe steps instead of given up";
    /// Once two or more enemy players have been seen (4-player games), the enemy-hill step
    /// leaves the ants that are no farther from a threatened own hill than its nearest
    /// raider (an enemy ant within the defence step's reach), so the ants at home are still
    /// free when the defence step looks for a defender (the food step may still take them).
    multi_home_guard: bool = false, false, true;
        "once two or more enemy players have been seen, the enemy-hill step leaves the ants no farther from a threatened own hill than its nearest raider";
    /// The defence step acts while the own hills number at most this many (post mortem: 4,
    /// "if I have more than 4 hills I don't defend").
    defend_hills: u16 = 4, 4, 4;
        "the defence step acts while the own hills number at most this many", 0..=100;
    /// Defence: the defender walks to the tile of the enemy's path this many percent of the
    /// way from the hill to the enemy (post mortem: 50, "the tile of the path that has ½ of
    /// the enemy dist").
    defence_percent: u16 = 50, 50, 50;
        "defence: the defender's target lies this many percent of the way from the hill to the enemy", 0..=100;
    /// From the turn a second enemy player has been seen (4-player games), the defence step
    /// meets only the enemy ants within this many steps of an own hill (0: the 2-player
    /// depth, 15).
    multi_defence_depth: u16 = 0, 0, 10;
        "once two or more enemy players have been seen, the defence step meets only enemy ants this many steps from an own hill (0: 15, as in 2-player games)", 0..=100;
    /// From the turn a second enemy player has been seen (4-player games), relative
    /// aggression ([`Config::relative_aggression`], at the ratio
    /// [`Config::multi_hill_ratio10`]) also applies to the fights with an own ant within
    /// this squared distance of an enemy hill in sight (0: off), so a raid that is not
    /// outnumbered by the hill's defenders trades its way onto the hill instead of waiting
    /// beside it.
    multi_hill_aggression2: u32 = 0, 0, 100;
        "once two or more enemy players have been seen, fights with an own ant within this squared distance of an enemy hill in sight use relative aggression, at the ratio multi_hill_ratio10 (0: off)", 0..=400;
    /// The relative aggression ratio, in tenths, of the fights within
    /// [`Config::multi_hill_aggression2`] of an enemy hill once two enemy players have been
    /// seen (0: [`Config::aggression_ratio10`]): 10 trades one for one where the own ants
    /// beside an enemy hill are at least as many as the enemy ants there.
    multi_hill_ratio10: u32 = 0, 0, 10;
        "once two or more enemy players have been seen, the relative aggression ratio in tenths of the fights within multi_hill_aggression2 of an enemy hill (0: aggression_ratio10)", 0..=100;
    /// The combat search first searches the group's escape (every ant out of every enemy's
    /// reach where it can, the others staying) and keeps it when the turn's time runs out
    /// before something better is found ([`crate::combat::Fight::escape_fallback`]); without
    /// it an unfinished search keeps the best of the combinations it reached, which try the
    /// escapes last.
    escape_fallback: bool = false, true, true;
        "combat searches the group's escape first and keeps it when time runs out";
    /// Combat: weight, in percent, of the deaths the own moves cause against enemy ants
    /// that all stay ([`crate::combat::Fight::stay_percent`]; 0: off, as in the post mortem).
    stay_percent: u32 = 0, 25, 25;
        "combat: weight in percent of the deaths the own moves cause against enemy ants that all stay", 0..=1000;
    /// The stay term's weight once two or more enemy players have been seen (4-player
    /// games), in percent; [`Config::stay_percent`] applies before that.
    multi_stay_percent: u32 = 0, 25, 50;
        "stay_percent once two or more enemy players have been seen (4-player games)", 0..=1000;
    /// Equally good choices of direction (explore sums, the BFS steps toward an enemy hill, a
    /// lone enemy or a food, shortest paths) are broken at random (seeded by the game's player
    /// seed) instead of in a fixed order; the fixed order sends ants north first. The food
    /// step keeps the BFS order.
    random_ties: bool = false, true, true;
        "equally good directions are chosen at random (seeded) instead of north first";
    /// Upper bound on the time used per turn, in milliseconds.
    max_turn_ms: u64 = 75, 75, 75;
        "upper bound on the time used per turn, in milliseconds", 1..=60000;
    /// Safety margin kept below `turntime`, in milliseconds.
    margin_ms: u64 = 60, 60, 60;
        "safety margin kept below the turn time, in milliseconds", 0..=60000;
}

#[cfg(test)]
mod tests {
    use super::*;
    use botspec::Spec;

    /// `base` with the parameters of `spec` (`name(key=value,…)`) resolved against `params`
    /// and applied.
    fn applied(base: Config, params: &'static [Param], spec: &str) -> Result<Config, SpecError> {
        let args = Args::resolve(&Spec::parse(spec)?, params)?;
        let mut cfg = base;
        cfg.apply(&args)?;
        Ok(cfg)
    }

    /// A spec that gives every parameter of `params` its declared default.
    fn all_defaults(params: &[Param]) -> String {
        let pairs: Vec<String> = params
            .iter()
            .map(|p| format!("{}={}", p.key, p.default))
            .collect();
        format!("bot({})", pairs.join(","))
    }

    #[test]
    fn the_declared_defaults_are_the_presets() {
        let keys = |ps: &[Param]| ps.iter().map(|p| p.key).collect::<Vec<_>>();
        let post_mortem = Config::POST_MORTEM_PARAMS;
        assert_eq!(keys(post_mortem), keys(Config::XATHIS_PARAMS));
        assert_eq!(keys(post_mortem), keys(Config::CHAMPION_PARAMS));
        let mut unique = keys(post_mortem);
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), post_mortem.len());
        // Every default parses, lies within its range, and applied to another preset gives
        // this preset.
        let cases = [
            (
                Config::POST_MORTEM_PARAMS,
                Config::champion(),
                Config::post_mortem(),
            ),
            (
                Config::XATHIS_PARAMS,
                Config::post_mortem(),
                Config::xathis(),
            ),
            (
                Config::CHAMPION_PARAMS,
                Config::post_mortem(),
                Config::champion(),
            ),
        ];
        for (params, base, want) in cases {
            assert_eq!(applied(base, params, &all_defaults(params)).unwrap(), want);
        }
        // No parameter given: the base stays as it is.
        let params = Config::CHAMPION_PARAMS;
        assert_eq!(
            applied(Config::xathis(), params, "champion").unwrap(),
            Config::xathis()
        );
    }

    #[test]
    fn given_values_are_parsed_and_range_checked_by_botspec() {
        let params = Config::CHAMPION_PARAMS;
        let set = |spec: &str| applied(Config::champion(), params, spec);
        let c = set("champion(max_turn_ms=120,food_matching=false)").unwrap();
        assert_eq!(c.max_turn_ms, 120);
        assert!(!c.food_matching);
        assert_eq!(
            c,
            Config {
                max_turn_ms: 120,
                food_matching: false,
                ..Config::champion()
            },
            "nothing else changes"
        );
        for bad in [
            "champion(max_turn_ms=lots)",
            "champion(max_turn_ms=0)",
            "champion(defence_percent=101)",
            "champion(food_matching=on)",
            "champion(food_matching=1)",
        ] {
            assert!(
                matches!(set(bad), Err(SpecError::BadValue { .. })),
                "{bad}: {:?}",
                set(bad)
            );
        }
        let err = set("champion(defence_percent=101)")
            .unwrap_err()
            .to_string();
        assert!(err.contains("must be within 0..=100"), "{err}");
        assert_eq!(
            set("champion(defence_percent=100)")
                .unwrap()
                .defence_percent,
            100
        );
        assert!(matches!(
            set("champion(nosuch=1)"),
            Err(SpecError::UnknownParam { .. })
        ));
    }

    #[test]
    fn numeric_parameters_show_their_range() {
        let about = |key: &str| {
            Config::CHAMPION_PARAMS
                .iter()
                .find(|p| p.key == key)
                .map(|p| p.about)
                .unwrap()
        };
        assert!(about("defence_percent").ends_with(" (0..=100)"));
        assert!(!about("fight_first").contains("..="));
    }
}

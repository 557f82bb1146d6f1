#!/usr/bin/env bash
# Games per minute of `botforge arena work` with one worker and with two workers on the
# same run, measured side by side: for each round and each worker count, the config is
# registered under a fresh run name (`arena run --limit 0`) and that many `arena work
# --threads 1` processes play it to the end; the wall time of the workers gives games per
# minute. Rounds alternate 1 and 2 workers so a drift of the machine's load hits both.
#
# usage: scripts/arena-throughput.sh BOTFORGE POSTGRES_URL [CONFIG] [ROUNDS]
#   BOTFORGE      the botforge binary (e.g. target/release/botforge)
#   POSTGRES_URL  a database the runs may be added to (postgres://…)
#   CONFIG        an arena config (default data/arena/throughput.toml)
#   ROUNDS        rounds of (1 worker, 2 workers) (default 2)
set -euo pipefail
bin=${1:?usage: $0 BOTFORGE POSTGRES_URL [CONFIG] [ROUNDS]}
db=${2:?usage: $0 BOTFORGE POSTGRES_URL [CONFIG] [ROUNDS]}
config=${3:-data/arena/throughput.toml}
rounds=${4:-2}
dir=$(dirname "$config")
copy=$(mktemp "$dir/.throughput-XXXXXX.toml")
trap 'rm -f "$copy"' EXIT
echo "workers games seconds games/min"
for round in $(seq "$rounds"); do
  for workers in 1 2; do
    run="throughput-$round-$workers-$(date +%s%N)"
    sed "1,/^name = /s/^name = .*/name = \"$run\"/" "$config" > "$copy"
    registered=$("$bin" arena run --config "$copy" --db "$db" --limit 0 2>&1) \
      || { echo "$registered" >&2; exit 1; }
    games=$(grep -o '[0-9]* games scheduled' <<<"$registered" | cut -d' ' -f1)
    start=$(date +%s.%N)
    pids=()
    for _ in $(seq "$workers"); do
      "$bin" arena work --db "$db" --run "$run" --threads 1 2>/dev/null &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    end=$(date +%s.%N)
    awk -v w="$workers" -v g="$games" -v s="$start" -v e="$end" \
      'BEGIN { printf "%d %d %.1f %.1f\n", w, g, e - s, 60 * g / (e - s) }'
  done
done

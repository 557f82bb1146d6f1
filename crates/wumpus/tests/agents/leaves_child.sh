#!/bin/sh
# Hostile agent: starts a child that never exits (its pid goes to "$1"), sits every turn
# and exits at END, leaving the child behind.
sleep 1000 &
echo $! > "$1"
while read -r line; do
    case "$line" in
        END*) exit 0 ;;
        PERCEPT*GAME_OVER*) ;;
        PERCEPT*) echo QUIT_GAME ;;
    esac
done

#!/bin/sh
# Hostile bot: starts a child that never exits (its pid goes to "$1"), then either answers
# every turn ("$2" = answer) or never answers ("$2" = hang); it ignores `end` and the end
# of its input and keeps running.
sleep 1000 &
echo $! > "$1"
if [ "$2" = answer ]; then
    while read -r line; do
        case "$line" in
            ready|go) echo go ;;
        esac
    done
fi
while :; do sleep 1; done

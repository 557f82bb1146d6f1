#!/bin/sh
# Hostile agent or bot: starts a child that never exits (its pid goes to "$1") and never
# answers.
sleep 1000 &
echo $! > "$1"
exec sleep 1000

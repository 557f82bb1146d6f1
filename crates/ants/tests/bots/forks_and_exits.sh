#!/bin/sh
# Hostile bot: leaves a child that holds its stdout open, then exits without an answer.
sleep 100 &
exit 0

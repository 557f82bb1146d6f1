#!/bin/sh
# Hostile agent: closes its stdin at once (the simulator's writes fail), then writes one
# endless line without a newline.
exec 0<&-
sleep 0.3
exec tr '\0' x < /dev/zero

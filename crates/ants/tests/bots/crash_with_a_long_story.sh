#!/bin/sh
# Crashing bot with a long stderr: 100 KB of noise, then 30 numbered last lines.
head -c 100000 /dev/zero | tr '\\0' 'x' >&2
echo >&2
for i in $(seq 1 30); do echo "last line $i" >&2; done
exit 1

#!/bin/sh
# Crashing bot: says why on stderr, then exits with an error.
echo "bot.py line 3: boom" >&2
exit 1

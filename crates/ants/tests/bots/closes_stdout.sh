#!/bin/sh
# Hostile bot: closes its stdout, then stays alive (the engine must not wait for it).
exec >&-
exec sleep 100

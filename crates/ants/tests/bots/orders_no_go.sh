#!/bin/sh
# Hostile bot: prints order lines as fast as it can and never `go`.
exec yes 'o 1 1 n'

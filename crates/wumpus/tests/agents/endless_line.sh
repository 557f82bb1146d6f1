#!/bin/sh
# Hostile agent: writes one endless line without a newline.
exec tr '\0' x < /dev/zero

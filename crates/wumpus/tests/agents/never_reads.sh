#!/bin/sh
# Hostile agent: answers SIT as fast as it can and never reads its input.
exec yes SIT

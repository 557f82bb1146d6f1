#!/bin/sh
# A bot that exits as soon as it starts.
exit 3

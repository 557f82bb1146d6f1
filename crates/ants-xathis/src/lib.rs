//! Ants bots after the 2011 winner’s post mortem: `xathis-style` and `champion` (under construction).

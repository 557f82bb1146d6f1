//! The Bern thesis Ants bot (under construction).

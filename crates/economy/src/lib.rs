//! botforge: economy (under construction).

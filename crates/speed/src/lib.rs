//! botforge: speed (under construction).

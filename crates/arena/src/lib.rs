//! botforge: arena (under construction).

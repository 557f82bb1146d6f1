//! botforge: wumpus (under construction).

//! Load measurement placeholder (replaced below).
fn main() {}

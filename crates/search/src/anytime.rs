//! Anytime searches that always hold a best-so-far answer (owned by the economy work).

//! The search tree shared by the best-first family: nodes stored once in a `Vec`, found by
//! an Fx-hashed map from node to index, each with its parent index and a per-node value
//! (cost or depth). Paths are rebuilt by following parent indices.

use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;

/// Index of "no parent".
pub(crate) const ROOT: u32 = u32::MAX;

/// One stored node.
pub(crate) struct Slot<N, C> {
    pub node: N,
    pub parent: u32,
    pub value: C,
}

/// Nodes reached so far with their parents.
pub(crate) struct Tree<N, C> {
    index: FxHashMap<N, u32>,
    pub slots: Vec<Slot<N, C>>,
}

/// What [`Tree::offer`] did with a node.
pub(crate) enum Offer {
    /// First time seen; stored at this index.
    New(u32),
    /// Seen before with a worse value; updated in place at this index.
    Improved(u32),
    /// Seen before with a value at least as good; ignored.
    Kept,
}

impl<N: Clone + Eq + Hash, C: Copy> Tree<N, C> {
    /// A tree holding only `root`.
    pub fn new(root: N, value: C) -> Self {
        let mut index = FxHashMap::default();
        index.insert(root.clone(), 0);
        Self {
            index,
            slots: vec![Slot {
                node: root,
                parent: ROOT,
                value,
            }],
        }
    }

    /// Number of nodes stored.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Stores `node` reached from `parent` with `value` unless it is already stored with a
    /// value that `better(new, old)` does not beat.
    #[inline]
    pub fn offer(
        &mut self,
        node: N,
        parent: u32,
        value: C,
        better: impl FnOnce(C, C) -> bool,
    ) -> Offer {
        match self.index.entry(node) {
            Entry::Vacant(e) => {
                let i = self.slots.len() as u32;
                self.slots.push(Slot {
                    node: e.key().clone(),
                    parent,
                    value,
                });
                e.insert(i);
                Offer::New(i)
            }
            Entry::Occupied(e) => {
                let i = *e.get();
                let slot = &mut self.slots[i as usize];
                if better(value, slot.value) {
                    slot.parent = parent;
                    slot.value = value;
                    Offer::Improved(i)
                } else {
                    Offer::Kept
                }
            }
        }
    }

    /// The path from the root to node `i`.
    pub fn path(&self, mut i: u32) -> Vec<N> {
        let mut path = Vec::new();
        while i != ROOT {
            let slot = &self.slots[i as usize];
            path.push(slot.node.clone());
            i = slot.parent;
        }
        path.reverse();
        path
    }
}

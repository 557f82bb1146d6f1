//! The search tree shared by the best-first family: nodes stored once in a `Vec`, each with
//! its parent index and a per-node value (cost or depth), found by an Fx-hashed table that
//! holds only the 4-byte slot indices (the key is compared in the slot). Paths are rebuilt by
//! following parent indices.
//!
//! Why an index-only table: on a 32 000-node search the table of `u32` is a third of the
//! size of one holding `(node, u32)` pairs, so it stays in L2; the key comparison reads the
//! slot, which for breadth-first and best-first orders is one expanded or generated
//! recently, so it is usually in L1 already.

use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

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
    index: HashTable<u32>,
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
        let mut index = HashTable::new();
        index.insert_unique(FxBuildHasher.hash_one(&root), 0, |_| 0);
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
        if self.index.len() == self.index.capacity() {
            self.grow();
        }
        let slots = &self.slots;
        let entry = self.index.entry(
            FxBuildHasher.hash_one(&node),
            |&i| slots[i as usize].node == node,
            |&i| FxBuildHasher.hash_one(&slots[i as usize].node),
        );
        match entry {
            Entry::Vacant(e) => {
                let i = self.slots.len() as u32;
                e.insert(i);
                self.slots.push(Slot {
                    node,
                    parent,
                    value,
                });
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

    /// Replaces the full index table by one with room for four times as many nodes (fewer
    /// rebuilds: every node is rehashed about 1.3 times in all instead of 2), filled by
    /// walking the slots in order: hashbrown's own resize walks the old table, so reading
    /// each node to rehash it is a random access into the slots, while this walk is
    /// sequential and only the writes into the new table are random.
    #[cold]
    fn grow(&mut self) {
        let hash = |i: &u32| FxBuildHasher.hash_one(&self.slots[*i as usize].node);
        let mut index = HashTable::with_capacity(4 * self.slots.len().max(4));
        for (i, slot) in self.slots.iter().enumerate() {
            index.insert_unique(FxBuildHasher.hash_one(&slot.node), i as u32, hash);
        }
        self.index = index;
    }

    /// Whether `node` is the parent of the node at index `i`: on undirected graphs one
    /// successor of every expanded node is its parent, which is in the tree with a value at
    /// least as good (costs are non-negative), so it can be skipped without a hash lookup.
    #[inline]
    pub fn is_parent_of(&self, i: u32, node: &N) -> bool {
        let parent = self.slots[i as usize].parent;
        parent != ROOT && self.slots[parent as usize].node == *node
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Tens of thousands of offers (several growths of the index table) give the same
    /// New / Improved / Kept answers, indices, values and parents as a plain `HashMap`.
    #[test]
    fn offers_match_a_hash_map_through_growth() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut tree: Tree<(i32, u64), u32> = Tree::new((0, 0), 0);
        // node -> (index, value, parent)
        let mut reference: HashMap<(i32, u64), (u32, u32, u32)> =
            HashMap::from([((0, 0), (0, 0, ROOT))]);
        for _ in 0..60_000 {
            let node = (rng.random_range(-200..200), rng.random_range(0..100));
            let parent = rng.random_range(0..tree.len() as u32);
            let value = rng.random_range(0..1000);
            let got = tree.offer(node, parent, value, |new, old| new < old);
            let next = reference.len() as u32;
            match reference.get_mut(&node) {
                None => {
                    assert!(matches!(got, Offer::New(i) if i == next));
                    reference.insert(node, (next, value, parent));
                }
                Some((i, old, from)) if value < *old => {
                    assert!(matches!(got, Offer::Improved(j) if j == *i));
                    (*old, *from) = (value, parent);
                }
                Some(_) => assert!(matches!(got, Offer::Kept)),
            }
        }
        assert!(reference.len() > 30_000);
        assert_eq!(tree.len(), reference.len());
        for (node, &(i, value, parent)) in &reference {
            let slot = &tree.slots[i as usize];
            assert_eq!((&slot.node, slot.value, slot.parent), (node, value, parent));
            if parent != ROOT {
                assert!(tree.is_parent_of(i, &tree.slots[parent as usize].node));
            }
        }
    }

    #[test]
    fn path_follows_parents() {
        let mut tree: Tree<u8, ()> = Tree::new(10, ());
        assert!(matches!(
            tree.offer(11, 0, (), |(), ()| false),
            Offer::New(1)
        ));
        assert!(matches!(
            tree.offer(12, 1, (), |(), ()| false),
            Offer::New(2)
        ));
        assert!(matches!(tree.offer(11, 2, (), |(), ()| false), Offer::Kept));
        assert_eq!(tree.path(2), vec![10, 11, 12]);
        assert!(
            tree.is_parent_of(2, &11) && !tree.is_parent_of(2, &10) && !tree.is_parent_of(0, &10)
        );
    }
}

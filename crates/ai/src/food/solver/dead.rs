//! The table of dead positions (no way to one marble), shared by threads.
//!
//! A hint's two threads prove the same position (one from the position
//! itself, one through the positions after each move): sharing one table,
//! each skips what the other has proven. A position is dead whoever proved
//! it, so any entry is sound to use; a slot being written is skipped, and a
//! write that finds its slot busy is dropped (the table is lossy anyway).
//!
//! A slot is two words: the key's low 64 bits, then its high bits (grid
//! positions use at most 121 bits, so 57) with a 6-bit version and a lock
//! bit on top. A reader takes the high word, the low word and the high word
//! again, and trusts the slot only if the two high words agree and are
//! unlocked (a seqlock): a low word from a write in between comes with a
//! changed version.

use std::sync::atomic::{AtomicU64, Ordering, fence};

/// The key's bits held in the high word.
const HIGH: u64 = (1 << 57) - 1;
const VERSION_ONE: u64 = 1 << 57;
const VERSION: u64 = 63 << 57;
const LOCK: u64 = 1 << 63;

/// The slots' words, zeroed. See `DeadTable`.
enum Words {
    Mapped { map: memmap2::MmapRaw, huge: bool },
    Owned(Vec<AtomicU64>),
}

/// Zeroed memory of `bytes` bytes, mapped (lazily: a large table costs
/// only what its search touches), with the advice to use huge pages if
/// `huge`; `None` under a megabyte (no system call for it) or if memory
/// cannot be mapped.
pub(super) fn mapped_zeroed(bytes: usize, huge: bool) -> Option<memmap2::MmapMut> {
    if bytes < 1 << 20 {
        return None;
    }
    let map = memmap2::MmapOptions::new().len(bytes).map_anon().ok()?;
    // Only advice: without huge pages the table still works.
    #[cfg(target_os = "linux")]
    if huge {
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    Some(map)
}

/// A key's hash, for the bucket (low bits) and the slot a full bucket
/// gives up (top bits).
pub(super) fn hash(k: u128) -> usize {
    let v = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let v = (v ^ (v >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (v ^ (v >> 32)) as usize
}

impl Words {
    fn zeroed(words: usize, huge: bool) -> Words {
        match mapped_zeroed(words * size_of::<u64>(), huge) {
            Some(map) => Words::Mapped {
                map: memmap2::MmapRaw::from(map),
                huge,
            },
            None => Words::Owned((0..words).map(|_| AtomicU64::new(0)).collect()),
        }
    }

    fn get(&self) -> &[AtomicU64] {
        match self {
            Words::Mapped { map, .. } => {
                // SAFETY: the mapping is page-aligned, zeroed, `len` bytes
                // long and lives as long as `self`; it is only ever reached
                // through this slice of atomics (`MmapRaw` hands out a raw
                // pointer, no reference to its bytes).
                unsafe {
                    std::slice::from_raw_parts(
                        map.as_mut_ptr().cast::<AtomicU64>(),
                        map.len() / size_of::<u64>(),
                    )
                }
            }
            Words::Owned(v) => v,
        }
    }
}

/// A lossy set of dead positions: a fixed array, 4 slots (one cache line)
/// per bucket. Losing an entry only costs search again, never a wrong
/// answer. Most of a large search's time goes to looking keys up at random,
/// which huge pages make about a third faster on the 2-core machine; but
/// the system clears a huge page whole, and on a small search (most hints)
/// that costs more than it saves: so a table moves onto huge pages once its
/// search has grown (`move_to_huge_pages`).
pub(super) struct DeadTable {
    words: Words,
    /// Slots less one bucket: a bucket's first slot is `hash & mask`.
    mask: usize,
}

impl DeadTable {
    /// A table of `2^bits` slots. Zeroed memory is mapped lazily, so a large
    /// table costs only what the search touches.
    pub(super) fn new(bits: u32) -> DeadTable {
        DeadTable::with_bits(bits, false)
    }

    fn with_bits(bits: u32, huge: bool) -> DeadTable {
        DeadTable {
            words: Words::zeroed(2 << bits, huge),
            mask: (1 << bits) - 4,
        }
    }

    /// log2 of the slots.
    pub(super) fn bits(&self) -> u32 {
        (self.mask + 4).trailing_zeros()
    }

    /// The key in slot `i`, if no write is under way there.
    fn read(words: &[AtomicU64], i: usize) -> Option<u128> {
        let high = words[2 * i + 1].load(Ordering::Acquire);
        if high & LOCK != 0 {
            return None;
        }
        let low = words[2 * i].load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        (words[2 * i + 1].load(Ordering::Relaxed) == high)
            .then_some(((high & HIGH) as u128) << 64 | low as u128)
    }

    pub(super) fn contains(&self, k: u128) -> bool {
        let b = hash(k) & self.mask;
        let words = self.words.get();
        (b..b + 4).any(|i| DeadTable::read(words, i) == Some(k))
    }

    /// Stores `k` (a grid position: under 2^121) in its bucket's first free
    /// slot, or over one picked by the hash; dropped if that slot is being
    /// written.
    pub(super) fn put(&self, k: u128) {
        debug_assert!(k >> 121 == 0 && k != 0, "{k:#x}");
        let h = hash(k);
        let b = h & self.mask;
        let words = self.words.get();
        let mut free = None;
        for i in b..b + 4 {
            match DeadTable::read(words, i) {
                Some(key) if key == k => return,
                Some(0) if free.is_none() => free = Some(i),
                _ => {}
            }
        }
        let i = free.unwrap_or(b + (h >> 60) % 4);
        let slot_high = &words[2 * i + 1];
        let before = slot_high.load(Ordering::Relaxed);
        if before & LOCK != 0
            || slot_high
                .compare_exchange(before, before | LOCK, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        words[2 * i].store(k as u64, Ordering::Relaxed);
        let version = (before & VERSION).wrapping_add(VERSION_ONE) & VERSION;
        slot_high.store((k >> 64) as u64 | version, Ordering::Release);
    }

    /// Moves the entries onto huge pages (once; see `DeadTable`), into a
    /// table of `2^bits` slots if this one is smaller. Put back in slot
    /// order, at the same size every entry keeps its slot (buckets fill
    /// from their first slot); empty slots are not written, so pages
    /// nothing was stored in stay unmapped.
    pub(super) fn move_to_huge_pages(&mut self, bits: u32) {
        if self.bits() >= bits && !matches!(self.words, Words::Mapped { huge: false, .. }) {
            return;
        }
        let moved = DeadTable::with_bits(bits.max(self.bits()), true);
        let words = self.words.get();
        for i in 0..self.mask + 4 {
            if let Some(k) = DeadTable::read(words, i)
                && k != 0
            {
                moved.put(k);
            }
        }
        *self = moved;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Barrier;
    use std::sync::atomic::{AtomicBool, AtomicUsize};

    fn random_keys(seed: u64, n: usize) -> Vec<u128> {
        let mut rng = starhop_engine::Rng::new(seed);
        (0..n)
            .map(|_| {
                let k = (rng.next_u64() as u128) << 64 | rng.next_u64() as u128 | 1;
                k & ((1 << 121) - 1)
            })
            .collect()
    }

    /// A small table grown to its full size keeps every entry it held and
    /// has room for more; one that is already full size keeps its entries
    /// on huge pages; and no key that was not put is ever found.
    #[test]
    fn a_grown_dead_table_keeps_its_entries() {
        let keys = random_keys(5, 20_000);
        let mut table = DeadTable::new(16);
        for &k in &keys {
            table.put(k);
        }
        let held: Vec<u128> = keys
            .iter()
            .copied()
            .filter(|&k| table.contains(k))
            .collect();
        assert!(held.len() > 15_000, "{} of 20,000 held", held.len());
        table.move_to_huge_pages(20);
        assert_eq!(table.bits(), 20);
        assert!(held.iter().all(|&k| table.contains(k)));
        table.move_to_huge_pages(20);
        assert!(held.iter().all(|&k| table.contains(k)));
        // Never a key that was not put, even one differing in a single word.
        assert!(random_keys(6, 20_000).iter().all(|&k| !table.contains(k)));
        assert!(!held.iter().any(|&k| table.contains(k ^ 1 << 70)));
        assert!(!held.iter().any(|&k| table.contains(k ^ 2)));
    }

    /// One thread overwriting a bucket while another reads it: every key
    /// read is one that was put, never the high word of one key with the
    /// low word of another.
    #[test]
    fn a_reader_never_sees_a_torn_key() {
        // One bucket of 4 slots, and keys whose two words are equal.
        let table = DeadTable::new(2);
        let keys: Vec<u128> = (1..=64u128).map(|i| i << 64 | i).collect();
        let (writes, together) = (AtomicUsize::new(0), Barrier::new(2));
        let done = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                together.wait();
                for k in keys.iter().cycle() {
                    if done.load(Ordering::Relaxed) {
                        break;
                    }
                    table.put(*k);
                    writes.fetch_add(1, Ordering::Relaxed);
                }
            });
            // Reads while the writer runs, until it has written four million
            // times (then it stops).
            together.wait();
            let (mut read, mut torn) = (0u64, None);
            while writes.load(Ordering::Relaxed) < 4_000_000 {
                for i in 0..4 {
                    match DeadTable::read(table.words.get(), i) {
                        Some(k) if k >> 64 != k & u64::MAX as u128 => torn = Some(k),
                        Some(k) => read += (k != 0) as u64,
                        None => {}
                    }
                }
            }
            // Asserted once the writer is told to stop.
            done.store(true, Ordering::Relaxed);
            assert_eq!(torn, None, "a torn key");
            assert!(read > 0);
        });
        assert!(keys.iter().filter(|&&k| table.contains(k)).count() == 4);
    }
}

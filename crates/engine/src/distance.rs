//! Minimum-cost assignment (the Hungarian method with potentials), used for a
//! player's remaining distance: which marble should fill which target hole so
//! that the total number of steps is least. O(n³) for n ≤ 15 marbles.

/// The least total cost of matching every source to a distinct sink (equal counts).
pub fn min_assignment(sources: &[u8], sinks: &[u8], cost: impl Fn(u8, u8) -> u32) -> u32 {
    let n = sources.len();
    debug_assert_eq!(n, sinks.len());
    if n == 0 {
        return 0;
    }
    let c = |i: usize, j: usize| cost(sources[i - 1], sinks[j - 1]) as i64;
    // 1-based arrays as in the classic formulation; column 0 is a sentinel.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !used[j] {
                    let cur = c(i0, j) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    (1..=n).map(|j| c(p[j], j) as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute(sources: &[u8], sinks: &[u8], cost: &impl Fn(u8, u8) -> u32) -> u32 {
        fn go(
            i: usize,
            used: &mut Vec<bool>,
            s: &[u8],
            t: &[u8],
            cost: &impl Fn(u8, u8) -> u32,
        ) -> u32 {
            if i == s.len() {
                return 0;
            }
            let mut best = u32::MAX;
            for j in 0..t.len() {
                if !used[j] {
                    used[j] = true;
                    best = best.min(cost(s[i], t[j]) + go(i + 1, used, s, t, cost));
                    used[j] = false;
                }
            }
            best
        }
        go(0, &mut vec![false; sinks.len()], sources, sinks, cost)
    }

    proptest! {
        #[test]
        fn matches_brute_force(costs in proptest::collection::vec(0u32..50, 36), n in 1usize..=6) {
            let ids: Vec<u8> = (0..n as u8).collect();
            let cost = |a: u8, b: u8| costs[a as usize * 6 + b as usize];
            prop_assert_eq!(min_assignment(&ids, &ids, cost), brute(&ids, &ids, &cost));
        }
    }
}

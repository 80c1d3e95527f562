//! Minimum-cost assignment (the Hungarian method with potentials), used for a
//! player's remaining distance: which marble should fill which target hole so
//! that the total number of steps is least. O(n³) for n ≤ 15 marbles.

/// The least total cost of matching every source to a distinct sink. With
/// unequal counts, every item of the smaller side is matched.
pub fn min_assignment(sources: &[u8], sinks: &[u8], cost: impl Fn(u8, u8) -> u32) -> u32 {
    if sources.len() <= sinks.len() {
        hungarian(sources.len(), sinks.len(), &|i, j| {
            cost(sources[i], sinks[j])
        })
    } else {
        hungarian(sinks.len(), sources.len(), &|i, j| {
            cost(sources[j], sinks[i])
        })
    }
}

/// Minimum-cost matching of all `n` rows into `m >= n` columns; `cost(row, column)`, 0-based.
fn hungarian(n: usize, m: usize, cost: &dyn Fn(usize, usize) -> u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let c = |i: usize, j: usize| cost(i - 1, j - 1) as i64;
    // 1-based arrays as in the classic formulation; column 0 is a sentinel.
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut p = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=m {
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
            for j in 0..=m {
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
    (1..=m)
        .filter(|&j| p[j] != 0)
        .map(|j| c(p[j], j) as u32)
        .sum()
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
        fn matches_brute_force(costs in proptest::collection::vec(0u32..50, 36), n in 0usize..=6, m in 0usize..=6) {
            let rows: Vec<u8> = (0..n as u8).collect();
            let cols: Vec<u8> = (0..m as u8).collect();
            let cost = |a: u8, b: u8| costs[a as usize * 6 + b as usize];
            let expected = if n <= m {
                brute(&rows, &cols, &cost)
            } else {
                brute(&cols, &rows, &|a, b| cost(b, a))
            };
            prop_assert_eq!(min_assignment(&rows, &cols, cost), expected);
        }
    }
}

/**
 * `compute(key)`, kept per key, for hot paths whose keys come from a small
 * set (the lane's URLs, statuses, Accept-Encoding values): at most `bound`
 * entries, all dropped when the bound is reached, so a stream of unusual
 * keys costs a recomputation, never unbounded memory.
 */
export function memoize<K, V>(compute: (key: K) => V, bound = 256): (key: K) => V {
  const known = new Map<K, V>();
  return (key: K): V => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= bound) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Reads asked for in the same turn of the event loop, made as one: every key asked before the turn ends waits for
 * the same `read` of all of them. A key the read leaves out gets `missing`; a failed read fails every waiter.
 */
export function batchPerTurn<Key, Value>(
  read: (keys: Key[]) => Promise<Map<Key, Value>>,
  missing: Value,
): (key: Key) => Promise<Value> {
  type Waiter = { resolve: (value: Value) => void; reject: (error: unknown) => void };
  let pending: Map<Key, Waiter[]> | null = null;
  return (key: Key) =>
    new Promise<Value>((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map<Key, Waiter[]>());
        setImmediate(() => {
          pending = null;
          read([...batch.keys()]).then(
            (values) => {
              for (const [asked, waiters] of batch)
                for (const waiter of waiters)
                  waiter.resolve(values.has(asked) ? values.get(asked)! : missing);
            },
            (error: unknown) => {
              for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
            },
          );
        });
      }
      const waiters = pending.get(key) ?? [];
      waiters.push({ resolve, reject });
      pending.set(key, waiters);
    });
}

/**
 * Counts kept in the process's memory until they are written in one batch (a post's views: a page GET writes
 * nothing). Each process keeps its own; their batches add up in the database.
 */
export class CounterBuffer {
  private readonly pending = new Map<number, number>();

  /** Counts one more for `id`. */
  add(id: number, by = 1): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + by);
  }

  /** What `id` has gathered since the last batch, to show beside the stored count. */
  pendingFor(id: number): number {
    return this.pending.get(id) ?? 0;
  }

  get size(): number {
    return this.pending.size;
  }

  /**
   * Hands the gathered counts to `write` and forgets them; when `write` fails they are counted again, so a failed
   * batch loses nothing. Answers how many ids were written.
   */
  async drain(
    write: (counts: ReadonlyArray<readonly [id: number, count: number]>) => Promise<void>,
  ): Promise<number> {
    if (this.pending.size === 0) return 0;
    const counts = [...this.pending];
    this.pending.clear();
    try {
      await write(counts);
    } catch (error) {
      for (const [id, count] of counts) this.add(id, count);
      throw error;
    }
    return counts.length;
  }
}

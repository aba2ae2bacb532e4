/**
 * Which items a transaction is working on, and which a single-item write is, so they conflict as in
 * DynamoDB: a transaction touching an item another transaction or a write is still working on is
 * cancelled (`TransactionConflict`), and a write to an item a transaction holds is refused
 * (`TransactionConflictException`). Nothing waits: AWS does not queue them either.
 */

/** Releases what was taken. */
export type Release = () => void;

export class ItemGate {
  private readonly transactions = new Set<string>();
  private readonly writes = new Map<string, number>();

  /**
   * Holds every item for one transaction, or answers the positions of the items that conflict (held by
   * another transaction, or under a single-item write in flight).
   */
  holdForTransaction(ids: readonly string[]): Release | { conflicts: number[] } {
    const conflicts = ids.flatMap((id, index) =>
      this.transactions.has(id) || this.writes.has(id) ? [index] : [],
    );
    if (conflicts.length > 0) return { conflicts };
    for (const id of ids) this.transactions.add(id);
    return () => {
      for (const id of ids) this.transactions.delete(id);
    };
  }

  /** Marks the items of a single-item (or batch) write in flight; undefined when a transaction holds one. */
  enterWrite(ids: readonly string[]): Release | undefined {
    if (ids.some((id) => this.transactions.has(id))) return undefined;
    for (const id of ids) this.writes.set(id, (this.writes.get(id) ?? 0) + 1);
    return () => {
      for (const id of ids) {
        const left = (this.writes.get(id) ?? 1) - 1;
        if (left > 0) this.writes.set(id, left);
        else this.writes.delete(id);
      }
    };
  }
}

/** Keeps the best `capacity` slots seen (higher score, then lower profile id) in a min-heap; no allocation per offer. */
export class BestOf {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly capacity: number,
    private readonly ids: string[],
    private readonly idKeys: Uint32Array,
  ) {}

  get full(): boolean {
    return this.slots.length >= this.capacity;
  }

  /** The lowest score kept (meaningful once full). */
  get worstScore(): number {
    return this.scores[0] ?? -Infinity;
  }

  /** Whether (scoreA, slotA) ranks below (scoreB, slotB): a lower score, or the same and a later id. */
  private worse(scoreA: number, slotA: number, scoreB: number, slotB: number): boolean {
    if (scoreA !== scoreB) return scoreA < scoreB;
    const keyA = this.idKeys[slotA]!;
    const keyB = this.idKeys[slotB]!;
    return keyA !== keyB ? keyA > keyB : this.ids[slotA]! > this.ids[slotB]!;
  }

  private swap(i: number, j: number): void {
    [this.slots[i], this.slots[j]] = [this.slots[j]!, this.slots[i]!];
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
  }

  private below(i: number, j: number): boolean {
    return this.worse(this.scores[i]!, this.slots[i]!, this.scores[j]!, this.slots[j]!);
  }

  offer(slot: number, score: number): void {
    const n = this.slots.length;
    if (n < this.capacity) {
      this.slots.push(slot);
      this.scores.push(score);
      for (let i = n; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    // Most candidates rank below the worst one kept: rejected at once.
    if (n === 0 || this.worse(score, slot, this.scores[0]!, this.slots[0]!)) return;
    this.slots[0] = slot;
    this.scores[0] = score;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let lowest = i;
      if (left < n && this.below(left, lowest)) lowest = left;
      if (right < n && this.below(right, lowest)) lowest = right;
      if (lowest === i) break;
      this.swap(i, lowest);
      i = lowest;
    }
  }

  /** Best first. */
  sorted(): { slot: number; score: number }[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i]! }))
      .sort((a, b) => (this.worse(a.score, a.slot, b.score, b.slot) ? 1 : this.worse(b.score, b.slot, a.score, a.slot) ? -1 : 0));
  }
}

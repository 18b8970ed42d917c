import type { Columns } from './columns';

/**
 * The listed slots of each gender in the order their profiles were made (oldest first; ties by profile id, as the
 * ranking orders ties), so "newest first" reads from the end and stops once a page is full instead of reading every
 * candidate. A profile's creation time never changes, so a slot keeps its place while it is listed; a new profile
 * goes at the end (one binary search, then an append). Built in one sort after a load, where inserting one by one
 * in id order would move the array a million times.
 */
export class CreationOrder {
  readonly byGender: number[][] = [[], []];
  private listed = new Uint8Array(0);
  private building = false;

  constructor(private readonly columns: Columns) {}

  /** From now until `finishBuilding`, slots are only marked, and ordered in one sort at the end. */
  startBuilding(): void {
    this.building = true;
  }

  finishBuilding(): void {
    this.building = false;
    const c = this.columns;
    for (const gender of [0, 1]) {
      const slots: number[] = [];
      for (let slot = 0; slot < c.end; slot++) if (this.listed[slot] === 1 && c.gender[slot] === gender) slots.push(slot);
      slots.sort((a, b) => this.compare(a, b));
      this.byGender[gender] = slots;
    }
  }

  /**
   * Whether the slot is listed now. While a reload builds the order (after a lost connection), the arrays still hold
   * the order from before: a slot that left meanwhile is skipped by this, and one reused is only out of place.
   */
  isListed(slot: number): boolean {
    return this.listed[slot] === 1;
  }

  /** A slot joins the list (its columns current). */
  add(slot: number): void {
    this.mark(slot, 1);
    if (this.building) return;
    const slots = this.byGender[this.columns.gender[slot]!]!;
    slots.splice(this.positionFor(slots, slot), 0, slot);
  }

  /** A slot leaves the list (before its columns change). */
  remove(slot: number): void {
    if (this.listed[slot] !== 1) return;
    this.mark(slot, 0);
    if (this.building) return;
    // A listed slot's creation time and id do not change, so it is where the binary search puts it.
    const slots = this.byGender[this.columns.gender[slot]!]!;
    const at = this.positionFor(slots, slot) - 1;
    if (slots[at] === slot) slots.splice(at, 1);
  }

  private mark(slot: number, value: 0 | 1): void {
    if (slot >= this.listed.length) {
      const grown = new Uint8Array(Math.max(1024, this.listed.length * 2, slot + 1));
      grown.set(this.listed);
      this.listed = grown;
    }
    this.listed[slot] = value;
  }

  /** Where `slot` goes: after every slot that sorts before it or equal to it. */
  private positionFor(slots: number[], slot: number): number {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.compare(slots[middle]!, slot) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Older first; the same time: the later profile id first, so that from the end ties read as the ranking's (lower id first). */
  private compare(a: number, b: number): number {
    const c = this.columns;
    const byTime = c.createdAt[a]! - c.createdAt[b]!;
    if (byTime !== 0) return byTime;
    const keyA = c.idKey[a]!;
    const keyB = c.idKey[b]!;
    if (keyA !== keyB) return keyB - keyA;
    const idA = c.id[a]!;
    const idB = c.id[b]!;
    return idA === idB ? 0 : idA < idB ? 1 : -1;
  }
}

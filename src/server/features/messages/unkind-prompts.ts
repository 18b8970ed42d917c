/**
 * How "Are you sure?" prompts end, for /metrics only (issue 50): a prompt is shown (409 message-unkind), then the
 * sender either sends anyway (`sent-anyway`: the message is delivered marked) or sends the same person a message that
 * passes, without sendAnyway, within REPHRASE_WINDOW_MS (`rephrased`); a prompt that ends neither way was let go.
 *
 * Kept in this process's memory, not in a table: it is a rough product number, and a table would add a write to a
 * refused send and a read to every send, on the path whose time the issue bounds. What that costs: a restart forgets
 * the open prompts, and with several app processes a rephrase answered by another process than the prompt is not
 * counted, so `rephrased` is a lower bound. Only a pair of ids and a time are held, never a word, and at most
 * MAX_OPEN_PROMPTS (the oldest go first).
 */
const REPHRASE_WINDOW_MS = 10 * 60_000;
const MAX_OPEN_PROMPTS = 10_000;

type PromptOutcome = 'sent-anyway' | 'rephrased';

export class UnkindPrompts {
  /** The last prompt's time per "sender receiver", oldest first (a Map keeps insertion order). */
  private readonly open = new Map<string, number>();
  readonly outcomes: Record<PromptOutcome, number> = { 'sent-anyway': 0, rephrased: 0 };
  prompts = 0;

  constructor(private readonly now: () => number = Date.now) {}

  prompted(senderId: string, receiverId: string): void {
    this.prompts += 1;
    const key = `${senderId} ${receiverId}`;
    this.open.delete(key);
    this.open.set(key, this.now());
    if (this.open.size > MAX_OPEN_PROMPTS) this.open.delete(this.open.keys().next().value!);
  }

  /** A message from sender to receiver was delivered; `marked` when it went out anyway, hurtful words and all. */
  delivered(senderId: string, receiverId: string, marked: boolean): void {
    if (marked) this.outcomes['sent-anyway'] += 1;
    if (this.open.size === 0) return;
    const key = `${senderId} ${receiverId}`;
    const at = this.open.get(key);
    if (at === undefined) return;
    this.open.delete(key);
    if (!marked && this.now() - at <= REPHRASE_WINDOW_MS) this.outcomes.rephrased += 1;
  }
}

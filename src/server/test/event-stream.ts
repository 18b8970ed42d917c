/** A real Server-Sent Events client over fetch, for tests: collects events and waits for them. */
export interface ReceivedEvent {
  id?: string;
  event?: string;
  data?: string;
}

export interface EventStreamClient {
  events: ReceivedEvent[];
  /** The stream's response headers (the cluster test reads which process behind the proxy holds it). */
  headers: Headers;
  /** Resolves with the first event matching, waiting up to `timeoutMs`. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  onEvent?: (event: ReceivedEvent) => void,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status} ${await response.text()}`);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: ReceivedEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            if (field === 'event') event.event = value;
            if (field === 'data') event.data = value;
          }
          if (event.event || event.data) {
            events.push(event);
            onEvent?.(event);
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // Aborted by close(): the stream is over.
    }
  })();
  return {
    events,
    headers: response.headers,
    ended,
    close: () => controller.abort(),
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

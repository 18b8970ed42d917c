import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '#web/lib/query-keys';
import { refreshCurrentUser } from './current-user';

/**
 * The verification link's page marks the email verified while its first fetch of the user may still be on its way
 * (both start on arrival). That fetch was read before the change; the refresh must not let it stand.
 */
describe('refreshCurrentUser', () => {
  /** The user as the server answers each call: read when the call arrives, sent when the test resolves it. */
  function server() {
    const answers: { resolve: () => void }[] = [];
    let verified = false;
    const queryFn = ({ signal }: { signal: AbortSignal }) => {
      const readNow = { emailVerified: verified };
      return new Promise<{ emailVerified: boolean }>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
        answers.push({ resolve: () => resolve(readNow) });
      });
    };
    return { queryFn, answers, verify: () => (verified = true) };
  }

  async function raceOnArrival(refresh: (client: QueryClient) => Promise<void>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { queryFn, answers, verify } = server();
    const observer = new QueryObserver(client, { queryKey: currentUserKey, queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(answers).toHaveLength(1); // the page's first fetch, in flight
    verify();
    const refreshed = refresh(client);
    // The first answer arrives now, after the change, with what it read before it; then any fetch made since.
    answers[0]!.resolve();
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const answer of answers.slice(1)) answer.resolve();
    }
    await refreshed;
    const data = client.getQueryData<{ emailVerified: boolean }>(currentUserKey);
    unsubscribe();
    client.clear();
    return data;
  }

  it('asks again after the change, even while the first fetch is still on its way', async () => {
    expect(await raceOnArrival(refreshCurrentUser)).toEqual({ emailVerified: true });
  });

  it('is needed: invalidating alone keeps the answer read before the change', async () => {
    expect(await raceOnArrival((client) => client.invalidateQueries({ queryKey: currentUserKey }))).toEqual({ emailVerified: false });
  });
});

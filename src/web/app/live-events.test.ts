import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterMessage } from './live-event-stream';

function clientWithSpy() {
  const client = new QueryClient();
  const calls: unknown[] = [];
  const original = client.invalidateQueries.bind(client);
  client.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    calls.push(filters?.queryKey);
    return original(filters);
  }) as typeof client.invalidateQueries;
  return { client, calls };
}

describe('refreshAfterMessage', () => {
  it('refreshes the thread with the sender, then the conversation list, for a message received', async () => {
    const { client, calls } = clientWithSpy();
    await refreshAfterMessage(client, 'me', { senderId: 'them', receiverId: 'me' });
    expect(calls).toEqual([['/api/messages', 'them'], ['/api/conversations']]);
  });

  it('refreshes the thread with the receiver for a message sent (from another tab)', async () => {
    const { client, calls } = clientWithSpy();
    await refreshAfterMessage(client, 'me', { senderId: 'me', receiverId: 'them' });
    expect(calls).toEqual([['/api/messages', 'them'], ['/api/conversations']]);
  });
});

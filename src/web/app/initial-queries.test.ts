import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BROWSE_FIRST_PAGE, MEMBER_SHELL_ANSWERS, memberPageAt } from '#domain/site/member-pages';
import { currentUserKey } from '#web/lib/query-keys';
import { myIntroductionsKey, myRequestsKey } from '#web/features/introductions/api/introductions';
import { matchDetailKey, matchesKey } from '#web/features/matches/api/matches';
import { ownProfileKey } from '#web/features/profiles/api/own-profile';
import { conversationsKey, otherUserInfoKey, threadKey } from '#web/lib/query-keys';
import { queryKeyOf, seedInitialQueries } from './initial-queries';

const id = '0b7d4c1e-3f2a-4b5c-9d8e-1f2a3b4c5d6e';

describe('the answers a member screen was rendered with', () => {
  it('go under the keys the screens ask them by', () => {
    expect(queryKeyOf(`/api/match/${id}`)).toEqual(matchDetailKey(id));
    expect(queryKeyOf(`/api/messages/${id}`)).toEqual(threadKey(id));
    expect(queryKeyOf(`/api/user/${id}/info`)).toEqual(otherUserInfoKey(id));
    for (const [url, key] of [
      ['/api/auth/user', currentUserKey],
      ['/api/conversations', conversationsKey],
      ['/api/introductions', myIntroductionsKey],
      ['/api/introduction-requests', myRequestsKey],
      ['/api/profile', ownProfileKey],
    ] as const) {
      expect(queryKeyOf(url)).toEqual(key);
    }
    // Every answer a member screen is rendered with has its key here.
    const urls = [...MEMBER_SHELL_ANSWERS, ...['/browse', '/messages', '/introductions', '/profile', `/match/${id}`, `/conversation/${id}`].flatMap((path) => memberPageAt(path)!.answers)];
    for (const url of urls) expect(url === BROWSE_FIRST_PAGE || queryKeyOf(url).join('/') === url, url).toBe(true);
  });

  it('seed /browse as the first page of its infinite query', () => {
    const client = new QueryClient();
    const page = { items: [{ profileId: id }], total: 1 };
    seedInitialQueries(client, { [BROWSE_FIRST_PAGE]: page, '/api/conversations': [] });
    expect(client.getQueryData(matchesKey)).toEqual({ pages: [page], pageParams: [0] });
    expect(client.getQueryData(conversationsKey)).toEqual([]);
  });
});

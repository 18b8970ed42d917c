import { describe, expect, it, vi } from 'vitest';
import { BROWSE_FIRST_PAGE, MEMBER_SHELL_ANSWERS, memberPageAt } from '#domain/site/member-pages';
import { MATCHES_DEFAULT_LIMIT } from '#domain/matching/match-api';
import { currentUserKey } from '#web/lib/query-keys';
import { myIntroductionsKey, myRequestsKey } from '#web/features/introductions/api/introductions';
import { matchDetailKey, fetchMatchesPage } from '#web/features/matches/api/matches';
import { conversationsKey, otherUserInfoKey, threadKey } from '#web/lib/query-keys';
import { ownProfileKey } from '#web/features/profiles/api/own-profile';
import { noticesKey } from '#web/features/safety/api/notices';

// The server preloads these URLs for a member screen (server/web-preload.ts); the browser hands the app a preloaded
// answer only when the app asks for the very same URL, so each must be what the screen's query fetches.
const id = '0b7d4c1e-3f2a-4b5c-9d8e-1f2a3b4c5d6e';
const joined = (key: readonly string[]) => key.join('/');

describe('the answers preloaded for a member screen', () => {
  it('are the URLs the screens fetch first', async () => {
    expect(MEMBER_SHELL_ANSWERS).toEqual([joined(currentUserKey), joined(conversationsKey), joined(noticesKey)]);
    expect(memberPageAt('/introductions')?.answers).toEqual([joined(myIntroductionsKey), joined(myRequestsKey)]);
    expect(memberPageAt('/profile')?.answers).toEqual([joined(ownProfileKey)]);
    expect(memberPageAt(`/match/${id}`)?.answers).toEqual([joined(matchDetailKey(id)), joined(myRequestsKey)]);
    expect(memberPageAt(`/conversation/${id}`)?.answers).toEqual([joined(otherUserInfoKey(id)), joined(threadKey(id))]);
    // The match's person, named by the match's answer: the match page's user-info query.
    const person = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
    const then = memberPageAt(`/match/${id}`)?.then;
    expect(then?.after).toBe(joined(matchDetailKey(id)));
    expect(then?.answer({ compatibility: { userId: person } })).toBe(joined(otherUserInfoKey(person)));
    expect(then?.answer({ compatibility: { userId: '../../admin' } })).toBeUndefined();
    expect(then?.answer(null)).toBeUndefined();

    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('[]'));
    });
    try {
      await fetchMatchesPage(0);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetched).toEqual([BROWSE_FIRST_PAGE]);
    expect(BROWSE_FIRST_PAGE).toContain(`limit=${MATCHES_DEFAULT_LIMIT}&`);
  });

  it('names the screen of each member path, and nothing for an id that is not a UUID', () => {
    expect(memberPageAt('/browse')?.page).toBe('browse-page');
    expect(memberPageAt('/messages')?.page).toBe('messages-page');
    expect(memberPageAt(`/conversation/${id}`)?.page).toBe('conversation-page');
    expect(memberPageAt('/match/"><script>')).toBeUndefined();
    expect(memberPageAt(`/match/${id}/x`)).toBeUndefined();
    expect(memberPageAt('/login')).toBeUndefined();
  });
});

import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Message } from '#domain/messaging/messages';
import type { HiddenMessage } from '#domain/safety/hidden-words';
import { jobs } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, type TestContext } from '#server/test/test-app';

/** Hidden words (issue 50): the member's list, messages kept from her thread into a folder, the sender never told. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const request = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, payload });
const send = (cookie: string, receiverId: string, content: string) => request('POST', '/api/messages', cookie, { receiverId, content });
const setWords = (cookie: string, words: unknown) => request('PUT', '/api/account/hidden-words', cookie, { words });
const thread = async (cookie: string, otherId: string) => (await request('GET', `/api/messages/${otherId}`, cookie)).json<Message[]>();
const conversations = async (cookie: string) => (await request('GET', '/api/conversations', cookie)).json<ConversationSummary[]>();
const folder = async (cookie: string) => (await request('GET', '/api/account/hidden-messages', cookie)).json<HiddenMessage[]>();

interface Exported {
  hiddenWords: string[];
  messages: object[];
}
const exportOf = async (cookie: string) =>
  JSON.parse(strFromU8(unzipSync(new Uint8Array((await request('GET', '/api/account/export', cookie)).rawPayload))['account.json']!)) as Exported;

async function pair() {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Das', dateOfBirth: '1990-02-02' });
  return { woman: woman.account, man: man.account };
}

/** Notice jobs (the new-message mail or its check) queued for this receiver about this sender. */
async function noticesQueued(receiverId: string, senderId: string): Promise<number> {
  const rows = await ctx.database.db.select({ id: jobs.id }).from(jobs).where(sql`${jobs.dedupeKey} like ${`%:${receiverId}:${senderId}`}`);
  return rows.length;
}

describe('the list', () => {
  it('starts empty, is saved trimmed and each word once (case and accents aside), and replaced whole', async () => {
    const { woman } = await pair();
    expect((await request('GET', '/api/account/hidden-words', woman.cookie)).json()).toEqual({ words: [] });
    const saved = await setWords(woman.cookie, ['  sexy ', 'SEXY', 'send me money', 'Cariño', 'carino']);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ words: ['sexy', 'send me money', 'Cariño'] });
    expect((await request('GET', '/api/account/hidden-words', woman.cookie)).json()).toEqual({ words: ['sexy', 'send me money', 'Cariño'] });
    expect((await setWords(woman.cookie, ['babe'])).json()).toEqual({ words: ['babe'] });
    expect((await setWords(woman.cookie, [])).json()).toEqual({ words: [] });
  });

  it('refuses more than 100, a word under 2 or over 40 characters, punctuation alone, and anything but a list, keeping the list saved', async () => {
    const { woman } = await pair();
    await setWords(woman.cookie, ['hot']);
    const cases: [unknown, string, string][] = [
      [Array.from({ length: 101 }, (_, i) => `word${i}`), 'words', 'hiddenWordsTooMany'],
      [['ok', 'x'], 'words.1', 'hiddenWordLength'],
      [['a'.repeat(41)], 'words.0', 'hiddenWordLength'],
      [['!!!'], 'words.0', 'hiddenWordLength'],
      [[7], 'words.0', 'hiddenWordLength'],
      ['sexy', 'words', 'hiddenWordsInvalid'],
    ];
    for (const [words, path, code] of cases) {
      const answer = await setWords(woman.cookie, words);
      expect(answer.statusCode, JSON.stringify(words).slice(0, 40)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path, code })] });
    }
    expect((await request('GET', '/api/account/hidden-words', woman.cookie)).json()).toEqual({ words: ['hot'] });
    expect((await setWords(woman.cookie, Array.from({ length: 100 }, (_, i) => `word${i}`))).statusCode).toBe(200);
    expect((await request('GET', '/api/account/hidden-words', woman.cookie)).json<{ words: string[] }>().words).toHaveLength(100);
  });

  it('needs a session', async () => {
    for (const [method, url] of [['GET', '/api/account/hidden-words'], ['PUT', '/api/account/hidden-words'], ['GET', '/api/account/hidden-messages']] as const) {
      expect((await ctx.app.inject({ method, url, payload: method === 'PUT' ? { words: [] } : undefined })).statusCode).toBe(401);
    }
  });
});

describe('a message holding a hidden word', () => {
  it('is kept from her thread, conversations, unread count and notices, into her folder; the sender sees it sent', async () => {
    const { woman, man } = await pair();
    await setWords(woman.cookie, ['sexy', 'come over tonight']);
    const hidden = await send(man.cookie, woman.id, 'You look SÉXY in that photo');
    // The same answer as any delivered message: nothing tells him.
    expect(hidden.statusCode).toBe(201);
    expect(Object.keys(hidden.json<Message>()).sort()).toEqual(['content', 'createdAt', 'id', 'receiverId', 'senderId', 'system']);
    expect(await thread(man.cookie, woman.id)).toEqual([expect.objectContaining({ id: hidden.json<Message>().id })]);
    expect((await conversations(man.cookie)).map((c) => c.otherUserId)).toEqual([woman.id]);

    expect(await thread(woman.cookie, man.id)).toEqual([]);
    expect(await conversations(woman.cookie)).toEqual([]);
    expect(await noticesQueued(woman.id, man.id)).toBe(0);
    expect(await folder(woman.cookie)).toEqual([
      { id: hidden.json<Message>().id, senderId: man.id, senderName: 'Madhava', content: 'You look SÉXY in that photo', createdAt: hidden.json<Message>().createdAt },
    ]);

    // A message without the words reaches her as always, counted and noticed; the hidden one stays in the folder.
    const kind = await send(man.cookie, woman.id, 'Hare Krishna, how was the festival?');
    expect(kind.statusCode).toBe(201);
    expect(await conversations(woman.cookie)).toEqual([expect.objectContaining({ otherUserId: man.id, unreadCount: 1, lastMessage: expect.objectContaining({ content: 'Hare Krishna, how was the festival?' }) })]);
    expect(await noticesQueued(woman.id, man.id)).toBe(1);
    expect((await thread(woman.cookie, man.id)).map((m) => m.content)).toEqual(['Hare Krishna, how was the festival?']);
    expect(await conversations(woman.cookie)).toEqual([expect.objectContaining({ unreadCount: 0 })]);

    // After a delivered message, a hidden one leaves her conversation's last message and count as they were.
    await send(man.cookie, woman.id, 'Will you come...\nover tonight?');
    expect(await conversations(woman.cookie)).toEqual([expect.objectContaining({ unreadCount: 0, lastMessage: expect.objectContaining({ content: 'Hare Krishna, how was the festival?' }) })]);
    expect((await folder(woman.cookie)).map((m) => m.content)).toEqual(['Will you come...\nover tonight?', 'You look SÉXY in that photo']);
    // His side is whole.
    expect((await thread(man.cookie, woman.id)).map((m) => m.content)).toHaveLength(3);
  });

  it('matches whole words and phrases only, and only the receiver’s list', async () => {
    const { woman, man } = await pair();
    await setWords(woman.cookie, ['ass', 'come over']);
    for (const content of ['I teach a class on the Gita', 'Welcome over here', 'Passing by the temple']) {
      expect((await send(man.cookie, woman.id, content)).statusCode).toBe(201);
    }
    expect(await folder(woman.cookie)).toEqual([]);
    expect(await thread(woman.cookie, man.id)).toHaveLength(3);
    // Her words hide nothing she sends.
    await send(woman.cookie, man.id, 'Come over to the kirtan?');
    expect((await thread(man.cookie, woman.id)).map((m) => m.content)).toContain('Come over to the kirtan?');
    expect(await folder(man.cookie)).toEqual([]);
  });

  it('applies from the moment saved, and leaves out a sender she blocked', async () => {
    const { woman, man } = await pair();
    await send(man.cookie, woman.id, 'Hello dear');
    await setWords(woman.cookie, ['dear']);
    await send(man.cookie, woman.id, 'Good night dear');
    expect((await thread(woman.cookie, man.id)).map((m) => m.content)).toEqual(['Hello dear']);
    expect(await folder(woman.cookie)).toHaveLength(1);
    await request('POST', '/api/blocks', woman.cookie, { userId: man.id });
    expect(await folder(woman.cookie)).toEqual([]);
  });

  it('is in her export as hidden, and in his as a message sent, without the word', async () => {
    const { woman, man } = await pair();
    await setWords(woman.cookie, ['darling']);
    await send(man.cookie, woman.id, 'Hello darling');
    const hers = await exportOf(woman.cookie);
    expect(hers.hiddenWords).toEqual(['darling']);
    expect(hers.messages).toEqual([expect.objectContaining({ content: 'Hello darling', direction: 'received', hidden: true })]);
    const his = await exportOf(man.cookie);
    expect(his.hiddenWords).toEqual([]);
    expect(his.messages).toEqual([expect.not.objectContaining({ hidden: expect.anything() })]);
    expect(his.messages[0]).toMatchObject({ content: 'Hello darling', direction: 'sent' });
  });
});

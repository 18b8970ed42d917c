import { describe, expect, it } from 'vitest';
import { channels, decode } from './channels';

describe('the table of NOTIFY channels', () => {
  it('keeps the wire names processes of the last version listen on', () => {
    expect(Object.values(channels).map((channel) => channel.name)).toEqual([
      'sanga_jobs',
      'sanga_profiles',
      'sanga_blocks',
      'sanga_sessions_ended',
      'sanga_sessions_changed',
      'sanga_messages',
      'sanga_introductions',
      'sanga_chaperones',
    ]);
  });

  it('reads each payload in its wire format: plain text, "blocker blocked", JSON', () => {
    expect(decode('profiles', 'a1b2')).toBe('a1b2');
    expect(decode('blocks', 'u1 u2')).toEqual({ blockerId: 'u1', blockedId: 'u2' });
    expect(decode('sessionsEnded', '{"sids":["s1","s2"]}')).toEqual({ sids: ['s1', 's2'] });
    expect(decode('introductions', '{"id":"i1","status":"introduced","userIds":["a"]}')).toEqual({ id: 'i1', status: 'introduced', userIds: ['a'] });
  });

  it('drops a malformed payload instead of handing it on', () => {
    expect(decode('blocks', 'only-one-id')).toBeUndefined();
    expect(decode('sessionsEnded', 'not json')).toBeUndefined();
    expect(decode('sessionsChanged', '{"sids":"s1"}')).toBeUndefined();
    expect(decode('introductions', '{"id":"i1","status":"no-such-status","userIds":[]}')).toBeUndefined();
    expect(decode('messages', '{"seq":"1","id":"m","senderId":"a","receiverId":"b","createdAt":"x"}')).toBeUndefined();
  });
});

import { test, type Browser } from './fixtures';
import { createPersonThroughApi, uniqueFirstName, type ApiUser } from './helpers';

/**
 * Members made for a spec's introductions (courting with guidance, so a coordinator may propose to them), each test's
 * closed after it. Call once at the top of a spec file: it registers the afterEach that closes them.
 */
export function peopleForIntroductions() {
  let opened: ApiUser[] = [];
  test.afterEach(async () => {
    for (const user of opened) await user.context.close();
    opened = [];
  });
  return async (browser: Browser, gender: 'man' | 'woman', base: string, options: { language?: 'en' | 'es'; location?: string } = {}): Promise<ApiUser> => {
    const user = await createPersonThroughApi(browser, {
      gender,
      firstName: uniqueFirstName(base),
      language: options.language ?? 'en',
      profile: { courtshipAlignment: 'either-with-guidance', ...(options.location ? { exactLocation: options.location } : {}) },
    });
    opened.push(user);
    return user;
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_AGREEMENT_TEXT, REVENUE_SPLIT_AGREEMENT, REVENUE_SPLIT_POLICY_VERSION, type VolunteerProfile } from '#domain/volunteers/volunteer';
import { migrationsFolder } from '#server/db/client';
import { volunteerApplications } from '#server/db/schema';
import { applicationBody, uploadPhoto, validProfileInput } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } });
  adminCookie = sessionCookie(login);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });

async function approve(id: string, approved = true) {
  const response = await call('PATCH', `/api/admin/volunteer-applications/${id}`, adminCookie, { approved });
  expect(response.statusCode).toBe(200);
}

describe('volunteer application', () => {
  it('splits the name and appends offerings and the agreement to the background (spec §7 note)', () => {
    const body = applicationBody();
    expect(body).toMatchObject({ firstName: 'Gopal', lastName: 'Das Sharma', name: 'Gopal Das Sharma' });
    expect(body.background).toContain('Free offerings: Weekly satsang');
    expect(body.background).toContain('Paid services: Astrology consultations');
    expect(body.background).toContain(REVENUE_SPLIT_AGREEMENT);
  });

  it('is linked to the signed-in user (201), and a second submission updates it and returns it to review', async () => {
    const { cookie } = await signUp(ctx.app);
    expect((await call('GET', '/api/volunteer-profile', cookie)).json()).toBeNull();
    const first = await call('POST', '/api/volunteer-application', cookie, applicationBody());
    expect(first.statusCode).toBe(201);
    const created = first.json<VolunteerProfile>();
    expect(created).toMatchObject({ name: 'Gopal Das Sharma', email: 'gopal@example.com', approved: false, photo: null, dateOfBirth: '1975' });

    await approve(created.id);
    expect((await call('GET', '/api/volunteer-profile', cookie)).json<VolunteerProfile>().approved).toBe(true);

    const second = await call('POST', '/api/volunteer-application', cookie, applicationBody({ contribution: 'Marriage mentoring for couples' }));
    expect(second.statusCode).toBe(200);
    expect(second.json<VolunteerProfile>()).toMatchObject({ id: created.id, contribution: 'Marriage mentoring for couples', approved: false });
  });

  it('records the revenue-share agreement as its own fact and keeps the sentence out of the background (issue 13 bug 4)', async () => {
    const { cookie } = await signUp(ctx.app);
    const before = Date.now();
    const created = (await call('POST', '/api/volunteer-application', cookie, applicationBody())).json<VolunteerProfile>();
    expect(created.agreement).toMatchObject({ agreed: true, policyVersion: REVENUE_SPLIT_POLICY_VERSION });
    expect(Date.parse(created.agreement.agreedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(created.background).not.toContain(REVENUE_SPLIT_AGREEMENT);
    expect(created.background).toContain('Twenty years of temple service');
    expect(created.background).toContain('Free offerings: Weekly satsang');

    // The admin sees the same fact; the public Guidance card has neither the fact nor the sentence.
    const adminList = (await call('GET', '/api/admin/volunteer-applications', adminCookie)).json<VolunteerProfile[]>();
    expect(adminList.find((a) => a.id === created.id)?.agreement).toEqual(created.agreement);
    await approve(created.id);
    await call('PATCH', '/api/volunteer-profile', cookie, { photo: await uploadPhoto(ctx.app, cookie) });
    await approve(created.id);
    const card = (await call('GET', '/api/volunteers')).json<Record<string, unknown>[]>().find((v) => v.id === created.id)!;
    expect(card).not.toHaveProperty('agreement');
    expect(JSON.stringify(card)).not.toContain('Partnership agreement');
  });

  it('the migration turns a stored sentence into the fact and strips it from the background', async () => {
    const { cookie, id: userId } = await signUp(ctx.app);
    const { id } = (await call('POST', '/api/volunteer-application', cookie, applicationBody())).json<VolunteerProfile>();
    // The row as it was stored before migration 0007.
    await ctx.database.db.update(volunteerApplications).set({ background: `Twenty years of service.\n\n${FIRST_AGREEMENT_TEXT}`, agreedToRevenueSplit: false, agreedAt: null, agreementPolicyVersion: null }).where(eq(volunteerApplications.id, id));
    const migration = readFileSync(path.join(migrationsFolder, '0007_volunteer_agreement.sql'), 'utf8').split('--> statement-breakpoint');
    await ctx.database.db.execute(sql.raw(migration.at(-1)!));
    const [row] = await ctx.database.db.select().from(volunteerApplications).where(eq(volunteerApplications.userId, userId));
    expect(row).toMatchObject({ background: 'Twenty years of service.', agreedToRevenueSplit: true, agreementPolicyVersion: 1 });
    expect(row!.agreedAt).toEqual(row!.createdAt);
  });

  it.each([
    ['a one-letter name', { name: 'G' }, 'name', 'volunteerNameShort', 'Name must be at least 2 characters'],
    ['an invalid email', { email: 'nope' }, 'email', 'emailInvalid', 'Invalid email address'],
    ['an empty email', { email: ' ' }, 'email', 'emailRequired', 'Email is required'],
    ['a long name', { name: 'G'.repeat(81) }, 'name', 'tooLong80', 'At most 80 characters'],
    ['a short contribution', { contribution: 'Kirtan' }, 'contribution', 'contributionShort', 'Please describe what you offer (at least 10 characters)'],
    ['a short background', { background: 'Temple' }, 'background', 'backgroundShort', 'Please share more about your background (at least 20 characters)'],
    ['no agreement', { agreeToRevenueSplit: false }, 'agreeToRevenueSplit', 'agreementRequired', 'You must agree to the volunteer terms'],
  ])('refuses %s with 400, the field, its code and its text', async (_label, overrides, path, code, message) => {
    const { cookie } = await signUp(ctx.app);
    const response = await call('POST', '/api/volunteer-application', cookie, applicationBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, code, message });
  });

  it('needs a signed-in user', async () => {
    expect((await call('POST', '/api/volunteer-application', undefined, applicationBody())).statusCode).toBe(401);
    expect((await call('GET', '/api/volunteer-profile')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/volunteer-profile', undefined, { photo: '/objects/photos/x.jpg' })).statusCode).toBe(401);
  });
});

describe('volunteer photo and the Guidance list', () => {
  it('lists a volunteer only when approved and with a photo; never the email; the photo is public', async () => {
    const { cookie, id: userId } = await signUp(ctx.app);
    const application = (await call('POST', '/api/volunteer-application', cookie, applicationBody({ name: 'Lakshmi Priya', email: 'lakshmi@example.com' }))).json<VolunteerProfile>();
    const listed = async () => (await call('GET', '/api/volunteers')).json<{ id: string }[]>().some((v) => v.id === application.id);

    expect(await listed()).toBe(false);
    await approve(application.id);
    expect(await listed()).toBe(false); // approved but no photo yet

    const photo = await uploadPhoto(ctx.app, cookie);
    const withPhoto = await call('PATCH', '/api/volunteer-profile', cookie, { photo });
    expect(withPhoto.statusCode).toBe(200);
    expect(withPhoto.json<VolunteerProfile>().photo).toBe(photo);
    // A new photo goes back to review (security review finding 5): not listed until approved again.
    expect(withPhoto.json<VolunteerProfile>().approved).toBe(false);
    expect(await listed()).toBe(false);
    await approve(application.id);
    expect(await listed()).toBe(true);

    const volunteers = (await call('GET', '/api/volunteers')).json<Record<string, unknown>[]>();
    const entry = volunteers.find((v) => v.id === application.id)!;
    expect(Object.keys(entry).sort()).toEqual(['background', 'contribution', 'donationInfo', 'id', 'minimumDonation', 'name', 'photo', 'userId']);
    expect(entry).toMatchObject({ userId, name: 'Lakshmi Priya', photo });
    expect(JSON.stringify(volunteers)).not.toContain('lakshmi@example.com');

    // Volunteer photos are public: a visitor can load it.
    expect((await call('GET', photo)).statusCode).toBe(200);

    await approve(application.id, false);
    expect(await listed()).toBe(false);
  });

  it("refuses another user's photo and answers 404 without an application", async () => {
    const owner = await signUp(ctx.app);
    const ownersPhoto = await uploadPhoto(ctx.app, owner.cookie);
    const { cookie } = await signUp(ctx.app);
    expect((await call('PATCH', '/api/volunteer-profile', cookie, { photo: ownersPhoto })).statusCode).toBe(404);
    await call('POST', '/api/volunteer-application', cookie, applicationBody());
    const foreign = await call('PATCH', '/api/volunteer-profile', cookie, { photo: ownersPhoto });
    expect(foreign.statusCode).toBe(400);
    // The owner's photo did not become public.
    expect((await call('GET', ownersPhoto)).statusCode).toBe(404);
  });

  it('never turns a private profile photo into a public volunteer photo', async () => {
    const { cookie } = await signUp(ctx.app);
    await call('POST', '/api/profile', cookie, validProfileInput());
    const profilePhoto = await uploadPhoto(ctx.app, cookie);
    await call('PATCH', '/api/profile', cookie, { photos: [profilePhoto] });
    await call('POST', '/api/volunteer-application', cookie, applicationBody());
    expect((await call('PATCH', '/api/volunteer-profile', cookie, { photo: profilePhoto })).statusCode).toBe(400);
    expect((await call('GET', profilePhoto)).statusCode).toBe(404);
  });
});

describe('volunteer photos go through review (security review finding 5)', () => {
  it("a never-approved applicant's volunteer photo is not served to visitors or other users, only to the owner and the admin", async () => {
    const { cookie } = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const application = (await call('POST', '/api/volunteer-application', cookie, applicationBody())).json<VolunteerProfile>();
    const photo = await uploadPhoto(ctx.app, cookie);
    expect((await call('PATCH', '/api/volunteer-profile', cookie, { photo })).statusCode).toBe(200);

    expect((await call('GET', photo)).statusCode).toBe(404);
    expect((await call('GET', photo, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', photo, cookie)).statusCode).toBe(200);
    expect((await call('GET', photo, adminCookie)).statusCode).toBe(200);

    await approve(application.id);
    expect((await call('GET', photo)).statusCode).toBe(200);
  });

  it('an approved volunteer who swaps the photo goes back to review; the new photo is not public until approved', async () => {
    const { cookie } = await signUp(ctx.app);
    const application = (await call('POST', '/api/volunteer-application', cookie, applicationBody())).json<VolunteerProfile>();
    const first = await uploadPhoto(ctx.app, cookie);
    await call('PATCH', '/api/volunteer-profile', cookie, { photo: first });
    await approve(application.id);
    expect((await call('GET', first)).statusCode).toBe(200);

    const swapped = await uploadPhoto(ctx.app, cookie);
    const response = await call('PATCH', '/api/volunteer-profile', cookie, { photo: swapped });
    expect(response.statusCode).toBe(200);
    expect(response.json<VolunteerProfile>()).toMatchObject({ photo: swapped, approved: false });
    expect((await call('GET', '/api/volunteers')).json<{ id: string }[]>().some((v) => v.id === application.id)).toBe(false);
    expect((await call('GET', swapped)).statusCode).toBe(404);
    expect((await call('GET', first)).statusCode).toBe(404); // no approved application uses it any more

    await approve(application.id);
    expect((await call('GET', swapped)).statusCode).toBe(200);
  });

  it('setting the same photo again keeps the approval', async () => {
    const { cookie } = await signUp(ctx.app);
    const application = (await call('POST', '/api/volunteer-application', cookie, applicationBody())).json<VolunteerProfile>();
    const photo = await uploadPhoto(ctx.app, cookie);
    await call('PATCH', '/api/volunteer-profile', cookie, { photo });
    await approve(application.id);
    expect((await call('PATCH', '/api/volunteer-profile', cookie, { photo })).json<VolunteerProfile>().approved).toBe(true);
  });
});

describe('concurrent first applications (security review finding 9)', () => {
  it('six simultaneous first applications of one user store one row: one 201, the rest 200', async () => {
    const { cookie, id } = await signUp(ctx.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/volunteer-application', cookie, applicationBody())));
    for (const answer of answers) expect([200, 201]).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(volunteerApplications).where(eq(volunteerApplications.userId, id));
    expect(rows).toHaveLength(1);
  });
});

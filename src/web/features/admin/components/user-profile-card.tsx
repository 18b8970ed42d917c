import { useTranslation } from 'react-i18next';
import { adminProfileStatus, type AdminUserProfile } from '#domain/staff/admin';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { formatDate } from '#web/lib/format-date';
import { Detail } from './admin-section';
import { RoleToggles } from './role-toggles';
import { UnsuspendButton } from './unsuspend-button';
import { ReverifyButton } from './reverify-button';

const statusVariant = { incomplete: 'outline', active: 'success', inactive: 'secondary' } as const;

export function UserProfileCard({ profile }: { profile: AdminUserProfile }) {
  const { t, i18n } = useTranslation();
  const status = adminProfileStatus(profile);
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const gender = profile.gender === 'man' || profile.gender === 'woman' ? t(`admin.userProfiles.genders.${profile.gender}`) : profile.gender;
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">{name}</h3>
        <div className="flex flex-wrap gap-2">
          {/* One status: a suspension outranks active or inactive, which would read as if the profile still showed. */}
          {profile.suspended ? (
            <Badge variant="secondary">{t('safety.admin.suspended')}</Badge>
          ) : (
            <Badge variant={statusVariant[status]}>{t(`admin.userProfiles.status.${status}`)}</Badge>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Detail label={t('admin.userProfiles.email')} value={profile.email} className="col-span-2" />
        <Detail label={t('admin.userProfiles.emailVerified')} value={profile.emailVerified ? t('admin.userProfiles.yes') : t('admin.userProfiles.no')} className="col-span-2" />
        <Detail label={t('admin.userProfiles.gender')} value={gender} />
        <Detail label={t('admin.userProfiles.age')} value={profile.age ?? t('admin.userProfiles.unknown')} />
        <Detail label={t('admin.userProfiles.location')} value={profile.exactLocation} />
        <Detail label={t('admin.userProfiles.community')} value={profile.communityAffiliation} />
        <Detail label={t('admin.userProfiles.photos')} value={String(profile.photos.length)} />
        <Detail label={t('admin.userProfiles.created')} value={formatDate(profile.createdAt, i18n.language)} />
      </dl>
      {profile.suspended ? (
        <div>
          <UnsuspendButton userId={profile.userId} name={name} />
        </div>
      ) : null}
      <div>
        <ReverifyButton userId={profile.userId} name={name} />
      </div>
      <RoleToggles userId={profile.userId} name={name} gender={profile.gender} roles={profile.roles} />
    </Card>
  );
}

import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtherUserInfo } from '#domain/messaging/messages';
import { Badge } from '#web/components/ui/badge';
import { StaffBadges } from '#web/components/person/staff-badges';

/** The photo, or the first letter of the name when there is none or it fails to load. */
function Avatar({ photo, name }: { photo: string | null; name: string | null }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (photo && name && !failed) {
    return (
      <img
        src={photo}
        alt={t('messages.thread.photoAlt', { name })}
        onError={() => setFailed(true)}
        className="size-14 shrink-0 rounded-full border border-stone-200 bg-stone-100 object-cover"
      />
    );
  }
  const initial = name ? Array.from(name.trim())[0]?.toUpperCase() : undefined;
  return (
    <div aria-hidden className="flex size-14 shrink-0 items-center justify-center rounded-full bg-saffron-100 font-serif text-2xl font-bold text-saffron-800">
      {initial ?? <UserRound className="size-7" />}
    </div>
  );
}

/**
 * The thread's header and the page's one h1: photo, name and (for a volunteer) the role; the
 * generic "Conversation" title when the person is unknown (info 404) or has no name.
 */
export function ConversationHeader({ info }: { info: OtherUserInfo | undefined }) {
  const { t } = useTranslation();
  const name = info?.departed ? t('messages.deletedMember') : (info?.name ?? null);
  return (
    <div className="flex items-center gap-4">
      <Avatar key={info?.photo ?? 'none'} photo={info?.photo ?? null} name={name} />
      <div className="min-w-0">
        <h1 className="font-serif text-2xl font-bold break-words text-stone-900 sm:text-3xl">{name ?? t('messages.thread.title')}</h1>
        {info?.isVolunteer ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{t('messages.thread.volunteer')}</Badge>
            {info.volunteerRole ? <p className="min-w-0 text-sm break-words text-stone-700">{info.volunteerRole}</p> : null}
          </div>
        ) : null}
        {info && info.staffRoles.length > 0 ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <StaffBadges roles={info.staffRoles} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '#domain/accounts/account';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { FormAlert } from '#web/components/ui/form-alert';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';
import { needsHomeScreenApp, pushSupported } from '#web/lib/push-subscription';
import { useSavePreferences } from '#web/lib/preferences';
import { Done, SettingsSection } from '#web/components/page/settings-section';
import { useLanguage } from '#web/features/language/components/language-provider';
import { usePushDevices, useRemovePushDevice, useThisDeviceEndpoint, useTurnOffPush, useTurnOnPush } from '../api/push';

/**
 * /settings: notifications on this device (Web Push). Turning them on asks the browser's permission
 * and subscribes this browser; the member's other devices are listed and can be removed (a lost phone); the two
 * switches say what is pushed. A section of its own: the settings page only places it.
 */
export function PushSection({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const devices = usePushDevices();
  const thisDevice = useThisDeviceEndpoint();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const remove = useRemovePushDevice();
  const save = useSavePreferences();
  const supported = pushSupported();
  const subscribedHere = Boolean(thisDevice.data && devices.data?.some((device) => device.endpoint === thisDevice.data));
  const blocked = supported && Notification.permission === 'denied';
  // While a switch is saving, it shows what was asked. Kept in the component's own state, set in the click itself:
  // the mutation's pending state reaches the component a task later, and until then a controlled box would spring
  // back to the saved value (on a slow phone, visibly; Playwright's uncheck() saw it in CI).
  const [asked, setAsked] = useState<Preferences | null>(null);
  const shown = asked ?? preferences;
  const setSwitch = (name: 'pushMessages' | 'pushIntroductions', on: boolean) => {
    const next = { ...shown, [name]: on };
    setAsked(next);
    save.mutate(next, { onSettled: () => setAsked(null) });
  };

  return (
    <SettingsSection id="push" title={t('push.heading')} intro={t('push.intro')}>
      <div className="flex flex-col gap-4">
        {!supported ? (
          <p className="text-sm text-stone-700">{needsHomeScreenApp() ? t('push.homeScreenFirst') : t('push.unsupported')}</p>
        ) : blocked ? (
          <p className="text-sm text-stone-700">{t('push.blocked')}</p>
        ) : subscribedHere ? (
          <Button type="button" variant="secondary" className="self-start" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
            {t('push.turnOff')}
          </Button>
        ) : (
          <Button type="button" className="self-start" onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
            {turnOn.isPending ? t('push.turningOn') : t('push.turnOn')}
          </Button>
        )}
        {turnOn.data === 'denied' ? <FormAlert>{t('push.denied')}</FormAlert> : null}
        {turnOn.data === 'unsupported' ? <FormAlert>{t('push.unsupported')}</FormAlert> : null}
        {turnOn.data === 'unavailable' ? <FormAlert>{t('push.unavailable')}</FormAlert> : null}
        {turnOn.data === 'subscribed' ? <Done>{t('push.on')}</Done> : null}
        <FormAlert>{turnOn.isError ? errorText(t, turnOn.error) : remove.isError ? errorText(t, remove.error) : save.isError ? errorText(t, save.error) : null}</FormAlert>

        {devices.data && devices.data.length > 0 ? (
          <>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium text-stone-900">{t('push.what')}</legend>
              <CheckboxField label={t('push.messages')} checked={shown.pushMessages} disabled={asked !== null} onChange={(event) => setSwitch('pushMessages', event.target.checked)} />
              <CheckboxField
                label={t('push.introductions')}
                checked={shown.pushIntroductions}
                disabled={asked !== null}
                onChange={(event) => setSwitch('pushIntroductions', event.target.checked)}
              />
            </fieldset>
            <h3 className="text-sm font-medium text-stone-900">{t('push.devices')}</h3>
            <ul className="flex flex-col divide-y divide-stone-200">
              {devices.data.map((device) => (
                <li key={device.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-sm text-stone-800">
                    <p className="font-medium break-words">
                      {device.userAgent ?? device.service}
                      {device.endpoint === thisDevice.data ? <span className="ml-2 rounded bg-saffron-100 px-1.5 py-0.5 text-xs text-saffron-800">{t('push.thisDevice')}</span> : null}
                    </p>
                    <p>{t('push.since', { date: formatDate(device.createdAt, language, 'dateTime') })}</p>
                  </div>
                  <Button type="button" variant="secondary" size="sm" className="self-start" onClick={() => remove.mutate(device.id)} disabled={remove.isPending}>
                    {t('push.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </SettingsSection>
  );
}

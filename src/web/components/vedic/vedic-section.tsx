import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadScreenTexts } from '#web/i18n/setup';
import { VedicPanel, type VedicPanelProps } from './vedic-panel';

/**
 * The Vedic compatibility panel where an answer carries `vedic` (both opted in: issue 52): its words are in the
 * lazily loaded screen texts (i18n/screen-texts.ts), fetched here the first time a panel is shown, so the screens
 * that show one (a match, an introduction, the coordinators' and elders' pages) do not all carry them up front.
 */
export function VedicSection(props: VedicPanelProps) {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.exists('vedic.panel.title'));
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadScreenTexts().then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [ready]);
  return ready ? <VedicPanel {...props} /> : null;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { documentTitle, pageTitleKey } from './page-title';

/** Keeps document.title on the current screen's name in the current language (read first by screen readers and tabs). */
export function DocumentTitle() {
  const [path] = useLocation();
  const { t, i18n } = useTranslation();
  const search = useSearch();
  const key = pageTitleKey(path, search);
  const title = documentTitle(t(`common.titles.${key}`), t('common.appName'), key);
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return null;
}

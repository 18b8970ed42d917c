import { Children, isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { AppRoutes } from './app';
import en from '../i18n/en';
import es from '../i18n/es';
import { documentTitle, pageTitleKey } from '#web/features/document-title/components/page-title';

/** The path patterns of the app's router, read from the routes it renders (so a new route is walked too). */
function routerPaths(node: ReactNode): (string | undefined)[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<{ path?: string; children?: ReactNode }>(child)) return [];
    if (child.type === Route) return [child.props.path];
    return routerPaths(child.props.children);
  });
}

/** A path the pattern matches: each parameter filled with an id. */
const samplePath = (pattern: string) => pattern.replace(/:[^/]+/g, '0b7d4c1e-3f2a-4b5c-9d8e-1f2a3b4c5d6e');

describe('the document title', () => {
  const paths = routerPaths(AppRoutes());

  it('is the screen’s own, in English and Spanish, on every route of the router', () => {
    const patterns = paths.filter((path): path is string => path !== undefined);
    expect(patterns.length).toBeGreaterThan(30);
    expect(patterns).toContain('/coordinator/members/:userId');
    const untitled = patterns.filter((pattern) => pageTitleKey(samplePath(pattern)) === 'notFound');
    expect(untitled).toEqual([]);
    for (const pattern of patterns) {
      const key = pageTitleKey(samplePath(pattern));
      expect(en.common.titles[key], `${pattern} in English`).toBeTruthy();
      expect(es.common.titles[key], `${pattern} in Spanish`).toBeTruthy();
    }
  });

  it('says "Page Not Found" only on the router’s fallback route', () => {
    expect(paths.filter((path) => path === undefined)).toHaveLength(1);
    expect(pageTitleKey('/no-such-page')).toBe('notFound');
    expect(pageTitleKey('/coordinator/members')).toBe('notFound');
    expect(documentTitle(es.common.titles.coordinatorMember, 'Sanga', 'coordinatorMember')).toBe('Ficha del miembro · Sanga');
  });
});

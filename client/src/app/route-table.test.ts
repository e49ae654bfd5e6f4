import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYOUT, matchesPattern, pageFor, PAGES, ROUTE_TABLES, routeTableFor } from './route-table';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('route tables', () => {
  it('name only modules and namespaces that exist', () => {
    for (const spec of [LAYOUT, ...Object.values(PAGES)]) {
      expect(existsSync(path.join(src, spec.module)), spec.module).toBe(true);
      for (const ns of spec.namespaces) {
        expect(existsSync(path.join(src, 'locales/en', `${ns}.json`)), ns).toBe(true);
        expect(existsSync(path.join(src, 'locales/es', `${ns}.json`)), ns).toBe(true);
      }
    }
  });

  it('match react-router style patterns', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/login')).toBe(false);
    expect(matchesPattern('/login', '/login/')).toBe(true);
    expect(matchesPattern('/equipment/:status', '/equipment/overdue')).toBe(true);
    expect(matchesPattern('/equipment/:status', '/equipment')).toBe(false);
    expect(matchesPattern('*', '/anything/at/all')).toBe(true);
  });

  it('pick the table from the role and the page from the path, catch-all last', () => {
    expect(routeTableFor(null)).toBe('signedOut');
    expect(routeTableFor('owner')).toBe('manager');
    expect(routeTableFor('manager')).toBe('manager');
    expect(routeTableFor('operator')).toBe('operator');
    expect(routeTableFor('platform_admin')).toBe('platformAdmin');
    expect(routeTableFor('something-else')).toBe('signedOut');
    expect(pageFor('signedOut', '/')).toBe('landing');
    expect(pageFor('signedOut', '/simple-operator')).toBe('operatorLogin');
    expect(pageFor('manager', '/')).toBe('dashboard');
    expect(pageFor('manager', '/nope')).toBe('notFound');
    expect(pageFor('operator', '/simple-operator')).toBe('operatorScreen');
    expect(pageFor('platformAdmin', '/elsewhere')).toBeNull();
    for (const routes of Object.values(ROUTE_TABLES)) {
      const star = routes.findIndex(([p]) => p === '*');
      expect(star === -1 || star === routes.length - 1).toBe(true);
    }
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fillDataUrl, paramsOf } from '@domain/routes';
import {
  LAYOUT,
  matchesPattern,
  pageFor,
  PAGES,
  ROUTE_TABLES,
  routeFor,
  routeTableFor,
} from './route-table';

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

  it("take a path's parameters and put only ids into a first screen's data URLs", () => {
    expect(paramsOf('/machines/:id', '/machines/4f0c-9a/')).toEqual({ id: '4f0c-9a' });
    expect(paramsOf('/machines/:id', '/machines')).toBeNull();
    expect(paramsOf('/a/:x/b/:y', '/a/1/b/2')).toEqual({ x: '1', y: '2' });
    expect(paramsOf('/a/:x/b', '/a/1/c')).toBeNull();
    expect(paramsOf('*', '/anything')).toEqual({});
    expect(routeFor('manager', '/m/abc')).toEqual({ page: 'machine', params: { id: 'abc' } });
    expect(fillDataUrl('/api/equipment/:id/page', { id: 'ab-12_c' })).toBe(
      '/api/equipment/ab-12_c/page',
    );
    expect(fillDataUrl('/api/equipment/:id/history?limit=20', { id: 'x1' })).toBe(
      '/api/equipment/x1/history?limit=20',
    );
    // Anything but an id (an encoded script, a dot segment, a query) is never put into a URL.
    expect(fillDataUrl('/api/equipment/:id/page', { id: '%3Cscript%3E' })).toBeNull();
    expect(fillDataUrl('/api/equipment/:id/page', { id: '..' })).toBeNull();
    expect(fillDataUrl('/api/equipment/:id/page', { id: 'a?b=1' })).toBeNull();
    expect(fillDataUrl('/api/equipment/:id/page', { id: '' })).toBeNull();
    expect(fillDataUrl('/api/equipment/:id/page', {})).toBeNull();
    expect(fillDataUrl('/api/auth/user', {})).toBe('/api/auth/user');
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

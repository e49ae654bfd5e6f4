import { describe, expect, it } from 'vitest';
import { allTimeZones, resolveTimeZone, searchTimeZones, zoneCity } from './time-zones';

describe('time zones by city', () => {
  const zones = allTimeZones();
  it('lists every IANA zone, UTC included', () => {
    expect(zones).toContain('America/Chicago');
    expect(zones).toContain('UTC');
  });
  it('finds cities, accents and spaces as people type them, the exact city first', () => {
    expect(searchTimeZones('Chicago', zones)[0]).toBe('America/Chicago');
    expect(searchTimeZones('new york', zones)).toEqual(['America/New_York']);
    expect(searchTimeZones('são', zones)).toEqual(['Africa/Sao_Tome', 'America/Sao_Paulo']);
    expect(searchTimeZones('madrid', zones)).toEqual(['Europe/Madrid']);
    expect(searchTimeZones('Mexico', zones)).toContain('America/Mexico_City');
    expect(searchTimeZones('', zones)).toEqual([]);
    expect(searchTimeZones('Xyzzy', zones)).toEqual([]);
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
  it('resolves a city to its one zone, a zone name to its spelling, anything else to null', () => {
    expect(resolveTimeZone('Chicago')).toBe('America/Chicago');
    expect(resolveTimeZone(' los angeles ')).toBe('America/Los_Angeles');
    expect(resolveTimeZone('america/chicago')).toBe('America/Chicago');
    expect(resolveTimeZone('UTC')).toBe('UTC');
    expect(resolveTimeZone('Springfield')).toBeNull();
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(resolveTimeZone('')).toBeNull();
  });
});

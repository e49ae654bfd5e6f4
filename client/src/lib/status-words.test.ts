import { STATUS_LABELS, serviceStatuses, slugOfStatus } from '@domain/status';
import { describe, expect, it } from 'vitest';
import dashboardEn from '../locales/en/dashboard.json';
import dashboardEs from '../locales/es/dashboard.json';
import equipmentEn from '../locales/en/equipment.json';
import equipmentEs from '../locales/es/equipment.json';

/**
 * One status vocabulary (docs/decisions/status-words.md): the tiles, the status filter and pages, the
 * badges and the exports name each service status with the same words in each language (the digest's
 * words are checked against the badges by server/src/modules/digest/digest-text.test.ts).
 */
describe('status words', () => {
  const languages = {
    en: { dashboard: dashboardEn, equipment: equipmentEn },
    es: { dashboard: dashboardEs, equipment: equipmentEs },
  };
  for (const [lng, b] of Object.entries(languages))
    it(`are one set in ${lng}`, () => {
      for (const s of serviceStatuses) {
        const badge = b.equipment.status[s];
        const slug = slugOfStatus(s);
        expect([
          b.dashboard.statuses[s],
          b.dashboard.tiles[slug],
          b.equipment.statusPage[slug],
        ]).toEqual([badge, badge, badge]);
        if (lng === 'en') expect(STATUS_LABELS[s]).toBe(badge);
      }
    });
});

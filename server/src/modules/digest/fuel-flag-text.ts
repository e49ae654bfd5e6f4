import type { TFunction } from 'i18next';
import { intlLocale, numberFormat } from '@domain/intl-formats';

/** A machine flagged for fuel against its peers (issue 45), as the digest and the monthly summary tell it. */
export type FuelFlag = {
  equipmentId: string;
  machine: string;
  type: string;
  unit: string;
  /** How far above the median of its peers, in percent (31 = 31 % more fuel per unit of use). */
  percentAbovePeers: number;
};

/**
 * "CAT 320 uses 31% more fuel per hour than your other machinery", in the reader's language: the
 * digest's and the monthly summary's one line.
 */
export function fuelFlagLine(
  t: TFunction,
  language: 'en' | 'es',
  f: Pick<FuelFlag, 'machine' | 'type' | 'unit' | 'percentAbovePeers'>,
): string {
  const percent = numberFormat(intlLocale(language), {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return t('monthly.fuelLine', {
    machine: f.machine,
    type: t(`monthly.types.${f.type}`, { defaultValue: f.type }),
    unit: t(`monthly.unitOne.${f.unit}`, { defaultValue: f.unit }),
    percent: percent.format(f.percentAbovePeers / 100),
  });
}

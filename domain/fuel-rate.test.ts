import { describe, expect, it } from 'vitest';
import { fuelRateOf, peersOf, rateOf, type FuelRateMachine } from './fuel-rate';

const H = 3_600_000;
const at = (h: number) => Date.UTC(2026, 2, 1) + h * H;

describe('a machine’s fuel rate, fill to fill', () => {
  const readings = [
    { at: at(0), usage: 100 },
    { at: at(10), usage: 110 },
    { at: at(20), usage: 120 },
    { at: at(30), usage: 130 },
  ];

  it('leaves out the first fill-up’s fuel and counts partial fills between: 30 gal over 20 h', () => {
    // Full at 100 h; 10 gal (a partial fill) at 110 h; 20 gal at 120 h: 30 gal for 20 h.
    const r = fuelRateOf(
      [
        { at: at(0), gallons: 50 },
        { at: at(10), gallons: 10 },
        { at: at(20), gallons: 20 },
      ],
      readings,
      'hours',
      'gal',
    );
    expect(r).toEqual({ fuelUsed: 80, perUse: 1.5, reason: null });
    expect(rateOf(r.perUse, 'hours', 'gal')).toEqual({ fuelRate: 1.5, rateUnit: 'gal/h' });
    // In litres: 30 gal = 113.56 L over 20 h.
    const l = fuelRateOf(
      [
        { at: at(0), gallons: 50 },
        { at: at(20), gallons: 30 },
      ],
      readings,
      'hours',
      'L',
    );
    expect(l.fuelUsed).toBe(302.83);
    expect(rateOf(l.perUse, 'hours', 'L')).toEqual({ fuelRate: 5.68, rateUnit: 'L/h' });
  });

  it('says why there is no rate: one fill-up, no meter, no usage between', () => {
    expect(fuelRateOf([{ at: at(0), gallons: 20 }], readings, 'hours', 'gal')).toEqual({
      fuelUsed: 20,
      perUse: null,
      reason: 'too_few_fill_ups',
    });
    expect(fuelRateOf([], readings, 'hours', 'gal').reason).toBe('too_few_fill_ups');
    expect(
      fuelRateOf(
        [
          { at: at(0), gallons: 5 },
          { at: at(5), gallons: 5 },
        ],
        [],
        'n/a',
        'gal',
      ).reason,
    ).toBe('no_meter');
    // Both fill-ups at 100 h.
    expect(
      fuelRateOf(
        [
          { at: at(1), gallons: 5 },
          { at: at(2), gallons: 5 },
        ],
        readings,
        'hours',
        'gal',
      ).reason,
    ).toBe('no_usage');
  });

  it('ignores a voided meter rollback in the middle, and takes a reading sent with a fill-up', () => {
    // At 15 h a reading of 11 (a typo for 115) was voided: the fill-up at 16 h is at 110 h, not 11.
    const withTypo = [...readings, { at: at(15), usage: 11, voided: true }];
    const r = fuelRateOf(
      [
        { at: at(16), gallons: 40 },
        { at: at(30), gallons: 30 },
      ],
      withTypo,
      'hours',
      'gal',
    );
    expect(r).toEqual({ fuelUsed: 70, perUse: 1.5, reason: null });
    // The reading sent with the fill-up wins over the last one before it.
    expect(
      fuelRateOf(
        [
          { at: at(16), gallons: 40, usage: 115 },
          { at: at(30), gallons: 30 },
        ],
        withTypo,
        'hours',
        'gal',
      ).perUse,
    ).toBe(2);
  });

  it('reads miles per gallon and km per litre the other way round', () => {
    expect(rateOf(0.05, 'miles', 'gal')).toEqual({ fuelRate: 20, rateUnit: 'mi/gal' });
    expect(rateOf(0.125, 'kilometers', 'L')).toEqual({ fuelRate: 8, rateUnit: 'km/L' });
    expect(rateOf(null, 'n/a', 'gal')).toEqual({ fuelRate: null, rateUnit: null });
  });
});

const m = (
  id: string,
  perUse: number | null,
  type = 'machinery',
  unit = 'hours',
): FuelRateMachine => ({
  equipmentId: id,
  name: id,
  type,
  unit,
  rate: { fuelUsed: 100, perUse, reason: perUse === null ? 'too_few_fill_ups' : null },
});

describe('the peers’ median and the flag', () => {
  it('with one machine of its type: no peers, no flag', () => {
    const [a] = peersOf([m('a', 2), m('truck', 0.05, 'vehicle', 'miles')], 'gal');
    expect(a).toMatchObject({
      peers: 0,
      peerMedian: null,
      percentAbovePeers: null,
      flagged: false,
    });
  });

  it('with two: the other one is the median; 40 % more is flagged, the other is not', () => {
    const [leak, ok] = peersOf([m('leak', 2.8), m('ok', 2)], 'gal');
    expect(leak).toMatchObject({ peers: 1, peerMedian: 2, percentAbovePeers: 40, flagged: true });
    expect(ok).toMatchObject({
      peers: 1,
      peerMedian: 2.8,
      percentAbovePeers: -28.57,
      flagged: false,
    });
  });

  it('with many: the median of the others (even count: the mean of the middle two); 25 % exactly is not flagged', () => {
    const rows = peersOf(
      [m('a', 2), m('b', 2.4), m('c', 1.6), m('d', 3), m('e', 2), m('x', null)],
      'gal',
    );
    const row = (id: string) => rows.find((r) => r.equipmentId === id)!;
    // d against a, b, c, e: 1.6, 2, 2, 2.4 -> 2; 50 % more.
    expect(row('d')).toMatchObject({
      peers: 4,
      peerMedian: 2,
      percentAbovePeers: 50,
      flagged: true,
    });
    // b against 1.6, 2, 2, 3 -> 2: 20 % more.
    expect(row('b')).toMatchObject({ percentAbovePeers: 20, flagged: false });
    // No rate of its own: compared with nobody, but the peers' median is still shown.
    expect(row('x')).toMatchObject({ fuelRate: null, peerMedian: 2, flagged: false });
    const exact = peersOf([m('p', 2.5), m('q', 2)], 'gal');
    expect(exact[0]).toMatchObject({ percentAbovePeers: 25, flagged: false });
  });

  it('gives what comparing each machine with every other one gives, on random fleets of ties, gaps and mixed units', () => {
    // The reference: each machine's peers filtered from the whole fleet and their median taken.
    const naive = (fleet: FuelRateMachine[], x: FuelRateMachine) => {
      const peers = fleet
        .filter(
          (p) =>
            p.equipmentId !== x.equipmentId &&
            p.type === x.type &&
            p.unit === x.unit &&
            p.rate.perUse !== null,
        )
        .map((p) => p.rate.perUse!)
        .sort((a, b) => a - b);
      const mid = Math.floor(peers.length / 2);
      const med =
        peers.length === 0
          ? null
          : peers.length % 2
            ? peers[mid]!
            : (peers[mid - 1]! + peers[mid]!) / 2;
      return { peers: peers.length, med };
    };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const fleet = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, i) =>
        m(
          `m${i}`,
          next() < 0.2 ? null : Math.round(next() * 8) / 2,
          next() < 0.5 ? 'machinery' : 'vehicle',
          next() < 0.8 ? 'hours' : 'miles',
        ),
      );
      const rows = peersOf(fleet, 'gal');
      fleet.forEach((x, i) => {
        const want = naive(fleet, x);
        expect(rows[i]!.peers).toBe(want.peers);
        expect(rows[i]!.peerMedian).toBe(rateOf(want.med, x.unit, 'gal').fuelRate);
      });
    }
  });
});

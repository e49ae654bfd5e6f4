import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MACHINES } from './data';

export type DemoOptions = { fleet: number; ownerPassword: string; operatorPassword: string };

const generatedPassword = () =>
  `Demo-${randomBytes(6).toString('base64url')}-${randomBytes(2).toString('hex')}`;

/** Flags (npm run demo -- --machines 2000 --owner-password ...) and their environment variables. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      machines: { type: 'string' },
      'owner-password': { type: 'string' },
      'operator-password': { type: 'string' },
    },
  });
  const fleet = values.machines === undefined ? MACHINES.length : Number(values.machines);
  if (!Number.isInteger(fleet) || fleet < MACHINES.length || fleet > 10_000)
    throw new Error(`--machines must be a whole number from ${MACHINES.length} to 10000`);
  return {
    fleet,
    ownerPassword: values['owner-password'] || env.DEMO_OWNER_PASSWORD || generatedPassword(),
    operatorPassword:
      values['operator-password'] || env.DEMO_OPERATOR_PASSWORD || generatedPassword(),
  };
}

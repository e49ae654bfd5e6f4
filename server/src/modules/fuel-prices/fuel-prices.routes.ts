import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fuelPriceDtoSchema,
  fuelPriceInputSchema,
  fuelPricesDtoSchema,
  fuelUnitInputSchema,
  volumeUnitSchema,
} from '@domain/schemas/fuel';
import type { Deps } from '../../deps';
import { MANAGERS, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { addFuelPrice, listFuelPrices, setVolumeUnit } from './fuel-prices.service';

const fuelApi = documented('Fuel');

/** The company's fuel prices and volume unit (issue 45). */
export async function fuelPricesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/fuel-prices',
    fuelApi.read(
      MANAGERS,
      "The company's volume unit and its fuel prices per type, newest start first",
      { response: { 200: fuelPricesDtoSchema } },
    ),
    async (req) => listFuelPrices(deps, companyCtx(req)),
  );
  app.post(
    '/api/fuel-prices',
    fuelApi.write(MANAGERS, 'A fuel price per gallon or litre, in force from a day on', {
      body: fuelPriceInputSchema,
      response: { 201: fuelPriceDtoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await addFuelPrice(deps, companyCtx(req), req.body)),
  );
  app.put(
    '/api/fuel-unit',
    // It changes the company row: signed-in sessions read the new unit on their next request.
    fuelApi.people(MANAGERS, 'Count fuel in gallons or litres', {
      body: fuelUnitInputSchema,
      response: { 200: z.object({ volumeUnit: volumeUnitSchema }) },
    }),
    async (req) => setVolumeUnit(deps, companyCtx(req), req.body),
  );
}

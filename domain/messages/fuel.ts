import { registerMessages } from './register';
/** Messages of fuel prices and units (issue 45). */
export const fuelMessages = registerMessages('fuel', {
  priceInvalid: 'Enter a price of 0 or more.',
  costInvalid: 'Enter a cost of 0 or more.',
  unitInvalid: 'The unit must be gal or L.',
  fuelTypeInvalid: 'The fuel type must be gas, gasoline or diesel.',
  fromFuture: 'The start date cannot be after today.',
} as const);

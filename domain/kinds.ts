/**
 * The product's fixed lists that screens show without validating anything (the operator screen's type
 * search and fuel choice). Plain constants, no zod: the schemas in domain/schemas/ build on them.
 */

export const equipmentTypes = ['vehicle', 'machinery', 'tools', 'other'] as const;

/** What an operator can add (spec: gas or diesel). */
export const fuelTypes = ['gas', 'diesel'] as const;
export type OperatorFuelType = (typeof fuelTypes)[number];

/** Equipment fuel type -> the operator form's preselection (gasoline -> gas; n/a -> gas). */
export function defaultFuelType(equipmentFuelType: string | null | undefined): OperatorFuelType {
  return equipmentFuelType === 'diesel' ? 'diesel' : 'gas';
}

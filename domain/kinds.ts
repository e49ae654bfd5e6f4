/**
 * The product's fixed lists that screens show without validating anything (the operator screen's type
 * search and fuel choice). Plain constants, no zod: the schemas in domain/schemas/ build on them.
 */

export const equipmentTypes = ['vehicle', 'machinery', 'tools', 'other'] as const;

/** What an operator can add (spec: gas or diesel). */
export const fuelTypes = ['gas', 'diesel'] as const;
export type OperatorFuelType = (typeof fuelTypes)[number];

/**
 * The words a request may use for the fuel added (issue 41, docs/api.md "One fuel vocabulary"):
 * `gasoline`, the word a machine's fuel type uses, is accepted as `gas` (v1's word, which keeps
 * answering and is what readings store and answer).
 */
export const fuelTypeWords = ['gas', 'gasoline', 'diesel'] as const;
export type FuelTypeWord = (typeof fuelTypeWords)[number];
export const fuelTypeOfWord = (word: FuelTypeWord): OperatorFuelType =>
  word === 'gasoline' ? 'gas' : word;

/** Equipment fuel type -> the operator form's preselection (gasoline -> gas; n/a -> gas). */
export function defaultFuelType(equipmentFuelType: string | null | undefined): OperatorFuelType {
  return equipmentFuelType === 'diesel' ? 'diesel' : 'gas';
}

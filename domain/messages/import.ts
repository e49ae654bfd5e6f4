import { registerMessages } from './register';
/** Messages of the spreadsheet import (issue 17). */
export const importMessages = registerMessages('import', {
  noRows: 'The file has no rows to import.',
  tooManyRows: 'A file can hold at most {{max}} rows. Split it into smaller files.',
  nameColumn: 'Choose the column that holds the name.',
  machineColumn: 'Choose the column that names the machine.',
  duplicateInFile: 'The same machine is already on row {{row}} of the file',
  overLimit:
    'Does not fit your plan (it allows {{limit}} pieces of equipment). Upgrade your plan or import the rest later.',
  hasErrors: {
    one: 'Nothing was imported: {{count}} row has errors or does not fit your plan. Fix it, or import only the valid rows.',
    other:
      'Nothing was imported: {{count}} rows have errors or do not fit your plan. Fix them, or import only the valid rows.',
  },
  nothingToImport: 'There is nothing to import.',
  machineRequired: 'Name the machine (its name or serial number)',
  machineNotFound: 'No active machine of yours has this name or serial number',
  dateRequired: 'Date is required',
  dateFuture: 'The date cannot be in the future',
  kindInvalid: 'Must be "reading" or "service"',
  readingRequired: 'A reading needs a meter reading or fuel',
  readingInvalid: 'The reading must be a number of 0 or more',
  fuelInvalid: 'Fuel must be a number of 0 or more',
  fuelTypeInvalid: 'Fuel type must be gas or diesel',
  costInvalid: 'Cost must be a number of 0 or more',
  belowPrevious: 'Lower than the previous reading ({{current}}): a meter cannot go back',
  aboveLater: "Higher than the machine's usage at a later reading ({{current}})",
  held: 'Held for review: more than the meter can do since the previous reading',
  serviceAbove: "The service reading is above the machine's usage at that date ({{current}})",
  notANumber: '"{{value}}" is not a number',
  typeInvalid: '"{{value}}" is not a type: use vehicle, machinery, tools or other',
  unitInvalid:
    '"{{value}}" is not a unit: use hours, miles, kilometers, or leave it blank for none',
  equipmentFuelTypeInvalid:
    '"{{value}}" is not a fuel type: use gasoline, diesel, or leave it blank',
  intervalUnitInvalid: '"{{value}}" is not an interval unit: use days, months or years',
  unitForUsage: 'Say what the usage counts: add a Unit column (hours, miles or kilometers)',
  typeDefaulted: 'No type in the file: added as Other',
  unitDefaulted: 'No meter in the file: added without usage tracking (N/A)',
  programUnknown: 'No program of yours is named "{{value}}": check its name on the Programs page',
  programNeedsMeter:
    'The program "{{value}}" has tasks by usage, and this machine has no meter (N/A): give it a unit or choose another program',
} as const);

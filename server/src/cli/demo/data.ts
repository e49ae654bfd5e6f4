/** The demo's data: its machines, operators, notes and the models of a generated big fleet. */
export type Machine = {
  name: string;
  type: 'vehicle' | 'machinery' | 'tools' | 'other';
  unit: 'hours' | 'miles' | 'kilometers' | 'n/a';
  fuelType: 'gasoline' | 'diesel' | 'n/a';
  interval: number;
  /** Usage percentage of the service interval at the end of the demo. */
  endPct: number;
  /** Scheduled maintenance: days from today to the next maintenance date. */
  dueInDays?: number;
  serial?: string;
  /**
   * Burns this much more fuel per unit of usage than its type's rate (0.4: 40 % more, a leak the Fuel
   * report and its machine page flag).
   */
  burnsMore?: number;
};

export const MACHINES: Machine[] = [
  {
    name: 'CAT 320 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 35,
  },
  {
    name: 'John Deere 310L Backhoe',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 52,
  },
  {
    name: 'Bobcat S650 Skid Steer',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 200,
    endPct: 18,
  },
  {
    name: 'Ford F-250 Pickup #1',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 44,
  },
  {
    name: 'Ford F-250 Pickup #2',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 66,
  },
  {
    name: 'Kubota KX040 Mini Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 27,
    burnsMore: 0.4,
    dueInDays: 40,
  },
  {
    name: 'Honda EU7000 Generator',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 100,
    endPct: 61,
  },
  {
    name: 'Husqvarna Chainsaw 572',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 50,
    endPct: 12,
  },
  {
    name: 'Isuzu NPR Box Truck',
    type: 'vehicle',
    unit: 'kilometers',
    fuelType: 'diesel',
    interval: 10000,
    endPct: 71,
  },
  {
    name: 'Genie S-65 Boom Lift',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 300,
    endPct: 40,
  },
  {
    name: 'Trailer 16ft Flatbed',
    type: 'other',
    unit: 'n/a',
    fuelType: 'n/a',
    interval: 0,
    endPct: 0,
    dueInDays: 60,
  },
  {
    name: 'Stihl Concrete Saw TS420',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 0,
    endPct: 0,
  },
  // Service soon (80 to below 100 %, or a date within 7 days)
  {
    name: 'Volvo L60H Wheel Loader',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 84,
  },
  {
    name: 'Chevy Silverado 2500',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'gasoline',
    interval: 5000,
    endPct: 91,
  },
  {
    name: 'Wacker Neuson Plate Compactor',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 100,
    endPct: 96,
  },
  {
    name: 'Toro Dingo TX 1000',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 200,
    endPct: 30,
    dueInDays: 5,
  },
  {
    name: 'JCB 3CX Backhoe',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 500,
    endPct: 88,
  },
  // Service due (100 to below 110 %, or a date within a day)
  {
    name: 'Case 580 Super N',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 103,
  },
  {
    name: 'Ram 3500 Dump Truck',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'diesel',
    interval: 6000,
    endPct: 107,
  },
  {
    name: 'Lincoln Ranger Welder',
    type: 'tools',
    unit: 'hours',
    fuelType: 'gasoline',
    interval: 150,
    endPct: 45,
    dueInDays: 1,
  },
  {
    name: 'Takeuchi TB290',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 101,
  },
  // Overdue (110 % and more, or a past date); some severely critical (125 % or 7+ days late)
  {
    name: 'Komatsu PC210 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 116,
  },
  {
    name: 'Mack Granite Water Truck',
    type: 'vehicle',
    unit: 'miles',
    fuelType: 'diesel',
    interval: 6000,
    endPct: 132,
  },
  {
    name: 'Atlas Copco Air Compressor',
    type: 'tools',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 100,
    endPct: 60,
    dueInDays: -9,
  },
  {
    name: 'Hitachi ZX135 Excavator',
    type: 'machinery',
    unit: 'hours',
    fuelType: 'diesel',
    interval: 250,
    endPct: 127,
  },
];

export const OPERATORS = [
  { firstName: 'Maria', lastName: 'Lopez' },
  { firstName: 'James', lastName: 'Carter' },
  { firstName: 'Ana', lastName: 'Torres' },
  { firstName: 'David', lastName: 'Kim' },
];
export const NOTES = [
  'Checked oil and coolant',
  'Greased all fittings',
  'Tire pressure low, topped up',
  'Small hydraulic leak at the boom, watching it',
  'Cleaned the air filter',
  'Running well',
];
export const MANAGER_NOTES = [
  'Ordered new filters',
  'Scheduled the dealer visit',
  'Moved to the north site',
  'Operator reported a rattle, inspected: loose guard fixed',
];

/** Generated machines for a big fleet: names, types and usage spread over every status. */
export const MODELS: {
  name: string;
  type: Machine['type'];
  unit: Machine['unit'];
  fuelType: Machine['fuelType'];
  interval: number;
}[] = [
  { name: 'Excavator', type: 'machinery', unit: 'hours', fuelType: 'diesel', interval: 250 },
  { name: 'Wheel Loader', type: 'machinery', unit: 'hours', fuelType: 'diesel', interval: 250 },
  { name: 'Pickup', type: 'vehicle', unit: 'miles', fuelType: 'gasoline', interval: 5000 },
  { name: 'Dump Truck', type: 'vehicle', unit: 'kilometers', fuelType: 'diesel', interval: 10000 },
  { name: 'Generator', type: 'tools', unit: 'hours', fuelType: 'gasoline', interval: 100 },
  { name: 'Plate Compactor', type: 'tools', unit: 'hours', fuelType: 'gasoline', interval: 100 },
  { name: 'Light Tower', type: 'other', unit: 'hours', fuelType: 'diesel', interval: 200 },
  { name: 'Utility Trailer', type: 'other', unit: 'n/a', fuelType: 'n/a', interval: 0 },
];
export const SITES = ['North', 'South', 'East', 'West', 'Central', 'Harbor', 'Airport', 'Quarry'];

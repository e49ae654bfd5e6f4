import { z } from 'zod';

export const roles = ['owner', 'manager', 'operator', 'technician', 'platform_admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The spec's `employee` role is an alias of `operator`. */
export function normaliseRole(role: string): Role {
  if (role === 'employee') return 'operator';
  const parsed = roleSchema.safeParse(role);
  return parsed.success ? parsed.data : 'operator';
}

export const companyRoles = ['owner', 'manager'] as const;
export const isManagerRole = (r: Role) => r === 'owner' || r === 'manager';

/** Technicians (issue 27): added by an owner or a manager with an email and a password; they work on work orders. */
export const WORKSHOP_ROLES = ['owner', 'manager', 'technician'] as const;
export const isTechnician = (r: Role) => r === 'technician';

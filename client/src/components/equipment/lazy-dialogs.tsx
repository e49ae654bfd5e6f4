import { lazy } from 'react';

/**
 * The equipment dialogs (forms, zod, react-hook-form) as lazy components, declared once: each loads
 * when a screen first opens it (JavaScript budget, ADR 0007). Used by a list row's actions
 * (equipment-actions.tsx), the dashboard, Recent operator updates and the machine page. The void dialog is in lazy-void-dialog.tsx (the Notes & History dialog, lazy here, uses it).
 */
export const UpdateUsageDialog = lazy(() =>
  import('./update-usage-dialog').then((m) => ({ default: m.UpdateUsageDialog })),
);
export const ServiceDialog = lazy(() =>
  import('./service-dialog').then((m) => ({ default: m.ServiceDialog })),
);
export const RemoveEquipmentDialog = lazy(() =>
  import('./remove-equipment-dialog').then((m) => ({ default: m.RemoveEquipmentDialog })),
);
export const NotesHistoryDialog = lazy(() =>
  import('./notes-history-dialog').then((m) => ({ default: m.NotesHistoryDialog })),
);

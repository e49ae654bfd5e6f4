import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A list's export (CSV) button, unavailable while the list is empty. */
export function ExportButton({
  label,
  count,
  onExport,
}: {
  label: string;
  /** How many rows the export would hold. */
  count: number;
  onExport: () => void;
}) {
  return (
    <Button variant="outline" onClick={onExport} disabled={count === 0}>
      <Download aria-hidden /> {label}
    </Button>
  );
}

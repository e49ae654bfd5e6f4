/** One label/value pair of a view-mode card. */
export function DetailRow({
  label,
  value,
  muted = false,
}: {
  label: string;
  value: string;
  muted?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={
          muted ? 'text-sm italic text-muted-foreground' : 'wrap-anywhere text-sm font-medium'
        }
      >
        {value}
      </dd>
    </div>
  );
}

import { allTimeZones, searchTimeZones, zoneCity } from '@domain/time-zones';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

const SHOWN = 8;

/** The time now in a zone ("3:05 PM"), in the reader's language. */
function timeIn(zone: string, lng: string): string {
  try {
    return new Intl.DateTimeFormat(lng === 'es' ? 'es-US' : 'en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date());
  } catch {
    return '';
  }
}

/**
 * A searchable list of the IANA time zones (domain/time-zones.ts): typing a city ("Chicago") lists
 * the zones that match, each with its current time; picking one sets the field to the zone's name.
 * What is typed stays in the field until picked (the form resolves a city named exactly on save).
 */
export function TimeZoneField({
  id,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const zones = useMemo(() => allTimeZones(), []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(
    () => (zones.includes(value) ? [] : searchTimeZones(value, zones, SHOWN)),
    [value, zones],
  );
  const shown = open && matches.length > 0;
  const listId = `${id}-list`;
  const pick = (zone: string) => {
    onChange(zone);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
    }
  };
  return (
    <div className="relative grid gap-1">
      <Input
        id={id}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      {value && zones.includes(value) ? (
        <p className="text-xs text-muted-foreground" data-testid="time-zone-now">
          {t('timeZone.now', { time: timeIn(value, i18n.language) })}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('timeZone.matches')}
        className={cn(
          'absolute left-0 right-0 top-10 z-50 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 shadow-md',
          !shown && 'hidden',
        )}
      >
        {matches.map((zone, i) => (
          <li
            key={zone}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown: picked before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(zone);
            }}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1 text-sm',
              i === active && 'bg-accent text-accent-foreground',
            )}
          >
            <span className="min-w-0">
              <span className="block font-medium">{zoneCity(zone)}</span>
              <span className="block truncate text-xs text-muted-foreground">{zone}</span>
            </span>
            <span className="shrink-0 tabular-nums">{timeIn(zone, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

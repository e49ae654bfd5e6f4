import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import { historyKindList } from '@domain/history-kinds';
import { useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoidEntry } from '@/components/equipment/equipment-queries';
import { OpenVoidDialog } from '@/components/equipment/lazy-void-dialog';
import { NoteForm } from '@/components/equipment/note-form';
import { describeReading, HistoryEntry, voidDone } from '@/components/equipment/history-entry';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { machineHistoryPage, type TimelineKind } from '../api/machine-history';
import { DocumentChips, documentsOfEntry } from '@/components/documents/document-chips';
import { useKnownMachineDocuments } from '@/components/documents/documents-api';
import { useCurrentUser } from '@/lib/auth';
import { TimelineLinks } from './timeline-links';

// A service entry's receipt or invoice (issue 42): the upload dialog, loaded when first opened.
const UploadDialog = lazy(() => import('@/components/documents/upload-dialog'));

/**
 * The machine's timeline: every history entry, newest first, filterable by kind, paged on the server
 * ("Show more" asks for the next page: GET /api/equipment/:id/history?limit&cursor&kind); voided
 * entries struck through with who voided them and why; photos (an operator update's, a failed item's, a
 * reported problem's) as thumbnails that open the photo; a work-order entry links to its order with its
 * cost; a service entry's files (receipts, invoices) as chips, and a manager attaches one to it; a note
 * can be added and a reading voided. The one place the page renders history entries.
 */
export function MachineTimeline({ equipment: e }: { equipment: EquipmentDto }) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const readOnly = e.retiredAt !== null;
  const role = useCurrentUser().user?.role;
  const canAttach = !readOnly && (role === 'owner' || role === 'manager');
  const [attaching, setAttaching] = useState<HistoryRecordDto | null>(null);
  const [kind, setKind] = useState<TimelineKind>('all');
  // How many pages are shown; each page's cursor is the one its previous page answered.
  const [pages, setPages] = useState(1);
  const history = useQuery(machineHistoryPage(e.id, kind));
  const [voiding, setVoiding] = useState<HistoryRecordDto | null>(null);
  const voidEntry = useVoidEntry();

  return (
    <Card role="region" aria-labelledby="timeline-heading">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-2 space-y-0 pb-3">
        <CardTitle id="timeline-heading" className="text-base">
          {t('timeline.title')}
        </CardTitle>
        <div className="grid w-full gap-1 sm:w-56">
          <Label htmlFor="timeline-kind" className="text-xs">
            {t('timeline.kind')}
          </Label>
          <NativeSelect
            id="timeline-kind"
            value={kind}
            onChange={(ev) => {
              setKind(ev.target.value as TimelineKind);
              setPages(1);
            }}
          >
            <option value="all">{t('timeline.allKinds')}</option>
            {historyKindList.map((k) => (
              <option key={k} value={k}>
                {t(`timeline.kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!readOnly ? (
          // The note form fetches the API's schema (and zod) when the field is first used.
          <NoteForm equipment={e} />
        ) : null}
        {history.isLoading ? (
          <p className="text-sm text-muted-foreground">{te('loading')}</p>
        ) : history.isError ? (
          <p className="text-sm text-destructive">{te('notes.loadFailed')}</p>
        ) : !history.data?.entries.length ? (
          <p className="text-sm text-muted-foreground">{te('notes.empty')}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="timeline">
            <TimelinePage
              equipment={e}
              kind={kind}
              left={pages}
              onMore={() => setPages(pages + 1)}
              onVoid={readOnly ? undefined : setVoiding}
              onAttach={canAttach ? setAttaching : undefined}
            />
          </ul>
        )}
      </CardContent>
      {attaching ? (
        <Suspense fallback={null}>
          <UploadDialog
            equipmentIds={[e.id]}
            serviceEntryId={attaching.id}
            open
            onOpenChange={(o) => !o && setAttaching(null)}
          />
        </Suspense>
      ) : null}
      {voiding ? (
        <OpenVoidDialog
          onClose={() => setVoiding(null)}
          what={describeReading(te, voiding, e.unit)}
          service={voiding.kind === 'service'}
          onVoid={async (reason) => {
            await voidEntry.mutateAsync({ equipmentId: e.id, entryId: voiding.id, reason });
            toast(voidDone(te, voiding, e.name));
          }}
        />
      ) : null}
    </Card>
  );
}

/**
 * One page of the timeline's entries and, after them, the next page (while more are shown) or the
 * "Show more" button (while the server says there are more).
 */
function TimelinePage({
  equipment: e,
  kind,
  cursor,
  left,
  onMore,
  onVoid,
  onAttach,
}: {
  equipment: EquipmentDto;
  kind: TimelineKind;
  cursor?: number;
  /** Pages still to show, this one included. */
  left: number;
  onMore: () => void;
  onVoid?: (h: HistoryRecordDto) => void;
  /** Attach a file to a service entry (managers). */
  onAttach?: (h: HistoryRecordDto) => void;
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const page = useQuery(machineHistoryPage(e.id, kind, cursor));
  // The machine's files as the Documents card asked them: a record's receipts on its entry.
  const documents = useKnownMachineDocuments(e.id);
  if (!page.data)
    return page.isError ? null : (
      <li className="p-3 text-sm text-muted-foreground">{te('loading')}</li>
    );
  const next = page.data.nextCursor;
  return (
    <>
      {page.data.entries.map((h) => (
        <HistoryEntry
          key={h.id}
          entry={h}
          unit={e.unit}
          onVoid={onVoid && h.canVoid ? () => onVoid(h) : undefined}
        >
          <TimelineLinks entry={h} />
          <DocumentChips documents={documentsOfEntry(documents, h)} />
          {onAttach && h.kind === 'service' && !h.voided ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => onAttach(h)}
            >
              <Paperclip className="mr-1 h-4 w-4" aria-hidden />
              {t('timeline.attach')}
            </Button>
          ) : null}
        </HistoryEntry>
      ))}
      {next === null ? null : left > 1 ? (
        <TimelinePage
          equipment={e}
          kind={kind}
          cursor={next}
          left={left - 1}
          onMore={onMore}
          onVoid={onVoid}
          onAttach={onAttach}
        />
      ) : (
        <li className="flex justify-center p-2">
          <Button type="button" variant="outline" onClick={onMore}>
            {t('timeline.showMore')}
          </Button>
        </li>
      )}
    </>
  );
}
